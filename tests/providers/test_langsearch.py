"""LangSearch: summaries as content, detokenised text, errors inside a 200."""

from __future__ import annotations

import pytest
from tests.sim.payloads import KEY, fixture, response

from webquorum.errors import BadResponseError, ProviderError, RateLimitedError
from webquorum.providers import langsearch
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext

LOOPBACK = "http://127.0.0.1:8765"


def test_request() -> None:
    request = langsearch.build_request(SearchQuery("python 3.12", max_results=7), RequestContext(api_key=KEY))
    assert request.method == "POST" and request.url == "https://api.langsearch.com/v1/web-search"
    assert request.headers["Authorization"] == f"Bearer {KEY}"
    assert request.json_body == {"query": "python 3.12", "count": 7, "summary": True, "freshness": "noLimit"}
    dated = langsearch.build_request(SearchQuery("q", time_range="week"), RequestContext(base_url=LOOPBACK))
    assert dated.url == LOOPBACK + "/v1/web-search" and dated.json_body["freshness"] == "oneWeek"
    assert "Authorization" not in dated.headers
    spanish = langsearch.build_request(SearchQuery("q", language="es"), RequestContext(api_key=KEY))
    assert (
        spanish.json_body == langsearch.build_request(SearchQuery("q"), RequestContext(api_key=KEY)).json_body
    )


def test_parses_summaries_and_detokenises() -> None:
    first, second, third = langsearch.parse_response(response(fixture("langsearch-ok.json")))
    assert first.title == "What's new in Python 3.12"
    assert first.snippet.startswith("Python 3.12 was released") and first.snippet.endswith("changes.")
    assert first.content is not None and len(first.content) == langsearch.SUMMARY_CAP == 800
    assert first.content.startswith("Python 3.12 brings") and " . " not in first.content
    assert first.published == "2023-10-02"
    assert second.content and second.content.startswith("A short checklist") and second.published is None
    assert "1.5 times" in second.snippet
    assert third.content is None and third.snippet.startswith("The release schedule for 3.12, with")


def test_detokenise() -> None:
    assert langsearch.detokenise("version 3 . 12 . 1 , out now .") == "version 3.12.1, out now."
    assert langsearch.detokenise("cd ..  then  e.g. this") == "cd .. then e.g. this"


def test_errors_inside_a_200() -> None:
    with pytest.raises(ProviderError) as failure:
        langsearch.parse_response(response(fixture("langsearch-error.json")))
    assert type(failure.value) is ProviderError and failure.value.status == 401
    assert "Invalid API key" in str(failure.value)
    with pytest.raises(RateLimitedError):
        langsearch.parse_response(response('{"code": 429, "msg": "Too many requests"}'))
    with pytest.raises(BadResponseError):
        langsearch.parse_response(response('{"code": 200, "data": {"webPages": {"value": "none"}}}'))
