"""Perplexity Search API: ranked web results from Perplexity's own index, no generated answer.

Docs: https://docs.perplexity.ai/api-reference/search-post. This is the results-only
``POST https://api.perplexity.ai/search``, *not* the Sonar ``/chat/completions`` endpoint (which
writes an answer and bills tokens). Needs a key (``PERPLEXITY_API_KEY``) as
``Authorization: Bearer``. Price: $5.00 per 1,000 requests, no token charges
(https://docs.perplexity.ai/guides/pricing, read 2026), so ``price_usd`` = 0.005.

Request JSON: ``query``, ``max_results`` (1-20 for web search), ``search_recency_filter``
(``hour``/``day``/``week``/``month``/``year``; ours map one to one), ``search_language_filter``
(list of ISO 639-1 codes; we send the primary subtag of ``query.language``).

Response: ``{id, results: [{title, url, snippet, date, last_updated}], server_time}``; no score.
``snippet`` is not a one-line teaser but page extract of up to ``max_tokens_per_page`` tokens
(default 1,024), so a long one is kept whole as ``RawResult.content`` (capped at 8,000 chars)
and its first ~300 characters become the snippet.

Errors: 422 FastAPI style ``{"detail": [{loc, msg, type}]}``; 401/403/429/5xx mapped by status.
Unresolved: the recorded material is a schema skeleton only, no response with real values; one
third-party client describes ``date`` as the crawl date rather than the publication date - we
treat it as the publication date (``last_updated`` goes to ``extra``).
"""

from __future__ import annotations

from webquorum.providers.base import (
    bearer,
    cap_content,
    date_only,
    endpoint_url,
    one_line,
    primary_language,
    result_list,
    text_of,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="perplexity",
    name="Perplexity Search",
    endpoint="https://api.perplexity.ai/search",
    key_env="PERPLEXITY_API_KEY",
    docs="https://docs.perplexity.ai/api-reference/search-post",
    max_results=20,
    price_usd=0.005,
)

_SNIPPET_CHARS = 300
DOMAIN_FILTER_MAX = 20  # documented limit of search_domain_filter


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    body: dict[str, object] = {
        "query": query.query,
        "max_results": min(query.max_results, SPEC.max_results),
    }
    if query.time_range:
        body["search_recency_filter"] = query.time_range
    if query.language:
        body["search_language_filter"] = [primary_language(query.language)]
    domain_filter = domain_filter_of(query)
    if domain_filter:
        body["search_domain_filter"] = domain_filter
    headers, secrets = bearer(ctx, {"Accept": "application/json"})
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def domain_filter_of(query: SearchQuery) -> list[str]:
    """``search_domain_filter``: at most 20 entries, an allowlist or a ``-``-prefixed denylist, never both.

    With both kinds asked, the allowlist goes (it narrows most); the exclusions are then enforced
    by the search pipeline on the results, as every scope is.
    """
    if query.sites:
        return list(query.sites[:DOMAIN_FILTER_MAX])
    return [f"-{site}" for site in query.exclude_sites[:DOMAIN_FILTER_MAX]]


def parse_response(resp: HttpResponse) -> list[RawResult]:
    out = []
    for item in result_list(SPEC.id, resp, "results"):
        url = text_of(item.get("url"))
        if not url:
            continue
        text = one_line(item.get("snippet"))
        long_text = len(text) > _SNIPPET_CHARS
        updated = date_only(item.get("last_updated"))
        out.append(
            RawResult(
                url=url,
                title=text_of(item.get("title")),
                snippet=_lead(text) if long_text else text,
                content=cap_content(item.get("snippet")) if long_text else None,
                published=date_only(item.get("date")),
                extra={"last_updated": updated} if updated else {},
            )
        )
    return out


def _lead(text: str) -> str:
    """The first ~300 characters, cut at a word boundary."""
    cut = text[:_SNIPPET_CHARS].rsplit(" ", 1)[0]
    return f"{cut} …"
