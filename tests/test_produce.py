"""could_produce (CR 106.7), replacement effects in every order, triggered mana and available_mana.

Every expected value comes from the rules or the dated rulings named in each test.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcheck.models.data.catalog import load_catalog
from tests.boards import board
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.rules.mana.sources import mana_sources
from mtgcheck.solver.rules.mana.pools import available_mana

CAT = load_catalog()


def types_of(state, name, controller="Alice"):
    res = could_produce(state)
    pid = next(p.id for p in state.battlefield if p.name == name and p.controller == controller)
    return "".join(t for t in "WUBRGC" if t in res.types[pid])


def test_two_reflecting_pools_alone_produce_nothing_ruling_2008_05_01():
    """Reflecting Pool ruling 2008-05-01: multiple Reflecting Pools won't help each other."""
    assert types_of(board(["Reflecting Pool", "Reflecting Pool"]), "Reflecting Pool") == ""


def test_pool_reflecting_exotic_orchard_gets_opponents_colours():
    """CR 106.7; Exotic Orchard ruling 2009-02-01; Reflecting Pool ruling 2008-05-01."""
    s = board(["Reflecting Pool", "Exotic Orchard"], ["Island", "Mountain"])
    assert types_of(s, "Reflecting Pool") == "UR"


def test_exotic_orchard_official_chain_ruling_2009_02_01():
    """Exotic Orchard ruling 2009-02-01: Forest + Orchard vs Orchard + Pool: all of them can make {G}."""
    s = board(["Forest", "Exotic Orchard"], ["Exotic Orchard", "Reflecting Pool"])
    assert types_of(s, "Exotic Orchard", "Alice") == "G"
    assert types_of(s, "Exotic Orchard", "Bob") == "G"
    assert types_of(s, "Reflecting Pool", "Bob") == "G"
    s2 = board(["Exotic Orchard"], ["Exotic Orchard", "Reflecting Pool"])
    assert all(not v for v in could_produce(s2).types.values())


def test_costs_are_ignored_vivid_crag_ruling_2008_05_01():
    """Reflecting Pool ruling 2008-05-01: Vivid Crag's counter cost and tapped state don't matter."""
    s = board(["Reflecting Pool", "Vivid Crag"])
    s.battlefield[1].tapped = True
    assert types_of(s, "Reflecting Pool") == "WUBRG"


def test_filter_cost_ignored_for_could_produce():
    """CR 106.7 (ignore whether costs could be paid): Azorius Signet's {1} cost does not matter."""
    assert types_of(board(["Azorius Signet"]), "Azorius Signet") == "WU"


def test_restrictions_not_copied_ruling_2008_05_01():
    """Reflecting Pool ruling 2008-05-01: restrictions/riders (Ancient Ziggurat) are not copied."""
    s = board(["Reflecting Pool", "Ancient Ziggurat"])
    srcs = {x.name: x for x in mana_sources(s, "Alice")}
    assert all(m.restriction is None for o in srcs["Reflecting Pool"].options for m in o.mana)
    assert all(m.restriction == "creature_spell" for o in srcs["Ancient Ziggurat"].options for m in o.mana)


def test_colour_reflectors_never_make_colorless_ruling_2009_02_01():
    """Exotic Orchard ruling 2009-02-01 / Fellwar Stone 2009-10-01: never colorless mana."""
    assert types_of(board(["Exotic Orchard"], ["Wastes"]), "Exotic Orchard") == ""
    assert types_of(board(["Fellwar Stone"], ["Wastes", "Swamp"]), "Fellwar Stone") == "B"
    assert types_of(board(["Naga Vitalist", "Wastes"]), "Naga Vitalist") == "C"  # type reflector: CR 106.1b


