"""Batches on Dask: decklist validation and scenario checks beyond one machine (docs/decks.md, "Dask").

Dask is an optional extra (``pip install mtgcheck[dask]``: ``dask[bag]`` and ``distributed``); nothing here
is imported by the rest of mtgcheck unless ``--dask`` is given or this module is imported.

In Python:

``read_bag(paths, reader=None, partition_size=PARTITION_SIZE)``
    a ``dask.bag.Bag`` of the decks under ``paths`` (``models.data.decklist.Decklist``, in input order; an input
    error is an ``InputProblem``), one partition per ``partition_size`` records of a JSON-lines file or
    group of decklist files, read by the workers themselves (the paths must be readable there).
``validate_bag(bag, format, cards, *, commanders=None, companion=None)``
    a bag of plain dicts, one per deck, in the bag's order: what ``mtgcheck validate --json`` prints for it
    (``DeckReport.to_dict()`` plus ``line``); an ``InputProblem`` becomes ``{"source", "fatal"}``.

On the command line, ``mtgcheck validate PATH... --dask ADDRESS`` (or ``--dask local``) and
``mtgcheck check PATH... --dask ADDRESS`` run through these and write what one machine writes, in the same
order (the partitions are gathered in order, a few at a time, so memory stays bounded).

How the card data reaches the workers: a ``CardsRef`` (the card file's path, or with ``ship=True`` the
file's bytes) is one key of the task graph (``dask.delayed``), so it travels to each worker once, not
with every task; each worker process loads the database from it once (``models.data.database.load_database``,
which reads the parsed-card cache when the worker has one) and keeps it for every later task.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from mtgcheck.models.data.inputs import iter_lines

import mtgcheck.solver.decks.batch as decks_batch
import mtgcheck.solver.decks.jsonl as decks_jsonl
import mtgcheck.solver.decks.pool as decks_pool

#: Records of a JSON-lines file (or decklist files) per partition: a few milliseconds of scheduling per task
#: against about a second of validation, and enough partitions to keep every worker busy to the end.
PARTITION_SIZE = 4_000
#: Partitions computed at once ahead of the one being written (per worker).
WINDOW_PER_WORKER = 2

__all__ = ["PARTITION_SIZE", "CardsRef", "InputProblem", "DaskUnavailable", "cards_ref", "read_bag",
           "validate_bag", "run_dask", "iter_check_results", "connect"]


class DaskUnavailable(RuntimeError):
    """Dask is not installed, or the scheduler cannot be reached; the message says how to fix it."""


def _dask():
    try:
        import dask
        import dask.bag
    except ImportError:
        raise DaskUnavailable("--dask needs Dask: pip install 'mtgcheck[dask]' (dask[bag] and distributed)") from None
    return dask


@dataclass(frozen=True)
class InputProblem:
    """An input that could not be read (a bag element in place of its decks): ``source`` and ``message``."""

    source: str
    message: str


@dataclass(frozen=True)
class CardsRef:
    """Where a worker gets the card data: ``path`` (a file the worker can read), ``None`` for the embedded
    catalog, or ``data`` (the file's bytes, shipped once per worker and written to its temporary folder).
    ``key`` names the data (path, size and modification time, or the bytes' SHA-256)."""

    path: str | None
    key: str
    data: bytes | None = None
    name: str = "cards.json"


def cards_ref(cards: Any, ship: bool = False) -> CardsRef:
    """The ``CardsRef`` of ``cards``: a card data path, a ``CardDatabase`` loaded from a file (its ``source``),
    or None / ``"catalog"`` for the embedded catalog.

    Parameters
    ----------
    cards : str, os.PathLike, CardDatabase or None
    ship : bool
        Send the file's bytes (for workers that cannot read the path); else only the path is sent.

    Raises
    ------
    ValueError
        A database that was not loaded from a file (built in memory): give its file instead.
    """
    if cards is None or cards == "catalog":
        return CardsRef(None, "catalog")
    if not isinstance(cards, (str, os.PathLike)):
        src = getattr(cards, "source", None)
        if src == "catalog":
            return CardsRef(None, "catalog")
        if not src or not Path(str(src)).is_file():
            raise ValueError(f"card database from {src!r} was not loaded from a file: give validate_bag the card "
                             "data file's path (each worker loads it once)")
        cards = src
    p = Path(cards).resolve()
    if ship:
        data = p.read_bytes()
        return CardsRef(None, hashlib.sha256(data).hexdigest(), data, p.name)
    st = p.stat()
    return CardsRef(str(p), f"{p}:{st.st_size}:{st.st_mtime_ns}")


_LOCK = threading.Lock()
_DBS: dict[str, Any] = {}
#: Card databases this process has loaded (one per card data, whatever the number of tasks).
_LOADS = 0
_STATES: dict[tuple, dict[str, Any]] = {}


def _worker_db(ref: CardsRef) -> Any:
    """The database of ``ref`` in this (worker) process, loaded once."""
    with _LOCK:
        db = _DBS.get(ref.key)
        if db is not None:
            return db
        from mtgcheck.models.data.database import CardDatabase, load_database

        if ref.data is not None:
            folder = Path(tempfile.gettempdir()) / "mtgcheck-dask"
            folder.mkdir(exist_ok=True)
            f = folder / f"{ref.key[:16]}-{ref.name}"
            if not f.exists() or f.stat().st_size != len(ref.data):
                tmp = f.with_name(f"{f.name}.{os.getpid()}.tmp")
                tmp.write_bytes(ref.data)
                tmp.replace(f)
            db = load_database(f)
        elif ref.path is None:  # the embedded catalog, whatever card data the worker's environment names
            from mtgcheck.models.data.catalog import load_catalog

            db = CardDatabase(load_catalog().values(), source="catalog", date=None)
        else:
            db = load_database(ref.path)
        _DBS[ref.key] = db
        # as in a one-machine batch (decks_pool._batch_gc): the card data, which lives as long as the worker,
        # is moved out of the collector's sight, and the young generation is collected less often
        import gc

        gc.collect()
        gc.freeze()
        gc.set_threshold(100_000, 50, 1000)
        global _LOADS
        _LOADS += 1
        return db


def _state(ref: CardsRef, fmt_key: str, commanders, companion, mode=None, show=0) -> dict[str, Any]:
    key = (ref.key, fmt_key, tuple(commanders) if commanders else None, companion, mode, show)
    with _LOCK:
        st = _STATES.get(key)
    if st is None:
        st = decks_batch.new_state(_worker_db(ref), fmt_key, commanders=list(commanders) if commanders else None,
                                 companion=companion, mode=mode, show=show)
        with _LOCK:
            st = _STATES.setdefault(key, st)
    return st


# ---------------------------------------------------------------------------
# Reading: partitions of the input
# ---------------------------------------------------------------------------


def _plan(files: list[Path], reader: str | None, partition_size: int) -> Iterator[tuple]:
    """Partition specs in input order: ``("jsonl", path, first_line, offset, first_index, count)`` (``offset``
    the byte where ``first_line`` starts, in the decompressed text of a gzip file (a worker decompresses up to
    there without reading lines); ``count`` None: to the end of the file, for the last partition of a file with
    a read error),
    ``("files", [(path, reader), ...])``, ``("fatal", path, message)``. One pass over each JSON-lines file."""
    group: list[tuple[str, str | None]] = []
    for f in files:
        if not decks_jsonl._is_jsonl(f, reader):
            group.append((str(f), reader))
            if len(group) >= partition_size:
                yield ("files", group)
                group = []
            continue
        if group:
            yield ("files", group)
            group = []
        path = str(f)
        try:
            fp = decks_jsonl._open_binary(f)
        except decks_jsonl._READ_ERRORS as e:
            yield ("fatal", path, decks_batch._with_path(path, f"cannot read: {decks_jsonl._read_error(e)}"))
            continue
        start_line, start_off, start_idx = 1, 0, 0
        n = idx = off = 0
        broken = False
        try:
            with fp:
                for ln, (raw, size) in enumerate(iter_lines(fp), 1):  # (a line past the record limit is cut)
                    if n == 0:
                        start_line, start_off, start_idx = ln, off, idx
                    off += size
                    if ln == 1 and raw.startswith(decks_jsonl._BOM):
                        raw = raw[3:]
                    if raw.isspace() or not raw:
                        continue
                    idx += 1
                    n += 1
                    if n == partition_size:
                        yield ("jsonl", path, start_line, start_off, start_idx, n)
                        n = 0
                        start_line, start_off, start_idx = ln + 1, off, idx
        except decks_jsonl._READ_ERRORS:
            broken = True  # the last partition reads on to the error and reports it (workers read the same bytes)
        if n or broken:
            yield ("jsonl", path, start_line, start_off, start_idx, None if broken else n)
    if group:
        yield ("files", group)


def _partition_unit(spec: tuple) -> tuple:
    """The unit of work (``decks_jsonl.iter_units``) of one partition spec (``_plan``): a JSON-lines
    partition's rows are read here, by the worker."""
    if spec[0] != "jsonl":
        return spec
    _, path, first_line, offset, first_idx, count = spec
    rows: list[tuple[int, int, bytes]] = []
    ln = first_line - 1
    fatal = None
    idx = first_idx
    try:
        with decks_jsonl._open_binary(Path(path)) as fp:
            if offset is not None:
                fp.seek(offset)
            else:
                for _ in range(first_line - 1):
                    if not next(iter_lines(fp), None):
                        break
            lines = iter_lines(fp)  # (a line past the record limit is cut: the record readers report it)
            while count is None or len(rows) < count:
                raw, _ = next(lines, (b"", 0))
                if not raw:
                    break
                ln += 1
                if ln == 1 and raw.startswith(decks_jsonl._BOM):
                    raw = raw[3:]
                if raw.isspace() or not raw:
                    continue
                rows.append((ln, idx, raw))
                idx += 1
    except decks_jsonl._READ_ERRORS as e:
        fatal = decks_batch._with_path(path, f"cannot read after line {ln}: {decks_jsonl._read_error(e)}")
    return ("jsonl", path, rows, fatal)


def _read_partition(spec: tuple) -> list[Any]:
    """The decks of one partition spec (``_plan``), with input problems in their place."""
    from mtgcheck.models.data.decklist import DecklistError, read_decks

    kind = spec[0]
    out: list[Any] = []
    if kind == "fatal":
        return [InputProblem(spec[1], spec[2])]
    if kind == "files":
        for path, reader in spec[1]:
            try:
                out.extend(read_decks(path, reader))
            except DecklistError as e:
                out.append(InputProblem(path, decks_batch._with_path(path, str(e))))
        return out
    _, path, rows, fatal = _partition_unit(spec)
    for ln_, i, raw in rows:
        deck, problem = decks_jsonl._record_deck(raw, path, i, ln_)
        out.append(InputProblem(path, problem) if deck is None else deck)
    if fatal:
        out.append(InputProblem(path, fatal))
    return out


def read_bag(paths: Iterable[str | os.PathLike], reader: str | None = None, *,
             partition_size: int = PARTITION_SIZE):
    """A ``dask.bag.Bag`` of the decks under ``paths``, in input order.

    Parameters
    ----------
    paths : iterable of str or PathLike
        Decklist files and folders (as ``mtgcheck validate`` takes them). Workers read them: on a cluster
        the paths must name the same files on every worker (a shared file system).
    reader : str, optional
        The decklist reader (``models.data.decklist.READERS``); detected when omitted.
    partition_size : int
        Records of a JSON-lines file (or decklist files) per partition.

    Returns
    -------
    dask.bag.Bag
        Elements: ``models.data.decklist.Decklist`` (with source, index and line), or ``InputProblem``.

    Raises
    ------
    DaskUnavailable
        Dask is not installed.
    """
    dask = _dask()
    from mtgcheck.models.data.decklist import iter_deck_files

    files, missing = iter_deck_files(list(paths))
    specs = [("fatal", m.rsplit(": ", 1)[0], m) for m in missing] + list(_plan(files, reader, partition_size))
    parts = [dask.delayed(_read_partition, pure=True)(s) for s in specs]
    if not parts:
        return dask.bag.from_sequence([], npartitions=1)
    return dask.bag.from_delayed(parts)


def _validate_partition(items: Iterable[Any], ref: CardsRef, fmt_key: str, commanders, companion) -> list[dict]:
    from mtgcheck.models.data.decklist import Decklist, decklist_from_data, parse_jsonl_record, parse_text

    st = _state(ref, fmt_key, commanders, companion)
    out: list[dict[str, Any]] = []
    for it in items:
        if isinstance(it, InputProblem):
            out.append({"source": it.source, "fatal": it.message})
            continue
        if isinstance(it, Decklist):
            deck = it
        elif isinstance(it, bytes):
            deck, problem = decks_jsonl._record_deck(it, "<dask>", 0, None)  # type: ignore[arg-type]
            if deck is None:
                out.append({"source": "<dask>", "fatal": problem})
                continue
        elif isinstance(it, str):
            s = it.strip()
            deck = parse_jsonl_record(s, "<dask>") if s.startswith("{") else parse_text(it, "<dask>")
        else:
            deck = decklist_from_data(it, "<dask>")
        out.append(decks_batch._validate_one(deck, st))
    decks_pool._save_facts(st)
    return out


def _format_key(fmt: Any) -> str:
    if fmt == "auto":
        return "auto"
    from mtgcheck.models.data.formats import load_format

    f = load_format(fmt)
    return f.source if str(fmt).lower().endswith((".yaml", ".yml")) else f.name


def validate_bag(bag, format: Any, cards: Any, *, commanders: Iterable[str] | None = None,
                 companion: str | None = None, ship: bool = False):
    """Validate every deck of a bag against ``format``.

    Parameters
    ----------
    bag : dask.bag.Bag
        Elements: ``models.data.decklist.Decklist`` (e.g. from ``read_bag``), a JSON-lines record (a mapping,
        or its text as str or bytes), decklist text (str), or ``InputProblem``.
    format : str or Format
        A format name, alias or YAML path, or ``"auto"`` (each deck's own ``format``).
    cards : str, PathLike, CardDatabase or None
        The card data (see ``cards_ref``): its path goes to each worker once, which loads it once.
    commanders, companion : optional
        As ``mtgcheck validate --commander/--companion``.
    ship : bool
        Send the card file's bytes rather than its path (workers that cannot read the path).

    Returns
    -------
    dask.bag.Bag
        One plain dict per deck, in the bag's order (``DeckReport.to_dict()`` and ``line``; CR 100.2a,
        100.4a, 903, 702.124, 702.139 as ``solver.decks.rules.validate_deck``); an ``InputProblem`` gives
        ``{"source", "fatal"}``.

    Raises
    ------
    DaskUnavailable
        Dask is not installed.
    models.data.formats.FormatError
        Unknown format.
    """
    _dask()
    return bag.map_partitions(_validate_partition, _ref_arg(cards_ref(cards, ship=ship)), _format_key(format),
                              tuple(commanders) if commanders else None, companion)


def _ref_arg(ref: CardsRef, client=None):
    """``ref`` as a task argument that reaches each worker once: with a distributed client, scattered to
    every worker (``broadcast``); else one ``dask.delayed`` key of the graph."""
    if client is None:
        try:
            from distributed import get_client

            client = get_client()
        except (ImportError, ValueError):
            client = None
    if client is not None:
        return client.scatter(ref, broadcast=True, hash=False)
    import dask

    return dask.delayed(ref, pure=True, traverse=False)


# ---------------------------------------------------------------------------
# The command line: --dask ADDRESS
# ---------------------------------------------------------------------------


def connect(address: str, workers: int = 2):
    """A ``distributed.Client``: ``"local"`` starts a ``LocalCluster`` of ``workers`` processes (one thread
    each, on 127.0.0.1, no dashboard); anything else is a scheduler address (``tcp://host:8786``).

    Raises
    ------
    DaskUnavailable
        distributed is not installed, or the scheduler does not answer within 30 s.
    """
    _dask()
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise DaskUnavailable("--dask needs distributed: pip install 'mtgcheck[dask]'") from None
    import logging

    for name in ("distributed", "distributed.nanny", "distributed.worker", "distributed.scheduler"):
        logging.getLogger(name).setLevel(logging.ERROR)  # the cluster's chatter is not the command's output
    if address == "local":
        import dask

        # a cluster of our own, for one batch: no statistical profiler sampling every task (10 ms), system
        # monitoring (psutil) every 2 s rather than twice a second
        with dask.config.set({"distributed.worker.profile.enabled": False,
                              "distributed.admin.system-monitor.interval": "2s"}):
            cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address="127.0.0.1:0")
        client = Client(cluster)
        _CLUSTERS[id(client)] = cluster  # closed with the client (close_client)
        return client
    _probe_scheduler(address)
    try:
        return Client(address, timeout=30)
    except (OSError, TimeoutError) as e:
        raise DaskUnavailable(f"cannot reach the Dask scheduler {address}: {e}") from None
    except (ValueError, TypeError) as e:
        raise DaskUnavailable(f"--dask {address!r} is not a scheduler address ({e}); give tcp://host:port, or "
                              "'local'") from None


#: Seconds a scheduler address has to send the first bytes of its handshake (``_probe_scheduler``).
PROBE_SECONDS = 10.0
#: Largest first handshake message accepted from a scheduler (a real one is a few hundred bytes).
PROBE_MAX_BYTES = 1 << 20


def _probe_scheduler(address: str) -> None:
    """Check that a ``tcp://`` address answers as a Dask scheduler before ``distributed`` is handed it: a
    scheduler writes its handshake as soon as a connection opens (an 8-byte length, then the message). An
    address that accepts and never answers would make the client wait for ever (its handshake read has no
    timeout), and a server of another protocol (HTTP) would have it read a length from other bytes and
    allocate that much; both are refused here with a message. Other schemes (tls://, ucx://) are not probed.

    Raises
    ------
    DaskUnavailable
        Not an address, no connection, no answer within ``PROBE_SECONDS``, or an answer that is no handshake.
    """
    import socket
    import struct

    try:
        from distributed.comm.addressing import parse_address, parse_host_port

        scheme, loc = parse_address(address)
        if scheme != "tcp":
            return
        host, port = parse_host_port(loc)
    except (ValueError, TypeError) as e:
        raise DaskUnavailable(f"--dask {address!r} is not a scheduler address ({e}); give tcp://host:port, or "
                              "'local'") from None
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS) as sock:
            sock.settimeout(PROBE_SECONDS)
            head = b""
            while len(head) < 8:
                got = sock.recv(8 - len(head))
                if not got:
                    raise DaskUnavailable(f"{address} closed the connection without a Dask handshake: not a Dask "
                                          "scheduler")
                head += got
    except socket.timeout:
        raise DaskUnavailable(f"{address} accepts connections but sent no Dask handshake within {PROBE_SECONDS:g} s: "
                              "not a Dask scheduler (or one too busy to answer)") from None
    except OSError as e:
        raise DaskUnavailable(f"cannot reach the Dask scheduler {address}: {e.strerror or e}") from None
    (n,) = struct.unpack("<Q", head)
    if not 0 < n <= PROBE_MAX_BYTES:
        raise DaskUnavailable(f"{address} answered with bytes that are no Dask handshake (a message of {n:,} bytes "
                              f"announced; starts {head!r}): not a Dask scheduler")


