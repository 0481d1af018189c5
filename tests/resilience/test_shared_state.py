"""The fleet half of the store contract: breakers and the document cache on every backend, and
Redis time taken from the server.

Breakers run on a local backend (memory and SQLite stores keep them per process) and on Redis
(fakeredis and a real server), where two Breaker objects on one key stand for two workers.
The cache runs on memory, SQLite and Redis.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from tests.resilience.conftest import FakeClock, RedisServer
from webquorum import errors
from webquorum.resilience import notices
from webquorum.resilience.backends import open_store
from webquorum.resilience.breaker import Breaker, BreakerRegistry, credential_tag
from webquorum.resilience.cache import DocumentCache, RedisBackend
from webquorum.resilience.store import RedisStore
from webquorum.types import Document

BreakerFactory = Callable[[], Breaker]


def server_error() -> errors.HttpStatusError:
    return errors.HttpStatusError("503", status=503, transient=True)


async def call(breaker: Breaker, outcome: BaseException | None = None) -> str:
    async with breaker.guard():
        if outcome is not None:
            raise outcome
        return "ok"


async def fail(breaker: Breaker, times: int = 1) -> None:
    for _ in range(times):
        with pytest.raises(errors.HttpStatusError):
            await call(breaker, server_error())


async def _redis_store(kind: str, request: pytest.FixtureRequest, clock: FakeClock) -> RedisStore:
    if kind == "fakeredis":
        import fakeredis.aioredis

        return RedisStore(fakeredis.aioredis.FakeRedis(), clock=clock)
    import redis.asyncio

    url = request.getfixturevalue("redis_url")
    admin = redis.asyncio.Redis.from_url(url)
    await admin.flushdb()
    await admin.aclose()
    store = open_store(url, clock=clock)
    assert isinstance(store, RedisStore)
    return store


@pytest.fixture(params=["local", "fakeredis", pytest.param("redis", marks=pytest.mark.redis)])
async def breakers(request: pytest.FixtureRequest, clock: FakeClock) -> AsyncIterator[BreakerFactory]:
    """Makes breakers for one upstream: on Redis every one made shares the state (one per worker)."""
    shared = None if request.param == "local" else await _redis_store(request.param, request, clock)
    made: list[Breaker] = []

    def make() -> Breaker:
        if shared is None and made:
            return made[0]  # per process: every "worker" here is this one process
        breaker = Breaker(
            "brave", fail_max=3, reset_after_s=10.0, clock=clock, shared=shared, key="t:brave:-"
        )
        made.append(breaker)
        return breaker

    yield make
    if shared is not None:
        await shared.aclose()


# --- breakers on every backend -------------------------------------------------------------------


async def test_fail_max_faults_open_it_for_every_worker(breakers: BreakerFactory, clock: FakeClock) -> None:
    first, second = breakers(), breakers()
    await fail(first, 2)
    await fail(second, 1)
    for worker in (first, second):
        with pytest.raises(errors.CircuitOpenError) as info:
            await call(worker)
        assert info.value.retry_after == pytest.approx(10.0, abs=0.01)
    clock.advance(10.0)
    assert await call(second) == "ok"  # the probe succeeds: closed for everyone
    assert await call(first) == "ok"


async def test_a_challenge_is_named_as_such_by_every_worker_until_its_cooldown_ends(
    breakers: BreakerFactory, clock: FakeClock
) -> None:
    first, second = breakers(), breakers()
    with pytest.raises(errors.ChallengeError):
        await call(first, errors.ChallengeError("captcha", provider="brave", retry_after=120.0))
    for worker in (first, second):
        with pytest.raises(errors.CircuitOpenError) as info:
            await call(worker)
        assert "bot challenge" in info.value.message and info.value.retry_after == pytest.approx(
            120.0, abs=0.01
        )
    clock.advance(120.0)
    assert await call(second) == "ok"  # the probe after the cooldown closes it for everyone
    await fail(first, 1)
    with pytest.raises(errors.CircuitOpenError) as info:  # a later ordinary open is not called a challenge
        await fail(first, 2)
        await call(second)
    assert "bot challenge" not in info.value.message


async def test_after_a_fault_concurrent_callers_cannot_pile_past_fail_max(breakers: BreakerFactory) -> None:
    """One fault seen, fail_max 3: at most two more calls may be in flight, whichever worker sends them."""
    await fail(breakers(), 1)
    release = asyncio.Event()
    admitted = 0

    async def hanging() -> None:
        nonlocal admitted
        async with breakers().guard():
            admitted += 1
            await release.wait()
            raise server_error()

    tasks = [asyncio.create_task(hanging()) for _ in range(6)]
    await asyncio.sleep(0.2)
    release.set()
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert admitted == 2
    assert sum(isinstance(o, errors.CircuitOpenError) for o in outcomes) == 4
    with pytest.raises(errors.CircuitOpenError, match="circuit open after 3"):
        await call(breakers())


async def test_one_probe_for_the_whole_fleet(breakers: BreakerFactory, clock: FakeClock) -> None:
    await fail(breakers(), 3)
    clock.advance(10.0)
    release = asyncio.Event()

    async def probe() -> str:
        async with breakers().guard():
            await release.wait()
            return "probed"

    task = asyncio.create_task(probe())
    await asyncio.sleep(0.05)
    with pytest.raises(errors.CircuitOpenError, match="probe"):
        await call(breakers())
    release.set()
    assert await task == "probed"
    assert await call(breakers()) == "ok"


async def test_a_call_cancelled_after_a_second_in_flight_counts_as_a_fault(
    breakers: BreakerFactory, clock: FakeClock
) -> None:
    breaker = breakers()
    for _ in range(3):
        entered = asyncio.Event()

        async def stuck(b: Breaker = breaker, e: asyncio.Event = entered) -> None:
            async with b.guard():
                e.set()
                clock.advance(1.5)  # in flight for 1.5 s by the breaker's clock when cut
                await asyncio.Event().wait()

        task = asyncio.create_task(stuck())
        await entered.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    with pytest.raises(errors.CircuitOpenError):
        await call(breakers())


async def test_a_quick_cancellation_is_not_the_upstreams_fault(breakers: BreakerFactory) -> None:
    breaker = breakers()
    for _ in range(5):
        with pytest.raises(asyncio.CancelledError):
            await call(breaker, asyncio.CancelledError())
    assert await call(breakers()) == "ok"


def test_registry_keeps_credentials_apart_and_never_holds_the_key(clock: FakeClock) -> None:
    registry = BreakerRegistry(clock=clock)
    one = registry.get("brave", credential="sk-first-key-0123456789")
    assert registry.get("brave", credential="sk-first-key-0123456789") is one
    assert registry.get("brave", credential="sk-other-key-0123456789") is not one
    tag = credential_tag("sk-first-key-0123456789")
    assert len(tag) == 12 and "0123456789" not in tag and credential_tag(None) == "-"
    assert "sk-first" not in repr(vars(one))


# --- the breaker when its store fails ------------------------------------------------------------


@pytest.mark.redis
async def test_a_dead_redis_leaves_the_breaker_working_on_local_state(redis_server: RedisServer) -> None:
    store = open_store(redis_server.url, timeout_s=0.3)
    assert isinstance(store, RedisStore)
    breaker = BreakerRegistry(fail_max=2, shared=store).get("brave")
    redis_server.kill()
    with notices.collecting() as warned:
        async with asyncio.timeout(30):  # a cap, not a measure: the dead store is given up at once
            await fail(breaker, 2)
            with pytest.raises(errors.CircuitOpenError):
                await call(breaker)
    assert len(warned) == 1 and warned[0].startswith("WEB_STORE_UNAVAILABLE")
    await store.aclose()


# --- Redis takes its time from the server --------------------------------------------------------


@pytest.mark.redis
async def test_redis_windows_use_the_servers_clock(redis_url: str) -> None:
    import redis.asyncio

    admin = redis.asyncio.Redis.from_url(redis_url)
    await admin.flushdb()
    store = open_store(redis_url)  # no clock given: the server's TIME
    assert await store.acquire("clock", 2, 1.0) == 0.0
    assert await store.acquire("clock", 2, 1.0) == 0.0
    wait = await store.acquire("clock", 2, 1.0)
    assert 0.0 < wait <= 1.0
    seconds, micros = await admin.time()
    scores = [score for _, score in await admin.zrange("webquorum:window:clock", 0, -1, withscores=True)]
    assert all(abs(score - (seconds + micros / 1e6)) < 1.0 for score in scores)
    await store.aclose()
    await admin.aclose()


# --- the document cache on every backend ---------------------------------------------------------


def document(n: int = 0, text: str = "Paragraph one.") -> Document:
    url = f"https://example.org/{n}"
    return Document(url=url, final_url=url, source_type="html", reader="local", text=text)


@pytest.fixture(params=["memory", "sqlite", pytest.param("redis", marks=pytest.mark.redis)])
async def caches(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[Callable[..., DocumentCache]]:
    """Makes caches on one backend; on SQLite and Redis every one made sees the others' entries."""
    made: list[DocumentCache] = []
    url = None
    if request.param == "redis":
        import redis.asyncio

        url = request.getfixturevalue("redis_url")
        admin = redis.asyncio.Redis.from_url(url)
        await admin.flushdb()
        await admin.aclose()

    def make(**bounds: object) -> DocumentCache:
        if request.param == "memory":
            if made:
                return made[0]
            cache = DocumentCache(None, **bounds)  # type: ignore[arg-type]
        elif request.param == "sqlite":
            cache = DocumentCache(tmp_path / "documents.sqlite", **bounds)  # type: ignore[arg-type]
        else:
            assert url is not None
            cache = DocumentCache.on_redis(url, **bounds)  # type: ignore[arg-type]
        made.append(cache)
        return cache

    yield make
    for cache in made:
        await cache.aclose()


