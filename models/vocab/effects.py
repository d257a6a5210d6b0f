"""The closed, typed vocabulary of card behaviour: one frozen dataclass per kind of effect the engine knows.

Every ability of a card carries exactly one ``Effect``. Both the embedded catalog (YAML) and the oracle-text
parser build abilities through this module (``build_effect``), so an unknown effect name or parameter is an
error naming where it came from and the closest valid one. Text the parser does not turn into a typed effect
is never absent: it becomes ``Unmodelled(text, topics)``, ``topics`` over-approximating what it could change
(``ALL_TOPICS`` when unsure), and the solver's gate (``solver.rules.gate.require_modelled``) answers ``unsupported``
naming the card and the sentence when such text could apply to a question.

Typed parts shared by the effects:

* ``Filter``: the one filter language for "which objects" (card types, subtypes, supertypes, colours,
  controller, zone, ``other``, ``nontoken``, name, and relations to the source: this, enchanted, that,
  sacrificed);
* amounts: ``Fixed``, ``VariableX``, ``CountOf``, ``CountersOn``, ``Devotion``, ``PowerOf``;
* conditions: ``HasCounter``, ``ControlsAtLeast``, ``Not``, ``CardsInZone``, ``OpponentHasCounters``,
  ``OpponentControlsMore``, ``SourceAttacking``, ``SpellsCastThisTurn`` (read by ``TimingRestriction``).

The vocabulary reference (every effect, its fields, the topics, how to add an effect) is docs/effects.md.

The catalog's parameter shapes (``kind: add_mana`` with ``params: {mana: "{G}"}``) are an input format only: each
field's reader (``fld(read=...)``) turns a catalog value into the typed one; nothing writes the old shapes back.

References: CR 113 (abilities), 113.6 (where abilities function), 207.2c (ability words), 109.1 (objects).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Mapping

from mtgcheck.models.game.cards import BASIC_LAND_TYPES
from mtgcheck.models.game.mana import COLORS, MANA_TYPES, ManaCost, added_types
from mtgcheck.models.game.turn import TurnStep
from mtgcheck.models.vocab.keywords import KEYWORD_RULES, KeywordKind, keyword_kind
from mtgcheck.models.vocab.topics import (
    ALL_TOPICS, TRIGGER_EVENTS, Scope, Topic, VocabularyError, _unknown, topics_of,
)
from mtgcheck.models.vocab.readers import readers


# ---------------------------------------------------------------------------
# Filters, amounts, conditions
# ---------------------------------------------------------------------------

#: Relations of an object to the effect's source that a filter may name (``exiled_with``: the cards exiled with the
#: source by its linked ability, "the exiled card", "cards exiled with this land", CR 406.6, 607.2a; in exile).
RELATIONS = ("this", "enchanted", "equipped", "that", "sacrificed", "it", "exiled_with")
CONTROLLERS = ("any", "you", "opponent")


#: What a number qualifier compares (CR 208 power/toughness, 202.3 mana value).
QUANTITIES = ("power", "toughness", "mana_value")
#: Comparison operators of a number qualifier ("2 or less" ``<=``, "3 or greater" ``>=``, "exactly"/bare ``==``).
NUMBER_COMPARISONS = ("<=", ">=", "==", "<", ">")
#: Combat statuses a qualifier may name (CR 506.4 attacking/blocking creatures, 509.1h blocked, 506.3 "attacking
#: you"). ``attacking_or_blocking``: either; ``nonattacking``/``nonblocking``: neither status.
COMBAT_STATUSES = ("attacking", "blocking", "attacking_or_blocking", "blocked", "unblocked", "attacking_you",
                   "nonattacking", "nonblocking", "blocking_or_blocked", "blocking_it", "blocked_by_it",
                   "blocking_or_blocked_by_it")
#: (``blocking_it``: "target creature blocking it" — a creature blocking the source; ``blocked_by_it``: "target
#: creature it's blocking"; ``blocking_or_blocked_by_it``: either, CR 509.1, 506.4)


#: What an object did this turn that a qualifier may name (``Qualifier.this_turn``; CR 120 damage, 508.1 attacks).
THIS_TURN_QUALIFIERS = ("dealt_damage_to_you", "dealt_damage", "was_dealt_damage", "attacked", "fought", "entered")


@dataclass(frozen=True)
class Comparison:
    """A number test on an object: ``quantity`` (``power``, ``toughness``, ``mana_value``) ``op`` ``value``
    ("with power 2 or less": ``Comparison("power", "<=", 2)``; CR 208.1, 202.3)."""

    quantity: str
    op: str
    value: int
    #: compared with the source's own power, toughness or mana value instead of ``value`` ("with power less than
    #: this creature's power", Unliving Psychopath; CR 208.1): ``None`` for a fixed number
    against: str | None = None
    #: compared with an amount read from the game instead of ``value`` ("with power less than or equal to the number
    #: of creatures you control", Beguiler of Wills): an ``Amount``, evaluated by ``solver.rules.quantities.amount_value``
    amount: Any = None

    def __post_init__(self) -> None:
        if self.quantity not in QUANTITIES:
            raise _unknown("quantity", self.quantity, QUANTITIES, "comparison")
        if self.against is not None and self.against not in QUANTITIES:
            raise _unknown("quantity", self.against, QUANTITIES, "comparison")
        if self.op not in NUMBER_COMPARISONS:
            raise _unknown("comparison", self.op, NUMBER_COMPARISONS, "comparison")

    def holds(self, n: int) -> bool:
        """Whether ``n`` passes the test."""
        v = self.value
        return {"<=": n <= v, ">=": n >= v, "==": n == v, "<": n < v, ">": n > v}[self.op]

    def describe(self) -> str:
        words = {"<=": "or less", ">=": "or greater", "==": "", "<": "less than", ">": "greater than"}[self.op]
        what = self.quantity.replace("_", " ")
        if self.against is not None or self.amount is not None:
            rel = {"<=": "less than or equal to", ">=": "greater than or equal to", "==": "equal to", "<": "less than",
                   ">": "greater than"}[self.op]
            if self.amount is not None:
                return f"{what} {rel} the amount"
            return f"{what} {rel} the source's {str(self.against).replace('_', ' ')}"
        if self.op in ("<", ">"):
            return f"{what} {words} {self.value}"
        return f"{what} {self.value} {words}".strip()


@dataclass(frozen=True)
class Qualifier:
    """The qualifying words of an object phrase besides its types: "nonblack", "with flying", "with power 2 or
    less", "tapped", "token", "attacking", "another", "that's red or green" (CR 105 colours, 702 keywords, 208
    power/toughness, 202.3 mana value, 122 counters, 110.5 tapped, 111 tokens, 506.4 combat, 109.4 "you control").

    A qualifier only narrows the set its types name: when no object of the types exists, none qualifies either
    (the checker uses this exact shortcut even for qualifiers it cannot evaluate, ``history``).

    Attributes
    ----------
    colors : tuple of str
        Colour letters it must all have ("black creature": ``("B",)``).
    colors_any : tuple of str
        If not empty, it must have at least one ("that's red or green", "red or white creature").
    not_colors : tuple of str
        Colour letters it must not have ("nonblack").
    colorless, multicolored, monocolored : bool or None
        "colorless" (``True``) / "colored" (``colorless=False``), "multicolored", "monocolored" (CR 105.2).
    keywords, without_keywords : tuple of str
        Keyword abilities it must have ("with flying") / must not have ("without flying"), lower case (CR 702).
    compare : tuple of Comparison
        Number tests (power, toughness, mana value).
    counters : tuple of str
        Kinds of counters it must have at least one of each ("with a +1/+1 counter on it"); ``""``: any counter.
    tapped : bool or None
        "tapped" / "untapped" (CR 110.5).
    token : bool or None
        "token" (``True``) / "nontoken" (``False``) (CR 111).
    combat : str or None
        One of ``COMBAT_STATUSES`` (CR 506.4: only during combat is any creature attacking or blocking).
    other : bool
        "another", "other than this creature": not the source itself (CR 109.5 "this" / 115.5).
    history : str
        Words about what happened earlier ("that dealt damage to you this turn") that are not modelled; empty
        when none.
    face_down : bool or None
        "face-down" (``True``, CR 708.2) / "face-up".
    enchanted, equipped : bool or None
        "enchanted creature" / "that isn't enchanted" (an Aura is attached to it, CR 303.4); "equipped" (an
        Equipment is attached, 301.5).
    any_of : tuple of Qualifier
        A union of adjectives of different kinds ("tapped or blocking creature", Tetsuo Umezawa): at least one holds.
    name : str
        "named Volo's Journal": its name (CR 201.2); empty when none.
    this_turn : str
        What the object did or had done to it earlier this turn, read from the turn history (``models.game.turn``):
        ``dealt_damage_to_you`` ("that dealt damage to you this turn"), ``dealt_damage``, ``was_dealt_damage``
        (CR 120), ``attacked`` (508.1), ``fought`` (701.14), ``entered`` ("that entered this turn": the permanent
        entry's ``entered_this_turn``, 603.6a, 400.7); empty when none. Other history words stay in ``history`` (not modelled).
    not_named : str
        "not named Clever Conjurer": any other name (CR 201.2); empty when none.
    other_than : str
        "other than That Which Was Taken": a card's own name in its text means that object itself (CR 201.5), so
        the source is excluded as with ``other``; empty when none.
    player : Condition or None
        A condition on a target player ("target opponent who has more life than you do", the Keepers; CR 115.1,
        601.2c): a ``Compare`` of amounts in which ``whose="opponent"`` (and a filter ``controller="opponent"``)
        reads the candidate player and ``you`` the ability's controller; evaluated by ``solver.rules.quantities``.
    """

    colors: tuple[str, ...] = ()
    colors_any: tuple[str, ...] = ()
    not_colors: tuple[str, ...] = ()
    colorless: bool | None = None
    multicolored: bool | None = None
    monocolored: bool | None = None
    keywords: tuple[str, ...] = ()
    without_keywords: tuple[str, ...] = ()
    compare: tuple[Comparison, ...] = ()
    counters: tuple[str, ...] = ()
    tapped: bool | None = None
    token: bool | None = None
    combat: str | None = None
    other: bool = False
    history: str = ""
    player: Any = None
    face_down: bool | None = None
    enchanted: bool | None = None
    equipped: bool | None = None
    any_of: tuple["Qualifier", ...] = ()
    name: str = ""
    other_than: str = ""
    not_named: str = ""
    this_turn: str = ""
    #: "modified creature": it has a counter on it, is equipped, or is enchanted by an Aura its controller controls
    #: (CR 700.9); ``None``: not tested
    modified: bool | None = None
    #: "with {X} in its/their mana cost" (Rosheen, Roaring Prophet): an {X} symbol in the mana cost (CR 107.3,
    #: 202.1); ``None``: not tested
    x_in_cost: bool | None = None

    def __post_init__(self) -> None:
        for c in self.colors + self.colors_any + self.not_colors:
            if c not in COLORS:
                raise VocabularyError(f"qualifier: {c!r} is not a colour letter ({', '.join(COLORS)})")
        if self.this_turn and self.this_turn not in THIS_TURN_QUALIFIERS:
            raise _unknown("history qualifier", self.this_turn, THIS_TURN_QUALIFIERS, "qualifier")
        if self.combat is not None and self.combat not in COMBAT_STATUSES:
            raise _unknown("combat status", self.combat, COMBAT_STATUSES, "qualifier")

    @property
    def empty(self) -> bool:
        """Whether it tests nothing."""
        return self == _NO_QUALIFIER

    @property
    def needs_colors(self) -> bool:
        return bool(self.colors or self.colors_any or self.not_colors) or self.colorless is not None or \
            self.multicolored is not None or self.monocolored is not None

    def merge(self, other: "Qualifier") -> "Qualifier":
        """Both qualifiers' tests (the words before and after the noun of one phrase)."""
        def pick(a: Any, b: Any) -> Any:
            return a if a is not None else b
        return Qualifier(self.colors + other.colors, self.colors_any + other.colors_any,
                         self.not_colors + other.not_colors, pick(self.colorless, other.colorless),
                         pick(self.multicolored, other.multicolored), pick(self.monocolored, other.monocolored),
                         self.keywords + other.keywords, self.without_keywords + other.without_keywords,
                         self.compare + other.compare, self.counters + other.counters, pick(self.tapped, other.tapped),
                         pick(self.token, other.token), pick(self.combat, other.combat), self.other or other.other,
                         "; ".join(x for x in (self.history, other.history) if x), _both_conditions(self.player, other.player),
                         pick(self.face_down, other.face_down), pick(self.enchanted, other.enchanted),
                         pick(self.equipped, other.equipped), _one_union(self.any_of, other.any_of), self.name or other.name,
                         self.other_than or other.other_than, self.not_named or other.not_named,
                         self.this_turn or other.this_turn, pick(self.modified, other.modified),
                         pick(self.x_in_cost, other.x_in_cost))


#: The qualifier that tests nothing (``Qualifier.empty`` compares with it).
_NO_QUALIFIER = Qualifier()


def _one_union(a: tuple[Any, ...], b: tuple[Any, ...]) -> tuple[Any, ...]:
    """The one union of adjectives of a merged qualifier (two unions are not one union: an error)."""
    if a and b and a != b:
        raise VocabularyError("qualifier: two unions of adjectives in one phrase are not modelled")
    return a or b


def _both_conditions(a: Any, b: Any) -> Any:
    """Both player conditions of a merged qualifier (``AllOf``), or the one given."""
    if a is None or b is None:
        return a if b is None else b
    return AllOf((a, b))


@dataclass(frozen=True)
class Filter:
    """Which objects: every listed test must hold (CR 109, 205).

    Attributes
    ----------
    relation : str or None
        ``"this"`` (the source itself), ``"enchanted"``/``"equipped"`` (what the source is attached to),
        ``"that"``/``"it"`` (the object an event refers to), ``"sacrificed"`` (the object sacrificed to pay
        the cost), ``"exiled_with"`` (the cards exiled with the source, CR 607.2a: ``Permanent.exiled_with``);
        ``None``: any object matching the rest.
    all_of : tuple of str
        Characteristics it must have, capitalised: card types (``Land``), supertypes (``Basic``), subtypes
        (``Forest``, ``Elf``); ``Permanent`` matches every permanent.
    none_of : tuple of str
        Characteristics it must not have (``nonbasic land``: ``all_of=("Land",), none_of=("Basic",)``).
    any_of : tuple of str
        If not empty, at least one of these (``instant and sorcery card``).
    colors : tuple of str
        Colour letters it must have (all of them).
    controller : str
        ``any``, ``you`` (the effect's controller) or ``opponent``.
    zone : str
        ``battlefield`` (default), ``graveyard``, ``hand``, ``library``, ``exile``, ``stack``.
    other : bool
        Excludes the source itself ("other", "another").
    nontoken : bool
    name : str or None
        An exact card name.
    qualifier : Qualifier
        Colours, keywords, numbers, counters, tapped, token, combat status ("nonblack creature with flying").
    alternatives : tuple of Filter
        A union ("artifact or creature", "land or nonblack creature"): when not empty, it matches if at least one
        alternative matches, besides the tests above (which every alternative shares).
    words : str
        The wording it was read from (explanations only; not compared).
    """

    relation: str | None = None
    all_of: tuple[str, ...] = ()
    none_of: tuple[str, ...] = ()
    any_of: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    controller: str = "any"
    zone: str = "battlefield"
    other: bool = False
    nontoken: bool = False
    name: str | None = None
    mana_value_at_most: int | None = None
    qualifier: Qualifier = Qualifier()
    alternatives: tuple["Filter", ...] = ()
    words: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.relation is not None and self.relation not in RELATIONS:
            raise VocabularyError(f"filter: unknown relation {self.relation!r}; valid: {', '.join(RELATIONS)}")
        if self.controller not in CONTROLLERS:
            raise _unknown("controller", self.controller, CONTROLLERS, "filter")
        for c in self.colors:
            if c not in COLORS:
                raise VocabularyError(f"filter: {c!r} is not a colour letter ({', '.join(COLORS)})")

    def describe(self) -> str:
        bits = ["other"] if self.other else []
        bits += [f"non{x.lower()}" for x in self.none_of]
        bits += [x if x[:1].isupper() and x not in ("Land", "Creature", "Artifact", "Enchantment", "Permanent",
                                                     "Planeswalker", "Battle", "Basic", "Snow", "Legendary")
                 else x.lower() for x in self.all_of]
        if self.any_of:
            bits.append(" or ".join(x.lower() for x in self.any_of))
        if self.relation:
            bits = [self.relation] + bits
        text = " ".join(bits) or "permanent"
        if self.controller != "any":
            text += " you control" if self.controller == "you" else " an opponent controls"
        return text


class Amount:
    """Base of the typed amounts (how many)."""


@dataclass(frozen=True)
class Fixed(Amount):
    """A fixed number."""

    n: int


@dataclass(frozen=True)
class VariableX(Amount):
    """The value of X chosen or defined for the spell or ability (CR 107.3)."""


@dataclass(frozen=True)
class CountOf(Amount):
    """The number of objects matching ``filter`` (``"for each Elf you control"``)."""

    filter: Filter


@dataclass(frozen=True)
class CountersOn(Amount):
    """The number of ``counter`` counters on the source (``"for each charge counter on this"``); ``""``: counters of
    every kind ("for each counter on Nardole", CR 122.1)."""

    counter: str


@dataclass(frozen=True)
class Devotion(Amount):
    """The controller's devotion to a colour (CR 700.5); ``"chosen"``: to the colour chosen as the ability resolves
    ("Choose a color. Add an amount of mana of that color equal to your devotion to that color", Nyx Lotus), read
    per colour by ``solver.rules.mana.produce.base_events``. Several colour letters (``"WBG"``: "your devotion to white and
    black", "to Abzan") count each mana symbol that is at least one of them once (CR 700.5a)."""

    color: str


@dataclass(frozen=True)
class PowerOf(Amount):
    """The source's power (CR 208)."""


@dataclass(frozen=True)
class CountersRemoved(Amount):
    """The number of ``counter`` counters removed to pay the ability's cost ("for each storage counter removed this
    way"; the cost says "Remove any number of storage counters", CR 107.1b, 118.3)."""

    counter: str


#: Objects a ``StatOf`` reads: the source, what it is attached to, the object sacrificed or exiled to pay the cost
#: (CR 118.3, 601.2h: "the sacrificed creature's power"), or the object a trigger event refers to.
STAT_RELATIONS = ("this", "enchanted", "equipped", "sacrificed", "exiled", "that")


@dataclass(frozen=True)
class StatOf(Amount):
    """A number characteristic of one object: ``stat`` (``power``, ``toughness``, ``mana_value``) of ``relation``
    ("this creature's toughness", "the sacrificed artifact's mana value"; CR 208, 202.3). The source's power is also
    ``PowerOf()``; both mean the same. An object used to pay a cost is read as it last existed on the battlefield
    (CR 608.2h), so a ``sacrificed``/``exiled`` stat depends on the choice made as the cost is paid."""

    stat: str = "power"
    relation: str = "this"

    def __post_init__(self) -> None:
        if self.stat not in QUANTITIES:
            raise _unknown("quantity", self.stat, QUANTITIES, "amount")
        if self.relation not in STAT_RELATIONS:
            raise _unknown("relation", self.relation, STAT_RELATIONS, "amount")


@dataclass(frozen=True)
class GreatestAmong(Amount):
    """The greatest ``stat`` among the objects matching ``filter`` ("the greatest power among creatures you
    control"); 0 when none matches (Spell Rupture ruling 2013-01-24: "If you control no creatures at that time, X
    will be 0"). A comparison uses a negative value as it is; a number of mana or a cost change uses 0 instead
    (CR 107.1b)."""

    stat: str
    filter: Filter

    def __post_init__(self) -> None:
        if self.stat not in QUANTITIES:
            raise _unknown("quantity", self.stat, QUANTITIES, "amount")


@dataclass(frozen=True)
class TotalAmong(Amount):
    """The sum of ``stat`` over the objects matching ``filter`` ("creatures you control have total power 8 or
    greater", "the total power of attacking creatures"); 0 when none matches."""

    stat: str
    filter: Filter

    def __post_init__(self) -> None:
        if self.stat not in QUANTITIES:
            raise _unknown("quantity", self.stat, QUANTITIES, "amount")


#: What ``DistinctAmong`` counts: different powers, mana values, card types (CR 205.2a), permanent types (the card
#: types a permanent can have, CR 110.4a: "four or more permanent types among cards in your graveyard"), basic land
#: types (CR 205.3i; domain, 207.2c), colours (CR 105.2), names (CR 201), creature types (CR 205.3m).
DISTINCT_ASPECTS = ("power", "mana_value", "card_type", "permanent_type", "basic_land_type", "color", "name",
                    "creature_type")


@dataclass(frozen=True)
class DistinctAmong(Amount):
    """How many different ``aspect`` values the objects matching ``filter`` have together ("the number of basic land
    types among lands you control", "four or more card types among cards in your graveyard", "each different power
    among creatures you control"). A colourless object adds no colour (CR 105.2c)."""

    aspect: str
    filter: Filter

    def __post_init__(self) -> None:
        if self.aspect not in DISTINCT_ASPECTS:
            raise _unknown("aspect", self.aspect, DISTINCT_ASPECTS, "amount")


#: What ``ThisTurn`` counts from the turn history (``models.game.turn.TurnHistory``): life gained (CR 119.3) or lost
#: (119.3), cards drawn (121.1), spells cast (601.2i), lands played (305.2), creatures/permanents that died (700.4),
#: tokens created (111.1), permanents that entered under the player's control (603.6a), cards discarded (701.8),
#: permanents sacrificed (701.17), cards that left the player's graveyard, permanents that left the battlefield under
#: the player's control (CR 603.10a: revolt's "a permanent you controlled left the battlefield this turn"), energy
#: counters paid or lost (107.14, 122.1).
TURN_EVENTS = ("life_gained", "life_lost", "cards_drawn", "spells_cast", "lands_played", "died", "tokens_created",
               "entered", "discarded", "sacrificed", "left_graveyard", "left_battlefield", "energy_paid")
#: Whose events or numbers an amount reads: the ability's controller, an opponent (per opponent, see ``Compare``),
#: or every player together.
WHOSE = ("you", "opponent", "any")


@dataclass(frozen=True)
class ThisTurn(Amount):
    """How many ``event`` happened this turn for ``whose`` ("the amount of life you gained this turn", "a creature
    died this turn": ``ThisTurn("died", "any", creature filter)`` compared with 1). ``filter`` narrows the objects of
    object events (``died``, ``entered``, ``sacrificed``, ``spells_cast``) by their card's characteristics."""

    event: str
    whose: str = "you"
    filter: Filter | None = None

    def __post_init__(self) -> None:
        if self.event not in TURN_EVENTS:
            raise _unknown("turn event", self.event, TURN_EVENTS, "amount")
        if self.whose not in WHOSE:
            raise _unknown("player", self.whose, WHOSE, "amount")


@dataclass(frozen=True)
class LifeTotal(Amount):
    """A player's life total (CR 119.1)."""

    whose: str = "you"

    def __post_init__(self) -> None:
        if self.whose not in WHOSE[:2]:
            raise _unknown("player", self.whose, WHOSE[:2], "amount")


@dataclass(frozen=True)
class PlayerCounters(Amount):
    """How many ``kind`` counters a player has ("you have six or more {E}", CR 122.1, 107.14)."""

    kind: str
    whose: str = "you"

    def __post_init__(self) -> None:
        if self.whose not in WHOSE[:2]:
            raise _unknown("player", self.whose, WHOSE[:2], "amount")


@dataclass(frozen=True)
class Sum(Amount):
    """``parts`` added together plus ``plus`` ("X plus one", "1 plus the exiled creature's mana value")."""

    parts: tuple[Amount, ...]
    plus: int = 0


@dataclass(frozen=True)
class OfChosenType(Amount):
    """The number of objects matching ``filter`` that have the creature type chosen for the source as it entered
    ("the number of creatures you control of the chosen type", Three Tree City; CR 205.3m, 607.2a: the choice is
    recorded on the permanent, ``choices: {creature_type: ...}``)."""

    filter: Filter


@dataclass(frozen=True)
class SharingCreatureType(Amount):
    """The greatest number of objects matching ``filter`` that have a creature type in common ("the greatest number of
    creatures you control that have a creature type in common", White Lotus Tile, Basalt Ravager): for each creature
    type (CR 205.3m), how many of them have it, the largest; a changeling has every creature type (CR 702.73a); 0 when
    none has a creature type."""

    filter: Filter


@dataclass(frozen=True)
class Revealed(Amount):
    """"Reveal any number of [cards] in your hand. Add ... for each card revealed this way" (Metalworker,
    Sacellum Godspeaker): a number the player chooses as the ability resolves, from 0 to the number of cards in the
    hand matching ``filter`` (CR 701.20a reveal, 608.2d choices on resolution). The callers enumerate every value.
    The same number for "you may discard any number of cards. If you do, draw that many cards and add that much {R}"
    (Neheb, Dreadhorde Champion; CR 701.9a discard, 608.2d)."""

    filter: Filter


@dataclass(frozen=True)
class PartySize(Amount):
    """The number of creatures in the controller's party ("add {R} for each creature in your party", Ardent
    Electromancer): up to one each of Cleric, Rogue, Warrior and Wizard among the creatures they control, counted to
    get the highest result (CR 700.8, 700.8a-b)."""


#: What an ``EventAmount`` reads of its trigger event (CR 603.2): a number of the event itself (``""``), the player the
#: event names (``player``), the combat of the attack that triggered it (``attack``).
EVENT_REFERENCES = ("", "player", "attack")


@dataclass(frozen=True)
class EventAmount(Amount):
    """A number the trigger event gives ("that much", "that many": how many creatures attacked, "Whenever one or
    more creatures you control attack, add that much mana ...", Grand Warlord Radha; "twice that much {G}",
    Fangorn): ``at_least`` is the least the event gives (1 for "one or more ... attack", CR 508.1, 603.2c),
    ``times`` multiplies ("twice"). It is not a number of the game state: read as if the ability resolved now (CR
    106.7), it is one of the numbers its event can give, enumerated by the caller.

    ``of`` and ``reads`` type an amount read from what the event names (CR 603.2: a triggered ability's text may refer to
    the event's object or player), not from the state as it is now:

    * ``of="player"``: ``reads`` is read with the player the event names as "you" ("At the beginning of each player's
      first main phase, ... that player adds {C} for each artifact they control", Blinkmoth Urn: ``reads`` is
      ``CountOf(artifact you control)``); ``whose`` is who the event can name (``any``: each player, ``opponent``);
    * ``of="attack"``: ``reads`` is read in the combat of the attack that triggered it ("Whenever Tesak attacks, add {R}
      for each attacking creature": ``CountOf(attacking creature)``; "Whenever Klauth attacks, add X mana ..., where X
      is the total power of attacking creatures": ``TotalAmong(power, attacking creature)``): the source is attacking
      when the ability triggers (CR 508.1, 508.3a), and may be removed from combat before it resolves (CR 506.4);
    * ``of=""``: a number of the event itself ("that much"), ``reads`` is ``None``.

    ``solver.rules.mana.amounts.chosen_values`` gives every value such an amount can take."""

    at_least: int = 0
    times: int = 1
    of: str = ""
    reads: "Amount | None" = None
    whose: str = "any"

    def __post_init__(self) -> None:
        if self.of not in EVENT_REFERENCES:
            raise _unknown("event reference", self.of, EVENT_REFERENCES, "amount")
        if (self.reads is None) != (self.of == ""):
            raise ValueError("an amount read from the event's player or attack needs 'reads', and only then")
        if self.whose not in WHOSE:
            raise _unknown("player", self.whose, WHOSE, "amount")


@dataclass(frozen=True)
class PlayersWho(Amount):
    """How many players of ``whose`` had ``event`` (a count of ``models.game.turn.TurnHistory.COUNTS``) happen this turn:
    "for each of your opponents who lost life this turn" (Belbe, Corrupted Observer; CR 119.3)."""

    event: str
    whose: str = "opponent"


@dataclass(frozen=True)
class StartingLife(Amount):
    """A player's starting life total (CR 103.4: 20 in a two-player game; variants differ, 103.4a-c): the
    scenario's ``starting_life`` (default 20). "You have at least 7 life more than your starting life total" is
    ``Compare(LifeTotal(), ">=", Sum((StartingLife(),), 7))``."""

    whose: str = "you"

    def __post_init__(self) -> None:
        if self.whose not in WHOSE[:2]:
            raise _unknown("player", self.whose, WHOSE[:2], "amount")


@dataclass(frozen=True)
class CountersAmong(Amount):
    """The number of ``counter`` counters on all the permanents matching ``filter`` together ("for each +1/+1
    counter on creatures you control", Deepwood Denizen; CR 122.1)."""

    counter: str
    filter: Filter


@dataclass(frozen=True)
class LargestGroup(Amount):
    """The greatest number of objects matching ``filter`` that share one ``aspect`` value: ``name`` ("you control
    three or more lands with the same name", Endless Atlas; CR 201.2)."""

    aspect: str
    filter: Filter

    def __post_init__(self) -> None:
        if self.aspect not in ("name",):
            raise _unknown("aspect", self.aspect, ("name",), "amount")


AMOUNT_TYPES: tuple[type, ...] = (Fixed, VariableX, CountOf, CountersOn, Devotion, PowerOf, CountersRemoved, StatOf,
                                  GreatestAmong, TotalAmong, DistinctAmong, ThisTurn, LifeTotal, PlayerCounters, Sum,
                                  OfChosenType, Revealed, PartySize, EventAmount,
                                  SharingCreatureType, PlayersWho, StartingLife, CountersAmong, LargestGroup)


class Condition:
    """Base of the typed conditions."""


@dataclass(frozen=True)
class HasCounter(Condition):
    """The source has at least ``n`` (default one) ``counter`` counters on it ("if there are three or more brick
    counters on this artifact")."""

    counter: str
    n: int = 1


@dataclass(frozen=True)
class ControlsAtLeast(Condition):
    """The controller controls at least ``n`` objects matching ``filter``."""

    n: int
    filter: Filter


@dataclass(frozen=True)
class SourceTapped(Condition):
    """The source of the ability is tapped ("if this creature is tapped", Barbflare Gremlin; CR 603.4)."""


@dataclass(frozen=True)
class EventObjectIs(Condition):
    """The object the trigger event refers to matches ``filter`` ("if that Island is snow", Snowfall): read
    against the permanent tapped for mana (CR 106.12a, 603.4)."""

    filter: Filter


@dataclass(frozen=True)
class Not(Condition):
    """The condition ``of`` does not hold ("if you control no creatures", "if there are no charge counters on
    this artifact")."""

    of: Condition


#: How a count is compared: at least, at most or exactly ``n``.
COMPARISONS = ("at_least", "at_most", "exactly")


@dataclass(frozen=True)
class CardsInZone(Condition):
    """The number of cards in a player's ``zone`` (``hand`` or ``graveyard``) compared with ``n`` ("if you have no
    cards in hand", "if seven or more cards are in your graveyard", "exactly seven cards in hand"). ``whose``:
    ``you`` (the ability's controller, the caster). The zone's contents must be known (listed in the scenario)."""

    zone: str
    n: int
    compare: str = "at_least"
    whose: str = "you"


@dataclass(frozen=True)
class OpponentHasCounters(Condition):
    """An opponent has at least ``n`` ``kind`` counters ("if an opponent has three or more poison counters",
    CR 122.1)."""

    kind: str
    n: int


@dataclass(frozen=True)
class OpponentControlsMore(Condition):
    """An opponent controls at least ``by`` more objects matching ``filter`` than you ("if an opponent controls
    more lands than you": ``by`` 1; Isolated Watchtower "at least two more lands": 2)."""

    filter: "Filter"
    by: int = 1


@dataclass(frozen=True)
class SourceAttacking(Condition):
    """The source is an attacking creature ("Activate only if this creature is attacking", CR 506.4)."""


@dataclass(frozen=True)
class AttackedThisStep(Condition):
    """"If you've been attacked this step": a creature is attacking you (Ambush-style instants of Portal Three
    Kingdoms, read in the declare attackers step; CR 508.1, 506.4)."""


@dataclass(frozen=True)
class AttackedThisTurn(Condition):
    """Attackers were declared this turn (CR 508.1): ``subject`` ``this`` ("if this creature attacked this turn",
    boast, CR 702.142a) or ``you`` ("if you attacked this turn": with at least ``n`` creatures)."""

    subject: str = "this"
    n: int = 1
    #: ``you`` only: the attackers counted ("if you attacked with a Spacecraft this turn", Thaumaton Torpedo)
    filter: "Filter | None" = None


@dataclass(frozen=True)
class DefendingPlayerControls(Condition):
    """The defending player controls at least ``n`` objects matching ``filter`` ("only if defending player controls
    a snow land", Arcum's Sleigh; ``Not`` of it: "controls no snow lands"). There is a defending player only during
    combat; in a two-player game it is the nonactive player (CR 506.2); outside combat the condition does not hold."""

    filter: "Filter"
    n: int = 1


@dataclass(frozen=True)
class SpellsCastThisTurn(Condition):
    """You have cast at least ``n`` spells this turn (``other``: besides the spell being cast, which is not counted
    yet: "if you've cast another spell this turn", CR 601.2i)."""

    n: int = 1


@dataclass(frozen=True)
class Compare(Condition):
    """``left`` ``op`` ``right`` (amounts; an int means ``Fixed``): "creatures you control have total power 8 or
    greater" is ``Compare(TotalAmong("power", creatures you control), ">=", 8)``; "you have more cards in hand than
    each opponent" compares your hand with an opponent's.

    ``opponents``: when an amount reads an opponent (``whose="opponent"``, a filter controlled by ``opponent``), the
    comparison is made for each opponent separately: ``an`` (default) holds if it holds for at least one opponent
    ("if an opponent controls four or more lands"), ``each`` if for every opponent ("than each opponent").
    """

    left: Amount
    op: str
    right: Amount | int = 0
    opponents: str = "an"

    def __post_init__(self) -> None:
        if self.op not in NUMBER_COMPARISONS:
            raise _unknown("comparison", self.op, NUMBER_COMPARISONS, "condition")
        if self.opponents not in ("an", "each"):
            raise _unknown("opponent quantifier", self.opponents, ("an", "each"), "condition")


@dataclass(frozen=True)
class AllOf(Condition):
    """Every one of ``parts`` holds ("if you control an Urza's Power-Plant and an Urza's Tower")."""

    parts: tuple[Condition, ...]


@dataclass(frozen=True)
class AnyOf(Condition):
    """At least one of ``parts`` holds ("if you control a Desert or there is a Desert card in your graveyard")."""

    parts: tuple[Condition, ...]


#: Player designations (CR 724 the monarch, 725 the initiative, 702.131 the city's blessing, 309.7 having completed
#: a dungeon): a scenario lists them per player (``designations: {Alice: [monarch]}``); none unless listed.
DESIGNATIONS = ("monarch", "initiative", "city's blessing", "completed a dungeon")


@dataclass(frozen=True)
class HasDesignation(Condition):
    """``whose`` has ``designation`` ("if you're the monarch", "if you have the city's blessing", "if you've completed
    a dungeon"; CR 724, 725, 702.131, 309.7)."""

    designation: str
    whose: str = "you"

    def __post_init__(self) -> None:
        if self.designation not in DESIGNATIONS:
            raise _unknown("designation", self.designation, DESIGNATIONS, "condition")
        if self.whose not in WHOSE[:2]:
            raise _unknown("player", self.whose, WHOSE[:2], "condition")


@dataclass(frozen=True)
class SourceMatches(Condition):
    """The source itself matches ``filter`` ("if this permanent is a creature", "only if Hakim isn't enchanted":
    a filter with relation ``None`` read against the source)."""

    filter: Filter


@dataclass(frozen=True)
class SourceModified(Condition):
    """The source is modified: it has a counter on it, is equipped, or is enchanted by an Aura its controller
    controls (CR 700.9; "as long as this creature is modified", Orochi Merge-Keeper)."""


@dataclass(frozen=True)
class SourceRenowned(Condition):
    """The source is renowned (CR 702.112b; "as long as this creature is renowned", Honored Hierarch): the scenario's
    ``renowned`` of the permanent."""


@dataclass(frozen=True)
class SourceCast(Condition):
    """How the source entered the battlefield: it was cast (CR 601.2), from ``zone`` when given ("if you cast it from
    your hand", Coal Stoker), and with ``bargained`` its bargain cost was paid (CR 702.166b: "if it was bargained",
    Realm-Scorcher Hellkite). An intervening "if" of its enters trigger (CR 603.4), read from the permanent's
    scenario keys ``cast_from`` and ``bargained`` (absent: it was not cast; an answer relying on that says so)."""

    zone: str | None = None
    bargained: bool = False


@dataclass(frozen=True)
class HasLegalTarget(Condition):
    """The triggered ability's target requirement ``spec`` (a ``models.text.targets.TargetSpec``) can be met now: a
    triggered ability whose required target can't be chosen is removed from the stack (CR 603.3d) and one whose
    targets are all illegal doesn't resolve (608.2b), so it adds its mana only with a legal target ("Urabrask deals
    1 damage to target opponent. Add {R}."; "exile target card from a graveyard. If it was a land card, add {R} or
    {G}", Klothys: a land card). Read by ``solver.rules.targets.spec_legality``."""

    spec: Any = None


@dataclass(frozen=True)
class ResolvedThisTurn(Condition):
    """"If this is the [first/second/third] time this ability has resolved this turn" (Omnath, Locus of Creation):
    as it resolves it is the ``nth`` time when it resolved ``nth - 1`` times earlier this turn (CR 603.4, 608.2), read
    from the turn history's ``resolved`` for the source and this ability (none listed: it has not resolved)."""

    nth: int = 1


@dataclass(frozen=True)
class ControlsCommander(Condition):
    """"As long as you control your commander" (Convergence of Dominion; CR 903.3): which permanents are
    commanders is not recorded in a scenario, so ``solver.rules.quantities`` answers it ``Unsupported`` wherever it is
    read."""


@dataclass(frozen=True)
class AnchorChosen(Condition):
    """"[Anchor word] — [ability]" (the Sieges: "As this enchantment enters, choose Khans or Dragons. • Khans — ..."):
    CR 614.12c, "as long as [anchor word] was chosen as this permanent entered the battlefield, this permanent has
    [ability]". The choice is the permanent's ``choices: {anchor: Khans}`` entry of the scenario (none given:
    ``solver.rules.quantities`` answers ``Unsupported``)."""

    word: str = ""


CONDITION_TYPES: tuple[type, ...] = (AnchorChosen, HasCounter, ControlsAtLeast, SourceTapped, EventObjectIs, Not, CardsInZone,
                                     OpponentHasCounters, OpponentControlsMore, SourceAttacking, AttackedThisStep,
                                     AttackedThisTurn, SpellsCastThisTurn, Compare, AllOf, AnyOf, HasDesignation,
                                     SourceMatches, SourceModified, SourceRenowned, SourceCast, ResolvedThisTurn,
                                     HasLegalTarget, DefendingPlayerControls, ControlsCommander)


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------

#: Reads a catalog (or parser) value of a field into its typed value: ``read(value, where) -> typed``, raising
#: ``VocabularyError`` naming ``where``; a value that is typed already is returned as it is.
Codec = Callable[[Any, str], Any]


def _plain(v: Any, where: str) -> Any:
    from mtgcheck.models.vocab.abilities import freeze

    return freeze(v)


PLAIN: Codec = _plain


def fld(default: Any = None, codec: Codec = PLAIN, key: str | None = None) -> Any:
    """A field of an effect: ``codec`` reads its catalog value; ``key`` is the catalog's name for it when that is not
    the field's name (``rider`` for ``AddMana.riders``)."""
    return field(default=default, metadata={"codec": codec, "key": key})


@dataclass(frozen=True, eq=False)
class Effect:
    """Base of every effect. ``kind`` is the effect's name in the catalog; ``topics``
    what it can change (used by docs and by the probe; the gate reads ``Unmodelled.topics``)."""

    kind: ClassVar[str] = ""
    touches: ClassVar[frozenset[Topic]] = frozenset()

    @classmethod
    def normalize(cls, params: dict[str, Any]) -> dict[str, Any]:
        """Hook: rewrite catalog parameter shapes before the fields are read (default: unchanged)."""
        return params

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in dataclasses.fields(self))

    def __hash__(self) -> int:
        return hash(str(self))

    def __str__(self) -> str:
        return self.kind

    def nested(self) -> Iterable["Effect"]:
        """Nested effects (riders, granted abilities' effects, alternatives): for the gate's walk."""
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            for x in (v if isinstance(v, tuple) else (v,)):
                if isinstance(x, Effect):
                    yield x
                elif isinstance(getattr(x, "effect", None), Effect):
                    yield x.effect
                elif isinstance(getattr(x, "output", None), Effect):
                    yield x.output


