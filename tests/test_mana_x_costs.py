"""Mana abilities whose amount is an X chosen as the cost is paid, in available_mana (CR 107.3a, 601.2b, 605.3a):
{X} in the ability's own mana cost (Wizard's Rockets), X permanents sacrificed (Springjack Pasture) or tapped (Hazel
of the Rootbloom); real cards of the 32k file (skipped when absent) and a brute force. Expected pools come from the
rules named, never from running the engine."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcheck.models.text.activation_costs import parse_activation_cost
from mtgcheck.models.data.scenario import parse_scenario
from mtgcheck.solver.questions.registry import Unsupported
from mtgcheck.solver.questions.runner import answer_scenario
from tests.probe_boards import ask

ORDER = "WUBRGC"
LAND = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest", "C": "Wastes"}


def _text(c: Counter) -> str:
    return "".join("{" + t + "}" for t in ORDER for _ in range(c[t]))


def _maximal(pools: set[tuple]) -> set[str]:
    cs = [Counter(dict(p)) for p in pools]
    keep = set()
    for a in cs:
        if not any(b != a and all(b[k] >= n for k, n in a.items()) for b in cs):
            keep.add(_text(a))
    return keep


def rockets_brute_force(lands: list[str]) -> set[str]:
    """Every pool: the lands' mana, then Rockets activated or not, with X any number paid with any X of that mana and
    made into any X colours (CR 107.3a, 601.2b, 605.3a); the maximal ones."""
    base = Counter(lands)
    pools = {tuple(sorted(base.items()))}
    for x in range(1, sum(base.values()) + 1):
        for paid in set(itertools.combinations(sorted(base.elements()), x)):
            left = base - Counter(paid)
            for made in itertools.combinations_with_replacement("WUBRG", x):
                pools.add(tuple(sorted((left + Counter(made)).items())))
    return _maximal(pools)


def test_x_parts_are_read_cr_107_3a():
    (tap,) = [p for p in parse_activation_cost("{T}, Pay 2 life, Tap X untapped tokens you control").parts
              if p.action == "tap_untapped"]
    assert tap.x and tap.amount == 0
    (sac,) = parse_activation_cost("{T}, Sacrifice X Goats").parts
    assert sac.x and sac.action == "sacrifice"


def test_brute_force_itself():
    """The brute force on a board worked out by hand: Forest and Wastes (20 pools: any two colours, or {C} and one)."""
    got = rockets_brute_force(["G", "C"])
    assert len(got) == 20 and "{G}{C}" in got and "{C}{C}" not in got


@settings(max_examples=8, deadline=None)
@given(st.lists(st.sampled_from(ORDER), min_size=0, max_size=3))
def test_rockets_against_brute_force_cr_107_3a(catalog_db, lands):
    """Wizard's Rockets: X paid with other mana, made into X mana of any colours; every maximal pool (CR 605.3a)."""
    cards = {"Wizard's Rockets": {"mana_cost": "{1}", "type_line": "Artifact", "oracle_text":
                                  "{X}, {T}, Sacrifice this artifact: Add X mana in any combination of colors."}}
    sc = parse_scenario({"players": ["Alice", "Bob"], "cards": cards,
                         "battlefield": {"Alice": ["Wizard's Rockets"] + [LAND[t] for t in lands]},
                         "ask": {"available_mana": "Alice"}}, "<test>")
    got = answer_scenario(sc, catalog_db, {"limit": 10_000}).values
    want = rockets_brute_force(lands)
    assert set(got["pools"]) == want and got["count"] == len(want)


def test_springjack_pasture_cr_107_3a(real_db):
    """Two Goats sacrificed for two mana of one colour, or the Pasture's {C} (its {T} once, CR 107.5)."""
    got = ask(real_db, {"Alice": ["Springjack Pasture", "Mountain Goat", "Mountain Goat"]}, {"available_mana": "Alice"})
    assert set(got.values["pools"]) == {"{W}{W}", "{U}{U}", "{B}{B}", "{R}{R}", "{G}{G}", "{C}"}
    got = ask(real_db, {"Alice": ["Springjack Pasture"]}, {"available_mana": "Alice"})
    assert got.values["pools"] == ["{C}"]


def test_x_objects_with_their_own_mana_stay_unsupported(real_db):
    """Tapping X creatures that could tap for their own mana: which ones is a choice the pools don't enumerate, so the
    answer says so (never a guess). Hazel with no tokens: X is 0 (CR 111.1), the Forest's {G} alone."""
    got = ask(real_db, {"Alice": ["Hazel of the Rootbloom", "Forest"]}, {"available_mana": "Alice"})
    assert got.values["pools"] == ["{G}"]
    cards = {"Tapper": {"mana_cost": "{G}", "type_line": "Creature — Elf", "oracle_text":
                        "{T}, Tap X untapped creatures you control: Add X mana of any one color."}}
    sc = parse_scenario({"players": ["Alice", "Bob"], "cards": cards,
                         "battlefield": {"Alice": ["Tapper", "Llanowar Elves"]}, "ask": {"available_mana": "Alice"}},
                        "<test>")
    with pytest.raises(Unsupported, match="Llanowar Elves could tap for its own mana"):
        answer_scenario(sc, real_db)
