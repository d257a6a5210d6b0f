"""Move the package's modules to the layered layout (docs/DEVELOPING.md, "Layout") and rewrite every reference.

Re-runnable: ``python3 .ci/relayout.py`` (from the repository root, on a clean work tree: it ``git mv``s) moves what is still at an old path (``git mv``) and rewrites, in every
text file of the repository (Python, Markdown, TOML, YAML, the CI lists):

* relative imports, resolved where the file stood before the move (a file that moved is read in its old frame, so
  lines written for the old layout are understood); a moved file gets absolute imports, a file that stayed keeps
  relative ones;
* dotted names ``mtgcheck.solver.produce...`` (imports, ``importlib`` and ``monkeypatch`` strings, docstrings),
  ``solver.produce...`` and ``models.cards...`` in prose, and paths ``solver/produce.py`` / ``models/catalog_data``.

A name already in the new layout is left alone, so running it twice changes nothing.

The vocabulary (``models/vocab/``): the modules of the vocab layer moved there, ``effects.py`` split by family
(``.ci/vocab_split.py``, once), and every import of a moved name rewritten to the module that defines it (an import
of a name a vocab module only imports goes to its home too; ``from ..vocab import effects as E`` with its ``E.Name``
uses becomes imports of the names). After merging a branch written for the old layout: take that branch's side of a
conflict that is only import lines, delete ``models/effects.py`` if the merge brought it back, run this, then
``python3 .ci/hoist.py`` and ``python3 .ci/structure.py --write``.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import vocab_split

ROOT = Path(__file__).resolve().parent.parent
PKG = "mtgcheck"

# old path -> new path (modules; folders of data files below)
_MOVES = {
    "models": {
        "game": ["version", "mana", "cards", "turn", "state", "subtypes", "names"],
        "data": ["inputs", "database", "importers", "cardstore", "cardcache", "catalog", "catalog_check", "readings",
                 "download", "decklist", "formats", "scenario"],
    },
    "solver": {
        "rules": ["errors", "reasons", "budget", "combinatorics", "layers", "quantities", "qualifiers", "protection",
                  "targets", "restrictions", "sickness", "payable", "support", "gate", "casting", "costs", "altcosts",
                  "ability_cache"],
        "questions": ["basic", "delve", "resolution", "verdicts", "runner", "graph", "output"],
        "decks": ["decks_question:question", "decks_cli:cli", "dask_batch"],
        "cli": ["cli:main", "data_cli:data", "support_cli:support", "quick"],
    },
}
MODULES: dict[str, str] = {}
for _top, _subs in _MOVES.items():
    for _sub, _names in _subs.items():
        for _n in _names:
            _old, _, _new = _n.partition(":")
            MODULES[f"{_top}/{_old}.py"] = f"{_top}/{_sub}/{_new or _old}.py"
MODULES.update({
    "solver/produce.py": "solver/rules/mana/produce.py",
    "solver/sources.py": "solver/rules/mana/sources.py",
    "solver/mana_amounts.py": "solver/rules/mana/amounts.py",
    "solver/mana_triggers.py": "solver/rules/mana/triggers.py",
    "solver/pool_costparts.py": "solver/rules/mana/pool_costparts.py",
    "solver/sacrifice_pools.py": "solver/rules/mana/sacrifice_pools.py",
    "solver/payment/handlers.py": "solver/questions/payment.py",
    "solver/questions.py": "solver/questions/registry.py",
    "solver/decks.py": "solver/decks/rules.py",
    "solver/web/serve_cli.py": "solver/cli/serve.py",
    "solver/companions.py": "solver/decks/companions.py",
})
# the typed vocabulary: every module of the vocab layer in models/vocab/ (.ci/layers.toml)
MODULES.update({
    "models/effects.py": "models/vocab/effects.py",
    "models/abilities.py": "models/vocab/abilities.py",
    "models/costs.py": "models/vocab/costs.py",
    "models/keywords.py": "models/vocab/keyword_model.py",
    "models/behaviour.py": "models/vocab/behaviour.py",
    "models/deckfacts.py": "models/vocab/deckfacts.py",
})
for _n in ("__init__", "activation", "cost_objects", "extensions", "costparts", "counting", "explain", "feasibility",
           "model", "quick", "search"):
    MODULES[f"solver/payment/{_n}.py"] = f"solver/rules/payment/{_n}.py"
FOLDERS = {"models/catalog_data": "models/data/catalog_data", "models/formats": "models/data/formats"}
#: New packages and their docstrings.
PACKAGES = {
    "models/game": "The game's objects: cards, mana, the game state and the turn (no card behaviour).",
    "models/data": "Files in, objects out: the card database, its importers, store and cache, the catalog, downloads, "
                   "decklists, formats, scenario files and the input limits.",
    "solver/rules": "The rules: plain functions over the game state, reading the typed vocabulary only.",
    "solver/rules/mana": "Mana: the sources a player could activate, what they could produce (CR 106.7), amounts, "
                         "pools and the cost parts of mana abilities.",
    "solver/questions": "The questions: the registry, one handler module per question kind, the runner and the "
                        "pictures of answers.",
    "solver/decks": "Decks: the deck rules, the validate_deck question, batch validation and Dask.",
    "solver/cli": "The ``mtgcheck`` command and its subcommands.",
}
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".yaml", ".yml", ".cfg", ".ini", ".html", ".js"}
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", "catalog_data", "examples"}


def dotted(path: str) -> str:
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([PKG, *parts])


OLD2NEW = {dotted(o): dotted(n) for o, n in MODULES.items()}
NEW_NAMES = set(OLD2NEW.values()) | {f"{PKG}.{p.replace('/', '.')}" for p in PACKAGES}
NEW2OLD_PATH = {n: o for o, n in MODULES.items()}


def _longest(name: str, names) -> str | None:
    best = None
    for n in names:
        if (name == n or name.startswith(n + ".")) and (best is None or len(n) > len(best)):
            best = n
    return best


_ON_DISK: set[str] = set()


def _new_names() -> set[str]:
    """The new layout's module names and every module on disk that is not at an old path (a module added since)."""
    if not _ON_DISK:
        for top in ("models", "solver"):
            for p in (ROOT / top).rglob("*.py"):
                rel = p.relative_to(ROOT).as_posix()
                if rel not in MODULES:
                    _ON_DISK.add(dotted(rel))
    return NEW_NAMES | _ON_DISK


