"""Static checks over models/ and solver/: ruff (rules E4, E7, E9, F) and mypy.

Run by tests/test_static_checks.py (so the README's test command and .ci/run run them) and by hand:
``python3 .ci/static_checks.py``. mypy sees the code under its installed name: a temporary folder
holds a link ``mtgcheck`` to the repository root, the package ``mtgcheck`` (pyproject's package-dir).
Prints the findings; the mypy error count is compared with the ceiling in docs/DEVELOPING.md, and
``mypy --strict`` over the vocabulary (``models/vocab``) must find nothing.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUFF_RULES = "E4,E7,E9,F"


def ruff() -> tuple[int, str]:
    """(number of findings, output) of ruff over models/ and solver/."""
    p = subprocess.run([sys.executable, "-m", "ruff", "check", "--select", RUFF_RULES, "--output-format", "concise",
                        "models", "solver"], cwd=ROOT, capture_output=True, text=True)
    out = p.stdout + p.stderr
    if p.returncode not in (0, 1):
        raise RuntimeError(f"ruff did not run: {out}")
    return len(re.findall(r"^\S+:\d+:\d+: ", out, re.M)), out


def _run_mypy(args: list[str]) -> tuple[int, str]:
    """(number of errors, output) of mypy with ``args``, the package seen as ``mtgcheck``."""
    with tempfile.TemporaryDirectory() as d:
        os.symlink(ROOT, Path(d) / "mtgcheck")
        env = dict(os.environ, MYPYPATH=d)
        p = subprocess.run([sys.executable, "-m", "mypy", "--ignore-missing-imports", "--no-incremental", *args],
                           cwd=d, env=env, capture_output=True, text=True)
    out = p.stdout + p.stderr
    m = re.search(r"Found (\d+) errors?", out)
    if m:
        return int(m.group(1)), out
    if "Success" in out:
        return 0, out
    raise RuntimeError(f"mypy did not run: {out}")


def mypy_strict_vocab() -> tuple[int, str]:
    """(number of errors, output) of ``mypy --strict`` over the vocabulary, ``mtgcheck.models.vocab`` (the modules
    it imports are read for their types, not checked): 0, and kept at 0."""
    return _run_mypy(["--strict", "--follow-imports=silent", "-p", "mtgcheck.models.vocab"])


def mypy() -> tuple[int, str]:
    """(number of errors, output) of mypy over mtgcheck.models and mtgcheck.solver."""
    return _run_mypy(["-p", "mtgcheck.models", "-p", "mtgcheck.solver"])


def mypy_ceiling() -> int:
    """The mypy error ceiling written in docs/DEVELOPING.md (``mypy error ceiling: N``)."""
    m = re.search(r"mypy error ceiling: (\d+)", (ROOT / "docs" / "DEVELOPING.md").read_text())
    if not m:
        raise RuntimeError("docs/DEVELOPING.md names no 'mypy error ceiling: N'")
    return int(m.group(1))


if __name__ == "__main__":
    n, out = ruff()
    print(out.strip())
    k, out2 = mypy()
    print(out2.strip().splitlines()[-1])
    v, out3 = mypy_strict_vocab()
    print(out3.strip())
    print(f"ruff findings: {n}; mypy errors: {k} (ceiling {mypy_ceiling()}); mypy --strict on models/vocab: {v}")
    sys.exit(0 if n == 0 and k <= mypy_ceiling() and v == 0 else 1)
