"""Keyword abilities as effects (``Keyword``, CR 702) and the effects about keywords: spells that have one
(``SpellsHaveKeyword``), a permanent's conditional keyword, delve grants and counts."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from .cost_parts import COST_PARTS
from .effect import Effect, fld, Unmodelled
from .keywords import keyword_kind, KEYWORD_RULES, KeywordKind
from .topics import ALL_TOPICS, Topic, _unknown


# --- keywords ------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Keyword(Effect):
    """A keyword ability (CR 702) or keyword action used as an ability line: ``keyword`` its name (lower case),
    with a typed parameter: ``cost`` (mana part) and ``parts`` (other cost parts, ``CostPart``) for cost keywords,
    ``n`` for numbered ones, ``detail`` the rest of the wording when it is not typed (an ``Unmodelled``),
    ``pays``/``uses`` for the delve family (CR 702.66, 702.51, 702.126)."""

    kind: ClassVar[str] = "keyword"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.KEYWORDS})
    keyword: str = fld("")
    parameter: str | None = fld(None)
    detail: Unmodelled | None = fld(None, lambda v, w: v if isinstance(v, Unmodelled) else Unmodelled(str(v)))
    cost: str | None = fld(None)
    parts: tuple[Any, ...] = fld((), COST_PARTS)
    n: int | None = fld(None)
    pays: str | None = fld(None)
    uses: str | None = fld(None)
    #: affinity (CR 702.41a): what "for each [...] you control" counts, ``{zone, whose, types}``
    #: (models.text.costs.affinity_count), read from ``parameter`` before the keyword is built
    #: (models.text.keyword_parameter); ``None``: not understood.
    counts: Any = fld(None)
    #: prototype (CR 702.160a, 718.1): the prototype's power and toughness, "1/3" (its mana cost is ``cost``)
    size: str | None = fld(None)

    @staticmethod
    def needs_detail(params: Mapping[str, Any]) -> bool:
        """Whether a keyword's parameters leave its ``parameter`` wording untyped (no cost, parts, number, delve
        part, detail, affinity count or prototype size): its detail is then not modelled. Enchant's parameter is
        what the Aura spell targets, read by the targets rules (solver.rules.targets, CR 303.4a)."""
        return bool(params.get("parameter")) and params.get("keyword") not in ("enchant",) and not any(
            params.get(k) for k in ("cost", "parts", "n", "pays", "uses", "detail", "counts", "size"))

    @classmethod
    def normalize(cls, params: dict[str, Any]) -> dict[str, Any]:
        # the parameter wording is read before the keyword is built (models.text.keyword_parameter: affinity's
        # count, the topics of an untyped detail); what is still untyped keeps its keyword's topics
        if cls.needs_detail(params):
            params = dict(params, detail=keyword_detail(str(params.get("keyword", "")), str(params["parameter"])))
        return params

    def __post_init__(self) -> None:
        kind = keyword_kind(self.keyword)
        if kind is None:
            # not a keyword of CR 702 (a flavour word, an ability word, a newer keyword): never typed as one
            raise _unknown("keyword", self.keyword, [k.value for k in KeywordKind], "keyword")
        object.__setattr__(self, "_family", kind)

    @property
    def rule(self) -> Any:
        """What the keyword's rules change, where it functions and its CR rule (``models.vocab.keywords.KeywordRule``)."""
        return KEYWORD_RULES[self.family]

    @property
    def family(self) -> KeywordKind:
        """The keyword's family in the closed set of CR 702 keywords (``models.vocab.keywords.keyword_kind``:
        "swampwalk" is landwalk, "plainscycling" typecycling)."""
        family: KeywordKind = self.__dict__["_family"]
        return family

    @property
    def name(self) -> str:
        """The keyword's name as the rules tables spell it (``"flying"``, ``"first_strike"``)."""
        return self.keyword.replace(" ", "_")

    def __str__(self) -> str:
        return self.name


