"""Parallel search: the query goes as objective and (cut) search query, excerpts join as content."""

from __future__ import annotations

import pytest
from tests.sim.payloads import SINCE, TODAY, fixture, response

from webquorum.providers import parallel
from webquorum.types import SearchQuery, TimeRange
from webquorum.wire import RequestContext


def test_sends_query_as_search_queries_and_objective() -> None:
    long = "x" * 300
    body = parallel.build_request(SearchQuery(long), RequestContext()).json_body
    assert body["search_queries"] == ["x" * 200]
    assert body["objective"] == long
    assert "max_results" not in body  # v1 wants it under advanced_settings; top level is a 422
    assert "mode" not in body
    basic = parallel.build_request(SearchQuery("solar storage"), RequestContext(options={"mode": "basic"}))
    assert basic.json_body["mode"] == "basic"


@pytest.mark.parametrize(("time_range", "since"), SINCE)
def test_time_range_is_an_after_date_source_policy(time_range: TimeRange, since: str) -> None:
    req = parallel.build_request(SearchQuery("q", time_range=time_range), RequestContext(options=TODAY))
    assert req.json_body["advanced_settings"]["source_policy"] == {"after_date": since}


def test_excerpts_joined_as_content() -> None:
    results = parallel.parse_response(response(fixture("parallel-ok.json")))
    first = results[0]
    assert first.content == (
        "## Key facts\n\n- There were an estimated **263 million** malaria cases in 2023.\n\n"
        "- The WHO African Region carries a disproportionately high share of the global malaria burden."
    )
    assert first.snippet.startswith("## Key facts - There were an estimated **263 million**")
    assert first.published == "2024-12-04"
    assert results[1].published is None


def test_null_title_and_no_excerpts_are_empty() -> None:
    body = {
        "search_id": "s",
        "session_id": "t",
        "results": [{"url": "https://a.test/", "title": None, "publish_date": None, "excerpts": []}],
    }
    (only,) = parallel.parse_response(response(body))
    assert (only.title, only.snippet, only.content, only.published) == ("", "", None, None)
