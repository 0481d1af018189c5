"""Site scoping end to end on loopback providers: the form each provider is sent, the check after
fusion, the dropped count, named sets, and the brief and collect that search through it."""

from __future__ import annotations

import json

import pytest
from tests.pipelines.test_brief import build_web
from tests.sim.providers import host_of, provider_config, serve
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import BadRequestError, RequestRefusedError

IN_SCOPE = ["https://www.bbc.co.uk/news/1", "https://news.bbc.co.uk/2", "http://BBC.CO.UK.:8080/3"]
OUT_OF_SCOPE = [
    "https://evilbbc.co.uk/4",
    "https://bbc.co.uk@evil.test/5",
    "https://evil.test\\@bbc.co.uk/6",
    "https://bbc.co.uk.evil.test/7",
    "https://sport.bbc.co.uk/8",  # excluded below
]


def searx_reply(urls: list[str]) -> Reply:
    body = {
        "results": [{"url": u, "title": f"title {i}", "content": f"snippet {i}"} for i, u in enumerate(urls)]
    }
    return Reply(body=json.dumps(body), content_type="application/json")


def scoped_config(simweb: SimWeb, **extra: object) -> dict[str, object]:
    serve(simweb, "searxng", searx_reply(OUT_OF_SCOPE[:2] + IN_SCOPE + OUT_OF_SCOPE[2:]))
    serve(simweb, "tavily")  # its recording has hosts outside the scope: Tavily's own filter "leaked"
    members = ["searxng", "tavily"]
    return provider_config(
        simweb, members, combos=[{"id": "mix", "members": members}], web={"search_provider": "mix"}, **extra
    )


async def test_nothing_outside_the_scope_leaves_a_search_and_the_drops_are_counted(simweb: SimWeb) -> None:
    async with Client(scoped_config(simweb)) as wq:
        resp = await wq.search(
            "bbc news", max_results=25, sites=["bbc.co.uk"], exclude_sites=["sport.bbc.co.uk"]
        )
        plain = await wq.search("bbc news", max_results=25)
    assert [
        r.url for r in resp.results
    ] == IN_SCOPE  # every spelling of a host in scope: kept as the provider wrote it
    assert (
        resp.scope is not None
        and resp.scope.sites == ["bbc.co.uk"]
        and resp.scope.exclude_sites == ["sport.bbc.co.uk"]
    )
    assert resp.scope.dropped == len(plain.results) - len(resp.results) > len(OUT_OF_SCOPE)
    assert plain.scope is None
    dumped = resp.model_dump(mode="json")
    assert dumped["scope"]["dropped"] == resp.scope.dropped


async def test_each_provider_is_asked_in_its_own_form_and_over_fetched(simweb: SimWeb) -> None:
    async with Client(scoped_config(simweb)) as wq:
        await wq.search("bbc news", max_results=4, sites=["BBC.co.uk"], exclude_sites=["sport.bbc.co.uk"])
    searx = simweb.requests_to("/search", host=host_of("searxng"))[-1]
    assert searx.query["q"] == "bbc news site:bbc.co.uk -site:sport.bbc.co.uk"
    tavily = json.loads(simweb.requests_to("/search", host=host_of("tavily"))[-1].body)
    assert (tavily["query"], tavily["include_domains"], tavily["exclude_domains"]) == (
        "bbc news",
        ["bbc.co.uk"],
        ["sport.bbc.co.uk"],
    )
    assert tavily["max_results"] == 8  # twice the results asked for: some will be dropped


async def test_a_named_set_from_the_config(simweb: SimWeb) -> None:
    config = scoped_config(simweb, site_sets={"uk": ["bbc.co.uk", "parliament.uk"]})
    async with Client(config) as wq:
        resp = await wq.search("bbc news", sites=["@uk"])
    assert resp.scope is not None and resp.scope.sites == ["bbc.co.uk", "parliament.uk"]
    assert resp.results and all("bbc.co.uk" in r.url.lower() for r in resp.results)


