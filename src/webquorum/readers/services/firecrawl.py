"""Firecrawl scrape as a reader: ``POST https://api.firecrawl.dev/v2/scrape`` (markdown).

Docs: https://docs.firecrawl.dev/api-reference/endpoint/scrape (checked against a recorded v2
response and ``mendableai/firecrawl`` error codes).

* Key: ``FIRECRAWL_API_KEY`` sent as ``Authorization: Bearer fc-…``.
* Body: ``{"url", "formats": ["markdown"], "onlyMainContent": true}``.
* Response: ``{success: true, data: {markdown, metadata: {title, sourceURL, url,
  statusCode, contentType, …og/twitter tags}}}``. ``metadata.url`` is the final URL.
  Meta values can be lists when a page repeats a tag; the first string is used.
* Per-URL failures come two ways: a 200 whose ``metadata.statusCode`` is the target's
  error status (Firecrawl still charges for it), or ``{"success": false, "code":
  "SCRAPE_…", "error"}`` (usually HTTP 500; ``SCRAPE_ALL_ENGINES_FAILED`` means the site
  beat every engine, i.e. a block). 408 "Request timed out" is a fetch timeout. Everything
  else (401 key, 402 credits - a rate limit here, 429, other 5xx) is a provider error.
* Price: 1 credit per page; about $0.0053 at the Hobby plan's $16 for 3,000 credits
  (docs.firecrawl.dev/billing, firecrawl.dev/pricing; plan price not re-checked here).
"""

from __future__ import annotations

import json
from typing import Any

from webquorum.errors import BlockedError, EmptyError, FetchTimeoutError, UnsupportedContentError
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
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="firecrawl",
    name="Firecrawl scrape",
    endpoint="https://api.firecrawl.dev/v2/scrape",
    key_env="FIRECRAWL_API_KEY",
    docs="https://docs.firecrawl.dev/api-reference/endpoint/scrape",
    modality="read",
    max_results=1,
    price_usd=0.0053,
)

BLOCKED_CODES = ("SCRAPE_ALL_ENGINES_FAILED", "SCRAPE_PDF_ANTIBOT_ERROR")


def build_request(url: str, ctx: RequestContext) -> HttpRequest:
    headers, secrets = bearer(ctx)
    body = {"url": url, "formats": ["markdown"], "onlyMainContent": True}
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def _meta(meta: dict[str, Any], *keys: str) -> str:
    for key in keys:
        value = meta.get(key)
        value = value[0] if isinstance(value, list) and value else value
        if text_of(value):
            return text_of(value)
    return ""


def _scrape_failure(resp: HttpResponse, url: str) -> None:
    """Raise the FetchError for a target failure reported in place of a scrape; else return."""
    message = f"firecrawl could not scrape {url}: {provider_message(resp.body)}"
    if resp.status == 408:
        raise FetchTimeoutError(message, provider=SPEC.id, url=url, transient=True)
    try:
        body = json.loads(resp.body)
    except ValueError:
        return
    if not isinstance(body, dict) or body.get("success") is not False:
        return
    code = text_of(body.get("code"))
    if code in BLOCKED_CODES:
        raise BlockedError(message, provider=SPEC.id, url=url)
    if code == "SCRAPE_UNSUPPORTED_FILE_ERROR":
        raise UnsupportedContentError(message, provider=SPEC.id, url=url)
    if code.startswith("SCRAPE_"):
        raise EmptyError(message, provider=SPEC.id, url=url)


def parse_response(resp: HttpResponse, url: str) -> Document:
    if not 200 <= resp.status < 300:
        _scrape_failure(resp, url)
    raise_for_status(SPEC.id, resp, quota_statuses=(402,))
    data = load_json(SPEC.id, resp)
    if isinstance(data, dict) and data.get("success") is False:
        _scrape_failure(resp, url)
        raise EmptyError(
            f"firecrawl reported failure for {url}: {provider_message(resp.body)}", provider=SPEC.id, url=url
        )
    raw_page = data.get("data") if isinstance(data, dict) else None
    page: dict[str, Any] = raw_page if isinstance(raw_page, dict) else {}
    raw_meta = page.get("metadata")
    meta: dict[str, Any] = raw_meta if isinstance(raw_meta, dict) else {}
    status = meta.get("statusCode") if isinstance(meta.get("statusCode"), int) else None
    if status is not None and status >= 400:
        raise_for_target_status(SPEC.id, url, status, f"firecrawl: {url} answered HTTP {status}")
    raw_text = page.get("markdown")
    text = raw_text if isinstance(raw_text, str) else ""
    if not text.strip():
        raise EmptyError(f"firecrawl returned no markdown for {url}", provider=SPEC.id, url=url)
    final_url = _meta(meta, "url", "sourceURL") or url
    content_type = _meta(meta, "contentType").lower()
    is_pdf = "pdf" in content_type or looks_like_pdf(url, final_url)
    return Document(
        url=url,
        final_url=final_url,
        title=_meta(meta, "title", "ogTitle", "og:title") or None,
        published=date_only(_meta(meta, "publishedTime", "article:published_time")),
        language=_meta(meta, "language") or None,
        content_type="text/markdown",
        source_type="pdf" if is_pdf else "html",
        reader=SPEC.id,
        text=text,
    )
