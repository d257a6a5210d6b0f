"""Whether an object passes a qualifier ("nonblack", "with flying", "with power 2 or less", "tapped", "token",
"attacking", "another", "that's red or green"): ``models.vocab.filters.Qualifier`` read against the state.

``qualifier_verdict(state, viewer, kind, obj, q, source)`` returns ``(yes|no|unknown, why)``. Every test must
hold (a conjunction): one test that fails makes the answer ``no`` even where another is unknown. What is read:

* colours: a permanent's colours from its card (CR 105.2, 202.2; ``colors_of``), unknown
  while a colour-changing sentence that is not modelled is in play (layer 5, CR 613.1e);
* keywords: through the layer view (``solver.rules.layers.has_keyword``: printed, in the model, or granted by a typed
  effect, so granted flying counts), unknown while keyword text that is not modelled is in play (CR 702, 613.1f);
* power and toughness: printed plus power/toughness counters (CR 208.3, 122.1a), unknown when printed as ``*``
  (CR 604.3) or while text that could change power or toughness is in play (layer 7, CR 613.4);
* mana value: the card's (CR 202.3; X is 0 off the stack, 107.3m); a spell on the stack with X, or a split
  card on the stack, is unknown (CR 202.3b, 709.3);
* counters (CR 122.1); tapped (CR 110.5); tokens: every permanent of a scenario is a card, so none is a token
  (CR 111.1);
* combat status: only during combat, from the declare attackers step on, is any creature attacking or blocking
  (CR 506.4, 508.1, 509.1): a scenario marks them (``Permanent.attacking``/``.blocking``); "blocked" and
  "unblocked" exist from the declare blockers step (CR 509.1h) and who blocks whom is not part of a scenario;
* "another", "other than this creature": not the source itself (CR 109.5);
* history ("that dealt damage to you this turn"): not modelled (unknown).

References: CR 105, 109.5, 110.5, 111.1, 122.1, 202.3, 208, 506.4, 508.1, 509.1h, 613, 702.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.filters import Qualifier
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.models.vocab.logic import AllOf
from mtgcheck.models.vocab.conditions import Compare
from mtgcheck.solver.rules.quantities import amount_value
from mtgcheck.models.vocab.amounts import CountOf, Fixed, LifeTotal, PlayerCounters, Sum, ThisTurn
from mtgcheck.solver.rules.quantities import compare_numbers, modified_verdict
from mtgcheck.solver.rules.gate import require_modelled
from mtgcheck.solver.rules.layers import board_view, effect_abilities
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.solver.rules.layers import has_keyword
from mtgcheck.solver.rules.layers import filter_matches

YES, NO, UNKNOWN = "yes", "no", "unknown"
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _gate(state: GameState, topic: Topic, what: str) -> str:
    """The gate for one topic: the reason an unmodelled sentence in play could change ``what``, or ``""``."""


    view = board_view(state)
    cache: dict = state.__dict__.setdefault("_qualifier_gate", {})
    hit = cache.get(topic)
    if hit is None or hit[0] is not view:
        try:
            require_modelled(state, (topic,), question=what)
            hit = (view, "")
        except Unsupported as e:
            hit = (view, str(e))
        cache[topic] = hit
    return hit[1]


def _step_words(state: GameState) -> str:
    """``"it is Alice's precombat main phase (the scenario's default turn)"`` for a reason."""
    return f"it is {state.turn.describe(state.active)}"


def _blockers_declared(state: GameState) -> bool:
    """Whether blockers have been declared this combat: the declare blockers step up to the end of combat step
    (CR 509, 511.3)."""
    return state.turn.step.has_blockers


def _combat(state: GameState, viewer: str, perm: Permanent, status: str) -> tuple[str, str]:
    attacking, blocking = perm.attacking, perm.blocking
    who = perm.name
    if status == "attacking":
        return (YES, "") if attacking else (NO, f"{who} is not attacking (CR 506.4; {_step_words(state)})")
    if status == "blocking":
        return (YES, "") if blocking else (NO, f"{who} is not blocking (CR 509.1; {_step_words(state)})")
    if status == "attacking_or_blocking":
        return (YES, "") if attacking or blocking else \
            (NO, f"{who} is neither attacking nor blocking (CR 506.4; {_step_words(state)})")
    if status == "nonattacking":
        return (NO, f"{who} is attacking") if attacking else (YES, "")
    if status == "nonblocking":
        return (NO, f"{who} is blocking") if blocking else (YES, "")
    if status == "blocking_or_blocked":
        if blocking:
            return YES, ""
        if not attacking or not _blockers_declared(state):
            return NO, f"{who} is neither blocking nor blocked (CR 509.1h; {_step_words(state)})"
        return UNKNOWN, f"whether {who} is blocked is not part of the scenario (CR 509.1h)"
    if status in ("blocked", "unblocked"):
        if not attacking:
            return NO, f"{who} is not an attacking creature, so it is neither blocked nor unblocked (CR 509.1h; {_step_words(state)})"
        if not _blockers_declared(state):
            return NO, f"blockers have not been declared, so {who} is neither blocked nor unblocked (CR 509.1h; {_step_words(state)})"
        return UNKNOWN, f"whether {who} is blocked is not part of the scenario (CR 509.1h)"
    if status == "attacking_you":
        if not attacking:
            return NO, f"{who} is not attacking (CR 506.4; {_step_words(state)})"
        if perm.controller == viewer:
            return NO, f"{who} is attacking {viewer}'s opponents, not {viewer} (CR 508.1b)"
        if len(state.players) == 2 and not any(p.is_type("Planeswalker") or p.is_type("Battle") for p in state.battlefield):
            return YES, ""  # two players, nothing else it could attack (CR 506.3, 508.1b)
        return UNKNOWN, f"whom {who} attacks is not part of the scenario (CR 508.1b)"
    return UNKNOWN, f"the combat status {status!r} is not modelled"


def _combat_with_source(state: GameState, perm: Permanent, status: str, source: Permanent | None) -> tuple[str, str]:
    """"target creature blocking it" (``blocking_it``), "target creature it's blocking" (``blocked_by_it``), either
    (``blocking_or_blocked_by_it``): a blocker blocks attacking creatures (CR 509.1a), so a creature blocks the
    source only if it is blocking and the source is attacking, and is blocked by it only if it is attacking and the
    source is blocking. Who blocks whom is not part of a scenario, but when the one side has a single attacking
    creature it is determined: every blocker blocks that one."""
    if source is None:
        return UNKNOWN, f"“{status}”: the source of the ability is not known"
    attackers = [p for p in state.battlefield if p.attacking]

    def blocks(blocker: Permanent, attacker: Permanent) -> tuple[str, str]:
        b, a = blocker.name, attacker.name
        if not (blocker.blocking and attacker.attacking):
            return NO, (f"{b} is not blocking {a} ({b} is {'' if blocker.blocking else 'not '}blocking, {a} is "
                        f"{'' if attacker.attacking else 'not '}attacking; CR 509.1; {_step_words(state)})")
        if len(attackers) == 1:
            return YES, f"{a} is the only attacking creature, so the blocking {b} blocks it (CR 509.1a)"
        return UNKNOWN, f"whether {b} blocks {a} is not part of the scenario (CR 509.1h)"

    verdicts = []
    if status in ("blocking_it", "blocking_or_blocked_by_it"):
        verdicts.append(blocks(perm, source))
    if status in ("blocked_by_it", "blocking_or_blocked_by_it"):
        verdicts.append(blocks(source, perm))
    for v in (YES, UNKNOWN):
        hit = next((x for x in verdicts if x[0] == v), None)
        if hit:
            return hit
    return NO, "; ".join(w for _, w in verdicts)


def _attached(state: GameState, perm: Permanent, subtype: str) -> list[Permanent]:
    """The permanents of ``subtype`` (Aura, Equipment) attached to ``perm`` (CR 303.4, 301.5; printed subtypes)."""
    return [p for p in state.battlefield if p.attached_to == perm.id and subtype in p.card.type_line.subtypes]


def _names_source(name: str, source: Permanent | None) -> bool:
    """Whether ``name`` in a card's text is its source's own name (CR 201.5; a legendary name may be shortened to
    the part before the comma, 201.5a... "Duggan" for "Duggan, Private Detective")."""
    if source is None:
        return False
    full = source.card.name
    return name == full or name == full.split(",")[0] or any(name == f.name for f in getattr(source.card, "faces", ()))


def _pt_counters(perm: Permanent, index: int) -> int:
    n = 0
    for name, k in perm.counters.items():
        parts = str(name).split("/")
        if len(parts) == 2 and all(p[:1] in "+-" and p[1:].isdigit() for p in parts):
            n += int(parts[index]) * int(k)
    return n


def _pt_doubt(state: GameState) -> str:
    """Why power and toughness could differ from printed plus counters here (``""``: they cannot)."""
    why = _gate(state, Topic.POWER_TOUGHNESS, "power and toughness (layer 7, CR 613.4)")
    if why:
        return why

    for perm in state.battlefield:
        v = board_view(state).get(perm.id)
        for a in (v.abilities if v else ()):
            if not isinstance(a.effect, Unmodelled) and Topic.POWER_TOUGHNESS in getattr(a.effect, "touches", ()):
                return f"{perm.name}'s “{a.text}” may change power or toughness (layer 7, CR 613.4)"
    for e in state.effects:
        for a in effect_abilities(state, e):
            if Topic.POWER_TOUGHNESS in getattr(a.effect, "touches", ()) or isinstance(a.effect, Unmodelled):
                return f"{e.card.name}'s effect in force may change power or toughness (layer 7, CR 613.4)"
    return ""


def _number(state: GameState, kind: str, obj: Any, quantity: str) -> tuple[int | None, str]:
    """The object's power, toughness or mana value, or ``(None, why)`` when it is not known."""
    card = obj.card
    name = obj.name
    if quantity == "mana_value":
        if card.is_split and kind in ("permanent", "spell"):
            return None, f"the mana value of the split card {name} as a {kind} is not modelled (CR 709.3, 709.4)"
        cost = card.mana_cost if card.mana_cost is not None or not card.faces else card.faces[0].mana_cost
        if kind == "spell" and cost is not None and cost.has_x:
            return None, f"the mana value of the spell {name} depends on its X (CR 202.3b), which is not known"
        return card.mana_value(0), ""  # X is 0 off the stack (CR 107.3m)
    printed = card.front.power if quantity == "power" else card.front.toughness
    if printed is None or not str(printed).lstrip("-").isdigit():
        return None, f"{name}'s {quantity} ({printed}) is not a number; a characteristic-defining {quantity} is not modelled (CR 604.3)"
    n = int(str(printed))
    if kind == "permanent":
        doubt = _pt_doubt(state)
        if doubt:
            return None, doubt
        n += _pt_counters(obj, 0 if quantity == "power" else 1)
    return n, ""


