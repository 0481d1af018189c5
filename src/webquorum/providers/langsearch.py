"""LangSearch: a free web search API built for LLM applications, with per-result summaries.

Docs: https://docs.langsearch.com/reference/search-api-guide and the FAQ at
https://docs.langsearch.com/resources/faq. Needs a key (``LANGSEARCH_API_KEY``, Bearer).

Request: ``POST /v1/web-search`` with ``{"query", "count" (1-50, default 10), "summary": true,
"freshness"}``. We always ask for ``summary``: it is a long, page-grounded text, kept as
``RawResult.content`` capped at 800 characters so fusion has more than a snippet to compare.
Freshness presets ``oneDay``/``oneWeek``/``oneMonth``/``oneYear`` are the names third-party clients
use; the FAQ only says "a preset, a date or a range". There is no language parameter.

Response (Bing-like): ``{"code": 200, "msg", "data": {"webPages": {"value": [{name, url, snippet,
summary?, datePublished?}]}}}``. The body's own ``code`` can be an error inside an HTTP 200, and
errors look like ``{"code": "404", "message": "Not Found", "log_id"}``. Snippets come
pre-tokenised (``"Python 3 . 12 , with"``): a `` . `` between digits is joined back and a space
before trailing punctuation dropped.

Price: $0 (the Free Plan covers all features within a daily allowance, per the FAQ). Limits: daily
allowance resetting 00:00 UTC plus dashboard rate limits; 401/403/429 bodies were not captured.
"""

from __future__ import annotations

import re
from typing import Any

from webquorum.errors import ProviderError, RateLimitedError
from webquorum.providers.base import (
    bearer,
    date_only,
    endpoint_url,
    json_list,
    json_object,
    provider_message,
    text_of,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="langsearch",
    name="LangSearch",
    endpoint="https://api.langsearch.com/v1/web-search",
    key_env="LANGSEARCH_API_KEY",
    docs="https://docs.langsearch.com/reference/search-api-guide",
    max_results=50,
    price_usd=0.0,
)

SUMMARY_CAP = 800  # inline summaries are context for fusion, not the page itself
_FRESHNESS = {"day": "oneDay", "week": "oneWeek", "month": "oneMonth", "year": "oneYear"}
_SPLIT_DECIMAL = re.compile(r"(?<=\d) \. (?=\d)")
_SPACED_PUNCT = re.compile(r"(?<=\w) ([,.;:!?])(?=\s|$)")


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    body: dict[str, Any] = {
        "query": query.query,
        "count": min(query.max_results, SPEC.max_results),
        "summary": True,
        "freshness": _FRESHNESS[query.time_range] if query.time_range else "noLimit",
    }
    headers, secrets = bearer(ctx)
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    data = json_object(SPEC.id, resp)
    _raise_for_body_code(data, resp)
    out = []
    for item in json_list(SPEC.id, data, "data", "webPages", "value"):
        url = text_of(item.get("url"))
        if not url:
            continue
        long_text = detokenise(text_of(item.get("summary")) or text_of(item.get("text")))
        out.append(
            RawResult(
                url=url,
                title=detokenise(text_of(item.get("name"))),
                snippet=detokenise(text_of(item.get("snippet"))) or long_text[:300],
                content=long_text[:SUMMARY_CAP] or None,
                published=date_only(item.get("datePublished")),
            )
        )
    return out


def detokenise(text: str) -> str:
    """Undo the tokeniser: ``3 . 12`` -> ``3.12``, ``word ,`` -> ``word,``; collapse whitespace."""
    return _SPACED_PUNCT.sub(r"\1", _SPLIT_DECIMAL.sub(".", " ".join(text.split())))


def _raise_for_body_code(data: dict[str, Any], resp: HttpResponse) -> None:
    code = data.get("code")
    if code is None or str(code).strip() in ("200", "0"):
        return
    try:
        status = int(str(code).strip())
    except ValueError:
        status = resp.status
    message = provider_message(resp.body)
    if status == 429:
        raise RateLimitedError(f"langsearch rate limited: {message}", provider=SPEC.id, status=status)
    raise ProviderError(f"langsearch error {code}: {message}", provider=SPEC.id, status=status)
