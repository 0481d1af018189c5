"""Resilience around every upstream call: retry, circuit breaker, rate limit, document cache.

The state the rate limiter shares lives in a :class:`Store` chosen by URL
(``memory://``, ``sqlite:///abs/path.db``, ``redis://host:port/db``: one table,
:data:`~webquorum.resilience.backends.BACKENDS`); with Redis the breakers share it too, and
``cache.url`` can put the document cache there. A store that fails raises
:class:`~webquorum.errors.StoreUnavailableError`; a cache that fails only reports it
(:mod:`~webquorum.resilience.notices`).
"""

from __future__ import annotations

from webquorum.resilience.backends import open_document_cache, open_store
from webquorum.resilience.breaker import Breaker, BreakerRegistry, is_upstream_fault
from webquorum.resilience.cache import DocumentCache, default_cache_path
from webquorum.resilience.ratelimit import Rate, RateLimiter, parse_rate
from webquorum.resilience.retry import call_with_retry, is_retryable, is_testing, set_testing
from webquorum.resilience.store import MemoryStore, RedisStore, SqliteStore, Store

__all__ = [
    "Breaker",
    "BreakerRegistry",
    "DocumentCache",
    "MemoryStore",
    "Rate",
    "RateLimiter",
    "RedisStore",
    "SqliteStore",
    "Store",
    "call_with_retry",
    "default_cache_path",
    "is_retryable",
    "is_testing",
    "is_upstream_fault",
    "open_document_cache",
    "open_store",
    "parse_rate",
    "set_testing",
]
