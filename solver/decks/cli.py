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
import zlib
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import click

try:  # orjson is a dependency; the standard library keeps working if it is missing
    import orjson
except ImportError:  # pragma: no cover
    orjson = None  # type: ignore[assignment]

from mtgcheck.solver.rules.errors import QuestionError, Unsupported
from mtgcheck.solver.questions.output import error_text, styled

_STATE: dict[str, Any] = {}
#: Records of a JSON-lines file per unit of work.
CHUNK = 500
#: Decklist files (one deck each, mostly) per unit of work.
FILES_PER_UNIT = 50
_JSONL_ENDINGS = (".jsonl", ".jsonl.gz", ".ndjson")
#: Longest JSON-lines record read (``models.data.inputs.MAX_RECORD_BYTES``; a longer one is an unreadable line).
_MAX_RECORD = 1 << 20


_MAY_REPEAT: Any = None


def _may_repeat(raw: bytes) -> bool:
    """``models.data.decklist.may_repeat_a_key``, imported at the first call only (``_record_report`` asks it of every
    record, and an import statement each time costs about as much as the test)."""
    global _MAY_REPEAT
    if _MAY_REPEAT is None:
        from mtgcheck.models.data.decklist import may_repeat_a_key

        _MAY_REPEAT = may_repeat_a_key
    return bool(_MAY_REPEAT(raw))


_BOM = b"\xef\xbb\xbf"


def setup(db: Any, fmt_key: str, *, commanders: list[str] | None = None, companion: str | None = None,
          mode: str | None = None, show: int = 0) -> None:
    """Set the batch this process validates: card database, format (``"auto"``: each deck's own;
    ``"only:NAME"``: only the decks registered for the format NAME, ``--only-registered``), the
    ``--commander``/``--companion`` names, the output ``mode`` (``"json"``, ``"csv"`` or None for the summary)
    and how many non-legal decks a unit keeps for the summary (``show``)."""
    from mtgcheck.solver.decks.rules import DeckValidator

    _STATE.clear()
    _STATE.update(new_state(db, fmt_key, commanders=commanders, companion=companion, mode=mode, show=show))
    DeckValidator.caches(db)  # the card facts kept on disk, read once here (forked workers share them)


def new_state(db: Any, fmt_key: str, *, commanders: list[str] | None = None, companion: str | None = None,
              mode: str | None = None, show: int = 0) -> dict[str, Any]:
    """A batch's state as ``setup`` keeps it (for callers that run several batches, e.g. Dask workers)."""
    return {"db": db, "format": fmt_key, "commanders": commanders, "companion": companion, "mode": mode,
            "show": show}


def _validator(fmt_name: str, st: dict[str, Any]):
    """The batch's validator of a format. With ``--format auto`` the name comes from a deck record, which
    names a format by name only, never a file (``load_format(names_only=True)``); the ``--format`` value
    itself may be a format file the user gave."""
    vs = st.get("validators")
    v = vs.get(fmt_name) if vs is not None else None
    if v is None:
        from mtgcheck.models.data.formats import load_format

        from mtgcheck.solver.decks.rules import DeckValidator

        fmt = load_format(fmt_name, names_only=st["format"] == "auto")
        v = st.setdefault("validators", {})[fmt_name] = DeckValidator(fmt, st["db"])
    return v


_STATUSES = ("legal", "illegal", "unknown", "unreadable")
_STATUS_LABELS = {"unknown": "legality unknown"}


def _with_path(path: str, message: str) -> str:
    """``path: message`` unless the message already starts with the path."""
    return message if str(message).startswith(str(path)) else f"{path}: {message}"


def _error_row(deck, message: str, st: dict[str, Any] = _STATE) -> dict[str, Any]:
    return {"source": deck.source, "index": deck.index + 1, "name": deck.name, "format": deck.format, "legal": False,
            "status": "unreadable", "codes": ["unreadable_line"],
            "problems": [{"code": "unreadable_line", "rule": "format", "message": message, "cards": [], "counts": {}}],
            "notes": [], "counts": {}, "commanders": [], "companion": None,
            "data_date": getattr(st.get("db"), "date", None), "line": deck.line}


#: The batch format ``"only:NAME"``: validate only the decks registered for NAME (``--only-registered``).
ONLY = "only:"


def _registered_for(deck_format: Any, fmt_name: str, st: dict[str, Any]) -> bool:
    """Whether a deck registered as ``deck_format`` (a JSON-lines record's ``format``; None: none) is of the
    format ``fmt_name`` (a canonical name): names and aliases compare as ``load_format`` reads them."""
    if deck_format is None or deck_format == "":
        return False
    key = str(deck_format)
    seen = st.setdefault("registered", {})
    got = seen.get(key)
    if got is None:
        from mtgcheck.models.data.formats import FormatError, load_format

        try:
            got = load_format(key).name == fmt_name
        except (FormatError, ValueError, OSError):
            got = False
        if len(seen) < 10_000:
            seen[key] = got
    return got


