"""Read one page: cache, reader (local ``http`` or a service), first-sentence trim, window, hash.

Offsets count Unicode code points of the whole extracted text, and ``content_hash`` covers
that whole text, so an excerpt's ``start``/``end`` from collect can be handed back here and
the same slice comes out, or ``WEB_FETCH_CONTENT_CHANGED`` if the page moved on.
"""

from __future__ import annotations

import asyncio
import hashlib

from webquorum.errors import (
    BadRequestError,
    BlockedError,
    ContentChangedError,
    EmptyError,
    FetchTimeoutError,
    HttpStatusError,
)
from webquorum.net.http import check_url
from webquorum.pipelines.runtime import Runtime
from webquorum.readers import READER_IDS
from webquorum.readers.extract import detect_block_page, extract_document
from webquorum.readers.trim import trim_to_first_sentence
from webquorum.resilience import call_with_retry
from webquorum.types import Document, Page
from webquorum.urls import normalize_url
from webquorum.wire import BLOCKED_STATUSES

MAX_BUDGET = 100_000


def content_hash(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


async def read_http(rt: Runtime, url: str, deadline_s: float) -> Document:
    """The local reader: guarded GET, status triage, extraction off the event loop.

    ``deadline_s`` bounds the whole read, retries included: each attempt gets only what is left.
    A challenge page sent with 503 (Cloudflare's "Just a moment...") is a refusal, not an outage,
    so it is named as blocked and not retried.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + deadline_s

    async def attempt() -> Document:
        remaining = deadline - loop.time()
        if remaining <= 0:
            raise FetchTimeoutError(f"{url} did not finish within {deadline_s:g}s", url=url)
        resp = await rt.http.fetch(url, deadline_s=remaining)
        if resp.status in BLOCKED_STATUSES:
            raise BlockedError(f"{url} refused the reader (HTTP {resp.status})", url=url, status=resp.status)
        challenge = detect_block_page(resp.body.decode("utf-8", "replace"), resp.status) if resp.status == 503 else None
        if challenge:
            raise BlockedError(f"{challenge} at {url} (HTTP 503)", url=url, status=503)
        if resp.status >= 400:
            raise HttpStatusError(
                f"{url} answered HTTP {resp.status}", url=url, status=resp.status, transient=resp.status in (502, 503, 504)
            )
        return await asyncio.to_thread(
            extract_document, resp.body, content_type=resp.header("content-type"), url=url, final_url=resp.url
        )

    return await call_with_retry(
        attempt, attempts=rt.config.network.retries + 1, deadline=deadline, sleeps=rt.config.network.retry_waits
    )


async def read_document(
    rt: Runtime,
    url: str,
    *,
    reader: str | None = None,
    use_cache: bool = True,
    deadline_s: float | None = None,
) -> Document:
    """A page's whole extracted text, from the cache when fresh. Failures are never cached.

    The cache key is the reader plus the normalized URL, so spellings of one page (tracking
    parameters, ``www.``, a trailing slash, ...) share one entry.
    """
    check_url(url)
    reader_id = reader or rt.config.web.fetch_provider
    if reader_id not in READER_IDS:
        raise BadRequestError(f"unknown reader {reader_id!r}; choose one of {', '.join(READER_IDS)}")
    key = f"{reader_id}:{normalize_url(url)}"
    if use_cache and rt.cache is not None:
        cached = await rt.cache.get(key)
        if cached is not None:
            return cached.model_copy(update={"url": url})
    deadline = deadline_s or rt.config.network.fetch_deadline_s
    if reader_id == "http":
        doc = await read_http(rt, url, deadline)
    else:
        loop = asyncio.get_running_loop()
        raw = await rt.read_with_service(reader_id, url, deadline=loop.time() + deadline)
        # Services render whatever the site served, walls included, and call it success.
        blocked = detect_block_page(raw.text, title=raw.title)
        if blocked:
            raise BlockedError(f"{reader_id} reader got a {blocked} instead of {url}", provider=reader_id, url=url)
        doc = raw.model_copy(update={"text": trim_to_first_sentence(raw.text)})
    if not doc.text.strip():
        raise EmptyError(f"{url} has no readable text", url=url)
    if rt.cache is not None:
        await rt.cache.put(key, doc)
    return doc


def window(doc: Document, *, offset: int, budget: int, expected_content_hash: str | None) -> Page:
    digest = content_hash(doc.text)
    if expected_content_hash is not None and expected_content_hash != digest:
        raise ContentChangedError(
            f"{doc.url} changed since it was read (expected {expected_content_hash[:19]}…, now {digest[:19]}…)",
            url=doc.url,
        )
    total = len(doc.text)
    return Page(
        url=doc.url,
        final_url=doc.final_url,
        title=doc.title,
        published=doc.published,
        language=doc.language,
        content_type=doc.content_type,
        source_type=doc.source_type,
        reader=doc.reader,
        text=doc.text[offset : offset + budget],
        offset=offset,
        total_chars=total,
        content_hash=digest,
        truncated=offset + budget < total,
    )


def check_window(offset: int, budget: int) -> None:
    if offset < 0:
        raise BadRequestError(f"offset {offset} is negative; use 0 or more")
    if not 1 <= budget <= MAX_BUDGET:
        raise BadRequestError(f"budget {budget} is out of range; use 1 to {MAX_BUDGET} characters")


async def fetch(
    rt: Runtime,
    url: str,
    *,
    offset: int = 0,
    budget: int = 8000,
    expected_content_hash: str | None = None,
    reader: str | None = None,
    use_cache: bool = True,
) -> Page:
    check_window(offset, budget)
    # a hash check compares against the live page, so it bypasses the cache
    doc = await read_document(rt, url, reader=reader, use_cache=use_cache and expected_content_hash is None)
    return window(doc, offset=offset, budget=budget, expected_content_hash=expected_content_hash)
