"""Every provider through the real choke point against a loopback server: success and faults."""

from __future__ import annotations

import json

import pytest
from tests.sim.providers import provider_config, serve
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import (
    BadResponseError,
    ConfiguredUnavailableError,
    ProviderError,
    ProviderTimeoutError,
    RateLimitedError,
)
from webquorum.providers import PROVIDER_IDS, provider_module

JSON_APIS = [p for p in PROVIDER_IDS if p != "duckduckgo"]
KEYED = [p for p in PROVIDER_IDS if provider_module(p).SPEC.key_env is not None]


@pytest.mark.parametrize("pid", PROVIDER_IDS)
async def test_recorded_success_over_http(simweb: SimWeb, pid: str) -> None:
    serve(simweb, pid)
    async with Client(provider_config(simweb)) as wq:
        resp = await wq.search("what is the capital of france", provider=pid)
    assert resp.provider == pid and resp.results, "a recorded success must yield results"
    assert all(r.url.startswith(("http://", "https://")) for r in resp.results)
    assert [r.ranks[pid] for r in resp.results] == sorted(r.ranks[pid] for r in resp.results)
    sent = simweb.requests[-1]
    key = f"key-{pid}-0123456789"
    if pid in KEYED:
        carried = json.dumps(sent.headers) + json.dumps(sent.query) + sent.body.decode("utf-8", "replace")
        assert key in carried, "the adapter must send its key"
    assert key not in resp.model_dump_json(), "keys never appear in output"


@pytest.mark.parametrize("pid", JSON_APIS)
async def test_429_with_retry_after_is_rate_limited(simweb: SimWeb, pid: str) -> None:
    serve(
        simweb,
        pid,
        Reply(
            status=429,
            body=b'{"error": "slow down"}',
            content_type="application/json",
            headers={"Retry-After": "7"},
        ),
    )
    async with Client(provider_config(simweb)) as wq:
        with pytest.raises(RateLimitedError) as info:
            await wq.search("q", provider=pid)
    assert info.value.retry_after == pytest.approx(7, abs=1)
    assert info.value.code == "WEB_PROVIDER_RATE_LIMITED"


@pytest.mark.parametrize("pid", JSON_APIS)
async def test_500_names_status_and_message(simweb: SimWeb, pid: str) -> None:
    serve(
        simweb,
        pid,
        Reply(status=500, body=b'{"message": "upstream exploded"}', content_type="application/json"),
    )
    async with Client(provider_config(simweb)) as wq:
        with pytest.raises(ProviderError) as info:
            await wq.search("q", provider=pid)
    assert info.value.status == 500
    assert "key-" not in info.value.message


@pytest.mark.parametrize("pid", JSON_APIS)
async def test_malformed_json_and_challenge_pages_are_bad_responses(simweb: SimWeb, pid: str) -> None:
    serve(simweb, pid, Reply(body=b'{"results": [', content_type="application/json"))
    async with Client(provider_config(simweb)) as wq:
        with pytest.raises(BadResponseError):
            await wq.search("q", provider=pid)
    serve(simweb, pid, Reply(body=b"<!DOCTYPE html><html><title>Just a moment...</title></html>"))
    async with Client(provider_config(simweb)) as wq:
        with pytest.raises(BadResponseError):
            await wq.search("q", provider=pid)


@pytest.mark.parametrize("pid", ["tavily", "brave", "duckduckgo", "wikipedia", "searxng", "gateway"])
async def test_hang_past_timeout(simweb: SimWeb, pid: str) -> None:
    serve(simweb, pid, Reply(body=b"{}", content_type="application/json", delay_s=1.5))
    config = provider_config(simweb, **{f"override_{pid}": {"timeout_s": 0.3}})
    async with Client(config) as wq:
        with pytest.raises(ProviderTimeoutError):
            await wq.search("q", provider=pid)


@pytest.mark.parametrize("pid", KEYED)
async def test_missing_key_selected_directly_names_the_variable(
    simweb: SimWeb, pid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = provider_config(simweb)
    del config["overrides"][pid]["api_key"]
    config["overrides"][pid]["api_key_env"] = "WQ_TEST_NO_SUCH_KEY"
    monkeypatch.delenv("WQ_TEST_NO_SUCH_KEY", raising=False)
    async with Client(config) as wq:
        with pytest.raises(ConfiguredUnavailableError) as info:
            await wq.search("q", provider=pid)
    assert "WQ_TEST_NO_SUCH_KEY" in info.value.message
    # a key exported after start is used by the next call
    serve(simweb, pid)
    monkeypatch.setenv("WQ_TEST_NO_SUCH_KEY", "late-key-abcdef")
    async with Client(config) as wq:
        resp = await wq.search("q", provider=pid)
    assert resp.results
