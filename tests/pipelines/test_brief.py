"""The brief on a simulated web: every decision in the issue has a test that fails without it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.sim_providers import provider_config, serve
from tests.simweb import Reply, Request, SimWeb

from webquorum import Client

HOSTS = [
    "en.wikipedia.org", "www.wikiwand.com", "stockanalysis.test", "investor.nvidia.test", "nvidianews.nvidia.test",
    "reuters.test", "cnbc.test", "odd.test", "blocked.test", "slow.test", "synd-a.test", "synd-b.test", "big-a.test",
    "big-b.test", "big-c.test",
]
NAV = "<nav><a href='/'>Home</a> <a href='/markets'>Markets</a> <a href='/about'>About</a></nav>"
STORY = (
    "Chipmaker NVIDIA said on Wednesday that its data center business drove record results for the period, "
    "and analysts in Santa Clara expect the momentum to continue through the rest of the year as cloud providers "
    "keep ordering accelerators. The company also raised its dividend and announced a new buyback programme."
)


def page(title: str, *paragraphs: str) -> Reply:
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    html = f"<html><head><title>{title}</title></head><body>{NAV}<main><article><h1>{title}</h1>{body}</article></main></body></html>"
    return Reply(body=html)


PAGES: dict[str, Reply] = {
    "en.wikipedia.org": page("Nvidia - Wikipedia", "Nvidia Corporation is an American technology company. " * 8),
    "www.wikiwand.com": page("Nvidia - Wikiwand", "Nvidia Corporation is an American technology company headquartered in Santa Clara. " * 6),
    "stockanalysis.test": page("NVIDIA (NVDA) Revenue", "NVIDIA had revenue of $81.62B in the quarter ending April 26, 2026, with 85.23% growth. " * 3),
    "investor.nvidia.test": page("NVIDIA Announces Results", "NVIDIA reported revenue of $81.6 billion for the first quarter, up 85% from a year ago. " * 3),
    "nvidianews.nvidia.test": page("NVIDIA Newsroom", "NVIDIA reported revenue of $81.6 billion for the first quarter. " * 3),
    "reuters.test": page("Nvidia beats estimates", "NVIDIA posted quarterly revenue of 81,620 million dollars, the company said on Wednesday. " * 3),
    "cnbc.test": page("Nvidia earnings", "NVIDIA quarterly revenue came in at $81.6 billion as data center demand stayed strong. " * 3),
    "odd.test": page("Nvidia stale numbers", "NVIDIA reported revenue of $44.1 billion for the first quarter, says this outdated report. " * 3),
    "blocked.test": Reply(status=403, body="<html><body>Forbidden</body></html>"),
    "slow.test": Reply(body="<html><body><p>Too late to matter for anyone reading this page.</p></body></html>", delay_s=3),
    "synd-a.test": page("Syndicated", STORY, STORY),
    "synd-b.test": page("Syndicated copy", STORY, STORY),
    "big-a.test": page("Huge A", ("NVIDIA revenue grew strongly in the quarter. " * 40 + "https://evil.test/\n") * 30),
    "big-b.test": page("Huge B", "NVIDIA revenue grew strongly in the quarter as reported. " * 1500),
    "big-c.test": page("Huge C", "Markets rallied on the results from the chipmaker today. " * 1500),
}
SNIPPETS = {host: f"Snippet about NVIDIA from {host}." for host in HOSTS}


def result(web: SimWeb, host: str, path: str = "/story") -> dict[str, str]:
    return {"url": web.url(path, host=host), "title": f"Title at {host}", "content": SNIPPETS[host]}


def build_web(web: SimWeb, scenarios: dict[str, list[str]]) -> dict[str, Any]:
    for host, reply in PAGES.items():
        web.route("/story", reply, host=host)

    def searx(req: Request) -> Reply:
        hosts = scenarios.get(req.query["q"].split()[0], [])
        return Reply(body=json.dumps({"results": [result(web, h) for h in hosts]}), content_type="application/json")

    serve(web, "searxng", searx)
    config = provider_config(web, ["searxng"], web={"search_provider": "searxng"})
    config["network"]["resolve"].update({h: "127.0.0.1" for h in HOSTS})
    config["network"]["allow_hosts"] = HOSTS
    config["brief"] = {"read_deadline_s": 1.5}
    return config


def lines_of(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()]


async def test_four_independent_sites_agreement_and_disagreement(simweb: SimWeb) -> None:
    order = ["en.wikipedia.org", "stockanalysis.test", "investor.nvidia.test", "nvidianews.nvidia.test", "reuters.test", "odd.test"]
    config = build_web(simweb, {"nvidia": order})
    async with Client(config) as wq:
        out = await wq.brief("nvidia revenue")
    sites = [s.site for s in out.sources]
    assert sites == ["stockanalysis.test", "nvidia.test", "reuters.test", "odd.test"], "one per site, wiki held back"
    assert not simweb.requests_to("/story", host="en.wikipedia.org"), "Wikipedia is not read when 2 sites answer"
    assert not simweb.requests_to("/story", host="nvidianews.nvidia.test"), "same site read once"
    assert out.reads_spent == {"http": 4}
    figure = next(a for a in out.agreed if a.kind == "figure" and "81.6" in a.value)
    assert (figure.count, figure.of) == (3, 4)
    assert [(d.site, d.value) for d in out.disagreed] == [("odd.test", "$44.1 billion")]
    assert "Disagreement: odd.test says $44.1 billion where 3 others say $81.6 billion" in out.brief
    assert out.brief.startswith(f'Searched {out.searched_at} for "nvidia revenue" — 4 sources')
    for source in out.sources:
        assert source.url in lines_of(out.brief), "every URL on a line of its own"


async def test_dead_link_is_replaced_by_next_distinct_site(simweb: SimWeb) -> None:
    config = build_web(simweb, {"q": ["blocked.test", "stockanalysis.test", "reuters.test", "cnbc.test"]})
    async with Client(config) as wq:
        out = await wq.brief("q", sources=3)
    assert {s.site for s in out.sources} == {"stockanalysis.test", "reuters.test", "cnbc.test"}
    assert not any(s.snippet_only for s in out.sources)
    assert out.reads_spent == {"http": 4}, "the stand-in read is spent and reported"


async def test_dead_link_without_stand_in_falls_back_to_snippet(simweb: SimWeb) -> None:
    config = build_web(simweb, {"q": ["blocked.test", "stockanalysis.test"]})
    async with Client(config) as wq:
        out = await wq.brief("q")
    blocked = next(s for s in out.sources if s.site == "blocked.test")
    assert blocked.snippet_only and blocked.error == "WEB_FETCH_BLOCKED" and blocked.text == SNIPPETS["blocked.test"]
    block = out.brief.split(blocked.url, 1)[1].splitlines()
    assert "(snippet only)" in [line.strip() for line in block[:3]]


async def test_wikipedia_mirror_used_only_for_a_second_reading(simweb: SimWeb) -> None:
    config = build_web(simweb, {"one": ["www.wikiwand.com", "stockanalysis.test"], "two": ["en.wikipedia.org", "stockanalysis.test", "reuters.test"]})
    async with Client(config) as wq:
        one = await wq.brief("one")
        two = await wq.brief("two")
    assert [s.site for s in one.sources] == ["stockanalysis.test", "wikiwand.com"]
    assert [s.site for s in two.sources] == ["stockanalysis.test", "reuters.test"]


async def test_wikipedia_stand_in_dropped_once_two_sites_answered(simweb: SimWeb) -> None:
    config = build_web(simweb, {"q": ["en.wikipedia.org", "blocked.test", "stockanalysis.test", "reuters.test"]})
    async with Client(config) as wq:
        out = await wq.brief("q", sources=2)
    assert "wikipedia.org" not in {s.site for s in out.sources}


async def test_slow_page_costs_one_source_not_the_brief(simweb: SimWeb) -> None:
    config = build_web(simweb, {"q": ["slow.test", "stockanalysis.test", "reuters.test"]})
    async with Client(config) as wq:
        out = await wq.brief("q", sources=3)
    slow = next(s for s in out.sources if s.site == "slow.test")
    assert slow.snippet_only and slow.error == "WEB_FETCH_TIMEOUT"
    assert sum(not s.snippet_only for s in out.sources) == 2


async def test_syndicated_copies_count_once(simweb: SimWeb) -> None:
    config = build_web(simweb, {"q": ["synd-a.test", "synd-b.test", "reuters.test"]})
    async with Client(config) as wq:
        out = await wq.brief("q")
    assert [s.site for s in out.sources] == ["synd-a.test", "reuters.test"]
    assert out.dropped and "syndicated copy" in out.dropped[0].reason


async def test_inline_content_is_not_fetched_again(simweb: SimWeb) -> None:
    for host, reply in PAGES.items():
        simweb.route("/story", reply, host=host)
    long_text = "NVIDIA reported revenue of $81.6 billion for the quarter. " * 60
    jina = {"code": 200, "data": [
        {"url": simweb.url("/story", host="cnbc.test"), "title": "CNBC", "description": "d", "content": long_text},
        {"url": simweb.url("/story", host="reuters.test"), "title": "Reuters", "description": "d"},
    ]}
    serve(simweb, "jina", Reply(body=json.dumps(jina), content_type="application/json"))
    config = provider_config(simweb, ["jina"], web={"search_provider": "jina"})
    config["network"]["resolve"].update({h: "127.0.0.1" for h in HOSTS})
    config["network"]["allow_hosts"] = HOSTS
    async with Client(config) as wq:
        out = await wq.brief("q")
    assert not simweb.requests_to("/story", host="cnbc.test")
    assert out.reads_spent == {"http": 1}
    assert not out.sources[0].snippet_only and "81.6 billion" in out.sources[0].text


async def test_hard_cap_holds_whatever_the_pages_hold(simweb: SimWeb) -> None:
    config = build_web(simweb, {"q": ["big-a.test", "big-b.test", "big-c.test", "stockanalysis.test"]})
    async with Client(config) as wq:
        out = await wq.brief("q" + " very long question" * 30)
    assert len(out.brief) <= 4000
    for source in out.sources:
        assert source.url in lines_of(out.brief)
    assert "evil.test" not in "\n".join(line for line in out.brief.splitlines() if line.strip().startswith("http"))


async def test_no_results_gives_an_honest_empty_brief(simweb: SimWeb) -> None:
    config = build_web(simweb, {"nothing": []})
    async with Client(config) as wq:
        out = await wq.brief("nothing")
    assert out.sources == [] and "0 sources" in out.brief and "No source" in out.brief


@pytest.mark.parametrize("bad", [0, 7])
async def test_sources_out_of_range(simweb: SimWeb, bad: int) -> None:
    from webquorum.errors import BadRequestError

    async with Client(build_web(simweb, {})) as wq:
        with pytest.raises(BadRequestError, match="1 to 6"):
            await wq.brief("q", sources=bad)
