"""Which backend a store URL names: one table, for ``store.url`` (rate limits, breakers) and ``cache.url``
(documents).

=====================  ==================================================================
``memory://``          this process only; the default for a single CLI run
``sqlite:///abs.db``   shared by every process on this machine (WAL + ``BEGIN IMMEDIATE``)
``redis://h:p/db``     shared by every process that reaches the server (one Lua script);
                       needs ``pip install 'webquorum[redis]'``; ``rediss://`` for TLS
=====================  ==================================================================

The config checks a URL against :data:`BACKENDS` when it is loaded (:func:`fits`), and
:func:`open_store` and :func:`open_document_cache` build from the same entry, so a URL the config
accepts is one every user of it can open, and a new scheme is one new row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import SplitResult, urlsplit

from webquorum.errors import ConfigError
from webquorum.resilience.cache import DocumentCache
from webquorum.resilience.store import (
    DEFAULT_TIMEOUT_S,
    Clock,
    MemoryStore,
    RedisStore,
    SqliteStore,
    Store,
    redis_client,
    shown,
)

__all__ = [
    "BACKENDS",
    "Backend",
    "fits",
    "not_a_store_url",
    "open_document_cache",
    "open_store",
    "shapes",
    "shares_across_machines",
]


@dataclass(frozen=True)
class Backend:
    shape: str  # how a URL of this scheme is written, for messages
    whole: Callable[[SplitResult], bool]  # whether a URL of this scheme names one place
    limits: Callable[[str, SplitResult, float, Clock | None], Store]  # rate-limit and breaker state
    documents: Callable[[str, SplitResult, float, dict[str, Any]], DocumentCache]  # the document cache
    across_machines: bool = False  # every process that reaches it shares it, wherever it runs


def _memory_limits(url: str, parts: SplitResult, timeout_s: float, clock: Clock | None) -> Store:
    return MemoryStore() if clock is None else MemoryStore(clock)


def _sqlite_limits(url: str, parts: SplitResult, timeout_s: float, clock: Clock | None) -> Store:
    path = Path(parts.path)
    return SqliteStore(path, timeout_s=timeout_s) if clock is None else SqliteStore(path, clock, timeout_s)


def _redis_limits(url: str, parts: SplitResult, timeout_s: float, clock: Clock | None) -> Store:
    return RedisStore(redis_client(url, timeout_s), clock, timeout_s=timeout_s)


def _memory_documents(
    url: str, parts: SplitResult, timeout_s: float, bounds: dict[str, Any]
) -> DocumentCache:
    return DocumentCache(None, timeout_s=timeout_s, **bounds)


def _sqlite_documents(
    url: str, parts: SplitResult, timeout_s: float, bounds: dict[str, Any]
) -> DocumentCache:
    return DocumentCache(Path(parts.path), timeout_s=timeout_s, **bounds)


def _redis_documents(url: str, parts: SplitResult, timeout_s: float, bounds: dict[str, Any]) -> DocumentCache:
    return DocumentCache.on_redis(url, timeout_s=timeout_s, **bounds)


def _redis_whole(parts: SplitResult) -> bool:
    return bool(parts.hostname) and (parts.port is None or parts.port > 0)  # .port raises on a non-number


_REDIS = Backend("redis://host:port/db", _redis_whole, _redis_limits, _redis_documents, True)
BACKENDS: dict[str, Backend] = {
    "memory": Backend(
        "memory://", lambda p: not p.netloc and p.path in ("", "/"), _memory_limits, _memory_documents
    ),
    "sqlite": Backend(
        "sqlite:///<absolute path>",
        lambda p: not p.netloc and p.path.startswith("/") and p.path[-1] != "/",
        _sqlite_limits,
        _sqlite_documents,
    ),
    "redis": _REDIS,
    "rediss": Backend("rediss://host:port/db", _REDIS.whole, _REDIS.limits, _REDIS.documents, True),
}


def _find(url: str) -> tuple[Backend, SplitResult] | None:
    try:
        parts = urlsplit(url)
    except ValueError:  # e.g. an unclosed IPv6 bracket
        return None
    backend = BACKENDS.get(parts.scheme)
    if backend is None:
        return None
    try:
        return (backend, parts) if backend.whole(parts) else None
    except ValueError:  # a port that is not a number
        return None


def fits(url: str) -> bool:
    """Whether ``url`` names a backend in :data:`BACKENDS` (the config's check of ``store.url`` and
    ``cache.url``)."""
    return _find(url) is not None


def shapes() -> str:
    return ", ".join(b.shape for b in BACKENDS.values())


def shares_across_machines(url: str) -> bool:
    """Whether every process that reaches ``url`` shares its state (Redis), wherever it runs."""
    found = _find(url)
    return found is not None and found[0].across_machines


def not_a_store_url(url: str, key: str) -> str:
    """What is wrong with ``url`` as config key ``key``, its password masked (the config says the same)."""
    return f"{key} {shown(url)!r} is not a store URL; use one of: {shapes()}"


def _not_a_store_url(url: str, key: str) -> ConfigError:
    return ConfigError(
        not_a_store_url(url, key), hint=f"for example {key}: sqlite:///home/me/.cache/webquorum/limits.sqlite"
    )


def open_store(url: str, *, clock: Clock | None = None, timeout_s: float = DEFAULT_TIMEOUT_S) -> Store:
    """Build the rate-limit backend named by ``url`` (config key ``store.url``); ``clock`` is for tests.

    ``timeout_s`` bounds each store operation (Redis socket and command, SQLite lock wait).
    """
    found = _find(url)
    if found is None:
        raise _not_a_store_url(url, "store.url")
    backend, parts = found
    return backend.limits(url, parts, timeout_s, clock)


def open_document_cache(url: str, *, timeout_s: float, **bounds: Any) -> DocumentCache:
    """Build the document cache named by ``url`` (config key ``cache.url``); ``bounds`` are
    :class:`~webquorum.resilience.cache.DocumentCache`'s ``ttl_s``, ``max_entries`` and
    ``max_entry_bytes``."""
    found = _find(url)
    if found is None:
        raise _not_a_store_url(url, "cache.url")
    backend, parts = found
    return backend.documents(url, parts, timeout_s, bounds)
