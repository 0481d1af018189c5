"""URL identity: the key under which two spellings of one page compare equal, and the cleanest spelling.

Fusion groups providers' hits by :func:`normalize_url`, so the key must merge spellings that
differ only in presentation (scheme, ``www.``/``m.``/``amp.`` host, a mobile or mirror front-end,
AMP wrappers and suffixes, trailing slash, fragment, tracking parameters, query order, default
port, host and percent-encoding case) and must never merge pages that may differ (path case or
content, non-tracking query keys or values, port). Keys look like ``host[:port]/path?query``,
with no scheme, an IDN host in lower-case punycode, and an IPv6 host in brackets.

Because keys carry no scheme, ports 80 and 443 are both treated as the default; ``http`` on 443
does not happen in practice, and it keeps ``normalize_url("https://" + key) == key``.

Site identity (:func:`site_of`) is the registrable domain of the key's host (Public Suffix List
lookups live in :mod:`webquorum.sites`), so it follows the same aliases: x.com and a nitter
mirror are one site, and an AMP cache link belongs to the publisher.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import NamedTuple
from urllib.parse import SplitResult, quote, unquote_plus, urlsplit

from webquorum.errors import BadUrlError
from webquorum.sites import ip_literal, is_public_suffix, registrable_domain

__all__ = [
    "TRACKING_PARAMS",
    "WIKIPEDIA_SITES",
    "display_url",
    "host_of",
    "is_wikipedia",
    "normalize_url",
    "site_of",
]

# Keys compared lower-case. Anything starting with utm_ is tracking too.
TRACKING_PARAMS = frozenset(
    {
        "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "mc_cid", "mc_eid",
        "igshid", "igsh", "yclid", "twclid", "ttclid", "li_fat_id", "epik", "rb_clickid", "s_cid",
        "_ga", "_gl", "_hsenc", "_hsmi", "__hstc", "__hssc", "__hsfp", "hsctatrk", "mkt_tok",
        "oly_anon_id", "oly_enc_id", "vero_id", "vero_conv", "wickedid", "ref_src", "ref_url",
        "spm", "scm", "__twitter_impression", "amp_js_v", "amp_gsa", "amp_ct", "amp_tf", "usqp",
        "aoh", "ampshare",
    }
)  # fmt: skip
# Tracking only on some sites: elsewhere a key like "si" or "feature" may select content.
_SITE_TRACKING = {"youtube.com": frozenset({"si", "feature", "pp"}), "x.com": frozenset({"s", "t"})}
_AMP_FLAG_VALUES = frozenset({"", "1", "true"})
_DEFAULT_PORTS = frozenset({80, 443})
_SCHEMES = frozenset({"http", "https"})

# A leading label dropped when what remains is still a registrable name (never "www.gov.uk" -> "gov.uk").
_PRESENTATION_LABELS = frozenset({"www", "amp", "m", "mobile"})
# A mobile label just left of the registrable domain: en.m.wikipedia.org -> en.wikipedia.org.
_MOBILE_LABELS = frozenset({"m", "mobile"})
# Alternate front-ends serving the same paths as the original site.
_HOST_ALIASES = {
    "twitter.com": "x.com", "fxtwitter.com": "x.com", "vxtwitter.com": "x.com", "fixupx.com": "x.com",
    "fixvx.com": "x.com", "twittpr.com": "x.com", "xcancel.com": "x.com", "nitter.net": "x.com",
    "nitter.poast.org": "x.com", "nitter.privacydev.net": "x.com", "twiiit.com": "x.com",
    "old.reddit.com": "reddit.com", "new.reddit.com": "reddit.com", "np.reddit.com": "reddit.com",
    "i.reddit.com": "reddit.com", "safereddit.com": "reddit.com", "teddit.net": "reddit.com",
}  # fmt: skip
# Self-hosted instances are named after their software: nitter.example.org, redlib.example.net.
_ALIAS_FIRST_LABELS = {
    "nitter": "x.com",
    "redlib": "reddit.com",
    "libreddit": "reddit.com",
    "teddit": "reddit.com",
}

# Wikipedia and sites that republish it, so a brief can hold Wikipedia back. Not everybodywiki.com:
# it hosts its own articles (many rejected by Wikipedia), so it is a separate source, not a mirror.
WIKIPEDIA_SITES = frozenset(
    {
        "wikipedia.org",
        "wikiwand.com",
        "wiki2.org",
        "wikizero.com",
        "wikimili.com",
        "dbpedia.org",
        "wikiless.org",
    }
)

_HOST_CHARS = re.compile(r"[a-z0-9_\-]+(?:\.[a-z0-9_\-]+)*")
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_PLAIN = re.compile(r"[A-Za-z0-9\-._~/:@!$&'()*+,;=?]*")  # nothing to escape or unescape
_PATH_SAFE = "/:@!$&'()*+,;=-._~%"  # RFC 3986 pchar and "/", plus "%" so existing escapes survive
_QUERY_SAFE = _PATH_SAFE + "?"
_AMP_CACHE_PATH = re.compile(r"^/[a-z]/(s/)?([^/?#]+.*)$")  # /c/s/host/path (s = https)
_GOOGLE_AMP_HOST = re.compile(r"^(?:www\.)?google\.[a-z]{2,3}(?:\.[a-z]{2})?$")
_GOOGLE_AMP_PATH = re.compile(r"^/amp/(s/)?([^/?#]+.*)$")
_MAX_UNWRAP = 4


class _Parts(NamedTuple):
    host: str  # canonical: lower-case punycode, aliases folded, IPv6 bracketed
    port: int | None  # None when default
    path: str
    query: str
    dropped_params: int  # tracking or AMP flags removed (display_url prefers spellings without)


@functools.lru_cache(maxsize=65536)
def normalize_url(url: str) -> str:
    """The identity key of ``url``: ``host[:port]/path?query``. Raises BadUrlError for non-http(s) or hostless input."""
    parts = _parse(url)
    netloc = parts.host if parts.port is None else f"{parts.host}:{parts.port}"
    return f"{netloc}{parts.path}?{parts.query}" if parts.query else f"{netloc}{parts.path}"


def host_of(url: str) -> str:
    """The host as written (lower-case punycode, no port, no trailing dot, IPv6 unbracketed), nothing folded."""
    _split, host = _split_http(url)
    return host


@functools.lru_cache(maxsize=16384)
def site_of(url_or_host: str) -> str:
    """The registrable domain (Public Suffix List, private suffixes included) of a URL or a bare host.

    ``investor.nvidia.com`` -> ``nvidia.com``; ``foo.github.io`` -> ``foo.github.io``; an IP address
    or single-label host is its own site. Raises BadUrlError when no host can be read.
    """
    text = url_or_host.strip()
    if "://" in text:
        host = _parse(text).host
    else:
        ascii_host = _ascii_host(_bare_host(text))
        if ascii_host is None:
            raise BadUrlError(f"not a host name: {_shown(url_or_host)}", url=url_or_host)
        host = _canonical_host(ascii_host)
    return registrable_domain(host.strip("[]"))


def is_wikipedia(url_or_site: str) -> bool:
    """True for any Wikipedia edition (mobile included) and the mirrors in WIKIPEDIA_SITES."""
    try:
        return site_of(url_or_site) in WIKIPEDIA_SITES
    except BadUrlError:
        return False


def display_url(spellings: Sequence[str]) -> str:
    """The cleanest spelling of one page: https, no tracking, no fragment, canonical host, no AMP, then shortest.

    Ties break on the text itself, so the choice never depends on the order spellings arrived in.
    """
    if not spellings:
        raise ValueError("display_url needs at least one spelling")
    distinct = {s.strip() for s in spellings}
    return distinct.pop() if len(distinct) == 1 else min(distinct, key=_display_rank)


@functools.lru_cache(maxsize=65536)
def _display_rank(url: str) -> tuple[int, int, int, int, int, int, str]:
    try:
        split, host = _split_http(url)
        parts = _parse(url)
    except BadUrlError:
        return (1, 1, 1, 1, 1, len(url), url)
    host = f"[{host}]" if ":" in host else host
    plain = host[4:] if host.startswith("www.") and host != parts.host else host
    raw_path = _clean_component(split.path, _PATH_SAFE).rstrip("/") or "/"
    return (
        split.scheme != "https",
        parts.dropped_params > 0,
        bool(split.fragment),
        plain != parts.host,
        raw_path != parts.path,
        len(url),
        url,
    )


def _bare_host(text: str) -> str:
    """The host part of ``host``, ``host:port``, ``[v6]:port`` or ``host/path`` written without a scheme."""
    if text.startswith("["):
        return text[1 : text.find("]")] if "]" in text else text
    host = text.split("/", 1)[0]
    return host.partition(":")[0] if host.count(":") == 1 else host


@functools.lru_cache(maxsize=65536)
def _parse(url: str) -> _Parts:
    return _parse_unwrapped(url, 0)


def _parse_unwrapped(url: str, depth: int) -> _Parts:
    split, host = _split_http(url)
    wrapped = _unwrap(split, host) if depth < _MAX_UNWRAP else None
    if wrapped is not None:
        return _parse_unwrapped(wrapped, depth + 1)
    try:
        port = split.port
    except ValueError as exc:
        raise BadUrlError(f"bad port in URL {_shown(url)}", url=url) from exc
    canonical = _canonical_host(host)
    query, dropped = _clean_query(split.query, canonical)
    return _Parts(
        host=canonical,
        port=None if port is None or port in _DEFAULT_PORTS else port,
        path=_clean_path(split.path),
        query=query,
        dropped_params=dropped,
    )


def _split_http(url: str) -> tuple[SplitResult, str]:
    """Split an http(s) URL and return its lower-case ASCII host; BadUrlError for anything else."""
    text = url.strip()
    try:
        split = urlsplit(text)
        hostname = split.hostname
    except ValueError as exc:
        raise BadUrlError(f"not a valid URL: {_shown(url)}", url=url) from exc
    if split.scheme not in _SCHEMES:
        raise BadUrlError(f"not an http(s) URL: {_shown(url)}", url=url)
    host = _ascii_host(hostname or "")
    if host is None:
        raise BadUrlError(f"URL has no valid host: {_shown(url)}", url=url)
    return split, host


@functools.lru_cache(maxsize=16384)
def _ascii_host(hostname: str) -> str | None:
    """Lower-case punycode without trailing dot, or None when it is not a host name or IP literal."""
    host = hostname.strip().rstrip(".").lower()
    literal = ip_literal(host)
    if literal is not None:
        return literal
    if not host.isascii():
        try:
            host = host.encode("idna").decode("ascii").lower()
        except UnicodeError:
            return None
    return (
        host if _HOST_CHARS.fullmatch(host) and all(len(label) <= 63 for label in host.split(".")) else None
    )


@functools.lru_cache(maxsize=16384)
def _canonical_host(host: str) -> str:
    """Fold presentation labels and front-end aliases; an ASCII host in, the key's host out."""
    if ":" in host:
        return f"[{host}]"
    if ip_literal(host) is not None:
        return host
    while True:
        alias = _HOST_ALIASES.get(host) or _ALIAS_FIRST_LABELS.get(host.partition(".")[0])
        if alias is not None:
            return alias
        first, _, rest = host.partition(".")
        if first in _PRESENTATION_LABELS and "." in rest and not is_public_suffix(rest):
            host = rest
            continue
        labels = host.split(".")
        registrable = registrable_domain(host)
        below = len(labels) - (registrable.count(".") + 1)  # labels left of the registrable domain
        if below >= 2 and labels[below - 1] in _MOBILE_LABELS:
            host = ".".join(labels[: below - 1] + labels[below:])
            continue
        return host


