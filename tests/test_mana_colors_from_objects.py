"""Mana colours read from objects — the cards exiled with a permanent (CR 406.6, 607.2a), cards in a
graveyard, any player's permanents, monocolored permanents (CR 105.2, 105.2a, 105.2c) — and Ugin's Labyrinth's "if a
card is exiled with this land" (607.2a).

Expected values come from the cited rules; the boards are small enough to work out by hand.
"""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.conditions import Compare
from mtgcheck.models.vocab.amounts import CountOf
from mtgcheck.models.vocab.registry import build_effect
from mtgcheck.models.data.scenario import ScenarioError, build_state, load_scenarios
from mtgcheck.models.text.conditions import parse_condition
from mtgcheck.models.text.mana import parse_add_effect
from mtgcheck.solver.questions.runner import PASS, UNSUPPORTED, run_scenario


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def run(tmp_path, db, text):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    (sc,) = load_scenarios(p)
    return run_scenario(sc, db)


CARDS = """
        cards:
          Chrome Mox:
            mana_cost: "{0}"
            type_line: Artifact
            oracle_text: "{T}: Add one mana of any of the exiled card's colors."
          The Grey Havens:
            type_line: Legendary Land
            oracle_text: "{T}: Add {C}.\\n{T}: Add one mana of any color among legendary creature cards in your graveyard."
          Tarnation Vista:
            type_line: Land
            oracle_text: "{1}, {T}: For each color among monocolored permanents you control, add one mana of that color."
          Ugin's Labyrinth:
            type_line: Land
            oracle_text: "{T}: Add {C}. If a card is exiled with this land, add {C}{C} instead."
"""


def test_the_exiled_card_is_the_cards_exiled_with_the_source_cr_607_2a():
    eff = build_effect("add_mana", parse_add_effect("Add one mana of any of the exiled card's colors."))
    assert eff.color_among.relation == "exiled_with"


def test_a_card_exiled_with_this_land_is_a_count_of_the_linked_cards_cr_607_2a():
    cond = parse_condition("a card is exiled with this land")
    assert isinstance(cond, Compare) and isinstance(cond.left, CountOf)
    assert cond.left.filter.relation == "exiled_with" and cond.op == ">=" and cond.right == 1


def test_monocolored_is_read_as_a_qualifier_cr_105_2a():
    eff = build_effect("add_mana", parse_add_effect(
        "For each color among monocolored permanents you control, add one mana of that color."))
    assert eff.each_color_among.qualifier.monocolored is True and eff.each_color_among.controller == "you"


def test_a_graveyard_not_listed_is_unsupported_never_guessed(tmp_path, db):
    res = run(tmp_path, db, """
        title: t
        players: [Alice, Bob]""" + CARDS + """
        battlefield: {Alice: [The Grey Havens]}
        ask: {could_produce: The Grey Havens}
    """)
    assert res.verdict == UNSUPPORTED and "graveyard" in res.message


def test_an_imprinted_colourless_card_gives_no_mana_cr_105_2c_106_5(tmp_path, db):
    # Emrakul is colourless: "any of the exiled card's colors" defines no type, so Chrome Mox produces nothing
    res = run(tmp_path, db, """
        title: t
        players: [Alice, Bob]""" + CARDS + """
        battlefield: {Alice: [{card: Chrome Mox, exiled: ["Emrakul, the Aeons Torn"]}]}
        ask: {could_produce: Chrome Mox}
        expect: []
    """)
    assert res.verdict == PASS, res.message


def test_exiled_cards_are_in_their_owners_exile_zone_cr_406_6(tmp_path, db):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent("""
        players: [Alice, Bob]""" + CARDS + """
        battlefield: {Alice: [{card: Chrome Mox, exiled: [Lightning Bolt, {card: Counterspell, owner: Bob}]}]}
        ask: {could_produce: Chrome Mox}
    """), encoding="utf-8")
    (sc,) = load_scenarios(p)
    st = build_state(sc, db)[0]
    assert [c.name for c in st.cards("exile", "Alice")] == ["Lightning Bolt"]
    assert [c.name for c in st.cards("exile", "Bob")] == ["Counterspell"]
    assert [c.name for c in st.battlefield[0].exiled_with] == ["Lightning Bolt", "Counterspell"]


def test_exiled_must_be_a_list_naming_the_line(tmp_path, db):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent("""
        players: [Alice, Bob]""" + CARDS + """
        battlefield: {Alice: [{card: Chrome Mox, exiled: Lightning Bolt}]}
        ask: {could_produce: Chrome Mox}
    """), encoding="utf-8")
    (sc,) = load_scenarios(p)
    with pytest.raises(ScenarioError, match="exiled"):
        build_state(sc, db)


def test_two_moxes_with_different_cards_exiled_are_not_interchangeable_cr_607_2a(tmp_path, db):
    # one Mox reads Lightning Bolt (red), the other Counterspell (blue): {U}{R} only
    res = run(tmp_path, db, """
        title: t
        players: [Alice, Bob]""" + CARDS + """
        battlefield: {Alice: [{card: Chrome Mox, exiled: [Lightning Bolt]}, {card: Chrome Mox, exiled: [Counterspell]}]}
        ask: {available_mana: Alice}
        expect: {pools: ["{U}{R}"], count: 1}
    """)
    assert res.verdict == PASS, res.message


def test_a_multicolored_permanent_adds_no_colour_to_tarnation_vista_cr_105_2a(tmp_path, db):
    # Sen Triplets is white, blue and black: not monocolored; Llanowar Elves is green; the Forest pays {1}
    res = run(tmp_path, db, """
        title: t
        players: [Alice, Bob]""" + CARDS + """
          Sen Triplets:
            mana_cost: "{2}{W}{U}{B}"
            type_line: Legendary Artifact Creature — Human Wizard
            power: "3"
            toughness: "3"
            oracle_text: ""
        battlefield: {Alice: [Tarnation Vista, Sen Triplets, {card: Llanowar Elves, sick: true}, Forest]}
        ask: {available_mana: Alice}
        expect: {pools: ["{G}"], count: 1}
    """)
    assert res.verdict == PASS, res.message


def test_ugins_labyrinth_instead_reads_the_linked_card_cr_607_2a(tmp_path, db):
    res = run(tmp_path, db, """
        title: t
        players: [Alice, Bob]""" + CARDS + """
        battlefield: {Alice: [{card: "Ugin's Labyrinth", exiled: ["Emrakul, the Aeons Torn"]}]}
        ask: {available_mana: Alice}
        expect: {pools: ["{C}{C}"], count: 1}
    """)
    assert res.verdict == PASS, res.message
