"""Issue 5 audit: the parts of research_collect the pipeline tests did not pin down.

Search parameters reaching the engine, stemming in the query's language, the default budget and a
configured cap, links never followed, redirects and metadata on a source, a combo member's failure,
a hostile page that breaks the extractor, the four requests that cannot run, and the offsets
property over every page fixture plus non-ASCII text.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.pipelines.test_collect import (  # noqa: F401  (warm_extractors is an autouse fixture)
    HOSTS,
    article,
    config,
    page,
    pdf_bytes,
    run,
    searx,
    warm_extractors,
)
from tests.sim.providers import host_of, serve
from tests.sim.web import Reply, Request, SimWeb

from webquorum import Client
from webquorum.errors import RequestRefusedError
from webquorum.mcp.tools import RESEARCH_COLLECT, WebFetchArgs, tool_specs
from webquorum.pipelines.collect import Candidate, Material, ranking_language, source_id
from webquorum.types import Document
from webquorum.types.collect import CollectRequest, CollectResult

PAGES = Path(__file__).resolve().parent.parent / "fixtures" / "pages"
GERMAN = (
    "<html><head><title>Hafenbericht</title></head><body><article>"
    + "".join(f"<p>Der Stadtrat hat am Tag {i} lange über den Haushalt und die Schulen beraten.</p>" for i in range(8))
    + "<p>Die Gebühren für die Brücken im Hafen stiegen im März deutlich an.</p>"
    + "".join(f"<p>Am Abend {i} sprachen die Bürger über Parkplätze und Gärten.</p>" for i in range(8))
    + "</article></body></html>"
)


def recording_searx(web: SimWeb, answers: dict[str, list[str]], seen: list[dict[str, str]]) -> None:
    def handler(req: Request) -> Reply:
        seen.append(dict(req.query))
        results = [{"url": u, "title": f"R{i}", "content": "snippet"} for i, u in enumerate(answers.get(req.query.get("q", ""), []))]
        return Reply(body=json.dumps({"results": results}), content_type="application/json")

    web.route("/search", handler)


# -- input -------------------------------------------------------------------------------------------
async def test_language_and_time_range_reach_search_and_language_drives_stemming(simweb: SimWeb) -> None:
    simweb.route("/hafen", Reply(body=GERMAN), host="site-a.test")
    url = simweb.url("/hafen", host="site-a.test")
    seen: list[dict[str, str]] = []
    recording_searx(simweb, {"Gebühr Brücke": [url]}, seen)
    result = await run(simweb, queries=["Gebühr Brücke"], language="de-CH", time_range="week")
    assert [(q["q"], q.get("language"), q.get("time_range")) for q in seen] == [("Gebühr Brücke", "de-CH", "week")]
    best = result.sources[0].excerpts[0]
    # Only the German stemmer folds Gebühren/Brücken onto the query's Gebühr/Brücke.
    assert "Gebühren für die Brücken" in best.text and best.score > 0 and best.matched == "Gebühr Brücke"


def test_language_is_unused_in_url_only_mode() -> None:
    doc = Document(url="http://a.test/", final_url="http://a.test/", content_type="text/html", source_type="html",
                   reader="http", text="x", language="fr")  # fmt: skip
    materials = [Material(Candidate("http://a.test/"), "x", doc)]
    url_only = CollectRequest(urls=["http://a.test/"], language="de")
    searched = CollectRequest(queries=["q"], language="de")
    assert ranking_language(url_only, materials) == "fr"
    assert ranking_language(searched, materials) == "de"


async def test_default_budget_is_five(simweb: SimWeb) -> None:
    urls = [page(simweb, HOSTS[i % len(HOSTS)], f"/p{i}", "harbour tariff") for i in range(7)]
    searx(simweb, {"harbour tariff": urls})
    result = await run(simweb, queries=["harbour tariff"])
    assert [s.url for s in result.sources] == urls[:5]
    assert len(simweb.requests) == 1 + 5


async def test_search_results_repeating_explicit_urls_still_fill_the_budget(simweb: SimWeb) -> None:
    """SearXNG's list is trimmed to what collect asks for: asking for the free slots only would come up short."""
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
    assert "cap of 3" in refused["error"] and "1 to 3" in refused["hint"] and "collect.max_sources_cap" in refused["hint"]


