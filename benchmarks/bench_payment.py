"""Benchmark of the payment search (issue #4). Run: ``python benchmarks/bench_payment.py``.

* castable or not: a five-colour cost with X against 40 sources (10 filters, 10 any-colour, 20 basic);
* the count of payments against 20 sources (5 filters, 5 any-colour, 10 basic);
* the plain python-constraint encoding (one variable per permanent and per symbol, one constraint
  checked on complete assignments) against ours (collapsed groups, bound pruning, ordering), on the
  same question in one run, with the ratio.

Figures are recorded in docs/payment.md.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from models.database import load_database  # noqa: E402
from models.mana import ManaCost  # noqa: E402
from models.state import GameState, Permanent  # noqa: E402
from solver.payment import count_payments, find_payment, plain_count  # noqa: E402

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


def main() -> None:
    s40 = board(10, 10, 20)
    for x in (5, 20, 40):
        cost = ManaCost.parse("{X}{W}{U}{B}{R}{G}").with_x(x)
        pay, dt = timed(lambda: find_payment(s40, "A", cost))
        print(f"40 sources, castable {cost}: {pay is not None} in {dt * 1000:.1f} ms")
    for f, a, b in ((0, 10, 10), (2, 8, 10), (5, 5, 10)):
        s20 = board(f, a, b)
        for x in (0, 2):
            cost = ManaCost.parse("{X}{W}{U}{B}{R}{G}").with_x(x)
            if (f >= 5 or f and x) and "--slow" not in sys.argv:
                print(f"20 sources ({f} filters, {a} any-colour, {b} basic), count {cost}: skipped (minutes; run with --slow)")
                continue
            (n, ind), dt = timed(lambda: count_payments(s20, "A", cost), repeat=1)
            print(f"20 sources ({f} filters, {a} any-colour, {b} basic), count {cost}: {n} collapsed "
                  f"({ind} individual) in {dt * 1000:.0f} ms")
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