def test_replacement_order_matters_cr_106_7():
    """CR 106.7 'in any possible order', 616.1: Contamination then Pale Moon gives {C}; the reverse {B}."""
    s = board(["Tropical Island", "Contamination"], effects=[("Pale Moon", "Alice", None)])
    assert types_of(s, "Tropical Island") == "BC"
    # Each alone gives one type
    assert types_of(board(["Tropical Island", "Contamination"]), "Tropical Island") == "B"
    assert types_of(board(["Tropical Island"], effects=[("Pale Moon", "Bob", None)]), "Tropical Island") == "C"


def test_mana_reflection_and_contamination_amounts_ruling_2008_05_01():
    """Mana Reflection ruling 2008-05-01: Reflection then Contamination = {B}; the reverse = {B}{B}."""
    s = board(["Forest", "Mana Reflection", "Contamination"])
    src = mana_sources(s, "Alice")[0]
    assert sorted(str(o) for o in src.options) == ["{B}", "{B}{B}"]
    pools, _ = available_mana(s, "Alice")
    assert pools == ["{B}{B}"]


def test_triggered_mana_not_part_of_could_produce_cr_106_12a():
    """CR 106.12a; Kinnan ruling 2020-04-17: the extra mana is produced by the trigger's source."""
    s = board(["Forest", "Mana Flare"])
    assert types_of(s, "Forest") == "G"
    assert available_mana(s, "Alice")[0] == ["{G}{G}"]


def test_heartbeat_one_type_of_those_produced_ruling_2020_08_07():
    """Heartbeat of Spring ruling 2020-08-07: one type that was produced, no restriction."""
    pools, _ = available_mana(board(["Tropical Island", "Heartbeat of Spring"]), "Alice")
    assert sorted(pools) == ["{G}{G}", "{U}{U}"]


def test_blood_moon_dependency_on_urborg_cr_613_8():
    """CR 613.8a, 305.7: Blood Moon removes Urborg's ability, so a Forest stays only a Forest."""
    assert types_of(board(["Forest", "Urborg, Tomb of Yawgmoth"]), "Forest") == "BG"
    assert types_of(board(["Forest", "Urborg, Tomb of Yawgmoth", "Blood Moon"]), "Forest") == "G"
    assert types_of(board(["Tropical Island", "Blood Moon"]), "Tropical Island") == "R"


def test_filter_paid_from_other_mana_cr_605_3a():
    """CR 605.3a, 106.4: Forest pays Azorius Signet's {1}: maximal pools {G} and {W}{U}."""
    pools, _ = available_mana(board(["Forest", "Azorius Signet"]), "Alice")
    assert sorted(pools) == ["{G}", "{W}{U}"]


def test_identical_sources_collapsed_count_is_multisets_cr_106_1a():
    """Three any-colour lands: C(5+3-1, 3) = 35 distinct pools (multisets of three colours)."""
    pools, why = available_mana(board(["Ancient Ziggurat"] * 3), "Alice")
    assert len(pools) == 35
    assert any("collapsed" in w for w in why)


LANDS = ["Forest", "Island", "Swamp", "Mountain", "Plains", "Wastes", "Tropical Island", "Exotic Orchard",
         "Reflecting Pool", "Vivid Crag", "Ancient Ziggurat", "Eldrazi Temple", "Cavern of Souls"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(LANDS), max_size=6), st.lists(st.sampled_from(LANDS), max_size=4),
       st.sampled_from(LANDS), st.sampled_from(["Alice", "Bob"]))
def test_adding_a_land_never_removes_a_type_property(mine, theirs, extra, who):
    """Without replacement effects, could-produce is monotone (least fixpoint of monotone rules, CR 106.7):
    adding a land never removes a type a Reflecting Pool could produce."""
    s1 = board(["Reflecting Pool"] + mine, theirs)
    before = types_of(s1, "Reflecting Pool")
    s2 = board(["Reflecting Pool"] + mine + ([extra] if who == "Alice" else []), theirs + ([extra] if who == "Bob" else []))
    after = types_of(s2, "Reflecting Pool")
    assert set(before) <= set(after)
