"""Castability side by side with phase-python (phase.rs 0.103). Figures: docs/payment.md.

    python benchmarks/phase_side_by_side.py                      # 3 x 150 questions (10, 20, 40 sources)
    python benchmarks/phase_side_by_side.py --questions 400 --repeat 5 --seed 1 --sizes 10,20,40
    python benchmarks/phase_side_by_side.py --check-all          # the brute force on every question too
    # the disagreement run (4,002 questions, each engine once, brute force on all), in 3 processes:
    python benchmarks/phase_side_by_side.py --questions 1334 --answers-only --check-all --shard K/3 --records rK.jsonl
    python benchmarks/phase_side_by_side.py --merge r0.jsonl r1.jsonl r2.jsonl
    # finish an interrupted run: the same arguments plus the records so far (their questions are skipped)
    python benchmarks/phase_side_by_side.py --questions 1334 --answers-only --check-all --resume r0.jsonl r1.jsonl --records r3.jsonl

Both engines get the same question: "can player A cast this spell from their hand now?" on the same board
of real cards from ../shared/carddata/oracle-cards-2025-11-03.json.gz (read once; never copied).

* **Cards.** Mana sources whose whole oracle text is one of a few templates both engines model and the
  checker below reads independently: ``{T}: Add {G}.`` and fixed multi-mana (``{C}{C}``), a choice of
  colours (``{W} or {U}``, ``{W}, {U}, or {B}``), one mana of any colour, pain lands (a colour deals 1
  damage), Signets (``{1}, {T}: Add {W}{U}.``), filter lands (``{R/G}, {T}: Add {R}{R}, {R}{G}, or
  {G}{G}.``), with harmless lines (enters tapped; City of Brass's damage trigger, which resolves after
  the spell is cast); lands, artifacts and creatures, not legendary, legal in Vintage. Spells: every
  nonland card of the normal layout with a mana cost without {X}/{S}, an instant or sorcery without targets but players, no word "cost" in its
  text (alternative, additional and changed costs), no convoke/delve/improvise/affinity/emerge-like
  keyword, not an Aura; a third of the questions draw a spell with hybrid, monocoloured hybrid or
  Phyrexian symbols, and Progenitus, Cruel Ultimatum, Reaper King, Kitchen Finks and Thundering
  Tanadon are always asked on the first boards.
* **Boards.** Seeded: each size (10, 20, 40 sources) draws categories (basics 35%, two/three-colour lands
  25%, any-colour 10%, pain lands 10%, rocks and dorks 10%, filters 10%: at most 4 filters a board, which
  keeps the brute force small); a tenth of the permanents tapped. Creatures are never summoning-sick:
  phase-python's exported state has no field for it (``entered_battlefield_turn`` set to this turn still
  lets it tap the creature), so sickness is not compared.
* **mtgcheck.** The card database loaded once (``load_database``). Timed two ways: *solver* =
  ``total_cost`` + ``find_payment`` on a freshly built ``GameState`` (building it is not timed);
  *ask* = ``mtgcheck.ask`` on the scenario as a dict (scenario reading, state building, the question).
* **phase.** ``card-data.json`` is not needed: the faces are built once with ``phase.build_oracle_face``
  from the same Scryfall records turned into MTGJSON atomic-card fields (name, colours, colour identity,
  mana cost, types, text, mana value). Each board is a started game (both hands kept, passed to player 0's
  precombat main phase) whose exported state is edited: the board's cards onto the battlefield, the spell
  into the hand, everything else into the library. *actions* = ``Game.actions()`` on a freshly loaded game
  (the auto-payer decides whether ``CastSpell`` with ``payment_mode: Auto`` is offered; loading not
  timed); *load+actions* = ``Engine.load_game`` of the state as JSON text plus ``actions()``. For the
  first repetition the offered cast is also applied (``Game.apply``): whether the auto-payer then really
  pays is recorded (a listed cast that fails to pay counts as phase saying "no").
* **Timing.** Per question and engine ``--repeat`` runs (default 5), the two engines interleaved (which
  goes first alternates); per question the median of its runs; per size and in total min / median / max
  of those medians, the sum, and the ratio of the sums (phase ÷ mtgcheck: above 1 means mtgcheck is faster).
* **Disagreements** (and, with ``--check-all``, every question) are decided by ``brute_force_castable``:
  every announcement of hybrid / monocoloured hybrid / Phyrexian symbols (CR 107.4e-f, 601.2b), every
  subset of filter activations with every output choice and every activation order (CR 605.3: a
  filter's input is paid with mana made before it), and for each a min-cost flow (networkx) of the
  plain sources' mana (and earlier filters' outputs) onto the symbols and filter inputs, the cost being
  pain-land damage, which is dealt before the life for Phyrexian symbols is paid (CR 601.2g-h, 119.4).
  It shares no code with mtgcheck's payment search.
"""
from __future__ import annotations

import argparse
import gzip
import itertools
import json
import os
import random
import re
import signal
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
CARDS = Path(os.environ.get("MTGCHECK_SHARED", ROOT.parent / "shared")) / "carddata" / "oracle-cards-2025-11-03.json.gz"
COLORS = "WUBRG"
LIFE = 20

# --------------------------------------------------------------------------- card pools (the checker's own reading)


class Mode(NamedTuple):
    """One mana ability of a source: ``pay`` is None (just {T}), ``"1"`` or a two-colour hybrid such as
    ``"RG"``; ``outputs`` the alternative multisets of mana it adds (strings such as ``"RG"``); ``damage``
    dealt to its controller when it adds coloured mana (pain lands)."""
    pay: str | None
    outputs: tuple[str, ...]
    damage: int


