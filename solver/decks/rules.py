"""Decklist validation: is a deck legal in a format, and if not, exactly why.

``validate_deck(deck, fmt, db)`` checks a ``models.data.decklist.Decklist`` against a
``models.data.formats.Format`` with the card data of a ``models.data.database.CardDatabase`` and
returns a ``DeckReport`` of plain data. Every problem has a machine-readable ``code``,
the ``cards`` and ``counts`` involved, the ``rule`` it breaks and a ``message``:

=====================  =====================================================================
code                   rule
=====================  =====================================================================
unreadable_line        a decklist line that is not an entry (kept with its line number)
unknown_card           a name the card data does not know (with suggestions)
deck_too_small         CR 100.2a (60), 100.2b (40, limited), 903.5a (100), 903.12d (60)
deck_too_large         CR 903.5a / 903.12d: Commander-style decks have an exact size
sideboard_too_large    CR 100.4a (15); 903.5e (Commander decks use no sideboard)
too_many_copies        CR 100.2a, 100.4a (four by English name across deck and sideboard);
                       903.5b (singleton); basic lands and "any number" cards exempt
banned                 the format's banned list (card data legalities; CR 100.6)
restricted             restricted: at most one copy (Vintage; CR 100.6)
not_legal_in_format    the card is not legal in the format (card data legalities)
color_identity         CR 903.4, 903.5c; 903.5d (basic land types)
invalid_commander      CR 903.3, 903.3a, 903.12c, 702.124k (Backgrounds)
invalid_partners       CR 702.124 (partner variants)
companion_condition    CR 702.139a (companion conditions, on the starting deck, 702.139b)
companion_not_in_sideboard  the named companion is not among the list's sideboard cards (CR 702.139a,
                       103.2b: it is revealed from outside the game, which is the sideboard, 400.11a)
legality_unknown       the card data has no legality for the format for some cards (the embedded
                       catalog has none): banned / not-legal cards cannot be ruled out
=====================  =====================================================================

``legality_unknown`` is not a broken rule: a deck whose only finding is ``legality_unknown`` has
``legal=None`` and status ``"unknown"`` (never ``"legal"``).

Card facts are computed once per card and database (``card_facts``) and each deck
then costs a few dictionary look-ups per line, so tens of thousands of decks are
validated in seconds.

Reading the commander from an MTGO list (the commander sits in the sideboard) is a
search over every way of reading the sideboard's cards as commanders, companion or
sideboard cards (``_sideboard_readings``): every reading is tried and the one with the
fewest problems kept (ties: the first in a fixed order), so a legal reading is found
whenever one exists.
"""
from __future__ import annotations

import itertools
import operator
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Iterable, Mapping

from mtgcheck.models.game.cards import BASIC_LAND_MANA, BASIC_LAND_TYPES
from mtgcheck.models.data.deck_facts import has_activated_ability
from mtgcheck.models.data.decklist import (
    _JSON_KEYS,
    _JSON_SECTIONS,
    DECK_SECTIONS,
    MAX_ENTRY_COUNT,
    DeckEntry,
    Decklist,
    decklist_from_data,
    parse_text,
)
from mtgcheck.models.data.formats import Format, load_format

from mtgcheck.solver.decks.companions import companion_failures

from mtgcheck.solver.rules.errors import QuestionError, Unsupported
from mtgcheck.models.data.inputs import MAX_NAME
from mtgcheck.solver.decks.facts import CardFacts, _Unknown, card_facts
from mtgcheck.solver.decks.store import (
    FACTS_BY_DB, STORED_BY_DB, _MAX_NAME, _StoredCardFacts, _facts_from_values, _printed, _read_stored_facts,
    save_card_facts, stored_cards,
)


__all__ = [
    "PROBLEM_CODES", "ProblemCode", "DeckStatus", "DeckProblem", "DeckReport", "CardFacts", "card_facts", "validate_deck",
    "DeckValidator", "save_card_facts", "stored_cards",
]

PROBLEM_CODES = (
    "deck_too_small", "deck_too_large", "sideboard_too_large", "too_many_copies", "banned", "restricted",
    "not_legal_in_format", "color_identity", "invalid_commander", "invalid_partners", "companion_condition",
    "unknown_card", "unreadable_line", "companion_not_in_sideboard", "legality_unknown",
)


class ProblemCode(StrEnum):
    """The code of a deck problem (``DeckProblem.code``; each member is its text: ``ProblemCode.BANNED ==
    "banned"``). ``UNSUPPORTED``: a rule that could not be decided for the deck (text not modelled)."""

    DECK_TOO_SMALL = "deck_too_small"
    DECK_TOO_LARGE = "deck_too_large"
    SIDEBOARD_TOO_LARGE = "sideboard_too_large"
    TOO_MANY_COPIES = "too_many_copies"
    BANNED = "banned"
    RESTRICTED = "restricted"
    NOT_LEGAL_IN_FORMAT = "not_legal_in_format"
    COLOR_IDENTITY = "color_identity"
    INVALID_COMMANDER = "invalid_commander"
    INVALID_PARTNERS = "invalid_partners"
    COMPANION_CONDITION = "companion_condition"
    UNKNOWN_CARD = "unknown_card"
    UNREADABLE_LINE = "unreadable_line"
    COMPANION_NOT_IN_SIDEBOARD = "companion_not_in_sideboard"
    LEGALITY_UNKNOWN = "legality_unknown"
    UNSUPPORTED = "unsupported"


class DeckStatus(StrEnum):
    """A deck's result (``DeckReport.status``): legal, illegal, unknown (no legality data for a card, nothing
    else wrong) or unreadable (a line or card name could not be read)."""

    LEGAL = "legal"
    ILLEGAL = "illegal"
    UNKNOWN = "unknown"
    UNREADABLE = "unreadable"
_READ_CODES = frozenset({"unknown_card", "unreadable_line"})
#: What ``decklist_from_data`` reads from a JSON-lines record (``DeckValidator.validate_record``).
_RECORD_KEYS = frozenset(_JSON_KEYS)
_RECORD_SECTIONS = _JSON_SECTIONS
_META_KEYS = ("date", "event", "player", "id")
_COLOR_ORDER = "WUBRG"


@dataclass
class DeckProblem:
    """One reason a deck is not legal.

    Attributes
    ----------
    code : str, one of ``PROBLEM_CODES``.
    rule : str, the rule broken (``"CR 100.2a"``) or the list it comes from.
    message : str, one sentence saying what is wrong.
    cards : list of str, the cards involved (Oracle names; as written for unknown cards).
    counts : dict, the numbers involved (``{"Lightning Bolt": 5}``, ``{"main": 59, "minimum": 60}``).
    line : int or None, the decklist line, when one line is at fault.
    suggestions : list of str, for ``unknown_card``: the closest card names.
    """

    code: str
    rule: str
    message: str
    cards: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    line: int | None = None
    suggestions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"code": self.code, "rule": self.rule, "message": self.message, "cards": self.cards,
                             "counts": self.counts}
        if self.line is not None:
            d["line"] = self.line
        if self.suggestions:
            d["suggestions"] = self.suggestions
        return d