@dataclass(frozen=True, eq=False)
class Unmodelled(Effect):
    """A sentence the parser did not turn into a typed effect (never treated as absent).

    Attributes
    ----------
    text : str
        The sentence (oracle wording or a catalog description).
    topics : frozenset of Topic
        What it could change, over-approximated (``ALL_TOPICS`` when unsure).
    scope : Scope
        Where and when it functions (CR 113.3, 113.6): set by the oracle parser, ``UNKNOWN`` otherwise.
    """

    kind: ClassVar[str] = "text"
    text: str = ""
    topics: frozenset[Topic] = ALL_TOPICS
    #: Where and when it functions (CR 113.3, 113.6), typed by the parser (``models.text.scope``).
    scope: Scope = Scope.UNKNOWN
    #: Zones it may let spells be cast from (CR 601.3), read from ``text`` when built (models/text/facts.py).
    cast_from: frozenset[str] = field(init=False, compare=False, default=frozenset())
    #: It changes what a spell costs (CR 601.2f): ``"this"`` ("This spell costs ..."), ``"spells"``, or ``None``.
    cost_change: str | None = field(init=False, compare=False, default=None)
    #: It may set or change creatures' power (layer 7, CR 613.4).
    power_change: bool = field(init=False, compare=False, default=False)
    #: The line is a keyword variant not split into a ``Keyword`` ("hexproof from artifacts, ...", CR 702.11d).
    keyword_variant: str | None = field(init=False, compare=False, default=None)
    #: It changes how mana may be spent ("spend ... as though", "can't spend mana", CR 609.4b).
    spend_change: bool = field(init=False, compare=False, default=False)
    #: Its wording may make it function while its own card is being cast (CR 113.6a, 113.6d-f; facts.while_cast).
    while_cast: bool = field(init=False, compare=False, default=True)
    #: What another ability in play must read for it to matter beyond ``topics`` ("power_toughness",
    #: "keyword:flying", "subtype:Desert", "snow", "counters_put"), when the parser typed what it changes
    #: (``models.text.relevance.static_change``); ``solver.rules.gate`` decides per state.
    reads: frozenset[str] = field(init=False, compare=False, default=frozenset())
    #: For a triggered ability's whole line: the one kind of event its trigger condition names, when plain
    #: (``TRIGGER_EVENTS``: a step, a cast, combat; ``models.text.facts.trigger_event``); None: any event.
    trigger_event: str | None = field(init=False, compare=False, default=None)
    #: Whether the line may replace whether or as what a permanent enters the battlefield (Clone's "enter as a copy",
    #: Containment Priest's "would enter ... exile it instead"; CR 614.1c, 614.6, 707.5), over-approximated
    #: (``models.text.facts.enters_replacement``); "enters tapped" and "enters with counters" are not.
    enters_replacement: bool = field(init=False, compare=False, default=False)

    def __post_init__(self) -> None:
        if self.text:
            # the text layer's reader of a sentence's facts, cached per sentence; never a silent default
            # (``models.vocab.readers.readers`` raises ``ReadersMissing`` when none is installed)
            f = readers().sentence_facts(self.text)
            object.__setattr__(self, "while_cast", f.while_cast)
            object.__setattr__(self, "cast_from", f.cast_from)
            object.__setattr__(self, "cost_change", f.cost_change)
            object.__setattr__(self, "power_change", f.power_change)
            object.__setattr__(self, "keyword_variant", f.keyword_variant)
            object.__setattr__(self, "spend_change", f.spend_change)
            object.__setattr__(self, "trigger_event", f.trigger_event)
            object.__setattr__(self, "enters_replacement", f.enters_replacement)
            object.__setattr__(self, "reads", f.reads)