def _unwrap(split: SplitResult, host: str) -> str | None:
    """The publisher's URL inside an AMP cache, Google AMP viewer or youtu.be link; None when not wrapped."""
    match = None
    if host == "cdn.ampproject.org" or host.endswith(".cdn.ampproject.org"):
        match = _AMP_CACHE_PATH.match(split.path)
    elif _GOOGLE_AMP_HOST.match(host):
        match = _GOOGLE_AMP_PATH.match(split.path)
    if match is not None:
        scheme = "https" if match.group(1) else "http"
        query = f"?{split.query}" if split.query else ""
        return f"{scheme}://{match.group(2)}{query}"
    if host == "youtu.be" and len(split.path) > 1:
        video = split.path.strip("/").split("/")[0]
        query = f"&{split.query}" if split.query else ""
        return f"https://www.youtube.com/watch?v={video}{query}"
    return None


def _clean_path(path: str) -> str:
    """Percent-normalised path without trailing slashes or AMP suffixes ("/story/amp", ".amp", ".amp.html")."""
    path = _clean_component(path, _PATH_SAFE)
    while True:
        before = path
        path = path.rstrip("/")
        if path.endswith(("/amp", ".amp")):
            path = path[:-4]
        elif path.endswith(".amp.html"):
            path = path[: -len(".amp.html")] + ".html"
        if path == before:
            return path or "/"


