"""Targets: what can't be targeted (``CantBeTargeted``, ``PlayerKeyword``: hexproof, shroud, protection; CR 702.11,
702.18, 702.16) and what a spell may target (``SpellTargetRestriction``, CR 115)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .effect import Effect, FILTER, fld
from .filters import Filter
from .topics import Topic, _unknown, VocabularyError


@dataclass(frozen=True)
class Quality:
    """A stated quality of protection, "hexproof from" or "can't be the target of [quality] spells" (CR 702.16a,
    702.11d): an object has it when every listed test holds.

    Attributes
    ----------
    everything : bool
        "everything" (CR 702.16j): every object.
    colors, not_colors : tuple of str
        Colour letters it must all have ("red"), must have none of ("nongreen").
    color_count : str
        ``""``, ``"any"`` ("all colors": at least one colour), ``"multi"``, ``"mono"``, ``"none"`` (colorless).
    types, supertypes, subtypes : tuple of str
        Card types, supertypes and subtypes it must all have ("legendary creatures", "Dragons", "Aura").
    """

    everything: bool = False
    colors: tuple[str, ...] = ()
    not_colors: tuple[str, ...] = ()
    color_count: str = ""
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    words: str = field(default="", compare=False)


@dataclass(frozen=True, eq=False)
class CantBeTargeted(Effect):
    """"[objects] can't be the target(s) of [quality] spells or abilities from [quality] sources [your opponents
    control]" (Suq'Ata Firewalker, Thrun, Tetsuo Umezawa, Silent Gravestone's "Cards in graveyards"): no such spell
    or ability may choose them as a target (CR 601.2c, 115.1; like protection's targeting part, 702.16b).

    Attributes
    ----------
    affects : Filter
        The objects: ``relation`` ``this`` (the source) or ``enchanted``, or a filter of permanents; ``zone``
        ``graveyard`` for cards in graveyards.
    spells, abilities : bool
        Whether spells, and abilities (activated or triggered, CR 113.7: read from their source), are stopped.
    spell_quality, source_quality : tuple of Quality
        The qualities of which a stopped spell, or an ability's source, has one ("red", "blue or black", "nongreen",
        "Aura", "artifact"); empty: every one (read by ``solver.rules.protection.quality_verdict``).
    by : str
        ``any`` or ``opponent`` (only spells and abilities the source's controller's opponents control).
    """

    kind: ClassVar[str] = "cant_be_targeted"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING})
    affects: Filter = fld(None, FILTER)
    spells: bool = fld(True)
    abilities: bool = fld(True)
    spell_quality: tuple[Any, ...] = fld(())
    source_quality: tuple[Any, ...] = fld(())
    by: str = fld("any")


#: The keywords a player may have that change what can target them (CR 702.11c, 702.18a, 702.16b, 702.16j, 702.16k).
PLAYER_KEYWORDS = ("hexproof", "shroud", "protection")


@dataclass(frozen=True, eq=False)
class PlayerKeyword(Effect):
    """"You have hexproof." (Leyline of Sanctity, Aegis of the Gods, Witchbane Orb), "You have shroud." (True Believer,
    Ivory Mask), "You have protection from everything", "You have protection from each of your opponents." (Absolute
    Virtue): the source's controller has the keyword (CR 702.11c: hexproof on a player stops spells and abilities that
    player's opponents control; 702.18a: shroud stops every spell and ability; 702.16b, 702.16j, 702.16k: protection
    from a quality, from everything, from a player). Read by ``solver.rules.targets`` for a player target (CR 601.2c).

    Attributes
    ----------
    keyword : str
        ``hexproof``, ``shroud`` or ``protection``.
    quality : tuple of Quality
        Protection's qualities (from everything: one ``Quality(everything=True)``); empty for hexproof and shroud.
    from_opponents : bool
        "protection from each of your opponents" (CR 702.16k): every spell and ability an opponent controls.
    """

    kind: ClassVar[str] = "player_keyword"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING})
    keyword: str = fld("hexproof")
    quality: tuple[Any, ...] = fld(())
    from_opponents: bool = fld(False)

    def __post_init__(self) -> None:
        if self.keyword not in PLAYER_KEYWORDS:
            raise _unknown("player keyword", self.keyword, PLAYER_KEYWORDS, "player_keyword")


@dataclass(frozen=True, eq=False)
class SpellTargetRestriction(Effect):
    """"You can't choose an untapped creature as this spell's target as you cast it." (Enthralling Hold; Dream Leash:
    "untapped permanent"): the spell's own restriction on its target (CR 601.2c, 113.6e: it functions while the spell
    is cast). ``untapped_what``: the card type the untapped object must not have ("Creature"), or ``Permanent``; a
    target of the spell must then be tapped (CR 110.5). Read by ``models.text.targets.spell_targets``."""

    kind: ClassVar[str] = "spell_target_restriction"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING})
    untapped_what: str = fld("Permanent")


def _spells_in(v: Any, where: str) -> Filter:
    """The spells of a flash permission: a ``Filter`` (a catalog's ``{what: "green creature"}`` / ``{what: ""}``,
    every spell, is read as the parser reads the words before "spells" before the effect is built:
    ``models.text.params``, ``models.text.flash``)."""
    if isinstance(v, Filter):
        return v
    raise VocabularyError(f"{where}: the spells of a flash permission are {{what: WORDS}}, got {v!r}")