def _riders_in(v: Any, where: str) -> tuple[Unmodelled, ...]:
    if isinstance(v, str):
        v = [v]
    out = []
    for x in v or ():
        if isinstance(x, Unmodelled):
            out.append(x)
        else:
            out.append(Unmodelled(str(x), readers().classify(str(x), "rider")))
    return tuple(out)


RIDERS: Codec = _riders_in


def _mana_in(v: Any, where: str) -> tuple[str, ...]:
    if isinstance(v, tuple) and all(isinstance(x, str) and x in MANA_TYPES for x in v):
        return v
    try:
        return tuple(added_types(str(v)))  # the one reader of fixed mana to add (CR 106.1, 106.10, 106.11)
    except ValueError as e:
        raise VocabularyError(f"{where}: mana {v!r}: {e}") from None


MANA: Codec = _mana_in


def _types_in(v: Any, where: str) -> tuple[str, ...]:
    out = tuple(str(x).upper() for x in v)
    for t in out:
        if t not in MANA_TYPES:
            raise VocabularyError(f"{where}: {t!r} is not a type of mana ({', '.join(MANA_TYPES)})")
    return out


TYPES: Codec = _types_in


def _filter_in(v: Any, where: str) -> Filter:
    if isinstance(v, Filter):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: a filter must be a mapping with 'what' and 'controller', got {v!r}")
    extra = set(v) - {"what", "controller"}
    if extra:
        raise _unknown("filter key", sorted(extra)[0], ["what", "controller"], where)
    try:
        f: Filter = readers().parse_filter(str(v.get("what", "permanent")), str(v.get("controller", "any")), False)
        return f
    except ValueError as e:
        raise VocabularyError(f"{where}: {e}") from None