_SYM = r"\{([WUBRGC])\}"
_ADD_FIXED = re.compile(r"^\{T\}: Add ((?:\{[WUBRGC]\})+)\.$")
_ADD_CHOICE = re.compile(r"^\{T\}: Add ((?:\{[WUBRG]\}, )*\{[WUBRG]\},? or \{[WUBRG]\})\.(?: (?:\S.*) deals 1 damage to you\.)?$")
_ADD_ANY = re.compile(r"^\{T\}: Add one mana of any color\.$")
_SIGNET = re.compile(r"^\{1\}, \{T\}: Add ((?:\{[WUBRGC]\})+)\.$")
_FILTER = re.compile(r"^\{([WUBRG])/([WUBRG])\}, \{T\}: Add ((?:\{[WUBRG]\}\{[WUBRG]\}, )+)or (\{[WUBRG]\}\{[WUBRG]\})\.$")
_HARMLESS = [re.compile(p) for p in (r"^(?:This land|\S.*) enters tapped\.$",
                                      r"^Whenever (?:this land|\S.*) becomes tapped, it deals 1 damage to you\.$")]


def source_modes(card: dict) -> list[Mode] | None:
    """The modes of a mana source read from its oracle text, or None when any line is outside the templates."""
    if card.get("layout") != "normal" or "Legendary" in card["type_line"]:
        return None
    if not any(t in card["type_line"] for t in ("Land", "Artifact", "Creature")):
        return None
    if card.get("legalities", {}).get("vintage") not in ("legal", "restricted"):
        return None
    text = card.get("oracle_text", "")
    if not text:
        return None
    modes: list[Mode] = []
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith("(") and line.endswith(")"):
            line = line[1:-1]
        line = line.replace(card["name"], "This")
        if any(p.match(line) for p in _HARMLESS):
            continue
        if m := _ADD_FIXED.match(line):
            modes.append(Mode(None, ("".join(re.findall(_SYM, m.group(1))),), 0))
        elif m := _ADD_CHOICE.match(line):
            modes.append(Mode(None, tuple(re.findall(_SYM, m.group(1))), 1 if "damage" in line else 0))
        elif _ADD_ANY.match(line):
            modes.append(Mode(None, tuple(COLORS), 0))
        elif m := _SIGNET.match(line):
            modes.append(Mode("1", ("".join(re.findall(_SYM, m.group(1))),), 0))
        elif m := _FILTER.match(line):
            outs = ["".join(re.findall(_SYM, o)) for o in re.findall(r"\{[WUBRG]\}\{[WUBRG]\}", m.group(3) + m.group(4))]
            modes.append(Mode(m.group(1) + m.group(2), tuple(outs), 0))
        else:
            return None
    return modes or None


def source_category(modes: list[Mode]) -> str:
    if any(m.pay for m in modes):
        return "filter"
    if any(m.damage for m in modes):
        return "pain"
    outs = {o for m in modes for o in m.outputs}
    if len(modes) == 1 and len(outs) == 5:
        return "any"
    if len(outs) == 1 and len(next(iter(outs))) == 1:
        return "basic"
    if all(len(o) == 1 for o in outs):
        return "multi"
    return "rock"


_COST_SYM = re.compile(r"\{([^}]+)\}")
_BAD_KEYWORDS = {"convoke", "delve", "improvise", "affinity", "emerge", "evoke", "dash", "surge", "spectacle",
                 "prowl", "madness", "miracle", "bestow", "overload", "foretell", "blitz", "plot", "splice",
                 "assist", "undaunted", "offering", "casualty", "escape", "flashback", "retrace", "suspend",
                 "morph", "megamorph", "disguise", "ninjutsu", "craft", "freerunning", "prototype", "sneak",
                 "harmonize", "mayhem", "warp", "web-slinging", "impending", "cleave", "entwine", "squad"}


def spell_symbols(card: dict) -> list[str] | None:
    """The symbols of a spell's mana cost ("W", "3", "W/U", "2/W", "W/P", "C"), or None if not in the pool."""
    if card.get("layout") != "normal" or "Land" in card["type_line"] or not card.get("mana_cost"):
        return None
    text = card.get("oracle_text", "").lower()
    instant_or_sorcery = "Instant" in card["type_line"] or "Sorcery" in card["type_line"]
    if ((instant_or_sorcery and "target" in re.sub(r"target (?:opponent|player)\b", "", text)) or "cost" in text or "rather than" in text or "without paying" in text
            or "cast this spell only" in text or "enchant " in text or "can't be cast" in text
            or "legendary sorcery" in card["type_line"].lower() or "legendary instant" in card["type_line"].lower()):
        return None
    if {k.lower() for k in card.get("keywords", [])} & _BAD_KEYWORDS:
        return None
    if card.get("legalities", {}).get("vintage") not in ("legal", "restricted"):
        return None
    out = []
    for s in _COST_SYM.findall(card["mana_cost"]):
        if s.isdigit():
            out.append(s)
        elif s in COLORS or s == "C":
            out.append(s)
        elif re.fullmatch(r"[WUBRG]/[WUBRG]|2/[WUBRG]|[WUBRG]/P", s):
            out.append(s)
        else:
            return None  # X, S, hybrid Phyrexian, ...
    return out


# --------------------------------------------------------------------------- the independent brute force


