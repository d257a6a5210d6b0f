"""Mana notation: symbols, costs, mana value, pools (CR 106, 107.3, 107.4, 202.3)."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from mtgcheck.models.game.mana import COLORS, ManaCost, ManaError, ManaPool, color_order, parse_cost, parse_symbol


@pytest.mark.parametrize("text", [
    "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{0}", "{20}", "{X}", "{Y}", "{Z}", "{W/U}", "{2/W}", "{W/P}",
    "{W/U/P}", "{C/W}", "{S}", "{T}", "{Q}", "{X}{X}{R}", "{2}{W/U}{B/P}", "{1}{G}{G/W}{W}",
])
def test_cr_107_4_every_symbol_kind_parses_and_round_trips(text):
    assert str(ManaCost.parse(text)) == text


@pytest.mark.parametrize("bad", ["{K}", "{W/U/B}", "2{W}", "{W}x", "{}", "{W/Q}"])
def test_malformed_mana_strings_are_errors_naming_the_text(bad):
    with pytest.raises(ManaError) as e:
        ManaCost.parse(bad)
    assert "{" in str(e.value) or "'" in str(e.value)


@pytest.mark.parametrize("cost,mv", [
    ("{7}{U}", 8),            # Treasure Cruise
    ("{2/W}{2/U}{2/B}{2/R}{2/G}", 10),  # Reaper King: largest component of each, CR 202.3f
    ("{1}{B/P}{B/P}", 3),     # Dismember: Phyrexian counts 1, CR 202.3g
    ("{1}{G/W}{G/W}", 3),     # Kitchen Finks
    ("{X}{X}{R}", 1),         # X is 0 off the stack, CR 107.3i
    ("{3}{C}", 4),
    ("{0}", 0),
])
def test_cr_202_3_mana_value(cost, mv):
    assert ManaCost.parse(cost).mana_value() == mv


def test_cr_202_3e_x_counts_on_the_stack():
    assert ManaCost.parse("{X}{X}{R}").mana_value(x=3) == 7


def test_cr_202_1b_no_mana_cost_differs_from_zero():
    assert parse_cost("") is None and parse_cost(None) is None
    zero = parse_cost("{0}")
    assert zero is not None and zero.mana_value() == 0


@pytest.mark.parametrize("colors,printed", [
    ("GW", ("G", "W")), ("WB", ("W", "B")), ("RW", ("R", "W")), ("GU", ("G", "U")),
    ("WUB", ("W", "U", "B")), ("GWU", ("G", "W", "U")), ("RGW", ("R", "G", "W")),
    ("WBG", ("W", "B", "G")), ("URW", ("U", "R", "W")), ("BGU", ("B", "G", "U")), ("RWB", ("R", "W", "B")), ("GUR", ("G", "U", "R")),
    ("UBRG", ("U", "B", "R", "G")), ("WUBR", ("W", "U", "B", "R")), ("WUBRG", COLORS),
])
def test_color_order_as_printed_on_cards(colors, printed):
    """Allied pairs/shards clockwise; enemy pairs/wedges by steps of two (e.g. Siege Rhino {1}{W}{B}{G}, Mantis Rider {U}{R}{W})."""
    assert color_order(frozenset(colors)) == printed


def test_canonical_order_sums_generic_and_orders_colors():
    assert str(ManaCost.parse("{G}{W}{B}{1}{1}").canonical()) == "{2}{W}{B}{G}"
    assert str(ManaCost.parse("{R}{X}{2}").canonical()) == "{X}{2}{R}"
    assert str(ManaCost.parse("{C}{3}").canonical()) == "{3}{C}"


def test_cr_107_4f_phyrexian_options_include_two_life():
    assert ("2life",) in parse_symbol("W/P").options()
    assert set(parse_symbol("W/U/P").options()) == {("W",), ("U",), ("2life",)}
    assert set(parse_symbol("2/W").options()) == {("1", "1"), ("W",)}
    assert set(parse_symbol("C/W").options()) == {("C",), ("W",)}


def test_cr_106_1_pool_canonical_notation():
    pool = ManaPool.parse("{C}{R}{W}{R}")
    assert str(pool) == "{W}{R}{R}{C}"
    assert pool.by_type() == {"W": 1, "R": 2, "C": 1}
    with pytest.raises(ManaError):
        ManaPool.parse("{2}")  # generic is not a type of mana (CR 106.1)


symbols = st.sampled_from(["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{2}", "{X}", "{W/U}", "{2/G}", "{B/P}", "{G/U/P}", "{C/R}", "{S}"])


@given(st.lists(symbols, max_size=8))
def test_property_parse_format_round_trip_and_canonical_is_stable(parts):
    text = "".join(parts)
    cost = ManaCost.parse(text)
    assert str(cost) == text
    canon = cost.canonical()
    assert canon.canonical() == canon
    assert canon.mana_value() == cost.mana_value()
    assert canon.colors == cost.colors


def test_cr_106_1_pool_with_restrictions_round_trips():
    """CR 106.1 types; restricted mana (CR 106.4a riders) written {G:creature_spell}: what ``format_pool``
    prints, ``ManaPool.parse`` reads back."""
    from mtgcheck.models.game.mana import Mana, format_pool

    pool = ManaPool.parse("{g:creature_spell}{C}{G}{W}")
    assert pool.counts == {Mana("G", "creature_spell"): 1, Mana("G"): 1, Mana("W"): 1, Mana("C"): 1}
    assert format_pool(pool) == "{W}{G}{G:creature_spell}{C}"
    assert ManaPool.parse(format_pool(pool)) == pool
    for bad in ("{2:artifact}", "{G:}", "{G:x}y", "x{G}"):
        with pytest.raises(ManaError):
            ManaPool.parse(bad)


kinds = st.sampled_from([("W", None), ("G", None), ("G", "creature_spell"), ("C", None), ("C", "artifact"), ("R", "mana_value_at_least_4")])


@given(st.lists(kinds, max_size=8))
def test_property_pool_format_parse_round_trip(units):
    """CR 106.4: a pool is a multiset of mana; its notation determines it."""
    from mtgcheck.models.game.mana import Mana

    pool = ManaPool.of(Mana(t, r) for t, r in units)
    assert ManaPool.parse(str(pool)) == pool
    assert str(ManaPool.parse(str(pool))) == str(pool)
