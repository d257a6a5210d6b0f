"""A spell's own cost change with a typed condition or amount ("This spell costs {3} less to cast if a creature died
this turn", "If an opponent controls seven or more lands, ...", "for each green creature you control", "{X} less,
where X is your devotion to black"), parsed from real oracle text and applied by ``solver.rules.costs`` (CR 601.2f; 118.7a
generic only, never below {0}; 118.7b-d a coloured reduction; 601.2a the spell is on the stack while its cost is
determined). Expected totals come from the cards' printed costs and the rules."""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.cost_effects import SelfCostChange
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.text.oracle import parse_abilities

from .probe_boards import ask


def _cost(db, bf, q, **extra):
    return ask(db, bf, {"cast": q}, **extra).values


def _spell(text: str, cost: str = "{3}{B}", type_line: str = "Sorcery"):
    card = card_from_fields({"name": "Test Spell", "mana_cost": cost, "type_line": type_line, "oracle_text": text})
    return parse_abilities(card)[0].effect


def test_creature_died_this_turn_bone_picker_cr_601_2f_700_4(real_db):
    """Bone Picker ({3}{B}): {3} less if a creature died this turn — any player's creature (CR 700.4)."""
    bf = {"Alice": ["Swamp"]}
    died = {"step": "postcombat_main", "history": {"died": {"Bob": ["Grizzly Bears"]}}}
    v = _cost(real_db, bf, {"card": "Bone Picker"}, turn=died)
    assert v["castable"] is True and v["total_cost"] == "{B}"
    v = _cost(real_db, bf, {"card": "Bone Picker"}, turn={"step": "postcombat_main"})
    assert v["castable"] is False and v["total_cost"] == "{3}{B}"


def test_opponent_controls_seven_lands_avatar_of_fury_cr_601_2f(real_db):
    """Avatar of Fury ({6}{R}{R}): "If an opponent controls seven or more lands" — seven yes, six no."""
    v = _cost(real_db, {"Alice": ["Mountain"], "Bob": [{"card": "Forest", "count": 7}]}, {"card": "Avatar of Fury"})
    assert v["total_cost"] == "{R}{R}"
    v = _cost(real_db, {"Alice": ["Mountain"], "Bob": [{"card": "Forest", "count": 6}]}, {"card": "Avatar of Fury"})
    assert v["total_cost"] == "{6}{R}{R}"


def test_coloured_amount_for_each_khalni_hydra_cr_118_7b(real_db):
    """Khalni Hydra ({G}x8): {G} less for each green creature you control — each removes a {G} (CR 118.7b); Bob's
    green creature does not count ("you control")."""
    bf = {"Alice": ["Llanowar Elves", "Grizzly Bears"], "Bob": ["Llanowar Elves"]}
    assert _cost(real_db, bf, {"card": "Khalni Hydra"})["total_cost"] == "{G}{G}{G}{G}{G}{G}"


def test_where_x_is_devotion_never_below_zero_cr_118_7a_700_5(real_db):
    """Drag to the Underworld ({2}{B}{B}): {X} less where X is your devotion to black; a reduction of generic mana
    never touches {B}{B} (CR 118.7a): devotion 4 still leaves {B}{B}."""
    bf = {"Alice": ["Vampire Nighthawk", "Vampire Nighthawk"], "Bob": ["Grizzly Bears"]}
    assert _cost(real_db, bf, {"card": "Drag to the Underworld"})["total_cost"] == "{B}{B}"
    assert _cost(real_db, {"Alice": ["Swamp"], "Bob": ["Grizzly Bears"]},
                 {"card": "Drag to the Underworld"})["total_cost"] == "{2}{B}{B}"


def test_cards_drawn_this_turn_deem_inferior_cr_121_1(real_db):
    """Deem Inferior ({3}{U}): {1} less for each card you've drawn this turn (the turn history; none by default)."""
    bf = {"Alice": ["Island"], "Bob": ["Grizzly Bears"]}
    assert _cost(real_db, bf, {"card": "Deem Inferior"})["total_cost"] == "{3}{U}"
    turn = {"history": {"cards_drawn": {"Alice": 2, "Bob": 5}}}
    assert _cost(real_db, bf, {"card": "Deem Inferior"}, turn=turn)["total_cost"] == "{1}{U}"


def test_spell_cast_from_graveyard_is_not_among_its_cards_cr_601_2a():
    """A spell cast from a graveyard is on the stack while its total cost is determined (CR 601.2a, 601.2f): the state
    its own cost change reads no longer has the card in that graveyard; the question's state is unchanged."""
    from mtgcheck.models.game.state import CardInstance, GameState
    from mtgcheck.solver.rules.costs import on_the_stack

    card = card_from_fields({"name": "Test Spell", "mana_cost": "{3}", "type_line": "Sorcery", "oracle_text": ""})
    other = card_from_fields({"name": "Other", "mana_cost": "{1}", "type_line": "Sorcery", "oracle_text": ""})
    st = GameState(["Alice", "Bob"], "Alice")
    st.zones["graveyard"]["Alice"] = [CardInstance("c1", card, "Alice"), CardInstance("c2", other, "Alice")]
    view = on_the_stack(st, "Alice", card, "graveyard")
    assert [ci.card.name for ci in view.cards("graveyard", "Alice")] == ["Other"]
    assert len(st.cards("graveyard", "Alice")) == 2  # the question's state is unchanged


