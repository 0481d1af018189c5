"""Tavily extract as a reader: raw markdown content, failed_results texts mapped to fetch errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.payloads import fixture, fixture_json, response

from webquorum.errors import BlockedError, EmptyError, FetchError, FetchTimeoutError, HttpStatusError
from webquorum.readers.services import tavily as tavily_reader
from webquorum.wire import RequestContext

PAGE = "https://www.rfc-editor.org/rfc/rfc9110.html"


def test_request_body() -> None:
    body = tavily_reader.build_request(PAGE, RequestContext(api_key="k")).json_body
    assert body["urls"] == [PAGE] and body["format"] == "markdown" and body["extract_depth"] == "basic"


def test_document() -> None:
    url = "https://docs.python.org/3/library/asyncio-task.html"
    doc = tavily_reader.parse_response(response(fixture("tavily-read-ok.json")), url)
    assert (doc.reader, doc.content_type, doc.source_type) == ("tavily", "text/markdown", "html")
    assert doc.text == fixture_json("tavily-read-ok.json")["results"][0]["raw_content"]
    assert doc.title is None and doc.published is None and doc.final_url == url


def test_failed_result() -> None:
    url = "https://paywalled.example.com/story"
    with pytest.raises(BlockedError) as info:
        tavily_reader.parse_response(response(fixture("tavily-read-error.json")), url)
    assert info.value.status == 403 and "HTTP 403 Forbidden" in info.value.message


@pytest.mark.parametrize(
    ("error", "cls", "status"),
    [
        ("Failed to fetch url: HTTP 404 Not Found", HttpStatusError, 404),
        ("status 429 Too Many Requests", BlockedError, 429),
        ("Request timed out after 30s", FetchTimeoutError, None),
        ("", EmptyError, None),
    ],
)
def test_failure_texts(error: str, cls: type[FetchError], status: int | None) -> None:
    body = {"results": [], "failed_results": [{"url": PAGE, "error": error}]}
    with pytest.raises(FetchError) as info:
        tavily_reader.parse_response(response(body), PAGE)
    assert type(info.value) is cls and info.value.status == status


def test_nothing_at_all_is_empty() -> None:
    with pytest.raises(EmptyError):
        tavily_reader.parse_response(response({"results": [], "failed_results": []}), PAGE)


@pytest.mark.shared
def test_shared_extract(shared_dir: Path) -> None:
    raw = (shared_dir / "payloads" / "tavily-extract-1.json").read_bytes()
    url = "https://en.wikipedia.org/wiki/Artificial_intelligence"
    doc = tavily_reader.parse_response(response(raw), url)
    assert doc.final_url == url and "Artificial intelligence" in doc.text and doc.source_type == "html"