_CLUSTERS: dict[int, Any] = {}


def close_client(client) -> None:
    """Close a client from ``connect`` and the LocalCluster it started, if any."""
    cluster = _CLUSTERS.pop(id(client), None)
    client.close()
    if cluster is not None:
        cluster.close()


def _in_order(client, delayeds: list, window: int) -> Iterator[Any]:
    """Compute ``delayeds`` on ``client`` at most ``window`` ahead, yielding each result in order."""
    futures: list = []
    i = 0
    try:
        while i < len(delayeds) or futures:
            while i < len(delayeds) and len(futures) < window:
                futures.append(client.compute(delayeds[i]))
                i += 1
            f = futures.pop(0)
            yield f.result()
            f.release()
    finally:
        for f in futures:
            f.cancel()


def _run_partition(spec: tuple, ref: CardsRef, fmt_key: str, commanders, companion, mode, show) -> decks_jsonl.UnitResult:
    """One partition of ``mtgcheck validate --dask``, whole on one worker: read its records, validate them and
    render them (``decks_jsonl.run_unit``), so only the rendered bytes and the counts travel back."""
    st = _state(ref, fmt_key, commanders, companion, mode, show)
    res = decks_jsonl.run_unit(_partition_unit(spec), st)
    decks_pool._save_facts(st)
    return res


