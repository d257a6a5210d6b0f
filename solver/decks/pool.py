"""The process pool of ``mtgcheck validate --jobs N``: forked workers sharing the loaded card data, the parent
reading the inputs once and writing the workers' rendered units in input order (``run_parallel``; ``run_serial``
without workers); the card facts the workers learn are merged and kept.
"""
from __future__ import annotations

import gc
import io
import os
import signal
import sys
from pathlib import Path
from typing import Any, Callable, Iterator


try:  # orjson is a dependency; the standard library keeps working if it is missing
    import orjson
except ImportError:  # pragma: no cover
    orjson = None  # type: ignore[assignment]

from mtgcheck.solver.decks.batch import _STATE
from mtgcheck.solver.decks.jsonl import UnitResult, iter_units, run_unit


# ---------------------------------------------------------------------------
# Workers (--jobs N)
# ---------------------------------------------------------------------------


class WorkerError(RuntimeError):
    """A worker failed (an internal error: its traceback) or died."""


#: Units read and not yet written, per job (``run_parallel``): what bounds the memory of a run.
WINDOW_PER_JOB = 4
#: Units handed to each worker process and not yet back (``run_parallel``): enough that a worker never
#: waits for the parent while the parent validates a unit of its own.
AHEAD_PER_WORKER = 3


