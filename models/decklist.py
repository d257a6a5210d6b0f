"""Decklists: reading every common decklist format, keeping every line.

A ``Decklist`` is what a file says, before any card is looked up: entries
(count, name as written, section, line number, set code, collector number) and
the lines that could not be read. Nothing is dropped silently: a line that is
neither an entry, a section header, a comment nor blank becomes an
``UnreadableLine`` of the deck, with its line number and the reason. Names are
resolved later, through the card database, by ``solver.decks``.

Readers (``READERS``; ``detect_reader`` picks one from the file name and content,
or name one with ``reader=``):

``mtgo``
    MTGO text: ``4 Lightning Bolt`` lines; main deck, then a blank line or a
    ``Sideboard`` line, then the sideboard (CR 100.4).
``arena``
    Arena export: ``About`` (``Name ...``), ``Commander``, ``Companion``, ``Deck``,
    ``Sideboard`` sections; lines ``4 Name (SET) 123``.
``moxfield`` / ``archidekt``
    ``1x Name (set) 123 *F*`` lines (``*F*`` foil, ``*E*`` etched), optional
    ``[Category]`` tags (``[Commander]``, ``[Sideboard]``, ``[Maybeboard]``) and
    section headers such as ``SIDEBOARD:`` or ``// Commander``.
``dek``
    MTGO ``.dek`` XML: ``<Cards Quantity="4" Sideboard="false" Name="..."/>``.
``cod``
    Cockatrice ``.cod`` XML: ``<zone name="main"><card number="4" name="..."/></zone>``.
``jsonl``
    JSON lines, one deck a line: ``{"format", "date", "event", "main": [[count, name], ...],
    "side": [...]}`` with optional ``"commander"`` and ``"companion"`` lists.

A set code is read only inside parentheses right after the name (``(ICE) 123``), so
*Ice Tunnel* stays a card name. Section names: ``main``, ``side``, ``commander``,
``companion``; ``maybe`` (Moxfield/Archidekt maybeboard) and other Cockatrice zones
(``tokens``) are kept as entries of those sections, which are not part of the deck
(``Decklist.ignored``).
"""
from __future__ import annotations

import gzip
import io
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from xml.parsers import expat

__all__ = [
    "DeckEntry", "UnreadableLine", "Decklist", "DecklistError", "READERS", "DECK_SECTIONS",
    "detect_reader", "parse_text", "parse_dek", "parse_cod", "parse_jsonl_record", "read_decks",
    "iter_deck_files", "decklist_from_data",
]

#: Reader names accepted by ``reader=`` (and ``mtgcheck validate --reader``).
READERS = ("mtgo", "arena", "moxfield", "archidekt", "dek", "cod", "jsonl")
#: Sections that make up a deck; entries of other sections are kept but ignored.
DECK_SECTIONS = ("main", "side", "commander", "companion")
#: File name endings read as decklists when a folder is given.
DECK_SUFFIXES = (".txt", ".dek", ".cod", ".jsonl", ".jsonl.gz", ".json", ".dck", ".csv")


class DecklistError(ValueError):
    """A decklist file that cannot be read at all (missing, not text, broken gzip); names the file."""


@dataclass(slots=True)
class DeckEntry:
    """One line of a decklist: ``count`` copies of the card called ``name`` (as written).

    ``line`` is the 1-based line in the file (for JSON lines: the record's line);
    ``section`` one of ``main``, ``side``, ``commander``, ``companion``, ``maybe`` or a
    Cockatrice zone name; ``set_code``/``collector_number``/``finish`` are kept as written.
    """

    count: int
    name: str
    section: str = "main"
    line: int | None = None
    set_code: str | None = None
    collector_number: str | None = None
    finish: str | None = None


@dataclass(slots=True)
class UnreadableLine:
    """A line that is not an entry, header, comment or blank: its number, text and why."""

    line: int | None
    text: str
    reason: str


