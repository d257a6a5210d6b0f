"""Mana amounts: mana abilities whose output depends on the state (docs/mana.md, solver/rules/mana/amounts.py).

Expected values come from the cited rules and rulings, worked out by hand on small boards.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.game.state import Permanent
from mtgcheck.models.text.filters import parse_amount, parse_color_sources
from mtgcheck.models.text.conditions import parse_condition
from mtgcheck.models.vocab.amounts import CountersRemoved, PowerOf
from mtgcheck.models.vocab.conditions import HasCounter
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.registry import Unsupported
from mtgcheck.solver.rules.mana.pools import maximal_pools
from tests.boards import board


def _with(state, index: int, **kw):
    p = state.battlefield[index]
    for k, v in kw.items():
        setattr(p, k, v)
    return p


def test_wording_of_the_class_is_read_into_typed_amounts():
    """CR 118.3 ("for each storage counter removed this way": the counters removed to pay the cost); CR 208.3
    ("Marwyn's power" reads "this's power" once the name is replaced); Gemstone Caverns' condition; colours."""
    assert parse_amount("storage counter removed this way") == CountersRemoved("storage")
    assert parse_amount("this's power") == PowerOf()
    assert parse_condition("this has a luck counter on it") == HasCounter("luck")
    f = parse_color_sources("legendary creatures and planeswalkers you control")
    assert f.all_of == ("Legendary",) and f.any_of == ("Creature", "Planeswalker") and f.controller == "you"
    assert parse_color_sources("this creature").relation == "this"
    # "monocolored permanents you control" is read as a colour class (CR 105.2a; Tarnation Vista)
    assert parse_color_sources("monocolored permanents you control").qualifier.monocolored is True
    with pytest.raises(ValueError):
        parse_color_sources("the top card of your library")  # not modelled: stays Unmodelled


def test_incubation_druid_reflects_and_triples_with_a_counter():
    """Incubation Druid oracle and CR 106.7: one mana of a type a land could produce; with a +1/+1 counter three
    of that type (one type, not a mix)."""
    s = board(["Incubation Druid", "Forest", "Island"])
    assert could_produce(s).types["Incubation Druid#1"] == frozenset({"G", "U"})
    _with(s, 0, counters={"+1/+1": 1})
    _with(s, 1, tapped=True)
    _with(s, 2, tapped=True)
    assert sorted(maximal_pools(s, "Alice").pools) == ["{G}{G}{G}", "{U}{U}{U}"]


def test_reflector_gets_nothing_from_a_source_that_would_add_zero():
    """CR 106.7: "If that permanent wouldn't produce any mana under these conditions ... there's no type of mana it
    could produce" — Gaea's Cradle with no creature, seen by Reflecting Pool."""
    s = board(["Reflecting Pool", "Gaea's Cradle"])
    assert could_produce(s).types["Reflecting Pool#1"] == frozenset()
    s = board(["Reflecting Pool", "Gaea's Cradle", "Llanowar Elves"])
    assert could_produce(s).types["Reflecting Pool#1"] == frozenset({"G"})


def test_storage_land_types_ignore_the_cost_and_x_is_bounded_by_the_counters():
    """CR 106.7 (costs ignored: Calciform Pools with no counter could produce {W}/{U}; Exotic Orchard ruling
    2009-02-01); CR 107.3a, 118.3: X is at most the counters on it, and one activation takes them all — with three
    counters and a Plains the most mana is four (the {1} is paid from the land's own {C} or the Plains)."""
    s = board(["Calciform Pools"])
    assert could_produce(s).types["Calciform Pools#1"] == frozenset({"W", "U", "C"})
    s = board(["Calciform Pools", "Plains"])
    _with(s, 0, counters={"storage": 3})
    pools = maximal_pools(s, "Alice").pools
    assert pools and all(len(p) // 3 == 4 for p in pools)  # "{W}" is three characters: four mana each
    assert "{W}{W}{W}{W}" in pools and "{U}{U}{U}{C}" in pools


def test_mage_ring_network_any_number_of_counters():
    """Mage-Ring Network oracle: {T}, remove any number of storage counters: {C} for each removed (CR 118.3)."""
    s = board(["Mage-Ring Network"])
    _with(s, 0, counters={"storage": 2})
    assert maximal_pools(s, "Alice").pools == ["{C}{C}"]


def test_power_counts_its_counters_and_other_power_changes_are_unsupported():
    """CR 208.3, 613.4c, 122.1a: Marwyn's power with two +1/+1 counters is 3; Viridian Joiner with a -1/-1 counter
    is 0 and adds no mana (CR 106.7). Glorious Anthem (layer 7c) is not modelled: unsupported naming it."""
    s = board(["Marwyn, the Nurturer"])
    _with(s, 0, counters={"+1/+1": 2})
    assert maximal_pools(s, "Alice").pools == ["{G}{G}{G}"]
    s = board(["Viridian Joiner"])
    _with(s, 0, counters={"-1/-1": 1})
    assert could_produce(s).types["Viridian Joiner#1"] == frozenset()
    with pytest.raises(Unsupported, match="Glorious Anthem"):
        maximal_pools(board(["Viridian Joiner", "Glorious Anthem"]), "Alice")


def test_colours_among_permanents():
    """CR 105.2, 105.2c (colourless is not a colour): Meteor Crater sees its controller's coloured permanents only;
    Mox Amber only legendary creatures and planeswalkers (Hope of Ghirapur is colourless); Faeburrow Elder one of
    each colour."""
    s = board(["Meteor Crater", "Llanowar Elves", "Sol Ring"], ["Goblin Guide"])
    assert could_produce(s).types["Meteor Crater#1"] == frozenset({"G"})
    s = board(["Mox Amber", "Hope of Ghirapur", "Llanowar Elves"])
    assert could_produce(s).types["Mox Amber#1"] == frozenset()
    s = board(["Faeburrow Elder", "Isamaru, Hound of Konda", "Goblin Guide"])
    assert maximal_pools(s, "Alice").pools == ["{W}{R}{G}"]


def test_a_colour_change_not_modelled_makes_colour_outputs_unsupported():
    """CR 105.3, 613.1e (layer 5): Painter's Servant's colour is not modelled, so Mox Amber's answer is unsupported
    naming it, never the printed colours."""
    s = board(["Mox Amber", "Isamaru, Hound of Konda", "Painter's Servant"])
    with pytest.raises(Unsupported, match="Painter's Servant"):
        could_produce(s)


def test_real_cards_read_as_the_catalog_models(real_db):
    """The same answers from the Oracle text of the 32k file (CR 106.7; Incubation Druid, Gemstone Caverns and
    Mage-Ring Network oracles)."""
    from mtgcheck.models.game.state import GameState

    def st(*cards, counters=None):
        s = GameState(players=["Alice", "Bob"], active="Alice")
        for i, name in enumerate(cards):
            s.battlefield.append(Permanent(f"p{i}", real_db.get(name), "Alice", "Alice",
                                           counters=dict((counters or {}).get(i, {}))))
        return s

    assert could_produce(st("Incubation Druid", "Forest", "Island")).types["p0"] == frozenset({"G", "U"})
    assert could_produce(st("Gemstone Caverns", counters={0: {"luck": 1}})).types["p0"] == frozenset("WUBRG")
    assert could_produce(st("Gemstone Caverns")).types["p0"] == frozenset({"C"})
    assert maximal_pools(st("Mage-Ring Network", counters={0: {"storage": 3}}), "Alice").pools == ["{C}{C}{C}"]
    assert maximal_pools(st("Faeburrow Elder", "Isamaru, Hound of Konda"), "Alice").pools == ["{W}{G}"]
