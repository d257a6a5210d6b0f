"""Benchmark: batch validation of the MTGO corpus against the standard-library read floor (issue 14).

Every figure is a subprocess (Python start-up, imports and loading the 32k cards included), repeated
``--repeat`` times, reported as min / median / max of wall time with CPU time (user+sys of the process and
its children) and peak RSS (largest single process), and every ratio is taken between figures of the same
run of this script:

* ``floor``: parse the card file (``json.load``) and every deck record (``json.loads`` per line) with the
  standard library, nothing else;
* ``validate --json --jobs 1`` and ``--jobs 2`` on the 31,196 decks (the shared ``.jsonl.gz``);
* with ``--scale 10``: the corpus written 10 times into one plain JSON-lines file under ``--tmp`` (never in
  the repository), validated with ``--jobs 1`` (linear time, constant memory) and with
  ``--dask local --jobs 2`` (a LocalCluster of two worker processes) -- plus the 1x corpus as a plain file
  for the linearity ratio.

The load average is printed with each figure: on a shared machine, wall times are only comparable within
one run, and CPU times (which a busy machine inflates less) are printed beside them. Every ratio is given
by wall time and by CPU time (medians). The caches (parsed cards, card facts) live in a folder of their own
under ``--tmp`` and are warmed by one run first, so other processes sharing the user's cache cannot make a
figure parse the card file again. Usage (every figure of issue 14 in one command, about 3 minutes on an
idle two-core machine)::

    python benchmarks/bench_validate.py [--shared ../shared] [--repeat 5] [--scale 10] [--no-dask]

Results are recorded in docs/decks.md ("Figures").
"""
from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FLOOR = r"""
import gzip, json, sys
cards = json.load(gzip.open(sys.argv[1], "rt", encoding="utf-8"))
n = 0
opener = gzip.open if sys.argv[2].endswith(".gz") else open
with opener(sys.argv[2], "rt", encoding="utf-8") as f:
    for line in f:
        if line.strip():
            json.loads(line)
            n += 1
print(len(cards), n)
"""


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, float, int]:
    """(wall s, CPU s of the process tree, peak RSS MB of its largest process, exit code); ``os.wait4`` gives
    the resource use of this one process and the children it waited for."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, cwd="/tmp", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = p.stderr.read() if p.stderr else b""
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{' '.join(cmd)} exited {code}: {err.decode()[-2000:]}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, code


def _measure(name: str, cmd: list[str], env: dict[str, str], repeat: int, results: dict) -> None:
    walls, cpus, rss = [], [], 0.0
    load0 = os.getloadavg()[0]
    for _ in range(repeat):
        w, c, r, _ = _run(cmd, env)
        walls.append(w)
        cpus.append(c)
        rss = max(rss, r)
    results[name] = (statistics.median(walls), statistics.median(cpus))
    load = os.getloadavg()[0]
    print(f"{name:40s} wall {min(walls):6.2f} / {statistics.median(walls):6.2f} / {max(walls):6.2f} s   "
          f"CPU {min(cpus):6.2f} / {statistics.median(cpus):6.2f} / {max(cpus):6.2f} s   peak RSS {rss:5.0f} MB"
          f"   (load {load0:.1f} -> {load:.1f})", flush=True)


def _ratio(results: dict, a: str, b: str, what: str) -> None:
    if a in results and b in results:
        (wa, ca), (wb, cb) = results[a], results[b]
        print(f"  {what}: {wa / wb:.2f} by wall, {ca / cb:.2f} by CPU  ({a} / {b}, medians)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.environ.get("MTGCHECK_SHARED") or str(ROOT.parent / "shared"))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--scale", type=int, default=10, help="size of the large corpus, in copies (0: skip)")
    ap.add_argument("--repeat-large", type=int, default=1)
    ap.add_argument("--tmp", default="/tmp/mtgcheck-bench")
    ap.add_argument("--no-dask", action="store_true")
    a = ap.parse_args()
    shared = Path(a.shared)
    corpus = shared / "decklists" / "mtgo-2025-05-to-07.jsonl.gz"
    cards = shared / "carddata" / "oracle-cards-2025-11-03.json.gz"
    for p in (corpus, cards):
        if not p.exists():
            sys.exit(f"missing {p}")
    env = dict(os.environ)
    env.pop("MTGCHECK_CARDS", None)
    env.pop("MTGCHECK_NO_CACHE", None)
    tmp = Path(a.tmp)
    env["MTGCHECK_CACHE_DIR"] = str(tmp / "cache")
    py = sys.executable
    mt = [py, "-m", "mtgcheck", "validate"]
    # the parsed-card cache is warm for every figure (the first load of a card file parses it once)
    _run(mt + [str(corpus), "-f", "auto", "--cards", str(cards), "--json"], env)
    print(f"corpus {corpus.name}, cards {cards.name}, {os.cpu_count()} cores, repeat {a.repeat}; "
          f"figures: min / median / max\n")
    res: dict[str, float] = {}
    _measure("floor (stdlib json, 1x .gz)", [py, "-c", FLOOR, str(cards), str(corpus)], env, a.repeat, res)
    for jobs in (1, 2):
        _measure(f"validate --jobs {jobs} (1x .gz)", mt + [str(corpus), "-f", "auto", "--cards", str(cards), "--json",
                                                       "--jobs", str(jobs)], env, a.repeat, res)
    print()
    _ratio(res, "validate --jobs 1 (1x .gz)", "floor (stdlib json, 1x .gz)", "one job / read floor (target <= 3)")
    _ratio(res, "validate --jobs 1 (1x .gz)", "validate --jobs 2 (1x .gz)", "speed-up of 2 jobs (target >= 1.6)")
    if a.scale:
        tmp.mkdir(parents=True, exist_ok=True)
        one = tmp / "mtgo-1x.jsonl"
        big = tmp / f"mtgo-{a.scale}x.jsonl"
        if not one.exists():
            with gzip.open(corpus, "rb") as src, open(one, "wb") as dst:
                shutil.copyfileobj(src, dst)
        if not big.exists() or big.stat().st_size != one.stat().st_size * a.scale:
            with open(big, "wb") as dst:
                for _ in range(a.scale):
                    with open(one, "rb") as src:
                        shutil.copyfileobj(src, dst)
        print()
        base = ["-f", "auto", "--cards", str(cards), "--json"]
        _measure("validate --jobs 1 (1x plain)", mt + [str(one), *base], env, a.repeat_large, res)
        _measure(f"validate --jobs 1 ({a.scale}x plain)", mt + [str(big), *base], env, a.repeat_large, res)
        _measure(f"validate --jobs 2 ({a.scale}x plain)", mt + [str(big), *base, "--jobs", "2"], env, a.repeat_large, res)
        if not a.no_dask:
            _measure(f"validate --dask local, 2 workers ({a.scale}x)", mt + [str(big), *base, "--dask", "local", "--jobs", "2"],
                     env, a.repeat_large, res)
        print()
        _ratio(res, f"validate --jobs 1 ({a.scale}x plain)", "validate --jobs 1 (1x plain)",
               f"{a.scale}x corpus / 1x corpus, one job (linear: about {a.scale})")
        _ratio(res, f"validate --jobs 1 ({a.scale}x plain)", f"validate --jobs 2 ({a.scale}x plain)",
               f"speed-up of 2 jobs on {a.scale}x")
        _ratio(res, f"validate --jobs 1 ({a.scale}x plain)", f"validate --dask local, 2 workers ({a.scale}x)",
               f"speed-up of Dask (2 workers) over one job on {a.scale}x (target > 1)")


if __name__ == "__main__":
    main()