#: Times a partition is submitted again when its task is lost (cancelled by the scheduler when a worker died).
RETRIES = 3


def _result(client, futures: list, args: tuple) -> decks_jsonl.UnitResult:
    """The result of the first of ``futures`` (``(spec, future)`` pairs, in input order), taken off the list.
    A task the scheduler lost or gave up on with its worker (``CancelledError``, ``KilledWorker``) is
    submitted again, up to ``RETRIES`` times, with the card data's ``CardsRef`` itself (``args[0]``: in case
    what was lost is its scattered copy): results are placed by partition, so nothing is repeated."""
    from concurrent.futures import CancelledError

    from distributed import KilledWorker

    spec, f = futures[0]
    for attempt in range(RETRIES + 1):
        try:
            res = f.result()
            break
        except (CancelledError, KilledWorker):
            if attempt == RETRIES:
                raise
            f = client.submit(_run_partition, spec, *args, pure=False)
            futures[0] = (spec, f)
    futures.pop(0)
    f.release()
    return res


def run_dask(files: list[Path], reader: str | None, address: str, workers: int = 2, err=None,
             client=None, partition_size: int = PARTITION_SIZE) -> Iterator[decks_jsonl.UnitResult]:
    """``mtgcheck validate --dask``: the results of the batch set by ``decks_batch.setup`` for ``files``, one
    ``UnitResult`` per partition, in input order (the same output as ``decks_pool.run_serial``).

    Each partition is one task (``_run_partition``: read, validate and render on the worker); the card data's
    ``CardsRef`` goes with each task when it is a path (each worker loads the file once) and is scattered to
    every worker once when it holds the file's bytes; at most ``WINDOW_PER_WORKER`` tasks per worker are ahead of
    the one being written (memory stays bounded), and a task whose worker dies is run again (by the scheduler,
    or submitted again when the scheduler lost it: ``_result``).
    """
    st = decks_batch._STATE
    own = client is None
    if own:
        client = connect(address, workers)
    futures: list = []
    try:
        ship = address != "local"
        cref = cards_ref(st["db"], ship=ship)
        # a path is sent with each task (a few hundred bytes); the file's bytes are scattered to every worker once
        ref = _ref_arg(cref, client) if cref.data is not None else cref
        rest = (st["format"], tuple(st.get("commanders") or ()) or None, st.get("companion"), st.get("mode"),
                st.get("show", 0))
        args = (ref, *rest)
        n_workers = max(1, len(client.scheduler_info().get("workers", {})) or workers)
        window = WINDOW_PER_WORKER * n_workers + 1
        specs = _plan(files, reader, partition_size)  # read lazily: tasks start while the input is planned
        for spec in specs:
            futures.append((spec, client.submit(_run_partition, spec, *args, pure=False)))
            while len(futures) >= window:
                yield _result(client, futures, (cref, *rest))
        while futures:
            yield _result(client, futures, (cref, *rest))
    finally:
        for _, f in futures:
            f.cancel()
        if own:
            close_client(client)


