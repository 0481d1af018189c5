"""The pool of started workers: a few are kept idle, each reads one document at a time, none is reused after
harm.

A few workers are started ahead (:data:`SPARE_WORKERS`). A worker that was killed (deadline,
CPU), crashed, ran out of memory, broke (an exception other than the page's own fetch error,
such as "empty" or "unsupported"), grew past its start by :data:`_MAX_GROWTH`, was demoted
(:mod:`.priority`) or read :data:`DOCUMENTS_PER_WORKER` documents is retired, never reused, so a
hostile page's leftovers never reach the next page. Taking a warm worker costs well under a
millisecond, where starting a child cost 70-150 ms on a loaded machine. Fresh workers wait behind
used ones: those have paid their first-use costs.

:func:`warm_up` starts the fork server and the first workers in the background; whoever starts
workers calls it (the runtime, when it is built). Threads touch the pool (the refill runs in
one), so it is guarded by a lock.
"""

from __future__ import annotations

import contextlib
import multiprocessing.connection
import socket
import threading
import weakref
from collections.abc import Callable

from webquorum.readers.sandbox import forkserver
from webquorum.readers.sandbox.protocol import serve

__all__ = [
    "DOCUMENTS_PER_WORKER",
    "MAX_CHILDREN",
    "SPARE_WORKERS",
    "Worker",
    "give_back",
    "refill_soon",
    "take",
    "warm_up",
]

MAX_CHILDREN = 8  # extractions at once; more wait their turn, within their own deadline
SPARE_WORKERS = 2  # idle workers kept started, so a read never waits for a fork
DOCUMENTS_PER_WORKER = 50
_MAX_GROWTH = 48 * 1024 * 1024  # resident size a worker may keep above its start before it is retired


class Worker:
    """One pooled worker process and the parent's end of its pipe.

    The pipe is a socket pair, as ``Pipe(duplex=True)`` makes it; the worker's end is a
    :class:`~multiprocessing.connection.Connection`, the parent's stays a non-blocking socket for the
    event loop (:mod:`.protocol`). ``cpu_ticks`` is the worker's CPU time as of its last reply (None
    before its first): where its next document's CPU count starts (:mod:`.priority`).
    """

    def __init__(self) -> None:
        forkserver.context()
        self.sock, child_end = socket.socketpair()
        self.sock.setblocking(False)
        # closed when retired, or with the Worker, or at exit (idle workers): never left to warn as unclosed
        self._close = weakref.finalize(self, self.sock.close)
        child = multiprocessing.connection.Connection(child_end.detach())
        self.process = forkserver.Process(target=serve, args=(child,), name="webquorum-extract", daemon=True)
        try:
            self.process.start()
        except BaseException:
            self._close()
            raise
        finally:
            child.close()
        self.documents = 0
        self.demoted = False
        self.cpu_ticks: int | None = None

    def retire(self) -> None:
        with contextlib.suppress(OSError):
            self._close()
        if self.process.is_alive():
            self.process.kill()
        # Not joined: the fork server reaps its children and the Popen finalizer closes their fds.


_idle: list[Worker] = []  # started workers waiting for a document, guarded by _idle_lock
_idle_lock = threading.Lock()
_refilling = threading.Event()


def warm_up() -> None:
    """Start the fork server (and its imports) and the spare workers in the background, once per process."""

    def start() -> None:
        forkserver.ensure_running()
        _refill()

    _in_background(start, "webquorum-extractor-warm-up")


def _in_background(work: Callable[[], None], name: str) -> None:
    """Run ``work`` in a daemon thread, best effort and silent when it fails: starting workers ahead only
    saves a document a wait. A process that exits under it (a quick ``webquorum search``) or a fork server
    that cannot start must not print a thread's traceback; a document that then finds no idle worker starts
    one itself, and reports a failure as its own."""

    def run() -> None:
        try:
            work()
        except Exception:  # see the docstring: a document's own start reports a failure
            return

    threading.Thread(target=run, name=name, daemon=True).start()


def take() -> Worker | None:
    """An idle live worker, the most recently used first; None when none is idle."""
    with _idle_lock:
        while _idle:
            worker = _idle.pop()
            if worker.process.is_alive():
                return worker
            worker.retire()
    return None


def give_back(worker: Worker, grown: int, cpu_ticks: int) -> None:
    """A worker that read a document soundly: kept idle, unless it has read its share, grown or been
    demoted."""
    worker.documents += 1
    worker.cpu_ticks = cpu_ticks
    if worker.documents >= DOCUMENTS_PER_WORKER or grown > _MAX_GROWTH or worker.demoted:
        worker.retire()
        return
    with _idle_lock:
        if len(_idle) < MAX_CHILDREN:
            _idle.append(worker)
            return
    worker.retire()


def _spares_missing() -> bool:
    with _idle_lock:
        return len(_idle) < SPARE_WORKERS


def _refill() -> None:
    """Start workers until :data:`SPARE_WORKERS` are idle (in the calling thread; one refill at a time)."""
    if _refilling.is_set():
        return
    _refilling.set()
    try:
        while _spares_missing():
            worker = Worker()
            with _idle_lock:
                _idle.insert(
                    0, worker
                )  # behind the used ones (taken from the end): they have paid their first-use costs
    finally:
        _refilling.clear()


def refill_soon() -> None:
    """Start :func:`_refill` in a thread, only when spares are missing: starting a thread costs the
    event loop a few hundred microseconds (its start handshake), paid on every document before."""
    if _spares_missing() and not _refilling.is_set():
        _in_background(_refill, "webquorum-extractor-refill")
