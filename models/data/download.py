"""Downloading card data: ``mtgcheck data update`` and ``mtgcheck data status``.

Two sources, each saved in ``<cache>/cards/`` (``<cache>`` is ``models.data.cardcache.cache_dir()``:
``$MTGCHECK_CACHE_DIR`` or the platform's user cache folder):

* ``scryfall`` (default): Scryfall's *Oracle Cards* bulk file, one card object per Oracle card.
  Found as Scryfall documents it (https://scryfall.com/docs/api/bulk-data): the bulk-data index
  ``https://api.scryfall.com/bulk-data`` lists objects with ``type``, ``download_uri``,
  ``updated_at`` and ``size``; the one of type ``oracle_cards`` is fetched from its ``download_uri``
  (a new, dated address each time Scryfall rebuilds it).
* ``mtgjson``: MTGJSON's ``AtomicCards.json.gz`` (https://mtgjson.com/downloads/all-files/), checked
  against the SHA-256 digest MTGJSON publishes next to it (``AtomicCards.json.gz.sha256``).

An update is safe to interrupt: the file is written to a temporary ``*.part`` file, checked (the
byte count against the size the server announced, the checksum where one is published, then the
whole file read as card data by ``models.data.importers.load_cards_file``), and only then renamed over
the installed file; on any failure the previous file and its record stay as they were. An unchanged
file is not fetched again: Scryfall's index entry (same address and date) says so without a
download, and every download sends ``If-None-Match``/``If-Modified-Since`` from the previous one
(a ``304 Not Modified`` answer keeps the file).

``installed.json`` in the same folder records, per source: the file, address, ``ETag``,
``Last-Modified``, the data's date, size, SHA-256 and card count, and which source was updated last
(``current``): ``installed_file()`` gives that file, which ``models.data.database.load_database`` uses when
neither a path nor ``MTGCHECK_CARDS`` is given.

Card data is property of Wizards of the Coast (Fan Content Policy), compiled by Scryfall / MTGJSON.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
import tempfile
import threading
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from mtgcheck.models.game.version import __version__
from mtgcheck.models.data.inputs import CardDataError, describe_os_error, InputError, MAX_RATIO, open_regular, RATIO_AFTER, read_text
from mtgcheck.models.data.cardcache import cache_dir, remove_stale_temporaries, replaced_atomically, temp_prefix
from mtgcheck.models.data.importers import load_cards_file

__all__ = [
    "SCRYFALL_INDEX_URL", "MTGJSON_URL", "SOURCES", "DownloadError", "UpdateResult", "data_dir",
    "installed", "installed_file", "update", "install",
]

#: Scryfall's bulk-data index (https://scryfall.com/docs/api/bulk-data).
SCRYFALL_INDEX_URL = "https://api.scryfall.com/bulk-data"
#: The bulk-data ``type`` fetched from Scryfall's index.
SCRYFALL_TYPE = "oracle_cards"
#: MTGJSON's AtomicCards file (its SHA-256 digest is at the same address + ``.sha256``).
MTGJSON_URL = "https://mtgjson.com/api/v5/AtomicCards.json.gz"
SOURCES = ("scryfall", "mtgjson")
_CHUNK = 1 << 16
_RECORD = "installed.json"

#: progress(done_bytes, total_bytes_or_None) is called as a download proceeds.
Progress = Callable[[int, "int | None"], None]


class DownloadError(RuntimeError):
    """An update that could not be completed; the installed data was left unchanged.

    Attributes
    ----------
    url : str
        The address being fetched.
    offline : bool
        True when the server could not be reached at all (no network, DNS failure, refused).
    """

    def __init__(self, message: str, url: str, offline: bool = False):
        super().__init__(message)
        self.url = url
        self.offline = offline


@dataclass
class UpdateResult:
    """The outcome of ``update``: ``status`` is ``"downloaded"`` or ``"unchanged"``; ``path`` the installed
    file; ``record`` its entry of ``installed.json``; ``message`` one line for the user."""

    status: str
    source: str
    path: Path
    record: dict[str, Any] = field(default_factory=dict)
    message: str = ""


def data_dir() -> Path:
    """The folder downloaded card data is kept in: ``<cache>/cards`` (not created here)."""

    return cache_dir() / "cards"


def installed() -> dict[str, Any]:
    """The contents of ``installed.json`` (``{"current": source, "sources": {source: record}}``), or an
    empty record when nothing was downloaded or the record cannot be read."""

    try:
        data = json.loads(read_text(data_dir() / _RECORD, encoding="utf-8", max_bytes=1 << 20, what="the download record"))
    except (InputError, OSError, ValueError, RecursionError):
        return {"current": None, "sources": {}}
    if not isinstance(data, dict) or not isinstance(data.get("sources"), dict):
        return {"current": None, "sources": {}}
    return data


def installed_file(source: str | None = None) -> Path | None:
    """The downloaded card file of ``source`` (default: the source updated last), or None when there is
    none or its file is gone."""
    rec = installed()
    src = source or rec.get("current")
    entry = rec["sources"].get(src) if src else None
    if not isinstance(entry, dict) or not entry.get("file"):
        return None
    name = str(entry["file"])
    if name != Path(name).name or name in (".", "..", _RECORD) or "\\" in name:  # (a plain name in the folder only)
        return None
    p = data_dir() / name
    return p if p.is_file() else None


def _write_record(data: dict[str, Any]) -> None:
    """Write ``installed.json`` atomically (``cardcache.replaced_atomically``: a temporary file renamed into place,
    removed if anything fails)."""
    with replaced_atomically(data_dir() / _RECORD) as tmp:
        tmp.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")


def _session(session: Any = None) -> Any:
    if session is not None:
        return session
    import requests

    s = requests.Session()
    # Scryfall asks every client to send a User-Agent naming it and an Accept header
    s.headers.update({"User-Agent": f"mtgcheck/{__version__}", "Accept": "application/json;q=0.9,*/*;q=0.8"})
    return s


def _offline_message(url: str, e: Exception) -> str:
    text = str(e)
    if "NameResolution" in text or "Name or service not known" in text or "nodename nor servname" in text:
        why = "the server's name could not be looked up: no network?"
    elif "refused" in text.lower():
        why = "connection refused"
    elif "timed out" in text.lower() or type(e).__name__.endswith("Timeout"):
        why = "no answer in time"
    else:
        why = f"{type(e).__name__}"
    return (f"cannot reach {url} ({why}); the card data was not changed. Without a network, download the "
            f"file elsewhere and give it with --cards FILE (or MTGCHECK_CARDS=FILE)")


#: Seconds a whole update may take (index, download, checks) unless ``update(deadline=...)`` says otherwise: a
#: mirror that trickles one byte every few seconds never passes a per-read timeout, only an overall deadline.
DEFAULT_DEADLINE = 3600.0
#: Slowest transfer accepted once ``SLOW_AFTER`` seconds have passed, in bytes a second (a stalled mirror ends
#: the update with a message; any real connection is far faster).
MIN_RATE = 1024
SLOW_AFTER = 60.0
#: Most bytes of Scryfall's bulk-data index (it is a few kilobytes).
MAX_INDEX_BYTES = 4 << 20
#: Most bytes of a downloaded card data file as sent, and once a gzip Content-Encoding is removed (Scryfall's
#: oracle-cards file is about 160 MB, MTGJSON's AtomicCards.json.gz about 30 MB).
MAX_DOWNLOAD_BYTES = 2 << 30
MAX_DECODED_BYTES = 4 << 30


class _Deadline:
    """The time left for one update: ``timeout(per_read)`` is the per-read timeout to use now (never past the
    deadline); ``check(url, done)`` raises ``DownloadError`` past the deadline or when the transfer has been
    slower than ``MIN_RATE`` for ``SLOW_AFTER`` seconds."""

    def __init__(self, seconds: float) -> None:
        import time

        self.clock = time.monotonic
        self.start = self.clock()
        self.seconds = seconds
        self.window_start = self.start
        self.window_done = 0

    def left(self) -> float:
        return self.seconds - (self.clock() - self.start)

    def timeout(self, per_read: float) -> float:
        return max(0.1, min(per_read, self.left()))

    def check(self, url: str, done: int = 0) -> None:
        now = self.clock()
        if now - self.start > self.seconds:
            raise DownloadError(f"{url}: the update did not finish within {self.seconds:g} s ({done:,} bytes received); "
                                "the card data was not changed; try again later or another mirror", url)
        if now - self.window_start >= SLOW_AFTER:
            rate = (done - self.window_done) / (now - self.window_start)
            if rate < MIN_RATE:
                raise DownloadError(f"{url}: the server sends {rate:.0f} bytes a second (less than {MIN_RATE} for "
                                    f"{SLOW_AFTER:g} s); the card data was not changed; try again later or another "
                                    "mirror", url)
            self.window_start, self.window_done = now, done


def _cannot_write(d: Path, e: BaseException) -> DownloadError:
    """The message for a card data folder that cannot be written: full, read-only, not permitted."""

    return DownloadError(f"cannot write to the card data folder {d}: {describe_os_error(e)}; the card data was not "
                         f"changed (free space, or point MTGCHECK_CACHE_DIR at a writable folder)", str(d))


def _file_path(url: str) -> Path:
    """The local path of a ``file:`` address (``file:///srv/mirror/bulk-data.json``)."""
    from urllib.parse import unquote, urlparse
    from urllib.request import url2pathname

    return Path(url2pathname(unquote(urlparse(url).path)))


class _FileStream:
    def __init__(self, path: Path, url: str) -> None:
        self.path = path
        self.url = url

    def stream(self, chunk: int, decode_content: bool = False) -> Any:
        """The file's bytes, ``chunk`` at a time, through the input layer (a regular file only: a named pipe
        or a device given as a ``file:`` address is refused, never waited on or read without end)."""

        try:
            fp = open_regular(self.path)
        except InputError as e:
            raise DownloadError(f"cannot read {self.url}: {e.message.removeprefix('cannot read: ')}; the card data "
                                "was not changed", self.url) from None
        with fp:
            while True:
                data = fp.read(chunk)
                if not data:
                    return
                yield data


class _FileResponse:
    """What ``_get`` gives for a ``file:`` address (a local mirror): the parts of a ``requests`` response the
    updates read (``status_code``, ``headers``, ``url``, ``json()``, ``text``, ``raw.stream``)."""

    status_code = 200
    reason = "OK"

    def __init__(self, url: str) -> None:
        self.url = url
        self.path = _file_path(url)
        try:
            size = self.path.stat().st_size
        except OSError as e:
            raise DownloadError(f"cannot read {url}: {e.strerror or e}; the card data was not changed", url) from None
        if self.path.is_dir():
            raise DownloadError(f"{url} is a folder, not a file; the card data was not changed", url)
        self.headers = {"Content-Length": str(size)}
        self.raw = _FileStream(self.path, url)

    def iter_content(self, chunk: int) -> Any:
        return self.raw.stream(chunk)

    @property
    def text(self) -> str:
        return b"".join(self.raw.stream(1 << 16)).decode("utf-8")

    def json(self) -> Any:
        return json.loads(self.text)

    def close(self) -> None:
        return None


def _get(session: Any, url: str, headers: dict[str, str] | None = None, timeout: float = 30.0, stream: bool = False) -> Any:
    if url[:5].lower() == "file:":  # a local mirror (--index-url file:///..., a download_uri of file:)
        return _FileResponse(url)
    import requests

    try:
        r = session.get(url, headers=headers or {}, timeout=timeout, stream=stream)
    except (requests.ConnectionError, requests.Timeout) as e:
        raise DownloadError(_offline_message(url, e), url, offline=True) from None
    except requests.RequestException as e:
        raise DownloadError(f"cannot fetch {url}: {e}; the card data was not changed", url) from None
    except (ValueError, TypeError) as e:  # an address requests cannot use
        raise DownloadError(f"cannot fetch {url}: {e}; the card data was not changed", url) from None
    if r.status_code not in (200, 304):
        r.close()
        raise DownloadError(f"{url} answered HTTP {r.status_code} {r.reason or ''}".rstrip()
                            + "; the card data was not changed", url)
    return r


def _read_small(r: Any, url: str, limit: int, deadline: "_Deadline") -> bytes:
    """The whole (decoded) body of a streamed response, at most ``limit`` bytes (the index, a digest)."""
    import requests
    import urllib3

    length = r.headers.get("Content-Length", "")
    if str(length).isdigit() and int(length) > limit:
        r.close()
        raise DownloadError(f"{url}: the server announces {int(length):,} bytes; mtgcheck reads at most {limit:,} of "
                            "it (the bulk-data index is a few kilobytes); the card data was not changed", url)
    parts: list[bytes] = []
    n = 0
    watchdog = threading.Timer(max(0.0, deadline.left()), _abort, [r])  # (see _stream_to)
    watchdog.daemon = True
    watchdog.start()
    try:
        for chunk in r.iter_content(1 << 16):
            n += len(chunk)
            if n > limit:
                raise DownloadError(f"{url}: more than {limit:,} bytes (the bulk-data index is a few kilobytes); the "
                                    "card data was not changed", url)
            parts.append(chunk)
            deadline.check(url, n)
    except (requests.RequestException, urllib3.exceptions.HTTPError, OSError, ValueError, AttributeError) as e:
        if isinstance(e, DownloadError):
            raise
        deadline.check(url, n)
        raise DownloadError(f"the answer of {url} was interrupted after {n:,} bytes ({type(e).__name__}); the card "
                            "data was not changed", url) from None
    finally:
        watchdog.cancel()
        r.close()
    return b"".join(parts)


def _conditional(prev: dict[str, Any]) -> dict[str, str]:
    h = {}
    if prev.get("etag"):
        h["If-None-Match"] = str(prev["etag"])
    if prev.get("last_modified"):
        h["If-Modified-Since"] = str(prev["last_modified"])
    return h


def _stream_to(resp: Any, target_dir: Path, name: str, progress: Progress | None, total: int | None,
               deadline: "_Deadline | None" = None) -> tuple[Path, dict[str, Any]]:
    """Write the response body as sent (a gzip-encoded body stays gzip) to a ``.part`` file in ``target_dir``.

    Returns the file and what was counted: ``wire_bytes`` (bytes received), ``bytes`` (after removing a gzip
    Content-Encoding), ``sha256`` of the bytes received. Raises DownloadError when the connection breaks, the
    deadline passes, the transfer stalls, the body passes ``MAX_DOWNLOAD_BYTES`` (``MAX_DECODED_BYTES`` or an
    expansion of more than ``models.data.inputs.MAX_RATIO`` times once decoded), or the folder cannot be written; the
    ``.part`` file is removed on every failure, Ctrl-C included.
    """
    import requests
    import urllib3


    url = resp.url
    deadline = deadline or _Deadline(DEFAULT_DEADLINE)
    encoded = resp.headers.get("Content-Encoding", "").lower() in ("gzip", "x-gzip")
    inflate = zlib.decompressobj(wbits=47) if encoded else None  # 47: gzip or zlib header
    if total is not None and total > MAX_DOWNLOAD_BYTES:
        resp.close()
        raise DownloadError(f"{url}: the server announces {total:,} bytes; mtgcheck downloads at most "
                            f"{MAX_DOWNLOAD_BYTES:,} (card data is a few hundred megabytes); the card data was not "
                            "changed", url)
    try:
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(name), suffix=".part", dir=target_dir)
    except OSError as e:
        resp.close()
        raise _cannot_write(target_dir, e) from None
    wire = plain = 0
    sha = hashlib.sha256()
    # the bytes as they come (read1: a trickle is seen byte by byte, so the deadline and the slowness rule are
    # read), and a watchdog that closes the connection at the deadline whatever call is waiting on it
    read1 = getattr(resp.raw, "read1", None)
    watchdog = threading.Timer(max(0.0, deadline.left()), _abort, [resp])
    watchdog.daemon = True
    watchdog.start()
    try:
        with os.fdopen(fd, "wb") as fp:
            try:
                if read1 is not None:
                    chunks: Any = iter(lambda: read1(_CHUNK, decode_content=False), b"")
                else:  # pragma: no cover - urllib3 1.x
                    chunks = resp.raw.stream(_CHUNK, decode_content=False)
                for chunk in chunks:
                    try:
                        fp.write(chunk)
                    except OSError as e:
                        raise _cannot_write(target_dir, e) from None
                    sha.update(chunk)
                    wire += len(chunk)
                    if wire > MAX_DOWNLOAD_BYTES:
                        raise DownloadError(f"{url}: more than {MAX_DOWNLOAD_BYTES:,} bytes; card data is a few hundred "
                                            "megabytes; the card data was not changed", url)
                    if inflate is not None:
                        data = chunk
                        while data:  # (decoded a megabyte at a time: a bomb never expands in memory)
                            plain += len(inflate.decompress(data, 1 << 20))
                            if inflate.eof:  # a gzip member ends: what follows is the next member's
                                data = inflate.unused_data
                                inflate = zlib.decompressobj(wbits=47)
                            else:
                                data = inflate.unconsumed_tail
                            if plain > MAX_DECODED_BYTES or (plain > RATIO_AFTER and plain > MAX_RATIO * wire):
                                raise DownloadError(f"{url}: the gzip-encoded download expands to more than "
                                                    f"{plain:,} bytes from {wire:,}: not card data; the card data "
                                                    "was not changed", url)
                    else:
                        plain = wire
                    if progress:
                        progress(wire, total)
                    deadline.check(url, wire)
                if inflate is not None:
                    plain += len(inflate.flush())
            except (requests.RequestException, urllib3.exceptions.HTTPError, zlib.error) as e:
                deadline.check(url, wire)  # (the watchdog closed the connection: say why)
                if isinstance(e, zlib.error):
                    raise DownloadError(f"{url}: the gzip-encoded download is corrupt ({e}); the card data was not "
                                        "changed", url) from None
                raise DownloadError(f"the download of {url} was interrupted after {wire:,} bytes ({type(e).__name__}); "
                                    f"the card data was not changed; run the update again", url) from None
            except (OSError, ValueError, AttributeError) as e:  # (the connection, not the folder: writes are reported above)
                if isinstance(e, DownloadError):
                    raise
                deadline.check(url, wire)
                raise DownloadError(f"the download of {url} was interrupted after {wire:,} bytes ({type(e).__name__}); "
                                    f"the card data was not changed; run the update again", url) from None
    except BaseException:  # every failure, Ctrl-C and SIGTERM included: no .part file is left
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    finally:
        watchdog.cancel()
        resp.close()
    return Path(tmp), {"wire_bytes": wire, "bytes": plain, "sha256": sha.hexdigest(), "gzip_encoded": encoded}


