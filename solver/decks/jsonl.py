"""The decklists of a batch, read in units: JSON-lines records (read in blocks, a record at a time, bounded) and
files of one deck each, cut into units in input order (``iter_units``), each validated and rendered on its own
(``run_unit``, ``render``: JSON lines or CSV rows) into a ``UnitResult``.
"""
from __future__ import annotations

import csv
import io
import json
import zlib
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator


try:  # orjson is a dependency; the standard library keeps working if it is missing
    import orjson
except ImportError:  # pragma: no cover
    orjson = None  # type: ignore[assignment]

from mtgcheck.solver.rules.errors import QuestionError, Unsupported
from mtgcheck.solver.decks.batch import ONLY, _STATE, _registered_for, _validate_one, _validator, _with_path
from mtgcheck.solver.decks.output import _csv_row


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


