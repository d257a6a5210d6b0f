"""Decklists: reading every common decklist format, keeping every line.

A ``Decklist`` is what a file says, before any card is looked up: entries
(count, name as written, section, line number, set code, collector number) and
the lines that could not be read. Nothing is dropped silently: a line that is
neither an entry, a section header, a comment nor blank becomes an
``UnreadableLine`` of the deck, with its line number and the reason. Names are
resolved later, through the card database, by ``solver.decks.rules``.

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

import json
import os
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from mtgcheck.models.data.inputs import (
    MAX_DECK_LINES, MAX_FILE_BYTES, MAX_LINE_CHARS, MAX_RECORD_BYTES, InputError, _size, describe_os_error,
    json_loads_limited, open_input, walk_files,
)

__all__ = [
    "DeckEntry", "UnreadableLine", "Decklist", "DecklistError", "READERS", "DECK_SECTIONS",
    "detect_reader", "parse_text", "parse_dek", "parse_cod", "parse_jsonl_record", "read_decks",
    "iter_deck_files", "decklist_from_data", "iter_jsonl_lines", "split_lines", "MAX_ENTRY_COUNT",
    "may_repeat_a_key", "repeated_keys",
]

#: Reader names accepted by ``reader=`` (and ``mtgcheck validate --reader``).
READERS = ("mtgo", "arena", "moxfield", "archidekt", "forge", "xmage", "csv", "dek", "cod", "jsonl")
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
    hints : list of str, how an ambiguous list was read (blank lines without headers), shown with the
        deck's problems.
    other_lines : list of int, lines read as something other than a card: section headers, comments,
        metadata (``Name ...``, ``[metadata]``, ``NAME:``, ``LAYOUT``), a CSV header. With ``entries`` and
        ``unreadable`` they account for every non-blank line of a text list.
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
    hints: list[str] = field(default_factory=list)
    other_lines: list[int] = field(default_factory=list)

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
# Text formats: MTGO, Arena, Moxfield, Archidekt, Forge .dck, XMage .dck, CSV
# ---------------------------------------------------------------------------

#: Most copies one deck line may stand for (Relentless Rats decks hold a few hundred; 10^18 is no deck).
MAX_ENTRY_COUNT = 100_000

_HEADERS = {
    "deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "mainboard": "main",
    "sideboard": "side", "side": "side", "side board": "side",
    "commander": "commander", "commanders": "commander",
    "companion": "companion", "companions": "companion",
    "maybeboard": "maybe", "maybe": "maybe", "considering": "maybe",
    "about": "about", "tokens": "tokens",
}
#: Type-group headers of MTGO / Moxfield / Archidekt copies (``Creatures (12)``): labels inside a section.
_GROUP_HEADERS = {
    "creature", "creatures", "instant", "instants", "sorcery", "sorceries", "artifact", "artifacts",
    "enchantment", "enchantments", "planeswalker", "planeswalkers", "land", "lands", "battle", "battles",
    "spell", "spells", "other", "others", "nonland", "nonlands", "kindred", "tribal", "mana", "ramp",
}
# Every pattern below runs on one line of a decklist (at most models.data.inputs.MAX_LINE_CHARS characters) and is
# written so that it cannot backtrack catastrophically: repeats are possessive (``*+``, ``++``: never given back)
# and a pattern searched for at a line's end starts at the beginning of a run of blanks (``(?<!\s)\s++``), so
# each is linear in the line (tests/test_input_classes.py times them on long runs of blanks and separators).
# A header's word may keep blanks at its end (the caller strips them).
_HEADER_RE = re.compile(r"^(?://\s*+|#++\s*+)?+([A-Za-z][A-Za-z ]*+)\s*+(?:\(\d++\)\s*+)?(?::\s*+)?\d*+$")
_COUNT_RE = re.compile(r"^(?:(?P<sb>SB:)\s*+)?(?:[xX](?P<xn>\d++)|(?P<n>\d++)(?:\s*+[xX](?=\s))?)\s++(?P<rest>\S.*+)$")
# trailing markers (Moxfield/Archidekt): *F* foil, *E* etched, *A* alter; [Category] tags; ^Tag^
_FINISH_RE = re.compile(r"(?<!\s)\s++\*([A-Za-z]++)\*\s*+$")
_CATEGORY_RE = re.compile(r"(?<!\s)\s++\[([^\[\]]*+)\]\s*+$")
_TAG_RE = re.compile(r"(?<!\s)\s++\^[^^]*+\^\s*+$")
# "(SET) 123" or "(SET)": a set code is 2-6 letters/digits without blanks
_SET_RE = re.compile(r"(?<!\s)\s++\((?P<set>[A-Za-z0-9_]{2,6})\)(?:\s++(?P<num>[A-Za-z0-9\-★†]++))?\s*+$")
# Forge .dck: "[Main]" section lines, "4 Name|SET|1" entries
_FORGE_SECTION_RE = re.compile(r"^\[([A-Za-z ]+)\]$")
_FORGE_SECTIONS = {"main": "main", "sideboard": "side", "commander": "commander", "companion": "companion",
                   "metadata": "metadata"}
# XMage .dck: "4 [SET:123] Name", "SB: 2 [SET:45] Name", "NAME:...", "LAYOUT MAIN:..."
_XMAGE_RE = re.compile(r"^(?:(?P<sb>SB:)\s*+)?(?P<n>\d++)\s++\[(?P<set>[A-Za-z0-9_]*+):(?P<num>[^\]]*+)\]\s++(?P<name>\S.*+)$")


def split_lines(text: str) -> list[str]:
    """The lines of a file as ``grep -n`` numbers them: split on ``\\n`` only (a trailing ``\\r`` dropped).

    A form feed, U+2028 or a lone ``\\r`` inside a line does not split it (``str.splitlines`` would, moving
    every later line number and possibly the main deck into the sideboard).
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln[:-1] if ln.endswith("\r") else ln for ln in lines]


