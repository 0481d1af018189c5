"""Brave Search through its keyless HTML result page (``brave`` is the keyed API; this is the page).

Reference (``SPEC.docs``): none official for the page; the contract follows ddgs
``ddgs/engines/brave.py`` and searxng ``searx/engines/brave.py`` (both scrape the page: Brave's
own index, server-rendered by SvelteKit, so results are in the HTML without JavaScript) and a
recorded page. No key. Request: ``GET https://search.brave.com/search`` with ``q``,
``source=web`` and ``tf=pd|pw|pm|py`` for a day, week, month or year. Language and country are
cookies on this page; none are sent, so results follow the client's location. One page holds
about ten web results; there is no count parameter.

Markup: each organic result is a ``div.snippet[data-type="web"]``: the first ``a[href]`` is the
target, ``.search-snippet-title`` (its ``title`` attribute, else its text) the title, and
``.generic-snippet .content`` the snippet, whose leading ``span.t-secondary`` date ("June 19,
2024 -") is dropped. Widgets (maps, "People also ask", video clusters) are other ``snippet``
blocks without ``data-type="web"`` and are skipped; their links are not results.

Blocking: Brave throttles with HTTP 429 and, past that, a captcha page ("Your request has been
flagged as being suspicious and Brave Search decided to schedule a captcha", ``page:"/captcha"``;
recorded as ``brave_web-challenge.html``), served with 429 or 200. Either is a
:class:`~webquorum.errors.ChallengeError` (the engine cools down), but markers are only looked for
on a page without results, so a results page that mentions "captcha" stays results. A page with
neither results nor a no-results message is a bad response. Terms: Brave's terms ask automated
clients to use the API (the ``brave`` provider); this page is a keyless fallback.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webquorum.errors import BadResponseError, ChallengeError
from webquorum.providers.base import (
    endpoint_url,
    is_http_url,
    one_line,
    parse_retry_after,
    raise_for_status,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="brave_web",
    name="Brave Search (HTML page)",
    endpoint="https://search.brave.com/search",
    key_env=None,
    key_required=False,
    docs="https://github.com/deedy5/ddgs/blob/main/ddgs/engines/brave.py",
    max_results=10,
    price_usd=0.0,
)

_TF = {"day": "pd", "week": "pw", "month": "pm", "year": "py"}
_CHALLENGE_MARKERS = (b"captcha", b"flagged as being suspicious", b"are you a robot")
_NO_RESULTS_MARKERS = (b"not many great matches", b"no results found", b'id="no-results"')


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    params = {"q": with_site_operators(query), "source": "web"}
    if query.time_range:
        params["tf"] = _TF[query.time_range]
    return HttpRequest(method="GET", url=endpoint_url(SPEC, ctx), params=params)


def parse_response(resp: HttpResponse) -> list[RawResult]:
    if resp.status == 429:
        raise ChallengeError(
            "brave_web answered HTTP 429: it is throttling this client",
            provider=SPEC.id,
            status=429,
            retry_after=parse_retry_after(resp.header("retry-after")),
        )
    raise_for_status(SPEC.id, resp)
    tree = LexborHTMLParser(resp.body.decode("utf-8", "replace"))
    results = [r for block in tree.css('div.snippet[data-type="web"]') if (r := _result(block))]
    if results:
        return results
    lowered = resp.body.lower()
    if any(marker in lowered for marker in _NO_RESULTS_MARKERS):
        return []
    if any(marker in lowered for marker in _CHALLENGE_MARKERS):
        raise ChallengeError(
            "brave_web served its captcha page instead of results", provider=SPEC.id, status=resp.status
        )
    raise BadResponseError(
        "brave_web page has neither web results nor a no-results message (markup changed?)",
        provider=SPEC.id,
        status=resp.status,
    )


def _result(block: LexborNode) -> RawResult | None:
    link = block.css_first("a[href]")
    url = (link.attributes.get("href") or "").strip() if link is not None else ""
    if not is_http_url(url) or "search.brave.com" in url.split("/", 3)[2]:
        return None
    heading = block.css_first(".search-snippet-title") or block.css_first(".title")
    title = one_line((heading.attributes.get("title") or heading.text()) if heading is not None else "")
    content = block.css_first(".generic-snippet .content") or block.css_first(".snippet-description")
    snippet = ""
    if content is not None:
        date = content.css_first("span.t-secondary")
        text = one_line(content.text())
        prefix = one_line(date.text()) if date is not None else ""
        snippet = text[len(prefix) :].strip() if prefix and text.startswith(prefix) else text
    return RawResult(url=url, title=title or url, snippet=snippet)
