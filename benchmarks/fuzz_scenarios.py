"""Fuzz the scenario runner by hand: mutate the example scenarios at random and check that every
answer is a verdict (pass, FAIL, no expectation, unsupported, error) reached in bounded time, never an
internal error (a traceback in the CLI) or a hang.

Run from the repository root::

    python benchmarks/fuzz_scenarios.py [SEED] [COUNT]

Prints each scenario that caused an internal error or took more than 5 s, then ``bad N``.
Findings of earlier runs are regression tests in tests/test_scenarios.py and tests/test_cli.py.
"""
from __future__ import annotations

import copy
import random
import signal
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtgcheck.models.data.database import load_database  # noqa: E402
from mtgcheck.models.data.scenario import ScenarioError, parse_scenario  # noqa: E402
from mtgcheck.solver.questions.runner import run_scenario  # noqa: E402

JUNK = [None, 0, -1, 3, "", "x", [], {}, [1, 2], {"a": 1}, True, "Forest", "{G}", 10**9, -5, 2.5]


def mutate(o, rng: random.Random):
    """One random change somewhere inside ``o``: replace a value by junk, drop a key, or recurse."""
    if isinstance(o, dict) and o:
        k = rng.choice(list(o))
        r = rng.random()
        if r < 0.3:
            o[k] = copy.deepcopy(rng.choice(JUNK))
        elif r < 0.45:
            del o[k]
        else:
            o[k] = mutate(o[k], rng)
    elif isinstance(o, list) and o:
        i = rng.randrange(len(o))
        o[i] = copy.deepcopy(rng.choice(JUNK)) if rng.random() < 0.4 else mutate(o[i], rng)
    elif rng.random() < 0.5:
        return copy.deepcopy(rng.choice(JUNK))
    return o


def main(seed: int = 0, count: int = 2000) -> int:
    rng = random.Random(seed)
    db = load_database(None)
    base = []
    for f in sorted((ROOT / "examples").rglob("*.yaml")):
        if "lists" in f.parts:
            continue
        d = yaml.safe_load(f.read_text(encoding="utf-8"))
        base.extend(d["scenarios"] if "scenarios" in d else [d])

    def on_alarm(*_):
        raise TimeoutError()

    signal.signal(signal.SIGALRM, on_alarm)
    bad = 0
    for _ in range(count):
        sc = copy.deepcopy(rng.choice(base))
        for _ in range(rng.randint(1, 4)):
            sc = mutate(sc, rng)
        try:
            s = parse_scenario(sc, "fuzz.yaml", 0)
        except ScenarioError:
            continue
        signal.alarm(5)
        try:
            res = run_scenario(s, db, {"limit": 5})
        except TimeoutError:
            print("SLOW", str(sc)[:1500])
            bad += 1
            continue
        finally:
            signal.alarm(0)
        if "internal error" in res.message:
            bad += 1
            print(res.message[:200], "|", str(sc)[:1500])
    print("bad", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 0, int(sys.argv[2]) if len(sys.argv) > 2 else 2000))