def _blank(s: str) -> bool:
    return not s.strip()


def _long_line(raw: str, ln: int, deck: "Decklist") -> bool:
    """Report a line longer than ``models.data.inputs.MAX_LINE_CHARS`` (never matched against a reader's patterns)."""

    if len(raw) <= MAX_LINE_CHARS:
        return False
    deck.unreadable.append(UnreadableLine(ln, raw[:200] + "…", f"a line of {len(raw):,} characters; decklist lines are "
                                          f"short (mtgcheck reads lines of at most {MAX_LINE_CHARS:,} characters)"))
    return True


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
    """The section an Archidekt/Moxfield category names, if any.

    Archidekt export: ``[Cat1,Cat2{flag}]``; a category *is* a board only when its whole name is
    ``Commander``, ``Sideboard``, ``Maybeboard`` or ``Companion`` (``[Commander Staples]`` is a user's
    category of the main deck); the ``{noDeck}`` flag (Tokens, Considering) keeps the card out of the deck.
    """
    if not category:
        return None
    names = []
    no_deck = False
    for part in category.split(","):
        flags = re.findall(r"\{([^{}]*)\}", part)
        if any(f.strip().lower() == "nodeck" for f in flags):
            no_deck = True
        names.append(re.sub(r"\{[^{}]*\}", "", part).strip().lower())
    for want, sec in (("commander", "commander"), ("companion", "companion"), ("sideboard", "side"),
                      ("maybeboard", "maybe"), ("maybe", "maybe"), ("considering", "maybe")):
        if want in names:
            return sec
    if no_deck:
        return "nodeck"
    return None


def _entry_count(m: re.Match, raw: str, ln: int, deck: Decklist) -> int | None:
    digits = m.group("n") or m.group("xn")
    if len(digits.lstrip("0")) > len(str(MAX_ENTRY_COUNT)) or int(digits) > MAX_ENTRY_COUNT:
        shown = digits if len(digits) <= 20 else f"{digits[:12]}… ({len(digits)} digits)"
        deck.unreadable.append(UnreadableLine(ln, raw[:200], f"count {shown} is more than one deck line can hold "
                                                           f"(at most {MAX_ENTRY_COUNT:,})"))
        return None
    n = int(digits)
    if n <= 0:
        deck.unreadable.append(UnreadableLine(ln, raw, f"count {n}: a deck line needs at least one card"))
        return None
    return n


def parse_text(text: str, source: str = "<text>", reader: str | None = None, first_line: int = 1) -> Decklist:
    """Read an MTGO / Arena / Moxfield / Archidekt text decklist (and Forge / XMage ``.dck``, CSV).

    Parameters
    ----------
    text : str
        The file's text.
    source : str
        The file name, kept in the ``Decklist`` and in every problem.
    reader : str, optional
        One of the text readers (``"mtgo"``, ``"arena"``, ``"moxfield"``, ``"archidekt"``, ``"forge"``,
        ``"xmage"``, ``"csv"``); detected from the text when omitted.
    first_line : int
        The line number of the first line of ``text``.

    Returns
    -------
    Decklist
        Every entry with its line number; every other non-blank, non-comment, non-header
        line as an ``UnreadableLine``. Lines are numbered as ``grep -n`` numbers them (``split_lines``).

    Notes
    -----
    Sections: without headers, the main deck runs up to the first blank line after an
    entry and the rest is the sideboard (MTGO text, CR 100.4); when blank lines split the
    entries into three or more blocks, every block but the last is the main deck, and
    ``Decklist.hints`` says so. A header (``Deck``, ``Sideboard``, ``Commander``, ``Companion``,
    ``About``, ``Maybeboard``; case ignored, with an optional colon, count or leading ``//``)
    switches section, and then blank lines do not; type-group headers (``Creatures (12)``)
    are labels within a section. ``SB: 2 Name`` lines are sideboard entries. An Arena
    ``About`` section holds only ``Name ...`` and ends at the first blank line.
    """
    lines = split_lines(text)
    kind = reader or _detect_text_reader(lines, _has_headers(lines))
    if kind == "forge":
        return _parse_forge(lines, source, first_line)
    if kind == "xmage":
        return _parse_xmage(lines, source, first_line)
    if kind == "csv":
        return _parse_csv(lines, source, first_line)
    explicit = _has_headers(lines)
    deck = Decklist(source=source, reader=kind, line=first_line, explicit_sections=explicit)
    section = "main"
    seen_entry = False
    # blocks of entries separated by blank lines (headerless lists): [(first entry index, cards)]
    blocks: list[int] = []
    by_blank: list[int] = []  # entries in the sideboard only because they follow a blank line
    in_block = False
    for i, raw in enumerate(lines):
        ln = first_line + i
        if _long_line(raw, ln, deck):
            in_block = False
            continue
        s = raw.strip().lstrip("\ufeff").strip()
        if not s:
            if section == "about":
                section = "main"
            if not explicit and seen_entry and section == "main":
                section = "side"
            in_block = False
            continue
        m = _COUNT_RE.match(s)
        if m is None:
            section = _other_line(s, raw, ln, section, deck)
            continue
        n = _entry_count(m, raw, ln, deck)
        if n is None:
            continue
        name, set_code, number, finish, category = _split_entry_text(m.group("rest"))
        if not name:
            deck.unreadable.append(UnreadableLine(ln, raw, "a count without a card name"))
            continue
        if section == "about":
            section = "main"
        cat = _category_section(category)
        sec = "side" if m.group("sb") else (cat or section)
        if not explicit and not m.group("sb") and cat is None and sec == "side":
            by_blank.append(len(deck.entries))
        if not in_block:
            blocks.append(len(deck.entries))
            in_block = True
        deck.entries.append(DeckEntry(n, name, sec, ln, set_code, number, finish))
        seen_entry = True
    if not explicit:
        _resolve_blocks(deck, blocks, by_blank)
    return deck


