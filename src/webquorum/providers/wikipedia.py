"""Wikipedia full-text search through the MediaWiki action API (keyless).

Docs: https://www.mediawiki.org/wiki/API:Search and https://www.mediawiki.org/wiki/API:Errors_and_warnings.
No key; Wikimedia's policy asks every client for a descriptive User-Agent, which the builder sets.

Request: ``GET https://<lang>.wikipedia.org/w/api.php?action=query&list=search&srsearch=...
&format=json&formatversion=2&srlimit=N&utf8=1&srprop=snippet|timestamp``. ``srlimit`` allows up to
500 for ordinary clients. A query language (``es`` or ``es-MX``) picks that language's wiki in the
default endpoint; an explicit ``base_url`` wins. There is no date filter, so ``time_range`` is ignored.

Response: ``query.search[]`` of ``{title, snippet (HTML with searchmatch spans), timestamp}``. The
URL is built from the title on the wiki that answered. ``timestamp`` is the LAST EDIT, not the
publication date, but it is the only date there is, so it is kept as ``published``.
The REST search shape (``{"pages": [{key, title, excerpt}]}``) is accepted too, so either endpoint
can sit behind ``base_url``. Errors come as HTTP 200 with ``{"error": {"code", "info"}}``;
``ratelimited`` becomes a rate limit, ``maxlag``/``readonly`` transient errors.
Behind a ``base_url`` that is not a wikipedia.org host, result links use the ``uselang`` the
request carried (or English): the mirror's own host is not a page address anyone should cite.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit, urlunsplit

from webquorum.errors import ProviderError, RateLimitedError
from webquorum.providers.base import (
    date_only,
    endpoint_url,
    json_list,
    json_object,
    parse_retry_after,
    strip_markup,
    text_of,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="wikipedia",
    name="Wikipedia",
    endpoint="https://en.wikipedia.org/w/api.php",
    key_env=None,
    key_required=False,
    docs="https://www.mediawiki.org/wiki/API:Search",
    max_results=500,
    price_usd=0.0,
)

USER_AGENT = "webquorum/0.1 (+https://github.com/webquorum/webquorum)"
_LANG = re.compile(r"^[a-z]{2,3}$")
_WIKI_HOST = re.compile(r"^([a-z0-9-]+)\.(?:m\.)?wikipedia\.org$")


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    lang = _wiki_language(query.language)
    url = endpoint_url(SPEC, ctx)
    if lang and not ctx.base_url:
        parts = urlsplit(url)
        url = urlunsplit((parts.scheme, f"{lang}.wikipedia.org", parts.path, "", ""))
    params = {
        "action": "query",
        "list": "search",
        "srsearch": query.query,
        "format": "json",
        "formatversion": "2",
        "srlimit": str(min(query.max_results, SPEC.max_results)),
        "srprop": "snippet|timestamp",
        "utf8": "1",
    }
    if lang:
        params["uselang"] = lang
    return HttpRequest(method="GET", url=url, params=params, headers={"User-Agent": USER_AGENT})


def parse_response(resp: HttpResponse) -> list[RawResult]:
    data = json_object(SPEC.id, resp)
    if isinstance(data.get("error"), dict):
        _raise_api_error(data["error"], resp)
    host = _wiki_host(resp.url)
    if "query" not in data and isinstance(data.get("pages"), list):
        hits = [
            (text_of(p.get("key")) or text_of(p.get("title")), p, "excerpt")
            for p in data["pages"]
            if isinstance(p, dict)
        ]
    else:
        hits = [(text_of(p.get("title")), p, "snippet") for p in json_list(SPEC.id, data, "query", "search")]
    return [
        RawResult(
            url=article_url(host, title),
            title=text_of(hit.get("title")) or title.replace("_", " "),
            snippet=strip_markup(hit.get(snippet_key)),
            published=date_only(hit.get("timestamp")),
        )
        for title, hit, snippet_key in hits
        if title
    ]


def article_url(host: str, title: str) -> str:
    """``https://<host>/wiki/<Title_with_underscores>``, percent-encoded the way MediaWiki links are."""
    return f"https://{host}/wiki/" + quote(title.replace(" ", "_"), safe=";@$!*(),/~:'")


def _wiki_language(language: str | None) -> str | None:
    primary = (language or "").split("-")[0].split("_")[0].strip().lower()
    return primary if _LANG.match(primary) else None


def _wiki_host(url: str) -> str:
    parts = urlsplit(url)
    match = _WIKI_HOST.match((parts.hostname or "").lower())
    if match:
        return f"{match.group(1)}.wikipedia.org"
    lang = _wiki_language((parse_qs(parts.query).get("uselang") or [""])[0])
    return f"{lang or 'en'}.wikipedia.org"


def _raise_api_error(error: dict[str, Any], resp: HttpResponse) -> None:
    code = text_of(error.get("code")) or "unknown"
    info = text_of(error.get("info")) or code
    message = f"wikipedia API error {code}: {info}"
    if code == "ratelimited":
        retry = parse_retry_after(resp.header("retry-after"))
        raise RateLimitedError(message, provider=SPEC.id, status=resp.status, retry_after=retry)
    transient = code in ("maxlag", "readonly", "internal_api_error_DBQueryError")
    raise ProviderError(message, provider=SPEC.id, status=resp.status, transient=transient)
