"""``mtgcheck validate``: batch decklist validation.

``mtgcheck validate PATH... --format FORMAT [--cards FILE] [--json | --csv] [--jobs N] [--dask ADDRESS]``
(PATH ``-`` reads one decklist from standard input.)

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
not a card, or the paths hold no decklist at all; 3 an internal error; 130 interrupted (Ctrl-C).

How a batch runs (docs/decks.md, "Batches"): the inputs are cut into *units* in input order -- a
JSON-lines file into chunks of ``CHUNK`` records, other decklist files in groups of ``FILES_PER_UNIT``
-- and each unit is read, validated and rendered (JSON lines or CSV rows) on its own, so memory stays
the same however long the input. ``--jobs N`` forks N workers (sharing the loaded card data); the
parent reads the inputs once, in a thread, and hands each unit to whichever worker is free; it writes
the workers' rendered units in input order, so the output is byte for byte the serial run's. ``--dask``
runs partitions of the input as tasks of a Dask cluster and writes them in the same order
(``solver.decks.dask_batch``).
"""
from __future__ import annotations

import csv
import gc
import io
import itertools
import json
import os
import signal
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

import click

try:  # orjson is a dependency; the standard library keeps working if it is missing
    import orjson
except ImportError:  # pragma: no cover
    orjson = None  # type: ignore[assignment]

from mtgcheck.solver.questions.output import error_text, styled
from mtgcheck.solver.decks.batch import ONLY, _STATUSES, _STATUS_LABELS, setup
from mtgcheck.solver.decks.jsonl import UnitResult, _read_error, run_unit
from mtgcheck.solver.decks.output import _Output, _csv_header, _suffixes
from mtgcheck.solver.decks.pool import WorkerError, _batch_gc, run_parallel, run_serial


# ---------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------


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
    @click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
                  help="Validate on a Dask cluster: its scheduler address (tcp://host:8786), or 'local' for a "
                       "LocalCluster of --jobs worker processes on this machine (default: one per core). Needs the "
                       "'dask' extra.")
    @click.option("--reader", type=click.Choice(["mtgo", "arena", "moxfield", "archidekt", "dek", "cod", "jsonl"]),
                  default=None, help="Decklist format of the inputs (detected when omitted).")
    @click.option("--commander", "commanders", multiple=True, help="Commander(s) of a list that does not name them.")
    @click.option("--companion", default=None, help="The companion of a list that has no Companion section.")
    @click.option("--show", type=click.IntRange(min=0), default=20, show_default=True,
                  help="Most illegal decks whose problems are listed under the table.")
    @click.option("--only-registered", "only", is_flag=True,
                  help="Take only the decks registered for --format FORMAT (a JSON-lines record's \"format\"); "
                       "the others are skipped and counted.")
    def validate(paths, fmt, cards, as_json, as_csv, jobs, dask_address, reader, commanders, companion, show,
                 only=False):
        """Validate every decklist under PATHS against FORMAT's deck-construction rules.

        PATH is a decklist file (read whatever its name), a folder (every file below it whose name ends in
        .txt, .dek, .cod, .dck, .csv, .json, .jsonl or .jsonl.gz; the other files are listed as skipped) or
        - for one decklist on standard input. Decks are counted from 1.

        Output: a table of decks by result and problem code, the cards most often named in problems and the
        problems of the first --show decks; --json: one JSON object per deck on standard output and a last
        summary line {"summary": {...}} on standard error; --csv: one row per deck.

        \b
        Exit codes:
          0    every deck legal
          1    some deck not shown legal: illegal, unreadable (a line or card name
               not read) or of unknown legality (no legality data for a card)
          2    an input, the card data or the format could not be read, or no
               decklist was found
          3    an internal error (a bug in mtgcheck)
          130  interrupted (Ctrl-C)
        """
        err = _ErrorConsole()
        gc_on = gc.isenabled()
        gc.disable()  # (until the card data is read and frozen: _batch_gc)
        try:
            try:
                _validate_command(err, paths, fmt, cards, as_json, as_csv, jobs, dask_address, reader, commanders,
                                  companion, show, gc_on, only)
            except KeyboardInterrupt:
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not interrupt the clean-up
                err.print(styled(("interrupted", "bold red"), ": the output is incomplete"))
                sys.exit(130)
        except SystemExit as e:
            if _ending() and dask_address is None:
                _end_process(e.code, err)
            raise
        finally:
            if gc_on:
                gc.enable()
        if _ending() and dask_address is None:
            _end_process(0, err)