def _other_line(s: str, raw: str, ln: int, section: str, deck: Decklist) -> str:
    """A line of a text decklist that is not an entry: a section header (which switches section), a type-group header
    (a label within the section), an Arena ``About`` section's ``Name ...`` (the deck's name), a comment, or an
    unreadable line, kept with why. Returns the section that follows."""
    h = _HEADER_RE.match(s)
    word = h.group(1).lower().strip() if h else ""
    if h and word in _HEADERS:
        deck.other_lines.append(ln)
        return _HEADERS[word]
    if h and word in _GROUP_HEADERS:
        deck.other_lines.append(ln)
        return "main" if section in ("about", "nodeck") else section
    if section == "about":
        key, _, value = s.partition(" ")
        if key.lower() == "name":
            deck.name = value.strip() or None
            deck.other_lines.append(ln)
            return section
        deck.unreadable.append(UnreadableLine(ln, raw, "an Arena 'About' section holds only 'Name ...'; "
                                                       "this line is not a card line ('4 Card Name')"))
        return section
    if s.startswith("//") or s.startswith("#"):
        deck.other_lines.append(ln)
        return section  # a comment
    deck.unreadable.append(UnreadableLine(ln, raw, "not a card line ('4 Card Name') nor a section header"))
    return section

def _resolve_blocks(deck: Decklist, blocks: list[int], by_blank: list[int]) -> None:
    """Headerless lists: the last block of entries after a blank line is the sideboard (MTGO text,
    CR 100.4). With three or more blocks, every block but the last is the main deck (groups separated
    by blank lines); a hint says how the list was read."""
    if len(blocks) < 2:
        return
    last = blocks[-1]
    if len(blocks) >= 3:
        side_n = sum(deck.entries[i].count for i in by_blank if i >= last)
        whole = side_n > 15  # more than a sideboard holds (CR 100.4a): the last group is main deck too
        for i in by_blank:
            if i < last or whole:
                deck.entries[i].section = "main"
        read = ("every group was read as the main deck (the last one holds more than a sideboard's 15 cards)"
                if whole else f"the last group (line {deck.entries[last].line}, {side_n} cards) was read as the "
                "sideboard and the others as the main deck")
        deck.hints.append(f"the list has no section headers and blank lines split it into {len(blocks)} groups: "
                          f"{read}; write a 'Sideboard' line to say otherwise")
        return
    side_n = sum(e.count for e in deck.entries[last:] if e.section == "side")
    main_n = sum(e.count for e in deck.entries[:last] if e.section == "main")
    if side_n > 15 and side_n > main_n:
        deck.hints.append(f"the list has no section headers: the {side_n} cards after the blank line before line "
                          f"{deck.entries[last].line} were read as the sideboard (MTGO text, CR 100.4) and only "
                          f"{main_n} as the main deck; if the blank line only separates groups of the main deck, "
                          f"remove it or write a 'Sideboard' line before the sideboard")


def _has_headers(lines: list[str]) -> bool:

    for raw in lines:
        s = raw.strip()
        if not s or s[0].isdigit() or len(s) > MAX_LINE_CHARS:
            continue
        m = _HEADER_RE.match(s)
        if m and (m.group(1).lower().strip() in _HEADERS or m.group(1).lower().strip() in _GROUP_HEADERS):
            return True
    return False


def _detect_text_reader(lines: list[str], explicit: bool) -> str:

    has_set = has_marker = has_x = False
    head = [ln for ln in lines[:400] if len(ln) <= MAX_LINE_CHARS]
    first = next((ln.strip() for ln in head if ln.strip()), "")
    if _is_csv_header(first):
        return "csv"
    if any(_FORGE_SECTION_RE.match(ln.strip()) and ln.strip()[1:-1].strip().lower() in _FORGE_SECTIONS for ln in head):
        return "forge"
    if any(_XMAGE_RE.match(ln.strip()) or ln.startswith(("NAME:", "LAYOUT MAIN:", "LAYOUT SIDEBOARD:")) for ln in head):
        return "xmage"
    for raw in head:
        s = raw.strip()
        if not s:
            continue
        if _FINISH_RE.search(s) or _CATEGORY_RE.search(s):
            has_marker = True
        if re.match(r"^(?:\d+x|x\d+)\s", s):
            has_x = True
        if _SET_RE.search(s):
            has_set = True
    if has_marker or has_x:
        return "archidekt" if any(_CATEGORY_RE.search(r.strip()) for r in head) else "moxfield"
    if explicit and any(r.strip().lower() in ("deck", "about", "commander", "companion") for r in head):
        return "arena"
    if has_set:
        return "arena" if explicit else "moxfield"
    return "mtgo"


