"""Regression tests from the code review: granted flashback names its card; discard costs count other copies."""
from __future__ import annotations

import textwrap

import pytest

from models.database import load_database
from models.scenario import load_scenarios
from solver.runner import run_scenario


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def answer(tmp_path, text, db):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    (sc,) = load_scenarios(p)
    return run_scenario(sc, db)


def test_snapcaster_grant_applies_only_to_the_chosen_card(tmp_path, db):
    """Snapcaster Mage ruling 2017-03-14 / CR 702.34a: only the targeted card gains flashback."""
    res = answer(tmp_path, """\
        players: [Alice, Bob]
        battlefield: {Alice: [Mountain, Island, Island]}
        graveyard: {Alice: [Lightning Bolt, Opt]}
        effects: [{card: Snapcaster Mage, controller: Alice, choices: {card: Opt}}]
        ask: {cast: {card: Lightning Bolt, from: graveyard, using: flashback}}
        """, db)
    assert res.answer is None or res.answer.values.get("castable") is not True, res.message
    res2 = answer(tmp_path, """\
        players: [Alice, Bob]
        battlefield: {Alice: [Mountain, Island, Island]}
        graveyard: {Alice: [Lightning Bolt, Opt]}
        effects: [{card: Snapcaster Mage, controller: Alice, choices: {card: Opt}}]
        ask: {cast: {card: Opt, from: graveyard, using: flashback}}
        """, db)
    assert res2.answer.values["castable"] is True, res2.message


def test_discard_cost_may_discard_another_copy_of_the_spell(tmp_path, db):
    """CR 601.2a (the spell moves to the stack first), 118.3: with two copies of a spell and one other
    card in hand, casting one copy can discard either of the two other cards."""
    res = answer(tmp_path, """\
        players: [Alice, Bob]
        cards:
          Test Voice:
            mana_cost: "{1}{R}"
            type_line: Sorcery
            oracle_text: "As an additional cost to cast this spell, discard a card.\\nDraw two cards."
        battlefield: {Alice: [Mountain, Mountain]}
        hand: {Alice: [Test Voice, Test Voice]}
        ask: {cast: {card: Test Voice}}
        """, db)
    assert res.answer is not None and res.answer.values["castable"] is True, res.message
