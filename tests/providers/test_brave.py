"""Brave search: markup stripped from snippets, page_age read, the invalid-token 422 named, rate-limit
windows."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.payloads import fixture, response, shared_payload

from webquorum.errors import ProviderError, RateLimitedError
from webquorum.providers import brave
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext


def test_time_range_is_a_freshness_code() -> None:
    assert (
        brave.build_request(SearchQuery("q", time_range="week"), RequestContext()).params["freshness"] == "pw"
    )


def test_language_is_the_search_language() -> None:
    req = brave.build_request(SearchQuery("q", language="de-CH"), RequestContext())
    assert req.params["search_lang"] == "de"


def test_strips_markup_reads_page_age_and_keeps_age() -> None:
    first, second, third, _ = brave.parse_response(response(fixture("brave-ok.json")))
    assert first.snippet.startswith("A 1:1:1 ratio of starter") and "It's easy" in first.snippet
    assert "<" not in first.snippet and "&amp;" not in first.snippet and "& keeps" in first.snippet
    assert '"without"' in second.snippet
    assert first.published == "2023-03-14" and first.extra == {"age": "March 14, 2023"}
    assert third.published is None and third.content is None


def test_invalid_token_422_is_named() -> None:
    with pytest.raises(ProviderError, match="BRAVE_API_KEY"):
        brave.parse_response(response(fixture("brave-error.json"), 422))


def test_429_without_retry_after_uses_exhausted_window_reset() -> None:
    resp = response("{}", 429, headers={"x-ratelimit-remaining": "5, 0", "x-ratelimit-reset": "1, 86400"})
    with pytest.raises(RateLimitedError) as caught:
        brave.parse_response(resp)
    assert caught.value.retry_after == 86400.0
    with pytest.raises(RateLimitedError) as bare:
        brave.parse_response(response("{}", 429))
    assert bare.value.retry_after is None


@pytest.mark.shared
def test_recorded_payload_details(shared_dir: Path) -> None:
    results = brave.parse_response(response(shared_payload(shared_dir, "brave-1.json")))
    assert results[0].published == "2024-12-27" and '"Hello, World!"' in results[0].snippet
