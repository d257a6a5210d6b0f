"""Mana added to a player other than the ability's controller (``AddMana.to``, models.vocab.mana_effects.MANA_RECIPIENTS).

Expected values come from the cited rules: CR 106.7 (could produce: the types an ability would produce, whoever
receives them), 106.3 (an ability instructs a player to add mana), 115.10a (a chosen player is not a target),
115.1c and 605.1a (a targeted ability is not a mana ability), 102.1 (the active player).
"""
from __future__ import annotations


import pytest

from mtgcheck.models.data.catalog import catalog_ability
from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.vocab.registry import build_effect
from mtgcheck.models.vocab.topics import VocabularyError
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.models.text.mana import parse_add_effect
from mtgcheck.models.text.mana_tail import parse_triggered_add_mana
from mtgcheck.solver.rules.mana.produce import controller_may_receive
from mtgcheck.solver.questions.registry import Unsupported
from mtgcheck.solver.questions.runner import PASS

from .scenario_text import run


@pytest.fixture(scope="module")
def db():
    return load_database(None)


@pytest.mark.parametrize("text,to", [
    ("A player of your choice adds {C}.", "chosen_player"),                       # Victory Chimes
    ("Choose a player. That player adds {G}{G}{G}.", "chosen_player"),            # Valleymaker
    ("Choose a player. That player adds one mana of any color they choose.", "chosen_player"),  # Spectral Searchlight
    ("Each player adds {B}{R}{G}.", "each_player"),                               # Yurlok of Scorch Thrash
    ("Target player adds one mana of any color.", "target_player"),               # The Warring Triad
])
def test_who_adds_is_read_into_a_typed_recipient_cr_106_3(text, to):
    params = parse_add_effect(text)
    eff = build_effect("add_mana", params)
    assert isinstance(eff, AddMana) and eff.to == to


def test_a_chosen_player_is_not_a_target_so_the_ability_is_a_mana_ability_cr_115_10a_605_1a():
    ab = catalog_ability({"kind": "activated", "effect": "add_mana", "cost": "{T}", "params": parse_add_effect("A player of your choice adds {C}.")})
    assert ab.is_mana_ability


def test_target_player_is_a_target_so_not_a_mana_ability_cr_115_1c_605_1a():
    # even written by hand without ``targets``, "target player" makes it targeted
    ab = catalog_ability({"kind": "activated", "effect": "add_mana", "cost": "{T}", "params": {"mana": "{C}", "to": "target_player"}})
    assert ab.effect.targets and not ab.is_mana_ability


def test_that_player_without_a_chosen_player_is_not_read():
    # "that player" with no player named before it: who adds is not known, so the sentence is not read (never a guess)
    with pytest.raises(ValueError):
        parse_add_effect("That player adds {C}.")


def test_the_recipient_makes_the_colour_choice_the_choices_are_the_same_cr_106_7():
    params = parse_add_effect("Choose a player. That player adds two mana of any one color they choose.")
    assert params.get("any_color") is True and params.get("amount") == 2


def test_an_unknown_recipient_is_an_error_naming_the_closest():
    with pytest.raises(VocabularyError, match="chosen_player"):
        build_effect("add_mana", {"mana": "{C}", "to": "chosen_playr"}, "x.yaml")


def test_catalog_spellings_are_read_as_the_controller_or_a_chosen_player():
    assert build_effect("add_mana", {"mana": "{C}", "to": "you"}).to is None
    assert build_effect("add_mana", {"mana": "{C}", "to": "a_player_of_your_choice"}).to == "chosen_player"


def test_a_trigger_choosing_a_player_keeps_the_recipient_cr_603_3():
    got = parse_triggered_add_mana("When this creature enters, choose a player. That player adds two mana of any one "
                                   "color they choose.")
    assert got["output"]["to"] == "chosen_player" and got["output"]["any_color"] is True


def test_the_active_player_receives_only_on_their_own_turn_cr_102_1():
    card = card_from_fields({"name": "T", "type_line": "Artifact", "oracle_text": "", "mana_cost": "{1}"})
    perm = Permanent("p1", card, "Alice", "Alice")
    ab = catalog_ability({"kind": "activated", "effect": "add_mana", "cost": "{T}", "params": {"mana": "{C}", "to": "active_player"}})
    alice = GameState(players=["Alice", "Bob"], active="Alice", battlefield=[perm])
    bob = GameState(players=["Alice", "Bob"], active="Bob", battlefield=[perm])
    assert controller_may_receive(alice, perm, ab) is True
    assert controller_may_receive(bob, perm, ab) is False


