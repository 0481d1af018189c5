"""AI Gateway search (a search-capable chat model): results come only from the cited sources."""

from __future__ import annotations

import json

import pytest
from tests.sim.payloads import KEY, fixture, response

from webquorum.errors import BadResponseError, ProviderError, RateLimitedError
from webquorum.providers import gateway
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext


def test_request() -> None:
    request = gateway.build_request(SearchQuery("rain tanks", max_results=5), RequestContext(api_key=KEY))
    assert request.method == "POST" and request.url == "https://ai-gateway.vercel.sh/v1/chat/completions"
    assert request.headers["Authorization"] == f"Bearer {KEY}"
    body = request.json_body
    assert body["model"] == "perplexity/sonar" and 0 < body["max_tokens"] <= 2048
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert "rain tanks" in body["messages"][1]["content"]
    ctx = RequestContext(
        base_url="https://gw.example/proxy", api_key=KEY, options={"model": "openai/gpt-4o-search-preview"}
    )
    custom = gateway.build_request(SearchQuery("q", time_range="week", language="fr"), ctx)
    assert custom.url == "https://gw.example/proxy/v1/chat/completions"
    assert custom.json_body["model"] == "openai/gpt-4o-search-preview"
    prompt = custom.json_body["messages"][1]["content"]
    assert "the past week" in prompt and "'fr'" in prompt


def test_results_come_only_from_cited_sources() -> None:
    body = fixture("gateway-ok.json")
    results = gateway.parse_response(response(body))
    assert [r.url for r in results] == [
        "https://water.example.org/guides/rainwater-harvesting",
        "https://citybuild.example.net/blog/2023/green-roofs-and-cisterns",
        "https://tanks.example.co.uk/sizing",
    ]
    assert (
        results[0].title == "Rainwater harvesting: a practical guide" and results[0].published == "2024-03-01"
    )
    assert results[0].snippet == "How to size a tank and filter first-flush water."
    assert results[1].snippet == "" and results[2].title == "" and results[2].snippet == ""
    generated = json.loads(body)["choices"][0]["message"]["content"]
    assert "https://invented.example.com/made-up-page" in generated
    assert all("invented" not in r.url and r.snippet not in generated for r in results if r.snippet)
    assert all(r.content is None for r in results)


def test_invented_urls_never_become_results() -> None:
    body = fixture("gateway-invented.json")
    assert "https://invented.example.com/rain-guide" in body.decode()
    assert gateway.parse_response(response(body)) == []


def test_openai_style_annotations() -> None:
    results = gateway.parse_response(response(fixture("gateway-annotations.json")))
    assert [(r.url, r.title) for r in results] == [
        ("https://agri.example.com/papers/dryland-catchments.pdf", "Dryland catchment systems"),
        ("https://wiki.example.org/Cistern", "Cistern"),
    ]
    assert all(r.snippet == "" for r in results)


def test_errors() -> None:
    with pytest.raises(ProviderError) as failure:
        gateway.parse_response(response(fixture("gateway-error.json")))
    assert type(failure.value) is ProviderError and "not found" in str(failure.value)
    unauthorised = '{"error": {"message": "Invalid API key", "type": "authentication_error"}}'
    with pytest.raises(ProviderError) as denied:
        gateway.parse_response(response(unauthorised, status=401))
    assert denied.value.status == 401 and "Invalid API key" in str(denied.value)
    quota = '{"error": {"message": "Too many requests", "type": "rate_limit_exceeded"}}'
    with pytest.raises(RateLimitedError):
        gateway.parse_response(response(quota))
    with pytest.raises(BadResponseError):
        gateway.parse_response(response('{"id": "x", "object": "chat.completion"}'))
