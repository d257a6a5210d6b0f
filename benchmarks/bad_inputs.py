"""Hostile and broken inputs, one per class, run through the ``mtgcheck`` command: time, peak memory, exit code
and message of each (the table of docs/inputs.md).

Run from the repository root::

    python benchmarks/bad_inputs.py                      # every case, this checkout
    python benchmarks/bad_inputs.py --only hang-         # the cases whose id starts with (or contains) a word
    python benchmarks/bad_inputs.py --code DIR           # another version: DIR holds its ``mtgcheck`` package
    python benchmarks/bad_inputs.py --shared PATH        # the shared data folder (default ../shared)
    python benchmarks/bad_inputs.py --table before.json after.json   # the docs table of two --json runs

Each case builds its input in a temporary folder, runs ``python -m mtgcheck ...`` there with its own cache
folder (``MTGCHECK_CACHE_DIR``), a wall-clock limit (``--timeout``, default 60 s: the run is stopped and
reported as such) and an address-space cap (``--mem-cap``, default 3 GiB, so that a memory blow-up ends in
``MemoryError`` or a crash rather than in the machine's swap), and reports the seconds, the peak resident
memory (``ru_maxrss`` of the command and its children), the exit code and the line of its output that names
the problem. Cases that need a server (a misbehaving download mirror, a Dask address that never answers)
start one on 127.0.0.1 for the run. Some cases check what is left behind afterwards (temporary files, worker
processes, files read from outside the folder given).
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import bad_input_cases as bic  # noqa: E402
from tests.bad_input_cases import CARD, gzip_bomb, index_for, scenario, send  # noqa: E402


@dataclass
class Case:
    """One input: ``build(folder, ctx)`` writes it and returns the command's arguments (after ``mtgcheck``)."""

    id: str
    klass: str
    what: str
    build: Callable[[Path, "Ctx"], list[str]]
    stdin: str | None = None  # a path opened as standard input
    pick: tuple[str, ...] = ("internal error", "Traceback", ".yaml:", "error:", "cannot", "budget", "refused",
                             "unreadable_line", "not ")
    post: Callable[[Path, "Ctx", dict], str] | None = None
    during: Callable[[subprocess.Popen, Path, "Ctx"], None] | None = None
    shell_out: str | None = None  # standard output redirected to this file (/dev/full)


@dataclass
class Ctx:
    shared: Path
    cache: Path
    servers: list[Any] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    deadline_option: bool = True  # (``data update --max-seconds``: not in versions before it)

    @property
    def cards(self) -> str:
        return str(self.shared / "carddata" / "oracle-cards-2025-11-03.json.gz")


def w(p: Path, text: str | bytes) -> Path:
    return bic.write(p, text)


# ---------------------------------------------------------------------------
# Servers (127.0.0.1 only)
# ---------------------------------------------------------------------------


def http_server(ctx: Ctx, handler: Callable[[Any], None]) -> str:
    """An HTTP server answering every GET with ``handler(request_handler)``; returns its base address."""
    base, srv = bic.serve(handler)
    ctx.servers.append(srv)
    return base


def silent_server(ctx: Ctx) -> int:
    """A TCP server that accepts connections and never answers; returns its port."""
    port, closer = bic.silent_server()
    ctx.servers.append(closer)
    return port


# ---------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------


def c_format_in_scenario(d: Path, ctx: Ctx) -> list[str]:
    return bic.format_outside_scenario_folder(d)


def c_format_in_record(d: Path, ctx: Ctx) -> list[str]:
    return bic.format_path_in_record(d, "outside/secret.yaml")


def c_format_etc(d: Path, ctx: Ctx) -> list[str]:
    return bic.format_path_in_record(d, "/etc/ld.so.conf")


def c_link_in_deck_folder(d: Path, ctx: Ctx) -> list[str]:
    return bic.link_outside_decklist_folder(d)


def c_link_in_scenario_folder(d: Path, ctx: Ctx) -> list[str]:
    return bic.link_outside_scenario_folder(d)


def c_header_spaces(d: Path, ctx: Ctx) -> list[str]:
    w(d / "deck.txt", "60 Forest\nA" + " " * 500 + "x!\n")
    return ["validate", "-f", "modern", "deck.txt"]


def c_entry_spaces(d: Path, ctx: Ctx) -> list[str]:
    w(d / "deck.txt", "60 Forest\n4 Bolt" + " " * 100_000 + "x\n")
    return ["validate", "-f", "modern", "deck.txt"]


def c_scry_library(d: Path, ctx: Ctx) -> list[str]:
    return bic.scry_over_a_million_card_library(d) + ["--max-seconds", "5"]


def c_least_x(d: Path, ctx: Ctx) -> list[str]:
    return bic.least_x_against_a_huge_power(d) + ["--max-seconds", "5"]


