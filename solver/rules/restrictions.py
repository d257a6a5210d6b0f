"""Activation and casting restrictions read against the turn (``models.vocab.permissions.TimingRestriction``).

``restriction_problems(state, player, r, source=..., ability_index=...)`` says why a restricted ability cannot be
activated, or a restricted spell cast, now (empty: it can), with the lines an explanation gives when it can
(``restriction_notes``). The step, the stack and the history come from ``GameState.turn`` (models/game/turn.py): the
scenario's ``turn:``, else the default — the active player's precombat main phase with nothing done earlier this
turn — and every answer relying on the default says so.

``spell_timing_problems(state, player, card)``: the timing of casting itself (CR 117.1a, 307.1, 301.1, 302.1,
303.1, 306.1, 310.1): a spell without flash (702.8a) is cast only by the active player in a main phase of their
turn while the stack is empty; an instant any time its caster has priority (304.1).

Conditions the rules here cannot evaluate raise ``Unsupported`` naming the sentence: never a guess.

References: CR 117.1a-b, 304.5, 307.5, 506.1, 508.1, 509.1, 601.3, 602.5, 602.5b, 602.5d-e, 605.3a, 702.8a.
"""
from __future__ import annotations

from typing import Any

from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.costs import has_name
from mtgcheck.models.vocab.permissions import CantCast, FreeCastPermission, TimingRestriction
from mtgcheck.models.vocab.conditions import ControlsAtLeast, OpponentControlsMore
from mtgcheck.models.vocab.logic import Not
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.models.vocab.self_flash import SelfFlash
from mtgcheck.models.game.state import sorcery_timing
from mtgcheck.models.game.turn import TurnStep

from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.quantities import condition_holds  # the one evaluator of conditions (re-exported for older callers)
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.reasons import Problem, Reason
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.permissions import CastAsThoughFlash
from mtgcheck.solver.rules.quantities import card_matches_filter
from mtgcheck.models.vocab.keywords import KeywordKind

_STEP_ORDER = {s.value: s.order for s in TurnStep}


def _label(step: str) -> str:
    return TurnStep(step).label


def _when(state: GameState) -> str:
    return state.turn.describe(state.active)




