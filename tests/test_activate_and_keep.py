"""Regression tests from QA round 3: loyalty abilities, 'another' and discard costs, unmodelled haste or
ability-removing text, and keep_untapped among identical permanents."""
from __future__ import annotations

from tests.boards import haste_grant_scenario


WALKER = """\
    players: [A, B]
    active: {active}
    cards:
      Test Walker:
        mana_cost: "{{3}}{{R}}"
        type_line: Legendary Planeswalker — Test
        loyalty: "4"
        oracle_text: "+1: You gain 1 life.\\n−7: You draw seven cards."
    battlefield:
      A:
        - {{card: Test Walker, counters: {{loyalty: {loyalty}}}}}
    ask: {{activate: {{permanent: Test Walker, ability: {n}}}}}
    """


def test_cr_606_6_a_negative_loyalty_cost_cannot_exceed_the_loyalty_counters(answer):
    res = answer(WALKER.format(active="A", loyalty=4, n=2))
    assert res.answer.values["activatable"] is False and "606.6" in res.answer.values["reason"]
    res = answer(WALKER.format(active="A", loyalty=7, n=2))
    assert res.answer.values["activatable"] is True, res.answer.values


def test_cr_606_3_loyalty_abilities_only_in_the_controllers_own_turn(answer):
    res = answer(WALKER.format(active="B", loyalty=4, n=1))
    assert res.answer.values["activatable"] is False and "606.3" in res.answer.values["reason"]


def test_cr_118_3_sacrifice_another_creature_needs_another_one(answer):
    text = """\
        players: [A, B]
        cards:
          Test Priest:
            mana_cost: "{2}{B}"
            type_line: Creature — Human
            oracle_text: "Pay 1 life, Sacrifice another creature: Draw a card."
        battlefield:
          A: [Test Priest]
        ask: {activate: {permanent: Test Priest, ability: 1}}
        """
    res = answer(text)
    assert res.answer.values["activatable"] is False and "other" in res.answer.values["reason"]
    res = answer(text.replace("A: [Test Priest]", "A: [Test Priest, Llanowar Elves]"))
    assert res.answer.values["activatable"] is True


def test_cr_118_3_a_discard_cost_needs_a_card_in_hand(answer):
    text = """\
        players: [A, B]
        cards:
          Test Looter:
            mana_cost: "{1}{U}"
            type_line: Artifact
            oracle_text: "{1}, Discard a card: Draw a card."
        battlefield:
          A: [Test Looter, Island]
        hand:
          A: []
        ask: {activate: {permanent: Test Looter, ability: 1}}
        """
    res = answer(text)
    assert res.answer.values["activatable"] is False and "hand" in res.answer.values["reason"]
    res = answer(text.replace("A: []", "A: [Forest]"))
    assert res.answer.values["activatable"] is True


def test_cr_302_6_unmodelled_haste_grant_is_unsupported_not_a_guess(answer):
    """Fires of Yavimaya-like text ('Creatures you control have haste.') may give the sick creature
    haste (CR 702.10, 302.6): without a model of it, the answer is unsupported, never 'false'. (The plain
    'Creatures you control have haste.' is modelled: see the next test.)"""
    res = answer(haste_grant_scenario('Creatures you control with power 1 or greater have haste.'))
    assert res.verdict == "unsupported" and "Test Fires" in res.message


def test_cr_613_1f_a_modelled_haste_grant_lets_a_sick_creature_tap(answer):
    """'Creatures you control have haste.' (Fires of Yavimaya) gives the sick Elves haste (CR 613.1f, 702.10)."""
    res = answer(haste_grant_scenario('Creatures you control have haste.'))
    assert res.answer.values["activatable"] is True


def test_cr_613_unmodelled_ability_removal_is_unsupported(answer):
    res = answer("""\
        players: [A, B]
        cards:
          Test Humility:
            mana_cost: "{2}{W}{W}"
            type_line: Enchantment
            oracle_text: "All creatures lose all abilities and have base power and toughness 1/1."
        battlefield:
          A: [Test Humility, Llanowar Elves]
        ask: {activate: {permanent: Llanowar Elves, ability: 1}}
        """)
    assert res.verdict == "unsupported" and "Test Humility" in res.message


def test_keep_untapped_among_identical_permanents_cr_601_2g(answer):
    """Paying {2}{G/P} with Forest, Forest, Sol Ring at 20 life while keeping Forest#2 untapped: the best
    payment by life taps the other Forest for {G} and Sol Ring for {2}, paying no life (CR 107.4f, 601.2g)."""
    res = answer("""\
        players: [A, B]
        cards:
          Test Spell:
            mana_cost: "{2}{G/P}"
            type_line: Sorcery
            oracle_text: "Draw a card."
        battlefield:
          A: [Forest, Forest, Sol Ring]
        ask: {payments: {card: Test Spell, player: A, minimize: life, keep_untapped: ["Forest#2"]}}
        """)
    assert res.answer.values["best_life"] == 0, res.answer.values


def test_keep_untapped_errors_are_clear(answer):
    base = """\
        players: [A, B]
        battlefield:
          A: [Forest, Sol Ring]
        ask: {payments: {card: Llanowar Elves, player: A, KEEP}}
        """
    res = answer(base.replace("KEEP", 'minimize: life, keep_untapped: ["Sol Rnig"]'))
    assert res.verdict == "error" and "Sol Rnig" in res.message
    res = answer(base.replace("KEEP", 'keep_untapped: ["Sol Ring"]'))
    assert res.verdict == "error" and "minimize" in res.message
    res = answer(base.replace("KEEP", "minimize: sources, keep_untapped: [{card: Sol Ring, controller: A}]"))
    assert res.verdict == "no expectation", res.message
