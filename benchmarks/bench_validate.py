"""Benchmark: validate every deck of ../shared/decklists/mtgo-2025-05-to-07.jsonl.gz (issue #7).

Runs ``mtgcheck validate CORPUS --format auto --cards ORACLE --json --jobs N`` for N = 1 and 2 as a
subprocess (so the wall time includes starting Python and loading the 32k cards), measures wall time and
peak memory (the process and its workers), and summarises the results by format and problem code,
including why decks of Modern, Pioneer, Legacy, Vintage and Pauper are not legal (if any).

Usage: python benchmarks/bench_validate.py [--shared ../shared] [--jobs 1 2]
Results are recorded in docs/decks.md.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.environ.get("MTGCHECK_SHARED") or str(ROOT.parent / "shared"))
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    a = ap.parse_args()
    shared = Path(a.shared)
    corpus = shared / "decklists" / "mtgo-2025-05-to-07.jsonl.gz"
    cards = shared / "carddata" / "oracle-cards-2025-11-03.json.gz"
    for p in (corpus, cards):
        if not p.exists():
            sys.exit(f"missing {p}")
    for jobs in a.jobs:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "solver", "validate", str(corpus), "--format", "auto",
                               "--cards", str(cards), "--json", "--jobs", str(jobs)],
                              cwd=ROOT, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        rows = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
        # ru_maxrss of children is the largest single child (KB on Linux)
        print(f"jobs={jobs}: {len(rows)} decks in {wall:.2f} s wall = {len(rows) / wall:.0f} decks/s "
              f"(exit {proc.returncode}); peak RSS of the largest process {after.ru_maxrss / 1024:.0f} MB; "
              f"CPU {after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime:.2f} s")
    status = collections.Counter((r["format"], r["status"]) for r in rows)
    print("\nby format and status:")
    for fmt in sorted({f for f, _ in status}):
        print(f"  {fmt:9s} " + "  ".join(f"{s}={status.get((fmt, s), 0)}" for s in ("legal", "illegal", "unknown", "unreadable")))
    codes = collections.Counter((r["format"], c) for r in rows for c in r["codes"])
    print("\ndecks by format and problem code:")
    for (fmt, c), n in sorted(codes.items()):
        print(f"  {fmt:9s} {c:22s} {n}")
    print("\nnon-legal decks in modern/pioneer/legacy/vintage/pauper, with reasons:")
    for r in rows:
        if r["format"] in ("modern", "pioneer", "legacy", "vintage", "pauper") and not r["legal"]:
            print(f"  #{r['index'] + 1} line {r.get('line')} {r['format']}: " + "; ".join(p["message"] for p in r["problems"]))
    cards_by = collections.Counter((r["format"], p["cards"][0]) for r in rows for p in r["problems"]
                                   if p["code"] in ("banned", "not_legal_in_format") and p["cards"])
    print("\nmost frequent banned / not-legal cards (format, card, decks):")
    for (fmt, c), n in cards_by.most_common(25):
        print(f"  {fmt:9s} {c:40s} {n}")


if __name__ == "__main__":
    main()
