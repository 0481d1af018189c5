"""The parts every capability shares in one process, built from the config: :class:`Runtime`.

One :class:`Runtime` per :class:`webquorum.Client`: one HTTP client, one circuit breaker per
upstream and credential (so a provider declared down by the brief is down for collect too), one
rate limiter whose budget a provider's searches and reads both spend (per provider *and* key, so
two keys keep two budgets), and the document cache. With ``store.url: redis://...`` the limits and
breakers are shared by every process using that server; with ``cache.url: redis://...`` so are
the documents. Building a runtime also starts the extraction workers in the background
(:func:`webquorum.readers.sandbox.warm_up`): whoever starts workers says so, no import does.

The calls themselves are :mod:`.calls`; who can run, and with which key, is :mod:`.credentials`.
"""

from __future__ import annotations

from pathlib import Path

from webquorum.config import Config
from webquorum.net.guard import AddressPolicy
from webquorum.net.http import USER_AGENT, HttpClient, NetPolicy
from webquorum.readers.sandbox import warm_up
from webquorum.resilience import BreakerRegistry, DocumentCache, RateLimiter, open_document_cache, open_store
from webquorum.resilience.cache import default_cache_path
from webquorum.resilience.store import RedisStore
from webquorum.runtime.calls import AttemptHook, Calls
from webquorum.runtime.credentials import Credentials
from webquorum.types import Document, RawResult, SearchQuery

__all__ = ["Runtime", "build_http", "open_cache"]


class Runtime(Credentials):
    def __init__(self, config: Config, *, use_cache: bool = True) -> None:
        super().__init__(config)
        self.http = build_http(config)
        warm_up()
        settings = config.store
        self.store = open_store(settings.url, timeout_s=settings.timeout_s)
        self.breakers = BreakerRegistry(shared=self.store if isinstance(self.store, RedisStore) else None)
        self.limiter = RateLimiter(
            self.store, margin_s=settings.rate_margin_s, on_unavailable=settings.on_unavailable
        )
        self.cache: DocumentCache | None = open_cache(config) if use_cache and config.cache.enabled else None
        self.calls = Calls(self, self.http, self.breakers, self.limiter)

    async def aclose(self) -> None:
        await self.http.aclose()
        await self.store.aclose()
        if self.cache is not None:
            await self.cache.aclose()

    # -- the calls, through this runtime's parts (:class:`~webquorum.runtime.calls.Calls`) ---------
    def deadline_for(self, provider_id: str, deadline: float | None) -> float:
        return self.calls.deadline_for(provider_id, deadline)

    async def search_provider(
        self,
        provider_id: str,
        query: SearchQuery,
        *,
        deadline: float | None = None,
        on_attempt: AttemptHook | None = None,
        profile: str = "default",
    ) -> list[RawResult]:
        return await self.calls.search_provider(
            provider_id, query, deadline=deadline, on_attempt=on_attempt, profile=profile
        )

    async def read_with_service(self, reader_id: str, url: str, *, deadline: float) -> Document:
        return await self.calls.read_with_service(reader_id, url, deadline=deadline)


def build_http(config: Config) -> HttpClient:
    """The one HTTP client: the address guard, pinned names, body and redirect bounds, proxies."""
    net = config.network
    return HttpClient(
        NetPolicy(
            address=AddressPolicy(net.allow_private_addresses, tuple(net.allow_hosts)),
            resolve=dict(net.resolve),
            max_body_bytes=net.max_body_bytes,
            max_redirects=net.max_redirects,
            user_agent=net.user_agent or USER_AGENT,
            proxy=config.proxy_routes(),
        )
    )


def open_cache(config: Config) -> DocumentCache:
    """The document cache ``cache.url`` (or ``cache.path``) names; the SQLite default file otherwise."""
    settings = config.cache
    timeout_s, ttl_s = config.store.timeout_s, settings.ttl_s
    entries, entry_bytes = settings.max_entries, settings.max_entry_bytes
    if settings.url is not None:
        return open_document_cache(
            settings.url, timeout_s=timeout_s, ttl_s=ttl_s, max_entries=entries, max_entry_bytes=entry_bytes
        )
    path = default_cache_path() if settings.path is None else Path(settings.path).expanduser()
    return DocumentCache(path, ttl_s, timeout_s=timeout_s, max_entries=entries, max_entry_bytes=entry_bytes)