def announcements(symbols: list[str]) -> set[tuple[tuple[int, ...], int, int, int]]:
    """Every nonhybrid equivalent of a cost (CR 601.2b, 107.4e-f): (colour counts W,U,B,R,G, {C}, generic, life)."""
    choices: list[list[tuple[str, int]]] = []  # (colour or "" , generic) ... encoded below
    fixed = Counter()
    generic = 0
    for s in symbols:
        if s.isdigit():
            generic += int(s)
        elif len(s) == 1:
            fixed[s] += 1
        elif s.endswith("/P"):
            choices.append([(s[0], 0), ("life", 0)])
        elif s.startswith("2/"):
            choices.append([(s[2], 0), ("", 2)])
        else:
            choices.append([(s[0], 0), (s[2], 0)])
    out = set()
    for combo in itertools.product(*choices):
        col = Counter(fixed)
        g, life = generic, 0
        for what, gen in combo:
            if what == "life":
                life += 2
            elif what:
                col[what] += 1
            g += gen
        out.add((tuple(col[c] for c in COLORS), col["C"], g, life))
    return out


def _flow_ok(plain: list[tuple[tuple[tuple[str, int], ...], int]], fixed_units: Counter, filters: list[tuple[str, str]],
             demand: tuple[tuple[int, ...], int, int, int], ordered: bool) -> bool:
    """Can the plain sources, the fixed units and the filter activations (in this order; ``ordered`` False
    lets any other filter's output pay an input) pay ``demand`` plus every filter's input, with the pain
    damage leaving enough life for the Phyrexian life? A min-cost flow (networkx)."""
    import networkx as nx

    colors, c_need, g_need, life = demand
    g = nx.DiGraph()
    need = 0
    for i, c in enumerate(COLORS):
        if colors[i]:
            g.add_edge(f"d{c}", "T", capacity=colors[i], weight=0)
            need += colors[i]
    if c_need:
        g.add_edge("dC", "T", capacity=c_need, weight=0)
        need += c_need
    if g_need:
        g.add_edge("dg", "T", capacity=g_need, weight=0)
        need += g_need
    for j, (pay, _out) in enumerate(filters):
        g.add_edge(f"in{j}", "T", capacity=1, weight=0)
        need += 1

    def pays(unit: str, node_from: str, weight: int, producer: int | None) -> None:
        """Edges from ``node_from`` (mana of type ``unit``) to every demand it can pay."""
        if unit in COLORS and colors[COLORS.index(unit)]:
            g.add_edge(node_from, f"d{unit}", capacity=need, weight=weight)
        if unit == "C" and c_need:
            g.add_edge(node_from, "dC", capacity=need, weight=weight)
        if g_need:
            g.add_edge(node_from, "dg", capacity=need, weight=weight)
        for j, (pay, _out) in enumerate(filters):
            if producer is not None and (producer == j or (ordered and producer > j)):
                continue
            if pay == "1" or unit in pay:
                g.add_edge(node_from, f"in{j}", capacity=need, weight=weight)

    for k, (outs, count) in enumerate(plain):
        node = f"p{k}"
        g.add_edge("S", node, capacity=count, weight=0)
        for o, damage in outs:
            unit_node = f"p{k}{o}"
            g.add_edge(node, unit_node, capacity=count, weight=damage)
            pays(o, unit_node, 0, None)
    for u, n in fixed_units.items():
        g.add_edge("S", f"f{u}", capacity=n, weight=0)
        pays(u, f"f{u}", 0, None)
    for j, (_pay, out) in enumerate(filters):
        for u, n in Counter(out).items():
            g.add_edge("S", f"o{j}{u}", capacity=n, weight=0)
            pays(u, f"o{j}{u}", 0, j)
    if need == 0:
        return True
    if "S" not in g:
        return False
    flow = nx.max_flow_min_cost(g, "S", "T")
    got = sum(flow["S"].values())
    if got < need:
        return False
    if life == 0:
        return True
    return LIFE - nx.cost_of_flow(g, flow) >= life


def brute_force_castable(board: list[tuple[str, bool]], modes: dict[str, list[Mode]], symbols: list[str]) -> bool:
    """Whether the untapped sources of ``board`` ((name, tapped) pairs) can pay ``symbols``: every
    announcement, every choice for each filter source (unused, a plain mode, or its filter mode with each
    output), every order of the filter activations; the plain sources by a min-cost flow. Identical
    sources are grouped (same modes: interchangeable). Exhaustive; exponential in the filters only."""
    plain_groups: Counter[tuple[tuple[str, int], ...]] = Counter()
    fixed_units: Counter = Counter()
    filter_sources: list[list[Mode]] = []
    for name, tapped in board:
        if tapped:
            continue
        ms = modes[name]
        if any(m.pay for m in ms) or any(len(o) > 1 for m in ms for o in m.outputs) and len(ms) > 1:
            filter_sources.append(ms)
        elif len(ms) == 1 and len(ms[0].outputs) == 1:
            fixed_units.update(ms[0].outputs[0])
        else:
            # single-unit modes: one node choosing one unit, each unit with its least damage
            outs: dict[str, int] = {}
            for m in ms:
                for o in m.outputs:
                    outs[o] = min(outs.get(o, 99), m.damage)
            plain_groups[tuple(sorted(outs.items()))] += 1
    plain = sorted(plain_groups.items())
    options_per_filter = []
    for ms in filter_sources:
        opts: list[tuple[str, Any]] = [("unused", None)]
        for m in ms:
            for o in m.outputs:
                opts.append(("filter", (m.pay, o)) if m.pay else ("fixed", o))
        options_per_filter.append(opts)
    for demand in announcements(symbols):
        for combo in itertools.product(*options_per_filter):
            extra = Counter(fixed_units)
            acts = []
            for kind, val in combo:
                if kind == "fixed":
                    extra.update(val)
                elif kind == "filter":
                    acts.append(val)
            supply = sum(extra.values()) + sum(n for _m, n in plain) + sum(len(o) for _p, o in acts)
            if supply < sum(demand[0]) + demand[1] + demand[2] + len(acts):
                continue
            if not _flow_ok(plain, extra, acts, demand, ordered=False):
                continue
            for order in set(itertools.permutations(acts)):
                if _flow_ok(plain, extra, list(order), demand, ordered=True):
                    return True
    return False


