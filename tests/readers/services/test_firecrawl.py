"""Firecrawl scrape as a reader: markdown and metadata, the target's status, scrape failure codes."""

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
from webquorum.readers.services import firecrawl as firecrawl_reader
from webquorum.wire import RequestContext

PAGE = "https://www.rfc-editor.org/rfc/rfc9110.html"


def test_request_body() -> None:
    body = firecrawl_reader.build_request(PAGE, RequestContext(api_key="k")).json_body
    assert body == {"url": PAGE, "formats": ["markdown"], "onlyMainContent": True}


def test_document() -> None:
    doc = firecrawl_reader.parse_response(
        response(fixture("firecrawl-read-ok.json")), "https://blog.example-dist.dev/raft"
    )
    assert (doc.reader, doc.content_type, doc.source_type) == ("firecrawl", "text/markdown", "html")
    assert doc.text == fixture_json("firecrawl-read-ok.json")["data"]["markdown"]
    assert doc.title == "Understanding the Raft Consensus Algorithm"
    assert doc.published == "2024-05-17"
    assert doc.language == "en"
    assert doc.url == "https://blog.example-dist.dev/raft"
    assert doc.final_url == "https://blog.example-dist.dev/posts/raft/"


def test_meta_lists_use_first_value() -> None:
    body = {
        "success": True,
        "data": {"markdown": "m", "metadata": {"title": ["First", "Second"], "statusCode": 200}},
    }
    assert firecrawl_reader.parse_response(response(body), "https://x.test/").title == "First"


def test_engines_failed_is_a_block() -> None:
    with pytest.raises(BlockedError) as info:
        firecrawl_reader.parse_response(response(fixture("firecrawl-read-error.json"), 500), PAGE)
    assert "All scraping engines failed" in info.value.message


@pytest.mark.parametrize(
    ("status_code", "cls"),
    [(403, BlockedError), (401, BlockedError), (404, HttpStatusError), (500, HttpStatusError)],
)
def test_target_status_in_metadata(status_code: int, cls: type[FetchError]) -> None:
    body = {"success": True, "data": {"markdown": "# Not Found", "metadata": {"statusCode": status_code}}}
    with pytest.raises(FetchError) as info:
        firecrawl_reader.parse_response(response(body), PAGE)
    assert type(info.value) is cls and info.value.status == status_code


@pytest.mark.parametrize(
    ("status", "body", "cls"),
    [
        (500, {"success": False, "code": "SCRAPE_DNS_RESOLUTION_ERROR", "error": "DNS failed"}, EmptyError),
        (
            500,
            {"success": False, "code": "SCRAPE_UNSUPPORTED_FILE_ERROR", "error": "zip"},
            UnsupportedContentError,
        ),
        (408, {"success": False, "error": "Request timed out"}, FetchTimeoutError),
        (200, {"success": False, "error": "Something odd"}, EmptyError),
        (200, {"success": True, "data": {"markdown": "", "metadata": {"statusCode": 200}}}, EmptyError),
    ],
)
def test_scrape_failures(status: int, body: dict[str, Any], cls: type[FetchError]) -> None:
    with pytest.raises(FetchError) as info:
        firecrawl_reader.parse_response(response(body, status), PAGE)
    assert type(info.value) is cls


@pytest.mark.shared
def test_shared_scrape(shared_dir: Path) -> None:
    raw = (shared_dir / "payloads" / "firecrawl-scrape-1.json").read_bytes()
    doc = firecrawl_reader.parse_response(response(raw), "https://firecrawl.dev")
    assert doc.final_url == "https://www.firecrawl.dev/"
    assert doc.title == "Firecrawl - The Web Data API for AI"
    assert doc.text.startswith("We just raised our Series A") and doc.language == "en"
