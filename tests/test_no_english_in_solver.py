"""No module under solver/ reads English: card text is parsed once, into the typed vocabulary
(models/vocab/), when a card is loaded; the rules read typed effects.

Checked on the source: no solver module imports ``mtgcheck.models.text`` (the English parsers), and no solver module
imports ``re`` except the allow-listed ones below, each with the reason its regexes are not over card text — or,
marked PENDING, a module whose migration is not finished (it must shrink, never grow).
"""
from __future__ import annotations

import ast
from pathlib import Path

SOLVER = Path(__file__).resolve().parent.parent / "solver"

#: Solver modules that may still import the English parsers.
TEXT_IMPORT_ALLOWED = {
    "decks/rules.py": "PENDING: deck-building facts are read by models.text.deck (vocab2's migration of decks.py)",
}
#: Solver modules that may import re, and why their regexes are not over card text.
RE_ALLOWED = {
    "questions/graph.py": "reads our own notation ({W} symbols and '(N life)' of a payment's description) to draw it",
    "rules/payment/model.py": "reads our machine-readable spend-restriction codes (mana_value_at_least_N), not card text",
    "decks/question.py": "file names and decklist-line shapes of the validate_deck question's arguments (not card text)",
}


def _modules():
    for path in sorted(SOLVER.rglob("*.py")):
        yield path.relative_to(SOLVER).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _imports(tree: ast.AST) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(("." * node.level) + node.module)
    return out


def test_no_solver_module_imports_the_text_parsers():
    bad = []
    for name, tree in _modules():
        for mod in _imports(tree):
            if (mod.startswith("mtgcheck.models.text") or mod.lstrip(".").startswith("models.text")) and name not in TEXT_IMPORT_ALLOWED:
                bad.append(f"solver/{name} imports {mod}")
    assert not bad, "\n".join(bad)


def test_no_regex_over_card_text_in_solver():
    bad = [f"solver/{name} imports re" for name, tree in _modules() if "re" in _imports(tree) and name not in RE_ALLOWED]
    assert not bad, "\n".join(bad) + "\n(move the English reading into models/text/ as typed fields)"


def test_the_allow_lists_name_existing_modules():
    names = {name for name, _ in _modules()}
    assert set(TEXT_IMPORT_ALLOWED) <= names and set(RE_ALLOWED) <= names