# --------------------------------------------------------------------------- phase-python


def atomic_fields(card: dict) -> dict:
    """A Scryfall record as the MTGJSON atomic-card fields ``phase.build_oracle_face`` reads."""
    left, _, right = card["type_line"].partition(" — ")
    words = left.split()
    supers = {"Basic", "Legendary", "Snow", "World", "Ongoing"}
    d = {"name": card["name"], "colors": card.get("colors", []), "colorIdentity": card.get("color_identity", []),
         "types": [w for w in words if w not in supers], "subtypes": right.split() if right else [],
         "supertypes": [w for w in words if w in supers], "text": card.get("oracle_text", ""), "layout": "normal",
         "manaValue": float(card.get("cmc", 0)), "keywords": card.get("keywords", []),
         "identifiers": {"scryfallOracleId": card["oracle_id"]}, "type": card["type_line"]}
    if card.get("mana_cost"):
        d["manaCost"] = card["mana_cost"]
    for k in ("power", "toughness", "loyalty"):
        if k in card:
            d[k] = card[k]
    return d


_PHASE_COLOR = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}


def phase_reading(face: dict) -> set[tuple[str | None, str, int]] | None:
    """(input, output, damage) of every mana ability of a phase face, None for anything else."""
    out: set[tuple[str | None, str, int]] = set()
    for ab in face["abilities"]:
        if not ab.get("is_mana_ability"):
            return None
        eff = ab["effect"]
        if eff.get("type") != "Mana":
            return None
        prod = eff["produced"]
        if prod["type"] == "Fixed":
            outs = ["".join(_PHASE_COLOR[c] for c in prod["colors"])]
        elif prod["type"] == "AnyOneColor" and prod["count"] == {"type": "Fixed", "value": 1}:
            outs = [_PHASE_COLOR[c] for c in prod["color_options"]]
        elif prod["type"] == "Colorless" and prod["count"]["type"] == "Fixed":
            outs = ["C" * prod["count"]["value"]]
        elif prod["type"] == "ChoiceAmongCombinations":
            outs = ["".join(_PHASE_COLOR[c] for c in o) for o in prod["options"]]
        else:
            return None
        cost = ab["cost"]
        pay: str | None = None
        if cost.get("type") == "Composite":
            mana = [c for c in cost["costs"] if c.get("type") == "Mana"]
            if len(mana) != 1 or len(cost["costs"]) != 2 or not any(c.get("type") == "Tap" for c in cost["costs"]):
                return None
            m = mana[0]["cost"]
            if m.get("generic") == 1 and not m.get("shards"):
                pay = "1"
            elif m.get("generic") == 0 and len(m.get("shards", [])) == 1:
                pay = "".join(_PHASE_COLOR[w] for w in re.findall(r"White|Blue|Black|Red|Green", m["shards"][0]))
            else:
                return None
        elif cost.get("type") != "Tap":
            return None
        sub = ab.get("sub_ability")
        damage = 0
        if sub is not None:
            if sub.get("effect", {}).get("type") != "DealDamage" or sub["effect"].get("target") != {"type": "Controller"}:
                return None
            damage = sub["effect"]["amount"].get("value", 0)
        out |= {(pay, o, damage) for o in outs}
    return out


def our_reading(modes: list[Mode]) -> set[tuple[str | None, str, int]]:
    return {(m.pay, o, m.damage) for m in modes for o in m.outputs}


class Phase:
    """phase-python driven through exported game states."""

    def __init__(self, cards: list[dict]):
        import phase

        self.phase = phase
        faces = {c["name"].lower(): phase.build_oracle_face(atomic_fields(c), c["oracle_id"]) for c in cards}
        self.engine = phase.Engine.from_json(json.dumps(faces))

    def state(self, board: list[tuple[str, bool]], spell: str) -> str:
        """JSON text of a game in player 0's first precombat main phase with ``board`` on player 0's
        battlefield ((name, tapped) pairs), ``spell`` the only card in hand, nothing else in play."""
        names = [n for n, _t in board]
        deck = names + [spell] + ["Island"] * max(0, 60 - len(names) - 1)
        g = self.engine.new_game(deck, ["Island"] * 60, seed=1, first_player=0)
        g.apply(0, g.actions()[0])
        g.apply(1, g.actions()[0])
        while g.phase != "PreCombatMain":
            w = g.waiting_for()
            g.apply(w["data"]["player"], next(a for a in g.actions() if a.kind == "PassPriority"))
        st = g.state()
        s = st["state"]
        p = s["players"][0]
        objects = s["objects"]
        pool = p["hand"] + p["library"]
        used: set[int] = set()

        def take(name: str) -> int:
            for i in pool:
                if i not in used and objects[str(i)]["name"] == name:
                    used.add(i)
                    return i
            raise KeyError(name)

        on_bf = []
        for name, tapped in board:
            i = take(name)
            o = objects[str(i)]
            o["zone"] = "Battlefield"
            o["tapped"] = tapped
            o["entered_battlefield_turn"] = 0
            on_bf.append(i)
        sp = take(spell)
        objects[str(sp)]["zone"] = "Hand"
        p["hand"] = [sp]
        p["library"] = [i for i in pool if i not in used]
        for i in p["library"]:
            objects[str(i)]["zone"] = "Library"
        s["battlefield"] = s["battlefield"] + on_bf
        return json.dumps(st)

    def load(self, state: str):
        return self.engine.load_game(state)

    @staticmethod
    def listed(game) -> bool:
        return any(a.kind == "CastSpell" for a in game.actions())

    def pays(self, state: str) -> bool | None:
        """Apply the offered cast: True when the spell reaches the stack, False when the offered cast fails,
        None when no cast is offered."""
        return self.pays_game(self.engine.load_game(state))

    @staticmethod
    def pays_game(g) -> bool | None:
        """``pays`` on a game already loaded (it is changed)."""
        cast = [a for a in g.actions() if a.kind == "CastSpell"]
        if not cast:
            return None
        try:
            g.apply(0, cast[0])
        except Exception:
            return False
        return bool(g.stack())