def _abort(resp: Any) -> None:
    """Close a response's connection from the watchdog thread (a read waiting on it then fails at once)."""
    for close in (getattr(resp.raw, "shutdown", None), resp.close):
        try:
            if close is not None:
                close()
        except Exception:  # noqa: BLE001 - closing what may be closed already
            pass


def _check_size(tmp: Path, url: str, counted: dict[str, Any], content_length: int | None,
                index_size: int | None = None) -> None:
    """The bytes received must equal ``Content-Length`` (bytes sent), and the file's bytes the size an index
    announced (Scryfall's ``size``; compared with the decoded and with the received bytes, as either may be
    meant when the file is sent gzip-encoded). A shorter file is an interrupted download."""
    bad = content_length is not None and counted["wire_bytes"] != content_length
    bad = bad or (index_size is not None and index_size not in (counted["bytes"], counted["wire_bytes"]))
    if not bad:
        return
    tmp.unlink(missing_ok=True)
    want = content_length if content_length is not None and counted["wire_bytes"] != content_length else index_size
    raise DownloadError(f"the download of {url} is incomplete or damaged: {counted['wire_bytes']:,} bytes received "
                        f"({counted['bytes']:,} decoded), {want:,} announced; the card data was not changed; "
                        "run the update again", url)


def _validate(tmp: Path, url: str) -> Any:
    """Read the downloaded file as card data (the whole file: a truncated or corrupt file fails here)."""

    try:
        report = load_cards_file(tmp)
    except (CardDataError, OSError, ValueError, EOFError) as e:
        tmp.unlink(missing_ok=True)
        msg = str(e).replace(str(tmp), "the downloaded file")
        raise DownloadError(f"{url}: the downloaded file is not usable card data ({msg}); the card data was not "
                            "changed", url) from None
    if not report.cards:
        tmp.unlink(missing_ok=True)
        raise DownloadError(f"{url}: the downloaded file holds no cards; the card data was not changed", url)
    return report


