"""Abilities as small declarative data (the card's behaviour model).

Every ability of a card is one ``Ability``: its kind (activated, triggered, static,
keyword, spell), its activation cost when it has one, an ``effect`` name that the
solver modules know (``"add_mana"``, ``"delve"``, ``"scry"``, ``"cost_increase"``, ...)
and ``params``, a read-only mapping of effect-specific facts. The same shape is
written by hand in the embedded catalog (``models/catalog/*.yaml``) and produced by
the oracle-text parser (``models.text.oracle``), so one engine reads both, in the way
Forge reads its card scripts.

References: CR 113 (abilities), 117.1 and 602 (activated abilities and their costs),
118 (costs), 107.5/107.6 ({T}/{Q}), 605 (mana abilities).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.vocab.cost_parts import CostPart
from mtgcheck.models.vocab.effect import Effect, Unmodelled
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.keywords import is_activated_keyword as _activated_keyword_name
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.vocab.readers import readers
from mtgcheck.models.vocab.topics import ALL_TOPICS


ABILITY_KINDS = ("activated", "triggered", "static", "keyword", "spell", "replacement", "unparsed")


def cost_object_filter(words: str) -> Any:
    """The typed ``models.vocab.filters.Filter`` of a cost part's object words (``CostPart.what`` without "you
    control"), qualifiers and unions included ("green creature", "artifact or creature", "creature with
    defender"; ``models.text.filters.parse_filter(..., qualifiers=True)``).

    Raises
    ------
    ValueError
        Words that are not understood.
    """
    return readers().parse_filter(words, "any", True)


#: Object words that name only tokens ("a token named Wood", "untapped tokens"), with no "or"
_TOKENS_ONLY_RE = re.compile(r"^(?!.*\bor\b)(?:[\w'-]+ )*?tokens?(?: named [\w' ,-]+)?$", re.I)


_CHOSEN_TYPE_RE = re.compile(r"^(\w+) of the chosen type$", re.I)


def names_only_tokens(words: str) -> bool:
    """Whether a cost part's object words name tokens only ("Prism token", "token named Wood", "tokens"; no union):
    no object of a scenario matches them, every one being a card (CR 111.1; ``solver.rules.quantities``)."""
    return bool(_TOKENS_ONLY_RE.match(words.strip()))


def of_the_chosen_type(words: str) -> str | None:
    """The kind of "<kind> of the chosen type" ("creature of the chosen type", Doom Cannon: ``"creature"``), else
    ``None``; the type is the one chosen as the permanent entered (CR 205.3m, 607.2a)."""
    m = _CHOSEN_TYPE_RE.match(words.strip())
    return m.group(1).lower() if m else None


@dataclass(frozen=True)
class SpendOnly:
    """How the mana of an activation cost may be paid, from the ability's own text (CR 602.2b → 601.2h, 106.6):
    "Spend only red mana on X" (Crimson Hellkite: ``colors`` ("R",), ``on_x``), "Spend only black and/or red mana on
    X" (("B", "R")), "Spend only mana of the chosen color to activate this ability" (Throne of Eldraine: ``chosen``,
    the colour chosen as the permanent entered; all of the mana). Read by ``solver.rules.payment.activation``."""

    colors: tuple[str, ...] = ()
    #: the colour chosen as the permanent entered (``Permanent.choices["color"]``) rather than ``colors``
    chosen: bool = False
    #: only the mana spent on X (else all of the cost's mana)
    on_x: bool = False
    text: str = ""


@dataclass(frozen=True)
class ActivationCost:
    """The cost of an activated ability (CR 602.1a): everything before the colon.

    ``mana`` is the mana part (``None`` when there is none), ``tap``/``untap`` the
    {T}/{Q} symbols (CR 107.5, 107.6), ``parts`` the other costs in printed order.
    """

    mana: ManaCost | None = None
    tap: bool = False
    untap: bool = False
    parts: tuple[CostPart, ...] = ()
    text: str = ""
    #: a cost written as a choice, "{3}, {T} or {R}, {T}" (the Shards): either may be paid, chosen as the ability is
    #: activated (CR 602.2b → 601.2b, 601.2f-h); ``mana``/``tap`` are then those of the first
    alternatives: tuple["ActivationCost", ...] = ()
    #: a restriction on the mana spent to pay it, from the ability's text ("Spend only red mana on X")
    spend: SpendOnly | None = None
    #: permanents that may be tapped rather than paying its mana, from the ability's text ("For each mana in this
    #: ability's activation cost, you may tap an untapped creature you control rather than pay that mana", Heirloom
    #: Epic: ``"creature"``; like convoke for an ability, CR 702.51a, 601.2h); ``""``: none
    tap_instead: str = ""

    def __str__(self) -> str:
        return self.text or _format_cost(self)


def cost_symbols(c: ActivationCost) -> list[str]:
    """The symbols an activation cost begins with, in printed order (CR 602.1a): its mana, {T} (107.5), {Q} (107.6)."""
    bits = []
    if c.mana is not None and len(c.mana):
        bits.append(str(c.mana))
    if c.tap:
        bits.append("{T}")
    if c.untap:
        bits.append("{Q}")
    return bits


def _format_cost(c: ActivationCost) -> str:
    return ", ".join(cost_symbols(c) + [p.text or p.action for p in c.parts])


#: Zones an ability may function in (CR 113.6): the default for an object is the battlefield for a permanent's
#: abilities and the stack for a spell's (113.6a); others are named by the ability itself (113.6b-n).
ZONES = ("battlefield", "stack", "hand", "graveyard", "library", "exile", "command")


_ROMAN = {"I": 1, "V": 5, "X": 10}


#: A Saga's chapter line (CR 714.2a): "I — [effect]", "II, III — [effect]".
CHAPTER_RE = re.compile(r"^(?P<chapters>[IVX]+(?:, [IVX]+)*)\s+—\s+(?P<effect>\S.*)$")


def roman_value(numeral: str) -> int:
    """The value of a chapter number in Roman numerals ("IV" -> 4; CR 714.2a)."""
    vals = [_ROMAN[ch] for ch in numeral.strip()]
    return sum(-v if i + 1 < len(vals) and v < vals[i + 1] else v for i, v in enumerate(vals))


def chapter_numbers(text: str) -> tuple[int, ...]:
    """The chapter numbers of a chapter line ("I, II — ..." -> (1, 2); CR 714.2a), empty for another line."""
    m = CHAPTER_RE.match(text.strip())
    return tuple(roman_value(c) for c in m.group("chapters").split(",")) if m else ()


def _roman(n: int) -> str:
    """``n`` (1-39) in Roman numerals, as chapters are numbered (CR 714.2a)."""
    out = ""
    for v, sym in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= v:
            out, n = out + sym, n - v
    return out


@dataclass(frozen=True)
class Stripe:
    """The level or station symbol an ability is printed under (CR 711.2a-b, 721.2a): the ability is part of that
    symbol's static ability, so the permanent has it only while it has at least ``least`` and at most ``most``
    (``None``: no upper bound) ``counter`` counters ("level" for level up, 711.2; "charge" for station, 721.2).
    Abilities printed outside any stripe are treated normally (711.4, 721.4).

    ``counter == "lore"``: what a Saga's chapter ``least`` left behind once it resolved (CR 714.2b, 611.2a: Urza's
    Saga's "I — This Saga gains "{T}: Add {C}.""), kept while the Saga has at least that many lore counters and
    the chapter's trigger is not waiting on the stack (``solver.rules.layers``).
    """

    counter: str
    least: int
    most: int | None = None

    def holds(self, counters: Mapping[str, int]) -> bool:
        """Whether a permanent with these counters has the stripe's abilities now."""
        n = int(counters.get(self.counter, 0) or 0)
        return n >= self.least and (self.most is None or n <= self.most)

    def describe(self) -> str:
        if self.counter == "lore":
            return f"chapter {_roman(self.least)}"
        if self.counter == "level":
            return f"LEVEL {self.least}-{self.most}" if self.most is not None else f"LEVEL {self.least}+"
        return f"STATION {self.least}+" if self.most is None else f"{self.least}-{self.most} {self.counter} counters"


