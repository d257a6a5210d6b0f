"""Characteristics of permanents as the game sees them now: printed abilities plus
intrinsic abilities from basic land types (CR 305.6), with continuous effects applied
in layer order (CR 613) as far as the questions here need.

``permanent_abilities(state, perm)`` is the one place solvers ask "what abilities does
this permanent have"; type-changing effects (Blood Moon, Urborg, Prismatic Omen...)
are applied here.
"""
from __future__ import annotations

from models.abilities import Ability, make_ability
from models.cards import BASIC_LAND_MANA
from models.oracle import abilities_of
from models.state import GameState, Permanent


def intrinsic_mana_ability(land_type: str) -> Ability:
    """The intrinsic "{T}: Add [mana]" ability of a basic land type (CR 305.6)."""
    sym = BASIC_LAND_MANA[land_type]
    return make_ability("activated", "add_mana", "{T}", {"mana": "{" + sym + "}", "intrinsic": land_type},
                        f"{{T}}: Add {{{sym}}} ({land_type}, CR 305.6)")


def land_subtypes(state: GameState, perm: Permanent) -> tuple[str, ...]:
    """The permanent's subtypes after type-changing effects (printed subtypes when none apply)."""
    return perm.card.type_line.subtypes


def permanent_abilities(state: GameState, perm: Permanent) -> tuple[Ability, ...]:
    """Every ability the permanent has now, in order: intrinsic basic-land-type mana abilities first
    (CR 305.6), then its own abilities (catalog model or parsed oracle text).

    Returns a tuple of ``Ability``.
    """
    out: list[Ability] = []
    if perm.is_land:
        for st in land_subtypes(state, perm):
            if st in BASIC_LAND_MANA:
                out.append(intrinsic_mana_ability(st))
    for a in abilities_of(perm.card):
        if a.params.get("intrinsic"):
            continue
        if perm.card.faces and a.params.get("face") and a.params.get("face") != perm.card.faces[0].name:
            continue  # abilities of a back face do not apply to a permanent showing its front
        out.append(a)
    return tuple(out)


def has_keyword(state: GameState, perm: Permanent, keyword: str) -> bool:
    """Whether the permanent has a keyword ability (printed or in its model), e.g. ``"haste"`` (CR 702)."""
    k = keyword.lower()
    if any(x.lower() == k for x in perm.card.keywords):
        return True
    return any(a.kind == "keyword" and a.effect == k for a in permanent_abilities(state, perm))
