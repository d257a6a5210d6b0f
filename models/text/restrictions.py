"""Reading activation and casting restrictions into ``models.vocab.permissions.TimingRestriction``.

* an activated ability's closing sentences "Activate only as a sorcery.", "Activate only once each turn.",
  "Activate only during your turn, before attackers are declared.", "Activate only if you control a Swamp.",
  "Activate no more than twice each turn.", "Any player may activate this ability [but only ...]." and their
  combinations with "and only" (CR 602.5, 602.5b, 602.5d-e, 307.5, 304.5): ``split_restriction``;
* a spell's "Cast this spell only during combat / before blockers are declared / if you've cast another spell
  this turn" and "You can't cast this during your first, second, or third turns of the game" (CR 601.3): an effect
  parser of static and spell lines;
* an activated ability's own "This ability costs {1} less to activate for each ..." sentence (CR 602.2b, 601.2f):
  ``split_cost_change``, beside the statics "Activated abilities of ... cost {1} less to activate"
  (``parse_activation_cost_change``).

Wording that is not understood in full is left alone: the ability stays ``Unmodelled`` as a whole (never a
restriction half read). Parsing only; ``solver.rules.restrictions`` reads the restriction against the turn.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Mapping

from ..vocab.effect import COMBAT_STEPS
from ..vocab.conditions import (
    AttackedThisStep, AttackedThisTurn, CardsInZone, ControlsAtLeast, HasCounter, OpponentControlsMore,
    OpponentHasCounters, SourceAttacking, SpellsCastThisTurn,
)
from ..vocab.logic import Condition, Not
from ..vocab.filters import Filter
from ..vocab.permissions import TimingRestriction
from ..vocab.registry import build_effect
from ..vocab.topics import VocabularyError
from .filters import parse_filter
from .frame import effect_parser
from .words import parse_count_word
from ..vocab.topics import Topic
from ..vocab.effect import Unmodelled
from ..vocab.conditions import HasAnotherActivatedAbility
from ..game.turn import TurnStep
from ..vocab.cost_effects import AbilityCostChange
from ..vocab.amounts import Amount
from ..vocab.conditions import TargetsInclude
from .filters import parse_amount
from .conditions import card_filter, object_filter, parse_board_amount, parse_board_condition
from .targets import parse_target_phrase

#: "attackers are declared" and the other events a "before"/"after" bound names, as the step they happen in
#: (the turn-based action of that step, CR 508.1, 509.1) or the step named.
_EVENTS = {
    "attackers are declared": "declare_attackers", "blockers are declared": "declare_blockers",
    "combat": None, "the combat damage step": "combat_damage", "the end of combat step": "end_of_combat",
    "the end step": "end", "their upkeep step": "upkeep", "your upkeep step": "upkeep", "the upkeep step": "upkeep",
}
_STEP_WORDS = {"upkeep": "upkeep", "draw step": "draw", "end step": "end", "declare attackers step": "declare_attackers",
               "declare blockers step": "declare_blockers", "combat damage step": "combat_damage",
               "end of combat step": "end_of_combat", "beginning of combat step": "beginning_of_combat",
               "upkeep step": "upkeep"}
_WHOSE = {"your": "yours", "an opponent's": "opponents", "their": "yours", "the": None, "any": None, "each": None}


def _bound(kind: str, event: str, out: dict[str, Any]) -> bool:
    """``before``/``after`` an event into ``out`` (``before`` the step of the event; ``after``: a step after it)."""
    e = event.strip()
    step: str | None
    if kind == "before":
        if e == "combat":
            step = "beginning_of_combat"  # before combat: before the combat phase begins (CR 506.1)
        elif e in _EVENTS:
            step = _EVENTS[e]
        else:
            return False
        if "before" in out:
            return False
        out["before"] = step
        return True
    # after: "after blockers are declared" is any step after the declare attackers step (blockers are declared as
    # the declare blockers step begins, CR 509.1); "after combat": after the end of combat step (CR 511)
    if e == "blockers are declared":
        step = "declare_attackers"
    elif e == "attackers are declared":
        step = "beginning_of_combat"
    elif e == "combat":
        step = "end_of_combat"
    elif e in _EVENTS and _EVENTS[e] is not None:
        step = _EVENTS[e]
    else:
        return False
    if "after" in out:
        return False
    out["after"] = step
    return True


def _turn(out: dict[str, Any], whose: str | None) -> bool:
    if whose is None:
        return True
    if out.get("turn") not in (None, whose):
        return False
    out["turn"] = whose
    return True


def _during(text: str, out: dict[str, Any]) -> bool:
    """The words after "during": a turn, a step or combat, with "on your turn" and "before/after ..." bounds."""
    t = text.strip()
    # trailing bounds and turn qualifiers, outermost last: "combat on your turn before blockers are declared"
    while True:
        m = re.fullmatch(r"(.+?),? (before|after) (.+)", t)
        if m and (m.group(3) in _EVENTS or m.group(3) == "combat"):
            if not _bound(m.group(2), m.group(3), out):
                return False
            t = m.group(1)
            continue
        m = re.fullmatch(r"(.+?) on (your|an opponent's) turn", t)
        if m:
            if not _turn(out, _WHOSE[m.group(2)]):
                return False
            t = m.group(1)
            continue
        break
    m = re.fullmatch(r"(your|an opponent's|their) turn", t)
    if m:
        return _turn(out, _WHOSE[m.group(1)])
    if t == "combat":
        return _steps(out, COMBAT_STEPS)
    m = re.fullmatch(r"(your|an opponent's|their|the|any|each) (.+?)", t)
    if m and m.group(2) in _STEP_WORDS:
        return _turn(out, _WHOSE[m.group(1)]) and _steps(out, (_STEP_WORDS[m.group(2)],))
    return False


def _steps(out: dict[str, Any], steps: tuple[str, ...]) -> bool:
    if out.get("steps"):
        keep = tuple(s for s in out["steps"] if s in steps)
        if not keep:
            return False
        out["steps"] = keep
    else:
        out["steps"] = tuple(steps)
    return True


_TIMES = {"once": 1, "twice": 2}


def _clause(c: str, out: dict[str, Any], conds: list[Condition]) -> bool:
    """One "only ..." clause (without "only") into ``out``; False when not understood."""
    c = c.strip()
    if c in ("as a sorcery", "as an instant"):
        if "timing" in out:
            return False
        out["timing"] = "sorcery" if c == "as a sorcery" else "instant"
        return True
    m = re.fullmatch(r"(once|twice|(\w+) times) each turn", c)
    if m:
        n = _TIMES.get(m.group(1)) or parse_count_word(m.group(2) or "")
        if not n or "per_turn" in out:
            return False
        out["per_turn"] = int(n)
        return True
    if c == "once":  # ever, for this object (CR 602.5b, 702.177a)
        if "per_game" in out:
            return False
        out["per_game"] = 1
        return True
    m = re.fullmatch(r"during (.+)", c)
    if m:
        return _during(m.group(1), out)
    m = re.fullmatch(r"(before|after) (.+)", c)
    if m:
        return _bound(m.group(1), m.group(2), out)
    m = re.fullmatch(r"if (.+)", c)
    if m:
        if m.group(1) in ("it's not your turn", "it isn't your turn"):
            return _turn(out, "opponents")
        try:
            conds.append(parse_restriction_condition(m.group(1)))
        except ValueError:
            return False
        return True
    return False


_N = r"(\w+) or (more|greater|fewer)"


def parse_restriction_condition(text: str) -> Condition:
    """The condition of "Activate only if ..." / "Cast this spell only if ..." (see the module docstring); wording
    read here first, then the shapes of ``models.text.conditions.parse_board_condition`` (what you control with
    qualifiers, sums, zones, life, designations, the turn history).

    Raises ``ValueError`` for wording that is not modelled.
    """
    try:
        return _restriction_condition(text)
    except ValueError:
        return parse_board_condition(text)


def _restriction_condition(text: str) -> Condition:
    c = text.lower().strip().rstrip(".")
    if c == "this creature has another activated ability":

        return HasAnotherActivatedAbility()  # CR 602.5, 605.1a
    m = re.fullmatch(r"you control (?:a|an) ([a-z' -]+)", c)
    if m and " and " not in m.group(1):
        return ControlsAtLeast(1, parse_filter(re.sub(r" or an? ", " or ", m.group(1)), "you"))
    m = re.fullmatch(r"you control (\w+) or more ([a-z' -]+)", c)
    if m and parse_count_word(m.group(1)) is not None:
        return ControlsAtLeast(int(parse_count_word(m.group(1)) or 0), parse_filter(m.group(2), "you"))
    m = re.fullmatch(r"you control no ([a-z' -]+)", c)
    if m:
        return Not(ControlsAtLeast(1, parse_filter(m.group(1), "you")))
    m = re.fullmatch(r"(\w+) or more cards are in your (graveyard|hand)", c)
    if m and parse_count_word(m.group(1)) is not None:
        return CardsInZone(m.group(2), int(parse_count_word(m.group(1)) or 0))
    m = re.fullmatch(r"you have no cards in (?:your )?hand", c)
    if m:
        return CardsInZone("hand", 0, "at_most")
    m = re.fullmatch(r"you have (exactly )?(\w+)(?: or (more|fewer))? cards? in (?:your )?hand", c)
    if m and parse_count_word(m.group(2)) is not None and not (m.group(1) and m.group(3)):
        cmp = "exactly" if m.group(1) or not m.group(3) else ("at_least" if m.group(3) == "more" else "at_most")
        if not m.group(1) and not m.group(3):
            raise ValueError(f"the condition {text!r} is not modelled")
        return CardsInZone("hand", int(parse_count_word(m.group(2)) or 0), cmp)
    m = re.fullmatch(r"there are (\w+) or more (\S+) counters on this(?: \w+)?", c)
    if m and parse_count_word(m.group(1)) is not None:
        return HasCounter(m.group(2), int(parse_count_word(m.group(1)) or 0))
    m = re.fullmatch(r"this(?: \w+)? has (\w+) or more (\S+) counters on it", c)
    if m and parse_count_word(m.group(1)) is not None:
        return HasCounter(m.group(2), int(parse_count_word(m.group(1)) or 0))
    m = re.fullmatch(r"there are no (\S+) counters on this(?: \w+)?", c)
    if m:
        return Not(HasCounter(m.group(1)))
    m = re.fullmatch(r"an opponent has (\w+) or more (\S+) counters", c)
    if m and parse_count_word(m.group(1)) is not None:
        return OpponentHasCounters(m.group(2), int(parse_count_word(m.group(1)) or 0))
    m = re.fullmatch(r"an opponent controls (?:at least (\w+) )?more ([a-z' -]+?) than you", c)
    if m:
        by = parse_count_word(m.group(1)) if m.group(1) else 1
        if by is None:
            raise ValueError(f"the condition {text!r} is not modelled")
        return OpponentControlsMore(parse_filter(m.group(2), "any"), int(by))
    if re.fullmatch(r"this creature is attacking", c):
        return SourceAttacking()
    if c == "you've cast another spell this turn":
        return SpellsCastThisTurn(1)
    if re.fullmatch(r"this creature attacked this turn", c):
        return AttackedThisTurn("this")
    m = re.fullmatch(r"you attacked(?: with (\w+) or more creatures)? this turn", c)
    if m and (m.group(1) is None or parse_count_word(m.group(1))):
        return AttackedThisTurn("you", int(parse_count_word(m.group(1)) or 1) if m.group(1) else 1)
    m = re.fullmatch(r"you attacked with an? ([a-z]+) this turn", c)
    if m and m.group(1) not in ("creature", "creatures"):  # Thaumaton Torpedo: "with a Spacecraft" (CR 508.1)
        return AttackedThisTurn("you", 1, parse_filter(m.group(1), "you"))
    if c == "you've been attacked this step":
        return AttackedThisStep()
    raise ValueError(f"the condition {text!r} is not modelled")


_UNTIL_TURN = re.compile(r"^you can't activate this ability until you've begun your (\w+) turn of the game\.?$", re.I)
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_ANY_PLAYER = re.compile(r"^any player may activate this ability(?:,? but (only .+?))?\.?$", re.I)
_ACTIVATE_ONLY = re.compile(r"^activate (only .+?|no more than (?:once|twice|\w+ times) each turn)\.?$", re.I)
#: "You can't activate this ability during combat." (Djinn of Infinite Deceits): any step but the combat steps (CR 506.1)
_NOT_DURING = re.compile(r"^you can't activate this ability during combat\.?$", re.I)


def parse_restriction(sentence: str, of: str = "activate") -> TimingRestriction | None:
    """One restriction sentence ("Activate only as a sorcery and only once each turn.") as a typed
    ``TimingRestriction``, or ``None`` when any part of it is not understood."""
    s = sentence.strip()
    low = s.lower().rstrip(".")
    out: dict[str, Any] = {}
    conds: list[Condition] = []
    if of == "activate":
        m = _UNTIL_TURN.match(low)
        if m:  # Black Tulip (CR 602.5): any player's turn, until the player has begun that turn of theirs
            if m.group(1) not in _ORDINALS:
                return None
            out["from_own_turn"] = _ORDINALS.index(m.group(1)) + 1
            return _build(out, conds, s, of)
        if _NOT_DURING.match(low):

            out["steps"] = tuple(st.value for st in TurnStep if not st.is_combat)
            return _build(out, conds, s, of)
        m = _ANY_PLAYER.match(low)
        if m:
            out["any_player"] = True
            body = m.group(1)
            if body is None:
                return _build(out, conds, s, of)
        else:
            m = _ACTIVATE_ONLY.match(low)
            if not m:
                return None
            body = m.group(1)
            if body.startswith("no more than "):
                return _build(out, conds, s, of) if _clause(body[len("no more than "):], out, conds) else None
    else:
        m = re.fullmatch(r"cast this spell (only .+)", low)
        if m:
            body = m.group(1)
        else:
            m = re.fullmatch(r"you can't cast this (?:spell )?during your (first\b.*?) turns of the game", low)
            if not m:
                return None
            words = [w for w in re.findall(r"[a-z]+", m.group(1)) if w != "or"]
            ordinals = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")
            if len(words) == 2 and parse_count_word(words[1]):
                out["not_own_turns_upto"] = int(parse_count_word(words[1]) or 0)  # "your first seven turns"
            elif words == list(ordinals[:len(words)]):
                out["not_own_turns_upto"] = len(words)  # "first, second, or third"
            else:
                return None
            return _build(out, conds, s, of)
    # "only A and only B", "only A, only B, and only C", "only during your turn, before attackers are declared"
    parts = re.split(r",? and only |, only ", body)
    for i, p in enumerate(parts):
        if i == 0:
            if not p.startswith("only "):
                return None
            p = p[len("only "):]
        if p.startswith("only "):
            p = p[len("only "):]
        # "before combat or during combat before blockers are declared": any step before blockers are declared
        if p == "before combat or during combat before blockers are declared":
            p = "before blockers are declared"
        if not _clause(p, out, conds):
            return None
    return _build(out, conds, s, of)


def _build(out: dict[str, Any], conds: list[Condition], text: str, of: str) -> TimingRestriction | None:
    params = dict(out, of=of, text=text)
    if conds:
        params["conditions"] = tuple(conds)
    try:
        eff = build_effect("timing_restriction", params, "restriction")
    except VocabularyError:
        return None
    return eff if isinstance(eff, TimingRestriction) else None


_SENTENCE_END = re.compile(r"(?<=[.!\"”])\s+(?=[A-Z])")


def split_restriction(effect_text: str) -> tuple[str, TimingRestriction | None]:
    """An activated ability's effect wording without its closing restriction sentences, and the restriction.

    ``(effect_text, None)`` when there is no restriction sentence or one is not understood in full (the whole
    ability then stays as it is read, restriction words included: never half read)."""
    sentences = [s for s in _SENTENCE_END.split(effect_text.strip()) if s]
    tail: list[str] = []
    while len(sentences) > 1 and re.match(r"(?:activate (?:only|no more)|any player may activate this ability"
                                         r"|you can't activate this ability (?:until|during combat))\b", sentences[-1], re.I):
        tail.insert(0, sentences.pop())
    if not tail:
        return effect_text, None
    merged: dict[str, Any] = {}
    conds: list[Condition] = []
    for t in tail:
        r = parse_restriction(t, "activate")
        if r is None:
            return effect_text, None
        for k, v in _set_fields(r).items():
            if k in ("of", "text"):
                continue
            if k == "conditions":
                conds.extend(r.conditions)
            elif k == "any_player":
                merged["any_player"] = merged.get("any_player", False) or v
            elif k in merged:
                return effect_text, None  # two sentences setting the same part: not modelled
            else:
                merged[k] = v
    got = _build(merged, conds, " ".join(tail), "activate")
    if got is None:
        return effect_text, None
    return " ".join(sentences), got


@effect_parser(priority=15)
def parse_cast_restriction(kind: str, text: str, card: Any) -> tuple[str, Mapping[str, Any]] | None:
    """A spell's "Cast this spell only ..." / "You can't cast this during your first ... turns of the game" line
    (CR 601.3) as a ``timing_restriction`` of ``cast``."""
    if kind not in ("spell", "static"):
        return None
    t = re.sub(r"^[A-Z][^—.:{}\"“]{0,40}? — ", "", text.strip())  # a flavor word (CR 207.2d): "From the Future — "
    if not re.match(r"(?:cast this spell only|you can't cast this\b)", t, re.I) or t.count(".") > 1:
        return None
    r = parse_restriction(t, "cast")
    if r is None:
        return None
    return "timing_restriction", _set_fields(r)


def _set_fields(r: TimingRestriction) -> dict[str, Any]:
    """The fields of ``r`` that are set (neither ``None`` nor empty), by name, with their typed values (which
    ``build_effect`` reads as they are)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(r):
        v = getattr(r, f.name)
        if v is not None and v != ():
            out[f.name] = v
    return out


