"""Exa contents as a reader: ``POST https://api.exa.ai/contents`` for one URL.

Docs: https://exa.ai/docs/reference/get-contents (OpenAPI via ``tryAGI/Exa``).

* Key: ``EXA_API_KEY`` sent as ``x-api-key``.
* Body: ``{"urls": [url], "text": true}`` - the page text as Exa's crawler cleaned it
  (from its cache unless the page is missing there). Rate limit: 100 requests/second.
* A per-URL failure arrives inside an HTTP 200: ``statuses[{id, status: "error",
  error: {tag, httpStatusCode}}]`` with tags such as ``CRAWL_NOT_FOUND``,
  ``CRAWL_TIMEOUT``, ``CRAWL_LIVECRAWL_TIMEOUT``, ``SOURCE_NOT_AVAILABLE``,
  ``UNSUPPORTED_URL``. A target status of 401/403/429/451 (or ``SOURCE_NOT_AVAILABLE``) is
  a block, another known status an HTTP error, a timeout tag a fetch timeout,
  ``UNSUPPORTED_URL`` unsupported content, and anything else (or an empty ``text``)
  means nothing came back. A result with text wins over an error status.
* Provider-level errors (bad key, credits) are ``{"requestId", "error", "tag"}`` with the
  HTTP status and go through ``raise_for_status`` (402 counts as a rate limit).
* Exa reports no content type: a URL path ending in ``.pdf`` is taken as a PDF.
* Price: $1 per 1,000 pages per content type, text only here: $0.001
  (exa.ai/docs/reference/pricing).
"""

from __future__ import annotations

from typing import Any

from webquorum.errors import BlockedError, EmptyError, FetchTimeoutError, UnsupportedContentError
from webquorum.providers.base import (
    date_only,
    endpoint_url,
    json_list,
    key_auth,
    load_json,
    raise_for_status,
    text_of,
)
from webquorum.readers.services.base import looks_like_pdf, raise_for_target_status, same_url
from webquorum.types import Document
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="exa",
    name="Exa contents",
    endpoint="https://api.exa.ai/contents",
    key_env="EXA_API_KEY",
    docs="https://exa.ai/docs/reference/get-contents",
    modality="read",
    max_results=1,
    price_usd=0.001,
)


def build_request(url: str, ctx: RequestContext) -> HttpRequest:
    headers, secrets = key_auth(ctx, "x-api-key")
    body = {"urls": [url], "text": True}
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def _raise_target_failure(url: str, error: Any) -> None:
    error = error if isinstance(error, dict) else {}
    tag = text_of(error.get("tag")) or "UNKNOWN"
    status = error.get("httpStatusCode") if isinstance(error.get("httpStatusCode"), int) else None
    message = f"exa could not read {url}: {tag}" + (f" (HTTP {status})" if status else "")
    if tag == "SOURCE_NOT_AVAILABLE":
        raise BlockedError(message, provider=SPEC.id, url=url, status=status)
    if status is not None and status >= 400:
        raise_for_target_status(SPEC.id, url, status, message)
    if "TIMEOUT" in tag:
        raise FetchTimeoutError(message, provider=SPEC.id, url=url, transient=True)
    if tag == "UNSUPPORTED_URL":
        raise UnsupportedContentError(message, provider=SPEC.id, url=url)
    raise EmptyError(message, provider=SPEC.id, url=url)


def parse_response(resp: HttpResponse, url: str) -> Document:
    raise_for_status(SPEC.id, resp, quota_statuses=(402,))
    data = load_json(SPEC.id, resp)
    results = json_list(SPEC.id, data, "results")
    mine = [r for r in results if same_url(text_of(r.get("url")), url) or same_url(text_of(r.get("id")), url)]
    errors = [s for s in json_list(SPEC.id, data, "statuses") if s.get("status") == "error"]
    errors.sort(key=lambda s: not same_url(text_of(s.get("id")), url))  # this URL's own status first
    if not mine and errors and same_url(text_of(errors[0].get("id")), url):
        _raise_target_failure(url, errors[0].get("error"))
    item = (mine or results or [{}])[0]
    raw = item.get("text")
    text = raw if isinstance(raw, str) else ""
    if not text.strip():
        if errors:
            _raise_target_failure(url, errors[0].get("error"))
        raise EmptyError(f"exa returned no text for {url}", provider=SPEC.id, url=url)
    final_url = text_of(item.get("url")) or url
    return Document(
        url=url,
        final_url=final_url,
        title=text_of(item.get("title")) or None,
        published=date_only(item.get("publishedDate")),
        content_type="text/markdown",
        source_type="pdf" if looks_like_pdf(url, final_url) else "html",
        reader=SPEC.id,
        text=text,
    )
