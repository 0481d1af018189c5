"""Perplexity search: the Search API (not Sonar chat), long snippets become content with a short lead."""

from __future__ import annotations

from tests.sim.payloads import fixture, response

from webquorum.providers import perplexity
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext


def test_uses_search_api_not_sonar() -> None:
    req = perplexity.build_request(SearchQuery("q"), RequestContext())
    assert req.url == "https://api.perplexity.ai/search" and "messages" not in req.json_body


def test_time_range_and_language_filters() -> None:
    week = perplexity.build_request(SearchQuery("q", time_range="week"), RequestContext()).json_body
    assert week["search_recency_filter"] == "week"
    swiss = perplexity.build_request(SearchQuery("q", language="de-CH"), RequestContext()).json_body
    assert swiss["search_language_filter"] == ["de"]


def test_long_snippet_becomes_content_with_a_short_lead() -> None:
    first, second, third = perplexity.parse_response(response(fixture("perplexity-ok.json")))
    assert first.content is not None and first.content.startswith("The James Webb Space Telescope")
    assert first.content.endswith("ten times solar.")
    assert len(first.snippet) <= 305 and first.snippet.endswith("…")
    assert first.published == "2022-08-25" and first.extra == {"last_updated": "2024-11-02"}
    assert (
        second.content is None and second.published is None and second.extra == {"last_updated": "2025-03-30"}
    )
    assert third.extra == {}
