"""Read one page: cache, reader (local ``http`` or a service), first-sentence trim, window, hash.

Offsets count Unicode code points of the whole extracted text, and ``content_hash`` covers
that whole text, so an excerpt's ``start``/``end`` from collect can be handed back here and
the same slice comes out, or ``WEB_FETCH_CONTENT_CHANGED`` if the page moved on.
"""

from __future__ import annotations

import asyncio
import hashlib
import ipaddress
from urllib.parse import urlsplit

from webquorum.errors import (
    BadRequestError,
    BlockedError,
    ContentChangedError,
    EmptyError,
    FetchTimeoutError,
    ForbiddenAddressError,
    HttpStatusError,
)
from webquorum.net.guard import parse_ip_literal
from webquorum.net.http import check_url
from webquorum.pipelines.runtime import Runtime
from webquorum.readers import LOCAL_READER, READER_IDS
from webquorum.readers.extract import encoded_block_reason, extract_encoded, finish_service_text
from webquorum.readers.sandbox import MIN_MEMORY_BYTES, run_bounded
from webquorum.resilience import call_with_retry, notices
from webquorum.types import Document, Page
from webquorum.urls import origin_key
from webquorum.wire import BLOCKED_STATUSES

MAX_BUDGET = 100_000
MIN_EXTRACT_S = 1.0  # a body that arrived just before the deadline still gets this long to extract
_HASH_ON_LOOP_CHARS = 1_000_000  # longer texts are hashed in a thread: 20 MB took 30 ms of the event loop


def extract_memory(rt: Runtime) -> int:
    """An extraction child's whole resident allowance: ten bodies' worth, never less than a normal 5 MB page needs."""
    return max(MIN_MEMORY_BYTES, 10 * rt.config.network.max_body_bytes)


INFLATION = 8  # an encoded body is taken as this many times its size once inflated (HTML gzips 4-8 to 1), capped


def decoded_size(encoded: int, content_encoding: str | None, cap: int) -> int:
    """What a body will be once inflated, at most as the CPU allowance reckons it (inflated in the child)."""
    return encoded if not content_encoding or content_encoding.strip().lower() == "identity" else min(cap, INFLATION * encoded)


def content_hash(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


async def content_hash_off_loop(text: str) -> str:
    """:func:`content_hash`, in a worker thread when the text is long (hashlib lets go of the GIL there)."""
    if len(text) <= _HASH_ON_LOOP_CHARS:
        return content_hash(text)
    return await asyncio.to_thread(content_hash, text)


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
        # The body comes back still encoded: it is inflated in the extraction child, with the parse.
        resp = await rt.http.fetch(url, deadline_s=remaining, decode=False)
        if resp.status in BLOCKED_STATUSES:
            raise BlockedError(f"{url} refused the reader (HTTP {resp.status})", url=url, status=resp.status)
        encoding, cap = resp.header("content-encoding"), rt.http.policy.max_body_bytes
        size = decoded_size(len(resp.body), encoding, cap)
        challenge = None
        if resp.status == 503:
            challenge = await run_bounded(
                encoded_block_reason, resp.body, content_encoding=encoding, max_bytes=cap, url=url, status=503,
                source=url, deadline_s=max(deadline - loop.time(), MIN_EXTRACT_S), memory_bytes=extract_memory(rt),
                body_bytes=size,
            )
        if challenge:
            raise BlockedError(f"{challenge} at {url} (HTTP 503)", url=url, status=503)
        if resp.status >= 400:
            raise HttpStatusError(
                f"{url} answered HTTP {resp.status}", url=url, status=resp.status, transient=resp.status in (502, 503, 504)
            )
        doc = await run_bounded(
            extract_encoded, resp.body, content_type=resp.header("content-type"), url=url, final_url=resp.url,
            content_encoding=encoding, max_bytes=cap, source=url, deadline_s=max(deadline - loop.time(), MIN_EXTRACT_S),
            memory_bytes=extract_memory(rt), body_bytes=size,
        )
        return doc.model_copy(update={"final_address": resp.address})

    return await call_with_retry(
        attempt, attempts=rt.config.network.retries + 1, deadline=deadline, sleeps=rt.config.network.retry_waits
    )


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
    if reader_id == "http":
        doc = await read_http(rt, url, deadline)
    else:
        loop = asyncio.get_running_loop()
        ends = loop.time() + deadline
        raw = await rt.read_with_service(reader_id, url, deadline=ends)
        blocked, text = await run_bounded(
            finish_service_text, raw.text, raw.title, source=url, deadline_s=max(ends - loop.time(), MIN_EXTRACT_S),
            memory_bytes=extract_memory(rt), body_bytes=len(raw.text),
        )
        if blocked:
            raise BlockedError(f"{reader_id} reader got a {blocked} instead of {url}", provider=reader_id, url=url)
        doc = raw.model_copy(update={"text": text})
    if not doc.text.strip():
        raise EmptyError(f"{url} has no readable text", url=url)
    if rt.cache is not None:
        await rt.cache.put(key, doc, deadline=cache_deadline)
    return doc


async def cache_allows(rt: Runtime, url: str, doc: Document) -> bool:
    """Whether the address policy in force now lets this process serve a cached ``doc`` for ``url``.

    The cache is shared per machine, so a page stored by a process allowed to read an intranet
    address must not reach one that is not. A local read is judged on the address it was read
    from (and on the URL asked for now, in whatever spelling); a reader service's document on the
    same guard the service path runs (resolution included). Refused means a miss: the network path
    then refuses or reads as it would without a cache.
    """
    policy = rt.http.policy.address
    if policy.allow_private:
        return True
    host = urlsplit(url).hostname or ""
    literal = parse_ip_literal(host)
    if literal is not None and not policy.permits(host, literal):
        return False
    if doc.reader != "http":
        try:
            await rt.http.check_public(url, reader=doc.reader, timeout_s=rt.config.network.timeout_s)
        except ForbiddenAddressError:
            return False
        return True
    if doc.final_address is None:
        return False  # written before addresses were recorded: read again
    try:
        address = ipaddress.ip_address(doc.final_address)
    except ValueError:
        return False
    return policy.permits(urlsplit(doc.final_url).hostname or "", address)


def window(doc: Document, *, offset: int, budget: int, expected_content_hash: str | None, digest: str) -> Page:
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
    return window(doc, offset=offset, budget=budget, expected_content_hash=expected_content_hash, digest=digest)
