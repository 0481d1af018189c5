"""Where extraction workers come from: a ``forkserver`` that has imported the extractors once.

Why a fork server: trafilatura takes about a second to import, and the serving process must never
fork itself with its threads and sockets. The fork server imports :data:`PRELOAD` once (the last
entry, :mod:`.server_start`, lowers its priority and warms the extractors) and every worker is
forked from it.

:class:`Process` is the one patch: multiprocessing re-runs the parent's main script in every child
(the "spawn" idiom) so that functions defined there can be unpickled. Ours live in the package, and
re-running a user's script that calls the library without an ``if __name__ == "__main__"`` guard
would run it again in every extraction.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import threading
from multiprocessing import forkserver, popen_forkserver, reduction, spawn, util
from multiprocessing.context import ForkServerProcess, set_spawning_popen
from typing import Any

__all__ = ["PRELOAD", "Process", "context"]

PRELOAD = [
    "webquorum.readers.sandbox",
    "webquorum.readers.extract",
    "trafilatura",
    "pypdfium2",
    "webquorum.readers.sandbox.server_start",
]
_context_lock = threading.Lock()
_context: Any = None


class _Popen(popen_forkserver.Popen):
    """A forkserver ``Popen`` that does not ask the child to re-import ``__main__``.

    This is ``popen_forkserver.Popen._launch`` (unchanged since 3.4) with the two main-module keys
    dropped from the preparation data.
    """

    def _launch(self, process_obj: Any) -> None:
        prep_data = spawn.get_preparation_data(process_obj._name)
        prep_data.pop("init_main_from_path", None)
        prep_data.pop("init_main_from_name", None)
        buf = io.BytesIO()
        set_spawning_popen(self)
        try:
            reduction.dump(prep_data, buf)
            reduction.dump(process_obj, buf)
        finally:
            set_spawning_popen(None)
        self.sentinel, w = forkserver.connect_to_new_process(self._fds)  # type: ignore[attr-defined]
        parent_w = os.dup(w)
        self.finalizer = util.Finalize(self, util.close_fds, (parent_w, self.sentinel))  # type: ignore[attr-defined]
        with open(w, "wb", closefd=True) as f:
            f.write(buf.getbuffer())
        self.pid = forkserver.read_signed(self.sentinel)


class Process(ForkServerProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        return _Popen(process_obj)


def context() -> Any:
    """The forkserver context, its preload list set once per process (the server starts on first use)."""
    global _context
    with _context_lock:
        if _context is None:
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(PRELOAD)
            _context = ctx
        return _context


def ensure_running() -> None:
    """Start the fork server (and its imports) now, in the calling thread."""
    context()
    forkserver.ensure_running()
