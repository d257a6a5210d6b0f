"""Timing of the resolution counts (figures recorded in docs/resolution.md).

Run: ``python benchmarks/bench_resolution.py``. Not a test: no assertion on time.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.resolution import count_process_outcomes, count_trigger_orders, scry_outcomes  # noqa: E402


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
    for n in (10, 14, 16):
        timed(f"scry {n}, 15 names x 4 in a cycle (worst case: DP)",
              lambda n=n: scry_outcomes(fourofs, n, 50)["distinct_results"])
    timed("scry 60 of 60 (whole library: multinomial)", lambda: scry_outcomes(fourofs, 60, 50)["distinct_results"])
    timed("scry 10, 20 Island/20 Bolt/20 Opt", lambda: scry_outcomes(dup_heavy, 10, 50)["distinct_results"])
    hands = {f"P{i}": [f"c{j % 5}" for j in range(7)] for i in range(4)}
    timed("Hypergenesis count, 4 players x 7 eligible cards", lambda: count_process_outcomes(hands))
    timed("trigger orders, 4 players x 6 triggers", lambda: count_trigger_orders({f"P{i}": list("ABCDEF") for i in range(4)}))


if __name__ == "__main__":
    main()
