"""Regression tests from the code review: granted flashback names its card; discard costs count other copies."""
from __future__ import annotations


def test_snapcaster_grant_applies_only_to_the_chosen_card(answer):
    """Snapcaster Mage ruling 2017-03-14 / CR 702.34a: only the targeted card gains flashback."""
    res = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Mountain, Island, Island]}
        graveyard: {Alice: [Lightning Bolt, Opt]}
        effects: [{card: Snapcaster Mage, controller: Alice, choices: {card: Opt}}]
        ask: {cast: {card: Lightning Bolt, from: graveyard, using: flashback}}
        """)
    assert res.answer is None or res.answer.values.get("castable") is not True, res.message
    res2 = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Mountain, Island, Island]}
        graveyard: {Alice: [Lightning Bolt, Opt]}
        effects: [{card: Snapcaster Mage, controller: Alice, choices: {card: Opt}}]
        ask: {cast: {card: Opt, from: graveyard, using: flashback}}
        """)
    assert res2.answer.values["castable"] is True, res2.message


def test_discard_cost_may_discard_another_copy_of_the_spell(answer):
    """CR 601.2a (the spell moves to the stack first), 118.3: with two copies of a spell and one other
    card in hand, casting one copy can discard either of the two other cards."""
    res = answer("""\
        players: [Alice, Bob]
        cards:
          Test Voice:
            mana_cost: "{1}{R}"
            type_line: Sorcery
            oracle_text: "As an additional cost to cast this spell, discard a card.\\nDraw two cards."
        battlefield: {Alice: [Mountain, Mountain]}
        hand: {Alice: [Test Voice, Test Voice]}
        ask: {cast: {card: Test Voice}}
        """)
    assert res.answer is not None and res.answer.values["castable"] is True, res.message
