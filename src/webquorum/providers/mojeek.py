"""Mojeek: a web search engine with its own independent index, through its JSON API.

Docs: https://www.mojeek.com/support/api/search/request_parameters.html (parameters) and
https://www.mojeek.com/support/api/search/json_response.html (response). Needs a key
(``MOJEEK_API_KEY``) sent as the ``api_key`` query parameter, so the request URL itself carries
the secret: it is listed in ``HttpRequest.secrets`` and ``errors.redact`` masks ``api_key=``.

Request: ``q``, ``fmt=json`` (XML otherwise), ``t`` results per page (default 10), ``since``
(``day``/``month``/``year``/``YYYYMMDD``), ``lb``/``lbb`` language boost, ``rb``/``rbb`` region boost.
Mojeek has no hard language filter, only a boost.

Response: ``{"response": {"status": "OK", "head": {...}, "results": [{url, title, desc, pdate, ...}]}}``.
``pdate`` is the publication time in epoch seconds (``timestamp`` is the last modification).
Errors arrive inside a 200: ``status`` is ``"ERROR: <message>"`` (the docs' example is
``ERROR: Daily Limit Reached``); limit/quota messages become rate limits, the rest provider errors.

Price: worst case taken as $0.003 per call. Unresolved: the public price list was not found in
the stored docs; this is a conservative guess, as is ``max_results`` = 20 (no documented cap on
``t``). Unresolved: the docs say endpoints hang off https://www.mojeek.com, while LangChain's
client (and our endpoint) uses https://api.mojeek.com; ``base_url`` overrides either way.
The exact case ``lb`` expects is not shown in the stored docs (we send ISO 639-1 lower case).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from webquorum.errors import BadResponseError, ProviderError, RateLimitedError
from webquorum.providers.base import (
    endpoint_url,
    json_list,
    key_secrets,
    load_json,
    one_line,
    primary_language,
    raise_for_status,
    since_date,
    text_of,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="mojeek",
    name="Mojeek",
    endpoint="https://api.mojeek.com/search",
    key_env="MOJEEK_API_KEY",
    docs="https://www.mojeek.com/support/api/search/request_parameters.html",
    max_results=20,
    price_usd=0.003,
)

# Mojeek has day/month/year presets; a week needs an explicit start date.
_SINCE = {"day": "day", "month": "month", "year": "year"}
_LIMIT_WORDS = ("limit", "quota", "exceeded", "too many")


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    params = {
        "q": with_site_operators(query),
        "fmt": "json",
        "t": str(min(query.max_results, SPEC.max_results)),
    }
    if ctx.api_key:
        params["api_key"] = ctx.api_key
    if query.time_range == "week":
        params["since"] = since_date("week", ctx).replace("-", "")
    elif query.time_range:
        params["since"] = _SINCE[query.time_range]
    if query.language:
        region = query.language.partition("-")[2]
        params.update({"lb": primary_language(query.language), "lbb": "100"})
        if region:
            params.update({"rb": region.upper(), "rbb": "10"})
    return HttpRequest(method="GET", url=endpoint_url(SPEC, ctx), params=params, secrets=key_secrets(ctx))


def parse_response(resp: HttpResponse) -> list[RawResult]:
    raise_for_status(SPEC.id, resp)
    data = load_json(SPEC.id, resp)
    envelope = data.get("response") if isinstance(data, dict) else None
    if not isinstance(envelope, dict):
        raise BadResponseError("mojeek response has no 'response' object", provider=SPEC.id)
    _raise_for_api_status(text_of(envelope.get("status")), resp.status)
    out = []
    for item in json_list(SPEC.id, envelope, "results"):
        url = text_of(item.get("url"))
        if url:
            out.append(
                RawResult(
                    url=url,
                    title=text_of(item.get("title")),
                    snippet=one_line(item.get("desc")),
                    published=_epoch_date(item.get("pdate")),
                )
            )
    return out


def _raise_for_api_status(status: str, http_status: int) -> None:
    if status.upper() == "OK" or not status:
        return
    message = status.split(":", 1)[1].strip() if ":" in status else status
    if any(word in message.lower() for word in _LIMIT_WORDS):
        raise RateLimitedError(f"mojeek rate limited: {message}", provider=SPEC.id, status=http_status)
    raise ProviderError(f"mojeek error: {message}", provider=SPEC.id, status=http_status)


def _epoch_date(value: Any) -> str | None:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        return None
    try:
        return datetime.fromtimestamp(value, UTC).strftime("%Y-%m-%d")
    except (OverflowError, OSError, ValueError):
        return None