# --------------------------------------------------------------------------- mtgcheck


class Mtgcheck:
    def __init__(self, path: Path):
        from mtgcheck.models.data.database import load_database

        self.db = load_database(path)
        self.unsupported: Counter[str] = Counter()

    def scenario(self, board: list[tuple[str, bool]], spell: str) -> dict:
        bf = [{"card": n, "tapped": True} if t else n for n, t in board]
        return {"players": ["Alice", "Bob"], "battlefield": {"Alice": bf}, "hand": {"Alice": [spell]},
                "ask": {"cast": {"card": spell, "player": "Alice"}}}

    def ask(self, sc: dict) -> bool | None:
        import mtgcheck

        a = mtgcheck.ask(sc, cards=self.db)
        if a.verdict == "unsupported" or "castable" not in (a.values or {}):  # an error answer counts as no answer
            msg = a.to_dict().get("message") or ""
            for part in msg.split(": ", 1)[-1].split("; "):
                self.unsupported[part[:120]] += 1
            return None
        return bool(a.values["castable"])

    def state(self, board: list[tuple[str, bool]], spell: str):
        from mtgcheck.models.game.state import CardInstance, GameState, Permanent

        s = GameState(players=["Alice", "Bob"], active="Alice")
        for i, (n, t) in enumerate(board):
            s.battlefield.append(Permanent(id=f"p{i}", card=self.db.get(n), controller="Alice", owner="Alice", tapped=t))
        card = self.db.get(spell)
        s.zones["hand"]["Alice"].append(CardInstance("h0", card, "Alice"))
        return s, card

    @staticmethod
    def solve(s, card) -> bool:
        from mtgcheck.solver.rules.costs import total_cost
        from mtgcheck.solver.rules.payment import find_payment

        tc = total_cost(s, "Alice", card, zone="hand")
        return find_payment(s, "Alice", tc, spell_card=card) is not None


# --------------------------------------------------------------------------- the run

WEIGHTS = {"basic": 35, "multi": 25, "any": 10, "pain": 10, "rock": 10, "filter": 10}
SPECIAL = ["Progenitus", "Cruel Ultimatum", "Reaper King", "Kitchen Finks", "Thundering Tanadon"]


def make_questions(rng: random.Random, sizes: list[int], per_size: int, by_cat: dict[str, list[str]],
                   spells: list[str], half_spells: list[str]) -> list[tuple[int, list[tuple[str, bool]], str]]:
    cats = list(WEIGHTS)
    out = []
    for n in sizes:
        for q in range(per_size):
            board: list[tuple[str, bool]] = []
            filters = 0
            while len(board) < n:
                cat = rng.choices(cats, [WEIGHTS[c] for c in cats])[0]
                if cat == "filter" and filters >= 4:
                    continue
                filters += cat == "filter"
                board.append((rng.choice(by_cat[cat]), rng.random() < 0.1))
            if q < len(SPECIAL):
                spell = SPECIAL[q]
            elif rng.random() < 1 / 3:
                spell = rng.choice(half_spells)
            else:
                spell = rng.choice(spells)
            out.append((n, board, spell))
    return out


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout


