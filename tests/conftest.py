"""pytest configuration: where the shared real data is.

The shared folder (``../shared``: real cards, decklists, rules) is found by the
``--shared PATH`` option, then the ``MTGCHECK_SHARED`` environment variable, then
``../shared`` beside the repository (see ``tests/shared_data.py``). Tests that need a
file from it skip with a message naming the file when it is absent.
"""
from __future__ import annotations

import os

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--shared", action="store", default=None,
                     help="folder of the shared real data (default: $MTGCHECK_SHARED, then ../shared)")


def pytest_configure(config: pytest.Config) -> None:
    # mtgcheck's cache folder (downloaded card data, parsed-card cache) is a fresh one per test session:
    # data a user downloaded must not change what the tests see (load_database() would pick it up)
    import tempfile

    os.environ["MTGCHECK_CACHE_DIR"] = tempfile.mkdtemp(prefix="mtgcheck-test-cache-")
    explicit = config.getoption("--shared")
    if explicit:
        os.environ["MTGCHECK_SHARED"] = os.path.abspath(explicit)


@pytest.fixture(scope="session")
def real_db():
    """The card database loaded from the 32k-card Scryfall file in the shared folder (skips when absent)."""
    from mtgcheck.models.data.database import load_database
    from tests.shared_data import shared_file

    return load_database(shared_file("carddata/oracle-cards-2025-11-03.json.gz"))


@pytest.fixture(scope="session")
def catalog_db():
    """The embedded catalog database (no download)."""
    from mtgcheck.models.data.database import load_database

    return load_database(None)


@pytest.fixture
def answer(tmp_path, catalog_db):
    """``answer(yaml_text, db=None)`` runs one scenario written inline and returns its runner Result."""
    import textwrap

    from mtgcheck.models.data.scenario import load_scenarios
    from mtgcheck.solver.questions.runner import run_scenario

    def run(text: str, db=None):
        p = tmp_path / "s.yaml"
        p.write_text(textwrap.dedent(text), encoding="utf-8")
        (sc,) = load_scenarios(p)
        return run_scenario(sc, db or catalog_db)

    return run