def c_yaml_wide(d: Path, ctx: Ctx) -> list[str]:
    w(d / "s.yaml", scenario("{mana_value: {card: Forest}}", "notes: [" + ", ".join(["1"] * 199_000) + "]\n"))
    return ["check", "s.yaml"]


def c_count_payments(d: Path, ctx: Ctx) -> list[str]:
    return bic.ten_symbol_spell_on_forty_sources(d) + ["--max-seconds", "5"]


def c_unknown_names(d: Path, ctx: Ctx) -> list[str]:
    w(d / "deck.txt", "".join(f"1 Zzqx Unknown Card {i}\n" for i in range(5000)))
    return ["validate", "-f", "modern", "--cards", ctx.cards, "deck.txt"]


def _fifo(p: Path) -> None:
    p.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(p)


def c_fifo_decks(d: Path, ctx: Ctx) -> list[str]:
    return bic.fifo_in_decklist_folder(d)


def c_fifo_scenarios(d: Path, ctx: Ctx) -> list[str]:
    return bic.fifo_in_scenario_folder(d)


def c_fifo_cache(d: Path, ctx: Ctx) -> list[str]:
    import hashlib

    cards = w(d / "cards.json", json.dumps([CARD]))
    cache = d / "cache"
    ctx.env["MTGCHECK_CACHE_DIR"] = str(cache)
    # the entry's name as models.data.cardcache.cache_path gives it (a hash of the resolved path)
    resolved = str(cards.resolve())
    name = f"{cards.name[:40]}-{hashlib.blake2b(resolved.encode(), digest_size=12).hexdigest()}.sqlite"
    _fifo(cache / "parsed" / name)
    return ["card", "Forest", "--cards", str(cards)]


def c_slow_mirror(d: Path, ctx: Ctx) -> list[str]:
    def handler(h: Any) -> None:
        if h.path == "/index":
            send(h, index_for(base))
            return
        h.send_response(200)
        h.send_header("Content-Length", "1000000")
        h.end_headers()
        for _ in range(200):
            h.wfile.write(b" ")
            h.wfile.flush()
            time.sleep(5)

    base = http_server(ctx, handler)
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return ["data", "update", "--index-url", base + "/index"] + (["--max-seconds", "10"] if ctx.deadline_option else [])


def _children(pid: int) -> list[int]:
    out = []
    for t in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            out += [int(x) for x in t.read_text().split()]
        except OSError:
            pass
    return out


def _corpus_copy(d: Path, ctx: Ctx, times: int = 1) -> Path:
    src = ctx.shared / "decklists" / "mtgo-2025-05-to-07.jsonl.gz"
    data = gzip.decompress(src.read_bytes())
    return w(d / "decks.jsonl", data * times)


def _wait_children(p: subprocess.Popen, n: int, limit: float = 60) -> list[int]:
    end = time.time() + limit
    while time.time() < end and p.poll() is None:
        kids = [k for k in _children(p.pid) if "mtgcheck" in _cmdline(k) or "python" in _cmdline(k)]
        if len(kids) >= n:
            return kids
        time.sleep(0.2)
    return []


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def c_worker_killed(d: Path, ctx: Ctx) -> list[str]:
    _corpus_copy(d, ctx, 3)
    return ["validate", "-f", "modern", "--cards", ctx.cards, "--json", "--jobs", "3", "decks.jsonl"]


def during_kill_worker(p: subprocess.Popen, d: Path, ctx: Ctx) -> None:
    kids = _wait_children(p, 2)
    time.sleep(3)
    if kids:
        os.kill(kids[0], signal.SIGKILL)


def c_parent_killed(d: Path, ctx: Ctx) -> list[str]:
    _corpus_copy(d, ctx, 3)
    return ["validate", "-f", "modern", "--cards", ctx.cards, "--json", "--jobs", "3", "decks.jsonl"]


def during_kill_parent(p: subprocess.Popen, d: Path, ctx: Ctx) -> None:
    kids = _wait_children(p, 2)
    time.sleep(3)
    ctx.env["_kids"] = " ".join(map(str, kids))
    os.kill(p.pid, signal.SIGKILL)


def post_orphans(d: Path, ctx: Ctx, r: dict) -> str:
    time.sleep(3)
    kids = [int(k) for k in ctx.env.get("_kids", "").split()]
    alive = [k for k in kids if Path(f"/proc/{k}").exists() and "mtgcheck" in _cmdline(k) + "python"
             and _state(k) not in ("Z", "X")]
    for k in alive:
        os.kill(k, signal.SIGKILL)
    return f"{len(alive)} of {len(kids)} workers alive 3 s after the parent was killed"


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return "X"