def map_name(name: str) -> str:
    """An absolute dotted name in the new layout (unchanged when it is not old, or already new)."""
    old = _longest(name, OLD2NEW)
    if old is None:
        return name
    new = _longest(name, _new_names())
    if new is not None and len(new) > len(old):
        return name
    return OLD2NEW[old] + name[len(old):]


def _is_module(name: str) -> bool:
    """Is the absolute dotted ``name`` a module (old or new layout)?"""
    return name in OLD2NEW or name in NEW_NAMES or _exists(name)


def _exists(name: str) -> bool:
    rel = name.split(".")[1:]
    if not rel:
        return True
    p = ROOT.joinpath(*rel)
    return p.with_suffix(".py").is_file() or (p / "__init__.py").is_file()


# ---- moving ------------------------------------------------------------------------------------------------------
def move() -> None:
    for pkg, doc in PACKAGES.items():
        init = ROOT / pkg / "__init__.py"
        if not init.exists():
            init.parent.mkdir(parents=True, exist_ok=True)
            init.write_text(f'"""{doc}"""\n', encoding="utf-8")
            subprocess.run(["git", "add", str(init)], cwd=ROOT, check=True)
    for old, new in list(MODULES.items()) + list(FOLDERS.items()):
        src, dst = ROOT / old, ROOT / new
        if not src.exists():
            continue
        if src.is_dir() and dst.is_dir():  # files added at the old folder after the move
            for f in sorted(src.iterdir()):
                subprocess.run(["git", "mv", str(f), str(dst / f.name)], cwd=ROOT, check=True)
            src.rmdir()
            continue
        if dst.exists():
            sys.exit(f"both {old} and {new} exist: merge them by hand")
        dst.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "mv", old, new], cwd=ROOT, check=True)


