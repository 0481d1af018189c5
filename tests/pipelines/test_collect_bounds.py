"""research_collect's bounds: the default budget, the configured cap, budget slots filled past repeats,
links never followed, and the requests that cannot run, each refused with how to fix it."""

from __future__ import annotations

from typing import Any

import pytest
from tests.pipelines.test_collect import (  # noqa: F401  (warm_extractors is an autouse fixture)
    HOSTS,
    article,
    config,
    page,
    run,
    searx,
    warm_extractors,
)
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import RequestRefusedError


async def test_default_budget_is_five(simweb: SimWeb) -> None:
    urls = [page(simweb, HOSTS[i % len(HOSTS)], f"/p{i}", "harbour tariff") for i in range(7)]
    searx(simweb, {"harbour tariff": urls})
    result = await run(simweb, queries=["harbour tariff"])
    assert [s.url for s in result.sources] == urls[:5]
    assert len(simweb.requests) == 1 + 5


async def test_search_results_repeating_explicit_urls_still_fill_the_budget(simweb: SimWeb) -> None:
    """SearXNG's list is trimmed to what collect asks for: asking for the free slots only would come up
    short."""
    explicit = [page(simweb, HOSTS[i], f"/e{i}", "harbour tariff") for i in range(2)]
    found = [page(simweb, HOSTS[2 + i], f"/f{i}", "harbour tariff") for i in range(3)]
    searx(simweb, {"harbour tariff": [*explicit, *found]})
    result = await run(simweb, urls=explicit, queries=["harbour tariff"], max_sources=4)
    assert [s.url for s in result.sources] == [*explicit, *found[:2]]
    assert result.gaps == []  # f2 was past the four results asked for, so never a candidate


async def test_the_cap_is_configurable(simweb: SimWeb) -> None:
    async with Client(config(simweb, max_sources_cap=3, max_sources_default=2)) as wq:
        with pytest.raises(RequestRefusedError) as info:
            await wq.collect(queries=["x"], max_sources=4)
    refused = info.value.to_dict()
    assert (
        "cap of 3" in refused["error"]
        and "1 to 3" in refused["hint"]
        and "collect.max_sources_cap" in refused["hint"]
    )


async def test_links_inside_documents_are_never_followed(simweb: SimWeb) -> None:
    linked = page(simweb, "site-b.test", "/linked", "harbour tariff")
    body = article("Hub", "harbour tariff").replace(
        "</article>", f"<p><a href='{linked}'>more</a> <a href='/next'>next</a></p></article>"
    )
    simweb.route("/hub", Reply(body=body), host="site-a.test")
    simweb.route("/next", Reply(body=article("Next", "harbour tariff")), host="site-a.test")
    result = await run(simweb, urls=[simweb.url("/hub", host="site-a.test")], topic="harbour tariff")
    assert len(result.sources) == 1
    assert sorted(r.path for r in simweb.requests) == ["/hub"]


@pytest.mark.parametrize(
    ("request_", "error", "hint"),
    [
        ({"topic": "bridges"}, "at least one of urls or queries", "pass queries"),
        ({"queries": ["x"], "time_range": "fortnight"}, "time_range", "day, week, month or year"),
        ({"urls": [f"http://site-a.test/{i}" for i in range(101)]}, "urls", "at most 100"),
        ({"queries": ["x"], "max_sources": 11}, "over the configured cap of 10", "from 1 to 10"),
        ({"queries": ["x"], "max_source": 3}, "unknown field 'max_source'", "accepted fields: urls, queries"),
    ],
)
async def test_requests_that_cannot_run_say_how_to_fix_them(
    simweb: SimWeb, request_: dict[str, Any], error: str, hint: str
) -> None:
    async with Client(config(simweb)) as wq:
        with pytest.raises(RequestRefusedError) as refused:
            await wq.collect(request_)
    result = refused.value.to_dict()
    assert (
        set(result) == {"error", "hint"}
        and refused.value.code == "WEB_BAD_REQUEST"
        and refused.value.exit_code == 2
    )
    assert error in result["error"] and hint in result["hint"]
    assert simweb.requests == []
