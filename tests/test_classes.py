"""Issue 11 (model the classes): targets in any zone, the stack zone, scry with illegal targets, and the
bound that keeps unpayable filters out of available_mana.

Expected values come from the cited rules; the scenarios are small enough to work out by hand.
"""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.database import load_database
from mtgcheck.models.scenario import ScenarioError, build_state, load_scenarios
from mtgcheck.solver.runner import ERROR, PASS, run_scenario


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def scenario(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    (sc,) = load_scenarios(p)
    return sc


def test_cr_115_1_an_effect_may_target_a_card_in_a_graveyard(tmp_path, db):
    """CR 115.1 (a target may be a card in a zone); Snapcaster Mage: its target is an instant or sorcery card
    in a graveyard. The scenario names the card; the state keeps its id as the effect's target."""
    sc = scenario(tmp_path, """
        players: [Alice, Bob]
        graveyard: {Alice: [Lightning Bolt, Opt]}
        effects: [{card: Snapcaster Mage, controller: Alice, targets: [Opt]}]
        ask: {mana_value: {card: Opt}}
    """)
    state, _ = build_state(sc, db)
    (opt,) = [ci for ci in state.cards("graveyard", "Alice") if ci.name == "Opt"]
    assert state.effects[0].targets == [opt.id]


def test_a_target_naming_no_card_is_an_error_with_the_line(tmp_path, db):
    """A target that names nothing anywhere is an input error naming the file, the line and the candidates."""
    sc = scenario(tmp_path, """
        players: [Alice, Bob]
        graveyard: {Alice: [Opt]}
        effects:
          - {card: Snapcaster Mage, controller: Alice, targets: [Lightning Bolt]}
        ask: {mana_value: {card: Opt}}
    """)
    with pytest.raises(ScenarioError) as e:
        build_state(sc, db)
    msg = str(e.value)
    assert ":5:" in msg and "Lightning Bolt" in msg and "another zone" in msg
    assert any("Opt (graveyard of Alice" in c for c in e.value.suggestions)


def test_a_target_matching_two_cards_asks_which(tmp_path, db):
    """Two cards of one name in different graveyards: the reference is ambiguous; {card, zone, owner} picks one."""
    base = """
        players: [Alice, Bob]
        graveyard: {Alice: [Opt], Bob: [Opt]}
        effects: [{card: Snapcaster Mage, controller: Alice, targets: [%s]}]
        ask: {mana_value: {card: Opt}}
    """
    with pytest.raises(ScenarioError, match="matches 2 cards"):
        build_state(scenario(tmp_path, base % "Opt"), db)
    state, _ = build_state(scenario(tmp_path, base % "{card: Opt, zone: graveyard, owner: Bob}"), db)
    assert state.effects[0].targets == [state.cards("graveyard", "Bob")[0].id]


def test_the_stack_is_a_zone_of_a_scenario(tmp_path, db):
    """CR 405.1: spells on the stack; a scenario lists them per controller (top first)."""
    sc = scenario(tmp_path, """
        players: [Alice, Bob]
        stack: {Bob: [Lightning Bolt]}
        ask: {mana_value: {card: Lightning Bolt, zone: stack}}
    """)
    state, _ = build_state(sc, db)
    assert [ci.name for ci in state.cards("stack", "Bob")] == ["Lightning Bolt"]
    assert run_scenario(sc, db).answer.values["mana_value"] == 1


def test_cr_608_2b_plain_scry_with_illegal_targets_looks_at_nothing(tmp_path, db):
    """CR 608.2b: a spell or ability whose every target is illegal does not resolve; nothing is looked at,
    whatever the size of the library (3 cards here, scry 2 would look at 2)."""
    sc = scenario(tmp_path, """
        players: [Alice]
        library: {Alice: [Island, Forest, Plains]}
        ask: {scry: {player: Alice, n: 2, targets_legal: false}}
        expect: {looked_at: 0, choices: 1, scried: false}
    """)
    assert run_scenario(sc, db).verdict == PASS


def test_cr_701_22a_a_draw_before_a_scry_leaves_fewer_cards_to_look_at(tmp_path, db):
    """CR 608.2c, 701.22a: 'draw a card, then scry 2' with a two-card library: the draw leaves one card, so
    the scry looks at one."""
    sc = scenario(tmp_path, """
        players: [Alice]
        cards:
          Test Peek:
            mana_cost: "{U}"
            type_line: Sorcery
            abilities:
              - {kind: spell, effect: instructions, params: {steps: [{action: draw, n: 1}, {action: scry, n: 2}]}, text: draw then scry 2}
        library: {Alice: [Island, Forest]}
        ask: {scry: {spell: Test Peek, player: Alice}}
        expect: {looked_at: 1}
    """)
    res = run_scenario(sc, db)
    assert res.verdict == PASS, res.message


def test_cr_601_2h_a_filter_costing_more_than_all_mana_is_left_out(tmp_path, db):
    """CR 601.2h/602.2b: an ability whose mana cost cannot be paid cannot be activated. Three basic lands make
    at most three mana, so a {100} filter never applies: the pool is the lands' {U}{B}{G}."""
    sc = scenario(tmp_path, """
        players: [Alice]
        cards:
          Test Hundred:
            mana_cost: "{0}"
            type_line: Artifact
            abilities:
              - {kind: activated, cost: "{100}", effect: add_mana, params: {any_color: true, amount: 1}, text: pay 100 for one mana of any color}
        battlefield: {Alice: [Forest, Island, Swamp, Test Hundred]}
        ask: {available_mana: Alice}
        expect: {pools: ["{U}{B}{G}"], count: 1}
    """)
    res = run_scenario(sc, db)
    assert res.verdict == PASS, res.message
    assert any("cannot be activated" in line for line in res.answer.explanation)


def test_a_filter_that_can_be_paid_is_still_tried(tmp_path, db):
    """The bound only drops what can never be paid: {1}: one mana of any color with two lands is a filter
    that turns one land's mana into any color (CR 605.3a): pools {G}{W}..{G}{G} and {U}{G}... are all reachable."""
    sc = scenario(tmp_path, """
        players: [Alice]
        cards:
          Test Filter:
            mana_cost: "{0}"
            type_line: Artifact
            abilities:
              - {kind: activated, cost: "{1}", effect: add_mana, params: {any_color: true, amount: 1}, text: pay 1 for one mana of any color}
        battlefield: {Alice: [Forest, Island, Test Filter]}
        ask: {available_mana: Alice}
    """)
    res = run_scenario(sc, db)
    assert res.verdict != ERROR, res.message
    # two lands: either both mana stay ({U}{G}), or one is filtered into any colour (the other kept)
    assert "{U}{G}" in res.answer.values["pools"]
    assert "{U}{R}" in res.answer.values["pools"] and "{R}{G}" in res.answer.values["pools"]