# ---- rewriting ---------------------------------------------------------------------------------------------------
def _frame(path: str) -> str:
    """Where the file stood before the move (its relative imports are read there)."""
    return NEW2OLD_PATH.get(path, path)


def _resolve(frame: str, node: ast.ImportFrom) -> str:
    base = dotted(frame).split(".")
    if not frame.endswith("__init__.py"):
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _relative(path: str, target: str) -> tuple[int, str]:
    """(level, module) of a relative import of absolute ``target`` from the file at ``path``."""
    here = dotted(path).split(".")
    if not path.endswith("__init__.py"):
        here = here[:-1]
    tgt = target.split(".")
    common = 0
    while common < min(len(here), len(tgt)) and here[common] == tgt[common]:
        common += 1
    return len(here) - common + 1, ".".join(tgt[common:])


def _render(path: str, absolute: bool, base: str, names: list[str], indent: str) -> str:
    if base.startswith("import "):
        return indent + base
    if absolute:
        head = f"from {base} import "
    else:
        level, mod = _relative(path, base)
        head = f"from {'.' * level}{mod} import "
    line = indent + head + ", ".join(names)
    if len(line) <= 120:
        return line
    out, cur = [], indent + "    "
    for n in names:
        piece = n + ","
        if len(cur) + len(piece) + 1 > 120 and cur.strip():
            out.append(cur.rstrip())
            cur = indent + "    "
        cur += piece + " "
    out.append(cur.rstrip())
    return indent + head + "(\n" + "\n".join(out) + "\n" + indent + ")"


def _keep_noqa(first: str, body: str, tail: str = "") -> str:
    """``body`` with the ``# noqa`` comment of the statement's first line kept on its first line (unless the rest of
    the statement's last line, ``tail``, keeps it)."""
    m = re.search(r"#\s*noqa[^\n]*", first)
    if not m or "noqa" in body or "noqa" in tail:
        return body
    head, sep, rest = body.partition("\n")
    return head + "  " + m.group(0).strip() + sep + rest