#: "Activated abilities of creatures you control cost {2} less to activate" and kin (CR 602.2b, 601.2f): the
#: sources, the change, "unless they're mana abilities" and the one-mana floor (Training Grounds rulings).
_ACTIVATION_COST = re.compile(
    r"^(?:(?P<all>activated abilities)|activated abilities of (?P<of>.+?)|(?P<ench>enchanted (?:artifact|creature|land"
    r"|permanent))'s activated abilities|(?P<you>abilities you activate)(?P<nonmana> that aren't mana abilities)?)"
    r" cost \{(?P<n>\d+)\} (?P<dir>less|more) to activate(?P<unless> unless they're mana abilities)?\."
    r"(?P<floor> this effect can't reduce the mana in (?:that cost|that ability's activation cost) to less than one"
    r" mana\.)?$", re.I)


def parse_activation_cost_change_text(text: str) -> dict[str, Any] | None:
    """The params of an ``activation_cost_change`` static (``models.vocab.cost_effects.ActivationCostChange``) from its
    sentence(s), or ``None`` when any part is not read (a source chosen by name, a condition not modelled)."""
    t = re.sub(r"\s+", " ", text.strip()).replace("’", "'")
    t = re.sub(r"^[A-Z][^—.:{}\"“]{0,40}? — ", "", t)  # a flavor word (CR 207.2d)
    cond = None
    m = re.match(r"^as long as ([^,]+), (.+)$", t, re.I)
    if m:
        try:
            cond = parse_restriction_condition(m.group(1))
        except ValueError:
            return None
        t = m.group(2)
    m = _ACTIVATION_COST.match(t)
    if not m:
        return None
    params: dict[str, Any] = {"direction": m.group("dir").lower(), "amount": int(m.group("n")), "text": text.strip(),
                              "min_one": bool(m.group("floor")), "mana_abilities": not (m.group("unless") or m.group("nonmana"))}
    if m.group("floor") and params["direction"] != "less":
        return None
    if cond is not None:
        params["condition"] = cond
    if m.group("you"):
        params["activator"] = "you"
    elif m.group("ench"):
        kind = m.group("ench").split()[1]
        params["sources"] = Filter(relation="enchanted", all_of=() if kind == "permanent" else (kind.capitalize(),),
                                   words=m.group("ench"))
    elif m.group("of"):
        words = m.group("of").strip()
        try:
            zm = re.fullmatch(r"(.*?cards?) in your graveyard", words, re.I)
            if zm:
                params["sources"], params["zone"] = card_filter(zm.group(1), "graveyard"), "graveyard"
            else:
                cm = re.fullmatch(r"(.+?) you control", words, re.I)
                f = object_filter(cm.group(1) if cm else words, "you" if cm else "any")
                if f.relation not in (None, "enchanted") or f.other:
                    return None
                params["sources"] = f
        except ValueError:
            return None
    return params