@dataclass
class Decklist:
    """One deck as read from a file (names not yet resolved).

    Attributes
    ----------
    entries : list of DeckEntry, in file order.
    unreadable : list of UnreadableLine; each becomes an ``unreadable_line`` problem.
    source : str, the file (or ``"<text>"``).
    index : int, the deck's position in its file (JSON lines hold many decks).
    reader : str, the reader used (one of ``READERS``).
    format : str or None, the format the file names (JSON lines ``format``), if any.
    name : str or None, the deck's name (Arena ``About``, ``.cod`` ``deckname``).
    meta : dict, other facts of the record (``date``, ``event``).
    line : int or None, the first line of the deck in the file.
    explicit_sections : bool, True when the file named its sections (``Commander``,
        ``Deck``, XML zones, JSON keys) rather than relying on a blank line.
    """

    entries: list[DeckEntry] = field(default_factory=list)
    unreadable: list[UnreadableLine] = field(default_factory=list)
    source: str = "<text>"
    index: int = 0
    reader: str = "mtgo"
    format: str | None = None
    name: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    line: int | None = None
    explicit_sections: bool = False

    def section(self, name: str) -> list[DeckEntry]:
        """The entries of one section, in file order."""
        return [e for e in self.entries if e.section == name]

    @property
    def main(self) -> list[DeckEntry]:
        return self.section("main")

    @property
    def side(self) -> list[DeckEntry]:
        return self.section("side")

    @property
    def commander(self) -> list[DeckEntry]:
        return self.section("commander")

    @property
    def companion(self) -> list[DeckEntry]:
        return self.section("companion")

    @property
    def ignored(self) -> list[DeckEntry]:
        """Entries of sections that are not part of a deck (maybeboard, Cockatrice tokens)."""
        return [e for e in self.entries if e.section not in DECK_SECTIONS]

    def count(self, section: str) -> int:
        """Number of cards in a section."""
        return sum(e.count for e in self.entries if e.section == section)

    @property
    def label(self) -> str:
        """``file#N`` for a deck of a many-deck file, else the file name (plus the deck name if any)."""
        base = self.source
        if self.reader == "jsonl":
            base = f"{self.source}#{self.index + 1}"
        return base


# ---------------------------------------------------------------------------
# Text formats: MTGO, Arena, Moxfield, Archidekt
# ---------------------------------------------------------------------------

_HEADERS = {
    "deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "mainboard": "main",
    "sideboard": "side", "side": "side", "side board": "side",
    "commander": "commander", "commanders": "commander",
    "companion": "companion", "companions": "companion",
    "maybeboard": "maybe", "maybe": "maybe", "considering": "maybe",
    "about": "about", "tokens": "tokens",
}
_HEADER_RE = re.compile(r"^(?://\s*|#+\s*)?([A-Za-z][A-Za-z ]*?)\s*(?:\(\d+\))?\s*:?\s*(?:\d+)?$")
_COUNT_RE = re.compile(r"^(?:(?P<sb>SB:)\s*)?(?P<n>\d+)\s*[xX]?\s+(?P<rest>\S.*)$")
# trailing markers (Moxfield/Archidekt): *F* foil, *E* etched, *A* alter; [Category] tags; ^Tag^
_FINISH_RE = re.compile(r"\s+\*([A-Za-z]+)\*\s*$")
_CATEGORY_RE = re.compile(r"\s+\[([^\[\]]*)\]\s*$")
_TAG_RE = re.compile(r"\s+\^[^^]*\^\s*$")
# "(SET) 123" or "(SET)": a set code is 2-6 letters/digits without blanks
_SET_RE = re.compile(r"\s+\((?P<set>[A-Za-z0-9_]{2,6})\)(?:\s+(?P<num>[A-Za-z0-9\-★†]+))?\s*$")


