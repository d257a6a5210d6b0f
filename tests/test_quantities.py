"""Amounts and conditions read against the game (solver/rules/quantities.py), and the scenario keys they read: the turn
history's counts and card lists, player designations.

Rules: CR 107.1b (a negative result is 0 where an amount is used; comparisons use it as it is), 119 (life), 122.1
(player counters), 202.3 (mana value), 205.2a/205.3i (card types, basic land types), 208 (power), 305.6, 700.4
("dies"), 700.5 (devotion), 724.2 / 725.2 (only one monarch / one player with the initiative), 702.131 (the city's
blessing); Spell Rupture ruling 2013-01-24 (no creatures: the greatest power is 0).
"""
from __future__ import annotations


import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.logic import AllOf, AnyOf, Not
from mtgcheck.models.vocab.conditions import Compare, HasDesignation, SourceMatches
from mtgcheck.models.vocab.amounts import (
    CountOf, DistinctAmong, GreatestAmong, LifeTotal, PlayerCounters, StatOf, Sum, ThisTurn, TotalAmong, VariableX,
)
from mtgcheck.models.vocab.filters import Filter
from mtgcheck.models.vocab.topics import VocabularyError
from mtgcheck.models.data.scenario import ScenarioError
from mtgcheck.solver.rules.quantities import amount_value, condition_holds
from mtgcheck.solver.questions.registry import Unsupported

from .scenario_text import state_of

CREATURES_YOU = Filter(all_of=("Creature",), controller="you", words="creatures you control")
LANDS_OPP = Filter(all_of=("Land",), controller="opponent", words="lands an opponent controls")


@pytest.fixture(scope="module")
def db():
    return load_database(None)


BOARD = """\
    players: [Alice, Bob]
    battlefield:
      Alice: [Llanowar Elves, Grizzly Bears, Serra Angel, Forest, Swamp, Island]
      Bob: [Forest, Island, Birds of Paradise]
    graveyard: {Alice: [Lightning Bolt, Grizzly Bears], Bob: []}
    ask: {could_produce: Forest}
"""


def test_greatest_total_and_count_among_a_filter(tmp_path, db):
    """CR 208: power; "the greatest power among creatures you control" (Serra Angel 4), total 1+2+4."""
    s = state_of(tmp_path, db, BOARD)
    assert amount_value(s, "Alice", GreatestAmong("power", CREATURES_YOU))[0] == 4
    assert amount_value(s, "Alice", TotalAmong("power", CREATURES_YOU))[0] == 7
    assert amount_value(s, "Alice", CountOf(CREATURES_YOU))[0] == 3
    # Bob's view: his one creature, Birds of Paradise (power 0)
    assert amount_value(s, "Bob", GreatestAmong("power", CREATURES_YOU))[0] == 0


def test_greatest_among_none_is_zero_spell_rupture_ruling(tmp_path, db):
    """Spell Rupture ruling 2013-01-24: with no creatures, X is 0."""
    s = state_of(tmp_path, db, """\
        players: [Alice, Bob]
        battlefield: {Alice: [Forest], Bob: []}
        ask: {could_produce: Forest}
    """)
    n, why = amount_value(s, "Alice", GreatestAmong("power", CREATURES_YOU))
    assert n == 0 and "0" in why


def test_distinct_basic_land_types_and_card_types(tmp_path, db):
    """CR 305.6 / 205.3i: basic land types among lands you control (Forest, Swamp, Island: 3); CR 205.2a: card types
    among cards in a graveyard (instant, creature: 2)."""
    s = state_of(tmp_path, db, BOARD)
    lands = Filter(all_of=("Land",), controller="you", words="lands you control")
    assert amount_value(s, "Alice", DistinctAmong("basic_land_type", lands))[0] == 3
    yard = Filter(zone="graveyard", controller="you", words="cards in your graveyard")
    assert amount_value(s, "Alice", DistinctAmong("card_type", yard))[0] == 2
    assert amount_value(s, "Alice", CountOf(Filter(all_of=("Creature",), zone="graveyard", controller="you")))[0] == 1


def test_an_unlisted_zone_is_unknown_not_empty(tmp_path, db):
    """A zone the scenario does not list has unknown contents: unsupported, never 0."""
    s = state_of(tmp_path, db, BOARD)
    with pytest.raises(Unsupported, match="library is not listed"):
        amount_value(s, "Alice", CountOf(Filter(zone="library", controller="you")), text="cards in your library")