def restriction_problems(state: GameState, player: str, r: TimingRestriction, *, source: Permanent | None = None,
                         ability_index: int | None = None, what: str = "") -> list[str]:
    """Why ``player`` cannot activate the restricted ability (or cast the restricted spell) now; empty: allowed.

    Parameters
    ----------
    state : GameState
        Its ``turn`` (step, history), ``active`` player and ``stack`` are read.
    player : str
        Who activates or casts (an ability's controller; "any player may activate" lets others too, CR 602.2).
    r : TimingRestriction
    source : Permanent or None
        The permanent whose ability it is (counters, "this creature is attacking", activations this turn).
    ability_index : int or None
        Its activated-ability number from 1 (``TurnHistory.activations``), for "once each turn" (CR 602.5b).
    what : str
        Names the ability or spell in the reasons.

    Returns
    -------
    list of str, each naming the rule (CR 602.5, 307.5, 601.3) and the turn ("the scenario's default turn" when the
    scenario did not give ``turn:``).

    Raises
    ------
    Unsupported
        A part that cannot be evaluated (a condition not modelled, a turn count not given), naming the sentence.
    """
    rule = "CR 602.5" if r.of == "activate" else "CR 601.3"
    verb = "activated" if r.of == "activate" else "cast"
    head = f"“{r.text}”" + (f" ({what})" if what else "")
    out: list[str] = []
    turn = state.turn
    if r.timing == "sorcery":
        why = sorcery_timing(state, player)
        if why:
            out.append(f"{head}: it can be {verb} only when a sorcery could be cast, and {why}; "
                       f"{'CR 602.5d, 307.5' if r.of == 'activate' else 'CR 307.5'}")
    if r.turn == "yours" and player != state.active:
        out.append(f"{head}: only during {player}'s own turn, and it is {_when(state)} ({rule})")
    if r.turn == "opponents" and player == state.active:
        out.append(f"{head}: only during an opponent's turn, and it is {_when(state)} ({rule})")
    step = turn.step.value
    if r.steps and step not in r.steps:
        allowed = ", ".join(_label(s) for s in r.steps)
        out.append(f"{head}: only during the {allowed}, and it is {_when(state)} ({rule}, 500.1)")
    if r.before is not None and not _STEP_ORDER[step] < _STEP_ORDER[r.before]:
        out.append(f"{head}: only before the {_label(r.before)}"
                   + (" (when attackers are declared, CR 508.1)" if r.before == "declare_attackers" else
                      " (when blockers are declared, CR 509.1)" if r.before == "declare_blockers" else "")
                   + f", and it is {_when(state)} ({rule})")
    if r.after is not None and not _STEP_ORDER[step] > _STEP_ORDER[r.after]:
        out.append(f"{head}: only after the {_label(r.after)}, and it is {_when(state)} ({rule})")
    if r.per_turn is not None:
        done = turn.history.activations_of(source.id, ability_index) if source is not None and ability_index else 0
        if done >= r.per_turn:
            out.append(f"{head}: it was already activated {done} time(s) this turn (CR 602.5b)")
    if r.per_game is not None:
        done = _activations_ever(state, source, ability_index)
        if done >= r.per_game:
            out.append(f"{head}: it was already activated {done} time(s) since {source.name if source else 'it'} "
                       f"entered the battlefield (CR 602.5b)")
    if r.from_own_turn is not None:
        n = turn.turn_number(player)
        if n is None:
            raise Unsupported(f"{head}: how many turns {player} has begun this game is not given (turn: number)")
        if n < r.from_own_turn:
            out.append(f"{head}: {player} has begun {n} turn(s) of the game ({rule})")
    if r.not_own_turns_upto is not None and player == state.active:
        n = turn.turn_number(player)
        if n is None:
            raise Unsupported(f"{head}: how many turns {player} has begun this game is not given (turn: number)")
        if n <= r.not_own_turns_upto:
            out.append(f"{head}: it is {player}'s turn {n} of the game ({rule})")
    for cond in r.conditions:
        ok, why = condition_holds(state, player, cond, source, r.text)
        if not ok:
            out.append(f"{head}: {why} ({rule})")
    return out


def _activations_ever(state: GameState, source: Permanent | None, ability_index: int | None) -> int:
    """How many times ability ``ability_index`` of ``source`` was activated since it entered the battlefield (the
    permanent entry's ``activations``, at least this turn's history; CR 602.5b, 400.7)."""
    if source is None or not ability_index:
        return 0
    return max(int(source.activations.get(ability_index, 0)), state.turn.history.activations_of(source.id, ability_index))


def restriction_notes(state: GameState, player: str, r: TimingRestriction, source: Permanent | None = None,
                      ability_index: int | None = None) -> list[str]:
    """The explanation of a restriction that holds: what was read ("it is Alice's precombat main phase (the
    scenario's default turn) and the stack is empty", the conditions' counts)."""
    bits: list[str] = []
    if r.timing == "sorcery":
        bits.append(f"{player} could cast a sorcery: it is {_when(state)} and the stack is empty (CR 307.5)")
    if r.turn or r.steps or r.before or r.after or r.not_own_turns_upto:
        bits.append(f"it is {_when(state)}")
    if r.per_turn is not None:
        done = state.turn.history.activations_of(source.id, ability_index) if source is not None and ability_index else 0
        bits.append(f"activated {done} time(s) earlier this turn" + ("" if state.turn.given else
                                                                     " (the scenario's default turn)") + " (CR 602.5b)")
    if r.per_game is not None:
        done = _activations_ever(state, source, ability_index)
        listed = source is not None and bool(source.activations)
        bits.append(f"activated {done} time(s) since it entered" + ("" if listed else
                    " (the scenario's permanent entry lists no activations: never)") + " (CR 602.5b)")
    if r.from_own_turn is not None:
        bits.append(f"{player} has begun {state.turn.turn_number(player)} turn(s) of the game")
    for cond in r.conditions:
        bits.append(condition_holds(state, player, cond, source, r.text)[1])
    return [f"its restriction “{r.text}” is met: " + "; ".join(bits)] if bits else []


