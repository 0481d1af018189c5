"""Serper (Google) search: the knowledge graph's website first, unless organic repeats it; bare 429s."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.payloads import fixture, fixture_json, response, shared_payload

from webquorum.errors import RateLimitedError
from webquorum.providers import serper
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext


def test_time_range_and_language() -> None:
    assert (
        serper.build_request(SearchQuery("q", time_range="week"), RequestContext()).json_body["tbs"]
        == "qdr:w"
    )
    assert serper.build_request(SearchQuery("q", language="de-CH"), RequestContext()).json_body["hl"] == "de"


def test_knowledge_graph_first_only_with_website_and_link_field() -> None:
    results = serper.parse_response(response(fixture("serper-ok.json")))
    assert results[0].url == "https://www.tokyotower.co.jp/en/" and results[0].extra == {
        "kind": "knowledge_graph"
    }
    assert results[1].url == "https://en.wikipedia.org/wiki/Tokyo_Tower"
    assert results[3].published == "2024-03-04" and results[4].published is None  # "3 days ago"
    data = fixture_json("serper-ok.json")
    data["organic"][1]["link"] = "http://tokyotower.co.jp/en"
    duplicate = serper.parse_response(response(data))
    assert duplicate[0].url == "https://en.wikipedia.org/wiki/Tokyo_Tower" and len(duplicate) == 4
    del data["knowledgeGraph"]["website"]
    assert [r.url for r in serper.parse_response(response(data))] == [r.url for r in duplicate]


def test_bare_429_is_a_rate_limit_without_wait() -> None:
    with pytest.raises(RateLimitedError) as caught:
        serper.parse_response(response(b"", 429))
    assert caught.value.retry_after is None


@pytest.mark.shared
def test_recorded_payload_details(shared_dir: Path) -> None:
    results = serper.parse_response(response(shared_payload(shared_dir, "serper-2.json")))
    assert all(r.extra == {} for r in results)  # its knowledgeGraph website repeats organic #1
