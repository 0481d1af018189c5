"""One SQLite file used from asyncio, where no file fault can outlive the caller's deadline.

Shared by the SQLite rate-limit store and the document cache. WAL lets readers carry on while
another process writes; :meth:`SqliteFile.transaction` takes the write lock up front
(``BEGIN IMMEDIATE``) so a read-then-write cannot interleave with another process's, and
:meth:`SqliteFile.read` takes no write lock at all.

Why not ``asyncio.to_thread``: a file locked by another process (or on a stuck disk) would park
a thread of the default executor, which extraction also uses, and ``asyncio.run`` joins that
executor at exit, so Ctrl-C could not end the process. Each operation runs instead on its own
daemon thread; the caller waits at most ``timeout_s`` (and never past its deadline), SQLite's
own busy wait is cut into short slices the thread retries until its caller gives up, and a
thread left behind is interrupted and never joined. One operation at a time per file: a second caller that
finds the connection busy
fails at once rather than queueing behind a stuck one.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from webquorum.errors import ConfigError

T = TypeVar("T")

# SQLite primary result codes that mean the file itself is damaged (not busy, not full).
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_CANTOPEN = 14
# SQLite's own busy wait cannot be interrupted, so it is kept short and retried here, where the
# thread can see that its caller gave up.
_BUSY_SLICE_S = 0.05


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)


def is_corrupt(exc: BaseException) -> bool:
    """True when ``exc`` says the file is not a database or its pages are malformed."""
    code = getattr(exc, "sqlite_errorcode", None)
    return (
        isinstance(exc, sqlite3.DatabaseError)
        and code is not None
        and code & 0xFF
        in (
            _SQLITE_CORRUPT,
            _SQLITE_NOTADB,
        )
    )


class SqliteFile:
    """A connection to ``path`` (``None`` for a private in-memory database) with ``schema`` applied.

    ``setting`` names the config key the path came from: a file that cannot be opened at all (a
    parent under ``/proc``, a read-only directory, a directory in its place) is that key's error,
    while a busy, corrupt or full file stays a fault of the store.
    """

    def __init__(
        self, path: Path | None, schema: str, *, timeout_s: float = 0.5, setting: str = "the database path"
    ) -> None:
        self.path = path
        self._schema = schema
        self.timeout_s = timeout_s
        self._setting = setting
        self._conn: sqlite3.Connection | None = None  # opened on first use, in a worker thread
        self._lock = threading.Lock()  # held by the thread running an operation
        self._queue: asyncio.Lock | None = None
        self._queue_loop: asyncio.AbstractEventLoop | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self._conn = self._open()
            except OSError as exc:
                raise self._unopenable(exc.strerror or str(exc)) from None
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorcode", None) != _SQLITE_CANTOPEN:
                    raise
                raise self._unopenable(str(exc)) from None
        return self._conn

    def _unopenable(self, reason: str) -> ConfigError:
        return ConfigError(
            f"{self._setting}: {str(self.path)!r} cannot be opened ({reason})",
            hint=f"point {self._setting} at a file in a directory you can write to",
        )

    def _open(self) -> sqlite3.Connection:
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        target = ":memory:" if self.path is None else str(self.path)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so the lock mode is explicit.
        conn = sqlite3.connect(target, timeout=_BUSY_SLICE_S, isolation_level=None, check_same_thread=False)
        try:
            if self.path is not None:
                conn.execute("PRAGMA journal_mode=WAL")
            conn.executescript(self._schema)
        except BaseException:
            conn.close()
            raise
        return conn

    async def transaction(
        self, work: Callable[[sqlite3.Connection], T], *, deadline: float | None = None
    ) -> T:
        """Run ``work`` inside ``BEGIN IMMEDIATE`` ... ``COMMIT``; roll back if it raises."""

        def run(conn: sqlite3.Connection) -> T:
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = work(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return result

        return await self._submit(run, deadline)

    async def read(self, work: Callable[[sqlite3.Connection], T], *, deadline: float | None = None) -> T:
        """Run ``work`` outside any transaction: a WAL reader that takes no write lock."""
        return await self._submit(work, deadline)

    async def _submit(self, work: Callable[[sqlite3.Connection], T], deadline: float | None) -> T:
        loop = asyncio.get_running_loop()
        budget = self.timeout_s if deadline is None else min(self.timeout_s, deadline - loop.time())
        if budget <= 0:
            raise TimeoutError("no time left before the request's deadline")
        if self._queue is None or self._queue_loop is not loop:
            self._queue, self._queue_loop = asyncio.Lock(), loop
        try:
            async with asyncio.timeout(budget + _BUSY_SLICE_S):
                async with self._queue:  # callers in this process take turns, within their budget
                    return await self._in_thread(loop, work, loop.time() + budget)
        except TimeoutError:
            raise TimeoutError(
                f"the file did not answer within {budget:.2f}s (locked by another process?)"
            ) from None

    async def _in_thread(
        self, loop: asyncio.AbstractEventLoop, work: Callable[[sqlite3.Connection], T], until: float
    ) -> T:
        if not self._lock.acquire(blocking=False):
            raise TimeoutError("the file is still busy with an operation that timed out earlier")
        future: asyncio.Future[T] = loop.create_future()
        abandoned = threading.Event()
        until_mono = time.monotonic() + (until - loop.time())

        def attempt() -> T:
            while True:
                try:
                    return work(self._connect())
                except sqlite3.OperationalError as exc:
                    if not _is_busy(exc) or abandoned.is_set() or time.monotonic() >= until_mono:
                        raise
                time.sleep(_BUSY_SLICE_S / 2)

        def target() -> None:
            try:
                outcome: tuple[bool, Any] = (True, attempt())
            except BaseException as exc:
                outcome = (False, exc)
            finally:
                self._lock.release()
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody is waiting any more
                loop.call_soon_threadsafe(_settle, future, outcome)

        threading.Thread(target=target, name="webquorum-sqlite", daemon=True).start()
        try:
            return await asyncio.shield(future)
        except (TimeoutError, asyncio.CancelledError):
            abandoned.set()  # the thread stops retrying within one busy slice
            future.add_done_callback(_consume)  # settled later, after nobody is waiting
            conn = self._conn
            if conn is not None:
                conn.interrupt()  # end a long statement in the thread we leave behind
            raise

    def quarantine(self) -> Path | None:
        """Close and move a damaged file aside (``<name>.corrupt-<unix time>``); the next use recreates it."""
        if not self._lock.acquire(blocking=False):
            return None  # still busy; the next fault will try again
        try:
            if self._conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.close()
                self._conn = None
            if self.path is None or not self.path.exists():
                return None
            aside = self.path.with_name(f"{self.path.name}.corrupt-{int(time.time())}")
            self.path.replace(aside)
            for suffix in ("-wal", "-shm"):
                sidecar = self.path.with_name(self.path.name + suffix)
                if sidecar.exists():
                    sidecar.replace(aside.with_name(aside.name + suffix))
            return aside
        finally:
            self._lock.release()

    async def aclose(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        if self._lock.acquire(blocking=False):
            try:
                conn.close()
            finally:
                self._lock.release()
        else:
            conn.interrupt()  # a thread is stuck on it; the process may exit without it


def _consume(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


def _settle(future: asyncio.Future[Any], outcome: tuple[bool, Any]) -> None:
    if future.done():
        return
    ok, value = outcome
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
