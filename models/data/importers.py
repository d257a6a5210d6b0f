"""Importers for card data files: Scryfall bulk data, Scryfall JSON lines, MTGJSON AtomicCards.

Every importer returns an ``ImportReport``: the ``Card`` objects read, how many records
were skipped and why (``skipped``), and one message per malformed record
(``problems``). Nothing is dropped silently.

Supported files (plain or gzip-compressed; the kind is detected from the content):

* Scryfall bulk data ``oracle-cards`` / ``default-cards`` / ``all-cards``: a JSON array of
  card objects (https://scryfall.com/docs/api/bulk-data). ``default-cards`` holds one
  object per printing: one ``Card`` is kept per Oracle name.
* Scryfall JSON lines (``.jsonl``): one card object per line.
* MTGJSON ``AtomicCards.json``: ``{"meta": {...}, "data": {name: [face, ...]}}``
  (https://mtgjson.com/data-models/card/card-atomic/).

Files are read as a stream with ``json.JSONDecoder.raw_decode`` (``iter_json_array``,
``iter_json_object_items``), so a 160 MB bulk file is never held whole in memory nor
parsed into one giant list. Abilities are not parsed here (``Card.abilities`` stays
``None``; the oracle parser runs on demand).

Card data is property of Wizards of the Coast, used under the Fan Content Policy;
compiled by Scryfall / MTGJSON.
"""
from __future__ import annotations

import datetime as _dt
import gzip
import zlib
import io
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Iterator, Mapping

from mtgcheck.models.game.cards import Card, CardError, card_from_fields
from mtgcheck.models.data.inputs import CardDataError, describe_os_error, InputError, iter_lines, MAX_CARD_RECORD_BYTES, open_input

__all__ = [
    "ImportReport", "JSONStreamError", "SKIP_LAYOUTS", "SCRYFALL_FORMATS",
    "iter_json_array", "iter_json_object_items", "open_text", "detect_kind", "date_from_filename",
    "load_scryfall", "load_scryfall_jsonl", "load_mtgjson", "load_cards_file", "mtgjson_to_scryfall",
]

#: Layouts that are not cards a deck can contain; records with them are skipped and counted.
SKIP_LAYOUTS = frozenset({"token", "double_faced_token", "art_series", "emblem"})
#: The format keys of Scryfall ``legalities`` (2025); MTGJSON formats not listed are "not_legal".
SCRYFALL_FORMATS = (
    "standard", "future", "historic", "timeless", "gladiator", "pioneer", "modern", "legacy",
    "pauper", "vintage", "penny", "commander", "oathbreaker", "standardbrawl", "brawl", "alchemy",
    "paupercommander", "duel", "oldschool", "premodern", "predh",
)
_LEGALITY_VALUES = {s: sys.intern(s) for s in ("legal", "not_legal", "banned", "restricted")}
_CHUNK = 1 << 20
_MAX_VALUE = 16 << 20  # longest single JSON value accepted while streaming (characters; models.data.inputs.MAX_CARD_RECORD_BYTES)
_WS = re.compile(r"[ \t\n\r]*")


class JSONStreamError(ValueError):
    """Malformed JSON met while streaming; ``offset`` is the character offset in the text."""

    def __init__(self, message: str, offset: int | None = None):
        super().__init__(message if offset is None else f"{message} (at character {offset})")
        self.offset = offset


# ---------------------------------------------------------------------------
# Streaming JSON
# ---------------------------------------------------------------------------


