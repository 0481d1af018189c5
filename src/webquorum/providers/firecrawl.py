"""Firecrawl search (v2): ``POST https://api.firecrawl.dev/v2/search`` with a JSON body.

Docs: https://docs.firecrawl.dev/api-reference/endpoint/search (checked against
``mendableai/firecrawl`` ``apps/api/src/controllers/v2/types.ts`` and a recorded v2 response).

* Key: ``FIRECRAWL_API_KEY`` sent as ``Authorization: Bearer fc-…``.
* Count: ``limit`` 1–100 (per source type); we ask for ``sources: ["web"]`` only.
* Results sit under ``data.web[]`` (v1 answered a flat ``data[]``; both are read).
  ``description`` is the snippet; ``markdown`` (present only when the search also scrapes)
  is kept inline as ``content``, capped at 8,000 characters.
* Scraping every hit costs a credit per page and seconds of latency, so it is off unless
  ``ctx.options["scrape"]`` is ``"1"``/``"true"``, which adds
  ``scrapeOptions: {formats: ["markdown"], onlyMainContent: true}``.
* Freshness: Google-style ``tbs`` = ``qdr:d|w|m|y``. Language: ``lang`` = the language code.
* Errors: ``{"success": false, "error": "<message>", "code"?, "details"?}`` with 400, 401,
  402 (credits; treated as a rate limit), 408, 429, 500. A 2xx with ``success: false`` is
  a provider error too.
* Price: 2 credits per 10 results (docs.firecrawl.dev/billing), so 20 credits at 100
  results; at the Hobby plan's $16 for 3,000 credits (firecrawl.dev/pricing, the dearest
  per-credit list price; plan prices not re-checked here) that is about $0.107.
"""

from __future__ import annotations

from typing import Any

from webquorum.errors import ProviderError
from webquorum.providers.base import (
    bearer,
    cap_content,
    date_only,
    endpoint_url,
    is_http_url,
    json_list,
    load_json,
    provider_message,
    raise_for_status,
    strip_markup,
    text_of,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="firecrawl",
    name="Firecrawl",
    endpoint="https://api.firecrawl.dev/v2/search",
    key_env="FIRECRAWL_API_KEY",
    docs="https://docs.firecrawl.dev/api-reference/endpoint/search",
    max_results=100,
    price_usd=0.107,
)

TBS = {"day": "qdr:d", "week": "qdr:w", "month": "qdr:m", "year": "qdr:y"}


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    body: dict[str, Any] = {
        "query": with_site_operators(query),
        "limit": max(1, min(query.max_results, SPEC.max_results)),
        "sources": ["web"],
    }
    if query.time_range:
        body["tbs"] = TBS[query.time_range]
    if query.language:
        body["lang"] = query.language
    if ctx.options.get("scrape", "").lower() in ("1", "true", "yes"):
        body["scrapeOptions"] = {"formats": ["markdown"], "onlyMainContent": True}
    headers, secrets = bearer(ctx)
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    raise_for_status(SPEC.id, resp, quota_statuses=(402,))
    data = load_json(SPEC.id, resp)
    if isinstance(data, dict) and data.get("success") is False:
        raise ProviderError(
            f"{SPEC.id} reported failure: {provider_message(resp.body)}", provider=SPEC.id, status=resp.status
        )
    flat_v1 = isinstance(data, dict) and isinstance(data.get("data"), list)
    items = json_list(SPEC.id, data, "data") if flat_v1 else json_list(SPEC.id, data, "data", "web")
    results: list[RawResult] = []
    for item in items:
        url = text_of(item.get("url"))
        if not is_http_url(url):
            continue
        raw_meta = item.get("metadata")
        meta: dict[str, Any] = raw_meta if isinstance(raw_meta, dict) else {}
        results.append(
            RawResult(
                url=url,
                title=strip_markup(item.get("title")) or strip_markup(meta.get("title")),
                snippet=strip_markup(item.get("description")) or strip_markup(meta.get("description")),
                content=cap_content(item.get("markdown")),
                published=date_only(meta.get("publishedTime")),
            )
        )
    return results