def _split_entry_text(rest: str) -> tuple[str, str | None, str | None, str | None, str | None]:
    """``name, set, number, finish, category`` of the text after the count."""
    finish = category = None
    changed = True
    while changed:
        changed = False
        m = _FINISH_RE.search(rest)
        if m:
            finish = {"F": "foil", "E": "etched"}.get(m.group(1).upper(), m.group(1))
            rest = rest[: m.start()]
            changed = True
        m = _CATEGORY_RE.search(rest)
        if m:
            category = m.group(1)
            rest = rest[: m.start()]
            changed = True
        m = _TAG_RE.search(rest)
        if m:
            rest = rest[: m.start()]
            changed = True
    set_code = number = None
    m = _SET_RE.search(rest)
    if m:
        set_code, number = m.group("set").upper(), m.group("num")
        rest = rest[: m.start()]
    return rest.strip(), set_code, number, finish, category


def _category_section(category: str | None) -> str | None:
    if not category:
        return None
    c = category.lower()
    if "maybe" in c:
        return "maybe"
    if "commander" in c:
        return "commander"
    if "companion" in c:
        return "companion"
    if "sideboard" in c:
        return "side"
    return None


def parse_text(text: str, source: str = "<text>", reader: str | None = None, first_line: int = 1) -> Decklist:
    """Read an MTGO / Arena / Moxfield / Archidekt text decklist.

    Parameters
    ----------
    text : str
        The file's text.
    source : str
        The file name, kept in the ``Decklist`` and in every problem.
    reader : str, optional
        ``"mtgo"``, ``"arena"``, ``"moxfield"`` or ``"archidekt"``; detected from the text when omitted
        (the text readers share one grammar, so naming one only changes the label).
    first_line : int
        The line number of the first line of ``text``.

    Returns
    -------
    Decklist
        Every entry with its line number; every other non-blank, non-comment, non-header
        line as an ``UnreadableLine``.

    Notes
    -----
    Sections: without headers, the main deck runs up to the first blank line after an
    entry and the rest is the sideboard (MTGO text, CR 100.4). A header (``Deck``,
    ``Sideboard``, ``Commander``, ``Companion``, ``About``, ``Maybeboard``; case
    ignored, with an optional colon, count or leading ``//``) switches section, and then
    blank lines do not. ``SB: 2 Name`` lines are sideboard entries.
    """
    lines = text.splitlines()
    explicit = False
    for raw in lines:
        s = raw.strip()
        m = _HEADER_RE.match(s) if s and not s[0].isdigit() else None
        if m and m.group(1).lower() in _HEADERS:
            explicit = True
            break
    deck = Decklist(source=source, reader=reader or _detect_text_reader(lines, explicit), line=first_line,
                    explicit_sections=explicit)
    section = "main"
    seen_entry = False
    for i, raw in enumerate(lines):
        ln = first_line + i
        s = raw.strip().lstrip("\ufeff")
        if not s:
            if not explicit and seen_entry and section == "main":
                section = "side"
            continue
        m = _COUNT_RE.match(s)
        if m is None:
            h = _HEADER_RE.match(s)
            if h and h.group(1).lower() in _HEADERS:
                section = _HEADERS[h.group(1).lower()]
                continue
            if section == "about":
                key, _, value = s.partition(" ")
                if key.lower() == "name":
                    deck.name = value.strip() or None
                else:
                    deck.meta[key.lower()] = value.strip()
                continue
            if s.startswith("//") or s.startswith("#"):
                continue  # a comment
            deck.unreadable.append(UnreadableLine(ln, raw, "not a card line ('4 Card Name') nor a section header"))
            continue
        n = int(m.group("n"))
        name, set_code, number, finish, category = _split_entry_text(m.group("rest"))
        if not name:
            deck.unreadable.append(UnreadableLine(ln, raw, "a count without a card name"))
            continue
        if n <= 0:
            deck.unreadable.append(UnreadableLine(ln, raw, f"count {n}: a deck line needs at least one card"))
            continue
        sec = "side" if m.group("sb") else (_category_section(category) or section)
        if sec == "about":
            sec = "main"
        deck.entries.append(DeckEntry(n, name, sec, ln, set_code, number, finish))
        seen_entry = True
    return deck


