"""Bing through its keyless HTML result page (the Bing Web Search API was retired in August 2025).

Reference (``SPEC.docs``): none official for the page; the contract follows searxng
``searx/engines/bing.py``, ddgs ``ddgs/engines/bing.py`` (both keep Bing as a default keyless
engine: one server-rendered page, markup unchanged for years) and a recorded page. No key.
Request: ``GET https://www.bing.com/search`` with ``q``, ``count`` (10 a page is what Bing serves
to unknown clients, whatever is asked), ``setlang`` and ``cc`` when a language is given, and the
``filters=ex1:"ez1|ez2|ez3"`` freshness filter for a day, week or month (no year filter exists).

Markup: results are ``li.b_algo`` items in ``ol#b_results``; the title link is ``h2 > a`` and the
snippet the ``p`` of ``div.b_caption`` (a leading ``span.news_dt`` date is kept: it is text the
reader sees). Links go through ``https://www.bing.com/ck/a?...&u=a1<base64url>``: the target is
the ``u`` parameter minus its ``a1`` prefix, base64url-decoded; a link that does not decode to an
http(s) URL is dropped. Ads are ``li.b_ad`` and are never ``b_algo``.

Blocking: Bing answers suspicious clients with a captcha page (``/turing/captcha``,
``captchaSuccessPostMessage``) or an empty ``#b_results``. A page with results is results even when
its scripts mention a captcha (the real page lists ``challenges.cloudflare.com``), so the challenge
check runs only on a page without results: the markers, or HTTP 429, are a
:class:`~webquorum.errors.ChallengeError` (the engine cools down); ``li.b_no`` ("There are no
results for ...") is a real empty answer; anything else is a bad response (the markup moved on).
Unresolved: no recorded Bing captcha page was found; the markers follow other scrapers' fixtures.
Terms: Microsoft's terms forbid automated queries without permission; like DuckDuckGo's page this
engine is a keyless fallback for light, personal use, and it is cheap to drop from ``providers:``.
"""

from __future__ import annotations

import base64
import binascii
from urllib.parse import parse_qs, urlsplit

from selectolax.lexbor import LexborHTMLParser

from webquorum.errors import BadResponseError, ChallengeError
from webquorum.providers.base import (
    endpoint_url,
    is_http_url,
    one_line,
    parse_retry_after,
    primary_language,
    raise_for_status,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="bing",
    name="Bing (HTML page)",
    endpoint="https://www.bing.com/search",
    key_env=None,
    key_required=False,
    docs="https://github.com/searxng/searxng/blob/master/searx/engines/bing.py",
    max_results=10,
    price_usd=0.0,
)

_FRESHNESS = {"day": 'ex1:"ez1"', "week": 'ex1:"ez2"', "month": 'ex1:"ez3"'}
_CHALLENGE_MARKERS = (b"/turing/captcha", b"captchasuccesspostmessage", b"b_captcha")


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    params = {"q": with_site_operators(query), "count": str(min(query.max_results, SPEC.max_results))}
    if query.language:
        params["setlang"] = primary_language(query.language)
        _, _, country = query.language.replace("_", "-").partition("-")
        if country:
            params["cc"] = country.upper()
    if query.time_range in _FRESHNESS:
        params["filters"] = _FRESHNESS[query.time_range]
    return HttpRequest(method="GET", url=endpoint_url(SPEC, ctx), params=params)


def parse_response(resp: HttpResponse) -> list[RawResult]:
    lowered = resp.body.lower()
    if resp.status == 429:
        raise ChallengeError(
            "bing answered HTTP 429: it is throttling this client",
            provider=SPEC.id,
            status=429,
            retry_after=parse_retry_after(resp.header("retry-after")),
        )
    raise_for_status(SPEC.id, resp)
    tree = LexborHTMLParser(resp.body.decode("utf-8", "replace"))
    results = []
    for item in tree.css("li.b_algo"):
        link = item.css_first("h2 a")
        url = target_of(link.attributes.get("href") or "") if link is not None else ""
        if link is None or not is_http_url(url):
            continue
        caption = item.css_first(".b_caption p") or item.css_first("p")
        snippet = one_line(caption.text()) if caption is not None else ""
        results.append(RawResult(url=url, title=one_line(link.text()), snippet=snippet))
    if results or tree.css_first("li.b_no") is not None:
        return results
    if any(marker in lowered for marker in _CHALLENGE_MARKERS):
        raise ChallengeError(
            "bing served its captcha page instead of results", provider=SPEC.id, status=resp.status
        )
    raise BadResponseError(
        "bing page has neither results nor a no-results marker (markup changed, or a silent block)",
        provider=SPEC.id,
        status=resp.status,
    )


def target_of(href: str) -> str:
    """The destination of a ``bing.com/ck/a`` click-tracking link; other hrefs unchanged."""
    parts = urlsplit(href.strip())
    if not (parts.hostname or "").endswith("bing.com") or parts.path != "/ck/a":
        return href.strip()
    encoded = (parse_qs(parts.query).get("u") or [""])[0]
    if not encoded.startswith("a1"):
        return ""
    payload = encoded[2:]
    try:
        return base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return ""