def _true_name(path: Path, name: str) -> str:
    """``name`` ending in ``.gz`` exactly when the file at ``path`` is gzip-compressed (by its first bytes)."""
    try:
        with open(path, "rb") as fp:
            gz = fp.read(2) == b"\x1f\x8b"
    except OSError:
        return name
    if gz and not name.lower().endswith(".gz"):
        return name + ".gz"
    if not gz and name.lower().endswith(".gz"):
        return name[:-3]
    return name


def _install(source: str, tmp: Path, final_name: str, report: Any, entry: dict[str, Any], rec: dict[str, Any]) -> Path:
    """Rename the checked file into place (under a name true to its compression), record it, remove the file
    it replaces, build its card store."""
    final_name = _true_name(tmp, final_name)
    d = data_dir()
    final = d / final_name
    old = rec["sources"].get(source, {}).get("file")
    try:
        os.replace(tmp, final)
        entry.update(file=final_name, cards=len(report.cards), date=report.date,
                     downloaded_at=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))
        rec["sources"][source] = entry
        rec["current"] = source
        _write_record(rec)
    except OSError as e:
        raise _cannot_write(d, e) from None
    if old and old != final_name:
        (d / old).unlink(missing_ok=True)
    # the file was just parsed to check it: keep that work as the card store of the installed file
    try:
        from mtgcheck.models.data.cardstore import NameIndex, build_store
        from mtgcheck.models.data.catalog import load_catalog

        resolved = final.resolve()
        report.path = str(resolved)
        build_store(resolved, resolved.stat(), report, NameIndex(report.cards), load_catalog())
    except Exception:  # noqa: BLE001 - the store is an optimisation only
        pass
    return final