def c_dask_silent(d: Path, ctx: Ctx) -> list[str]:
    port = silent_server(ctx)
    w(d / "deck.txt", "60 Forest\n")
    return ["validate", "-f", "modern", "--dask", f"tcp://127.0.0.1:{port}", "deck.txt"]


def c_devzero_link(d: Path, ctx: Ctx) -> list[str]:
    return bic.device_link_in_decklist_folder(d)


def c_devzero_ask(d: Path, ctx: Ctx) -> list[str]:
    return ["ask", "/dev/zero"]


def c_devzero_stdin(d: Path, ctx: Ctx) -> list[str]:
    return ["validate", "-f", "modern", "-"]


def c_gzip_deck(d: Path, ctx: Ctx) -> list[str]:
    w(d / "deck.txt", gzip_bomb(b"\n", 4 << 30))
    return ["validate", "-f", "modern", "deck.txt"]


def c_gzip_cards(d: Path, ctx: Ctx) -> list[str]:
    w(d / "cards.jsonl.gz", gzip_bomb(b" ", 4 << 30))
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return ["card", "Forest", "--cards", "cards.jsonl.gz"]


def c_many_lines(d: Path, ctx: Ctx) -> list[str]:
    w(d / "deck.txt", "1 Forest\n" * 10_000_000)
    return ["validate", "-f", "modern", "deck.txt"]