@effect_parser(priority=15)
def parse_activation_cost_change(kind: str, text: str, card: Any) -> tuple[str, Mapping[str, Any]] | None:
    """A static "Activated abilities of ... cost {N} less/more to activate" line (CR 602.2b, 601.2f) as an
    ``activation_cost_change``."""
    if kind != "static" or "to activate" not in text:
        return None
    got = parse_activation_cost_change_text(text)
    return ("activation_cost_change", got) if got is not None else None


#: "Players can't pay life [or sacrifice creatures] to cast spells or [to] activate abilities [that aren't mana
#: abilities]." (Karn's Sylex, Angel of Jubilation, Yasharn; CR 101.2, 119.4b).
_CANT_PAY = re.compile(r"^players can't pay life(?: or sacrifice (?P<what>[a-z ]+?))? to cast spells or (?:to )?activate"
                       r" abilities(?P<nonmana> that aren't mana abilities)?\.?$", re.I)


@effect_parser(priority=15)
def parse_cant_pay_costs(kind: str, text: str, card: Any) -> tuple[str, Mapping[str, Any]] | None:
    """A static "Players can't pay life ... to cast spells or activate abilities" line as ``cant_pay_costs``."""
    if kind != "static":
        return None
    m = _CANT_PAY.match(text.strip())
    if not m:
        return None
    params: dict[str, Any] = {"life": True, "mana_abilities": not m.group("nonmana"), "text": text.strip(),
                              "spells": Unmodelled(text.strip(), frozenset({Topic.CASTING}))}
    if m.group("what"):
        try:
            params["sacrifice"] = object_filter(m.group("what"), "any")
        except ValueError:
            return None
    return "cant_pay_costs", params


