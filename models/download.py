"""Downloading card data: ``mtgcheck data update`` and ``mtgcheck data status``.

Two sources, each saved in ``<cache>/cards/`` (``<cache>`` is ``models.cardcache.cache_dir()``:
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
whole file read as card data by ``models.importers.load_cards_file``), and only then renamed over
the installed file; on any failure the previous file and its record stay as they were. An unchanged
file is not fetched again: Scryfall's index entry (same address and date) says so without a
download, and every download sends ``If-None-Match``/``If-Modified-Since`` from the previous one
(a ``304 Not Modified`` answer keeps the file).

``installed.json`` in the same folder records, per source: the file, address, ``ETag``,
``Last-Modified``, the data's date, size, SHA-256 and card count, and which source was updated last
(``current``): ``installed_file()`` gives that file, which ``models.database.load_database`` uses when
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
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .version import __version__

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
    from .cardcache import cache_dir

    return cache_dir() / "cards"


def installed() -> dict[str, Any]:
    """The contents of ``installed.json`` (``{"current": source, "sources": {source: record}}``), or an
    empty record when nothing was downloaded or the record cannot be read."""
    try:
        data = json.loads((data_dir() / _RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
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
    p = data_dir() / str(entry["file"])
    return p if p.is_file() else None


def _write_record(data: dict[str, Any]) -> None:
    d = data_dir()
    fd, tmp = tempfile.mkstemp(prefix=_RECORD + ".", suffix=".tmp", dir=d)
    with os.fdopen(fd, "w", encoding="utf-8") as fp:
        json.dump(data, fp, indent=2, sort_keys=True)
    os.replace(tmp, d / _RECORD)


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


def _file_path(url: str) -> Path:
    """The local path of a ``file:`` address (``file:///srv/mirror/bulk-data.json``)."""
    from urllib.parse import unquote, urlparse
    from urllib.request import url2pathname

    return Path(url2pathname(unquote(urlparse(url).path)))


class _FileStream:
    def __init__(self, path: Path) -> None:
        self.path = path

    def stream(self, chunk: int, decode_content: bool = False) -> Any:
        with open(self.path, "rb") as fp:
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
        self.raw = _FileStream(self.path)

    @property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")

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
    if r.status_code not in (200, 304):
        r.close()
        raise DownloadError(f"{url} answered HTTP {r.status_code} {r.reason or ''}".rstrip()
                            + "; the card data was not changed", url)
    return r


def _conditional(prev: dict[str, Any]) -> dict[str, str]:
    h = {}
    if prev.get("etag"):
        h["If-None-Match"] = str(prev["etag"])
    if prev.get("last_modified"):
        h["If-Modified-Since"] = str(prev["last_modified"])
    return h


def _stream_to(resp: Any, target_dir: Path, name: str, progress: Progress | None, total: int | None) -> tuple[Path, dict[str, Any]]:
    """Write the response body as sent (a gzip-encoded body stays gzip) to a ``.part`` file in ``target_dir``.

    Returns the file and what was counted: ``wire_bytes`` (bytes received), ``bytes`` (after removing a gzip
    Content-Encoding), ``sha256`` of the bytes received. Raises DownloadError when the connection breaks.
    """
    import requests
    import urllib3

    url = resp.url
    encoded = resp.headers.get("Content-Encoding", "").lower() in ("gzip", "x-gzip")
    inflate = zlib.decompressobj(wbits=47) if encoded else None  # 47: gzip or zlib header
    fd, tmp = tempfile.mkstemp(prefix=name + ".", suffix=".part", dir=target_dir)
    wire = plain = 0
    sha = hashlib.sha256()
    try:
        with os.fdopen(fd, "wb") as fp:
            for chunk in resp.raw.stream(_CHUNK, decode_content=False):
                fp.write(chunk)
                sha.update(chunk)
                wire += len(chunk)
                if inflate is not None:
                    plain += len(inflate.decompress(chunk))
                else:
                    plain = wire
                if progress:
                    progress(wire, total)
            if inflate is not None:
                plain += len(inflate.flush())
    except (requests.RequestException, urllib3.exceptions.HTTPError, OSError, zlib.error) as e:
        os.unlink(tmp)
        if isinstance(e, zlib.error):
            raise DownloadError(f"{url}: the gzip-encoded download is corrupt ({e}); the card data was not changed",
                                url) from None
        raise DownloadError(f"the download of {url} was interrupted after {wire:,} bytes ({type(e).__name__}); "
                            f"the card data was not changed; run the update again", url) from None
    finally:
        resp.close()
    return Path(tmp), {"wire_bytes": wire, "bytes": plain, "sha256": sha.hexdigest(), "gzip_encoded": encoded}


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
    from .database import CardDataError
    from .importers import load_cards_file

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
    os.replace(tmp, final)
    entry.update(file=final_name, cards=len(report.cards), date=report.date,
                 downloaded_at=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))
    rec["sources"][source] = entry
    rec["current"] = source
    _write_record(rec)
    if old and old != final_name:
        (d / old).unlink(missing_ok=True)
    # the file was just parsed to check it: keep that work as the card store of the installed file
    try:
        from .cardstore import build_store
        from .catalog import load_catalog
        from .database import _Index

        resolved = final.resolve()
        report.path = str(resolved)
        build_store(resolved, resolved.stat(), report, _Index(report.cards), load_catalog())
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
        raise DownloadError(f"cannot create the card data folder {d}: {e.strerror or e}", str(d)) from None
    resp = _FileResponse(src.resolve().as_uri())
    total = int(resp.headers["Content-Length"])
    tmp, counted = _stream_to(resp, d, src.name, progress, total)
    report = _validate(tmp, where)
    source = "mtgjson" if report.kind == "mtgjson" else "scryfall"
    rec = installed()
    entry = {"source": source, "url": resp.url, "installed_from": str(src.resolve()), "size": counted["wire_bytes"],
             "sha256": counted["sha256"]}
    path = _install(source, tmp, src.name, report, entry, rec)
    return UpdateResult("installed", source, path, entry,
                        f"{source}: installed {len(report.cards)} cards dated {report.date or '?'} from {src} to {path}")