def c_huge_index(d: Path, ctx: Ctx) -> list[str]:
    def handler(h: Any) -> None:
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.end_headers()
        h.wfile.write(b'{"data": [')
        chunk = b'{"type": "x"},' * 10_000
        for _ in range((3 << 30) // len(chunk)):
            h.wfile.write(chunk)
        h.wfile.write(b'{"type": "x"}]}')

    base = http_server(ctx, handler)
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return ["data", "update", "--index-url", base + "/index"]


def c_gzip_download(d: Path, ctx: Ctx) -> list[str]:
    body = gzip_bomb(b" ", 4 << 30)

    def handler(h: Any) -> None:
        if h.path == "/index":
            send(h, index_for(base))
            return
        send(h, body, headers={"Content-Encoding": "gzip", "Content-Type": "application/json"})

    base = http_server(ctx, handler)
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return ["data", "update", "--index-url", base + "/index"]


def c_dask_http_peer(d: Path, ctx: Ctx) -> list[str]:
    def handler(h: Any) -> None:
        send(h, b"<html>hello</html>" * 100)

    base = http_server(ctx, handler)
    w(d / "deck.txt", "60 Forest\n")
    return ["validate", "-f", "modern", "--dask", base.replace("http://", "tcp://"), "deck.txt"]


def c_long_names(d: Path, ctx: Ctx) -> list[str]:
    w(d / "deck.txt", "".join(f"1 {chr(65 + i % 26) * 1_000_000}\n" for i in range(15)))
    return ["validate", "-f", "modern", "--cards", ctx.cards, "deck.txt"]


def post_facts_size(d: Path, ctx: Ctx, r: dict) -> str:
    sizes = [p.stat().st_size for p in ctx.cache.rglob("*") if p.is_file() and "fact" in p.name]
    return f"card-facts file {max(sizes, default=0) / 1e6:.1f} MB"


def c_big_record(d: Path, ctx: Ctx) -> list[str]:
    rec = '{"format": "modern", "main": [' + ",".join(['[1, "Forest"]'] * 16_000_000) + "]}\n"
    w(d / "decks.jsonl", rec)
    return ["validate", "-f", "modern", "decks.jsonl"]


def c_markup_names(d: Path, ctx: Ctx) -> list[str]:
    return bic.markup_in_card_names(d)


def c_markup_title(d: Path, ctx: Ctx) -> list[str]:
    return bic.markup_in_title_and_folder(d)


def c_surrogate_format(d: Path, ctx: Ctx) -> list[str]:
    return bic.surrogate_in_record_format(d)


def c_surrogate_card(d: Path, ctx: Ctx) -> list[str]:
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return bic.surrogate_in_card_data(d)


def _sc(ask: str, extra: str = "") -> Callable[[Path, Ctx], list[str]]:
    return _text(scenario(ask, extra))


def _text(text: str) -> Callable[[Path, Ctx], list[str]]:
    def build(d: Path, ctx: Ctx) -> list[str]:
        w(d / "s.yaml", text)
        return ["check", "s.yaml"]

    return build


_ARGUMENTS = {k: ask for k, ask, _ in bic.WRONG_KIND_ARGUMENTS}
_VALUES = {k: extra for k, extra, _ in bic.WRONG_KIND_VALUES + bic.IMPOSSIBLE_STATES}


def _argument(key: str) -> Callable[[Path, Ctx], list[str]]:
    """A question argument of the wrong kind (``bad_input_cases.WRONG_KIND_ARGUMENTS``)."""
    return _text(bic.wrong_kind_scenario(_ARGUMENTS[key]))


def _value(key: str) -> Callable[[Path, Ctx], list[str]]:
    """A value of the wrong kind or an impossible state (``WRONG_KIND_VALUES``, ``IMPOSSIBLE_STATES``)."""
    return _text(bic.state_scenario(_VALUES[key]))


def c_nul_path(d: Path, ctx: Ctx) -> list[str]:
    return bic.nul_in_paths(d)


def c_304_nothing(d: Path, ctx: Ctx) -> list[str]:
    def handler(h: Any) -> None:
        if h.path == "/index":
            send(h, index_for(base))
            return
        h.send_response(304)
        h.end_headers()

    base = http_server(ctx, handler)
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    w(d / "cache" / "cards" / "installed.json", json.dumps({"current": "scryfall", "sources": {"scryfall": {
        "file": "gone.json", "url": base + "/cards.json", "etag": "x"}}}))
    return ["data", "update", "--index-url", base + "/index"]


def c_dask_nonsense(d: Path, ctx: Ctx) -> list[str]:
    w(d / "deck.txt", "60 Forest\n")
    return ["validate", "-f", "modern", "--dask", "nonsense", "deck.txt"]


def c_help_full(d: Path, ctx: Ctx) -> list[str]:
    return ["--help"]


def c_version_full(d: Path, ctx: Ctx) -> list[str]:
    return ["--version"]


def c_main_twice(d: Path, ctx: Ctx) -> list[str]:
    return bic.key_twice_in_a_record(d)


def c_csv_board(d: Path, ctx: Ctx) -> list[str]:
    return bic.unknown_csv_board(d)


def c_bad_card_records(d: Path, ctx: Ctx) -> list[str]:
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return bic.unreadable_card_record(d)


def c_killed_first_load(d: Path, ctx: Ctx) -> list[str]:
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return ["card", "Forest", "--cards", ctx.cards]


def _size(f: Path) -> int:
    try:
        return f.stat().st_size
    except OSError:  # (replaced or removed meanwhile)
        return 0


def during_kill_on_tmp(p: subprocess.Popen, d: Path, ctx: Ctx) -> None:
    """Kill the command while it writes the card store (a temporary file past 1 MB: the embedded catalog's
    small cache file is written first, in a fraction of a second)."""
    end = time.time() + 120
    while time.time() < end and p.poll() is None:
        if any(_size(f) > (1 << 20) for f in (d / "cache").rglob("*.tmp")):
            os.killpg(p.pid, signal.SIGKILL)
            break
        time.sleep(0.05)


def post_rerun_tmp(d: Path, ctx: Ctx, r: dict) -> str:
    before = len(list((d / "cache").rglob("*.tmp")))
    env = dict(os.environ, **{k: v for k, v in ctx.env.items() if not k.startswith("_")})
    subprocess.run([sys.executable, "-m", "mtgcheck", "card", "Forest", "--cards", ctx.cards], cwd=d, env=env,
                   capture_output=True, timeout=300)
    after = [p for p in (d / "cache").rglob("*.tmp")]
    return f"{before} temporary file(s) after the kill, {len(after)} after the next run"


def c_ctrl_c_part(d: Path, ctx: Ctx) -> list[str]:
    def handler(h: Any) -> None:
        if h.path == "/index":
            send(h, index_for(base))
            return
        h.send_response(200)
        h.send_header("Content-Length", "1000000")
        h.end_headers()
        for _ in range(100):
            h.wfile.write(b" " * 1000)
            h.wfile.flush()
            time.sleep(0.2)

    base = http_server(ctx, handler)
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return ["data", "update", "--index-url", base + "/index"]


def during_ctrl_c(p: subprocess.Popen, d: Path, ctx: Ctx) -> None:
    end = time.time() + 30
    while time.time() < end and p.poll() is None:
        if any((d / "cache").rglob("*.part")):
            time.sleep(1)
            os.kill(p.pid, signal.SIGINT)
            return
        time.sleep(0.1)


def post_parts(d: Path, ctx: Ctx, r: dict) -> str:
    return f"{len(list((d / 'cache').rglob('*.part')))} .part file(s) left"


def c_installed_json_url(d: Path, ctx: Ctx) -> list[str]:
    body = gzip.compress(json.dumps([CARD]).encode())

    def handler(h: Any) -> None:
        if h.path.endswith(".sha256"):
            h.send_error(404)
            return
        send(h, body)

    base = http_server(ctx, handler)
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return ["data", "update", "--source", "mtgjson", "--url", base + "/installed.json"]


def post_record(d: Path, ctx: Ctx, r: dict) -> str:
    folder = d / "cache" / "cards"
    p = folder / "installed.json"
    files = sorted(f.name for f in folder.iterdir()) if folder.is_dir() else []
    try:
        rec = json.loads(p.read_text())
        ok = isinstance(rec, dict) and "sources" in rec
    except (OSError, ValueError):
        ok = False
    return ("installed.json is the record" if ok else "installed.json is not a record") + f"; files: {', '.join(files)}"


def c_huge_card_text(d: Path, ctx: Ctx) -> list[str]:
    w(d / "cards.json", json.dumps([dict(CARD, oracle_text="x" * 100_000_000)]))
    ctx.env["MTGCHECK_CACHE_DIR"] = str(d / "cache")
    return ["card", "Forest", "--cards", "cards.json"]


def c_readonly_cache(d: Path, ctx: Ctx) -> list[str]:
    m = d / "ro"
    m.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", str(m)]).returncode:
        raise SkipCase("cannot mount a read-only tmpfs here")
    ctx.env["_umount"] = str(m)
    ctx.env["MTGCHECK_CACHE_DIR"] = str(m)
    body = json.dumps([CARD]).encode()

    def handler(h: Any) -> None:
        if h.path == "/index":
            send(h, index_for(base))
            return
        send(h, body)

    base = http_server(ctx, handler)
    return ["data", "update", "--index-url", base + "/index"]


def c_full_cache(d: Path, ctx: Ctx) -> list[str]:
    m = d / "full"
    m.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(m)]).returncode:
        raise SkipCase("cannot mount a small tmpfs here")
    ctx.env["_umount"] = str(m)
    ctx.env["MTGCHECK_CACHE_DIR"] = str(m)
    body = json.dumps([dict(CARD, name=f"Card {i}") for i in range(2000)]).encode()

    def handler(h: Any) -> None:
        if h.path == "/index":
            send(h, index_for(base))
            return
        send(h, body)

    base = http_server(ctx, handler)
    return ["data", "update", "--index-url", base + "/index"]


