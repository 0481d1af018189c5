"""TinyFish Search: ``GET https://api.search.tinyfish.ai/?query=…``.

Docs: https://docs.tinyfish.ai/search-api (parameters and error envelope checked against
the official Python SDK, PyPI ``tinyfish`` 0.11.0, ``tinyfish/search``).

* Key: ``TINYFISH_API_KEY`` sent as ``X-API-Key``; there is no keyless endpoint.
* Count: there is no count parameter; a page holds 10 results (``page`` 0–10 pages
  further), so ``SPEC.max_results`` is 10 and nothing is sent for the count. The caller
  trims when fewer were asked for.
* Freshness: ``recency_minutes`` (1…5,256,000) = 1/7/31/366 days in minutes.
* Language: ``language`` is passed through as given (doubt: the docs do not say whether
  it wants ``en`` or ``en-US``; we send the caller's code unchanged).
* Response: ``{query, results[{position, site_name, title, snippet, url, date?, …}],
  total_results, page}``; ``date`` is optional and kept only when it is an ISO date.
* Errors: ``{"error": {"code", "message", "details"}}``; 402 (wallet) counts as a rate
  limit like 429. Rate limit: 30 requests/minute (third-party notes, not the official page).
* Price: search is free at any wallet balance (docs), so $0.
"""

from __future__ import annotations

from webquorum.providers.base import (
    TIME_RANGE_DAYS,
    date_only,
    endpoint_url,
    is_http_url,
    key_auth,
    result_list,
    strip_markup,
    text_of,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="tinyfish",
    name="TinyFish",
    endpoint="https://api.search.tinyfish.ai/",
    key_env="TINYFISH_API_KEY",
    docs="https://docs.tinyfish.ai/search-api",
    max_results=10,
    price_usd=0.0,
)


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    params = {"query": query.query}
    if query.time_range:
        params["recency_minutes"] = str(TIME_RANGE_DAYS[query.time_range] * 24 * 60)
    if query.language:
        params["language"] = query.language
    if query.sites:
        params["include_domains"] = ",".join(query.sites)
    if query.exclude_sites:
        params["exclude_domains"] = ",".join(query.exclude_sites)
    headers, secrets = key_auth(ctx, "X-API-Key")
    return HttpRequest(
        method="GET", url=endpoint_url(SPEC, ctx), headers=headers, params=params, secrets=secrets
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    results: list[RawResult] = []
    for item in result_list(SPEC.id, resp, "results", quota_statuses=(402,)):
        url = text_of(item.get("url"))
        if not is_http_url(url):
            continue
        extra = {"site_name": text_of(item.get("site_name"))} if text_of(item.get("site_name")) else {}
        results.append(
            RawResult(
                url=url,
                title=strip_markup(item.get("title")),
                snippet=strip_markup(item.get("snippet")),
                published=date_only(item.get("date")),
                extra=extra,
            )
        )
    return results
