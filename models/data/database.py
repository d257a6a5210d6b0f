"""The card database: every known card, looked up by name.

A ``CardDatabase`` holds ``Card`` objects (``models.game.cards``) and a name index built
with ``models.game.names.normalize_name``. A card is found by:

* its full Oracle name (``"Fire // Ice"``), in any case, with or without accents
  (``"Lim-Dul's Vault"``), ``Æ`` written ``Ae`` or the reverse, curly or straight
  apostrophes, and ``A/B``, ``A//B`` or ``A // B`` for multi-part names;
* the name of one of its faces (``"Ice"``, ``"Stomp"``, the back face of a
  double-faced card). A face name never shadows a card whose full name it is
  (``"Bind"`` finds the card *Bind*, not *Bind // Liberate*); a face name shared by
  several cards finds the one legal in more formats (the first on a tie).

Alchemy cards (``"A-Akki Ronin"``) are separate cards from their paper originals.

``load_database()`` loads a card data file (Scryfall bulk JSON, Scryfall JSON lines or
MTGJSON AtomicCards; see ``models.data.importers``) or, with no file, the embedded catalog
(``models.data.catalog``). Catalog cards keep their hand-written abilities when a file
supplies the printed facts.

Card data is property of Wizards of the Coast, used under the Fan Content Policy;
compiled by Scryfall / MTGJSON.
"""
from __future__ import annotations

import os
import threading
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping

from mtgcheck.models.game.cards import Card
from mtgcheck.models.game.names import normalize_name
from mtgcheck.models.data.cardstore import NameIndex, build_store, open_store
from mtgcheck.models.data.inputs import CardDataError, truncate_name, unread_records_note
from mtgcheck.models.data.importers import load_cards_file

if TYPE_CHECKING:  # pragma: no cover
    from mtgcheck.models.data.importers import ImportReport

__all__ = [
    "CardDataError", "UnknownCardError", "CardDatabase", "load_database", "merge_catalog",
    "clear_cache", "ENV_VAR", "CATALOG_HINT", "describe_source",
]

#: Environment variable naming the card data file ``load_database()`` reads by default.
ENV_VAR = "MTGCHECK_CARDS"


#: Least similarity (0-100, see ``_suggest_score``) for a name to be suggested.
SUGGEST_CUTOFF = 75


def _suggest_score(query: str, choice: str) -> float:
    """Similarity of two normalised names: edit-distance ratio, word-order-insensitive ratio, and a
    slightly discounted partial match only when the candidate is at least as long as the query
    (so "ragavan" finds "ragavan, nimble pilferer" but "llanowar elfs" does not prefer "llanowar")."""
    from rapidfuzz import fuzz

    best = max(fuzz.ratio(query, choice), fuzz.token_sort_ratio(query, choice))
    if len(choice) >= len(query):
        best = max(best, 0.95 * fuzz.partial_ratio(query, choice))
    return best


class UnknownCardError(KeyError):
    """No card has this name.

    Attributes
    ----------
    name : str
        The name asked for.
    suggestions : list of str
        Up to five card names closest to it (rapidfuzz ``WRatio`` over normalised names).
    """

    def __init__(self, name: str, suggestions: Iterable[str] = (), hint: str = ""):
        self.name = name
        self.suggestions = list(suggestions)
        #: what to do when only the embedded catalog was searched (``CATALOG_HINT``), else ""
        self.hint = hint
        super().__init__(name)

    def __str__(self) -> str:
        shown = self.name if len(self.name) <= 100 else self.name[:100] + f"… ({len(self.name)} characters)"
        msg = f"unknown card {shown!r}"
        if self.suggestions:
            msg += f"; did you mean: {', '.join(self.suggestions)}?"
        if self.hint:
            msg += f" ({self.hint})"
        return msg


#: Said with an unknown card when only the embedded catalog was searched.
CATALOG_HINT = ("only the embedded catalog of hand-modelled cards was searched: run `mtgcheck data update` "
                "to download every card, or give a card file with --cards FILE")


