"""``mtgcheck validate``: batch decklist validation.

``mtgcheck validate PATH... --format FORMAT [--cards FILE] [--json | --csv] [--jobs N]``

PATHs are decklist files (MTGO text, Arena export, Moxfield/Archidekt text, MTGO ``.dek``,
Cockatrice ``.cod``), folders of them, and JSON-lines files of many decks (plain or gzip).
``--format auto`` takes each deck's format from its record (JSON lines ``format``).

Output: the card data's source and date, a summary table (legal / illegal / legality unknown /
unreadable, and decks by problem code), then the problems of the decks that are not legal; or one
JSON object per deck (``--json``, JSON lines) or one CSV row per deck (``--csv``). A progress bar is
drawn on stderr for long runs when stderr is a terminal.

Exit codes: 0 every deck legal; 1 some deck is not shown legal: illegal, unreadable (lines or card
names that could not be read) or of unknown legality (the card data, e.g. the embedded catalog, has no
legality for some of its cards: status ``unknown``, ``legal`` null); 2 the run could not check its
inputs: an input, the card data or the format cannot be read, a ``--commander``/``--companion`` name is
not a card, or the paths hold no decklist at all.

``--jobs N`` validates in N processes started with ``fork`` so they share the loaded card
data; results come back in input order.
"""
from __future__ import annotations

import csv
import json
import multiprocessing as mp
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import click

_STATE: dict[str, Any] = {}
_CHUNK = 500


def _validator(fmt_name: str):
    from mtgcheck.models.formats import load_format

    from .decks import DeckValidator

    vs = _STATE.setdefault("validators", {})
    v = vs.get(fmt_name)
    if v is None:
        v = vs[fmt_name] = DeckValidator(load_format(fmt_name), _STATE["db"])
    return v


_STATUSES = ("legal", "illegal", "unknown", "unreadable")
_STATUS_LABELS = {"unknown": "legality unknown"}


def _with_path(path: str, message: str) -> str:
    """``path: message`` unless the message already starts with the path."""
    return message if str(message).startswith(str(path)) else f"{path}: {message}"


def _error_row(deck, message: str) -> dict[str, Any]:
    return {"source": deck.source, "index": deck.index, "name": deck.name, "format": deck.format, "legal": False,
            "status": "unreadable", "codes": ["unreadable_line"],
            "problems": [{"code": "unreadable_line", "rule": "format", "message": message, "cards": [], "counts": {}}],
            "notes": [], "counts": {}, "commanders": [], "companion": None,
            "data_date": getattr(_STATE.get("db"), "date", None), "line": deck.line}


def _validate_one(deck) -> dict[str, Any]:
    fmt = _STATE["format"]
    if fmt == "auto":
        if not deck.format:
            return _error_row(deck, "the deck names no format; give --format")
        fmt = deck.format
    from .questions import QuestionError, Unsupported

    try:
        v = _validator(fmt)
    except ValueError as e:  # FormatError
        return _error_row(deck, str(e))
    try:
        d = v.validate(deck, commanders=_STATE.get("commanders"), companion=_STATE.get("companion")).to_dict()
    except QuestionError as e:  # a --commander/--companion name that is not a card (checked up front too)
        return _error_row(deck, str(e))
    except Unsupported as e:  # a rule we cannot decide for this deck (e.g. Zirda on text not understood)
        row = _error_row(deck, f"not modelled: {e}")
        row.update(legal=None, status="unknown", codes=["unsupported"])
        row["problems"][0].update(code="unsupported", rule="not modelled")
        return row
    d["line"] = deck.line
    return d


def _run_task(task: tuple) -> list[tuple]:
    """Validate a task's decks; per deck ``(status, format, codes, legal, output, dict or None)`` where output is
    the JSON line or CSV row already rendered (cheap to send between processes)."""
    mode = _STATE.get("mode")
    out = []
    for d in _run_task_dicts(task):
        if "fatal" in d:
            out.append(("fatal", None, [], False, None, d))
            continue
        rendered = json.dumps(d, ensure_ascii=False, default=str) if mode == "json" else (
            _csv_row(d) if mode == "csv" else None)
        out.append((d["status"], d.get("format"), d.get("codes") or [], d["legal"], rendered,
                    None if d["legal"] or mode else d))
    return out


def _run_task_dicts(task: tuple) -> list[dict[str, Any]]:
    """One unit of work: ``("file", path, reader)`` or ``("jsonl", path, [(line_no, index, text), ...])``."""
    from mtgcheck.models.decklist import DecklistError, parse_jsonl_record, read_decks

    kind = task[0]
    out: list[dict[str, Any]] = []
    if kind == "jsonl":
        _, path, rows = task
        for ln, idx, text in rows:
            out.append(_validate_one(parse_jsonl_record(text, path, idx, ln)))
        return out
    _, path, reader = task
    try:
        for deck in read_decks(path, reader):
            out.append(_validate_one(deck))
    except DecklistError as e:
        out.append({"source": str(path), "index": 0, "status": "unreadable", "legal": False, "codes": [],
                    "problems": [], "fatal": str(e)})
    return out


