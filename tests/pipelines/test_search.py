"""The search fan-out on loopback providers: combos, failures, fallbacks, caps, cancellation."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from tests.sim.providers import endpoint_path, ok_reply, provider_config, serve
from tests.sim.web import Reply, SimWeb, eventually_async

from webquorum import Client
from webquorum.config import PROVIDER_IDS
from webquorum.errors import (
    BadRequestError,
    ConfigError,
    ConfiguredUnavailableError,
    ProviderError,
    ProviderUnreachableError,
    RateLimitedError,
)
from webquorum.providers import provider_module


def searx(results: list[tuple[str, str]]) -> Reply:
    body = {"results": [{"url": u, "title": t, "content": f"{t} snippet"} for u, t in results]}
    return Reply(body=json.dumps(body), content_type="application/json")


def combo(members: list[str], **kw: object) -> dict[str, object]:
    return {"combos": [{"id": "mix", "members": members, **kw}], "web": {"search_provider": "mix"}}


async def test_concurrent_combo_fuses_with_provenance(simweb: SimWeb) -> None:
    for pid in ("brave", "tavily", "searxng"):
        serve(simweb, pid)
    config = provider_config(simweb, ["brave", "tavily", "searxng"], **combo(["brave", "tavily", "searxng"]))
    async with Client(config) as wq:
        resp = await wq.search("paris")
    assert resp.provider == "mix" and not resp.failures
    providers_seen = {p for r in resp.results for p in r.ranks}
    assert providers_seen == {"brave", "tavily", "searxng"}
    scores = [r.score for r in resp.results]
    assert scores == sorted(scores, reverse=True)


async def test_one_member_failing_never_sinks_the_combo(simweb: SimWeb) -> None:
    serve(simweb, "brave", Reply(status=500, body=b'{"message":"boom"}', content_type="application/json"))
    serve(simweb, "searxng")
    config = provider_config(simweb, ["brave", "searxng"], **combo(["brave", "searxng"]))
    async with Client(config) as wq:
        resp = await wq.search("paris")
    assert resp.results and all(set(r.ranks) == {"searxng"} for r in resp.results)
    assert [(f.provider, f.code, f.status) for f in resp.failures] == [("brave", "WEB_PROVIDER_ERROR", 500)]


async def test_every_member_failing_raises_the_first_error_unchanged(simweb: SimWeb) -> None:
    serve(
        simweb,
        "brave",
        Reply(status=429, body=b"{}", content_type="application/json", headers={"Retry-After": "3"}),
    )
    serve(simweb, "searxng", Reply(status=500, body=b"{}", content_type="application/json"))
    config = provider_config(simweb, ["brave", "searxng"], **combo(["brave", "searxng"]))
    async with Client(config) as wq:
        with pytest.raises(RateLimitedError) as info:
            await wq.search("paris")
    assert info.value.provider == "brave" and info.value.code == "WEB_PROVIDER_RATE_LIMITED"


async def test_member_without_key_is_skipped_as_a_fallback(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch
) -> None:
    serve(simweb, "searxng")
    config = provider_config(simweb, ["brave", "searxng"], **combo(["brave", "searxng"]))
    config["overrides"]["brave"] = {
        "base_url": config["overrides"]["brave"]["base_url"],
        "api_key_env": "WQ_NO_KEY",
    }
    monkeypatch.delenv("WQ_NO_KEY", raising=False)
    async with Client(config) as wq:
        resp = await wq.search("paris")
    assert resp.skipped == ["brave"] and not resp.failures and resp.results
    assert not simweb.requests_to("/res/v1/web/search")


async def test_no_member_can_run(simweb: SimWeb, monkeypatch: pytest.MonkeyPatch) -> None:
    config = provider_config(simweb, ["brave"], **combo(["brave"]))
    config["overrides"]["brave"] = {"api_key_env": "WQ_NO_KEY"}
    monkeypatch.delenv("WQ_NO_KEY", raising=False)
    async with Client(config) as wq:
        with pytest.raises(ConfiguredUnavailableError, match="WQ_NO_KEY"):
            await wq.search("paris")


async def test_sequential_combo_stops_after_enough_results(simweb: SimWeb) -> None:
    serve(simweb, "searxng", searx([(f"https://site{i}.example/a", f"T{i}") for i in range(6)]))
    serve(simweb, "brave")
    config = provider_config(
        simweb,
        ["searxng", "brave"],
        **combo(["searxng", "brave"], merge="append", concurrent=False, stop_after_results=5),
    )
    async with Client(config) as wq:
        resp = await wq.search("paris")
    assert len(resp.results) == 6
    assert not simweb.requests_to("/res/v1/web/search"), "brave must not be asked once enough results exist"


async def test_sequential_combo_falls_through_on_failure(simweb: SimWeb) -> None:
    serve(simweb, "searxng", Reply(status=503, body=b"{}", content_type="application/json"))
    serve(simweb, "brave")
    config = provider_config(
        simweb,
        ["searxng", "brave"],
        **combo(["searxng", "brave"], merge="append", concurrent=False, stop_after_results=2),
    )
    async with Client(config) as wq:
        resp = await wq.search("paris")
    assert resp.results and resp.failures[0].provider == "searxng"


async def test_cap_flags_truncation(simweb: SimWeb) -> None:
    serve(simweb, "searxng", searx([(f"https://site{i}.example/a", f"T{i}") for i in range(8)]))
    config = provider_config(simweb, ["searxng"], web={"search_provider": "searxng"})
    async with Client(config) as wq:
        resp = await wq.search("paris", max_results=3)
    assert len(resp.results) == 3 and resp.truncated
    assert [r.ranks["searxng"] for r in resp.results] == [1, 2, 3]


@pytest.mark.parametrize(
    ("query", "provider", "message"),
    [("   ", None, "empty"), ("x" * 2001, None, "2000"), ("ok", "altavista", "unknown provider")],
)
async def test_bad_requests_are_named(simweb: SimWeb, query: str, provider: str | None, message: str) -> None:
    async with Client(provider_config(simweb, ["searxng"])) as wq:
        with pytest.raises(BadRequestError, match=message):
            await wq.search(query, provider=provider)


def test_combo_with_unknown_member_or_merge_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"combos\[0\]\.members\[1\]"):
        Client({"combos": [{"id": "c", "members": ["brave", "bingo"]}]})
    with pytest.raises(ConfigError, match=r"combos\[0\]\.merge"):
        Client({"combos": [{"id": "c", "members": ["brave"], "merge": "best"}]})
    with pytest.raises(ConfigError, match="shadow"):
        Client({"combos": [{"id": "tavily", "members": ["brave"]}]})


async def test_keyless_default_is_every_keyless_engine(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No config, no keys: the auto combo runs exactly the keyless providers (read off their SPECs)."""
    for pid in PROVIDER_IDS:
        monkeypatch.delenv(f"{pid.upper()}_API_KEY", raising=False)
    monkeypatch.delenv("AI_GATEWAY_API_KEY", raising=False)
    keyless = {
        p
        for p in PROVIDER_IDS
        if not provider_module(p).SPEC.key_required and not provider_module(p).SPEC.needs_base_url
    }
    assert {"duckduckgo", "wikipedia", "bing", "brave_web", "mojeek_web"} <= keyless
    for pid in keyless:
        serve(simweb, pid)
    config = provider_config(simweb)
    for pid, entry in config["overrides"].items():
        entry.pop("api_key")
        if pid == "searxng":
            entry.pop("base_url")
    async with Client(config) as wq:
        resp = await wq.search("paris", max_results=50)
    assert resp.provider == "auto"
    assert {p for r in resp.results for p in r.ranks} == keyless
    assert set(resp.skipped) == set(PROVIDER_IDS) - keyless


