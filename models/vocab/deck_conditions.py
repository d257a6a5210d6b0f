"""Companion conditions (CR 702.139a) as typed data: what a companion's "Companion — <condition>" sentence asks of
the starting deck (702.139b: the deck as the game begins, without the companion; the commander is part of it,
903.6-903.7).

A condition is one of:

* ``EachCard(cards, test, lands_exempt)``: every card of a class (``CARD_CLASSES``: any card, nonland,
  permanent, creature card) passes ``test`` — "Each permanent card in your starting deck has mana value 2 or
  less" (Lurrus), "Your starting deck contains only cards with odd mana values and land cards" (Obosh: lands
  exempt), "No card in your starting deck has more than one of the same mana symbol in its mana cost" (Jegantha:
  ``test`` negated by ``RepeatedManaSymbol``'s ``absent``);
* ``DifferentNames(cards)``: no two cards of the class share a name (Lutri);
* ``SharesCardType(cards)``: one card type common to every card of the class (Umori);
* ``DeckSizeAbove(more)``: at least ``more`` cards more than the format's minimum deck size (Yorion);
* ``UnreadCondition(sentence)``: wording not read; whether it is met is unknown (never assumed).

A card test is ``ManaValue(parity, at_least, at_most)``, ``SubtypeAmong(subtypes)`` (a changeling card has every
creature type, 702.73a), ``HasActivatedAbility()`` or ``RepeatedManaSymbol(absent=True)``.

Plain frozen data: the rules that check a deck against a condition are ``solver.decks.companions``; the reader of the
English is ``models.text.deck.companion_condition``. Imports nothing of mtgcheck.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

#: The card classes a condition speaks of ("each creature card in your starting deck"), by their words.
CARD_CLASSES = ("card", "nonland card", "permanent card", "creature card")


@dataclass(frozen=True, slots=True)
class ManaValue:
    """A card's mana value (CR 202.3) is even or odd (``parity``: "even"/"odd"), or at least / at most a number."""

    parity: str | None = None
    at_least: int | None = None
    at_most: int | None = None

    def describe(self, verb: str = "has") -> str:
        """"has an even mana value", "has mana value 3 or greater", "has mana value 2 or less"."""
        if self.parity:
            return f"{verb} an {self.parity} mana value"
        if self.at_least is not None:
            return f"{verb} mana value {self.at_least} or greater"
        return f"{verb} mana value {self.at_most} or less"


@dataclass(frozen=True, slots=True)
class SubtypeAmong:
    """A card has one of ``subtypes`` (printed order kept: "a Cat, Elemental, Nightmare, Dinosaur or Beast")."""

    subtypes: tuple[str, ...]

    def describe(self, verb: str = "is") -> str:
        names = list(self.subtypes)
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        return f"{verb} a {listed}"


@dataclass(frozen=True, slots=True)
class HasActivatedAbility:
    """A card has an activated ability (CR 602.1; loyalty abilities are activated abilities, 606.1)."""

    def describe(self, verb: str = "has") -> str:
        return f"{verb} an activated ability"


@dataclass(frozen=True, slots=True)
class RepeatedManaSymbol:
    """A card's mana cost has one mana symbol more than once (CR 107.4; each half of a split card's cost apart,
    709.4b). ``absent``: the test is that it has none (Jegantha)."""

    absent: bool = True

    def describe(self, verb: str = "has") -> str:
        return ("has no" if self.absent else verb) + " more than one of the same mana symbol in its mana cost"


CardTest = Union[ManaValue, SubtypeAmong, HasActivatedAbility, RepeatedManaSymbol]


@dataclass(frozen=True, slots=True)
class EachCard:
    """Every card of class ``cards`` in the starting deck passes ``test``; with ``lands_exempt`` land cards pass
    whatever they are ("only cards with odd mana values and land cards")."""

    cards: str
    test: CardTest
    lands_exempt: bool = False

    def describe(self) -> str:
        if isinstance(self.test, RepeatedManaSymbol) and self.test.absent and self.cards == "card":
            return "no card in the starting deck has more than one of the same mana symbol in its mana cost"
        who = "every " + self.cards if self.cards in ("card", "nonland card") else "each " + self.cards
        return f"{who} in the starting deck {self.test.describe()}" + (" or is a land card" if self.lands_exempt else "")


@dataclass(frozen=True, slots=True)
class DifferentNames:
    """No two cards of class ``cards`` in the starting deck have the same name (CR 201.2)."""

    cards: str = "nonland card"

    def describe(self) -> str:
        return f"each {self.cards} in the starting deck has a different name"


@dataclass(frozen=True, slots=True)
class SharesCardType:
    """One card type (CR 205.2a) is common to every card of class ``cards`` in the starting deck."""

    cards: str = "nonland card"

    def describe(self) -> str:
        return f"each {self.cards} in the starting deck shares a card type"


@dataclass(frozen=True, slots=True)
class DeckSizeAbove:
    """The starting deck has at least ``more`` cards more than the format's minimum deck size (CR 100.2a)."""

    more: int

    def describe(self) -> str:
        return f"the starting deck has at least {self.more} cards more than the minimum deck size"


@dataclass(frozen=True, slots=True)
class UnreadCondition:
    """A companion condition whose wording is not read: whether a deck meets it is unknown."""

    sentence: str

    def describe(self) -> str:
        return f"“{self.sentence}”"


CompanionCondition = Union[EachCard, DifferentNames, SharesCardType, DeckSizeAbove, UnreadCondition]