@pytest.mark.parametrize(
    ("sites", "words"),
    [
        (["co.uk"], "sites: 'co.uk' is a public suffix"),
        (["@nope"], "no site set named '@nope'"),
        (["bbc.co.uk/news"], "has a path"),
    ],
)
async def test_a_bad_scope_is_refused_before_any_provider_is_asked(
    simweb: SimWeb, sites: list[str], words: str
) -> None:
    async with Client(scoped_config(simweb)) as wq:
        with pytest.raises(BadRequestError, match=words):
            await wq.search("bbc news", sites=sites)
    assert not simweb.requests


async def test_a_fallback_chain_counts_only_results_in_scope(simweb: SimWeb) -> None:
    serve(simweb, "searxng", searx_reply(OUT_OF_SCOPE * 2))
    serve(simweb, "tavily")
    config = provider_config(
        simweb,
        ["searxng", "tavily"],
        web={"search_provider": "chain"},
        combos=[
            {"id": "chain", "members": ["searxng", "tavily"], "concurrent": False, "stop_after_results": 2}
        ],
    )
    async with Client(config) as wq:
        await wq.search("bbc news", sites=["bbc.co.uk"])
    assert simweb.requests_to(
        "/search", host=host_of("tavily")
    )  # five results, none in scope: the chain went on


# -- the brief and collect search through the same scope -------------------------------------------
async def test_a_brief_scoped_to_one_publisher_says_nothing_is_cross_checked(simweb: SimWeb) -> None:
    config = build_web(
        simweb, {"nvidia": ["investor.nvidia.test", "reuters.test", "nvidianews.nvidia.test", "cnbc.test"]}
    )
    async with Client(config) as wq:
        narrow = await wq.brief("nvidia revenue", sites=["nvidia.test"])
        wide = await wq.brief("nvidia revenue", sites=["nvidia.test", "reuters.test"])
    assert {s.site for s in narrow.sources} == {"nvidia.test"}
    assert narrow.scope is not None and narrow.scope.dropped == 2
    assert narrow.scope.note and "only one independent reading" in narrow.scope.note
    assert "fewer than two" in narrow.brief
    assert wide.scope is not None and wide.scope.note is None and "fewer than two" not in wide.brief
    assert {s.site for s in wide.sources} == {"nvidia.test", "reuters.test"}


async def test_collect_holds_urls_and_searched_candidates_to_the_scope(simweb: SimWeb) -> None:
    config = build_web(simweb, {"nvidia": ["investor.nvidia.test", "reuters.test", "cnbc.test"]})

    async with Client(config) as wq:
        out = await wq.collect(
            queries=["nvidia revenue"],
            urls=[simweb.url("/story", host="odd.test")],
            sites=["nvidia.test", "cnbc.test"],
        )
    assert {s.final_url.split("/")[2].split(":")[0] for s in out.sources} <= {
        "investor.nvidia.test",
        "cnbc.test",
    }
    assert out.scope is not None and out.scope.dropped == 2  # odd.test (a url) and reuters.test (a result)
    assert any(g.type == "candidate_omitted" and g.url and "odd.test" in g.url for g in out.gaps)


async def test_collect_refuses_a_bad_scope_as_it_refuses_any_field(simweb: SimWeb) -> None:
    config = build_web(simweb, {"nvidia": ["reuters.test"]})
    async with Client(config) as wq:
        with pytest.raises(RequestRefusedError, match=r"sites: 'nasa\.gov' is not accepted") as listed:
            await wq.collect({"queries": ["nvidia"], "sites": "nasa.gov"})
        with pytest.raises(RequestRefusedError, match=r"sites: 'co\.uk' is a public suffix") as suffix:
            await wq.collect(queries=["nvidia"], exclude_sites=["co.uk"])
    assert "domains" in listed.value.hint_text and "nasa.gov" in suffix.value.hint_text
    assert not simweb.requests