def test_stat_of_this_and_cost_chosen_amounts(tmp_path, db):
    """CR 208: the source's own power; X and "the sacrificed creature's power" are chosen with the cost (CR 107.3,
    601.2h): the caller enumerates them, the evaluator never guesses."""
    s = state_of(tmp_path, db, BOARD)
    angel = s.find_permanent("Serra Angel")
    assert amount_value(s, "Alice", StatOf("toughness"), angel)[0] == 4
    assert amount_value(s, "Alice", Sum((StatOf("power"),), plus=1), angel)[0] == 5
    with pytest.raises(Unsupported):
        amount_value(s, "Alice", StatOf("mana_value", "sacrificed"), angel)
    with pytest.raises(Unsupported):
        amount_value(s, "Alice", VariableX(), angel)


def test_turn_history_counts_and_card_lists(tmp_path, db):
    """CR 119.3 life gained, 700.4 "dies": the history records them; a filter reads the cards' characteristics."""
    s = state_of(tmp_path, db, BOARD + """\
    turn:
      history:
        life_gained: {Alice: 3}
        life_lost: {Bob: 2}
        died: {Bob: [Grizzly Bears, Sol Ring]}
    """)
    assert amount_value(s, "Alice", ThisTurn("life_gained"))[0] == 3
    creature_died = Compare(ThisTurn("died", "any", Filter(all_of=("Creature",))), ">=", 1)
    assert condition_holds(s, "Alice", creature_died, None, "if a creature died this turn")[0]
    opp_lost = Compare(ThisTurn("life_lost", "opponent"), ">=", 1)
    assert condition_holds(s, "Alice", opp_lost, None, "if an opponent lost life this turn")[0]
    assert not condition_holds(s, "Bob", opp_lost, None, "if an opponent lost life this turn")[0]


def test_default_turn_nothing_happened_and_says_so(tmp_path, db):
    s = state_of(tmp_path, db, BOARD)
    ok, why = condition_holds(s, "Alice", Compare(ThisTurn("died", "any"), ">=", 1), None, "if a creature died this turn")
    assert not ok and "default turn" in why


def test_compare_per_opponent_an_and_each(tmp_path, db):
    """"if an opponent controls four or more lands" holds for one opponent; "more cards in hand than each opponent"
    must hold against every one (three players)."""
    s = state_of(tmp_path, db, """\
        players: [Alice, Bob, Carol]
        battlefield: {Alice: [Forest], Bob: [Forest, Forest, Forest, Forest], Carol: [Island]}
        hand: {Alice: [Lightning Bolt, Lightning Bolt], Bob: [Lightning Bolt], Carol: [Lightning Bolt, Lightning Bolt]}
        ask: {could_produce: {card: Forest, controller: Alice}}
    """)
    four_lands = Compare(CountOf(LANDS_OPP), ">=", 4)
    assert condition_holds(s, "Alice", four_lands, None, "an opponent controls four or more lands")[0]
    assert not condition_holds(s, "Alice", Compare(CountOf(LANDS_OPP), ">=", 4, "each"), None, "each")[0]
    mine = CountOf(Filter(zone="hand", controller="you"))
    theirs = CountOf(Filter(zone="hand", controller="opponent"))
    assert not condition_holds(s, "Alice", Compare(mine, ">", theirs, "each"), None, "more cards than each opponent")[0]
    assert condition_holds(s, "Alice", Compare(mine, ">", theirs, "an"), None, "more cards than an opponent")[0]


def test_life_counters_and_designations(tmp_path, db):
    """CR 119.1 life, 122.1 counters (energy), 724 the monarch, 702.131 the city's blessing."""
    s = state_of(tmp_path, db, BOARD + """\
    life: {Alice: 27}
    player_counters: {Alice: {energy: 6}}
    designations: {Alice: [monarch, "city's blessing"]}
    """)
    assert amount_value(s, "Alice", LifeTotal())[0] == 27
    assert amount_value(s, "Alice", PlayerCounters("energy"))[0] == 6
    assert condition_holds(s, "Alice", HasDesignation("monarch"), None, "if you're the monarch")[0]
    assert condition_holds(s, "Alice", HasDesignation("city's blessing"), None, "if you have the city's blessing")[0]
    assert not condition_holds(s, "Bob", HasDesignation("monarch"), None, "if you're the monarch")[0]
    assert condition_holds(s, "Bob", HasDesignation("monarch", "opponent"), None, "if an opponent is the monarch")[0]
    assert not condition_holds(s, "Alice", HasDesignation("initiative"), None, "if you have the initiative")[0]