def remaining_activations(state: GameState, r: TimingRestriction | None, source: Permanent, ability_index: int) -> int | None:
    """How many more times a restricted ability may be activated this turn ("once each turn", CR 602.5b); ``None``:
    no such limit."""
    if r is None or (r.per_turn is None and r.per_game is None):
        return None
    left = [r.per_turn - state.turn.history.activations_of(source.id, ability_index)] if r.per_turn is not None else []
    if r.per_game is not None:
        left.append(r.per_game - _activations_ever(state, source, ability_index))
    return max(0, min(left))


def _has_flash(card: Any) -> bool:

    if any(str(k).lower() == "flash" for k in getattr(card, "keywords", ()) or ()):
        return True
    return any(isinstance(a.effect, Keyword) and a.effect.keyword == "flash" for a in abilities_of(card))


def flash_permission(state: GameState, player: str, card: Any, owner: str | None = None) -> str | None:
    """The permanent whose static ability lets ``player`` cast ``card`` as though it had flash, in words, or ``None``
    (``models.vocab.permissions.CastAsThoughFlash``; CR 702.8a, 117.1a, 601.3).

    A permission is its controller's ("You may cast ...", "... spells you cast have flash"), every player's ("Any
    player may cast ..."), or given to cards by their owner ("Creature cards you own ... have flash", Teferi, Mage of
    Zhalfir: the card has flash whoever casts it, CR 702.8a, 108.3). ``owner`` is the card's owner (``None``: the
    caster, who owns the cards in their own hand, library and graveyard, CR 108.3, 404.1; the zones a scenario casts
    from are the caster's). Another player's "You may cast spells as though they had flash" (Leyline of Anticipation
    under Bob) changes nothing for ``player``. The card must match the permission's ``spells`` (its card types,
    supertypes, subtypes and colours as a card, CR 205, 105.2).

    Raises
    ------
    Unsupported
        Whether the card matches cannot be read (a qualifier the card's characteristics do not decide).
    """


    view = board_view(state)
    for perm in state.battlefield:
        v = view.get(perm.id)
        for a in (v.abilities if v is not None else ()):
            e = a.effect
            if not isinstance(e, CastAsThoughFlash):
                continue
            holder = {"any": None, "owner": owner or player}.get(e.who, player)
            if holder is not None and perm.controller != holder:
                continue
            if card_matches_filter(state, player, e.spells, card, a.text):
                return f"{perm.name} (“{a.text}”)"
    return None


def priority_problems(state: GameState, what: str) -> list[str]:
    """Why no spell can be cast and no ability activated now for want of priority (empty: players get priority).

    No player receives priority during the untap step (CR 502.4), and normally none during the cleanup step
    (514.3); there players get priority only if state-based actions are performed or triggered abilities are
    waiting (514.3a), which a scenario does not record, so that case is not answered.

    Parameters
    ----------
    state : GameState
        Its ``turn.step`` is read.
    what : str
        "cast" or "activate", for the reason.

    Raises
    ------
    Unsupported
        In the cleanup step (CR 514.3, 514.3a).
    """
    step = state.turn.step
    if step is TurnStep.UNTAP:
        verb = "cast" if what == "cast" else "activated"
        return [Problem(Reason.NO_PRIORITY, f"no player receives priority during the untap step, so nothing can be "
                                            f"{verb} in {_when(state)} (CR 502.4)")]
    if step is TurnStep.CLEANUP:
        raise Unsupported(f"in {_when(state)} no player normally receives priority (CR 514.3); whether players get "
                          f"it because state-based actions were performed or abilities triggered (514.3a) is not "
                          f"recorded in the scenario")
    return []