@dataclass(frozen=True)
class Ability:
    """One ability of a card: its kind, its typed effect and where it functions.

    Attributes
    ----------
    kind : str
        ``"activated"``, ``"triggered"``, ``"static"``, ``"keyword"``, ``"spell"`` (a spell's own
        instructions), ``"replacement"`` or ``"unparsed"`` (a line the parser could not even split).
    effect : Effect
        What it does, one of the closed vocabulary of ``models.vocab`` (``AddMana``, ``LandType``,
        ``Keyword``, ...); ``Unmodelled(text, topics)`` for wording no parser turned into a typed effect.
    cost : ActivationCost or None
        For activated abilities (CR 602.1a).
    text : str
        The wording it came from (oracle text) or a short description (catalog).
    face : str or None
        The face it belongs to when not the card's first face (CR 712).
    loyalty : str or None
        A loyalty ability's loyalty cost (``"+1"``, ``"-2"``, CR 606).
    intrinsic : str or None
        The basic land type whose intrinsic mana ability this is (CR 305.6).
    zones : tuple of str
        Where it functions when that is not the default (CR 113.6): ``("hand",)`` for Elvish Spirit Guide's
        ability (113.6m), ``("graveyard",)`` for flashback's permission; empty: the default.
    restriction : TimingRestriction or None
        An activated ability's restriction on activating it ("Activate only as a sorcery", "only once each turn",
        "only if you control a Swamp", CR 602.5): ``models.vocab.permissions.TimingRestriction``, read by
        ``solver.rules.restrictions``; ``None``: none (it may be activated any time its controller has priority, 117.1b).
    cost_change : AbilityCostChange or None
        The ability's own cost change ("This ability costs {1} less to activate for each artifact you control",
        CR 602.2b, 601.2f): ``models.vocab.cost_effects.AbilityCostChange``, read by ``solver.rules.activation_costs.ability_cost_change``.
    stripe : Stripe or None
        The level or station symbol it is printed under (CR 711.2, 721.2): the permanent has it only with that
        many counters (``solver.rules.layers.board_view``); ``None``: not in a stripe.
    refused : Ability or None
        The typed reading the parser refused because it does not print back to this line
        (``models.text.roundtrip``): kept for explanations only, never read by the rules; ``None``: not refused.
    """

    kind: str
    effect: Effect = field(default_factory=lambda: Unmodelled("", ALL_TOPICS))
    cost: ActivationCost | None = None
    text: str = ""
    face: str | None = None
    loyalty: str | None = None
    intrinsic: str | None = None
    zones: tuple[str, ...] = ()
    restriction: Effect | None = None
    stripe: Stripe | None = None
    cost_change: Effect | None = None
    refused: "Ability | None" = field(default=None, compare=False, repr=False)

    @property
    def is_activated(self) -> bool:
        return self.kind == "activated"

    @property
    def is_activated_keyword(self) -> bool:
        """A keyword that stands for an activated ability (craft, equip, crew, cycling, ...: CR 702.167a, 702.6a,
        702.122a, 702.29a; ``models.vocab.keywords.ACTIVATED_KEYWORDS``): it does nothing until activated (602.2) and
        adds no mana (605.1a). ``activate: {ability: N}`` numbers only the printed "cost: effect" abilities."""
        if self.kind != "keyword" or not isinstance(self.effect, Keyword):
            return False
        return _activated_keyword_name(self.effect.name)

    @property
    def is_unmodelled(self) -> bool:
        """Its effect is ``Unmodelled`` (the whole ability is not understood)."""
        return isinstance(self.effect, Unmodelled)

    @property
    def trigger_event(self) -> str | None:
        """For a triggered ability, the only kind of event its trigger condition names (one of
        ``models.vocab.TRIGGER_EVENTS``, read from its wording: ``models.text.facts.trigger_event``), or None (any
        event, or not a triggered ability). CR 603.1, 603.2."""
        if self.kind != "triggered":
            return None
        return readers().sentence_facts(self.text or "").trigger_event

    @property
    def is_mana_ability(self) -> bool:
        """A mana ability (CR 605.1): produces mana, no target, not a loyalty ability, and (605.1a as of
        2026-09-25) does not move a card to or from a library."""
        e = self.effect
        if not isinstance(e, AddMana) or self.kind not in ("activated", "triggered"):
            return False
        if e.targets or self.loyalty is not None or e.moves_library_card:
            return False
        if self.cost is not None and any(p.moves_library_card for p in self.cost.parts):
            return False
        return True

    def describe(self) -> str:
        if self.text:
            return self.text
        if self.cost is not None:
            return f"{self.cost}: {self.effect}"
        return str(self.effect)


def activated_abilities(abilities: Iterable[Ability]) -> list[Ability]:
    """The activated abilities in printed order (the ``N`` of ``activate: {ability: N}`` counts these from 1)."""
    return [a for a in abilities if a.kind == "activated"]
