"""Flash permissions (models/text/flash.py, solver/restrictions.flash_permission).

Rules: CR 702.8a (flash), 117.1a / 307.1 (a noninstant spell without flash: its caster's main phase, empty stack),
601.3 (an effect may allow a spell to be cast), 109.5 ("you" is the permission's controller), 700.6 (historic:
artifacts, legendaries and Sagas), 105.2 (colours).
"""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.permissions import CastAsThoughFlash
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.models.game.turn import TurnState, TurnStep
from mtgcheck.solver.rules.restrictions import flash_permission, spell_timing_problems


def _card(text: str, type_line: str = "Enchantment", cost: str = "{1}", name: str = "Permission"):
    return card_from_fields({"name": name, "type_line": type_line, "mana_cost": cost, "oracle_text": text})


def _effect(text: str):
    return abilities_of(_card(text))[0].effect


@pytest.mark.parametrize("text,who,types", [
    ("You may cast spells as though they had flash.", "you", None),
    ("You may cast creature spells as though they had flash.", "you", ("Creature",)),
    ("Any player may cast creature and enchantment spells as though they had flash.", "any", None),
    ("Creature cards you own that aren't on the battlefield have flash.", "owner", ("Creature",)),
    ("Familiar spells you cast have flash.", "you", ("Familiar",)),
])
def test_cr_702_8a_permission_wordings_are_typed(text, who, types):
    e = _effect(text)
    assert isinstance(e, CastAsThoughFlash) and e.who == who
    if types is not None:
        assert e.spells.all_of == types


@pytest.mark.parametrize("text", [
    "During each opponent's end step, you may cast spells as though they had flash.",  # a step (not modelled)
    "As long as Kianne's power is even, you may cast noncreature spells as though they had flash.",  # a condition
    "You may cast Aura spells with enchant creature as though they had flash.",  # "with enchant creature"
])
def test_permissions_with_a_condition_or_step_stay_unmodelled(text):
    assert isinstance(_effect(text), Unmodelled)


def _state(permission: str, controller: str, active: str = "Bob") -> GameState:
    s = GameState(players=["Alice", "Bob"], active=active, turn=TurnState(step=TurnStep.END, given=True))
    s.battlefield.append(Permanent(id="p1", card=_card(permission), controller=controller, owner=controller))
    return s


BEARS = card_from_fields({"name": "Bears", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "oracle_text": ""})
DIVINATION = card_from_fields({"name": "Div", "type_line": "Sorcery", "mana_cost": "{2}{U}", "oracle_text": "Draw two cards."})


def test_cr_109_5_the_permission_is_its_controllers():
    """Leyline of Anticipation under Bob: Alice's creature spell still needs her own main phase (CR 117.1a)."""
    mine = _state("You may cast spells as though they had flash.", "Alice")
    assert flash_permission(mine, "Alice", BEARS) and spell_timing_problems(mine, "Alice", BEARS) == []
    theirs = _state("You may cast spells as though they had flash.", "Bob")
    assert flash_permission(theirs, "Alice", BEARS) is None and spell_timing_problems(theirs, "Alice", BEARS)


def test_any_player_permission_and_the_spells_it_names():
    s = _state("Any player may cast creature and enchantment spells as though they had flash.", "Bob")
    assert flash_permission(s, "Alice", BEARS)
    assert flash_permission(s, "Alice", DIVINATION) is None  # a sorcery is neither (CR 205.2a)


def test_cr_700_6_historic_and_105_2_colours():
    s = _state("You may cast historic spells as though they had flash.", "Alice")
    legend = card_from_fields({"name": "L", "type_line": "Legendary Creature — Elf", "mana_cost": "{G}", "oracle_text": ""})
    assert flash_permission(s, "Alice", legend) and flash_permission(s, "Alice", BEARS) is None
    g = _state("You may cast green creature spells as though they had flash.", "Alice")
    white = card_from_fields({"name": "W", "type_line": "Creature — Angel", "mana_cost": "{3}{W}{W}", "oracle_text": ""})
    assert flash_permission(g, "Alice", BEARS) and flash_permission(g, "Alice", white) is None


def test_cr_702_8a_cards_you_own_have_flash_whoever_casts_them():
    """Teferi, Mage of Zhalfir: "Creature cards you own that aren't on the battlefield have flash" gives the cards
    flash (CR 702.8a), so it follows the card's owner (CR 108.3), not the caster: Alice's Teferi covers her own
    cards, even cast by Bob, and never Bob's cards cast by Alice."""
    s = _state("Creature cards you own that aren't on the battlefield have flash.", "Alice")
    assert flash_permission(s, "Alice", BEARS)  # her own card, cast by her
    assert flash_permission(s, "Bob", BEARS, owner="Alice")
    assert flash_permission(s, "Alice", BEARS, owner="Bob") is None
    assert flash_permission(s, "Bob", BEARS) is None  # Bob's own card
