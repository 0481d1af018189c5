"""SearXNG: self-hosted (a base URL is required), JSON format asked for, the HTML 403 explained."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.sim.payloads import fixture, response, shared_payload

from webquorum.errors import ConfigError, ProviderError
from webquorum.providers import searxng
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext

SELF_HOSTED = RequestContext(base_url="http://127.0.0.1:8888")


def test_asks_for_format_json() -> None:
    assert searxng.build_request(SearchQuery("q"), SELF_HOSTED).params["format"] == "json"


def test_without_base_url_is_a_config_error_naming_the_setting() -> None:
    with pytest.raises(ConfigError, match=r"overrides\.searxng\.base_url"):
        searxng.build_request(SearchQuery("q"), RequestContext())
    assert searxng.SPEC.key_env is None and not searxng.SPEC.key_required and searxng.SPEC.needs_base_url


def test_time_range_and_language_are_passed_as_given() -> None:
    assert (
        searxng.build_request(SearchQuery("q", time_range="week"), SELF_HOSTED).params["time_range"] == "week"
    )
    assert (
        searxng.build_request(SearchQuery("q", language="de-CH"), SELF_HOSTED).params["language"] == "de-CH"
    )


def test_parses_results_skips_urlless_and_reads_dates() -> None:
    results = searxng.parse_response(response(fixture("searxng-ok.json")))
    assert len(results) == 3
    assert results[2].snippet == "A practical guide to bloat and locks."
    assert results[2].published == "2024-05-16" and results[0].published is None
    assert results[0].extra == {"engines": "duckduckgo,brave"}


def test_html_403_names_search_formats() -> None:
    with pytest.raises(ProviderError, match=r"search\.formats") as caught:
        searxng.parse_response(response(b"<!DOCTYPE html><html><body>403 Forbidden</body></html>", 403))
    assert caught.value.status == 403


@pytest.mark.shared
def test_recorded_errors(shared_dir: Path) -> None:
    cases = json.loads(shared_payload(shared_dir, "searxng-errors-1.json"))
    for key in ("http_400_no_query", "http_400_bad_param"):
        with pytest.raises(ProviderError, match=cases[key]["error"]):
            searxng.parse_response(response(cases[key], 400))
    with pytest.raises(ProviderError, match=r"search\.formats"):
        searxng.parse_response(response(b"<html><body><h1>Forbidden</h1></body></html>", 403))
