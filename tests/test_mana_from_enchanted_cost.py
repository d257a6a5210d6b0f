"""Elemental Resonance's "add mana equal to enchanted permanent's mana cost" (``AddMana.cost_of``).

CR 303.4 (an Aura enchants the object it is attached to), 202.1 (the mana cost's symbols), 106.5/106.7 (no mana, no
type). Expected values come from the symbols of the enchanted permanent's cost; generic, hybrid, Phyrexian, snow and
{X} symbols are unsupported (their meaning here is only in the card's rulings)."""
from __future__ import annotations

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.text.mana import parse_add_clause
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.registry import Unsupported

from .scenario_text import state_of


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def test_the_words_read_into_cost_of_enchanted_cr_202_1():
    assert parse_add_clause("mana equal to enchanted permanent's mana cost") == {"cost_of": "enchanted"}


def _state(tmp_path, db, cost: str | None, attached: bool = True):
    host = f'  Host: {{mana_cost: "{cost}", type_line: Creature — Beast, power: "1", toughness: "1", oracle_text: ""}}' \
        if cost is not None else '  Host: {type_line: Land, oracle_text: ""}'
    return state_of(tmp_path, db, f"""
players: [Alice, Bob]
cards:
  Elemental Resonance: {{mana_cost: "{{2}}{{G}}{{G}}", type_line: Enchantment — Aura, oracle_text: "Enchant permanent\\nAt the beginning of your first main phase, add mana equal to enchanted permanent's mana cost."}}
{host}
battlefield:
  Alice: [{{card: Elemental Resonance, id: er{", attached_to: h" if attached else ""}}}, {{card: Host, id: h}}]
ask: {{could_produce: {{id: er}}}}
""")


@pytest.mark.parametrize("cost,types", [("{G}", {"G"}), ("{W}{U}{U}", {"W", "U"}), ("{C}{R}", {"C", "R"})])
def test_coloured_and_colorless_symbols_cr_202_1(tmp_path, db, cost, types):
    st = _state(tmp_path, db, cost)
    assert could_produce(st).types[st.permanent("er").id] == frozenset(types)


def test_unattached_or_no_mana_cost_adds_nothing_cr_303_4_202_1b(tmp_path, db):
    """Enchanting nothing (CR 303.4) or a permanent without a mana cost (a land, CR 202.1b): no mana, no type."""
    st = _state(tmp_path, db, "{G}", attached=False)
    assert could_produce(st).types[st.permanent("er").id] == frozenset()
    st = _state(tmp_path, db, None)
    assert could_produce(st).types[st.permanent("er").id] == frozenset()


@pytest.mark.parametrize("cost", ["{2}{G}", "{W/U}", "{G/P}", "{X}{R}"])
def test_other_symbols_are_unsupported(tmp_path, db, cost):
    st = _state(tmp_path, db, cost)
    with pytest.raises(Unsupported, match="symbol"):
        could_produce(st)
