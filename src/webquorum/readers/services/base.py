"""What the reader-service modules (exa, tavily, firecrawl, jina) share about the *target* page.

A reader service answers for two parties: itself (bad key, credits, its own rate limit, handled by
:func:`webquorum.providers.base.raise_for_status`) and the page it was asked to read. The page's
failures are fetch errors, classified the same way as the local ``http`` reader does, so a run's
gaps say "blocked" whichever reader met the wall.
"""

from __future__ import annotations

from typing import NoReturn
from urllib.parse import urlsplit

from webquorum.errors import BlockedError, HttpStatusError
from webquorum.wire import BLOCKED_STATUSES


def raise_for_target_status(
    provider: str, url: str, status: int, message: str, *, transient: bool = False
) -> NoReturn:
    """The target page's HTTP failure as the service reported it: a refusal blocks, any other is an HTTP
    error.

    Callers decide which statuses are failures (each service reports them differently);
    ``transient`` applies to the HTTP error only (a block is never retried).
    """
    if status in BLOCKED_STATUSES:
        raise BlockedError(message, provider=provider, url=url, status=status)
    raise HttpStatusError(message, provider=provider, url=url, status=status, transient=transient)


def same_url(a: str, b: str) -> bool:
    """Services echo the URL they read with or without a trailing slash."""
    return a.rstrip("/") == b.rstrip("/")


def looks_like_pdf(*urls: str) -> bool:
    """Whether any of ``urls`` has a path ending in ``.pdf``: services that report no content type."""
    return any(urlsplit(u).path.lower().endswith(".pdf") for u in urls)
