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

import dataclasses

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from mtgcheck.models.vocab.effects import ABILITY_LEVEL_KEYS, AddMana, Effect, Keyword, Unmodelled, build_effect
from mtgcheck.models.vocab.topics import ALL_TOPICS, VocabularyError, closest
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.vocab.keywords import is_activated_keyword as _activated_keyword_name
from mtgcheck.models.vocab.readers import readers

ABILITY_KINDS = ("activated", "triggered", "static", "keyword", "spell", "replacement", "unparsed")


class AbilityError(ValueError):
    """An ability description that cannot be read; the message names what is wrong."""


def freeze(value: Any) -> Any:
    """Turn nested dicts/lists into read-only mappings/tuples so abilities stay hashable-ish plain data."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Inverse of ``freeze``: plain dicts and lists (for JSON output)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    if isinstance(value, ManaCost):
        return str(value)
    return value


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

    Parts that use other objects than the permanent itself (read by ``solver.rules.payment.cost_objects``):
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


def cost_object_filter(words: str) -> Any:
    """The typed ``models.vocab.effects.Filter`` of a cost part's object words (``CostPart.what`` without "you
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
    no object of a scenario matches them, every one being a card (CR 111.1; ``solver.rules.qualifiers``)."""
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
        What it does, one of the closed vocabulary of ``models.vocab.effects`` (``AddMana``, ``LandType``,
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
        "only if you control a Swamp", CR 602.5): ``models.vocab.effects.TimingRestriction``, read by
        ``solver.rules.restrictions``; ``None``: none (it may be activated any time its controller has priority, 117.1b).
    cost_change : AbilityCostChange or None
        The ability's own cost change ("This ability costs {1} less to activate for each artifact you control",
        CR 602.2b, 601.2f): ``models.vocab.effects.AbilityCostChange``, read by ``solver.rules.costs.ability_cost_change``.
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
        ``models.vocab.effects.TRIGGER_EVENTS``, read from its wording: ``models.text.facts.trigger_event``), or None (any
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


#: ``ruling``: in a catalog model, the ruling or CR rule that justifies where the model says more or other than the
#: card's text (read by the catalog check, ``models.data.catalog_check``; not part of the ability)
_ABILITY_KEYS = ("kind", "effect", "cost", "params", "text", "zones", "restriction", "stripe", "ruling")


def _catalog_ability(kind: str, effect: str = "text", cost: ActivationCost | str | None = None,
                     params: Mapping[str, Any] | None = None, text: str = "", card_name: str = "",
                     where: str = "ability", zones: Iterable[str] = ()) -> Ability:
    """Read the parts of a catalog ability entry into an ``Ability`` through the vocabulary
    (``models.vocab.effects.build_effect``; ``ability_from_dict`` checks the entry's keys first).

    ``cost`` may be given as text (parsed with ``parse_activation_cost``); ``params`` may carry the
    ability-level keys ``face``, ``loyalty`` and ``intrinsic``. An ``effect="text"`` ability is
    ``Unmodelled(text, topics)`` with ``params.topics`` (the catalog reader gives the topics of its wording when the
    entry names none: ``models.data.catalog.catalog_ability``), else every topic.

    Raises
    ------
    AbilityError
        An unknown kind, effect name or parameter (``VocabularyError`` is an ``AbilityError``'s cause; the
        message names ``where``, the key and the closest valid name).
    """
    if kind not in ABILITY_KINDS:
        near = closest(kind, ABILITY_KINDS)
        raise AbilityError(f"{where}: unknown ability kind {kind!r}" + (f"; did you mean {near!r}?" if near
                           else f"; kinds are {', '.join(ABILITY_KINDS)}"))
    if isinstance(cost, str):
        parsed: ActivationCost = readers().parse_activation_cost(cost, card_name)
        cost = parsed
    p = dict(params or {})
    level: dict[str, Any] = {k: (str(p.pop(k)) if p.get(k) is not None else None) for k in ABILITY_LEVEL_KEYS if k in p}
    zs = tuple(str(z) for z in zones)
    for z in zs:
        if z not in ZONES:
            raise AbilityError(f"{where}: unknown zone {z!r}" + (f"; did you mean {closest(z, ZONES)!r}?" if closest(z, ZONES) else ""))
    eff: Effect
    if effect == "text" and "topics" not in p:
        # the topics of its wording are read before (models.data.catalog.catalog_ability); none given: it may
        # change anything (never a silent wrong answer)
        eff = Unmodelled(text, ALL_TOPICS)
    else:
        try:
            eff = build_effect(str(effect), dict(p, text=text) if effect == "text" else p, where, ability_kind=kind)
        except VocabularyError as e:
            raise AbilityError(str(e)) from None
    if kind == "keyword" and not zs and isinstance(eff, Keyword):
        # a keyword's own zones when none are given (flashback from a graveyard, foretell from a hand: CR 113.6)
        zs = eff.rule.zones
    return Ability(kind=kind, effect=eff, cost=cost, text=text, zones=zs, face=level.get("face"),
                   loyalty=level.get("loyalty"), intrinsic=level.get("intrinsic"))


def ability_from_dict(d: Mapping[str, Any], card_name: str = "", where: str = "ability") -> Ability:
    """Read one catalog ability entry: ``{kind, effect, cost, params, text, zones}``.

    Only ``kind`` is required. Raises ``AbilityError`` naming ``where``, the problem and the closest valid key.
    """
    if not isinstance(d, Mapping):
        raise AbilityError(f"{where}: an ability must be a mapping with 'kind', got {d!r}")
    for k in d:
        if k not in _ABILITY_KEYS:
            near = closest(str(k), _ABILITY_KEYS)
            raise AbilityError(f"{where}: unknown ability key {k!r}" + (f"; did you mean {near!r}?" if near else
                               f"; allowed: {', '.join(_ABILITY_KEYS)}"))
    if "kind" not in d:
        raise AbilityError(f"{where}: ability {dict(d)!r} has no 'kind'")
    params = d.get("params") or {}
    if not isinstance(params, Mapping):
        raise AbilityError(f"{where}: 'params' must be a mapping, got {params!r}")
    if d.get("cost") is not None and not isinstance(d["cost"], str):
        raise AbilityError(f"{where}: 'cost' must be the cost as text, such as '{{T}}' or '{{1}}, {{T}}', got {d['cost']!r}")
    if d.get("zones") is not None and (isinstance(d["zones"], str) or not isinstance(d["zones"], (list, tuple))):
        raise AbilityError(f"{where}: 'zones' must be a list of zone names, got {d['zones']!r}")
    ab = _catalog_ability(str(d["kind"]), str(d.get("effect", "text")), d.get("cost"), params,
                          str(d.get("text", "")), card_name, where, d.get("zones") or ())
    if d.get("restriction") is not None:
        # an activated ability's restriction (CR 602.5), the params of a ``timing_restriction``
        r = d["restriction"]
        if not isinstance(r, Mapping):
            raise AbilityError(f"{where}: 'restriction' must be a mapping of timing_restriction params, got {r!r}")
        try:
            eff = build_effect("timing_restriction", {"text": str(d.get("text", "")), **dict(r)}, f"{where}: restriction")
        except VocabularyError as e:
            raise AbilityError(str(e)) from None
        from dataclasses import replace

        ab = replace(ab, restriction=eff)
    if d.get("stripe") is not None:
        ab = dataclasses.replace(ab, stripe=_stripe_in(d["stripe"], where))
    return ab


def _stripe_in(v: Any, where: str) -> Stripe:
    """A catalog ``stripe: {counter: level, least: 1, most: 4}`` (CR 711.2, 721.2)."""
    if not isinstance(v, Mapping) or "counter" not in v or "least" not in v:
        raise AbilityError(f"{where}: 'stripe' must be a mapping with 'counter' and 'least' (and 'most'), got {v!r}")
    extra = set(v) - {"counter", "least", "most"}
    if extra:
        raise AbilityError(f"{where}: unknown stripe key {sorted(extra)[0]!r}; allowed: counter, least, most")
    try:
        most = None if v.get("most") is None else int(v["most"])
        return Stripe(str(v["counter"]), int(v["least"]), most)
    except (TypeError, ValueError):
        raise AbilityError(f"{where}: stripe {dict(v)!r}: 'least' and 'most' must be whole numbers") from None


def activated_abilities(abilities: Iterable[Ability]) -> list[Ability]:
    """The activated abilities in printed order (the ``N`` of ``activate: {ability: N}`` counts these from 1)."""
    return [a for a in abilities if a.kind == "activated"]
