"""Benchmark of the payment search. Run: ``python benchmarks/bench_payment.py``.

* castable or not: a five-colour cost with X against 40 sources (10 filters, 10 any-colour, 20 basic);
* the count of payments against 20 sources (0, 2 or 5 filters, any-colour, basic), counted by kind totals
  (``--slow`` also times the previous count by listing every payment, on the boards without filters);
* Treasure Cruise with 20 distinct and 60 graveyard cards (delve counted, listing capped at 50);
* hard real costs: Progenitus {W}{W}{U}{U}{B}{B}{R}{R}{G}{G} and Cruel Ultimatum
  {U}{U}{B}{B}{B}{R}{R} on the same 40-source board and on 100 sources (25/25/50), an unpayable cost on
  180 sources (45/45/90: {171}{W}{W}{U}{U}{B}{B}{R}{R}{G}{G} is one mana more than the board can make,
  every filter netting one), an unpayable colour mix on 40 sources ({W}x12 {U}x12 {B}x10: each colour
  alone fits, together they do not), and growth at 10 / 100 / 1,000 permanents; min / median / max of
  ``--repeat`` runs (default 5) after one warm-up call;
* the plain python-constraint encoding (one variable per permanent and per symbol, one constraint
  checked on complete assignments) against ours (collapsed groups, bound pruning, ordering), on the
  same question in one run, with the ratio.

Figures are recorded in docs/payment.md.
"""
from __future__ import annotations

import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtgcheck.models.data.database import load_database  # noqa: E402
from mtgcheck.models.game.mana import ManaCost  # noqa: E402
from mtgcheck.models.game.state import CardInstance, GameState, Permanent  # noqa: E402
from mtgcheck.solver.rules.payment import count_payments, count_payments_enumerated, find_payment, iter_payments, plain_count  # noqa: E402

DB = load_database()
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def board(filters: int, anys: int, basics: int) -> GameState:
    names = []
    names += ["Azorius Signet" if i % 2 == 0 else "Fire-Lit Thicket" for i in range(filters)]
    names += ["City of Brass" if i % 2 == 0 else "Birds of Paradise" for i in range(anys)]
    names += [BASICS[i % 5] for i in range(basics)]
    s = GameState(players=["A", "B"], active="A")
    for i, n in enumerate(names):
        s.battlefield.append(Permanent(id=f"{n}#{i}", card=DB.get(n), controller="A", owner="A"))
    return s


def timed(fn, repeat: int = 5):
    best = None
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return out, best


def spread(fn, repeat: int) -> tuple[object, list[float]]:
    """(result, seconds of each of ``repeat`` runs) after one warm-up run."""
    out = fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return out, times