def _parse_forge(lines: list[str], source: str, first_line: int) -> Decklist:
    """Forge ``.dck``: ``[metadata]`` (``Name=...``), ``[Main]``, ``[Sideboard]``, ``[Commander]`` sections and
    ``4 Card Name|SET|1`` lines (set and art index after ``|``); other sections (``[Avatar]``, ``[Planes]``,
    ``[Schemes]``) are kept as sections outside the deck."""
    deck = Decklist(source=source, reader="forge", line=first_line, explicit_sections=True)
    section = "main"
    for i, raw in enumerate(lines):
        ln = first_line + i
        if _long_line(raw, ln, deck):
            continue
        s = raw.strip().lstrip("\ufeff")
        if not s:
            continue
        h = _FORGE_SECTION_RE.match(s)
        if h:
            word = h.group(1).strip().lower()
            section = _FORGE_SECTIONS.get(word, word)
            deck.other_lines.append(ln)
            continue
        if section == "metadata":
            key, eq, value = s.partition("=")
            if not eq:
                deck.unreadable.append(UnreadableLine(ln, raw, "a [metadata] line is 'Key=value'"))
                continue
            if key.strip().lower() == "name":
                deck.name = value.strip() or None
            else:
                deck.meta[key.strip().lower()] = value.strip()
            deck.other_lines.append(ln)
            continue
        if s.startswith("#"):
            deck.other_lines.append(ln)
            continue
        m = _COUNT_RE.match(s)
        if m is None:
            deck.unreadable.append(UnreadableLine(ln, raw, "not a Forge card line ('4 Card Name|SET|1') nor a [Section]"))
            continue
        n = _entry_count(m, raw, ln, deck)
        if n is None:
            continue
        name, _, rest = m.group("rest").partition("|")
        parts = rest.split("|") if rest else []
        if not name.strip():
            deck.unreadable.append(UnreadableLine(ln, raw, "a count without a card name"))
            continue
        deck.entries.append(DeckEntry(n, name.strip(), section, ln, (parts[0].strip().upper() or None) if parts else None,
                                      None))
    return deck


def _parse_xmage(lines: list[str], source: str, first_line: int) -> Decklist:
    """XMage ``.dck``: ``4 [SET:123] Card Name`` lines, ``SB: 2 [SET:45] Card Name`` for the sideboard,
    ``NAME:deck name`` and ``LAYOUT ...`` lines (the deck editor's layout, not cards)."""
    deck = Decklist(source=source, reader="xmage", line=first_line, explicit_sections=True)
    for i, raw in enumerate(lines):
        ln = first_line + i
        if _long_line(raw, ln, deck):
            continue
        s = raw.strip().lstrip("\ufeff")
        if not s:
            continue
        if s.startswith("NAME:"):
            deck.name = s[5:].strip() or None
            deck.other_lines.append(ln)
            continue
        if s.startswith("LAYOUT ") or s.startswith("#"):
            deck.other_lines.append(ln)
            continue
        m = _XMAGE_RE.match(s)
        if m is None:
            m2 = _COUNT_RE.match(s)
            if m2 is None:
                deck.unreadable.append(UnreadableLine(ln, raw, "not an XMage card line ('4 [SET:123] Card Name')"))
                continue
            n = _entry_count(m2, raw, ln, deck)
            if n is not None:
                deck.entries.append(DeckEntry(n, m2.group("rest").strip(), "side" if m2.group("sb") else "main", ln))
            continue
        n = _entry_count(m, raw, ln, deck)
        if n is None:
            continue
        deck.entries.append(DeckEntry(n, m.group("name").strip(), "side" if m.group("sb") else "main", ln,
                                      m.group("set").upper() or None, m.group("num") or None))
    return deck


_CSV_COUNT = ("count", "quantity", "qty", "amount")
_CSV_NAME = ("name", "card name", "card")
_CSV_BOARD = ("board", "section", "zone", "category")


def _csv_fields(line: str) -> list[str]:
    import csv

    try:
        return [f.strip() for f in next(csv.reader([line]))]
    except (csv.Error, StopIteration):
        return []


def _is_csv_header(line: str) -> bool:
    if "," not in line:
        return False
    cols = [c.lower() for c in _csv_fields(line)]
    return any(c in _CSV_COUNT for c in cols) and any(c in _CSV_NAME for c in cols)


def _parse_csv(lines: list[str], source: str, first_line: int) -> Decklist:
    """A CSV export (Moxfield: ``"Count","Tradelist Count","Name","Edition",...,"Collector Number",...``;
    Archidekt/others: ``Quantity,Name,...``): the header names the columns; an optional ``Board`` column names
    the section (``mainboard``, ``sideboard``, ``commanders``, ``maybeboard``). One row a line."""
    deck = Decklist(source=source, reader="csv", line=first_line, explicit_sections=True)
    header: list[str] | None = None
    for i, raw in enumerate(lines):
        ln = first_line + i
        if _long_line(raw, ln, deck):
            continue
        if not raw.strip():
            continue
        fields = _csv_fields(raw.lstrip("\ufeff"))
        if header is None:
            cols = [c.lower() for c in fields]
            if not (any(c in _CSV_COUNT for c in cols) and any(c in _CSV_NAME for c in cols)):
                deck.unreadable.append(UnreadableLine(ln, raw, "a CSV decklist starts with a header naming its columns "
                                                               "(Count, Name, ...)"))
                for j in range(i + 1, len(lines)):
                    if lines[j].strip():
                        deck.unreadable.append(UnreadableLine(first_line + j, lines[j], "not read: the CSV file has "
                                                              "no header naming its columns"))
                return deck
            header = cols
            deck.other_lines.append(ln)
            ci = next(cols.index(c) for c in cols if c in _CSV_COUNT)
            ni = next(cols.index(c) for c in cols if c in _CSV_NAME)
            bi = next((cols.index(c) for c in cols if c in _CSV_BOARD), None)
            si = next((cols.index(c) for c in cols if c in ("edition", "set", "set code")), None)
            numi = next((cols.index(c) for c in cols if c in ("collector number", "number", "collector_number")), None)
            continue
        if len(fields) <= max(ci, ni):
            deck.unreadable.append(UnreadableLine(ln, raw, f"a CSV row with {len(fields)} fields; the header has {len(header)}"))
            continue
        m = re.fullmatch(r"(\d+)", fields[ci])
        if not m or not fields[ni]:
            deck.unreadable.append(UnreadableLine(ln, raw, "the Count column is not a whole number or the Name is empty"))
            continue
        mm = _COUNT_RE.match(f"{fields[ci]} {fields[ni]}")
        n = _entry_count(mm, raw, ln, deck) if mm else None
        if n is None:
            continue
        board = fields[bi].strip().lower() if bi is not None and bi < len(fields) else ""
        sec = _HEADERS.get(board, _HEADERS.get(board.rstrip("s"))) if board else "main"
        if board in ("commanders",):
            sec = "commander"
        if sec is None or sec == "about":  # a board the file names but no reader knows: never the main deck
            known = "main/mainboard, side/sideboard, commander(s), companion(s), maybe/maybeboard, considering, tokens"
            deck.unreadable.append(UnreadableLine(ln, raw, f"Board {board[:40]!r} is not a board mtgcheck "
                                                           f"knows ({known}); the row was not counted"))
            continue
        set_code = fields[si].upper() or None if si is not None and si < len(fields) else None
        number = fields[numi] or None if numi is not None and numi < len(fields) else None
        deck.entries.append(DeckEntry(n, fields[ni], sec, ln, set_code, number))
    return deck


