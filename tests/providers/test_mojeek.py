"""Mojeek search: the key rides in the query string, epoch dates, errors inside a 200."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from tests.sim.payloads import KEY, fixture, response

from webquorum.errors import BadResponseError, ProviderError, RateLimitedError
from webquorum.providers import mojeek
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext

LOOPBACK = "http://127.0.0.1:8765"


def test_request_puts_the_key_in_the_query_string() -> None:
    request = mojeek.build_request(SearchQuery("rain tanks", max_results=5), RequestContext(api_key=KEY))
    assert request.method == "GET" and request.url == "https://api.mojeek.com/search"
    assert dict(request.params) == {"q": "rain tanks", "fmt": "json", "t": "5", "api_key": KEY}
    assert "Authorization" not in request.headers
    assert "api_key" not in mojeek.build_request(SearchQuery("q"), RequestContext()).params


def test_request_base_url_time_range_and_language() -> None:
    ctx = RequestContext(base_url=LOOPBACK + "/", api_key=KEY)
    request = mojeek.build_request(SearchQuery("q", time_range="year", language="es-MX"), ctx)
    assert request.url == LOOPBACK + "/search"
    assert request.params["since"] == "year"
    assert (request.params["lb"], request.params["rb"]) == ("es", "MX")
    plain = mojeek.build_request(SearchQuery("q", language="de", time_range="day"), ctx).params
    assert plain["lb"] == "de" and "rb" not in plain and plain["since"] == "day"
    week = mojeek.build_request(SearchQuery("q", time_range="week"), ctx).params["since"]
    today = datetime.now(UTC)
    expected = {(today - timedelta(days=d)).strftime("%Y%m%d") for d in (7, 8)}
    assert week in expected


def test_parses_results_and_epoch_dates() -> None:
    results = mojeek.parse_response(response(fixture("mojeek-ok.json")))
    first, second, third = results
    assert first.url == "https://water.example.org/guides/rainwater-harvesting"
    assert first.snippet.startswith("How to size a tank") and "  " not in first.snippet
    assert first.published == "2024-03-01"
    assert second.published is None  # pdate 0 means unknown
    assert third.published == "2022-01-01"  # pdate given as a string of digits
    assert all(r.content is None for r in results)


def test_in_body_errors_are_classified() -> None:
    with pytest.raises(RateLimitedError) as limited:
        mojeek.parse_response(response(fixture("mojeek-error.json")))
    assert limited.value.code == "WEB_PROVIDER_RATE_LIMITED"
    assert "Daily Limit Reached" in str(limited.value)
    with pytest.raises(ProviderError) as failure:
        mojeek.parse_response(response('{"response": {"status": "ERROR: Invalid API key"}}'))
    assert type(failure.value) is ProviderError and "Invalid API key" in str(failure.value)
    with pytest.raises(BadResponseError):
        mojeek.parse_response(response('{"results": []}'))


@pytest.mark.shared
def test_recorded_payload(shared_dir: Path) -> None:
    results = mojeek.parse_response(response((shared_dir / "payloads" / "mojeek-1.json").read_bytes()))
    assert [r.url for r in results] == ["https://github.com/openculinary/pymojeek.git/"]
    assert results[0].published == "2023-09-18"
