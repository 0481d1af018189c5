"""The local reader ``http``: a guarded GET, status triage, and extraction in the sandbox.

The body comes back from the choke point still encoded and is inflated in the extraction child,
with the parse: a gzip bomb costs the child's memory allowance, never the serving process's.
A challenge page sent with 503 (Cloudflare's "Just a moment...") is a refusal, not an outage, so
it is named as blocked and not retried.
"""

from __future__ import annotations

import asyncio

from webquorum.errors import BlockedError, FetchTimeoutError, HttpStatusError
from webquorum.net.http import HttpClient
from webquorum.readers.extract import encoded_block_reason, extract_encoded
from webquorum.readers.sandbox import MIN_MEMORY_BYTES, run_bounded
from webquorum.resilience import call_with_retry
from webquorum.types import Document
from webquorum.wire import BLOCKED_STATUSES

__all__ = ["INFLATION", "MIN_EXTRACT_S", "decoded_size", "extract_memory", "read_http"]

MIN_EXTRACT_S = 1.0  # a body that arrived just before the deadline still gets this long to extract
# an encoded body is taken as this many times its size once inflated (HTML gzips 4-8 to 1), capped
INFLATION = 8


def extract_memory(max_body_bytes: int) -> int:
    """An extraction child's whole resident allowance: ten bodies' worth, never less than a normal 5 MB page
    needs."""
    return max(MIN_MEMORY_BYTES, 10 * max_body_bytes)


def decoded_size(encoded: int, content_encoding: str | None, cap: int) -> int:
    """What a body will be once inflated, at most as the CPU allowance reckons it (inflated in the child)."""
    return (
        encoded
        if not content_encoding or content_encoding.strip().lower() == "identity"
        else min(cap, INFLATION * encoded)
    )


async def read_http(
    http: HttpClient, url: str, deadline_s: float, *, attempts: int, sleeps: bool
) -> Document:
    """One page through the local reader, retried up to ``attempts`` times (``sleeps``: wait between them).

    ``deadline_s`` bounds the whole read, retries included: each attempt gets only what is left.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + deadline_s
    cap = http.policy.max_body_bytes
    memory = extract_memory(cap)

    async def attempt() -> Document:
        remaining = deadline - loop.time()
        if remaining <= 0:
            raise FetchTimeoutError(f"{url} did not finish within {deadline_s:g}s", url=url)
        resp = await http.fetch(url, deadline_s=remaining, decode=False)
        if resp.status in BLOCKED_STATUSES:
            raise BlockedError(f"{url} refused the reader (HTTP {resp.status})", url=url, status=resp.status)
        encoding = resp.header("content-encoding")
        size = decoded_size(len(resp.body), encoding, cap)
        challenge = None
        if resp.status == 503:
            challenge = await run_bounded(
                encoded_block_reason,
                resp.body,
                content_encoding=encoding,
                max_bytes=cap,
                url=url,
                status=503,
                source=url,
                deadline_s=max(deadline - loop.time(), MIN_EXTRACT_S),
                memory_bytes=memory,
                body_bytes=size,
            )
        if challenge:
            raise BlockedError(f"{challenge} at {url} (HTTP 503)", url=url, status=503)
        if resp.status >= 400:
            raise HttpStatusError(
                f"{url} answered HTTP {resp.status}",
                url=url,
                status=resp.status,
                transient=resp.status in (502, 503, 504),
            )
        doc = await run_bounded(
            extract_encoded,
            resp.body,
            content_type=resp.header("content-type"),
            url=url,
            final_url=resp.url,
            content_encoding=encoding,
            max_bytes=cap,
            source=url,
            deadline_s=max(deadline - loop.time(), MIN_EXTRACT_S),
            memory_bytes=memory,
            body_bytes=size,
        )
        return doc.model_copy(update={"final_address": resp.address})

    return await call_with_retry(attempt, attempts=attempts, deadline=deadline, sleeps=sleeps)
