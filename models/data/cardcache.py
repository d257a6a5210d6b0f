"""The parsed-card cache: a card data file is parsed once, later loads read the result.

Parsing the 32k-card Scryfall file (streaming JSON, ``card_from_fields`` for every record, the
name index) takes seconds; reading back the parsed objects takes a fraction of that. The first
``models.data.database.load_database(path)`` of a file therefore writes a pickle of what the importer
returned (the ``ImportReport`` with its ``Card`` objects) and of the name index, and later loads,
in any process, read it instead.

The pickle is of the loaded objects themselves, so it follows their shape. It is used only when
its key equals the file's current key:

* the file's resolved path, size and modification time (``st_mtime_ns``);
* mtgcheck's version and a hash of the source of every module under ``models/`` (so a changed
  ``Card``, ``ManaCost`` or importer invalidates every cache);
* the cache format number ``FORMAT``.

A cache that is stale, unreadable, truncated or not ours is ignored and rebuilt, never trusted.
The cache folder is ``$MTGCHECK_CACHE_DIR/parsed`` when that variable is set, else
``platformdirs.user_cache_dir("mtgcheck")/parsed``; ``MTGCHECK_NO_CACHE=1`` turns the cache off.
A folder that cannot be written is not an error: the file is simply parsed each time.

Pickles can run code when read, so the cache lives in the user's own cache folder, is read only
when its header names the exact key, and is written atomically (a temporary file renamed into
place); do not point ``MTGCHECK_CACHE_DIR`` at a folder others can write.
"""
from __future__ import annotations

import contextlib
import copyreg
import gc
import hashlib
import os
import pickle
import re
import tempfile
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator

from mtgcheck.models.game.version import __version__
from mtgcheck.models.data.inputs import open_regular

__all__ = ["FORMAT", "CACHE_ENV", "NO_CACHE_ENV", "cache_dir", "cache_path", "code_hash", "file_key", "read", "write",
           "replaced_atomically"]

#: Cache layout version: bump when what ``write`` stores changes shape.
FORMAT = 1
#: Environment variable naming mtgcheck's cache folder (downloads and parsed cards).
CACHE_ENV = "MTGCHECK_CACHE_DIR"
#: Environment variable that, set to anything but ``""``/``0``, turns the parsed-card cache off.
NO_CACHE_ENV = "MTGCHECK_NO_CACHE"
_MAGIC = "mtgcheck-parsed-cards"
_CODE_HASH: str | None = None


def cache_dir() -> Path:
    """mtgcheck's cache folder: ``$MTGCHECK_CACHE_DIR``, else the platform's user cache folder
    (``platformdirs.user_cache_dir("mtgcheck")``, e.g. ``~/.cache/mtgcheck`` on Linux). Not created here."""
    env = os.environ.get(CACHE_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("mtgcheck", appauthor=False))


def enabled() -> bool:
    """False when ``MTGCHECK_NO_CACHE`` is set (to anything but empty or ``0``)."""
    return os.environ.get(NO_CACHE_ENV, "").strip() in ("", "0")


def code_hash() -> str:
    """A hash of mtgcheck's version and the source of every ``models/**/*.py`` (computed once per process,
    about 2 ms): a change to the card model or an importer makes every cached file stale."""
    global _CODE_HASH
    if _CODE_HASH is None:
        h = hashlib.blake2b(digest_size=16)
        h.update(__version__.encode())
        root = Path(__file__).resolve().parent.parent  # models/
        for p in sorted(root.rglob("*.py")):
            h.update(str(p.relative_to(root)).encode())
            try:
                h.update(p.read_bytes())
            except OSError:  # pragma: no cover - a module that vanished while running
                h.update(b"?")
        _CODE_HASH = h.hexdigest()
    return _CODE_HASH


def file_key(resolved: Path, st: os.stat_result) -> tuple:
    """The key a cache entry must carry to be used for the file ``resolved`` with status ``st``."""
    return (FORMAT, str(resolved), st.st_size, st.st_mtime_ns, code_hash())


