"""Card data in an indexed store: a card data file is parsed once into an SQLite file, and a command reads
only the cards it names.

Reading the whole 32k-card pool (even as parsed objects) costs a large part of a second, though a question
names a handful of cards. The first ``models.data.database.load_database(path)`` of a card file therefore writes,
beside it in mtgcheck's cache folder, an SQLite database (the standard library's ``sqlite3``) of:

* ``cards``: one row per card, in file order: its look-up key (``models.game.names.normalize_name`` of its full
  name) and the pickled ``Card`` (printed facts; no catalog behaviour);
* ``faces``: face and part names → the key of their card, resolved as ``NameIndex`` resolves
  them (a full name beats a face name; a face name shared by several cards finds the one legal in more
  formats), in insertion order;
* ``meta``: the file's key, the card count, the name collisions and the import report (without its cards).

``StoredIndex`` has the interface of ``NameIndex`` (below) (``full``, ``face``, ``choices``, ``collisions``), so a
``CardDatabase`` looks cards up in it exactly as in memory, each card read once and kept: a look-up is one
indexed query, "did you mean" reads the keys only. The embedded catalog's behaviour models are attached as a
card is read (``models.data.database._with_catalog`` does the same to a whole index).

The store is used only when its key equals the file's current key (path, size, modification time, mtgcheck's
version and the hash of ``models/``: ``models.data.cardcache.file_key``) and its size is the one its own header
states (a truncated file is rebuilt, never trusted). It is written atomically (a temporary file renamed into
place). ``MTGCHECK_NO_CACHE=1`` turns it off, and a folder that cannot be written is not an error: the cards
are then kept in memory as before. Opened read-only; a process forked after opening (``validate --jobs``)
opens its own connection.
"""
from __future__ import annotations

import json
import os
import pickle
import sqlite3
import threading
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterable, Iterator

from mtgcheck.models.data import cardcache
from mtgcheck.models.game.cards import Card
from mtgcheck.models.game.names import normalize_name, split_name
from mtgcheck.models.data.inputs import InputError, open_regular


__all__ = ["SCHEMA", "store_path", "open_store", "build_store", "StoredIndex"]

#: Layout of the store: bump when the tables or what a row holds change.
SCHEMA = 1


def store_path(resolved: str | os.PathLike[str]) -> Path:
    """Where the store of the card file ``resolved`` (an absolute path) lives (``cardcache.cache_path``)."""
    return cardcache.cache_path(resolved)


def _key_text(resolved: Path, st: os.stat_result) -> str:
    return json.dumps([SCHEMA, *cardcache.file_key(resolved, st)])


def _whole(path: Path) -> bool:
    """True when the file is as long as its SQLite header says (page size × page count): a store cut short
    by a full disk or a copy is never opened."""

    try:
        with open_regular(path) as fp:  # (a named pipe or device put in its place is refused, never waited on)
            head = fp.read(100)
        size = path.stat().st_size
    except (OSError, InputError):
        return False
    if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
        return False
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    return pages > 0 and page * pages == size


class _Store:
    """One read-only connection to a store, reopened in a forked child, shared by threads under a lock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._con: sqlite3.Connection | None = None
        self._pid = -1

    def _connect(self) -> sqlite3.Connection:
        if self._con is None or self._pid != os.getpid():
            self._con = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True, check_same_thread=False)
            self._pid = os.getpid()
        return self._con

    def one(self, sql: str, args: tuple = ()) -> Any:
        with self._lock:
            row = self._connect().execute(sql, args).fetchone()
        return row[0] if row is not None else None

    def column(self, sql: str, args: tuple = ()) -> list[Any]:
        with self._lock:
            return [r[0] for r in self._connect().execute(sql, args)]

    def __getstate__(self) -> dict[str, Any]:  # (a connection cannot be pickled: the copy opens its own)
        return {"path": self.path}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["path"])  # type: ignore[misc]


class _Full(Mapping):
    """Normalised full name → ``Card`` (with the catalog's behaviour when it models the card), read on demand."""

    def __init__(self, store: _Store, catalog: Mapping[str, Card], count: int) -> None:
        self._store, self._catalog, self._count = store, catalog, count
        self._cards: dict[str, Card] = {}
        self._missing: set[str] = set()

    def get(self, key: Any, default: Any = None) -> Any:
        card = self._cards.get(key)
        if card is not None:
            return card
        if not isinstance(key, str) or key in self._missing:
            return default
        blob = self._store.one("SELECT card FROM cards WHERE key = ?", (key,))
        if blob is None:
            if len(self._missing) < 100_000:
                self._missing.add(key)
            return default
        card = pickle.loads(blob)
        cat = self._catalog.get(key)
        if cat is not None:  # as models.data.database._with_catalog
            card = replace(card, abilities=cat.abilities)
            if cat.notes and not card.notes:
                card = replace(card, notes=cat.notes)
        self._cards[key] = card
        return card

    def __getitem__(self, key: str) -> Card:
        card = self.get(key)
        if card is None:
            raise KeyError(key)
        return card

    def __contains__(self, key: object) -> bool:
        return self.get(key) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self._store.column("SELECT key FROM cards ORDER BY id"))

    def __len__(self) -> int:
        return self._count

    def values(self) -> Any:  # in file order, each card read once
        return [self[k] for k in self]