class _Reader:
    """A text buffer over a file object that decodes one JSON value at a time."""

    __slots__ = ("fp", "buf", "pos", "eof", "base", "chunk", "decoder")

    def __init__(self, fp: IO[str], chunk_size: int = _CHUNK):
        self.fp = fp
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.base = 0  # characters dropped from the front of buf so far
        self.chunk = max(16, int(chunk_size))
        self.decoder = json.JSONDecoder()

    def fill(self) -> bool:
        """Read one more chunk; False at end of file."""
        if self.eof:
            return False
        data = self.fp.read(self.chunk)
        if not data:
            self.eof = True
            return False
        if not isinstance(data, str):
            raise TypeError("iter_json_*: open the file in text mode (or use models.data.importers.open_text)")
        if self.pos:
            self.base += self.pos
            self.buf = self.buf[self.pos:]
            self.pos = 0
        self.buf += data
        return True

    def offset(self) -> int:
        return self.base + self.pos

    def peek(self) -> str:
        """Skip white space; the next character, or ``""`` at end of input."""
        while True:
            self.pos = _WS.match(self.buf, self.pos).end()
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self.fill():
                return ""

    def expect(self, chars: str, what: str) -> str:
        c = self.peek()
        if not c or c not in chars:
            got = repr(c) if c else "end of input"
            raise JSONStreamError(f"expected {what}, found {got}", self.offset())
        self.pos += 1
        return c

    def value(self) -> Any:
        """Decode the next JSON value."""
        if not self.peek():
            raise JSONStreamError("expected a JSON value, found end of input", self.offset())
        while True:
            try:
                obj, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as e:
                # the value may continue in the next chunk (unless it is already absurdly long)
                if len(self.buf) - self.pos < _MAX_VALUE and self.fill():
                    continue
                if len(self.buf) - self.pos >= _MAX_VALUE:
                    raise JSONStreamError(f"a JSON value of more than {_MAX_VALUE >> 20} M characters; one card "
                                          "record is a few kilobytes (mtgcheck reads values of at most that "
                                          "size)", self.offset()) from None
                raise JSONStreamError(f"invalid JSON: {e.msg}", self.base + e.pos) from None
            if end == len(self.buf) and not self.eof and not isinstance(obj, (dict, list, str)):
                # a number or literal at the end of the buffer may continue in the next chunk
                if self.fill():
                    continue
            self.pos = end
            return obj


def iter_json_array(fp: IO[str], chunk_size: int = _CHUNK) -> Iterator[Any]:
    """Yield the elements of the top-level JSON array in the text file ``fp``, one at a time.

    The file is read in chunks of ``chunk_size`` characters and each element decoded with
    ``json.JSONDecoder.raw_decode``; memory use is bounded by the largest element plus a chunk.

    Raises
    ------
    JSONStreamError
        The text is not a JSON array (message and ``.offset`` say where).
    """
    r = _Reader(fp, chunk_size)
    r.expect("[", "'[' (a JSON array)")
    if r.peek() == "]":
        r.pos += 1
        return
    n = 0
    while True:
        yield r.value()
        n += 1
        if r.expect(",]", f"',' or ']' after array element {n}") == "]":
            return


def _iter_members(r: _Reader, where: str) -> Iterator[tuple[str, Any]]:
    r.expect("{", f"'{{' (a JSON object{where})")
    if r.peek() == "}":
        r.pos += 1
        return
    while True:
        if r.peek() != '"':
            raise JSONStreamError(f"expected a member name{where}", r.offset())
        key = r.value()
        r.expect(":", f"':' after member name {key!r}")
        yield key, r
        if r.expect(",}", f"',' or '}}' after member {key!r}{where}") == "}":
            return


def iter_json_object_items(
    fp: IO[str],
    key_path: tuple[str, ...] | list[str] = ("data",),
    *,
    others: dict[str, Any] | None = None,
    chunk_size: int = _CHUNK,
) -> Iterator[tuple[str, Any]]:
    """Yield ``(key, value)`` for each member of a nested JSON object, streaming.

    ``key_path`` names the object to walk: ``("data",)`` walks ``top["data"]`` (the
    cards of MTGJSON ``AtomicCards.json``); ``()`` walks the top-level object. Members
    of the top-level object outside the path are decoded and, when ``others`` is a
    dict, stored in it (e.g. MTGJSON's ``meta``), whether they come before or after.

    Raises
    ------
    JSONStreamError
        Malformed JSON, a value on the path that is not an object, or a missing key.
    """
    path = tuple(key_path)
    r = _Reader(fp, chunk_size)

    def walk(depth: int) -> Iterator[tuple[str, Any]]:
        where = f" at {'.'.join(path[:depth]) or 'top level'}"
        if depth == len(path):
            for key, rd in _iter_members(r, where):
                yield key, rd.value()
            return
        found = False
        for key, rd in _iter_members(r, where):
            if key == path[depth] and not found:
                found = True
                if rd.peek() != "{":
                    raise JSONStreamError(f"member {'.'.join(path[:depth + 1])!r} is not a JSON object", r.offset())
                yield from walk(depth + 1)
            else:
                v = rd.value()
                if others is not None and depth == 0:
                    others[key] = v
        if not found:
            raise JSONStreamError(f"no member {path[depth]!r}{where}", r.offset())

    yield from walk(0)


