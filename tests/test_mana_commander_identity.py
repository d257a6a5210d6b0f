"""Command Mine / Command Power Plant — mana of the commander's color identity with a typed "instead"
condition naming lands (CR 903.4 color identity, 201.2 names, 106.7; Command Tower ruling 2020-11-10)."""
from __future__ import annotations

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.logic import AllOf
from mtgcheck.models.vocab.conditions import ControlsAtLeast
from mtgcheck.models.text.conditions import parse_board_condition
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.registry import Unsupported
from mtgcheck.solver.rules.mana.pools import available_mana

from .scenario_text import state_of

MINE = ("{T}: Add one mana of any color in your commander's color identity. If you control a Command Tower and a "
        "Command Power Plant, add two mana of any color in your commander's color identity instead.")
# Command Power Plant's first ability only (its grant to Command Towers is another, unmodelled, line)
PLANT = ("{T}: Add one mana of any color in your commander's color identity. If you control a Command Tower and a "
         "Command Mine, add two mana of any color in your commander's color identity instead.")


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def _state(tmp_path, db, commander_cost: str, perms: str):
    return state_of(tmp_path, db, f"""
players: [Alice, Bob]
cards:
  Command Mine: {{type_line: Land, oracle_text: "{MINE}"}}
  Command Power Plant: {{type_line: Land, oracle_text: "{PLANT}"}}
  Command Tower: {{type_line: Land, oracle_text: "{{T}}: Add one mana of any color in your commander's color identity."}}
  The Commander: {{mana_cost: "{commander_cost}", type_line: Legendary Creature — Human, power: "1", toughness: "1", oracle_text: ""}}
command:
  Alice: [The Commander]
battlefield:
  Alice: [{perms}]
ask: {{available_mana: Alice}}
""")


def test_a_command_tower_is_a_permanent_with_that_name_cr_201_2():
    """CR 201.2: "a Command Tower" and "a Command Power Plant" are permanents with those names; both are needed."""
    cond = parse_board_condition("you control a Command Tower and a Command Power Plant")
    assert isinstance(cond, AllOf) and len(cond.parts) == 2
    assert all(isinstance(p, ControlsAtLeast) and p.n == 1 for p in cond.parts)
    assert [p.filter.name for p in cond.parts] == ["Command Tower", "Command Power Plant"]


def test_instead_applies_with_both_lands_mono_white_cr_903_4(tmp_path, db):
    """Command Mine with a Command Tower and a Command Power Plant adds two mana of a white commander's identity:
    {W}{W} (one colour, so the two readings of "two mana of any color" agree); the Tower adds {W}, and the Plant,
    whose own "instead" needs a Command Mine and a Command Tower, adds {W}{W}: {W} x 5 in all."""
    st = _state(tmp_path, db, "{W}", "Command Mine, Command Tower, Command Power Plant")
    pools, _ = available_mana(st, "Alice")
    assert pools == ["{W}{W}{W}{W}{W}"]


def test_instead_without_the_power_plant_makes_one_mana_cr_903_4(tmp_path, db):
    """Only a Command Tower: the condition is false, Command Mine adds one mana of the identity (CR 903.4)."""
    st = _state(tmp_path, db, "{W}{U}", "Command Mine, Command Tower")
    assert could_produce(st).types[st.permanents("Alice")[0].id] == frozenset({"W", "U"})


def test_two_mana_of_a_multicolored_identity_is_unsupported(tmp_path, db):
    """"Two mana of any color in your commander's color identity" says neither "any one color" nor "any
    combination": with a two-colour identity the readings differ and no rule settles it, so the pools are
    unsupported rather than guessed."""
    st = _state(tmp_path, db, "{W}{U}", "Command Mine, Command Tower, Command Power Plant")
    with pytest.raises(Unsupported, match="one colour or any combination"):
        available_mana(st, "Alice")