@pytest.mark.parametrize("text", [
    "This spell costs {2} less to cast if it's bargained.",  # how it is cast (CR 702.166b): not the board
    "This spell costs {1} less to cast for each +1/+1 counter on this.",  # its own counters: it is on the stack
    "This spell costs {1} less to cast for each electrical socket in a wall or floor you can see from your seat.",
])
def test_parts_about_the_spell_itself_or_not_read_stay_unmodelled_cr_601_2a(text):
    """A reading is kept only when every part speaks of the board, the players or the turn (CR 601.2a, 601.2f)."""
    e = _spell(text)
    assert not (isinstance(e, SelfCostChange) and e.count is None and (e.per is not None or e.condition is not None))


def test_typed_reading_has_condition_or_amount_cr_601_2f():
    """The typed reading names what it reads: a condition once, an amount per unit."""
    e = _spell("This spell costs {3} less to cast if a creature died this turn.")
    assert isinstance(e, SelfCostChange) and e.condition is not None and e.per is None and e.amount == "{3}"
    e = _spell("This spell costs {X} less to cast, where X is your devotion to black.")
    assert isinstance(e, SelfCostChange) and e.per is not None and e.amount == "{1}"
    e = _spell("If an opponent controls seven or more lands, this spell costs {6} less to cast.")
    assert isinstance(e, SelfCostChange) and e.condition is not None and not isinstance(e, Unmodelled)


def test_creatures_that_died_this_turn_any_player_cr_700_4(real_db):
    """Blood for the Blood God! ({8}{B}{B}{R}): {1} less for each creature that died this turn, whoever controlled it."""
    turn = {"step": "postcombat_main", "history": {"died": {"Alice": ["Grizzly Bears"], "Bob": ["Serra Angel"]}}}
    v = _cost(real_db, {"Alice": ["Swamp"]}, {"card": "Blood for the Blood God!"}, turn=turn)
    assert v["total_cost"] == "{6}{B}{B}{R}"


def test_instant_and_sorcery_spells_you_cast_coloured_reduction_demilich_cr_601_2i_118_7b(real_db):
    """Demilich ({U}{U}{U}{U}): {U} less for each instant and sorcery spell you've cast this turn — a creature spell
    does not count, nor does an opponent's instant."""
    turn = {"history": {"cast": {"Alice": ["Opt", "Grizzly Bears"], "Bob": ["Lightning Bolt"]}}}
    assert _cost(real_db, {"Alice": ["Island"]}, {"card": "Demilich"}, turn=turn)["total_cost"] == "{U}{U}{U}"


def test_life_total_or_less_avatar_of_hope_cr_119_1(real_db):
    """Avatar of Hope ({6}{W}{W}): "If you have 3 or less life": 3 yes, 4 no."""
    assert _cost(real_db, {"Alice": ["Plains"]}, {"card": "Avatar of Hope"}, life={"Alice": 3})["total_cost"] == "{W}{W}"
    assert _cost(real_db, {"Alice": ["Plains"]}, {"card": "Avatar of Hope"}, life={"Alice": 4})["total_cost"] == "{6}{W}{W}"


def test_an_opponent_has_no_cards_in_hand_avatar_of_will_cr_601_2f(real_db):
    """Avatar of Will ({6}{U}{U}): "If an opponent has no cards in hand" — Bob's listed empty hand yes, a card no."""
    bf = {"Alice": ["Island"]}
    v = _cost(real_db, bf, {"card": "Avatar of Will"}, hand={"Alice": ["Avatar of Will"], "Bob": []})
    assert v["total_cost"] == "{U}{U}"
    v = _cost(real_db, bf, {"card": "Avatar of Will"}, hand={"Alice": ["Avatar of Will"], "Bob": ["Opt"]})
    assert v["total_cost"] == "{6}{U}{U}"


def test_card_types_among_cards_in_graveyard_emrakul_cr_205_2a(real_db):
    """Emrakul, the Promised End ({13}): {1} less for each card type among cards in your graveyard: an artifact
    creature card counts two types (artifact, creature), a second instant none more."""
    v = _cost(real_db, {"Alice": ["Island"]}, {"card": "Emrakul, the Promised End"},
              graveyard={"Alice": ["Ornithopter", "Opt", "Lightning Bolt"]})
    assert v["total_cost"] == "{10}"