# ---------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------


def open_text(path: str | os.PathLike) -> IO[str]:
    """Open a card data file as UTF-8 text, gunzipping it when it is gzip data (by content), through the input
    layer (``models.data.inputs.open_input``: a regular file only, no decompression bomb).

    A UTF-8 byte-order mark is skipped. Raises ``CardDataError`` when the file is missing, is a directory,
    a named pipe or a device, or cannot be read.
    """

    p = Path(path)
    try:
        exists = p.exists()
    except (OSError, RuntimeError, ValueError) as e:
        raise CardDataError(f"{p}: cannot open card data file: {_describe(e)}") from None
    if not exists:
        if p.is_symlink():
            raise CardDataError(f"{p}: a symbolic link that leads nowhere (dangling, or a loop)")
        raise CardDataError(f"{p}: card data file not found")
    if p.is_dir():
        raise CardDataError(f"{p}: is a directory, expected a card data file")
    try:
        binary = open_input(p, max_bytes=None, what="card data")
    except InputError as e:
        raise CardDataError(f"{p}: cannot open card data file: {e.message.removeprefix('cannot read: ')}") from None
    return io.TextIOWrapper(binary, encoding="utf-8-sig")  # type: ignore[arg-type]


_DATE_DASHED = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_DATE_COMPACT = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})(?:\d{6})?(?!\d)")


def date_from_filename(path: str | os.PathLike) -> str | None:
    """A date written in the file name, ISO ``YYYY-MM-DD``, or ``None``.

    ``oracle-cards-2025-11-03.json.gz`` → ``"2025-11-03"``; Scryfall's own bulk names
    ``oracle-cards-20251103091521.json`` → ``"2025-11-03"``.
    """
    name = Path(path).name
    for rx in (_DATE_DASHED, _DATE_COMPACT):
        for m in rx.finditer(name):
            try:
                return _dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))).isoformat()
            except ValueError:
                continue
    return None


def _mtime_date(path: str | os.PathLike) -> str | None:
    try:
        return _dt.date.fromtimestamp(os.stat(path).st_mtime).isoformat()
    except OSError:
        return None


def detect_kind(path: str | os.PathLike) -> str:
    """Which importer reads ``path``: ``"scryfall"`` (a JSON array), ``"mtgjson"`` (an object whose
    first member is ``meta`` or ``data``) or ``"jsonl"`` (JSON objects, one a line).

    Raises ``CardDataError`` for a missing, empty, non-UTF-8 or non-JSON file.
    """
    try:
        with open_text(path) as fp:
            r = _Reader(fp, 1 << 16)
            c = r.peek()
            if c == "[":
                return "scryfall"
            if c == "{":
                r.pos += 1
                if r.peek() == '"':
                    key = r.value()
                    if key in ("meta", "data"):
                        return "mtgjson"
                return "jsonl"
    except RecursionError:
        raise CardDataError(f"{path}: cannot read card data: JSON nested too deep") from None
    except (OSError, EOFError, UnicodeDecodeError, JSONStreamError, zlib.error, RuntimeError) as e:
        raise CardDataError(f"{path}: cannot read card data: {_describe(e)}") from None
    if not c:
        raise CardDataError(f"{path}: the card data file is empty")
    raise CardDataError(
        f"{path}: not JSON card data (starts with {c!r}); expected a Scryfall JSON array, "
        "Scryfall JSON lines or MTGJSON AtomicCards.json"
    )