def _validate_one(deck, st: dict[str, Any] = _STATE) -> dict[str, Any]:
    """One deck's report as plain data (``DeckReport.to_dict()`` plus ``line``), with the batch ``st``."""
    fmt = st["format"]
    if fmt == "auto":
        if not deck.format:
            return _error_row(deck, "the deck names no format; give --format", st)
        fmt = deck.format
    elif fmt.startswith(ONLY):
        fmt = fmt[len(ONLY):]
        if not _registered_for(deck.format, fmt, st):
            return {"skipped": deck.format, "source": deck.source}
    try:
        v = _validator(fmt, st)
    except ValueError as e:  # FormatError
        return _error_row(deck, str(e), st)
    try:
        d = v.validate(deck, commanders=st.get("commanders"), companion=st.get("companion")).to_dict()
    except QuestionError as e:  # a --commander/--companion name that is not a card (checked up front too)
        return _error_row(deck, str(e), st)
    except Unsupported as e:  # a rule we cannot decide for this deck (e.g. Zirda on text not understood)
        row = _error_row(deck, f"not modelled: {e}", st)
        row.update(legal=None, status="unknown", codes=["unsupported"])
        row["problems"][0].update(code="unsupported", rule="not modelled")
        return row
    d["line"] = deck.line
    return d


# ---------------------------------------------------------------------------
# JSON in and out
# ---------------------------------------------------------------------------


def _record_deck(raw: bytes, path: str, idx: int, ln: int):
    """The ``Decklist`` of one JSON-lines record (bytes of one line), or ``(None, problem)`` when the line is
    not UTF-8 text. orjson first; what orjson refuses goes to ``parse_jsonl_record`` (the standard library's
    ``json``), so the records accepted and the messages given are the standard library's."""
    from mtgcheck.models.data.decklist import (
        Decklist, UnreadableLine, decklist_from_data, may_repeat_a_key, parse_jsonl_record,
    )
    from mtgcheck.models.data.inputs import MAX_RECORD_BYTES

    if len(raw) > MAX_RECORD_BYTES or may_repeat_a_key(raw):  # (a key named twice: the standard library says so)
        return parse_jsonl_record(raw, path, idx, ln), None
    if orjson is not None:
        try:
            return decklist_from_data(orjson.loads(raw), path, idx, ln), None
        except orjson.JSONDecodeError:
            pass
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError as e:
        return None, f"{path}: line {ln}: not UTF-8 text ({e.reason} at byte {e.start})"
    try:
        return parse_jsonl_record(text, path, idx, ln), None
    except RecursionError:
        deck = Decklist(source=path, index=idx, reader="jsonl", line=ln, explicit_sections=True)
        deck.unreadable.append(UnreadableLine(ln, text[:200], "not valid JSON: nested too deeply"))
        return deck, None


def _record_report(raw: bytes, path: str, idx: int, ln: int, st: dict[str, Any]) -> dict[str, Any] | None:
    """The report of one JSON-lines record of the usual shape, read straight from its parsed data
    (``DeckValidator.validate_record``: no ``Decklist`` is built); None for every other line (not JSON to
    orjson, no format with ``--format auto``, an unknown format, a deck whose check raises), which
    ``_record_deck`` and ``_validate_one`` then handle, so the report is the same either way."""
    if orjson is None or len(raw) > _MAX_RECORD or _may_repeat(raw):  # (both: _record_deck reports them)
        return None
    try:
        rec = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    if rec.__class__ is not dict:
        return None
    fmt = st["format"]
    if fmt == "auto":
        fmt = rec.get("format")
        if fmt is None:
            return None
        fmt = str(fmt)
        if not fmt:
            return None
    elif fmt.startswith(ONLY):
        fmt = fmt[len(ONLY):]
        if not _registered_for(rec.get("format"), fmt, st):
            return {"skipped": rec.get("format"), "source": path}
    try:
        v = _validator(fmt, st)
    except ValueError:  # FormatError: reported by _validate_one
        return None
    try:
        d = v.validate_record(rec, path, idx, ln, st.get("commanders"), st.get("companion")).to_dict()
    except (QuestionError, Unsupported):
        return None
    d["line"] = ln
    return d


