"""The layering contract (docs/DEVELOPING.md, "Layers"): every module of the package is in one layer of
``.ci/layers.toml``, and imports run down the layers only.

The arrows against the layering and the imports of package modules inside functions that the code has today are on
two allow-lists (``.ci/allowed_against_layers.txt``, ``.ci/allowed_imports_in_functions.txt``) that may only shrink:
a new one fails, and so does a listed one that no longer occurs (remove its line, so it cannot come back unseen).
Imports of optional dependencies inside functions are not counted. The source is read with ``ast``
(``.ci/structure.py``), nothing is imported.
"""
from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / ".ci"))
import structure  # noqa: E402

FIX = ("python3 .ci/structure.py --list against|inner shows every one; docs/DEVELOPING.md, 'Layers', says where "
       "code goes")


def _where(imps) -> str:
    return ", ".join(f"line {i.line}" + (f" in {i.function}" if i.function else "") for i in imps)


def test_every_module_is_in_exactly_one_layer():
    assert structure.layer_problems() == []


def test_each_layer_may_import_only_layers_below_it():
    """The table lists layers bottom up, so that the allowed arrows cannot close a circle of layers."""
    seen: list[str] = []
    for name, spec in structure.layer_table().items():
        above = [d for d in spec.get("may_import", ()) if d not in seen]
        assert not above, f"layer {name!r} may import {above}, which are not below it in .ci/layers.toml"
        seen.append(name)


def test_no_arrow_against_the_layering_that_is_not_on_the_allow_list():
    allowed = structure.read_allowed(structure.AGAINST_FILE)
    lay = structure.layer_of()
    new = [f"{s} ({lay[s]}) imports {d} ({lay[d]}): {_where(v)}"
           for (s, d), v in structure.against_layers().items() if (s, d) not in allowed]
    assert not new, ("imports against the layering (.ci/layers.toml): put the function where its layer allows the "
                     "import (often one layer down), or import from a lower module:\n  " + "\n  ".join(new)
                     + f"\n({FIX})")


def test_every_allowed_arrow_against_the_layering_still_occurs():
    actual = structure.against_layers()
    gone = [f"{s} -> {d}" for (s, d) in structure.read_allowed(structure.AGAINST_FILE) if (s, d) not in actual]
    assert not gone, ("fixed arrows against the layering: remove these lines from .ci/allowed_against_layers.txt "
                      "(the list only shrinks):\n  " + "\n  ".join(gone))


def test_no_import_inside_a_function_beyond_the_allow_list():
    allowed = structure.read_allowed(structure.INNER_FILE)
    new = [f"{s} imports {d} inside a function {len(v)} times, {allowed.get((s, d), 0)} allowed: {_where(v)}"
           for (s, d), v in structure.inner_imports().items() if len(v) > allowed.get((s, d), 0)]
    assert not new, ("imports of mtgcheck modules inside functions hide the import graph: import at the top of the "
                     "module; if that closes a circle, the code is in the wrong layer:\n  " + "\n  ".join(new)
                     + f"\n({FIX})")


def test_the_allow_list_of_imports_inside_functions_only_shrinks():
    actual = structure.inner_imports()
    fewer = [f"{s} -> {d}: {len(actual.get((s, d), ()))} now, {n} listed"
             for (s, d), n in structure.read_allowed(structure.INNER_FILE).items() if len(actual.get((s, d), ())) < n]
    assert not fewer, ("fewer imports inside functions than .ci/allowed_imports_in_functions.txt lists: lower the "
                       "counts (remove a line at 0; the list only shrinks):\n  " + "\n  ".join(fewer))


def _read(path: str, source: str) -> list[tuple[str, int, str | None]]:
    tree = ast.parse(textwrap.dedent(source))
    return [(i.dst, i.line, i.function) for i in structure.imports_in(path, tree)]