def _describe(e: BaseException) -> str:

    if isinstance(e, InputError):
        return e.message
    if isinstance(e, (zlib.error, RuntimeError)) or (isinstance(e, OSError) and e.errno == 40):
        return describe_os_error(e)
    if isinstance(e, UnicodeDecodeError):
        return f"not UTF-8 text ({e.reason} at byte {e.start})"
    if isinstance(e, gzip.BadGzipFile) or (isinstance(e, OSError) and "gzip" in str(e).lower()):
        return f"not a valid gzip file ({e})"
    if isinstance(e, EOFError):
        return "truncated gzip data"
    return str(e)


# ---------------------------------------------------------------------------
# Report and collector
# ---------------------------------------------------------------------------


@dataclass
class ImportReport:
    """What an importer read from one file.

    Attributes
    ----------
    cards : list of Card
        One card per Oracle name, in file order; ``abilities`` is ``None`` (parsed lazily).
    skipped : dict[str, int]
        Records not turned into cards, by reason: a skipped layout (``"token"``,
        ``"double_faced_token"``, ``"art_series"``, ``"emblem"``), ``"non_card_object"``,
        ``"duplicate_printing"`` (another printing of a card already kept),
        ``"non_english"`` (a non-English printing of a card with an English one),
        ``"duplicate_name"`` (a different Oracle card with the same name; the one legal in
        more formats is kept, see ``duplicate_names``), ``"malformed"`` (see ``problems``).
    problems : list of str
        One message per malformed record, naming the file, the record (``record N``,
        1-based, or ``line N`` for JSON lines) and the card name when there is one.
    path, kind : str
        The file and its kind (``"scryfall"``, ``"jsonl"``, ``"mtgjson"``).
    date : str or None
        The data's date (ISO): from the file name, else MTGJSON ``meta.date``, else the
        file's modification date.
    records : int
        Records read (array elements, non-blank lines, MTGJSON entries).
    duplicate_names : list of str
        Names shared by several Oracle cards (Un-set variants, theme cards).
    notes : list of str
        Other remarks (e.g. a card kept from a non-English printing because it has no other).
    """

    cards: list[Card] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    path: str = ""
    kind: str = ""
    date: str | None = None
    records: int = 0
    duplicate_names: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def skipped_total(self) -> int:
        return sum(self.skipped.values())

    def summary(self) -> str:
        """One line: ``"32,176 cards from <path> (scryfall, 2025-11-03); skipped 19 ...; 0 problems"``."""
        sk = ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items())) or "none"
        return (f"{len(self.cards):,} cards from {self.path} ({self.kind}, {self.date or 'undated'}); "
                f"skipped: {sk}; {len(self.problems)} problem(s)")


def _skip(report: ImportReport, reason: str, n: int = 1) -> None:
    report.skipped[reason] = report.skipped.get(reason, 0) + n


def _legal_count(legalities: Any) -> int:
    if not isinstance(legalities, Mapping):
        return 0
    return sum(1 for v in legalities.values() if v != "not_legal")


_LEGALITIES_SEEN: dict[tuple, dict[str, str]] = {}


def _intern_legalities(leg: Any) -> dict[str, str]:
    """Legalities with shared (interned) key and value strings; the 32k cards of a bulk file have
    only a few thousand distinct legality tables, so this saves time and tens of megabytes."""
    if not isinstance(leg, dict):
        return {}
    try:
        sig = tuple(leg.items())
        out = _LEGALITIES_SEEN.get(sig)
    except TypeError:  # unhashable values: malformed, left for card_from_fields to judge
        return dict(leg)
    if out is None:
        out = {}
        for k, v in leg.items():
            v = str(v).lower()
            out[sys.intern(str(k))] = _LEGALITY_VALUES.get(v) or sys.intern(v)
        if len(_LEGALITIES_SEEN) < 50_000:
            _LEGALITIES_SEEN[sig] = out
    return out