def split_second_problems(state: GameState, what: str) -> list[str]:
    """Why nothing can be ``what`` ("cast", or "activate" for an ability that is not a mana ability) while a spell with
    split second is on the stack (CR 702.61a: "As long as this spell is on the stack, players can't cast other spells
    or activate abilities that aren't mana abilities"); empty when no spell on the stack has it. Mana abilities and
    special actions are still allowed (702.61b)."""

    for controller, cards in state.zones.get("stack", {}).items():
        for inst in cards:
            if any(isinstance(a.effect, Keyword) and a.effect.family is KeywordKind.SPLIT_SECOND
                   for a in abilities_of(inst.card)):
                verb = "cast other spells" if what == "cast" else "activate abilities that aren't mana abilities"
                return [Problem(Reason.SPLIT_SECOND, f"{inst.card.name} ({controller}'s spell) with split second is on "
                                                     f"the stack: players can't {verb} (CR 702.61a)")]
    return []


def own_flash(state: GameState, player: str, card: Any) -> tuple[Any, str] | None:
    """The card's own permission to be cast as though it had flash that holds now (``SelfFlash``: "You may cast this
    spell as though it had flash [if you pay {2} more to cast it]", "This spell has flash as long as [condition]"; CR
    702.8a, 601.3), with the words why; ``None`` when it has none or its condition does not hold. A permission without
    extra mana is preferred to one that costs more (the caster chooses which permission to use).

    Raises
    ------
    Unsupported
        A condition that cannot be read in this state (``solver.rules.quantities``), naming the card and the sentence.
    """
    found: list[tuple[Any, str]] = []
    for a in abilities_of(card):
        e = a.effect
        if not isinstance(e, SelfFlash):
            continue
        why = ""
        if e.condition is not None:
            ok, why = condition_holds(state, player, e.condition, None, f"{card.name}: “{e.text or a.text}”")
            if not ok:
                continue
        found.append((e, why))
    found.sort(key=lambda p: bool(p[0].extra))
    return found[0] if found else None


def self_flash_extra(state: GameState, player: str, card: Any) -> tuple[Any, str] | None:
    """The mana ``card`` costs more because it is cast now only through its own "You may cast this spell as though it
    had flash if you pay {2} more to cast it" (CR 702.8a, 601.2f), as ``(ManaCost, explanation)``; ``None`` when it
    may be cast now without it: an instant, flash, sorcery timing, another permission (a permanent's, CR 601.3; its
    own without extra mana). Priority and split second are the timing rules' (``spell_timing_problems``)."""
    if card.is_type("Instant") or _has_flash(card) or sorcery_timing(state, player) is None:
        return None
    if flash_permission(state, player, card):
        return None
    got = own_flash(state, player, card)
    if got is None or not got[0].extra:
        return None
    e = got[0]
    return (ManaCost.parse(e.extra), f"{card.name} is cast as though it had flash ({_when(state)}): “{e.text}” — "
                                     f"{e.extra} more (CR 702.8a, 601.2f)")


