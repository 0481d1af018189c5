"""DuckDuckGo through its keyless HTML endpoint (no official search API exists).

Reference (``SPEC.docs``): none official; the contract follows searxng ``searx/engines/duckduckgo.py``, ddgs
and recorded pages. No key. Request: ``POST https://html.duckduckgo.com/html/`` with a form body
``q``, ``kl`` (region, e.g. ``mx-es``; sent only when a language is given) and ``df`` (``d/w/m/y``).
One page holds about ten organic results (older pages held up to ~25); there is no count parameter.

Markup: results are ``div.result`` blocks with ``a.result__a`` (title, href) and
``a.result__snippet``; ads carry ``result--ad`` (or a ``duckduckgo.com/y.js`` href) and are dropped.
Older pages wrap targets as ``//duckduckgo.com/l/?uddg=<percent-encoded>&rut=...``: unwrapped here.
The lite endpoint's table markup (``a.result-link`` rows followed by ``td.result-snippet``,
sponsored rows ``tr.result-sponsored``) parses too.

Blocking: after a few rapid requests DDG serves an "anomaly" page (``anomaly-modal``,
``challenge-form``, "Unfortunately, bots use DuckDuckGo too"), often as HTTP 202. That, and any
202, is a :class:`~webquorum.errors.ChallengeError` (a rate limit that cools the engine down for a
while, so ``auto`` asks the other keyless engines), never "no results". A page with a ``no-results`` marker is
a real empty
answer; a page with neither results nor that marker is a bad response (the markup moved on).
Unresolved: the region codes for bare languages are our mapping (``es`` -> ``es-es``); we send
no browser-like User-Agent and leave that header to the HTTP client.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webquorum.errors import BadResponseError, ChallengeError
from webquorum.providers.base import endpoint_url, is_http_url, raise_for_status, with_site_operators
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="duckduckgo",
    name="DuckDuckGo",
    endpoint="https://html.duckduckgo.com/html/",
    key_env=None,
    key_required=False,
    docs="https://github.com/searxng/searxng/blob/master/searx/engines/duckduckgo.py",
    max_results=10,
    price_usd=0.0,
)

_DF = {"day": "d", "week": "w", "month": "m", "year": "y"}
# DDG regions are "<country>-<language>"; these languages' usual country differs from the code.
_HOME_COUNTRY = {
    "en": "us",
    "ja": "jp",
    "zh": "cn",
    "ko": "kr",
    "sv": "se",
    "da": "dk",
    "cs": "cz",
    "el": "gr",
    "he": "il",
    "uk": "ua",
    "vi": "vn",
    "et": "ee",
    "ca": "ct",
}
_LANG_TOKEN = {"ja": "jp", "ko": "kr"}  # DDG writes Japan and Korea as jp-jp, kr-kr
_CHALLENGE_MARKERS = (b"anomaly-modal", b"challenge-form", b"bots use duckduckgo too")
_NO_RESULTS_MARKERS = (b"no-results", b"no results.", b"no more results.")


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    form = {"q": with_site_operators(query), "b": ""}
    if query.language:
        form["kl"] = region_code(query.language)
    if query.time_range:
        form["df"] = _DF[query.time_range]
    return HttpRequest(
        method="POST",
        url=endpoint_url(SPEC, ctx),
        form=form,
        headers={"Referer": "https://html.duckduckgo.com/"},
    )


def region_code(language: str) -> str:
    """``es-MX`` -> ``mx-es``; a bare ``es`` -> ``es-es`` (DDG calls Great Britain ``uk``)."""
    lang, _, country = language.replace("_", "-").lower().partition("-")
    country = country or _HOME_COUNTRY.get(lang, lang)
    token = "tzh" if lang == "zh" and country in ("tw", "hk") else _LANG_TOKEN.get(lang, lang)
    return f"{'uk' if country == 'gb' else country}-{token}"


def parse_response(resp: HttpResponse) -> list[RawResult]:
    lowered = resp.body.lower()
    if resp.status == 202 or any(marker in lowered for marker in _CHALLENGE_MARKERS):
        raise ChallengeError(
            "duckduckgo served its bot challenge (anomaly page) instead of results",
            provider=SPEC.id,
            status=resp.status,
        )
    raise_for_status(SPEC.id, resp)
    tree = LexborHTMLParser(resp.body.decode("utf-8", "replace"))
    results = _html_results(tree) if tree.css_first("a.result__a") else _lite_results(tree)
    if not results and not any(marker in lowered for marker in _NO_RESULTS_MARKERS):
        raise BadResponseError(
            "duckduckgo page has neither results nor a no-results marker (markup changed?)",
            provider=SPEC.id,
            status=resp.status,
        )
    return results


def _html_results(tree: LexborHTMLParser) -> list[RawResult]:
    out = []
    for block in tree.css("div.result"):
        link = block.css_first("a.result__a")
        if link is None or "result--ad" in (block.attributes.get("class") or ""):
            continue
        result = _result(link, block.css_first(".result__snippet"))
        if result:
            out.append(result)
    return out


def _lite_results(tree: LexborHTMLParser) -> list[RawResult]:
    pending: list[tuple[LexborNode, LexborNode | None, bool]] = []
    for row in tree.css("tr"):
        link = row.css_first("a.result-link")
        if link is not None:
            pending.append((link, None, "result-sponsored" in (row.attributes.get("class") or "")))
        elif pending and pending[-1][1] is None and (snippet := row.css_first("td.result-snippet")):
            pending[-1] = (pending[-1][0], snippet, pending[-1][2])
    results = [_result(link, snippet) for link, snippet, sponsored in pending if not sponsored]
    return [r for r in results if r]


def _result(link: LexborNode, snippet: LexborNode | None) -> RawResult | None:
    url = unwrap(link.attributes.get("href") or "")
    if not is_http_url(url) or "duckduckgo.com/y.js" in url:
        return None
    text = " ".join(snippet.text().split()) if snippet is not None else ""
    return RawResult(url=url, title=" ".join(link.text().split()), snippet=text)


def unwrap(href: str) -> str:
    """The target of a ``//duckduckgo.com/l/?uddg=...`` redirect; other hrefs unchanged."""
    href = href.strip()
    parts = urlsplit(href if not href.startswith("//") else "https:" + href)
    if parts.path == "/l/" and (parts.hostname or "duckduckgo.com").endswith("duckduckgo.com"):
        target = parse_qs(parts.query).get("uddg")
        if target:
            return target[0]
    return href