FILTER: Codec = _filter_in


def _amount_in(v: Any, where: str) -> Amount:
    if isinstance(v, Amount):
        return v
    if isinstance(v, bool):
        raise VocabularyError(f"{where}: amount {v!r} is not a number")
    if isinstance(v, int):
        return Fixed(v)
    if isinstance(v, str) and v.strip().upper() == "X":
        return VariableX()
    if isinstance(v, str) and v.strip().isdigit():
        return Fixed(int(v))
    if isinstance(v, Mapping) and len(v) == 1 and next(iter(v)) in ("count", "equal_to", "x_is"):
        try:
            a: Amount = readers().parse_amount(str(next(iter(v.values()))))
            return a
        except ValueError as e:
            raise VocabularyError(f"{where}: amount {dict(v)!r}: {e}") from None
    raise VocabularyError(f"{where}: amount {v!r} is not understood (a number, X, or count/equal_to/x_is)")


AMOUNT: Codec = _amount_in


def _condition_in(v: Any, where: str) -> Condition:
    if isinstance(v, Condition):
        return v
    try:
        c: Condition = readers().parse_condition(str(v))
        return c
    except ValueError as e:
        raise VocabularyError(f"{where}: condition {v!r}: {e}") from None


CONDITION: Codec = _condition_in


def _cost_in(v: Any, where: str) -> ManaCost:
    if isinstance(v, ManaCost):
        return v
    try:
        return ManaCost.parse(str(v))
    except ValueError as e:
        raise VocabularyError(f"{where}: mana cost {v!r}: {e}") from None


COST: Codec = _cost_in


def _topics_in(v: Any, where: str) -> frozenset[Topic]:
    return topics_of(v if not isinstance(v, str) else [v], where)


# --- mana ------------------------------------------------------------------

@dataclass(frozen=True)
class Reflect:
    """"Mana of any type/color that [filter] could produce" (CR 106.7)."""

    filter: Filter
    by: str = "type"  # "type" or "color"


def _reflect_in(v: Any, where: str) -> Reflect:
    if isinstance(v, Reflect):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: reflect must be a mapping (what, controller, kind)")
    extra = set(v) - {"what", "controller", "kind"}
    if extra:
        raise _unknown("reflect key", sorted(extra)[0], ["what", "controller", "kind"], where)
    by = str(v.get("kind", "type"))
    if by not in ("type", "color"):
        raise _unknown("reflect kind", by, ["type", "color"], where)
    f = _filter_in({"what": v.get("what", "land"), "controller": v.get("controller", "you")}, where)
    return Reflect(f, by)


REFLECT: Codec = _reflect_in


#: Events of a triggered mana ability (CR 605.1b): a permanent tapped for mana (106.12a: its mana ability with
#: {T} resolved and produced mana), or a land's ability adding mana to the trigger's controller (Caged Sun:
#: "whenever a land's ability causes you to add one or more mana", any of the land's mana abilities).
MANA_TRIGGER_EVENTS = ("tapped_for_mana", "land_ability_adds")


def _color_sources_in(v: Any, where: str) -> Filter:
    """The objects whose colours an output looks at ("any color among legendary creatures and planeswalkers you
    control", "for each color among permanents you control", "a color of a permanent you control")."""
    if isinstance(v, Filter):
        return v
    if isinstance(v, Mapping):
        return _filter_in(v, where)
    try:
        f: Filter = readers().parse_color_sources(str(v))
        return f
    except ValueError as e:
        raise VocabularyError(f"{where}: colours of {v!r}: {e}") from None


#: The objects whose colours a mana output looks at (CR 105, 106.7).
COLOR_SOURCES: Codec = _color_sources_in


@dataclass(frozen=True)
class ManaTrigger:
    """The event of a triggered mana ability: "whenever [filter] is tapped for mana" (CR 605.1b, 106.12a).

    Attributes
    ----------
    filter : Filter  the permanents watched.
    to : str  who adds: ``"controller"`` (of the tapped permanent) or ``"you"`` (the trigger's controller).
    condition : Condition or None  an intervening "if" (CR 603.4), read when the mana ability resolves.
    of_chosen_color : bool  only when mana of the source's chosen colour was produced (106.12a, Gauntlet of Power).
    event : str  one of ``MANA_TRIGGER_EVENTS``.
    optional : bool  "may add" (the player may decline; every pool keeps the mana, since mana can stay unspent).
    """

    filter: Filter
    to: str = "controller"  # who adds: "controller" (of the tapped permanent) or "you"
    condition: Condition | None = None
    of_chosen_color: bool = False
    event: str = "tapped_for_mana"
    optional: bool = False


def _trigger_in(v: Any, where: str) -> ManaTrigger:
    if isinstance(v, ManaTrigger):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: trigger must be a mapping")
    keys = ["event", "what", "controller", "to", "condition", "of_chosen_color", "optional"]
    extra = set(v) - set(keys)
    if extra:
        raise _unknown("trigger key", sorted(extra)[0], keys, where)
    event = str(v.get("event", "tapped_for_mana"))
    if event not in MANA_TRIGGER_EVENTS:
        raise _unknown("trigger event", event, MANA_TRIGGER_EVENTS, where)
    to = str(v.get("to", "controller"))
    if to not in ("controller", "you"):
        raise _unknown("trigger recipient", to, ["controller", "you"], where)
    cond = _condition_in(v["condition"], where) if v.get("condition") else None
    return ManaTrigger(_filter_in({"what": v.get("what", "land"), "controller": v.get("controller", "any")}, where),
                       to, cond, bool(v.get("of_chosen_color")), event, bool(v.get("optional")))


TRIGGER: Codec = _trigger_in


def _add_mana_in(v: Any, where: str) -> "AddMana":
    if isinstance(v, AddMana):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: expected add_mana parameters, got {v!r}")
    return build_effect("add_mana", v, where)  # type: ignore[return-value]


def _instead_in(v: Any, where: str) -> "Instead":
    if isinstance(v, Instead):
        return v
    if not isinstance(v, Mapping) or "condition" not in v:
        raise VocabularyError(f"{where}: 'instead' needs a condition")
    rest = {k: x for k, x in v.items() if k != "condition"}
    return Instead(_condition_in(v["condition"], where), _add_mana_in(rest, where + " (instead)"))


INSTEAD: Codec = _instead_in
def _alternatives_in(v: Any, where: str) -> tuple["AddMana", ...]:
    return tuple(_add_mana_in(x, where + " (alternative)") for x in v)


ALTERNATIVES: Codec = _alternatives_in
PLUS: Codec = _add_mana_in


#: Who adds the mana of an ``AddMana`` (``AddMana.to``; CR 106.3: "a spell or ability that produces mana instructs a
#: player to add that mana"). ``None`` (or ``"you"``) is the ability's controller. The others:
#:
#: * ``chosen_player`` — "Choose a player. That player adds ...", "A player of your choice adds ..." (Spectral
#:   Searchlight, Valleymaker, Victory Chimes): the controller picks any player as the ability resolves, themselves
#:   included; not a target (CR 115.10a), so the ability can still be a mana ability (605.1a);
#: * ``target_player`` — "Target player adds ..." (The Warring Triad, Radiant Lotus): a target (CR 115.1c), so the
#:   ability is not a mana ability (605.1a; ``AddMana.targets`` is set with it) and uses the stack;
#: * ``each_player`` — "Each player adds ..." (Yurlok of Scorch Thrash): every player, the controller included;
#: * ``active_player`` — "the active player adds ..." (Belbe, Corrupted Observer);
#: * ``that_player`` — the player a trigger's event names ("At the beginning of each player's first main phase,
#:   that player adds {G}{G}", Eladamri's Vineyard; "Whenever a player casts a creature spell, that player adds
#:   {G}", Tangleroot): read by the trigger's reader, never by a mana ability's.
#:
#: What could be produced does not depend on who gets it (CR 106.7: the types "an ability of that permanent would
#: produce"); the pools a player can make count it only when that player may be the one who adds it
#: (``solver.rules.mana.produce.controller_may_receive``).
MANA_RECIPIENTS = ("chosen_player", "target_player", "each_player", "active_player", "that_player")
#: Other spellings accepted for ``AddMana.to`` (the parser's older names, the catalog's ``you``/``controller``).
_RECIPIENT_ALIASES = {"you": None, "controller": None, "a_player_of_your_choice": "chosen_player",
                      "player_of_your_choice": "chosen_player", "chosen": "chosen_player", "target": "target_player",
                      "each": "each_player", "all_players": "each_player", "active": "active_player"}


def _recipient_in(v: Any, where: str) -> str | None:
    if v is None:
        return None
    w = str(v).strip().lower().replace(" ", "_")
    if w in _RECIPIENT_ALIASES:
        return _RECIPIENT_ALIASES[w]
    if w not in MANA_RECIPIENTS:
        raise _unknown("mana recipient (to)", w, ("you",) + MANA_RECIPIENTS, where)
    return w


#: ``AddMana.to``: one of ``MANA_RECIPIENTS`` or ``None`` (the controller).
RECIPIENT: Codec = _recipient_in


@dataclass(frozen=True, eq=False)
class AddMana(Effect):
    """Add mana (CR 106, 605): an activated or triggered mana ability, or a spell's instruction.

    Exactly one output form is given: ``mana`` (fixed types, in order), ``choice`` (one of these types),
    ``options`` (one of these fixed groups), ``any_color``/``any_type``, ``combination`` (``True``: any
    colours; or the allowed types), ``reflect`` (CR 106.7 "could produce"), ``produced_type`` (triggered:
    the type the tapped permanent produced), ``chosen_color``, ``commander_identity``, ``each`` (one of each
    type listed), ``distinct_colors`` (N different colours), ``alternatives`` (one of several outputs).
    ``amount`` multiplies; ``plus`` is an additional output; ``instead`` a conditional replacement output;
    ``trigger`` makes it a triggered mana ability (CR 605.1b); ``to`` who adds (``None``: the controller; else one
    of ``MANA_RECIPIENTS``: a chosen, target, active player, each player, or the player a trigger's event names;
    ``target_player`` sets ``targets``, CR 115.1c, 605.1a);
    ``condition`` the intervening "if" of the triggered ability that carries it (CR 603.4): it adds no mana unless
    the condition holds as it resolves (``TriggeredAddMana.condition``, read by ``solver.rules.mana.produce.base_events``);
    ``restriction`` a spend-restriction code; ``timing`` "instant" for "Activate only as an instant" (CR 602.5e);
    ``riders`` other sentences of the ability (Unmodelled);
    ``damage_to_you``: "This land deals 1 damage to you" (painlands, Talismans, Ancient Tomb): the source deals that
    much damage to the ability's controller as the ability resolves, so they lose that much life (CR 120.3a, 119.3)
    during 601.2g, before the costs of the spell are paid (601.2h; the payment search reads it);
    ``targets`` / ``moves_library_card`` make it not a mana ability (605.1a);
    ``double_pool``: "Double the amount of each type of unspent mana you have" (Doubling Cube): it adds as much of
    each type as its controller's pool holds as it resolves (CR 106.4); could produce is the types in that pool
    (106.7); the pools and payments that would add to the pool first are not modelled (``solver.rules.mana.produce``).
    """

    kind: ClassVar[str] = "add_mana"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.MANA_PRODUCTION})
    mana: tuple[str, ...] | None = fld(None, MANA)
    choice: tuple[str, ...] | None = fld(None, TYPES)
    options: tuple[tuple[str, ...], ...] | None = fld(None, lambda v, w: tuple(_mana_in(x, w) for x in v))
    any_color: bool = fld(False)
    any_type: bool = fld(False)
    combination: Any = fld(None, lambda v, w: True if v is True else _types_in(v, w))
    reflect: Reflect | None = fld(None, REFLECT)
    produced_type: bool = fld(False)
    chosen_color: bool = fld(False)
    commander_identity: bool = fld(False)
    each: tuple[str, ...] | None = fld(None, TYPES)
    distinct_colors: int | None = fld(None)
    color_among: Filter | None = fld(None, COLOR_SOURCES)
    each_color_among: Filter | None = fld(None, COLOR_SOURCES)
    alternatives: tuple["AddMana", ...] = fld((), ALTERNATIVES)
    amount: Amount = fld(Fixed(1), AMOUNT)
    plus: "AddMana | None" = fld(None, PLUS)
    instead: "Instead | None" = fld(None, INSTEAD)
    trigger: ManaTrigger | None = fld(None, TRIGGER)
    condition: Condition | None = fld(None, CONDITION)
    to: str | None = fld(None, RECIPIENT)
    restriction: str | None = fld(None)
    #: "instant": "Activate only as an instant" (CR 602.5e; Lion's Eye Diamond), read by the payment search
    timing: str | None = fld(None)
    riders: tuple[Unmodelled, ...] = fld((), RIDERS, key="rider")
    damage_to_you: int = fld(0)
    targets: bool = fld(False)
    moves_library_card: bool = fld(False)
    #: "add mana equal to enchanted permanent's mana cost" (Elemental Resonance): ``"enchanted"``, the mana of the
    #: mana cost of the permanent the source is attached to (CR 202.1, 303.4); read by ``solver.rules.mana.produce``
    cost_of: str | None = fld(None)
    #: mana noted by a linked ability of the source (CR 607.2e): ``"type"`` one mana of its last noted type
    #: ("Add one mana of this artifact's last noted type", Jeweled Amulet), ``"mana"`` the last noted type and
    #: amount of mana (Ice Cauldron); read from ``Permanent.noted_mana`` by ``solver.rules.mana.produce`` (nothing noted: an
    #: undefined type, no mana, CR 106.5)
    noted: str | None = fld(None)
    #: "Double the amount of each type of unspent mana you have" (Doubling Cube; CR 106.4, 106.7)
    double_pool: bool = fld(False)

    def __post_init__(self) -> None:
        if self.cost_of is not None and self.cost_of != "enchanted":
            raise _unknown("cost_of", str(self.cost_of), ["enchanted"], "add_mana")
        if self.noted is not None and self.noted not in ("type", "mana"):
            raise _unknown("noted", str(self.noted), ["type", "mana"], "add_mana")
        if self.to == "target_player" and not self.targets:
            object.__setattr__(self, "targets", True)  # "target player" is a target (CR 115.1c): not a mana ability

