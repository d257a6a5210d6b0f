"""Move imports of package modules out of functions to the top of their module, where no circle results.

Re-runnable: ``python3 .ci/hoist.py [PATH ...]`` (default: every module but the top layer, whose imports in
functions are the lazy public API and the lazy commands). An import stays in its function when moving it would
close a circle of module-level imports (``.ci/structure.py``), when its name is bound to something else at module
level, inside ``try`` (an optional part), or when it would make the module import one of ``LAZY`` at load time (the
picture and batch machinery that ``mtgcheck ask`` loads only when asked). Then ``python3 .ci/structure.py --write``.
"""
from __future__ import annotations

import ast
import fnmatch
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import networkx as nx  # noqa: E402

import structure  # noqa: E402

ROOT = structure.ROOT
#: Modules loaded only when asked for (a picture, the constraint solver, the batch, the page, downloads, the English
#: readers that a cached card never needs, the mana sources that could_produce never needs): never pulled in at load time by a module that did not load them before.
LAZY = ("solver/questions/graph.py", "solver/decks/dask_batch.py", "solver/decks/cli.py", "models/data/download.py",
        "solver/rules/payment/search.py", "solver/rules/payment/counting.py", "solver/rules/mana/produce.py",
        "solver/rules/mana/sources.py", "solver/web/*", "models/text/*")
KEEP_LAYERS = {"top"}
#: Command modules below the top layer whose lazy imports keep a batch's start light (docs/decks.md: a batch from
#: stored card facts loads neither the effect vocabulary nor the question machinery).
KEEP_MODULES = {"solver/decks/cli.py", "solver/decks/dask_batch.py", "solver/decks/batch.py", "solver/decks/jsonl.py",
                "solver/decks/pool.py", "solver/decks/output.py"}


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    out = {}
    for n in ast.walk(tree):
        for c in ast.iter_child_nodes(n):
            out[c] = n
    return out


def _base(path: str, node: ast.ImportFrom) -> str:
    """The absolute module an import-from statement of ``path`` reads from."""
    if not node.level:
        return node.module or ""
    base = structure.dotted(path).split(".")
    if not path.endswith("__init__.py"):
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _bound(node: ast.Import | ast.ImportFrom, path: str = "") -> list[tuple[str, str]]:
    """(name bound, what it is) of an import statement."""
    out = []
    for a in node.names:
        if isinstance(node, ast.Import):
            out.append((a.asname or a.name.split(".")[0], a.name if a.asname else a.name.split(".")[0]))
        else:
            out.append((a.asname or a.name, f"{_base(path, node)}:{a.name}"))
    return out


def _module_bindings(tree: ast.Module, path: str) -> dict[str, str | None]:
    """Names bound at module level -> what an import binds them to (None: bound otherwise)."""
    out: dict[str, str | None] = {}

    def visit(body):
        for n in body:
            if isinstance(n, (ast.Import, ast.ImportFrom)):
                for name, what in _bound(n, path):
                    out.setdefault(name, what)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out[n.name] = None
            elif isinstance(n, (ast.If, ast.Try)):
                visit(n.body)
                visit(getattr(n, "orelse", []))
                for h in getattr(n, "handlers", []):
                    visit(h.body)
                visit(getattr(n, "finalbody", []))
            else:
                for t in ast.walk(n):
                    if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store):
                        out[t.id] = None
    visit(tree.body)
    return out


def _enclosing_function(node, parents):
    n = parents.get(node)
    inside_try = False
    while n is not None:
        if isinstance(n, ast.Try):
            inside_try = True
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return n, inside_try
        n = parents.get(n)
    return None, inside_try


def _stores_in(fn: ast.AST, name: str, skip: ast.AST) -> bool:
    for n in ast.walk(fn):
        if n is skip:
            continue
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
            return True
        if isinstance(n, (ast.Import, ast.ImportFrom)) and n is not skip and any(b == name for b, _ in _bound(n)):
            if _bound(n) != _bound(skip):
                return True
        if isinstance(n, ast.arg) and n.arg == name:
            return True
    return False


def _insert_line(tree: ast.Module) -> int:
    """The line after which module-level imports go (after the last import before the first definition)."""
    last = 0
    for n in tree.body:
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            last = n.end_lineno
        elif isinstance(n, ast.Expr) and isinstance(getattr(n, "value", None), ast.Constant) and last == 0:
            last = n.end_lineno  # the docstring
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            break
    return last


def _with_packages(src: str, targets) -> list[str]:
    """The modules an import of ``targets`` runs: each target and the ``__init__.py`` of every package above it
    that ``src`` is not inside (Python runs a package's ``__init__`` before its submodules)."""
    out = []
    for t in targets:
        parts = t.split("/")
        for k in range(1, len(parts)):
            pkg = "/".join(parts[:k])
            init = pkg + "/__init__.py"
            if init in structure._by_name().values() and not src.startswith(pkg + "/"):
                out.append(init)
        out.append(t)
    return list(dict.fromkeys(out))


