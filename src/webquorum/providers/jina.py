"""Jina Search (s.jina.ai): web results with each page already read into markdown.

Docs: https://jina.ai/reader (section "s.jina.ai") and Jina's API guide for LLMs
(github.com/jina-ai/meta-prompt ``v9.txt``, "4. Search API"). Needs a key (``JINA_API_KEY``,
``Authorization: Bearer``); unlike r.jina.ai, search refuses keyless calls. Rate limit 40
requests/min (100 with a premium key).

Request: ``POST https://s.jina.ai/`` JSON ``{q, num, hl}`` with ``Accept: application/json``
(without it the answer is plain text). ``num`` is validated 0-20 in the server code
(jina-ai/reader ``searcher-serper.ts``). ``X-Retain-Images: none`` keeps image markdown out of
the page text. There is no time-range parameter, so ``time_range`` is ignored.

Response: ``{code: 200, status: 20000, data: [{title, url, description, content, date?,
usage: {tokens}}], meta: {usage}}``. ``content`` (the page through Jina's reader) is kept as
``RawResult.content``, capped at 8,000 characters; ``description`` is the snippet.

Price: billed in tokens, not per call: at least 10,000 tokens a request, plus the tokens of the
pages read. ``price_usd`` = 0.01 is an estimate for a full 20-result call (~200k tokens at about
$0.05 per million). Unresolved: Jina's current per-token price was not in the stored docs.

Errors: the reader envelope ``{data: null, code, name, status, message, readableMessage}``.
``422 AssertionFailureError "No search results available for query …"`` means zero hits and
yields an empty list, not an error. 401 bad key, 402 balance exhausted, 429 rate limit.
"""

from __future__ import annotations

import json
from typing import Any

from webquorum.providers.base import (
    bearer,
    cap_content,
    date_only,
    endpoint_url,
    one_line,
    primary_language,
    result_list,
    text_of,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="jina",
    name="Jina Search",
    endpoint="https://s.jina.ai/",
    key_env="JINA_API_KEY",
    docs="https://jina.ai/reader",
    max_results=20,
    price_usd=0.01,
)


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    body: dict[str, Any] = {"q": query.query, "num": min(query.max_results, SPEC.max_results)}
    if query.language:
        body["hl"] = primary_language(query.language)
    headers, secrets = bearer(ctx, {"Accept": "application/json", "X-Retain-Images": "none"})
    if len(query.sites) == 1 and not query.exclude_sites:
        headers["X-Site"] = f"https://{query.sites[0]}"  # documented in-site search: one site only
    elif query.sites or query.exclude_sites:
        body["q"] = with_site_operators(query)
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    if resp.status == 422 and _no_results(resp.body):
        return []
    out = []
    for item in result_list(SPEC.id, resp, "data"):
        url = text_of(item.get("url"))
        if url:
            out.append(
                RawResult(
                    url=url,
                    title=text_of(item.get("title")),
                    snippet=one_line(item.get("description")),
                    content=cap_content(item.get("content")),
                    published=date_only(item.get("date") or item.get("publishedTime")),
                )
            )
    return out


def _no_results(body: bytes) -> bool:
    try:
        envelope = json.loads(body)
    except ValueError:
        return False
    message = envelope.get("message") if isinstance(envelope, dict) else None
    return isinstance(message, str) and message.startswith("No search results")
