"""available_mana with many different filter lands, checked against brute force.

The reference below knows nothing of ``solver.rules.mana.sources``: each permanent is a list of alternatives
(input options, outputs) written here, and every sequence of activations is simulated — each unit used at
most once (CR 107.5), a filter's input paid from mana already in the pool (CR 605.3a, 106.4), mana made
staying in the pool. The maximal pools (no other reachable pool contains them strictly) must be exactly
what ``maximal_pools`` lists, whether the filters' order can matter or not.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from mtgcheck.models.data.catalog import card_from_model
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.solver.rules.mana.pools import maximal_pools

ORDER = "WUBRGC"
PAIRS = ["WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU"]  # the ten two-colour filter lands


def filter_land(pair: str):
    """{T}: Add {C}; {X/Y}, {T}: Add {X}{X}, {X}{Y} or {Y}{Y} (the Shadowmoor/Eventide filter lands)."""
    x, y = pair
    card = card_from_model({"name": f"Filter {pair}", "type_line": "Land", "abilities": [
        {"kind": "activated", "cost": "{T}", "effect": "add_mana", "params": {"mana": "{C}"}, "text": "tap: C"},
        {"kind": "activated", "cost": f"{{{x}/{y}}}, {{T}}", "effect": "add_mana",
         "params": {"options": [f"{{{x}}}{{{x}}}", f"{{{x}}}{{{y}}}", f"{{{y}}}{{{y}}}"]}, "text": "filter"}]})
    alts = [([()], [("C",)]), ([(x,), (y,)], [(x, x), (x, y), (y, y)])]
    return card, alts


def signet(pair: str):
    """{1}, {T}: Add {X}{Y} (a Signet)."""
    x, y = pair
    card = card_from_model({"name": f"Signet {pair}", "type_line": "Artifact", "abilities": [
        {"kind": "activated", "cost": "{1}, {T}", "effect": "add_mana", "params": {"mana": f"{{{x}}}{{{y}}}"},
         "text": "signet"}]})
    return card, [([(t,) for t in ORDER], [(x, y)])]


def basic(t: str):
    names = dict(W="Plains", U="Island", B="Swamp", R="Mountain", G="Forest")
    card = card_from_model({"name": f"Basic {names[t]}", "type_line": "Land", "abilities": [
        {"kind": "activated", "cost": "{T}", "effect": "add_mana", "params": {"mana": "{" + t + "}"}, "text": "tap"}]})
    return card, [([()], [(t,)])]


def brute_force(units: list) -> set[str]:
    """Every maximal pool, by simulating every order of activations with every payment and output."""
    reached: set[tuple[int, ...]] = set()
    seen: set[tuple] = set()

    def go(pool: tuple[int, ...], unused: frozenset) -> None:
        if (pool, unused) in seen:
            return
        seen.add((pool, unused))
        reached.add(pool)
        for i in unused:
            for inputs, outputs in units[i]:
                for inp in inputs:
                    p = list(pool)
                    ok = True
                    for t in inp:
                        k = ORDER.index(t)
                        if p[k] == 0:
                            ok = False
                            break
                        p[k] -= 1
                    if not ok:
                        continue
                    for out in outputs:
                        q = list(p)
                        for t in out:
                            q[ORDER.index(t)] += 1
                        go(tuple(q), unused - {i})

    go((0,) * len(ORDER), frozenset(range(len(units))))
    maximal = {p for p in reached if not any(q != p and all(a >= b for a, b in zip(q, p)) for q in reached)}
    return {"".join("{" + t + "}" * 1 for t in ORDER for _ in range(p[ORDER.index(t)])) for p in maximal}


def board(makers: list) -> tuple[GameState, list]:
    s = GameState(players=["Alice", "Bob"], active="Alice")
    units = []
    for n, (card, alts) in enumerate(makers):
        s.battlefield.append(Permanent(f"p{n}", card, "Alice", "Alice"))
        units.append(alts)
    return s, units


def _boards():
    rng = random.Random(20261201)
    out = []
    for _ in range(24):
        makers = [filter_land(rng.choice(PAIRS)) for _ in range(rng.randint(1, 3))]
        makers += [basic(rng.choice("WUBRG")) for _ in range(rng.randint(0, 4))]
        if rng.random() < 0.3:
            makers.append(signet(rng.choice(PAIRS)))
        out.append(makers)
    # the order matters: the only blue comes from another filter's output
    out.append([filter_land("WU"), filter_land("UB"), basic("W")])
    return out


@pytest.mark.parametrize("makers", _boards())
def test_filter_pools_equal_brute_force_cr_605_3a(makers):
    """Maximal pools with filters equal every simulated activation order (CR 605.3a, 106.4, 107.5)."""
    s, units = board(makers)
    got = maximal_pools(s, "Alice", limit=None)
    assert set(got.pools) == brute_force(units)
    assert got.count == len(got.pools)


@pytest.mark.parametrize("pairs,basics", [("WU UB", "WUUB"), ("RG GW", "RGGWC"), ("WU WU UB", "WWUUUB")])
def test_order_free_filters_equal_brute_force_cr_605_3a(pairs, basics):
    """When the basics can pay every filter's input at once, the pools are combined without orders; the
    result still equals every simulated order (CR 605.3a, 106.4)."""
    makers = [filter_land(p) for p in pairs.split()] + [basic(t) for t in basics if t != "C"]
    s, units = board(makers)
    got = maximal_pools(s, "Alice", limit=None)
    assert any("order of activations does not matter" in line for line in got.why)
    assert set(got.pools) == brute_force(units)


def test_ten_different_filter_lands_order_free_cr_605_3a():
    """Ten different filter lands and twenty basics (four of each colour): each filter's input can be paid
    from the basics whatever the others do, so every combination counts; checked on the pool totals:
    every maximal pool has 20 + 10 mana (each filter land nets one mana either way, CR 605.3a)."""
    makers = [filter_land(p) for p in PAIRS] + [basic(t) for t in "WUBRG" * 4]
    s, _ = board(makers)
    got = maximal_pools(s, "Alice", limit=5)
    assert got.count > 0
    assert all(sum(Counter(ch for ch in p if ch in ORDER).values()) == 30 for p in got.pools)


def test_the_maximal_effects_of_a_filter_are_those_no_other_contains():
    """The effects kept for a filter unit are exactly the vectors no other vector contains (componentwise), whatever
    their totals: the grouping by total that makes it linear loses none and keeps no contained one."""
    import itertools
    import random

    from mtgcheck.solver.rules.mana.pools import _maximal_deltas

    rng = random.Random(5)
    for _ in range(200):
        vecs = {tuple(rng.randint(-2, 2) for _ in range(3)) for _ in range(rng.randint(1, 12))}
        brute = {d for d in vecs if not any(e != d and all(x >= y for x, y in zip(e, d)) for e in vecs)}
        assert set(_maximal_deltas(vecs)) == brute
    same_total = {v for v in itertools.product(range(3), repeat=3) if sum(v) == 3}
    assert set(_maximal_deltas(same_total)) == same_total