def _tasks(files: list[Path], reader: str | None, err) -> Iterator[tuple[int, tuple]]:
    """Yield (number of decks, task) for every input."""
    from mtgcheck.models.decklist import DecklistError, _open_text

    for f in files:
        name = f.name.lower()
        is_jsonl = reader == "jsonl" or (reader is None and name.endswith((".jsonl", ".jsonl.gz", ".ndjson")))
        if not is_jsonl:
            yield 1, ("file", str(f), reader)
            continue
        try:
            with _open_text(f) as fp:
                rows: list[tuple[int, int, str]] = []
                idx = 0
                for ln, raw in enumerate(fp, 1):
                    s = raw.strip()
                    if not s:
                        continue
                    rows.append((ln, idx, s))
                    idx += 1
                    if len(rows) >= _CHUNK:
                        yield len(rows), ("jsonl", str(f), rows)
                        rows = []
                if rows:
                    yield len(rows), ("jsonl", str(f), rows)
        except (OSError, UnicodeDecodeError, EOFError, DecklistError) as e:
            yield 0, ("fatal", str(f), _with_path(str(f), f"cannot read: {e}"))


def _suffixes() -> list[str]:
    from mtgcheck.models.decklist import DECK_SUFFIXES

    return list(DECK_SUFFIXES)


def _csv_header() -> list[str]:
    return ["source", "index", "line", "name", "format", "status", "legal", "codes", "problems", "first_problem",
            "commanders", "data_date"]


def _csv_row(d: dict[str, Any]) -> list[Any]:
    probs = d.get("problems") or []
    return [d.get("source"), d.get("index"), d.get("line"), d.get("name") or "", d.get("format"), d.get("status"),
            d.get("legal"), " ".join(d.get("codes") or []), len(probs), probs[0]["message"] if probs else d.get("fatal", ""),
            " / ".join(d.get("commanders") or []), d.get("data_date") or ""]