def _dumps_line(d: dict[str, Any]) -> bytes:
    """One JSON line (UTF-8, ending in a newline). orjson, or the standard library for what orjson cannot
    write (integers beyond 64 bits, strings that are not valid Unicode)."""
    if orjson is not None:
        try:
            return orjson.dumps(d, default=str, option=orjson.OPT_APPEND_NEWLINE)
        except (TypeError, orjson.JSONEncodeError):
            pass
    return (json.dumps(d, ensure_ascii=False, default=str) + "\n").encode("utf-8", "backslashreplace")


# ---------------------------------------------------------------------------
# Units of work
# ---------------------------------------------------------------------------


def _is_jsonl(path: Path, reader: str | None) -> bool:
    return reader == "jsonl" or (reader is None and path.name.lower().endswith(_JSONL_ENDINGS))


def _open_binary(path: Path):
    """A decklist file's bytes through the input layer (``models.data.inputs.open_input``: a regular file only, gzip
    recognised by content, no decompression bomb)."""
    from mtgcheck.models.data.inputs import open_input

    return open_input(path, max_bytes=None, what="a decklist file")


_READ_ERRORS = (OSError, EOFError, zlib.error, ValueError)


def _read_error(e: BaseException) -> str:
    from mtgcheck.models.data.inputs import describe_os_error

    return describe_os_error(e)


def iter_units(files: list[Path], reader: str | None, keep: Callable[[int], bool] | None = None,
               chunk: int | None = None) -> Iterator[tuple[int, tuple]]:
    """The units of work of ``files``, numbered in input order: ``(uid, unit)``.

    Parameters
    ----------
    files : list of Path
        Decklist files, in input order.
    reader : str or None
        The ``--reader`` (None: from each file's name and content).
    keep : callable, optional
        ``keep(uid)``: build this unit (else it is only counted: a worker reads past the others' units
        without building them). Default: every unit.
    chunk : int, optional
        Records of a JSON-lines file per unit (default ``CHUNK``).

    Yields
    ------
    (int, tuple)
        ``("jsonl", path, rows, fatal)`` with ``rows`` a ``LineBlock`` (iterating gives ``(line, index,
        bytes)`` per record) and ``fatal`` None or the message of a read error after the last row; ``("files", [(path, reader), ...])``;
        ``("fatal", path, message)`` for a JSON-lines file that cannot be opened.

    Notes
    -----
    Line numbers are those ``grep -n`` shows (lines end at ``\\n`` only); ``index`` counts the non-blank
    records of the file from 0.
    """
    chunk = chunk or CHUNK
    per_unit = FILES_PER_UNIT
    uid = 0
    group: list[tuple[str, str | None]] = []
    for f in files:
        if not _is_jsonl(f, reader):
            group.append((str(f), reader))
            if len(group) >= per_unit:
                if keep is None or keep(uid):
                    yield uid, ("files", group)
                uid += 1
                group = []
            continue
        if group:
            if keep is None or keep(uid):
                yield uid, ("files", group)
            uid += 1
            group = []
        path = str(f)
        try:
            fp = _open_binary(f)
        except _READ_ERRORS as e:
            if keep is None or keep(uid):
                yield uid, ("fatal", path, _with_path(path, f"cannot read: {_read_error(e)}"))
            uid += 1
            continue
        with fp:
            for unit in _jsonl_units(fp, path, chunk, None if keep is None else _shifted(keep, uid)):
                if unit is not None:  # (None: a unit only counted)
                    yield uid, unit
                uid += 1
    if group and (keep is None or keep(uid)):
        yield uid, ("files", group)


def _shifted(keep: Callable[[int], bool], base: int) -> Callable[[int], bool]:
    """``keep`` of the units of one file, numbered from 0 in the file (its first unit is ``base``)."""
    return lambda i: keep(base + i)


#: Bytes of a JSON-lines file read at a time (decompressed: ``_jsonl_units``).
READ_BLOCK = 1 << 20
_SPACE = frozenset(b" \t\n\r\x0b\x0c")  # (what bytes.isspace counts as white space)


class LineBlock:
    """Consecutive lines of a JSON-lines file kept as one bytes object (``data``, each line ending in
    ``\n`` but perhaps the last): a unit's records as the reader cut them, with no object per line.
    Iterating gives ``(line, index, bytes)`` for each line that is not blank, numbered from ``line`` (the
    first line's number, as ``grep -n`` counts) and ``index`` (the first record's index in its file); the
    bytes are the line's without its ``\n``."""

    __slots__ = ("data", "line", "index")

    def __init__(self, data: bytes, line: int, index: int) -> None:
        self.data, self.line, self.index = data, line, index

    def __iter__(self) -> Iterator[tuple[int, int, bytes]]:
        lines = self.data.split(b"\n")
        if self.data.endswith(b"\n"):
            lines.pop()
        ln, idx = self.line - 1, self.index
        for raw in lines:
            ln += 1
            if not raw or raw.isspace():
                continue
            yield ln, idx, raw
            idx += 1

    def __getstate__(self) -> tuple[bytes, int, int]:
        return self.data, self.line, self.index

    def __setstate__(self, state: tuple[bytes, int, int]) -> None:
        self.data, self.line, self.index = state


