"""Payments with filters (mana abilities with a mana input) against an independent brute force written here.

Rules: CR 605.3a and 601.2g (mana abilities are activated while paying, one after another: a filter's input is
paid with mana already in the pool, never with its own output), 106.4 (mana stays in the pool until spent),
107.4 (what each symbol accepts: hybrid 107.4e, Phyrexian 107.4f), 107.5 (a {T} used once), 119.4 (life paid
at most the life total; 0 life always), 601.2b (the announced nonhybrid equivalent, a filter's hybrid input
included), 118.3c (activating more is the same payment plus waste: payments are irredundant).

The brute force tries every use of every permanent, every announcement of every symbol, and every order of
the filter activations, paying each filter's input with one unit of the pool at that moment.
"""
from __future__ import annotations

import itertools
from functools import lru_cache

from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.solver.rules.payment import count_payments, count_payments_enumerated, find_payment, plain_count

DB = load_database()

# What each card's mana abilities do, written from the cards independently of our models:
# a list of uses, each (input requirement or None, output units); a unit is a mana type letter.
USES = {
    "Forest": [(None, "G")], "Island": [(None, "U")], "Mountain": [(None, "R")], "Plains": [(None, "W")],
    "Swamp": [(None, "B")],
    "City of Brass": [(None, c) for c in "WUBRG"],
    "Azorius Signet": [("1", "WU")],                         # {1}, {T}: Add {W}{U}.
    "Fire-Lit Thicket": [(None, "C")] + [(inp, out) for inp in "RG" for out in ("RR", "RG", "GG")],  # {R/G}, {T}
}
SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{W/U}", "{2/R}", "{G/P}"]


def symbol_ways(sym: str) -> list[tuple[tuple[str, ...], int]]:
    """Ways to pay one symbol (CR 107.4): (unit requirements, life)."""
    t = sym.strip("{}")
    if t.isdigit():
        return [(("1",) * int(t), 0)]
    if "/" not in t:
        return [((t,), 0)]
    a, b = t.split("/")
    if b == "P":
        return [((a,), 0), ((), 2)]
    if a.isdigit():
        return [((b,), 0), (("1",) * int(a), 0)]
    return [((a,), 0), ((b,), 0)]


def pays(unit: str, req: str) -> bool:
    return req == "1" or unit == req


@lru_cache(maxsize=None)
def can_pay(pool: tuple[str, ...], reqs: tuple[str, ...]) -> bool:
    """Backtracking matching of units to requirements (exact)."""
    if not reqs:
        return True
    if len(pool) < len(reqs):
        return False
    r = reqs[0]
    for j, u in enumerate(pool):
        if (j == 0 or pool[j - 1] != u) and pays(u, r) and can_pay(pool[:j] + pool[j + 1:], reqs[1:]):
            return True
    return False


@lru_cache(maxsize=None)
def some_order_pays(pool: tuple[str, ...], filters: tuple[tuple[str, str], ...], reqs: tuple[str, ...]) -> bool:
    """Some order of the filter activations works: each takes one unit of the pool paying its input and
    adds its output; at the end the pool pays ``reqs``."""
    if not filters:
        return can_pay(pool, reqs)
    for i, (inp, out) in enumerate(filters):
        rest = filters[:i] + filters[i + 1:]
        for j, u in enumerate(pool):
            if (j == 0 or pool[j - 1] != u) and pays(u, inp):
                new = tuple(sorted(pool[:j] + pool[j + 1:] + tuple(out)))
                if some_order_pays(new, rest, reqs):
                    return True
    return False


def feasible(perms, pick, reqs) -> bool:
    pool: list[str] = []
    filters = []
    for n, o in zip(perms, pick):
        if o is None:
            continue
        inp, out = USES[n][o]
        if inp is None:
            pool.extend(out)
        else:
            filters.append((inp, out))
    return some_order_pays(tuple(sorted(pool)), tuple(sorted(filters)), tuple(sorted(reqs, key=lambda r: r == "1")))