async def test_cancellation_cancels_every_member(simweb: SimWeb) -> None:
    for pid in ("brave", "searxng"):
        serve(simweb, pid, Reply(body=b"{}", content_type="application/json", delay_s=2))
    config = provider_config(simweb, ["brave", "searxng"], **combo(["brave", "searxng"]))
    async with Client(config) as wq:
        task = asyncio.create_task(wq.search("paris"))
        await asyncio.sleep(0.2)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]
        assert not pending, "no member task may outlive a cancelled search"


async def test_provider_error_carries_no_key(simweb: SimWeb) -> None:
    serve(
        simweb, "mojeek", Reply(status=500, body=b"bad key key-mojeek-0123456789", content_type="text/plain")
    )
    async with Client(provider_config(simweb, ["mojeek"])) as wq:
        with pytest.raises(ProviderError) as info:
            await wq.search("q", provider="mojeek")
    assert "key-mojeek-0123456789" not in str(info.value) and "key-mojeek-0123456789" not in json.dumps(
        info.value.to_dict()
    )


async def test_transient_failures_are_retried_and_counted(simweb: SimWeb) -> None:
    answers = [Reply(status=503, body=b"{}", content_type="application/json")]

    def flaky(_req: object) -> Reply:
        return answers.pop() if answers else searx([("https://a.example/1", "A")])

    serve(simweb, "searxng", flaky)
    config = provider_config(simweb, ["searxng"], network={"retries": 2})
    attempts: list[tuple[str, int]] = []
    async with Client(config) as wq:
        resp = await wq.search("q", provider="searxng", on_attempt=lambda p, n: attempts.append((p, n)))
    assert resp.results and attempts == [("searxng", 1), ("searxng", 2)]


async def test_breaker_shared_across_calls_opens_after_repeated_faults(simweb: SimWeb) -> None:
    serve(simweb, "searxng", Reply(status=500, body=b"{}", content_type="application/json"))
    async with Client(provider_config(simweb, ["searxng"])) as wq:
        for _ in range(5):
            with pytest.raises(ProviderError):
                await wq.search("q", provider="searxng")
        seen = len(simweb.requests)
        with pytest.raises(ProviderError) as info:
            await wq.search("q", provider="searxng")
    assert info.value.code == "WEB_PROVIDER_CIRCUIT_OPEN" and len(simweb.requests) == seen


