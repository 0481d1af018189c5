"""Extracted documents kept so reading a page twice costs one fetch: in memory, in one SQLite file,
or in Redis for a fleet (``cache.url: redis://...``).

Why not only an HTTP cache (hishel): the expensive step is extraction, not the transfer, and many
pages say ``no-store`` or nothing at all. This cache stores the finished
:class:`~webquorum.types.Document` as JSON under the caller's key (the normalized URL) for
``ttl_s`` seconds. Only documents can be put, so a failure is never cached: the next call tries
again. A row that no longer validates (the Document shape changed between versions) reads as a miss.

The cache is an optimisation, so it never fails a read. Any fault (a locked, corrupt or full
file, a Redis that is down or frozen) makes :meth:`DocumentCache.get` a miss and
:meth:`DocumentCache.put` a no-op, within the caller's deadline; it is reported once per outage
(:mod:`~webquorum.resilience.notices`) and the cache is skipped for ``cooldown_s`` so later calls
do not each wait on it. A corrupt SQLite file is moved aside and recreated. Bounds: entries
larger than ``max_entry_bytes`` are not stored, and at most ``max_entries`` are kept (oldest
dropped first).
"""

from __future__ import annotations

import abc
import hashlib
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs
from pydantic import ValidationError

from webquorum.errors import StoreUnavailableError
from webquorum.resilience import notices
from webquorum.resilience.sqlite import SqliteFile, is_corrupt
from webquorum.resilience.store import DEFAULT_TIMEOUT_S, RedisStore, describe_fault, redis_client
from webquorum.types import Document

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (key TEXT PRIMARY KEY, stored_at REAL NOT NULL, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS documents_stored_at ON documents (stored_at);
"""
DEFAULT_MAX_ENTRIES = 20_000
DEFAULT_MAX_ENTRY_BYTES = 2_000_000
_COOLDOWN_S = 30.0


def default_cache_path() -> Path:
    """``<user cache dir>/webquorum/documents.sqlite``, e.g. ~/.cache/webquorum/documents.sqlite on Linux."""
    return Path(platformdirs.user_cache_dir("webquorum")) / "documents.sqlite"


class CacheBackend(abc.ABC):
    """Raw JSON by key. Raise on any fault; :class:`DocumentCache` turns faults into misses."""

    where: str

    @abc.abstractmethod
    async def get(self, key: str, ttl_s: float, deadline: float | None) -> str | None: ...

    @abc.abstractmethod
    async def put(
        self, key: str, raw: str, ttl_s: float, max_entries: int, deadline: float | None
    ) -> None: ...

    @abc.abstractmethod
    async def aclose(self) -> None: ...

    def repair(self, exc: BaseException) -> str | None:
        """Recover from a damaged store if ``exc`` says it is damaged; a sentence saying what was done."""
        return None


class SqliteBackend(CacheBackend):
    """A table in one SQLite file; ``path=None`` is a private in-memory database."""

    def __init__(self, path: Path | None, clock: Callable[[], float], timeout_s: float) -> None:
        self._db = SqliteFile(path, _SCHEMA, timeout_s=timeout_s, setting="cache.path")
        self._clock = clock
        self.where = "memory" if path is None else str(path)

    async def get(self, key: str, ttl_s: float, deadline: float | None) -> str | None:
        oldest = self._clock() - ttl_s

        def work(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT doc FROM documents WHERE key = ? AND stored_at > ?", (key, oldest)
            ).fetchone()
            return None if row is None else str(row[0])

        return await self._db.read(work, deadline=deadline)  # a reader: no write lock, no sweep

    async def put(self, key: str, raw: str, ttl_s: float, max_entries: int, deadline: float | None) -> None:
        def work(conn: sqlite3.Connection) -> None:
            now = self._clock()
            # Expired rows of keys nobody asks for again would otherwise stay forever.
            conn.execute("DELETE FROM documents WHERE stored_at <= ?", (now - ttl_s,))
            conn.execute(
                "INSERT OR REPLACE INTO documents (key, stored_at, doc) VALUES (?, ?, ?)", (key, now, raw)
            )
            conn.execute(
                "DELETE FROM documents WHERE key IN (SELECT key FROM documents ORDER BY stored_at DESC LIMIT -1 OFFSET ?)",
                (max_entries,),
            )

        await self._db.transaction(work, deadline=deadline)

    def repair(self, exc: BaseException) -> str | None:
        if not is_corrupt(exc):
            return None
        aside = self._db.quarantine()
        return None if aside is None else f"the file was damaged; moved aside to {aside} and recreated"

    async def aclose(self) -> None:
        await self._db.aclose()


# SET with a TTL, an index by time for the entry bound, and trimming in one atomic step.
_PUT_LUA = """
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], KEYS[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[2]) / 1000)
local extra = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if extra > 0 then
  local old = redis.call('ZRANGE', KEYS[2], 0, extra - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, extra - 1)
  redis.call('DEL', unpack(old))
