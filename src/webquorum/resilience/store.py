"""Where rate-limit state lives, chosen by URL the way alisaifee/limits does it
(the table of schemes is :data:`webquorum.resilience.backends.BACKENDS`).

Every backend implements one operation, a sliding-window log (:meth:`Store.acquire`), and
they share one test suite. Redis takes the time from the server inside the script, so hosts
sharing it need no synchronised clocks; SQLite stamps with this machine's wall clock; memory
uses ``time.monotonic``. A store that fails (Redis down or frozen, a locked SQLite file)
raises :class:`~webquorum.errors.StoreUnavailableError` within the caller's deadline: a fault
of the store, never of the config or the page.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import itertools
import re
import sqlite3
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from webquorum.errors import ConfigError, StoreUnavailableError, redact
from webquorum.resilience.sqlite import SqliteFile

Clock = Callable[[], float]
T = TypeVar("T")

_USERINFO_PASSWORD = re.compile(r"(//[^/@:]*:)[^/@]*@")
DEFAULT_TIMEOUT_S = 0.5


class Store(abc.ABC):
    """Shared counters for rate limiting. Each backend must make :meth:`acquire` atomic."""

    shared: ClassVar[bool] = False  # True when other machines see the same state (Redis)

    @abc.abstractmethod
    async def acquire(
        self,
        key: str,
        limit: int,
        window_s: float,
        deadline: float | None = None,
        *,
        member: str | None = None,
    ) -> float:
        """Take one slot of ``limit`` per ``window_s`` for ``key``.

        Atomically drops entries older than ``now - window_s``; if fewer than ``limit`` remain,
        records ``now`` (under ``member``, unique per grant) and returns 0.0, otherwise records
        nothing and returns the seconds until the oldest entry leaves the window (always > 0).
        ``deadline`` (a ``loop.time()`` instant) bounds the store's own I/O; past it the call
        raises StoreUnavailableError.
        """

    @abc.abstractmethod
    async def settle(self, key: str, member: str, deadline: float | None = None) -> None:
        """Move ``member``'s entry to ``now``: the request it granted has been answered.

        The upstream counts a request when it arrives, which is after the grant and before the
        answer; restamping at the answer makes the next grant wait a full window after the
        latest moment this request can have arrived, however long its transit took.
        """

    @abc.abstractmethod
    async def aclose(self) -> None:
        """Release connections and files."""


class MemoryStore(Store):
    """Per-process log. No awaits inside :meth:`acquire`, so it is atomic on one event loop."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self._clock = clock
        self._logs: dict[str, dict[str, float]] = {}
        self._members = itertools.count()

    async def acquire(
        self,
        key: str,
        limit: int,
        window_s: float,
        deadline: float | None = None,
        *,
        member: str | None = None,
    ) -> float:
        now = self._clock()
        log = self._logs.setdefault(key, {})
        for name in [name for name, ts in log.items() if ts <= now - window_s]:
            del log[name]
        if len(log) < limit:
            log[member or f"m{next(self._members)}"] = now
            return 0.0
        return min(log.values()) + window_s - now

    async def settle(self, key: str, member: str, deadline: float | None = None) -> None:
        log = self._logs.get(key)
        if log is not None and member in log:
            log[member] = max(log[member], self._clock())

    async def aclose(self) -> None:
        self._logs.clear()


_SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS window_slots (key TEXT NOT NULL, ts REAL NOT NULL, member TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS window_slots_key_ts ON window_slots (key, ts);
CREATE INDEX IF NOT EXISTS window_slots_member ON window_slots (member);
"""


class SqliteStore(Store):
    """A table of (key, timestamp) rows; ``BEGIN IMMEDIATE`` serialises acquirers across processes."""

    def __init__(self, path: Path, clock: Clock = time.time, timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        self._db = SqliteFile(path, _SQLITE_SCHEMA, timeout_s=timeout_s, setting="store.url")
        self._clock = clock

    async def acquire(
        self,
        key: str,
        limit: int,
        window_s: float,
        deadline: float | None = None,
        *,
        member: str | None = None,
    ) -> float:
        name = member or uuid.uuid4().hex

        def work(conn: sqlite3.Connection) -> float:
            now = self._clock()  # read inside the write lock so timestamps are ordered
            conn.execute("DELETE FROM window_slots WHERE key = ? AND ts <= ?", (key, now - window_s))
            count, oldest = conn.execute(
                "SELECT COUNT(*), MIN(ts) FROM window_slots WHERE key = ?", (key,)
            ).fetchone()
            if count < limit:
                conn.execute("INSERT INTO window_slots (key, ts, member) VALUES (?, ?, ?)", (key, now, name))
                return 0.0
            return float(oldest) + window_s - now

        return await self._run(work, deadline)

    async def settle(self, key: str, member: str, deadline: float | None = None) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE window_slots SET ts = MAX(ts, ?) WHERE key = ? AND member = ?",
                (self._clock(), key, member),
            )

        await self._run(work, deadline)

    async def _run(self, work: Callable[[sqlite3.Connection], T], deadline: float | None) -> T:
        try:
            return await self._db.transaction(work, deadline=deadline)
        except (sqlite3.Error, OSError, TimeoutError) as exc:
            raise StoreUnavailableError(
                f"store: sqlite rate-limit file failed: {describe_fault(exc)}"
            ) from None

    async def aclose(self) -> None:
        await self._db.aclose()


# Time comes from the server (TIME), not the caller, so hosts with skewed clocks share one
# window; ARGV[1] overrides it only when tests drive a fake clock. Returns strings: Redis
# truncates Lua numbers to integers on the way out.
_NOW_LUA = """
local now
if ARGV[1] == '' then
  if redis.replicate_commands then pcall(redis.replicate_commands) end
  local t = redis.call('TIME')
  now = tonumber(t[1]) + tonumber(t[2]) / 1000000
else
  now = tonumber(ARGV[1])
end
"""

_ACQUIRE_LUA = (
    _NOW_LUA
    + """
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
)

