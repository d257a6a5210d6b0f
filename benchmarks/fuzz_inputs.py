"""A longer fuzz run of every reader and the scenario loader (the suite runs the same properties briefly).

Run from the repository root::

    python benchmarks/fuzz_inputs.py [EXAMPLES]      # default 2000 examples per property, random seed

It runs ``tests/test_fuzz_inputs.py`` with ``MTGCHECK_FUZZ_EXAMPLES`` set, so each property (no exception
but the project's input errors; every non-blank decklist line read or reported; every scenario answered
within its budget) is tried on EXAMPLES fresh random inputs. A failure prints hypothesis's smallest
falsifying example: add it to the regression tests (tests/test_input_errors.py,
tests/test_decklist_exports.py) when fixing it.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    n = sys.argv[1] if len(sys.argv) > 1 else "2000"
    env = dict(os.environ, MTGCHECK_FUZZ_EXAMPLES=n)
    sys.exit(subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
                              str(ROOT / "tests" / "test_fuzz_inputs.py")], cwd=ROOT, env=env))
