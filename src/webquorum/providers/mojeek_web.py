"""Mojeek through its keyless HTML result page (``mojeek`` is the keyed API; this is the page).

Reference (``SPEC.docs``): none official for the page; the contract follows searxng
``searx/engines/mojeek.py`` and ddgs ``ddgs/engines/mojeek.py`` (both keep Mojeek: its own
crawler and index, a plain server-rendered page whose ``results-standard`` list has not changed
in years) and a recorded page. No key. Request: ``GET https://www.mojeek.com/search`` with ``q``,
``lb`` (language bias, a bare language) when a language is given, and ``since=YYYYMMDD`` for a
time range (searxng's mapping). One page holds ten results; there is no count parameter.

Markup: results are the ``li`` items of ``ul.results-standard``: ``h2 > a.title`` (href, text)
and ``p.s`` (snippet; some items have none). The ``a.ob`` favicon link repeats the target, and
``p.more`` ("See more results from ...") is a site search, never a result.

Blocking: Mojeek answers clients it takes for bots with a page titled "Captcha" (an ALTCHA
proof-of-work, "JavaScript is required to complete this challenge"; recorded as
``mojeek_web-challenge.html``), or a 403/429. Those are a
:class:`~webquorum.errors.ChallengeError` (the engine cools down). A page with the result list
but no items, or "No pages found", is a real empty answer; anything else is a bad response.
Terms: Mojeek sells an API (the ``mojeek`` provider) for automated use; this page is a keyless
fallback for light, personal use.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from webquorum.errors import BadResponseError, ChallengeError
from webquorum.providers.base import (
    endpoint_url,
    is_http_url,
    one_line,
    parse_retry_after,
    primary_language,
    raise_for_status,
    since_date,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="mojeek_web",
    name="Mojeek (HTML page)",
    endpoint="https://www.mojeek.com/search",
    key_env=None,
    key_required=False,
    docs="https://github.com/searxng/searxng/blob/master/searx/engines/mojeek.py",
    max_results=10,
    price_usd=0.0,
)

_CHALLENGE_MARKERS = (b"<title>captcha</title>", b"captcha-wrap", b"altcha", b"automated queries")


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    params = {"q": with_site_operators(query)}
    if query.language:
        params["lb"] = primary_language(query.language)
    if query.time_range:
        params["since"] = since_date(query.time_range, ctx).replace("-", "")
    return HttpRequest(method="GET", url=endpoint_url(SPEC, ctx), params=params)


def parse_response(resp: HttpResponse) -> list[RawResult]:
    lowered = resp.body.lower()
    if resp.status in (403, 429) or (resp.status == 200 and _is_challenge(lowered)):
        raise ChallengeError(
            f"mojeek_web served its challenge page (HTTP {resp.status}) instead of results",
            provider=SPEC.id,
            status=resp.status,
            retry_after=parse_retry_after(resp.header("retry-after")),
        )
    raise_for_status(SPEC.id, resp)
    tree = LexborHTMLParser(resp.body.decode("utf-8", "replace"))
    listing = tree.css_first("ul.results-standard")
    results = []
    for item in listing.css("li") if listing is not None else []:
        link = item.css_first("h2 a.title") or item.css_first("a.title")
        url = (link.attributes.get("href") or "").strip() if link is not None else ""
        if link is None or not is_http_url(url):
            continue
        snippet = item.css_first("p.s")
        results.append(
            RawResult(
                url=url, title=one_line(link.text()), snippet=one_line(snippet.text()) if snippet else ""
            )
        )
    if results or listing is not None or b"no pages found" in lowered:
        return results
    raise BadResponseError(
        "mojeek_web page has no result list (markup changed?)", provider=SPEC.id, status=resp.status
    )


def _is_challenge(lowered: bytes) -> bool:
    """A challenge page has the markers and no result list (a result may well mention "captcha")."""
    return b"results-standard" not in lowered and any(marker in lowered for marker in _CHALLENGE_MARKERS)
