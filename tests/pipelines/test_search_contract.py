"""The search seam end to end on the loopback web: what search promises across providers and combos.

Late keys on one running client, the conventional variable in the "set this" message, one deadline
for a concurrent combo, empty answers, a combo chosen like a backend, per-combo snippet budgets,
the gateway's model choice, registration by config, and keys kept out of failure JSON.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable

import pytest
from tests.sim.providers import FIXTURES, endpoint_path, provider_config, serve
from tests.sim.web import Reply, Request, SimWeb, eventually_async

from webquorum import Client
from webquorum.config import Combo
from webquorum.errors import BadRequestError, ConfiguredUnavailableError


def json_reply(body: object, delay_s: float = 0.0) -> Reply:
    return Reply(body=json.dumps(body), content_type="application/json", delay_s=delay_s)


def searx(results: list[tuple[str, str]], delay_s: float = 0.0) -> Reply:
    return json_reply({"results": [{"url": u, "title": u, "content": s} for u, s in results]}, delay_s)


def brave(results: list[tuple[str, str]], delay_s: float = 0.0) -> Reply:
    return json_reply(
        {"web": {"results": [{"url": u, "title": u, "description": s} for u, s in results]}}, delay_s
    )


def mix(members: list[str], **kw: object) -> dict[str, object]:
    return {"combos": [{"id": "mix", "members": members, **kw}], "web": {"search_provider": "mix"}}


# -- keys --------------------------------------------------------------------------------------


async def test_a_key_exported_after_start_is_used_by_the_next_call_on_the_same_client(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch
) -> None:
    serve(simweb, "brave")
    config = provider_config(simweb, ["brave"])
    config["overrides"]["brave"] = {
        "base_url": config["overrides"]["brave"]["base_url"],
        "api_key_env": "WQ_AUDIT_LATE",
    }
    monkeypatch.delenv("WQ_AUDIT_LATE", raising=False)
    async with Client(config) as wq:
        with pytest.raises(ConfiguredUnavailableError, match="WQ_AUDIT_LATE"):
            await wq.search("q", provider="brave")
        monkeypatch.setenv("WQ_AUDIT_LATE", "late-key-0123456789")
        resp = await wq.search("q", provider="brave")
        assert resp.results
        assert simweb.requests[-1].headers["x-subscription-token"] == "late-key-0123456789"
        monkeypatch.setenv("WQ_AUDIT_LATE", "rotated-key-0123456789")
        await wq.search("q", provider="brave")
        assert simweb.requests[-1].headers["x-subscription-token"] == "rotated-key-0123456789"
    assert "late-key-0123456789" not in resp.model_dump_json()


@pytest.mark.parametrize(
    ("pid", "variable"),
    [
        ("brave", "BRAVE_API_KEY"),
        ("tavily", "TAVILY_API_KEY"),
        ("mojeek", "MOJEEK_API_KEY"),
        ("gateway", "AI_GATEWAY_API_KEY"),
    ],
)
async def test_missing_key_selected_directly_names_the_provider_and_its_conventional_variable(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch, pid: str, variable: str
) -> None:
    monkeypatch.delenv(variable, raising=False)
    config = provider_config(simweb, [pid])
    del config["overrides"][pid]["api_key"]
    async with Client(config) as wq:
        with pytest.raises(ConfiguredUnavailableError) as info:
            await wq.search("q", provider=pid)
    assert info.value.code == "WEB_PROVIDER_CONFIGURED_UNAVAILABLE" and info.value.provider == pid
    assert pid in info.value.message and f"set {variable}" in info.value.message
    assert not simweb.requests, "nothing is sent without the key"


async def test_searxng_without_base_url_selected_directly_says_what_to_set(simweb: SimWeb) -> None:
    config = provider_config(simweb, ["searxng"])
    del config["overrides"]["searxng"]["base_url"]
    async with Client(config) as wq:
        with pytest.raises(ConfiguredUnavailableError, match=r"overrides\.searxng\.base_url"):
            await wq.search("q", provider="searxng")


async def test_a_key_echoed_in_a_member_failure_never_reaches_the_response_json(simweb: SimWeb) -> None:
    serve(
        simweb,
        "mojeek",
        Reply(status=500, body=b"bad api_key key-mojeek-0123456789", content_type="text/plain"),
    )
    serve(simweb, "searxng")
    async with Client(provider_config(simweb, ["mojeek", "searxng"], **mix(["mojeek", "searxng"]))) as wq:
        resp = await wq.search("q")
    assert [f.provider for f in resp.failures] == ["mojeek"] and resp.results
    assert "key-mojeek-0123456789" not in resp.model_dump_json()


# -- fan-out -----------------------------------------------------------------------------------


def together(reply: Reply, arrived: threading.Barrier) -> Callable[[Request], Reply]:
    """``reply`` once every member's request has arrived; a 503 if they do not all arrive (asked one by
    one)."""

    def answer(req: Request) -> Reply:
        try:
            arrived.wait()
        except threading.BrokenBarrierError:
            return Reply(
                status=503,
                body=b'{"error": "the members were not asked at once"}',
                content_type="application/json",
            )
        return reply

    return answer


async def test_concurrent_members_are_asked_at_once(simweb: SimWeb) -> None:
    """No member answers until all three have been asked, so members asked one by one would each fail."""
    arrived = threading.Barrier(3, timeout=20)  # a generous cap for the three requests to arrive
    serve(simweb, "searxng", together(searx([("https://a.example/1", "a")]), arrived))
    serve(simweb, "brave", together(brave([("https://b.example/1", "b")]), arrived))
    serve(
        simweb,
        "tavily",
        together(json_reply({"results": [{"url": "https://c.example/1", "title": "c"}]}), arrived),
    )
    config = provider_config(
        simweb,
        ["searxng", "brave", "tavily"],
        network={"timeout_s": 60.0},
        **mix(["searxng", "brave", "tavily"]),
    )
    async with Client(config) as wq:
        resp = await wq.search("q")
    assert {p for r in resp.results for p in r.ranks} == {"searxng", "brave", "tavily"}
    assert resp.failures == []


async def test_a_member_hanging_past_the_deadline_is_a_reported_timeout_not_a_sunk_combo(
    simweb: SimWeb,
) -> None:
    """Brave's answer is held until the search returns: a combo that waited for it would run into the 30 s
    cap."""
    hung = brave([("https://b.example/1", "b")])
    hung.hold = threading.Event()
    serve(simweb, "brave", hung)
    serve(simweb, "searxng", searx([("https://a.example/1", "a")]))
    config = provider_config(
        simweb, ["brave", "searxng"], network={"timeout_s": 0.5}, **mix(["brave", "searxng"])
    )
    try:
        async with Client(config) as wq, asyncio.timeout(30):
            resp = await wq.search("q")
    finally:
        hung.hold.set()
    assert [(f.provider, f.code) for f in resp.failures] == [("brave", "WEB_PROVIDER_TIMEOUT")]
    assert [r.url for r in resp.results] == ["https://a.example/1"]
    assert await eventually_async(lambda: simweb.hangups_at(endpoint_path("brave")))  # its call was cut


async def test_sequential_members_are_asked_in_priority_order(simweb: SimWeb) -> None:
    serve(simweb, "searxng", searx([("https://a.example/1", "a")]))
    serve(simweb, "brave", brave([("https://b.example/1", "b")]))
    config = provider_config(
        simweb, ["searxng", "brave"], **mix(["brave", "searxng"], merge="append", concurrent=False)
    )
    async with Client(config) as wq:
        resp = await wq.search("q")
    assert [r.host for r in simweb.requests] == ["brave.test", "searxng.test"]
    assert [r.url for r in resp.results] == ["https://b.example/1", "https://a.example/1"]


async def test_a_combo_is_selected_by_the_provider_argument_like_a_backend(simweb: SimWeb) -> None:
    serve(simweb, "searxng", searx([("https://a.example/1", "a")]))
    serve(simweb, "brave", brave([("https://b.example/1", "b")]))
    config = provider_config(
        simweb,
        ["searxng", "brave"],
        combos=[{"id": "mix", "members": ["brave", "searxng"]}],
        web={"search_provider": "searxng"},
    )
    async with Client(config) as wq:
        resp = await wq.search("q", provider="mix")
    assert resp.provider == "mix"
    assert {p for r in resp.results for p in r.ranks} == {"brave", "searxng"}


def test_a_combo_merges_by_consensus_unless_told_otherwise() -> None:
    assert Combo(id="c", members=["brave"]).merge == "consensus"
    assert Combo(id="c", members=["brave"]).snippet_budget == 600


async def test_empty_results_are_an_answer_not_a_failure(simweb: SimWeb) -> None:
    serve(simweb, "searxng", searx([]))
    serve(simweb, "duckduckgo", Reply(body=(FIXTURES / "duckduckgo-noresults.html").read_bytes()))
    serve(simweb, "brave", brave([("https://b.example/1", "b")]))
    async with Client(provider_config(simweb, ["searxng", "duckduckgo", "brave"])) as wq:
        for pid in ("searxng", "duckduckgo"):
            alone = await wq.search("q", provider=pid)
            assert alone.results == [] and alone.failures == [] and not alone.truncated
    config = provider_config(simweb, ["searxng", "brave"], **mix(["searxng", "brave"]))
    async with Client(config) as wq:
        resp = await wq.search("q")
    assert resp.failures == [] and [r.ranks for r in resp.results] == [{"brave": 1}]


# -- registration ------------------------------------------------------------------------------


async def test_registration_follows_config_not_credentials(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A provider left out of `providers:` is neither asked by `auto` nor selectable, key or not."""
    monkeypatch.setenv("BRAVE_API_KEY", "env-key-0123456789")
    serve(simweb, "searxng", searx([("https://a.example/1", "a")]))
    serve(simweb, "brave")
    config = provider_config(simweb, ["searxng"])
    config["network"]["resolve"]["brave.test"] = "127.0.0.1"
    config["overrides"]["brave"] = {"base_url": f"http://brave.test:{simweb.port}"}
    async with Client(config) as wq:
        resp = await wq.search("q")
        assert resp.provider == "auto" and {p for r in resp.results for p in r.ranks} == {"searxng"}
        with pytest.raises(BadRequestError, match="not registered"):
            await wq.search("q", provider="brave")
    assert not simweb.requests_to("/res/v1/web/search")


