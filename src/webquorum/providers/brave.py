"""Brave Search: Brave's own independent web index through its Web Search API.

Docs: https://api-dashboard.search.brave.com/app/documentation/web-search/get-started (query
parameters and response model). Needs a key (``BRAVE_API_KEY``) sent as the
``X-Subscription-Token`` header. Price: $5 per 1,000 requests on the "Search" plan
(brave.com/search/api, read 2026), so ``price_usd`` = 0.005; rate limit is plan-based
(50 req/s on that plan, 1 req/s on the historic free plan).

Request: ``GET /res/v1/web/search?q=…&count=…`` with ``count`` at most 20 (``offset`` pages),
``freshness`` ``pd``/``pw``/``pm``/``py``, ``search_lang`` (we send the primary language subtag,
e.g. ``en`` for ``en-GB``; Brave's list also has ``en-gb``, ``zh-hans``... which we do not map),
``safesearch`` ``off``/``moderate``/``strict`` (our 0/1/2; Brave's default is moderate).

Response: web hits live at ``web.results[]`` (``mixed``, ``videos``, ``news``... are ignored);
``description`` carries ``<strong>`` tags and HTML entities, so it goes through ``strip_markup``;
``page_age`` is an ISO timestamp without zone (``age`` is relative text like "4 days ago" and is
not used).

Errors: ``{"type": "ErrorResponse", "error": {"id", "status", "code", "detail", "meta"}}``. An
invalid key is a **422** (``SUBSCRIPTION_TOKEN_INVALID``, ``meta.component`` "authentication"),
not a 401; we name it in the message. 429 is a rate limit; when Retry-After is absent the wait
comes from ``X-RateLimit-Reset`` (comma list, one value per window: per second, per month), taking
the window whose ``X-RateLimit-Remaining`` is 0. Unresolved: that header layout is from Brave's
docs page, not seen on a recorded 429.
"""

from __future__ import annotations

from typing import Any

from webquorum.errors import ProviderError
from webquorum.providers.base import (
    date_only,
    endpoint_url,
    key_auth,
    parse_retry_after,
    primary_language,
    result_list,
    strip_markup,
    text_of,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="brave",
    name="Brave Search",
    endpoint="https://api.search.brave.com/res/v1/web/search",
    key_env="BRAVE_API_KEY",
    docs="https://api-dashboard.search.brave.com/app/documentation/web-search/get-started",
    max_results=20,
    price_usd=0.005,
)

_FRESHNESS = {"day": "pd", "week": "pw", "month": "pm", "year": "py"}
_SAFESEARCH = {0: "off", 1: "moderate", 2: "strict"}


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    params = {"q": with_site_operators(query), "count": str(min(query.max_results, SPEC.max_results))}
    if query.time_range:
        params["freshness"] = _FRESHNESS[query.time_range]
    if query.language:
        params["search_lang"] = primary_language(query.language)
    if query.safesearch is not None:
        params["safesearch"] = _SAFESEARCH[query.safesearch]
    headers, secrets = key_auth(ctx, "X-Subscription-Token", base={"Accept": "application/json"})
    return HttpRequest(
        method="GET", url=endpoint_url(SPEC, ctx), headers=headers, params=params, secrets=secrets
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    if resp.status == 429 and resp.header("retry-after") is None:
        resp = _with_retry_after(resp)
    if resp.status == 422 and b"SUBSCRIPTION_TOKEN_INVALID" in resp.body:
        raise ProviderError(
            "brave rejected the subscription token (HTTP 422 SUBSCRIPTION_TOKEN_INVALID); check BRAVE_API_KEY",
            provider=SPEC.id,
            status=422,
        )
    out = []
    for item in result_list(SPEC.id, resp, "web", "results"):
        url = text_of(item.get("url"))
        if url:
            out.append(
                RawResult(
                    url=url,
                    title=strip_markup(item.get("title")),
                    snippet=strip_markup(item.get("description")),
                    published=date_only(item.get("page_age")),
                    extra=_extra(item),
                )
            )
    return out


def _extra(item: dict[str, Any]) -> dict[str, str]:
    age = text_of(item.get("age"))
    return {"age": age} if age else {}


def _with_retry_after(resp: HttpResponse) -> HttpResponse:
    """Copy of ``resp`` with a Retry-After derived from Brave's per-window X-RateLimit-Reset."""
    resets = [part.strip() for part in (resp.header("x-ratelimit-reset") or "").split(",")]
    remaining = [part.strip() for part in (resp.header("x-ratelimit-remaining") or "").split(",")]
    exhausted = [reset for reset, left in zip(resets, remaining, strict=False) if left == "0"]
    chosen = [s for s in (exhausted or resets[:1]) if parse_retry_after(s) is not None]
    if not chosen:
        return resp
    wait = max(parse_retry_after(s) or 0.0 for s in chosen)
    headers = {**resp.headers, "retry-after": str(wait)}
    return HttpResponse(status=resp.status, headers=headers, body=resp.body, url=resp.url)
