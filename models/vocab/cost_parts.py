"""The non-mana parts of a cost (CR 118.1, 602.1): ``CostPart`` records and their field reader."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .effect import Codec
from .readers import readers
from .topics import VocabularyError


class AbilityError(ValueError):
    """An ability description that cannot be read; the message names what is wrong."""


@dataclass(frozen=True)
class CostPart:
    """One non-mana part of a cost (CR 118.1, 602.1).

    ``action`` is one of ``"sacrifice"``, ``"sacrifice_all"`` (every permanent of the kind, amount 0: none is
    fine), ``"discard_hand"`` (the whole hand, possibly empty), ``"pay_life"``, ``"remove_counters"``,
    ``"put_counters"``, ``"discard"``, ``"exile"``, ``"tap_untapped"``, ``"return"``,
    ``"mill"``, ``"pay_energy"``, ``"exert"`` (itself, CR 701.43), ``"collect_evidence"`` (``amount``: the total
    mana value, CR 701.59a), ``"forage"`` (CR 701.61a), ``"waterbend"`` (pay ``amount`` generic mana, or X; an untapped
    artifact or creature may be tapped for each, CR 701.67a) or ``"other"``. ``what`` says which object: ``"this"``
    (the permanent itself), a type such as ``"creature"`` or ``"land"``, or a counter
    kind for counter costs. ``amount`` is how many (life, counters, objects); 0 for a number chosen as the cost is
    paid ("X", "any number of", "one or more"), whose least value is ``at_least`` ("one or more": 1). ``text``
    keeps the original wording for explanations.

    Parts that use other objects than the permanent itself (read by ``solver.rules.cost_objects``):
    ``"tap_untapped"`` (``other``: not this permanent, "another"/"other than this"), ``"untap"`` (untap tapped
    permanents, CR 701.26b; ``what`` may end with "an opponent controls"), ``"remove_counters_from"`` (counters
    of kind ``what``, ``"any"`` for any kind, removed from one of ``objects``, or in all from several when
    ``among``; CR 122.1), ``"put_counters_on"`` (on one of ``objects``), ``"remove_all_counters"`` (from itself:
    every counter of kind ``what``, none is fine, CR 118.3), ``"exile_permanent"`` (exile permanents ``what`` you
    control, CR 701.13a), ``"reveal"`` (``amount`` cards ``what`` from the hand, CR 701.20a; "that share a color":
    ``what`` ends with "that share a color"), ``"put_library"`` (itself on the bottom of its owner's library).
    ``x``: the number is the X announced as the ability is activated (CR 107.3a, 601.2b; ``amount`` is then 0,
    as for "any number of": chosen as the cost is paid).
    """

    action: str
    what: str = "this"
    amount: int = 1
    text: str = ""
    #: the number of objects (or life, energy, counters) is the announced X (CR 107.3a)
    x: bool = False
    #: the permanents counters are removed from or put on (``remove_counters_from``, ``put_counters_on``)
    objects: str = ""
    #: counters removed in all from among several permanents ("from among creatures you control")
    among: bool = False
    #: not the permanent whose ability it is ("another", "other than this creature")
    other: bool = False
    #: the least value of a chosen number (amount 0): "one or more" is 1 (CR 118.3)
    at_least: int = 0
    #: the greatest value of a chosen number (amount 0): "up to three" is 3 (CR 107.1c); ``None``: no bound
    at_most: int | None = None

    @property
    def moves_library_card(self) -> bool:
        """True if paying it moves a card to or from a library (CR 605.1a, 2026-09-25 wording)."""
        return self.action in ("mill",) or "library" in self.text.lower()


# --- costs ---------------------------------------------------------------------

def _parts_in(v: Any, where: str) -> tuple[Any, ...]:
    """Non-mana cost parts: ``CostPart`` records, or their wording (parsed here, once: ``parse_activation_cost``)."""
    if isinstance(v, str):
        v = (v,)
    out: list[Any] = []
    for t in v or ():
        if isinstance(t, CostPart):
            out.append(t)
            continue
        try:
            out.extend(readers().parse_activation_cost(str(t), "").parts)
        except AbilityError as e:
            raise VocabularyError(f"{where}: cost part {t!r}: {e}") from None
    return tuple(out)


#: Non-mana cost parts (CR 118): typed ``models.vocab.cost_parts.CostPart`` records.
COST_PARTS: Codec = _parts_in
