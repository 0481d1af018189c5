"""A search-grounded model (Perplexity Sonar by default) behind an OpenAI-compatible chat endpoint.

Docs: https://vercel.com/docs/ai-gateway/sdks-and-apis/openai-chat-completions (Vercel AI Gateway,
the default endpoint); any OpenAI-compatible endpoint works through ``base_url``. Needs a key
(``AI_GATEWAY_API_KEY``, Bearer). The model comes from ``ctx.options["model"]`` (the runtime fills
it from ``SEARCH_QUERY_MODEL``), default ``perplexity/sonar``.

Why results come only from cited sources: a model's prose can name URLs it never fetched (or that
do not exist). Results are therefore built solely from the response's source lists: Perplexity's
top-level ``search_results`` ``[{title, url, date, snippet?}]`` and ``citations`` ``[url]``, and
OpenAI-style ``choices[0].message.annotations[]`` of type ``url_citation`` (nested
``{"url_citation": {url, title}}`` or flat). The generated text is never parsed for links and
never used as a snippet: a source's snippet is its own ``snippet`` or empty. No citations -> [].
Errors: HTTP status plus the OpenAI shape ``{"error": {"message", "type", "code"}}``, which some
gateways also send inside a 200.

Time range and language are stated in the prompt, not as provider parameters, because the
gateway's pass-through of Perplexity's ``search_recency_filter`` is not documented (unresolved).
Price: about $0.015 worst case per call for ``sonar`` (Perplexity pricing: $1/M input and output
tokens plus up to $12 per 1,000 requests at high search context; ``max_tokens`` caps output at
1,024). Larger models (``sonar-pro``) cost more; budgets should then raise this figure.
"""

from __future__ import annotations

from typing import Any

from webquorum.errors import BadResponseError
from webquorum.net.chat import chat_request, raise_chat_error
from webquorum.providers.base import (
    date_only,
    endpoint_url,
    is_http_url,
    json_object,
    one_line,
    text_of,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="gateway",
    name="Search-grounded model (OpenAI-compatible gateway)",
    endpoint="https://ai-gateway.vercel.sh/v1/chat/completions",
    key_env="AI_GATEWAY_API_KEY",
    docs="https://vercel.com/docs/ai-gateway/sdks-and-apis/openai-chat-completions",
    max_results=20,
    price_usd=0.015,
    model_kind="query",
)

DEFAULT_MODEL = "perplexity/sonar"
MAX_TOKENS = 1024
_SYSTEM = (
    "You are a web search tool. Search the web for the user's query and cite every source you use. "
    "Answer briefly; the cited sources are what matters."
)
_RANGE_WORDS = {
    "day": "the past day",
    "week": "the past week",
    "month": "the past month",
    "year": "the past year",
}


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    count = min(query.max_results, SPEC.max_results)
    ask = f"Find up to {count} relevant web pages for: {query.query}"
    if query.time_range:
        ask += f"\nOnly use pages published in {_RANGE_WORDS[query.time_range]}."
    if query.language:
        ask += f"\nPrefer pages written in language '{query.language}'."
    if query.sites:
        ask += f"\nOnly use pages on these sites or their subdomains: {', '.join(query.sites)}."
    if query.exclude_sites:
        ask += f"\nNever use pages on these sites or their subdomains: {', '.join(query.exclude_sites)}."
    messages = [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": ask}]
    model = ctx.options.get("model") or DEFAULT_MODEL
    return chat_request(endpoint_url(SPEC, ctx), ctx.api_key, messages, model=model, max_tokens=MAX_TOKENS)


def parse_response(resp: HttpResponse) -> list[RawResult]:
    data = json_object(SPEC.id, resp)
    if isinstance(data.get("error"), dict):
        raise_chat_error(SPEC.id, data["error"], resp.status)
    if not any(key in data for key in ("choices", "search_results", "citations")):
        raise BadResponseError("gateway response has no choices and no sources", provider=SPEC.id)
    found: dict[str, RawResult] = {}
    for source in _sources(data):
        url = text_of(source.get("url"))
        if not is_http_url(url):
            continue
        seen = found.get(url)
        found[url] = RawResult(
            url=url,
            title=(seen.title if seen else "") or text_of(source.get("title")),
            snippet=(seen.snippet if seen else "") or one_line(source.get("snippet")),
            published=(seen.published if seen else None) or date_only(source.get("date")),
        )
    return list(found.values())


def _sources(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every cited source as ``{url, title?, snippet?, date?}``, best-described lists first."""
    sources = [s for s in _list(data.get("search_results")) if isinstance(s, dict)]
    sources += [
        {"url": c} if isinstance(c, str) else c
        for c in _list(data.get("citations"))
        if isinstance(c, (str, dict))
    ]
    choices = _list(data.get("choices"))
    message = choices[0].get("message") if choices and isinstance(choices[0], dict) else None
    for note in _list(message.get("annotations") if isinstance(message, dict) else None):
        if isinstance(note, dict) and note.get("type") == "url_citation":
            inner = note.get("url_citation")
            sources.append(inner if isinstance(inner, dict) else note)
    return sources


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