class _Face(Mapping):
    """Normalised face or part name → the normalised full name of its card, read on demand."""

    def __init__(self, store: _Store) -> None:
        self._store = store
        self._seen: dict[str, str | None] = {}

    def get(self, key: Any, default: Any = None) -> Any:
        if not isinstance(key, str):
            return default
        if key not in self._seen:
            full = self._store.one("SELECT full FROM faces WHERE key = ?", (key,))
            if len(self._seen) < 100_000:
                self._seen[key] = full
            if full is None:
                return default
            return full
        got = self._seen[key]
        return default if got is None else got

    def __getitem__(self, key: str) -> str:
        got = self.get(key)
        if got is None:
            raise KeyError(key)
        return got

    def __contains__(self, key: object) -> bool:
        return self.get(key) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self._store.column("SELECT key FROM faces ORDER BY id"))

    def __len__(self) -> int:
        return int(self._store.one("SELECT COUNT(*) FROM faces"))


class _StoredCards(Sequence):
    """The ``cards`` of a stored import report: the file's cards in file order, read from the store as they
    are asked for (``len`` is free), so ``db.report.summary()`` and ``len(db.report.cards)`` stay true."""

    def __init__(self, full: _Full) -> None:
        self._full = full
        self._keys: list[str] | None = None

    def __len__(self) -> int:
        return len(self._full)

    def __getitem__(self, i: Any) -> Any:
        if self._keys is None:
            self._keys = list(self._full)
        if isinstance(i, slice):
            return [self._full[k] for k in self._keys[i]]
        return self._full[self._keys[i]]

    def __iter__(self) -> Iterator[Any]:
        return (self._full[k] for k in self._full)


def _rank(card: Card) -> int:
    """How many formats a card is legal (or restricted/banned) in: prefers real cards for shared face names."""
    return sum(1 for v in (card.legalities or {}).values() if v != "not_legal")


class NameIndex:
    """One layer of names: full names and face names of a set of cards, in memory (``StoredIndex`` is the same
    interface over a store). ``CardDatabase`` looks names up through a stack of these."""

    __slots__ = ("full", "face", "collisions", "_choices")

    def __init__(self, cards: Iterable[Card] = ()):
        #: normalised full name → Card, in insertion order
        self.full: dict[str, Card] = {}
        #: normalised face / part name → normalised full name of its card
        self.face: dict[str, str] = {}
        #: (kept name, dropped name) pairs whose names normalise equal
        self.collisions: list[tuple[str, str]] = []
        self._choices: list[str] | None = None
        self.add(cards)

    def add(self, cards: Iterable[Card]) -> None:
        """Index more cards, with the same rules as if they had been given to the constructor last."""
        self._choices = None
        added: list[str] = []
        for card in cards:
            if not isinstance(card, Card):
                raise TypeError(f"CardDatabase holds Card objects, got {type(card).__name__}")
            key = normalize_name(card.name)
            old = self.full.get(key)
            if old is not None and old.name != card.name:
                self.collisions.append((old.name, card.name))
                continue
            if old is None:
                added.append(key)
                self.face.pop(key, None)  # a full name always beats a face name
            self.full[key] = card  # the same name again: the later card replaces it
        face_rank: dict[str, int] = {}
        for key in added:
            card = self.full[key]
            parts = set(card.face_names) | set(split_name(card.name))
            for part in parts:
                pk = normalize_name(part)
                if not pk or pk == key or pk in self.full:
                    continue
                r = _rank(card)
                if pk in self.face and pk not in face_rank:
                    face_rank[pk] = _rank(self.full[self.face[pk]])
                if pk not in self.face or r > face_rank[pk]:
                    self.face[pk] = key
                    face_rank[pk] = r

    def copy(self) -> "NameIndex":
        """A shallow copy (the dictionaries, not the cards) that can be changed without changing this one."""
        new = NameIndex.__new__(NameIndex)
        new.full, new.face, new.collisions, new._choices = dict(self.full), dict(self.face), list(self.collisions), None
        return new

    @property
    def choices(self) -> list[str]:
        """Every indexed key (full names then face names), for fuzzy matching."""
        if self._choices is None:
            self._choices = list(self.full) + list(self.face)
        return self._choices