def test_the_player_a_trigger_names_is_not_guessed_for_a_pool():
    card = card_from_fields({"name": "T", "type_line": "Artifact", "oracle_text": "", "mana_cost": "{1}"})
    perm = Permanent("p1", card, "Alice", "Alice")
    ab = catalog_ability({"kind": "activated", "effect": "add_mana", "cost": "{T}", "params": {"mana": "{C}", "to": "that_player"}})
    with pytest.raises(Unsupported, match="that_player"):
        controller_may_receive(GameState(players=["Alice", "Bob"], active="Alice", battlefield=[perm]), perm, ab)


CARDS = """
        cards:
          Victory Chimes:
            mana_cost: "{3}"
            type_line: Artifact
            oracle_text: "{T}: A player of your choice adds {C}."
          Yurlok of Scorch Thrash:
            mana_cost: "{1}{B}{R}{G}"
            type_line: Legendary Creature — Lizard Shaman
            power: "4"
            toughness: "4"
            oracle_text: "{1}, {T}: Each player adds {B}{R}{G}."
          The Warring Triad:
            mana_cost: "{3}"
            type_line: Legendary Artifact
            oracle_text: "{T}, Mill a card: Target player adds one mana of any color."
"""


def test_could_produce_counts_mana_for_another_player_cr_106_7(tmp_path, db):
    res = run(tmp_path, db, """
        title: t
        players: [Alice, Bob]""" + CARDS + """
        battlefield: {Bob: [The Warring Triad]}
        ask: {could_produce: The Warring Triad}
        expect: [W, U, B, R, G]
    """)
    assert res.verdict == PASS, res.message


def test_a_player_of_your_choice_pays_for_a_spell_cr_115_10a_605_1a(tmp_path, db):
    # Victory Chimes' {C} and a Forest's {G} pay Grizzly Bears' {1}{G}: Alice chooses herself
    res = run(tmp_path, db, """
        title: t
        players: [Alice, Bob]""" + CARDS + """
        battlefield: {Alice: [Victory Chimes, Forest]}
        hand: {Alice: [Grizzly Bears]}
        ask: {cast: {card: Grizzly Bears, player: Alice}}
        expect: {castable: true}
    """)
    assert res.verdict == PASS, res.message


def test_each_player_adds_includes_the_controller_but_not_the_other_players_pools_cr_106_3_602_2(tmp_path, db):
    # Bob gets {B}{R}{G} too when Alice activates it, but only Alice can activate it: no pool of Bob's has it now
    res = run(tmp_path, db, """
        title: t
        players: [Alice, Bob]""" + CARDS + """
        battlefield: {Alice: [Yurlok of Scorch Thrash, Wastes], Bob: [Forest]}
        ask: {available_mana: Bob}
        expect: {pools: ["{G}"], count: 1}
    """)
    assert res.verdict == PASS, res.message


def test_you_add_after_other_instructions_is_the_controller_cr_106_3():
    # Priest of Forgotten Gods: "You add {B}{B} and draw a card" — the controller adds {B}{B}; drawing is another
    # instruction (a rider), and the ability targets players, so it is not a mana ability (CR 605.1a)
    params = parse_add_effect("Any number of target players each lose 2 life and sacrifice a creature of their choice. "
                              "You add {B}{B} and draw a card.")
    eff = build_effect("add_mana", params)
    assert eff.mana == ("B", "B") and eff.to is None and eff.targets
    assert any("Draw a card" in r.text for r in eff.riders)


def test_and_before_more_mana_is_not_read_as_a_rider():
    # "{C} and one mana of any color" is not another instruction: not split off (and not understood here)
    with pytest.raises(ValueError):
        parse_add_effect("Add {C} and one mana of any color.")


def test_then_add_after_another_instruction_cr_106_3_606_3():
    # Sarkhan Unbroken's +1: "Draw a card, then add one mana of any color" — the controller adds one mana of any
    # colour; drawing is another instruction (a rider), and a loyalty ability is not a mana ability (CR 605.1a)
    params = parse_add_effect("Draw a card, then add one mana of any color.")
    eff = build_effect("add_mana", params)
    assert eff.any_color and eff.to is None and eff.moves_library_card
    assert [r.text for r in eff.riders] == ["Draw a card."]
