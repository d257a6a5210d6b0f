"""Mana from abilities that are not mana abilities: available_mana's labelled ``other_ways`` (CR 605.1a, 606.3).

The pools count mana abilities only (605.1a-b); a loyalty ability that adds mana, an ability with a target that adds
mana and an ability that untaps a permanent are each one entry of ``other_ways``: what it could add and whether it
can be activated now, as ``activate`` answers. Examples: examples/classes/other_ways_mana.yaml.
"""
from __future__ import annotations

from pathlib import Path

from mtgcheck.models.data.scenario import load_scenarios

ROOT = Path(__file__).resolve().parent.parent


def test_the_example_texts_are_the_printed_ones(real_db):
    for sc in load_scenarios(ROOT / "examples" / "classes" / "other_ways_mana.yaml"):
        for name, fields in (sc.data.get("cards") or {}).items():
            assert real_db.get(name).oracle_text == fields["oracle_text"], name


def test_a_board_with_only_mana_abilities_has_no_other_ways_cr_605_1a(answer):
    res = answer("""
        players: [Alice, Bob]
        battlefield: {Alice: [Forest, Sol Ring]}
        ask: {available_mana: Alice}
    """)
    assert res.answer.values["other_ways"] == []
    assert res.answer.values["pools"] == ["{G}{C}{C}"]


def test_other_ways_agree_with_activate_cr_606_3(answer, real_db):
    """Each entry's ``activatable`` is the activate question's answer for that ability on the same board."""
    board = """
        players: [Alice, Bob]
        active: {active}
        battlefield: {{Alice: [{{card: "Lukka, Bound to Ruin", counters: {{loyalty: 5}}}}, Voltaic Key, Sol Ring]}}
        ask: {ask}
    """
    for active in ("Alice", "Bob"):
        avail = answer(board.format(active=active, ask="{available_mana: Alice}"), db=real_db).answer.values
        for entry in avail["other_ways"]:
            ask = f'{{activate: {{permanent: "{entry["source"]}", ability: {entry["ability"]}}}}}'
            act = answer(board.format(active=active, ask=ask), db=real_db)
            assert act.answer.values["activatable"] is entry["activatable"], (active, entry)