def limited(fn, seconds: float):
    """``fn()``, or ``"timeout"`` when it runs longer than ``seconds`` (SIGALRM; the main thread only)."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    except Timeout:
        return "timeout"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def summary(label: str, ms: list[float]) -> str:
    return (f"{label}: min {min(ms):.2f} / median {statistics.median(ms):.2f} / max {max(ms):.2f} ms, "
            f"sum {sum(ms):.0f} ms")


def done_questions(paths: list[str]) -> dict[int, tuple[int, list, str]]:
    """The questions already answered in ``--records`` files: index -> (size, board, spell), for ``--resume``.
    A question mtgcheck was stopped on (``"timeout"``) is not done: it is asked again."""
    done: dict[int, tuple[int, list, str]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    if r["mtgcheck"] != "timeout":
                        done.setdefault(r["q"], (r["size"], r["board"], r["spell"]))
    return done


def merge_records(paths: list[str], show: int = 10) -> None:
    """Add up the ``--records`` files of a run made of several processes (``--shard``, ``--reverse``): each
    question counted once (by its index; an answered record wins over one where mtgcheck was stopped, e.g. by a
    later ``--resume``), how many each engine gets wrong against the brute force, by size."""
    seen: dict[int, dict] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    if r["q"] not in seen or (seen[r["q"]]["mtgcheck"] == "timeout" and r["mtgcheck"] != "timeout"):
                        seen[r["q"]] = r
    rows = [seen[q] for q in sorted(seen)]
    print(f"{len(rows)} distinct questions from {len(paths)} files (indices {rows[0]['q'] if rows else '-'}.."
          f"{rows[-1]['q'] if rows else '-'}, {max(seen) + 1 - len(rows) if rows else 0} missing in that range)")
    for label, sel in [(f"{n} sources", [r for r in rows if r["size"] == n]) for n in sorted({r["size"] for r in rows})] \
            + [("all", rows)]:
        judged = [r for r in sel if r["brute_force"] is not None]
        print(f"-- {label}: {len(sel)} questions, brute force on {len(judged)}, castable by it "
              f"{sum(1 for r in judged if r['brute_force'])}; mtgcheck stopped {sum(1 for r in sel if r['mtgcheck'] == 'timeout')}, "
              f"wrong {sum(1 for r in judged if r['mtgcheck'] != r['brute_force'])}; phase wrong "
              f"{sum(1 for r in judged if r['phase'] != r['brute_force'])} (said yes wrongly "
              f"{sum(1 for r in judged if r['phase'] and not r['brute_force'])}, no wrongly "
              f"{sum(1 for r in judged if not r['phase'] and r['brute_force'])}); phase offered a cast it then failed "
              f"to pay on {sum(1 for r in sel if r['phase_listed'] and r['phase_paid'] is False)}; engines disagree on "
              f"{sum(1 for r in sel if r['mtgcheck'] != r['phase'])}")
    wrong = [r for r in rows if r["brute_force"] is not None and r["phase"] != r["brute_force"]]
    if wrong:
        print("phase wrong (first ones):")
    for r in wrong[:show]:
        untapped = Counter(name for name, t in r["board"] if not t)
        print(f"  q{r['q']} {r['spell']} on {r['size']} sources: phase {r['phase']} (listed {r['phase_listed']}, paid "
              f"{r['phase_paid']}), brute force {r['brute_force']}, mtgcheck {r['mtgcheck']}. Untapped: {dict(untapped)}")
    ours = [r for r in rows if r["brute_force"] is not None and r["mtgcheck"] != r["brute_force"]]
    for r in ours[:show]:
        print(f"  mtgcheck wrong: q{r['q']} {r['spell']} on {r['size']} sources: mtgcheck {r['mtgcheck']}, "
              f"brute force {r['brute_force']}")


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--merge":
        merge_records(sys.argv[2:])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=150, help="questions per board size")
    ap.add_argument("--sizes", default="10,20,40")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--cards", default=str(CARDS))
    ap.add_argument("--check-all", action="store_true", help="run the brute force on every question")
    ap.add_argument("--show", type=int, default=10, help="disagreements printed in full")
    ap.add_argument("--budget", type=float, default=10.0, help="seconds before an mtgcheck question is stopped")
    ap.add_argument("--progress", action="store_true", help="print each question")
    ap.add_argument("--profile", default=None, help="only profile mtgcheck's payment path (cProfile) into this file")
    ap.add_argument("--slow-file", default=None, help="write the stopped questions (JSON) here")
    ap.add_argument("--answers-only", action="store_true",
                    help="the disagreement run: each engine once per question (mtgcheck's payment search; phase's "
                         "load_game, actions and the offered cast applied to that same game), no ask and no "
                         "load+actions timing; with --check-all every question gets the brute force")
    ap.add_argument("--shard", default="0/1", help="K/N: only the questions whose index is K modulo N (run N "
                    "processes with K = 0..N-1 and add their counts; the questions are the same in each)")
    ap.add_argument("--reverse", action="store_true", help="ask the (shard's) questions last first: a second "
                    "process can work through a shard from its end (the records say which question is which)")
    ap.add_argument("--records", default=None, help="write one JSON line per question here (answers, brute force, ms)")
    ap.add_argument("--resume", nargs="+", default=None, metavar="RECORDS",
                    help="skip the questions already in these --records files (by index; each skipped question's "
                         "board and spell must equal the record's, else the pool differs and the run stops)")
    args = ap.parse_args()
    import subprocess

    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, commit {commit}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, python {sys.version.split()[0]}")
    try:
        import phase  # noqa: F401
        from importlib.metadata import version
        print(f"phase-python {version('phase-python')}")
    except ImportError:
        sys.exit("phase-python is not installed: python3 -m pip install phase-python==0.103.0")

    t0 = time.perf_counter()
    with gzip.open(args.cards, "rt", encoding="utf-8") as f:
        records = json.load(f)
    by_name = {c["name"]: c for c in records}
    modes: dict[str, list[Mode]] = {}
    by_cat: dict[str, list[str]] = {c: [] for c in WEIGHTS}
    for c in records:
        m = source_modes(c)
        if m is not None:
            modes[c["name"]] = m
            by_cat[source_category(m)].append(c["name"])
    symbols = {c["name"]: s for c in records if (s := spell_symbols(c)) is not None}
    mtg = Mtgcheck(Path(args.cards))
    # both engines must model every source: mtgcheck answers could_produce for it; phase has mana abilities
    import mtgcheck
    ph_probe = Phase([by_name[n] for n in modes] + [by_name["Island"]])
    dropped = []
    for name in list(modes):
        a = mtgcheck.ask({"players": ["Alice"], "battlefield": {"Alice": [name]}, "ask": {"could_produce": name}}, cards=mtg.db)
        face = ph_probe.phase.build_oracle_face(atomic_fields(by_name[name]), None)
        face_ok = phase_reading(face) == our_reading(modes[name]) and not face["static_abilities"]
        if a.verdict == "unsupported" or not face_ok:
            dropped.append((name, "mtgcheck unsupported" if a.verdict == "unsupported" else "phase reads it differently"))
            del modes[name]
    by_cat = {c: [] for c in WEIGHTS}
    for name, m in modes.items():
        by_cat[source_category(m)].append(name)
    for special in SPECIAL:
        assert special in symbols, special
    spells = sorted(symbols)
    half = [n for n in spells if any("/" in s for s in symbols[n])]
    print(f"pool: {len(modes)} sources ({', '.join(f'{c} {len(v)}' for c, v in by_cat.items())}; dropped {len(dropped)}: "
          f"{', '.join(f'{n} ({why})' for n, why in dropped[:8])}{' ...' if len(dropped) > 8 else ''}), "
          f"{len(spells)} spells ({len(half)} with hybrid/Phyrexian symbols); read in {time.perf_counter() - t0:.1f} s")

    rng = random.Random(args.seed)
    sizes = [int(x) for x in args.sizes.split(",")]
    questions = make_questions(rng, sizes, args.questions, by_cat, spells, half)
    shard_k, shard_n = (int(x) for x in args.shard.split("/"))
    qindex = [i for i in range(len(questions)) if i % shard_n == shard_k]  # each question's index in the run
    questions = [questions[i] for i in qindex]
    if args.resume:
        done = done_questions(args.resume)
        keep = [j for j, i in enumerate(qindex) if i not in done]
        for j, i in enumerate(qindex):
            if i in done and done[i] != (questions[j][0], [list(x) for x in questions[j][1]], questions[j][2]):
                sys.exit(f"--resume: question {i} in the records is not this run's question {i} (different pool, "
                         f"seed or --questions): not resumed")
        print(f"resume: {len(qindex) - len(keep)} questions already in {', '.join(args.resume)}; {len(keep)} left")
        questions, qindex = [questions[j] for j in keep], [qindex[j] for j in keep]
    if args.reverse:
        questions, qindex = questions[::-1], qindex[::-1]
    if shard_n > 1 or args.reverse:
        print(f"shard {shard_k}/{shard_n}{' (last first)' if args.reverse else ''}: {len(questions)} questions")
    slow: list[dict] = []
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        for n, board, spell in questions:
            s, card = mtg.state(board, spell)
            t = time.perf_counter()
            prof.enable()
            got = limited(lambda: mtg.solve(s, card), args.budget)
            prof.disable()
            dt = time.perf_counter() - t
            print(f"  {n} sources {spell}: {got} {1000 * dt:.1f} ms", flush=True)
            if dt > 0.5:
                slow.append({"size": n, "board": board, "spell": spell, "seconds": dt})
        prof.dump_stats(args.profile)
        if args.slow_file:
            Path(args.slow_file).write_text(json.dumps(slow, indent=1))
        pstats.Stats(args.profile).sort_stats("cumulative").print_stats(40)
        return
    used = {n for _s, b, sp in questions for n, _t in b} | {sp for _s, _b, sp in questions} | {"Island"}
    t0 = time.perf_counter()
    ph = Phase([by_name[n] for n in sorted(used)])
    print(f"phase engine built from {len(used)} faces in {time.perf_counter() - t0:.1f} s")

    rows = []  # (size, m_solver, m_ask, p_actions, p_load_actions, answers...)
    records = open(args.records, "w", encoding="utf-8") if args.records else None
    disagreements = []
    checked = Counter()
    for qi, (n, board, spell) in enumerate(questions):
        state_json = ph.state(board, spell)
        sc = mtg.scenario(board, spell)
        ts: dict[str, list[float]] = {k: [] for k in ("solver", "ask", "actions", "load+actions")}
        ans: dict[str, Any] = {}
        if args.answers_only:
            s, card = mtg.state(board, spell)
            t = time.perf_counter()
            ans["solver"] = limited(lambda: mtg.solve(s, card), args.budget)
            ans["ask"] = "not asked"
            ts["solver"].append(time.perf_counter() - t)
            if ans["solver"] == "timeout":
                slow.append({"size": n, "board": board, "spell": spell, "seconds": ts["solver"][-1]})
            g = ph.load(state_json)
            t = time.perf_counter()
            ans["listed"] = ph.listed(g)
            ts["actions"].append(time.perf_counter() - t)
            paid = ph.pays_game(g) if ans["listed"] else None
            for k in ("ask", "load+actions"):
                ts[k].append(float("nan"))
        for r in range(0 if args.answers_only else args.repeat):
            order = ("m", "p") if (qi + r) % 2 == 0 else ("p", "m")
            for who in order:
                if who == "m":
                    if ans.get("solver") == "timeout":
                        continue
                    s, card = mtg.state(board, spell)
                    t = time.perf_counter()
                    ans["solver"] = limited(lambda: mtg.solve(s, card), args.budget)
                    ts["solver"].append(time.perf_counter() - t)
                    t = time.perf_counter()
                    ans["ask"] = limited(lambda: mtg.ask(sc), args.budget)
                    ts["ask"].append(time.perf_counter() - t)
                    if "timeout" in (ans["solver"], ans["ask"]):
                        ans["solver"] = ans["ask"] = "timeout"
                        slow.append({"size": n, "board": board, "spell": spell, "seconds": ts["solver"][-1]})
                else:
                    g = ph.load(state_json)
                    t = time.perf_counter()
                    ans["listed"] = ph.listed(g)
                    ts["actions"].append(time.perf_counter() - t)
                    t = time.perf_counter()
                    g2 = ph.load(state_json)
                    ph.listed(g2)
                    ts["load+actions"].append(time.perf_counter() - t)
        if args.progress:
            print(f"  q{qi} {n} sources {spell}: mtgcheck {ans['ask']} {statistics.median(ts['solver']) * 1000:.1f} ms, "
                  f"phase {ans['listed']} {statistics.median(ts['actions']) * 1000:.1f} ms", flush=True)
        if not args.answers_only:
            paid = ph.pays(state_json)
        phase_says = bool(ans["listed"]) and paid is not False
        ours = ans["solver"]  # the payment search's answer; ``ask`` may say unsupported (counted below)
        row = {"size": n, "spell": spell, **{k: statistics.median(v) * 1000 for k, v in ts.items()},
               "mtgcheck": ours, "ask_answer": ans["ask"], "phase_listed": ans["listed"], "phase_paid": paid}
        rows.append(row)
        truth = None
        if ours == "timeout":
            checked["mtgcheck timeout"] += 1
        elif ours != phase_says or args.check_all:
            truth = brute_force_castable(board, modes, symbols[spell])
            checked["checked"] += 1
            if ours != truth:
                checked["mtgcheck wrong"] += 1
            if phase_says != truth:
                checked["phase wrong"] += 1
            if ours != phase_says:
                disagreements.append((n, board, spell, ours, ans["listed"], paid, truth))
        if records is not None:
            records.write(json.dumps({"q": qindex[qi], "size": n, "spell": spell, "board": board, "mtgcheck": ours,
                                      "phase_listed": ans["listed"], "phase_paid": paid, "phase": phase_says,
                                      "brute_force": truth, "mtgcheck_ms": row["solver"],
                                      "phase_actions_ms": row["actions"]}) + "\n")
            records.flush()  # a stopped run keeps every finished question (--resume)

    keys = ("solver", "actions") if args.answers_only else ("solver", "ask", "actions", "load+actions")
    print(f"\n{len(rows)} questions, {1 if args.answers_only else args.repeat} runs each, engines interleaved; "
          f"per-question medians:")
    verdict = {}
    for label, sel in [(f"{n} sources", [r for r in rows if r["size"] == n]) for n in sizes] + [("all", rows)]:
        if not sel:
            continue
        castable = sum(1 for r in sel if r["mtgcheck"] is True)
        print(f"-- {label} ({len(sel)} questions, {castable} castable per the payment search, "
              f"{sum(1 for r in sel if r['mtgcheck'] == 'timeout')} stopped; mtgcheck.ask unsupported on "
              f"{sum(1 for r in sel if r['ask_answer'] is None)})")
        for k in keys:
            print("   " + summary({"solver": "mtgcheck total_cost+find_payment", "ask": "mtgcheck.ask",
                                   "actions": "phase Game.actions", "load+actions": "phase load_game+actions"}[k],
                                  [r[k] for r in sel]))
        s = {k: sum(r[k] for r in sel) for k in keys}
        per_q = [r["actions"] / r["solver"] for r in sel]
        verdict[label] = (s["actions"] / s["solver"], statistics.median(per_q))
        print(f"   ratio phase actions / mtgcheck solver: {s['actions'] / s['solver']:.2f} (sums), "
              f"{statistics.median(per_q):.2f} (median per question)"
              + ("" if args.answers_only else
                 f"; phase load+actions / mtgcheck.ask: {s['load+actions'] / s['ask']:.2f} (sums)"))
    if "all" in verdict:
        r_sum, r_med = verdict["all"]
        print(f"\ntarget: castability at least as fast as phase's auto-payer, i.e. phase / mtgcheck >= 1: "
              f"sums {r_sum:.2f}, median per question {r_med:.2f}: {'met' if min(r_sum, r_med) >= 1 else 'NOT met'} "
              f"(by size: " + ", ".join(f"{k} {a:.2f}/{b:.2f}" for k, (a, b) in verdict.items() if k != "all")
              + f"); load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if slow:
        print(f"\nmtgcheck stopped after {args.budget:.0f} s on {len(slow)} questions (counted at the budget above):")
        for q in slow[:args.show]:
            print(f"  {q['spell']} {by_name[q['spell']]['mana_cost']} on {q['size']} sources: "
                  f"{dict(Counter(nm for nm, t in q['board'] if not t))}")
        if args.slow_file:
            Path(args.slow_file).write_text(json.dumps(slow, indent=1))
    if mtg.unsupported:
        print("mtgcheck unsupported (reason, runs):")
        for why, k in mtg.unsupported.most_common(args.show):
            print(f"  {k}: {why}")
    mismatch = sum(1 for r in rows if r["ask_answer"] in (True, False) and r["ask_answer"] != r["mtgcheck"])
    listed_not_paid = sum(1 for r in rows if r["phase_listed"] and r["phase_paid"] is False)
    print(f"\nanswers: solver and ask differ on {mismatch}; phase offered a cast its auto-payer then failed on "
          f"{listed_not_paid}")
    print(f"disagreements mtgcheck vs phase: {len(disagreements)}; brute force run on {checked['checked']} questions: "
          f"mtgcheck wrong {checked['mtgcheck wrong']}, phase wrong {checked['phase wrong']}")
    for n, board, spell, ours, listed, paid, truth in disagreements[:args.show]:
        untapped = Counter(name for name, t in board if not t)
        print(f"  {spell} {by_name[spell]['mana_cost']} on {n} sources: mtgcheck {ours}, phase listed {listed} "
              f"paid {paid}; brute force {truth}. Untapped: {dict(untapped)}")


if __name__ == "__main__":
    main()
