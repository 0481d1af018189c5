"""TinyFish search: a GET with query parameters, one page of ten, recency in minutes."""

from __future__ import annotations

import pytest
from tests.sim.payloads import fixture, response

from webquorum.providers import tinyfish
from webquorum.types import SearchQuery, TimeRange
from webquorum.wire import RequestContext


def test_max_results_is_one_page() -> None:
    assert tinyfish.SPEC.max_results == 10  # one page; the API has no count parameter


def test_is_get_with_query_params_and_no_body() -> None:
    req = tinyfish.build_request(SearchQuery("rust async", max_results=50, language="de"), RequestContext())
    assert req.json_body is None
    assert dict(req.params) == {"query": "rust async", "language": "de"}


def test_language_is_sent() -> None:
    assert (
        tinyfish.build_request(SearchQuery("q", language="fr"), RequestContext()).params["language"] == "fr"
    )


@pytest.mark.parametrize(
    ("time_range", "minutes"), [("day", "1440"), ("week", "10080"), ("month", "44640"), ("year", "527040")]
)
def test_time_range_is_recency_in_minutes(time_range: TimeRange, minutes: str) -> None:
    req = tinyfish.build_request(SearchQuery("q", time_range=time_range), RequestContext())
    assert req.params["recency_minutes"] == minutes


def test_fields() -> None:
    results = tinyfish.parse_response(response(fixture("tinyfish-ok.json")))
    assert [r.extra["site_name"] for r in results] == [
        "tokio.rs",
        "github.com",
        "without.boats",
        "rust-lang.github.io",
    ]
    assert results[1].published == "2025-06-02"
    assert results[2].published is None  # free-text date is not an ISO date
    assert all(r.content is None for r in results)