def test_designations_impossible_states_are_errors(tmp_path, db):
    """CR 724.2 / 725.2: only one player is the monarch; an unknown designation names the closest one."""
    with pytest.raises(ScenarioError, match="724.2"):
        state_of(tmp_path, db, BOARD + "    designations: {Alice: [monarch], Bob: [monarch]}\n")
    with pytest.raises(ScenarioError, match="monarch"):
        state_of(tmp_path, db, BOARD + "    designations: {Alice: [monarh]}\n")


def test_all_any_not_and_source_matches(tmp_path, db):
    s = state_of(tmp_path, db, BOARD)
    elves = s.find_permanent("Llanowar Elves")
    has_angel = Compare(CountOf(Filter(all_of=("Angel",), controller="you")), ">=", 1)
    has_dragon = Compare(CountOf(Filter(all_of=("Dragon",), controller="you")), ">=", 1)
    assert condition_holds(s, "Alice", AnyOf((has_dragon, has_angel)), None, "t")[0]
    assert not condition_holds(s, "Alice", AllOf((has_dragon, has_angel)), None, "t")[0]
    assert condition_holds(s, "Alice", Not(has_dragon), None, "t")[0]
    assert condition_holds(s, "Alice", SourceMatches(Filter(all_of=("Creature",))), elves, "this is a creature")[0]


def test_vocabulary_rejects_unknown_words():
    with pytest.raises(VocabularyError):
        StatOf("speed")
    with pytest.raises(VocabularyError):
        ThisTurn("milled")
    with pytest.raises(VocabularyError):
        HasDesignation("queen")


def test_history_unknown_key_names_the_closest(tmp_path, db):
    with pytest.raises(ScenarioError, match="died"):
        state_of(tmp_path, db, BOARD + "    turn: {history: {dyed: {Alice: [Grizzly Bears]}}}\n")


def test_history_activated_names_an_ability_the_permanent_has(tmp_path, db):
    """CR 602.5b "once each turn" counts one ability: a number the permanent does not have is an impossible state,
    an error naming the line and the abilities there are (Sol Ring has one activated ability)."""
    with pytest.raises(ScenarioError, match="ability 3 does not exist"):
        state_of(tmp_path, db, """\
            players: [Alice, Bob]
            battlefield: {Alice: [Sol Ring], Bob: []}
            turn: {history: {activated: [{permanent: Sol Ring, ability: 3}]}}
            ask: {could_produce: Sol Ring}
        """)
    s = state_of(tmp_path, db, """\
        players: [Alice, Bob]
        battlefield: {Alice: [Sol Ring], Bob: []}
        turn: {history: {activated: [{permanent: Sol Ring, ability: 1}]}}
        ask: {could_produce: Sol Ring}
    """)
    assert s.turn.history.activations_of(s.find_permanent("Sol Ring").id, 1) == 1


def test_permanent_activations_name_an_ability_the_permanent_has(tmp_path, db):
    """CR 602.5b "Activate only once": the entry's ``activations`` counts one ability of that permanent; a number it
    does not have is an impossible state, an error naming the line (Sol Ring has one activated ability)."""
    with pytest.raises(ScenarioError, match="activations: Sol Ring has 1 activated ability.*ability 2 does not exist"):
        state_of(tmp_path, db, """\
            players: [Alice, Bob]
            battlefield: {Alice: [{card: Sol Ring, activations: {2: 1}}], Bob: []}
            ask: {could_produce: Sol Ring}
        """)
    s = state_of(tmp_path, db, """\
        players: [Alice, Bob]
        battlefield: {Alice: [{card: Sol Ring, activations: {1: 1}}], Bob: []}
        ask: {could_produce: Sol Ring}
    """)
    assert s.find_permanent("Sol Ring").activations == {1: 1}