_SETTLE_LUA = (
    _NOW_LUA
    + """
local score = redis.call('ZSCORE', KEYS[1], ARGV[2])
if score and tonumber(score) < now then
  redis.call('ZADD', KEYS[1], 'XX', now, ARGV[2])
  redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[3]) * 1000))
end
return 1
"""
)

# One hash per breaker: f failures, o open-until, p probe lease until, i counted calls in flight,
# c 1 while the open period is a bot challenge's cooldown (so every process names it as such).
# See breaker.py for the state machine this mirrors.
_BREAKER_LUA = (
    _NOW_LUA
    + """
local k = KEYS[1]
local op = ARGV[2]
local fail_max = tonumber(ARGV[3])
local reset = tonumber(ARGV[4])
local lease = tonumber(ARGV[5])
local counted = ARGV[6] == '1'
local probe = ARGV[7] == '1'
local ttl = math.ceil((reset + 600) * 1000)
local h = redis.call('HMGET', k, 'f', 'o', 'p', 'i', 'c')
local f = tonumber(h[1] or '0')
local o = tonumber(h[2] or '0')
local p = tonumber(h[3] or '0')
local i = tonumber(h[4] or '0')
local opened = 'open'
if h[5] == '1' then opened = 'challenged' end
if op == 'admit' then
  if o > 0 then
    if now < o then return {opened, tostring(o - now), tostring(f)} end
    if p > now then return {'probing', tostring(p - now), tostring(f)} end
    redis.call('HSET', k, 'p', tostring(now + lease))
    redis.call('PEXPIRE', k, ttl)
    return {'probe', '0', tostring(f)}
  end
  if f > 0 then
    if f + i >= fail_max then return {'suspect', '1', tostring(f)} end
    redis.call('HINCRBY', k, 'i', 1)
    redis.call('PEXPIRE', k, ttl)
    return {'counted', '0', tostring(f)}
  end
  return {'closed', '0', '0'}
end
if counted and i > 0 then i = i - 1 end
if op == 'challenge' then
  f = f + 1
  redis.call('HSET', k, 'f', f, 'o', tostring(now + reset), 'p', '0', 'i', '0', 'c', '1')
  redis.call('PEXPIRE', k, ttl)
  return {'challenged', tostring(reset), tostring(f)}
end
if op == 'fault' then
  f = f + 1
  if probe or (f >= fail_max and (o == 0 or o <= now)) then
    redis.call('HSET', k, 'f', f, 'o', tostring(now + reset), 'p', '0', 'i', '0', 'c', '0')
    redis.call('PEXPIRE', k, ttl)
    return {'open', tostring(reset), tostring(f)}
  end
  redis.call('HSET', k, 'f', f, 'i', i)
  redis.call('PEXPIRE', k, ttl)
  return {'closed', '0', tostring(f)}
end
if op == 'ok' then
  redis.call('DEL', k)
  return {'closed', '0', '0'}
end
if redis.call('EXISTS', k) == 1 then
  redis.call('HSET', k, 'i', i)
  if probe then redis.call('HSET', k, 'p', '0') end
end
return {'released', '0', tostring(f)}
"""
)