def _clean_query(query: str, host: str) -> tuple[str, int]:
    """Sorted, percent-normalised pairs without tracking parameters or AMP flags; also how many were dropped."""
    if not query:
        return "", 0
    site_only = _SITE_TRACKING.get(host, frozenset())
    kept: list[str] = []
    dropped = 0
    for pair in query.split("&"):
        if not pair:
            continue
        raw_key, _, raw_value = pair.partition("=")
        key = unquote_plus(raw_key).lower()
        if (
            key.startswith("utm_")
            or key in TRACKING_PARAMS
            or key in site_only
            or (key == "amp" and unquote_plus(raw_value).lower() in _AMP_FLAG_VALUES)
        ):
            dropped += 1
            continue
        kept.append(_clean_component(pair, _QUERY_SAFE))
    return "&".join(sorted(kept)), dropped


def _clean_component(text: str, safe: str) -> str:
    """Escape what must be escaped (UTF-8), upper-case escapes, and unescape unreserved characters."""
    if _PLAIN.fullmatch(text):
        return text
    try:
        quoted = quote(text, safe=safe)
    except UnicodeEncodeError as exc:  # lone surrogates
        raise BadUrlError(f"URL cannot be encoded: {_shown(text)}", url=text) from exc
    return _PERCENT.sub(_unescape_unreserved, quoted) if "%" in quoted else quoted


def _unescape_unreserved(match: re.Match[str]) -> str:
    char = chr(int(match.group(1), 16))
    return char if char in _UNRESERVED else f"%{match.group(1).upper()}"


def _shown(value: str) -> str:
    return repr(value if len(value) <= 200 else value[:200] + "…")
