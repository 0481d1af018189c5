"""Exa contents as a reader: the text untrimmed, per-URL status tags mapped to fetch errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.sim.payloads import fixture, fixture_json, response

from webquorum.errors import (
    BlockedError,
    EmptyError,
    FetchError,
    FetchTimeoutError,
    HttpStatusError,
    UnsupportedContentError,
)
from webquorum.readers.services import exa as exa_reader
from webquorum.wire import RequestContext

PAGE = "https://www.rfc-editor.org/rfc/rfc9110.html"


def test_request_body() -> None:
    assert exa_reader.build_request(PAGE, RequestContext(api_key="k")).json_body == {
        "urls": [PAGE],
        "text": True,
    }


def test_document() -> None:
    doc = exa_reader.parse_response(response(fixture("exa-read-ok.json")), PAGE)
    assert (doc.reader, doc.content_type, doc.source_type) == ("exa", "text/markdown", "html")
    assert (
        doc.text == fixture_json("exa-read-ok.json")["results"][0]["text"]
    )  # untrimmed, trailing newline included
    assert (doc.title, doc.published, doc.url, doc.final_url) == (
        "RFC 9110: HTTP Semantics",
        "2022-06-01",
        PAGE,
        PAGE,
    )


def test_blocked_status() -> None:
    url = "https://blocked.example.org/report"
    with pytest.raises(BlockedError) as info:
        exa_reader.parse_response(response(fixture("exa-read-error.json")), url)
    assert (info.value.code, info.value.status, info.value.url) == ("WEB_FETCH_BLOCKED", 403, url)
    assert "CRAWL_NOT_FOUND" in info.value.message


@pytest.mark.parametrize(
    ("error", "cls", "status"),
    [
        ({"tag": "CRAWL_NOT_FOUND", "httpStatusCode": 404}, HttpStatusError, 404),
        ({"tag": "CRAWL_UNKNOWN_ERROR", "httpStatusCode": 502}, HttpStatusError, 502),
        ({"tag": "CRAWL_LIVECRAWL_TIMEOUT"}, FetchTimeoutError, None),
        ({"tag": "SOURCE_NOT_AVAILABLE"}, BlockedError, None),
        ({"tag": "UNSUPPORTED_URL"}, UnsupportedContentError, None),
        ({"tag": "CRAWL_UNKNOWN_ERROR"}, EmptyError, None),
    ],
)
def test_status_tags(error: dict[str, Any], cls: type[FetchError], status: int | None) -> None:
    body = {"results": [], "statuses": [{"id": PAGE, "status": "error", "error": error}]}
    with pytest.raises(FetchError) as info:
        exa_reader.parse_response(response(body), PAGE)
    assert type(info.value) is cls and info.value.status == status


def test_text_wins_over_another_urls_error_and_empty_text_is_empty() -> None:
    body = {
        "results": [{"url": PAGE, "text": "ok"}],
        "statuses": [{"id": "https://other.test/", "status": "error", "error": {"tag": "CRAWL_TIMEOUT"}}],
    }
    assert exa_reader.parse_response(response(body), PAGE).text == "ok"
    with pytest.raises(EmptyError):
        exa_reader.parse_response(
            response({"results": [{"url": PAGE, "text": "  \n"}], "statuses": []}), PAGE
        )


@pytest.mark.shared
def test_shared_contents(shared_dir: Path) -> None:
    raw = (shared_dir / "payloads" / "exa-contents-1.json").read_bytes()
    doc = exa_reader.parse_response(response(raw), "https://arxiv.org/pdf/2307.06435.pdf")
    assert doc.source_type == "pdf" and doc.title == "A Comprehensive Overview of Large Language Models"
    assert doc.text.startswith("Abstract Large Language Models") and doc.published == "2023-11-16"
    with pytest.raises(HttpStatusError) as info:  # the payload's second status: CRAWL_NOT_FOUND, 404
        exa_reader.parse_response(response(raw), "https://example.com")
    assert info.value.status == 404
