"""``mtgcheck validate`` as a batch: units in input order, ``--jobs N`` gives the
serial run's output byte for byte, nothing is lost or repeated, and Ctrl-C stops every worker (exit 130, no
traceback, no orphan process).

The decks are checked against CR 100.2a (at least 60 cards, at most four copies of a card other than basic
lands); the embedded catalog has no legality data, so a 60-card list of known cards is ``unknown``
(CR 100.6: legality cannot be shown without it), never ``legal``.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import mtgcheck.solver.decks.cli as decks_cli
import mtgcheck.solver.decks.jsonl as decks_jsonl
import mtgcheck.solver.decks.pool as decks_pool
from mtgcheck.solver.cli.main import main

GOOD = {"format": "modern", "main": [[4, "Lightning Bolt"], [56, "Mountain"]], "side": []}      # CR 100.2a: 60
SMALL = {"format": "modern", "main": [[4, "Lightning Bolt"], [55, "Mountain"]], "side": []}     # 59 < 60
FIVE = {"format": "modern", "main": [[5, "Lightning Bolt"], [55, "Mountain"]], "side": []}      # a fifth copy


def _corpus(tmp_path: Path) -> list[str]:
    """A JSON-lines file of 40 records (with a blank line, a broken record and an unknown card), a text
    decklist and a missing file, in that order."""
    recs = []
    for i in range(40):
        recs.append(json.dumps((GOOD, SMALL, FIVE)[i % 3] | {"event": f"e{i}"}))
    recs.insert(7, "")
    recs.insert(12, "{not json")
    recs.insert(20, json.dumps({"format": "modern", "main": [[4, "Lightning Blot"], [56, "Mountain"]]}))
    p = tmp_path / "decks.jsonl"
    p.write_text("\n".join(recs) + "\n", encoding="utf-8")
    t = tmp_path / "burn.txt"
    t.write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    return [str(p), str(t), str(tmp_path / "missing.jsonl")]


def _run(args, monkeypatch, chunk=4):
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)
    monkeypatch.setattr(decks_jsonl, "CHUNK", chunk)  # many units from a small file (forked workers inherit it)
    return CliRunner().invoke(main, ["validate", "-f", "modern", *args])


@pytest.mark.parametrize("mode", ["--json", "--csv", None])
def test_jobs_output_is_the_serial_output(tmp_path, monkeypatch, mode):
    """Every deck once, in input order, whatever the number of workers; the exit code is 2 (a missing
    input) in every run, and the summary is the same."""
    paths = _corpus(tmp_path)
    flags = [mode] if mode else []
    serial = _run([*paths, *flags], monkeypatch)
    assert serial.exit_code == 2, serial.output
    for jobs in ("2", "3"):
        par = _run([*paths, *flags, "--jobs", jobs], monkeypatch)
        assert par.exit_code == 2, par.output
        assert par.stdout_bytes == serial.stdout_bytes
    if mode == "--json":
        rows = [json.loads(line) for line in serial.stdout.splitlines() if line.strip()]
        assert [r["index"] for r in rows if r["source"].endswith("decks.jsonl")] == list(range(1, 43))  # counted from 1
        assert [r["line"] for r in rows][:9] == [1, 2, 3, 4, 5, 6, 7, 9, 10]  # line 8 is blank
        assert rows[-1]["source"].endswith("burn.txt")
        assert rows[11]["status"] == "unreadable" and rows[11]["line"] == 13  # "{not json"
        assert "unknown_card" in rows[19]["codes"]
        assert rows[1]["codes"][0] == "deck_too_small" and rows[2]["codes"][0] == "too_many_copies"


def test_units_cover_every_record_once(tmp_path, monkeypatch):
    """Workers' stripes (uid % jobs) partition the units: their union is every record, each once."""
    paths = [Path(p) for p in _corpus(tmp_path)[:2]]
    every = [(u, unit) for u, unit in decks_jsonl.iter_units(paths, None, chunk=5)]
    lines = [r[0] for _, unit in every if unit[0] == "jsonl" for r in unit[2]]
    for jobs in (2, 3, 4):
        got = sorted((u, r[0]) for k in range(jobs)
                     for u, unit in decks_jsonl.iter_units(paths, None, keep=lambda u, k=k: u % jobs == k, chunk=5)
                     if unit[0] == "jsonl" for r in unit[2])
        assert [ln for _, ln in got] == lines
    assert [u for u, _ in every] == list(range(len(every)))