def post_umount(d: Path, ctx: Ctx, r: dict) -> str:
    m = ctx.env.get("_umount")
    if m:
        subprocess.run(["umount", m])
    return ""


class SkipCase(Exception):
    pass


CASES = [
    # files read outside what was given
    Case("read-format-scenario", "outside", "scenario `validate_deck: {format: ../outside/secret.yaml}` (a file outside its folder)",
         c_format_in_scenario),
    Case("read-format-record", "outside", 'JSON-lines record `"format": "outside/secret.yaml"` (--format auto)', c_format_in_record, pick=("is not a format name", "unknown key", "unknown format", "error")),
    Case("read-format-etc", "outside", 'JSON-lines record `"format": "/etc/ld.so.conf"`', c_format_etc, pick=("is not a format name", "unknown key", "unknown format", "cannot read", "error")),
    Case("read-link-decks", "outside", "decklist folder holding a link to a private key outside it", c_link_in_deck_folder, pick=("outside", "BEGIN", "b3Bl", "unreadable_line (")),
    Case("read-link-scenarios", "outside", "scenario folder holding a link to a file outside it", c_link_in_scenario_folder),
    # hangs
    Case("hang-header-spaces", "hang", "decklist line `A` + 500 spaces + `x!`", c_header_spaces, pick=("unreadable_line (", "error")),
    Case("hang-entry-spaces", "hang", "decklist line `4 Bolt` + 100,000 spaces + `x`", c_entry_spaces, pick=("unreadable_line (", "unknown_card (", "error")),
    Case("hang-scry-library", "hang", "scry 2 over a 10^6-card library (100 entries of 10,000; --max-seconds 5)",
         c_scry_library, pick=("budget", "error", "choices")),
    Case("hang-least-x", "hang", "least X for 'target creature an opponent controls with power X or less' against power "
         "10^9, one Island (--max-seconds 5)", c_least_x, pick=("budget", "activatable", "error")),
    Case("hang-yaml-wide", "hang", "scenario holding a list of 199,000 items", c_yaml_wide,
         pick=("internal error", "mana_value=", "error", "cannot")),
    Case("hang-count-payments", "hang", "payments of a {W}{W}{U}{U}{B}{B}{R}{R}{G}{G} spell (Progenitus's cost) "
         "with 40 sources (--max-seconds 5)", c_count_payments, pick=("budget", "count", "error")),
    Case("hang-unknown-names", "hang", "5,000 unknown card names (32k-card data)", c_unknown_names, pick=("unknown_card (", "error")),
    Case("hang-fifo-decks", "hang", "a FIFO `pipe.txt` in a decklist folder", c_fifo_decks),
    Case("hang-fifo-scenarios", "hang", "a FIFO `pipe.yaml` in a scenario folder", c_fifo_scenarios),
    Case("hang-fifo-cache", "hang", "a FIFO where the parsed-card cache entry lives", c_fifo_cache),
    Case("hang-slow-mirror", "hang", "`data update` (`--max-seconds 10` after) from a mirror sending one byte every 5 s",
         c_slow_mirror),
    Case("hang-worker-killed", "hang", "`validate --jobs 3` with a worker killed (SIGKILL) after 3 s", c_worker_killed,
         during=during_kill_worker),
    Case("hang-parent-killed", "hang", "`validate --jobs 3` with the parent killed (SIGKILL) after 3 s", c_parent_killed,
         during=during_kill_parent, post=post_orphans),
    Case("hang-dask-silent", "hang", "`--dask` address that accepts and never answers", c_dask_silent),
    # memory
    Case("mem-devzero-link", "memory", "a link to /dev/zero in a decklist folder", c_devzero_link),
    Case("mem-devzero-ask", "memory", "`ask /dev/zero`", c_devzero_ask),
    Case("mem-devzero-stdin", "memory", "`validate -` with /dev/zero as standard input", c_devzero_stdin, stdin="/dev/zero"),
    Case("mem-gzip-deck", "memory", "4 MB gzip text decklist expanding to 4 GiB", c_gzip_deck),
    Case("mem-gzip-cards", "memory", "4 MB gzip JSON-lines card data expanding to 4 GiB", c_gzip_cards),
    Case("mem-many-lines", "memory", "decklist of 10^7 lines", c_many_lines),
    Case("mem-huge-index", "memory", "`data update` whose bulk-data index is 3 GB", c_huge_index),
    Case("mem-gzip-download", "memory", "gzip-encoded download expanding to 4 GiB", c_gzip_download),
    Case("mem-dask-http-peer", "memory", "`--dask` address of an HTTP server", c_dask_http_peer),
    Case("mem-long-names", "memory", "15 unknown names of 10^6 characters (32k-card data)", c_long_names,
         post=post_facts_size, pick=("a line of", "unknown_card (", "error")),
    # crash
    Case("crash-big-record", "crash", "one 200 MB JSON-lines record (3 GiB address cap)", c_big_record, pick=("record of more", "Segmentation", "internal", "error")),
    # internal errors
    Case("ie-markup-names", "internal", "card names `[bold red]Bolt[/]`, `Bolt[/]`, `:smile:` in a decklist", c_markup_names, pick=("internal", "unknown_card (", "error")),
    Case("ie-markup-title", "internal", "scenario title `[/] x` in a folder `s[/]`", c_markup_title),
    Case("ie-surrogate-format", "internal", 'record `"format": "\\ud800"` (--format auto)', c_surrogate_format, pick=("internal", "unknown format", "error")),
    Case("ie-surrogate-card", "internal", "card data with a lone surrogate in a card's text (`card`)", c_surrogate_card),
    Case("ie-commanders-5", "internal", "`validate_deck` with `commanders: 5`",
         _argument("commanders-5")),
    Case("ie-companion-list", "internal", "`validate_deck` with `companion: [...]`",
         _argument("companion-list")),
    Case("ie-choices-purple", "internal", "`choices: {color: purple}`",
         _value("choices-purple")),
    Case("ie-activate-x-abc", "internal", "`activate: {x: abc}`",
         _argument("activate-x-abc")),
    Case("ie-activate-x-list", "internal", "`activate: {x: [1]}`",
         _argument("activate-x-list")),
    Case("ie-face-name-false", "internal", "`cards:` face `name: false`",
         _value("face-name-false")),
    Case("ie-params-keyword-0", "internal", "catalog-format `params: {keyword: 0}`",
         _value("params-keyword-0")),
    Case("ie-cost-true", "internal", "catalog-format `cost: true`",
         _value("cost-true")),
    Case("ie-nul-path", "internal", "a NUL byte in a `decklist:` and a `format:` path", c_nul_path),
    Case("ie-304-nothing", "internal", "HTTP 304 with no file installed", c_304_nothing),
    Case("ie-dask-nonsense", "internal", "`--dask nonsense`", c_dask_nonsense),
    Case("ie-help-full", "internal", "`mtgcheck --help > /dev/full`", c_help_full, shell_out="/dev/full"),
    Case("ie-version-full", "internal", "`mtgcheck --version > /dev/full`", c_version_full, shell_out="/dev/full"),
    # silent drops and nonsense accepted
    Case("drop-main-twice", "drop", 'JSON-lines record with `"main"` twice', c_main_twice, pick=("appears more than once", "deck_too_small (", "error")),
    Case("drop-csv-board", "drop", "CSV `Board` value `wishboard`", c_csv_board, pick=("Board", "deck_too_small (", "sideboard", "error")),
    Case("drop-card-records", "drop", "card data with a malformed record (validate)", c_bad_card_records, pick=("could not be read", "legality_unknown (", "error")),
    Case("drop-forest-stack", "drop", "a Forest on the stack",
         _value("forest-stack")),
    Case("drop-land-attacking", "drop", "a land attacking",
         _value("land-attacking")),
    Case("drop-ability-1e9", "drop", "`activate: {ability: 1000000000}`",
         _sc("{activate: {permanent: Forest, ability: 1000000000}}", "battlefield:\n  Alice: [Forest]\n")),
    Case("drop-ability-true", "drop", "`activate: {ability: true}`",
         _argument("ability-true")),
    # cache and data folder
    Case("cache-killed-load", "cache", "first load of the 32k cards killed while writing the cache", c_killed_first_load,
         during=during_kill_on_tmp, post=post_rerun_tmp),
    Case("cache-ctrl-c-part", "cache", "Ctrl-C during `data update`", c_ctrl_c_part, during=during_ctrl_c,
         post=post_parts),
    Case("cache-installed-json", "cache", "download address ending in `installed.json`", c_installed_json_url,
         post=post_record),
    # messages
    Case("msg-huge-card-text", "message", "card data with a 10^8-character card text", c_huge_card_text),
    Case("msg-readonly-cache", "message", "`data update` into a read-only cache folder", c_readonly_cache,
         post=post_umount),
    Case("msg-full-cache", "message", "`data update` into a full cache folder", c_full_cache, post=post_umount),
]


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