class _ErrorConsole:
    """``validate``'s console on standard error (``solver.questions.output.console(stderr=True)``: user text as written),
    made when it is first used: a batch that prints nothing there (``--json``, ``--csv`` into a pipe or
    file) does not import rich, a twentieth of a second at each start."""

    def __init__(self) -> None:
        self._console: Any = None

    @property
    def console(self) -> Any:
        if self._console is None:
            from mtgcheck.solver.questions.output import console

            self._console = console(stderr=True, soft_wrap=True)  # (a message is one line: grep finds it)
        return self._console

    def print(self, *args: Any, **kwargs: Any) -> None:
        self.console.print(*args, **kwargs)

    @property
    def is_terminal(self) -> bool:
        """``Console.is_terminal``; False without making the console when standard error is no terminal and
        neither ``TTY_COMPATIBLE`` nor ``FORCE_COLOR`` is set (rich says False then too: it reads those two,
        then ``isatty``)."""
        if self._console is None and "TTY_COMPATIBLE" not in os.environ and "FORCE_COLOR" not in os.environ:
            try:
                if not sys.stderr.isatty():
                    return False
            except (AttributeError, ValueError):  # no isatty, or closed: rich says False
                return False
        return bool(self.console.is_terminal)


class _NoProgress:
    """What ``validate`` uses instead of a ``rich.progress.Progress`` when it draws no bar."""

    def __enter__(self) -> "_NoProgress":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def add_task(self, *args: Any, **kwargs: Any) -> int:
        return 0

    def advance(self, *args: Any) -> None:
        return None


