"""The guarded adapter call: retries around (breaker, rate limit, choke point, parse) for one upstream call.

Every provider search and every reader-service read goes through :meth:`Calls.guarded`, so one
upstream and credential has one breaker (a provider declared down by the brief is down for collect
too) and one rate-limit budget its searches and reads both spend. One log line per upstream call
goes to the ``webquorum.calls`` logger (the CLI's ``-v`` shows it).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import urlencode

from webquorum.errors import ProviderTimeoutError, WebQuorumError, mask_secrets, redact
from webquorum.net.http import HttpClient
from webquorum.providers import provider_module
from webquorum.providers.base import is_http_url
from webquorum.readers import remote
from webquorum.resilience import BreakerRegistry, RateLimiter, call_with_retry, parse_rate
from webquorum.resilience.breaker import credential_tag
from webquorum.runtime.credentials import Credentials
from webquorum.types import Document, RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, RequestContext

__all__ = ["AttemptHook", "Calls"]

log = logging.getLogger("webquorum.calls")  # one line per upstream call; the CLI's -v shows it
AttemptHook = Callable[[str, int], None]
_PARSE_ON_LOOP_BYTES = 64 * 1024  # a longer answer is parsed in a thread, off the event loop
T = TypeVar("T")


class Calls:
    def __init__(
        self, credentials: Credentials, http: HttpClient, breakers: BreakerRegistry, limiter: RateLimiter
    ) -> None:
        self.credentials, self.config = credentials, credentials.config
        self.http, self.breakers, self.limiter = http, breakers, limiter

    async def guarded(
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
                slot = (
                    None
                    if rate is None
                    else await self.limiter.acquire(budget_key, rate, deadline, label=provider_id)
                )
                try:
                    remaining = deadline - loop.time()
                    if remaining <= 0:
                        raise ProviderTimeoutError(
                            f"{provider_id}: deadline passed before the call", provider=provider_id
                        )
                    response = await self.http.send(request, provider=provider_id, timeout_s=remaining)
                finally:
                    if slot is not None:  # answered (or abandoned): restamp the slot, even when cancelled
                        await asyncio.shield(self.limiter.settle(slot))
                # A 10 MB JSON answer takes a while to parse: a worker thread keeps the event loop free.
                # An ordinary answer parses in well under a millisecond, less than the thread hop costs.
                if len(response.body) <= _PARSE_ON_LOOP_BYTES:
                    return parse(response)
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
            log.info(
                "%s %s: %s in %.2fs: %s",
                provider_id,
                request.method,
                exc.code,
                loop.time() - started,
                exc.message,
            )
            raise exc from exc.__cause__
        log.info("%s %s: ok in %.2fs", provider_id, request.method, loop.time() - started)
        if log.isEnabledFor(logging.DEBUG):
            query = f"?{urlencode(dict(request.params))}" if request.params else ""
            log.debug("%s %s%s", provider_id, request.url, redact(query, request.secrets))
        return result

    def deadline_for(self, provider_id: str, deadline: float | None) -> float:
        own = asyncio.get_running_loop().time() + self.credentials.timeout_s(provider_id)
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
        ctx = self.credentials.context(provider_id, module.SPEC)
        request = module.build_request(query, ctx)
        results = await self.guarded(
            provider_id,
            request,
            module.parse_response,
            deadline=self.deadline_for(provider_id, deadline),
            on_attempt=on_attempt,
            profile=profile,
            credential=ctx.api_key,
        )
        return _masked_all([r for r in results if is_http_url(r.url)], request.secrets)  # one rule for all

    async def read_with_service(self, reader_id: str, url: str, *, deadline: float) -> Document:
        """``url`` read by a reader service (:func:`webquorum.readers.remote.read_with_service`), its HTTP
        call guarded like a provider's; ``deadline`` is a ``loop.time()`` instant."""

        def context() -> RequestContext:
            key = self.credentials.reader_key(reader_id)
            return RequestContext(base_url=self.config.override(reader_id).base_url, api_key=key)

        async def send(
            request: HttpRequest, ctx: RequestContext, parse: Callable[[HttpResponse], Document]
        ) -> Document:
            return await self.guarded(
                reader_id,
                request,
                parse,
                deadline=self.deadline_for(reader_id, deadline),
                on_attempt=None,
                profile="default",
                credential=ctx.api_key,
            )

        return await remote.read_with_service(
            self.http,
            reader_id,
            url,
            context=context,
            send=send,
            ends=deadline,
            check_timeout_s=self.config.network.timeout_s,
        )


def _masked_all(results: list[RawResult], secrets: tuple[str, ...]) -> list[RawResult]:
    """The results with the request's key (in any form) masked: an upstream may echo it into a snippet or URL.

    Almost no answer holds the key, so the whole answer is probed once first: its fields joined by NUL,
    which lower-cases as each field does alone, so any form of the key in one field is in the probe
    too. Masking each field of each result (four per result) costs the same search thirty-odd times.
    A key holding NUL could match across two fields, so it is masked field by field.
    """
    if not secrets or not results:
        return results
    if not any("\x00" in secret for secret in secrets):
        probe = "\x00".join(text for r in results for text in (r.url, r.title, r.snippet, r.content or ""))
        if mask_secrets(probe, secrets, remembered=False) == probe:
            return results
    return [_masked(r, secrets) for r in results]


def _masked(result: RawResult, secrets: tuple[str, ...]) -> RawResult:
    """A result with the request's key (in any form) masked: an upstream may echo it into a snippet or URL."""
    if not secrets:
        return result

    def mask(text: str) -> str:
        return mask_secrets(text, secrets, remembered=False)

    return dataclasses.replace(
        result,
        url=mask(result.url),
        title=mask(result.title),
        snippet=mask(result.snippet),
        content=mask(result.content) if result.content else result.content,
    )
