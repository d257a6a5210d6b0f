"""Whether a spell may be cast, before its costs are paid (CR 601.2a-c, 601.3, 117.1a, 118.3): one function that
every question casting a spell asks (``cast`` and ``payments``, ``solver.questions.payment``; ``delve``,
``solver.questions.delve``), so they never disagree on a board.

The steps of casting a spell come in order (CR 601.2): the player must be allowed to cast it now (its card type's
timing, CR 117.1a, 307.1, flash 702.8a; its own restrictions, 601.3), then chooses its modes and targets (601.2b-c: a
spell that needs a target it cannot choose cannot be cast), then determines and pays its total cost (601.2f-h: a
cost that cannot be paid fully cannot be paid at all, 118.3). ``precost_problems`` is everything before the mana is
paid: timing, targets and the parts of the total cost that are not mana (sacrifices, discards, exiles, life).
"""
from __future__ import annotations

from typing import Any, Iterable

from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.reasons import Reason, tagged
from mtgcheck.solver.rules.errors import QuestionError
from mtgcheck.solver.rules.restrictions import (
    cast_restriction_problems, free_cast_permissions, priority_problems, spell_timing_problems,
    split_second_problems, timing_notes,
)
from mtgcheck.solver.rules.targets import (
    AWAKEN_TARGET, cast_target_notes, cast_targets, chosen_target_problems, cleave_targets, mutate_target_problems,
    spree_targets, target_problems, with_added_target,
)



