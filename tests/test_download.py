"""``mtgcheck data update``/``status`` (models/data/download.py) against a local HTTP server on 127.0.0.1.

The real download code runs; the server (http.server in a thread) serves small fixture files written here,
shaped as Scryfall documents its bulk-data index (https://scryfall.com/docs/api/bulk-data: objects with
``type``, ``download_uri``, ``updated_at``, ``size``) and as MTGJSON publishes AtomicCards (a ``.json.gz``
with a ``.sha256`` digest beside it). No internet is used.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mtgcheck.models.data import database, download
from mtgcheck.models.data.download import DownloadError
from tests.test_cardcache import scryfall_records

MTGJSON_FIXTURE = Path(__file__).with_name("data") / "mtgjson-atomic-mini.json"
FILE_PATH = "/file/oracle-cards-20251103091521.json"


class Server:
    """A tiny HTTP server: ``routes[path] = {"body": bytes, "etag", "last_modified", "gzip", "cut"}``.

    ``gzip``: send the body gzip-encoded (Content-Encoding, as Scryfall does); ``cut``: announce the whole
    length but send only this many bytes and close (an interrupted download). Every request is logged."""

    def __init__(self) -> None:
        self.routes: dict[str, dict] = {}
        self.log: list[tuple[str, dict]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):  # keep pytest's output clean
                pass

            def do_GET(self):
                server.log.append((self.path, dict(self.headers)))
                r = server.routes.get(self.path)
                if r is None:
                    self.send_error(404)
                    return
                if r.get("etag") and self.headers.get("If-None-Match") == r["etag"]:
                    self.send_response(304)
                    self.end_headers()
                    return
                body = r["body"]
                if r.get("gzip"):
                    body = gzip.compress(body)
                self.send_response(200)
                self.send_header("Content-Type", r.get("type", "application/json"))
                if r.get("gzip"):
                    self.send_header("Content-Encoding", "gzip")
                if r.get("etag"):
                    self.send_header("ETag", r["etag"])
                if r.get("last_modified"):
                    self.send_header("Last-Modified", r["last_modified"])
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: r["cut"]] if r.get("cut") is not None else body)
                self.wfile.flush()
                if r.get("cut") is not None:
                    self.close_connection = True

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def requests_to(self, path: str) -> list[dict]:
        return [h for p, h in self.log if p == path]


@pytest.fixture
def server():
    s = Server()
    s.thread.start()
    yield s
    s.httpd.shutdown()
    s.httpd.server_close()


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)
    saved = dict(database._CACHE)  # the session's databases (real_db) stay cached for other tests
    database.clear_cache()
    yield tmp_path / "cache"
    database.clear_cache()
    database._CACHE.update(saved)


def cards_json(extra_name: str | None = None) -> bytes:
    recs = scryfall_records()
    if extra_name:
        recs.append(dict(recs[0], name=extra_name))
    return json.dumps(recs).encode()


def publish(server: Server, body: bytes, *, updated_at="2025-11-03T09:15:21.000+00:00", size=None,
            etag='"v1"', gzip_encoded=False, cut=None, path=FILE_PATH) -> str:
    """Put a card file and a bulk-data index naming it on the server; returns the index address."""
    server.routes[path] = {"body": body, "etag": etag, "last_modified": "Mon, 03 Nov 2025 09:15:21 GMT",
                           "gzip": gzip_encoded, "cut": cut}
    index = {"object": "list", "has_more": False, "data": [
        {"object": "bulk_data", "type": "unique_artwork", "download_uri": server.base + "/file/other.json",
         "updated_at": updated_at, "size": 1},
        {"object": "bulk_data", "type": "oracle_cards", "download_uri": server.base + path,
         "updated_at": updated_at, "size": len(body) if size is None else size, "content_encoding": "gzip"}]}
    server.routes["/bulk-data"] = {"body": json.dumps(index).encode()}
    return server.base + "/bulk-data"


def installed_bytes() -> bytes:
    p = download.installed_file()
    assert p is not None
    return p.read_bytes()


def leftovers(cache: Path) -> list[str]:
    return sorted(p.name for p in (cache / "cards").glob("*.part"))


# ---------------------------------------------------------------------------


@pytest.mark.parametrize("gzip_encoded", [False, True])
def test_fresh_download_installs_the_file_and_commands_use_it(server, cache, gzip_encoded):
    idx = publish(server, cards_json(), gzip_encoded=gzip_encoded)
    res = download.update("scryfall", index_url=idx)
    assert res.status == "downloaded"
    assert res.record["cards"] == 3 and res.record["date"] == "2025-11-03"
    assert res.path.is_file() and res.path.parent == cache / "cards"
    assert res.path.name.endswith(".json.gz" if gzip_encoded else ".json")
    # Scryfall asks for a User-Agent naming the client
    assert server.requests_to("/bulk-data")[0]["User-Agent"].startswith("mtgcheck/")
    db = database.load_database()
    assert db.origin == "downloaded" and db.source == str(res.path.resolve())
    assert db.get("Ice").name == "Fire // Ice"
    assert "downloaded" in database.describe_source(db)
    assert leftovers(cache) == []


def test_an_unchanged_file_is_not_fetched_again(server):
    idx = publish(server, cards_json())
    download.update("scryfall", index_url=idx)
    assert len(server.requests_to(FILE_PATH)) == 1
    res = download.update("scryfall", index_url=idx)
    assert res.status == "unchanged"
    assert len(server.requests_to(FILE_PATH)) == 1, "the index said nothing changed: no download"
    # the index names a newer build at the same address, the server says 304 Not Modified for our ETag
    publish(server, cards_json(), updated_at="2025-11-04T09:00:00.000+00:00")
    res = download.update("scryfall", index_url=idx)
    assert res.status == "unchanged"
    asked = server.requests_to(FILE_PATH)[-1]
    assert asked.get("If-None-Match") == '"v1"'
    assert asked.get("If-Modified-Since") == "Mon, 03 Nov 2025 09:15:21 GMT"


def test_a_changed_file_replaces_the_old_one(server, cache):
    idx = publish(server, cards_json())
    first = download.update("scryfall", index_url=idx).path
    idx = publish(server, cards_json("Grizzly Cubs"), updated_at="2025-11-10T09:00:00+00:00", etag='"v2"',
                  path="/file/oracle-cards-20251110090000.json")
    res = download.update("scryfall", index_url=idx)
    assert res.status == "downloaded" and res.record["cards"] == 4
    assert not first.exists(), "the replaced file is removed"
    assert "Grizzly Cubs" in database.load_database()


def test_an_interrupted_download_keeps_the_previous_file(server, cache):
    idx = publish(server, cards_json())
    download.update("scryfall", index_url=idx)
    before = installed_bytes()
    body = cards_json("Grizzly Cubs")
    idx = publish(server, body, updated_at="2025-11-10T09:00:00+00:00", etag='"v2"', cut=len(body) // 3)
    with pytest.raises(DownloadError) as e:
        download.update("scryfall", index_url=idx)
    assert "interrupted" in str(e.value) or "incomplete" in str(e.value)
    assert "not changed" in str(e.value)
    assert installed_bytes() == before
    assert download.installed()["sources"]["scryfall"]["updated_at"] == "2025-11-03T09:15:21.000+00:00"
    assert leftovers(cache) == []


def test_a_short_file_against_the_announced_size_is_rejected(server, cache):
    body = cards_json()
    idx = publish(server, body, size=len(body) + 1000)
    with pytest.raises(DownloadError) as e:
        download.update("scryfall", index_url=idx)
    assert "incomplete" in str(e.value)
    assert download.installed_file() is None and leftovers(cache) == []


def test_a_corrupt_file_keeps_the_previous_file(server, cache):
    idx = publish(server, cards_json())
    download.update("scryfall", index_url=idx)
    before = installed_bytes()
    body = cards_json()[:-40]  # complete as sent (its size is announced), but not a whole JSON array
    idx = publish(server, body, updated_at="2025-11-10T09:00:00+00:00", etag='"v2"')
    with pytest.raises(DownloadError) as e:
        download.update("scryfall", index_url=idx)
    assert "not usable card data" in str(e.value)
    assert installed_bytes() == before and leftovers(cache) == []
    assert database.load_database().get("Fire // Ice").layout == "split"


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_offline_names_the_address_and_what_to_do():
    url = f"http://127.0.0.1:{_closed_port()}/bulk-data"
    with pytest.raises(DownloadError) as e:
        download.update("scryfall", index_url=url, timeout=5)
    assert e.value.offline
    assert url in str(e.value) and "--cards FILE" in str(e.value)


def test_offline_on_the_command_line_is_one_clear_line_and_exit_2(cache):
    url = f"http://127.0.0.1:{_closed_port()}/bulk-data"
    p = subprocess.run([sys.executable, "-m", "mtgcheck", "data", "update", "--index-url", url],
                       capture_output=True, text=True)
    assert p.returncode == 2
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and url in lines[0] and "--cards FILE" in lines[0], p.stderr
    assert "Traceback" not in p.stderr


def test_mtgjson_download_is_checked_against_its_published_sha256(server):
    gz = gzip.compress(MTGJSON_FIXTURE.read_bytes())
    server.routes["/api/v5/AtomicCards.json.gz"] = {"body": gz, "type": "application/gzip", "etag": '"m1"'}
    server.routes["/api/v5/AtomicCards.json.gz.sha256"] = {"body": b"0" * 64 + b"\n", "type": "text/plain"}
    url = server.base + "/api/v5/AtomicCards.json.gz"
    with pytest.raises(DownloadError) as e:
        download.update("mtgjson", url=url)
    assert "SHA-256" in str(e.value) and download.installed_file("mtgjson") is None
    server.routes["/api/v5/AtomicCards.json.gz.sha256"]["body"] = hashlib.sha256(gz).hexdigest().encode() + b"\n"
    res = download.update("mtgjson", url=url)
    assert res.status == "downloaded" and res.record["sha256_checked"]
    assert res.path.name == "AtomicCards.json.gz"
    assert database.load_database().origin == "downloaded"
    assert download.update("mtgjson", url=url).status == "unchanged"  # 304 for the same ETag


def test_status_shows_source_date_count_and_path(server, cache):
    idx = publish(server, cards_json())
    download.update("scryfall", index_url=idx)
    p = subprocess.run([sys.executable, "-m", "mtgcheck", "data", "status"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "scryfall (current): 3 cards dated 2025-11-03" in p.stdout
    assert str(cache / "cards") in p.stdout
    assert "commands use:" in p.stdout


def test_status_with_nothing_downloaded_says_what_to_run():
    p = subprocess.run([sys.executable, "-m", "mtgcheck", "data", "status"], capture_output=True, text=True)
    assert p.returncode == 0
    assert "mtgcheck data update" in p.stdout and "embedded catalog" in p.stdout


# ---- a file you have, and a local mirror ------------------------------------------------


@pytest.mark.parametrize("compressed", [False, True])
def test_data_install_installs_a_file_you_have(tmp_path, cache, compressed):
    body = cards_json()
    src = tmp_path / ("oracle-cards-2025-11-03.json" + (".gz" if compressed else ""))
    src.write_bytes(gzip.compress(body) if compressed else body)
    res = download.install(src)
    assert res.status == "installed" and res.source == "scryfall" and res.record["cards"] == 3
    assert res.path.parent == cache / "cards" and res.path.name == src.name
    db = database.load_database()
    assert db.origin == "downloaded" and db.get("Ice").name == "Fire // Ice" and db.date == "2025-11-03"
    assert download.install(src.as_uri()).status == "installed"  # a file: address too
    assert leftovers(cache) == []


def test_data_install_names_a_gzip_file_for_what_it_is(tmp_path):
    src = tmp_path / "oracle-cards-2025-11-03.json"  # gzip bytes under a .json name
    src.write_bytes(gzip.compress(cards_json()))
    assert download.install(src).path.name == "oracle-cards-2025-11-03.json.gz"


def test_data_install_refuses_what_is_not_card_data_and_keeps_the_installed_file(tmp_path, cache):
    good = tmp_path / "oracle-cards-2025-11-03.json"
    good.write_bytes(cards_json())
    download.install(good)
    before = installed_bytes()
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": "world"}', encoding="utf-8")
    with pytest.raises(DownloadError):
        download.install(bad)
    with pytest.raises(DownloadError) as e:
        download.install(tmp_path / "missing.json")
    assert "no such file" in str(e.value)
    assert installed_bytes() == before and leftovers(cache) == []


def test_data_install_on_the_command_line(tmp_path, cache):
    from click.testing import CliRunner

    from mtgcheck.solver.cli.main import main

    src = tmp_path / "oracle-cards-2025-11-03.json"
    src.write_bytes(cards_json())
    r = CliRunner().invoke(main, ["data", "install", str(src)])
    assert r.exit_code == 0 and "installed 3 cards" in r.output
    r = CliRunner().invoke(main, ["data", "install", str(tmp_path / "nope.json")])
    assert r.exit_code == 2 and "no such file" in r.output and "Traceback" not in r.output


def test_update_reads_a_local_mirror_through_file_addresses(tmp_path, cache):
    """A mirror kept on disk: a bulk-data index whose download_uri is a file: address of a gzip file;
    the installed file is named .json.gz (true to its compression) whatever the address calls it."""
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    data = mirror / "oracle-cards-20251103091521.json"
    data.write_bytes(gzip.compress(cards_json()))
    index = {"object": "list", "data": [{"object": "bulk_data", "type": "oracle_cards", "download_uri": data.as_uri(),
                                         "updated_at": "2025-11-03T09:15:21.000+00:00", "size": data.stat().st_size}]}
    (mirror / "bulk-data.json").write_text(json.dumps(index), encoding="utf-8")
    res = download.update("scryfall", index_url=(mirror / "bulk-data.json").as_uri())
    assert res.status == "downloaded" and res.record["cards"] == 3
    assert res.path.name.endswith(".json.gz")
    again = download.update("scryfall", index_url=(mirror / "bulk-data.json").as_uri())
    assert again.status == "unchanged"
