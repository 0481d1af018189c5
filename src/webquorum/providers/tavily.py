"""Tavily search: ``POST https://api.tavily.com/search`` with a JSON body.

Docs: https://docs.tavily.com/documentation/api-reference/endpoint/search (contract checked
against Tavily's published OpenAPI and ``tavily-ai/tavily-python``).

* Key: ``TAVILY_API_KEY`` sent as ``Authorization: Bearer tvly-…``.
* Count: ``max_results`` accepts 0–20, so requests are capped at 20.
* Freshness: ``time_range`` takes ``day|week|month|year`` verbatim.
* Language: not supported (Tavily only has ``country``, a lower-case English country name,
  which cannot be derived from a language code), so ``query.language`` is ignored.
* Errors: body ``{"detail": {"error": "…"}}``. HTTP 432 (plan/key usage limit) and 433
  (pay-as-you-go limit) mean "out of quota" and are classified as rate limits, like 429.
* Inline text: results carry ``raw_content`` only when ``include_raw_content`` is asked
  for; we do not ask (it is slow and large) but keep it as ``content`` when present.
  ``published_date`` appears only for ``topic: "news"``.
* Price: ``search_depth: "basic"`` costs 1 API credit whatever the count; the dearest
  list price per credit is pay-as-you-go at $0.008 (docs.tavily.com/documentation/api-credits).
"""

from __future__ import annotations

from typing import Any

from webquorum.providers.base import (
    bearer,
    cap_content,
    date_only,
    endpoint_url,
    is_http_url,
    result_list,
    strip_markup,
    text_of,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="tavily",
    name="Tavily",
    endpoint="https://api.tavily.com/search",
    key_env="TAVILY_API_KEY",
    docs="https://docs.tavily.com/documentation/api-reference/endpoint/search",
    max_results=20,
    price_usd=0.008,
)

QUOTA_STATUSES = (432, 433)  # plan limit, pay-as-you-go limit: both wait for a reset or top-up


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    body: dict[str, Any] = {
        "query": query.query,
        "max_results": max(1, min(query.max_results, SPEC.max_results)),
        "search_depth": "basic",
        "topic": "general",
        "include_answer": False,
        "include_raw_content": False,
        "include_images": False,
    }
    if query.time_range:
        body["time_range"] = query.time_range
    if query.sites:
        body["include_domains"] = list(query.sites[:300])
    if query.exclude_sites:
        body["exclude_domains"] = list(query.exclude_sites[:150])
    headers, secrets = bearer(ctx)
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    results: list[RawResult] = []
    for item in result_list(SPEC.id, resp, "results", quota_statuses=QUOTA_STATUSES):
        url = text_of(item.get("url"))
        if not is_http_url(url):
            continue
        extra: dict[str, str] = {}
        score = item.get("score")
        if isinstance(score, (int, float)) and not isinstance(score, bool):
            extra["score"] = f"{float(score):.4f}"
        results.append(
            RawResult(
                url=url,
                title=strip_markup(item.get("title")),
                snippet=strip_markup(item.get("content")),
                content=cap_content(item.get("raw_content")),
                published=date_only(item.get("published_date")),
                extra=extra,
            )
        )
    return results
