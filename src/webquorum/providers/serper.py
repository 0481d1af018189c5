"""Serper: Google web results as JSON through google.serper.dev.

Docs: https://serper.dev/playground (the request builder is the reference; there is no separate
API reference page). Needs a key (``SERPER_API_KEY``) in the ``X-API-KEY`` header. Prepaid
credits, $1.00 per 1,000 on the smallest package down to $0.30; asking for more than 10 results
costs 2 credits (serper.dev pricing, via api-evangelist/serper, read 2026), so ``price_usd`` =
0.002. Throughput 50-300 queries/s by package; no rate-limit headers are published.

Request: ``POST https://google.serper.dev/search`` JSON ``{q, num, hl, tbs}``: ``num`` up to 100,
``tbs`` ``qdr:d``/``qdr:w``/``qdr:m``/``qdr:y``, ``hl`` the language (primary subtag).
Unresolved: the playground offers ``num`` in steps (10, 20, ... 100); we send the exact count
asked for, as Google's own ``num`` accepts any value.

Response: ``organic[]`` with the URL in ``link`` (not ``url``), ``date`` as free text ("Jan 29,
2023"; relative dates like "3 days ago" are dropped, since parsing is pure and has no clock).
``knowledgeGraph`` is kept as the first result only when it carries a ``website`` URL (its title
and description then describe that site) that no organic hit already points to (compared without
scheme, ``www.`` and trailing slash); without a website it names an entity, not a page, and is
dropped. ``answerBox``, ``peopleAlsoAsk``, ``relatedSearches`` and ``topStories`` are ignored.

Errors: ``{"message": "...", "statusCode": N}``; a bare 429 with no headers is a rate limit
(no Retry-After), handled by ``raise_for_status``. Running out of credits is a 400 "Not enough
credits" and stays a provider error: waiting does not fix it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from webquorum.providers.base import (
    endpoint_url,
    json_list,
    key_auth,
    load_json,
    one_line,
    primary_language,
    raise_for_status,
    text_of,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="serper",
    name="Serper (Google)",
    endpoint="https://google.serper.dev/search",
    key_env="SERPER_API_KEY",
    docs="https://serper.dev/playground",
    max_results=100,
    price_usd=0.002,
)

_TBS = {"day": "qdr:d", "week": "qdr:w", "month": "qdr:m", "year": "qdr:y"}
_DATE_FORMATS = ("%b %d, %Y", "%B %d, %Y", "%d %b %Y", "%d %B %Y", "%Y-%m-%d")


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    body: dict[str, Any] = {"q": with_site_operators(query), "num": min(query.max_results, SPEC.max_results)}
    if query.time_range:
        body["tbs"] = _TBS[query.time_range]
    if query.language:
        body["hl"] = primary_language(query.language)
    headers, secrets = key_auth(ctx, "X-API-KEY", base={"Accept": "application/json"})
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    raise_for_status(SPEC.id, resp)
    data = load_json(SPEC.id, resp)
    out = [
        RawResult(
            url=url,
            title=text_of(item.get("title")),
            snippet=one_line(item.get("snippet")),
            published=_free_text_date(item.get("date")),
        )
        for item in json_list(SPEC.id, data, "organic")
        if (url := text_of(item.get("link")))
    ]
    graph = data.get("knowledgeGraph") if isinstance(data, dict) else None
    website = text_of(graph.get("website")) if isinstance(graph, dict) else ""
    if (
        isinstance(graph, dict)
        and website
        and _same_page_key(website) not in {_same_page_key(r.url) for r in out}
    ):
        hit = RawResult(
            url=website,
            title=text_of(graph.get("title")),
            snippet=text_of(graph.get("description")),
            extra={"kind": "knowledge_graph"},
        )
        out.insert(0, hit)
    return out


def _same_page_key(url: str) -> str:
    parts = urlsplit(url)
    return parts.netloc.lower().removeprefix("www.") + parts.path.rstrip("/")


def _free_text_date(value: Any) -> str | None:
    """YYYY-MM-DD from Serper's display dates ("Jan 29, 2023"); None for relative or unknown forms."""
    text = text_of(value)
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).strftime("%Y-%m-%d")
        except ValueError:
            continue
    return None
