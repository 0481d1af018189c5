"""A page read by a reader service (jina, firecrawl, exa, tavily): guard, request, parse, trim in the sandbox.

The service is handed the URL only once the address guard, resolution included, says we would
read it ourselves: a third party must never be asked to read an internal address. Its answer is
trimmed to the first real sentence in the extraction sandbox like any other page (a service's
markdown can be as hostile as a page), and a bot wall it read instead of the page is named as
blocked. The HTTP call itself is the caller's ``send`` (the runtime's guarded adapter call:
retries, breaker, rate limit, choke point), so a reader service spends the same budgets as the
provider it belongs to.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from webquorum.errors import BlockedError
from webquorum.net.http import HttpClient
from webquorum.readers import reader_module
from webquorum.readers.extract import finish_service_text
from webquorum.readers.local import MIN_EXTRACT_S, extract_memory
from webquorum.readers.sandbox import run_bounded
from webquorum.types import Document
from webquorum.wire import HttpRequest, HttpResponse, RequestContext

__all__ = ["Send", "read_with_service"]

Send = Callable[
    [HttpRequest, RequestContext, Callable[[HttpResponse], Document]], Awaitable[Document]
]  # the call, its key


async def read_with_service(
    http: HttpClient,
    reader_id: str,
    url: str,
    *,
    context: Callable[[], RequestContext],
    send: Send,
    ends: float,
    check_timeout_s: float,
) -> Document:
    """``url`` read by ``reader_id``, finished by ``ends`` (a ``loop.time()`` instant).

    ``context`` gives the key and base URL, read once the guard has passed; ``check_timeout_s``
    bounds the guard's name resolution.
    """
    module = reader_module(reader_id)
    await http.check_public(url, reader=reader_id, timeout_s=check_timeout_s)
    ctx = context()
    raw = await send(module.build_request(url, ctx), ctx, lambda resp: module.parse_response(resp, url))
    loop = asyncio.get_running_loop()
    blocked, text = await run_bounded(
        finish_service_text,
        raw.text,
        raw.title,
        source=url,
        deadline_s=max(ends - loop.time(), MIN_EXTRACT_S),
        memory_bytes=extract_memory(http.policy.max_body_bytes),
        body_bytes=len(raw.text),
    )
    if blocked:
        raise BlockedError(
            f"{reader_id} reader got a {blocked} instead of {url}", provider=reader_id, url=url
        )
    return raw.model_copy(update={"text": text})