class CardDatabase:
    """Cards by name.

    Parameters
    ----------
    cards : iterable of Card
        The cards. Two cards whose names normalise equal: the first is kept and the pair
        recorded in ``collisions``; the same name twice: the later card replaces the earlier.
    source : str
        Where the cards came from: a file path, ``"catalog"`` or ``"memory"``.
    date : str or None
        Date of the card data (ISO ``YYYY-MM-DD``) when known.
    report : models.data.importers.ImportReport or None
        What the importer read and skipped.

    Look-ups (``get``, ``find``, ``in``) accept any spelling ``normalize_name`` folds
    (see the module docstring). ``overlay(cards)`` gives a database where ``cards``
    replace or add to these without rebuilding the index.
    """

    def __init__(self, cards: Iterable[Card] = (), *, source: str = "memory", date: str | None = None,
                 report: "ImportReport | None" = None):
        self._levels: tuple[NameIndex, ...] = (NameIndex(cards),)
        self.source = source
        self.date = date
        self.report = report
        #: how this database was chosen: "argument" (a path given), "MTGCHECK_CARDS", "downloaded"
        #: (``mtgcheck data update``), "catalog" or "memory" (built in code)
        self.origin = "catalog" if source == "catalog" else "memory"
        self._len = len(self._levels[0].full)
        #: the last levels that are this database's own cards (not overlays): 2 for a store and the
        #: catalog cards it lacks (``_from_store``)
        self._base_levels = 1

    @classmethod
    def _from_index(cls, index: NameIndex, *, source: str, date: str | None, report: "ImportReport | None",
                    origin: str = "memory") -> "CardDatabase":
        db = cls.__new__(cls)
        db._levels = (index,)
        db.source, db.date, db.report, db.origin = source, date, report, origin
        db._len = len(index.full)
        db._base_levels = 1
        return db

    @classmethod
    def _from_store(cls, stored: Any, catalog: Mapping[str, Card], *, source: str, origin: str) -> "CardDatabase":
        """A database reading its cards from a store (``models.data.cardstore``) as they are looked up, with the
        catalog's behaviour attached to the cards it models and the catalog cards the file lacks added last:
        the same cards, names and order as ``_with_catalog`` gives in memory."""
        keys = {normalize_name(n): c for n, c in catalog.items()}
        there = stored.present(list(keys))
        extra = NameIndex(c for k, c in keys.items() if k not in there)
        db = cls.__new__(cls)
        db._levels = (stored, extra)
        report = stored.report
        db.source, db.date, db.report, db.origin = source, getattr(report, "date", None), report, origin
        db._len = len(stored.full) + len(extra.full)
        db._base_levels = 2
        return db

    @classmethod
    def _layered(cls, levels: tuple[NameIndex, ...], like: "CardDatabase") -> "CardDatabase":
        db = cls.__new__(cls)
        db._levels = levels
        db._base_levels = like._base_levels
        db.source, db.date, db.report, db.origin = like.source, like.date, like.report, like.origin
        top, rest = levels[0], levels[1:]  # ``rest`` are the levels of ``like``
        db._len = like._len + sum(1 for k in top.full if not any(k in lv.full for lv in rest))
        return db

    # ---- look-up ----------------------------------------------------------
    def _full(self, key: str) -> Card | None:
        for lv in self._levels:
            c = lv.full.get(key)
            if c is not None:
                return c
        return None

    def find(self, name: str) -> Card | None:
        """The card called ``name`` (full name, face name, any folded spelling), or ``None``."""
        if not isinstance(name, str):
            return None
        key = normalize_name(name)
        card = self._full(key)
        if card is not None:
            return card
        for lv in self._levels:
            full_key = lv.face.get(key)
            if full_key is not None:
                return self._full(full_key)
        return None

    def get(self, name: str) -> Card:
        """The card called ``name``; raises ``UnknownCardError`` (with suggestions) when there is none."""
        card = self.find(name)
        if card is None:
            raise UnknownCardError(name, self.suggest(name) if isinstance(name, str) else [],
                                   CATALOG_HINT if self.source == "catalog" else "")
        return card

    def __getitem__(self, name: str) -> Card:
        return self.get(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[Card]:
        """Every card once: this database's order, replaced cards in place, added cards last."""
        if len(self._levels) == 1:
            yield from self._levels[0].full.values()
            return
        done: set[str] = set()
        n = self._base_levels  # this database's own levels in order, then the overlays from the bottom up
        for lv in list(self._levels[-n:]) + list(reversed(self._levels[:-n])):
            for key in lv.full:
                if key not in done:
                    done.add(key)
                    yield self._full(key)  # type: ignore[misc]

    def names(self) -> list[str]:
        """The full names of all cards, in iteration order."""
        return [c.name for c in self]

    def name_keys(self) -> list[str]:
        """Every look-up key once: the normalised full names, then the face and part names
        (``models.game.names.normalize_name``), read without reading any card (a store reads its keys only). For
        matching partly typed names; ``find(key)`` gives the card of a key (a face key its card)."""
        seen: set[str] = set()
        out: list[str] = []
        for lv in self._levels:
            for k in lv.choices:
                if k not in seen:
                    seen.add(k)
                    out.append(k)
        return out

    @property
    def collisions(self) -> list[tuple[str, str]]:
        """Pairs ``(kept, dropped)`` of distinct names that normalise to the same key."""
        return [p for lv in self._levels for p in lv.collisions]

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        """Up to ``limit`` card names closest to ``name``, best first; names scoring under
        ``SUGGEST_CUTOFF`` (0-100) are not suggested, so a name with no near match gets none.

        Uses rapidfuzz ``process.extract`` with ``fuzz.WRatio`` over normalised full and
        face names; a face match suggests its card's full name.
        """
        from rapidfuzz import fuzz, process


        query = normalize_name(truncate_name(name))  # no card name is longer; keeps fuzzy matching fast
        if not query or limit <= 0:
            return []
        scored: list[tuple[float, int, str]] = []
        for depth, lv in enumerate(self._levels):
            # candidates by two fast scorers, then one stricter score: WRatio alone rates short
            # partial matches ("the", "ow") too high
            cands = {c for c, _, _ in process.extract(query, lv.choices, scorer=fuzz.WRatio, limit=limit * 6)}
            cands |= {c for c, _, _ in process.extract(query, lv.choices, scorer=fuzz.ratio, limit=limit * 2)}
            for choice in cands:
                score = _suggest_score(query, choice)
                if score < SUGGEST_CUTOFF:
                    continue
                full_key = choice if choice in lv.full else lv.face.get(choice, choice)
                scored.append((score + fuzz.ratio(query, choice) / 1000.0, depth, full_key))
        scored.sort(key=lambda t: (-t[0], t[1]))
        out: list[str] = []
        for _, _, key in scored:
            card = self._full(key)
            if card is not None and card.name not in out:
                out.append(card.name)
                if len(out) == limit:
                    break
        return out

    # ---- variants ---------------------------------------------------------
    def overlay(self, cards: Iterable[Card]) -> "CardDatabase":
        """A new database in which ``cards`` replace same-named cards of this one or are added.

        Cheap: the existing index is shared, not copied; look-ups consult the overlay
        first. Full names still beat face names across layers. ``source``, ``date`` and
        ``report`` are inherited. This database is not changed.
        """
        return CardDatabase._layered((NameIndex(cards),) + self._levels, self)

    def __repr__(self) -> str:
        return f"<CardDatabase {self._len} cards from {self.source}{' (' + self.date + ')' if self.date else ''}>"


def _unread_note(db: Any) -> str:

    return unread_records_note(db)


def describe_source(db: "CardDatabase") -> str:
    """One line saying which card data ``db`` is and how it was chosen, e.g.
    ``cards: 32,139 from /data/oracle-cards-2025-11-03.json.gz (2025-11-03; --cards)``."""
    how = {"argument": "--cards", "MTGCHECK_CARDS": "MTGCHECK_CARDS", "downloaded": "downloaded or installed by mtgcheck data update/install"}
    if db.source == "catalog":
        return (f"cards: the embedded catalog ({len(db)} hand-modelled cards; `mtgcheck data update` "
                "or --cards FILE for every card)")
    return (f"cards: {len(db):,} from {db.source} ({db.date or 'undated'}; {how.get(db.origin, db.origin)})"
            + _unread_note(db))


def merge_catalog(cards: Iterable[Card], catalog: Mapping[str, Card]) -> list[Card]:
    """Attach catalog behaviour to file cards.

    For each card whose (normalised) name is in ``catalog``, keep the file's printed facts
    and attach the catalog card's ``abilities`` (``Card.with_abilities``) and its ``notes``
    when the file card has none. Catalog cards missing from ``cards`` (e.g. hypothetical
    cards) are appended. Returns a new list; the inputs are not changed.
    """
    by_key = {normalize_name(n): c for n, c in catalog.items()}
    used: set[str] = set()
    out: list[Card] = []
    for card in cards:
        key = normalize_name(card.name)
        cat = by_key.get(key)
        if cat is not None:
            card = card.with_abilities(cat.abilities)
            if cat.notes and not card.notes:
                card = replace(card, notes=cat.notes)
            used.add(key)
        out.append(card)
    out.extend(c for k, c in by_key.items() if k not in used)
    return out


_CACHE: dict[tuple, CardDatabase] = {}
_LOCK = threading.Lock()


def clear_cache() -> None:
    """Forget every database ``load_database`` has cached."""
    with _LOCK:
        _CACHE.clear()


def load_database(path: str | os.PathLike | None = None) -> CardDatabase:
    """The card database to answer questions with.

    Parameters
    ----------
    path : str or os.PathLike, optional
        A card data file (Scryfall bulk JSON array, Scryfall JSON lines or MTGJSON
        AtomicCards, each optionally gzip-compressed). When omitted, in this order: the file
        named by the environment variable ``MTGCHECK_CARDS``; the data ``mtgcheck data update``
        downloaded (``models.data.download.installed_file()``); the embedded catalog alone
        (``source == "catalog"``, ``date`` None).

    Returns
    -------
    CardDatabase
        File cards merged with the catalog (``merge_catalog``); ``source`` is the resolved
        path, ``date`` the data's date, ``report`` the ``ImportReport``, ``origin`` which of the
        choices above it is (``"argument"``, ``"MTGCHECK_CARDS"``, ``"downloaded"``, ``"catalog"``).
        Cached in memory per resolved path, modification time and size, so repeated calls are
        free; and on disk as parsed objects (``models.data.cardcache``), so a new process reads a file
        it has seen before in a fraction of the parsing time.

    Raises
    ------
    CardDataError
        The file is missing, unreadable, not JSON or not card data.
    models.data.catalog.CatalogError
        The embedded catalog is malformed.
    """
    from mtgcheck.models.data.catalog import load_catalog

    origin = "argument"
    if path is None or str(path) == "":
        env = os.environ.get(ENV_VAR, "").strip()
        path, origin = (env, ENV_VAR) if env else (None, "")
    if path is None:
        from mtgcheck.models.data.download import installed_file

        path, origin = installed_file(), "downloaded"
    if path is None:
        key: tuple = ("catalog",)
        with _LOCK:
            db = _CACHE.get(key)
        if db is None:
            db = CardDatabase(load_catalog().values(), source="catalog", date=None)
            with _LOCK:
                _CACHE[key] = db
        return db

    p = Path(os.fspath(path)).expanduser()
    try:
        resolved = p.resolve()
        st = resolved.stat()
    except FileNotFoundError:
        raise CardDataError(f"{p}: card data file not found") from None
    except OSError as e:
        raise CardDataError(f"{p}: cannot read card data file: {e.strerror or e}") from None
    if resolved.is_dir():
        raise CardDataError(f"{p}: is a folder, not a card data file")
    key = (str(resolved), st.st_mtime_ns, st.st_size, origin)
    with _LOCK:
        db = _CACHE.get(key)
    if db is not None:
        return db


    catalog = load_catalog()
    stored = open_store(resolved, st, catalog)
    if stored is not None:
        db = CardDatabase._from_store(stored, catalog, source=str(resolved), origin=origin)
    else:

        report = load_cards_file(resolved)
        base = NameIndex(report.cards)
        build_store(resolved, st, report, base, catalog)  # for the next process (None: cannot be written)
        db = CardDatabase._from_index(_with_catalog(base, catalog), source=str(resolved), date=report.date,
                                      report=report, origin=origin)
    with _LOCK:
        for k in [k for k in _CACHE if k[0] == key[0]]:
            del _CACHE[k]  # an older version of the same file
        _CACHE[key] = db
    return db


def _with_catalog(base: NameIndex, catalog: Mapping[str, Card]) -> NameIndex:
    """The index of ``merge_catalog(cards of base, catalog)``, made from ``base`` without re-indexing the
    file's cards: cards the catalog models get its abilities (and notes) in place, catalog-only cards
    are added last. ``base`` is not changed (it may be shared with the on-disk cache's reader)."""
    index = base.copy()
    extra: list[Card] = []
    for name, cat in catalog.items():
        key = normalize_name(name)
        card = index.full.get(key)
        if card is None:
            extra.append(cat)
            continue
        card = replace(card, abilities=cat.abilities)
        if cat.notes and not card.notes:
            card = replace(card, notes=cat.notes)
        index.full[key] = card
    index.add(extra)
    return index