def brute_force_count(perms: list[str], cost: str, life_total: int) -> int:
    """Irredundant payments told apart per permanent and per symbol."""
    syms = [str(s) for s in ManaCost.parse(cost).symbols] if cost else []
    per_perm = [[None] + list(range(len(USES[n]))) for n in perms]
    total = 0
    for ways in itertools.product(*[symbol_ways(s) for s in syms]):
        reqs = tuple(r for w in ways for r in w[0])
        life = sum(w[1] for w in ways)
        if life > 0 and life > life_total:  # CR 119.4
            continue
        for pick in itertools.product(*per_perm):
            if not feasible(perms, pick, reqs):
                continue
            if any(o is not None and feasible(perms, pick[:k] + (None,) + pick[k + 1:], reqs)
                   for k, o in enumerate(pick)):
                continue  # redundant: the same announced cost is paid without this use
            total += 1
    return total


def make_state(perms: list[str], life: int = 20) -> GameState:
    s = GameState(players=["A", "B"], active="A")
    for i, n in enumerate(perms):
        s.battlefield.append(Permanent(id=f"p{i}", card=DB.get(n), controller="A", owner="A"))
    s.life["A"] = life
    return s


def test_filter_chain_needs_an_order_found_by_search_cr_605_3a():
    """Two Thickets paid with the plain Forests' green, then both Signets paid with the Thickets' red:
    the only orders that pay {2}{W}{U}{B}{R}{G} with every source activate a Thicket before each Signet.
    Regression: an earlier order search skipped an order whose set of filters had been tried in another
    order (and so missed payments of this board)."""
    perms = ["Azorius Signet", "Azorius Signet", "Fire-Lit Thicket", "Fire-Lit Thicket", "Swamp",
             "Forest", "Forest", "Forest"]
    cost = "{2}{W}{U}{B}{R}{G}"
    state = make_state(perms)
    expected = brute_force_count(perms, cost, 20)
    got = count_payments(state, "A", cost)
    assert got[1] == expected
    assert got == count_payments_enumerated(state, "A", cost)


perm_lists = st.lists(st.sampled_from(sorted(USES)), min_size=1, max_size=5).filter(
    lambda ps: any(USES[p][-1][0] is not None for p in ps))  # at least one filter
costs = st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(perm_lists, costs, st.integers(min_value=0, max_value=4))
def test_counts_with_filters_match_brute_force_cr_601_2g(perms, cost, life):
    """CR 601.2b, 601.2g-h, 605.3a, 119.4: with filters on the board, the counted individual payments equal
    the brute force over every use, announcement and activation order; the listing and the plain
    encoding agree."""
    state = make_state(perms, life)
    expected = brute_force_count(perms, cost, life)
    got = count_payments(state, "A", cost)
    assert got[1] == expected
    assert got == count_payments_enumerated(state, "A", cost)
    assert plain_count(state, "A", cost) == expected
    assert (find_payment(state, "A", cost) is not None) == (expected > 0)  # the witness search agrees


def test_a_filter_land_tapped_for_colorless_can_pay_a_signet_cr_605_3a():
    """CR 601.2g, 605.3a: Fire-Lit Thicket's {T}: Add {C} pays Azorius Signet's {1}, and the Signet's
    {W}{U} pays {2}: one payment. Regression: the witness search pruned it because the Thicket also has
    a filter ability, so its plain {C} was not awaited before the filter-order check."""
    perms = ["Azorius Signet", "Fire-Lit Thicket"]
    state = make_state(perms, 0)
    for cost in ("{1}{1}", "{W}{U}", "{1}{W}"):
        assert brute_force_count(perms, cost, 0) == 1
        assert count_payments(state, "A", cost) == (1, 1)
        assert count_payments_enumerated(state, "A", cost) == (1, 1)
        assert find_payment(state, "A", cost) is not None