class RedisStore(Store):
    """A sorted set per key, trimmed and appended by one Lua script so the check-and-add is atomic.

    Every command is bounded by ``timeout_s`` and by the caller's deadline, whichever is sooner;
    a failure makes the store fail fast for ``cooldown_s`` (no connect attempt per call while
    the server is down), then the next call probes it again.
    """

    shared = True

    def __init__(
        self,
        client: Any,
        clock: Clock | None = None,
        prefix: str = "webquorum:",
        *,
        timeout_s: float = 0.5,
        cooldown_s: float = 1.0,
    ) -> None:
        from redis.exceptions import RedisError  # present whenever a client could be built

        self._redis_error = RedisError
        self.client = client
        self._acquire_script = client.register_script(_ACQUIRE_LUA)
        self._settle_script = client.register_script(_SETTLE_LUA)
        self._windows: dict[str, float] = {}  # key -> window, for the settle step's expiry
        self._breaker_script = client.register_script(_BREAKER_LUA)
        self._clock = clock  # None: the server's TIME
        self.prefix = prefix
        self.timeout_s = timeout_s
        self._cooldown_s = cooldown_s
        self._down_until = 0.0
        self._down_reason = ""
        # Members must be unique within a key even when two clients (on any host) share a timestamp.
        self._member_prefix = f"{uuid.uuid4().hex}:"
        self._counter = itertools.count()

    def _now_arg(self) -> str:
        return "" if self._clock is None else repr(self._clock())

    async def run(self, what: str, call: Callable[[], Awaitable[T]], deadline: float | None = None) -> T:
        """Await ``call()`` within the store's timeout and ``deadline`` (a ``loop.time()`` instant).

        Any failure (refused, reset, frozen server, timeout) raises StoreUnavailableError.
        """
        loop = asyncio.get_running_loop()
        now = loop.time()
        if now < self._down_until:
            raise self._unavailable(what, self._down_reason)
        budget = self.timeout_s if deadline is None else min(self.timeout_s, deadline - now)
        if budget <= 0:
            raise StoreUnavailableError(f"store: no time left for {what} before the request's deadline")
        try:
            async with asyncio.timeout(budget):
                return await call()
        except (self._redis_error, OSError, TimeoutError) as exc:
            reason = (
                f"no answer within {budget:.2f}s" if isinstance(exc, TimeoutError) else describe_fault(exc)
            )
            self._down_until = loop.time() + self._cooldown_s
            self._down_reason = reason
            raise self._unavailable(what, reason) from None

    def _unavailable(self, what: str, reason: str) -> StoreUnavailableError:
        return StoreUnavailableError(f"store: redis {what} failed: {reason}")

    async def acquire(
        self,
        key: str,
        limit: int,
        window_s: float,
        deadline: float | None = None,
        *,
        member: str | None = None,
    ) -> float:
        member = member or f"{self._member_prefix}{next(self._counter)}"
        self._windows[key] = window_s
        args = [self._now_arg(), repr(window_s), limit, member]
        reply = await self.run(
            "rate limit",
            lambda: self._acquire_script(keys=[f"{self.prefix}window:{key}"], args=args),
            deadline,
        )
        return max(0.0, float(_text(reply)))

    async def settle(self, key: str, member: str, deadline: float | None = None) -> None:
        args = [self._now_arg(), member, repr(self._windows.get(key, 60.0))]
        await self.run(
            "rate limit",
            lambda: self._settle_script(keys=[f"{self.prefix}window:{key}"], args=args),
            deadline,
        )

    async def breaker(
        self,
        key: str,
        op: str,
        *,
        fail_max: int,
        reset_s: float,
        lease_s: float,
        counted: bool = False,
        probe: bool = False,
        deadline: float | None = None,
    ) -> tuple[str, float, int]:
        """One step of the shared breaker (see breaker.py): returns (state, seconds, failures)."""
        args = [self._now_arg(), op, fail_max, repr(reset_s), repr(lease_s), int(counted), int(probe)]
        reply = await self.run(
            "breaker", lambda: self._breaker_script(keys=[f"{self.prefix}breaker:{key}"], args=args), deadline
        )
        state, seconds, failures = (_text(part) for part in reply)
        return state, float(seconds), int(float(failures))

    async def aclose(self) -> None:
        with contextlib.suppress(self._redis_error, OSError):
            await self.client.aclose()


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def describe_fault(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return redact(text)[:200]


REDIS_CONNECTIONS = 64  # per client; a command waits (at most the timeout) for a free one


def redis_client(url: str, timeout_s: float, key: str = "store.url") -> Any:
    """An asyncio Redis client whose every wait is bounded and which never retries on its own.

    redis-py's defaults (no socket timeout, three retries with backoff) would let a frozen
    server hold a caller far past its deadline. Its default pool opens a connection for every
    command in flight (each a connect, a handshake and a package-metadata read: about 2 ms of
    CPU), and past 100 it fails the command at once ("Too many connections"), which marked the
    store down for its cooldown during a burst of MCP calls. A command takes well under a
    millisecond, so :data:`REDIS_CONNECTIONS` serve a burst, the others waiting their turn.
    """
    try:
        import redis.asyncio
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff
    except ImportError:
        raise ConfigError(
            f"{key} {shown(url)!r} needs the redis package: pip install 'webquorum[redis]'",
            hint=f"pip install 'webquorum[redis]', or use {key} memory:// or sqlite:///<absolute path>",
        ) from None
    pool = redis.asyncio.BlockingConnectionPool.from_url(
        url,
        max_connections=REDIS_CONNECTIONS,
        timeout=timeout_s,  # waiting for a free connection is bounded like any other wait
        socket_timeout=timeout_s,
        socket_connect_timeout=timeout_s,
        retry=Retry(NoBackoff(), 0),
        retry_on_timeout=False,
        health_check_interval=0,
    )
    return redis.asyncio.Redis.from_pool(pool)


def shown(url: str) -> str:
    """``url`` without its password, which a Redis URL may carry in its userinfo."""
    return _USERINFO_PASSWORD.sub(r"\1***@", url)