def _colors(state: GameState, kind: str, obj: Any) -> tuple[frozenset[str] | None, str]:
    why = _gate(state, Topic.COLORS, "the colours of objects (layer 5, CR 613.1e)")
    if why:
        return None, why
    return object_colors(kind, obj)


def object_colors(kind: str, obj: Any) -> tuple[frozenset[str] | None, str]:
    """``(colours, "")`` of a permanent (``kind="permanent"``, ``colors_of``) or of a card in a zone (its
    front face's for a double-faced card; both halves' combined for a split card outside the stack, CR 709.4: Fire //
    Ice is red and blue in exile, Chrome Mox ruling), or ``(None, why)`` for a split card on the stack (709.3: only the
    half cast). The caller has checked that no unmodelled sentence in play could change colours (``_colors`` does, CR
    613.1e)."""
    card = obj.card
    if kind == "permanent":
        try:
            return colors_of(obj), ""
        except Unsupported as e:
            return None, str(e)
    if card.is_split:
        if kind == "spell":
            return None, f"the colours of the split card {obj.name} on the stack are not modelled here (CR 709.3)"
        # CR 709.4: in every zone but the stack, its characteristics are its two halves' combined
        return frozenset().union(*[(f.colors if f.colors is not None else
                                    (f.mana_cost.colors if f.mana_cost else frozenset())
                                    | (f.color_indicator or frozenset())) for f in card.faces]), ""
    if card.faces:
        f = card.front
        if f.colors is not None:
            return frozenset(f.colors), ""
        return frozenset((f.mana_cost.colors if f.mana_cost else frozenset()) | (f.color_indicator or frozenset())), ""
    return frozenset(card.colors), ""


