"""The card facts kept on disk next to the parsed-card cache, so a batch of decks reads a card's facts without
loading the card data (``save_card_facts``, ``stored_cards``, ``CardsOnDemand``); keyed by the source of
``facts.py`` and ``store.py`` and the catalog's model files.
"""
from __future__ import annotations

import dataclasses
import gc
import weakref
from typing import Any

from mtgcheck.models.game.cards import Card


from mtgcheck.models.data import cardcache
from mtgcheck.models.data.cardcache import _Pickler
from mtgcheck.models.data.inputs import unread_records
from mtgcheck.solver.decks.facts import CardFacts, _Unknown


# ---------------------------------------------------------------------------
# Card facts on disk, next to the parsed-card cache
# ---------------------------------------------------------------------------


#: One cache per database object (weakly keyed: forgotten with the database): raw name -> CardFacts |
#: _Unknown, "\0" + Oracle name -> CardFacts, "\1" + Oracle name -> has an activated ability. ``DeckValidator``
#: fills it; ``save_card_facts`` keeps it on disk.
FACTS_BY_DB: "weakref.WeakKeyDictionary[Any, dict[str, Any]]" = weakref.WeakKeyDictionary()
#: The name cache as read from disk per database (``_read_stored_facts``; ``save_card_facts`` writes
#: the cache again when it has grown).
STORED_BY_DB: "weakref.WeakKeyDictionary[Any, dict[str, Any]]" = weakref.WeakKeyDictionary()

#: ``CardFacts`` fields in order: the facts are kept on disk as these values (built again when first met:
#: reading plain tuples costs a fraction of rebuilding frozen dataclasses).
_FIELDS = tuple(f.name for f in dataclasses.fields(CardFacts))
#: The slots of ``CardFacts``' fields (read and written without going through ``_StoredCardFacts.card``).
_SLOTS = tuple(CardFacts.__dict__[n] for n in _FIELDS)
_CARD_SLOT = CardFacts.__dict__["card"]


class _StoredCardFacts(CardFacts):
    """``CardFacts`` read from disk whose card was kept pickled on its own (``save_card_facts``): the card is
    unpickled when it is first read, its behaviour model (``Card.abilities``: objects of ``models.vocab.abilities``
    and ``models.vocab``) apart, when ``card`` is first read. Validation reads the card itself only for a
    few companion and commander rules (Jegantha, spacecraft: printed characteristics, ``_printed``; Zirda:
    ``card``, the answer then kept in the name cache), so a batch neither builds thousands of card objects
    nor imports the effect vocabulary to read the card facts (together about a fifth of a second at each
    start, before ``--jobs`` forks). Every other field is the stored one: the facts are those of
    ``card_facts`` of the whole card."""

    __slots__ = ("_abilities",)
    _abilities: "bytes | None"  # (the pickled ``Card.abilities`` not yet put back on the card, or None)

    @property
    def card(self) -> Card:  # type: ignore[override]
        got = _printed(self)
        pending = self._abilities
        if pending is not None:
            import pickle

            # (a frozen dataclass: set as its own __init__ sets fields)
            object.__setattr__(got, "abilities", pickle.loads(pending))
            _PENDING_SLOT.__set__(self, None)
        return got

    def __reduce__(self) -> Any:  # (still pickled: a worker's learned names go to the parent)
        return _facts_from_values, (_stored_values(self),)


_PENDING_SLOT = _StoredCardFacts.__dict__["_abilities"]