# -- fusion knobs through the seam -------------------------------------------------------------


async def test_snippet_budget_is_per_combo(simweb: SimWeb) -> None:
    one, two = "alpha " * 30, "bravo " * 30  # 180 characters each, one page from two providers
    serve(simweb, "searxng", searx([("https://example.com/page", one)]))
    serve(simweb, "brave", brave([("https://www.example.com/page/", two)]))
    combos = [
        {"id": "wide", "members": ["searxng", "brave"]},
        {"id": "tight", "members": ["searxng", "brave"], "snippet_budget": 200},
    ]
    async with Client(provider_config(simweb, ["searxng", "brave"], combos=combos)) as wq:
        wide = (await wq.search("q", provider="wide")).results
        tight = (await wq.search("q", provider="tight")).results
    assert len(wide) == len(tight) == 1
    assert "alpha" in wide[0].snippet and "bravo" in wide[0].snippet and len(wide[0].snippet) <= 600
    assert len(tight[0].snippet) <= 200 and not ("alpha" in tight[0].snippet and "bravo" in tight[0].snippet)


# -- gateway model -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env", "override", "expected"),
    [
        (None, None, "perplexity/sonar"),
        ("perplexity/sonar-pro", None, "perplexity/sonar-pro"),
        ("perplexity/sonar-pro", "openai/gpt-search", "openai/gpt-search"),
    ],
)
async def test_gateway_model_defaults_to_sonar_and_follows_search_query_model(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch, env: str | None, override: str | None, expected: str
) -> None:
    if env is None:
        monkeypatch.delenv("SEARCH_QUERY_MODEL", raising=False)
    else:
        monkeypatch.setenv("SEARCH_QUERY_MODEL", env)
    serve(simweb, "gateway")
    extra = {"override_gateway": {"model": override}} if override else {}
    async with Client(provider_config(simweb, ["gateway"], **extra)) as wq:
        resp = await wq.search("q", provider="gateway")
    assert resp.results
    assert json.loads(simweb.requests[-1].body)["model"] == expected