def _check_partition(paths: list[str], ref: CardsRef, options: dict, debug: bool) -> list[Any]:
    from mtgcheck.solver.questions.runner import iter_results

    db = _worker_db(ref)
    out = []
    for r in iter_results(paths, db, options, debug):
        if r.answer is not None:
            r.answer.extra = {}  # not needed by check, and not always plain data
        out.append(r)
    return out


def iter_check_results(paths: Iterable[str], cards: Any, options: dict, debug: bool, address: str,
                       workers: int = 2, files_per_partition: int = 20) -> Iterator[Any]:
    """``mtgcheck check --dask``: every scenario's ``runner.Result`` under ``paths``, in the order
    ``runner.iter_results`` gives them, computed on a Dask cluster (files in partitions of
    ``files_per_partition``). ``cards``: the card data as ``cards_ref`` takes it (a path, a database loaded
    from a file, or None for the embedded catalog)."""
    from mtgcheck.solver.questions.runner import ERROR, Result, find_scenario_files

    dask = _dask()
    files, problems = find_scenario_files(paths)
    for prob in problems:
        yield Result(path=prob.rsplit(": ", 1)[0], index=0, title="", kind="", verdict=ERROR, message=prob,
                     unreadable=True)
    if not files:
        return
    client = connect(address, workers)
    try:
        ref = _ref_arg(cards_ref(cards, ship=address != "local"), client)
        groups = [[str(f) for f in files[i:i + files_per_partition]] for i in range(0, len(files), files_per_partition)]
        parts = [dask.delayed(_check_partition, pure=True)(g, ref, dict(options), debug) for g in groups]
        n_workers = max(1, len(client.scheduler_info().get("workers", {})) or workers)
        for part in _in_order(client, parts, WINDOW_PER_WORKER * n_workers + 1):
            yield from part
    finally:
        close_client(client)
