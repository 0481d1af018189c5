"""Tavily search: its usage-limit statuses (432/433) are rate limits, and its documented fields."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.sim.payloads import fixture, response

from webquorum.errors import ProviderError, RateLimitedError
from webquorum.providers import tavily
from webquorum.types import SearchQuery, TimeRange
from webquorum.wire import RequestContext


def test_max_results_matches_the_docs() -> None:
    assert tavily.SPEC.max_results == 20  # Tavily rejects more than 20


@pytest.mark.parametrize("time_range", ["day", "week", "month", "year"])
def test_time_range_is_sent_by_name(time_range: TimeRange) -> None:
    req = tavily.build_request(SearchQuery("q", time_range=time_range), RequestContext())
    assert req.json_body["time_range"] == time_range


def test_fields() -> None:
    results = tavily.parse_response(response(fixture("tavily-ok.json")))
    assert [r.url for r in results][:2] == [
        "https://www.energy.gov/energysaver/heat-pump-systems",
        "https://www.nrel.gov/docs/fy23osti/84679.pdf",
    ]
    assert "−15 °C" in results[0].snippet  # entities decoded
    assert results[2].title == "The Future of Heat Pumps – Analysis - IEA"
    assert results[1].content and results[1].content.startswith("# Cold-Climate")
    assert results[1].published == "2023-03-14"
    assert results[0].content is None and results[0].published is None
    assert results[0].extra["score"] == "0.8913"


@pytest.mark.parametrize("status", [432, 433, 429])
def test_usage_limits_are_rate_limits(status: int) -> None:
    resp = response(fixture("tavily-error.json"), status=status, headers={"retry-after": "30"})
    with pytest.raises(RateLimitedError) as info:
        tavily.parse_response(resp)
    assert info.value.code == "WEB_PROVIDER_RATE_LIMITED"
    assert info.value.retry_after == 30.0


@pytest.mark.shared
def test_shared_errors_by_status(shared_dir: Path) -> None:
    by_status = json.loads((shared_dir / "payloads" / "tavily-errors-1.json").read_text())
    for status, body in by_status.items():
        with pytest.raises(ProviderError) as info:
            tavily.parse_response(response(body, status=int(status)))
        expect_rate = int(status) in (429, 432, 433)
        assert isinstance(info.value, RateLimitedError) == expect_rate
        assert info.value.status == int(status)
        assert body["detail"]["error"][:40] in info.value.message
