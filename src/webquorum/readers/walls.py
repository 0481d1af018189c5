"""Challenge, bot and login walls: pages that answer 200 with a wall instead of the content.

Strong markers (Cloudflare, DataDome, PerimeterX) and whole challenge titles are walls on their own.
A wall phrase ("captcha", "sign in to continue") only makes a wall of a page that shows it, or shows
almost nothing, and has little prose (:func:`detect_block_page`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from selectolax.lexbor import LexborHTMLParser

from webquorum.readers.visible import visible_text
from webquorum.text.sentences import count_sentences

__all__ = ["block_reason", "detect_block_page"]

# Challenge pages are recognised by markers that only they carry; the weaker phrases also occur
# in normal articles ("a reCAPTCHA protects this form"), so they only count with a refusal status
# or on a short page with hardly any prose. Plain substring tests on the lowered page: a regex
# alternation over a 100 KB page costs more than the extraction itself.
_CHALLENGE_MARKERS = (
    "<title>just a moment...</title>",
    "attention required! | cloudflare",
    "cf-chl-",
    "cf_chl_",
    "cf-browser-verification",
    "captcha-delivery.com",
    "px-captcha",
)
_WALL_PHRASES = (
    "captcha",
    "verify you are human",
    "verify you are a human",
    "are you a robot",
    "unusual traffic",
    "access denied",
    "please enable javascript and cookies",
    "enable cookies to continue",
    "sign in to continue",
    "log in to continue",
    "login to continue",
    "sign in to read",
    "log in to read",
    "you must be logged in",
    "login required",
    "please sign in",
    "please log in",
    "subscribe to continue reading",
    "enable javascript and cookies to continue",
    "checking if the site connection is secure",
    "checking your browser before accessing",
    "needs to review the security of your connection",
)
# Reader services (Jina, Firecrawl, ...) hand back a challenge page as markdown with its title
# apart, so the HTML markers above are gone; these whole titles are only ever worn by walls.
_CHALLENGE_TITLES = frozenset(
    {
        "just a moment...",
        "just a moment…",
        "attention required! | cloudflare",
        "access denied",
        "security check",
        "checking your browser",
        "ddos-guard",
        "are you a robot?",
        "robot check",
        "pardon our interruption",
        "human verification",
    }
)
_SHORT_PAGE_CHARS = 1500
_ARTICLE_PROBE = 4000  # characters of the main text that are enough to tell prose from a wall
_BLANK_PAGE_CHARS = 200  # a page showing less than this (a script draws it) may carry its wall in markup only
_SHORT_LOGIN_PAGE_CHARS = 4000
_WALL_MAX_SENTENCES = 4  # a short page with more prose than this is a short article, not a wall
_REFUSAL_STATUSES = {401, 403, 429, 503}


_CHALLENGE_BYTES = tuple(marker.encode("ascii") for marker in _CHALLENGE_MARKERS)
# Each marker with a part of it that is searched first, shared by markers that hold it: five searches of a
# page instead of seven (a search of a 190 KB news page costs about 0.07 ms).
_MARKER_ANCHORS = tuple(
    (marker, next((part for part in (b"chl", b"captcha") if part in marker), marker))
    for marker in _CHALLENGE_BYTES
)


def _challenge_marker(text: str, encoded: bytes | None = None) -> str | None:
    """The first challenge marker in ``text``, letter case aside.

    Searched in the page's UTF-8 bytes (``encoded``, when the caller has them: the reader encodes each
    page once, for lexbor and this), ASCII letters lowered: far cheaper than lowering the string. Every
    byte of a non-ASCII character is past 0x7f, so an ASCII marker only matches ASCII characters; the
    markers hold no ``k`` (the Kelvin sign lowers to one) and none ends in ``i`` (``İ`` lowers to ``i``
    and a combining dot), so they are found exactly where ``str.lower`` finds them
    (``tests/readers/test_reader_walls.py``).
    """
    lowered = (text.encode("utf-8", "surrogatepass") if encoded is None else encoded).lower()
    anchored: dict[bytes, bool] = {}
    for marker, anchor in _MARKER_ANCHORS:
        present = anchored.get(anchor)
        if present is None:
            present = anchored[anchor] = anchor in lowered
        if present and marker in lowered:
            return marker.decode("ascii")
    return None


def detect_block_page(text: str, status: int | None = None, *, title: str | None = None) -> str | None:
    """Why ``text`` (HTML, plain text or a reader service's markdown) is a challenge, bot or login wall; else
    None.

    ``title`` is the page title when it comes apart from the text (reader services send it that way).
    """
    return block_reason(text, status, visible=None, title=title)


def block_reason(
    text: str,
    status: int | None,
    visible: str | Callable[[], str] | None,
    title: str | None = None,
    article: str | None = None,
    encoded: bytes | None = None,
) -> str | None:
    """:func:`detect_block_page`, given the page's visible text (or how to get it) and its main text if known.

    A wall phrase ("captcha" in a comment form's id, "sign in" in a menu) only makes a wall of a page
    with little prose. When the main text is known and holds real prose, the visible text is not
    needed: that spares its tree walk on most pages, and a page whose visible text looked short
    because it all sits in one ``<form>`` (ASP.NET) or is drawn by a script is read, not refused.
    ``encoded``: ``text`` as UTF-8 bytes, when the caller has them.
    """
    challenge = _challenge_marker(text, encoded)
    if challenge:
        return f"bot challenge page ({challenge})"
    titled = title is not None and " ".join(title.split()).lower() in _CHALLENGE_TITLES
    if (
        not titled
        and article is not None
        and count_sentences(article[:_ARTICLE_PROBE]) >= _WALL_MAX_SENTENCES
    ):
        return None
    lowered = text.lower()
    wall = next((p for p in _WALL_PHRASES if p in lowered), None)
    if wall is None and not titled:
        return None
    if callable(visible):
        visible = visible()
    elif visible is None:
        body = LexborHTMLParser(text).body if "<" in text else None
        visible = visible_text(body) if body is not None else text
    if (
        wall is not None
        and status not in _REFUSAL_STATUSES
        and len(visible) >= _BLANK_PAGE_CHARS
        and not any(phrase in visible.lower() for phrase in _WALL_PHRASES)
    ):
        wall = None  # only the markup says it (a captcha widget on a comment form): the page shows no wall
        if not titled:
            return None
    limit = _SHORT_LOGIN_PAGE_CHARS if re.search(r"type=[\"']?password", lowered) else _SHORT_PAGE_CHARS
    short = len(visible) < limit and count_sentences(visible) < _WALL_MAX_SENTENCES
    if wall is not None and (status in _REFUSAL_STATUSES or short):
        return f"access wall ({wall})"
    if titled and len(visible) < _SHORT_LOGIN_PAGE_CHARS:  # a long article may be titled "Access denied"
        return f"bot challenge page (titled {' '.join((title or '').split())!r})"
    return None
