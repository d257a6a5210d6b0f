"""Deck-building facts read from card text (models/text/deck.py) and multi-word subtypes (models/game/cards.py).

Cards here are invented (our own names and wording), shaped like printed cards.
"""
from __future__ import annotations

import gc

import pytest

from mtgcheck.models.game.cards import TypeLine, card_from_fields
from mtgcheck.models.data.database import CardDatabase
from mtgcheck.models.text.deck import copy_limit, has_activated_ability, is_changeling, partner_abilities
from mtgcheck.solver.decks.rules import DeckValidator, validate_deck
from mtgcheck.solver.questions.registry import Unsupported


def card(name, type_line, text="", cost="{1}", keywords=(), **kw):
    d = {"name": name, "type_line": type_line, "oracle_text": text, "mana_cost": cost, "keywords": list(keywords),
         "legalities": {"vintage": "legal"}}
    d.update(kw)
    return card_from_fields(d)


# ---- subtypes (CR 205.3b, 205.3m, 205.3n) -----------------------------------

def test_time_lord_is_one_subtype_cr_205_3m():
    tl = TypeLine.parse("Legendary Creature — Time Lord Doctor")
    assert tl.subtypes == ("Time Lord", "Doctor")
    assert TypeLine.parse("Creature — Human Time Lord Rogue").subtypes == ("Human", "Time Lord", "Rogue")


def test_other_creature_subtypes_are_one_word_each_cr_205_3b():
    assert TypeLine.parse("Creature — Elf Druid").subtypes == ("Elf", "Druid")


def test_plane_subtype_is_every_word_after_the_dash_cr_205_3b_205_3n():
    assert TypeLine.parse("Plane — New Phyrexia").subtypes == ("New Phyrexia",)


def test_doctors_companion_pairs_with_a_time_lord_doctor_cr_702_124m():
    companion = card("Ann Invented", "Legendary Creature — Human", "Doctor's companion", "{1}{W}")
    doctor = card("The Invented Doctor", "Legendary Creature — Time Lord Doctor", "", "{2}{U}")
    other = card("The Other Doctor", "Legendary Creature — Time Lord Doctor Wizard", "", "{2}{U}")
    db = CardDatabase([companion, doctor, other], source="memory")
    ok = validate_deck({"commander": [[1, "Ann Invented"], [1, "The Invented Doctor"]]}, "commander", db)
    assert "invalid_partners" not in ok.codes
    # "a legendary Time Lord Doctor creature card that has no other creature types"
    bad = validate_deck({"commander": [[1, "Ann Invented"], [1, "The Other Doctor"]]}, "commander", db)
    assert "invalid_partners" in bad.codes


# ---- text facts -------------------------------------------------------------

def test_copy_limit_text_cr_100_2a():
    assert copy_limit(card("Rat Swarm X", "Creature — Rat", "A deck can have any number of cards named Rat Swarm X.")) == -1
    assert copy_limit(card("Seven Y", "Creature — Dwarf", "A deck can have up to seven cards named Seven Y.")) == 7
    assert copy_limit(card("Plain Z", "Creature — Bear")) is None


def test_partner_and_changeling_text_cr_702_124a_702_73a():
    c = card("Pal", "Legendary Creature — Elf", "Partner with Other Pal\nChangeling", keywords=["Partner with"])
    assert partner_abilities(c) == {("partner_with", "Other Pal")}
    assert is_changeling(c)


@pytest.mark.parametrize("text,keywords,expected", [
    ("{T}: Draw a card, then discard a card.", (), True),                     # CR 602.1
    ("Equip {2}", ("Equip",), True),                                         # CR 702.6a
    ("Swampcycling {2}", ("Swampcycling",), True),                           # CR 702.29a (typecycling)
    ("Channel — {1}{G}, Discard this card: You gain 3 life.", ("Channel",), True),  # CR 207.2c ability word
    ("Flying\nWhenever this creature attacks, you gain 1 life.", ("Flying",), False),  # CR 603.1 triggered
    ("Equip abilities you activate cost {1} less to activate.", (), False),  # mentions equip, has none
    ("Waterbend {3}: Draw a card.", (), True),   # CR 701.67a: waterbend [cost] is a cost, so this is activated
    ("Mage Hand — {T}: Draw a card.", (), True),  # CR 207.2d: a flavor word has no rules meaning
    ("?? {3}: Draw a card.", (), None),                                       # a line the parser cannot split
])
def test_has_activated_ability_cr_602_1_702_139a_zirda(text, keywords, expected):
    assert has_activated_ability(card("Test Card", "Creature — Bear", text, keywords=keywords)) is expected


def test_basic_land_type_is_an_activated_mana_ability_cr_305_6():
    assert has_activated_ability(card("Dual Test", "Land — Forest Island", "", cost=None)) is True


def test_zirda_with_text_not_understood_is_unsupported_cr_702_139a():
    """Zirda (CR 702.139a: each permanent card has an activated ability): a card whose text we cannot read
    makes the answer unknown, never a verdict."""
    zirda = card("Zirda, the Dawnwaker", "Legendary Creature — Elemental Fox",
                 "Companion — Each permanent card in your starting deck has an activated ability.", "{1}{R/W}{R/W}")
    odd = card("Odd Bender", "Creature — Human", "?? {3}: Draw a card.")
    plain = card("Plain Bear", "Creature — Bear")
    forest = card("Forest", "Basic Land — Forest", "", cost=None)
    db = CardDatabase([zirda, odd, plain, forest], source="memory")
    with pytest.raises(Unsupported, match="Odd Bender"):
        validate_deck({"main": [[1, "Odd Bender"], [59, "Forest"]], "companion": [[1, "Zirda, the Dawnwaker"]]},
                      "vintage", db)
    # a card that surely fails decides the answer whatever the unknown card does
    rep = validate_deck({"main": [[1, "Odd Bender"], [1, "Plain Bear"], [58, "Forest"]],
                         "companion": [[1, "Zirda, the Dawnwaker"]]}, "vintage", db)
    assert rep.codes == ["companion_condition"] and "Plain Bear" in rep.problems[0].cards


def test_facts_cache_is_keyed_by_the_database_object_not_its_id():
    """The per-database facts cache holds the database weakly: a new database never sees old facts."""
    db = CardDatabase([card("Cache Bear", "Creature — Bear")], source="memory")
    DeckValidator("vintage", db).resolve("Cache Bear")
    assert db in DeckValidator._facts_by_db
    gc.collect()  # (databases of earlier tests that only reference cycles keep: gone before counting)
    n = len(DeckValidator._facts_by_db)
    del db
    gc.collect()
    assert len(DeckValidator._facts_by_db) == n - 1
