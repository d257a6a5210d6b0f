"""Which objects: ``Filter``, the one filter language of the vocabulary (card types, subtypes, supertypes, colours,
controller, zone, ``other``, ``nontoken``, name, qualifiers, and relations to the source: this, enchanted, that,
sacrificed; CR 109.1, 115.1), with ``Qualifier`` and ``Comparison``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..game.mana import COLORS
from .logic import AllOf
from .topics import _unknown, VocabularyError


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
