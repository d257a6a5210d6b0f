"""mtgcheck: exact answers to Magic: The Gathering payment, mana and resolution questions,
and batch decklist validation.

The API (python-chess style, plain data in and out)::

    import mtgcheck
    a = mtgcheck.ask("examples/basics/treasure_cruise_mana_value.yaml")   # or a mapping, or YAML text
    a.values, a.explanation, a.verdict
    report = mtgcheck.check("examples/")          # every scenario: report.counts, report.to_records()
    deck = mtgcheck.validate("deck.txt", "modern", cards="oracle-cards.json.gz")
    db = mtgcheck.load_cards()                     # MTGCHECK_CARDS, downloaded data, or the catalog

``ask``, ``check``, ``validate``, ``load_cards`` and the result classes ``Answer``, ``CheckReport``,
``DeckResult`` live in ``mtgcheck.solver.api`` (``validate_bag``, a Dask bag of deck reports, in
``mtgcheck.solver.dask_batch``; needs ``pip install 'mtgcheck[dask]'``) and are imported on first use, so
``import mtgcheck`` is light.
Installed, the repository's ``models/`` (what the game is made of) and ``solver/`` (how questions are
answered) import as ``mtgcheck.models`` and ``mtgcheck.solver``.

Card names and data are property of Wizards of the Coast, used under the Wizards of the
Coast Fan Content Policy; card data compiled by Scryfall (or MTGJSON).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["ask", "check", "validate", "validate_bag", "load_cards", "Answer", "CheckReport", "DeckResult", "__version__"]

if TYPE_CHECKING:  # pragma: no cover
    from .solver.api import Answer, CheckReport, DeckResult, ask, check, load_cards, validate  # noqa: F401
    from .solver.dask_batch import validate_bag  # noqa: F401

_LAZY = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> Any:
    """The API names, imported from ``mtgcheck.solver.api`` on first use (PEP 562)."""
    if name == "validate_bag":
        from .solver import dask_batch

        value: Any = dask_batch.validate_bag
        globals()[name] = value
        return value
    if name in _LAZY:
        from .solver import api

        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'mtgcheck' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _LAZY)