#: What the untyped parameter of a keyword can change, by keyword (the keyword's own rules bound it).
KEYWORD_DETAIL_TOPICS: dict[str, frozenset[Topic]] = {
    "enchant": frozenset({Topic.CASTING}),                        # CR 303.4a, 702.5: what the Aura can target
    "protection": frozenset({Topic.CASTING, Topic.KEYWORDS}),      # CR 702.16: targeting, blocking, damage
    "hexproof from": frozenset({Topic.CASTING, Topic.KEYWORDS}),   # CR 702.11d
    "affinity": frozenset({Topic.COSTS}),                         # CR 702.41
    "cumulative upkeep": frozenset({Topic.TRIGGERS}),              # CR 702.24: paid as its upkeep trigger resolves
    "echo": frozenset({Topic.TRIGGERS}),                           # CR 702.30
    "suspend": frozenset({Topic.CASTING, Topic.ZONES}),            # CR 702.62
    "equip": frozenset({Topic.ACTIVATION, Topic.COSTS}),           # CR 702.6
    # CR 702.21a: ward is a triggered ability; its cost ("Ward—Pay 2 life", "Ward—Discard a card") is paid by the
    # opponent whose spell or ability targets the permanent, as the trigger resolves: never part of a cost of this
    # permanent's own abilities or of casting it, and it never makes a target illegal
    "ward": frozenset({Topic.TRIGGERS, Topic.KEYWORDS}),
    "partner with": frozenset({Topic.DECK_CONSTRUCTION}),          # CR 702.124
    "companion": frozenset({Topic.DECK_CONSTRUCTION}),             # CR 702.139
    # CR 702.174a-b: an optional additional cost (choosing an opponent) that is free, and what that opponent gets
    # as the spell resolves or as a trigger of the permanent: never whether or how the spell can be cast
    "gift": frozenset({Topic.RESOLUTION, Topic.TRIGGERS, Topic.ZONES}),
    # CR 702.47a-b: "Splice onto [subtype] [cost]" works from the hand as *another* spell of that subtype is cast:
    # an optional additional cost of that spell (601.2b: paid only if its caster chooses to; no question here pays
    # it unless asked) and effects added as that spell resolves — never a way to make mana, never whether a spell
    # can be cast (the "{1}{R}" in it is a cost, not mana an ability adds)
    "splice": frozenset({Topic.RESOLUTION}),
    # CR 702.167a: "Craft with [materials] [cost]" is an activated ability ("[cost], Exile this permanent, Exile
    # [materials] ...: Return this card to the battlefield transformed"), activated only as a sorcery: its
    # materials decide only whether it can be activated; it adds no mana (605.1a)
    "craft": frozenset({Topic.ACTIVATION, Topic.COSTS, Topic.ZONES, Topic.RESOLUTION}),
    # CR 702.72a: "Champion an [object]" is two triggered abilities ("When this enters, sacrifice it unless you exile
    # another [object] you control"; "When this leaves the battlefield, return the exiled card"): the object words
    # matter only as those trigger and resolve, never to activating or casting anything
    "champion": frozenset({Topic.TRIGGERS, Topic.ZONES}),
    # CR 702.48a: "[Quality] offering": the quality names what may be sacrificed as this card is cast (any time it
    # could cast an instant, the difference in mana costs paid): only how the card itself is cast
    "offering": frozenset({Topic.CASTING, Topic.SPELL_COSTS}),
}


