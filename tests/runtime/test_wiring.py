"""The runtime is built from the config: each part from its setting, the store and the cache from one scheme
table."""

from __future__ import annotations

from pathlib import Path

from webquorum.config import parse_config
from webquorum.resilience import MemoryStore, RedisStore, SqliteStore
from webquorum.runtime import Runtime
from webquorum.runtime.wiring import open_cache


async def test_each_part_comes_from_its_setting(tmp_path: Path) -> None:
    config = parse_config(
        {
            "store": {"url": f"sqlite:///{tmp_path / 'limits.sqlite'}", "timeout_s": 0.7},
            "cache": {"url": "memory://", "ttl_s": 60, "max_entries": 5},
            "network": {"max_body_bytes": 3_000_000},
        }
    )
    rt = Runtime(config)
    try:
        assert isinstance(rt.store, SqliteStore)
        assert rt.cache is not None and rt.cache.ttl_s == 60 and rt.cache.max_entries == 5
        assert rt.http.policy.max_body_bytes == 3_000_000
        assert (
            rt.calls.http is rt.http and rt.calls.breakers is rt.breakers and rt.calls.limiter is rt.limiter
        )
    finally:
        await rt.aclose()
    assert Runtime(config, use_cache=False).cache is None


async def test_breakers_are_shared_only_through_a_store_every_machine_reaches() -> None:
    local = Runtime(parse_config({}))
    shared = Runtime(parse_config({"store": {"url": "redis://127.0.0.1:1/0"}}))  # never connected to here
    try:
        assert isinstance(local.store, MemoryStore) and local.breakers._shared is None
        assert isinstance(shared.store, RedisStore) and shared.breakers._shared is shared.store
    finally:
        await local.aclose()
        await shared.aclose()


async def test_the_cache_path_is_used_when_no_url_is_set(tmp_path: Path) -> None:
    cache = open_cache(parse_config({"cache": {"path": str(tmp_path / "pages.sqlite")}}))
    try:
        assert cache.ttl_s == 3600.0
    finally:
        await cache.aclose()
