"""Benchmark: batch validation of the MTGO corpus against the standard-library read floor.

Every figure is a subprocess (Python start-up, imports and loading the 32k cards included), repeated
``--repeat`` times, reported as min / median / max of wall time with CPU time (user+sys of the process and
its children) and peak RSS (largest single process), and every ratio is taken between figures of the same
run of this script:

* ``floor``: parse the card file (``json.load``) and every deck record (``json.loads`` per line) with the
  standard library, nothing else;
* ``validate --json --jobs 1`` and ``--jobs 2`` on the 31,196 decks (the shared ``.jsonl.gz``), run
  alternately with the floor (round by round), so a change in the machine's load falls on each alike;
* the machine's own two-process speed-up: two ``validate --jobs 1`` processes started together, one on each
  half of the corpus (written under ``--tmp``), which share and hand out nothing -- the ceiling a two-job
  run is measured against besides the 1.6x target;
* with ``--scale 10``: the corpus written 10 times into one plain JSON-lines file under ``--tmp`` (never in
  the repository), validated with ``--jobs 1`` (linear time, constant memory) and with
  ``--dask local --jobs 2`` (a LocalCluster of two worker processes) -- plus the 1x corpus as a plain file
  for the linearity ratio.

The load average is printed with each figure: on a shared machine, wall times are only comparable within
one run, and CPU times (which a busy machine inflates less) are printed beside them. Every ratio is given
by wall time and by CPU time (medians) and round by round (min / median / max), with its target of issue
14 and whether it is met. mtgcheck's modules run from bytecode compiled once into ``--tmp`` (as an
installed package's are: pip byte-compiles, an editable install writes .pyc files at first import); by default
the 1x validate figures are taken a second time with ``PYTHONDONTWRITEBYTECODE=1`` (no .pyc: mtgcheck's modules
compiled from source at each start, as in a sandbox that sets it), printed and labelled apart
(``--bytecode compiled|source|both``; ``--no-bytecode`` is ``--bytecode source``). The caches (parsed cards, card facts) live in a folder of their own
under ``--tmp`` and are warmed by one run first, so other processes sharing the user's cache cannot make a
figure parse the card file again. Usage (every figure in one command, about 3 minutes on an
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
#: The case that shows what the machine gives two processes that share nothing: two ``validate --jobs 1``
#: runs, one on each half of the corpus, started together (wall until the later ends). Two processes on two
#: cores slow each other (the shared L3 cache and memory, the host's other guests); ``--jobs 2`` cannot
#: beat this by more than the serial start it pays once instead of twice.
HALVES = "two one-job runs on the halves, at once"

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


def _failed(code: int, err: bytes) -> bool:
    """Whether a run failed: exit code 2 or more, or exit code 1 (``validate``'s "some deck is not legal")
    with a traceback on stderr -- Python exits 1 on an uncaught exception too (mtgcheck not importable,
    say), and such a run must stop the benchmark, not be timed as a fast one."""
    return code not in (0, 1) or (code == 1 and (b"Traceback (most recent call last)" in err
                                                  or b"No module named" in err))


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, float, int]:
    """(wall s, CPU s of the process tree, peak RSS MB of its largest process, exit code); ``os.wait4`` gives
    the resource use of this one process and the children it waited for. A failed run ends the benchmark."""
    return _run_many([cmd], env)


def _run_many(cmds: list[list[str]], env: dict[str, str]) -> tuple[float, float, float, int]:
    """``_run`` of several commands started together: wall s until the last ends, CPU s of them all, peak
    RSS MB of the largest process, the highest exit code."""
    t0 = time.perf_counter()
    procs = [subprocess.Popen(c, cwd="/tmp", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
             for c in cmds]
    cpu = rss = 0.0
    codes = []
    for cmd, p in zip(cmds, procs):
        err = p.stderr.read() if p.stderr else b""
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = code = os.waitstatus_to_exitcode(status)
        if _failed(code, err):
            sys.exit(f"{' '.join(cmd)} exited {code}: {err.decode(errors='replace')[-2000:]}")
        cpu += ru.ru_utime + ru.ru_stime
        rss = max(rss, ru.ru_maxrss / 1024)
        codes.append(code)
    return time.perf_counter() - t0, cpu, rss, max(codes)


def _count_output(cmd: list[str], env: dict[str, str]) -> int:
    """The JSON lines ``cmd`` writes (one per deck), after checking that it did not fail."""
    p = subprocess.run(cmd, cwd="/tmp", capture_output=True, env=env)
    if _failed(p.returncode, p.stderr):
        sys.exit(f"{' '.join(cmd)} exited {p.returncode}: {p.stderr.decode(errors='replace')[-2000:]}")
    return p.stdout.count(b"\n")


class _Figures:
    """The runs of one case: wall and CPU times, peak RSS, and the load average around them."""

    def __init__(self, name: str) -> None:
        self.name, self.walls, self.cpus, self.rss, self.loads = name, [], [], 0.0, []

    def add(self, cmd: "list[str] | list[list[str]]", env: dict[str, str]) -> None:
        """One run of ``cmd``, or of several commands started together (a list of commands)."""
        self.loads.append(os.getloadavg()[0])
        w, c, r, _ = _run_many(cmd if isinstance(cmd[0], list) else [cmd], env)
        self.walls.append(w)
        self.cpus.append(c)
        self.rss = max(self.rss, r)

    @property
    def median(self) -> tuple[float, float]:
        return statistics.median(self.walls), statistics.median(self.cpus)

    def show(self) -> None:
        w, c = self.walls, self.cpus
        print(f"{self.name:40s} wall {min(w):6.2f} / {statistics.median(w):6.2f} / {max(w):6.2f} s   "
              f"CPU {min(c):6.2f} / {statistics.median(c):6.2f} / {max(c):6.2f} s   peak RSS {self.rss:5.0f} MB"
              f"   (load {min(self.loads):.1f}-{max(self.loads):.1f})", flush=True)


def _interleaved(cases: list[tuple], env: dict[str, str], repeat: int, results: dict) -> None:
    """Run the cases alternately (a, b, c, a, b, c, ...), ``repeat`` rounds, so that a change in the machine's
    load falls on every case alike; then print each case's figures. A case is ``(name, cmd)`` or ``(name, cmd,
    env)`` (an environment of its own)."""
    figs = [_Figures(c[0]) for c in cases]
    for _ in range(repeat):
        for f, c in zip(figs, cases):
            f.add(c[1], c[2] if len(c) > 2 else env)
    for f in figs:
        f.show()
        results[f.name] = f


def _ratio(results: dict, a: str, b: str, what: str, target: "tuple[str, float] | None" = None) -> None:
    """The ratio a / b by median wall and CPU time, and by wall time round by round (a and b measured one
    after the other in each round: min / median), with the target and whether it is met (by median wall)."""
    if a not in results or b not in results:
        return
    fa, fb = results[a], results[b]
    (wa, ca), (wb, cb) = fa.median, fb.median
    paired = sorted(x / y for x, y in zip(fa.walls, fb.walls))
    met = ""
    if target is not None:
        op, value = target
        ok = wa / wb <= value if op == "<=" else wa / wb >= value if op == ">=" else wa / wb > value
        met = f"   target {op} {value}: {'met' if ok else 'NOT met'}"
    print(f"  {what}: {wa / wb:.2f} by wall, {ca / cb:.2f} by CPU (medians); round by round "
          f"{paired[0]:.2f} / {statistics.median(paired):.2f} / {paired[-1]:.2f}{met}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.environ.get("MTGCHECK_SHARED") or str(ROOT.parent / "shared"))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--scale", type=int, default=10, help="size of the large corpus, in copies (0: skip)")
    ap.add_argument("--repeat-large", type=int, default=1)
    ap.add_argument("--tmp", default="/tmp/mtgcheck-bench")
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--bytecode", choices=("both", "compiled", "source"), default="both",
                    help="compiled: every module runs from bytecode compiled once into a folder under --tmp, as "
                         "an installed package's do (pip byte-compiles; an editable install writes .pyc files at "
                         "first import); source: PYTHONDONTWRITEBYTECODE=1 (no bytecode written: mtgcheck's "
                         "modules compiled from source at each start, as in a sandbox that sets it); both "
                         "(default): the 1x figures both ways, the targets judged on the compiled ones")
    ap.add_argument("--no-bytecode", action="store_true", help="the same as --bytecode source")
    a = ap.parse_args()
    if a.no_bytecode:
        a.bytecode = "source"
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
    # source: no bytecode written, mtgcheck compiled from source at each start (a fixed 0.15-0.3 s of serial
    # start that no installed copy pays; the standard library and site-packages keep their own .pyc files)
    src_env = dict(env, PYTHONDONTWRITEBYTECODE="1")
    src_env.pop("PYTHONPYCACHEPREFIX", None)
    if a.bytecode != "source":
        # compiled: every module from bytecode compiled once (by the warm-up run below) into a folder of its own
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    else:
        env = src_env
    py = sys.executable
    mt = [py, "-m", "mtgcheck", "validate"]
    # the caches (parsed cards, card facts, bytecode) are warm for every figure; the warm-up run also checks
    # that validate writes one line per record, so that no figure is of a run that did nothing
    with gzip.open(corpus, "rb") as f:
        records = sum(1 for line in f if line.strip())
    got = _count_output(mt + [str(corpus), "-f", "auto", "--cards", str(cards), "--json"], env)
    if got != records:
        sys.exit(f"validate wrote {got} JSON lines for the {records} records of {corpus}")
    # the corpus cut in two halves (by records), for the machine's own two-process speed-up
    tmp.mkdir(parents=True, exist_ok=True)
    halves = [tmp / "mtgo-half-1.jsonl.gz", tmp / "mtgo-half-2.jsonl.gz"]
    if not all(h.exists() for h in halves):
        with gzip.open(corpus, "rb") as f:
            lines = f.readlines()
        for h, part in zip(halves, (lines[: len(lines) // 2], lines[len(lines) // 2:])):
            with gzip.open(h, "wb") as out:
                out.writelines(part)
    how = {"compiled": "compiled once (as installed)", "source": "none (PYTHONDONTWRITEBYTECODE=1: mtgcheck "
           "compiled from source at each start)", "both": "compiled once (as installed), and the 1x validate "
           "figures again with PYTHONDONTWRITEBYTECODE=1 (no .pyc: mtgcheck compiled from source at each start)"}
    print(f"corpus {corpus.name}, cards {cards.name}, {os.cpu_count()} cores, repeat {a.repeat} (cases run "
          f"alternately); load average {os.getloadavg()[0]:.1f}; bytecode {how[a.bytecode]}; figures: "
          f"min / median / max\n")
    res: dict[str, _Figures] = {}
    base1 = [str(corpus), "-f", "auto", "--cards", str(cards), "--json"]
    cases1: list[tuple] = [("floor (stdlib json, 1x .gz)", [py, "-c", FLOOR, str(cards), str(corpus)]),
                           ("validate --jobs 1 (1x .gz)", mt + [*base1, "--jobs", "1"]),
                           ("validate --jobs 2 (1x .gz)", mt + [*base1, "--jobs", "2"]),
                           (HALVES, [mt + [str(h), *base1[1:], "--jobs", "1"] for h in halves])]
    if a.bytecode == "both":
        cases1 += [("validate --jobs 1 (1x .gz, no .pyc)", mt + [*base1, "--jobs", "1"], src_env),
                   ("validate --jobs 2 (1x .gz, no .pyc)", mt + [*base1, "--jobs", "2"], src_env)]
    _interleaved(cases1, env, a.repeat, res)
    print()
    _ratio(res, "validate --jobs 1 (1x .gz)", "floor (stdlib json, 1x .gz)", "one job / read floor", ("<=", 3))
    _ratio(res, "validate --jobs 1 (1x .gz)", "validate --jobs 2 (1x .gz)", "speed-up of 2 jobs, 1x", (">=", 1.6))
    _ratio(res, "validate --jobs 1 (1x .gz)", HALVES, "the machine's own: one job / two one-job processes on "
           "the halves at once (nothing shared, nothing handed out)")
    _ratio(res, HALVES, "validate --jobs 2 (1x .gz)", "--jobs 2 against the two independent halves (above 1: "
           "faster than two processes that share nothing)")
    _ratio(res, "validate --jobs 1 (1x .gz, no .pyc)", "validate --jobs 2 (1x .gz, no .pyc)",
           "speed-up of 2 jobs, 1x, no .pyc (for comparison only: not how an installed copy runs)")
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
        cases = [("validate --jobs 1 (1x plain)", mt + [str(one), *base]),
                 (f"validate --jobs 1 ({a.scale}x plain)", mt + [str(big), *base]),
                 (f"validate --jobs 2 ({a.scale}x plain)", mt + [str(big), *base, "--jobs", "2"])]
        if not a.no_dask:
            cases.append((f"validate --dask local, 2 workers ({a.scale}x)",
                          mt + [str(big), *base, "--dask", "local", "--jobs", "2"]))
        _interleaved(cases, env, a.repeat_large, res)
        print()
        _ratio(res, f"validate --jobs 1 ({a.scale}x plain)", "validate --jobs 1 (1x plain)",
               f"{a.scale}x corpus / 1x corpus, one job (linear: about {a.scale})")
        _ratio(res, f"validate --jobs 1 ({a.scale}x plain)", f"validate --jobs 2 ({a.scale}x plain)",
               f"speed-up of 2 jobs on {a.scale}x", (">=", 1.6))
        _ratio(res, f"validate --jobs 1 ({a.scale}x plain)", f"validate --dask local, 2 workers ({a.scale}x)",
               f"speed-up of Dask (2 workers) over one job on {a.scale}x", (">", 1))


if __name__ == "__main__":
    main()