#: Keyword abilities that function only on the battlefield (CR 113.6) and never change how their own card is
#: cast (CR 702.16 protection, 702.11 hexproof, 702.21 ward, 702.6 equip, 702.24 cumulative upkeep, 702.30 echo,
#: 702.14 landwalk, 702.67 fortify, 702.122 crew, 702.87 level up, 702.151 reconfigure, 702.63 vanishing,
#: 702.32 fading, 702.43 modular, 702.58 graft, 702.45 bushido, 702.23 rampage, 702.25 flanking,
#: 702.86 annihilator, 702.154 enlist, 702.149 training, 702.165 backup, 702.164 toxic, 702.130 afflict).
KEYWORDS_ON_BATTLEFIELD: frozenset[str] = frozenset({
    "protection", "hexproof", "hexproof from", "ward", "equip", "cumulative upkeep", "echo", "landwalk", "fortify",
    "crew", "level up", "reconfigure", "vanishing", "fading", "modular", "graft", "bushido", "rampage", "flanking",
    "annihilator", "enlist", "training", "backup", "toxic", "afflict", "partner with", "companion",
})


#: Keywords whose parameter is a quality the target rules read (``models.text.untargetable.keyword_qualities``).
QUALITY_KEYWORDS = frozenset({"protection", "hexproof from"})


def read_quality_detail(keyword: str, text: str) -> Unmodelled:
    """The detail of a protection or "hexproof from" parameter whose quality the target rules read
    (``models.text.untargetable.keyword_qualities``, by the parser): its targeting part (CR 702.16b, 702.16j, 702.11d)
    is read by ``solver.rules.protection``; what is left (Auras, Equipment, blocking, damage: 702.16c-f) never decides
    whether a spell can be cast, how it is paid (protection does not stop costs: a creature with protection from red
    may convoke a red spell, CR 702.51a) or which mana is made, so it keeps the keyword's topics but casting."""
    return Unmodelled(text, KEYWORD_DETAIL_TOPICS[keyword] - {Topic.CASTING})


def keyword_detail(keyword: str, text: str) -> Unmodelled:
    """The untyped parameter wording of a keyword as an ``Unmodelled`` with the keyword's topics
    (``KEYWORD_DETAIL_TOPICS``). Another keyword's detail is read from its wording before the keyword is built
    (``models.text.keyword_parameter``); one given untyped counts for every topic (never a silent wrong answer)."""
    return Unmodelled(text, KEYWORD_DETAIL_TOPICS.get(keyword, ALL_TOPICS))


@dataclass(frozen=True, eq=False)
class SpellsHaveKeyword(Effect):
    """"[spells] you cast have [keyword]" (e.g. a delve grant)."""

    kind: ClassVar[str] = "spells_have_keyword"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.KEYWORDS, Topic.SPELL_COSTS})
    keyword: str = fld("")
    controller: str = fld("you")  # whose spells
    exclude_types: tuple[Any, ...] = fld(())  # card types of spells that do not get it


@dataclass(frozen=True, eq=False)
class ConditionalSelfKeyword(Effect):
    """This object has ``keywords`` (and ``power_bonus``) while ``condition`` holds; the condition is not
    evaluated (a catalog description: questions that depend on it are unsupported)."""

    kind: ClassVar[str] = "conditional_self_keyword"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.KEYWORDS, Topic.POWER_TOUGHNESS})
    keywords: tuple[Any, ...] = fld(())
    power_bonus: int | None = fld(None)
    condition: Unmodelled | None = fld(None, lambda v, w: v if isinstance(v, Unmodelled) else
                                              Unmodelled(str(v), frozenset({Topic.KEYWORDS, Topic.POWER_TOUGHNESS})))


@dataclass(frozen=True, eq=False)
class DelveKeywordGrant(Effect):
    """Soulflayer: this has each of ``keywords`` a ``card_type`` card exiled with its delve had (rulings 2014-11-24)."""

    kind: ClassVar[str] = "delve_keyword_grant"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.KEYWORDS})
    keywords: tuple[Any, ...] = fld(())
    card_type: str = fld("Creature")


@dataclass(frozen=True, eq=False)
class DelveCount(Effect):
    """Murktide Regent: enters with a ``counter`` counter for each ``card_types`` card exiled with delve."""

    kind: ClassVar[str] = "delve_count"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    counter: str = fld("+1/+1")
    card_types: tuple[Any, ...] = fld(())
