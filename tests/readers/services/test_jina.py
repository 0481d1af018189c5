"""Jina Reader (r.jina.ai) as a reader: request shape, documents, and the target's failures told from
Jina's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.sim.payloads import fixture, fixture_json, response, shared_payload

from webquorum.errors import (
    BadResponseError,
    BlockedError,
    EmptyError,
    FetchError,
    HttpStatusError,
    ProviderError,
    RateLimitedError,
    TooLargeError,
)
from webquorum.readers.services import jina as jina_reader
from webquorum.wire import RequestContext

TARGET = "https://web-notes.example.org/articles/http-caching?ref=feed#top"
KEY = "jina_test_5b1c7e"


def ok_data(**changes: Any) -> dict[str, Any]:
    envelope = fixture_json("jina-read-ok.json")
    envelope["data"].update(changes)
    return dict(envelope)


def envelope(code: int, name: str, message: str) -> dict[str, Any]:
    return {
        "data": None,
        "code": code,
        "name": name,
        "status": code * 100 + 2,
        "message": message,
        "readableMessage": f"{name}: {message}",
    }


def test_spec_is_a_keyless_capable_reader() -> None:
    spec = jina_reader.SPEC
    assert spec.modality == "read" and spec.key_env == "JINA_API_KEY" and not spec.key_required


def test_build_request_posts_the_url_as_json_and_asks_for_json() -> None:
    req = jina_reader.build_request(TARGET, RequestContext())
    assert req.method == "POST" and req.url == "https://r.jina.ai/"
    assert req.json_body == {"url": TARGET}
    assert req.headers["Accept"] == "application/json"
    assert "Authorization" not in req.headers and req.secrets == ()


def test_build_request_with_key_and_base_url() -> None:
    req = jina_reader.build_request(TARGET, RequestContext(base_url="http://127.0.0.1:7001", api_key=KEY))
    assert req.url == "http://127.0.0.1:7001/"
    assert req.headers["Authorization"] == f"Bearer {KEY}" and req.secrets == (KEY,)


def test_parse_ok_fixture_into_a_document() -> None:
    raw = fixture_json("jina-read-ok.json")["data"]
    doc = jina_reader.parse_response(response(ok_data()), TARGET)
    assert doc.url == TARGET and doc.final_url == "https://web-notes.example.org/articles/http-caching"
    assert doc.reader == "jina" and doc.content_type == "text/markdown" and doc.source_type == "html"
    assert doc.title == "Understanding HTTP caching headers"
    assert doc.published == "2024-03-12"
    assert doc.text == raw["content"]  # whole and untrimmed, trailing whitespace included
    assert doc.links == [
        ("Cache-Control on MDN", "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Cache-Control"),
        ("RFC 9111", "https://www.rfc-editor.org/rfc/rfc9111"),
    ]


def test_long_text_is_not_capped_and_iso_dates_and_pdfs_are_read() -> None:
    long_text = "word " * 5000
    doc = jina_reader.parse_response(
        response(
            ok_data(
                content=long_text, url="https://a.example/paper.PDF", publishedTime="2021-06-30T10:00:00Z"
            )
        ),
        "https://a.example/paper.PDF",
    )
    assert doc.text == long_text and doc.source_type == "pdf" and doc.published == "2021-06-30"


def test_missing_fields_become_none_and_link_pairs_are_accepted() -> None:
    data = ok_data(
        title="", url="", publishedTime="soon", links=[["Docs", "https://a.example/docs"], ["bad"]]
    )
    doc = jina_reader.parse_response(response(data), TARGET)
    assert doc.title is None and doc.published is None and doc.final_url == TARGET
    assert doc.links == [("Docs", "https://a.example/docs")]


@pytest.mark.parametrize("status", [401, 403, 429, 451])
def test_target_refusal_in_warning_is_blocked(status: int) -> None:
    data = ok_data(warning=f"Target URL returned error {status}: Forbidden", content="Access denied")
    with pytest.raises(BlockedError) as caught:
        jina_reader.parse_response(response(data), TARGET)
    assert caught.value.status == status and caught.value.url == TARGET


def test_target_404_in_warning_is_an_http_status_error() -> None:
    data = ok_data(warning="Target URL returned error 404: Not Found", content="# Page not found")
    with pytest.raises(HttpStatusError) as caught:
        jina_reader.parse_response(response(data), TARGET)
    assert caught.value.status == 404 and not isinstance(caught.value, BlockedError)


def test_other_warnings_do_not_fail() -> None:
    doc = jina_reader.parse_response(response(ok_data(warning="This page maybe requires CAPTCHA")), TARGET)
    assert doc.text.startswith("Understanding HTTP caching headers")


def test_error_fixture_target_timeout_is_transient_http_status_error() -> None:
    body = fixture("jina-read-error.json")
    with pytest.raises(HttpStatusError) as caught:
        jina_reader.parse_response(response(body, 422), TARGET)
    assert (
        caught.value.status == 422 and caught.value.transient and "Navigation timeout" in caught.value.message
    )


def test_domain_blocked_451_and_too_large_413() -> None:
    with pytest.raises(BlockedError) as blocked:
        jina_reader.parse_response(
            response(envelope(451, "SecurityCompromiseError", "Domain blocked"), 451), TARGET
        )
    assert blocked.value.status == 451
    with pytest.raises(TooLargeError):
        jina_reader.parse_response(
            response(envelope(413, "TargetFileTooLargeError", "File too large"), 413), TARGET
        )


def test_jinas_own_rate_limit_is_a_provider_rate_limit() -> None:
    body = envelope(429, "RateLimitTriggeredError", "Per IP rate limit exceeded")
    with pytest.raises(RateLimitedError) as caught:
        jina_reader.parse_response(response(body, 429, headers={"retry-after": "12"}), TARGET)
    assert caught.value.retry_after == 12.0 and not isinstance(caught.value, FetchError)


@pytest.mark.parametrize("status", [401, 402, 503])
def test_jinas_own_failures_are_provider_errors(status: int) -> None:
    with pytest.raises(ProviderError) as caught:
        jina_reader.parse_response(response(envelope(status, "SomeJinaError", "nope"), status), TARGET)
    assert caught.value.status == status and caught.value.transient == (status == 503)


def test_non_envelope_error_body_is_a_provider_error() -> None:
    with pytest.raises(ProviderError):
        jina_reader.parse_response(response(b"<html>bad gateway</html>", 404), TARGET)


@pytest.mark.parametrize("content", ["", "   \n ", None])
def test_no_text_is_empty(content: str | None) -> None:
    with pytest.raises(EmptyError):
        jina_reader.parse_response(response(ok_data(content=content)), TARGET)


@pytest.mark.parametrize(
    "body",
    [
        b'{"code": 200, "data": {"content": "abc',
        b"<!doctype html><html><title>Just a moment...</title></html>",
        b'{"code": 200}',
    ],
    ids=["truncated", "challenge", "no-data"],
)
def test_malformed_answers_are_bad_responses(body: bytes) -> None:
    with pytest.raises(BadResponseError):
        jina_reader.parse_response(response(body), TARGET)


@pytest.mark.shared
def test_recorded_reader_payloads(shared_dir: Path) -> None:
    doc = jina_reader.parse_response(
        response(shared_payload(shared_dir, "jina-reader-2.json")), "https://jina.ai"
    )
    assert (
        doc.final_url == "https://jina.ai/" and doc.title == "Jina AI - Your Search Foundation, Supercharged."
    )
    assert ("Newsroom", "https://jina.ai/#newsroom") in doc.links and len(doc.links) == 6
    with pytest.raises(HttpStatusError) as caught:
        jina_reader.parse_response(
            response(shared_payload(shared_dir, "jina-reader-errors-1.json"), 422), "http://bad_url/"
        )
    assert caught.value.status == 422 and caught.value.transient
    # The default (non-JSON) text format is not what we ask for: a bad response, not a page.
    with pytest.raises(BadResponseError):
        jina_reader.parse_response(
            response(shared_payload(shared_dir, "jina-reader-1.txt")), "https://en.wikipedia.org/"
        )