def cache_path(resolved: str | os.PathLike) -> Path:
    """Where the store of the card file ``resolved`` (an absolute path) lives (``models.data.cardstore``): one entry
    per path, so a re-downloaded or edited file replaces its old entry."""
    name = hashlib.blake2b(str(resolved).encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()
    return cache_dir() / "parsed" / f"{Path(resolved).name[:40]}-{name}.sqlite"


_FIELDS: dict[type, tuple[str, ...]] = {}
_PLAIN = frozenset({str, int, float, bool, bytes, type(None)})
_NEWOBJ = getattr(copyreg, "__newobj__")  # pickle protocol 2's NEWOBJ opcode


def _mappingproxy(d: dict) -> MappingProxyType:
    """Rebuild a ``MappingProxyType`` stored by ``_Pickler`` (the type itself cannot be pickled by name)."""
    return MappingProxyType(d)


def _dataclass(cls: type, names: tuple[str, ...], values: tuple) -> Any:
    """Rebuild a dataclass instance stored by ``_Pickler``: set each field, run no ``__init__``."""
    obj: Any = object.__new__(cls)
    if hasattr(obj, "__dict__"):
        obj.__dict__.update(zip(names, values))
    else:
        for n, v in zip(names, values):
            object.__setattr__(obj, n, v)
    return obj


class _Pickler(pickle.Pickler):
    """A pickler for the card cache: dataclass instances are stored as their field values, and equal field
    values are stored once.

    Why: the standard path calls ``dataclasses.fields`` for every slotted instance when reading (half of the
    load time of the 32k-card file), and 32k cards hold only ~3.6k distinct type lines, ~800 distinct mana
    costs, 32 colour sets and a few thousand legality tables. Sharing equal values is safe because they are
    immutable (frozen dataclasses, frozensets, tuples, strings) or never changed (a card's ``legalities``).
    Everything else pickles as usual, so the cache follows the objects' shape.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._canon: dict[Any, Any] = {}

    def _shared(self, v: Any) -> Any:
        t = type(v)
        try:
            if t in _PLAIN:
                key: Any = (t, v)
            elif t is dict:
                key = (t, tuple(v.items()), repr(v))
            else:
                # equal is not enough: a dataclass field with ``compare=False`` (``Filter.words``) differs between
                # equal values, so two values are shared only when their repr (every field) is equal too
                key = (t, v, repr(v))
            return self._canon.setdefault(key, v)
        except TypeError:  # unhashable
            return v

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        if cls is MappingProxyType:  # frozen ability params (catalog models)
            return _mappingproxy, (dict(obj),)
        names = _FIELDS.get(cls)
        if names is None:
            import dataclasses

            names = ()
            if dataclasses.is_dataclass(cls) and "__reduce__" not in cls.__dict__:
                fields = tuple(f.name for f in dataclasses.fields(cls))
                slots = cls.__dict__.get("__slots__")
                # slotted: every slot a field; otherwise the instance __dict__ is stored whole (below)
                if slots is None or set(slots) == set(fields):
                    names = fields
            _FIELDS[cls] = names
        if not names:
            return NotImplemented
        d = getattr(obj, "__dict__", None)
        if d is not None and "__setstate__" not in cls.__dict__:
            # NEWOBJ + BUILD with a dict: the unpickler fills ``__dict__`` in C, no Python call per card
            return _NEWOBJ, (cls,), {k: self._shared(v) for k, v in d.items()}
        return _dataclass, (cls, names, tuple(self._shared(getattr(obj, n)) for n in names))


def read(resolved: Path, st: os.stat_result) -> Any | None:
    """The payload cached for this file and key, or None (no entry, stale, corrupt, cache off).

    Never raises for a bad cache entry: anything that goes wrong reading it means "parse the file".
    """
    if not enabled():
        return None
    p = cache_path(resolved)
    key = file_key(resolved, st)
    try:

        with open_regular(p) as fp:  # (a named pipe or device put there is refused, never waited on)
            # the header is a small separate pickle: a stale entry is rejected before its body is read
            header = pickle.load(fp)
            if not (isinstance(header, tuple) and len(header) == 2 and header[0] == _MAGIC and header[1] == key):
                return None
            was = gc.isenabled()
            gc.disable()  # unpickling ~200k objects: the cyclic collector would triple the time
            try:
                return pickle.load(fp)
            finally:
                if was:
                    gc.enable()
    except Exception:  # noqa: BLE001 - truncated, corrupt, unpicklable after a code change: rebuild
        return None


@contextlib.contextmanager
def replaced_atomically(path: Path) -> Iterator[Path]:
    """A temporary file beside ``path`` (its folder made if need be) that replaces ``path`` when the block ends
    without an exception, and is removed when it does not (the exception goes on): a reader never sees a
    partial file, and a failed write leaves none behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(path.parent)  # (what a killed writer left)
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path.name), suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write(resolved: Path, st: os.stat_result, payload: Any) -> Path | None:
    """Store ``payload`` for this file and key (atomically: ``replaced_atomically``).

    Returns the cache file, or None when it could not be written (read-only folder, disk full,
    cache off); a failed write is not an error and leaves no partial file behind.
    """
    if not enabled():
        return None
    p = cache_path(resolved)
    try:
        with replaced_atomically(p) as tmp, open(tmp, "wb") as fp:
            pickle.dump((_MAGIC, file_key(resolved, st)), fp, protocol=pickle.HIGHEST_PROTOCOL)
            _Pickler(fp, protocol=pickle.HIGHEST_PROTOCOL).dump(payload)
        return p
    except Exception:  # noqa: BLE001 - e.g. a read-only cache folder: parse every time instead
        return None


#: A temporary file of the cache or data folder whose writer is gone, or older than this (seconds), is stale.
STALE_AFTER = 24 * 3600
#: Endings of the temporary files mtgcheck writes before renaming them into place.
TEMP_ENDINGS = (".tmp", ".part")


def temp_prefix(name: str) -> str:
    """The prefix of a temporary file written for ``name``: ``name.pid<N>.`` (the writing process's id, so that
    a later run knows whether its writer is still alive: ``remove_stale_temporaries``)."""
    return f"{name}.pid{os.getpid()}."


def _writer_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # (a process of another user: alive)
    return True


def remove_stale_temporaries(folder: "str | os.PathLike[str]", now: "float | None" = None) -> list[str]:
    """Remove the temporary files (``*.tmp``, ``*.part``) a killed or crashed mtgcheck left in ``folder``: those
    whose writing process (``temp_prefix``) no longer runs, and any older than ``STALE_AFTER``. A file being
    written by a live process is left alone. Returns the names removed; never raises."""
    import time

    removed: list[str] = []
    now = time.time() if now is None else now
    try:
        entries = list(os.scandir(os.fspath(folder)))
    except OSError:
        return removed
    for e in entries:
        if not e.name.endswith(TEMP_ENDINGS):
            continue
        try:
            if not e.is_file(follow_symlinks=False):
                continue
            m = re.search(r"\.pid(\d{1,10})\.[^.]*\.(?:tmp|part)$", e.name)
            old = now - e.stat(follow_symlinks=False).st_mtime > STALE_AFTER
            gone = m is not None and int(m.group(1)) != os.getpid() and not _writer_alive(int(m.group(1)))
            if old or gone:
                os.unlink(e.path)
                removed.append(e.name)
        except (OSError, ValueError):
            continue
    return removed