def _has_keyword(state: GameState, kind: str, obj: Any, kw: str) -> tuple[bool | None, str]:


    why = _gate(state, Topic.KEYWORDS, "which keyword abilities objects have (CR 702)")
    if why:
        return None, why
    if kind == "permanent":
        return has_keyword(state, obj, kw), ""
    card = obj.card
    if any(k.lower() == kw for k in card.keywords):
        return True, ""
    return any(isinstance(a.effect, Keyword) and a.effect.name == kw.replace(" ", "_") for a in abilities_of(card)), ""


def qualifier_verdict(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier,
                      source: Permanent | None = None) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether ``obj`` passes every test of ``q`` now.

    Parameters
    ----------
    state : GameState
    viewer : str
        The player who controls the spell or ability (for "attacking you").
    kind : str
        ``permanent`` (``obj`` a ``Permanent``), ``spell`` (a ``CardInstance`` on the stack), ``card`` (a
        ``CardInstance`` in another zone) or ``player`` (``obj`` the player's name).
    q : Qualifier
    source : Permanent or None
        The permanent whose ability it is ("another", "other than this creature"); ``None`` for a spell.

    Returns
    -------
    (str, str)
        ``yes``; ``no`` with the failed test in player terms; ``unknown`` with what is not modelled.
    """
    if q.empty:
        return YES, ""
    if kind == "player":
        return _player_qualifier_verdict(state, viewer, obj, q, source)
    results: list[tuple[str, str]] = []
    name = obj.name
    perm = obj if kind == "permanent" else None
    for test in _OBJECT_TESTS:
        no = test(state, viewer, kind, obj, q, source, name, perm, results)
        if no is not None:
            return no
    for verdict, why in results:
        if verdict == NO:
            return NO, why
    for verdict, why in results:
        if verdict == UNKNOWN:
            return UNKNOWN, why
    return YES, ""


def _player_qualifier_verdict(state: GameState, viewer: str, obj: str, q: Qualifier,
                              source: Permanent | None) -> tuple[str, str]:
    """``qualifier_verdict`` of a player: "who attacked this turn" (only the active player declares attackers, CR
    508.1), a condition of the player (``_player_condition``), "another"; any other test is ``unknown``."""
    if q.this_turn == "attacked" and dataclasses.replace(q, this_turn="", other=False).empty:
        # "target player who attacked this turn" (Fire and Brimstone): only the active player declares attackers
        # (CR 508.1); the turn history lists the permanents that attacked
        if obj == state.active and state.turn.history.attacked:
            return YES, f"{obj} attacked this turn"
        note = "" if state.turn.given else " (the scenario's default turn: nothing happened earlier this turn)"
        return NO, (f"{obj} has not attacked this turn{note} (CR 508.1: only the active player, {state.active}, "
                    f"declares attackers)")
    if q.player is not None and dataclasses.replace(q, player=None, other=False).empty:
        return _player_condition(state, viewer, obj, q.player, source)
    if q == Qualifier(other=True):
        return YES, ""
    return UNKNOWN, f"qualifiers of a player ({q}) are not modelled"


# The tests of ``qualifier_verdict`` on an object, in order. Each returns ``(NO, why)`` when the object fails it (the
# verdict), else ``None``, after adding what it cannot decide to ``results`` as ``(UNKNOWN, why)``.

def _identity_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                   name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """"another" / "other than" the source (CR 109.5, 201.5), a token (every object of a scenario is a card, CR
    111.1), named or not named (CR 201.2; effects in force may change a permanent's name), face down (CR 708.2)."""
    if q.other and perm is not None and source is not None and perm.id == source.id:
        return NO, f"{name} is the source itself, and the target must be another (CR 109.5)"
    if q.token is not None:
        if q.token:
            return NO, f"{name} is a card, not a token (every object of a scenario is a card, CR 111.1)"
    if q.other_than:
        if perm is not None and source is not None and _names_source(q.other_than, source):
            if perm.id == source.id:
                return NO, f"{name} is the source itself, and the target must be other than {q.other_than} (CR 201.5, 109.5)"
        elif perm is not None:
            results.append((UNKNOWN, f"which object “other than {q.other_than}” means is not modelled"))
    if q.name:
        if kind == "permanent" and state.effects:
            results.append((UNKNOWN, f"effects in force ({state.effects[0].card.name}) may change {name}'s name"))
        elif obj.card.name != q.name and not any(f.name == q.name for f in getattr(obj.card, "faces", ())):
            return NO, f"{name} is not named {q.name} (CR 201.2)"
    if q.not_named:
        if kind == "permanent" and state.effects:
            results.append((UNKNOWN, f"effects in force ({state.effects[0].card.name}) may change {name}'s name"))
        elif obj.card.name == q.not_named or any(f.name == q.not_named for f in getattr(obj.card, "faces", ())):
            return NO, f"{name} is named {q.not_named} (CR 201.2)"
    if q.face_down is not None:
        if kind == "card":
            results.append((UNKNOWN, f"whether the card {name} is face down is not part of the scenario"))
        elif q.face_down:
            return NO, f"{name} is face up: every permanent and spell of a scenario is (CR 708.2, 110.5)"
    return None


def _attachment_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                     name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """Enchanted or equipped (an Aura or Equipment attached to it, CR 303.4, 301.5); "with {X} in its mana cost" (CR
    107.3, 202.1; a split card's is not modelled, 709.4); modified (CR 700.9, ``modified_verdict``)."""
    if q.enchanted is not None or q.equipped is not None:
        if perm is None:
            if q.enchanted or q.equipped:
                return NO, f"{name} is not a permanent, so nothing is attached to it (CR 303.4, 301.5)"
        else:
            for want, sub, word, rule in ((q.enchanted, "Aura", "enchanted", "303.4"), (q.equipped, "Equipment", "equipped", "301.5")):
                if want is None:
                    continue
                on = _attached(state, perm, sub)
                if bool(on) != want:
                    return NO, (f"{name} is {word} by {on[0].name}" if on else f"no {sub} is attached to {name}, so it is not {word}") + f" (CR {rule})"
    if q.x_in_cost is not None:  # "with {X} in its mana cost" (CR 107.3, 202.1)
        card = obj.card
        if card.is_split:
            results.append((UNKNOWN, f"whether the split card {name} has {{X}} in its mana cost is not modelled (CR 709.4)"))
        else:
            cost = card.mana_cost if card.mana_cost is not None or not card.faces else card.faces[0].mana_cost
            with_x = bool(cost is not None and cost.has_x)
            if with_x != q.x_in_cost:
                return NO, f"{name} has {'an' if with_x else 'no'} {{X}} in its mana cost (CR 107.3)"
    if q.modified is not None:

        is_mod, why = modified_verdict(state, perm) if perm is not None else (False, f"{name} is not a permanent (CR 700.9)")
        if is_mod != q.modified:
            return NO, why
    return None


def _any_of_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                 name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """One of several qualifiers ("creature or planeswalker", "attacking or blocking"): fails when every one fails."""
    if q.any_of:
        subs = [qualifier_verdict(state, viewer, kind, obj, a, source) for a in q.any_of]
        if not any(v == YES for v, _ in subs):
            unk = [w for v, w in subs if v == UNKNOWN]
            if unk:
                results.append((UNKNOWN, unk[0]))
            else:
                return NO, "; ".join(w for _, w in subs)
    return None


def _status_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                 name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """A permanent's status: in combat (attacking, blocking, blocking it; CR 506.4), tapped or untapped (CR 110.5),
    with counters (CR 122.1; none on a card that changed zones, 122.2)."""
    if q.combat is not None:
        if perm is None:
            return NO, f"{name} is not on the battlefield, so it is not in combat (CR 506.4)"
        if not perm.is_creature:
            return NO, f"{name} is not a creature, so it is not in combat (CR 506.4)"
        if q.combat in ("blocking_it", "blocked_by_it", "blocking_or_blocked_by_it"):
            results.append(_combat_with_source(state, perm, q.combat, source))
        else:
            results.append(_combat(state, viewer, perm, q.combat))
    if q.tapped is not None:
        if perm is None:
            results.append((UNKNOWN, f"whether the card {name} is tapped is not meaningful here"))
        elif perm.tapped != q.tapped:
            return NO, f"{name} is {'untapped' if q.tapped else 'tapped'} (CR 110.5)"
    if q.counters:
        if perm is None:
            if kind == "card":
                return NO, f"{name} has no counters: counters do not stay on a card that changes zones (CR 122.2)"
            results.append((UNKNOWN, f"counters on the spell {name} are not part of the scenario"))
        else:
            for c in q.counters:
                have = sum(perm.counters.values()) if c == "" else int(perm.counters.get(c, 0))
                if have <= 0:
                    return NO, f"{name} has no {c + ' ' if c else ''}counter on it (CR 122.1)"
    return None


def _compare_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                  name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """Its numbers compared (power, toughness, mana value; CR 208.1, 202.3): with a number, with an amount
    (``amount_value``) or with the source's number."""
    for cmp in q.compare:
        n, why = _number(state, kind, obj, cmp.quantity)
        if n is not None and cmp.amount is not None:

            try:
                amt, amt_why = amount_value(state, viewer, cmp.amount, source)
            except Unsupported as e:
                results.append((UNKNOWN, str(e)))
                continue
            if not compare_numbers(n, cmp.op, amt):
                return NO, (f"{name} has {cmp.quantity.replace('_', ' ')} {n}, not {cmp.describe().rsplit(' the ', 1)[0]} "
                            f"{amt} ({amt_why}; CR 208.1)")
            continue
        if n is not None and cmp.against is not None:
            if source is None:
                results.append((UNKNOWN, f"“{cmp.describe()}”: the source is not known"))
                continue
            v, vwhy = _number(state, "permanent", source, cmp.against)
            if v is None:
                results.append((UNKNOWN, vwhy))
            elif not compare_numbers(n, cmp.op, v):
                return NO, (f"{name} has {cmp.quantity.replace('_', ' ')} {n}, not {cmp.describe().split(' the ')[0]} "
                            f"{source.name}'s {cmp.against.replace('_', ' ')} {v} (CR 208.1)")
            continue
        if n is None:
            results.append((UNKNOWN, why))
        elif not cmp.holds(n):
            return NO, f"{name} has {cmp.quantity.replace('_', ' ')} {n}, not {cmp.describe()} (CR {'202.3' if cmp.quantity == 'mana_value' else '208.1'})"
    return None


def _color_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """Its colours now (CR 105.2): every colour asked, one of them, none of those excluded, colorless, multicolored,
    monocolored."""
    if q.needs_colors:
        cs, why = _colors(state, kind, obj)
        if cs is None:
            results.append((UNKNOWN, why))
        else:
            cs = frozenset(c for c in cs if c in _COLOR_NAMES)
            bad = ""
            if any(c not in cs for c in q.colors):
                bad = f"is not {' and '.join(_COLOR_NAMES[c] for c in q.colors)}"
            elif q.colors_any and not any(c in cs for c in q.colors_any):
                bad = f"is not {' or '.join(_COLOR_NAMES[c] for c in q.colors_any)}"
            elif any(c in cs for c in q.not_colors):
                bad = f"is {' or '.join(_COLOR_NAMES[c] for c in q.not_colors if c in cs)}"
            elif q.colorless is not None and (not cs) != q.colorless:
                bad = "is not colorless" if q.colorless else "is colorless"
            elif q.multicolored and len(cs) < 2:
                bad = "is not multicolored"
            elif q.monocolored and len(cs) != 1:
                bad = "is not monocolored"
            if bad:
                return NO, f"{name} {bad} (CR 105.2)"
    return None


def _keyword_and_turn_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier,
                           source: Permanent | None, name: str, perm: Permanent | None,
                           results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """With or without keywords (CR 702, ``_has_keyword``); what it did this turn (``_this_turn``); a history the
    scenario does not hold is ``unknown``."""
    for kw, want in [(k, True) for k in q.keywords] + [(k, False) for k in q.without_keywords]:
        has, why = _has_keyword(state, kind, obj, kw)
        if has is None:
            results.append((UNKNOWN, why))
        elif has != want:
            return NO, f"{name} {'does not have' if want else 'has'} {kw} (CR 702)"
    if q.this_turn:
        results.append(_this_turn(state, viewer, kind, obj, q.this_turn))
    if q.history:
        results.append((UNKNOWN, f"whether {name} is one “{q.history}” is not modelled"))
    return None


_OBJECT_TESTS = (_identity_test, _attachment_test, _any_of_test, _status_test, _compare_test, _color_test,
                 _keyword_and_turn_test)


def _this_turn(state: GameState, viewer: str, kind: str, obj: Any, what: str) -> tuple[str, str]:
    """What a permanent did this turn, from the turn history (``models.game.turn.TurnHistory``: ``damage``, ``attacked``;
    what it does not list did not happen; an answer on the scenario's default turn says so): "that dealt damage to
    you this turn" (to ``viewer``, the ability's controller), "that dealt damage", "that was dealt damage" (CR
    120.1), "that attacked" (508.1). The history names permanents on the battlefield, so a card in another zone or
    a spell is unknown."""
    if kind != "permanent":
        return UNKNOWN, f"what the {kind} {obj.name} did this turn is not part of the turn history"
    hist = state.turn.history
    note = "" if state.turn.given else " (the scenario's default turn: nothing happened earlier this turn)"
    if what == "dealt_damage_to_you":
        ok, words, rule = hist.dealt_damage(obj.id, viewer), f"dealt damage to {viewer}", "120.1"
    elif what == "dealt_damage":
        ok, words, rule = hist.dealt_damage(obj.id), "dealt damage", "120.1"
    elif what == "was_dealt_damage":
        ok, words, rule = hist.was_dealt_damage(obj.id), "was dealt damage", "120.1"
    elif what == "fought":
        ok, words, rule = obj.id in hist.fought, "fought", "701.14"
    elif what == "entered":  # the permanent entry's entered_this_turn (CR 603.6a, 400.7)
        ok, words, rule = obj.entered_this_turn, "entered the battlefield", "603.6a, 400.7"
    else:
        ok, words, rule = obj.id in hist.attacked, "attacked", "508.1"
    if ok:
        return YES, f"{obj.name} {words} this turn"
    return NO, f"{obj.name} has not {words.replace('was dealt', 'been dealt')} this turn{note} (CR {rule})"


def _player_condition(state: GameState, viewer: str, who: str, cond: Any, source: Permanent | None) -> tuple[str, str]:
    """Whether the candidate player ``who`` meets a target player's condition (``Qualifier.player``: "target opponent
    who has more life than you do", CR 115.1, 601.2c): each ``Compare`` is read by the one evaluator
    (``solver.rules.quantities.amount_value``) with ``opponent`` bound to ``who``; a zone the scenario does not list (a
    hand) makes it unknown, naming it."""


    parts = cond.parts if isinstance(cond, AllOf) else (cond,)
    whys = []
    for c in parts:
        if not isinstance(c, Compare):
            return UNKNOWN, f"the player condition {c!r} is not modelled"
        if who == viewer:  # the controller as the target player: "that player" is "you"
            try:
                c = dataclasses.replace(c, left=_as_self(c.left), right=_as_self(c.right))
            except ValueError:
                return UNKNOWN, f"a condition on {viewer} as a target player of their own ability is not modelled"
        try:
            left, lw = amount_value(state, viewer, c.left, source, opponent=who)
            right, rw = amount_value(state, viewer, c.right, source, opponent=who)
        except Unsupported as e:
            return UNKNOWN, f"whether {who} meets the target's condition is unknown: {e}"
        if not compare_numbers(left, c.op, right):
            return NO, f"{lw}, {rw}: {who} does not meet the condition (CR 115.1)"
        whys.append(f"{lw}, {rw}")
    return YES, "; ".join(whys)


def _as_self(amount: Any) -> Any:
    """An amount of a player condition read for the ability's controller as the candidate: the candidate's
    (``opponent``) numbers are the controller's own. Raises ``ValueError`` for an amount kind not rewritten."""

    if isinstance(amount, (int, Fixed)):
        return amount
    if isinstance(amount, (LifeTotal, PlayerCounters, ThisTurn)):
        return dataclasses.replace(amount, whose="you") if amount.whose == "opponent" else amount
    if isinstance(amount, CountOf):
        f = amount.filter
        return CountOf(dataclasses.replace(f, controller="you")) if f.controller == "opponent" else amount
    if isinstance(amount, Sum):
        return dataclasses.replace(amount, parts=tuple(_as_self(p) for p in amount.parts))
    raise ValueError(repr(amount))


def filter_verdict(state: GameState, f: Any, obj: Permanent, viewer: str, subtypes: Any = None,
                   source: Permanent | None = None, kind: str = "permanent") -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether ``obj`` matches the typed filter ``f`` (``models.vocab.filters.Filter``)
    including its qualifier and alternatives ("green creature", "artifact or creature", "creature with
    defender"), as seen by ``viewer``.

    Parameters
    ----------
    obj : Permanent
        A permanent, or a card in a zone seen as one (``kind="card"``).
    subtypes : its subtypes now (``solver.rules.layers.board_view``), printed when omitted.
    source : the permanent the filter's ability belongs to ("other", "this").

    Raises
    ------
    ValueError
        A relation the plain filter cannot read (as ``solver.rules.layers.filter_matches``).
    """
    import dataclasses


    base = dataclasses.replace(f, qualifier=Qualifier(), alternatives=())
    if not filter_matches(base, obj, viewer, subtypes, source):
        return NO, f"{obj.name} is not {f.words or f.describe()}"
    if f.alternatives:
        verdicts = [filter_verdict(state, a, obj, viewer, subtypes, source, kind) for a in f.alternatives]
        if any(v == YES for v, _ in verdicts):
            inner = (YES, "")
        else:
            unk = [w for v, w in verdicts if v == UNKNOWN]
            inner = (UNKNOWN, unk[0]) if unk else (NO, f"{obj.name} is not {f.words or f.describe()}")
        if inner[0] == NO or f.qualifier.empty:
            return inner
        qv = qualifier_verdict(state, viewer, kind, obj, f.qualifier, source)
        return qv if qv[0] != YES else inner
    return qualifier_verdict(state, viewer, kind, obj, f.qualifier, source)


def colors_of(perm: Permanent) -> frozenset[str]:
    """A permanent's colours from its card (CR 105.2, 202.2: mana cost and colour indicator): its front face for a
    double-faced or adventurer card on the battlefield (CR 712.8, 715.4). ``Unsupported`` for a split permanent
    (a Room, CR 709.5)."""
    card = perm.card
    if card.is_split:
        raise Unsupported(f"{perm.name}: the colours of a split permanent (CR 709.5) are not modelled")
    if card.faces:
        f = card.front
        if f.colors is not None:
            return frozenset(f.colors)
        return frozenset((f.mana_cost.colors if f.mana_cost else frozenset()) | (f.color_indicator or frozenset()))
    return frozenset(card.colors)
