""""Discard X cards" as a cost part (CR 107.3a: X announced; 601.2a the spell is on the stack; 118.3, 701.9a):
parsed as a discard of the announced number and read by the one reader of cost parts. Expected values from the
cards' text and the rules."""
from __future__ import annotations

import pytest

from mtgcheck.models.text.activation_costs import parse_activation_cost

from .probe_boards import ask


@pytest.mark.parametrize("text, what", [("discard X cards", "cards"), ("discard X creature cards", "creature cards"),
                                        ("discard X land cards", "land cards"),
                                        ("discard X cards at random", "cards at random")])
def test_discard_x_is_the_announced_number_cr_107_3a(text, what):
    (part,) = parse_activation_cost(text, "Test").parts
    assert (part.action, part.what, part.amount, part.x) == ("discard", what, 0, True)


def test_discard_x_counts_other_cards_in_hand_cr_601_2a_118_3(real_db):
    """Sickening Dreams ({1}{B}): X = 2 needs two cards besides itself (it is on the stack as its cost is paid)."""
    bf = {"Alice": ["Swamp", "Swamp"]}
    v = ask(real_db, bf, {"cast": {"card": "Sickening Dreams", "x": 2}},
            hand={"Alice": ["Sickening Dreams", "Opt", "Forest"]}).values
    assert v["castable"] is True
    v = ask(real_db, bf, {"cast": {"card": "Sickening Dreams", "x": 2}}, hand={"Alice": ["Sickening Dreams", "Opt"]}).values
    assert v["castable"] is False and v["reason_code"] == "cost_part"
    v = ask(real_db, bf, {"cast": {"card": "Sickening Dreams"}}, hand={"Alice": ["Sickening Dreams"]}).values
    assert v["castable"] is True  # X = 0: nothing to discard (CR 107.3a, 118.3)


def test_discard_x_creature_cards_counts_only_creature_cards_cr_701_9a(real_db):
    """Aether Tide ({X}{U}): X = 1 with no creature card in hand cannot be cast; with one it can."""
    bf = {"Alice": ["Island", "Island"], "Bob": ["Grizzly Bears"]}
    v = ask(real_db, bf, {"cast": {"card": "Aether Tide", "x": 1}}, hand={"Alice": ["Aether Tide", "Opt"]}).values
    assert v["castable"] is False and v["reason_code"] == "cost_part"
    v = ask(real_db, bf, {"cast": {"card": "Aether Tide", "x": 1}}, hand={"Alice": ["Aether Tide", "Llanowar Elves"]}).values
    assert v["castable"] is True and v["total_cost"] == "{1}{U}"