def register(main: click.Group) -> None:
    """Add the ``validate`` command to the ``mtgcheck`` group."""

    @main.command()
    @click.argument("paths", nargs=-1, required=True, type=click.Path())
    @click.option("--format", "-f", "fmt", required=True,
                  help="Format name (modern, legacy, vintage, pauper, pioneer, standard, commander, duel, brawl, "
                       "standardbrawl, oathbreaker, limited, ...), a format YAML file, or 'auto' (each deck's own).")
    @click.option("--cards", "cards", type=click.Path(), default=None, envvar="MTGCHECK_CARDS",
                  help="Card data file (Scryfall bulk / JSON lines / MTGJSON; env MTGCHECK_CARDS).")
    @click.option("--json", "as_json", is_flag=True, help="One JSON object per deck (JSON lines).")
    @click.option("--csv", "as_csv", is_flag=True, help="One CSV row per deck.")
    @click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
    @click.option("--reader", type=click.Choice(["mtgo", "arena", "moxfield", "archidekt", "dek", "cod", "jsonl"]),
                  default=None, help="Decklist format of the inputs (detected when omitted).")
    @click.option("--commander", "commanders", multiple=True, help="Commander(s) of a list that does not name them.")
    @click.option("--companion", default=None, help="The companion of a list that has no Companion section.")
    @click.option("--show", type=click.IntRange(min=0), default=20, show_default=True,
                  help="Most illegal decks whose problems are listed under the table.")
    def validate(paths, fmt, cards, as_json, as_csv, jobs, reader, commanders, companion, show):
        """Validate every decklist under PATHS against FORMAT's deck-construction rules."""
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        from rich.table import Table

        from mtgcheck.models.decklist import iter_deck_files
        from mtgcheck.models.formats import FormatError, load_format

        from .cli import open_database

        err = Console(stderr=True, highlight=False)
        if as_json and as_csv:
            err.print("[bold red]error:[/] choose one of --json and --csv")
            sys.exit(2)
        if fmt != "auto":
            try:
                fmt_obj = load_format(fmt)
            except FormatError as e:
                err.print(f"[bold red]error:[/] {e}")
                sys.exit(2)
            fmt_key = fmt_obj.source if fmt.lower().endswith((".yaml", ".yml")) else fmt_obj.name
        else:
            fmt_key = "auto"
        db = open_database(cards)
        for what, names in (("commander", commanders), ("companion", [companion] if companion else [])):
            for nm in names:
                if db.find(nm) is None:
                    try:
                        db.get(nm)
                        hint = ""
                    except KeyError as e:
                        sug = list(getattr(e, "suggestions", []) or [])
                        hint = f"; did you mean {sug[0]!r}?" if sug else ""
                    err.print(f"[bold red]error:[/] --{what} {nm!r}: no card has this name in the card data "
                              f"({getattr(db, 'source', None) or 'catalog'}){hint}")
                    sys.exit(2)
        _STATE.clear()
        _STATE.update(db=db, format=fmt_key, commanders=list(commanders) or None, companion=companion,
                      mode="json" if as_json else ("csv" if as_csv else None))
        files, missing = iter_deck_files(paths)
        fatal: list[str] = list(missing)
        for p in paths:
            pp = Path(p)
            if files and pp.is_dir() and not any(pp in f.parents for f in files):
                err.print(f"[yellow]warning:[/] {p}: the folder holds no decklist file (names ending in "
                          f"{', '.join(_suffixes())})")
        tasks = list(_tasks(files, reader, err))
        total = sum(n for n, _ in tasks)
        for n, t in tasks:
            if t[0] == "fatal":
                fatal.append(_with_path(t[1], t[2]))
        work = [t for _, t in tasks if t[0] != "fatal"]

        out = sys.stdout  # (click.get_text_stream is deprecated since click 8.5)
        writer = csv.writer(out) if as_csv else None
        if writer:
            writer.writerow(_csv_header())
        status = Counter()
        by_code = Counter()
        by_format: Counter = Counter()
        shown: list[dict[str, Any]] = []
        n_done = 0
        show_bar = total >= 200 and err.is_terminal

        def consume(results: list[tuple]) -> None:
            nonlocal n_done
            for st, f, cs, legal, rendered, d in results:
                if st == "fatal":
                    fatal.append(_with_path(d["source"], d["fatal"]))
                    continue
                n_done += 1
                status[st] += 1
                by_format[(f, st)] += 1
                for c in cs:
                    by_code[c] += 1
                if as_json:
                    out.write(rendered + "\n")
                elif writer:
                    writer.writerow(rendered)
                elif not legal and len(shown) < show:
                    shown.append(d)

        with Progress(TextColumn("validating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=err, transient=True, disable=not show_bar) as progress:
            bar = progress.add_task("decks", total=total)
            if jobs > 1 and len(work) > 1:
                ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
                with ctx.Pool(jobs) as pool:
                    for res in pool.imap(_run_task, work, chunksize=1):
                        consume(res)
                        progress.advance(bar, len(res))
            else:
                for t in work:
                    res = _run_task(t)
                    consume(res)
                    progress.advance(bar, len(res))

        if n_done == 0 and not fatal:
            fatal.append("no decklist found under " + ", ".join(map(str, paths)) + " (decklist files end in "
                         + ", ".join(_suffixes()) + ")")
        if not as_json and not as_csv and n_done:
            con = Console(highlight=False)
            # the source and date on lines of their own: a long path would wrap inside a narrow table title
            con.print(f"mtgcheck validate: {n_done} decks, format {fmt}")
            con.print(f"card data: {getattr(db, 'source', None) or 'catalog'} dated {getattr(db, 'date', None) or 'unknown'}",
                      soft_wrap=True)
            t = Table()
            t.add_column("result")
            t.add_column("decks", justify="right")
            for s in _STATUSES:
                t.add_row(_STATUS_LABELS.get(s, s), str(status.get(s, 0)))
            for code, n in by_code.most_common():
                t.add_row(f"  {code}", str(n))
            con.print(t)
            if fmt == "auto" and len({f for f, _ in by_format}) > 1:
                ft = Table(title="by format")
                ft.add_column("format")
                for s in _STATUSES:
                    ft.add_column(_STATUS_LABELS.get(s, s), justify="right")
                for f in sorted({f for f, _ in by_format}, key=str):
                    ft.add_row(str(f), *(str(by_format.get((f, s), 0)) for s in _STATUSES))
                con.print(ft)
            for d in shown:
                where = d["source"] + (f"#{d['index'] + 1}" if d.get("line") and str(d["source"]).lower().endswith((".jsonl", ".gz")) else "")
                con.print(f"[bold]{where}[/] ({d.get('format')}): [red]{d['status']}[/]")
                for p in d.get("problems") or []:
                    con.print(f"  - {p['code']} ({p['rule']}): {p['message']}")
            not_legal = status.get("illegal", 0) + status.get("unreadable", 0) + status.get("unknown", 0)
            if len(shown) < not_legal:
                con.print(f"(problems of the first {len(shown)} decks shown; use --json or --csv for all)")
            if status.get("unknown"):
                con.print(f"{status['unknown']} deck(s) of unknown legality: the card data has no legality for some "
                          f"of their cards (the embedded catalog has none); give --cards with Scryfall or MTGJSON data")
        for f in fatal:
            err.print(f"[bold red]error:[/] {f}")
        if fatal:
            sys.exit(2)
        if status.get("illegal") or status.get("unreadable") or status.get("unknown"):
            sys.exit(1)
