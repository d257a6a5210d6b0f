"""The package's structure, measured from its source: imports, layers, circles, sizes and legacy-view sites.

Read by tests/test_layering.py (so ``.ci/run`` checks the layering contract) and run by hand:

* ``python3 .ci/structure.py`` prints the figures recorded in docs/DEVELOPING.md ("Structure figures");
* ``python3 .ci/structure.py --list KIND`` lists what a figure counts, one line each (KIND: ``circles``,
  ``against``, ``inner``, ``legacy``, ``files``, ``functions``, ``reach``);
* ``python3 .ci/structure.py --write`` rewrites the two allow-lists from the code. They may only shrink: run it
  after removing entries, or after a merge, and read the diff (a new line is a new arrow against the layering or a
  new import inside a function, to be fixed rather than listed).

Nothing of the package is imported or run except for the ``reach`` figure (which reads
``solver.questions.registry.MODULE_OF``): the source is parsed with ``ast``. The layer table is ``.ci/layers.toml``.

Definitions (the same in the test and in the figures):

* a *module* is a ``.py`` file of the package: the top-level ``__init__.py`` and ``__main__.py`` and every file
  under ``models/`` and ``solver/``; it is named by its path (``solver/rules/mana/produce.py``);
* an *import* is an ``import``/``from ... import`` statement naming a module of the package (relative or
  absolute), wherever it stands; ``from pkg import name`` points at ``pkg/name.py`` when that is a module, else at
  ``pkg/__init__.py``. Imports through ``importlib.import_module`` (the question handlers, the lazy commands) are
  not seen;
* an import is *in a function* when a ``def`` or ``lambda`` encloses it (a class body or ``if TYPE_CHECKING:`` at
  module level is not a function); imports of other packages inside functions (optional dependencies) are not
  counted;
* an *arrow against the layering* is a pair (importer, imported) of modules whose layers the table does not allow
  (``may_import``), by any import of the importer;
* a *circle* is a strongly connected component of two or more modules of the import graph (all imports, those
  in functions included; networkx).
"""
from __future__ import annotations

import argparse
import ast
import fnmatch
import statistics
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CI = Path(__file__).resolve().parent
LAYERS_FILE = CI / "layers.toml"
AGAINST_FILE = CI / "allowed_against_layers.txt"
INNER_FILE = CI / "allowed_imports_in_functions.txt"
PACKAGE = "mtgcheck"
LONG_FILE = 800
LONG_FUNCTION = 100


@dataclass(frozen=True)
class Import:
    """One import of a package module: ``src`` imports ``dst`` (both paths) at ``line``; ``function`` is the
    qualified name of the enclosing function, or ``None`` at module level."""

    src: str
    dst: str
    line: int
    function: str | None

    @property
    def in_function(self) -> bool:
        return self.function is not None


# ---- the modules and their imports ----------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def modules() -> tuple[str, ...]:
    """Every module of the package, as a path relative to the repository root (sorted)."""
    out = [p for p in ("__init__.py", "__main__.py") if (ROOT / p).is_file()]
    for top in ("models", "solver"):
        out.extend(p.relative_to(ROOT).as_posix() for p in (ROOT / top).rglob("*.py"))
    return tuple(sorted(out))


def dotted(path: str) -> str:
    """``solver/rules/payment/model.py`` -> ``mtgcheck.solver.rules.payment.model``; ``models/__init__.py`` -> ``mtgcheck.models``."""
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([PACKAGE, *parts])


@lru_cache(maxsize=1)
def _by_name() -> dict[str, str]:
    return {dotted(p): p for p in modules()}


@lru_cache(maxsize=None)
def tree(path: str) -> ast.Module:
    return ast.parse((ROOT / path).read_text(encoding="utf-8"), filename=path)