class _CardPickler:
    """Pickling a card on its own for the card-facts file: ``models.data.cardcache._Pickler`` (dataclasses as their
    field values), the card's legalities written as a reference to the facts' own (the same object), which
    loading puts back."""

    @staticmethod
    def dumps(card: Any, legalities: Any) -> bytes:
        import io
        import pickle


        class P(_Pickler):
            def persistent_id(self, obj: Any) -> Any:
                return "legalities" if obj is legalities else None

        buf = io.BytesIO()
        P(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(card)
        return buf.getvalue()

    @staticmethod
    def loads(data: bytes, legalities: Any) -> Any:
        import io
        import pickle

        class U(pickle.Unpickler):
            def persistent_load(self, pid: Any) -> Any:
                if pid == "legalities":
                    return legalities
                raise pickle.UnpicklingError(f"unknown reference {pid!r}")

        return U(io.BytesIO(data)).load()


_LEGALITIES = _FIELDS.index("legalities")


def _printed(f: CardFacts) -> Card:
    """``f``'s card for its printed characteristics (mana cost, faces, type line, power, text): a
    ``_StoredCardFacts``' card is unpickled now if it was not, without its behaviour model while that is
    still pickled. Never for its abilities or anything read from them: ``f.card`` then."""
    got = _CARD_SLOT.__get__(f, CardFacts)
    if got.__class__ is bytes:
        got = _CardPickler.loads(got, _SLOTS[_LEGALITIES].__get__(f, CardFacts))
        _CARD_SLOT.__set__(f, got)
    return got


def _raw_values(f: CardFacts) -> tuple:
    """The field values of ``f`` as they are (a ``_StoredCardFacts``' card may still be pickled)."""
    return tuple(s.__get__(f, CardFacts) for s in _SLOTS)


def _facts_from_values(values: tuple) -> CardFacts:
    """The ``CardFacts`` of values kept on disk (``_stored_values``): the fields, the card pickled, and its
    pickled abilities (or None)."""
    if len(values) == len(_SLOTS):
        return CardFacts(*values)
    f = object.__new__(_StoredCardFacts)
    for s, v in zip(_SLOTS, values):
        s.__set__(f, v)
    _PENDING_SLOT.__set__(f, values[len(_SLOTS)])
    return f


def _stored_values(f: CardFacts) -> tuple:
    """The values of ``f`` to keep on disk: its fields with the card pickled on its own, without its
    behaviour model (``Card.abilities``), then the behaviour model pickled on its own (or None)."""
    values = _raw_values(f)
    card = values[1]
    pending = f._abilities if f.__class__ is _StoredCardFacts else None
    if card.__class__ is bytes:  # (read from disk and never unpickled)
        return (*values, pending)
    abilities = None if pending is not None else card.abilities
    if pending is None and abilities:  # (pickled apart: the card in use keeps them)
        import copy
        import io
        import pickle


        buf = io.BytesIO()
        _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(abilities)
        pending = buf.getvalue()
        card = copy.copy(card)
        object.__setattr__(card, "abilities", None)
    data = _CardPickler.dumps(card, values[_LEGALITIES])
    return (values[0], data, *values[2:], pending)


_FACTS_MAGIC = "mtgcheck-card-facts-3"  # (3: cards pickled on their own)
_FACTS_HASH: str | None = None
#: Most names of no card kept on disk (each with its suggestions): a corpus of misspellings cannot grow the
#: file without bound.
MAX_STORED_UNKNOWN = 5_000
#: Longest name looked up (``models.data.inputs.MAX_NAME``): a longer one is no card's and is never kept.
_MAX_NAME = 200
#: Most messages of unreadable card records kept with the card facts (the count of the rest is not needed:
#: the first one and the fact that there are some is what a batch says).
MAX_STORED_UNREAD = 20


def _catalog_dir() -> Any:
    """``models.data.catalog.CATALOG_DIR`` (a ``Path``), found without importing ``models.data.catalog``: importing it
    imports the ability and effect models (a fifth of a second), which a batch whose names are all in the
    card facts kept on disk never needs."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("mtgcheck.models.data.catalog")
    assert spec is not None and spec.origin is not None  # (part of this package)
    return Path(spec.origin).with_name("catalog_data")  # (as models.data.catalog defines CATALOG_DIR)


def _facts_code_hash() -> str:
    """A hash of the source of ``facts.py`` (``card_facts``, ``CardFacts``) and of this module, and of the embedded
    catalog's model files (names, sizes, modification times: their abilities are part of the stored cards);
    the parsed-card cache's key covers the source of ``models/`` (the card model and the text readers)."""
    global _FACTS_HASH
    if _FACTS_HASH is None:
        import hashlib
        import os
        from pathlib import Path

        h = hashlib.blake2b(digest_size=16)
        here = Path(__file__).resolve().parent
        for name in ("facts.py", "store.py"):  # what a card's facts are, and how they are stored
            h.update((here / name).read_bytes())
        with os.scandir(_catalog_dir()) as it:  # (name, size and modification time: an edit changes them)
            for e in sorted(it, key=lambda e: e.name):
                if e.name.endswith(".yaml"):
                    st = e.stat()
                    h.update(f"{e.name}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
        _FACTS_HASH = h.hexdigest()
    return _FACTS_HASH


def _facts_location(resolved: Any, st: Any) -> "tuple[Any, tuple]":
    """The card-facts file of the card file ``resolved`` (status ``st``) and the key it must carry."""

    where = cardcache.cache_path(resolved)
    key = (_FACTS_MAGIC, cardcache.file_key(resolved, st), _facts_code_hash())
    return where.with_name(where.stem + ".card-facts.pickle"), key


def _facts_store(db: Any) -> "tuple[Any, tuple] | None":
    """Where the card facts of ``db`` are kept on disk and the key they must carry, or None: a database not
    loaded whole from one card file by ``models.data.database.load_database`` (the catalog, one built in memory,
    one with scenario cards layered on it), or the parsed-card cache is off (``MTGCHECK_NO_CACHE``)."""
    from pathlib import Path


    if not cardcache.enabled():
        return None
    if isinstance(db, CardsOnDemand):
        return db.facts_where
    src = getattr(db, "source", None)
    if (not src or src == "catalog" or getattr(db, "origin", "memory") == "memory"
            or len(getattr(db, "_levels", ())) != getattr(db, "_base_levels", 1)):
        return None
    try:
        p = Path(src).resolve()
        return _facts_location(p, p.stat())
    except (OSError, RuntimeError, ImportError):
        return None


def _read_facts_file(path: Any, key: tuple) -> "dict[str, Any] | None":
    """The payload of a card-facts file (``{"names": ..., "source": ..., "date": ...}``), or None when it is
    missing, stale, unreadable or not ours (never trusted then: the facts are recomputed)."""
    import pickle

    was = gc.isenabled()
    try:
        from mtgcheck.models.data.inputs import open_regular

        with open_regular(path) as fp:  # (a named pipe or device put there is refused, never waited on)
            header = pickle.load(fp)  # a small pickle of its own: a stale file is rejected before its body
            if header != key:
                return None
            gc.disable()  # tens of thousands of objects: the cyclic collector would scan them repeatedly
            got = pickle.load(fp)
        if isinstance(got, dict) and isinstance(got.get("names"), dict):
            return got
        return None
    except Exception:  # noqa: BLE001 - missing, truncated, written by other code: recompute
        return None
    finally:
        if was:
            gc.enable()


def _read_stored_facts(db: Any) -> dict[str, Any]:
    """The name cache kept on disk for ``db`` (``FACTS_BY_DB``'s entries), or ``{}``."""
    where = _facts_store(db)
    if where is None:
        return {}
    got = _read_facts_file(*where)
    return got["names"] if got is not None else {}


def save_card_facts(db: Any) -> bool:
    """Keep the card facts this process met for ``db`` on disk (with those read from there), so the next
    process that validates decks with the same card file reads them instead of computing them, and needs
    no card database for the names they hold (``stored_cards``).

    What is kept is ``DeckValidator``'s name cache whole: each name as written -> its card's ``CardFacts``
    (with the ``Card``, pickled on its own, its behaviour model ``Card.abilities`` apart, and unpickled when
    first read: ``_StoredCardFacts``) or the unknown-name marker with its suggestions (at most
    ``MAX_STORED_UNKNOWN``), and per card whether it has an activated ability (Zirda), once computed.
    The file sits next to the parsed-card cache (``models.data.cardcache``, same folder and the same rules: used
    only while the card file, mtgcheck's ``models/`` (with the embedded catalog) and this module are
    unchanged; written atomically; ``MTGCHECK_NO_CACHE=1`` turns it off). Returns True when a file was
    written (nothing new: nothing is written). Never raises: a cache that cannot be written only means the
    facts are computed again.
    """
    import os
    import pickle
    import tempfile


    names = FACTS_BY_DB.get(db) if _weakrefable(db) else None
    stored = STORED_BY_DB.get(db, {}) if _weakrefable(db) else {}
    if not names or len(names) <= len(stored):  # (the cache starts as what was stored and only grows)
        return False
    where = _facts_store(db)
    if where is None:
        return False
    path, key = where
    out: dict[str, Any] = {}
    unknown = 0
    as_values: dict[int, tuple] = {}  # CardFacts -> its field values, one tuple per card (shared by its names)
    for k, v in names.items():
        cls = v.__class__
        if cls is _Unknown:
            unknown += 1
            if unknown > MAX_STORED_UNKNOWN:
                continue
        elif cls is CardFacts or cls is _StoredCardFacts:
            t = as_values.get(id(v))
            if t is None:
                t = as_values[id(v)] = _stored_values(v)
            v = t
        out[k] = v

    payload = {"names": out, "source": getattr(db, "source", None), "date": getattr(db, "date", None),
               "origin": getattr(db, "origin", None), "unread": unread_records(db)[:MAX_STORED_UNREAD]}
    tmp = None
    was = gc.isenabled()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        from mtgcheck.models.data.cardcache import remove_stale_temporaries, temp_prefix

        remove_stale_temporaries(path.parent)
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path.name), suffix=".tmp", dir=path.parent)
        gc.disable()
        with os.fdopen(fd, "wb") as fp:
            pickle.dump(key, fp, protocol=pickle.HIGHEST_PROTOCOL)
            _Pickler(fp, protocol=pickle.HIGHEST_PROTOCOL).dump(payload)
        os.replace(tmp, path)
        STORED_BY_DB[db] = out
        return True
    except Exception:  # noqa: BLE001 - a read-only or full cache folder, an object that cannot be pickled
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False
    finally:
        if was:
            gc.enable()


