"""Companion conditions read from the companion's text as typed data and checked by one function (CR 702.139a,
702.139b), never a rule per card. Expected values come from each card's printed condition and the rules it
names (CR 202.3 mana value, 205.2a card types, 702.73a changeling, 709.4b split cards' symbols)."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.text.deck import companion_condition, has_companion_ability
from mtgcheck.models.vocab.deck_conditions import (DeckSizeAbove, DifferentNames, EachCard, HasActivatedAbility,
                                                   ManaValue, RepeatedManaSymbol, SharesCardType, SubtypeAmong,
                                                   UnreadCondition)
from mtgcheck.solver.decks.companions import companion_failures
from mtgcheck.solver.rules.errors import Unsupported

_REMINDER = (" (If this card is your chosen companion, you may put it into your hand from outside the game for {3} as a"
             " sorcery.)")


def _companion(cond: str, name: str = "Test Companion") -> object:
    card = card_from_fields({"name": name, "mana_cost": "{3}", "type_line": "Legendary Creature — Beast",
                             "oracle_text": f"Companion — {cond}{_REMINDER}", "power": "3", "toughness": "3"})
    return companion_condition(card)


@pytest.mark.parametrize("sentence, expected", [
    ("Your starting deck contains only cards with even mana values.", EachCard("card", ManaValue(parity="even"))),
    ("No card in your starting deck has more than one of the same mana symbol in its mana cost.",
     EachCard("card", RepeatedManaSymbol(absent=True))),
    ("Each creature card in your starting deck is a Cat, Elemental, Nightmare, Dinosaur, or Beast card.",
     EachCard("creature card", SubtypeAmong(("Cat", "Elemental", "Nightmare", "Dinosaur", "Beast")))),
    ("Your starting deck contains only cards with mana value 3 or greater and land cards.",
     EachCard("card", ManaValue(at_least=3), lands_exempt=True)),
    ("Each permanent card in your starting deck has mana value 2 or less.",
     EachCard("permanent card", ManaValue(at_most=2))),
    ("Each nonland card in your starting deck has a different name.", DifferentNames("nonland card")),
    ("Your starting deck contains only cards with odd mana values and land cards.",
     EachCard("card", ManaValue(parity="odd"), lands_exempt=True)),
    ("Each nonland card in your starting deck shares a card type.", SharesCardType("nonland card")),
    ("Your starting deck contains at least twenty cards more than the minimum deck size.", DeckSizeAbove(20)),
    ("Each permanent card in your starting deck has an activated ability.",
     EachCard("permanent card", HasActivatedAbility())),
])
def test_each_printed_companion_condition_is_read_as_typed_data_cr_702_139a(sentence, expected):
    """CR 702.139a: the condition is what the companion's text says; the ten printed conditions are typed."""
    assert _companion(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Your starting deck contains no cards with a silver, gold, orange, or purple expansion symbol.",
    "Your starting deck contains only nostalgic cards.",
])
def test_a_condition_not_read_is_kept_as_its_sentence_cr_702_139a(sentence):
    """A condition whose wording is not read is never assumed met or failed: it stays its sentence."""
    assert _companion(sentence) == UnreadCondition(sentence)


def test_old_companion_is_not_the_companion_keyword_cr_702_139a():
    """Only a line "Companion — <condition>" is the keyword ability; "Old Companion — ..." is another word."""
    card = card_from_fields({"name": "Wilds Friend", "mana_cost": "{2}", "type_line": "Creature — Rat",
                             "oracle_text": "Old Companion — Your starting deck contains only cards from WOE.",
                             "power": "1", "toughness": "1"})
    assert not has_companion_ability(card) and companion_condition(card) is None


@dataclass(frozen=True)
class _Facts:
    name: str
    types: frozenset = frozenset({"Instant"})
    subtypes: frozenset = frozenset()
    mana_value: int = 1
    land: bool = False
    permanent: bool = False
    changeling: bool = False
    card: object = field(default=None, compare=False)