def install(file: str | os.PathLike[str], *, progress: Progress | None = None) -> UpdateResult:
    """Install a card data file you have (``mtgcheck data install FILE``) as ``update`` installs a download.

    Parameters
    ----------
    file : str or os.PathLike
        A Scryfall bulk file (``oracle-cards``, ``default-cards``, ...) or Scryfall JSON lines, or MTGJSON
        ``AtomicCards.json``; plain or gzip-compressed (detected by content); a path or a ``file:`` address.
    progress : callable, optional
        ``progress(done_bytes, total_bytes)`` while the file is copied.

    Returns
    -------
    UpdateResult
        ``status`` ``"installed"``; ``source`` ``"scryfall"`` or ``"mtgjson"`` (by the file's content); the
        copy is kept in ``data_dir()`` under the file's own name (``.gz`` exactly when it is compressed) and
        becomes the data commands use.

    Raises
    ------
    DownloadError
        The file cannot be read, or is not card data (the message says why); the installed data is unchanged.
    """
    src = _file_path(str(file)) if str(file)[:5].lower() == "file:" else Path(os.fspath(file)).expanduser()
    where = str(file)
    if not src.is_file():
        raise DownloadError(f"{where}: no such file" + (" (a folder)" if src.is_dir() else "")
                            + "; the card data was not changed", where)
    d = data_dir()
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _cannot_write(d, e) from None

    remove_stale_temporaries(d)
    resp = _FileResponse(src.resolve().as_uri())
    total = int(resp.headers["Content-Length"])
    name = _file_name(src.name, "cards.json")  # (never the record's name, a hidden or temporary one)
    tmp, counted = _stream_to(resp, d, name, progress, total)
    try:
        report = _validate(tmp, where)
        source = "mtgjson" if report.kind == "mtgjson" else "scryfall"
        rec = installed()
        entry = {"source": source, "url": resp.url, "installed_from": str(src.resolve()),
                 "size": counted["wire_bytes"], "sha256": counted["sha256"]}
        path = _install(source, tmp, name, report, entry, rec)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return UpdateResult("installed", source, path, entry,
                        f"{source}: installed {len(report.cards)} cards dated {report.date or '?'} from {src} to {path}")