def _die_with_parent(ppid: int) -> None:
    """Make this worker end when its parent does, however the parent dies (killed with SIGKILL included): on
    Linux the kernel sends SIGKILL (``prctl(PR_SET_PDEATHSIG)``); a parent already gone ends the worker now.
    Elsewhere the worker notices it as it waits for tasks (``_take``) or when its results pipe breaks."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError, ValueError):
            pass
    if os.getppid() != ppid:
        os._exit(1)


def _take(q, ppid: int):
    """The next item of the task queue ``q``; exits when the parent is gone."""
    import queue

    while True:
        try:
            return q.get(timeout=0.5)
        except queue.Empty:
            if os.getppid() != ppid:
                os._exit(1)


def _send(conn, item) -> None:
    """Send ``item`` to the parent on this worker's own pipe (pickled whole, then written: the parent reads
    whole messages, and a worker that dies while writing leaves the parent an end of file, never a wait)."""
    import pickle

    try:
        conn.send_bytes(pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL))
    except (BrokenPipeError, ConnectionResetError, EOFError):  # the parent is gone: leave no orphan
        os._exit(1)


def _worker(k: int, tasks, conn, ppid: int, inherited=()) -> None:
    """Worker ``k``: validates the units the parent hands out (``(uid, unit)`` from ``tasks``, None: no more)
    and sends each unit's ``UnitResult`` to the parent on its own pipe ``conn`` (``("unit", uid, result)``),
    then ``("end", k, names)`` with the card names it learned (the parent keeps them on disk for the next
    batch). ``inherited``: the parent's ends of the other workers' pipes, closed here."""
    import traceback

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle (it stops the workers)
    _die_with_parent(ppid)
    for c in inherited:
        try:
            c.close()
        except OSError:
            pass
    try:
        while True:
            task = _take(tasks, ppid)
            if task is None:
                break
            uid, unit = task
            _send(conn, ("unit", uid, run_unit(unit)))
        _send(conn, ("end", k, _learned_bytes()))
    except BaseException:  # noqa: BLE001 - reported by the parent as an internal error
        try:
            _send(conn, ("error", k, traceback.format_exc()))
        except BaseException:  # noqa: BLE001
            pass
    conn.close()


def run_parallel(files: list[Path], reader: str | None, jobs: int) -> Iterator[UnitResult]:
    """The units' results in input order, validated by this process and ``jobs - 1`` forked workers.

    The workers are forked once the card data is loaded (they share it, copy-on-write; the collector does
    not touch it: ``_batch_gc``). This process is one of the ``jobs``: it reads the inputs once (a gzip file
    is decompressed here, once), keeps ``AHEAD_PER_WORKER`` units handed to each worker, validates the next
    unit itself, and writes the results in input order (a unit done early waits for the ones before it).
    No thread: reading, handing out, validating and writing take turns, so nothing waits for a lock held
    by another thread, and a unit this process validates never goes through a pipe. At most
    ``WINDOW_PER_JOB * jobs`` units are read and not yet written, so memory does not grow with the input.

    Each worker sends its results on a pipe of its own, whose only writer it is: a worker that dies, even in
    the middle of a message, leaves the parent an end of file on that pipe, and the run ends with
    ``WorkerError``; a parent that dies takes its workers with it (``_die_with_parent``).

    Raises
    ------
    WorkerError
        A worker failed or died. Interrupting (KeyboardInterrupt) or closing the generator stops every worker.
    """
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    n_workers = max(1, jobs - 1)
    ahead = AHEAD_PER_WORKER * n_workers
    window = WINDOW_PER_JOB * jobs
    w = _Workers(ctx, iter_units(files, reader))
    written = 0  # units written (the uid of the next one to write)
    try:
        w.start(n_workers, os.getpid())
        while True:
            while written in w.pending:
                yield w.pending.pop(written)
                written += 1
            while w.more and w.out < ahead and w.read < written + window:  # the workers' next units
                item = w.next_unit()
                if item is not None:
                    w.tasks.put(item)
                    w.out += 1
            w.receive(0)  # what came back meanwhile
            if written in w.pending:
                continue
            if w.more and w.read < written + window:  # a unit of this process's own
                item = w.next_unit()
                if item is not None:
                    w.pending[item[0]] = run_unit(item[1])
                continue
            if not w.more and written == w.read and len(w.ended) == len(w.procs):
                break
            w.receive(0.2)  # nothing to do but wait for a worker
        for p in w.procs:
            p.join()
        _save_facts()  # (what every worker learned, merged: one file for the next batch)
    finally:
        w.close()


class _Workers:
    """The forked workers of ``run_parallel`` and the units between them and this process: the task queue (bounded
    by ``run_parallel``), each worker's pipe (the parent's read end; ``None`` once at its end), the results not yet
    written (``pending``, by uid), the workers that said they ended, the units read (``read``), handed out and not
    back (``out``), and whether the inputs are not read to the end (``more``)."""

    def __init__(self, ctx: Any, units: Iterator) -> None:
        self.ctx = ctx
        self.tasks = ctx.Queue()  # (bounded by the parent: at most ``ahead`` units out)
        self.procs: list = []
        self.conns: list = []  # the parent's read end of each worker's pipe
        self.units = units
        self.pending: dict[int, UnitResult] = {}
        self.ended: set[int] = set()
        self.read = 0  # units read (the uid of the next one)
        self.out = 0  # units handed to the workers and not yet back
        self.more = True  # the inputs are not read to the end

    def start(self, n_workers: int, ppid: int) -> None:
        """Fork the workers, each with a pipe of its own whose only writer it is (its death is the pipe's end)."""
        for k in range(n_workers):
            r, w = self.ctx.Pipe(duplex=False)
            p = self.ctx.Process(target=_worker, args=(k, self.tasks, w, ppid, list(self.conns)), daemon=True,
                                 name=f"mtgcheck-validate-{k}")
            self.procs.append(p)
            p.start()
            w.close()  # (the worker is the pipe's only writer: its death is the pipe's end)
            self.conns.append(r)

    def take(self, item: Any) -> None:
        """One message of a worker: a unit's result, its end (with the card facts it learned), or its error."""
        kind, key, payload = item
        if kind == "unit":
            self.pending[key] = payload
            self.out -= 1
        elif kind == "end":
            self.ended.add(key)
            _merge_learned(payload)
        else:
            raise WorkerError(payload)

    def receive(self, timeout: float) -> None:
        """Take what the workers sent within ``timeout`` seconds (0: what is there now); a worker's pipe at
        its end before the worker said it ended means the worker died."""
        import pickle
        from multiprocessing.connection import wait

        live = [c for k, c in enumerate(self.conns) if c is not None]
        if not live:
            return
        ready: list[Any] = wait(live, timeout)
        for c in ready:
            k = self.conns.index(c)
            try:
                data = c.recv_bytes()
            except (EOFError, OSError):
                self.conns[k] = None
                c.close()
                if k in self.ended:
                    continue
                p = self.procs[k]
                p.join(1)
                raise WorkerError(f"worker {p.name} stopped (exit code {p.exitcode}) before it finished") from None
            self.take(pickle.loads(data))

    def next_unit(self) -> Any:
        """The next unit of the inputs, or ``None`` at their end (then every worker is told to stop)."""
        item = next(self.units, None)
        if item is None:
            self.more = False
            for _ in self.procs:
                self.tasks.put(None)
            return None
        self.read += 1
        return item

    def close(self) -> None:
        """Stop every worker and close the pipes, never waiting for what is left in the task queue."""
        self.tasks.cancel_join_thread()  # (nobody may read what is left in the pipe: never wait for it at exit)
        for c in self.conns:
            if c is not None:
                c.close()
        _stop(self.procs)


def _stop(procs) -> None:
    """Stop every worker still running (SIGTERM, then SIGKILL) and reap it."""
    for p in procs:
        if p.exitcode is None and p.pid is not None:
            p.terminate()
    for p in procs:
        if p.pid is None:
            continue
        p.join(2)
        if p.exitcode is None:
            p.kill()
            p.join()


def run_serial(files: list[Path], reader: str | None) -> Iterator[UnitResult]:
    """The units' results in input order, validated in this process."""
    for _, unit in iter_units(files, reader):
        yield run_unit(unit)
    _save_facts()


def _learned(st: dict[str, Any] = _STATE) -> dict[str, Any]:
    """The card names this process learned in the batch (``DeckValidator.learned``)."""
    from mtgcheck.solver.decks.rules import DeckValidator

    return DeckValidator.learned(st["db"]) if st.get("db") is not None else {}


def _learned_bytes() -> bytes:
    """``_learned()`` pickled here (b"" if it cannot be): a message the queue's thread failed to pickle
    would be dropped, and the parent would wait for it."""
    import pickle

    from mtgcheck.models.data.cardcache import _Pickler

    try:
        buf = io.BytesIO()
        _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(_learned())
        return buf.getvalue()
    except Exception:  # noqa: BLE001 - only means the next batch learns these names again
        return b""


def _merge_learned(data: bytes, st: dict[str, Any] = _STATE) -> None:
    """Add the card names a worker learned (``_learned_bytes``) to this process's (``DeckValidator.merge``)."""
    import pickle

    from mtgcheck.solver.decks.rules import DeckValidator

    if not data or st.get("db") is None:
        return
    try:
        entries = pickle.loads(data)
    except Exception:  # noqa: BLE001 - as above
        return
    DeckValidator.merge(st["db"], entries)


def _save_facts(st: dict[str, Any] = _STATE) -> None:
    """Keep the card facts computed in this batch on disk for the next one (``solver.decks.rules.save_card_facts``)."""
    from mtgcheck.solver.decks.rules import save_card_facts

    if st.get("db") is not None:
        save_card_facts(st["db"])


def _batch_gc(enable: bool = True) -> Callable[[], None]:
    """Garbage collection for a batch: the loaded card data is moved out of the collector's sight
    (``gc.freeze``: it lives to the end, and forked workers do not touch its pages), and the young
    generation is collected far less often (validation makes no reference cycles worth the scans).
    No full collection first: it would cost a tenth of a second to free the little garbage loading
    leaves. The collector is switched on (``enable``: ``validate`` keeps it off while the card data is
    read, so that no collection scans the objects being unpickled). Returns the function that puts the
    collector back (thresholds and frozen objects; ``validate`` puts back whether it was on)."""
    gc.freeze()
    old = gc.get_threshold()
    gc.set_threshold(100_000, 50, 1000)
    if enable:
        gc.enable()

    def restore() -> None:
        gc.set_threshold(*old)
        gc.unfreeze()

    return restore