def _date_of(updated_at: str | None) -> str | None:
    m = re.match(r"(\d{4}-\d{2}-\d{2})", updated_at or "")
    return m.group(1) if m else None


def update(source: str = "scryfall", *, index_url: str = SCRYFALL_INDEX_URL, url: str | None = None,
           progress: Progress | None = None, session: Any = None, timeout: float = 30.0,
           force: bool = False) -> UpdateResult:
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
        Seconds to wait for the server to answer or send (per read), not for the whole download.
    force : bool
        Download even when the installed file is up to date.

    Returns
    -------
    UpdateResult
        ``status`` ``"downloaded"`` or ``"unchanged"``.

    Raises
    ------
    DownloadError
        No network (``offline`` True), an HTTP error, an interrupted, incomplete, corrupt or
        checksum-failing download, or a file that is not card data. The installed file is unchanged.
    ValueError
        An unknown ``source``.
    """
    if source not in SOURCES:
        raise ValueError(f"unknown card data source {source!r}; sources are {', '.join(SOURCES)}")
    d = data_dir()
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise DownloadError(f"cannot create the card data folder {d}: {e.strerror or e}", str(d)) from None
    rec = installed()
    prev = rec["sources"].get(source) or {}
    prev_file = installed_file(source)
    if prev_file is None:
        prev = {}
    s = _session(session)
    if source == "scryfall":
        return _update_scryfall(s, rec, prev, index_url, progress, timeout, force)
    return _update_mtgjson(s, rec, prev, url or MTGJSON_URL, progress, timeout, force)


def _unchanged(source: str, rec: dict[str, Any], prev: dict[str, Any], why: str) -> UpdateResult:
    rec["current"] = source
    rec["sources"][source] = prev
    _write_record(rec)
    path = data_dir() / prev["file"]
    return UpdateResult("unchanged", source, path, prev,
                        f"{source}: up to date ({why}): {prev.get('cards', '?')} cards dated {prev.get('date') or '?'} in {path}")


def _update_scryfall(s: Any, rec: dict, prev: dict, index_url: str, progress: Progress | None, timeout: float,
                     force: bool) -> UpdateResult:
    r = _get(s, index_url, timeout=timeout)
    try:
        index = r.json()
        items = index["data"] if isinstance(index, dict) else None
        item = next(x for x in items if isinstance(x, dict) and x.get("type") == SCRYFALL_TYPE)  # type: ignore[union-attr]
        dl = str(item["download_uri"])
    except (ValueError, KeyError, TypeError, StopIteration):
        raise DownloadError(f"{index_url}: not Scryfall's bulk-data index (no {SCRYFALL_TYPE!r} entry with a "
                            "download_uri); the card data was not changed", index_url) from None
    updated_at = item.get("updated_at")
    if (not force and prev and prev.get("url") == dl and prev.get("updated_at") == updated_at):
        return _unchanged("scryfall", rec, prev, "Scryfall's index lists the same file")
    headers = {} if force else _conditional(prev)
    resp = _get(s, dl, headers=headers, timeout=timeout, stream=True)
    if resp.status_code == 304:
        resp.close()
        prev.update(url=dl, updated_at=updated_at)
        return _unchanged("scryfall", rec, prev, "the server answered 304 Not Modified")
    size = item.get("size")
    index_size = int(size) if isinstance(size, (int, str)) and str(size).isdigit() else None
    total = int(resp.headers["Content-Length"]) if str(resp.headers.get("Content-Length", "")).isdigit() else None
    name = "oracle-cards-" + (_date_of(updated_at) or _dt.date.today().isoformat()) + ".json"
    tmp, counted = _stream_to(resp, data_dir(), name, progress, total)
    _check_size(tmp, dl, counted, total, index_size)
    if counted["gzip_encoded"]:
        name += ".gz"  # kept as sent; the importers read gzip
    report = _validate(tmp, dl)
    entry = {"source": "scryfall", "url": dl, "index_url": index_url, "updated_at": updated_at,
             "etag": resp.headers.get("ETag"), "last_modified": resp.headers.get("Last-Modified"),
             "size": counted["wire_bytes"], "sha256": counted["sha256"]}
    path = _install("scryfall", tmp, name, report, entry, rec)
    return UpdateResult("downloaded", "scryfall", path, entry,
                        f"scryfall: downloaded {len(report.cards)} cards dated {report.date or '?'} to {path}")


def _update_mtgjson(s: Any, rec: dict, prev: dict, url: str, progress: Progress | None, timeout: float,
                    force: bool) -> UpdateResult:
    headers = {} if force else _conditional(prev)
    resp = _get(s, url, headers=headers, timeout=timeout, stream=True)
    if resp.status_code == 304:
        resp.close()
        return _unchanged("mtgjson", rec, prev, "the server answered 304 Not Modified")
    total = int(resp.headers["Content-Length"]) if str(resp.headers.get("Content-Length", "")).isdigit() else None
    name = Path(url.split("?")[0]).name or "AtomicCards.json.gz"
    tmp, counted = _stream_to(resp, data_dir(), name, progress, total)
    _check_size(tmp, url, counted, total)
    expected = _published_sha256(s, url + ".sha256", timeout)
    if expected is not None and expected != counted["sha256"]:
        tmp.unlink(missing_ok=True)
        raise DownloadError(f"{url}: SHA-256 {counted['sha256'][:16]}… does not match the published "
                            f"{expected[:16]}…; the card data was not changed; run the update again", url)
    report = _validate(tmp, url)
    entry = {"source": "mtgjson", "url": url, "etag": resp.headers.get("ETag"),
             "last_modified": resp.headers.get("Last-Modified"), "size": counted["wire_bytes"],
             "sha256": counted["sha256"], "sha256_checked": expected is not None}
    path = _install("mtgjson", tmp, name, report, entry, rec)
    return UpdateResult("downloaded", "mtgjson", path, entry,
                        f"mtgjson: downloaded {len(report.cards)} cards dated {report.date or '?'} to {path}"
                        + ("" if expected else " (no SHA-256 digest was published to check it against)"))


def _published_sha256(s: Any, url: str, timeout: float) -> str | None:
    """The hex digest at ``url`` (MTGJSON's ``*.sha256`` files), or None when there is none (HTTP 404)."""
    try:
        r = _get(s, url, timeout=timeout)
    except DownloadError as e:
        if e.offline:
            raise
        return None
    m = re.match(r"\s*([0-9a-fA-F]{64})\b", r.text)
    if not m:
        raise DownloadError(f"{url}: not a SHA-256 digest; the card data was not changed", url)
    return m.group(1).lower()
