"""Linkup search: ``POST https://api.linkup.so/v1/search`` with a JSON body.

Docs: https://docs.linkup.so/pages/documentation/endpoints/search (field names checked
against ``LinkupPlatform/linkup-python-sdk`` and its unit-test fixtures).

* Key: ``LINKUP_API_KEY`` sent as ``Authorization: Bearer …``.
* Body: ``q``, ``depth: "standard"``, ``outputType: "searchResults"``, ``maxResults``.
  The docs give no maximum for ``maxResults``; we cap at 50 (doubt).
* Response: ``results[{type: "text", name, url, content, favicon} | {type: "image", …}]``.
  The title is **``name``**; ``content`` is page text, kept inline (capped at 8,000) and
  flattened into the snippet. Image hits are dropped. A ``sourcedAnswer`` body
  (``sources[{name, url, snippet}]``) is read too. No score; dates only sometimes.
* Freshness: ``fromDate`` (YYYY-MM-DD) = today minus 1/7/31/366 days; "today" is
  ``ctx.options["today"]`` when given, else the UTC clock.
* Language: not supported; ignored.
* Errors: ``{"error": {"code", "message", "details[]"}}``. 429 covers both rate and credit
  exhaustion; 402 (payment required) is treated the same. 400 ``SEARCH_QUERY_NO_RESULT``
  is an empty answer, not a failure.
* Price: $0.005 per ``standard`` + ``searchResults`` call whatever the count
  (docs.linkup.so/pages/documentation/platform/pricing).
"""

from __future__ import annotations

import json
from typing import Any

from webquorum.providers.base import (
    bearer,
    cap_content,
    date_only,
    endpoint_url,
    is_http_url,
    json_list,
    load_json,
    raise_for_status,
    since_date,
    strip_markup,
    text_of,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="linkup",
    name="Linkup",
    endpoint="https://api.linkup.so/v1/search",
    key_env="LINKUP_API_KEY",
    docs="https://docs.linkup.so/pages/documentation/endpoints/search",
    max_results=50,
    price_usd=0.005,
)

SNIPPET_CHARS = 500


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    body: dict[str, Any] = {
        "q": query.query,
        "depth": "standard",
        "outputType": "searchResults",
        "maxResults": max(1, min(query.max_results, SPEC.max_results)),
    }
    if query.time_range:
        body["fromDate"] = since_date(query.time_range, ctx)
    if query.sites:
        body["includeDomains"] = list(query.sites)
    if query.exclude_sites:
        body["excludeDomains"] = list(query.exclude_sites)
    headers, secrets = bearer(ctx)
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def _no_result(resp: HttpResponse) -> bool:
    if resp.status != 400:
        return False
    try:
        error = json.loads(resp.body).get("error")
    except (ValueError, AttributeError):
        return False
    return isinstance(error, dict) and error.get("code") == "SEARCH_QUERY_NO_RESULT"


def parse_response(resp: HttpResponse) -> list[RawResult]:
    if _no_result(resp):
        return []
    raise_for_status(SPEC.id, resp, quota_statuses=(402,))
    data = load_json(SPEC.id, resp)
    answer_shape = isinstance(data, dict) and "results" not in data and "sources" in data
    items = json_list(SPEC.id, data, "sources" if answer_shape else "results")
    results: list[RawResult] = []
    for item in items:
        url = text_of(item.get("url"))
        if item.get("type", "text") != "text" or not is_http_url(url):
            continue
        text = text_of(item.get("content"))
        results.append(
            RawResult(
                url=url,
                title=strip_markup(item.get("name")),
                snippet=(strip_markup(text) or strip_markup(item.get("snippet")))[:SNIPPET_CHARS],
                content=cap_content(text),
                published=date_only(item.get("date")),
            )
        )
    return results
