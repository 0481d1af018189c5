"""Tavily extract as a reader: ``POST https://api.tavily.com/extract`` for one URL.

Docs: https://docs.tavily.com/documentation/api-reference/endpoint/extract (OpenAPI via
``tryAGI/Tavily``; only documented examples exist, no recorded real response).

* Key: ``TAVILY_API_KEY`` sent as ``Authorization: Bearer tvly-…``.
* Body: ``{"urls": [url], "extract_depth": "basic", "format": "markdown"}``.
* Response: ``{results[{url, raw_content, images?, favicon?}], failed_results[{url,
  error}], response_time, request_id}``. Tavily gives no title, date or content type:
  the title and date are left to the pipeline, and a URL ending in ``.pdf`` is a PDF.
* A per-URL failure is a ``failed_results`` entry with a free-text ``error``: a 401/403/429/451
  status in it is a block, another 4xx/5xx an HTTP error, "timeout" a fetch timeout,
  anything else (or empty ``raw_content``) means nothing came back.
* Provider-level errors use the search envelope ``{"detail": {"error": …}}``; 432 and 433
  (usage limits) are rate limits, as for search.
* Price: basic extraction is 1 credit per 5 successful URLs, at most $0.008 per credit
  pay-as-you-go (docs.tavily.com/documentation/api-credits).
"""

from __future__ import annotations

import re

from webquorum.errors import EmptyError, FetchTimeoutError
from webquorum.providers.base import bearer, endpoint_url, json_list, load_json, raise_for_status, text_of
from webquorum.readers.services.base import looks_like_pdf, raise_for_target_status, same_url
from webquorum.types import Document
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="tavily",
    name="Tavily extract",
    endpoint="https://api.tavily.com/extract",
    key_env="TAVILY_API_KEY",
    docs="https://docs.tavily.com/documentation/api-reference/endpoint/extract",
    modality="read",
    max_results=1,
    price_usd=0.008,
)

QUOTA_STATUSES = (432, 433)
_STATUS = re.compile(r"\b([45]\d\d)\b")


def build_request(url: str, ctx: RequestContext) -> HttpRequest:
    headers, secrets = bearer(ctx)
    body = {"urls": [url], "extract_depth": "basic", "format": "markdown", "include_images": False}
    return HttpRequest(
        method="POST", url=endpoint_url(SPEC, ctx), headers=headers, json_body=body, secrets=secrets
    )


def _raise_target_failure(url: str, error: str) -> None:
    found = _STATUS.search(error)
    status = int(found.group(1)) if found else None
    message = f"tavily could not extract {url}: {error or 'no reason given'}"
    if status is not None:
        raise_for_target_status(SPEC.id, url, status, message)
    if "timeout" in error.lower() or "timed out" in error.lower():
        raise FetchTimeoutError(message, provider=SPEC.id, url=url, transient=True)
    raise EmptyError(message, provider=SPEC.id, url=url)


def parse_response(resp: HttpResponse, url: str) -> Document:
    raise_for_status(SPEC.id, resp, quota_statuses=QUOTA_STATUSES)
    data = load_json(SPEC.id, resp)
    results = json_list(SPEC.id, data, "results")
    mine = [r for r in results if same_url(text_of(r.get("url")), url)]
    failed = json_list(SPEC.id, data, "failed_results")
    failed.sort(key=lambda f: not same_url(text_of(f.get("url")), url))  # this URL's own failure first
    if not mine and failed and same_url(text_of(failed[0].get("url")), url):
        _raise_target_failure(url, text_of(failed[0].get("error")))
    item = (mine or results or [{}])[0]
    raw = item.get("raw_content")
    text = raw if isinstance(raw, str) else ""
    if not text.strip():
        if failed:
            _raise_target_failure(url, text_of(failed[0].get("error")))
        raise EmptyError(f"tavily returned no text for {url}", provider=SPEC.id, url=url)
    final_url = text_of(item.get("url")) or url
    return Document(
        url=url,
        final_url=final_url,
        content_type="text/markdown",
        source_type="pdf" if looks_like_pdf(url, final_url) else "html",
        reader=SPEC.id,
        text=text,
    )
