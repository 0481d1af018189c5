"""One suite for every Store backend (memory, sqlite, fakeredis, real redis), plus URL parsing and
the cross-process guarantee that makes the sqlite and redis backends worth having."""

from __future__ import annotations

import asyncio
import multiprocessing
import sys
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

import pytest

from tests.resilience.conftest import FakeClock, _free_port
from webquorum.errors import ConfigError, StoreUnavailableError
from webquorum.resilience.backends import open_store
from webquorum.resilience.store import MemoryStore, SqliteStore, Store

# --- the suite every backend passes -------------------------------------------------------------


async def test_grants_up_to_limit_then_reports_the_wait(store: Store, clock: FakeClock) -> None:
    assert [await store.acquire("brave", 3, 10.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert await store.acquire("brave", 3, 10.0) == pytest.approx(10.0, abs=1e-6)
    clock.advance(4.0)
    assert await store.acquire("brave", 3, 10.0) == pytest.approx(6.0, abs=1e-6)


async def test_the_window_slides_one_entry_at_a_time(store: Store, clock: FakeClock) -> None:
    assert await store.acquire("k", 2, 10.0) == 0.0
    clock.advance(3.0)
    assert await store.acquire("k", 2, 10.0) == 0.0
    clock.advance(7.0)  # the first entry is now exactly one window old: it has left
    assert await store.acquire("k", 2, 10.0) == 0.0
    assert await store.acquire("k", 2, 10.0) == pytest.approx(3.0, abs=1e-6)
    clock.advance(10.0)
    waits = [await store.acquire("k", 2, 10.0) for _ in range(3)]
    assert waits[:2] == [0.0, 0.0] and waits[2] == pytest.approx(10.0, abs=1e-6)


async def test_refusals_do_not_take_slots(store: Store, clock: FakeClock) -> None:
    assert await store.acquire("k", 1, 5.0) == 0.0
    for _ in range(10):
        clock.advance(0.25)
        assert await store.acquire("k", 1, 5.0) > 0.0
    clock.advance(2.5)  # 5 s after the only granted entry
    assert await store.acquire("k", 1, 5.0) == 0.0


async def test_keys_are_counted_apart(store: Store) -> None:
    assert await store.acquire("a", 1, 60.0) == 0.0
    assert await store.acquire("b", 1, 60.0) == 0.0
    assert await store.acquire("a", 1, 60.0) > 0.0


async def test_concurrent_callers_get_exactly_the_limit(store: Store) -> None:
    waits = await asyncio.gather(*(store.acquire("busy", 20, 60.0) for _ in range(30)))
    assert waits.count(0.0) == 20
    assert all(w > 0.0 for w in waits if w != 0.0)


async def test_fractional_windows_keep_their_precision(store: Store, clock: FakeClock) -> None:
    assert await store.acquire("k", 1, 0.75) == 0.0
    clock.advance(0.5)
    assert await store.acquire("k", 1, 0.75) == pytest.approx(0.25, abs=1e-6)


async def test_a_settled_slot_counts_from_the_answer_not_the_grant(store: Store, clock: FakeClock) -> None:
    """The upstream counted the request on arrival, somewhere before its answer: the window restarts there."""
    assert await store.acquire("k", 1, 10.0, member="slow-request") == 0.0
    clock.advance(4.0)  # a long transit
    await store.settle("k", "slow-request")
    clock.advance(7.0)  # 11 s after the grant, 7 s after the answer
    assert await store.acquire("k", 1, 10.0) == pytest.approx(3.0, abs=1e-6)
    await store.settle("k", "no-such-member")  # settling an expired or unknown slot is harmless
    clock.advance(3.0)
    assert await store.acquire("k", 1, 10.0) == 0.0


# --- choosing a backend by URL -------------------------------------------------------------------


async def test_open_store_picks_the_backend_from_the_scheme(tmp_path: Path) -> None:
    assert isinstance(open_store("memory://"), MemoryStore)
    db = tmp_path / "nested" / "dir" / "limits.sqlite"
    store = open_store(f"sqlite:///{db}")
    assert isinstance(store, SqliteStore)
    assert await store.acquire("k", 1, 1.0) == 0.0
    await store.aclose()
    assert db.is_file()


@pytest.mark.parametrize(
    "url",
    [
        "",
        "limits.sqlite",
        "http://example.org/",
        "memory://elsewhere",
        "sqlite://relative.db",
        "sqlite:///",
        "sqlite:///tmp/",
        "redis://",
        "redis://[::1",
    ],
)
def test_bad_urls_name_the_key_the_value_and_the_schemes(url: str) -> None:
    with pytest.raises(ConfigError) as info:
        open_store(url)
    message = str(info.value)
    assert "store.url" in message and repr(url) in message
    for scheme in ("memory://", "sqlite:///", "redis://"):
        assert scheme in message


def test_passwords_in_urls_are_not_echoed() -> None:
    with pytest.raises(ConfigError) as info:
        open_store("rediss://admin:hunter2@/0")
    assert "hunter2" not in str(info.value) and "admin:***@" in str(info.value)


def test_missing_redis_package_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "redis", None)
    monkeypatch.setitem(sys.modules, "redis.asyncio", None)
    with pytest.raises(ConfigError) as info:
        open_store("redis://127.0.0.1:6379/0")
    assert "pip install 'webquorum[redis]'" in str(info.value)
    assert info.value.code == "WEB_CONFIG_INVALID"


async def test_unreachable_redis_is_a_store_fault_not_a_config_error() -> None:
    store = open_store(f"redis://127.0.0.1:{_free_port()}/0")
    with pytest.raises(StoreUnavailableError) as info:
        await store.acquire("k", 1, 1.0)
    assert info.value.code == "WEB_STORE_UNAVAILABLE" and info.value.exit_code == 1
    assert not isinstance(info.value, ConfigError) and info.value.hint_text
    await store.aclose()


# --- across processes ----------------------------------------------------------------------------


def _take_slots(url: str, tries: int, start: Event, results: Any) -> None:
    """Runs in a spawned process: wait for the start signal, then try ``tries`` acquires."""

    async def run() -> int:
        store = open_store(url)
        start.wait()
        granted = 0
        for _ in range(tries):
            granted += await store.acquire("shared-key", 20, 60.0) == 0.0
        await store.aclose()
        return granted

    results.put(asyncio.run(run()))


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def test_two_processes_share_one_limit(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = (
        f"sqlite:///{tmp_path / 'shared.sqlite'}"
        if backend == "sqlite"
        else request.getfixturevalue("redis_url")
    )
    if backend == "redis":
        import redis

        redis.Redis.from_url(url).flushdb()
    ctx = multiprocessing.get_context("spawn")
    start, results = ctx.Event(), ctx.Queue()
    workers = [ctx.Process(target=_take_slots, args=(url, 15, start, results)) for _ in range(2)]
    for worker in workers:
        worker.start()
    start.set()
    granted = [results.get(timeout=60) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    assert sum(granted) == 20


async def test_a_burst_past_the_connection_limit_waits_its_turn_on_a_real_redis(redis_url: str) -> None:
    """Three times as many concurrent operations as the client's connections all succeed (redis-py's own
    pool failed past its limit, "Too many connections", and the store was marked down), and the client
    never opens more than its limit."""
    import redis.asyncio

    from webquorum.resilience.store import REDIS_CONNECTIONS, RedisStore

    store = open_store(redis_url, timeout_s=5.0)
    assert isinstance(store, RedisStore)
    try:
        waits = await asyncio.gather(
            *(store.acquire(f"burst:{i % 7}", 10_000, 60.0) for i in range(3 * REDIS_CONNECTIONS))
        )
        assert waits == [0.0] * (3 * REDIS_CONNECTIONS)
        admin = redis.asyncio.Redis.from_url(redis_url)
        try:
            clients = (await admin.info("clients"))["connected_clients"]
        finally:
            await admin.aclose()
        assert clients - 1 <= REDIS_CONNECTIONS  # the store's connections, the admin's aside
    finally:
        await store.aclose()
