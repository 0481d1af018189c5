"""Firecrawl search: scraping only when asked, v2 and v1 result shapes, failure inside a 200."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.payloads import fixture, response

from webquorum.errors import BadResponseError, ProviderError
from webquorum.providers import firecrawl
from webquorum.types import SearchQuery, TimeRange
from webquorum.wire import RequestContext


def test_max_results_matches_the_docs() -> None:
    assert firecrawl.SPEC.max_results == 100


def test_scrapes_only_when_asked() -> None:
    assert (
        "scrapeOptions"
        not in firecrawl.build_request(SearchQuery("solar storage"), RequestContext()).json_body
    )
    body = firecrawl.build_request(
        SearchQuery("solar storage"), RequestContext(options={"scrape": "true"})
    ).json_body
    assert body["scrapeOptions"] == {"formats": ["markdown"], "onlyMainContent": True}
    assert body["sources"] == ["web"]


def test_language_is_sent_as_lang() -> None:
    assert (
        firecrawl.build_request(SearchQuery("q", language="fr"), RequestContext()).json_body["lang"] == "fr"
    )


@pytest.mark.parametrize(
    ("time_range", "tbs"), [("day", "qdr:d"), ("week", "qdr:w"), ("month", "qdr:m"), ("year", "qdr:y")]
)
def test_time_range_is_a_tbs_filter(time_range: TimeRange, tbs: str) -> None:
    assert (
        firecrawl.build_request(SearchQuery("q", time_range=time_range), RequestContext()).json_body["tbs"]
        == tbs
    )


def test_reads_data_web_and_keeps_markdown() -> None:
    results = firecrawl.parse_response(response(fixture("firecrawl-ok.json")))
    assert len(results) == 4
    assert results[0].content and results[0].content.startswith("# 11.2. Index Types")
    assert results[1].content is None
    assert results[2].snippet.startswith("BRIN indexes are tiny")


def test_reads_v1_flat_data_too() -> None:
    body = {"success": True, "data": [{"url": "https://v1.test/a", "title": "A", "description": "d"}]}
    (only,) = firecrawl.parse_response(response(body))
    assert (only.url, only.title, only.snippet) == ("https://v1.test/a", "A", "d")


def test_success_false_in_a_200_is_a_provider_error() -> None:
    with pytest.raises(ProviderError) as info:
        firecrawl.parse_response(response({"success": False, "error": "Request timed out"}))
    assert "Request timed out" in info.value.message
    assert not isinstance(info.value, BadResponseError)


@pytest.mark.shared
def test_shared_markdown_kept(shared_dir: Path) -> None:
    results = firecrawl.parse_response(response((shared_dir / "payloads" / "firecrawl-1.json").read_bytes()))
    assert sum(r.content is not None for r in results) >= 2
    assert all(r.content is None or len(r.content) <= 8000 for r in results)