@dataclass
class _Kept:
    index: int
    oracle_id: Any
    english: bool
    rank: int


class _Collector:
    """Keeps one card per Oracle name and counts everything else."""

    def __init__(self, report: ImportReport, source: str):
        self.report = report
        self.source = source
        self.kept: dict[str, _Kept] = {}

    def problem(self, where: str, name: Any, message: str) -> None:
        who = f"card {name!r}: " if isinstance(name, str) and name else ""
        self.report.problems.append(f"{self.report.path}: {where}: {who}{message}")
        _skip(self.report, "malformed")

    def add(self, rec: Any, where: str) -> None:
        """Add one Scryfall-shaped record (already mapped, for MTGJSON)."""
        if type(rec) is not dict and not isinstance(rec, Mapping):
            self.problem(where, None, f"expected a JSON object, got {type(rec).__name__}")
            return
        obj = rec.get("object", "card")
        if obj != "card":
            _skip(self.report, "non_card_object")
            return
        layout = rec.get("layout") or "normal"
        if layout in SKIP_LAYOUTS:
            _skip(self.report, str(layout))
            return
        if layout == "reversible_card" and rec.get("card_faces"):
            self._add_reversible(rec, where)
            return
        name = rec.get("name")
        if not isinstance(name, str) or not name.strip():
            self.problem(where, None, "record has no card name")
            return
        faces = rec.get("card_faces")
        if faces is not None and (not isinstance(faces, list) or not all(
                isinstance(f, Mapping) and isinstance(f.get("name"), str) and str(f["name"]).strip() for f in faces)):
            self.problem(where, name, "a card face without a name (card_faces must be objects with a 'name')")
            return
        english = rec.get("lang") in (None, "en")
        oid = rec.get("oracle_id")
        rank = _legal_count(rec.get("legalities"))
        prev = self.kept.get(name)
        dropped = None  # the reason counted for the record that is not kept
        if prev is not None:
            if oid is None or prev.oracle_id is None or oid == prev.oracle_id:
                # another printing of the same Oracle card: keep the first English one
                if not (english and not prev.english):
                    _skip(self.report, "duplicate_printing" if english or not prev.english else "non_english")
                    return
                dropped = "non_english"
            else:
                # a different Oracle card with the same name (Un-set variants, theme cards):
                # keep the one legal in more formats, the first on a tie
                if name not in self.report.duplicate_names:
                    self.report.duplicate_names.append(name)
                if rank <= prev.rank:
                    _skip(self.report, "duplicate_name")
                    return
                dropped = "duplicate_name"
        fields = dict(rec)
        if type(rec.get("legalities")) is dict:
            fields["legalities"] = _intern_legalities(rec["legalities"])
        try:
            card = card_from_fields(fields, source=self.source)
        except (CardError, ValueError, TypeError, AttributeError, KeyError) as e:
            self.problem(where, name, str(e).removeprefix(f"card {name!r}: "))
            return
        if prev is not None and dropped is not None:
            _skip(self.report, dropped)
            self.report.cards[prev.index] = card
            self.kept[name] = _Kept(prev.index, oid if oid is not None else prev.oracle_id, english, rank)
        else:
            self.kept[name] = _Kept(len(self.report.cards), oid, english, rank)
            self.report.cards.append(card)

    def _add_reversible(self, rec: Mapping[str, Any], where: str) -> None:
        # A reversible card prints a complete card on each side (usually the same one twice:
        # that second side is not a separate record and is not counted).
        seen: set[Any] = set()
        for i, face in enumerate(rec["card_faces"]):
            if not isinstance(face, Mapping):
                self.problem(f"{where} face {i + 1}", rec.get("name"), "card face is not a JSON object")
                continue
            if face.get("name") in seen:
                continue
            seen.add(face.get("name"))
            sub = {k: v for k, v in face.items() if k not in ("object",)}
            sub["layout"] = face.get("layout") or "normal"
            for k in ("legalities", "color_identity", "keywords", "lang", "released_at"):
                if k not in sub and k in rec:
                    sub[k] = rec[k]
            self.add(sub, f"{where} face {i + 1}")

    def finish(self) -> None:
        r = self.report
        for name, k in self.kept.items():
            if not k.english:
                r.notes.append(f"{name!r}: kept a non-English printing (the file has no English one; "
                               "Scryfall's name, type line and Oracle text are English)")
        if not r.cards and r.problems:
            raise CardDataError(f"{r.path}: no card could be read; first problem: {r.problems[0]}")
        if not r.cards and r.records:
            raise CardDataError(f"{r.path}: no card could be read from {r.records} record(s); "
                                f"skipped: {dict(sorted(r.skipped.items()))} (is this a card data file?)")


