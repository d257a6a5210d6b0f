"""A spell's own cost change counts objects by their types as they are now (CR 601.2f): changeling is every creature
type (CR 702.73a), land-type effects change land types (CR 305.7, 613.1d). Real cards."""
from __future__ import annotations

import pytest

CAST = """\
    players: [Alice, Bob]
    battlefield:
      Alice: [{board}]
    hand:
      Alice: [{card}]
    ask: {{cast: {{card: {card}}}}}
"""


@pytest.mark.parametrize("card, board, cost", [
    # "costs {2} less to cast if you control a Wizard": Universal Automaton is a Wizard (CR 702.73a)
    ("Wizard's Lightning", "Universal Automaton, Mountain", "{R}"),
    # affinity for Cats (CR 702.41a): the changeling is a Cat
    ("Claws Out", "Universal Automaton, Plains, Plains, Plains, Plains", "{2}{W}{W}"),
    # "costs {2} less to cast if you control a Dragon"
    ("Draconic Lore", "Universal Automaton, Island, Island, Island, Island", "{3}{U}"),
])
def test_changeling_counts_for_a_spells_own_cost_cr_702_73a(answer, real_db, card, board, cost):
    res = answer(CAST.format(card=card, board=board), db=real_db)
    assert res.answer is not None, res.message
    assert res.answer.values["total_cost"] == cost
    assert res.answer.values["castable"] is True


def test_a_noncreature_does_not_count_as_a_wizard_cr_601_2f(answer, real_db):
    """Without the changeling, Wizard's Lightning costs {2}{R} (the Mountain alone cannot pay it)."""
    res = answer(CAST.format(card="Wizard's Lightning", board="Grizzly Bears, Mountain"), db=real_db)
    assert res.answer.values["total_cost"] == "{2}{R}" and res.answer.values["castable"] is False


def test_an_attacking_vehicle_is_an_attacking_creature_cr_506_4(answer, real_db):
    """Ancient Stone Idol costs {1} less for each attacking creature: a crewed Smuggler's Copter attacking is a
    creature (a permanent that stops being a creature is removed from combat, CR 506.4), so two count."""
    res = answer("""\
        players: [Alice, Bob]
        turn: {step: declare_attackers}
        battlefield:
          Alice: [{card: Smuggler's Copter, attacking: true}, {card: Grizzly Bears, attacking: true}, Mountain]
        hand:
          Alice: [Ancient Stone Idol]
        ask: {cast: {card: Ancient Stone Idol}}
    """, db=real_db)
    assert res.answer.values["total_cost"] == "{8}", res.message