def _jsonl_units(fp, path: str, chunk: int, want: Callable[[int], bool] | None = None) -> Iterator[tuple | None]:
    """The units of an open JSON-lines file ``fp`` (binary, plain or gzip): ``("jsonl", path, LineBlock,
    fatal)`` for every ``chunk`` records (blank lines are not records), the last with what is left and
    ``fatal`` None or the message of a read error (the lines before it are all in the units). A unit
    ``i`` (from 0 in this file) with ``want(i)`` false is only counted: None, its bytes never copied.

    The file is read ``READ_BLOCK`` bytes at a time (``read1``: a gzip file is decompressed in C, in
    large steps) and cut at line ends with ``bytes.find``: only the cut lines are looked at in Python,
    one byte each (a line is blank when it is empty or all white space, as ``bytes.isspace`` says). A
    UTF-8 byte-order mark opening the file is dropped. A read error keeps the lines read whole before it,
    as reading line by line does, and is reported "after line N" (N: the last whole line). A line longer
    than ``models.data.inputs.MAX_RECORD_BYTES`` is kept cut to one byte more than that (the record readers report
    it) and the rest of it is never held.
    """
    from mtgcheck.models.data.inputs import MAX_RECORD_BYTES

    buf = bytearray()
    start = p = 0  # buf[start:] is the current unit's bytes so far; p: where the next line starts
    ln = n = 0  # lines read whole; records of the current unit
    unit_line, unit_index = 1, 0
    fatal = None
    bom = True  # (the first bytes still to be checked for a byte-order mark)
    i = 0
    take = want is None or want(0)
    find = buf.find
    limit = MAX_RECORD_BYTES  # (a longer line is cut to limit + 1 bytes and reported by the record readers)
    skipping = False
    space = _SPACE
    while True:
        try:
            data = fp.read1(READ_BLOCK)
        except _READ_ERRORS as e:
            fatal = _with_path(path, f"cannot read after line {ln}: {_read_error(e)}")
            break
        if not data:
            break
        if start and start >= len(buf) >> 1:  # (drop what was cut off, amortised: never quadratic)
            del buf[:start]
            p -= start
            start = 0
        if skipping:  # the rest of a line past the record limit: dropped up to its end
            q = data.find(b"\n")
            if q < 0:
                continue
            data = data[q:]
            skipping = False
        buf += data
        if bom:
            if len(buf) < 3 and _BOM.startswith(buf):
                continue
            bom = False
            if buf.startswith(_BOM):
                del buf[:3]
        while True:
            q = find(b"\n", p)
            if q < 0:
                if len(buf) - p > limit:  # a line past the record limit: keep one byte more than the limit
                    del buf[p + limit + 1:]
                    skipping = True
                break
            ln += 1
            if q > p and (buf[p] not in space or not buf[p:q].isspace()):
                n += 1
                if n == chunk:
                    if take:
                        yield ("jsonl", path, LineBlock(_bytes(buf, start, q + 1), unit_line, unit_index), None)
                    else:
                        yield None
                    start = q + 1
                    unit_line, unit_index, n = ln + 1, unit_index + n, 0
                    i += 1
                    take = want is None or want(i)
            p = q + 1
        if not take:
            start = p  # (the bytes of a unit only counted are not kept)
    if fatal is None and p < len(buf):  # a last line without a newline
        if bom and buf.startswith(_BOM):  # (a file of at most the mark itself)
            del buf[:3]
        if p < len(buf):
            ln += 1
            if buf[p] not in space or not buf[p:].isspace():
                n += 1
            p = len(buf)
    if n or fatal:
        yield ("jsonl", path, LineBlock(_bytes(buf, start, p), unit_line, unit_index), fatal) if take else None


def _bytes(buf: bytearray, i: int, j: int) -> bytes:
    """``bytes(buf[i:j])`` copied once."""
    with memoryview(buf) as m:
        return m[i:j].tobytes()


