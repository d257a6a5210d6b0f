"""mtgcheck: exact answers to Magic: The Gathering payment, mana and resolution questions,
and batch decklist validation.

The API says what the command line says (docs/api.md)::

    import mtgcheck
    a = mtgcheck.ask("examples/basics/treasure_cruise_mana_value.yaml")   # or a mapping, or YAML text
    a.values, a.explanation, a.verdict            # {'mana_value': 8}, [...], Verdict.PASS
    report = mtgcheck.check("examples/")          # every scenario: report.counts, report.to_records()
    decks = mtgcheck.validate("deck.txt", "modern", cards="oracle-cards.json.gz")   # always a ValidationReport
    decks[0].status, decks[0].codes               # DeckStatus.ILLEGAL, [ProblemCode.TOO_MANY_COPIES]
    db = mtgcheck.load_cards()                     # MTGCHECK_CARDS, installed data, or the catalog

``ask``, ``check``, ``validate``, ``load_cards``, the result classes ``Answer``, ``CheckReport``, ``DeckResult``,
``ValidationReport`` and the enums ``Verdict``, ``Reason`` (why an answer is "no" or unsupported), ``ProblemCode``,
``DeckStatus`` live in ``mtgcheck.solver.api``
(``validate_bag``, a Dask bag of deck reports, in ``mtgcheck.solver.decks.dask_batch``; needs
``pip install 'mtgcheck[dask]'``) and are imported on first use, so ``import mtgcheck`` is light.
Installed, the repository's ``models/`` (what the game is made of) and ``solver/`` (how questions are
answered) import as ``mtgcheck.models`` and ``mtgcheck.solver``.

Card names and data are property of Wizards of the Coast, used under the Wizards of the
Coast Fan Content Policy; card data compiled by Scryfall (or MTGJSON).
"""
import typing as _typing

# absolute: pytest also imports this file as a plain module, where a relative import fails
from mtgcheck.models.game.version import __version__

__all__ = ["ask", "check", "validate", "validate_bag", "load_cards", "Answer", "CheckReport", "DeckResult",
           "ValidationReport", "Verdict", "Reason", "ProblemCode", "DeckStatus", "__version__"]

if _typing.TYPE_CHECKING:  # pragma: no cover
    from .solver.api import (  # noqa: F401
        Answer, CheckReport, DeckResult, DeckStatus, ProblemCode, Reason, ValidationReport, Verdict, ask, check,
        load_cards, validate,
    )
    from .solver.decks.dask_batch import validate_bag  # noqa: F401

_LAZY = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> _typing.Any:
    """The API names, imported from ``mtgcheck.solver.api`` on first use (PEP 562)."""
    if name == "validate_bag":
        import mtgcheck.solver.decks.dask_batch as dask_batch

        value: _typing.Any = dask_batch.validate_bag
        globals()[name] = value
        return value
    if name in ("models", "solver"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    if name == "Verdict":
        from .solver.questions.verdicts import Verdict

        globals()[name] = Verdict
        return Verdict
    if name in _LAZY:
        from .solver import api

        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'mtgcheck' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names only (what ``mtgcheck.<TAB>`` offers): the API, ``__version__`` and the subpackages."""
    return sorted(_LAZY | {"__version__", "models", "solver"})
