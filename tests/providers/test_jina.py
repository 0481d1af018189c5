"""Jina search (s.jina.ai): JSON asked for, content inline and capped, "no results" 422 as empty."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.payloads import fixture, fixture_json, response, shared_payload

from webquorum.errors import ProviderError
from webquorum.providers import jina
from webquorum.providers.base import CONTENT_CAP
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext


def test_asks_for_json() -> None:
    assert jina.build_request(SearchQuery("q"), RequestContext()).headers["Accept"] == "application/json"


def test_language_is_hl() -> None:
    assert jina.build_request(SearchQuery("q", language="de-CH"), RequestContext()).json_body["hl"] == "de"


def test_keeps_content_inline_and_caps_it() -> None:
    first, second, third = jina.parse_response(response(fixture("jina-ok.json")))
    assert first.content is not None and first.content.startswith("# Zstandard")
    assert first.snippet.startswith("Zstandard is a fast compression")
    assert second.published == "2021-02-01" and third.content is None
    data = fixture_json("jina-ok.json")
    data["data"][0]["content"] = "x" * (CONTENT_CAP + 500)
    assert len(jina.parse_response(response(data))[0].content or "") == CONTENT_CAP


def test_no_results_422_is_an_empty_list() -> None:
    body = {
        "data": None,
        "code": 422,
        "name": "AssertionFailureError",
        "status": 42206,
        "message": "No search results available for query zzqx",
    }
    assert jina.parse_response(response(body, 422)) == []
    with pytest.raises(ProviderError):
        jina.parse_response(response(dict(body, message="Invalid num"), 422))


@pytest.mark.shared
def test_recorded_payload_details(shared_dir: Path) -> None:
    results = jina.parse_response(response(shared_payload(shared_dir, "jina-search-1.json")))
    assert all(r.content for r in results)
