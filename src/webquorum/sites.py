"""Registrable domains from the Public Suffix List, offline.

The list is the one bundled in ``publicsuffixlist`` (no network code; re-released about weekly).
It is loaded once, lazily, on first use (~60 ms), and lookups are cached per host. The default,
private-aware mode is used on purpose: two ``github.io`` users are two sites, as they are two
publishers. IP literals and single-label hosts are screened out before the list is consulted,
because the list turns ``192.168.0.1`` into ``0.1`` and ``localhost`` into nothing.

These functions take an ASCII host as :mod:`webquorum.urls` prepares it (lower-case punycode, no
port, no trailing dot); :func:`webquorum.urls.site_of` is the public entry point.
"""

from __future__ import annotations

import functools
import ipaddress
import threading

from publicsuffixlist import PublicSuffixList

_lock = threading.Lock()
_loaded: list[PublicSuffixList] = []


def _psl() -> PublicSuffixList:
    if not _loaded:
        with _lock:
            if not _loaded:
                _loaded.append(PublicSuffixList())
    return _loaded[0]


@functools.lru_cache(maxsize=16384)
def ip_literal(host: str) -> str | None:
    """The canonical text of an IP address host (IPv6 compressed, unbracketed), or None for a name."""
    text = host.strip("[]")
    if not text or not (text[0].isdigit() or ":" in text):
        return None
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


@functools.lru_cache(maxsize=16384)
def is_public_suffix(host: str) -> bool:
    """True for a suffix under which anyone can register (``co.uk``, ``github.io``), never for an IP."""
    if ip_literal(host) is not None:
        return False
    return bool(_psl().is_public(host))


@functools.lru_cache(maxsize=16384)
def private_suffix(host: str) -> str | None:
    """The registrable domain of ``host`` as the list defines it; None for an IP, single label or public
    suffix."""
    if ip_literal(host) is not None or "." not in host or all(label.isdigit() for label in host.split(".")):
        return None
    found = _psl().privatesuffix(host)
    return str(found) if found else None


@functools.lru_cache(maxsize=16384)
def registrable_domain(host: str) -> str:
    """The registrable domain of ``host``; an IP, single-label host or bare public suffix is its own site."""
    literal = ip_literal(host)
    if literal is not None:
        return literal
    found = private_suffix(host)
    return found if found is not None else host
