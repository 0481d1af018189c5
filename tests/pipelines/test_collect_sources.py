"""research_collect's sources and gaps: search parameters reaching the engine, stemming in the query's
language, a redirected source's URLs and metadata, a combo member's failure, and a page that breaks
the extractor."""

from __future__ import annotations

import json

from tests.pipelines.test_collect import (  # noqa: F401  (warm_extractors is an autouse fixture)
    article,
    config,
    page,
    run,
    warm_extractors,
)
from tests.sim.providers import host_of, serve
from tests.sim.web import Reply, Request, SimWeb

from webquorum.pipelines.collect import Material, SourceCandidate, ranking_language, source_id
from webquorum.types import Document
from webquorum.types.collect import CollectRequest

GERMAN = (
    "<html><head><title>Hafenbericht</title></head><body><article>"
    + "".join(
        f"<p>Der Stadtrat hat am Tag {i} lange über den Haushalt und die Schulen beraten.</p>"
        for i in range(8)
    )
    + "<p>Die Gebühren für die Brücken im Hafen stiegen im März deutlich an.</p>"
    + "".join(f"<p>Am Abend {i} sprachen die Bürger über Parkplätze und Gärten.</p>" for i in range(8))
    + "</article></body></html>"
)


def recording_searx(web: SimWeb, answers: dict[str, list[str]], seen: list[dict[str, str]]) -> None:
    def handler(req: Request) -> Reply:
        seen.append(dict(req.query))
        results = [
            {"url": u, "title": f"R{i}", "content": "snippet"}
            for i, u in enumerate(answers.get(req.query.get("q", ""), []))
        ]
        return Reply(body=json.dumps({"results": results}), content_type="application/json")

    web.route("/search", handler)


# -- input -------------------------------------------------------------------------------------------
async def test_language_and_time_range_reach_search_and_language_drives_stemming(simweb: SimWeb) -> None:
    simweb.route("/hafen", Reply(body=GERMAN), host="site-a.test")
    url = simweb.url("/hafen", host="site-a.test")
    seen: list[dict[str, str]] = []
    recording_searx(simweb, {"Gebühr Brücke": [url]}, seen)
    result = await run(simweb, queries=["Gebühr Brücke"], language="de-CH", time_range="week")
    assert [(q["q"], q.get("language"), q.get("time_range")) for q in seen] == [
        ("Gebühr Brücke", "de-CH", "week")
    ]
    best = result.sources[0].excerpts[0]
    # Only the German stemmer folds Gebühren/Brücken onto the query's Gebühr/Brücke.
    assert "Gebühren für die Brücken" in best.text and best.score > 0 and best.matched == "Gebühr Brücke"


def test_language_is_unused_in_url_only_mode() -> None:
    doc = Document(
        url="http://a.test/",
        final_url="http://a.test/",
        content_type="text/html",
        source_type="html",
        reader="http",
        text="x",
        language="fr",
    )
    materials = [Material(SourceCandidate("http://a.test/"), "x", doc)]
    url_only = CollectRequest(urls=["http://a.test/"], language="de")
    searched = CollectRequest(queries=["q"], language="de")
    assert ranking_language(url_only, materials) == "fr"
    assert ranking_language(searched, materials) == "de"


async def test_a_redirected_source_keeps_url_as_asked_and_its_final_url_and_metadata(simweb: SimWeb) -> None:
    html = article("Harbour report", "harbour tariff").replace(
        "<head>", "<head><meta property='article:published_time' content='2026-03-04T10:00:00Z'>"
    )
    simweb.route("/article", Reply(body=html), host="site-b.test")
    simweb.route(
        "/notes.txt", Reply(body="Harbour tariff notes. " * 30, content_type="text/plain"), host="site-c.test"
    )
    target = simweb.url("/article", host="site-b.test")
    simweb.route("/old", Reply(status=301, headers={"Location": target}), host="site-a.test")
    moved = simweb.url("/old", host="site-a.test")
    result = await run(
        simweb, urls=[moved, simweb.url("/notes.txt", host="site-c.test")], topic="harbour tariff"
    )
    html_source, text_source = result.sources
    assert (html_source.url, html_source.final_url) == (moved, target)
    assert html_source.source_id == source_id(target) != source_id(moved)
    assert (html_source.source_type, html_source.title, html_source.published) == (
        "html",
        "Harbour report",
        "2026-03-04",
    )
    assert text_source.source_type == "text" and result.gaps == []


async def test_a_failing_engine_in_a_combo_is_named_beside_the_results(simweb: SimWeb) -> None:
    good = page(simweb, "site-a.test", "/a", "orchard harvest")
    serve(simweb, "brave", Reply(status=500, body=b'{"message": "boom"}', content_type="application/json"))
    simweb.route(
        "/search",
        Reply(
            body=json.dumps({"results": [{"url": good, "title": "t", "content": "c"}]}),
            content_type="application/json",
        ),
        host=host_of("searxng"),
    )
    cfg = config(simweb)
    cfg["providers"] = ["brave", "searxng"]
    cfg["overrides"] = {
        "brave": {"base_url": f"http://{host_of('brave')}:{simweb.port}", "api_key": "key-brave-0123456789"},
        "searxng": {"base_url": f"http://{host_of('searxng')}:{simweb.port}"},
    }
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
