"""Linkup search: standard search results, a start date from the clock, no-result errors as empty."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from tests.sim.payloads import SINCE, TODAY, fixture, response

from webquorum.errors import ProviderError, RateLimitedError
from webquorum.providers import linkup
from webquorum.types import SearchQuery, TimeRange
from webquorum.wire import RequestContext


def test_asks_for_standard_search_results() -> None:
    body = linkup.build_request(SearchQuery("solar storage"), RequestContext()).json_body
    assert (body["q"], body["depth"], body["outputType"]) == ("solar storage", "standard", "searchResults")


@pytest.mark.parametrize(("time_range", "since"), SINCE)
def test_time_range_is_a_from_date(time_range: TimeRange, since: str) -> None:
    req = linkup.build_request(SearchQuery("q", time_range=time_range), RequestContext(options=TODAY))
    assert req.json_body["fromDate"] == since


def test_since_date_uses_the_clock_without_a_today_option() -> None:
    sent = linkup.build_request(SearchQuery("q", time_range="week"), RequestContext()).json_body["fromDate"]
    today = datetime.now(UTC).date()
    assert sent in {
        (today - timedelta(days=d)).isoformat() for d in (7, 8)
    }  # 8: the clock ticked past midnight


def test_title_is_name_content_inline_and_images_dropped() -> None:
    results = linkup.parse_response(response(fixture("linkup-ok.json")))
    assert [r.title for r in results] == [
        "Nobel Prize in Physics 2023 - NobelPrize.org",
        "Anne L'Huillier - Wikipedia",
        "Attosecond physics explained",
    ]
    assert all(not r.url.endswith(".jpg") for r in results)
    assert results[0].content and "attosecond pulses of light" in results[0].content
    assert results[0].snippet.startswith("The Nobel Prize in Physics 2023 was awarded")
    assert results[2].published == "2023-10-04"


def test_no_result_error_is_an_empty_answer() -> None:
    body = {
        "error": {
            "code": "SEARCH_QUERY_NO_RESULT",
            "message": "The query did not yield any result",
            "details": [],
        }
    }
    assert linkup.parse_response(response(body, status=400)) == []


@pytest.mark.shared
def test_shared_errors(shared_dir: Path) -> None:
    cases = json.loads((shared_dir / "payloads" / "linkup-errors-1.json").read_text())
    for case in cases:
        status, body = case["http_status"], case["body"]
        resp = response(body, status=status)
        if body["error"]["code"] == "SEARCH_QUERY_NO_RESULT":
            assert linkup.parse_response(resp) == []
            continue
        with pytest.raises(ProviderError) as info:
            linkup.parse_response(resp)
        assert isinstance(info.value, RateLimitedError) == (status in (402, 429))
        assert info.value.status == status
        assert body["error"]["message"] in info.value.message