def test_imports_are_resolved_to_modules_and_placed_in_functions_or_not():
    """Relative and absolute imports name module files (a package's ``__init__.py`` when the name is not a
    submodule); a ``def`` or ``lambda`` makes an import in a function, a class body or ``if TYPE_CHECKING`` does
    not; other packages are not counted."""
    got = _read("solver/rules/costs.py", """\
        from typing import TYPE_CHECKING
        from ..questions.registry import Answer
        from ...models.vocab import filters, abilities
        from . import payment
        import mtgcheck.models.game.cards
        if TYPE_CHECKING:
            from mtgcheck.models.game.state import GameState
        class A:
            from .layers import board_view
            def f(self):
                import networkx
                from .payment.search import find_payment
        g = lambda: __import__("x")
        def outer():
            def inner():
                from mtgcheck.solver.rules import budget
        """)
    assert got == [
        ("solver/questions/registry.py", 2, None),
        ("models/vocab/filters.py", 3, None),
        ("models/vocab/abilities.py", 3, None),
        ("solver/rules/payment/__init__.py", 4, None),
        ("models/game/cards.py", 5, None),
        ("models/game/state.py", 7, None),
        ("solver/rules/layers.py", 9, None),
        ("solver/rules/payment/search.py", 12, "A.f"),
        ("solver/rules/budget.py", 16, "outer.inner"),
    ]


def test_relative_imports_of_a_package_init_start_from_that_package():
    assert _read("solver/rules/payment/__init__.py", "from .model import Payment\nfrom ..layers import board_view\n") == [
        ("solver/rules/payment/model.py", 1, None), ("solver/rules/layers.py", 2, None)]


def test_legacy_view_sites_are_the_params_view_and_effects_compared_with_strings():
    """``X.params`` / ``.params()`` / ``.legacy()``, reads through a name bound to one (``get``, ``in``, ``[]``),
    and an effect compared with a string; a name bound in another function and HTTP query parameters are not."""
    tree = ast.parse(textwrap.dedent("""\
        def f(ab, request):
            p = ab.params
            if "reflect" in p and p["mana"]:
                return p.get("amount")
            q = request.query_params.get("q")
            return ab.effect == "add_mana" or ab.effect in ("land_type", "delve") or x.effect.affects.legacy()
        def g(p):
            return p.get("x"), p["y"]
        def h(params):
            return params.get("x")
        """))
    assert structure.legacy_sites_in(tree) == [
        (2, "view"), (3, "[]"), (3, "in"), (4, "get"), (6, "effect == str"), (6, "effect == str"), (6, "view"),
        (10, "get")]


def test_the_structure_figures_are_measured_over_package_modules():
    """The figures of docs/DEVELOPING.md ("Structure figures") stay computable: circles are made of package modules
    (networkx), the long files and functions are over their limits, legacy-view sites are under solver/."""
    mods = set(structure.modules())
    circles = structure.circles()
    assert all(len(c) >= 2 and set(c) <= mods for c in circles)
    assert len(structure.circles(in_functions=False)) <= len(circles)
    assert all(n > structure.LONG_FILE for _, n in structure.long_files())
    assert all(n > structure.LONG_FUNCTION for _, n in structure.long_functions())
    assert all(m.startswith("solver/") for m, _ in structure.legacy_lines())


def test_the_solver_reads_the_typed_vocabulary_only():
    """No solver module reads an effect through a parameter mapping or compares an effect with a string (an effect
    is a typed dataclass: such a comparison is always false)."""
    assert structure.legacy_sites() == []


def test_the_import_graph_has_no_circle():
    """Every module imports downward only, imports inside functions included: no strongly connected component of two
    or more modules (networkx). A reader that two layers need both ways is handed in as an argument or installed by
    the layer that owns it (docs/DEVELOPING.md, "Layers"), never imported back."""
    assert structure.circles() == []


def test_no_arrow_against_the_layering_is_allowed_any_more():
    """The allow-list of arrows against the layering is empty, and stays so: a new one is a layering problem to fix,
    not a line to add."""
    assert structure.read_allowed(structure.ROOT / ".ci" / "allowed_against_layers.txt") == {}
    assert structure.against_layers() == {}
