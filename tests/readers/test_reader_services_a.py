"""Reader services batch A: Exa contents, Tavily extract, Firecrawl scrape.

Requests are checked field by field; parsers run on our own fixtures, per-URL failure
shapes (each to its FetchError), provider-level errors, and the payloads in ../shared.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from webquorum.errors import (
    BadResponseError,
    BlockedError,
    EmptyError,
    FetchError,
    FetchTimeoutError,
    HttpStatusError,
    ProviderError,
    RateLimitedError,
    UnsupportedContentError,
)
from webquorum.readers.services import exa as exa_reader
from webquorum.readers.services import firecrawl as firecrawl_reader
from webquorum.readers.services import tavily as tavily_reader
from webquorum.wire import HttpResponse, RequestContext

KEY = "sk-test-reader-0123456789"
READERS: dict[str, tuple[ModuleType, str, tuple[str, str]]] = {
    "exa": (exa_reader, "https://api.exa.ai/contents", ("x-api-key", KEY)),
    "tavily": (tavily_reader, "https://api.tavily.com/extract", ("Authorization", f"Bearer {KEY}")),
    "firecrawl": (firecrawl_reader, "https://api.firecrawl.dev/v2/scrape", ("Authorization", f"Bearer {KEY}")),
}
IDS = list(READERS)
PAGE = "https://www.rfc-editor.org/rfc/rfc9110.html"


def response(body: bytes | str | Any, status: int = 200) -> HttpResponse:
    raw = body if isinstance(body, bytes) else body.encode() if isinstance(body, str) else json.dumps(body).encode()
    return HttpResponse(status=status, headers={"content-type": "application/json"}, body=raw)


def fixture(fixtures_dir: Path, name: str) -> bytes:
    return (fixtures_dir / "providers" / name).read_bytes()


# -- build_request ----------------------------------------------------------------------


@pytest.mark.parametrize("rid", IDS)
def test_request_is_a_post_to_the_documented_endpoint(rid: str) -> None:
    module, endpoint, (header, value) = READERS[rid]
    req = module.build_request(PAGE, RequestContext(api_key=KEY))
    assert (req.method, req.url) == ("POST", endpoint)
    assert module.SPEC.endpoint == endpoint and module.SPEC.modality == "read" and module.SPEC.id == rid
    assert req.headers[header] == value
    assert req.secrets == (KEY,)
    assert KEY not in json.dumps(req.json_body)
    path = endpoint.split("/", 3)[3]
    assert module.build_request(PAGE, RequestContext(base_url="http://127.0.0.1:9/")).url == f"http://127.0.0.1:9/{path}"
    bare = module.build_request(PAGE, RequestContext())
    assert header not in bare.headers and bare.secrets == ()


def test_request_bodies() -> None:
    ctx = RequestContext(api_key=KEY)
    assert exa_reader.build_request(PAGE, ctx).json_body == {"urls": [PAGE], "text": True}
    tav = tavily_reader.build_request(PAGE, ctx).json_body
    assert tav["urls"] == [PAGE] and tav["format"] == "markdown" and tav["extract_depth"] == "basic"
    fc = firecrawl_reader.build_request(PAGE, ctx).json_body
    assert fc == {"url": PAGE, "formats": ["markdown"], "onlyMainContent": True}


def test_readers_share_the_search_key_variables() -> None:
    from webquorum.providers import exa, firecrawl, tavily

    assert exa_reader.SPEC.key_env == exa.SPEC.key_env == "EXA_API_KEY"
    assert tavily_reader.SPEC.key_env == tavily.SPEC.key_env == "TAVILY_API_KEY"
    assert firecrawl_reader.SPEC.key_env == firecrawl.SPEC.key_env == "FIRECRAWL_API_KEY"


# -- successful reads -------------------------------------------------------------------


def test_exa_document(fixtures_dir: Path) -> None:
    raw = fixture(fixtures_dir, "exa-read-ok.json")
    doc = exa_reader.parse_response(response(raw), PAGE)
    assert (doc.reader, doc.content_type, doc.source_type) == ("exa", "text/markdown", "html")
    assert doc.text == json.loads(raw)["results"][0]["text"]  # untrimmed, trailing newline included
    assert (doc.title, doc.published, doc.url, doc.final_url) == ("RFC 9110: HTTP Semantics", "2022-06-01", PAGE, PAGE)


def test_tavily_document(fixtures_dir: Path) -> None:
    raw = fixture(fixtures_dir, "tavily-read-ok.json")
    url = "https://docs.python.org/3/library/asyncio-task.html"
    doc = tavily_reader.parse_response(response(raw), url)
    assert (doc.reader, doc.content_type, doc.source_type) == ("tavily", "text/markdown", "html")
    assert doc.text == json.loads(raw)["results"][0]["raw_content"]
    assert doc.title is None and doc.published is None and doc.final_url == url


def test_firecrawl_document(fixtures_dir: Path) -> None:
    raw = fixture(fixtures_dir, "firecrawl-read-ok.json")
    doc = firecrawl_reader.parse_response(response(raw), "https://blog.example-dist.dev/raft")
    assert (doc.reader, doc.content_type, doc.source_type) == ("firecrawl", "text/markdown", "html")
    assert doc.text == json.loads(raw)["data"]["markdown"]
    assert doc.title == "Understanding the Raft Consensus Algorithm"
    assert doc.published == "2024-05-17"
    assert doc.language == "en"
    assert doc.url == "https://blog.example-dist.dev/raft"
    assert doc.final_url == "https://blog.example-dist.dev/posts/raft/"


def test_pdf_recognised_from_url_or_content_type() -> None:
    exa_body = {"results": [{"url": "https://ex.test/paper.PDF", "text": "Abstract"}], "statuses": []}
    assert exa_reader.parse_response(response(exa_body), "https://ex.test/paper.PDF").source_type == "pdf"
    tav_body = {"results": [{"url": "https://ex.test/a.pdf", "raw_content": "x"}], "failed_results": []}
    assert tavily_reader.parse_response(response(tav_body), "https://ex.test/a.pdf").source_type == "pdf"
    fc_body = {"success": True, "data": {"markdown": "Report", "metadata": {"statusCode": 200,
                                                                       "contentType": "application/pdf"}}}
    assert firecrawl_reader.parse_response(response(fc_body), "https://ex.test/report").source_type == "pdf"


def test_firecrawl_meta_lists_use_first_value() -> None:
    body = {"success": True, "data": {"markdown": "m", "metadata": {"title": ["First", "Second"], "statusCode": 200}}}
    assert firecrawl_reader.parse_response(response(body), "https://x.test/").title == "First"


# -- per-URL failures -------------------------------------------------------------------


def test_exa_blocked_status(fixtures_dir: Path) -> None:
    url = "https://blocked.example.org/report"
    with pytest.raises(BlockedError) as info:
        exa_reader.parse_response(response(fixture(fixtures_dir, "exa-read-error.json")), url)
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
def test_exa_status_tags(error: dict[str, Any], cls: type[FetchError], status: int | None) -> None:
    body = {"results": [], "statuses": [{"id": PAGE, "status": "error", "error": error}]}
    with pytest.raises(FetchError) as info:
        exa_reader.parse_response(response(body), PAGE)
    assert type(info.value) is cls and info.value.status == status


def test_exa_text_wins_over_another_urls_error_and_empty_text_is_empty() -> None:
    body = {"results": [{"url": PAGE, "text": "ok"}],
            "statuses": [{"id": "https://other.test/", "status": "error", "error": {"tag": "CRAWL_TIMEOUT"}}]}
    assert exa_reader.parse_response(response(body), PAGE).text == "ok"
    with pytest.raises(EmptyError):
        exa_reader.parse_response(response({"results": [{"url": PAGE, "text": "  \n"}], "statuses": []}), PAGE)


def test_tavily_failed_result(fixtures_dir: Path) -> None:
    url = "https://paywalled.example.com/story"
    with pytest.raises(BlockedError) as info:
        tavily_reader.parse_response(response(fixture(fixtures_dir, "tavily-read-error.json")), url)
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
def test_tavily_failure_texts(error: str, cls: type[FetchError], status: int | None) -> None:
    body = {"results": [], "failed_results": [{"url": PAGE, "error": error}]}
    with pytest.raises(FetchError) as info:
        tavily_reader.parse_response(response(body), PAGE)
    assert type(info.value) is cls and info.value.status == status


def test_tavily_nothing_at_all_is_empty() -> None:
    with pytest.raises(EmptyError):
        tavily_reader.parse_response(response({"results": [], "failed_results": []}), PAGE)


def test_firecrawl_engines_failed_is_a_block(fixtures_dir: Path) -> None:
    with pytest.raises(BlockedError) as info:
        firecrawl_reader.parse_response(response(fixture(fixtures_dir, "firecrawl-read-error.json"), 500), PAGE)
    assert "All scraping engines failed" in info.value.message


@pytest.mark.parametrize(
    ("status_code", "cls"), [(403, BlockedError), (401, BlockedError), (404, HttpStatusError), (500, HttpStatusError)]
)
def test_firecrawl_target_status_in_metadata(status_code: int, cls: type[FetchError]) -> None:
    body = {"success": True, "data": {"markdown": "# Not Found", "metadata": {"statusCode": status_code}}}
    with pytest.raises(FetchError) as info:
        firecrawl_reader.parse_response(response(body), PAGE)
    assert type(info.value) is cls and info.value.status == status_code


@pytest.mark.parametrize(
    ("status", "body", "cls"),
    [
        (500, {"success": False, "code": "SCRAPE_DNS_RESOLUTION_ERROR", "error": "DNS failed"}, EmptyError),
        (500, {"success": False, "code": "SCRAPE_UNSUPPORTED_FILE_ERROR", "error": "zip"}, UnsupportedContentError),
        (408, {"success": False, "error": "Request timed out"}, FetchTimeoutError),
        (200, {"success": False, "error": "Something odd"}, EmptyError),
        (200, {"success": True, "data": {"markdown": "", "metadata": {"statusCode": 200}}}, EmptyError),
    ],
)
def test_firecrawl_scrape_failures(status: int, body: dict[str, Any], cls: type[FetchError]) -> None:
    with pytest.raises(FetchError) as info:
        firecrawl_reader.parse_response(response(body, status), PAGE)
    assert type(info.value) is cls


# -- provider-level errors --------------------------------------------------------------


@pytest.mark.parametrize(
    ("rid", "status", "cls"),
    [
        ("tavily", 432, RateLimitedError), ("tavily", 433, RateLimitedError), ("tavily", 401, ProviderError),
        ("exa", 402, RateLimitedError), ("exa", 401, ProviderError), ("exa", 429, RateLimitedError),
        ("firecrawl", 401, ProviderError), ("firecrawl", 402, RateLimitedError), ("firecrawl", 503, ProviderError),
    ],
)
def test_provider_errors_are_not_fetch_errors(rid: str, status: int, cls: type[ProviderError]) -> None:
    with pytest.raises(ProviderError) as info:
        READERS[rid][0].parse_response(response({"success": False, "error": "key problem"}, status), PAGE)
    assert type(info.value) is cls and info.value.status == status and "key problem" in info.value.message


@pytest.mark.parametrize("rid", IDS)
def test_malformed_json_and_challenge_pages_are_bad_responses(rid: str) -> None:
    module = READERS[rid][0]
    with pytest.raises(BadResponseError):
        module.parse_response(response(b'{"results": ['), PAGE)
    with pytest.raises(BadResponseError):
        module.parse_response(response(b"<html><body>Attention Required! | Cloudflare</body></html>"), PAGE)


# -- ../shared payloads -----------------------------------------------------------------


@pytest.mark.shared
def test_shared_exa_contents(shared_dir: Path) -> None:
    raw = (shared_dir / "payloads" / "exa-contents-1.json").read_bytes()
    doc = exa_reader.parse_response(response(raw), "https://arxiv.org/pdf/2307.06435.pdf")
    assert doc.source_type == "pdf" and doc.title == "A Comprehensive Overview of Large Language Models"
    assert doc.text.startswith("Abstract Large Language Models") and doc.published == "2023-11-16"
    with pytest.raises(HttpStatusError) as info:  # the payload's second status: CRAWL_NOT_FOUND, 404
        exa_reader.parse_response(response(raw), "https://example.com")
    assert info.value.status == 404


@pytest.mark.shared
def test_shared_tavily_extract(shared_dir: Path) -> None:
    raw = (shared_dir / "payloads" / "tavily-extract-1.json").read_bytes()
    url = "https://en.wikipedia.org/wiki/Artificial_intelligence"
    doc = tavily_reader.parse_response(response(raw), url)
    assert doc.final_url == url and "Artificial intelligence" in doc.text and doc.source_type == "html"


@pytest.mark.shared
def test_shared_firecrawl_scrape(shared_dir: Path) -> None:
    raw = (shared_dir / "payloads" / "firecrawl-scrape-1.json").read_bytes()
    doc = firecrawl_reader.parse_response(response(raw), "https://firecrawl.dev")
    assert doc.final_url == "https://www.firecrawl.dev/"
    assert doc.title == "Firecrawl - The Web Data API for AI"
    assert doc.text.startswith("We just raised our Series A") and doc.language == "en"