# -- stragglers: a quorum answered, the rest get a bounded extra wait ------------------------------
def slow(pid: str, delay_s: float) -> Reply:
    reply = ok_reply(pid)
    reply.delay_s = delay_s
    return reply


async def test_a_hung_member_is_cut_after_the_quorum_and_reported_as_a_timeout(simweb: SimWeb) -> None:
    """Brave's answer is held until the search returns, under a 60 s network timeout: a search that waited for
    it instead of cutting it 0.5 s after the quorum (two of three) would run into the 30 s cap and fail."""
    brave = ok_reply("brave")
    brave.hold = threading.Event()
    serve(simweb, "brave", brave)
    for pid in ("tavily", "searxng"):
        serve(simweb, pid)
    members = ["brave", "tavily", "searxng"]
    config = provider_config(
        simweb, members, network={"timeout_s": 60.0}, **combo(members, straggler_wait_s=0.5)
    )
    try:
        async with Client(config) as wq, asyncio.timeout(30):
            resp = await wq.search("paris")
    finally:
        brave.hold.set()
    assert await eventually_async(lambda: simweb.hangups_at(endpoint_path("brave")))  # brave's call was cut
    assert [(f.provider, f.code) for f in resp.failures] == [("brave", "WEB_PROVIDER_TIMEOUT")]
    assert "cut so the search does not wait" in resp.failures[0].message
    assert {p for r in resp.results for p in r.ranks} == {"tavily", "searxng"}


async def test_a_quorum_of_every_member_waits_for_a_slow_one(simweb: SimWeb) -> None:
    serve(simweb, "brave", slow("brave", 0.6))
    serve(simweb, "searxng")
    config = provider_config(
        simweb, ["brave", "searxng"], **combo(["brave", "searxng"], quorum=2, straggler_wait_s=0.1)
    )
    async with Client(config) as wq:
        resp = await wq.search("paris")
    assert not resp.failures and {p for r in resp.results for p in r.ranks} == {"brave", "searxng"}


async def test_a_straggler_that_answers_within_the_grace_is_kept(simweb: SimWeb) -> None:
    serve(simweb, "brave", slow("brave", 0.05))  # inside the 0.2 s minimum grace
    serve(simweb, "searxng")
    config = provider_config(simweb, ["brave", "searxng"], **combo(["brave", "searxng"]))
    async with Client(config) as wq:
        resp = await wq.search("paris")
    assert not resp.failures and {p for r in resp.results for p in r.ranks} == {"brave", "searxng"}


# -- budgets are per provider and per key --------------------------------------------------------
async def test_two_keys_keep_two_budgets(simweb: SimWeb, monkeypatch: pytest.MonkeyPatch) -> None:
    serve(simweb, "brave")
    config = provider_config(
        simweb,
        ["brave"],
        override_brave={"api_key": None, "api_key_env": "FLEET_BRAVE_KEY", "rate_limit": "1/minute"},
    )
    async with Client(config) as wq:
        monkeypatch.setenv("FLEET_BRAVE_KEY", "brave-key-deployment-a-0123456789")
        assert (await wq.search("paris", provider="brave")).results
        monkeypatch.setenv("FLEET_BRAVE_KEY", "brave-key-deployment-b-0123456789")
        assert (await wq.search("paris", provider="brave")).results  # its own budget
        monkeypatch.setenv("FLEET_BRAVE_KEY", "brave-key-deployment-a-0123456789")
        with pytest.raises(RateLimitedError) as info:
            await wq.search("paris", provider="brave")
    assert info.value.provider == "brave" and "deployment" not in info.value.message


async def test_an_offline_first_run_names_every_engine_and_hints_at_the_network(simweb: SimWeb) -> None:
    """DNS failure and connection refused are WEB_PROVIDER_UNREACHABLE, not "the provider answered"."""
    closed = SimWeb().start()
    port = closed.port
    closed.stop()
    engines = ["duckduckgo", "bing", "brave_web", "mojeek_web", "wikipedia"]
    config = provider_config(simweb, engines)
    for pid in engines[:2]:
        config["overrides"][pid]["base_url"] = f"http://{pid}.invalid"  # DNS: Name or service not known
    for pid in engines[2:]:
        config["overrides"][pid]["base_url"] = f"http://127.0.0.1:{port}"  # connection refused
    async with Client(config) as wq:
        with pytest.raises(ProviderUnreachableError) as info:
            await wq.search("lyon")
    assert info.value.code == "WEB_PROVIDER_UNREACHABLE" and info.value.exit_code == 1
    for pid in engines:
        assert f"; {pid} unreachable" in info.value.message or f": {pid} unreachable" in info.value.message
    assert "HTTPS_PROXY" in info.value.hint_text and "network" in info.value.hint_text