def run_case(case: Case, ctx: Ctx, code: Path | None, timeout: float, mem_cap: int, work: Path) -> dict:
    d = Path(tempfile.mkdtemp(prefix=case.id + "-", dir=work))
    ctx.env = {"MTGCHECK_CACHE_DIR": str(ctx.cache)}
    try:
        argv = case.build(d, ctx)
    except SkipCase as e:
        return {"id": case.id, "skipped": str(e)}
    env = dict(os.environ, **{k: v for k, v in ctx.env.items() if not k.startswith("_")})
    env.pop("MTGCHECK_CARDS", None)
    env["COLUMNS"] = "200"
    if code is not None:
        env["PYTHONPATH"] = str(code) + os.pathsep + env.get("PYTHONPATH", "")

    def limits() -> None:
        os.setsid()
        if mem_cap:
            resource.setrlimit(resource.RLIMIT_AS, (mem_cap, mem_cap))

    out = open(case.shell_out, "wb") if case.shell_out else open(d / "_stdout", "wb")
    err = open(d / "_stderr", "wb")
    stdin = open(case.stdin, "rb") if case.stdin else subprocess.DEVNULL
    t0 = time.monotonic()
    p = subprocess.Popen([sys.executable, "-m", "mtgcheck", *argv], cwd=d, env=env, stdin=stdin, stdout=out,
                         stderr=err, preexec_fn=limits)
    if case.during:
        threading.Thread(target=case.during, args=(p, d, ctx), daemon=True).start()
    stopped = False
    rss = 0
    while True:
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            rss = max(rss, ru.ru_maxrss)
            p.returncode = os.waitstatus_to_exitcode(status)
            break
        try:
            for line in Path(f"/proc/{p.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    rss = max(rss, int(line.split()[1]))
        except OSError:
            pass
        if time.monotonic() - t0 > timeout:
            stopped = True
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.05)
    secs = time.monotonic() - t0
    for f in (out, err):
        f.close()
    if case.stdin:
        stdin.close()  # type: ignore[union-attr]
    text = (d / "_stderr").read_text(errors="replace")
    if not case.shell_out:
        text += "\n" + (d / "_stdout").read_text(errors="replace")
    msg = _pick(text, case.pick)
    r = {"id": case.id, "class": case.klass, "what": case.what, "argv": "mtgcheck " + " ".join(argv),
         "seconds": round(secs, 2), "peak_mb": round(rss / 1024), "exit": p.returncode, "stopped": stopped,
         "message": msg, "output": text.strip()[-1500:]}
    if case.post:
        try:
            r["after"] = case.post(d, ctx, r)
        except Exception as e:  # noqa: BLE001
            r["after"] = f"(check failed: {e})"
    for s in ctx.servers:
        try:
            s.shutdown()
        except Exception:  # noqa: BLE001
            pass
    ctx.servers.clear()
    if "SECRET" and ("api_token" in text or "hunter2" in text or "PRIVATE KEY" in text or "b3BlbnNz" in text):
        r["leak"] = True
    if not os.environ.get("KEEP"):
        subprocess.run(["rm", "-rf", str(d)])
    return r


