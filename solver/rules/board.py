"""The board as the rules read it: every permanent's characteristics now, the layers (CR 613) applied with the
rules' own reader of conditions.

The layers (``solver.rules.layers``) take the reader of the conditions their effects apply under ("as long as ...",
CR 604.1, 611.3a) as an argument; the one evaluator of conditions, ``solver.rules.quantities.condition_holds``, reads
the board back through them. This module joins the two, so every rule above asks here: ``board_view(state)``,
``permanent_abilities(state, perm)`` (the one place solvers ask "what abilities does this permanent have"),
``battlefield_abilities``, ``has_keyword``, ``is_creature_now``. The view is computed once per state and kept with it
until the board changes (``layers.board_view``), so asking again is a lookup.
"""
from __future__ import annotations

from typing import Iterable, Iterator

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.solver.rules import budget as _budget
from mtgcheck.solver.rules import layers
from mtgcheck.solver.rules.layers import PermView
from mtgcheck.solver.rules.quantities import condition_holds


def board_view(state: GameState) -> dict[str, PermView]:
    """Every permanent's subtypes and abilities after type-changing and ability-granting effects
    (``solver.rules.layers.board_view`` with ``condition_holds`` as the reader of their conditions).

    Returns a dict mapping permanent id to ``PermView``. Raises ``Unsupported`` for an effect whose filter or condition
    is not understood, naming the effect. References: CR 305.6, 305.7, 604.1, 611.3a, 613.1d, 613.1f, 613.7, 613.8.
    """
    return layers.board_view(state, condition_holds)


def permanent_abilities(state: GameState, perm: Permanent) -> tuple[Ability, ...]:
    """Every ability the permanent has now, in order: intrinsic basic-land-type mana abilities first
    (CR 305.6), then its own abilities (catalog model or parsed oracle text) unless a type-setting effect
    removed them (CR 305.7), then abilities granted by other effects (CR 613.1f).

    Returns a tuple of ``Ability``.
    """
    return layers.permanent_abilities(state, perm, condition_holds)


def has_keyword(state: GameState, perm: Permanent, keyword: str) -> bool:
    """Whether the permanent has a keyword ability now (printed, in its model or granted by a typed effect), e.g.
    ``"haste"`` (CR 702). Unmodelled text that could grant or remove it is the gate's (``solver.rules.gate``: the
    activation and keyword topics), checked before any question is answered.
    """
    return layers.has_keyword(state, perm, keyword, condition_holds)


def is_creature_now(state: GameState, perm: Permanent) -> bool:
    """Whether the permanent is a creature now: its card's types, or those a ``SelfTypeChange`` of its own gives it
    while its condition holds (layer 4, CR 613.1d). What summoning sickness reads (CR 302.6)."""
    v = board_view(state).get(perm.id)
    if v is not None and v.types is not None:
        return "Creature" in v.types
    return perm.is_creature


def battlefield_abilities(state: GameState, perms: Iterable[Permanent] | None = None) -> Iterator[tuple[Permanent, tuple[Ability, ...]]]:
    """``(perm, permanent_abilities(state, perm))`` for each of ``perms`` (permanents on the battlefield; default:
    all of them, in order),
    reading the layer view once for the whole loop instead of once per permanent (checking that a
    stored view is still valid walks the board, so one check per permanent was quadratic). Counts one budget
    state per permanent, as ``permanent_abilities`` does; the view is read only when there is a permanent.
    The state must not change while the loop runs.

    Returns an iterator of (Permanent, tuple of Ability).
    """
    view: dict[str, PermView] | None = None
    for perm in (state.battlefield if perms is None else perms):
        _budget.tick(1, "looking at permanents' abilities")
        if view is None:
            view = board_view(state)
        v = view.get(perm.id)
        yield perm, (v.abilities if v is not None else permanent_abilities(state, perm))