class UnitResult:
    """What one unit gives: the rendered output (``out``: JSON lines or CSV rows, UTF-8), the number of decks,
    counts by status, problem code, (format, status) and card named in a problem, the decks skipped, the
    fatal input errors, and (summary mode) the first non-legal decks' reports."""

    __slots__ = ("out", "n", "status", "by_code", "by_format", "fatal", "shown", "by_card", "skipped")

    def __init__(self) -> None:
        self.out = b""
        self.n = 0
        self.status: Counter = Counter()
        self.by_code: Counter = Counter()
        self.by_format: Counter = Counter()
        self.fatal: list[str] = []
        self.shown: list[dict[str, Any]] = []
        #: card name -> decks not legal that name it in a problem (each deck once)
        self.by_card: Counter = Counter()
        #: registered format -> decks skipped by ``--only-registered``
        self.skipped: Counter = Counter()


def unit_dicts(unit: tuple, st: dict[str, Any] = _STATE) -> Iterator[dict[str, Any]]:
    """The reports of one unit's decks, in order, as plain data; an input error is ``{"fatal": message,
    "source": path}``."""
    from mtgcheck.models.data.decklist import DecklistError, read_decks

    kind = unit[0]
    if kind == "jsonl":
        _, path, rows, fatal = unit
        for ln, idx, raw in rows:
            d = _record_report(raw, path, idx, ln, st)
            if d is not None:
                yield d
                continue
            deck, problem = _record_deck(raw, path, idx, ln)
            if deck is None:
                yield {"source": path, "fatal": problem}
            else:
                yield _validate_one(deck, st)
        if fatal:
            yield {"source": path, "fatal": fatal}
    elif kind == "text":  # one decklist read from standard input (PATH "-")
        from mtgcheck.models.data.decklist import parse_text

        _, path, text, reader = unit
        if not text.strip():
            yield {"source": path, "fatal": f"{path}: no input (standard input was empty; give a decklist, or a "
                                            "file or folder as PATH)"}
            return
        try:
            yield _validate_one(parse_text(text, path, reader), st)
        except DecklistError as e:
            yield {"source": path, "fatal": _with_path(path, str(e))}
    elif kind == "files":
        for path, reader in unit[1]:
            try:
                for deck in read_decks(path, reader):
                    yield _validate_one(deck, st)
            except DecklistError as e:
                yield {"source": path, "fatal": _with_path(path, str(e))}
    else:
        yield {"source": unit[1], "fatal": unit[2]}


def run_unit(unit: tuple, st: dict[str, Any] = _STATE) -> UnitResult:
    """Validate and render one unit (see ``iter_units``) with the batch ``st`` (default: the one ``setup`` set)."""
    return render(unit_dicts(unit, st), st.get("mode"), st.get("show", 0))


def render(dicts: Iterable[dict[str, Any]], mode: str | None, show: int) -> UnitResult:
    """Decks' reports (and ``{"fatal": ...}`` input errors) rendered as ``mode`` (``"json"``: JSON lines,
    ``"csv"``: CSV rows, None: only the counts and the first ``show`` non-legal reports)."""
    res = UnitResult()
    parts: list[bytes] = []
    status, by_code, by_format, by_card = res.status, res.by_code, res.by_format, res.by_card
    sio = io.StringIO() if mode == "csv" else None
    writer = csv.writer(sio) if sio is not None else None
    for d in dicts:
        if "fatal" in d:
            res.fatal.append(d["fatal"])
            continue
        if "skipped" in d:
            res.skipped[d["skipped"]] += 1
            continue
        res.n += 1
        st = d["status"]
        status[st] += 1
        by_format[(d.get("format"), st)] += 1
        for c in d.get("codes") or ():
            by_code[c] += 1
        if st != "legal":
            named = {n for p in d.get("problems") or () for n in p.get("cards") or ()}
            for n in named:
                by_card[n] += 1
        if mode == "json":
            parts.append(_dumps_line(d))
        elif writer is not None:
            writer.writerow(_csv_row(d))
        elif not d["legal"] and len(res.shown) < show:
            res.shown.append(d)
    if sio is not None:
        res.out = sio.getvalue().encode("utf-8", "backslashreplace")
    else:
        res.out = b"".join(parts)
    return res


# ---------------------------------------------------------------------------
# Workers (--jobs N)
# ---------------------------------------------------------------------------


class WorkerError(RuntimeError):
    """A worker failed (an internal error: its traceback) or died."""


#: Units read and not yet written, per job (``run_parallel``): what bounds the memory of a run.
WINDOW_PER_JOB = 4
#: Units handed to each worker process and not yet back (``run_parallel``): enough that a worker never
#: waits for the parent while the parent validates a unit of its own.
AHEAD_PER_WORKER = 3


