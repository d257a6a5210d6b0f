"""Land-type wording (models.text.mana): the land-type Auras and the safety net for wording not modelled.

CR 305.7 (setting a land's subtype), 303.4 (an Aura affects the object it is attached to), 613.1d.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.text.oracle import parse_abilities
import mtgcheck.models.text.mana as mt
import mtgcheck.models.text.topics as topics
from mtgcheck.models.vocab.mana_effects import LandType


def parse(text, type_line="Enchantment — Aura", name="Test Aura"):
    return parse_abilities(card_from_fields({"name": name, "type_line": type_line, "oracle_text": text}))


def statics(text):
    return [a for a in parse(text) if a.kind == "static"]


def test_enchanted_land_is_an_island_sets_the_type_cr_305_7():
    """CR 305.7: "Enchanted land is an Island" sets the land's subtype (no "in addition"): ``set``, and it
    affects the permanent the Aura is attached to (CR 303.4)."""
    assert mt.parse_land_type("Enchanted land is an Island.") == {
        "affects": {"what": "enchanted", "controller": "any"}, "set": ["Island"]}
    assert mt.parse_land_type("Enchanted land is a Swamp.")["set"] == ["Swamp"]
    (a,) = [x for x in statics("Enchant land\nEnchanted land is an Island.") if isinstance(x.effect, LandType)]
    assert a.effect.affects.relation == "enchanted" and a.effect.affects.controller == "any"
    assert a.effect.set == ("Island",) and a.effect.add is None


def test_several_types_and_every_type_in_addition_cr_305_7():
    """CR 305.7: a land can be set to several basic land types at once (Lush Growth wording), and "in
    addition to its other types" adds them (Nylea's Presence wording)."""
    assert mt.parse_land_type("Enchanted land is a Mountain, Forest, and Plains.")["set"] == ["Plains", "Mountain", "Forest"]
    got = mt.parse_land_type("Enchanted land is every basic land type in addition to its other types.")
    assert got == {"affects": {"what": "enchanted", "controller": "any"},
                   "add": ["Plains", "Island", "Swamp", "Mountain", "Forest"]}
    assert mt.parse_land_type("All lands are Islands in addition to their other types.") == {
        "affects": {"what": "land", "controller": "any"}, "add": ["Island"]}


@pytest.mark.parametrize("text", [
    "Enchanted land is the chosen type.",                      # a choice not recorded: not modelled
    "All Mountains are Plains.",                               # a filter on subtypes: not modelled
    "This land is the chosen type in addition to its other types.",
    "Enchanted permanent is a colorless Forest land.",
    "Nontoken creatures you control are Forest lands in addition to their other types.",
    "Target land becomes an Island until end of turn.",
    "Target land becomes the basic land type of your choice until end of turn.",
    "Each land with an everything counter on it is every land type in addition to its other types.",
])
def test_safety_net_spots_land_type_changes_cr_305_7(text):
    """CR 305.7, 613.1d: wording that changes land types is recognised even when not modelled, so the mana
    questions can say "not modelled" rather than ignore it."""
    assert topics.changes_land_types(text)
    assert topics.changes_mana_abilities(text)


@pytest.mark.parametrize("text", [
    "This creature is the chosen type in addition to its other types.",  # creature types only (CR 205.3m)
    "Dungrove Elder's power and toughness are each equal to the number of Forests you control.",
    "This creature can't attack unless there is a Mountain on the battlefield.",
    "As long as enchanted land is a basic Mountain, Goblin creatures get +0/+2.",
    "Domain — This creature's power is equal to the number of basic land types among lands you control.",
    "Enchanted land is a 3/3 black Ooze creature. It's still a land.",
    "Enchant land",
])
def test_safety_net_leaves_other_wording_alone_cr_305_7(text):
    """Wording that reads land types, or changes creature types or card types only, changes no land type
    (CR 305.7 is about land subtypes; 205.3m creature types)."""
    assert not topics.changes_land_types(text)


def test_safety_net_spots_granted_or_removed_mana_abilities_cr_613_1f():
    """CR 613.1f: granting a quoted mana ability, or lands losing all abilities, changes mana abilities."""
    assert topics.changes_mana_abilities('Other legendary creatures you control have vigilance and "{T}: Add one mana of any color."')
    assert topics.changes_mana_abilities("All lands lose all abilities except mana abilities.")
    assert not topics.changes_mana_abilities("Enchanted creature gets +2/+2.")
