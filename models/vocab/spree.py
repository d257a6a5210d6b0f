"""Spree's modes (CR 702.172a): "Spree" means "Choose one or more modes. As an additional cost to cast this spell, pay
the costs associated with those modes"; each mode is printed "+ [cost] — [effect]".

``SpreeMode`` is one such line: the mode's additional cost (its mana) and what the mode does (the effect the parser
read from the words after the dash: typed, or ``Unmodelled``). The total cost of a spree spell is its mana cost (or
an alternative cost) plus the costs of the chosen modes (CR 601.2b, 601.2f; ``solver.rules.costs.total_cost``); the spell
requires the targets of the chosen modes only (CR 700.2c, 601.2c; ``models.text.targets``).

Parsed by ``models.text.oracle`` (a "+ [cost] — " line of a card with spree) and printed back by
``models.text.render``. This module imports only ``models.vocab.effect`` and ``topics``; ``models.vocab.registry.EFFECT_TYPES`` lists it.

References: CR 702.172a-b, 700.2, 601.2b-c, 601.2f.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

from .effect import Effect, fld
from .topics import Topic


@dataclass(frozen=True, eq=False)
class SpreeMode(Effect):
    """One mode of a spell with spree (CR 702.172a): "+ {1}{R} — [effect]".

    Attributes
    ----------
    cost : str
        The mode's additional cost, mana symbols only ("{1}{R}"); paid when the mode is chosen (CR 702.172a).
    does : Effect
        What the mode does as the spell resolves (CR 608.2): the effect the parser read from the words after the dash
        (``Unmodelled`` when not typed); its targets are the mode's (CR 700.2c).
    """

    kind: ClassVar[str] = "spree_mode"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.COSTS, Topic.RESOLUTION})
    cost: str = fld("")
    does: Any = fld(None)

    def nested(self) -> Iterable[Effect]:
        """What the mode does (the gate's walk)."""
        if isinstance(self.does, Effect):
            yield self.does