end
return 1
"""


class RedisBackend(CacheBackend):
    """One string per document (``<prefix>doc:<sha256 of the key>``) with a Redis TTL; every worker sees
    it."""

    def __init__(self, store: RedisStore, clock: Callable[[], float]) -> None:
        self._store = store
        self._clock = clock
        self._put = store.client.register_script(_PUT_LUA)
        self.where = "redis"

    def _key(self, key: str) -> str:
        return f"{self._store.prefix}doc:{hashlib.sha256(key.encode()).hexdigest()}"

    async def get(self, key: str, ttl_s: float, deadline: float | None) -> str | None:
        raw = await self._store.run("cache read", lambda: self._store.client.get(self._key(key)), deadline)
        return None if raw is None else raw.decode() if isinstance(raw, bytes) else str(raw)

    async def put(self, key: str, raw: str, ttl_s: float, max_entries: int, deadline: float | None) -> None:
        keys = [self._key(key), f"{self._store.prefix}doc-index"]
        args = [raw, max(1, int(ttl_s * 1000)), repr(self._clock()), max_entries]
        await self._store.run("cache write", lambda: self._put(keys=keys, args=args), deadline)

    async def aclose(self) -> None:
        await self._store.aclose()


class DocumentCache:
    """``path=None`` keeps the cache in memory for this process only; ``backend`` overrides ``path``."""

    def __init__(
        self,
        path: Path | None,
        ttl_s: float = 3600.0,
        clock: Callable[[], float] = time.time,
        *,
        backend: CacheBackend | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        max_entries: int = DEFAULT_MAX_ENTRIES,
        max_entry_bytes: int = DEFAULT_MAX_ENTRY_BYTES,
        cooldown_s: float = _COOLDOWN_S,
    ) -> None:
        self._backend = backend if backend is not None else SqliteBackend(path, clock, timeout_s)
        self.ttl_s = ttl_s
        self.max_entries = max_entries
        self.max_entry_bytes = max_entry_bytes
        self._cooldown_s = cooldown_s
        self._down_until = 0.0
        self.faults = 0  # every fault seen, reported or not (tests and benchmarks read it)

    @classmethod
    def on_redis(
        cls, url: str, ttl_s: float = 3600.0, *, timeout_s: float = DEFAULT_TIMEOUT_S, **bounds: Any
    ) -> DocumentCache:
        """A cache every process that reaches ``url`` shares (config ``cache.url``)."""
        store = RedisStore(redis_client(url, timeout_s, key="cache.url"), timeout_s=timeout_s)
        return cls(None, ttl_s, backend=RedisBackend(store, time.time), timeout_s=timeout_s, **bounds)

    async def get(self, key: str, *, deadline: float | None = None) -> Document | None:
        """The document stored under ``key``, or None when absent, expired, unreadable or the cache failed."""
        if self._skipping():
            return None
        try:
            raw = await self._backend.get(key, self.ttl_s, deadline)
        except (sqlite3.Error, OSError, TimeoutError, StoreUnavailableError) as exc:
            self._fault("read", exc)
            return None
        if raw is None:
            return None
        try:
            return Document.model_validate_json(raw)
        except ValidationError:
            return None

    async def put(self, key: str, doc: Document, *, deadline: float | None = None) -> None:
        if not isinstance(doc, Document):
            raise TypeError(f"DocumentCache stores Document values only, not {type(doc).__name__}")
        raw = doc.model_dump_json()
        if len(raw) > self.max_entry_bytes or self._skipping():
            return
        try:
            await self._backend.put(key, raw, self.ttl_s, self.max_entries, deadline)
        except (sqlite3.Error, OSError, TimeoutError, StoreUnavailableError) as exc:
            self._fault("write", exc)

    def _skipping(self) -> bool:
        return time.monotonic() < self._down_until

    def _fault(self, what: str, exc: BaseException) -> None:
        self.faults += 1
        repaired = self._backend.repair(exc)
        if repaired is not None:  # usable again at once
            notices.report(f"WEB_STORE_UNAVAILABLE: document cache ({self._backend.where}): {repaired}")
            return
        if not self._skipping():
            self._down_until = time.monotonic() + self._cooldown_s
            notices.report(
                f"WEB_STORE_UNAVAILABLE: document cache ({self._backend.where}) {what} failed: "
                f"{describe_fault(exc)}; pages are read from the network, the cache is retried in {self._cooldown_s:g}s"
            )

    async def aclose(self) -> None:
        await self._backend.aclose()
