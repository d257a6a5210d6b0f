"""Timing of the resolution counts (figures recorded in docs/resolution.md).

Run: ``python benchmarks/bench_resolution.py``. Not a test: no assertion on time.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtgcheck.solver.questions.resolution import (  # noqa: E402
    count_process_outcomes, count_scry_results, count_scry_results_first_occurrence, count_trigger_orders,
    scry_outcomes,
)


def timed(label: str, fn) -> None:
    t = time.perf_counter()
    out = fn()
    ms = (time.perf_counter() - t) * 1000
    print(f"{label:<62} {ms:9.2f} ms   {out}")


def main() -> None:
    distinct60 = [f"card {i}" for i in range(60)]
    fourofs = [f"c{i % 15}" for i in range(60)]  # 15 names x 4 copies in a cycle: the rest is periodic
    shuffled = list(fourofs)
    random.Random(6).shuffle(shuffled)
    dup_heavy = ["Island"] * 20 + ["Bolt"] * 20 + ["Opt"] * 20
    for n in (2, 10, 14, 20):
        timed(f"scry {n}, 60 different cards (counts + 50 listed)",
              lambda n=n: {k: v for k, v in scry_outcomes(distinct60, n, 50).items() if k in ("choices", "distinct_results")})
    for n in (10, 14, 20):
        timed(f"scry {n}, 15 names x 4, shuffled",
              lambda n=n: scry_outcomes(shuffled, n, 50)["distinct_results"])
    for n in (10, 14, 16, 20, 24, 30, 45, 59):
        timed(f"scry {n}, 15 names x 4 in a cycle (cluster count + 50 listed)",
              lambda n=n: scry_outcomes(fourofs, n, 50)["distinct_results"])
    for n in (14, 16, 18):  # the former method, for comparison (20 takes seconds, 24 half a minute)
        timed(f"scry {n}, 15 names x 4 in a cycle, former first-occurrence DP",
              lambda n=n: count_scry_results_first_occurrence(fourofs[:n], fourofs[n:]))
    # adversarial libraries: the rest overlaps itself in many ways; worst n over every n, with states
    fib = "ab"
    a = "a"
    while len(fib) < 120:
        a, fib = fib, fib + a
    for label, lib in (("Island x 60", ["Island"] * 60), ("Island/Opt alternating x 60", ["Island", "Opt"] * 30),
                       ("Fibonacci word, 120 cards, 2 names", list(fib[:120])),
                       ("random Island/Opt, 200 cards", [random.Random(5).choice("IO") for _ in range(200)])):
        worst = (0.0, 0, 0)
        for n in range(len(lib) + 1):
            st: dict[str, int] = {}
            t = time.perf_counter()
            count_scry_results(lib[:n], lib[n:], stats=st)
            dt = time.perf_counter() - t
            if dt > worst[0]:
                worst = (dt, n, st["states"])
        print(f"{'worst scry n over every n, ' + label:<62} {worst[0] * 1000:9.2f} ms   n={worst[1]}, {worst[2]} states")
    timed("scry 60 of 60 (whole library: multinomial)", lambda: scry_outcomes(fourofs, 60, 50)["distinct_results"])
    timed("scry 10, 20 Island/20 Bolt/20 Opt", lambda: scry_outcomes(dup_heavy, 10, 50)["distinct_results"])
    hands = {f"P{i}": [f"c{j % 5}" for j in range(7)] for i in range(4)}
    timed("Hypergenesis count, 4 players x 7 eligible cards", lambda: count_process_outcomes(hands))
    timed("trigger orders, 4 players x 6 triggers", lambda: count_trigger_orders({f"P{i}": list("ABCDEF") for i in range(4)}))


if __name__ == "__main__":
    main()