# ---------------------------------------------------------------------------
# Scryfall
# ---------------------------------------------------------------------------


def _run(path: str | os.PathLike, kind: str, body: Callable[[IO[str], ImportReport], None]) -> ImportReport:
    report = ImportReport(path=str(path), kind=kind, date=date_from_filename(path))
    try:
        with open_text(path) as fp:
            body(fp, report)
    except CardDataError:
        raise
    except JSONStreamError as e:
        raise CardDataError(f"{path}: malformed {kind} data after record {report.records}: {e}") from None
    except RecursionError:
        raise CardDataError(f"{path}: malformed {kind} data after record {report.records}: JSON nested too deep "
                            "(no card object nests more than a few levels)") from None
    except (OSError, EOFError, UnicodeDecodeError, zlib.error, RuntimeError) as e:
        raise CardDataError(f"{path}: cannot read card data: {_describe(e)}") from None
    except ValueError as e:  # e.g. a number of thousands of digits
        raise CardDataError(f"{path}: malformed {kind} data after record {report.records}: {e}") from None
    if not report.cards:
        raise CardDataError(f"{path}: holds no card ({report.records} records read); expected a Scryfall bulk file "
                            "or MTGJSON AtomicCards.json")
    if report.date is None:
        report.date = _mtime_date(path)
    return report


def load_scryfall(path: str | os.PathLike) -> ImportReport:
    """Read a Scryfall bulk data file: a JSON array of card objects (``.json`` or ``.json.gz``).

    Works for ``oracle-cards`` (one object per Oracle card) and ``default-cards`` /
    ``all-cards`` (one per printing: the first English printing of each name is kept).
    Tokens, emblems and art-series cards are skipped and counted; a reversible card
    (``reversible_card``) gives the card printed on its faces. A JSON-lines file is
    accepted too (delegates to ``load_scryfall_jsonl``).

    Returns
    -------
    ImportReport
        ``cards`` built with ``card_from_fields(record, source="scryfall")``.

    Raises
    ------
    CardDataError
        File missing or unreadable, not a JSON array, malformed JSON, or no readable card.
    """
    if detect_kind(path) == "jsonl":
        return load_scryfall_jsonl(path)

    def body(fp: IO[str], report: ImportReport) -> None:
        col = _Collector(report, "scryfall")
        for rec in iter_json_array(fp):
            report.records += 1
            name = rec.get("name") if isinstance(rec, Mapping) else None
            try:
                col.add(rec, f"record {report.records}")
            except CardDataError:
                raise
            except Exception as e:  # noqa: BLE001 - a bad record must not stop the import
                col.problem(f"record {report.records}", name, f"{type(e).__name__}: {e}")
        col.finish()

    return _run(path, "scryfall", body)


