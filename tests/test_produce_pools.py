"""available_mana on big boards: counting by Hall's condition, the dominance filter, budgets (issue: QA #9),
explanations naming only the replacement effects that applied (QA #16), restriction codes.

Expected values come from the rules (CR 106.1a: five colours; CR 605.3a, 106.4 filters; CR 616.1 replacement
order; CR 106.6 restrictions) and from independent brute force over every choice, never from the code tested.
"""
from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtgcheck.models.text.mana as mt
from mtgcheck.models.data.catalog import load_catalog
from tests.boards import board
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.registry import Unsupported
from mtgcheck.solver.rules.mana.pools import _maximal, _SingleManaCount, available_mana, maximal_pools

CAT = load_catalog()


def test_thirty_any_colour_sources_count_multisets_cr_106_1a():
    """CR 106.1a (five colours), 605.3a: 30 City of Brass make one colour each; the maximal pools are the
    multisets of 30 colours, C(30+4, 4) = 46,376; at most ``limit`` are listed."""
    res = maximal_pools(board(["City of Brass"] * 30), "Alice", limit=50)
    assert res.count == math.comb(34, 4) == 46376
    assert len(res.pools) == 50 and res.capped
    assert all(p.count("{") == 30 for p in res.pools)


def test_big_board_counted_without_listing_cr_106_1a():
    """200 City of Brass (any colour) and 100 Tropical Islands ({G} or {U}), CR 305.6: a pool (w, u, b, r, g) of
    300 mana is reachable exactly when w + b + r <= 200 (only the Cities make W, B, R). Counting by s = w + b + r:
    sum over s of C(s+2, 2) ways to split s over W, B, R times (300 - s + 1) ways to split the rest over U, G."""
    expected = sum(math.comb(s + 2, 2) * (300 - s + 1) for s in range(201))
    res = maximal_pools(board(["City of Brass"] * 200 + ["Tropical Island"] * 100), "Alice", limit=10)
    assert res.count == expected
    assert len(res.pools) == 10 and res.capped


def _brute_count(sets: list[frozenset[int]], nkinds: int) -> set[tuple]:
    """Every distinct vector reachable by choosing one kind for each source (every choice tried)."""
    out = set()
    for choice in itertools.product(*[sorted(s) for s in sets]):
        v = [0] * nkinds
        for k in choice:
            v[k] += 1
        out.add(tuple(v))
    return out


@settings(max_examples=80, deadline=None)
@given(st.lists(st.frozensets(st.integers(0, 3), min_size=1, max_size=4), min_size=0, max_size=7))
def test_hall_count_equals_brute_force_property(sets):
    """Max-flow min-cut (Gale/Hall): counting pools of one-mana sources by class totals gives exactly the set of
    pools found by trying every choice of every source."""
    singles: dict[frozenset[int], int] = {}
    for s in sets:
        singles[s] = singles.get(s, 0) + 1
    brute = _brute_count(sets, 4)
    counter = _SingleManaCount(singles)
    assert counter.count() == len(brute)
    assert set(counter.vectors(4)) == brute


@settings(max_examples=80, deadline=None)
@given(st.sets(st.tuples(*[st.integers(0, 3)] * 3), max_size=40))
def test_dominance_filter_equals_pairwise_property(pools):
    """A pool is maximal when no other pool contains it strictly (CR 106.4 pools as multisets): the filter
    agrees with comparing every pair."""
    naive = {p for p in pools if not any(q != p and all(a >= b for a, b in zip(q, p)) for q in pools)}
    assert _maximal(set(pools)) == naive


def test_filters_and_identical_sources_cr_605_3a():
    """CR 605.3a, 106.4: a Forest and two Azorius Signets ({1}, {T}: add {W}{U}). By hand: tap nothing else ->
    {G}; the Forest's {G} pays one Signet -> {W}{U}; its {W} or {U} pays the other -> {W}{U}{U} or {W}{W}{U}.
    {W}{U} is contained in both; {G} is contained in neither, so three maximal pools."""
    pools, _ = available_mana(board(["Forest", "Azorius Signet", "Azorius Signet"]), "Alice")
    assert sorted(pools) == sorted(["{G}", "{W}{W}{U}", "{W}{U}{U}"])


def test_too_large_board_is_unsupported_not_a_hang():
    """Exhaustive or nothing: 100 Signets among 1,000 permanents cannot be enumerated within the budget, so the
    answer is unsupported with the reason (never a guess). CR 605.1a (each Signet's and land's ability is a
    mana ability), 106.4 (the mana they add is what is counted)."""
    names = ["City of Brass", "Tropical Island", "Forest", "Sol Ring", "Azorius Signet"] * 200
    with pytest.raises(Unsupported, match="budget"):
        maximal_pools(board(names, life=1000), "Alice", limit=5)


def test_explanation_names_only_effects_that_applied_cr_616_1():
    """Pale Moon affects nonbasic lands only; Contamination every land (CR 616.1). A Forest's line must not
    mention Pale Moon; the Pool's lines name the effects that replaced the Pool's own mana."""
    s = board(["Reflecting Pool", "Forest", "Contamination"], effects=[("Pale Moon", "Bob", None)])
    res = could_produce(s)
    forest = next(p.id for p in s.battlefield if p.name == "Forest")
    pool = next(p.id for p in s.battlefield if p.name == "Reflecting Pool")
    lines = res.chain(pool, "C")
    assert "Pale Moon" not in lines[-1] and lines[-1].startswith("Forest")
    assert "Reflecting Pool's mana replaced by" in lines[0] and "Pale Moon" in lines[0]
    assert all("Pale Moon" not in line for line in res.chain(forest, "B"))


def test_restriction_codes_keep_the_number_cr_106_6():
    """CR 106.6: a restriction is part of the mana; the mana value threshold must survive in the code."""
    assert mt.slug("Spend this mana only to cast spells with mana value 5 or greater.") == "mana_value_at_least_5"
    assert mt.slug("Spend this mana only to cast spells with mana value 5 or greater or spells with {X} in "
                   "their mana costs.") == "mana_value_at_least_5_or_x"
    assert mt.slug("Spend this mana only to cast creature spells.") == "creature_spell"


def test_identical_permanents_share_sources_but_keep_their_ids_cr_305_6_106_12a():
    """CR 305.6: an untapped Forest taps for {G}; a tapped one cannot (CR 701.26). CR 106.12a / 605.1b: the
    Forest enchanted by Wild Growth adds an additional {G} when tapped for mana. Interchangeable Forests share
    their sources (collapsed before building them); the tapped one and the enchanted one are not collapsed."""
    from mtgcheck.solver.rules.mana.sources import mana_sources

    s = board(["Forest", "Forest", "Forest", "Forest", "Wild Growth"])
    s.battlefield[2].tapped = True
    s.battlefield[4].attached_to = s.battlefield[3].id
    srcs = mana_sources(s, "Alice")
    got = {src.permanent: [str(o) for o in src.options] for src in srcs}
    assert set(got) == {"Forest#1", "Forest#2", "Forest#4"}
    assert got["Forest#1"] == got["Forest#2"] == ["{G}"]
    assert [o.count("{G") for o in got["Forest#4"]] == [2]