def _die_with_parent(ppid: int) -> None:
    """Make this worker end when its parent does, however the parent dies (killed with SIGKILL included): on
    Linux the kernel sends SIGKILL (``prctl(PR_SET_PDEATHSIG)``); a parent already gone ends the worker now.
    Elsewhere the worker notices it as it waits for tasks (``_take``) or when its results pipe breaks."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError, ValueError):
            pass
    if os.getppid() != ppid:
        os._exit(1)


def _take(q, ppid: int):
    """The next item of the task queue ``q``; exits when the parent is gone."""
    import queue

    while True:
        try:
            return q.get(timeout=0.5)
        except queue.Empty:
            if os.getppid() != ppid:
                os._exit(1)


def _send(conn, item) -> None:
    """Send ``item`` to the parent on this worker's own pipe (pickled whole, then written: the parent reads
    whole messages, and a worker that dies while writing leaves the parent an end of file, never a wait)."""
    import pickle

    try:
        conn.send_bytes(pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL))
    except (BrokenPipeError, ConnectionResetError, EOFError):  # the parent is gone: leave no orphan
        os._exit(1)


def _worker(k: int, tasks, conn, ppid: int, inherited=()) -> None:
    """Worker ``k``: validates the units the parent hands out (``(uid, unit)`` from ``tasks``, None: no more)
    and sends each unit's ``UnitResult`` to the parent on its own pipe ``conn`` (``("unit", uid, result)``),
    then ``("end", k, names)`` with the card names it learned (the parent keeps them on disk for the next
    batch). ``inherited``: the parent's ends of the other workers' pipes, closed here."""
    import traceback

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle (it stops the workers)
    _die_with_parent(ppid)
    for c in inherited:
        try:
            c.close()
        except OSError:
            pass
    try:
        while True:
            task = _take(tasks, ppid)
            if task is None:
                break
            uid, unit = task
            _send(conn, ("unit", uid, run_unit(unit)))
        _send(conn, ("end", k, _learned_bytes()))
    except BaseException:  # noqa: BLE001 - reported by the parent as an internal error
        try:
            _send(conn, ("error", k, traceback.format_exc()))
        except BaseException:  # noqa: BLE001
            pass
    conn.close()


def run_parallel(files: list[Path], reader: str | None, jobs: int) -> Iterator[UnitResult]:
    """The units' results in input order, validated by this process and ``jobs - 1`` forked workers.

    The workers are forked once the card data is loaded (they share it, copy-on-write; the collector does
    not touch it: ``_batch_gc``). This process is one of the ``jobs``: it reads the inputs once (a gzip file
    is decompressed here, once), keeps ``AHEAD_PER_WORKER`` units handed to each worker, validates the next
    unit itself, and writes the results in input order (a unit done early waits for the ones before it).
    No thread: reading, handing out, validating and writing take turns, so nothing waits for a lock held
    by another thread, and a unit this process validates never goes through a pipe. At most
    ``WINDOW_PER_JOB * jobs`` units are read and not yet written, so memory does not grow with the input.

    Each worker sends its results on a pipe of its own, whose only writer it is: a worker that dies, even in
    the middle of a message, leaves the parent an end of file on that pipe, and the run ends with
    ``WorkerError``; a parent that dies takes its workers with it (``_die_with_parent``).

    Raises
    ------
    WorkerError
        A worker failed or died. Interrupting (KeyboardInterrupt) or closing the generator stops every worker.
    """
    import multiprocessing as mp
    import pickle
    from multiprocessing.connection import wait

    ctx = mp.get_context("fork")
    ppid = os.getpid()
    n_workers = max(1, jobs - 1)
    tasks = ctx.Queue()  # (bounded by the parent: at most ``ahead`` units out)
    procs: list = []
    conns: list = []  # the parent's read end of each worker's pipe
    ahead = AHEAD_PER_WORKER * n_workers
    window = WINDOW_PER_JOB * jobs
    units = iter_units(files, reader)
    pending: dict[int, UnitResult] = {}
    ended: set[int] = set()
    written = 0  # units written (the uid of the next one to write)
    read = 0  # units read (the uid of the next one)
    out = 0  # units handed to the workers and not yet back
    more = True  # the inputs are not read to the end

    def take(item) -> None:
        nonlocal out
        kind, key, payload = item
        if kind == "unit":
            pending[key] = payload
            out -= 1
        elif kind == "end":
            ended.add(key)
            _merge_learned(payload)
        else:
            raise WorkerError(payload)

    def receive(timeout: float) -> None:
        """Take what the workers sent within ``timeout`` seconds (0: what is there now); a worker's pipe at
        its end before the worker said it ended means the worker died."""
        live = [c for k, c in enumerate(conns) if c is not None]
        if not live:
            return
        ready: list[Any] = wait(live, timeout)
        for c in ready:
            k = conns.index(c)
            try:
                data = c.recv_bytes()
            except (EOFError, OSError):
                conns[k] = None
                c.close()
                if k in ended:
                    continue
                p = procs[k]
                p.join(1)
                raise WorkerError(f"worker {p.name} stopped (exit code {p.exitcode}) before it finished") from None
            take(pickle.loads(data))

    def next_unit():
        nonlocal more, read
        item = next(units, None)
        if item is None:
            more = False
            for _ in procs:
                tasks.put(None)
            return None
        read += 1
        return item

    try:
        for k in range(n_workers):
            r, w = ctx.Pipe(duplex=False)
            p = ctx.Process(target=_worker, args=(k, tasks, w, ppid, list(conns)), daemon=True,
                            name=f"mtgcheck-validate-{k}")
            procs.append(p)
            p.start()
            w.close()  # (the worker is the pipe's only writer: its death is the pipe's end)
            conns.append(r)
        while True:
            while written in pending:
                yield pending.pop(written)
                written += 1
            while more and out < ahead and read < written + window:  # the workers' next units
                item = next_unit()
                if item is not None:
                    tasks.put(item)
                    out += 1
            receive(0)  # what came back meanwhile
            if written in pending:
                continue
            if more and read < written + window:  # a unit of this process's own
                item = next_unit()
                if item is not None:
                    pending[item[0]] = run_unit(item[1])
                continue
            if not more and written == read and len(ended) == len(procs):
                break
            receive(0.2)  # nothing to do but wait for a worker
        for p in procs:
            p.join()
        _save_facts()  # (what every worker learned, merged: one file for the next batch)
    finally:
        tasks.cancel_join_thread()  # (nobody may read what is left in the pipe: never wait for it at exit)
        for c in conns:
            if c is not None:
                c.close()
        _stop(procs)


def _stop(procs) -> None:
    """Stop every worker still running (SIGTERM, then SIGKILL) and reap it."""
    for p in procs:
        if p.exitcode is None and p.pid is not None:
            p.terminate()
    for p in procs:
        if p.pid is None:
            continue
        p.join(2)
        if p.exitcode is None:
            p.kill()
            p.join()


def run_serial(files: list[Path], reader: str | None) -> Iterator[UnitResult]:
    """The units' results in input order, validated in this process."""
    for _, unit in iter_units(files, reader):
        yield run_unit(unit)
    _save_facts()