def load_scryfall_jsonl(path: str | os.PathLike) -> ImportReport:
    """Read Scryfall card objects written one per line (JSON lines, optionally gzip).

    Blank lines are ignored; a line that is not valid JSON, or not a card, becomes a
    problem naming the line number. Raises ``CardDataError`` when the file cannot be
    read or no line holds a card.
    """

    def body(fp: IO[str], report: ImportReport) -> None:

        col = _Collector(report, "scryfall")
        binary = fp.buffer  # type: ignore[attr-defined]  # (lines are cut at the record limit as bytes)
        for lineno, (raw, size) in enumerate(iter_lines(binary, MAX_CARD_RECORD_BYTES), 1):
            if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            if not raw.strip():
                continue
            report.records += 1
            where = f"line {lineno}"
            if size > MAX_CARD_RECORD_BYTES:
                col.problem(where, None, f"a record of {size:,} bytes; one card record is a few kilobytes (mtgcheck "
                                         f"reads records of at most {MAX_CARD_RECORD_BYTES >> 20} MiB)")
                continue
            line = raw.decode("utf-8")
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                col.problem(where, None, f"not valid JSON ({e.msg} at column {e.colno})")
                continue
            try:
                col.add(rec, where)
            except CardDataError:
                raise
            except Exception as e:  # noqa: BLE001
                col.problem(where, rec.get("name") if isinstance(rec, Mapping) else None, f"{type(e).__name__}: {e}")
        col.finish()

    return _run(path, "jsonl", body)


# ---------------------------------------------------------------------------
# MTGJSON
# ---------------------------------------------------------------------------


def _mtgjson_legalities(leg: Any) -> dict[str, str]:
    out = {f: _LEGALITY_VALUES["not_legal"] for f in SCRYFALL_FORMATS}
    if isinstance(leg, Mapping):
        for k, v in leg.items():
            v = str(v).lower()
            out[sys.intern(str(k))] = _LEGALITY_VALUES.get(v) or v
    return out


def _mtgjson_face_fields(f: Mapping[str, Any], name: str) -> dict[str, Any]:
    return {
        "name": name,
        "mana_cost": f.get("manaCost"),
        "type_line": f.get("type"),
        "oracle_text": f.get("text") or "",
        "colors": f.get("colors"),
        "color_indicator": f.get("colorIndicator"),
        "power": f.get("power"),
        "toughness": f.get("toughness"),
        "loyalty": f.get("loyalty"),
        "defense": f.get("defense"),
    }


def _oracle_id(f: Mapping[str, Any]) -> Any:
    ids = f.get("identifiers")
    return ids.get("scryfallOracleId") if isinstance(ids, Mapping) else None


def _whole_card(f: Mapping[str, Any], name: str) -> dict[str, Any]:
    d = _mtgjson_face_fields(f, name)
    d.update({
        "color_identity": f.get("colorIdentity"),
        "keywords": f.get("keywords") or [],
        "layout": f.get("layout") or "normal",
        "legalities": _mtgjson_legalities(f.get("legalities")),
        "oracle_id": _oracle_id(f),
    })
    return d


def mtgjson_to_scryfall(key: str, entries: Any) -> tuple[list[dict[str, Any]], int]:
    """Map one MTGJSON AtomicCards entry (``key`` → list of face objects) to Scryfall-shaped records.

    Field map: ``manaCost``→``mana_cost``, ``type``→``type_line``, ``text``→``oracle_text``,
    ``colors``, ``colorIdentity``→``color_identity``, ``colorIndicator``→``color_indicator``,
    ``keywords``, ``power``, ``toughness``, ``loyalty``, ``defense``, ``layout``,
    ``legalities`` (``"Legal"``→``"legal"``, ``"Banned"``→``"banned"``,
    ``"Restricted"``→``"restricted"``; formats not listed → ``"not_legal"``),
    ``faceName``→face ``name``, ``side`` orders the faces. A multi-face card (key
    ``"A // B"``) becomes one record with ``card_faces``; a meld card's faces are separate
    cards, as in Scryfall. Entries without ``side`` that share one name are variants: the
    first is kept.

    Returns
    -------
    (records, variants_dropped)

    Raises
    ------
    ValueError
        ``entries`` is not a non-empty list of objects.
    """
    if not isinstance(entries, list) or not entries:
        raise ValueError("expected a non-empty list of card faces")
    for e in entries:
        if not isinstance(e, Mapping):
            raise ValueError(f"expected card face objects, got {type(e).__name__}")
    sided = [e for e in entries if e.get("side")]
    if not sided or len(entries) == 1 and not entries[0].get("faceName"):
        return [_whole_card(entries[0], key)], len(entries) - 1
    faces = sorted(sided, key=lambda e: str(e.get("side")))
    front = faces[0]
    layout = front.get("layout") or "normal"
    if layout == "meld":
        return [_whole_card(f, f.get("faceName") or f.get("name") or key) for f in faces], len(entries) - len(faces)
    keywords: list[str] = []
    for f in faces:
        for k in f.get("keywords") or ():
            if k not in keywords:
                keywords.append(k)
    card_faces = [_mtgjson_face_fields(f, f.get("faceName") or f"{key} ({f.get('side')})") for f in faces]
    rec = {
        "name": key,
        "layout": layout,
        "type_line": " // ".join(f.get("type") or "" for f in faces),
        "color_identity": front.get("colorIdentity"),
        "keywords": keywords,
        "legalities": _mtgjson_legalities(front.get("legalities")),
        "card_faces": card_faces,
        "oracle_id": _oracle_id(front),
    }
    if layout in ("split", "aftermath", "adventure", "flip"):
        # printed on one face of the card: the colours are those of both halves (CR 709.4, 715.4)
        cols: list[str] = []
        for f in faces:
            for c in f.get("colors") or ():
                if c not in cols:
                    cols.append(c)
        rec["colors"] = cols
    return [rec], len(entries) - len(faces)