# ---------------------------------------------------------------------------
# XML formats: MTGO .dek, Cockatrice .cod
# ---------------------------------------------------------------------------

_XML_DECL_RE = re.compile(r"^\ufeff?\s*<\?xml[^>]*?\?>", re.S)
_DEK_META = {"deck", "netdeckid", "preconstructeddeckid"}
_COD_META = {"cockatrice_deck", "deckname", "comments", "zone", "tags", "tag", "bannercard", "lastloadedtimestamp"}


def _xml_root(text: str) -> str | None:
    """The root element's name of an XML text (after the declaration, comments and doctype), lowercased."""
    m = re.search(r"<([A-Za-z_][\w.\-]*)", _XML_DECL_RE.sub("", text, count=1).lstrip()[:4000].replace("<!--", "<!"))
    return m.group(1).lower() if m else None


def _parse_xml(text: str, source: str, reader: str) -> Decklist:
    """MTGO ``.dek`` and Cockatrice ``.cod``, parsed with defusedxml (entity declarations and external entities
    refused whatever expat is linked). The file was decoded as UTF-8 already, so its declaration's encoding is
    not used again (a declared UTF-7/UTF-16 or unknown encoding cannot make the parser fail)."""
    import xml.sax
    import xml.sax.handler

    from defusedxml import DefusedXmlException
    from defusedxml.sax import make_parser

    root = _xml_root(text)
    if root == "cockatrice_deck":
        reader = "cod"  # detected by content: a Cockatrice deck named .dek
    elif root == "deck":
        reader = "dek"  # an MTGO deck named .cod
    deck = Decklist(source=source, reader=reader, line=1, explicit_sections=True)
    body = _XML_DECL_RE.sub(lambda m: "\n" * m.group(0).count("\n"), text, count=1)  # keep line numbers
    state: dict[str, Any] = {"zone": None, "text_tag": None, "buf": []}
    parser = make_parser()
    known = _DEK_META if reader == "dek" else _COD_META

    class Handler(xml.sax.handler.ContentHandler):
        def startElement(self, tag: str, attrs: Any) -> None:
            ln = parser.getLineNumber()
            a = {k.lower(): v for k, v in attrs.items()}
            t = tag.lower()
            if t == "cards" and reader == "dek":
                side = (a.get("sideboard") or "false").strip().lower() in ("true", "1", "yes")
                _xml_entry(deck, a.get("quantity"), a.get("name"), "side" if side else "main", ln)
            elif t == "card" and reader == "cod":
                _xml_entry(deck, a.get("number"), a.get("name"), state["zone"] or "main", ln,
                           (a.get("setshortname") or "").upper() or None, a.get("collectornumber") or None)
            elif t == "zone" and reader == "cod":
                z = (a.get("name") or "").strip().lower()
                state["zone"] = {"main": "main", "side": "side", "sideboard": "side", "commander": "commander",
                                 "companion": "companion"}.get(z, z or "main")
            elif t in ("deckname", "comments", "netdeckid", "preconstructeddeckid"):
                state["text_tag"] = t
                state["buf"] = []
            elif t not in known:
                what = "an MTGO .dek card is <Cards Quantity=.. Name=.. Sideboard=..>" if reader == "dek" else \
                    "a Cockatrice .cod card is <card number=.. name=..> inside <zone>"
                deck.unreadable.append(UnreadableLine(ln, f"<{tag}>", f"element <{tag}> is not part of this format "
                                                                      f"and was not read ({what})"))

        def endElement(self, tag: str) -> None:
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

        def characters(self, data: str) -> None:
            if state["text_tag"]:
                state["buf"].append(data)

    parser.setContentHandler(Handler())
    parser.setFeature(xml.sax.handler.feature_external_ges, False)
    try:
        parser.feed(body.encode("utf-8"))
        parser.close()
    except xml.sax.SAXParseException as e:
        ln = e.getLineNumber()
        deck.unreadable.append(UnreadableLine(ln, _line_text(text, ln),
                                              f"not well-formed XML: {e.getMessage()}; the rest of the file was not read"))
    except DefusedXmlException as e:
        deck.unreadable.append(UnreadableLine(parser.getLineNumber() or None, "",
                                              f"refused: the XML declares entities or a DTD ({type(e).__name__}); "
                                              "decklists never need them (entity expansion is refused)"))
    except (ValueError, LookupError) as e:
        deck.unreadable.append(UnreadableLine(None, "", f"cannot be read as XML: {e}"))
    return deck