def _runtime_imports(path: str) -> list[str]:
    """The modules ``path`` imports when it is loaded: module level, not under ``if TYPE_CHECKING:``."""
    out: list[str] = []

    def visit(body):
        for n in body:
            if isinstance(n, (ast.Import, ast.ImportFrom)):
                out.extend(structure._targets(path, n))
            elif isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test):
                visit(n.orelse)
            elif isinstance(n, (ast.If, ast.Try)):
                visit(n.body)
                visit(n.orelse)
                for h in getattr(n, "handlers", []):
                    visit(h.body)
                visit(getattr(n, "finalbody", []))
    visit(structure.tree(path).body)
    return out


def load_runtime_graph():
    """What loading each module loads (``_runtime_imports`` with the package ``__init__`` runs)."""
    g = nx.DiGraph()
    g.add_nodes_from(structure.modules())
    for m in structure.modules():
        g.add_edges_from((m, t) for t in _with_packages(m, _runtime_imports(m)) if t != m)
    return g


def load_graph():
    """The module-level import graph, with the package ``__init__`` runs of ``_with_packages``."""
    g = structure.graph(in_functions=False)
    for i in structure.imports():
        if not i.in_function:
            g.add_edges_from((i.src, t) for t in _with_packages(i.src, [i.dst]) if t != i.src)
    return g


def _loaded_eagerly(path: str, rt) -> bool:
    """Whether a module outside ``LAZY`` loads ``path`` at load time (``path`` itself included): only then can
    moving an import of ``path`` to its top pull a lazy module onto a light path. A lazy module loaded only by lazy
    modules (the line parser, loaded when a card's text is first read) may import the other lazy modules it uses
    at its top."""
    return any(not any(fnmatch.fnmatchcase(m, pat) for pat in LAZY) for m in nx.ancestors(rt, path) | {path})


def hoist_file(path: str, g, rt) -> int:
    text = (ROOT / path).read_text(encoding="utf-8")
    tree = ast.parse(text)
    parents = _parents(tree)
    bindings = _module_bindings(tree, path)
    stored = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    stored |= {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}
    imported: dict[str, set[str]] = {}
    for n in ast.walk(tree):
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            for name, what in _bound(n, path):
                imported.setdefault(name, set()).add(what)
    lines = text.splitlines(keepends=True)
    removals: list[tuple[int, int, str | None]] = []  # (start, end, replacement)
    added: list[str] = []
    added_bind: dict[str, str] = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        fn, in_try = _enclosing_function(node, parents)
        if fn is None or in_try:
            continue
        targets = structure._targets(path, node)
        if not targets:
            continue  # another package's import (an optional dependency)
        if isinstance(node, ast.Import) and any(a.asname is None for a in node.names):
            continue
        # whole lines only
        first, last = lines[node.lineno - 1], lines[node.end_lineno - 1]
        if first[:node.col_offset].strip() or last[node.end_col_offset:].split("#", 1)[0].strip():
            continue
        binds = _bound(node, path)
        ok, same = True, True
        for name, what in binds:
            have = bindings.get(name, added_bind.get(name, "<none>"))
            if have == "<none>":
                same = False
            elif have != what:
                ok = False
            if isinstance(fn, ast.Lambda) or _stores_in(fn, name, node) or name in stored or len(imported[name]) > 1:
                ok = False
        if not ok:
            continue
        new_edges = [(path, t) for t in _with_packages(path, targets) if t != path and not g.has_edge(path, t)]
        if any(t in g and nx.has_path(g, t, path) for _, t in new_edges):
            continue  # a circle at load time
        rt_edges = [(path, t) for t in _with_packages(path, targets) if t != path]
        reach = set()
        for _, t in rt_edges:
            reach |= {t} | nx.descendants(rt, t)
        before = nx.descendants(rt, path) | {path}
        if any(fnmatch.fnmatchcase(m, pat) for m in reach - before for pat in LAZY) and _loaded_eagerly(path, rt):
            continue
        g.add_edges_from(new_edges)
        rt.add_edges_from(rt_edges)
        parent = parents[node]
        body = next(getattr(parent, f) for f in ("body", "orelse", "finalbody", "handlers")
                    if node in getattr(parent, f, []))
        alone = len(body) == 1
        indent = first[:node.col_offset]
        removals.append((node.lineno, node.end_lineno, indent + "pass\n" if alone else None))
        if not same:
            seg = ast.get_source_segment(text, node)
            seg = textwrap.dedent(" " * node.col_offset + seg) if "\n" in seg else seg
            added.append(seg.rstrip() + "\n")
            for name, what in binds:
                added_bind[name] = what
    if not removals:
        return 0
    for start, end, repl in sorted(removals, reverse=True):
        lines[start - 1:end] = [repl] if repl else []
    at = _insert_line(tree)
    lines[at:at] = added
    (ROOT / path).write_text("".join(lines), encoding="utf-8")
    return len(removals)


def main(argv: list[str]) -> int:
    lay = structure.layer_of()
    paths = argv or [m for m in structure.modules() if lay.get(m) not in KEEP_LAYERS and m not in KEEP_MODULES]
    total = 0
    g, rt = load_graph(), load_runtime_graph()
    for p in paths:
        n = hoist_file(p, g, rt)
        if n:
            print(f"{p}: {n}")
        total += n
    print(f"{total} imports moved to module level")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