class StoredIndex:
    """The ``NameIndex`` interface over a store: ``full``, ``face``, ``choices``, ``collisions``;
    ``report`` the import report (its ``cards`` empty), ``path`` the store's file."""

    def __init__(self, path: Path, meta: Mapping[str, Any], catalog: Mapping[str, Card]) -> None:
        self.path = path
        store = _Store(path)
        by_key = {normalize_name(n): c for n, c in catalog.items()}
        self.full = _Full(store, by_key, int(meta["count"]))
        self.face = _Face(store)
        self.collisions: list[tuple[str, str]] = [tuple(p) for p in json.loads(meta["collisions"])]  # type: ignore[misc]
        self.report = pickle.loads(meta["report"])
        if self.report is not None:
            self.report.cards = _StoredCards(self.full)  # type: ignore[assignment]
        self._store = store
        self._choices: list[str] | None = None

    def present(self, keys: list[str]) -> set[str]:
        """Which of ``keys`` (normalised full names) are cards of the store: one query, no card read."""
        out: set[str] = set()
        for i in range(0, len(keys), 500):
            part = keys[i:i + 500]
            out.update(self._store.column(f"SELECT key FROM cards WHERE key IN ({','.join('?' * len(part))})",
                                          tuple(part)))
        return out

    @property
    def choices(self) -> list[str]:
        """Every key (full names in file order, then face names), for fuzzy matching."""
        if self._choices is None:
            self._choices = (self._store.column("SELECT key FROM cards ORDER BY id")
                             + self._store.column("SELECT key FROM faces ORDER BY id"))
        return self._choices


def open_store(resolved: Path, st: os.stat_result, catalog: Mapping[str, Card]) -> StoredIndex | None:
    """The store of the card file ``resolved`` (status ``st``) when there is a whole one for the file as it is
    now, else None (none, stale, cut short, not ours, the cache off). Never raises for a bad store."""
    if not cardcache.enabled():
        return None
    path = store_path(resolved)
    if not _whole(path):
        return None
    try:
        con = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            meta = dict(con.execute("SELECT k, v FROM meta").fetchall())
        finally:
            con.close()
        if meta.get("key") != _key_text(resolved, st) or "count" not in meta:
            return None
        return StoredIndex(path, meta, catalog)
    except Exception:  # noqa: BLE001 - corrupt, written by other code: rebuild
        return None


def build_store(resolved: Path, st: os.stat_result, report: Any, index: "NameIndex",
                catalog: Mapping[str, Card]) -> StoredIndex | None:
    """Write the store of ``resolved`` from its import ``report`` and name ``index`` (the file's cards only,
    without the catalog) and open it; None when it cannot be written (read-only folder, full disk, cache off).
    A failed write leaves no partial file."""
    if not cardcache.enabled():
        return None
    path = store_path(resolved)
    try:
        with cardcache.replaced_atomically(path) as tmp:
            con = sqlite3.connect(tmp)
            try:
                con.execute("PRAGMA journal_mode=OFF")
                con.execute("PRAGMA synchronous=OFF")
                con.execute("CREATE TABLE meta (k TEXT PRIMARY KEY, v)")
                con.execute("CREATE TABLE cards (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, card BLOB NOT NULL)")
                con.execute("CREATE TABLE faces (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, full TEXT NOT NULL)")
                dumps = pickle.dumps
                proto = pickle.HIGHEST_PROTOCOL
                con.executemany("INSERT INTO cards (key, card) VALUES (?, ?)",
                                ((k, dumps(c, proto)) for k, c in index.full.items()))
                con.executemany("INSERT INTO faces (key, full) VALUES (?, ?)", index.face.items())
                bare = replace(report, cards=[]) if report is not None else None
                con.executemany("INSERT INTO meta (k, v) VALUES (?, ?)", [
                    ("key", _key_text(resolved, st)), ("count", len(index.full)),
                    ("collisions", json.dumps(index.collisions)), ("report", pickle.dumps(bare, proto))])
                con.commit()
            finally:
                con.close()
        return StoredIndex(path, {"count": len(index.full), "collisions": json.dumps(index.collisions),
                                  "report": pickle.dumps(replace(report, cards=[]) if report is not None else None)},
                           catalog)
    except Exception:  # noqa: BLE001 - e.g. a read-only cache folder: keep the cards in memory instead
        return None