def _line_text(text: str, line: int | None) -> str:
    if not line:
        return ""
    lines = split_lines(text)
    return lines[line - 1][:200] if 0 < line <= len(lines) else ""


def _xml_entry(deck: Decklist, qty: str | None, name: str | None, section: str, ln: int,
               set_code: str | None = None, number: str | None = None) -> None:
    if not name or not name.strip():
        deck.unreadable.append(UnreadableLine(ln, "", "a card element without a name"))
        return
    q = "1" if qty is None else str(qty).strip()
    if not q.isdigit():
        deck.unreadable.append(UnreadableLine(ln, name[:200], f"quantity {q[:40]!r} is not a whole number"))
        return
    if len(q.lstrip("0")) > len(str(MAX_ENTRY_COUNT)) or int(q) > MAX_ENTRY_COUNT:
        deck.unreadable.append(UnreadableLine(ln, name[:200], f"quantity of {len(q)} digits is more than one deck line "
                                                              f"can hold (at most {MAX_ENTRY_COUNT:,})"))
        return
    n = int(q)
    if n <= 0:
        deck.unreadable.append(UnreadableLine(ln, name, f"quantity {n}: a deck line needs at least one card"))
        return
    deck.entries.append(DeckEntry(n, name.strip(), section, ln, set_code, number))


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


#: Keys a JSON-lines deck record may hold (others are reported: ``mainboard`` is not silently empty).
_JSON_KEYS = ("format", "date", "event", "player", "id", "name", "main", "side", "sideboard", "commander",
              "commanders", "companion")


def _closest_key(k: str) -> str:
    try:
        from rapidfuzz import process

        best = process.extractOne(k.strip().lower()[:40], _JSON_KEYS, score_cutoff=60)
    except ImportError:  # pragma: no cover
        best = None
    return f" (did you mean {best[0]!r}?)" if best else ""


#: The keys of a deck record as they appear quoted in its text (``may_repeat_a_key``): one pattern, so the text is
#: read once (a count per key read it twelve times: a tenth of ``validate``'s time on a corpus).
_KEY_ALTERNATIVES = "|".join(_JSON_KEYS)
_KEY_BYTES_RE = re.compile(f'"(?:{_KEY_ALTERNATIVES})"'.encode())
_KEY_TEXT_RE = re.compile(f'"(?:{_KEY_ALTERNATIVES})"')


def may_repeat_a_key(raw: "bytes | str") -> bool:
    """Whether a JSON-lines record's text holds one of the record keys twice (quoted): then it may name a key
    twice, which ``json`` and ``orjson`` both read as the last one without a word (``"main"`` twice keeps the
    second list). A cheap test on the text (every quoted key found in one pass); ``repeated_keys`` says for sure."""
    found: list = _KEY_BYTES_RE.findall(raw) if isinstance(raw, bytes) else _KEY_TEXT_RE.findall(raw)
    return len(found) != len(set(found))


def repeated_keys(text: str) -> list[str]:
    """The top-level keys a JSON object's text names more than once (``[]`` when none, or not an object)."""
    found: list[list[str]] = []

    def hook(pairs: list) -> dict:
        seen: set = set()
        found.append([k for k, _ in pairs if k in seen or seen.add(k)])  # type: ignore[func-returns-value]
        return dict(pairs)

    try:
        json.loads(text, object_pairs_hook=hook)
    except (ValueError, RecursionError):
        return []
    return sorted(set(found[-1])) if found else []


def decklist_from_data(rec: Any, source: str = "<data>", index: int = 0, line: int | None = None) -> Decklist:
    """A ``Decklist`` from plain data: ``{"main": [[count, name], ...], "side": [...], "commander": [...],
    "companion": [...], "format": ..., ...}``; a section may also be a list of names or ``{name: count}``.

    Malformed items become ``UnreadableLine`` entries (at ``line``), never errors.
    """
    deck = Decklist(source=source, index=index, reader="jsonl", line=line, explicit_sections=True)
    if not isinstance(rec, dict):
        deck.unreadable.append(UnreadableLine(line, _short(rec), "a deck record must be a JSON object"))
        return deck
    for k in rec:
        if k not in _JSON_KEYS:
            deck.unreadable.append(UnreadableLine(line, _short(k), f"unknown key {k!r} in a deck record"
                                                  f"{_closest_key(k)}; keys are {', '.join(_JSON_KEYS)}"))
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
                if 0 < it[0] <= MAX_ENTRY_COUNT and it[1].strip():
                    entries.append(DeckEntry(it[0], it[1], section, line))
                    continue
            elif isinstance(it, str) and it.strip():
                entries.append(DeckEntry(1, it, section, line))
                continue
            elif isinstance(it, dict) and isinstance(it.get("name"), str):
                n = it.get("count", it.get("quantity", 1))
                if type(n) is int and 0 < n <= MAX_ENTRY_COUNT:
                    entries.append(DeckEntry(n, it["name"], section, line))
                    continue
            deck.unreadable.append(UnreadableLine(line, _short(it), f"an item of {key!r} is not [count, name] with a count from 1 to {MAX_ENTRY_COUNT:,}"))
    return deck


