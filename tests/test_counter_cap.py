""""Rasputin can't have more than seven dream counters on it": a cap on one kind of counter on the object itself
changes only what happens as counters would be put on it (CR 122.6, 614.1a), never what it is or what its mana
abilities make now (106.7, 605.1a). Real cards of the 32k file (skipped when absent); expected values come from the
rules named."""
from __future__ import annotations

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.text.topics import classify
from tests.probe_boards import ask


def test_counter_cap_topics_cr_122_6():
    t = classify("Rasputin can't have more than seven dream counters on it.")
    assert Topic.MANA_PRODUCTION not in t and Topic.CHARACTERISTICS not in t and Topic.TRIGGERS in t
    # a cap on another object's counters, or on a player's, is not this shape
    assert classify("Creatures you control can't have more than one +1/+1 counter on them.") != t


def test_rasputin_makes_one_colorless_per_dream_counter_cr_605_1a(real_db):
    """Rasputin Dreamweaver: "Remove a dream counter from Rasputin: Add {C}" (CR 605.1a, 118.3): it could produce
    {C} (costs ignored, 106.7); with two dream counters it makes at most {C}{C}, with none nothing."""
    a = ask(real_db, {"Alice": [{"card": "Rasputin Dreamweaver", "id": "r"}]}, {"could_produce": {"id": "r"}}).values
    assert a["types"] == ["C"]
    a = ask(real_db, {"Alice": [{"card": "Rasputin Dreamweaver", "counters": {"dream": 2}}]},
            {"available_mana": "Alice"}).values
    assert "{C}{C}" in a["pools"] and not any(p.count("{C}") > 2 for p in a["pools"])
