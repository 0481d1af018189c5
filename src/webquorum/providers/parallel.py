"""Parallel Search: ``POST https://api.parallel.ai/v1/search`` with a JSON body.

Docs: https://docs.parallel.ai/api-reference/search/search (OpenAPI ``/public-openapi.json``;
beta-to-v1 migration guide; ``parallel-web/parallel-sdk-python``).

* Key: ``PARALLEL_API_KEY`` sent as ``x-api-key``.
* Query: v1 **requires** ``search_queries[]`` (keyword queries, at most 200 characters
  each) and takes the natural-language ``objective`` beside it; we send the query as
  both. Sending only ``objective``, or ``max_results`` at the top level (the v1beta
  shape), is a 422.
* Count: ``advanced_settings.max_results`` (default 10). The docs give no maximum; we
  cap at 20 (doubt: an unstated server-side cap may return fewer).
* Freshness: ``advanced_settings.source_policy.after_date`` (inclusive YYYY-MM-DD), today
  minus 1/7/31/366 days; "today" is ``ctx.options["today"]`` when given, else the UTC clock.
* Language: not supported (``location`` is a country); ignored. ``ctx.options["mode"]``
  (``turbo``/``basic``/``advanced``) is passed through; omitted, the API uses ``advanced``.
* Response: ``results[{url, title|null, publish_date|null, excerpts[]}]`` in relevance
  order, no score. Excerpts are markdown: joined as ``content`` (capped at 8,000), the
  first one flattened as the snippet.
* Errors: ``{"type": "error", "error": {"ref_id", "message", "detail?"}}``.
* Price: $5 per 1,000 requests for 10 results plus $1 per 1,000 extra results
  (docs.parallel.ai/getting-started/pricing), so 20 results cost at most $0.015.
"""

from __future__ import annotations

from typing import Any

from webquorum.providers.base import (
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
    id="parallel",
    name="Parallel",
    endpoint="https://api.parallel.ai/v1/search",
    key_env="PARALLEL_API_KEY",
    docs="https://docs.parallel.ai/api-reference/search/search",
    max_results=20,
    price_usd=0.015,
)

QUERY_CHARS = 200  # documented limit per search_queries entry
OBJECTIVE_CHARS = 5000
SNIPPET_CHARS = 500


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    settings: dict[str, Any] = {"max_results": max(1, min(query.max_results, SPEC.max_results))}
    policy: dict[str, Any] = {}
    if query.time_range:
        policy["after_date"] = since_date(query.time_range, ctx)
    if query.sites:
        policy["include_domains"] = list(query.sites)
    if query.exclude_sites:
        policy["exclude_domains"] = list(query.exclude_sites)
    if policy:
        settings["source_policy"] = policy
    body: dict[str, Any] = {
        "objective": query.query[:OBJECTIVE_CHARS],
        "search_queries": [query.query[:QUERY_CHARS]],
        "advanced_settings": settings,
    }
    if ctx.options.get("mode"):
        body["mode"] = ctx.options["mode"]
    headers, secrets = key_auth(ctx, "x-api-key")
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    results: list[RawResult] = []
    for item in result_list(SPEC.id, resp, "results", quota_statuses=(402,)):
        url = text_of(item.get("url"))
        if not is_http_url(url):
            continue
        raw = item.get("excerpts")
        excerpts = [text_of(e) for e in raw if text_of(e)] if isinstance(raw, list) else []
        results.append(
            RawResult(
                url=url,
                title=strip_markup(item.get("title")),
                snippet=strip_markup(excerpts[0])[:SNIPPET_CHARS] if excerpts else "",
                content=cap_content("\n\n".join(excerpts)),
                published=date_only(item.get("publish_date")),
            )
        )
    return results