def hard(repeat: int) -> None:
    """The issue-14 rows: real costs that blew the search up, min / median / max in ms."""
    progenitus = "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}"
    cruel = "{U}{U}{B}{B}{B}{R}{R}"
    rows = [("Progenitus, 40 sources", board(10, 10, 20), progenitus),
            ("Cruel Ultimatum, 40 sources", board(10, 10, 20), cruel),
            ("Progenitus, 100 sources", board(25, 25, 50), progenitus),
            ("Cruel Ultimatum, 100 sources", board(25, 25, 50), cruel),
            ("unpayable (one mana short), 180 sources", board(45, 45, 90), "{171}" + progenitus),
            ("unpayable colour mix, 40 sources", board(10, 10, 20), "{W}" * 12 + "{U}" * 12 + "{B}" * 10)]
    for n in (10, 100, 1000):
        rows.append((f"growth: Progenitus, {n} permanents", board(n // 4, n // 4, n - 2 * (n // 4)), progenitus))
        rows.append((f"growth: unpayable, {n} permanents", board(n // 4, n // 4, n - 2 * (n // 4)),
                     "{%d}{W}{U}{B}{R}{G}" % (n - 4)))
    for name, s, cost in rows:
        c = ManaCost.parse(cost)
        pay, ts = spread(lambda: find_payment(s, "A", c), repeat)
        ms = [t * 1000 for t in ts]
        print(f"{name}, {cost if len(cost) < 40 else cost[:37] + '...'}: {'payable' if pay is not None else 'not payable'}; "
              f"min {min(ms):.1f} / median {statistics.median(ms):.1f} / max {max(ms):.1f} ms")


def main() -> None:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    hard(repeat)
    if "--hard" in sys.argv:
        return
    s40 = board(10, 10, 20)
    for x in (5, 20, 40):
        cost = ManaCost.parse("{X}{W}{U}{B}{R}{G}").with_x(x)
        pay, dt = timed(lambda: find_payment(s40, "A", cost))
        print(f"40 sources, castable {cost}: {pay is not None} in {dt * 1000:.1f} ms")
    for f, a, b in ((0, 10, 10), (2, 8, 10), (5, 5, 10)):
        s20 = board(f, a, b)
        for x in (0, 2):
            cost = ManaCost.parse("{X}{W}{U}{B}{R}{G}").with_x(x)
            (n, ind), dt = timed(lambda: count_payments(s20, "A", cost), repeat=1)
            line = (f"20 sources ({f} filters, {a} any-colour, {b} basic), count {cost}: {n} collapsed "
                    f"({ind} individual) in {dt * 1000:.0f} ms")
            if "--slow" in sys.argv and not f:
                (n2, ind2), dt2 = timed(lambda: count_payments_enumerated(s20, "A", cost), repeat=1)
                assert (n2, ind2) == (n, ind)
                line += f"; by listing (before) {dt2 * 1000:.0f} ms"
            print(line)
    # delve: Treasure Cruise {7}{U}, one Island, graveyards of distinct / repeated names
    names = [c for c in ("Forest", "Plains", "Mountain", "Swamp", "Island", "Opt", "Goblin Guide", "Dismember",
                         "Kitchen Finks", "Reaper King", "Sol Ring", "City of Brass", "Birds of Paradise",
                         "Llanowar Elves", "Wastes", "Eldrazi Temple", "Cavern of Souls", "Endless One",
                         "Celestial Dawn", "Chromatic Orrery")]
    cruise = DB.get("Treasure Cruise")
    for gy in (names, [names[i % 20] for i in range(60)]):
        s = GameState(players=["A", "B"], active="A")
        s.battlefield.append(Permanent(id="i", card=DB.get("Island"), controller="A", owner="A"))
        for i, n in enumerate(gy):
            s.zones["graveyard"]["A"].append(CardInstance(f"g{i}", DB.get(n), "A"))
        (n, ind), dt = timed(lambda: count_payments(s, "A", "{7}{U}", spell_card=cruise), repeat=3)
        first, dt1 = timed(lambda: list(itertools.islice(iter_payments(s, "A", "{7}{U}", spell_card=cruise), 50)), repeat=3)
        print(f"Treasure Cruise, {len(gy)} graveyard cards ({len(set(gy))} names): count {n} collapsed ({ind} individual) "
              f"in {dt * 1000:.0f} ms; first 50 listed in {dt1 * 1000:.0f} ms")
    # plain vs ours, same question, one run
    small = board(1, 3, 6)
    cost = ManaCost.parse("{X}{W}{U}{B}{R}{G}").with_x(1)
    (n, ind), t_ours = timed(lambda: count_payments(small, "A", cost), repeat=1)
    plain, t_plain = timed(lambda: plain_count(small, "A", cost), repeat=1)
    assert plain == ind, (plain, ind)
    print(f"10 sources (1 filter, 3 any-colour, 6 basic), count {cost}: plain encoding {plain} payments in {t_plain * 1000:.0f} ms; "
          f"ours {n} collapsed = {ind} individual in {t_ours * 1000:.0f} ms; ratio {t_plain / t_ours:.1f}x")


if __name__ == "__main__":
    main()