def spell_timing_problems(state: GameState, player: str, card: Any) -> list[str]:
    """Why ``player`` cannot cast ``card`` now by the timing rules of its card type (empty: they may).

    An instant, or a card with flash (CR 702.8a), may be cast any time its caster has priority (CR 117.1a, 304.1);
    any other spell only in a main phase of its caster's turn with an empty stack (CR 117.1a, 307.1; 301.1 artifacts,
    302.1 creatures, 303.1 enchantments, 306.1 planeswalkers, 310.1 battles). Effects that let a card be cast "as
    though it had flash" are unmodelled text for the gate (CR 702.8, 601.3); its own restriction sentences are
    ``cast_restriction_problems``."""
    no_priority = priority_problems(state, "cast") or split_second_problems(state, "cast")
    if no_priority:
        return no_priority
    if card.is_type("Instant") or _has_flash(card):
        return []
    why = sorcery_timing(state, player)
    if why is not None and flash_permission(state, player, card):
        return []
    if why is None:
        return []
    if own_flash(state, player, card) is not None:  # its own permission (CR 702.8a, 601.3)
        return []
    kind = next((t.lower() for t in ("Sorcery", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle", "Kindred")
                 if card.is_type(t)), "noninstant")
    return [f"{card.name} is {'an' if kind[0] in 'aeiou' else 'a'} {kind} spell without flash: it can be cast only during a main phase of its caster's turn "
            f"while the stack is empty, and {why}"]


def cast_restrictions(card: Any) -> list[TimingRestriction]:
    """The card's own "Cast this spell only ..." restrictions (CR 601.3)."""
    import dataclasses

    return [a.effect if a.effect.text else dataclasses.replace(a.effect, text=a.text) for a in abilities_of(card)
            if isinstance(a.effect, TimingRestriction) and a.effect.of == "cast"]


def cast_restriction_problems(state: GameState, player: str, card: Any) -> list[str]:
    """Why ``card``'s own casting restrictions forbid ``player`` to cast it now (CR 601.3), or a permanent's "can't
    cast" (``cant_cast_problems``); empty: none do."""
    out: list[str] = []
    for r in cast_restrictions(card):
        out.extend(restriction_problems(state, player, r, what=card.name))
    return out + cant_cast_problems(state, player, card)


def cant_cast_problems(state: GameState, player: str, card: Any) -> list[str]:
    """Why a permanent's "Spells with the chosen name can't be cast" / "Your opponents can't cast spells with the
    chosen name" (``CantCast``) forbids ``player`` to cast ``card`` (CR 101.2: "can't" wins over any permission;
    607.2d: the name chosen as it entered, the permanent's ``choices.card_name``; 201.2). Empty: none does.

    Raises
    ------
    Unsupported
        Such a permanent whose chosen name the scenario does not give.
    """
    out: list[str] = []
    view = None
    for perm in state.battlefield:
        view = view or board_view(state)
        for a in view[perm.id].abilities:
            e = a.effect
            if not isinstance(e, CantCast):
                continue
            if e.who == "opponents" and player == perm.controller:
                continue
            name = (perm.choices or {}).get("card_name")
            if not name:
                raise Unsupported(f"{perm.name}: “{a.text}” needs the card name chosen as it entered; give it as "
                                  "choices: {card_name: ...} (CR 607.2d)", text=a.text, card=perm.name)
            if has_name(card, str(name)):
                who = (f"{player}, an opponent of its controller, can't" if e.who == "opponents"
                       else "no player can")
                out.append(f"{perm.name} (the chosen name {name}): “{a.text}” — {who} cast {card.name} "
                           "(CR 101.2, 607.2d)")
    return out


#: Conditions a payment could make true by removing permanents (sacrificing a land for mana can give an opponent
#: more lands than you; sacrificing the last creature makes "you control no creatures" true).
_GROWS_WHEN_REMOVED = (Not, OpponentControlsMore)
#: Conditions that count permanents on the battlefield.
_COUNTS_PERMANENTS = (ControlsAtLeast, Not, OpponentControlsMore)
#: Cost parts that take a permanent off the battlefield (CR 701.21a sacrifice; return; exile).
_REMOVES = ("sacrifice", "sacrifice_all", "return", "exile")


def restricted_source_limit(state: GameState, perm: Permanent, ab: Any, index: int, limit: int | None) -> int | None:
    """How many times a restricted mana ability of ``perm`` can be activated now to pay or to make mana (0: not
    at all), for ``solver.rules.mana.sources`` (CR 602.5, 605.3a).

    A mana ability is activated while its controller has priority or while a cost is being paid (CR 605.3a); its
    restriction is checked as it is activated (CR 602.5). Mana made before a spell is cast stays in the pool
    while it is cast (CR 106.4), so a mana ability restricted to sorcery timing can pay a spell when sorcery timing
    holds in the scenario's step (activated just before casting begins; while casting, the spell is on the stack,
    CR 601.2a, so not then). Its conditions are read in the state before any mana ability of the payment is
    activated, when they can be activated first (``check_restricted_order``).

    Raises
    ------
    Unsupported
        A condition that cannot be evaluated, or one that is false now but could become true while paying (a
        permanent sacrificed for mana, ``_GROWS_WHEN_REMOVED``), naming the ability.
    """
    r = ab.restriction
    if not isinstance(r, TimingRestriction):
        return limit
    problems = restriction_problems(state, perm.controller, r, source=perm, ability_index=index)
    if problems:
        if any(isinstance(c, _GROWS_WHEN_REMOVED) and not condition_holds(state, perm.controller, c, perm, r.text)[0]
               for c in r.conditions):
            raise Unsupported(f"{perm.name}: “{ab.describe()}”: its condition is false now but could become true while "
                              f"mana is made (a permanent sacrificed or returned for mana); the order of mana "
                              f"abilities is not modelled for it (CR 602.5, 605.3a)")
        return 0
    rem = remaining_activations(state, r, perm, index)
    if rem is not None:
        limit = rem if limit is None else min(limit, rem)
    return limit


def check_restricted_order(state: GameState, player: str, sources: list) -> None:
    """Make sure the restricted mana sources' conditions, read in the current state, stay exact for a payment.

    Each restricted mana ability whose condition holds now can be activated first, before any mana ability whose
    cost removes a permanent (the player chooses the order of mana abilities, CR 601.2g, 605.3a), so its condition
    is met when it is activated. That fails only when a restricted ability's own cost removes a permanent that
    another restricted ability's condition counts; that case raises ``Unsupported`` naming both.
    """
    counting = [s for s in sources if isinstance(s.ability.restriction, TimingRestriction)
                and any(isinstance(c, _COUNTS_PERMANENTS) for c in s.ability.restriction.conditions)]
    if not counting:
        return
    removers = [s for s in sources if isinstance(s.ability.restriction, TimingRestriction)
                and any(p.action in _REMOVES for p in s.other_costs)]
    for a in counting:
        for b in removers:
            if a is not b or (a.limit or 0) > 1:
                raise Unsupported(f"{b.name}: “{b.ability.describe()}” removes a permanent as it is activated, and "
                                  f"{a.name}: “{a.ability.describe()}” counts permanents to be activated: which order "
                                  f"the payment may use is not modelled (CR 602.5, 605.3a)")


def timing_notes(state: GameState, player: str, card: Any) -> list[str]:
    """The explanation lines of a spell's timing that allows casting it now (see ``spell_timing_problems``)."""
    out: list[str] = []
    permission = None if card.is_type("Instant") or _has_flash(card) or sorcery_timing(state, player) is None \
        else flash_permission(state, player, card)
    if card.is_type("Instant") or _has_flash(card):
        out.append(f"{card.name} may be cast any time {player} has priority "
                   f"({'an instant, CR 117.1a, 304.1' if card.is_type('Instant') else 'flash, CR 702.8a'})")
    elif permission:
        out.append(f"{permission} lets {player} cast {card.name} as though it had flash, although it is {_when(state)} "
                   f"(CR 702.8a, 117.1a)")
    elif sorcery_timing(state, player) is not None and (own := own_flash(state, player, card)) is not None:
        out.append(f"its own text lets {player} cast {card.name} as though it had flash, although it is {_when(state)}: "
                   f"“{own[0].text}”{' (' + own[1] + ')' if own[1] else ''} (CR 702.8a, 117.1a)")
    else:
        out.append(f"{player} may cast a noninstant spell now: it is {_when(state)} and the stack is empty (CR 117.1a, 307.1)")
    for r in cast_restrictions(card):
        out.extend(restriction_notes(state, player, r))
    return out


def free_cast_permissions(state: GameState, player: str, card: Any, zone: str) -> list[tuple[Any, Any]]:
    """The permanents whose "[who] may cast [spells] ... without paying their mana costs" (``FreeCastPermission``)
    lets ``player`` cast ``card`` from ``zone`` for {0} (CR 118.9, 601.2b), as ``(permanent, effect)`` pairs: the
    spell's types and subtypes (CR 205), its mana value (202.3; X is 0, 107.3b), who may, and "from your hand"."""
    out = []
    view = board_view(state)
    for perm in state.battlefield:
        for a in view[perm.id].abilities:
            e = a.effect
            if not isinstance(e, FreeCastPermission):
                continue
            if e.who == "you" and perm.controller != player:
                continue
            if e.from_hand and zone != "hand":
                continue
            if e.types and not any(card.is_type(t) for t in e.types):
                continue
            if e.mv_at_most is not None and card.mana_value(0) > e.mv_at_most:
                continue
            out.append((perm, e))
    return out
