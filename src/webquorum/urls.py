"""URL identity: the key under which two spellings of one page compare equal, and the cleanest spelling.

Fusion groups providers' hits by :func:`normalize_url`, so the key must merge spellings that
differ only in presentation (scheme, ``www.``/``m.``/``amp.`` host, a mobile or mirror front-end,
AMP wrappers and suffixes, trailing slash, fragment, tracking parameters, query order, default
port, host and percent-encoding case, RFC 3986 dot segments, ``a=`` against ``a`` and ``+``
against ``%20`` in a query) and must never merge pages that may differ (path case or content,
non-tracking query keys or values, port, subdomain). Keys look like ``host[:port]/path?query``,
with no scheme, an IDN host in lower-case punycode, and an IPv6 host in brackets. Tracking keys
come from ``data/tracking_params.txt`` (AdGuard's general URL-tracking list, ClearURLs' global
rules, a few of our own; the file names each source).

Because keys carry no scheme, ports 80 and 443 are both treated as the default; ``http`` on 443
does not happen in practice, and it keeps ``normalize_url("https://" + key) == key``.

Site identity (:func:`site_of`) is the registrable domain of the key's host (Public Suffix List
lookups live in :mod:`webquorum.sites`), so it follows the same aliases: x.com and a nitter
mirror are one site, and an AMP cache link belongs to the publisher. It is shown in the script
the host was written in (Unicode stays Unicode), so it is for display and grouping of what one
provider returned; compare pages by :func:`normalize_url`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from importlib import resources
from typing import NamedTuple
from urllib.parse import SplitResult, quote, unquote_plus, urlsplit

from webquorum.errors import BadUrlError
from webquorum.sites import ip_literal, is_public_suffix, private_suffix, registrable_domain

__all__ = [
    "TRACKING_PARAMS",
    "TRACKING_PREFIXES",
    "WIKIPEDIA_SITES",
    "display_url",
    "host_of",
    "is_wikipedia",
    "normalize_url",
    "origin_key",
    "registrable_domain_of",
    "site_key",
    "site_of",
]


def _tracking_list() -> tuple[frozenset[str], tuple[str, ...]]:
    """Exact keys and key prefixes from data/tracking_params.txt (sources named in the file)."""
    text = resources.files("webquorum").joinpath("data/tracking_params.txt").read_text("utf-8")
    names = [line.split("#", 1)[0].strip().lower() for line in text.splitlines()]
    exact = frozenset(name for name in names if name and not name.endswith("*"))
    prefixes = tuple(sorted(name[:-1] for name in names if name.endswith("*")))
    return exact, prefixes


# Keys that only track a visit, on every site: AdGuard's general URL-tracking list and ClearURLs'
# global rules, plus a few of our own (data/tracking_params.txt says which came from where).
TRACKING_PARAMS, TRACKING_PREFIXES = _tracking_list()
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
    "twitter.com": "x.com",
    "fxtwitter.com": "x.com",
    "vxtwitter.com": "x.com",
    "fixupx.com": "x.com",
    "fixvx.com": "x.com",
    "twittpr.com": "x.com",
    "xcancel.com": "x.com",
    "nitter.net": "x.com",
    "nitter.poast.org": "x.com",
    "nitter.privacydev.net": "x.com",
    "twiiit.com": "x.com",
    "old.reddit.com": "reddit.com",
    "new.reddit.com": "reddit.com",
    "np.reddit.com": "reddit.com",
    "i.reddit.com": "reddit.com",
    "safereddit.com": "reddit.com",
    "teddit.net": "reddit.com",
}
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
# In a path, "%3A" and ":" (and the other sub-delimiters) reach every common server as the same
# character: only "/", "?", "#", "%" and ";" (matrix parameters) separate anything, so they stay escaped.
_PATH_LITERAL = _UNRESERVED | frozenset(":@!$'()*+,&=")
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
    """The identity key of ``url``: ``host[:port]/path?query``. Raises BadUrlError for non-http(s) or hostless
    input."""
    parts = _parse(url)
    netloc = parts.host if parts.port is None else f"{parts.host}:{parts.port}"
    return f"{netloc}{parts.path}?{parts.query}" if parts.query else f"{netloc}{parts.path}"


@functools.lru_cache(maxsize=16384)
def origin_key(url: str) -> str:
    """``scheme://host[:port]/path?query`` for the exact origin ``url`` is read from: a cache's key.

    Path and query are cleaned as :func:`normalize_url` cleans them (one origin may drop its own
    tracking parameters and trailing slash), but nothing folds the origin: not ``www.``, not a
    front-end alias, not an AMP wrapper, not the scheme. A nitter mirror must never answer for x.com.
    """
    split, host = _split_http(url)
    try:
        port = split.port
    except ValueError as exc:
        raise BadUrlError(f"bad port in URL {_shown(url)}", url=url) from exc
    netloc = f"[{host}]" if ":" in host else host
    if port is not None and port != {"http": 80, "https": 443}[split.scheme]:
        netloc = f"{netloc}:{port}"
    query, _dropped = _clean_query(split.query, _canonical_host(host))
    path = _clean_path(split.path)
    return f"{split.scheme}://{netloc}{path}?{query}" if query else f"{split.scheme}://{netloc}{path}"


def host_of(url: str) -> str:
    """The host as written (lower-case punycode, no port, no trailing dot, IPv6 unbracketed), nothing
    folded."""
    _split, host = _split_http(url)
    return host


@functools.lru_cache(maxsize=16384)
def site_of(url_or_host: str) -> str:
    """The site of a URL or a bare host: its registrable domain (Public Suffix List, private suffixes
    included).

    ``investor.nvidia.com`` -> ``nvidia.com``; ``foo.github.io`` -> ``foo.github.io``. A name with no
    registrable domain (an IP address, a single label, a public suffix such as ``co.uk``, a name
    written with a leading dot) is its own site. A host written in Unicode comes back in Unicode
    (``www.食狮.中国`` -> ``食狮.中国``), one written in punycode in punycode, so people see the
    name they were given. Raises BadUrlError when no host can be read.
    """
    given, found = _registrable(url_or_host)
    return found if found is not None else given


@functools.lru_cache(maxsize=16384)
def site_key(url_or_host: str) -> str:
    """The site as an identity key, lower-case punycode: for comparing sites written in either script.

    :func:`site_of` shows a site as it was written; two spellings of one IDN site compare equal here.
    """
    shown = site_of(url_or_host)
    return _ascii_host(shown) or shown


def registrable_domain_of(url_or_host: str) -> str | None:
    """The registrable domain as the PSL test vectors define it, or None when the name has none.

    None for a public suffix (``com``, ``c.mm``, ``公司.cn``), a single label, an IP address and a
    name with a leading dot; otherwise what :func:`site_of` answers.
    """
    return _registrable(url_or_host)[1]


@functools.lru_cache(maxsize=16384)
def _registrable(url_or_host: str) -> tuple[str, str | None]:
    """(the host, canonical, in the script it was given in; its registrable domain likewise, or None)."""
    text = url_or_host.strip()
    if "://" in text:
        split, _ascii = _split_http(text)
        given = (split.hostname or "").rstrip(".")
        host = _parse(text).host
    else:
        given = _bare_host(text).rstrip(".").lower()
        if given.startswith(".") and len(given) > 1:
            return given, None  # ".example.com" names no host (PSL test vectors: no registrable domain)
        ascii_host = _ascii_host(given)
        if ascii_host is None:
            raise BadUrlError(f"not a host name: {_shown(url_or_host)}", url=url_or_host)
        host = _canonical_host(ascii_host)
    bare = host.strip("[]")
    found = private_suffix(bare)
    shown = ip_literal(bare) or (bare if given.isascii() else _unicode_host(bare))
    if found is None:
        return shown, None
    return shown, found if given.isascii() else _unicode_host(found)


def _unicode_host(ascii_host: str) -> str:
    """Punycode labels back to Unicode (IDNA 2003 codec, as used to encode them)."""
    try:
        return ascii_host.encode("ascii").decode("idna")
    except UnicodeError:
        return ascii_host


def is_wikipedia(url_or_site: str) -> bool:
    """True for any Wikipedia edition (mobile included) and the mirrors in WIKIPEDIA_SITES."""
    try:
        return site_of(url_or_site) in WIKIPEDIA_SITES
    except BadUrlError:
        return False


def display_url(spellings: Sequence[str]) -> str:
    """The cleanest spelling of one page: https, no tracking, no fragment, canonical host, no AMP, then
    shortest.

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
    """Percent-normalised path without dot segments, trailing slashes or AMP suffixes ("/story/amp",
    ".amp")."""
    path = _clean_component(path, _PATH_SAFE, _PATH_LITERAL)
    while True:
        before = path
        path = _remove_dot_segments(path).rstrip("/")  # again after a suffix goes: "/..amp" leaves "/."
        if path.endswith(("/amp", ".amp")):
            path = path[:-4]
        elif path.endswith(".amp.html"):
            path = path[: -len(".amp.html")] + ".html"
        if path == before:
            return path or "/"


