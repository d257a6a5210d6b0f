"""A permanent's characteristics changed by its own ability (``SelfTypeChange``) or by the Aura or Equipment
attached to it (``AttachedChange``): CR 613.1b-f, 205.1, 303.4, 301.5."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

from .effect import ABILITIES, CONDITION, Effect, FILTER, fld, Unmodelled
from .filters import Filter
from .grants import _parts_unmodelled_in
from .logic import Condition
from .topics import Topic, VocabularyError


@dataclass(frozen=True, eq=False)
class SelfTypeChange(Effect):
    """A permanent's own type-changing static ability: "As long as this artifact has eight or more +1/+1 counters on
    it, it's a 0/0 creature in addition to its other types and it has annihilator 2" (Idol of False Gods), "During
    turns other than yours, this artifact is a 2/3 Gargoyle artifact creature with flying" (Warden of the Wall),
    "During your turn, this Vehicle is also a creature". While ``condition`` holds (always when ``None``; CR 611.3a)
    the permanent has the card types ``types`` and the subtypes ``subtypes`` in addition to its own (layer 4, CR
    613.1d, 205.1b), base power and toughness ``power``/``toughness`` when given (layer 7b, CR 613.4b; else its
    printed ones, 208.3), and the keyword abilities ``also`` (layer 6, 613.1f). A permanent that becomes a creature
    can't use its {T} abilities unless its controller has controlled it continuously since their most recent turn
    began (CR 302.6). Read by ``solver.rules.layers.board_view``.

    Attributes
    ----------
    condition : Condition or None
        ``HasCounter`` (the source's counters), ``DuringTurn``, ``MaxSpeed``; ``None``: always.
    types : tuple of str
        Card types added (``Creature``, ``Artifact``).
    subtypes : tuple of str
        Subtypes added (creature types: ``Gargoyle``); with ``replace_creature_types`` they replace its creature
        types ("a [creature type] artifact creature", CR 205.1b).
    power, toughness : int or None
        The base power and toughness it gets (a characteristic-setting effect of layer 7b, CR 613.4b).
    also : tuple of Ability
        Keyword abilities it has too ("with flying", "it has annihilator 2"; CR 613.1f).
    """

    kind: ClassVar[str] = "self_type_change"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CHARACTERISTICS, Topic.POWER_TOUGHNESS, Topic.KEYWORDS,
                                                     Topic.ACTIVATION})
    condition: Condition | None = fld(None, CONDITION)
    types: tuple[str, ...] = fld(())
    subtypes: tuple[str, ...] = fld(())
    replace_creature_types: bool = fld(False)
    power: int | None = fld(None)
    toughness: int | None = fld(None)
    also: tuple[Any, ...] = fld((), ABILITIES)

    def __post_init__(self) -> None:
        bad = [t for t in self.types if t not in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker")]
        if bad:
            raise VocabularyError(f"self_type_change: unknown card type {bad[0]!r}")
        if (self.power is None) != (self.toughness is None):
            raise VocabularyError("self_type_change: power and toughness are set together (CR 613.4b)")

    def nested(self) -> Iterable["Effect"]:
        """The keyword abilities it gives its own object function on it (CR 613.1f), where the layer view puts them."""
        return iter(())


# ---------------------------------------------------------------------------
# What an Aura or Equipment makes the object it is attached to (models/text/attached.py)
# ---------------------------------------------------------------------------

#: Card types an ``AttachedChange`` may give (CR 205.2a: permanent card types).
PERMANENT_CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")


@dataclass(frozen=True, eq=False)
class AttachedChange(Effect):
    """A static ability of an Aura or Equipment that changes the object it is attached to: "Enchanted permanent is a
    colorless land with "{T}: Add {C}" and loses all other card types and abilities" (Imprisoned in the Moon),
    "Enchanted creature loses all abilities and is a blue Frog creature with base power and toughness 1/1" (Frogify),
    "Enchanted land is snow" (Glittering Frost), "Enchanted creature gets +1/+1 and is an artifact in addition to its
    other types" (Transmogrifying Licid), "You control enchanted creature" (Dominating Licid).

    It affects only the object its source is attached to (CR 303.4 enchanted, 301.5 equipped, 613.1b control): with its
    source attached to nothing it affects nothing. Read by ``solver.rules.layers.board_view``: while attached, the object has
    the card types ``types`` (layer 4, CR 613.1d; they replace its card types unless ``add_types``, 205.1a, and its
    subtypes that no longer correspond to one of its types go, 205.1a), the subtypes ``subtypes`` (replacing those of
    the same kind, 205.1a), loses all abilities when ``loses`` and then has ``granted`` (layer 6, 613.1f, 613.7),
    base power and toughness ``power``/``toughness`` (layer 7b, 613.4b). What the rest of the engine reads from the
    card (its colours ``colors``, supertypes ``supertypes``, types named by other abilities' filters) and the untyped
    ``parts`` stay in the source's abilities as ``Unmodelled`` sentences while it is attached (``solver.rules.gate``).

    Attributes
    ----------
    affects : Filter
        ``relation`` ``enchanted`` or ``equipped``, with the card types the words name ("enchanted land").
    types : tuple of str or None
        Card types it is (``None``: unchanged).
    add_types : bool
        "in addition to its other types" (CR 205.1b): ``types`` and ``subtypes`` are added.
    subtypes : tuple of str or None
        Subtypes it is (``None``: unchanged).
    colors : str or None
        Its colours as letters (``""``: colorless, CR 105.2c); ``None``: unchanged. Not applied (read from the card).
    supertypes : tuple of str
        Supertypes added ("snow", "legendary"). Not applied.
    loses : bool
        It loses all [other] abilities (CR 613.1f).
    granted : tuple of Ability
        Abilities it has ("with "{T}: Add {C}"", "and has indestructible"; CR 113.10, 613.1f).
    power, toughness : int or None
        Base power and toughness (CR 613.4b).
    new_name : str or None
        The name it gets ("named Humble Merchant", CR 201.2). Not applied.
    parts : tuple of Unmodelled
        Parts of the sentence not typed ("gets +1/+1", "You control enchanted creature"): they count only while the
        source is attached.
    """

    kind: ClassVar[str] = "attached_change"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CHARACTERISTICS, Topic.MANA_PRODUCTION, Topic.SUBTYPES,
                                                     Topic.POWER_TOUGHNESS, Topic.COLORS, Topic.ACTIVATION})
    affects: Filter = fld(None, FILTER)
    types: tuple[str, ...] | None = fld(None)
    add_types: bool = fld(False)
    subtypes: tuple[str, ...] | None = fld(None)
    colors: str | None = fld(None)
    supertypes: tuple[str, ...] = fld(())
    loses: bool = fld(False)
    granted: tuple[Any, ...] = fld((), ABILITIES)
    power: int | None = fld(None)
    toughness: int | None = fld(None)
    new_name: str | None = fld(None)
    parts: tuple[Unmodelled, ...] = fld((), _parts_unmodelled_in)

    def __post_init__(self) -> None:
        if self.affects is None or self.affects.relation not in ("enchanted", "equipped"):
            raise VocabularyError("attached_change: affects must be the enchanted or equipped object (CR 303.4, 301.5)")
        bad = [t for t in (self.types or ()) if t not in PERMANENT_CARD_TYPES]
        if bad:
            raise VocabularyError(f"attached_change: unknown card type {bad[0]!r}")
        if self.colors is not None and any(c not in "WUBRG" for c in self.colors):
            raise VocabularyError(f"attached_change: colours are letters of WUBRG, got {self.colors!r}")
        if (self.power is None) != (self.toughness is None):
            raise VocabularyError("attached_change: power and toughness are set together (CR 613.4b)")

    def nested(self) -> Iterable["Effect"]:
        """Nothing while unattached (it affects nothing, CR 303.4, 301.5); while attached, the layer view replaces it
        in its source's abilities by what is not applied (``solver.rules.layers``), where the gate reads it."""
        return iter(())