@dataclass(frozen=True, eq=False)
class TriggeredAddMana(Effect):
    """A triggered ability that adds mana but is not a mana ability (CR 605.5a): it triggers on an event other
    than activating a mana ability or mana being added (605.1b) — an attack (Firebending N, CR 702.189a:
    "Whenever this creature attacks, add N {R}. Until end of combat, you don't lose this mana as steps and phases
    end"), a creature dying, a phase or step beginning, a spell cast — so it uses the stack and adds its mana only
    as it resolves (608.2). No payment and no pool made now can use it; what its permanent "could produce" counts
    its output, read as if it resolved now (CR 106.7).

    Attributes
    ----------
    event : str  the trigger wording ("whenever this creature attacks"), for explanations.
    output : AddMana  what it adds as it resolves (riders: "until end of turn, you don't lose this mana ...").
    optional : bool  "you may add".
    keyword : str or None  ``"firebending"`` when it is that keyword's ability (CR 702.189a).
    once_each_turn : bool  "This ability triggers only once each turn" (CR 603.2h): no type changes.
    enters : str or None  ``"enters"`` ("When this creature enters, add {R}{G}", CR 603.6a) or ``"other_enters"``
        ("Whenever a land you control enters, add ...") when it is an enters trigger, read by the resolution rules
        as ``EntersTrigger`` is (trigger_order); ``None``: another event.
    condition : Condition or None  an intervening "if" (CR 603.4: "When this creature enters, if you cast it from
        your hand, add {R}{R}{R}"): the ability triggers only if it holds and does nothing as it resolves unless it
        still holds, so what its permanent could produce counts its output only while it holds now (106.7).
    """

    kind: ClassVar[str] = "triggered_add_mana"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.OTHER_MANA})
    event: str = fld("")
    output: "AddMana | None" = fld(None, PLUS)
    optional: bool = fld(False)
    keyword: str | None = fld(None)
    once_each_turn: bool = fld(False)
    enters: str | None = fld(None)
    condition: Condition | None = fld(None, CONDITION)

    def __post_init__(self) -> None:
        if self.enters is not None and self.enters not in ENTERS_EVENTS:
            raise _unknown("triggered_add_mana enters", self.enters, ENTERS_EVENTS, "triggered_add_mana")


@dataclass(frozen=True)
class Instead:
    """"If [condition], add [output] instead" (a conditional output of the same ability)."""

    condition: Condition
    output: AddMana


def _by_subtype_in(v: Any, where: str) -> tuple[tuple[str, str], ...]:
    items = v.items() if isinstance(v, Mapping) else v
    out = []
    for sub, t in items:
        sub, t = str(sub).strip().capitalize(), str(t).strip("{} ").upper()
        if sub not in BASIC_LAND_TYPES:
            raise VocabularyError(f"{where}: {sub!r} is not a basic land type ({', '.join(BASIC_LAND_TYPES)})")
        if t not in MANA_TYPES:
            raise VocabularyError(f"{where}: {t!r} is not a type of mana ({', '.join(MANA_TYPES)})")
        out.append((sub, t))
    return tuple(out)


BY_SUBTYPE: Codec = _by_subtype_in

#: What a mana replacement's ``to_type`` may be: a type letter, or a colour chosen when it applies
#: (``any_color``) or recorded on its source (``chosen_color``: the colour in the source's ``choices``).
REPLACEMENT_TO = MANA_TYPES + ("any_color", "chosen_color")


@dataclass(frozen=True, eq=False)
class ManaReplacement(Effect):
    """"If [filter] is tapped for mana, it produces [...] instead" (CR 106.12b, 614.1a).

    One of ``to_type`` (a type letter, ``any_color`` or ``chosen_color``: the type is replaced, the amount
    kept), ``mana`` (type and amount replaced), ``multiply`` (twice/three times as much) or ``by_subtype``
    (Reality Twist: each basic land type to a type of mana, CR 305.6). ``min_amount``: only when it would
    produce at least that much; ``duration``: ``end_of_turn`` for a resolved spell's or ability's effect.
    ``replaces``: the types of mana that are replaced, the others kept ("instead of any other color": the
    five colours, colorless mana is kept, CR 106.1a-b; "instead of white mana": ``W``); absent: every type.
    ``amount``: with ``to_type``, the amount is replaced too ("one mana of a color of your choice instead of
    any other type and amount", Harvest Mage). ``targeted``: applies only to the effect's targets ("if target
    Plains is tapped for mana", Quarum Trench Gnomes).
    """

    kind: ClassVar[str] = "mana_replacement"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.MANA_PRODUCTION})
    applies: Filter = fld(None, FILTER)
    min_amount: int | None = fld(None)
    to_type: str | None = fld(None)
    mana: tuple[str, ...] | None = fld(None, MANA)
    multiply: int | None = fld(None)
    by_subtype: tuple[tuple[str, str], ...] | None = fld(None, BY_SUBTYPE)
    replaces: tuple[str, ...] | None = fld(None, TYPES)
    amount: int | None = fld(None)
    targeted: bool = fld(False)
    duration: str | None = fld(None)

    def __post_init__(self) -> None:
        if self.to_type is not None and self.to_type not in REPLACEMENT_TO:
            raise VocabularyError(f"mana_replacement: to_type {self.to_type!r} is not one of {', '.join(REPLACEMENT_TO)}")
        if self.amount is not None and self.to_type is None:
            raise VocabularyError("mana_replacement: amount goes with to_type (one mana of the new type)")

    @classmethod
    def normalize(cls, params: dict[str, Any]) -> dict[str, Any]:
        a = params.get("applies")
        if isinstance(a, Mapping) and "min_amount" in a:
            params = dict(params, applies={k: v for k, v in a.items() if k != "min_amount"}, min_amount=a["min_amount"])
        return params

@dataclass(frozen=True, eq=False)
class LandType(Effect):
    """Land-type change (CR 305.7, 613.1d): ``set`` replaces the land types (the land loses its rules-text
    abilities), ``add`` adds types ("in addition to its other types")."""

    kind: ClassVar[str] = "land_type"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CHARACTERISTICS, Topic.MANA_PRODUCTION})
    affects: Filter = fld(None, FILTER)
    set: tuple[str, ...] | None = fld(None)
    add: tuple[str, ...] | None = fld(None)


def _granted_in(v: Any, where: str) -> Any:
    from mtgcheck.models.vocab.abilities import Ability, ability_from_dict

    if isinstance(v, Ability):
        return v
    return ability_from_dict(v, "", where)


def _granted_many_in(v: Any, where: str) -> tuple[Any, ...]:
    return tuple(_granted_in(x, f"{where}[{i}]") for i, x in enumerate(v or ()))


def _parts_unmodelled_in(v: Any, where: str) -> tuple[Unmodelled, ...]:
    """Untyped parts of a grant's sentence: ``Unmodelled`` records, or ``{text, topics}`` mappings (catalog)."""
    out = []
    for x in v or ():
        if isinstance(x, Unmodelled):
            out.append(x)
        elif isinstance(x, Mapping):
            out.append(Unmodelled(str(x.get("text", "")), _topics_in(x.get("topics", "all"), where)))
        else:
            raise VocabularyError(f"{where}: a part must be a mapping with 'text' and 'topics', got {x!r}")
    return tuple(out)


@dataclass(frozen=True, eq=False)
class GrantAbility(Effect):
    """Objects matching ``affects`` have ``ability`` and each of ``also`` (``Ability`` records: keywords and quoted
    abilities, CR 113.10, 113.10a, 613.1f), in layer 6.

    Attributes
    ----------
    affects : Filter
        Which permanents (``relation`` ``enchanted``/``equipped``: what the source is attached to, with the card
        types of ``all_of`` when the wording names them, e.g. "as long as enchanted permanent is a creature").
    ability, also : Ability
        The abilities granted, in printed order. A quoted ability's "this creature" is the object that has it
        (CR 113.10a, 109.5); each is read by the rules like a printed one of that object.
    loses : bool
        The objects first lose all their abilities — printed ones, those of their land types and those granted by
        effects with an earlier timestamp (CR 613.1f, 613.7, 113.10b) — then gain ``ability``/``also``
        ("loses all abilities and has ...", "have ... and lose all other abilities").
    lose_land_types : bool
        "loses all land types" (layer 4, CR 305.7, 613.1d): it has no land subtype, hence no intrinsic mana ability.
    condition : Condition or None
        "As long as ..." (CR 604.1, 611.3a): the effect applies only while it holds.
    chosen_name : bool
        "with the chosen name" (Alpine Moon): only objects named as the source's entering choice (CR 607.2d).
    parts : tuple of Unmodelled
        Parts of the sentence that are not typed (a power/toughness change, layer 7), with their topics.
    """

    kind: ClassVar[str] = "grant_ability"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CHARACTERISTICS, Topic.MANA_PRODUCTION})
    affects: Filter = fld(None, FILTER)
    ability: Any = fld(None, _granted_in)
    also: tuple[Any, ...] = fld((), _granted_many_in)
    loses: bool = fld(False)
    lose_land_types: bool = fld(False)
    condition: Condition | None = fld(None, CONDITION)
    #: "with the chosen name": only objects with the card name chosen for the source as it entered (its
    #: ``choices.card_name``; CR 607.2d, linked abilities)
    chosen_name: bool = fld(False)
    parts: tuple[Unmodelled, ...] = fld((), _parts_unmodelled_in)

    @property
    def granted(self) -> tuple[Any, ...]:
        """Every ability granted, in printed order (``ability`` then ``also``)."""
        return ((self.ability,) if self.ability is not None else ()) + tuple(self.also)

    def nested(self) -> Iterable["Effect"]:
        """The untyped parts of the sentence. The granted abilities are not parts of the source's ability: they
        function on the objects that have them (CR 113.10, 613.1f), where ``solver.rules.layers.board_view`` puts them
        and the gate reads them."""
        return iter(self.parts)


# --- spending ----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class SpendAsThough(Effect):
    """"[players] may spend [mana] as though it were [...]" (CR 609.4b). ``rules``: ``{mana, as, only}``
    entries (see models/text/spend.py)."""

    kind: ClassVar[str] = "spend_as_though"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.MANA_SPENDING})
    players: str = fld("you")
    rules: tuple[Any, ...] = fld(())


@dataclass(frozen=True, eq=False)
class CantSpendMana(Effect):
    """No mana can be spent to cast this spell (Hogaak, Arisen Necropolis)."""

    kind: ClassVar[str] = "cant_spend_mana"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.MANA_SPENDING})


# --- costs ---------------------------------------------------------------------

def _parts_in(v: Any, where: str) -> tuple[Any, ...]:
    """Non-mana cost parts: ``CostPart`` records, or their wording (parsed here, once: ``parse_activation_cost``)."""
    from mtgcheck.models.vocab.abilities import AbilityError, CostPart

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


#: Non-mana cost parts (CR 118): typed ``models.vocab.abilities.CostPart`` records.
COST_PARTS: Codec = _parts_in


def _colors_in(v: Any, where: str) -> tuple[str, ...]:
    out = tuple(str(x).upper() for x in ([v] if isinstance(v, str) else v))
    for c in out:
        if c not in COLORS:
            raise VocabularyError(f"{where}: {c!r} is not a colour letter ({', '.join(COLORS)})")
    return out


COLOR_LETTERS: Codec = _colors_in
#: When a cost change applies (CR 601.2f): always; only during (or outside) the turn of the spell's
#: controller ("except during its controller's turn", Defense Grid); only during (or outside) the turn of
#: the cost changer's controller ("During turns other than yours, ...", Geyser Drake).
COST_DURING = ("any", "caster_turn", "not_caster_turn", "controller_turn", "not_controller_turn")


def _during_in(v: Any, where: str) -> str:
    if str(v) not in COST_DURING:
        raise _unknown("during", str(v), COST_DURING, where)
    return str(v)


DURING: Codec = _during_in


@dataclass(frozen=True, eq=False)
class CostIncrease(Effect):
    """"[spells] cost [amount] more to cast" (CR 601.2f).

    ``spells``: a class of ``models.vocab.costs.SPELL_CLASSES``; ``colors``: the spell must be at least one of these
    colours (CR 105.2; "White spells and black spells": W or B, one change, Stormscape Familiar ruling
    2004-10-04); ``types``: it must have at least one of these card types, supertypes or subtypes ("Artifact
    and enchantment spells", "Cleric spells"); ``whose``: ``all``, ``you``, ``opponents``; ``during``: one of
    ``COST_DURING``; ``colored_only``: a reduction by coloured mana that "reduces only the amount of colored
    mana you pay" (Edgewalker), never generic mana (which CR 118.7b-c would otherwise reduce); ``from_zones``:
    where the spell is cast from (Gravebreaker Lamia, Aven Interrupter; ``not_hand``: anywhere but the hand)."""

    kind: ClassVar[str] = "cost_increase"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS})
    amount: str = fld("{1}")
    spells: str = fld("all")
    whose: str = fld("all")
    colors: tuple[str, ...] = fld((), COLOR_LETTERS)
    types: tuple[str, ...] = fld(())
    during: str = fld("any", DURING)
    colored_only: bool = fld(False)
    #: the zones the spell must be cast from ("Spells you cast from your graveyard"); ``not_hand``: any zone
    #: but the hand ("from anywhere other than your hand"); empty: any zone
    from_zones: tuple[str, ...] = fld(())
    #: only the caster's ``nth`` spell of the turn ("The second spell you cast each turn", dualcast; the turn's
    #: history, models/game/turn.py); 0: every spell
    nth: int = fld(0)
    #: the spell must have the creature type chosen as the source entered ("Creature spells you cast of the chosen
    #: type", Herald's Horn; ``Permanent.choices['creature_type']``)
    chosen_type: bool = fld(False)
    #: the spell must have the card name chosen as the source entered ("Spells with the chosen name you cast",
    #: Council of the Absolute, Brago's Favor; ``Permanent.choices['card_name']``, CR 607.2d, 201.2)
    chosen_name: bool = fld(False)
    #: "Other [...] spells": not the source itself when it is the spell (an eminence ability of a commander cast
    #: from the command zone, CR 113.6, 601.2f)
    other: bool = fld(False)


@dataclass(frozen=True, eq=False)
class CostReduction(CostIncrease):
    """"[spells] cost [amount] less to cast" (CR 601.2f, 118.7a)."""

    kind: ClassVar[str] = "cost_reduction"


@dataclass(frozen=True, eq=False)
class CostMinimum(Effect):
    """Trinisphere: each spell that would cost less than ``minimum`` costs ``minimum`` (CR 601.2f)."""

    kind: ClassVar[str] = "cost_minimum"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS})
    minimum: int = fld(0)
    spells: str = fld("all")
    whose: str = fld("all")
    while_untapped: bool = fld(False)