def _remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4: "/a/./b" and "/a/x/../b" are "/a/b"; ".." never climbs above the root.

    Runs after percent-normalisation, so "%2E" counts as "." as the RFC's order (§6.2.2) says.
    """
    if "." not in path:
        return path
    segments = path.split("/")
    out: list[str] = []
    for segment in segments[1:] if path.startswith("/") else segments:
        if segment == ".":
            continue
        if segment == "..":
            if out:
                out.pop()
            continue
        out.append(segment)
    if segments[-1] in {".", ".."}:
        out.append("")  # "/a/b/.." names the directory "/a/"
    return "/" + "/".join(out)


def _clean_query(query: str, host: str) -> tuple[str, int]:
    """Sorted, percent-normalised pairs without tracking parameters or AMP flags; also how many were
    dropped."""
    if not query:
        return "", 0
    site_only = _SITE_TRACKING.get(host, frozenset())
    kept: list[str] = []
    dropped = 0
    for raw_pair in query.split("&"):
        if not raw_pair:
            continue
        # A form-encoded "+" is a space, as "%20" is; a literal plus arrives as "%2B" and stays apart.
        pair = raw_pair.replace("+", "%20")
        raw_key, _, raw_value = pair.partition("=")
        key = unquote_plus(raw_key).lower()
        if (
            key in TRACKING_PARAMS
            or key.startswith(TRACKING_PREFIXES)
            or key in site_only
            or (key == "amp" and unquote_plus(raw_value).lower() in _AMP_FLAG_VALUES)
        ):
            dropped += 1
            continue
        cleaned = _clean_component(pair, _QUERY_SAFE)
        # "a=" and "a" both send key "a" with an empty value (WHATWG URLSearchParams reads them alike).
        kept.append(cleaned[:-1] if cleaned.endswith("=") and cleaned.count("=") == 1 else cleaned)
    return "&".join(sorted(kept)), dropped


def _clean_component(text: str, safe: str, literal: frozenset[str] = _UNRESERVED) -> str:
    """Escape what must be escaped (UTF-8), upper-case escapes, and unescape the characters in ``literal``."""
    if _PLAIN.fullmatch(text):
        return text
    try:
        quoted = quote(text, safe=safe)
    except UnicodeEncodeError as exc:  # lone surrogates
        raise BadUrlError(f"URL cannot be encoded: {_shown(text)}", url=text) from exc
    if "%" not in quoted:
        return quoted

    def unescape(match: re.Match[str]) -> str:
        char = chr(int(match.group(1), 16))
        return char if char in literal else f"%{match.group(1).upper()}"

    return _PERCENT.sub(unescape, quoted)


def _shown(value: str) -> str:
    return repr(value if len(value) <= 200 else value[:200] + "…")
