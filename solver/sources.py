"""Mana sources: every mana ability a player could activate now, with what each could add.

This is the contract between mana production (``solver.produce``) and payment
(``solver.payment``): ``mana_sources(state, player)`` lists ``ManaSource`` records, and
the payment search chooses among them. A permanent with several {T} mana abilities
appears once per ability; the payment search lets a permanent's {T} be used once.

The ``add_mana`` params read here (the mana ability model; ``solver.produce`` documents
the full set):

* ``mana: "{G}{G}"`` — fixed mana;
* ``choice: [W, U]`` with ``amount`` (default 1) — that many mana of one listed type;
* ``any_color: true`` / ``any_type: true`` with ``amount`` — one type chosen among all colours / all types;
* ``restriction: TEXT`` — the mana carries a spend restriction (CR 106.6).

References: CR 106 (mana), 605 (mana abilities), 106.12 (tapped for mana), 107.5, 302.6.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from models.abilities import Ability, CostPart
from models.mana import COLORS, MANA_TYPES, Mana, ManaCost
from models.state import GameState, Permanent

from .layers import has_keyword, permanent_abilities


@dataclass(frozen=True)
class ManaOption:
    """One way a mana ability can resolve: the mana it adds (a multiset of ``Mana``)."""

    mana: tuple[Mana, ...]

    def __str__(self) -> str:
        return "".join("{" + m.type + (f":{m.restriction}" if m.restriction else "") + "}" for m in self.mana)


@dataclass(frozen=True)
class ManaSource:
    """A mana ability that could be activated now.

    Attributes
    ----------
    permanent : str  id of the permanent (``GameState.permanent``).
    name : str       its card name (for explanations).
    ability_index : int  which activated ability of the permanent, from 1 (as in ``activate``).
    ability : Ability
    tap, untap : bool  the cost includes {T} / {Q} (so it is "tapped for mana" when ``tap``, CR 106.12).
    mana_cost : ManaCost or None  mana to pay to activate (filters such as "{1}, {T}: Add {W}{U}").
    other_costs : tuple of CostPart  sacrifice, pay life, remove counters, ...
    options : tuple of ManaOption  every distinct result of resolving it (choices of type).
    snow : bool  the source is a snow permanent (its mana can pay {S}, CR 107.4h).
    why : str  a line for explanations.
    """

    permanent: str
    name: str
    ability_index: int
    ability: Ability
    tap: bool
    untap: bool
    mana_cost: ManaCost | None
    other_costs: tuple[CostPart, ...]
    options: tuple[ManaOption, ...]
    snow: bool = False
    why: str = ""

    @property
    def repeatable(self) -> bool:
        """True if nothing in the cost stops a second activation ({T}, {Q}, sacrifice, counters)."""
        return not (self.tap or self.untap or self.other_costs)


def _amount(params, default: int = 1) -> int:
    a = params.get("amount", default)
    return a if isinstance(a, int) else default


def simple_options(ability: Ability, source_name: str = "", snow: bool = False) -> tuple[ManaOption, ...] | None:
    """The options of an ``add_mana`` ability whose output needs no game context, else ``None``.

    Handles ``mana``, ``choice``, ``any_color``, ``any_type`` (see module docstring).
    """
    p = ability.params
    restriction = p.get("restriction")

    def mk(types: list[str]) -> ManaOption:
        return ManaOption(tuple(Mana(t, restriction, snow, source_name or None) for t in types))

    if "mana" in p:
        cost = ManaCost.parse(str(p["mana"]))
        types = []
        for s in cost:
            if s.text in MANA_TYPES:
                types.append(s.text)
            elif s.is_generic:  # "{2}" in an add-mana effect means {C}{C} in old wording
                types.extend(["C"] * s.generic_amount)
        return (mk(types),) if types else ()
    n = _amount(p)
    if "choice" in p:
        return tuple(mk([t] * n) for t in MANA_TYPES if t in set(p["choice"]))
    if p.get("any_color"):
        return tuple(mk([t] * n) for t in COLORS)
    if p.get("any_type"):
        return tuple(mk([t] * n) for t in MANA_TYPES)
    return None


def mana_sources(state: GameState, player: str) -> list[ManaSource]:
    """Every mana ability of permanents ``player`` controls that could be activated now.

    Skips abilities whose {T}/{Q} cannot be paid (tapped/untapped permanent; a creature
    under summoning sickness without haste, CR 302.6). Outputs that depend on the game
    (could-produce reflectors, counts) are resolved by ``solver.produce`` when present.

    Returns
    -------
    list of ManaSource, in battlefield order then ability order.
    """
    out: list[ManaSource] = []
    for perm in state.permanents(player):
        out.extend(permanent_mana_sources(state, perm))
    return out


def permanent_mana_sources(state: GameState, perm: Permanent) -> list[ManaSource]:
    """The mana sources of one permanent (see ``mana_sources``)."""
    out: list[ManaSource] = []
    acts = [a for a in permanent_abilities(state, perm) if a.kind == "activated"]
    snow = perm.card.is_type("Snow")
    for i, ab in enumerate(acts, 1):
        if not ab.is_mana_ability:
            continue
        cost = ab.cost
        tap = bool(cost and cost.tap)
        untap = bool(cost and cost.untap)
        if tap and perm.tapped or untap and not perm.tapped:
            continue
        if (tap or untap) and perm.is_creature and perm.sick and not has_keyword(state, perm, "haste"):
            continue
        opts = simple_options(ab, perm.name, snow)
        if opts is None:
            continue
        out.append(ManaSource(perm.id, perm.name, i, ab, tap, untap, cost.mana if cost else None,
                              cost.parts if cost else (), opts, snow, f"{perm.name}: {ab.describe()}"))
    return out
