"""Batches on Dask: a real ``distributed.LocalCluster`` (worker processes on 127.0.0.1)
gives every record the serial run gives, in the same order, also when a worker is killed mid-run; the card
data is loaded once per worker. Skipped, saying why, when the optional ``dask`` extra is not installed.

Deck verdicts follow CR 100.2a (60 cards, four copies) as in tests/test_validate_batch.py; scenario verdicts
are the examples' own expectations (each names its rule or ruling).
"""
from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

pytest.importorskip("dask.bag", reason="the optional 'dask' extra is not installed (pip install 'mtgcheck[dask]')")
distributed = pytest.importorskip("distributed", reason="the optional 'dask' extra is not installed")

from click.testing import CliRunner  # noqa: E402

from mtgcheck.models.data.database import load_database  # noqa: E402
from mtgcheck.models.data.decklist import iter_deck_files  # noqa: E402
import mtgcheck.solver.decks.dask_batch as dask_batch  # noqa: E402
import mtgcheck.solver.decks.batch as decks_batch  # noqa: E402
import mtgcheck.solver.decks.jsonl as decks_jsonl  # noqa: E402
from mtgcheck.solver.cli.main import main  # noqa: E402
from tests.test_validate_batch import _corpus  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0")
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


@pytest.fixture()
def catalog(monkeypatch):
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)
    return load_database(None) if load_database(None).source == "catalog" else pytest.skip("no catalog db")


def _serial(paths, db, mode="json", show=0):
    """The serial run's dicts and rendered bytes (what ``mtgcheck validate`` writes with one job)."""
    files, _ = iter_deck_files(paths)
    st = decks_batch.new_state(db, "modern", mode=mode, show=show)
    dicts = [d for _, u in decks_jsonl.iter_units(files, None) for d in decks_jsonl.unit_dicts(u, st)]
    out = b"".join(decks_jsonl.run_unit(u, st).out for _, u in decks_jsonl.iter_units(files, None))
    return dicts, out


def test_validate_bag_gives_every_serial_record_in_order(tmp_path, client, catalog):
    paths = _corpus(tmp_path)
    expected, _ = _serial(paths, catalog)
    bag = dask_batch.read_bag(paths, partition_size=4)
    assert bag.npartitions > 5
    got = dask_batch.validate_bag(bag, "modern", None).compute()
    # a missing path is an input problem, first (the command lists such problems before reading)
    assert got[0]["fatal"].endswith("missing.jsonl: no such file or folder")
    assert got[1:] == expected
    assert all(isinstance(d, dict) for d in got)
    # the card data was loaded once per worker, not once per task
    loads = client.run(lambda: dask_batch._LOADS)
    assert set(loads.values()) <= {1} and len(loads) == 2


def test_run_dask_writes_the_serial_bytes_and_survives_a_killed_worker(tmp_path, client, catalog):
    """A worker killed (SIGKILL) while partitions are in flight: the batch completes, nothing lost or
    repeated, the bytes are the serial run's."""
    p = tmp_path / "big.jsonl"
    recs = [json.dumps({"format": "modern", "main": [[4 + (i % 2), "Lightning Bolt"], [56, "Mountain"]],
                        "side": [], "event": str(i)}) for i in range(600)]
    p.write_text("\n".join(recs) + "\n", encoding="utf-8")
    _, expected = _serial([str(p)], catalog)
    decks_batch.setup(catalog, "modern", mode="json")
    gen = dask_batch.run_dask([p], None, client.scheduler.address, client=client, partition_size=10)
    out = [next(gen).out]
    pids = client.run(os.getpid)
    os.kill(next(iter(pids.values())), signal.SIGKILL)
    out += [r.out for r in gen]
    got = b"".join(out)
    assert got == expected
    lines = [json.loads(line) for line in got.splitlines()]
    assert [r["index"] for r in lines] == list(range(1, 601))  # a file's decks counted from 1


def test_cli_dask_local_matches_serial_csv(tmp_path, monkeypatch):
    """``--dask local`` starts a LocalCluster of --jobs workers and writes the serial run's CSV."""
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)
    paths = _corpus(tmp_path)
    for flags in (["--csv"],):
        serial = CliRunner().invoke(main, ["validate", "-f", "modern", *paths, *flags])
        dask_run = CliRunner().invoke(main, ["validate", "-f", "modern", *paths, *flags, "--dask", "local", "--jobs", "2"])
        assert serial.exit_code == dask_run.exit_code == 2  # a missing input
        assert dask_run.stdout_bytes == serial.stdout_bytes


def test_check_dask_gives_the_serial_results(client, catalog):
    from mtgcheck.solver.questions.runner import iter_results

    paths = [str(ROOT / "examples")]
    serial = list(iter_results(paths, catalog, {"limit": 50}))
    got = list(dask_batch.iter_check_results(paths, None, {"limit": 50}, False, client.scheduler.address,
                                             files_per_partition=3))
    assert [(r.path, r.index, r.verdict, r.title) for r in got] == [(r.path, r.index, r.verdict, r.title) for r in serial]
    assert [r.answer.values if r.answer else None for r in got] == [r.answer.values if r.answer else None for r in serial]
    assert all(r.verdict == "pass" for r in got)