async def test_links_inside_documents_are_never_followed(simweb: SimWeb) -> None:
    linked = page(simweb, "site-b.test", "/linked", "harbour tariff")
    body = article("Hub", "harbour tariff").replace("</article>", f"<p><a href='{linked}'>more</a> <a href='/next'>next</a></p></article>")
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
    assert set(result) == {"error", "hint"} and refused.value.code == "WEB_BAD_REQUEST" and refused.value.exit_code == 2
    assert error in result["error"] and hint in result["hint"]
    assert simweb.requests == []


# -- sources and gaps --------------------------------------------------------------------------------
async def test_a_redirected_source_keeps_url_as_asked_and_its_final_url_and_metadata(simweb: SimWeb) -> None:
    html = article("Harbour report", "harbour tariff").replace(
        "<head>", "<head><meta property='article:published_time' content='2026-03-04T10:00:00Z'>"
    )
    simweb.route("/article", Reply(body=html), host="site-b.test")
    simweb.route("/notes.txt", Reply(body="Harbour tariff notes. " * 30, content_type="text/plain"), host="site-c.test")
    target = simweb.url("/article", host="site-b.test")
    simweb.route("/old", Reply(status=301, headers={"Location": target}), host="site-a.test")
    moved = simweb.url("/old", host="site-a.test")
    result = await run(simweb, urls=[moved, simweb.url("/notes.txt", host="site-c.test")], topic="harbour tariff")
    html_source, text_source = result.sources
    assert (html_source.url, html_source.final_url) == (moved, target)
    assert html_source.source_id == source_id(target) != source_id(moved)
    assert (html_source.source_type, html_source.title, html_source.published) == ("html", "Harbour report", "2026-03-04")
    assert text_source.source_type == "text" and result.gaps == []


async def test_a_failing_engine_in_a_combo_is_named_beside_the_results(simweb: SimWeb) -> None:
    good = page(simweb, "site-a.test", "/a", "orchard harvest")
    serve(simweb, "brave", Reply(status=500, body=b'{"message": "boom"}', content_type="application/json"))
    simweb.route("/search", Reply(body=json.dumps({"results": [{"url": good, "title": "t", "content": "c"}]}),
                                  content_type="application/json"), host=host_of("searxng"))  # fmt: skip
    cfg = config(simweb)
    cfg["providers"] = ["brave", "searxng"]
    cfg["overrides"] = {"brave": {"base_url": f"http://{host_of('brave')}:{simweb.port}", "api_key": "key-brave-0123456789"},
                        "searxng": {"base_url": f"http://{host_of('searxng')}:{simweb.port}"}}  # fmt: skip
    cfg["combos"] = [{"id": "mix", "members": ["brave", "searxng"]}]
    cfg["web"] = {"search_provider": "mix"}
    cfg["network"]["resolve"] |= {host_of("brave"): "127.0.0.1", host_of("searxng"): "127.0.0.1"}
    result = await run(simweb, cfg=cfg, queries=["orchard harvest"])
    assert [s.url for s in result.sources] == [good]
    [gap] = result.gaps
    assert (gap.type, gap.query) == ("engine_unresponsive", "orchard harvest") and "brave" in gap.detail


async def test_a_page_that_breaks_the_extractor_is_a_gap_not_an_error(simweb: SimWeb) -> None:
    good = page(simweb, "site-a.test", "/good", "harbour tariff")
    deep = b"[" * 100_000 + b"]" * 100_000  # nested past Python's recursion limit
    simweb.route("/deep.json", Reply(body=deep, content_type="application/json"), host="site-b.test")
    bad = simweb.url("/deep.json", host="site-b.test")
    result = await run(simweb, urls=[good, bad], topic="harbour tariff")
    assert [s.url for s in result.sources] == [good]
    assert [(g.type, g.url) for g in result.gaps] == [("unreadable", bad)]


def test_the_tool_description_carries_the_two_disclaimers() -> None:
    assert "not credibility judgments" in RESEARCH_COLLECT
    assert "empty gaps list is not proof" in RESEARCH_COLLECT
    assert "research_collect" in {spec.name for spec in tool_specs(enable_discovery=False)}


