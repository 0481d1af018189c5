"""Where rate-limit state lives, chosen by URL the way alisaifee/limits does it.

=====================  ==================================================================
``memory://``          this process only; the default for a single CLI run
``sqlite:///abs.db``   shared by every process on this machine (WAL + ``BEGIN IMMEDIATE``)
``redis://h:p/db``     shared by every process that reaches the server (one Lua script);
                       needs ``pip install 'webquorum[redis]'``; ``rediss://`` for TLS
=====================  ==================================================================

Every backend implements one operation, a sliding-window log (:meth:`Store.acquire`), and
they share one test suite. The shared backends stamp entries with the caller's wall clock
(``time.time``), as pyrate-limiter's Redis bucket does, so hosts sharing a Redis need
roughly synchronised clocks; the memory backend uses ``time.monotonic``.
"""

from __future__ import annotations

import abc
import itertools
import re
import sqlite3
import time
import uuid
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from webquorum.errors import ConfigError
from webquorum.resilience.sqlite import SqliteFile

Clock = Callable[[], float]

_USERINFO_PASSWORD = re.compile(r"(//[^/@:]*:)[^/@]*@")
SCHEMES = ("memory://", "sqlite:///<absolute path>", "redis://host:port/db", "rediss://host:port/db")


class Store(abc.ABC):
    """Shared counters for rate limiting. Each backend must make :meth:`acquire` atomic."""

    @abc.abstractmethod
    async def acquire(self, key: str, limit: int, window_s: float) -> float:
        """Take one slot of ``limit`` per ``window_s`` for ``key``.

        Atomically drops entries older than ``now - window_s``; if fewer than ``limit`` remain,
        records ``now`` and returns 0.0, otherwise records nothing and returns the seconds until
        the oldest entry leaves the window (always > 0).
        """

    @abc.abstractmethod
    async def aclose(self) -> None:
        """Release connections and files."""


class MemoryStore(Store):
    """Per-process log. No awaits inside :meth:`acquire`, so it is atomic on one event loop."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self._clock = clock
        self._logs: dict[str, deque[float]] = {}

    async def acquire(self, key: str, limit: int, window_s: float) -> float:
        now = self._clock()
        log = self._logs.setdefault(key, deque())
        while log and log[0] <= now - window_s:
            log.popleft()
        if len(log) < limit:
            log.append(now)
            return 0.0
        return log[0] + window_s - now

    async def aclose(self) -> None:
        self._logs.clear()


_SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS window_log (key TEXT NOT NULL, ts REAL NOT NULL);
CREATE INDEX IF NOT EXISTS window_log_key_ts ON window_log (key, ts);
"""


class SqliteStore(Store):
    """A table of (key, timestamp) rows; ``BEGIN IMMEDIATE`` serialises acquirers across processes."""

    def __init__(self, path: Path, clock: Clock = time.time) -> None:
        self._db = SqliteFile(path, _SQLITE_SCHEMA, setting="store.url")
        self._clock = clock

    async def acquire(self, key: str, limit: int, window_s: float) -> float:
        def work(conn: sqlite3.Connection) -> float:
            now = self._clock()  # read inside the write lock so timestamps are ordered
            conn.execute("DELETE FROM window_log WHERE key = ? AND ts <= ?", (key, now - window_s))
            count, oldest = conn.execute(
                "SELECT COUNT(*), MIN(ts) FROM window_log WHERE key = ?", (key,)
            ).fetchone()
            if count < limit:
                conn.execute("INSERT INTO window_log (key, ts) VALUES (?, ?)", (key, now))
                return 0.0
            return float(oldest) + window_s - now

        return await self._db.transaction(work)

    async def aclose(self) -> None:
        await self._db.aclose()


# Returns a string: Redis truncates Lua numbers to integers on the way out.
_ACQUIRE_LUA = """
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], math.ceil(window * 1000))
  return '0'
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tostring(tonumber(oldest[2]) + window - now)
"""


class RedisStore(Store):
    """A sorted set per key, trimmed and appended by one Lua script so the check-and-add is atomic."""

    def __init__(self, client: Any, clock: Clock = time.time, prefix: str = "webquorum:window:") -> None:
        from redis.exceptions import RedisError  # present whenever a client could be built

        self._redis_error = RedisError
        self._client = client
        self._script = client.register_script(_ACQUIRE_LUA)
        self._clock = clock
        self._prefix = prefix
        # Members must be unique within a key even when two clients (on any host) share a timestamp.
        self._member_prefix = f"{uuid.uuid4().hex}:"
        self._counter = itertools.count()

    async def acquire(self, key: str, limit: int, window_s: float) -> float:
        member = f"{self._member_prefix}{next(self._counter)}"
        now = self._clock()
        try:
            reply = await self._script(
                keys=[self._prefix + key], args=[repr(now), repr(window_s), limit, member]
            )
        except self._redis_error as exc:
            raise ConfigError(
                f"store.url: the redis rate-limit store failed: {exc}",
                hint="check that the server in store.url is running, or use store.url memory://",
            ) from exc
        return max(0.0, float(reply.decode() if isinstance(reply, bytes) else reply))

    async def aclose(self) -> None:
        await self._client.aclose()


def open_store(url: str, *, clock: Clock | None = None) -> Store:
    """Build the backend named by ``url`` (config key ``store.url``); ``clock`` is for tests."""
    try:
        parts = urlsplit(url)
    except ValueError:  # e.g. an unclosed IPv6 bracket
        raise _not_a_store_url(url) from None
    if parts.scheme == "memory" and not parts.netloc and parts.path in ("", "/"):
        return MemoryStore() if clock is None else MemoryStore(clock)
    if parts.scheme == "sqlite" and not parts.netloc and parts.path.startswith("/") and parts.path[-1] != "/":
        path = Path(parts.path)
        return SqliteStore(path) if clock is None else SqliteStore(path, clock)
    if parts.scheme in ("redis", "rediss") and parts.hostname:
        try:
            import redis.asyncio
        except ImportError:
            raise ConfigError(
                f"store.url {_shown(url)!r} needs the redis package: pip install 'webquorum[redis]'",
                hint="pip install 'webquorum[redis]', or use store.url memory:// or sqlite:///<absolute path>",
            ) from None
        client = redis.asyncio.Redis.from_url(url)
        return RedisStore(client) if clock is None else RedisStore(client, clock)
    raise _not_a_store_url(url)


def _not_a_store_url(url: str) -> ConfigError:
    return ConfigError(
        f"store.url {_shown(url)!r} is not a store URL; use one of: {', '.join(SCHEMES)}",
        hint="for example store.url: sqlite:///home/me/.cache/webquorum/limits.sqlite",
    )


def _shown(url: str) -> str:
    """``url`` without its password, which a Redis URL may carry in its userinfo."""
    return _USERINFO_PASSWORD.sub(r"\1***@", url)
