"""Everyday commands as whole processes (docs/cards.md, "Figures"): one question with every card installed,
and the main job.

Usage: ``python benchmarks/bench_everyday.py [--shared PATH] [--runs N]`` (default ``../shared``, 10 runs).

Each command runs as a new process (start-up, imports and card data included), ``--runs`` times after one
warm-up, with a cache folder of its own (the card file installed with ``mtgcheck data install`` in it, so
the first run builds the card store and the counted runs read it). Printed: the median and range of wall
and CPU time (user + system, ``resource.getrusage(RUSAGE_CHILDREN)``) and the lines printed.

* ``ask``: ``mtgcheck ask --board "Forest, Blood Moon, Reflecting Pool" --could-produce "Reflecting Pool"``
  with the 32k-card file installed;
* ``check``: ``mtgcheck check examples/`` with the embedded catalog, and with the 32k-card file installed.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, lines printed) of one run of ``cmd`` as a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {p.returncode}: {p.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, len(p.stdout.splitlines())


def measure(label: str, cmd: list[str], env: dict[str, str], runs: int) -> None:
    run(cmd, env)  # warm-up: builds the card store and the parsed catalog
    rs = [run(cmd, env) for _ in range(runs)]
    walls, cpus = [r[0] for r in rs], [r[1] for r in rs]
    print(f"{label}: wall median {statistics.median(walls):.3f} s ({min(walls):.3f}-{max(walls):.3f}), "
          f"CPU median {statistics.median(cpus):.3f} s ({min(cpus):.3f}-{max(cpus):.3f}), {rs[-1][2]} lines")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    cards = Path(args.shared) / "carddata" / "oracle-cards-2025-11-03.json.gz"
    mt = [sys.executable, "-m", "mtgcheck"]
    print(f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as bare, tempfile.TemporaryDirectory() as full:
        env = {k: v for k, v in os.environ.items() if k != "MTGCHECK_CARDS"}
        catalog_env = dict(env, MTGCHECK_CACHE_DIR=bare)
        full_env = dict(env, MTGCHECK_CACHE_DIR=full)
        subprocess.run(mt + ["data", "install", str(cards)], env=full_env, cwd=ROOT, check=True, capture_output=True)
        measure("ask, 32k cards installed", mt + ["ask", "--board", "Forest, Blood Moon, Reflecting Pool",
                                                  "--could-produce", "Reflecting Pool"], full_env, args.runs)
        measure("check examples/, catalog", mt + ["check", "examples/"], catalog_env, max(1, args.runs // 3))
        measure("check examples/, 32k cards installed", mt + ["check", "examples/"], full_env, max(1, args.runs // 3))
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
