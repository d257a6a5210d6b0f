"""Summoning sickness in one place (CR 302.6): may a permanent's own {T} and {Q} abilities be activated now?

CR 302.6: a creature's activated ability with the tap symbol or the untap symbol in its activation cost can't be
activated unless the creature has been under its controller's control continuously since their most recent turn
began; haste lifts it (CR 702.10b), and so does an effect that lets the controller activate the creature's abilities
"as though it had haste" (Thousand-Year Elixir, Tyvar, Jubilant Brawler, Dynaheir, Invoker Adept; CR 302.6 and the
effect's own wording). It restricts only the creature's own {T}/{Q} abilities: tapping it for another object's cost
(convoke, crew, "Tap an untapped creature you control") is not restricted (Springleaf Drum ruling 2004-10-04).

``tap_permission(state, perm)`` is the one reader of that rule. Every question that activates a permanent's {T}/{Q}
ability reads it: ``activate`` (``solver.questions.basic``), the payment sources and available mana (``solver.rules.mana.sources``, read by
``solver.rules.mana.produce`` and ``solver.rules.payment``) and the delve/convoke resources (``solver.questions.delve``, through the sources).
"""
from __future__ import annotations

from dataclasses import dataclass

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.layers import permanents_match
from mtgcheck.solver.rules.board import board_view, has_keyword, is_creature_now, permanent_abilities
from mtgcheck.models.vocab.grants import AsThoughHaste

_AS_THOUGH_ATTR = "_mtgcheck_as_though_haste"


@dataclass(frozen=True)
class TapPermission:
    """Whether ``perm``'s own {T}/{Q} abilities may be activated now as far as CR 302.6 goes.

    Attributes
    ----------
    allowed : bool
        False only for a creature that has been under its controller's control continuously since their most recent
        turn began neither by the scenario (``sick``) nor by haste or an "as though it had haste" effect.
    why : str
        The reason in player terms, naming the rule (and the permanent whose effect lifts it, if one does).
    by : str or None
        The name of the permanent whose "as though it had haste" effect applies, else ``None``.
    """

    allowed: bool
    why: str
    by: str | None = None


def _as_though_sources(state: GameState) -> list[tuple[Permanent, Ability]]:
    """Every ``(permanent, AsThoughHaste effect)`` on the battlefield, read once per board view (the view object is
    rebuilt whenever the board changes, ``solver.rules.layers.board_view``; it is kept with the result, so its identity
    can't be reused while the result is kept)."""

    view = board_view(state)
    hit = state.__dict__.get(_AS_THOUGH_ATTR)
    if hit is not None and hit[0] is view:
        return hit[1]
    out: list[tuple[Permanent, Ability]] = []
    for src in state.battlefield:
        v = view.get(src.id)
        for a in (v.abilities if v is not None else permanent_abilities(state, src)):
            if isinstance(a.effect, AsThoughHaste):
                out.append((src, a))
    state.__dict__[_AS_THOUGH_ATTR] = (view, out)
    return out


def as_though_haste(state: GameState, perm: Permanent) -> str | None:
    """The name of a permanent whose effect lets ``perm``'s controller activate ``perm``'s abilities as though it
    had haste (Thousand-Year Elixir: "creatures you control"), else ``None`` (CR 302.6; the effect's "you" is the
    source's controller, who is the one activating, CR 602.1).

    Raises
    ------
    Unsupported
        The effect's filter (which creatures it applies to) is not understood, naming its sentence.
    """
    for src, a in _as_though_sources(state):
        if src.controller != perm.controller:
            continue
        aff = a.effect.affects  # type: ignore[attr-defined]  # an AsThoughHaste (_as_though_sources)
        try:
            if permanents_match(aff, perm, src.controller, None, src):
                return src.name
        except ValueError:
            raise Unsupported(f"{src.name}: which creatures “{a.text}” applies to is not modelled") from None
    return None


def tap_permission(state: GameState, perm: Permanent) -> TapPermission:
    """CR 302.6 for ``perm`` now: may its own {T}/{Q} activated abilities be activated?

    A noncreature permanent (after the layers: ``solver.rules.board.is_creature_now``) always may; a creature that has
    been under its controller's control since their turn began (``Permanent.sick`` false) may; a creature with haste
    (CR 702.10b; printed or granted, ``solver.rules.board.has_keyword``) may; one whose controller may activate its
    abilities as though it had haste (``as_though_haste``) may. Otherwise it may not.

    Parameters
    ----------
    state : GameState
    perm : Permanent  on the battlefield of ``state``.

    Returns
    -------
    TapPermission

    Raises
    ------
    Unsupported
        An "as though it had haste" effect whose filter is not understood.
    """
    if not is_creature_now(state, perm):
        return TapPermission(True, f"{perm.name} is not a creature, so summoning sickness does not apply (CR 302.6)")
    if not perm.sick:
        return TapPermission(True, f"{perm.name} has been under {perm.controller}'s control since their most recent "
                                   "turn began (CR 302.6)")
    if has_keyword(state, perm, "haste"):
        return TapPermission(True, f"{perm.name} has haste (CR 302.6, 702.10b)")
    by = as_though_haste(state, perm)
    if by is not None:
        return TapPermission(True, f"{by} lets {perm.controller} activate {perm.name}'s abilities as though it had "
                                   "haste (CR 302.6)", by)
    return TapPermission(False, f"{perm.name} is a creature that has not been under {perm.controller}'s control "
                                "continuously since their most recent turn began and has no haste, so its {T} and {Q} "
                                "abilities cannot be activated (CR 302.6)")


def may_tap_or_untap(state: GameState, perm: Permanent) -> bool:
    """``tap_permission(state, perm).allowed``, without building the sentences when the answer is plainly yes."""
    if not perm.sick:
        return True
    return tap_permission(state, perm).allowed