def _pick(text: str, words: tuple[str, ...]) -> str:
    """The first line holding the first of ``words`` that any line holds (the words in order of preference)."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for wd in words:
        for ln in lines:
            if wd in ln:
                return ln[:400]
    return (lines[-1] if lines else "")[:400]


def _clean(text: str) -> str:
    """A message as the docs show it: no temporary folder, no port, no machine path, no table separator."""
    import re

    text = re.sub(r"/tmp/mtgcheck-bad-inputs-[^/\s]+/[^/\s]+?-[A-Za-z0-9_]{8}/", "", text)
    text = re.sub(r"/tmp/mtgcheck-bad-inputs-[^/\s]+/", "", text)
    text = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", text)
    text = re.sub(r"(/[\w.+-]+)+/shared/", "../shared/", text)
    text = " ".join(re.sub("[\u2500-\u257f]", " ", text).split())  # (a table row of rich's: no box lines)
    return text.replace("|", "\\|")


def _cell(r: dict, timeout: float) -> tuple[str, str]:
    """(``seconds / peak MB / exit``, message) of one result."""
    if "skipped" in r:
        return "skipped", r["skipped"]
    secs = f"> {timeout:g} s (killed)" if r["stopped"] else f"{r['seconds']:.1f} s"
    fig = f"{secs} / {r['peak_mb']} MB / {r['exit']}"
    msg = _clean(r["message"]) or ("(nothing printed)" if not r["stopped"] else "(nothing printed before the kill)")
    if len(msg) > 160:
        msg = msg[:159] + "…"
    if r.get("after"):
        msg += f" [{_clean(r['after'])}]"
    if r.get("leak"):
        msg += " **(the outside file's text in the output)**"
    return fig, msg


def table(before: Path, after: Path, timeout: float = 60.0) -> str:
    """The docs table from two ``--json`` files: each case's input, then time, peak memory, exit code and message
    before and after."""
    b = {r["id"]: r for r in json.loads(before.read_text())}
    a = {r["id"]: r for r in json.loads(after.read_text())}
    rows = ["| class | input | before: time / peak / exit | before: message | after: time / peak / exit | "
            "after: message |", "|---|---|---|---|---|---|"]
    for c in CASES:
        if c.id not in a and c.id not in b:
            continue
        bf, bm = _cell(b[c.id], timeout) if c.id in b else ("not measured", "")
        af, am = _cell(a[c.id], timeout) if c.id in a else ("not measured", "")
        rows.append(f"| {c.klass} | {c.what} | {bf} | {bm} | {af} | {am} |")
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--table", nargs=2, type=Path, metavar=("BEFORE_JSON", "AFTER_JSON"),
                    help="print the docs table from two --json files, run nothing")
    ap.add_argument("--code", type=Path, default=None, help="folder holding the mtgcheck package to run")
    ap.add_argument("--shared", type=Path, default=Path(os.environ.get("MTGCHECK_SHARED", ROOT.parent / "shared")))
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--mem-cap", type=float, default=3.0, help="address-space cap in GiB (0: none)")
    ap.add_argument("--only", default="", help="comma-separated words: run the cases whose id contains one")
    ap.add_argument("--json", type=Path, default=None, help="also write the results to this JSON file")
    args = ap.parse_args()
    if args.table:
        print(table(*args.table, timeout=args.timeout))
        return
    work = Path(tempfile.mkdtemp(prefix="mtgcheck-bad-inputs-"))
    ctx = Ctx(shared=args.shared, cache=work / "cache", deadline_option=args.code is None)
    cases = [c for c in CASES if not args.only or any(wd in c.id for wd in args.only.split(","))]
    results = []
    if ctx.cards and Path(ctx.cards).exists():  # the card store of the 32k cards built once, before any figure
        env = dict(os.environ, MTGCHECK_CACHE_DIR=str(ctx.cache))
        if args.code is not None:
            env["PYTHONPATH"] = str(args.code) + os.pathsep + env.get("PYTHONPATH", "")
        subprocess.run([sys.executable, "-m", "mtgcheck", "card", "Forest", "--cards", ctx.cards], env=env,
                       capture_output=True, timeout=600)
    print("| id | input | seconds | peak MB | exit | message |")
    print("|---|---|---|---|---|---|")
    for c in cases:
        r = run_case(c, ctx, args.code, args.timeout, int(args.mem_cap * (1 << 30)), work)
        results.append(r)
        if "skipped" in r:
            print(f"| {c.id} | skipped: {r['skipped']} | | | | |", flush=True)
            continue
        secs = f"> {args.timeout:g} (stopped)" if r["stopped"] else f"{r['seconds']:.2f}"
        extra = (f" [{r['after']}]" if r.get("after") else "") + (" **LEAK**" if r.get("leak") else "")
        msg = r["message"].replace("|", "\\|")
        print(f"| {c.id} | {c.what} | {secs} | {r['peak_mb']} | {r['exit']} | {msg}{extra} |", flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    subprocess.run(["rm", "-rf", str(work)])


if __name__ == "__main__":
    main()
