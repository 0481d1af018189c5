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

from datetime import UTC, date, datetime, timedelta
from typing import Any

from ..types import RawResult, SearchQuery, TimeRange
from .base import (
    CONTENT_CAP,
    TIME_RANGE_DAYS,
    HttpRequest,
    HttpResponse,
    ProviderSpec,
    RequestContext,
    cap_content,
    date_only,
    endpoint_url,
    json_list,
    load_json,
    raise_for_status,
    strip_markup,
    text_of,
)

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


def _since_date(time_range: TimeRange, ctx: RequestContext) -> str:
    """The first day inside ``time_range``; base.py has no such helper yet."""
    today = ctx.options.get("today")
    start = date.fromisoformat(today) if today else datetime.now(UTC).date()
    return (start - timedelta(days=TIME_RANGE_DAYS[time_range])).isoformat()


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    body: dict[str, Any] = {
        "query": query.query,
        "type": "auto",
        "numResults": max(1, min(query.max_results, SPEC.max_results)),
        "contents": {"text": {"maxCharacters": CONTENT_CAP}, "highlights": True},
    }
    if query.time_range:
        body["startPublishedDate"] = _since_date(query.time_range, ctx) + "T00:00:00.000Z"
    headers = {"x-api-key": ctx.api_key} if ctx.api_key else {}
    return HttpRequest(
        method="POST",
        url=endpoint_url(SPEC, ctx),
        headers=headers,
        json_body=body,
        secrets=(ctx.api_key,) if ctx.api_key else (),
    )


def _snippet(item: dict[str, Any]) -> str:
    highlights = item.get("highlights")
    if isinstance(highlights, list):
        joined = " … ".join(strip_markup(h) for h in highlights if strip_markup(h))
        if joined:
            return joined[:SNIPPET_CHARS]
    return (strip_markup(item.get("summary")) or strip_markup(item.get("text")))[:SNIPPET_CHARS]


def parse_response(resp: HttpResponse) -> list[RawResult]:
    raise_for_status(SPEC.id, resp, quota_statuses=(402,))
    data = load_json(SPEC.id, resp)
    results: list[RawResult] = []
    for item in json_list(SPEC.id, data, "results"):
        url = text_of(item.get("url"))
        if not url.startswith(("http://", "https://")):
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
