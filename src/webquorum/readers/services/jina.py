"""Jina Reader (r.jina.ai): a hosted reader that renders a page (or PDF) and returns markdown.

Docs: https://jina.ai/reader and Jina's API guide for LLMs (github.com/jina-ai/meta-prompt
``v9.txt``, "3. Reader API"). Keyless at a low rate (20 requests/min per IP); ``JINA_API_KEY``
(``Authorization: Bearer``) raises that to 200/min and bills the page's tokens (``price_usd`` =
0.001 is an estimate for a long page; keyless calls are free).

Request: ``POST https://r.jina.ai/`` JSON ``{"url": …}`` rather than ``GET /<url>``, so targets
with their own query strings and fragments need no escaping; ``Accept: application/json`` selects
the JSON envelope, ``X-With-Links-Summary: true`` adds the page's links.

Response: ``{code, status, data: {title, description, url, content, publishedTime?, links?,
warning?, usage}}``. ``content`` (markdown) is kept whole, no cap; ``publishedTime`` is ISO or an
HTTP date; ``links`` is ``{anchor: url}`` (older answers: pairs), bounded to 200. ``source_type``
is ``pdf`` when the final URL ends in ``.pdf``: the envelope does not say which parser ran.

Failures of the *target* are fetch errors, told apart from Jina's own:

* HTTP 200 with ``warning: "Target URL returned error 403: Forbidden"`` (Jina still sends the
  error page's text): 401/403/429/451 -> ``BlockedError``, other statuses -> ``HttpStatusError``.
* The envelope ``{data: null, code, name, status, message, readableMessage}`` with 403 or 451
  (``SecurityCompromiseError``, domain blocked) -> ``BlockedError``; 413 -> ``TooLargeError``;
  others such as 422 ``AssertionFailureError`` ("Failed to goto …: TimeoutError") ->
  ``HttpStatusError`` with that status, transient when the cause was a timeout.
* Jina's own 400/401/402/429/5xx go through ``raise_for_status`` (429 -> ``RateLimitedError``).

No text at all is ``EmptyError``.
"""

from __future__ import annotations

import re
from email.utils import parsedate_to_datetime
from typing import Any, NoReturn

from webquorum.errors import BadResponseError, EmptyError, TooLargeError
from webquorum.providers.base import (
    bearer,
    date_only,
    endpoint_url,
    load_json,
    provider_message,
    raise_for_status,
    text_of,
)
from webquorum.readers.services.base import looks_like_pdf, raise_for_target_status
from webquorum.types import Document
from webquorum.wire import BLOCKED_STATUSES, HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="jina",
    name="Jina Reader",
    endpoint="https://r.jina.ai/",
    key_env="JINA_API_KEY",
    docs="https://jina.ai/reader",
    key_required=False,
    modality="read",
    max_results=1,
    price_usd=0.001,
)

_OWN = frozenset({400, 401, 402, 429})
_TARGET_STATUS = re.compile(r"Target URL returned error (\d{3})")
_MAX_LINKS = 200


def build_request(url: str, ctx: RequestContext) -> HttpRequest:
    headers, secrets = bearer(ctx, {"Accept": "application/json", "X-With-Links-Summary": "true"})
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body={"url": url}, secrets=secrets
    )


def parse_response(resp: HttpResponse, url: str) -> Document:
    if not 200 <= resp.status < 300 and resp.status not in _OWN and resp.status < 500:
        _raise_target_failure(resp, url)
    raise_for_status(SPEC.id, resp)
    envelope = load_json(SPEC.id, resp)
    data = envelope.get("data") if isinstance(envelope, dict) else None
    if not isinstance(data, dict):
        raise BadResponseError("jina reader answer has no 'data' object", provider=SPEC.id, url=url)
    found = _TARGET_STATUS.search(text_of(data.get("warning")))
    if found:
        _raise_for_target_status(int(found.group(1)), text_of(data.get("warning")), url)
    content = data.get("content")
    text = content if isinstance(content, str) else ""
    if not text.strip():
        raise EmptyError(f"jina reader found no text at {url}", provider=SPEC.id, url=url)
    final_url = text_of(data.get("url")) or url
    return Document(
        url=url,
        final_url=final_url,
        title=text_of(data.get("title")) or None,
        published=_published(data.get("publishedTime")),
        content_type="text/markdown",
        source_type="pdf" if looks_like_pdf(final_url) else "html",
        reader="jina",
        text=text,
        links=_links(data.get("links")),
    )


def _raise_target_failure(resp: HttpResponse, url: str) -> None:
    """Jina's error envelope about the target page; bodies that are not the envelope fall through."""
    if b'"readableMessage"' not in resp.body and b'"name"' not in resp.body:
        return
    message = provider_message(resp.body)
    if resp.status == 413:
        raise TooLargeError(
            f"jina reader: target too large: {message}", provider=SPEC.id, url=url, status=413
        )
    _raise_for_target_status(resp.status, message, url, transient="timeout" in message.lower())


def _raise_for_target_status(status: int, message: str, url: str, *, transient: bool = False) -> NoReturn:
    verb = "refused" if status in BLOCKED_STATUSES else "failed"
    message = f"jina reader: target {verb} (HTTP {status}): {message}"
    raise_for_target_status(SPEC.id, url, status, message, transient=transient)


def _published(value: Any) -> str | None:
    iso = date_only(value)
    if iso or not text_of(value):
        return iso
    try:
        return parsedate_to_datetime(text_of(value)).strftime("%Y-%m-%d")
    except (TypeError, ValueError, IndexError):
        return None


def _links(value: Any) -> list[tuple[str, str]]:
    pairs = value.items() if isinstance(value, dict) else value if isinstance(value, list) else []
    out: list[tuple[str, str]] = []
    for pair in pairs:
        if isinstance(pair, list | tuple) and len(pair) == 2 and text_of(pair[1]).startswith("http"):
            out.append((text_of(pair[0]), text_of(pair[1])))
        if len(out) >= _MAX_LINKS:
            break
    return out
