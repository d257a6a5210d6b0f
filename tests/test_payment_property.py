"""Property tests for the payment search, against an independent brute-force checker written here.

Rules checked: CR 107.4 (what each symbol accepts: coloured, {C} colorless only 107.4c, {S} snow
only 107.4h, generic anything 107.4b, hybrid 107.4e, Phyrexian mana or 2 life 107.4f), 119.4 (life
paid at most the life total), 107.5 (a permanent's {T} used once), 601.2b (announced nonhybrid
equivalent), 601.2g-h.
"""
from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.solver.rules.payment import best_payment, count_payments, iter_payments, plain_count

DB = load_database()
# What each card's {T} can add, written independently of the card models: list of options, each a
# list of (type, snow) units.
ANY = [[(c, False)] for c in "WUBRG"]
PRODUCES = {
    "Forest": [[("G", False)]], "Island": [[("U", False)]], "Mountain": [[("R", False)]],
    "Plains": [[("W", False)]], "Swamp": [[("B", False)]], "Snow-Covered Forest": [[("G", True)]],
    "City of Brass": ANY, "Sol Ring": [[("C", False), ("C", False)]], "Llanowar Elves": [[("G", False)]],
}
SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{S}", "{W/U}", "{G/W}", "{2/R}", "{B/P}", "{G/P}"]


def symbol_ways(sym: str) -> list[tuple[list[str], int]]:
    """Ways to pay one symbol: (unit requirements, life), from CR 107.4 directly."""
    t = sym.strip("{}")
    if t.isdigit():
        return [(["1"] * int(t), 0)]
    if "/" not in t:
        return [([t], 0)]
    a, b = t.split("/")
    if b == "P":
        return [([a], 0), ([], 2)]
    if a.isdigit():
        return [([b], 0), (["1"] * int(a), 0)]
    return [([a], 0), ([b], 0)]


def unit_pays(unit, req) -> bool:
    typ, snow = unit
    if req == "1":
        return True
    if req == "S":
        return snow
    return typ == req


def can_pay(units: list, reqs: list[str]) -> bool:
    """Backtracking matching of mana units to requirements (exact, tiny sizes)."""
    if len(units) < len(reqs):
        return False
    reqs = sorted(reqs, key=lambda r: r == "1")  # specific first; still exhaustive below

    def rec(i: int, used: frozenset) -> bool:
        if i == len(reqs):
            return True
        for j, u in enumerate(units):
            if j not in used and unit_pays(u, reqs[i]) and rec(i + 1, used | {j}):
                return True
        return False

    return rec(0, frozenset())


def brute_force(perms: list[str], cost: str, life_total: int) -> list[tuple]:
    """Every irredundant payment, told apart per permanent and per symbol."""
    syms = [str(s) for s in ManaCost.parse(cost).symbols] if cost else []
    out = []
    per_perm = [[None] + list(range(len(PRODUCES[n]))) for n in perms]
    for ways in itertools.product(*[symbol_ways(s) for s in syms]):
        reqs = [r for w in ways for r in w[0]]
        life = sum(w[1] for w in ways)
        if life > 0 and life > life_total:
            continue
        for pick in itertools.product(*per_perm):
            units = [u for n, o in zip(perms, pick) if o is not None for u in PRODUCES[n][o]]
            if not can_pay(units, reqs):
                continue
            redundant = False
            for k, o in enumerate(pick):
                if o is None:
                    continue
                rest = [u for i, (n, q) in enumerate(zip(perms, pick)) if q is not None and i != k for u in PRODUCES[n][q]]
                if can_pay(rest, reqs):
                    redundant = True
                    break
            if not redundant:
                out.append((ways, pick, life))
    return out


def make_state(perms: list[str], life: int) -> GameState:
    s = GameState(players=["A", "B"], active="A")
    for i, n in enumerate(perms):
        s.battlefield.append(Permanent(id=f"p{i}", card=DB.get(n), controller="A", owner="A"))
    s.life["A"] = life
    return s


def check_payment(perms: list[str], cost: str, life_total: int, pay) -> None:
    """Independent check that a returned payment really pays (CR 107.4, 119.4, 107.5)."""
    ids_of = {f"p{i}": n for i, n in enumerate(perms)}
    used_per_group: Counter = Counter()
    units = []
    for u in pay.uses:
        assert u.kind == "mana_ability"
        assert all(ids_of[i] == u.name for i in u.ids), "a use names permanents of another card"
        used_per_group[u.ids] += u.count
        produced = [(m, False) for m in ManaCost.parse(u.mana).symbols]
        opts = PRODUCES[u.name]
        mana = sorted(s.text for s, _ in produced)
        match = [o for o in opts if sorted(t for t, _ in o) == mana]
        assert match, f"{u.name} cannot add {u.mana}"
        units.extend(match[0] * u.count)
    for ids, n in used_per_group.items():
        assert n <= len(ids), "a permanent's {T} used more than once (CR 107.5)"
    assert pay.life <= max(life_total, 0) or pay.life == 0, "paid more life than the life total (CR 119.4)"
    syms = [str(s) for s in ManaCost.parse(cost).symbols] if cost else []
    ok = False
    for ways in itertools.product(*[symbol_ways(s) for s in syms]):
        reqs = [r for w in ways for r in w[0]]
        life = sum(w[1] for w in ways)
        if life == pay.life and can_pay(units, reqs):
            ok = True
            break
    assert ok, f"payment {pay.describe()} does not pay {cost}"


perm_lists = st.lists(st.sampled_from(sorted(PRODUCES)), min_size=0, max_size=5)
costs = st.lists(st.sampled_from(SYMBOLS), min_size=0, max_size=4).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perm_lists, costs, st.integers(min_value=0, max_value=5))
def test_every_payment_really_pays_and_counts_match_brute_force(perms, cost, life):
    """CR 107.4, 119.4, 107.5, 601.2b: each payment checked independently; the individual count equals an
    independent brute-force enumeration and the plain python-constraint encoding."""
    state = make_state(perms, life)
    pays = list(iter_payments(state, "A", cost))
    for p in pays:
        check_payment(perms, cost, life, p)
    brute = brute_force(perms, cost, life)
    n, individual = count_payments(state, "A", cost)
    assert n == len(pays)
    assert individual == len(brute)
    assert plain_count(state, "A", cost) == len(brute)
    assert (n > 0) == (len(brute) > 0)


@settings(max_examples=40, deadline=None)
@given(perm_lists, costs, st.integers(min_value=0, max_value=6))
def test_best_payment_by_life_is_never_beaten(perms, cost, life):
    """CR 107.4f, 601.2b: the best payment by life pays no more life than any enumerated payment,
    and the best by sources uses no more permanents than any other."""
    state = make_state(perms, life)
    pays = list(iter_payments(state, "A", cost))
    best = best_payment(pays, "life")
    if not pays:
        assert best is None
        return
    assert all(best.life <= p.life for p in pays)
    # independent: the least life among brute-force payments
    assert best.life == min(b[2] for b in brute_force(perms, cost, life))
    fewest = best_payment(pays, "sources")
    assert all(fewest.sources <= p.sources for p in pays)
