"""Cost words in what an activated ability does that name the cost of a spell cast as it resolves or later
("without paying its mana cost", "to pay that spell's mana cost") are not the ability's own cost (CR 602.2b: the
ability's cost is what precedes the colon; 608.2: its effect happens as it resolves; 118.9: casting without paying
is an alternative cost of *that* spell). Real cards of the 32k file (skipped when absent); expected values come
from the rules named."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.text.topics import classify
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask


@pytest.mark.parametrize("text", [
    "You may cast a spell with mana value X from among cards exiled with Kaho without paying its mana cost.",
    "You may cast any number of spells from among cards exiled with this artifact with total mana value X or less "
    "without paying their mana costs.",
    "For one spell this turn, you may spend mana as though it were mana of any type to pay that spell's mana cost.",
])
def test_a_later_spells_cost_is_not_the_abilitys_cost_cr_602_2b(text):
    """CR 602.2b, 608.2, 118.9: no costs topic for the cost of a spell the effect lets you cast."""
    assert Topic.COSTS not in classify(text, "activated", True)


def test_an_x_the_effect_defines_keeps_the_costs_topic_cr_107_3c():
    """Elite Arcanist: "X is the mana value of the exiled card" defines the X of its own {X} cost (CR 107.3c), so
    the effect keeps the costs topic even though its other cost words name a later spell's."""
    text = "Copy the exiled card. You may cast the copy without paying its mana cost. X is the mana value of the exiled card."
    assert Topic.COSTS in classify(text, "activated", True)


def _act(db, bf, name, **extra):
    return ask(db, bf, {"activate": {"permanent": name, "ability": 1}}, **extra).values


def test_kaho_activates_with_x_zero_cr_107_3a(real_db):
    """Kaho, Minamo Historian: {X}, {T}: X may be 0 (CR 107.3a, 601.2b via 602.2b), so it can be activated with no
    mana; what it lets Alice cast later is that spell's matter (CR 608.2)."""
    assert _act(real_db, {"Alice": ["Kaho, Minamo Historian"]}, "Kaho, Minamo Historian")["activatable"] is True


def test_north_star_needs_its_four_mana_cr_602_2b(real_db):
    """North Star: {4}, {T}: four lands pay it; three do not (CR 602.2b, 601.2g-h)."""
    lands = ["Plains", "Island", "Swamp", "Mountain"]
    assert _act(real_db, {"Alice": ["North Star", *lands]}, "North Star")["activatable"] is True
    assert _act(real_db, {"Alice": ["North Star", *lands[:3]]}, "North Star")["activatable"] is False


def test_elite_arcanist_stays_unsupported_cr_107_3c(real_db):
    """Elite Arcanist's X is the mana value of the exiled card (CR 107.3c), not read: the answer stays unsupported."""
    with pytest.raises(Unsupported):
        _act(real_db, {"Alice": ["Elite Arcanist", "Island"]}, "Elite Arcanist")
