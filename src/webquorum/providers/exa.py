"""Exa search: ``POST https://api.exa.ai/search`` with a JSON body.

Docs: https://exa.ai/docs/reference/search (contract checked against Exa's OpenAPI as
mirrored in ``tryAGI/Exa`` and the SearXNG ``exaapi`` engine).

* Key: ``EXA_API_KEY`` sent as ``x-api-key`` (Exa also accepts a Bearer token).
* Count: ``numResults``, 1–100.
* Exa has **no snippet field**: we request ``contents.highlights`` and build the snippet
  from ``highlights[]`` (falling back to ``summary``, then the head of the text), and
  request ``contents.text`` capped at 8,000 characters, kept inline as ``content``.
* Freshness: ``time_range`` becomes ``startPublishedDate`` (today minus 1/7/31/366 days,
  midnight UTC). "Today" is ``ctx.options["today"]`` (YYYY-MM-DD) when given, so the
  builder stays deterministic in tests; otherwise the UTC clock.
* Language: not supported (``userLocation`` is a country, not a language); ignored.
* Errors: ``{"requestId", "error": "<message>", "tag": "<TAG>"}``; 429 is a rate limit and
  402 (credits or budget exhausted) is treated as one too, since waiting or topping up
  is the only cure. Real responses often omit ``score``.
* Price: $7 per 1,000 requests including text and highlights for 10 results, plus $1 per
  1,000 extra results (exa.ai/docs/reference/pricing, March 2026 pricing update), so the
  worst case at 100 results is 0.007 + 90 × 0.001 = $0.097.
"""

from __future__ import annotations

from typing import Any

from webquorum.providers.base import (
    CONTENT_CAP,
    cap_content,
    date_only,
    endpoint_url,
    is_http_url,
    key_auth,
    result_list,
    since_date,
    strip_markup,
    text_of,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="exa",
    name="Exa",
    endpoint="https://api.exa.ai/search",
    key_env="EXA_API_KEY",
    docs="https://exa.ai/docs/reference/search",
    max_results=100,
    price_usd=0.097,
)

SNIPPET_CHARS = 500


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    body: dict[str, Any] = {
        "query": query.query,
        "type": "auto",
        "numResults": max(1, min(query.max_results, SPEC.max_results)),
        "contents": {"text": {"maxCharacters": CONTENT_CAP}, "highlights": True},
    }
    if query.sites:
        body["includeDomains"] = list(query.sites)
    if query.exclude_sites:
        body["excludeDomains"] = list(query.exclude_sites)
    if query.time_range:
        body["startPublishedDate"] = since_date(query.time_range, ctx) + "T00:00:00.000Z"
    headers, secrets = key_auth(ctx, "x-api-key")
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def _snippet(item: dict[str, Any]) -> str:
    highlights = item.get("highlights")
    if isinstance(highlights, list):
        joined = " … ".join(strip_markup(h) for h in highlights if strip_markup(h))
        if joined:
            return joined[:SNIPPET_CHARS]
    return (strip_markup(item.get("summary")) or strip_markup(item.get("text")))[:SNIPPET_CHARS]


def parse_response(resp: HttpResponse) -> list[RawResult]:
    results: list[RawResult] = []
    for item in result_list(SPEC.id, resp, "results", quota_statuses=(402,)):
        url = text_of(item.get("url"))
        if not is_http_url(url):
            continue
        extra: dict[str, str] = {}
        if text_of(item.get("author")):
            extra["author"] = text_of(item.get("author"))
        results.append(
            RawResult(
                url=url,
                title=strip_markup(item.get("title")),
                snippet=_snippet(item),
                content=cap_content(item.get("text")),
                published=date_only(item.get("publishedDate")),
                extra=extra,
            )
        )
    return results