def parse_jsonl_record(text: str | bytes, source: str = "<text>", index: int = 0, line: int | None = None) -> Decklist:
    """One JSON-lines record (a line of text, or its UTF-8 bytes) as a ``Decklist``; invalid JSON, a record
    nested deeper than ``models.data.inputs.MAX_DEPTH`` or with a number of more than ``MAX_DIGITS`` digits
    becomes an ``UnreadableLine``."""

    if len(text) > MAX_RECORD_BYTES:
        deck = Decklist(source=source, index=index, reader="jsonl", line=line, explicit_sections=True)
        shown = text[:200].decode("utf-8", "replace") if isinstance(text, bytes) else text[:200]
        deck.unreadable.append(UnreadableLine(line, shown + "…", f"a record of more than {_size(MAX_RECORD_BYTES)}; a "
                                              f"deck record is a few kilobytes (mtgcheck reads records of at most "
                                              f"{_size(MAX_RECORD_BYTES)})"))
        return deck
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        rec = json_loads_limited(text)
    except (ValueError, InputError) as e:
        deck = Decklist(source=source, index=index, reader="jsonl", line=line, explicit_sections=True)
        why = e.message if isinstance(e, InputError) else f"not valid JSON: {e}"
        deck.unreadable.append(UnreadableLine(line, str(text)[:200], why))
        return deck
    deck = decklist_from_data(rec, source, index, line)
    if may_repeat_a_key(text):
        for k in repeated_keys(text):
            deck.unreadable.append(UnreadableLine(line, _short(k), f"key {k!r} appears more than once in the record; "
                                                  "a record names each key once (mtgcheck does not pick one of them)"))
    return deck


def _short(x: Any) -> str:
    try:
        s = json.dumps(x, ensure_ascii=False, default=str) if not isinstance(x, str) else x
    except (RecursionError, ValueError, TypeError):  # nested too deep to show (a record parsed by orjson)
        s = f"<a {type(x).__name__} nested too deep to show>"
    return s if len(s) <= 200 else s[:199] + "…"


# ---------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------


def detect_reader(path: str | os.PathLike | None, text: str) -> str:
    """Which reader fits a file: by its content first, then by its ending.

    Content rules: ``<`` first → XML (root ``cockatrice_deck`` → ``cod``, else ``dek``; so a Cockatrice
    deck named ``.dek`` is read as one); ``{`` first → ``jsonl``; a first line naming ``Count``/``Name``
    columns → ``csv``; ``[Main]``/``[metadata]`` sections → ``forge``; ``4 [SET:123] Name`` lines →
    ``xmage``; otherwise a text reader (``arena`` when it has Arena section headers or ``(SET) 123``
    codes with headers, ``moxfield``/``archidekt`` with ``1x``, ``*F*`` or ``[Category]`` markers, else
    ``mtgo``). A ``.jsonl`` ending is JSON lines whatever the content.
    """
    name = str(path or "").lower()
    if name.endswith((".jsonl", ".jsonl.gz", ".ndjson")):
        return "jsonl"
    head = text.lstrip("\ufeff \t\r\n")[:4000]
    if head.startswith("<"):
        return "cod" if _xml_root(head) == "cockatrice_deck" else "dek"
    if name.endswith(".dek"):
        return "dek"
    if name.endswith(".cod"):
        return "cod"
    if head.startswith("{"):
        return "jsonl"
    lines = split_lines(text[:200_000])
    return _detect_text_reader(lines, _has_headers(lines[:400]))


_READ_ERRORS = (OSError, EOFError, zlib.error, UnicodeDecodeError, RuntimeError, InputError)


def _open_binary(p: Path) -> Any:
    """The file's bytes as a stream, gunzipped when it starts with the gzip magic (whatever its name), through
    the input layer: a regular file only, no decompression bomb (``models.data.inputs.open_input``)."""

    return open_input(p, max_bytes=None, what="a decklist file")


def _cannot_read(p: Path, e: BaseException) -> DecklistError:

    if isinstance(e, InputError):
        return DecklistError(f"{p}: {e.message}")
    if isinstance(e, FileNotFoundError):
        if p.is_symlink():
            return DecklistError(f"{p}: a symbolic link to {os.readlink(p)!r}, which does not exist")
        return DecklistError(f"{p}: no such file")
    return DecklistError(f"{p}: cannot read: {describe_os_error(e)}")


def _record_rows(fp: Any, head: bytes = b"") -> Iterator[tuple[int, bytes]]:
    """``(line number, bytes)`` of every non-blank line of an open binary stream (``head``: bytes already read
    from it), a UTF-8 byte-order mark opening it dropped. The stream is read a block at a time and cut at
    ``\\n``. A line longer than ``models.data.inputs.MAX_RECORD_BYTES`` is given cut to one byte more than that
    (the reader reports it) and the rest of it is dropped as it is read, so no line is ever held whole past
    the limit."""

    limit = MAX_RECORD_BYTES + 1
    buf = head
    ln = 0
    first = True
    skipping = False  # dropping the rest of a line past the limit
    kept = b""  # (the first limit bytes of that line)
    eof = False
    while not eof:
        data = fp.read1(1 << 20) if hasattr(fp, "read1") else fp.read(1 << 20)
        if not data:
            eof = True
            data = b""
        if first:  # (a byte-order mark opens the file only: checked once three bytes are in)
            buf += data
            if len(buf) < 3 and not eof:
                continue
            data = b""
            first = False
            if buf.startswith(b"\xef\xbb\xbf"):
                buf = buf[3:]
        if skipping:
            q = data.find(b"\n")
            if q < 0:
                continue
            data = data[q + 1:]
            skipping = False
            ln += 1
            yield ln, kept
        buf += data
        lines = buf.split(b"\n")
        buf = lines.pop()  # (the unfinished last line)
        for raw in lines:
            ln += 1
            if raw and not raw.isspace():
                yield ln, raw.strip() if len(raw) < limit else raw[:limit]
        if len(buf) >= limit:
            kept, buf, skipping = buf[:limit], b"", True
    if skipping:
        ln += 1
        yield ln, kept
    elif buf and not buf.isspace():
        yield ln + 1, buf.strip() if len(buf) < limit else buf[:limit]