def _detect_text_reader(lines: list[str], explicit: bool) -> str:
    has_set = has_marker = has_x = False
    for raw in lines[:400]:
        s = raw.strip()
        if not s:
            continue
        if _FINISH_RE.search(s) or _CATEGORY_RE.search(s):
            has_marker = True
        if re.match(r"^\d+x\s", s):
            has_x = True
        if _SET_RE.search(s):
            has_set = True
    if has_marker or has_x:
        return "archidekt" if any(_CATEGORY_RE.search(r.strip()) for r in lines[:400]) else "moxfield"
    if explicit and any(r.strip().lower() in ("deck", "about", "commander", "companion") for r in lines[:400]):
        return "arena"
    if has_set:
        return "arena" if explicit else "moxfield"
    return "mtgo"


# ---------------------------------------------------------------------------
# XML formats: MTGO .dek, Cockatrice .cod
# ---------------------------------------------------------------------------


def _parse_xml(text: str, source: str, reader: str) -> Decklist:
    deck = Decklist(source=source, reader=reader, line=1, explicit_sections=True)
    p = expat.ParserCreate()
    state: dict[str, Any] = {"zone": None, "text_tag": None, "root": None}

    def start(tag: str, attrs: dict[str, str]) -> None:
        ln = p.CurrentLineNumber
        if state["root"] is None:
            state["root"] = tag
        t = tag.lower()
        if t == "cards" and reader == "dek":
            name = attrs.get("Name") or attrs.get("name")
            qty = attrs.get("Quantity") or attrs.get("quantity")
            side = (attrs.get("Sideboard") or attrs.get("sideboard") or "false").strip().lower() == "true"
            _xml_entry(deck, qty, name, "side" if side else "main", ln, p)
        elif t == "zone":
            z = (attrs.get("name") or "").strip().lower()
            state["zone"] = {"main": "main", "side": "side", "sideboard": "side", "commander": "commander",
                             "companion": "companion"}.get(z, z or "main")
        elif t == "card" and reader == "cod":
            _xml_entry(deck, attrs.get("number"), attrs.get("name"), state["zone"] or "main", ln, p)
        elif t in ("deckname", "comments", "netdeckid", "preconstructeddeckid"):
            state["text_tag"] = t
            state["buf"] = []

    def end(tag: str) -> None:
        t = tag.lower()
        if t == "zone":
            state["zone"] = None
        if state["text_tag"] == t:
            value = "".join(state["buf"]).strip()
            if t == "deckname":
                deck.name = value or None
            elif value:
                deck.meta[t] = value
            state["text_tag"] = None

    def chars(data: str) -> None:
        if state["text_tag"]:
            state["buf"].append(data)

    p.StartElementHandler = start
    p.EndElementHandler = end
    p.CharacterDataHandler = chars
    try:
        p.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as e:
        deck.unreadable.append(UnreadableLine(e.lineno, _line_text(text, e.lineno),
                                              f"not well-formed XML: {expat.ErrorString(e.code)}; the rest of the file was not read"))
    return deck


def _line_text(text: str, line: int | None) -> str:
    if not line:
        return ""
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _xml_entry(deck: Decklist, qty: str | None, name: str | None, section: str, ln: int, p: Any) -> None:
    if not name or not name.strip():
        deck.unreadable.append(UnreadableLine(ln, "", "a card element without a name"))
        return
    try:
        n = int(str(qty).strip()) if qty is not None else 1
    except ValueError:
        deck.unreadable.append(UnreadableLine(ln, name, f"quantity {qty!r} is not a whole number"))
        return
    if n <= 0:
        deck.unreadable.append(UnreadableLine(ln, name, f"quantity {n}: a deck line needs at least one card"))
        return
    deck.entries.append(DeckEntry(n, name.strip(), section, ln))


def parse_dek(text: str, source: str = "<text>") -> Decklist:
    """Read an MTGO ``.dek`` XML decklist (``Cards`` elements with ``Quantity``, ``Sideboard``, ``Name``).

    Returns a ``Decklist``; malformed XML becomes an ``UnreadableLine`` at the error's line.
    """
    return _parse_xml(text, source, "dek")