@dataclass(frozen=True, eq=False)
class SelfCostChange(Effect):
    """"This spell costs [amount] less/more to cast for each [count]" (CR 601.2f); ``count``: ``{zone, whose,
    types[, measure]}`` (models.vocab.costs.parse_count). Without ``count``, the typed ``per`` ("for each [amount]",
    "{X} less, where X is [amount]": ``amount`` per unit) and ``condition`` ("if [condition]": once while it holds)
    say when and how much (models.text.self_cost_conditions; read by ``solver.rules.costs.self_cost_changes``)."""

    kind: ClassVar[str] = "self_cost_change"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS})
    direction: str = fld("less")
    amount: str = fld("{1}")
    count: Any = fld(None)
    per: Amount | None = fld(None, lambda v, w: _opt_amount_in(v, w))
    condition: Condition | None = fld(None, lambda v, w: _opt_condition_in(v, w))


def _choices_in(v: Any, where: str) -> tuple[Any, ...]:
    """The options of an either-or additional cost: ``AdditionalCost`` effects, or ``{cost, parts}`` mappings."""
    out: list[Effect] = []
    for i, x in enumerate(v or ()):
        if isinstance(x, AdditionalCost):
            out.append(x)
        elif isinstance(x, Mapping):
            out.append(build_effect("additional_cost", x, f"{where}[{i}]"))
        else:
            raise VocabularyError(f"{where}[{i}]: an option is a mapping with cost and parts, got {x!r}")
    return tuple(out)


@dataclass(frozen=True, eq=False)
class AdditionalCost(Effect):
    """"As an additional cost to cast this spell, [parts]" (CR 601.2b, 118.8). ``choices``: the options of an
    either-or additional cost ("sacrifice a creature or pay {3}", Bayou Groff), each an ``AdditionalCost``: the caster
    announces one as the spell is cast (CR 601.2b) and the total cost includes that one (601.2f); ``parts`` and
    ``cost`` are then empty."""

    kind: ClassVar[str] = "additional_cost"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS, Topic.CASTING})
    parts: tuple[Any, ...] = fld((), COST_PARTS)
    cost: str | None = fld(None)
    optional: bool = fld(False)
    choices: tuple[Any, ...] = fld((), _choices_in)


#: What a chosen-object cost part does (CR 118.3): ``sacrifice`` (CR 701.21), ``return`` (a permanent to its
#: owner's hand), ``tap`` (an untapped permanent; not a {T} ability, so summoning sickness does not matter,
#: CR 302.6), ``exile`` (a card from the hand), ``discard`` (CR 701.9), ``reveal_hand`` (always payable).
OBJECT_ACTIONS = ("sacrifice", "return", "tap", "exile", "discard", "reveal_hand")


@dataclass(frozen=True)
class ObjectCost:
    """A cost part that chooses ``n`` objects matching ``filter`` (CR 118.3): permanents the caster controls
    (``filter.zone`` battlefield) or cards in the caster's hand (``filter.zone`` hand); ``action`` one of
    ``OBJECT_ACTIONS``; ``text`` the wording (explanations only)."""

    action: str
    n: int = 1
    filter: Filter = field(default_factory=Filter)
    text: str = ""

    def __post_init__(self) -> None:
        if self.action not in OBJECT_ACTIONS:
            raise _unknown("cost action", self.action, OBJECT_ACTIONS, "object cost")


#: Tests of a ``CastCondition``.
CAST_TESTS = ("controls", "your_turn", "not_your_turn", "attacking", "attacked", "hand_has_none", "condition")


@dataclass(frozen=True)
class CastCondition(Condition):
    """A condition of an alternative cost, read as the spell is cast (CR 601.2b, 118.9): ``test`` one of
    ``CAST_TESTS``: ``controls`` (at least ``n`` permanents matching ``filter``, whose ``controller`` says whose:
    you, an opponent, anyone: "there are thirteen or more creatures on the battlefield"), ``your_turn`` /
    ``not_your_turn`` (the caster is / is not the active player), ``attacking`` (at least ``n`` attacking
    creatures matching ``filter``; exactly ``n`` when ``exact``, CR 506.4), ``attacked`` (the caster attacked
    with a creature this turn, CR 508.1), ``hand_has_none`` (no card matching ``filter`` in the caster's hand),
    ``condition`` (the typed ``condition`` of the board, the players or the turn holds for the caster:
    "an opponent cast three or more spells this turn"; ``solver.rules.quantities.condition_holds``)."""

    test: str
    n: int = 1
    filter: Filter | None = None
    exact: bool = False
    text: str = ""
    condition: Any = None

    def __post_init__(self) -> None:
        if self.test not in CAST_TESTS:
            raise _unknown("cast condition", self.test, CAST_TESTS, "cast condition")


def _records_in(v: Any, where: str, record: type, what: str) -> tuple[Any, ...]:
    """``record`` instances, one value or a list; anything else (words the reader did not understand, or did not
    read: ``models.text.params`` reads a catalog's words before the effect is built) is a ``VocabularyError``
    naming ``where`` and ``what``."""
    out: list[Any] = []
    for x in ([v] if isinstance(v, (str, record)) else v or ()):
        if not isinstance(x, record):
            raise VocabularyError(f"{where}: {what} {x!r} is not understood")
        out.append(x)
    return tuple(out)


def _objects_in(v: Any, where: str) -> tuple[ObjectCost, ...]:
    """Chosen-object cost parts: ``ObjectCost`` records (wording such as "sacrifice two Mountains" is read by
    ``models.text.costs.object_cost`` before the effect is built)."""
    return _records_in(v, where, ObjectCost, "cost part")


def _cast_conditions_in(v: Any, where: str) -> tuple[CastCondition, ...]:
    """Conditions of an alternative cost: ``CastCondition`` records (wording such as "you control a Plains" is
    read by ``models.text.costs.cast_condition`` before the effect is built)."""
    return _records_in(v, where, CastCondition, "condition")


@dataclass(frozen=True, eq=False)
class PrintedAlternativeCost(Effect):
    """A spell's own alternative cost (CR 118.9): "You may [cost] rather than pay this spell's mana cost" and
    "you may cast this spell without paying its mana cost" (``free``), when ``conditions`` all hold ("If you
    control a Plains, ..."). At most one alternative cost is chosen, before the total is computed (CR 118.9a,
    601.2b); additional costs, increases and reductions still apply (118.9d, 601.2f); the mana value is the
    card's (118.9c, 202.3).

    ``cost``: the mana part (``None``: none); ``life``: life to pay (CR 119.4); ``objects``: chosen-object parts
    (``ObjectCost``); ``untyped``: wording of a part or condition that is not modelled (an answer that needs
    this alternative is then unsupported, naming the sentence; one that does not need it is unchanged, since
    the alternative only adds a way to cast the spell)."""

    kind: ClassVar[str] = "alternative_cost"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS, Topic.CASTING})
    cost: str | None = fld(None)
    life: int = fld(0)
    objects: tuple[Any, ...] = fld((), _objects_in)
    free: bool = fld(False)
    conditions: tuple[Any, ...] = fld((), _cast_conditions_in)
    untyped: str = fld("")


@dataclass(frozen=True, eq=False)
class AsThoughHaste(Effect):
    """"You may activate abilities of [creatures] as though those creatures had haste" (Thousand-Year Elixir,
    Tyvar, Jubilant Brawler): their {T}/{Q} abilities ignore summoning sickness, without giving haste (CR 302.6,
    702.10; the effect's controller is the one who may activate, so ``affects`` is relative to it)."""

    kind: ClassVar[str] = "as_though_haste"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.ACTIVATION})
    affects: Filter = fld(None, FILTER)


@dataclass(frozen=True, eq=False)
class GainControl(Effect):
    """"Gain control of target [object] until end of turn. Untap that [object]. It gains haste until end of turn."
    (Act of Treason, Threaten, Act of Aggression, Captivating Crew's ability): as it resolves the target is untapped
    (CR 701.26b); until end of turn its controller is the effect's controller (layer 2, CR 613.1b) and it has haste
    (layer 6, 613.1f, 702.10), so its {T} abilities may be activated this turn (302.6).

    Read for an effect in force (a scenario's ``effects`` entry with its ``targets``) by ``solver.rules.layers.board_view``:
    the target must be listed on the battlefield of the effect's controller (the control change is read from the
    board, never applied over it: another listing is ``unsupported``, naming layer 2) and it has haste.

    Attributes
    ----------
    target : str
        The target's words as printed after "target" ("creature", "creature an opponent controls", "artifact or
        creature"); the targets rules read them (CR 115.1, 601.2c).
    untap : str
        How "Untap ..." names the object: ``"that creature"``, ``"that permanent"``, ``"it"``.
    """

    kind: ClassVar[str] = "gain_control"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CHARACTERISTICS, Topic.ACTIVATION, Topic.KEYWORDS})
    target: str = fld("")
    untap: str = fld("it")


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


#: Who a flash permission lets cast (``CastAsThoughFlash.who``): the controller of its source, every player, or
#: the owner of the cards it names ("Creature cards you own that aren't on the battlefield have flash").
FLASH_WHO = ("you", "any", "owner")


@dataclass(frozen=True, eq=False)
class CastAsThoughFlash(Effect):
    """A static permission to cast spells any time one could cast an instant: "You may cast creature spells as
    though they had flash" (Leyline of Anticipation: all spells; Vedalken Orrery; Yeva, Nature's Herald: green
    creature spells), "Any player may cast Sliver spells as though they had flash", "Creature cards you own that
    aren't on the battlefield have flash" (Teferi, Mage of Zhalfir), "Familiar spells you cast have flash" (CR 702.8a
    flash, 117.1a, 307.1 and 601.3: it changes only when the named spells may be cast).

    ``spells``: the cards it covers (their types, colours, subtypes; ``Filter`` read against the card); ``who``: one of
    ``FLASH_WHO``; the permission's source controller is "you".
    """

    kind: ClassVar[str] = "flash_permission"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING})
    spells: Filter = fld(None, lambda v, where: _spells_in(v, where))
    who: str = fld("you")

    def __post_init__(self) -> None:
        if self.who not in FLASH_WHO:
            raise _unknown("player", self.who, FLASH_WHO, "flash_permission")


@dataclass(frozen=True, eq=False)
class GrantFlashback(Effect):
    """The target spell card gains flashback with a cost equal to its mana cost (Snapcaster Mage)."""

    kind: ClassVar[str] = "grant_flashback"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS, Topic.CASTING, Topic.ZONES})
    target: str | None = fld(None)  # which card (description)
    cost: str | None = fld(None)    # "mana_cost": its mana cost
    duration: str | None = fld(None)
    event: str | None = fld(None)   # as a triggered ability: "enters" when this object entering triggers it (CR 603.6a)

    def __post_init__(self) -> None:
        if self.event not in (None, "enters"):
            raise _unknown("grant_flashback event", str(self.event), ("enters",), "grant_flashback")


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


# --- resolution ------------------------------------------------------------------

#: The actions a spell step may take (``Step.action``).
STEP_ACTIONS = ("scry", "draw", "damage", "other")


@dataclass(frozen=True)
class Step:
    """One instruction of a spell, in the order written (CR 608.2c).

    Attributes
    ----------
    action : str
        ``"scry"`` (CR 701.22), ``"draw"`` (CR 121.1), ``"damage"`` (a targeted damage step) or ``"other"``
        (a targeted step that neither draws nor touches a library: "destroy target creature").
    n : int
        How many (cards scried or drawn, damage dealt); 0 for ``other``.
    target : str or None
        What the step targets (``"any"`` for "any target", ``"creature"``, ...); ``None``: untargeted (CR 115.1).
    text : str
        The wording of an ``other`` step (explanations only).
    """

    action: str
    n: int = 0
    target: str | None = None
    text: str = ""

    def __post_init__(self) -> None:
        if self.action not in STEP_ACTIONS:
            raise _unknown("step action", self.action, STEP_ACTIONS, "step")
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 0:
            raise VocabularyError(f"step {self.action}: n must be a whole number >= 0, got {self.n!r}")

    def describe(self) -> str:
        """A short wording: ``"scry 2"``, ``"draw 1"``, ``"deal 2 damage to any target"``."""
        if self.action == "other":
            return self.text or "other"
        if self.action == "damage":
            return f"deal {self.n} damage to {'any target' if self.target == 'any' else 'target ' + str(self.target)}"
        return f"{self.action} {self.n}"


def _step_in(v: Any, where: str) -> Step:
    if isinstance(v, Step):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: a step must be a mapping with 'action', got {v!r}")
    extra = set(v) - {"action", "n", "target", "text"}
    if extra:
        raise _unknown("step key", sorted(extra)[0], ["action", "n", "target", "text"], where)
    try:
        return Step(str(v.get("action", "")), v.get("n", 0), None if v.get("target") is None else str(v["target"]),
                    str(v.get("text", "")))
    except VocabularyError as e:
        raise VocabularyError(f"{where}: {e}") from None


def _steps_in(v: Any, where: str) -> tuple[Step, ...]:
    return tuple(_step_in(x, f"{where}[{i}]") for i, x in enumerate(v or ()))


STEPS: Codec = _steps_in


@dataclass(frozen=True, eq=False)
class Instructions(Effect):
    """A spell's instructions in the order written (CR 608.2c): ``steps``, a tuple of ``Step``
    (parsed by models/text/resolution.py)."""

    kind: ClassVar[str] = "instructions"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    steps: tuple[Step, ...] = fld((), STEPS)


@dataclass(frozen=True, eq=False)
class Draw(Effect):
    """Draw ``n`` cards (CR 121)."""

    kind: ClassVar[str] = "draw"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION, Topic.ZONES})
    n: int = fld(1)


@dataclass(frozen=True, eq=False)
class Scry(Effect):
    """Scry ``n`` (CR 701.22) as a spell instruction."""

    kind: ClassVar[str] = "scry"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    n: int = fld(1)


@dataclass(frozen=True, eq=False)
class PutOntoBattlefieldProcess(Effect):
    """Hypergenesis-like: starting with ``starting``, each player may put a ``kinds`` card from hand onto the
    battlefield, ``repeat`` until all pass."""

    kind: ClassVar[str] = "put_onto_battlefield_process"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION, Topic.ZONES})
    kinds: tuple[Any, ...] = fld(())
    repeat: bool = fld(False)
    card_kind: str = fld("")
    starting: str = fld("active")

    def __post_init__(self) -> None:
        known = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
        for k in self.kinds:
            if k not in known:
                raise _unknown("card type", str(k), known, "put_onto_battlefield_process.kinds")
        if self.starting not in ("active", "you"):
            raise _unknown("starting player", self.starting, ("active", "you"), "put_onto_battlefield_process")


@dataclass(frozen=True, eq=False)
class EntersWithCounters(Effect):
    """"This enters with [amount] [counter] counters on it" (CR 614.1c)."""

    kind: ClassVar[str] = "enters_with_counters"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    counter: str = fld("+1/+1")
    amount: Amount = fld(Fixed(1), AMOUNT)
    refers_to_x: bool = fld(False)
    tapped: bool = fld(False)


@dataclass(frozen=True, eq=False)
class EntersTapped(Effect):
    """"This enters tapped" (CR 614.1c, 110.5b)."""

    kind: ClassVar[str] = "enters_tapped"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})


