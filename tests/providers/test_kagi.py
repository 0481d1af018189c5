"""Kagi search: only t0 (search) items kept, errors inside a 200, the v1 path and shape."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.payloads import KEY, fixture, response, shared_payload

from webquorum.errors import ProviderError
from webquorum.providers import kagi
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext


def test_v1_option_switches_path_only() -> None:
    v1 = kagi.build_request(SearchQuery("q"), RequestContext(api_key=KEY, options={"version": "v1"}))
    assert v1.url == "https://kagi.com/api/v1/search"
    assert v1.headers["Authorization"] == f"Bot {KEY}" and v1.params["q"] == "q"


def test_keeps_only_t0_and_cleans_entities() -> None:
    results = kagi.parse_response(response(fixture("kagi-ok.json")))
    assert [r.url for r in results][-1] == "https://blog.logrocket.com/understanding-ownership-in-rust/"
    assert len(results) == 3
    assert results[0].snippet.startswith('Affectionately nicknamed "the book," The Rust Programming Language')
    assert "It's checked at compile time ..." in results[1].snippet
    assert results[1].published == "2024-02-08" and results[2].published == "2023-06-21"
    assert results[0].extra == {"rank": "1"}


def test_error_list_raises_even_with_http_200() -> None:
    with pytest.raises(ProviderError, match="Invalid or missing API token"):
        kagi.parse_response(response(fixture("kagi-error.json"), 200))
    v0_error = {"meta": {"id": "x"}, "data": None, "error": [{"code": 1, "msg": "Insufficient credit"}]}
    with pytest.raises(ProviderError, match="Insufficient credit"):
        kagi.parse_response(response(v0_error))


def test_v1_shape_is_read_too() -> None:
    body = {
        "meta": {"id": "x"},
        "data": {"search": [{"url": "https://a.example/", "title": "A", "time": "2025-01-02T03:04:05Z"}]},
    }
    (result,) = kagi.parse_response(response(body))
    assert result.url == "https://a.example/" and result.published == "2025-01-02"


@pytest.mark.shared
def test_recorded_payload_details(shared_dir: Path) -> None:
    results = kagi.parse_response(response(shared_payload(shared_dir, "kagi-3.json")))
    assert results[0].snippet.startswith("Grand Canyon National Park.")
    assert results[2].title == "Grand Canyon (Visitor Guide, Activities & Tours) | Visit Arizona"
    assert results[1].published == "2023-01-18"