_COST_CHANGE = re.compile(r"^this ability costs (\{\d+\}|\{x\}|x) (less|more) to activate(.*?)\.?$", re.I)


def parse_cost_change(sentence: str) -> AbilityCostChange | None:
    """"This ability costs {1} less to activate for each other artifact you control" and kin (CR 602.2b, 601.2f)
    as a typed ``AbilityCostChange``, or ``None`` when any part is not read (a coloured amount, "if it targets
    ...", an amount of the target): the sentence then stays with the ability, unmodelled."""

    m = _COST_CHANGE.match(sentence.strip().replace("’", "'"))
    if not m:
        return None
    sym, direction, rest = m.group(1).lower(), m.group(2).lower(), m.group(3).strip()
    is_x = sym in ("{x}", "x")
    params: dict = {"direction": direction, "amount": 1 if is_x else int(sym.strip("{}")), "text": sentence.strip()}
    try:
        if is_x:
            mx = re.fullmatch(r",\s*where x is (.+)", rest, re.I)
            if not mx:
                return None
            params["per"] = _cost_amount(mx.group(1))
        elif rest.lower().startswith("for each "):
            params["per"] = _cost_amount(rest[len("for each "):])
        elif (tm := re.fullmatch(r"if it targets (?P<n>two|three|\d+) (?P<what>.+)", rest, re.I)):
            # "if it targets two creatures you control" (Wayta, Trainer Prodigy): its chosen targets (CR 601.2c
            # before 601.2f); read by the activate question against the target choices

            spec = parse_target_phrase(f"target {tm.group('what')}")
            n = {"two": 2, "three": 3}.get(tm.group("n").lower()) or int(tm.group("n"))
            if spec is None or spec.unknown or spec.alternatives:
                return None
            params["condition"] = TargetsInclude(n, spec, rest)
        elif rest.lower().startswith("if "):
            params["condition"] = parse_restriction_condition(rest[3:])
        elif rest.lower() == "during your turn":
            params["during"] = "controller_turn"
        elif rest:
            return None
    except ValueError:
        return None
    return AbilityCostChange(**params)


def _cost_amount(words: str) -> Amount:
    try:
        return parse_board_amount(words)
    except ValueError:
        return parse_amount(words)


def split_cost_change(effect_text: str) -> tuple[str, AbilityCostChange | None]:
    """An activated ability's effect wording without its "This ability costs ... to activate" sentence, and the
    typed change; ``(effect_text, None)`` when there is none or it is not read in full."""
    sentences = [s for s in _SENTENCE_END.split(effect_text.strip()) if s]
    hits = [i for i, s in enumerate(sentences) if _COST_CHANGE.match(s.strip())]
    if len(hits) != 1 or len(sentences) < 2:
        return effect_text, None
    got = parse_cost_change(sentences[hits[0]])
    if got is None:
        return effect_text, None
    return " ".join(s for i, s in enumerate(sentences) if i != hits[0]), got