def _progress(err: _ErrorConsole, show: bool) -> Any:
    """The progress bar of ``validate`` on standard error (``show``: long runs on a terminal), or none."""
    if not show:
        return _NoProgress()
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("validating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=err.console, transient=True)


#: Set by the ``mtgcheck`` program (``mtgcheck.__main__.run``: the console script and ``python -m mtgcheck``),
#: never by a caller that runs the command inside its own process (tests, ``CliRunner``): the process ends
#: as soon as a one-machine ``validate`` is done (``_end_process``).
END_PROCESS = False


#: Keys of click's ``Context.meta`` under which the ``mtgcheck`` group (``solver.cli.main``: ``PROGRAM_KEY``,
#: ``OPEN_DATABASE_KEY``) hands its commands whether it is the program and its card-data loader.
PROGRAM_KEY = "mtgcheck.program"
OPEN_DATABASE_KEY = "mtgcheck.open_database"


def _ending() -> bool:
    """``END_PROCESS``, or the ``mtgcheck`` program is running (``solver.cli.main.PROGRAM``, handed down by the group)."""
    ctx = click.get_current_context(silent=True)
    return END_PROCESS or bool(ctx is not None and ctx.meta.get(PROGRAM_KEY, False))


def _end_process(code: Any, err) -> None:
    """End the ``mtgcheck`` process with exit status ``code`` (``SystemExit.code``) once ``validate`` is done:
    standard output and error are flushed, then ``os._exit``, skipping the interpreter's tear-down, which
    frees every object of the batch one by one (0.25-0.45 s after the 31,196 decks, a serial cost of one
    job and of ``--jobs N`` alike). The workers are reaped and the card facts written before this point;
    Dask runs (whose clients and clusters clean up at exit) never come here. A failure to flush is
    reported as Python's own exit would (exit 2 for a write error, quietly for a closed pipe)."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # sys.exit("message"): Python prints it and exits 1
        sys.stderr.write(f"{code}\n")
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:
            pass
        except OSError as e:
            if stream is sys.stdout:
                try:
                    err.print(error_text(f"cannot write the output: {_read_error(e)}"))
                    sys.stderr.flush()
                except OSError:
                    pass
                status = 2
    os._exit(status)


def _after(first: UnitResult, rest: Iterator[UnitResult]) -> Iterator[UnitResult]:
    """``first``, then ``rest`` (closing this generator closes ``rest``)."""
    yield first
    yield from rest


def _validate_command(err, paths, fmt, cards, as_json, as_csv, jobs, dask_address, reader, commanders, companion,
                      show, gc_on: bool = True, only: bool = False) -> None:
    # the command line's card-data loader (``solver.cli.main.open_database``: exits 2 naming a file it cannot read)
    open_database = click.get_current_context().meta[OPEN_DATABASE_KEY]
    if as_json and as_csv:
        err.print(error_text("choose one of --json and --csv"))
        sys.exit(2)
    fmt_key = _format_key(err, fmt, only)
    db = _open_cards(cards, open_database)
    _check_names(err, db, commanders, companion)
    from mtgcheck.models.data.inputs import unread_records_note

    if (as_json or as_csv) and unread_records_note(db):  # (the summary says it on its card data line)
        err.print(error_text(f"{getattr(db, 'source', None)}{unread_records_note(db)}", "warning:", "yellow"))
    mode = "json" if as_json else ("csv" if as_csv else None)
    setup(db, fmt_key, commanders=list(commanders) or None, companion=companion, mode=mode, show=show)
    stdin_text, paths, files, skipped_files, fatal = _inputs(err, paths, fmt, only, reader)

    out = _Output(sys.stdout)  # (click.get_text_stream is deprecated since click 8.5)
    sys.stdout.flush()
    if as_csv:
        sio = io.StringIO()
        csv.writer(sio).writerow(_csv_header())
        out.write(sio.getvalue().encode("utf-8"))
    tally = _Tally()
    show_bar = err.is_terminal and sum(_size(f) for f in files) >= 200_000
    restore_gc = _batch_gc(gc_on)
    source, results = _unit_results(err, files, reader, jobs, dask_address, stdin_text)
    _take_results(err, out, source, results, tally, fatal, show, show_bar, restore_gc)
    _finish(err, db, fmt, paths, tally, fatal, skipped_files, as_json, as_csv)


def _format_key(err: Any, fmt: str, only: bool) -> str:
    """The format the batch checks: ``auto`` (each JSON-lines record names its own), a registered format's name or a
    format file's path (``load_format``); ``only`` (``--only-registered``) takes only the decks registered for one
    format. Exits 2 with the error for an unknown or unreadable format, or ``--only-registered`` with ``auto``."""
    from mtgcheck.models.data.formats import FormatError, load_format

    if fmt != "auto":
        try:
            fmt_obj = load_format(fmt)
        except FormatError as e:
            err.print(error_text(e))
            sys.exit(2)
        fmt_key = fmt_obj.source if fmt.lower().endswith((".yaml", ".yml")) else fmt_obj.name
        if only:
            fmt_key = ONLY + fmt_obj.name
    else:
        if only:
            err.print(error_text("--only-registered takes the decks registered for one format: give "
                                 "--format FORMAT, not auto"))
            sys.exit(2)
        fmt_key = "auto"
    return fmt_key


def _check_names(err: Any, db: Any, commanders: Any, companion: str | None) -> None:
    """Every ``--commander`` and ``--companion`` names a card of the card data; exits 2 naming the one that does not,
    with the closest name."""
    for what, names in (("commander", commanders), ("companion", [companion] if companion else [])):
        for nm in names:
            if db.find(nm) is None:
                try:
                    db.get(nm)
                    hint = ""
                except KeyError as e:
                    sug = list(getattr(e, "suggestions", []) or [])
                    hint = f"; did you mean {sug[0]!r}?" if sug else ""
                err.print(error_text(f"--{what} {nm!r}: no card has this name in the card data "
                                     f"({getattr(db, 'source', None) or 'catalog'}){hint}"))
                sys.exit(2)


def _inputs(err: Any, paths: tuple, fmt: str, only: bool,
            reader: str) -> tuple[str | None, tuple, list[Path], list[Path], list[str]]:
    """The inputs of the batch: one decklist on standard input for PATH ``-`` (at most
    ``models.data.inputs.MAX_STDIN_BYTES``), and the decklist files under the other paths (``iter_deck_files``; files
    whose names are not decklist names are skipped with a note, a folder with none is warned of). With ``--format
    auto`` or ``--only-registered`` every input must be a JSON-lines file naming its format (else exit 2).

    Returns ``(stdin text or None, paths without "-", files, skipped files, fatal errors: the paths missing)``."""
    from mtgcheck.models.data.decklist import iter_deck_files

    stdin_text = None
    if "-" in paths:  # PATH "-": one decklist on standard input, at most models.data.inputs.MAX_STDIN_BYTES of it
        from mtgcheck.models.data.inputs import InputError, read_stdin

        try:
            stdin_text = read_stdin()
        except InputError as e:
            err.print(error_text(e))
            sys.exit(2)
    paths = tuple(p for p in paths if p != "-")
    skipped_files: list[Path] = []
    files, missing = iter_deck_files(paths, skipped_files) if paths else ([], [])
    fatal: list[str] = list(missing)
    if fmt == "auto" or only:  # only JSON-lines records name their format: say so once, not once per deck
        from mtgcheck.models.data.decklist import names_its_format

        plain = [str(f) for f in files if not names_its_format(f, reader)] + (["<stdin>"] if stdin_text is not None else [])
        if plain:
            more = f" (and {len(plain) - 1} other input(s))" if len(plain) > 1 else ""
            what = ("--only-registered takes the decks whose JSON-lines record names the format" if only else
                    "--format auto takes each deck's format from its JSON-lines record")
            err.print(f"error: {what}, but {plain[0]}{more} is a decklist that names no format; "
                      + ("drop --only-registered" if only else "give --format FORMAT"), markup=False, soft_wrap=True)
            sys.exit(2)
    if skipped_files:
        names = ", ".join(str(f) for f in skipped_files[:5]) + (f" and {len(skipped_files) - 5} more"
                                                                   if len(skipped_files) > 5 else "")
        err.print(f"note: skipped {len(skipped_files)} file(s) whose names are not decklist names "
                  f"({', '.join(_suffixes())}): {names}; give a file by name to read it", markup=False, soft_wrap=True)
    for p in paths:
        pp = Path(p)
        if files and pp.is_dir() and not any(pp in f.parents for f in files):
            err.print(error_text(f"{p}: the folder holds no decklist file (names ending in "
                                 f"{', '.join(_suffixes())})", "warning:", "yellow"))
    return stdin_text, paths, files, skipped_files, fatal


def _unit_results(err: Any, files: list[Path], reader: str, jobs: int, dask_address: str | None,
                  stdin_text: str | None) -> tuple[Any, Iterator[UnitResult]]:
    """The results of the units of work, in order: on Dask (``--dask``; connects now, so its errors come before any
    output: exit 2), in a process pool (``--jobs``) or in this process; standard input's deck first. Returns
    ``(source to close, results)``."""
    if dask_address is not None:
        from mtgcheck.solver.decks.dask_batch import DaskUnavailable, run_dask

        source = run_dask(files, reader, dask_address, workers=jobs if jobs > 1 else (os.cpu_count() or 1))
        try:
            first = next(source, None)  # connects (and starts a LocalCluster) now: errors before any output
        except DaskUnavailable as e:
            err.print(error_text(e))
            sys.exit(2)
        results: Iterator[UnitResult] = itertools.chain([first] if first is not None else [], source)
    elif jobs > 1:
        source = results = run_parallel(files, reader, jobs)
    else:
        source = results = run_serial(files, reader)
    if stdin_text is not None:
        results = _after(run_unit(("text", "<stdin>", stdin_text, reader)), results)
    return source, results


class _Tally:
    """The batch's counts as the results come: decks by status, problems by code, decks by format, cards named in
    problems, decks of other formats skipped, and the first decks shown in the summary."""

    def __init__(self) -> None:
        self.status: Counter = Counter()
        self.by_code: Counter = Counter()
        self.by_format: Counter = Counter()
        self.by_card: Counter = Counter()
        self.skipped: Counter = Counter()
        self.shown: list[dict[str, Any]] = []
        self.n_done = 0


def _take_results(err: Any, out: Any, source: Any, results: Iterator[UnitResult], tally: _Tally, fatal: list[str],
                  show: int, show_bar: bool, restore_gc: Callable[[], Any]) -> None:
    """Write each result's rows and count it in ``tally`` (its fatal errors in ``fatal``), with a progress bar on a
    terminal. A worker's error exits 3; the reader of the output going away (``| head``) exits 1 quietly; an output
    that cannot be written exits 2. The source is closed and the garbage collector restored in every case."""
    try:
        with _progress(err, show_bar) as progress:
            bar = progress.add_task("decks", total=None)
            for res in results:
                tally.n_done += res.n
                tally.status.update(res.status)
                tally.by_code.update(res.by_code)
                tally.by_format.update(res.by_format)
                tally.by_card.update(res.by_card)
                tally.skipped.update(res.skipped)
                fatal.extend(res.fatal)
                if len(tally.shown) < show:
                    tally.shown.extend(res.shown[: show - len(tally.shown)])
                out.write(res.out)
                progress.advance(bar, res.n)
        out.flush()
    except WorkerError as e:
        err.print(error_text(f"in a validation worker: {e}", "internal error", "bold red"))
        sys.exit(3)
    except BrokenPipeError:  # the reader of the output went away (| head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
    except OSError as e:  # e.g. a full disk
        err.print(error_text(f"cannot write the output: {_read_error(e)}"))
        sys.exit(2)
    finally:
        close = getattr(source, "close", None)
        if close is not None:
            close()
        restore_gc()


def _finish(err: Any, db: Any, fmt: str, paths: tuple, tally: _Tally, fatal: list[str], skipped_files: list[Path],
            as_json: bool, as_csv: bool) -> None:
    """The batch's summary (a JSON line on standard error with ``--json``, none with ``--csv``, else the printed
    summary), then its errors; the exit status: 2 on an error (no deck found included), 1 when a deck is illegal,
    unreadable or unknown, else 0."""
    status, skipped, n_done = tally.status, tally.skipped, tally.n_done
    if n_done == 0 and not fatal:
        if skipped:
            fatal.append(f"no deck registered for {fmt} under " + ", ".join(map(str, paths or ["<stdin>"]))
                         + f" ({sum(skipped.values())} deck(s) of other formats skipped: {_formats_text(skipped)})")
        else:
            fatal.append("no decklist found under " + ", ".join(map(str, paths)) + " (decklist files end in "
                         + ", ".join(_suffixes()) + ")")
    if as_json:
        summary = {"decks": n_done, "format": fmt, **{s: status.get(s, 0) for s in _STATUSES},
                   "codes": dict(tally.by_code.most_common()), "cards": dict(tally.by_card.most_common(TOP_CARDS)),
                   "skipped": dict(skipped), "skipped_files": [str(f) for f in skipped_files],
                   "errors": list(fatal), "card_data": getattr(db, "source", None) or "catalog",
                   "data_date": getattr(db, "date", None)}
        try:
            sys.stderr.write(json.dumps({"summary": summary}, ensure_ascii=False, default=str) + "\n")
        except OSError:
            pass
    elif not as_csv and n_done:
        _print_summary(db, fmt, n_done, status, tally.by_code, tally.by_format, tally.by_card, skipped, tally.shown)
    for f in fatal:
        err.print(f"error: {f}", markup=False, soft_wrap=True, style="bold red")
    if fatal:
        sys.exit(2)
    if status.get("illegal") or status.get("unreadable") or status.get("unknown"):
        sys.exit(1)


#: Cards listed under the summary (and in the JSON summary line) as the most often named in problems.
TOP_CARDS = 10


def _formats_text(skipped: Counter) -> str:
    return ", ".join(f"{n} {f if f not in (None, '') else '(no format)'}" for f, n in skipped.most_common())


def _print_summary(db, fmt, n_done, status, by_code, by_format, by_card, skipped, shown) -> None:
    """The human summary of ``validate`` on standard output: never wrapped when it is not a terminal (a pipe
    or a file gets whole lines, card names unbroken)."""
    from rich.table import Table
    from rich.text import Text

    from mtgcheck.models.data.inputs import unread_records_note

    from mtgcheck.solver.questions.output import console

    probe = console()  # (user text as written in every cell: format names, card names, paths)
    con = probe if probe.is_terminal else console(width=100_000, soft_wrap=True)
    # the source and date on lines of their own: a long path would wrap inside a narrow table title
    con.print(Text(f"mtgcheck validate: {n_done} decks, format {fmt}"), soft_wrap=True)
    con.print(Text(f"card data: {getattr(db, 'source', None) or 'catalog'} dated {getattr(db, 'date', None) or 'unknown'}"
                   + unread_records_note(db)), soft_wrap=True)
    if skipped:
        con.print(Text(f"skipped {sum(skipped.values())} deck(s) registered for other formats: {_formats_text(skipped)}"),
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
    if by_card:
        ct = Table(title="cards most often named in problems")
        ct.add_column("card")
        ct.add_column("decks", justify="right")
        for name, n in by_card.most_common(TOP_CARDS):
            ct.add_row(Text(str(name)), str(n))
        con.print(ct)
    for d in shown:
        where = d["source"] + (f"#{d['index']}" if d.get("line") and str(d["source"]).lower().endswith((".jsonl", ".gz")) else "")
        con.print(Text.assemble((where, "bold"), f" ({d.get('format')}): ", (str(d["status"]), "red")), soft_wrap=True)
        for p in d.get("problems") or []:
            con.print(Text(f"  - {p['code']} ({p['rule']}): {p['message']}"), soft_wrap=True)
    not_legal = status.get("illegal", 0) + status.get("unreadable", 0) + status.get("unknown", 0)
    if len(shown) < not_legal:
        con.print(f"(problems of the first {len(shown)} decks shown; use --json or --csv for all)", soft_wrap=True)
    if status.get("unknown"):
        con.print(f"{status['unknown']} deck(s) of unknown legality: the card data has no legality for some "
                  f"of their cards (the embedded catalog has none); give --cards with Scryfall or MTGJSON data",
                  soft_wrap=True)
    if getattr(db, "source", None) == "catalog" and (status.get("unreadable") or status.get("unknown")):
        from mtgcheck.models.data.database import CATALOG_HINT

        con.print(Text(f"note: {CATALOG_HINT}"), soft_wrap=True)


def _open_cards(cards: str | None, open_database: Callable[[str | None], Any]) -> Any:
    """The batch's card database: from the card facts kept on disk when they hold the file as it is now
    (``solver.decks.rules.stored_cards``: the database itself is loaded only if a name they do not hold is met),
    else ``open_database(cards)`` (the ``--cards`` value, ``MTGCHECK_CARDS``, the downloaded data, the
    embedded catalog; exits 2 naming a file that cannot be read)."""
    from mtgcheck.solver.decks.rules import stored_cards

    env = os.environ.get("MTGCHECK_CARDS", "").strip()
    path, origin = (cards, "argument") if cards else (env, "MTGCHECK_CARDS") if env else (None, "")
    if cards and env and cards == env:
        origin = "MTGCHECK_CARDS"
    if path is None:
        try:
            from mtgcheck.models.data.download import installed_file

            path, origin = installed_file(), "downloaded"
        except Exception:  # noqa: BLE001 - no download record: open_database says what it uses
            path = None
    db = stored_cards(path, lambda: open_database(cards), origin) if path else None
    return db if db is not None else open_database(cards)


def _size(f: Path) -> int:
    try:
        return f.stat().st_size * (8 if f.name.lower().endswith(".gz") else 1)
    except OSError:
        return 0