class CardsOnDemand:
    """A batch's card database, loaded only when it is needed: the card facts kept on disk
    (``save_card_facts``) answer every name they hold, so a batch whose names were all met before reads
    no card file at all (``stored_cards``). Any other use (a name the facts do not hold, ``find``,
    ``get``, any attribute) loads the database with ``load()`` once and goes to it.

    ``source``, ``date`` and ``origin`` are those of the database the facts were made from (the same card
    file, path, size and modification time: the file's key is part of the facts file's key).
    """

    def __init__(self, load: Any, source: str, date: str | None, origin: str, facts_where: tuple,
                 unread: "list[str] | None" = None):
        self._load = load
        self._db: Any = None
        self.source, self.date, self.origin, self.facts_where = source, date, origin, facts_where
        self.unread = list(unread or [])  # (the card file's records that could not be read: their messages)

    @property
    def loaded(self) -> bool:
        """Whether the database itself has been loaded."""
        return self._db is not None

    def database(self) -> Any:
        """The card database (loaded now if it was not yet)."""
        if self._db is None:
            self._db = self._load()
        return self._db

    def find(self, name: str) -> Any:
        return self.database().find(name)

    def get(self, name: str) -> Any:
        return self.database().get(name)

    def __contains__(self, name: object) -> bool:
        return name in self.database()

    def __len__(self) -> int:
        return len(self.database())

    def __iter__(self) -> Any:
        return iter(self.database())

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_load", "_db"):
            raise AttributeError(name)
        return getattr(self.database(), name)


def stored_cards(path: Any, load: Any, origin: str = "argument") -> "CardsOnDemand | None":
    """The batch database of the card file ``path`` from its card facts on disk (``CardsOnDemand``, the
    facts already in ``DeckValidator``'s caches), or None when there are none for the file as it is now
    (never kept, stale, cache off): load the database then. ``load()`` loads it when needed."""
    from pathlib import Path


    if path is None or not cardcache.enabled():
        return None
    try:
        p = Path(path).expanduser().resolve()
        st = p.stat()
        if not p.is_file():
            return None
        where = _facts_location(p, st)
    except (OSError, RuntimeError, ImportError):
        return None
    got = _read_facts_file(*where)
    if got is None or got.get("source") != str(p):
        return None
    db = CardsOnDemand(load, str(p), got.get("date"), origin, where, got.get("unread"))
    STORED_BY_DB[db] = got["names"]
    FACTS_BY_DB[db] = dict(got["names"])
    return db


def _weakrefable(db: Any) -> bool:
    try:
        weakref.ref(db)
        return True
    except TypeError:
        return False