def load_mtgjson(path: str | os.PathLike) -> ImportReport:
    """Read MTGJSON ``AtomicCards.json`` (optionally ``.gz``): ``{"meta": ..., "data": {name: [faces]}}``.

    The ``data`` object is streamed member by member (``iter_json_object_items``); each
    entry is mapped with ``mtgjson_to_scryfall`` and built with
    ``card_from_fields(..., source="mtgjson")``. ``date`` is taken from the file name,
    else ``meta.date``, else the file's modification date.

    Raises
    ------
    CardDataError
        File missing or unreadable, malformed JSON, no ``data`` object, or no readable card.
    """
    meta: dict[str, Any] = {}

    def body(fp: IO[str], report: ImportReport) -> None:
        col = _Collector(report, "mtgjson")
        for key, entries in iter_json_object_items(fp, ("data",), others=meta):
            report.records += 1
            where = f"entry {report.records}"
            try:
                recs, variants = mtgjson_to_scryfall(key, entries)
            except (ValueError, TypeError, AttributeError) as e:
                col.problem(where, key, str(e))
                continue
            if variants:
                _skip(report, "duplicate_name", variants)
                if key not in report.duplicate_names:
                    report.duplicate_names.append(key)
            for rec in recs:
                try:
                    col.add(rec, where)
                except CardDataError:
                    raise
                except Exception as e:  # noqa: BLE001
                    col.problem(where, key, f"{type(e).__name__}: {e}")
        col.finish()

    report = _run(path, "mtgjson", body)
    if date_from_filename(path) is None:
        m = meta.get("meta")
        if isinstance(m, Mapping) and isinstance(m.get("date"), str) and m["date"].strip():
            report.date = m["date"].strip()[:10]
    return report


# ---------------------------------------------------------------------------
# Any file
# ---------------------------------------------------------------------------


def load_cards_file(path: str | os.PathLike) -> ImportReport:
    """Read any supported card data file, detecting its kind from the content.

    First non-blank character ``[`` → Scryfall JSON array (``load_scryfall``); ``{`` whose
    first member is ``meta`` or ``data`` → MTGJSON AtomicCards (``load_mtgjson``); any other
    ``{`` → Scryfall JSON lines (``load_scryfall_jsonl``). Gzip is detected by content.

    Raises
    ------
    CardDataError
        Missing file, not JSON, wrong shape (message names the path and what was expected).
    """
    kind = detect_kind(path)
    if kind == "scryfall":
        return load_scryfall(path)
    if kind == "mtgjson":
        return load_mtgjson(path)
    return load_scryfall_jsonl(path)