def _learned(st: dict[str, Any] = _STATE) -> dict[str, Any]:
    """The card names this process learned in the batch (``DeckValidator.learned``)."""
    from mtgcheck.solver.decks.rules import DeckValidator

    return DeckValidator.learned(st["db"]) if st.get("db") is not None else {}


def _learned_bytes() -> bytes:
    """``_learned()`` pickled here (b"" if it cannot be): a message the queue's thread failed to pickle
    would be dropped, and the parent would wait for it."""
    import pickle

    from mtgcheck.models.data.cardcache import _Pickler

    try:
        buf = io.BytesIO()
        _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(_learned())
        return buf.getvalue()
    except Exception:  # noqa: BLE001 - only means the next batch learns these names again
        return b""


def _merge_learned(data: bytes, st: dict[str, Any] = _STATE) -> None:
    """Add the card names a worker learned (``_learned_bytes``) to this process's (``DeckValidator.merge``)."""
    import pickle

    from mtgcheck.solver.decks.rules import DeckValidator

    if not data or st.get("db") is None:
        return
    try:
        entries = pickle.loads(data)
    except Exception:  # noqa: BLE001 - as above
        return
    DeckValidator.merge(st["db"], entries)


def _save_facts(st: dict[str, Any] = _STATE) -> None:
    """Keep the card facts computed in this batch on disk for the next one (``solver.decks.rules.save_card_facts``)."""
    from mtgcheck.solver.decks.rules import save_card_facts

    if st.get("db") is not None:
        save_card_facts(st["db"])


def _batch_gc(enable: bool = True) -> Callable[[], None]:
    """Garbage collection for a batch: the loaded card data is moved out of the collector's sight
    (``gc.freeze``: it lives to the end, and forked workers do not touch its pages), and the young
    generation is collected far less often (validation makes no reference cycles worth the scans).
    No full collection first: it would cost a tenth of a second to free the little garbage loading
    leaves. The collector is switched on (``enable``: ``validate`` keeps it off while the card data is
    read, so that no collection scans the objects being unpickled). Returns the function that puts the
    collector back (thresholds and frozen objects; ``validate`` puts back whether it was on)."""
    gc.freeze()
    old = gc.get_threshold()
    gc.set_threshold(100_000, 50, 1000)
    if enable:
        gc.enable()

    def restore() -> None:
        gc.set_threshold(*old)
        gc.unfreeze()

    return restore