@dataclass
class DeckReport:
    """The verdict on one deck.

    Attributes
    ----------
    legal : bool or None, True: every rule checked and none broken; False: some rule broken (or the list
        could not be read); None: no rule broken but the card data has no legality for some cards
        (``legality_unknown``), so the deck cannot be called legal.
    status : str, ``"legal"``, ``"illegal"``, ``"unknown"`` (legality data missing, nothing else wrong), or
        ``"unreadable"`` when a line or card name could not be read (the other rules are still checked on
        what was read).
    format : str, the format's name.
    problems : list of DeckProblem.
    notes : list of str, facts worth knowing that are not problems (how commanders were read, ignored
        sections, a sideboard companion whose condition is not met).
    counts : dict, ``main``, ``side``, ``commander``, ``companion`` card counts as checked.
    commanders : list of str; companion : str or None.
    source, index, name : where the deck came from (``index`` counts a file's decks from 0 here; ``to_dict``
        gives it from 1, as every table and message counts).
    data_date, data_source : the card data used (every report carries its date).
    """

    legal: bool | None
    status: str
    format: str
    problems: list[DeckProblem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    commanders: list[str] = field(default_factory=list)
    companion: str | None = None
    source: str = ""
    index: int = 0
    name: str | None = None
    data_date: str | None = None
    data_source: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def codes(self) -> list[str]:
        """The problem codes, in order, each once."""
        return list(dict.fromkeys(p.code for p in self.problems))

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready); ``index`` counts a file's decks from 1."""
        return {
            "source": self.source, "index": self.index + 1, "name": self.name, "format": self.format,
            "legal": self.legal, "status": self.status, "codes": self.codes,
            "problems": [p.to_dict() for p in self.problems], "notes": self.notes, "counts": self.counts,
            "commanders": self.commanders, "companion": self.companion, "data_date": self.data_date,
            "data_source": self.data_source, **({"meta": self.meta} if self.meta else {}),
        }


# ---------------------------------------------------------------------------
# The validator
# ---------------------------------------------------------------------------


def _colors(s: Iterable[str]) -> str:
    s = set(s)
    return "".join(c for c in _COLOR_ORDER if c in s) or "colorless"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")



#: Most unknown names of one deck given fuzzy suggestions (each costs tens of milliseconds over 32k names; a
#: list of thousands of unknown names is not a deck with typos): the others are reported without any.
SUGGESTED_PER_DECK = 25


def _shown_name(name: str) -> str:
    """``repr(name)``, cut for a name longer than any card's (``models.data.inputs.MAX_NAME``)."""

    if len(name) <= MAX_NAME:
        return repr(name)
    return f"{name[:60]!r}… (a name of {len(name):,} characters; the longest card name has 141)"


def _take_one(entries: list, name: str) -> tuple[list, bool, int | None]:
    """``entries`` ((facts, count, line) triples) with one copy of ``name`` taken out, whether the list held
    it (else the list is returned unchanged) and the line of the entry it came from."""
    for i, (g, n, ln) in enumerate(entries):
        if g.name == name:
            return entries[:i] + ([(g, n - 1, ln)] if n > 1 else []) + entries[i + 1:], True, ln
    return entries, False, None