def _date_of(updated_at: str | None) -> str | None:
    m = re.match(r"(\d{4}-\d{2}-\d{2})", updated_at or "")
    return m.group(1) if m else None


#: Names a downloaded file may not take in the data folder (the record, hidden or temporary files).
_RESERVED = (_RECORD,)


def _file_name(url: str, default: str) -> str:
    """The file name to keep a download under: the last segment of its address, of letters, digits, dots,
    dashes and underscores only, never the record's name (``installed.json``), a hidden or temporary name."""
    base = Path(url.split("?")[0].split("#")[0]).name
    if (not base or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,120}", base) or base in _RESERVED
            or base.endswith((".part", ".tmp"))):
        return default
    return base


def update(source: str = "scryfall", *, index_url: str = SCRYFALL_INDEX_URL, url: str | None = None,
           progress: Progress | None = None, session: Any = None, timeout: float = 30.0,
           force: bool = False, deadline: float = DEFAULT_DEADLINE) -> UpdateResult:
    """Download (or confirm up to date) the card data of ``source`` into ``data_dir()``.

    Parameters
    ----------
    source : {"scryfall", "mtgjson"}
        Scryfall's Oracle Cards bulk file (found through ``index_url``) or MTGJSON's AtomicCards.
    index_url : str
        Scryfall's bulk-data index (tests point it at a local server).
    url : str, optional
        For ``mtgjson``: the AtomicCards address (default ``MTGJSON_URL``).
    progress : callable, optional
        ``progress(done_bytes, total_bytes or None)`` during the download.
    session : requests.Session, optional
        The HTTP session (default: a new one with mtgcheck's User-Agent).
    timeout : float
        Seconds to wait for the server to answer or send (per read).
    force : bool
        Download even when the installed file is up to date.
    deadline : float
        Seconds the whole update may take (default ``DEFAULT_DEADLINE``); a transfer slower than ``MIN_RATE``
        bytes a second for ``SLOW_AFTER`` seconds ends it too.

    Returns
    -------
    UpdateResult
        ``status`` ``"downloaded"`` or ``"unchanged"``.

    Raises
    ------
    DownloadError
        No network (``offline`` True), an HTTP error, an interrupted, incomplete, corrupt, oversized, too slow or
        checksum-failing download, a file that is not card data, a 304 answer when nothing is installed, or a
        card data folder that cannot be written (full, read-only). The installed file and its record are
        unchanged, and no temporary file is left, whatever ends the update (Ctrl-C included; a killed update's
        ``.part`` file is removed by the next one).
    ValueError
        An unknown ``source``.
    """
    if source not in SOURCES:
        raise ValueError(f"unknown card data source {source!r}; sources are {', '.join(SOURCES)}")
    d = data_dir()
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _cannot_write(d, e) from None

    remove_stale_temporaries(d)  # (the .part file of an update that was killed)
    rec = installed()
    prev = rec["sources"].get(source) or {}
    prev_file = installed_file(source)
    if prev_file is None:
        prev = {}
    s = _session(session)
    dl = _Deadline(deadline)
    if source == "scryfall":
        return _update_scryfall(s, rec, prev, index_url, progress, timeout, force, dl)
    return _update_mtgjson(s, rec, prev, url or MTGJSON_URL, progress, timeout, force, dl)


