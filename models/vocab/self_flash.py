"""A spell's own permission to be cast as though it had flash (CR 702.8a, 117.1a, 307.1, 601.3): "You may cast this
spell as though it had flash if you pay {2} more to cast it" (Rout, Mystical Tether), "This spell has flash as long as
you control a Merfolk" (Crashing Tide), "If there are two or more instant and/or sorcery cards in your graveyard, you
may cast this spell as though it had flash" (Swift Reckoning), "You may cast this spell as though it had flash. If you
cast it any time a sorcery couldn't have been cast, the controller of the permanent it becomes sacrifices it at the
beginning of the next cleanup step" (Armor of Thorns, Necromancy).

Plain data; read by ``solver.rules.restrictions`` (when the spell may be cast) and ``solver.rules.costs`` (the {2} more, CR
601.2f). Listed in ``models.vocab.registry.EFFECT_TYPES`` under its kind (the catalog's closed set of effect names).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .logic import Condition
from .effect import Effect, _opt_condition_in, fld
from .topics import Topic

__all__ = ["SelfFlash"]


@dataclass(frozen=True, eq=False)
class SelfFlash(Effect):
    """The spell's own permission to be cast any time its caster could cast an instant (CR 702.8a, 117.1a; it changes
    only when the spell may be cast, 601.3).

    Attributes
    ----------
    extra : str
        Mana it costs more when it is cast that way ("if you pay {2} more to cast it": ``"{2}"``; CR 601.2f, the total
        cost includes it); ``""``: nothing more.
    condition : Condition or None
        "as long as [condition]" / "if [condition]": the permission holds only while it does (read for the caster, on
        the board as the spell begins to be cast, CR 601.3); ``None``: always.
    sacrifice_at_cleanup : bool
        "If you cast it any time a sorcery couldn't have been cast, the controller of the permanent it becomes
        sacrifices it at the beginning of the next cleanup step": a delayed triggered ability created as it resolves
        (CR 603.7) that changes nothing about casting it; no scenario can list the permanent as cast that way.
    text : str
        The wording.
    """

    kind: ClassVar[str] = "self_flash"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING, Topic.SPELL_COSTS})
    extra: str = fld("")
    condition: Condition | None = fld(None, _opt_condition_in)
    sacrifice_at_cleanup: bool = fld(False)
    text: str = fld("")