def rewrite_imports(path: str, text: str) -> str:
    """Relative imports rewritten for the new layout (absolute in a moved file)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    moved = path in NEW2OLD_PATH or not path.endswith(".py") or path.startswith(("tests/", "benchmarks/", ".ci/"))
    frame = _frame(path)
    lines = text.splitlines(keepends=True)
    edits = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = _resolve(frame, node)
        elif node.module and (node.module == PKG or node.module.startswith(PKG + ".")):
            base = node.module
            if not any(f"{base}.{a.name}" in OLD2NEW and map_name(f"{base}.{a.name}") != f"{base}.{a.name}"
                       for a in node.names):
                continue  # the dotted names are rewritten below
        else:
            continue
        groups: dict[str, list[str]] = {}
        for a in node.names:
            full = f"{base}.{a.name}"
            if a.name != "*" and full in OLD2NEW and map_name(full) != full:
                new = map_name(full)
                parent, last = new.rsplit(".", 1)
                alias = a.asname or a.name
                if parent in OLD2NEW:  # `from pkg import mod` would read as the old module pkg on a second run
                    groups.setdefault(f"import {new} as {alias}", [])
                else:
                    groups.setdefault(parent, []).append(last if alias == last else f"{last} as {alias}")
            else:
                nb = map_name(base)
                groups.setdefault(nb, []).append(a.name + (f" as {a.asname}" if a.asname else ""))
        if node.level and not (path in NEW2OLD_PATH) and list(groups) == [base] and all(map_name(f"{base}.{a.name}") == f"{base}.{a.name}"
                                                        for a in node.names):
            continue  # nothing moved: keep the line as it is
        first = lines[node.lineno - 1]
        indent = first[:node.col_offset]
        last = lines[node.end_lineno - 1]
        tail = last[node.end_col_offset:]
        absolute = moved or not node.level
        body = "\n".join(_render(path, absolute, b, ns, indent) for b, ns in groups.items())
        body = _keep_noqa(first, body[len(indent):], tail)  # the indent is kept from the first line
        edits.append((node.lineno, node.end_lineno, first[:node.col_offset] + body + tail))
    for start, end, new in sorted(edits, reverse=True):
        if not new.endswith("\n"):
            new += "\n"
        lines[start - 1:end] = [new]
    return "".join(lines)


_DOTTED = re.compile(r"(?<![\w.])((?:mtgcheck\.)?(?:models|solver)(?:\.[A-Za-z_]\w*)+)")
_PATH = re.compile(r"(?<![\w.])((?:models|solver)/[\w/]*\w(?:\.py)?)")


def _map_dotted(m: re.Match) -> str:
    s = m.group(1)
    if s.startswith(PKG + "."):
        return map_name(s)
    return map_name(f"{PKG}.{s}")[len(PKG) + 1:]


def _map_path(m: re.Match) -> str:
    s = m.group(1)
    if s in MODULES:
        return MODULES[s]
    for old, new in FOLDERS.items():
        if s == old or s.startswith(old + "/"):
            return new + s[len(old):]
    if s.endswith(".py") or "/" not in s:
        return s
    # a folder: solver/payment -> solver/rules/payment (only when every module of it moved the same way)
    if s == "solver/payment":
        return "solver/rules/payment"
    return s


def rewrite_text(path: str, text: str) -> str:
    text = _DOTTED.sub(_map_dotted, text)
    text = _MOVED_DOTTED.sub(_map_moved_dotted, text)
    text = _PATH.sub(_map_path, text)
    if _split_done():
        text = text.replace("models/vocab/effects.py", "models/vocab/")
    if path.endswith(".py"):
        text = rewrite_imports(path, text)
    return text


# ---- names imported from where they are defined -----------------------------------------------------------------
#: Modules whose names are imported from their definition: a name imported from one of them that it only imports
#: itself (``from models.vocab.effects import Topic``, defined in ``models.vocab.topics``) is imported from its home.
REHOME_UNDER = ("models/vocab/",)
_DEFS: dict[str, tuple[set[str], dict[str, str]]] = {}
#: Names moved out of a module by the split of the vocabulary (``.ci/vocab_split.py``): module -> {name: new module}.
MOVED = vocab_split.moved_names()


def _defs(module: str) -> tuple[set[str], dict[str, str]]:
    """(names a module defines at top level, names it imports at top level -> absolute module)."""
    if module not in _DEFS:
        rel = module.split(".")[1:]
        path = ROOT.joinpath(*rel).with_suffix(".py")
        defined: set[str] = set()
        imported: dict[str, str] = {}
        if path.is_file():
            frame = path.relative_to(ROOT).as_posix()
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    defined.add(node.name)
                elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                    for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                        for n in ast.walk(t):
                            if isinstance(n, ast.Name):
                                defined.add(n.id)
                elif isinstance(node, ast.ImportFrom):
                    base = _resolve(frame, node) if node.level else (node.module or "")
                    if base.startswith(PKG + "."):
                        for a in node.names:
                            imported[a.asname or a.name] = f"{base}:{a.name}"
        _DEFS[module] = (defined, imported)
    return _DEFS[module]


def _home(module: str, name: str) -> str:
    """The module that defines ``name`` imported from ``module`` (itself when it defines it, or not found)."""
    seen = set()
    while module not in seen:
        seen.add(module)
        if name in MOVED.get(module, {}):
            module = MOVED[module][name]
            continue
        defined, imported = _defs(module)
        if name in defined or name not in imported:
            return module
        module, _, name = imported[name].partition(":")
    return module


def rehome_imports(path: str, text: str) -> str:
    """Imports of a name from a module of ``REHOME_UNDER`` that only imports it rewritten to its home module (the
    file's own relative or absolute style kept)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.splitlines(keepends=True)
    edits = []
    under = tuple(dotted(u + "x.py")[:-2] for u in REHOME_UNDER)
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = _resolve(path, node) if node.level else (node.module or "")
        if not base.startswith(under) or any(a.name == "*" for a in node.names):
            continue
        groups: dict[str, list[str]] = {}
        for a in node.names:
            home = _home(base, a.name)
            groups.setdefault(home, []).append(a.name + (f" as {a.asname}" if a.asname else ""))
        if list(groups) == [base]:
            continue
        first = lines[node.lineno - 1]
        indent = first[:node.col_offset]
        last = lines[node.end_lineno - 1]
        tail = last[node.end_col_offset:]
        body = "\n".join(_render(path, not node.level, b, ns, indent) for b, ns in groups.items())
        edits.append((node.lineno, node.end_lineno, first[:node.col_offset] + _keep_noqa(first, body[len(indent):], tail) + tail))
    for start, end, new in sorted(edits, reverse=True):
        if not new.endswith("\n"):
            new += "\n"
        lines[start - 1:end] = [new]
    return "".join(lines)


_MOVED_DOTTED = re.compile(r"(?<![\w.])((?:mtgcheck\.)?models\.vocab\.(?:effects|abilities))(?:\.(\w+))?")


def _split_done() -> bool:
    return not (ROOT / "models/vocab/effects.py").exists()


def _map_moved_dotted(m: re.Match) -> str:
    """``models.vocab.effects.Filter`` -> ``models.vocab.filters.Filter``; ``models.vocab.effects`` alone (a module
    split by family) -> ``models.vocab``."""
    mod, name = m.group(1), m.group(2)
    if name is None and m.string.startswith(" import", m.end()):
        return m.group(0)  # an import statement: its names are rehomed one by one (rehome_imports)
    full = mod if mod.startswith(PKG + ".") else f"{PKG}.{mod}"
    prefix = "" if mod.startswith(PKG + ".") else PKG + "."
    if name is not None and name in MOVED.get(full, {}):
        return MOVED[full][name][len(prefix):] + "." + name
    if mod.endswith(".effects") and _split_done():
        return mod[:-len(".effects")] + (f".{name}" if name else "")
    return m.group(0)


def inline_module_alias(path: str, text: str) -> str:
    """``from ..vocab import effects as E`` (a module split by family) and its ``E.Name`` uses rewritten to imports
    of the names from their family modules. Refuses (exits) when a name is bound in the file already."""
    if "effects" not in text or not _split_done():
        return text
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    target = "mtgcheck.models.vocab.effects"
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = _resolve(path, node) if node.level else (node.module or "")
        alias = next((a for a in node.names if f"{base}.{a.name}" == target), None)
        if alias is None:
            continue
        if len(node.names) != 1:
            sys.exit(f"{path}:{node.lineno}: import the split module on its own line first")
        short = alias.asname or alias.name
        uses = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                and n.value.id == short]
        names = sorted({n.attr for n in uses})
        bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        bound |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        bound |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args + n.kwonlyargs}
        clash = sorted(set(names) & bound)
        if clash:
            sys.exit(f"{path}: {short}.name uses clash with names bound in the file: {clash}")
        homes: dict[str, list[str]] = {}
        for n in names:
            homes.setdefault(_home(target, n), []).append(n)
        lines = text.splitlines(keepends=True)
        for u in sorted(uses, key=lambda n: (n.lineno, n.col_offset), reverse=True):
            ln = lines[u.lineno - 1]
            lines[u.lineno - 1] = ln[:u.col_offset] + u.attr + ln[u.end_col_offset:]
        indent = lines[node.lineno - 1][:node.col_offset]
        body = "\n".join(_render(path, not node.level, b, ns, indent) for b, ns in sorted(homes.items()))
        lines[node.lineno - 1:node.end_lineno] = [body + "\n"]
        return inline_module_alias(path, "".join(lines))
    return text


def files():
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout.decode()
    for p in out.split("\0"):
        if not p or any(part in SKIP_DIRS for part in Path(p).parts):
            continue
        if Path(p).suffix in TEXT_SUFFIXES and (ROOT / p).is_file() and p not in (".ci/relayout.py",
                                                                                  ".ci/vocab_split.py", "pyproject.toml"):
            yield p


def main() -> int:
    move()
    vocab_split.split()
    _ON_DISK.clear()
    _DEFS.clear()
    changed = 0
    for p in files():
        f = ROOT / p
        try:
            text = f.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        new = rewrite_text(p, text)
        if p.endswith(".py"):
            new = rehome_imports(p, inline_module_alias(p, new))
        if new != text:
            f.write_text(new, encoding="utf-8")
            changed += 1; print(p)
    print(f"{changed} files rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