def _unchanged(source: str, rec: dict[str, Any], prev: dict[str, Any], why: str) -> UpdateResult:
    rec["current"] = source
    rec["sources"][source] = prev
    try:
        _write_record(rec)
    except OSError as e:
        raise _cannot_write(data_dir(), e) from None
    path = data_dir() / prev["file"]
    return UpdateResult("unchanged", source, path, prev,
                        f"{source}: up to date ({why}): {prev.get('cards', '?')} cards dated {prev.get('date') or '?'} in {path}")


def _not_modified(url: str, prev: dict[str, Any], resp: Any) -> None:
    """A 304 answer is "unchanged" only when an installed file was named in the request; otherwise the server
    answered a question that was not asked."""
    resp.close()
    if not prev.get("file"):
        raise DownloadError(f"{url} answered 304 Not Modified, but no card data of this source is installed and none "
                            "was asked about; the card data was not changed; run with --force or use another mirror",
                            url)


def _update_scryfall(s: Any, rec: dict, prev: dict, index_url: str, progress: Progress | None, timeout: float,
                     force: bool, deadline: "_Deadline | None" = None) -> UpdateResult:
    deadline = deadline or _Deadline(DEFAULT_DEADLINE)
    r = _get(s, index_url, timeout=deadline.timeout(timeout), stream=True)
    if r.status_code == 304:
        r.close()
        raise DownloadError(f"{index_url} answered 304 Not Modified to a request for the bulk-data index; the card "
                            "data was not changed", index_url)
    body = _read_small(r, index_url, MAX_INDEX_BYTES, deadline)
    try:
        index = json.loads(body)
        items = index["data"] if isinstance(index, dict) else None
        item = next(x for x in items if isinstance(x, dict) and x.get("type") == SCRYFALL_TYPE)  # type: ignore[union-attr]
        dl = str(item["download_uri"])
    except (ValueError, KeyError, TypeError, StopIteration, RecursionError):
        raise DownloadError(f"{index_url}: not Scryfall's bulk-data index (no {SCRYFALL_TYPE!r} entry with a "
                            "download_uri); the card data was not changed", index_url) from None
    updated_at = item.get("updated_at")
    if (not force and prev and prev.get("url") == dl and prev.get("updated_at") == updated_at):
        return _unchanged("scryfall", rec, prev, "Scryfall's index lists the same file")
    headers = {} if force else _conditional(prev)
    resp = _get(s, dl, headers=headers, timeout=deadline.timeout(timeout), stream=True)
    if resp.status_code == 304:
        _not_modified(dl, prev if headers else {}, resp)
        prev.update(url=dl, updated_at=updated_at)
        return _unchanged("scryfall", rec, prev, "the server answered 304 Not Modified")
    size = item.get("size")
    index_size = int(size) if isinstance(size, (int, str)) and str(size).isdigit() else None
    total = int(resp.headers["Content-Length"]) if str(resp.headers.get("Content-Length", "")).isdigit() else None
    name = "oracle-cards-" + (_date_of(updated_at if isinstance(updated_at, str) else None)
                              or _dt.date.today().isoformat()) + ".json"
    tmp, counted = _stream_to(resp, data_dir(), name, progress, total, deadline)
    try:
        _check_size(tmp, dl, counted, total, index_size)
        if counted["gzip_encoded"]:
            name += ".gz"  # kept as sent; the importers read gzip
        report = _validate(tmp, dl)
        deadline.check(dl, counted["wire_bytes"])
        entry = {"source": "scryfall", "url": dl, "index_url": index_url, "updated_at": updated_at,
                 "etag": resp.headers.get("ETag"), "last_modified": resp.headers.get("Last-Modified"),
                 "size": counted["wire_bytes"], "sha256": counted["sha256"]}
        path = _install("scryfall", tmp, name, report, entry, rec)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return UpdateResult("downloaded", "scryfall", path, entry,
                        f"scryfall: downloaded {len(report.cards)} cards dated {report.date or '?'} to {path}")