def parse_cod(text: str, source: str = "<text>") -> Decklist:
    """Read a Cockatrice ``.cod`` decklist (``zone`` elements ``main``/``side`` holding ``card`` elements).

    Zones other than main, side, commander and companion (``tokens``) are kept as entries of
    that section and ignored by validation. Malformed XML becomes an ``UnreadableLine``.
    """
    return _parse_xml(text, source, "cod")


# ---------------------------------------------------------------------------
# JSON lines
# ---------------------------------------------------------------------------

_JSON_SECTIONS = (("main", "main"), ("side", "side"), ("sideboard", "side"), ("commander", "commander"),
                  ("commanders", "commander"), ("companion", "companion"))


def decklist_from_data(rec: Any, source: str = "<data>", index: int = 0, line: int | None = None) -> Decklist:
    """A ``Decklist`` from plain data: ``{"main": [[count, name], ...], "side": [...], "commander": [...],
    "companion": [...], "format": ..., ...}``; a section may also be a list of names or ``{name: count}``.

    Malformed items become ``UnreadableLine`` entries (at ``line``), never errors.
    """
    deck = Decklist(source=source, index=index, reader="jsonl", line=line, explicit_sections=True)
    if not isinstance(rec, dict):
        deck.unreadable.append(UnreadableLine(line, _short(rec), "a deck record must be a JSON object"))
        return deck
    fmt = rec.get("format")
    deck.format = str(fmt) if fmt is not None else None
    deck.name = rec.get("name") if isinstance(rec.get("name"), str) else None
    for k in ("date", "event", "player", "id"):
        if k in rec:
            deck.meta[k] = rec[k]
    entries = deck.entries
    for key, section in _JSON_SECTIONS:
        items = rec.get(key)
        if items is None:
            continue
        if isinstance(items, dict):
            items = [[v, k] for k, v in items.items()]
        elif isinstance(items, str):
            items = [items]
        if not isinstance(items, list):
            deck.unreadable.append(UnreadableLine(line, _short(items), f"{key!r} must be a list of [count, name]"))
            continue
        for it in items:
            if isinstance(it, list) and len(it) == 2 and type(it[0]) is int and isinstance(it[1], str):
                if it[0] > 0 and it[1].strip():
                    entries.append(DeckEntry(it[0], it[1], section, line))
                    continue
            elif isinstance(it, str) and it.strip():
                entries.append(DeckEntry(1, it, section, line))
                continue
            elif isinstance(it, dict) and isinstance(it.get("name"), str):
                n = it.get("count", it.get("quantity", 1))
                if type(n) is int and n > 0:
                    entries.append(DeckEntry(n, it["name"], section, line))
                    continue
            deck.unreadable.append(UnreadableLine(line, _short(it), f"an item of {key!r} is not [count, name] with a count of at least 1"))
    return deck


def parse_jsonl_record(text: str, source: str = "<text>", index: int = 0, line: int | None = None) -> Decklist:
    """One JSON-lines record (a line of text) as a ``Decklist``; invalid JSON becomes an ``UnreadableLine``."""
    try:
        rec = json.loads(text)
    except ValueError as e:
        deck = Decklist(source=source, index=index, reader="jsonl", line=line, explicit_sections=True)
        deck.unreadable.append(UnreadableLine(line, text[:200], f"not valid JSON: {e}"))
        return deck
    return decklist_from_data(rec, source, index, line)


def _short(x: Any) -> str:
    s = json.dumps(x, ensure_ascii=False, default=str) if not isinstance(x, str) else x
    return s if len(s) <= 200 else s[:199] + "…"


# ---------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------