def precost_problems(state: GameState, player: str, card: Any, tc: Any, zone: str = "hand",
                     chosen: Iterable[Any] | None = None, using: str | None = None) -> list[str]:
    """Why ``player`` cannot cast ``card`` now, before its mana is paid (empty: nothing stops it so far).

    Parameters
    ----------
    state : GameState
    player : str  who casts it.
    card : Card  the card (or the half or face) as cast.
    tc : solver.rules.costs.TotalCost  its total cost (CR 601.2f); the explanation lines of the timing that allows casting
        it now are added to ``tc.steps``.
    zone : str  the zone it is cast from (its own card is on the stack then, CR 601.2a).
    chosen : iterable, optional  the targets the question chooses (each checked for its phrase, CR 601.2c); ``None``:
        whether each target has some legal choice.
    using : str, optional  the alternative cost it is cast with; overloaded, it has no targets (CR 702.96b).

    Returns
    -------
    list of str
        The reasons in player terms, in the order of CR 601.2: timing and the card's own restrictions (CR 117.1a,
        601.3), targets (601.2c), non-mana cost parts (118.3; ``solver.rules.costs.nonmana_problems``).

    Raises
    ------
    Unsupported
        A cost part that is not modelled (``solver.rules.payable``, the one reader of cost parts), a target phrase not
        understood, or a legality that depends on something not modelled (the message names it).
    QuestionError
        A chosen target that matches nothing or several objects.

    References: CR 601.2a-c, 601.2f-h, 601.3, 117.1a, 118.3.
    """
    from mtgcheck.solver.rules import costs as costs_mod

    # when it may be cast (CR 117.1a, 307.1; flash 702.8a) and its own "Cast this spell only ..." (601.3)
    timing = spell_timing_problems(state, player, card)
    free = _free_permission_note(free_cast_permissions(state, player, card, zone), player, card, using, bool(timing))
    if free is not None:
        tc.steps.append(free[0])
        if free[1]:  # "as though it had flash" with the permission (Aluren): priority is all it needs (CR 117.1a)
            timing = priority_problems(state, "cast") or split_second_problems(state, "cast")
    timing = (tagged(Reason.TIMING, timing)
              + tagged(Reason.CAST_RESTRICTION, cast_restriction_problems(state, player, card)))
    if not timing and not (free is not None and free[1]):
        tc.steps.extend(timing_notes(state, player, card))
    # 601.2c (targets) comes before 601.2f-h (costs): a spell without a legal target cannot be cast
    if str(using or "").lower() == "overload":
        # an overloaded spell's text says "each" wherever it said "target": it has no targets (CR 702.96b)
        if chosen is not None:

            raise QuestionError(f"{card.name} cast with overload has no targets (CR 702.96b); leave out 'targets'")
        aims: list[str] = []
        tc.steps.append("overloaded, it has no targets: every \"target\" in its text reads \"each\" (CR 702.96b)")
    else:
        choices = getattr(tc, "choices", None)
        way = str(using or "").lower()
        if chosen is not None and way in ("mutate", "awaken"):
            raise Unsupported(f"checking chosen targets of {card.name} cast for its {way} cost is not modelled (CR "
                              f"702.140a, 702.113a); leave out 'targets' to ask whether it has legal targets")
        spree = (choices or {}).get("spree")
        if chosen is not None and spree:
            raise Unsupported(f"checking chosen targets of {card.name}'s spree modes is not modelled (CR 702.172a); "
                              f"leave out 'targets' to ask whether the chosen modes have legal targets")
        if chosen is not None and way == "cleave":
            raise Unsupported(f"checking chosen targets of {card.name} cast for its cleave cost is not modelled (CR "
                              f"702.148a); leave out 'targets' to ask whether it has legal targets")
        if chosen is None:
            # cast for its cleave cost, the words in square brackets are removed (CR 702.148a)
            st = cleave_targets(card, choices) if way == "cleave" else cast_targets(card, choices)
            if way == "cleave":
                tc.steps.append("cast for its cleave cost: the words in square brackets are removed from its text, and "
                                "its targets are read without them (CR 702.148a)")
            if spree:  # the chosen spree modes' targets, all of them (CR 702.172a, 700.2c, 601.2c)
                st = spree_targets(st, spree)
            if way == "awaken":  # awaken adds "target land you control" (CR 702.113a, 601.2c)
                st = with_added_target(st, AWAKEN_TARGET)
                tc.steps.append("cast for its awaken cost, it also targets a land you control (CR 702.113a)")
            aims = target_problems(state, player, card, cast_from=(zone, player), choices=choices,
                                   x=getattr(tc, "x", None), targets=st)
            if way == "mutate":  # a mutating creature spell targets a non-Human creature it shares an owner with
                tc.steps.append("cast for its mutate cost, it is a mutating creature spell that targets a non-Human "
                                f"creature {player} owns (CR 702.140a)")
                aims = aims + mutate_target_problems(state, player, card, player)
        else:  # the targets the question chooses, each legal for its phrase (CR 601.2c)
            aims = chosen_target_problems(state, player, card, list(chosen), choices=choices)
        # which targets the kicker, gift or entwine chosen (or not) make the spell require (CR 601.2c)
        tc.steps.extend(cast_target_notes(card, choices))
    return (timing + tagged(Reason.NO_LEGAL_TARGET, aims)
            + tagged(Reason.COST_PART, costs_mod.nonmana_problems(state, player, card, tc, zone)))


def _free_permission_note(perms: list[tuple[Any, Any]], player: str, card: Any, using: str | None,
                          timing_fails: bool) -> tuple[str, bool] | None:
    """For a spell cast without paying its mana cost (``using: free``): the permanent whose permission allows it
    (``perms``: ``solver.rules.restrictions.free_cast_permissions``; CR 118.9) and whether that permission also lets it be cast as though
    it had flash (Aluren ruling 2004-10-04; CR 702.8a), as ``(explanation line, flash)``; ``None`` when not cast that
    way or no permanent gives such a permission (then the question's ``using: free`` stands for an effect the
    scenario does not show)."""
    if str(using or "").lower() not in ("free", "without paying its mana cost", "without_paying"):
        return None
    if not perms:
        return None
    flash = next(((p, e) for p, e in perms if e.as_though_flash), None)
    if flash is not None and timing_fails:
        return (f"{flash[0].name} lets {player} cast {card.name} without paying its mana cost and as though it had "
                "flash (CR 118.9, 702.8a; Aluren ruling 2004-10-04)", True)
    return (f"{perms[0][0].name} lets {player} cast {card.name} without paying its mana cost (CR 118.9)", False)
