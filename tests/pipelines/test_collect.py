"""research_collect end to end on a loopback web: a SearXNG instance and several sites, faults included."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from fpdf import FPDF
from tests.sim.web import Reply, Request, SimWeb

from webquorum import Client
from webquorum.cli import app
from webquorum.errors import ContentChangedError, RequestRefusedError
from webquorum.readers.extract import extract_document
from webquorum.types.collect import CollectResult

HOSTS = [f"site-{c}.test" for c in "abcdefgh"]
TOPICS = ["harbour tariff", "lantern museum", "river bridge", "glacier survey", "orchard harvest"]


@pytest.fixture(autouse=True, scope="module")
def warm_extractors() -> None:
    """Import trafilatura and PDFium once up front: a cold import (about 1 s) would eat the short fetch
    deadline."""
    extract_document(
        article("Warm", "warm up").encode(),
        content_type="text/html",
        url="http://w.test/",
        final_url="http://w.test/",
    )
    extract_document(
        pdf_bytes("warm up"), content_type="application/pdf", url="http://w.test/", final_url="http://w.test/"
    )


def config(web: SimWeb, **collect: Any) -> dict[str, Any]:
    return {
        "providers": ["searxng"],
        "overrides": {"searxng": {"base_url": web.base_url, "timeout_s": 1.0}},
        "web": {"search_provider": "searxng"},
        "network": {
            "allow_hosts": HOSTS,
            "resolve": {h: "127.0.0.1" for h in HOSTS},
            "retry_waits": False,
            "retries": 0,
            "fetch_deadline_s": 1.5,
        },
        "cache": {"enabled": False},
        "collect": collect,
    }


def article(title: str, subject: str, n: int = 8) -> str:
    """A readable article: n paragraphs, each three sentences, mentioning ``subject`` in a few."""
    paras = []
    for i in range(n):
        about = subject if i % 3 == 1 else "the town council"
        paras.append(
            f"<p>Paragraph {i} of {title} describes {about} in some detail for readers. "
            f"Officials said the plans for {about} were reviewed again in week {i + 3}. "
            f"Residents asked many questions and the answers were published on the notice board.</p>"
        )
    return f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>{''.join(paras)}</article></body></html>"


def page(web: SimWeb, host: str, path: str, subject: str) -> str:
    web.route(path, Reply(body=article(f"{subject.title()} report", subject)), host=host)
    return web.url(path, host=host)


def searx(web: SimWeb, answers: dict[str, list[str]], snippets: dict[str, str] | None = None) -> None:
    """A SearXNG instance answering each query with its list of URLs (in rank order)."""

    def handler(req: Request) -> Reply:
        urls = answers.get(req.query.get("q", ""), [])
        results = [
            {"url": u, "title": f"Result {i}", "content": (snippets or {}).get(u, f"snippet for {u}")}
            for i, u in enumerate(urls)
        ]
        return Reply(body=json.dumps({"results": results}), content_type="application/json")

    web.route("/search", handler)


def pdf_bytes(subject: str) -> bytes:
    doc = FPDF()
    doc.add_page()
    doc.set_font("Helvetica", size=11)
    for i in range(12):
        doc.multi_cell(
            0,
            6,
            f"Section {i}: the {subject} findings were recorded by the survey team in season {i}.",
            new_x="LMARGIN",
            new_y="NEXT",
        )
    return bytes(doc.output())


async def run(
    web: SimWeb,
    progress: Callable[[str], None] | None = None,
    cfg: dict[str, Any] | None = None,
    **request: Any,
) -> CollectResult:
    async with Client(cfg or config(web)) as wq:
        result = await (wq.collect(**request, progress=progress) if progress else wq.collect(**request))
    assert isinstance(result, CollectResult), result
    return result


def searches(web: SimWeb) -> int:
    return len(web.requests_to("/search"))


def gap_types(result: CollectResult) -> list[tuple[str, str | None]]:
    return [(g.type, g.url or g.query) for g in result.gaps]


# -- candidate planning --------------------------------------------------------------------------
async def test_url_only_mode_runs_no_search(simweb: SimWeb) -> None:
    searx(simweb, {})
    a = page(simweb, "site-a.test", "/a", TOPICS[0])
    b = page(simweb, "site-b.test", "/b", TOPICS[1])
    result = await run(simweb, urls=[a, b], topic="harbour tariff")
    assert searches(simweb) == 0
    assert [s.url for s in result.sources] == [a, b]
    assert result.query_variants == [] and result.gaps == []
    best = result.sources[0].excerpts[0]
    assert "harbour tariff" in best.text and best.matched == "harbour tariff" and best.score > 0


async def test_urls_filling_the_budget_suppress_search_and_are_named(simweb: SimWeb) -> None:
    urls = [page(simweb, h, "/p", t) for h, t in zip(HOSTS[:3], TOPICS, strict=False)]
    searx(simweb, {"harbour": [page(simweb, "site-d.test", "/d", "harbour")]})
    result = await run(simweb, urls=urls, queries=["harbour"], max_sources=2)
    assert searches(simweb) == 0
    assert [s.url for s in result.sources] == urls[:2]
    assert ("candidate_omitted", urls[2]) in gap_types(result)
    assert ("candidate_omitted", "harbour") in gap_types(result)


async def test_round_robin_across_variants_after_explicit_urls(simweb: SimWeb) -> None:
    explicit = page(simweb, "site-a.test", "/first", "harbour tariff")
    one = [page(simweb, "site-b.test", f"/one{i}", "harbour tariff") for i in range(3)]
    two = [page(simweb, "site-c.test", f"/two{i}", "lantern museum") for i in range(3)]
    searx(simweb, {"harbour tariff": [explicit, *one], "lantern museum": two})
    result = await run(simweb, urls=[explicit], queries=["harbour tariff", "lantern museum"], max_sources=5)
    assert [s.url for s in result.sources] == [explicit, one[0], two[0], one[1], two[1]]
    omitted = [g for g in result.gaps if g.type == "candidate_omitted"]
    assert {(g.url, g.query) for g in omitted} == {(one[2], "harbour tariff"), (two[2], "lantern museum")}
    assert result.query_variants == ["harbour tariff", "lantern museum"]
    assert {s.excerpts[0].matched for s in result.sources[1:]} == {"harbour tariff", "lantern museum"}


async def test_redirect_onto_another_candidate_is_one_source(simweb: SimWeb) -> None:
    target = page(simweb, "site-b.test", "/article", TOPICS[2])
    simweb.route("/old", Reply(status=301, headers={"Location": target}), host="site-a.test")
    moved = simweb.url("/old", host="site-a.test")
    result = await run(simweb, urls=[target, moved], topic="river bridge")
    assert len(result.sources) == 1 and result.sources[0].url == target
    assert gap_types(result) == [("redirect_duplicate", moved)]


async def test_same_page_twice_in_urls_is_read_once_and_named(simweb: SimWeb) -> None:
    a = page(simweb, "site-a.test", "/a", TOPICS[0])
    result = await run(simweb, urls=[a, a + "?utm_source=x"])
    assert len(simweb.requests_to("/a", host="site-a.test")) == 1
    assert gap_types(result) == [("redirect_duplicate", a + "?utm_source=x")]


# -- faults --------------------------------------------------------------------------------------
def fault_site(web: SimWeb) -> dict[str, str]:
    """Every kind of page once; returns name -> URL."""
    urls = {"good": page(web, "site-a.test", "/good", "harbour tariff")}
    web.route("/forbidden", Reply(status=403, body="<html><body>Forbidden</body></html>"), host="site-b.test")
    web.route("/slow", Reply(body=article("Slow", "harbour tariff"), delay_s=2.5), host="site-c.test")
    web.route(
        "/doc.pdf",
        Reply(body=pdf_bytes("harbour tariff"), content_type="application/pdf"),
        host="site-d.test",
    )
    web.route("/empty", Reply(body="<html><body></body></html>"), host="site-e.test")
    web.route(
        "/short",
        Reply(body="Harbour tariff note: rates rise.", content_type="text/plain"),
        host="site-f.test",
    )
    web.route(
        "/data.json",
        Reply(
            body=json.dumps({"harbour": "tariff rates", "items": list(range(40))}),
            content_type="application/json",
        ),
        host="site-g.test",
    )
    for name, host, path in [
        ("forbidden", "site-b.test", "/forbidden"),
        ("slow", "site-c.test", "/slow"),
        ("pdf", "site-d.test", "/doc.pdf"),
        ("empty", "site-e.test", "/empty"),
        ("short", "site-f.test", "/short"),
        ("json", "site-g.test", "/data.json"),
    ]:
        urls[name] = web.url(path, host=host)
    return urls


async def test_faults_become_named_gaps_beside_good_sources(simweb: SimWeb) -> None:
    urls = fault_site(simweb)
    searx(
        simweb,
        {"harbour tariff": [urls["forbidden"]]},
        {urls["forbidden"]: "Harbour tariff snippet: rates rose 4%."},
    )
    result = await run(
        simweb,
        cfg=config(simweb, max_sources_cap=10),
        urls=[urls[k] for k in ("good", "slow", "pdf", "empty", "short", "json")],
        queries=["harbour tariff"],
        max_sources=7,
    )
    gaps = {(g.type, g.url) for g in result.gaps}
    assert ("fetch_blocked", urls["forbidden"]) in gaps
    assert ("fetch_failed", urls["slow"]) in gaps
    assert ("unreadable", urls["empty"]) in gaps
    assert ("insufficient_text", urls["short"]) in gaps
    by_url = {s.url: s for s in result.sources}
    assert (
        by_url[urls["pdf"]].source_type == "pdf" and "harbour tariff" in by_url[urls["pdf"]].excerpts[0].text
    )
    assert by_url[urls["json"]].source_type == "json"
    assert by_url[urls["short"]].excerpts[0].text == "Harbour tariff note: rates rise."
    snippet = by_url[urls["forbidden"]]
    assert snippet.source_type == "snippet" and snippet.content_hash is None
    assert (
        snippet.excerpts[0].text == "Harbour tariff snippet: rates rose 4%."
        and snippet.excerpts[0].expand is None
    )
    assert urls["slow"] not in by_url and urls["empty"] not in by_url
    blocked = next(g for g in result.gaps if g.type == "fetch_blocked")
    assert "WEB_FETCH_BLOCKED" in blocked.detail and blocked.query == "harbour tariff"


async def test_every_excerpt_is_the_fetch_text_at_its_offsets(simweb: SimWeb) -> None:
    """Property over all fixtures: fetch at an excerpt's offsets returns exactly the excerpt; expand runs as
    is."""
    urls = fault_site(simweb)
    extra = [page(simweb, h, "/more", t) for h, t in zip(HOSTS[:3], TOPICS[2:], strict=True)]
    searx(simweb, {})
    request = {
        "urls": [*urls.values(), *extra],
        "topic": "harbour tariff river bridge orchard",
        "max_sources": 10,
    }
    async with Client(config(simweb, max_sources_cap=10, total_chars=200_000)) as wq:
        result = await wq.collect(**request)
        assert isinstance(result, CollectResult)
        checked = 0
        for source in result.sources:
            if source.source_type == "snippet":
                continue
            assert source.excerpts, source.url
            for ex in source.excerpts:
                page_ = await wq.fetch(source.url, offset=ex.start, budget=ex.end - ex.start)
                assert page_.text == ex.text and page_.content_hash == source.content_hash
                assert ex.expand is not None
                more = await wq.fetch(**ex.expand.arguments.model_dump())
                assert more.text[ex.start - more.offset : ex.end - more.offset] == ex.text
                checked += 1
        assert checked >= 8


async def test_source_id_and_hash_are_stable_across_runs(simweb: SimWeb) -> None:
    a = page(simweb, "site-a.test", "/a", TOPICS[0])
    b = page(simweb, "site-b.test", "/b", TOPICS[1])
    first = await run(simweb, urls=[a, b], topic="lantern")
    second = await run(simweb, urls=[b, a], topic="lantern")
    ids = [{s.url: (s.source_id, s.content_hash) for s in r.sources} for r in (first, second)]
    assert ids[0] == ids[1]
    assert len({s.source_id for s in first.sources}) == 2
    assert all(s.source_id.startswith("src_") and len(s.source_id) == 16 for s in first.sources)


async def test_expand_answers_content_changed_when_the_page_moved_on(simweb: SimWeb) -> None:
    state = {"version": "harbour tariff"}
    simweb.route("/live", lambda req: Reply(body=article("Live", state["version"])), host="site-a.test")
    url = simweb.url("/live", host="site-a.test")
    async with Client(config(simweb)) as wq:
        result = await wq.collect(urls=[url], topic="harbour")
        assert isinstance(result, CollectResult)
        expand = result.sources[0].excerpts[0].expand
        assert expand is not None
        state["version"] = "glacier survey"
        with pytest.raises(ContentChangedError):
            await wq.fetch(**expand.arguments.model_dump())


# -- search gaps ---------------------------------------------------------------------------------
async def test_search_failures_and_empty_results_are_gaps(simweb: SimWeb) -> None:
    good = page(simweb, "site-a.test", "/a", "orchard harvest")

    def handler(req: Request) -> Reply:
        q = req.query.get("q")
        if q == "broken":
            return Reply(status=500, body=b'{"error": "boom"}', content_type="application/json")
        if q == "slow":
            return Reply(body=b'{"results": []}', content_type="application/json", delay_s=2.0)
        urls = [good] if q == "orchard harvest" else []
        return Reply(
            body=json.dumps({"results": [{"url": u, "title": "t", "content": "c"} for u in urls]}),
            content_type="application/json",
        )

    simweb.route("/search", handler)
    result = await run(simweb, queries=["orchard harvest", "broken", "slow", "nothing here"])
    assert [s.url for s in result.sources] == [good]
    kinds = {(g.type, g.query) for g in result.gaps}
    assert kinds == {
        ("search_failed", "broken"),
        ("engine_unresponsive", "slow"),
        ("search_empty", "nothing here"),
    }


# -- bounds --------------------------------------------------------------------------------------
async def test_output_bounds_cut_visibly(simweb: SimWeb) -> None:
    urls = [page(simweb, h, "/p", "harbour tariff") for h in HOSTS[:4]]
    result = await run(
        simweb,
        cfg=config(simweb, excerpt_chars=200, excerpts_per_source=2, total_chars=1000),
        urls=urls,
        topic="harbour tariff",
    )
    sizes = [len(ex.text) for s in result.sources for ex in s.excerpts]
    assert sum(sizes) <= 1000 and max(sizes) <= 200
    assert all(len(s.excerpts) <= 2 for s in result.sources)
    assert all(s.excerpts for s in result.sources), "each source keeps its best excerpt before any second one"
    cut = [g for g in result.gaps if g.type == "truncated"]
    assert cut and any("1,000 characters" in g.detail for g in cut)


async def test_a_long_document_is_scanned_to_its_bound_and_says_so(simweb: SimWeb) -> None:
    body = "".join(f"Line {i} records the lantern museum ledger entry number {i}.\n" for i in range(6000))
    body += "The final harbour tariff appendix sits past the bound.\n"
    simweb.route("/long.txt", Reply(body=body, content_type="text/plain"), host="site-a.test")
    url = simweb.url("/long.txt", host="site-a.test")
    result = await run(simweb, urls=[url], topic="harbour tariff appendix")
    [source] = result.sources
    assert len(body) > 300_000 and source.text_truncated
    assert all(ex.end <= 300_000 for ex in source.excerpts)
    [gap] = [g for g in result.gaps if g.type == "truncated"]
    assert gap.url == url and "first 300,000" in gap.detail


# -- requests that cannot run ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({}, "queries"),
        ({"topic": "only a topic"}, "topic"),
        ({"queries": ["x"], "time_range": "decade"}, "day, week, month or year"),
        ({"urls": [f"https://example.com/{i}" for i in range(101)]}, "at most 100"),
        ({"queries": ["x"], "max_sources": 11}, "1 to 10"),
        ({"queries": ["x"], "sources": 3}, "'sources'"),
        ({"queries": [f"q{i}" for i in range(11)]}, "1 to 10 search variants"),
        ({"queries": ["   "]}, "none empty"),
    ],
)
async def test_requests_that_cannot_run_return_error_and_hint(
    simweb: SimWeb, request_: dict[str, Any], field: str
) -> None:
    async with Client(config(simweb)) as wq:
        with pytest.raises(RequestRefusedError) as refused:
            await wq.collect(request_)
    result = refused.value
    assert field in result.error + " " + result.hint_text
    assert simweb.requests == []


async def test_progress_is_reported_when_asked(simweb: SimWeb) -> None:
    messages: list[str] = []
    a = page(simweb, "site-a.test", "/a", TOPICS[0])
    await run(simweb, progress=messages.append, urls=[a])
    assert any("read 1 of 1" in m for m in messages)


def test_cli_exit_codes(simweb: SimWeb, tmp_path: Path) -> None:
    a = page(simweb, "site-a.test", "/a", TOPICS[0])
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump(config(simweb)), encoding="utf-8")
    runner = CliRunner()
    ok = runner.invoke(
        app,
        [
            "collect",
            "--url",
            a,
            "--url",
            simweb.url("/missing", host="site-b.test"),
            "--topic",
            "harbour",
            "--json",
            "--config",
            str(path),
        ],
    )
    assert ok.exit_code == 0, ok.output
    data = json.loads(ok.stdout)
    assert data["sources"][0]["url"] == a and data["gaps"][0]["type"] == "fetch_failed"
    bad = runner.invoke(
        app, ["collect", "--time-range", "decade", "--query", "x", "--json", "--config", str(path)]
    )
    assert bad.exit_code == 2
    assert "hint" in json.loads(bad.stdout)