def iter_jsonl_lines(path: str | os.PathLike) -> Iterator[tuple[int, bytes]]:
    """``(line number, bytes)`` of every non-blank line of a JSON-lines file (plain or gzip), numbered as
    ``grep -n`` numbers them (split on ``\\n`` only). A line of more than ``models.data.inputs.MAX_RECORD_BYTES``
    is given cut to one byte more than that (``parse_jsonl_record`` reports it).

    Raises
    ------
    DecklistError
        Missing, not a regular file (a named pipe, a device), unreadable, a symlink loop, corrupt gzip data
        (``zlib.error``), truncated data, a decompression bomb.
    """
    p = Path(path)
    try:
        with _open_binary(p) as fp:
            yield from _record_rows(fp)
    except _READ_ERRORS as e:
        raise _cannot_read(p, e) from None


#: Bytes read to tell a decklist file's reader from its content.
_HEAD = 1 << 16


def read_decks(path: str | os.PathLike, reader: str | None = None) -> Iterator[Decklist]:
    """Every deck of one file, in file order.

    Parameters
    ----------
    path : str or os.PathLike
        A decklist file: text (MTGO, Arena, Moxfield, Archidekt, Forge/XMage ``.dck``, CSV), ``.dek``,
        ``.cod`` or JSON lines (plain or gzip; gzip is recognised by content).
    reader : str, optional
        One of ``READERS``; detected (``detect_reader``) when omitted.

    Yields
    ------
    Decklist
        One per deck (one for most files, one per line of a JSON-lines file).

    Raises
    ------
    DecklistError
        The file is missing, not a regular file (a named pipe, a device), unreadable (permission, symlink
        loop, dangling link), not UTF-8 text, corrupt/truncated gzip data, or beyond the input layer's limits
        (``models.data.inputs``: more than ``MAX_FILE_BYTES`` or ``MAX_DECK_LINES`` lines for a list read whole; a
        JSON-lines file is read a line at a time).
    """

    p = Path(path)
    if reader is not None and reader not in READERS:
        raise DecklistError(f"unknown decklist reader {reader!r}; readers are {', '.join(READERS)}")
    kind = reader
    if kind is None and p.name.lower().endswith((".jsonl", ".jsonl.gz", ".ndjson")):
        kind = "jsonl"
    if kind == "jsonl":
        yield from _iter_jsonl(iter_jsonl_lines(p), str(p))
        return
    try:
        with _open_binary(p) as fp:
            head = fp.read(_HEAD)
            if kind is None:
                kind = detect_reader(p, head.decode("utf-8-sig", "ignore"))
            if kind == "jsonl":  # JSON lines recognised by content: read a line at a time too
                yield from _iter_jsonl(_record_rows(fp, head), str(p))
                return
            data = head + fp.read(MAX_FILE_BYTES + 1 - len(head))
            if len(data) > MAX_FILE_BYTES:
                raise DecklistError(f"{p}: more than {_size(MAX_FILE_BYTES)}; a decklist is a few kilobytes "
                                    "(mtgcheck reads at most that much of one; give many decks as JSON lines)")
            text = data.decode("utf-8-sig")
    except DecklistError:
        raise
    except _READ_ERRORS as e:
        raise _cannot_read(p, e) from None
    n_lines = text.count("\n")
    if n_lines > MAX_DECK_LINES:
        raise DecklistError(f"{p}: {n_lines:,} lines; a decklist has at most {MAX_DECK_LINES:,} (mtgcheck reads no "
                            "more; give many decks as JSON lines, one deck a line)")
    if kind == "dek":
        yield parse_dek(text, str(p))
    elif kind == "cod":
        yield parse_cod(text, str(p))
    else:
        yield parse_text(text, str(p), kind)


def _iter_jsonl(rows: Any, source: str) -> Iterator[Decklist]:
    for index, (ln, raw) in enumerate(rows):
        yield parse_jsonl_record(raw, source, index, ln)


def iter_deck_files(paths: Any, skipped: list[Path] | None = None) -> tuple[list[Path], list[str]]:
    """The decklist files under ``paths``: each file given, and every file with a decklist ending
    (``DECK_SUFFIXES``) below each folder, sorted. Returns ``(files, problems)``; problems name paths
    that do not exist, sub-folders that cannot be read, dangling symbolic links and symbolic link loops
    (nothing is skipped without a word). The files below a folder whose names are not decklist names
    (``notes.md``, a name without an ending) are added to ``skipped`` when it is given, for the caller to
    name."""

    files: list[Path] = []
    problems: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            def want(f: Path) -> bool:
                ok = f.name.lower().endswith(DECK_SUFFIXES)
                if not ok and skipped is not None:
                    skipped.append(f)
                return ok

            found, probs = walk_files(path, want)
            files.extend(found)
            problems.extend(probs)
        elif path.is_file():
            files.append(path)
        elif path.is_symlink():
            problems.append(f"{p}: a symbolic link that leads nowhere (dangling, or a loop)")
        else:
            problems.append(f"{p}: no such file or folder")
    return files, problems


def names_its_format(path: str | os.PathLike, reader: str | None = None) -> bool:
    """Whether a decklist file can name its decks' format (JSON lines ``"format"``): only JSON-lines
    records do; text, ``.dek``, ``.cod``, ``.dck`` and CSV lists never name one (``--format auto``)."""
    p = Path(path)
    if reader is not None:
        return reader == "jsonl"
    if p.name.lower().endswith((".jsonl", ".jsonl.gz", ".ndjson")):
        return True
    try:
        with _open_binary(p) as fp:
            head = fp.read(64)
    except _READ_ERRORS:
        return True  # unreadable: reported when read
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")
