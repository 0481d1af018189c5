"""One table from a store URL's scheme to its backend: the config accepts exactly the URLs that open,
for ``store.url`` (rate limits, breakers) and ``cache.url`` (documents) alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from webquorum.config import parse_config
from webquorum.errors import ConfigError
from webquorum.resilience import DocumentCache, MemoryStore, RedisStore, SqliteStore
from webquorum.resilience.backends import (
    BACKENDS,
    fits,
    open_document_cache,
    open_store,
    shares_across_machines,
)

GOOD = [
    "memory://",
    "memory:///",
    "sqlite:///tmp/wq-limits.sqlite",
    "redis://127.0.0.1:6379/0",
    "rediss://cache.example:6380/1",
]
BAD = [
    "",
    "limits.sqlite",
    "http://example.org/",
    "memory://elsewhere",
    "sqlite://relative.db",
    "sqlite:///",
    "sqlite:///tmp/",
    "redis://",
    "redis://[::1",
    "rediss://admin:hunter2@/0",
    "redis://host:port/0",
]


def test_the_table_names_every_scheme_once() -> None:
    assert sorted(BACKENDS) == ["memory", "redis", "rediss", "sqlite"]
    assert [name for name in BACKENDS if shares_across_machines(f"{name}://h:1/0")] == ["redis", "rediss"]


@pytest.mark.parametrize("url", GOOD + BAD)
def test_the_config_accepts_a_url_exactly_when_the_store_opens_it(url: str) -> None:
    for key in ("store", "cache"):
        if fits(url):
            parse_config({key: {"url": url}})
        else:
            with pytest.raises(ConfigError) as info:
                parse_config({key: {"url": url}})
            assert f"{key}.url" in info.value.message and "hunter2" not in info.value.message
    if fits(url):
        assert isinstance(open_store(url), (MemoryStore, SqliteStore, RedisStore))
    else:
        with pytest.raises(ConfigError):
            open_store(url)
    assert fits(url) is (url in GOOD)


async def test_the_document_cache_opens_from_the_same_table(tmp_path: Path) -> None:
    for url in ("memory://", f"sqlite:///{tmp_path / 'pages.sqlite'}"):
        cache = open_document_cache(url, timeout_s=0.5, ttl_s=60.0, max_entries=10, max_entry_bytes=10_000)
        assert isinstance(cache, DocumentCache) and cache.ttl_s == 60.0 and cache.max_entries == 10
        await cache.aclose()
    with pytest.raises(ConfigError) as info:
        open_document_cache("sqlite://relative.db", timeout_s=0.5)
    assert "cache.url" in info.value.message and "memory://" in info.value.message