async def test_a_document_put_by_one_worker_is_a_hit_for_another(
    caches: Callable[..., DocumentCache],
) -> None:
    writer, reader = caches(), caches()
    await writer.put("http:https://example.org/0", document())
    assert await reader.get("http:https://example.org/0") == document()
    assert await reader.get("http:https://example.org/other") is None


async def test_entries_expire_after_their_ttl(caches: Callable[..., DocumentCache]) -> None:
    cache = caches(ttl_s=0.3)
    await cache.put("k", document())
    assert await cache.get("k") == document()
    await asyncio.sleep(0.45)
    assert await cache.get("k") is None


async def test_the_cache_keeps_at_most_max_entries_newest_first(caches: Callable[..., DocumentCache]) -> None:
    cache = caches(max_entries=3)
    for n in range(5):
        await cache.put(f"k{n}", document(n))
        await asyncio.sleep(0.01)
    assert [await cache.get(f"k{n}") is not None for n in range(5)] == [False, False, True, True, True]


async def test_an_entry_over_max_entry_bytes_is_not_stored(caches: Callable[..., DocumentCache]) -> None:
    cache = caches(max_entry_bytes=1_000)
    await cache.put("big", document(text="x" * 2_000))
    await cache.put("small", document(text="short"))
    assert await cache.get("big") is None and await cache.get("small") is not None


@pytest.mark.redis
async def test_redis_documents_are_keyed_by_hash_not_by_url(redis_url: str) -> None:
    import redis.asyncio

    admin = redis.asyncio.Redis.from_url(redis_url)
    await admin.flushdb()
    cache = DocumentCache.on_redis(redis_url)
    await cache.put("http:https://example.org/secret-path?token=abc", document())
    keys = [k.decode() for k in await admin.keys("*")]
    assert keys and all("secret-path" not in k and "token" not in k for k in keys)
    assert isinstance(cache._backend, RedisBackend)
    await cache.aclose()
    await admin.aclose()
