"""The run surface every capability shares in one process.

One :class:`Runtime` per :class:`webquorum.Client`: one HTTP client, one adapter call path
and one circuit breaker per upstream and credential (so a provider declared down by the brief
is down for collect too), one rate limiter whose budget a provider's searches and reads both
spend (per provider *and* key, so two keys keep two budgets), and the document cache. With
``store.url: redis://...`` the limits and breakers are shared by every process using that
server; with ``cache.url: redis://...`` so are the documents.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

from webquorum.config import Config, model_name
from webquorum.errors import (
    BadRequestError,
    ConfigError,
    ConfiguredUnavailableError,
    CredentialMissingError,
    ProviderTimeoutError,
    WebQuorumError,
    mask_secrets,
    redact,
)
from webquorum.net.guard import AddressPolicy
from webquorum.net.http import USER_AGENT, HttpClient, NetPolicy
from webquorum.providers import PROVIDER_IDS, provider_module
from webquorum.providers.base import is_http_url
from webquorum.readers import LOCAL_READER, SERVICE_IDS, reader_module, remote
from webquorum.readers.sandbox import warm_up
from webquorum.resilience import (
    BreakerRegistry,
    DocumentCache,
    RateLimiter,
    call_with_retry,
    open_store,
    parse_rate,
)
from webquorum.resilience.breaker import credential_tag
from webquorum.resilience.cache import default_cache_path
from webquorum.resilience.store import RedisStore
from webquorum.types import Document, RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

log = logging.getLogger("webquorum.calls")  # one line per upstream call; the CLI's -v shows it
AttemptHook = Callable[[str, int], None]
ProviderRow = dict[str, Any]  # one row of `webquorum providers`: id, kind, ready, needs, modality, ...
T = TypeVar("T")


class Runtime:
    def __init__(self, config: Config, *, use_cache: bool = True) -> None:
        self.config = config
        net = config.network
        self.http = HttpClient(
            NetPolicy(
                address=AddressPolicy(net.allow_private_addresses, tuple(net.allow_hosts)),
                resolve=dict(net.resolve),
                max_body_bytes=net.max_body_bytes,
                max_redirects=net.max_redirects,
                user_agent=net.user_agent or USER_AGENT,
                proxy=config.proxy_routes(),
            )
        )
        warm_up()
        settings = config.store
        self.store = open_store(settings.url, timeout_s=settings.timeout_s)
        self.breakers = BreakerRegistry(shared=self.store if isinstance(self.store, RedisStore) else None)
        self.limiter = RateLimiter(self.store, margin_s=settings.rate_margin_s, on_unavailable=settings.on_unavailable)
        self.cache: DocumentCache | None = open_cache(config) if use_cache and config.cache.enabled else None

    async def aclose(self) -> None:
        await self.http.aclose()
        await self.store.aclose()
        if self.cache is not None:
            await self.cache.aclose()

    # -- provider identity -----------------------------------------------------------------------
    def spec(self, provider_id: str) -> ProviderSpec:
        if provider_id not in PROVIDER_IDS:
            raise BadRequestError(f"unknown provider {provider_id!r}; known: {', '.join(PROVIDER_IDS)}")
        return provider_module(provider_id).SPEC

    def modality(self, provider_id: str) -> str:
        """``search+read`` for providers that also serve as a reader service (jina, exa, ...)."""
        return "search+read" if provider_id in SERVICE_IDS else self.spec(provider_id).modality

    def key_variable(self, provider_id: str, spec: ProviderSpec) -> str | None:
        return self.config.key_env(provider_id, spec.key_env)

    def context(self, provider_id: str, spec: ProviderSpec) -> RequestContext:
        """Key, base URL and options for one call, read now; raises when the provider cannot run."""
        override = self.config.override(provider_id)
        key = self.config.credential(provider_id, spec.key_env)
        if spec.key_required and key is None:
            variable = self.key_variable(provider_id, spec)
            raise CredentialMissingError(
                f"{provider_id} needs an API key: set {variable} (or overrides.{provider_id}.api_key_env)",
                provider=provider_id,
            )
        if spec.needs_base_url and not override.base_url:
            raise ConfigError(
                f"{provider_id} needs overrides.{provider_id}.base_url (the instance to query), e.g. https://searx.example.org",
                provider=provider_id,
            )
        options = {"model": model_name(spec.model_kind, override.model)} if spec.model_kind else {}
        return RequestContext(base_url=override.base_url, api_key=key, options=options)

    def unavailable_reason(self, provider_id: str) -> str | None:
        """Why a combo member would be skipped (missing key or base_url), else None."""
        spec = self.spec(provider_id)
        try:
            self.context(provider_id, spec)
        except (CredentialMissingError, ConfigError) as exc:
            return exc.message
        return None

    def timeout_s(self, provider_id: str) -> float:
        return self.config.override(provider_id).timeout_s or self.config.network.timeout_s

    # -- calls -----------------------------------------------------------------------------------
    async def _guarded_call(
        self,
        provider_id: str,
        request: HttpRequest,
        parse: Callable[[HttpResponse], T],
        *,
        deadline: float,
        on_attempt: AttemptHook | None,
        profile: str,
        credential: str | None,
    ) -> T:
        """Retries around (breaker, rate limit, choke point, parse) for one upstream call.

        The breaker guards each attempt, not the whole call: the upstream sees every request,
        so every failed request counts, and a retry after the circuit opened is refused at once.
        Parsing is inside the attempt because providers classify their own errors there
        (a 429 body, Tavily's 432), and those decide whether the attempt is retried.
        """
        loop = asyncio.get_running_loop()
        rate_text = self.config.override(provider_id).rate_limit
        rate = parse_rate(rate_text) if rate_text else None
        breaker = self.breakers.get(provider_id, profile, credential)
        budget_key = f"{provider_id}:{credential_tag(credential)}"

        async def attempt() -> T:
            async with breaker.guard(deadline):
                slot = None if rate is None else await self.limiter.acquire(budget_key, rate, deadline, label=provider_id)
                try:
                    remaining = deadline - loop.time()
                    if remaining <= 0:
                        raise ProviderTimeoutError(f"{provider_id}: deadline passed before the call", provider=provider_id)
                    response = await self.http.send(request, provider=provider_id, timeout_s=remaining)
                finally:
                    if slot is not None:  # answered (or abandoned): restamp the slot, even when cancelled
                        await asyncio.shield(self.limiter.settle(slot))
                # A 10 MB JSON answer takes a while to parse: a worker thread keeps the event loop free.
                return await asyncio.to_thread(parse, response)

        def count(n: int) -> None:
            if on_attempt is not None:
                on_attempt(provider_id, n)

        started = loop.time()
        try:
            result = await call_with_retry(
                attempt,
                attempts=self.config.network.retries + 1,
                deadline=deadline,
                on_attempt=count,
                sleeps=self.config.network.retry_waits,
            )
        except WebQuorumError as exc:
            exc.scrub(request.secrets)
            log.info("%s %s: %s in %.2fs: %s", provider_id, request.method, exc.code, loop.time() - started, exc.message)
            raise exc from exc.__cause__
        log.info("%s %s: ok in %.2fs", provider_id, request.method, loop.time() - started)
        if log.isEnabledFor(logging.DEBUG):
            query = f"?{urlencode(dict(request.params))}" if request.params else ""
            log.debug("%s %s%s", provider_id, request.url, redact(query, request.secrets))
        return result

    def deadline_for(self, provider_id: str, deadline: float | None) -> float:
        own = asyncio.get_running_loop().time() + self.timeout_s(provider_id)
        return own if deadline is None else min(deadline, own)

    async def search_provider(
        self,
        provider_id: str,
        query: SearchQuery,
        *,
        deadline: float | None = None,
        on_attempt: AttemptHook | None = None,
        profile: str = "default",
    ) -> list[RawResult]:
        module = provider_module(provider_id)
        ctx = self.context(provider_id, module.SPEC)
        request = module.build_request(query, ctx)
        results = await self._guarded_call(
            provider_id,
            request,
            module.parse_response,
            deadline=self.deadline_for(provider_id, deadline),
            on_attempt=on_attempt,
            profile=profile,
            credential=ctx.api_key,
        )
        return [_masked(r, request.secrets) for r in results if is_http_url(r.url)]  # one rule for every provider

    def reader_key(self, reader_id: str) -> str | None:
        """A reader service's key, read now; CredentialMissingError (exit 2) naming the variable when it needs one."""
        spec = reader_module(reader_id).SPEC
        key = self.config.credential(reader_id, spec.key_env)
        if spec.key_required and key is None:
            raise CredentialMissingError(
                f"reader {reader_id} needs an API key: set {self.key_variable(reader_id, spec)}", provider=reader_id
            )
        return key

    async def read_with_service(self, reader_id: str, url: str, *, deadline: float) -> Document:
        """``url`` read by a reader service (:func:`webquorum.readers.remote.read_with_service`), its HTTP
        call guarded like a provider's; ``deadline`` is a ``loop.time()`` instant."""

        def context() -> RequestContext:
            return RequestContext(base_url=self.config.override(reader_id).base_url, api_key=self.reader_key(reader_id))

        async def send(request: HttpRequest, ctx: RequestContext, parse: Callable[[HttpResponse], Document]) -> Document:
            return await self._guarded_call(
                reader_id, request, parse, deadline=self.deadline_for(reader_id, deadline), on_attempt=None,
                profile="default", credential=ctx.api_key,
            )

        return await remote.read_with_service(
            self.http, reader_id, url, context=context, send=send, ends=deadline,
            check_timeout_s=self.config.network.timeout_s,
        )

    def provider_rows(self) -> list[ProviderRow]:
        """Every registered provider, combo and page reader: ready or not, what it needs (never a key's value), modality."""
        rows: list[ProviderRow] = []
        for pid in self.config.registered:
            spec = self.spec(pid)
            reason = self.unavailable_reason(pid)
            rows.append({
                "id": pid, "kind": "provider", "ready": reason is None,
                "needs": reason and (self.key_variable(pid, spec) or f"overrides.{pid}.base_url"),
                "credential_present": self.config.credential(pid, spec.key_env) is not None, "modality": self.modality(pid),
            })
        for combo in [self.config.combo("auto"), *self.config.combos]:
            assert combo is not None
            ready = [m for m in combo.members if self.unavailable_reason(m) is None]
            rows.append({
                "id": combo.id, "kind": f"combo ({combo.merge})", "ready": bool(ready),
                "needs": None if ready else "a member's credential", "credential_present": bool(ready),
                "modality": "search", "members": combo.members, "ready_members": ready,
            })
        rows.append({"id": LOCAL_READER, "kind": "reader", "ready": True, "needs": None, "credential_present": False, "modality": "read"})
        for rid in SERVICE_IDS:
            spec = reader_module(rid).SPEC
            present = self.config.credential(rid, spec.key_env) is not None
            missing = spec.key_required and not present
            rows.append({
                "id": rid, "kind": "reader", "ready": not missing, "needs": self.key_variable(rid, spec) if missing else None,
                "credential_present": present, "modality": "read",
            })
        return rows


def _masked(result: RawResult, secrets: tuple[str, ...]) -> RawResult:
    """A result with the request's key (in any form) masked: an upstream may echo it into a snippet or URL."""
    if not secrets:
        return result

    def mask(text: str) -> str:
        return mask_secrets(text, secrets, remembered=False)

    return dataclasses.replace(
        result, url=mask(result.url), title=mask(result.title), snippet=mask(result.snippet),
        content=mask(result.content) if result.content else result.content,
    )


def open_cache(config: Config) -> DocumentCache:
    """The document cache ``cache.url`` (or ``cache.path``) names; the SQLite default file otherwise."""
    settings = config.cache
    timeout_s, ttl_s = config.store.timeout_s, settings.ttl_s
    entries, entry_bytes = settings.max_entries, settings.max_entry_bytes
    url = settings.url
    if url is not None and url.startswith(("redis://", "rediss://")):
        return DocumentCache.on_redis(
            url, ttl_s, timeout_s=timeout_s, max_entries=entries, max_entry_bytes=entry_bytes
        )
    if url == "memory://":
        path = None
    elif url is not None:
        path = Path(url.removeprefix("sqlite://"))
    else:
        path = default_cache_path() if settings.path is None else Path(settings.path).expanduser()
    return DocumentCache(path, ttl_s, timeout_s=timeout_s, max_entries=entries, max_entry_bytes=entry_bytes)


def require_available(rt: Runtime, provider_id: str) -> None:
    """A provider selected directly must be able to run: otherwise name the variable to set."""
    if provider_id not in rt.config.registered:
        raise BadRequestError(
            f"provider {provider_id!r} is not registered; add it to `providers:` in the config",
            provider=provider_id,
        )
    reason = rt.unavailable_reason(provider_id)
    if reason is not None:
        raise ConfiguredUnavailableError(f"{provider_id} is configured but unavailable: {reason}", provider=provider_id)