def _check(cond, deck, activated=lambda f: True):
    return companion_failures(cond, deck, min_size=60, printed=lambda f: f.card, activated=activated)


def test_kindred_is_a_card_type_that_nonland_cards_can_share_cr_205_2a():
    """CR 205.2a: kindred is a card type, so kindred instants and kindred sorceries share one (Umori)."""
    deck = [(_Facts("Kindred Instant", frozenset({"Kindred", "Instant"})), 4),
            (_Facts("Kindred Sorcery", frozenset({"Kindred", "Sorcery"})), 4)]
    assert _check(SharesCardType("nonland card"), deck)[1] == []


def test_lands_are_exempt_only_when_the_condition_says_so_cr_702_139a():
    """Keruga/Obosh: "and land cards" exempts lands; Gyruda has no such words, and a land's mana value 0 is even."""
    land = _Facts("Island", frozenset({"Land"}), mana_value=0, land=True, permanent=True)
    assert _check(EachCard("card", ManaValue(at_least=3), lands_exempt=True), [(land, 56)])[1] == []
    assert _check(EachCard("card", ManaValue(at_least=3)), [(land, 56)])[1] == ["Island"]
    assert _check(EachCard("card", ManaValue(parity="even")), [(land, 56)])[1] == []


def test_a_changeling_card_has_every_creature_type_cr_702_73a():
    """Kaheera: a changeling creature card is a Cat (every creature type, also in the library)."""
    shape = _Facts("Shapeshifter", frozenset({"Creature"}), frozenset({"Shapeshifter"}), 1, permanent=True,
                   changeling=True)
    plain = _Facts("Elf", frozenset({"Creature"}), frozenset({"Elf"}), 1, permanent=True)
    cond = EachCard("creature card", SubtypeAmong(("Cat", "Beast")))
    assert _check(cond, [(shape, 4), (plain, 4)])[1] == ["Elf"]


def test_split_card_symbols_are_both_halves_cr_709_4b():
    """Jegantha: Fire // Ice has {1} in each half, so one symbol appears twice (CR 709.4b)."""
    fire_ice = card_from_fields({"name": "Fire // Ice", "mana_cost": "{1}{R} // {1}{U}", "layout": "split",
                                 "type_line": "Instant // Instant", "card_faces": [
                                     {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant",
                                      "oracle_text": "Fire deals 2 damage divided as you choose among one or two targets."},
                                     {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant",
                                      "oracle_text": "Tap target permanent.\nDraw a card."}]})
    ponder = card_from_fields({"name": "Ponder", "mana_cost": "{U}", "type_line": "Sorcery",
                               "oracle_text": "Draw a card."})
    deck = [(_Facts("Fire // Ice", card=fire_ice), 4), (_Facts("Ponder", card=ponder), 4)]
    assert _check(EachCard("card", RepeatedManaSymbol(absent=True)), deck)[1] == ["Fire // Ice"]


def test_deck_size_counts_cards_beyond_the_minimum_cr_702_139a():
    """Yorion: at least twenty more than the minimum (60): 80 meets it, 79 does not."""
    assert _check(DeckSizeAbove(20), [(_Facts("Island"), 80)])[1] == []
    assert _check(DeckSizeAbove(20), [(_Facts("Island"), 79)])[1] == ["79 cards"]


def test_an_unread_condition_or_an_unknown_card_answers_unsupported_cr_702_139a():
    """Never a guess: an unread condition, or a card whose activated abilities are unknown with none failing."""
    with pytest.raises(Unsupported, match="nostalgic"):
        _check(UnreadCondition("Your starting deck contains only nostalgic cards."), [(_Facts("Island"), 60)])
    perm = _Facts("Odd Artifact", frozenset({"Artifact"}), permanent=True)
    with pytest.raises(Unsupported, match="Odd Artifact"):
        _check(EachCard("permanent card", HasActivatedAbility()), [(perm, 4)], activated=lambda f: None)