# -- the offsets property over every page fixture ------------------------------------------------------
def fixture_web(web: SimWeb) -> list[str]:
    """Every HTML page fixture, a PDF, and non-ASCII text (accents, CJK, astral emoji, CRLF), one host each."""
    bodies: list[tuple[str, bytes, str]] = [(p.name, p.read_bytes(), "text/html") for p in sorted(PAGES.glob("*.html"))]
    unicode_text = "".join(f"Zürich 🚢 harbour tariff №{i}: 港口关税 rose, naïve café owners said.\r\n" for i in range(40))
    unicode_html = article("Ünïcode 🚢", "harbour tariff 🚢 Zölle").replace("town council", "conseil municipal — 市议会 𝔘")
    bodies += [("doc.pdf", pdf_bytes("harbour tariff"), "application/pdf"),
               ("unicode.txt", unicode_text.encode(), "text/plain; charset=utf-8"),
               ("unicode.html", unicode_html.encode(), "text/html; charset=utf-8")]  # fmt: skip
    urls = []
    for n, (name, body, kind) in enumerate(bodies):
        host = f"fx-{n}.test"
        web.route(f"/{name}", Reply(body=body, content_type=kind), host=host)
        urls.append(web.url(f"/{name}", host=host))
    return urls


def fixture_config(web: SimWeb, hosts: list[str]) -> dict[str, Any]:
    cfg = config(web, max_sources_cap=50, total_chars=200_000)
    cfg["network"]["allow_hosts"] = hosts
    cfg["network"]["resolve"] = {h: "127.0.0.1" for h in hosts}
    return cfg


async def check_offsets(wq: Client, result: CollectResult) -> int:
    checked = 0
    for source in result.sources:
        for ex in source.excerpts:
            assert len(ex.text) == ex.end - ex.start
            page_ = await wq.fetch(source.url, offset=ex.start, budget=ex.end - ex.start)
            assert page_.text == ex.text and page_.content_hash == source.content_hash
            assert ex.expand is not None and ex.expand.tool == "web_fetch"
            arguments = ex.expand.arguments.model_dump()
            WebFetchArgs.model_validate(arguments)  # the MCP tool takes it as it is
            more = await wq.fetch(**arguments)
            assert more.text[ex.start - more.offset : ex.end - more.offset] == ex.text
            checked += 1
    return checked


async def test_every_fixture_excerpt_is_the_fetch_text_at_its_offsets(simweb: SimWeb) -> None:
    urls = fixture_web(simweb)
    hosts = [u.split("//")[1].split(":")[0] for u in urls]
    async with Client(fixture_config(simweb, hosts)) as wq:
        result = await wq.collect(urls=urls, topic="harbour tariff price login 🚢 港口关税", max_sources=len(urls))
        assert isinstance(result, CollectResult)
        readable = {s.url for s in result.sources}
        gapped = {g.url for g in result.gaps if g.type in ("fetch_blocked", "unreadable", "fetch_failed")}
        assert readable | gapped == set(urls)
        assert any("🚢" in ex.text for s in result.sources for ex in s.excerpts), "astral characters count as one"
        assert await check_offsets(wq, result) >= len(readable)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    text=st.lists(
        st.sampled_from(["harbour", "tariff", " ", ". ", "\n", "\r\n", "\t", "é", "🚢", "港", "\u200b", "x", "ß"]),
        min_size=40,
        max_size=300,
    ).map("".join)
)
def test_offsets_hold_for_any_plain_text(simweb: SimWeb, text: str) -> None:
    state = {"body": text.encode()}
    simweb.route("/any.txt", lambda req: Reply(body=state["body"], content_type="text/plain; charset=utf-8"), host="site-a.test")
    url = simweb.url("/any.txt", host="site-a.test")

    async def go() -> None:
        async with Client(config(simweb, excerpt_chars=100)) as wq:
            result = await wq.collect(urls=[url], topic="harbour tariff 🚢")
            assert isinstance(result, CollectResult)
            await check_offsets(wq, result)

    asyncio.run(go())