def test_unreadable_gzip_is_an_input_error_naming_the_line(tmp_path, monkeypatch):
    """A gzip file cut short: the records before the break are validated, the file is named (exit 2)."""
    import gzip

    data = gzip.compress(("\n".join(json.dumps(GOOD) for _ in range(200)) + "\n").encode())
    p = tmp_path / "cut.jsonl.gz"
    p.write_bytes(data[: len(data) // 2])
    r = _run([str(p), "--json"], monkeypatch, chunk=50)
    assert r.exit_code == 2
    assert "cut.jsonl.gz" in r.stderr and "Traceback" not in r.output


def test_not_utf8_record_names_file_and_line(tmp_path, monkeypatch):
    p = tmp_path / "bad.jsonl"
    p.write_bytes(json.dumps(GOOD).encode() + b"\n" + b'{"format": "modern", "main": [[4, "\xff"]]}\n')
    r = _run([str(p), "--json"], monkeypatch)
    assert r.exit_code == 2 and "bad.jsonl: line 2: not UTF-8 text" in " ".join(r.stderr.split())
    assert len([line for line in r.stdout.splitlines() if line.strip()]) == 1


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            out += [int(x) for x in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc to list worker processes")
def test_ctrl_c_during_jobs_exits_130_without_traceback_or_orphans(tmp_path):
    """SIGINT to ``validate --jobs 3`` mid-run: exit 130, a one-line message, every worker gone."""
    p = tmp_path / "many.jsonl"
    line = json.dumps(GOOD) + "\n"
    p.write_text(line * 200_000, encoding="utf-8")  # (--jobs 3: this process and two workers)
    env = {k: v for k, v in os.environ.items() if k != "MTGCHECK_CARDS"}
    proc = subprocess.Popen([sys.executable, "-m", "mtgcheck", "validate", str(p), "-f", "modern", "--json",
                             "--jobs", "3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
                            # a shell's background job starts with SIGINT ignored: give the command the default
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        first = proc.stdout.readline()  # the batch is running: the workers have written a unit
        assert first.startswith(b"{"), proc.stderr.read()
        workers = _children(proc.pid)
        assert len(workers) >= 2
        proc.send_signal(signal.SIGINT)
        proc.stdout.read()
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "Traceback" not in err and "interrupted" in err
    deadline = time.monotonic() + 10
    while any(_running(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [w for w in workers if _running(w)]


def test_a_worker_that_ends_without_a_word_is_an_error_not_a_hang(tmp_path, monkeypatch):
    """A worker whose messages never reach the parent (here: it exits at once) makes the run an internal
    error (exit 3) naming the worker, never a run that waits for ever."""
    paths = _corpus(tmp_path)

    def silent(*args):
        os._exit(0)

    monkeypatch.setattr(decks_pool, "_worker", silent)
    got = _run([paths[0], "--json", "--jobs", "2"], monkeypatch)
    assert got.exit_code == 3
    assert "mtgcheck-validate-" in got.output


def _lines_one_by_one(path: Path, chunk: int) -> list[tuple[int, int, bytes]]:
    """The reference reading of a JSON-lines file: line by line (``\\n`` ends a line, as ``grep -n`` counts),
    a byte-order mark opening the file dropped, blank lines (empty or white space) not records; rows as
    ``(line, index, bytes without the newline)``, cut every ``chunk`` records."""
    import gzip

    opener = gzip.open if path.name.endswith(".gz") else open
    units: list[list] = [[]]
    idx = 0
    with opener(path, "rb") as fp:
        try:
            for ln, raw in enumerate(fp, 1):
                if ln == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                if not raw or raw.isspace():
                    continue
                if len(units[-1]) == chunk:
                    units.append([])
                units[-1].append((ln, idx, raw[:-1] if raw.endswith(b"\n") else raw))
                idx += 1
        except EOFError:
            pass
    return [r for u in units for r in u], [len(u) for u in units if u]


@pytest.mark.parametrize("block", [1 << 20, 7, 1000])
def test_jsonl_reader_cuts_the_lines_as_reading_line_by_line(tmp_path, monkeypatch, block):
    """The JSON-lines reader reads large blocks and cuts them at ``\\n`` (``decks_jsonl._jsonl_units``): the
    records, their line numbers and indexes, and the units of ``chunk`` records are those of reading one
    line at a time, whatever the block size (a line cut between two blocks, a byte-order mark split, blank
    and white-space lines, CRLF, no newline at the end, a gzip file cut short, workers' stripes)."""
    import gzip

    monkeypatch.setattr(decks_jsonl, "READ_BLOCK", block)
    body = b"".join((b'{"a": %d}\n' % i) if i % 7 else (b" \t\r\n", b"\n", b"\x0c\n")[i % 3] for i in range(60))
    cases = {
        "plain": body, "bom": b"\xef\xbb\xbf" + body, "bom-blank": b"\xef\xbb\xbf\n" + body,
        "no-newline": body + b'{"last": 1}', "crlf": body.replace(b"\n", b"\r\n"), "blank-end": body + b"\n  ",
        "indented": b'  {"a": 1}\n\t{"b": 2}\n', "only-mark": b"\xef\xbb\xbf", "empty": b"",
    }
    files = []
    for name, data in cases.items():
        for ext, blob in ((".jsonl", data), (".jsonl.gz", gzip.compress(data))):
            p = tmp_path / f"{name}{ext}"
            p.write_bytes(blob)
            files.append(p)
    big = gzip.compress(b"".join(b'{"n": %d, "pad": "%s"}\n' % (i, b"x" * (i % 97)) for i in range(3000)))
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(big[: len(big) // 2])
    files.append(cut)
    for chunk in (1, 4, 500):
        for f in files:
            want_rows, want_sizes = _lines_one_by_one(f, chunk)
            units = [unit for _, unit in decks_jsonl.iter_units([f], None, chunk=chunk)]
            got = [r for unit in units for r in unit[2]]
            assert got == want_rows, (f.name, chunk)
            assert [len(list(unit[2])) for unit in units if list(unit[2])] == want_sizes, (f.name, chunk)
            fatal = [unit[3] for unit in units if unit[3]]
            if f is cut:  # the records before the break, then the error naming the last whole line
                assert fatal == [f"{f}: cannot read after line {want_rows[-1][0]}: truncated compressed data"]
            else:
                assert not fatal
        every = [(u, r) for u, unit in decks_jsonl.iter_units(files, None, chunk=chunk) for r in unit[2]]
        for jobs in (2, 3):
            stripes = sorted((u, r) for k in range(jobs) for u, unit in
                             decks_jsonl.iter_units(files, None, keep=lambda u, k=k: u % jobs == k, chunk=chunk)
                             for r in unit[2])
            assert stripes == every


def test_only_the_mtgcheck_program_ends_its_process_after_validate(tmp_path, monkeypatch):
    """The ``mtgcheck`` group hands ``validate`` whether it runs as the program (``cli.PROGRAM``, set by
    ``mtgcheck.__main__.run``): then the process ends once the batch is written, with the command's exit code;
    a caller running the command inside its own process (here ``CliRunner``) keeps its process."""
    import mtgcheck.solver.cli.main as cli

    ended: list = []
    monkeypatch.setattr(decks_cli, "_end_process", lambda code, err: ended.append(code))
    deck = tmp_path / "burn.txt"
    deck.write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    inproc = _run([str(deck), "--json"], monkeypatch)
    assert inproc.exit_code in (0, 1) and ended == []
    monkeypatch.setattr(cli, "PROGRAM", True)
    assert _run([str(deck), "--json"], monkeypatch).exit_code == inproc.exit_code and ended == [inproc.exit_code]


def test_the_program_ends_with_the_in_process_output_and_exit_code(tmp_path, monkeypatch):
    """``python -m mtgcheck validate`` (the program, which ends its process as soon as the batch is written:
    ``decks_cli.END_PROCESS``) prints the same bytes and exits with the same code as the command run inside
    this process, for JSON lines, CSV and the summary, with one job and two, bad records included."""
    paths = _corpus(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "MTGCHECK_CARDS"}
    for flags in (["--json"], ["--csv"], []):
        inproc = _run([*paths, *flags], monkeypatch, chunk=decks_jsonl.CHUNK)
        for jobs in ("1", "2"):
            prog = subprocess.run([sys.executable, "-m", "mtgcheck", "validate", "-f", "modern", *paths, *flags,
                                   "--jobs", jobs], capture_output=True, env=env, cwd=tmp_path, timeout=300)
            assert prog.returncode == inproc.exit_code == 2, prog.stderr
            assert prog.stdout == inproc.stdout_bytes
            assert b"missing.jsonl" in prog.stderr and b"Traceback" not in prog.stderr
    # a reader that goes away early: quiet, exit 1 (as before), no traceback
    big = tmp_path / "many.jsonl"
    big.write_text((json.dumps(GOOD) + "\n") * 5000, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "mtgcheck", "validate", "-f", "modern", str(big), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path)
    assert proc.stdout.readline().startswith(b"{")
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 1 and b"Traceback" not in err