class DeckValidator:
    """Validates many decks of one format against one card database, caching per-card facts.

    Parameters
    ----------
    fmt : Format or str (a format name, alias or YAML path; ``models.data.formats.load_format``).
    db : models.data.database.CardDatabase.

    Raises
    ------
    models.data.formats.FormatError
        An unknown format.
    """

    #: The name caches per database (``store.FACTS_BY_DB``, ``store.STORED_BY_DB``).
    _facts_by_db = FACTS_BY_DB
    _stored_by_db = STORED_BY_DB

    def __init__(self, fmt: Format | str, db: Any):
        self.fmt = load_format(fmt)
        self.db = db
        names, self._stored = DeckValidator.caches(db)
        self._names: dict[str, Any] = names
        self.data_date = getattr(db, "date", None)
        self.data_source = getattr(db, "source", None)
        #: Oracle name -> (copies allowed or None: no limit applies, legality status or None), for this format
        self._verdicts: dict[str, tuple[int | None, str | None]] = {}
        #: Name as written -> CardFacts, for non-blank names of known cards only (``validate_record``)
        self._plain: dict[str, CardFacts] = {}
        #: Facts met by this validator (``_classify``) and, of those, the ones legal in the format (or
        #: restricted) whose copy limit is the format's or higher (or none), the ones with no copy limit, and
        #: the restricted ones
        self._classified: set[CardFacts] = set()
        self._clean: set[CardFacts] = set()
        self._free: set[CardFacts] = set()
        self._one: set[CardFacts] = set()
        self._not_commander: set[CardFacts] = set()
        self._rule_of_size = ""

    @staticmethod
    def caches(db: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The card-facts caches shared by every validator of ``db``: names -> facts (filled as decks are
        validated, starting from what was kept on disk: ``save_card_facts``) and what was read from disk,
        read on the first call. Calling this before forking workers lets them share both."""
        try:
            names = DeckValidator._facts_by_db.get(db)
            if names is None:
                stored = DeckValidator._stored_by_db[db] = _read_stored_facts(db)
                names = DeckValidator._facts_by_db[db] = dict(stored)
            return names, DeckValidator._stored_by_db.get(db, {})
        except TypeError:  # a database that cannot be weakly referenced: caches of its own
            return {}, {}

    @staticmethod
    def learned(db: Any) -> dict[str, Any]:
        """The entries of ``db``'s name cache that were not read from disk (what this process learned), for
        ``merge`` in another process (a ``--jobs`` worker hands them to its parent)."""
        try:
            names = DeckValidator._facts_by_db.get(db) or {}
            stored = DeckValidator._stored_by_db.get(db, {})
        except TypeError:
            return {}
        return {k: v for k, v in names.items() if k not in stored}

    @staticmethod
    def merge(db: Any, entries: Mapping[str, Any]) -> None:
        """Add name-cache entries another process learned (``learned``) to ``db``'s, keeping one
        ``CardFacts`` per card: a name whose card is already known here points at this process's facts
        (copy limits count a card's copies by its facts, whatever spellings name it)."""
        try:
            names = DeckValidator.caches(db)[0]
        except TypeError:
            return
        for k, v in entries.items():
            if k[:1] == "\0" and k not in names:
                names[k] = v
        for k, v in entries.items():
            if k[:1] == "\0" or k in names:
                continue
            if v.__class__ is CardFacts or v.__class__ is _StoredCardFacts:
                v = names.setdefault("\0" + v.name, v)
            elif v.__class__ is tuple:
                v = names.setdefault("\0" + v[0], v)
            names[k] = v

    def _verdict(self, f: CardFacts) -> tuple[int | None, str | None]:
        """How many copies of ``f``'s card this format allows (None: no limit applies: no copy limit in the
        format, a basic land, or "any number" text; CR 100.2a, 903.5b) and its legality status in the card
        data (None: not given), computed once per card and validator."""
        fmt = self.fmt
        limit = fmt.copy_limit
        allowed = None if limit is None or f.basic or f.copy_limit == -1 else (
            f.copy_limit if f.copy_limit is not None else limit)
        key = fmt.legality
        status = (f.legalities.get(key) if f.legalities else None) if key is not None else None
        v = self._verdicts[f.name] = (allowed, status)
        return v

    def _classify(self, facts: Iterable[CardFacts]) -> None:
        """Sort facts met for the first time (``_no_copy_or_legality_problem``): legal here, or restricted
        (``_one``: fine as one copy; in a Commander format fine unless a commander, ``_not_commander``), with
        a copy limit no lower than the format's (``_clean``), of them those with no copy limit (``_free``)."""
        fmt = self.fmt
        limit, key = fmt.copy_limit, fmt.legality
        for f in facts:
            allowed, status = self._verdicts.get(f.name) or self._verdict(f)
            self._classified.add(f)
            if allowed is not None and limit is not None and allowed < limit:
                continue
            if key is None or status == "legal":
                self._clean.add(f)
                if allowed is None:
                    self._free.add(f)
            elif status == "restricted":
                self._clean.add(f)
                (self._not_commander if fmt.is_commander else self._one).add(f)

    def _no_copy_or_legality_problem(self, main: list, side: list, comp_entries: list,
                                     commanders_f: list[CardFacts]) -> bool:
        """True when the copy-limit and legality checks of ``_judge`` find nothing, decided a whole deck at a
        time (dict and set operations) instead of card by card: every card legal in the format (or
        restricted with one copy in all; in a Commander format, restricted and not a commander), and no card
        with more copies in all than it may have. False: the per-card checks run (and say what is wrong)."""
        tot = dict(zip(map(_first, main), map(_second, main)))
        twice = len(tot) != len(main)  # one name on two lines of the main deck
        get = tot.get
        for f, n, _ in itertools.chain(side, comp_entries):
            tot[f] = get(f, 0) + n
        for f in commanders_f:
            tot[f] = get(f, 0) + 1
        keys = tot.keys()
        if not keys <= self._classified:
            self._classify(keys - self._classified)
        if twice or not keys <= self._clean:
            return False
        limit = self.fmt.copy_limit
        if limit is not None and tot and max(tot.values()) > limit:
            capped = keys - self._free
            if capped and max(map(tot.__getitem__, capped)) > limit:
                return False
        if self._one and not self._one.isdisjoint(keys):
            if max(map(tot.__getitem__, self._one.intersection(keys))) > 1:
                return False
        if commanders_f and not self._not_commander.isdisjoint(commanders_f):
            return False
        return True

    # ---- names ------------------------------------------------------------
    def resolve(self, name: str) -> "CardFacts | _Unknown":
        """Facts of the card called ``name`` (any spelling the database folds), or an unknown marker."""
        hit = self._names.get(name)
        if hit.__class__ is tuple:  # facts read from disk, built when first met (``_built``)
            return self._built(name, hit)
        if hit is None:
            if len(name) > _MAX_NAME:  # no card has such a name: never looked up, kept or stored
                return _Unknown(name, [])
            card = self.db.find(name)
            if card is None:
                hit = _Unknown(name, None)  # (suggestions: _suggest, when the name is reported)
            else:
                hit = self._names.get("\0" + card.name)
                if hit is None:
                    hit = self._names["\0" + card.name] = card_facts(card)
                elif hit.__class__ is tuple:
                    hit = self._built("\0" + card.name, hit)
            self._names[name] = hit
        return hit

    def _suggest(self, f: _Unknown, budget: "list[int] | None" = None) -> list[str]:
        """The suggestions of an unknown name, computed once (rapidfuzz over the card data) while ``budget`` (a
        one-item list: suggestions left for this deck) allows; ``[]`` past it."""
        if f.suggestions is None:
            if budget is not None:
                if budget[0] <= 0:
                    return []
                budget[0] -= 1
            try:
                self.db.get(f.name)
                f.suggestions = []
            except KeyError as e:
                f.suggestions = list(getattr(e, "suggestions", []) or [])
        return f.suggestions

    def _built(self, key: str, values: tuple) -> CardFacts:
        """The ``CardFacts`` of a name-cache entry read from disk (its field values, ``save_card_facts``),
        built once per card: every name of the card gets the same object."""
        names = self._names
        canon = "\0" + values[0]
        f = names.get(canon)
        if f is None or f.__class__ is tuple:
            f = names[canon] = _facts_from_values(f or values)
        names[key] = f
        return f

    def activated(self, f: CardFacts) -> bool | None:
        """Whether ``f``'s card has an activated ability (Zirda), computed once per card and database."""
        key = "\1" + f.name
        got = self._names.get(key, self)
        if got is self:
            got = self._names[key] = has_activated_ability(f.card)
        return got

    # ---- the checks -------------------------------------------------------
    def validate(self, deck: Decklist, commanders: Iterable[str] | None = None,
                 companion: str | None = None) -> DeckReport:
        """Validate one deck.

        Parameters
        ----------
        deck : Decklist
        commanders : list of str, optional
            The commander(s) when the list does not name them (a ``Commander`` section or, on MTGO, the
            sideboard do). A main-deck copy of a named commander is taken to be it.
        companion : str, optional
            The companion, when the list has no ``Companion`` section.

        Returns
        -------
        DeckReport
        """
        problems: list[DeckProblem] = []
        notes: list[str] = list(getattr(deck, "hints", ()))  # how an ambiguous list was read
        for u in deck.unreadable:
            problems.append(DeckProblem("unreadable_line", "decklist format", f"line {u.line}: {u.reason}: {u.text.strip()!r}"
                                        if u.line else f"{u.reason}: {u.text.strip()!r}", [], {}, u.line))
        # resolve every entry: section -> list of (facts, count, line)
        sections: dict[str, list[tuple[CardFacts, int, int | None]]] = {s: [] for s in DECK_SECTIONS}
        # entries whose name is unknown, by section: (entry, its unknown_card problem)
        unknown: dict[str, list[tuple[DeckEntry, DeckProblem]]] = {s: [] for s in DECK_SECTIONS}
        resolve = self.resolve
        known = self._names.get  # (the cache resolve fills: a hit costs one look-up)
        ignored: list[DeckEntry] = []  # entries of sections that are not part of the deck (Decklist.ignored)
        budget = [SUGGESTED_PER_DECK]  # (unknown names of this deck still given suggestions)
        for e in deck.entries:
            sec = sections.get(e.section)
            if sec is None:
                ignored.append(e)
                continue
            f = known(e.name)
            if f is None or f.__class__ is tuple:
                f = resolve(e.name)
            if f.__class__ is _Unknown:
                sug = self._suggest(f, budget)
                p = DeckProblem(
                    "unknown_card", f"card data {self.data_date or ''}".strip(),
                    f"line {e.line}: no card is named {_shown_name(e.name)}" + (f"; did you mean {sug[0]!r}?" if sug else "")
                    if e.line else f"no card is named {_shown_name(e.name)}", [e.name[:_MAX_NAME]],
                    {e.name[:_MAX_NAME]: e.count}, e.line, sug)
                problems.append(p)
                unknown[e.section].append((e, p))
                continue
            sec.append((f, e.count, e.line))
        if ignored:
            secs = sorted({e.section for e in ignored})
            notes.append(f"{sum(e.count for e in ignored)} cards in {', '.join(secs)} are not part of the deck and were not checked")
        return self._judge(problems, notes, sections, unknown, commanders, companion, deck.reader, deck.source,
                           deck.index, deck.name, dict(deck.meta))

    def validate_record(self, rec: Any, source: str = "<data>", index: int = 0, line: int | None = None,
                        commanders: Iterable[str] | None = None, companion: str | None = None) -> DeckReport:
        """Validate one JSON-lines deck record (plain data, as ``models.data.decklist.decklist_from_data`` reads
        it) without building its ``Decklist``.

        The same report as ``validate(decklist_from_data(rec, source, index, line), ...)``: a record of the
        usual shape (known keys, sections of ``[count, name]`` items with counts from 1 to
        ``MAX_ENTRY_COUNT`` and names of known cards) is read straight into the checks; any other record
        goes through ``decklist_from_data`` and ``validate`` (unknown keys, malformed items and unknown names
        are reported there).

        Parameters
        ----------
        rec : Any
            The parsed record (``{"format": ..., "main": [[4, "Name"], ...], "side": [...], ...}``).
        source, index, line : where the record comes from (file, record index, line number).
        commanders, companion : as for ``validate``.

        Returns
        -------
        DeckReport
        """
        sections = self._record_sections(rec, line)
        if sections is None:
            return self.validate(decklist_from_data(rec, source, index, line), commanders, companion)
        name = rec.get("name")
        meta = {k: rec[k] for k in _META_KEYS if k in rec}
        return self._judge([], [], sections, None, commanders, companion, "jsonl", source, index,
                           name if isinstance(name, str) else None, meta)

    def _record_sections(self, rec: Any, line: int | None) -> dict[str, list] | None:
        """The sections of a JSON-lines record of the usual shape as ``validate`` builds them (every entry
        ``(facts, count, line)``), or None for any record ``decklist_from_data`` would read differently or
        report something of: not a dict, an unknown key, a section that is not a list, an item that is not
        ``[count, name]`` with a count from 1 to ``MAX_ENTRY_COUNT``, a blank or unknown name."""
        if rec.__class__ is not dict:
            return None
        for k in rec:
            if k not in _RECORD_KEYS:
                return None
        sections: dict[str, list] = {s: [] for s in DECK_SECTIONS}
        plain = self._plain
        get = plain.get
        for key, section in _RECORD_SECTIONS:
            items = rec.get(key)
            if items is None:
                continue
            if items.__class__ is not list:
                return None
            add = sections[section].append
            for it in items:
                if it.__class__ is not list or len(it) != 2:
                    return None
                n, nm = it
                if n.__class__ is not int or not 0 < n <= MAX_ENTRY_COUNT or nm.__class__ is not str:
                    return None
                f = get(nm)
                if f is None:
                    if not nm.strip():
                        return None
                    got = self.resolve(nm)
                    if not isinstance(got, CardFacts):  # unknown: validate says so
                        return None
                    f = plain[nm] = got
                add((f, n, line))
        return sections

    def _judge(self, problems: list[DeckProblem], notes: list[str], sections: dict[str, list],
               unknown: dict[str, list[tuple[DeckEntry, DeckProblem]]] | None, commanders: Iterable[str] | None,
               companion: str | None, reader: str, source: str, index: int, deck_name: str | None,
               meta: dict[str, Any]) -> DeckReport:
        """Every rule on a deck's resolved entries (``validate``; ``unknown`` None: every name is known)."""
        fmt = self.fmt
        is_cmd = fmt.commander_count is not None  # (fmt.is_commander)
        if unknown is None:
            unknown = {"main": [], "side": [], "commander": [], "companion": []}
        main, side = sections["main"], sections["side"]
        side, comp_entries, explicit_companion = self._named_companion(problems, sections, side, companion, reader)
        commanders_f: list[CardFacts] = []
        unknown_cmds: list[tuple[DeckEntry, DeckProblem]] = []  # commanders whose name is unknown
        if is_cmd:
            main, side, commanders_f, unknown_cmds, comp_from_side = self._commanders(
                notes, sections["commander"], main, side, unknown, commanders, bool(comp_entries))
            if comp_from_side is not None:
                comp_entries = [comp_from_side]
                explicit_companion = True
        else:
            if sections["commander"]:
                notes.append(f"{fmt.title} has no commander; the Commander section is checked as part of the main deck")
                main = main + sections["commander"]
            unknown["main"] = unknown["main"] + unknown["commander"]

        # cards whose name is unknown still count toward the sizes (the list holds them)
        unknown_cmd_ids = {id(e) for e, _ in unknown_cmds}
        n_main = sum(map(_second, main))
        if unknown["main"]:
            n_main += sum(e.count for e, _ in unknown["main"])
        n_side_unknown = sum(e.count for e, _ in unknown["side"] if id(e) not in unknown_cmd_ids) if unknown["side"] else 0
        n_cmd = len(commanders_f) + len(unknown_cmds)
        counts = {"main": n_main, "side": sum(map(_second, side)) + n_side_unknown, "commander": n_cmd,
                  "companion": sum(map(_second, comp_entries))}
        self._size_problems(problems, counts, side)
        self._copy_and_legality_problems(problems, main, side, comp_entries, commanders_f)
        # ---- commander rules ----
        companion_f = comp_entries[0][0] if comp_entries else None
        if is_cmd:
            if unknown_cmds:
                # the commander's characteristics are unknown: its eligibility, partner pairing and colour
                # identity (and so every card's) cannot be checked
                notes.append("commander rules (CR 903.3, 903.4, 702.124) not checked: the commander's name is unknown ("
                             + ", ".join(repr(e.name) for e, _ in unknown_cmds) + ")")
            else:
                problems.extend(self._commander_problems(commanders_f, main, side, comp_entries))
        self._companion_check(problems, notes, companion_f, main, side, commanders_f, explicit_companion)
        broken = [p for p in problems if p.code != "legality_unknown"]
        if not problems:
            status, legal = "legal", True
        elif not broken:
            status, legal = "unknown", None
        else:
            status = "unreadable" if any(p.code in _READ_CODES for p in problems) else "illegal"
            legal = False
        return DeckReport(
            legal=legal, status=status, format=fmt.name, problems=problems, notes=notes, counts=counts,
            commanders=[f.name for f in commanders_f], companion=companion_f.name if companion_f else None,
            source=source, index=index, name=deck_name, data_date=self.data_date,
            data_source=self.data_source, meta=meta,
        )

    def _named_companion(self, problems: list[DeckProblem], sections: dict[str, list], side: list,
                         companion: str | None, reader: str) -> tuple[list, list, bool]:
        """The companion section, or the companion named by ``companion``: one of the list's sideboard cards, revealed
        from outside the game (CR 702.139a, 103.2b, 400.11a), taken from the sideboard; one the list does not hold is a
        problem (``companion_not_in_sideboard``), never added. An Arena list's companion, listed again in its
        sideboard, counts once. Returns ``(sideboard, companion entries, whether a companion was named)``.

        Raises
        ------
        QuestionError : an unknown companion name (with suggestions).
        """
        comp_entries = sections["companion"]
        explicit_companion = bool(comp_entries) or companion is not None
        if companion is not None and not comp_entries:
            f = self.resolve(companion)
            if f.__class__ is _Unknown:
                raise QuestionError(f"unknown companion {_shown_name(companion)}", self._suggest(f))
            # the companion is one of the list's sideboard cards (revealed from outside the game, CR 702.139a,
            # 103.2b, 400.11a): take it from there; a companion the list does not hold is a problem, never added
            side, held, ln = _take_one(side, f.name)
            if held:
                comp_entries = [(f, 1, ln)]
            else:
                where = ("it is in the main deck, not the sideboard"
                         if any(g.name == f.name for g, _, _ in sections["main"]) else "the list does not hold it")
                problems.append(DeckProblem(
                    "companion_not_in_sideboard", "CR 702.139a, 103.2b, 400.11a",
                    f"{f.name} is named as the companion but is not in the list's sideboard ({where}); a companion "
                    f"is revealed from outside the game, that is from the sideboard", [f.name], {f.name: 0}))
        if comp_entries and reader == "arena":
            # Arena exports list the companion in its own section and again in the sideboard: count it once
            names = {f.name for f, _, _ in comp_entries}
            side = [(f, n, e) for f, n, e in side if f.name not in names]
        return side, comp_entries, explicit_companion

    def _commanders(self, notes: list[str], cmd_entries: list, main: list, side: list,
                    unknown: dict[str, list[tuple[DeckEntry, DeckProblem]]], commanders: Iterable[str] | None,
                    have_companion: bool) -> tuple[list, list, list[CardFacts], list[tuple[DeckEntry, DeckProblem]],
                                                   Any]:
        """The commander(s) of a deck of a commander format (CR 903.3): the commander section, else the names given
        (``commanders``, taken out of the main deck), else read from the sideboard as MTGO lists them
        (``_read_sideboard``, which may also find the companion); single unknown names there are read as commanders
        the card data does not know (at most two, CR 702.124g), their problems saying so.

        Returns ``(main, side, commanders, unknown commanders, companion read from the sideboard or None)``.

        Raises
        ------
        QuestionError : an unknown commander name given (with suggestions).
        """
        commanders_f: list[CardFacts] = []
        unknown_cmds: list[tuple[DeckEntry, DeckProblem]] = []
        comp_from_side = None
        if commanders is not None and not cmd_entries:
            for nm in commanders:
                f = self.resolve(nm)
                if f.__class__ is _Unknown:
                    raise QuestionError(f"unknown commander {_shown_name(nm)}", self._suggest(f))
                main, _, _ = _take_one(main, f.name)
                cmd_entries.append((f, 1, None))
        if cmd_entries or unknown["commander"]:
            for f, n, _ in cmd_entries:
                commanders_f.extend([f] * n)
            unknown_cmds = list(unknown["commander"])
        else:
            if side:
                commanders_f, comp_from_side, side = self._read_sideboard(side, main, have_companion)
                if commanders_f:
                    notes.append("commander(s) read from the sideboard, as MTGO lists them: "
                                 + ", ".join(f.name for f in commanders_f))
            if not commanders_f:
                # MTGO lists the commander in the sideboard: single unknown names there are read as the
                # commander(s) whose name the card data does not know (at most two, CR 702.124g)
                unknown_cmds = [(e, p) for e, p in unknown["side"] if e.count == 1][:2]
        for e, p in unknown_cmds:
            p.message = (f"line {e.line}: " if e.line else "") + (
                f"the commander's name is unknown: no card is named {_shown_name(e.name)}"
                + (f"; did you mean {p.suggestions[0]!r}?" if p.suggestions else ""))
        return main, side, commanders_f, unknown_cmds, comp_from_side

    def _size_problems(self, problems: list[DeckProblem], counts: dict[str, int], side: list) -> None:
        """The deck's sizes (``counts``): the main deck (with its commanders where the format counts them) at least the
        format's minimum and at most its maximum (CR 100.2a, 903.5a), the sideboard at most its maximum (CR 100.4a; none
        in Commander besides the commanders and companion, 903.5e)."""
        fmt = self.fmt
        is_cmd = fmt.commander_count is not None
        n_main, n_cmd = counts["main"], counts["commander"]
        deck_size = n_main + (n_cmd if is_cmd and fmt.deck_includes_commander else 0)
        size_rule = self._rule_of_size or self._size_rule()
        if deck_size < fmt.min_main:
            what = "main deck" + (" with its commander(s)" if is_cmd else "")
            problems.append(DeckProblem(
                "deck_too_small", size_rule,
                f"the {what} has {_plural(deck_size, 'card')}; {fmt.title} needs at least {fmt.min_main}",
                [], {"deck": deck_size, "minimum": fmt.min_main}))
        if fmt.max_main is not None and deck_size > fmt.max_main:
            problems.append(DeckProblem(
                "deck_too_large", size_rule,
                f"the deck has {_plural(deck_size, 'card')} including its commander(s); {fmt.title} allows at most {fmt.max_main}",
                [], {"deck": deck_size, "maximum": fmt.max_main}))
        if fmt.max_side is not None:
            side_count = counts["side"] + (0 if is_cmd else counts["companion"])
            if side_count > fmt.max_side:
                if fmt.max_side == 0:
                    msg = (f"{fmt.title} decks use no sideboard (CR 903.5e) but {_plural(side_count, 'card')} "
                           f"are listed there besides the commander(s) and companion: "
                           + ", ".join(f.name for f, _, _ in side))
                    rule = "CR 903.5e"
                else:
                    msg = f"the sideboard has {_plural(side_count, 'card')}; at most {fmt.max_side} are allowed"
                    rule = "CR 100.4a"
                problems.append(DeckProblem("sideboard_too_large", rule, msg, [f.name for f, _, _ in side],
                                            {"side": side_count, "maximum": fmt.max_side}))

    def _copy_and_legality_problems(self, problems: list[DeckProblem], main: list, side: list, comp_entries: list,
                                    commanders_f: list[CardFacts]) -> None:
        """The copies of each card across deck, sideboard, companion and commanders at most the format's limit or the
        card's own (CR 100.2a, 100.4a; one in Commander, 903.5b), and each card legal in the format: not banned, a
        restricted card once (banned as commander in Commander-style lists), in its card pool. A card whose legality
        the card data does not give is never guessed: one ``legality_unknown`` problem names them."""
        fmt = self.fmt
        is_cmd = fmt.commander_count is not None
        key = fmt.legality
        limit = fmt.copy_limit
        no_legality: list[str] = []
        if not self._no_copy_or_legality_problem(main, side, comp_entries, commanders_f):
            totals: dict[str, list] = {}
            for group in (main, side, comp_entries):
                for f, n, ln in group:
                    card_name = f.name
                    t = totals.get(card_name)
                    if t is None:
                        totals[card_name] = [f, n, ln]
                    else:
                        t[1] += n
            for f in commanders_f:
                t = totals.get(f.name)
                if t is None:
                    totals[f.name] = [f, 1, None]
                else:
                    t[1] += 1
            verdict = self._verdicts.get
            for name, (f, n, line) in totals.items():
                allowed, status = verdict(name) or self._verdict(f)
                if allowed is not None:
                    if n > allowed:
                        if f.copy_limit is not None:
                            why, rule = f"its text allows up to {allowed}", "CR 100.2a; the card's own text"
                        elif limit == 1:
                            why, rule = "other than basic lands, each card must have a different English name", "CR 903.5b"
                        else:
                            why, rule = f"at most {limit} copies of a card other than basic lands are allowed across deck and sideboard", "CR 100.2a, 100.4a"
                        problems.append(DeckProblem("too_many_copies", rule, f"{n} copies of {name}: {why}",
                                                    [name], {name: n, "maximum": allowed}, line))
                if key is not None:
                    if status is None:  # the card data does not say (catalog cards): never guessed
                        no_legality.append(name)
                        continue
                    if status == "legal":
                        continue
                    if status == "banned":
                        problems.append(DeckProblem("banned", f"{fmt.title} banned list (card data {self.data_date or 'undated'})",
                                                    f"{name} is banned in {fmt.title}", [name], {name: n}, line))
                    elif status == "restricted":
                        if is_cmd:
                            # Commander-style lists use "restricted" for cards banned as commander (Duel Commander)
                            if any(c.name == name for c in commanders_f):
                                problems.append(DeckProblem(
                                    "banned", f"{fmt.title} banned-as-commander list (card data {self.data_date or 'undated'})",
                                    f"{name} is banned as a commander in {fmt.title} (it may be in the deck, not lead it)",
                                    [name], {name: 1}, line))
                        elif n > 1:
                            problems.append(DeckProblem("restricted", f"{fmt.title} restricted list (card data {self.data_date or 'undated'})",
                                                        f"{name} is restricted in {fmt.title}: at most one copy across deck and sideboard, found {n}",
                                                        [name], {name: n, "maximum": 1}, line))
                    else:
                        problems.append(DeckProblem("not_legal_in_format", f"{fmt.title} card pool (card data {self.data_date or 'undated'})",
                                                    f"{name} is not legal in {fmt.title}", [name], {name: n}, line))
        if no_legality:
            shown = ", ".join(sorted(no_legality)[:8]) + (f" and {len(no_legality) - 8} more" if len(no_legality) > 8 else "")
            problems.append(DeckProblem(
                "legality_unknown", f"{fmt.title} card pool and banned list (card data {self.data_source or 'catalog'})",
                f"the card data has no {fmt.title} legality for {_plural(len(no_legality), 'card')} ({shown}), so "
                f"banned or not-legal cards cannot be ruled out; use card data with legalities (--cards)",
                sorted(no_legality), {"cards": len(no_legality)}))

    def _companion_check(self, problems: list[DeckProblem], notes: list[str], companion_f: CardFacts | None,
                         main: list, side: list, commanders_f: list[CardFacts], explicit_companion: bool) -> None:
        """The companion's condition on the starting deck (CR 702.139a; the commanders are part of it in Commander): a
        problem when the companion was named or the format has commanders, else a note (it may be an ordinary sideboard
        card). Without a companion, each sideboard card with companion is noted with whether it could be one."""
        is_cmd = self.fmt.commander_count is not None
        if companion_f is not None:
            starting = [(f, n) for f, n, _ in main]
            if is_cmd:
                starting += [(f, 1) for f in commanders_f]
            p = self._companion_problem(companion_f, starting)
            if p is not None:
                if explicit_companion or is_cmd:
                    problems.append(p)
                else:
                    notes.append(p.message + " (it is only a sideboard card)")
        elif not is_cmd and any(map(_companion, map(_first, side))):
            comps = [f for f, _, _ in side if f.companion]
            if len(comps) >= 1:
                starting = [(f, n) for f, n, _ in main]
                for cf in comps:
                    try:
                        p = self._companion_problem(cf, starting)
                    except Unsupported as e:  # only a note: the card may be an ordinary sideboard card
                        notes.append(f"{cf.name} in the sideboard: whether it can be the companion is not known ({e})")
                        continue
                    if p is None:
                        notes.append(f"{cf.name} in the sideboard can be the companion: its condition is met (CR 702.139a)")
                    else:
                        notes.append(p.message + "; it can only be an ordinary sideboard card")

    def _size_rule(self) -> str:
        self._rule_of_size = self._size_rule_text()
        return self._rule_of_size

    def _size_rule_text(self) -> str:
        fmt = self.fmt
        if fmt.is_commander:
            if fmt.commander_eligible >= {"planeswalker"} and fmt.signature_spell:
                return "Oathbreaker deck construction (60 cards including the oathbreaker and signature spell)"
            return "CR 903.12d" if fmt.min_main == 60 else "CR 903.5a"
        return "CR 100.2b" if fmt.copy_limit is None else "CR 100.2a"

    # ---- commanders -------------------------------------------------------
    def _eligible(self, f: CardFacts) -> str | None:
        """Why ``f`` cannot be a commander on its own (None: it can). CR 903.3, 903.3a, 903.12c."""
        fmt = self.fmt
        if f.can_be_commander:
            return None
        if fmt.signature_spell and ("Instant" in f.types or "Sorcery" in f.types):
            return None
        el = fmt.commander_eligible
        ok_type = (("creature" in el and ("Creature" in f.types or f.creature_outside_battlefield))
                   or ("planeswalker" in el and "Planeswalker" in f.types)
                   or ("vehicle" in el and "Vehicle" in f.subtypes)
                   or ("spacecraft" in el and "Spacecraft" in f.subtypes and _printed(f).power is not None))
        if f.legendary and ok_type:
            return None
        kinds = " or ".join(sorted(el))
        if f.background:
            return f"{f.name} is a Background: it can be a commander only beside a commander with \"choose a Background\" (CR 702.124k)"
        if not f.legendary:
            return f"{f.name} is not legendary; a commander must be a legendary {kinds} card (CR 903.3)"
        return f"{f.name} is a legendary {' '.join(sorted(f.types)).lower()}, not a {kinds} card, and does not say it can be your commander (CR 903.3, 903.3a)"

    def _pair_ok(self, a: CardFacts, b: CardFacts) -> str | None:
        """None if ``a`` and ``b`` may be designated together (CR 702.124), else why not."""
        pa, pb = a.partner, b.partner
        if ("partner",) in pa and ("partner",) in pb:
            return None
        ta = {p[1] for p in pa if p[0] == "partner_text"}
        tb = {p[1] for p in pb if p[0] == "partner_text"}
        if ta & tb:
            return None
        wa = {p[1].casefold() for p in pa if p[0] == "partner_with"}
        wb = {p[1].casefold() for p in pb if p[0] == "partner_with"}
        if b.name.casefold() in wa and a.name.casefold() in wb:
            return None
        if (("background",) in pa and b.background) or (("background",) in pb and a.background):
            return None
        if (("doctor",) in pa and b.time_lord_doctor) or (("doctor",) in pb and a.time_lord_doctor):
            return None
        if not pa and not pb:
            return f"neither {a.name} nor {b.name} has a partner ability, so they cannot both be commanders (CR 702.124a)"
        def desc(f: CardFacts) -> str:
            return ", ".join(sorted(_describe_partner(p) for p in f.partner)) or "no partner ability"
        return (f"{a.name} ({desc(a)}) and {b.name} ({desc(b)}) cannot be designated together: each partner ability "
                f"pairs only with its own kind (CR 702.124f, 702.124h-m)")

    def _commander_problems(self, cmds: list[CardFacts], main, side, comp_entries) -> list[DeckProblem]:
        fmt = self.fmt
        out: list[DeckProblem] = []
        lo, hi = fmt.commander_count or (1, 1)
        if fmt.signature_spell:
            return self._oathbreaker_problems(cmds, main, side, comp_entries)
        if not cmds:
            out.append(DeckProblem("invalid_commander", "CR 903.3",
                                   "no commander is named: give a Commander section (or, as MTGO does, list the commander in the sideboard)",
                                   [], {"commanders": 0}))
            return out
        if len(cmds) > hi:
            out.append(DeckProblem("invalid_partners", "CR 702.124g",
                                   f"{len(cmds)} commanders named ({', '.join(f.name for f in cmds)}); no deck can have more than two",
                                   [f.name for f in cmds], {"commanders": len(cmds)}))
        elif len(cmds) == 2:
            a, b = cmds
            if a.name == b.name:
                out.append(DeckProblem("invalid_partners", "CR 903.5b, 702.124a", f"{a.name} is named as commander twice",
                                       [a.name], {a.name: 2}))
            else:
                why = self._pair_ok(a, b)
                if why:
                    out.append(DeckProblem("invalid_partners", "CR 702.124", why, [a.name, b.name], {}))
        pair_with_background = len(cmds) == 2 and any(("background",) in f.partner for f in cmds)
        for f in cmds:
            why = self._eligible(f)
            if why and not (f.background and pair_with_background):
                out.append(DeckProblem("invalid_commander", "CR 702.124k" if f.background else "CR 903.3", why, [f.name], {}))
        # colour identity (903.4, 903.5c, 903.5d)
        if "color_identity" in fmt.checks:
            ident = frozenset().union(*[f.identity for f in cmds])
            if frozenset().union(*map(_deck_colors, map(_first, itertools.chain(main, side, comp_entries)))) <= ident:
                return out  # every card's identity and basic land types are within the commander's
            bad: dict[str, frozenset[str]] = {}
            bad_land: dict[str, frozenset[str]] = {}
            basics_types: dict[str, set[str]] = {}
            for group in (main, side, comp_entries):
                for f, n, e in group:
                    extra = f.identity - ident
                    if extra:
                        bad[f.name] = extra
                    extra_land = f.land_type_colors - ident
                    if extra_land and not extra:
                        if fmt.colorless_basics and not ident and f.basic:
                            basics_types.setdefault(f.name, set()).update(t for t in BASIC_LAND_TYPES if t in f.subtypes)
                        else:
                            bad_land[f.name] = extra_land
            if basics_types:
                all_types = set().union(*basics_types.values())
                if len(all_types) > 1:
                    for nm in basics_types:
                        bad_land[nm] = frozenset(BASIC_LAND_MANA[t] for t in basics_types[nm])
                    out.append(DeckProblem(
                        "color_identity", "CR 903.12e",
                        f"with a colorless commander the deck may hold basic lands of only one basic land type; it has {', '.join(sorted(all_types))}",
                        sorted(basics_types), {}))
                    bad_land = {k: v for k, v in bad_land.items() if k not in basics_types}
            cmd_names = ", ".join(f.name for f in cmds)
            for nm, extra in bad.items():
                out.append(DeckProblem("color_identity", "CR 903.4, 903.5c",
                                       f"{nm} has color identity {_colors(self.resolve(nm).identity)}, outside the commander's "
                                       f"({cmd_names}: {_colors(ident)}); {_colors(extra)} is not in it",
                                       [nm], {}))
            for nm, extra in bad_land.items():
                out.append(DeckProblem("color_identity", "CR 903.5d",
                                       f"{nm} has a basic land type that could produce {_colors(extra)} mana, which is not in the "
                                       f"commander's color identity ({_colors(ident)})", [nm], {}))
        return out

    def _oathbreaker_problems(self, cmds, main, side, comp_entries) -> list[DeckProblem]:
        out: list[DeckProblem] = []
        walkers = [f for f in cmds if "Planeswalker" in f.types or f.can_be_commander]
        spells = [f for f in cmds if ("Instant" in f.types or "Sorcery" in f.types) and f not in walkers]
        others = [f for f in cmds if f not in walkers and f not in spells]
        rule = "Oathbreaker rules (a planeswalker oathbreaker and an instant or sorcery signature spell)"
        if not walkers:
            out.append(DeckProblem("invalid_commander", rule, "no oathbreaker (a planeswalker) is named", [f.name for f in cmds], {}))
        for f in others:
            out.append(DeckProblem("invalid_commander", rule, f"{f.name} is neither a planeswalker nor an instant or sorcery", [f.name], {}))
        if len(walkers) > 2:
            out.append(DeckProblem("invalid_partners", "CR 702.124g", "more than two oathbreakers", [f.name for f in walkers], {}))
        elif len(walkers) == 2:
            why = self._pair_ok(*walkers)
            if why:
                out.append(DeckProblem("invalid_partners", "CR 702.124", why, [f.name for f in walkers], {}))
        if walkers and len(spells) != len(walkers):
            out.append(DeckProblem("invalid_commander", rule,
                                   f"each oathbreaker needs exactly one signature spell: {len(walkers)} oathbreaker(s), {len(spells)} signature spell(s)",
                                   [f.name for f in walkers + spells], {"oathbreakers": len(walkers), "signature_spells": len(spells)}))
        ident = frozenset().union(*[f.identity for f in walkers]) if walkers else frozenset()
        for group in ([(f, 1, None) for f in spells], main, side, comp_entries):
            for f, n, e in group:
                extra = (f.identity | f.land_type_colors) - ident
                if walkers and extra:
                    out.append(DeckProblem("color_identity", "CR 903.4, 903.5c",
                                           f"{f.name} ({_colors(f.identity | f.land_type_colors)}) is outside the oathbreaker's color identity ({_colors(ident)})",
                                           [f.name], {}))
        return out

    def _read_sideboard(self, side, main, have_companion: bool):
        """Read an MTGO sideboard in a Commander format: which cards are the commander(s) and which the companion.

        Every reading is tried (each card: commander, companion or left over; at most two commanders and one
        companion), scored by the problems it leaves, and the best kept. Cards with several copies are left over.
        """
        cards = [(f, n, e) for f, n, e in side]
        if len(cards) > 6:
            # too many to be commanders: read the eligible ones and companions only
            cards_c = [c for c in cards if self._eligible(c[0]) is None or c[0].background or c[0].companion][:6]
        else:
            cards_c = cards
        in_c = {id(c) for c in cards_c}
        best = None
        starting_main = None
        # the main deck's cards by colour identity (a reading's score counts those outside its commanders')
        by_identity = Counter(map(_identity, map(_first, main)))
        for roles in itertools.product((0, 1, 2), repeat=len(cards_c)):  # 0 left over, 1 commander, 2 companion
            cmds = [c[0] for c, r in zip(cards_c, roles) if r == 1]
            comps = [c for c, r in zip(cards_c, roles) if r == 2]
            if not cmds or len(cmds) > 2 or len(comps) > (0 if have_companion else 1):
                continue
            if any(c[1] > 1 for c, r in zip(cards_c, roles) if r):
                continue
            if comps and not comps[0][0].companion:
                continue
            score = 0
            if len(cmds) == 2 and self._pair_ok(*cmds):
                score += 1
            for f in cmds:
                if self._eligible(f) and not (f.background and len(cmds) == 2):
                    score += 1
            ident = frozenset().union(*[f.identity for f in cmds])
            score += sum(n for s, n in by_identity.items() if not s <= ident)
            if comps:
                if starting_main is None:
                    starting_main = [(f, n) for f, n, _ in main]
                try:
                    p = self._companion_problem(comps[0][0], starting_main + [(f, 1) for f in cmds])
                except Unsupported:  # not known here; the reading kept is checked again (and says so)
                    p = None
                score += 1 if p else 0
            left = sum(c[1] for c, r in zip(cards_c, roles) if r == 0) + sum(c[1] for c in cards if id(c) not in in_c)
            score += left
            if best is None or score < best[0]:
                best = (score, cmds, comps[0] if comps else None, roles)
        if best is None:
            return [], None, side
        _, cmds, comp, roles = best
        used = {id(c) for c, r in zip(cards_c, roles) if r}
        rest = [c for c in cards if id(c) not in used]
        return cmds, comp, rest

    # ---- companions --------------------------------------------------------
    def _companion_problem(self, comp: CardFacts, starting: list[tuple[CardFacts, int]]) -> DeckProblem | None:
        """A ``companion_condition`` problem if the starting deck does not meet ``comp``'s condition (CR 702.139a)."""
        if comp.companion is None:
            return None
        merged: dict[str, list] = {}
        for f, n in starting:
            m = merged.get(f.name)
            if m is None:
                merged[f.name] = [f, n]
            else:
                m[1] += n
        cond, bad = companion_failures(comp.companion, [(f, n) for f, n in merged.values()],
                                       min_size=self.fmt.min_main, printed=_printed, activated=self.activated)
        if not bad:
            return None
        shown = ", ".join(bad[:8]) + (f" and {len(bad) - 8} more" if len(bad) > 8 else "")
        return DeckProblem("companion_condition", "CR 702.139a, 702.139b",
                           f"{comp.name} cannot be the companion: its condition is that {cond}, but not {shown}",
                           [comp.name] + [b for b in bad if not b.endswith(" cards")], {})


def _describe_partner(p: tuple[str, ...]) -> str:
    if p[0] == "partner":
        return "partner"
    if p[0] == "partner_text":
        return f"partner—{p[1]}"
    if p[0] == "partner_with":
        return f"partner with {p[1]}"
    if p[0] == "background":
        return "choose a Background"
    return "Doctor's companion"


_VALIDATORS: dict[tuple[int, str, str], DeckValidator] = {}
_first = operator.itemgetter(0)
_identity = operator.attrgetter("identity")
_deck_colors = operator.attrgetter("deck_colors")
_companion = operator.attrgetter("companion")
_second = operator.itemgetter(1)


def validate_deck(deck: "Decklist | str | Mapping[str, Any]", fmt: "Format | str", db: Any, *,
                  commanders: Iterable[str] | None = None, companion: str | None = None) -> DeckReport:
    """Check one deck against a format's deck-construction rules.

    Parameters
    ----------
    deck : Decklist, str or mapping
        A ``models.data.decklist.Decklist``; decklist text (any text reader, see ``models.data.decklist.parse_text``);
        or plain data ``{"main": [[4, "Name"], ...], "side": [...], "commander": [...], "companion": [...]}``.
    fmt : Format or str
        The format (name, alias or YAML path; ``models.data.formats.load_format``).
    db : models.data.database.CardDatabase
        The card data: names, characteristics and legalities.
    commanders : list of str, optional
        The commander(s), when the list does not name them itself.
    companion : str, optional
        The companion, when the list has no Companion section.

    Returns
    -------
    DeckReport
        ``legal``, ``status`` and every problem with its code, cards, counts, rule and sentence; the card
        data's date in ``data_date``.

    Raises
    ------
    models.data.formats.FormatError
        Unknown format.
    QuestionError
        A named commander or companion is not a card.

    Notes
    -----
    CR 100.2a, 100.2b, 100.4a (sizes, four copies), 903 (Commander), 702.124 (partner), 702.139 (companion).
    Per-card facts are cached per database, so calling this for many decks is fast.
    """
    if isinstance(deck, str):
        deck = parse_text(deck)
    elif isinstance(deck, Mapping):
        deck = decklist_from_data(dict(deck))
    f = load_format(fmt)
    key = (id(db), f.name, f.source)
    v = _VALIDATORS.get(key)
    if v is None or v.db is not db:
        v = _VALIDATORS[key] = DeckValidator(f, db)
    return v.validate(deck, commanders=commanders, companion=companion)
