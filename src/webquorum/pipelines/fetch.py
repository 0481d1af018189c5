"""Fetch one page: the reader it is read with, the cache, the window and its hash.

The reading itself lives in :mod:`webquorum.readers` (the local reader in :mod:`~webquorum.readers.local`,
a reader service in :mod:`~webquorum.readers.remote`); whether a cached copy may be served is the
network guard's rule (:func:`~webquorum.net.guard.cached_read_allowed`).

Offsets count Unicode code points of the whole extracted text, and ``content_hash`` covers
that whole text, so an excerpt's ``start``/``end`` from collect can be handed back here and
the same slice comes out, or ``WEB_FETCH_CONTENT_CHANGED`` if the page moved on.
"""

from __future__ import annotations

import asyncio
import hashlib

from webquorum.errors import BadRequestError, ContentChangedError, EmptyError, ForbiddenAddressError
from webquorum.net.guard import cached_read_allowed, literal_host_allowed
from webquorum.net.http import check_url
from webquorum.readers import LOCAL_READER, READER_IDS
from webquorum.readers.local import read_http
from webquorum.resilience import notices
from webquorum.runtime import Runtime
from webquorum.types import Document, Page
from webquorum.urls import origin_key

MAX_BUDGET = 100_000
_HASH_ON_LOOP_CHARS = 1_000_000  # longer texts are hashed in a thread: 20 MB took 30 ms of the event loop


def content_hash(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


async def content_hash_off_loop(text: str) -> str:
    """:func:`content_hash`, in a worker thread when the text is long (hashlib lets go of the GIL there)."""
    if len(text) <= _HASH_ON_LOOP_CHARS:
        return content_hash(text)
    return await asyncio.to_thread(content_hash, text)


def check_reader(rt: Runtime, reader: str | None) -> str:
    """The reader a read will use, refused before anything is spent: unknown (WEB_BAD_REQUEST), or a service
    without its key (WEB_PROVIDER_CREDENTIAL_MISSING); both exit 2. A brief checks it before searching, so a
    typo is not turned into a brief of snippets."""
    reader_id = reader or rt.config.web.fetch_provider
    if reader_id not in READER_IDS:
        raise BadRequestError(f"unknown reader {reader_id!r}; choose one of {', '.join(READER_IDS)}")
    if reader_id != LOCAL_READER:
        rt.reader_key(reader_id)
    return reader_id


async def read_document(
    rt: Runtime,
    url: str,
    *,
    reader: str | None = None,
    use_cache: bool = True,
    deadline_s: float | None = None,
) -> Document:
    """A page's whole extracted text, from the cache when fresh. Failures are never cached.

    The cache key is the reader plus the exact origin read (:func:`~webquorum.urls.origin_key`):
    spellings of one page on one origin (tracking parameters, a trailing slash, host case) share
    an entry, but the URL identity fusion uses, which folds front ends (a nitter mirror is x.com)
    and ``www.``, is never the key: no page may be stored, and served, as another origin's.
    """
    check_url(url)
    reader_id = check_reader(rt, reader)
    key = f"{reader_id}:{origin_key(url)}"
    cache_deadline = asyncio.get_running_loop().time() + (deadline_s or rt.config.network.fetch_deadline_s)
    if use_cache and rt.cache is not None:
        cached = await rt.cache.get(key, deadline=cache_deadline)
        if cached is not None and await cache_allows(rt, url, cached):
            return cached.model_copy(update={"url": url})
    deadline = deadline_s or rt.config.network.fetch_deadline_s
    if reader_id == LOCAL_READER:
        network = rt.config.network
        doc = await read_http(
            rt.http, url, deadline, attempts=network.retries + 1, sleeps=network.retry_waits
        )
    else:
        doc = await rt.read_with_service(
            reader_id, url, deadline=asyncio.get_running_loop().time() + deadline
        )
    if not doc.text.strip():
        raise EmptyError(f"{url} has no readable text", url=url)
    if rt.cache is not None:
        await rt.cache.put(key, doc, deadline=cache_deadline)
    return doc


async def cache_allows(rt: Runtime, url: str, doc: Document) -> bool:
    """Whether the address policy in force now lets this process serve a cached ``doc`` for ``url``
    (:func:`~webquorum.net.guard.cached_read_allowed`); a reader service's copy on the same guard the
    service path runs, resolution included. Refused means a miss."""
    policy = rt.http.policy.address
    if doc.reader == LOCAL_READER:
        return cached_read_allowed(policy, url, final_url=doc.final_url, final_address=doc.final_address)
    if policy.allow_private:
        return True
    if not literal_host_allowed(policy, url):
        return False
    try:
        await rt.http.check_public(url, reader=doc.reader, timeout_s=rt.config.network.timeout_s)
    except ForbiddenAddressError:
        return False
    return True


def window(
    doc: Document, *, offset: int, budget: int, expected_content_hash: str | None, digest: str
) -> Page:
    """The requested slice of ``doc``; ``digest`` is its :func:`content_hash`."""
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


@notices.reported
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
    digest = await content_hash_off_loop(doc.text)
    return window(
        doc, offset=offset, budget=budget, expected_content_hash=expected_content_hash, digest=digest
    )
