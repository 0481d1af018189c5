"""The quorum on a flaky web: failures are not answers, and an all-failed combo names what happened.

The keyless default's normal day from a data-centre address: several engines refuse at once (a 500,
a 429, a challenge page, a refused connection) while one engine still works, slowly. Loopback
engines play each part; a closed port plays the refused connection.
"""

from __future__ import annotations

import pytest
from tests.sim.providers import FIXTURES, ok_reply, provider_config, serve
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import ProviderError, RateLimitedError

ENGINES = ["duckduckgo", "bing", "brave_web", "mojeek_web", "wikipedia"]


def closed_port() -> int:
    closed = SimWeb().start()
    port = closed.port
    closed.stop()
    return port


def four_refusals(simweb: SimWeb, config: dict[str, object]) -> None:
    """duckduckgo 500, bing 429, brave_web its recorded challenge page, mojeek_web a refused connection."""
    serve(simweb, "duckduckgo", Reply(status=500, body=b"<html>boom</html>"))
    serve(simweb, "bing", Reply(status=429, body=b"<html>slow down</html>", headers={"Retry-After": "30"}))
    serve(simweb, "brave_web", Reply(body=(FIXTURES / "brave_web-challenge.html").read_bytes()))
    overrides = config["overrides"]
    assert isinstance(overrides, dict)
    overrides["mojeek_web"]["base_url"] = f"http://127.0.0.1:{closed_port()}"


async def test_one_working_engine_is_not_cut_by_four_that_failed_fast(simweb: SimWeb) -> None:
    slow = ok_reply("wikipedia")
    slow.delay_s = 1.5
    serve(simweb, "wikipedia", slow)
    config = provider_config(simweb, ENGINES, network={"timeout_s": 5.0})
    four_refusals(simweb, config)
    async with Client(config) as wq:
        resp = await wq.search("lyon")
    assert resp.results and {p for r in resp.results for p in r.ranks} == {"wikipedia"}
    codes = {f.provider: f.code for f in resp.failures}
    assert "wikipedia" not in codes and len(codes) == 4
    assert codes["mojeek_web"] == "WEB_PROVIDER_UNREACHABLE" and codes["duckduckgo"] == "WEB_PROVIDER_ERROR"


async def test_an_empty_answer_does_not_start_the_straggler_clock(simweb: SimWeb) -> None:
    """Two engines answering nothing at once are not a quorum: the one with results is still waited for."""
    empty = Reply(body=b'{"results": []}', content_type="application/json")
    serve(simweb, "searxng", empty)
    serve(simweb, "brave", Reply(body=b'{"web": {"results": []}}', content_type="application/json"))
    slow = ok_reply("tavily")
    slow.delay_s = 0.8
    serve(simweb, "tavily", slow)
    members = ["searxng", "brave", "tavily"]
    config = provider_config(
        simweb,
        members,
        combos=[{"id": "mix", "members": members, "straggler_wait_s": 0.2}],
        web={"search_provider": "mix"},
    )
    async with Client(config) as wq:
        resp = await wq.search("lyon")
    assert resp.results and not resp.failures


async def test_every_engine_failing_names_the_commonest_cause_and_counts_the_rest(simweb: SimWeb) -> None:
    serve(simweb, "wikipedia", Reply(body=b"<html>not json</html>", content_type="application/json"))
    config = provider_config(simweb, ENGINES, network={"timeout_s": 5.0})
    four_refusals(simweb, config)
    async with Client(config) as wq:
        with pytest.raises(ProviderError) as info:
            await wq.search("lyon")
    err = info.value
    assert (
        isinstance(err, RateLimitedError) and err.code == "WEB_PROVIDER_RATE_LIMITED"
    )  # the 429 and the challenge
    assert "timeout_s" not in err.hint_text
    assert err.hint_text.startswith("5 members: 2 rate-limited or challenged, ")
    assert err.retry_after == 30
    assert [m for m, _ in err.causes] == ENGINES
    assert {m: e.code for m, e in err.causes}["mojeek_web"] == "WEB_PROVIDER_UNREACHABLE"