def detect_reader(path: str | os.PathLike | None, text: str) -> str:
    """Which reader fits a file: by its ending (``.dek``, ``.cod``, ``.jsonl``), then by its content.

    Content rules: ``<`` first → XML (root ``Deck`` → ``dek``, ``cockatrice_deck`` → ``cod``); ``{``
    first → ``jsonl``; otherwise a text reader (``arena`` when it has Arena section headers or
    ``(SET) 123`` codes with headers, ``moxfield``/``archidekt`` with ``1x``, ``*F*`` or ``[Category]``
    markers, else ``mtgo``).
    """
    name = str(path or "").lower()
    if name.endswith(".dek"):
        return "dek"
    if name.endswith(".cod"):
        return "cod"
    if name.endswith(".jsonl") or name.endswith(".jsonl.gz") or name.endswith(".ndjson"):
        return "jsonl"
    head = text.lstrip("\ufeff \t\r\n")[:2000]
    if head.startswith("<"):
        return "cod" if "cockatrice_deck" in head else "dek"
    if head.startswith("{"):
        return "jsonl"
    lines = text.splitlines()
    explicit = any(
        (m := _HEADER_RE.match(r.strip())) is not None and m.group(1).lower() in _HEADERS
        for r in lines[:400] if r.strip() and not r.strip()[0].isdigit()
    )
    return _detect_text_reader(lines, explicit)


def _open_text(path: Path) -> io.TextIOBase:
    if path.name.lower().endswith(".gz"):
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8-sig", errors="strict")
    return open(path, encoding="utf-8-sig", errors="strict")


def read_decks(path: str | os.PathLike, reader: str | None = None) -> Iterator[Decklist]:
    """Every deck of one file, in file order.

    Parameters
    ----------
    path : str or os.PathLike
        A decklist file: text (MTGO, Arena, Moxfield, Archidekt), ``.dek``, ``.cod`` or JSON
        lines (plain or ``.gz``).
    reader : str, optional
        One of ``READERS``; detected (``detect_reader``) when omitted.

    Yields
    ------
    Decklist
        One per deck (one for most files, one per line of a JSON-lines file).

    Raises
    ------
    DecklistError
        The file is missing, unreadable, not UTF-8 text or a broken gzip file.
    """
    p = Path(path)
    if reader is not None and reader not in READERS:
        raise DecklistError(f"unknown decklist reader {reader!r}; readers are {', '.join(READERS)}")
    try:
        fp = _open_text(p)
    except FileNotFoundError:
        raise DecklistError(f"{p}: no such file") from None
    except OSError as e:
        raise DecklistError(f"{p}: cannot read: {e.strerror or e}") from None
    try:
        with fp:
            kind = reader
            if kind is None:
                if p.name.lower().endswith((".jsonl", ".jsonl.gz", ".ndjson")):
                    kind = "jsonl"
                else:
                    head = fp.read(4096)
                    kind = detect_reader(p, head)
                    if kind == "jsonl":
                        yield from _iter_jsonl(io.StringIO(head + fp.read()), str(p))
                        return
                    text = head + fp.read()
            if kind == "jsonl":
                yield from _iter_jsonl(fp, str(p))
                return
            if reader is not None:
                text = fp.read()
    except (UnicodeDecodeError, EOFError, gzip.BadGzipFile, OSError) as e:
        raise DecklistError(f"{p}: cannot read as UTF-8 text: {e}") from None
    if kind == "dek":
        yield parse_dek(text, str(p))
    elif kind == "cod":
        yield parse_cod(text, str(p))
    else:
        yield parse_text(text, str(p), kind)


def _iter_jsonl(fp: Any, source: str) -> Iterator[Decklist]:
    index = 0
    for ln, raw in enumerate(fp, 1):
        s = raw.strip()
        if not s:
            continue
        yield parse_jsonl_record(s, source, index, ln)
        index += 1


def iter_deck_files(paths: Any) -> tuple[list[Path], list[str]]:
    """The decklist files under ``paths``: each file given, and every file with a decklist ending
    (``DECK_SUFFIXES``) below each folder, sorted. Returns ``(files, problems)``; problems name
    paths that do not exist."""
    files: list[Path] = []
    problems: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            files.extend(sorted(f for f in path.rglob("*") if f.is_file() and f.name.lower().endswith(DECK_SUFFIXES)))
        elif path.is_file():
            files.append(path)
        else:
            problems.append(f"{p}: no such file or folder")
    return files, problems