# ---------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------


def _suffixes() -> list[str]:
    from mtgcheck.models.data.decklist import DECK_SUFFIXES

    return list(DECK_SUFFIXES)


def _csv_header() -> list[str]:
    return ["source", "index", "line", "name", "format", "status", "legal", "codes", "problems", "first_problem",
            "commanders", "data_date"]


def _csv_row(d: dict[str, Any]) -> list[Any]:
    probs = d.get("problems") or []
    return [d.get("source"), d.get("index"), d.get("line"), d.get("name") or "", d.get("format"), d.get("status"),
            d.get("legal"), " ".join(d.get("codes") or []), len(probs), probs[0]["message"] if probs else d.get("fatal", ""),
            " / ".join(d.get("commanders") or []), d.get("data_date") or ""]


class _Output:
    """Bytes to standard output (its binary buffer when it has one)."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.buf = getattr(stream, "buffer", None)

    def write(self, b: bytes) -> None:
        if not b:
            return
        if self.buf is not None:
            self.buf.write(b)
        else:
            self.stream.write(b.decode("utf-8"))

    def flush(self) -> None:
        if self.buf is not None:
            self.buf.flush()
        self.stream.flush()


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
    from mtgcheck.models.data.decklist import iter_deck_files
    from mtgcheck.models.data.formats import FormatError, load_format

    # the command line's card-data loader (``solver.cli.main.open_database``: exits 2 naming a file it cannot read)
    open_database = click.get_current_context().meta[OPEN_DATABASE_KEY]
    if as_json and as_csv:
        err.print(error_text("choose one of --json and --csv"))
        sys.exit(2)
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
    db = _open_cards(cards, open_database)
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
    from mtgcheck.models.data.inputs import unread_records_note

    if (as_json or as_csv) and unread_records_note(db):  # (the summary says it on its card data line)
        err.print(error_text(f"{getattr(db, 'source', None)}{unread_records_note(db)}", "warning:", "yellow"))
    mode = "json" if as_json else ("csv" if as_csv else None)
    setup(db, fmt_key, commanders=list(commanders) or None, companion=companion, mode=mode, show=show)
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

    out = _Output(sys.stdout)  # (click.get_text_stream is deprecated since click 8.5)
    sys.stdout.flush()
    if as_csv:
        sio = io.StringIO()
        csv.writer(sio).writerow(_csv_header())
        out.write(sio.getvalue().encode("utf-8"))
    status: Counter = Counter()
    by_code: Counter = Counter()
    by_format: Counter = Counter()
    by_card: Counter = Counter()
    skipped: Counter = Counter()
    shown: list[dict[str, Any]] = []
    n_done = 0
    show_bar = err.is_terminal and sum(_size(f) for f in files) >= 200_000
    restore_gc = _batch_gc(gc_on)
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
    try:
        with _progress(err, show_bar) as progress:
            bar = progress.add_task("decks", total=None)
            for res in results:
                n_done += res.n
                status.update(res.status)
                by_code.update(res.by_code)
                by_format.update(res.by_format)
                by_card.update(res.by_card)
                skipped.update(res.skipped)
                fatal.extend(res.fatal)
                if len(shown) < show:
                    shown.extend(res.shown[: show - len(shown)])
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

    if n_done == 0 and not fatal:
        if skipped:
            fatal.append(f"no deck registered for {fmt} under " + ", ".join(map(str, paths or ["<stdin>"]))
                         + f" ({sum(skipped.values())} deck(s) of other formats skipped: {_formats_text(skipped)})")
        else:
            fatal.append("no decklist found under " + ", ".join(map(str, paths)) + " (decklist files end in "
                         + ", ".join(_suffixes()) + ")")
    if as_json:
        summary = {"decks": n_done, "format": fmt, **{s: status.get(s, 0) for s in _STATUSES},
                   "codes": dict(by_code.most_common()), "cards": dict(by_card.most_common(TOP_CARDS)),
                   "skipped": dict(skipped), "skipped_files": [str(f) for f in skipped_files],
                   "errors": list(fatal), "card_data": getattr(db, "source", None) or "catalog",
                   "data_date": getattr(db, "date", None)}
        try:
            sys.stderr.write(json.dumps({"summary": summary}, ensure_ascii=False, default=str) + "\n")
        except OSError:
            pass
    elif not as_csv and n_done:
        _print_summary(db, fmt, n_done, status, by_code, by_format, by_card, skipped, shown)
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