def _targets(path: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The package modules one import statement of ``path`` names (paths)."""
    by_name = _by_name()
    if isinstance(node, ast.Import):
        return [by_name[a.name] for a in node.names if a.name in by_name]
    if node.level:
        base = dotted(path).split(".")
        if not path.endswith("__init__.py"):
            base = base[:-1]
        base = base[:len(base) - (node.level - 1)]
        mod = ".".join(base + ([node.module] if node.module else []))
    else:
        mod = node.module or ""
    out: list[str] = []
    for a in node.names:
        sub = f"{mod}.{a.name}"
        if sub in by_name:
            out.append(by_name[sub])
        elif mod in by_name:
            out.append(by_name[mod])
    return list(dict.fromkeys(out))


def _walk(path: str, node: ast.AST, function: str | None, prefix: str, out: list[Import]) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            out.extend(Import(path, t, child.lineno, function) for t in _targets(path, child))
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = prefix + child.name
            _walk(path, child, name, name + ".", out)
        elif isinstance(child, ast.ClassDef):
            _walk(path, child, function, prefix + child.name + ".", out)
        elif isinstance(child, ast.Lambda):
            _walk(path, child, function or prefix + "<lambda>", prefix, out)
        else:
            _walk(path, child, function, prefix, out)


def imports_in(path: str, module: ast.Module) -> list[Import]:
    """The imports of package modules that ``module`` (parsed source, standing at ``path``) makes."""
    out: list[Import] = []
    _walk(path, module, None, "", out)
    return out


@lru_cache(maxsize=1)
def imports() -> tuple[Import, ...]:
    """Every import of a package module by a package module."""
    out: list[Import] = []
    for p in modules():
        _walk(p, tree(p), None, "", out)
    return tuple(out)


def graph(in_functions: bool = True):
    """The import graph (networkx ``DiGraph`` over module paths); without the imports in functions if asked."""
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(modules())
    g.add_edges_from((i.src, i.dst) for i in imports() if in_functions or not i.in_function)
    g.remove_edges_from(list(nx.selfloop_edges(g)))
    return g


def circles(in_functions: bool = True) -> list[list[str]]:
    """The circles (strongly connected components of two or more modules), largest first."""
    import networkx as nx

    comps = [sorted(c) for c in nx.strongly_connected_components(graph(in_functions)) if len(c) > 1]
    return sorted(comps, key=lambda c: (-len(c), c))


# ---- the layers ---------------------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def layer_table() -> dict[str, dict]:
    """``.ci/layers.toml``: layer name -> ``{"may_import": [...], "modules": [patterns]}``, bottom layer first."""
    with LAYERS_FILE.open("rb") as f:
        return tomllib.load(f)


def layer_problems() -> list[str]:
    """What is wrong with the table itself: a module in no layer or in two, a pattern matching nothing, an unknown
    layer named in ``may_import``."""
    table = layer_table()
    problems: list[str] = []
    for name, spec in table.items():
        for other in spec.get("may_import", ()):
            if other not in table:
                problems.append(f"layer {name!r} may import {other!r}, which is no layer of {LAYERS_FILE.name}")
        for pat in spec["modules"]:
            if not any(fnmatch.fnmatchcase(m, pat) for m in modules()):
                problems.append(f"pattern {pat!r} of layer {name!r} matches no module: remove it")
    for m in modules():
        hits = [name for name, spec in table.items() if any(fnmatch.fnmatchcase(m, p) for p in spec["modules"])]
        if not hits:
            problems.append(f"{m} is in no layer: add it to the layer it belongs to in .ci/{LAYERS_FILE.name} "
                            f"(docs/DEVELOPING.md, 'Layers')")
        elif len(hits) > 1:
            problems.append(f"{m} is in {len(hits)} layers ({', '.join(hits)}): keep it in one")
    return problems


@lru_cache(maxsize=1)
def layer_of() -> dict[str, str]:
    """Module path -> its layer (the first layer whose patterns match it)."""
    out: dict[str, str] = {}
    for m in modules():
        for name, spec in layer_table().items():
            if any(fnmatch.fnmatchcase(m, p) for p in spec["modules"]):
                out[m] = name
                break
    return out


def allowed(src_layer: str, dst_layer: str) -> bool:
    """May a module of ``src_layer`` import one of ``dst_layer``? (Its own layer always.)"""
    return src_layer == dst_layer or dst_layer in layer_table()[src_layer].get("may_import", ())


def against_layers() -> dict[tuple[str, str], list[Import]]:
    """The arrows against the layering: (importer, imported) -> the imports that make it."""
    lay = layer_of()
    out: dict[tuple[str, str], list[Import]] = defaultdict(list)
    for i in imports():
        if i.src in lay and i.dst in lay and not allowed(lay[i.src], lay[i.dst]):
            out[(i.src, i.dst)].append(i)
    return dict(sorted(out.items()))


def inner_imports() -> dict[tuple[str, str], list[Import]]:
    """The imports of package modules inside functions: (importer, imported) -> those imports."""
    out: dict[tuple[str, str], list[Import]] = defaultdict(list)
    for i in imports():
        if i.in_function:
            out[(i.src, i.dst)].append(i)
    return dict(sorted(out.items()))


# ---- the allow-lists ----------------------------------------------------------------------------------------------
def read_allowed(path: Path) -> dict[tuple[str, str], int]:
    """An allow-list: lines ``importer -> imported`` (with `` N`` for a count); ``#`` comments. -> pair -> count."""
    out: dict[tuple[str, str], int] = {}
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        src, sep, rest = line.partition(" -> ")
        words = rest.split()
        if not sep or len(words) not in (1, 2) or (len(words) == 2 and not words[1].isdigit()):
            raise ValueError(f"{path.name}, line {n}: expected 'importer.py -> imported.py [count]', got {raw!r}")
        if (src, words[0]) in out:
            raise ValueError(f"{path.name}, line {n}: {src} -> {words[0]} is listed twice")
        out[(src, words[0])] = int(words[1]) if len(words) == 2 else 1
    return out


_HEADERS = {
    AGAINST_FILE: "Arrows against the layering (.ci/layers.toml) that the code has today: importer -> imported.\n"
                  "This list may only shrink (tests/test_layering.py): fix an arrow (move the function it imports one\n"
                  "layer down, or the import up to a layer allowed to make it), then remove its line.\n"
                  "Regenerate: python3 .ci/structure.py --write",
    INNER_FILE: "Imports of mtgcheck modules inside functions that the code has today: importer -> imported count.\n"
                "This list may only shrink (tests/test_layering.py): a hidden import hides an arrow of the import\n"
                "graph; move it to the top of its module (a circle it then closes is a layering problem to fix).\n"
                "Imports of optional dependencies inside functions are not listed and stay allowed.\n"
                "Regenerate: python3 .ci/structure.py --write",
}


def write_allowed() -> None:
    """Rewrite both allow-lists from the code."""
    against = against_layers()
    inner = inner_imports()
    body_a = [f"{s} -> {d}" for (s, d) in against]
    body_i = [f"{s} -> {d} {len(v)}" for (s, d), v in inner.items()]
    for path, body in ((AGAINST_FILE, body_a), (INNER_FILE, body_i)):
        head = "\n".join("# " + h for h in _HEADERS[path].splitlines())
        path.write_text(head + "\n" + "\n".join(body) + "\n", encoding="utf-8")


# ---- sizes and legacy-view sites ----------------------------------------------------------------------------------
def long_files(limit: int = LONG_FILE) -> list[tuple[str, int]]:
    """Modules over ``limit`` lines, longest first."""
    sizes = [(m, len((ROOT / m).read_text(encoding="utf-8").splitlines())) for m in modules()]
    return sorted(((m, n) for m, n in sizes if n > limit), key=lambda x: (-x[1], x[0]))


def long_functions(limit: int = LONG_FUNCTION) -> list[tuple[str, int]]:
    """Functions over ``limit`` lines (``def`` line to last line), as ``path:qualname``, longest first."""
    out: list[tuple[str, int]] = []

    def visit(path: str, node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = (child.end_lineno or child.lineno) - child.lineno + 1
                if n > limit:
                    out.append((f"{path}:{prefix}{child.name}", n))
                visit(path, child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(path, child, prefix + child.name + ".")
            else:
                visit(path, child, prefix)

    for m in modules():
        visit(m, tree(m), "")
    return sorted(out, key=lambda x: (-x[1], x[0]))


def _is_view(node: ast.AST, names: set[str]) -> bool:
    """Is ``node`` the legacy parameter view: ``X.params``, ``X.params()``, ``X.legacy()`` or a name bound to one?"""
    if isinstance(node, ast.Call):
        node = node.func
        return isinstance(node, ast.Attribute) and node.attr in ("params", "legacy")
    if isinstance(node, ast.Attribute):
        return node.attr == "params"
    return isinstance(node, ast.Name) and node.id in names


def _is_effect(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "effect") or (isinstance(node, ast.Attribute) and
                                                                    node.attr == "effect")


def _is_str(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_is_str(e) for e in node.elts)
    return False


def legacy_sites(folder: str = "solver") -> list[tuple[str, int, str]]:
    """Places under ``folder`` that read the legacy parameter view of an effect, as (path, line, what):

    * ``view``: reading ``X.params`` (the property) or calling ``X.params()`` or ``X.legacy()``;
    * ``get``/``in``/``[]``: ``v.get(...)``, ``"key" in v`` / ``not in``, ``v[...]`` on a view ``v`` (one of
      the above, a name assigned one of the above in the same function, or a parameter named ``params``);
    * ``effect == str``: comparing an effect (``effect`` or ``X.effect``) with a string or strings
      (``==``, ``!=``, ``in``, ``not in``).

    ``request.query_params`` (HTTP) is not an effect. One line can hold several sites (``ab.params.get(...)`` is a
    ``view`` and a ``get``); the figure counts lines (``legacy_lines``).
    """
    return sorted((m, line, what) for m in modules() if m.startswith(folder + "/")
                  for line, what in legacy_sites_in(tree(m)))


def legacy_sites_in(module: ast.Module) -> list[tuple[int, str]]:
    """The legacy-view sites of one parsed module, as (line, what); see ``legacy_sites``."""
    out: list[tuple[int, str]] = []
    funcs = [n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for scope in [module, *funcs]:
        body = list(_own_nodes(scope))
        names: set[str] = set()
        if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.update(a.arg for a in scope.args.args + scope.args.kwonlyargs if a.arg == "params")
        for n in body:
            if isinstance(n, ast.Assign) and _is_view(n.value, set()):
                names.update(t.id for t in n.targets if isinstance(t, ast.Name))
        for n in body:
            site = _legacy_site(n, names)
            if site is not None:
                out.append((n.lineno, site))
    return sorted(out)


def legacy_lines(folder: str = "solver") -> list[tuple[str, int]]:
    """The distinct (path, line) of ``legacy_sites``: the figure "legacy-view lines in solver/"."""
    return sorted({(m, line) for m, line, _ in legacy_sites(folder)})


def _own_nodes(scope: ast.AST):
    """The nodes of one scope (a module or a function), not descending into the functions it defines."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        n = stack.pop()
        yield n
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(n))
        elif isinstance(n, ast.Lambda):
            stack.append(n.body)  # a lambda's body reads the names of the scope around it


def _legacy_site(n: ast.AST, names: set[str]) -> str | None:
    """Which legacy-view site ``n`` is (see ``legacy_sites``), or ``None``."""
    if isinstance(n, ast.Attribute) and n.attr == "params" and not (
            isinstance(n.value, ast.Name) and n.value.id == "request"):
        return "view"
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "legacy":
        return "view"
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get" and \
            _is_view(n.func.value, names) and not _is_request(n.func.value):
        return "get"
    if isinstance(n, ast.Subscript) and _is_view(n.value, names) and not _is_request(n.value):
        return "[]"
    if isinstance(n, ast.Compare) and len(n.ops) == 1:
        left, right, op = n.left, n.comparators[0], n.ops[0]
        if isinstance(op, (ast.In, ast.NotIn)) and _is_str(left) and _is_view(right, names):
            return "in"
        if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) and (
                (_is_effect(left) and _is_str(right)) or (_is_str(left) and _is_effect(right))):
            return "effect == str"
    return None


def _is_request(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "request"


# ---- what a question handler can reach ----------------------------------------------------------------------------
def handler_reach(in_functions: bool = True, under: str = "") -> dict[str, int]:
    """Question kind -> how many other package modules (those whose path starts with ``under``) its handler module
    can reach through imports (with those in functions, unless asked). Reads ``solver.questions.registry.MODULE_OF``
    (imports the package)."""
    import networkx as nx

    from mtgcheck.solver.questions.registry import MODULE_OF

    by_name = _by_name()
    g = graph(in_functions)
    return {kind: sum(1 for m in nx.descendants(g, by_name[mod]) if m.startswith(under))
            for kind, mod in sorted(MODULE_OF.items())}


# ---- the figures --------------------------------------------------------------------------------------------------
def figures() -> dict[str, object]:
    """The figures of docs/DEVELOPING.md, "Structure figures"."""
    circ = circles()
    reach = handler_reach()
    return {
        "modules": len(modules()),
        "circles": len(circ),
        "modules in circles": sum(len(c) for c in circ),
        "largest circle": len(circ[0]) if circ else 0,
        "circles without the imports in functions": len(circles(in_functions=False)),
        "arrows against the layering": len(against_layers()),
        "imports in functions": sum(len(v) for v in inner_imports().values()),
        "module pairs imported in functions": len(inner_imports()),
        "legacy-view sites in solver/": len(legacy_sites()),
        "legacy-view lines in solver/": len(legacy_lines()),
        f"files over {LONG_FILE} lines": len(long_files()),
        f"functions over {LONG_FUNCTION} lines": len(long_functions()),
        "median modules a question handler can reach": statistics.median(reach.values()),
        "  of them under solver/": statistics.median(handler_reach(under="solver/").values()),
        "  through module-level imports only": statistics.median(handler_reach(in_functions=False).values()),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("--list", choices=("circles", "against", "inner", "legacy", "files", "functions", "reach"))
    ap.add_argument("--write", action="store_true", help="rewrite the allow-lists from the code")
    a = ap.parse_args(argv)
    problems = layer_problems()
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    if a.write:
        write_allowed()
        return 0
    if a.list == "circles":
        for c in circles():
            print(f"{len(c)}: {' '.join(c)}")
    elif a.list == "against":
        lay = layer_of()
        for (s, d), v in against_layers().items():
            print(f"{s} ({lay[s]}) -> {d} ({lay[d]}): lines {', '.join(str(i.line) for i in v)}")
    elif a.list == "inner":
        for (s, d), v in inner_imports().items():
            print(f"{s} -> {d}: {', '.join(f'{i.function} (line {i.line})' for i in v)}")
    elif a.list == "legacy":
        for m, line, what in legacy_sites():
            print(f"{m}:{line}: {what}")
    elif a.list == "files":
        for m, n in long_files():
            print(f"{n:5d} {m}")
    elif a.list == "functions":
        for f, n in long_functions():
            print(f"{n:5d} {f}")
    elif a.list == "reach":
        top = handler_reach(in_functions=False)
        for kind, n in handler_reach().items():
            print(f"{n:3d} {kind} ({top[kind]} through module-level imports only)")
    else:
        for k, v in figures().items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