@dataclass(frozen=True, eq=False)
class EntersChoice(Effect):
    """"As this enters, choose a [color / creature type / card name / player / opponent]" (CR 614.12, 614.1c);
    the choice is the permanent's ``choices`` entry of the scenario."""

    kind: ClassVar[str] = "enters_choice"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    choice: str = fld("color")

    def __post_init__(self) -> None:
        if self.choice not in ENTERS_CHOICES:
            raise _unknown("choice", self.choice, ENTERS_CHOICES, "enters_choice")


ENTERS_CHOICES = ("color", "creature_type", "card_name", "player", "opponent", "basic_land_type", "card_type")


#: Events of ``EntersTrigger``: this object entering (CR 603.6a) or other objects entering (their number
#: of triggers depends on the order of entry).
ENTERS_EVENTS = ("enters", "other_enters")
#: The intervening "if" of an enters trigger (CR 603.4), typed: ``was_cast`` a condition that holds only for a
#: permanent that was cast ("if you cast it", "if it was kicked", "if {R}{R} was spent to cast it": CR 601.2,
#: 702.33d, 601.2h); ``not_cast`` one that holds for every permanent that was not cast ("if you didn't cast it from
#: your hand", Phage the Untouchable); ``other`` any other condition, not modelled (its wording stays in ``does``).
#: ``event``: the trigger event itself is qualified beyond entering ("enters from a graveyard", "enters untapped",
#: "enters during the declare attackers step", CR 603.2, 603.6a), not modelled.
ENTERS_CONDITIONS = ("was_cast", "not_cast", "other", "event")


@dataclass(frozen=True, eq=False)
class EntersTrigger(Effect):
    """"When this enters, [does]" (CR 603.6a; ``event="enters"``) or "Whenever a/another [...] enters, [does]"
    (``event="other_enters"``); ``does`` is the effect, not modelled (an ``Unmodelled``); ``refers_to_x``: the
    effect uses X (CR 107.3m)."""

    kind: ClassVar[str] = "enters_trigger"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.TRIGGERS})
    event: str = fld("enters")
    refers_to_x: bool = fld(False)
    does: Unmodelled | None = fld(None, lambda v, w: v if isinstance(v, Unmodelled) else _trigger_does(str(v)))
    #: its intervening "if" (CR 603.4), one of ``ENTERS_CONDITIONS``; None: it has none
    condition: str | None = fld(None)
    #: the other event of "When this enters or [event], ..." (Jerren's "or another nontoken Human you control dies",
    #: "enters or attacks"; CR 603.2): one of ``TRIGGER_EVENTS``, or ``"any"`` when not typed; None: entering alone
    also: str | None = fld(None)

    def __post_init__(self) -> None:
        if self.event not in ENTERS_EVENTS:
            raise _unknown("enters_trigger event", self.event, ENTERS_EVENTS, "enters_trigger")
        if self.condition is not None and self.condition not in ENTERS_CONDITIONS:
            raise _unknown("enters_trigger condition", self.condition, ENTERS_CONDITIONS, "enters_trigger")
        if self.also is not None and self.also not in TRIGGER_EVENTS + ("any",):
            raise _unknown("enters_trigger also", self.also, TRIGGER_EVENTS + ("any",), "enters_trigger")


def _trigger_does(text: str) -> Unmodelled:
    return Unmodelled(text, readers().classify(text, "triggered"))


@dataclass(frozen=True, eq=False)
class CastTrigger(Effect):
    """"When you cast this spell, ..." (CR 603.2, 601.2i); ``does`` not modelled."""

    kind: ClassVar[str] = "cast_trigger"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.TRIGGERS})
    event: str = fld("cast")
    does: Unmodelled | None = fld(None, lambda v, w: v if isinstance(v, Unmodelled) else _trigger_does(str(v)))


RESTRICTION_OF = ("activate", "cast")
RESTRICTION_TIMINGS = ("sorcery", "instant")
RESTRICTION_TURNS = ("yours", "opponents")


#: The steps of a turn in order (CR 500.1, 501-514): the values of ``models.game.turn.TurnStep``.
TURN_STEPS: tuple[str, ...] = tuple(s.value for s in TurnStep)
#: The steps of the combat phase (CR 506.1).
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat")


def _turn_steps_in(v: Any, where: str) -> tuple[str, ...]:
    vals = [v] if isinstance(v, str) else list(v or ())
    out = []
    for x in vals:
        if str(x) not in TURN_STEPS:
            raise _unknown("step", str(x), TURN_STEPS, where)
        out.append(str(x))
    return tuple(out)


def _turn_step_in(v: Any, where: str) -> str | None:
    return None if v is None else _turn_steps_in([v], where)[0]


def _choice_in(choices: tuple[str, ...], what: str) -> Codec:
    def dec(v: Any, where: str) -> Any:
        if v is None:
            return None
        if str(v) not in choices:
            raise _unknown(what, str(v), choices, where)
        return str(v)
    return dec


def _conditions_in(v: Any, where: str) -> tuple[Condition, ...]:
    """Restriction conditions: typed ``Condition`` records (a catalog's words, "you control five or more lands",
    are read before the effect is built: ``models.text.params``)."""
    out: list[Condition] = []
    for x in [v] if isinstance(v, (str, Condition)) else list(v or ()):
        if not isinstance(x, Condition):
            raise VocabularyError(f"{where}: condition {x!r} is not understood")
        out.append(x)
    return tuple(out)


@dataclass(frozen=True, eq=False)
class TimingRestriction(Effect):
    """When an activated ability may be activated, or a spell cast: every listed part must hold.

    The restriction sentences of an activated ability ("Activate only as a sorcery", "only during your upkeep",
    "only once each turn", "only if you control a Swamp", CR 602.5, 602.5b, 602.5d-e) are read into
    ``Ability.restriction``; a spell's "Cast this spell only during combat" / "You can't cast this spell during
    your first, second, or third turns of the game" (CR 601.3) is a static ability with this effect.

    Attributes
    ----------
    of : str
        ``activate`` or ``cast``.
    timing : str or None
        ``sorcery``: the player has priority in a main phase of their own turn with an empty stack (CR 307.5,
        602.5d); ``instant``: only priority (CR 304.5, 602.5e).
    turn : str or None
        ``yours`` (the player's own turn) or ``opponents`` (an opponent's turn; "if it's not your turn").
    steps : tuple of str
        The steps it is allowed in (``models.game.turn.TurnStep`` values; "during combat": the combat steps, CR 506.1);
        empty: any step.
    before, after : str or None
        Only in a step before (after) this one in the turn ("before attackers are declared": before
        ``declare_attackers``, CR 508.1; "after blockers are declared": after ``declare_attackers``).
    per_turn : int or None
        At most this many times each turn (CR 602.5b: "once each turn", "no more than twice each turn").
    conditions : tuple of Condition
        Each must hold ("only if ...").
    any_player : bool
        "Any player may activate this ability": a permission for the other players too (CR 602.2, 113.?); the
        rest applies to every player who activates it.
    not_own_turns_upto : int or None
        Not during the player's own first ``n`` turns of the game (Serra Avenger: 3).
    per_game : int or None
        At most this many times for this object ("Activate only once", exhaust: CR 602.5b, 702.177a; a permanent that
        leaves and returns is a new object, 400.7): the permanent entry's ``activations`` (default: never).
    from_own_turn : int or None
        Not until the player has begun their ``n``-th turn of the game, in any player's turn ("You can't activate
        this ability until you've begun your sixth turn of the game", Black Tulip: 6; ``turn: number``).
    text : str
        The wording it was read from.
    """

    kind: ClassVar[str] = "timing_restriction"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.ACTIVATION, Topic.CASTING})
    of: str = fld("activate", _choice_in(RESTRICTION_OF, "restriction target"))
    timing: str | None = fld(None, _choice_in(RESTRICTION_TIMINGS, "timing"))
    turn: str | None = fld(None, _choice_in(RESTRICTION_TURNS, "turn"))
    steps: tuple[str, ...] = fld((), _turn_steps_in)
    before: str | None = fld(None, _turn_step_in)
    after: str | None = fld(None, _turn_step_in)
    per_turn: int | None = fld(None)
    conditions: tuple[Condition, ...] = fld((), _conditions_in)
    any_player: bool = fld(False)
    not_own_turns_upto: int | None = fld(None)
    per_game: int | None = fld(None)
    from_own_turn: int | None = fld(None)
    text: str = fld("")


def _opt_amount_in(v: Any, where: str) -> Amount | None:
    return None if v is None else _amount_in(v, where)


def _opt_condition_in(v: Any, where: str) -> Condition | None:
    return None if v is None else _condition_in(v, where)


ABILITY_COST_DURING = ("any", "controller_turn")


@dataclass(frozen=True, eq=False)
class AbilityCostChange(Effect):
    """An activated ability's own cost change: "This ability costs {N} less (more) to activate [for each X / if
    <condition> / during your turn]" and "This ability costs {X} less to activate, where X is ..." (CR 602.2b: the
    total cost of an ability is found as a spell's, 601.2f). It is read by ``solver.rules.costs.ability_cost_change`` when
    the ability is activated (``Ability.cost_change``).

    Attributes
    ----------
    direction : str  ``less`` or ``more``.
    amount : int  generic mana per unit ({N}); 1 with ``per`` an X amount.
    per : Amount or None  "for each ...": the number of units (``None``: one unit).
    condition : Condition or None  "if ...": the change applies only while it holds.
    during : str  ``controller_turn`` ("during your turn") or ``any``.
    text : str  the wording.

    A reduction reduces only the generic mana of the cost, never below {0} (CR 601.2f, 118.7a).
    """

    kind: ClassVar[str] = "ability_cost_change"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.COSTS})
    direction: str = fld("less", _choice_in(("less", "more"), "direction"))
    amount: int = fld(1)
    per: Amount | None = fld(None, _opt_amount_in)
    condition: Condition | None = fld(None, _opt_condition_in)
    during: str = fld("any", _choice_in(ABILITY_COST_DURING, "during"))
    text: str = fld("")


ACTIVATORS = ("any", "you", "opponents")


@dataclass(frozen=True, eq=False)
class ActivationCostChange(Effect):
    """A static ability that changes what other activated abilities cost: "Activated abilities of creatures you
    control cost {2} less to activate. This effect can't reduce the mana in that cost to less than one mana."
    (Training Grounds), "Abilities you activate that aren't mana abilities cost {2} less ..." (Zirda),
    "Activated abilities cost {2} more to activate unless they're mana abilities" (Suppression Field),
    "Enchanted artifact's activated abilities cost {2} less ..." (Power Artifact). CR 602.2b: an ability's total
    cost is found as a spell's (601.2f): increases first, then reductions; a reduction reduces generic mana only and
    never below {0} (118.7a). Read by ``solver.rules.costs.activation_total_cost`` (the ``activate`` question) and by
    ``solver.rules.costs.check_mana_ability_cost_changes`` (a mana ability whose cost it would change makes the mana
    questions unsupported).

    Attributes
    ----------
    direction : str  ``less`` or ``more``.
    amount : int  generic mana.
    sources : Filter or None  whose abilities (a permanent filter; relation ``enchanted`` for "enchanted artifact's");
        ``None``: every source ("Abilities you activate", "Activated abilities cost ...").
    activator : str  ``you`` ("abilities you activate": the change's controller activates them), ``opponents``,
        ``any``.
    mana_abilities : bool  False with "that aren't mana abilities" / "unless they're mana abilities" (CR 605.1a).
    min_one : bool  "This effect can't reduce the mana in that cost to less than one mana": the cost keeps at least
        one mana symbol after this reduction (Training Grounds rulings 2010-06-15, 2023-05-12: an ability whose cost
        has no generic mana is not changed; {2} becomes {1}, {2}{G} becomes {G}).
    zone : str  where the affected sources are: ``battlefield`` or ``graveyard`` ("activated abilities of cards in
        your graveyard").
    condition : Condition or None  "As long as ...": the change applies only while it holds.
    text : str
    """

    kind: ClassVar[str] = "activation_cost_change"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.COSTS, Topic.ACTIVATION})
    direction: str = fld("less", _choice_in(("less", "more"), "direction"))
    amount: int = fld(1)
    sources: Filter | None = fld(None, lambda v, w: None if v is None else _filter_in(v, w))
    activator: str = fld("any", _choice_in(ACTIVATORS, "activator"))
    mana_abilities: bool = fld(True)
    min_one: bool = fld(False)
    zone: str = fld("battlefield", _choice_in(("battlefield", "graveyard"), "zone"))
    condition: Condition | None = fld(None, _opt_condition_in)
    text: str = fld("")


@dataclass(frozen=True, eq=False)
class CantPayCosts(Effect):
    """"Players can't pay life to cast spells or to activate abilities that aren't mana abilities." (Karn's Sylex),
    "Players can't pay life or sacrifice creatures to cast spells or activate abilities." (Angel of Jubilation,
    Yasharn): a cost with such a part can't be paid (CR 101.2: "can't" wins; 118.3, 602.2b), except paying 0 life
    (CR 119.4b). Read by ``solver.rules.costs.cant_pay_problems`` for ``activate`` and by
    ``solver.rules.costs.check_mana_ability_cost_changes`` for mana abilities; the part about casting spells is
    ``spells``, an ``Unmodelled`` the gate reads for the casting questions.

    Attributes
    ----------
    life : bool  players can't pay life.
    sacrifice : Filter or None  what players can't sacrifice ("creatures", "nonland permanents").
    mana_abilities : bool  False with "abilities that aren't mana abilities" (CR 605.1a).
    spells : Unmodelled or None  the casting part, not modelled.
    text : str
    """

    kind: ClassVar[str] = "cant_pay_costs"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.COSTS, Topic.ACTIVATION, Topic.LIFE})
    life: bool = fld(False)
    sacrifice: Filter | None = fld(None, lambda v, w: None if v is None else _filter_in(v, w))
    mana_abilities: bool = fld(True)
    spells: Unmodelled | None = fld(None, lambda v, w: v if isinstance(v, Unmodelled) or v is None
                                           else Unmodelled(str(v), frozenset({Topic.CASTING})))
    text: str = fld("")


# ---------------------------------------------------------------------------
# The registry of effect names
# ---------------------------------------------------------------------------

EFFECT_TYPES: dict[str, type[Effect]] = {
    c.kind: c for c in (
        Unmodelled, AddMana, ManaReplacement, LandType, GrantAbility, SpendAsThough, CantSpendMana, CostIncrease,
        CostReduction, CostMinimum, SelfCostChange, AdditionalCost, PrintedAlternativeCost, GrantFlashback, Keyword, SpellsHaveKeyword,
        ConditionalSelfKeyword, DelveKeywordGrant, DelveCount, Instructions, Draw, Scry, PutOntoBattlefieldProcess,
        EntersWithCounters, EntersTapped, EntersChoice, EntersTrigger, CastTrigger, AsThoughHaste, GainControl,
        TriggeredAddMana, TimingRestriction, CastAsThoughFlash, AbilityCostChange, CantBeTargeted, PlayerKeyword,
        SpellTargetRestriction, ActivationCostChange,
        CantPayCosts,
    )
}