def _update_mtgjson(s: Any, rec: dict, prev: dict, url: str, progress: Progress | None, timeout: float,
                    force: bool, deadline: "_Deadline | None" = None) -> UpdateResult:
    deadline = deadline or _Deadline(DEFAULT_DEADLINE)
    headers = {} if force else _conditional(prev)
    resp = _get(s, url, headers=headers, timeout=deadline.timeout(timeout), stream=True)
    if resp.status_code == 304:
        _not_modified(url, prev if headers else {}, resp)
        return _unchanged("mtgjson", rec, prev, "the server answered 304 Not Modified")
    total = int(resp.headers["Content-Length"]) if str(resp.headers.get("Content-Length", "")).isdigit() else None
    name = _file_name(url, "AtomicCards.json.gz")
    tmp, counted = _stream_to(resp, data_dir(), name, progress, total, deadline)
    try:
        _check_size(tmp, url, counted, total)
        expected = _published_sha256(s, url + ".sha256", deadline.timeout(timeout), deadline)
        if expected is not None and expected != counted["sha256"]:
            tmp.unlink(missing_ok=True)
            raise DownloadError(f"{url}: SHA-256 {counted['sha256'][:16]}… does not match the published "
                                f"{expected[:16]}…; the card data was not changed; run the update again", url)
        report = _validate(tmp, url)
        deadline.check(url, counted["wire_bytes"])
        entry = {"source": "mtgjson", "url": url, "etag": resp.headers.get("ETag"),
                 "last_modified": resp.headers.get("Last-Modified"), "size": counted["wire_bytes"],
                 "sha256": counted["sha256"], "sha256_checked": expected is not None}
        path = _install("mtgjson", tmp, name, report, entry, rec)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return UpdateResult("downloaded", "mtgjson", path, entry,
                        f"mtgjson: downloaded {len(report.cards)} cards dated {report.date or '?'} to {path}"
                        + ("" if expected else " (no SHA-256 digest was published to check it against)"))


def _published_sha256(s: Any, url: str, timeout: float, deadline: "_Deadline | None" = None) -> str | None:
    """The hex digest at ``url`` (MTGJSON's ``*.sha256`` files), or None when there is none (HTTP 404)."""
    try:
        r = _get(s, url, timeout=timeout, stream=True)
    except DownloadError as e:
        if e.offline:
            raise
        return None
    text = _read_small(r, url, 4096, deadline or _Deadline(DEFAULT_DEADLINE)).decode("utf-8", "replace")
    m = re.match(r"\s*([0-9a-fA-F]{64})\b", text)
    if not m:
        raise DownloadError(f"{url}: not a SHA-256 digest; the card data was not changed", url)
    return m.group(1).lower()
