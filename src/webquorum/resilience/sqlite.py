"""One SQLite file used from asyncio: the connection lives behind a lock and every call runs in a thread.

Shared by the SQLite rate-limit store and the document cache. WAL lets readers in other
processes carry on while one process writes; ``BEGIN IMMEDIATE`` (see :meth:`SqliteFile.transaction`)
takes the write lock up front, so a read-then-write sequence cannot interleave with another
process's. The stdlib module is enough; no aiosqlite.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from webquorum.errors import ConfigError

T = TypeVar("T")

_BUSY_TIMEOUT_S = 30.0


class SqliteFile:
    """A connection to ``path`` (``None`` for a private in-memory database) with ``schema`` applied.

    ``setting`` names the config key the path came from: a file that cannot be opened (a parent
    under ``/proc``, a read-only directory, a directory in its place) is that key's error.
    """

    def __init__(self, path: Path | None, schema: str, *, setting: str = "the database path") -> None:
        self._path = path
        self._schema = schema
        self._setting = setting
        self._conn: sqlite3.Connection | None = None  # opened on first use, in a worker thread
        self._lock = threading.Lock()

    def _connect(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self._conn = self._open()
            except (OSError, sqlite3.Error) as exc:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                raise ConfigError(
                    f"{self._setting}: {str(self._path)!r} cannot be opened ({reason})",
                    hint=f"point {self._setting} at a file in a directory you can write to",
                ) from None
        return self._conn

    def _open(self) -> sqlite3.Connection:
        if self._path is not None:
            self._path.parent.mkdir(parents=True, exist_ok=True)
        target = ":memory:" if self._path is None else str(self._path)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so the lock mode is explicit.
        conn = sqlite3.connect(target, timeout=_BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
        try:
            if self._path is not None:
                conn.execute("PRAGMA journal_mode=WAL")
            conn.executescript(self._schema)
        except BaseException:
            conn.close()
            raise
        return conn

    async def transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` inside ``BEGIN IMMEDIATE`` ... ``COMMIT`` in a worker thread; roll back if it raises."""
        return await asyncio.to_thread(self._run, work)

    def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            conn = self._connect()
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = work(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return result

    async def aclose(self) -> None:
        def close() -> None:
            with self._lock:
                if self._conn is not None:
                    self._conn.close()
                    self._conn = None

        await asyncio.to_thread(close)