#: Ability-level keys of a catalog ability's ``params`` (``face``, ``loyalty``, ``intrinsic``): fields of ``Ability``.
ABILITY_LEVEL_KEYS = ("face", "loyalty", "intrinsic")


def effect_fields(cls: type[Effect]) -> dict[str, dataclasses.Field[Any]]:
    """The fields of an effect class by their catalog key."""
    return {(f.metadata.get("key") or f.name): f for f in dataclasses.fields(cls)}


def build_effect(name: str, params: Mapping[str, Any] | None = None, where: str = "effect",
                 *, ability_kind: str = "") -> Effect:
    """Build a typed effect from its name and parameters (the catalog format and the parsers' output).

    Parameters
    ----------
    name : str
        An effect name of ``EFFECT_TYPES`` (``add_mana``, ``land_type``, ...); for ``ability_kind ==
        "keyword"`` any keyword name (``flying``, ``flashback``), built as a ``Keyword``.
    params : mapping
        Its parameters by key (see docs/effects.md).
    where : str
        Named in errors (``"reflecting_pool.yaml: ability 1"``).

    Returns
    -------
    Effect

    Raises
    ------
    VocabularyError
        An unknown effect name or parameter key (naming the closest valid one), or a value of the wrong shape.
    """
    params = dict(params or {})
    if ability_kind == "keyword" or (name not in EFFECT_TYPES and "keyword" in params):
        params.setdefault("keyword", name.replace("_", " "))
        cls: type[Effect] = Keyword
    else:
        if name not in EFFECT_TYPES:
            raise _unknown("effect", name, EFFECT_TYPES, where)
        cls = EFFECT_TYPES[name]
    if cls is Unmodelled:
        extra = set(params) - {"topics", "text", "scope", "reads"}
        if extra:
            raise _unknown(f"parameter of {name}", sorted(extra)[0], ["topics", "scope", "reads"], where)
        scope = str(params.get("scope", Scope.UNKNOWN.value))
        if scope not in {s.value for s in Scope}:
            raise _unknown("scope", scope, [s.value for s in Scope], where)
        u = Unmodelled(str(params.get("text", "")), _topics_in(params.get("topics", "all"), where), Scope(scope))
        reads = params.get("reads", ())
        if isinstance(reads, str) or not all(isinstance(x, str) for x in reads):
            raise VocabularyError(f"{where}: text.reads: a list of tokens such as power_toughness, subtype:Sliver")
        if reads:  # what another ability must read for it to matter (models.text.relevance; solver.rules.gate)
            object.__setattr__(u, "reads", u.reads | frozenset(reads))
        return u
    try:
        params = cls.normalize(params)
    except (TypeError, AttributeError, ValueError, KeyError) as e:
        raise VocabularyError(f"{where}: {name}: its parameters cannot be read ({type(e).__name__}: {e})") from None
    fields = effect_fields(cls)
    kwargs: dict[str, Any] = {}
    for key, value in params.items():
        f = fields.get(key)
        if f is None:
            raise _unknown(f"parameter of {name}", key, fields, where)
        dec = f.metadata.get("codec", PLAIN)
        try:
            kwargs[f.name] = dec(value, f"{where}: {name}.{key}")
        except (TypeError, AttributeError, ValueError, KeyError) as e:
            if isinstance(e, VocabularyError):
                raise
            raise VocabularyError(f"{where}: {name}.{key}: {value!r} cannot be read ({type(e).__name__}: {e})"[:300]) from None
        if dec is _plain:
            _check_plain(cls, f, kwargs[f.name], f"{where}: {name}.{key}")
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise VocabularyError(f"{where}: {name}: {e}") from None


_HINTS: dict[type, dict[str, Any]] = {}
_SCALARS: dict[str, Any] = {"str": str, "int": int, "bool": bool, "float": (int, float)}


def _check_plain(cls: type, f: dataclasses.Field[Any], value: Any, where: str) -> None:
    """Refuse a catalog value of the wrong scalar kind for a field declared ``str``, ``int``, ``bool`` or ``float``
    (optionally ``| None``): ``keyword: 0`` or ``amount: "two"`` would otherwise reach the solver as they are."""
    ann = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
    parts = [p.strip() for p in str(ann).split("|")]
    optional = "None" in parts
    kinds = [p for p in parts if p != "None"]
    if len(kinds) != 1 or kinds[0] not in _SCALARS or (value is None and optional):
        return
    want = _SCALARS[kinds[0]]
    ok = isinstance(value, want) and not (isinstance(value, bool) and kinds[0] != "bool")
    if not ok:
        raise VocabularyError(f"{where}: must be {'text' if kinds[0] == 'str' else kinds[0]}"
                              f"{' or null' if optional else ''}, got {value!r}"[:300])


def walk_unmodelled(effect: Effect) -> Iterable[Unmodelled]:
    """Every ``Unmodelled`` in an effect: itself, or its riders, details and nested abilities' effects."""
    if isinstance(effect, Unmodelled):
        yield effect
        return
    for part in effect.nested():
        yield from walk_unmodelled(part)


# ---------------------------------------------------------------------------
# A permanent's own characteristics while a condition holds (models/text/self_types.py)
# ---------------------------------------------------------------------------

#: Whose turn a ``DuringTurn`` condition names: the controller's own ("during your turn") or another player's
#: ("during turns other than yours").
TURN_OWNERS = ("you", "not_you")


@dataclass(frozen=True)
class DuringTurn(Condition):
    """"During your turn, ..." (``whose="you"``: the source's controller is the active player, CR 102.1, 500) or
    "During turns other than yours, ..." (``whose="not_you"``): a static ability whose effect applies only during
    those turns (CR 611.3a)."""

    whose: str = "you"

    def __post_init__(self) -> None:
        if self.whose not in TURN_OWNERS:
            raise _unknown("turn", self.whose, TURN_OWNERS, "condition")


@dataclass(frozen=True)
class MaxSpeed(Condition):
    """The controller has max speed: their speed is 4 (CR 702.179e). A player with no speed has speed 0 for
    effects that refer to speed (702.179f); a scenario's ``speed`` gives it (docs/scenarios.md). "Max speed —
    [ability]" means "As long as your speed is 4, this object has '[ability]'" (CR 702.178a)."""


CONDITION_TYPES = CONDITION_TYPES + (DuringTurn, MaxSpeed)


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
    also: tuple[Any, ...] = fld((), _granted_many_in)

    def __post_init__(self) -> None:
        bad = [t for t in self.types if t not in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker")]
        if bad:
            raise VocabularyError(f"self_type_change: unknown card type {bad[0]!r}")
        if (self.power is None) != (self.toughness is None):
            raise VocabularyError("self_type_change: power and toughness are set together (CR 613.4b)")

    def nested(self) -> Iterable["Effect"]:
        """The keyword abilities it gives its own object function on it (CR 613.1f), where the layer view puts them."""
        return iter(())


EFFECT_TYPES[SelfTypeChange.kind] = SelfTypeChange
# --- modes of an activated ability (appended) ----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Modal(Effect):
    """A modal activated ability's effect (CR 700.2): "Choose one —" (or two, "one or more", "one that hasn't been
    chosen [this turn]") and its bulleted modes, which belong to that ability (CR 700.2: a bulleted list preceded by
    an instruction to choose is one ability, not several). The modes are chosen as the ability is activated, before
    its targets (CR 700.2a, 602.2b -> 601.2b-c); a mode whose targets can't be chosen can't be chosen.

    Attributes
    ----------
    choose : int
        How many modes at least ("one", "two", "one or more": 1); 0 for "any number" (read by nobody: the target
        reader leaves it unread).
    most : int or None
        How many at most (``None``: as many as there are modes).
    unchosen : str
        ``"ever"``: "choose one that hasn't been chosen" (a mode chosen by an earlier activation of this object can't
        be chosen again, CR 700.2a, 400.7); ``"turn"``: "... that hasn't been chosen this turn"; ``""``: no such words.
    modes : tuple of Ability
        One per bullet, in printed order: ``kind`` the parent's, ``effect`` what the mode does (``Unmodelled`` with
        the topics of an activated ability's effect wording), ``text`` the bullet line.
    parts : tuple of Unmodelled
        Sentences of the choosing instruction not read ("Choose one. X is the number of spells you've cast this
        turn.").

    Parsed only (models/text/oracle.py); ``nested`` yields every mode's effect and the parts (the gate's walk).
    """

    kind: ClassVar[str] = "modal"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    choose: int = fld(1)
    most: int | None = fld(None)
    unchosen: str = fld("")
    modes: tuple[Any, ...] = fld(())
    parts: tuple[Unmodelled, ...] = fld(())

    def __post_init__(self) -> None:
        if self.unchosen not in ("", "ever", "turn"):
            raise VocabularyError(f"modal.unchosen: {self.unchosen!r} is not one of '', 'ever', 'turn'")
        if self.choose < 0 or (self.most is not None and self.most < self.choose):
            raise VocabularyError(f"modal: choose {self.choose} .. {self.most} is not a range of mode counts")

    def nested(self) -> Iterable["Effect"]:
        """Each mode's effect, then the untyped parts of the choosing instruction."""
        for m in self.modes:
            yield m.effect
        yield from self.parts


EFFECT_TYPES[Modal.kind] = Modal


@dataclass(frozen=True)
class TargetsInclude(Condition):
    """"if it targets two creatures you control" (Wayta, Trainer Prodigy): the ability's chosen targets include at
    least ``count`` objects that are each a legal choice for ``spec`` (a ``models.text.targets.TargetSpec``). Its
    targets are chosen before its total cost is found (CR 601.2c before 601.2f, via 602.2b): the ``activate``
    question reads it against the target choices (``solver.rules.targets.targets_can_include``); ``condition_holds`` does
    not (unsupported)."""

    count: int
    spec: Any
    text: str = ""


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
    granted: tuple[Any, ...] = fld((), _granted_many_in)
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


EFFECT_TYPES[AttachedChange.kind] = AttachedChange


@dataclass(frozen=True)
class TopOfLibrary(Condition):
    """The top card of the controller's library matches ``filter`` ("As long as the top card of your library is a
    land card, this creature has ...", Mul Daya Channelers). A library is ordered (CR 401.1, 401.2) and its top card
    is the first listed; the condition reads it only when the scenario lists that library (a library not listed:
    ``solver.rules.quantities`` answers ``Unsupported``); an empty library has no top card, so the condition does not
    hold. ``whose``: ``you`` (the source's controller)."""

    filter: Filter
    whose: str = "you"


CONDITION_TYPES = CONDITION_TYPES + (TopOfLibrary,)


@dataclass(frozen=True)
class TopCardsOfLibraries(Amount):
    """"Each player reveals the top card of their library. For each nonland card revealed this way, add {G}" (Selvala,
    Explorer Returned): the number of players whose library's top card (CR 401.1) matches ``filter``. A player with an
    empty library reveals nothing (CR 401.1); every library must be listed by the scenario (``solver.rules.quantities``
    answers ``Unsupported`` otherwise). Not a choice: the libraries as they are decide it (CR 106.7 reads it as if the
    ability resolved now)."""

    filter: Filter


@dataclass(frozen=True)
class ModeUnchosen(Condition):
    """The mode of a modal triggered ability "choose one that hasn't been chosen [this turn] —" (Galadriel, Light of
    Valinor; Zuko, Conflicted) can still be chosen as it resolves now (CR 700.2, 700.2a; a mode chosen by an earlier
    resolution of the ability of this object can't be chosen again). ``per``: ``turn`` ("this turn") or ``ever``
    (since the object entered the battlefield, CR 400.7). Read by ``solver.rules.quantities`` from the turn's history
    (``resolved``): no earlier resolution, so every mode is left; an earlier one, or a permanent that has been on the
    battlefield before this turn for ``ever``: which modes were chosen is not recorded (``Unsupported``)."""

    per: str = "turn"
    modes: int = 0


CONDITION_TYPES = CONDITION_TYPES + (ModeUnchosen,)


# --- "Activate only if this creature has another activated ability." (appended) --------------------------------

@dataclass(frozen=True)
class HasAnotherActivatedAbility(Condition):
    """"Activate only if this creature has another activated ability." (Tazri, Stalwart Survivor's granted mana ability):
    the source has, now, an activated ability besides the one restricted (CR 602.5; mana abilities are activated
    abilities too, 605.1a; what it has now is read through the layer view, 613). Read by
    ``solver.rules.quantities.condition_holds``; a second instance of the same granted ability is not read (unsupported)."""


CONDITION_TYPES = CONDITION_TYPES + (HasAnotherActivatedAbility,)


# --- "can't cast spells with the chosen name" -----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class CantCast(Effect):
    """"Spells with the chosen name can't be cast" (Meddling Mage, Nevermore, Voidstone Gargoyle), "Your opponents
    can't cast spells with the chosen name" (Council of the Absolute, Gideon's Intervention): no such spell may be
    cast by those players (CR 101.2: a "can't" wins over any permission; 601.2, 601.3). ``who``: ``all`` or
    ``opponents`` (of the source's controller); ``chosen_name``: the spell has the card name chosen as the source
    entered (``Permanent.choices['card_name']``, CR 607.2d, 201.2). Read by ``solver.rules.restrictions.cant_cast_problems``
    for ``cast``, ``payments`` and ``delve``."""

    kind: ClassVar[str] = "cant_cast"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING})
    who: str = fld("all")
    chosen_name: bool = fld(True)

    def __post_init__(self) -> None:
        if self.who not in ("all", "opponents"):
            raise VocabularyError(f"cant_cast: who must be all or opponents, not {self.who!r}")


EFFECT_TYPES[CantCast.kind] = CantCast


# --- "you may cast [spells] without paying their mana costs" -----------------------------------------------------

@dataclass(frozen=True, eq=False)
class FreeCastPermission(Effect):
    """A permanent's permission to cast spells without paying their mana costs (CR 118.9, 601.2b: an alternative
    cost of {0}; 107.3b: X is 0): "Any player may cast creature spells with mana value 3 or less without paying their
    mana costs and as though they had flash" (Aluren: ``who: any``, ``types: [Creature]``, ``mv_at_most: 3``,
    ``as_though_flash``), "You may cast spells from your hand without paying their mana costs" (Omniscience:
    ``from_hand``), "You may cast Dragon spells without paying their mana costs" (Dracogenesis). ``as_though_flash``
    applies only to a spell cast with this permission (Aluren ruling 2004-10-04: the flash is part of the
    permission). Read by ``solver.rules.altcosts`` (``cast``/``payments``: ``using: free`` is tried when one applies) and
    ``solver.rules.casting`` (its flash timing)."""

    kind: ClassVar[str] = "free_cast_permission"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING, Topic.COSTS})
    who: str = fld("you")
    types: tuple[str, ...] = fld(())
    mv_at_most: int | None = fld(None)
    from_hand: bool = fld(False)
    as_though_flash: bool = fld(False)

    def __post_init__(self) -> None:
        if self.who not in ("you", "any"):
            raise VocabularyError(f"free_cast_permission: who must be you or any, not {self.who!r}")


EFFECT_TYPES[FreeCastPermission.kind] = FreeCastPermission
