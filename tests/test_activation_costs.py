"""Non-mana parts of an activated ability's cost checked against the state (CR 602.2b, 118.3), on the real cards
of the 32k file (skipped when absent); the scenario form for a player's counters (energy, CR 107.14). Expected
values come from the rules named."""
from __future__ import annotations

import pytest

from mtgcheck.models.text.activation_costs import parse_activation_cost
from mtgcheck.models.data.scenario import ScenarioError, parse_scenario
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask


def _act(db, bf, name, n=1, **extra):
    return ask(db, bf, {"activate": {"permanent": name, "ability": n}}, **extra).values


@pytest.mark.parametrize("text,action,what,amount", [
    ("Pay {E}", "pay_energy", "energy", 1),                   # CR 107.14
    ("Pay {E}{E}", "pay_energy", "energy", 2),
    ("Remove a counter from this artifact", "remove_counters", "any", 1),  # CR 122.1
    ("Mill two cards", "mill", "card", 2),                    # CR 701.17a
    ("Exile two cards from your graveyard", "exile", "cards from your graveyard", 2),
    ("Discard two cards", "discard", "cards", 2),             # CR 701.9a
])
def test_cost_parts_are_read_cr_118(text, action, what, amount):
    p = parse_activation_cost(text).parts[0]
    assert (p.action, p.what, p.amount) == (action, what, amount)


@pytest.mark.parametrize("text", ["Tell a joke you haven't told this game to someone outside the game",
                                  "Say the secret word"])
def test_cost_parts_not_read_stay_other_cr_118(text):
    """Wording no rule reads stays a part of its own (never dropped, never guessed)."""
    assert parse_activation_cost(text).parts[-1].action == "other"


def test_exile_this_and_return_this_cr_118_3(real_db):
    """Exiling or returning the permanent itself can always be paid while it is on the battlefield (CR 118.3)."""
    bears = {"Bob": ["Grizzly Bears"]}
    assert _act(real_db, {"Alice": ["Brittle Effigy"] + ["Plains"] * 4, **bears}, "Brittle Effigy")["activatable"]
    assert _act(real_db, {"Alice": ["Ovinomancer"], **bears}, "Ovinomancer")["activatable"]
    assert not _act(real_db, {"Alice": ["Brittle Effigy"] + ["Plains"] * 3, **bears}, "Brittle Effigy")["activatable"]


def test_energy_is_the_players_counters_cr_107_14(real_db):
    """To pay {E} the player removes an energy counter from themselves (CR 107.14): Alice's, not Bob's."""
    assert _act(real_db, {"Alice": ["Aether Hub"]}, "Aether Hub", 2, player_counters={"Alice": {"energy": 1}})["activatable"]
    no = _act(real_db, {"Alice": ["Aether Hub"]}, "Aether Hub", 2, player_counters={"Bob": {"energy": 5}})
    assert no["activatable"] is False and "CR 107.14" in no["reason"]


def test_player_counters_scenario_errors(catalog_db):
    """A negative counter count is an input error naming the player (never a traceback)."""
    from mtgcheck.models.data.scenario import build_state

    sc = parse_scenario({"players": ["Alice"], "player_counters": {"Alice": {"energy": -1}},
                         "ask": {"available_mana": "Alice"}}, "<t>")
    with pytest.raises(ScenarioError, match="energy counters of Alice"):
        build_state(sc, catalog_db)
    ok = parse_scenario({"players": ["Alice"], "player_counters": {"Alice": {"energy": 2}},
                         "ask": {"available_mana": "Alice"}}, "<t>")
    assert build_state(ok, catalog_db)[0].counters_of("Alice", "energy") == 2


def test_mill_needs_the_library_cr_701_17b(real_db):
    """CR 701.17b: a cost that mills more cards than the library holds cannot be paid; a library the scenario
    does not list is unknown (unsupported, never a guess)."""
    assert _act(real_db, {"Alice": ["Millikin"]}, "Millikin", library={"Alice": ["Island"]})["activatable"]
    assert not _act(real_db, {"Alice": ["Millikin"]}, "Millikin", library={"Alice": []})["activatable"]
    with pytest.raises(Unsupported, match="library"):
        _act(real_db, {"Alice": ["Millikin"]}, "Millikin")


def test_discard_hand_with_an_empty_hand_cr_118_3(real_db):
    assert _act(real_db, {"Alice": ["Slate of Ancestry"] + ["Island"] * 4}, "Slate of Ancestry",
                hand={"Alice": []})["activatable"]


def test_exile_a_creature_card_from_the_graveyard_cr_118_3(real_db):
    """"Exile a creature card from your graveyard": a Lightning Bolt is not one (CR 205.2a card types)."""
    bf = {"Alice": ["Great Arashin City", "Swamp", "Swamp"]}
    assert not _act(real_db, bf, "Great Arashin City", 2, graveyard={"Alice": ["Lightning Bolt"]})["activatable"]
    assert _act(real_db, bf, "Great Arashin City", 2, graveyard={"Alice": ["Grizzly Bears"]})["activatable"]


def test_unmodelled_cost_part_names_its_topic(real_db):
    """An unread cost part is unsupported naming the part, with the costs topic (the probe groups by it)."""
    with pytest.raises(Unsupported) as e:
        _act(real_db, {"Alice": ["Pietra, Crafter of Clowns", "Plains", "Mountain"]}, "Pietra, Crafter of Clowns")
    assert "Tell a joke" in str(e.value) and e.value.topics and e.value.text
