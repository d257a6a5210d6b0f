"""ruff (E4, E7, E9, F) finds nothing in models/ and solver/, and mypy finds no more errors than the
ceiling written in docs/DEVELOPING.md (lower it when you fix some; never raise it); ``mypy --strict`` finds nothing
in the vocabulary (models/vocab)."""
import importlib.util
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / ".ci"))
import static_checks  # noqa: E402


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed (pip install -e '.[test]')")
def test_ruff_classic_rules_find_nothing():
    n, out = static_checks.ruff()
    assert n == 0, out


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install -e '.[test]')")
def test_mypy_errors_do_not_exceed_the_ceiling():
    n, out = static_checks.mypy()
    assert n <= static_checks.mypy_ceiling(), out


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install -e '.[test]')")
def test_mypy_strict_finds_nothing_in_the_vocabulary():
    n, out = static_checks.mypy_strict_vocab()
    assert n == 0, out
