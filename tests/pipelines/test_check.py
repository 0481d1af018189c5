"""check_answer end to end on a loopback web, through the API, the CLI and the MCP tool.

The sources are real pages served by the simulated web: read by a brief, by collect, or by URL.
The draft answers plant the errors a small model makes (a changed figure, a wrong unit, an
invented URL, a name no source gives) beside values the sources do back after rounding.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from mcp import Client as McpClient
from tests.sim.web import Reply, Request, SimWeb

from webquorum import CheckResult, Client
from webquorum.cli import app
from webquorum.errors import BadRequestError
from webquorum.mcp.server import build_server

HOSTS = ["harbour-news.test", "civil-eng.test", "city-guide.test"]
PAGES = {
    "harbour-news.test": (
        "Harbour Bridge opens",
        "The Harbour Bridge in Westbury opened on 4 September 2021 after three years of work. "
        "The bridge is 1,240 metres long and cost $81.62 billion according to the city. "
        "Mayor Priya Raman of Westbury cut the ribbon in front of 12,000 people.",
    ),
    "civil-eng.test": (
        "A long span for Westbury",
        "Engineers at Norland Works built the Harbour Bridge, which is 1,240 metres long. "
        "Its main span reaches 410 metres, and the deck carries four lanes of traffic.",
    ),
}
GOOD = "The Harbour Bridge is 1,240 m long and cost $81.6bn; Mayor Priya Raman opened it on September 4, 2021 (https://harbour-news.test/a)."
BAD = (
    "The Harbour Bridge is 1,420 metres long and cost $81.6 million; Mayor Daniel Okafor opened it "
    "on September 4, 2021 (https://harbour-news.test/a, https://invented.test/bridge)."
)


def config(web: SimWeb, **mcp: Any) -> dict[str, Any]:
    return {
        "providers": ["searxng"],
        "overrides": {"searxng": {"base_url": web.base_url, "timeout_s": 1.0}},
        "web": {"search_provider": "searxng"},
        "network": {
            "allow_hosts": HOSTS,
            "resolve": {h: "127.0.0.1" for h in HOSTS},
            "retry_waits": False,
            "retries": 0,
            "fetch_deadline_s": 5.0,
        },
        "cache": {"enabled": False},
        "mcp": mcp,
    }


def serve(web: SimWeb) -> list[str]:
    urls = []
    for host, (title, body) in PAGES.items():
        paras = "".join(f"<p>{sentence}.</p>" for sentence in body.split(". "))
        html = f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>{paras}</article></body></html>"
        web.route("/a", Reply(body=html), host=host)
        urls.append(web.url("/a", host=host))

    def search(req: Request) -> Reply:
        results = [
            {"url": u, "title": f"Result {i}", "content": "harbour bridge"} for i, u in enumerate(urls)
        ]
        return Reply(body=json.dumps({"results": results}), content_type="application/json")

    web.route("/search", search)
    return urls


def statuses(result: CheckResult) -> dict[str, str]:
    return {i.text: i.status for i in result.items}


def assert_planted_errors_caught(result: CheckResult) -> None:
    found = statuses(result)
    assert found["1,420 metres"] == "contradicted"  # another value for the bridge's length
    assert found["$81.6 million"] in ("contradicted", "not_in_sources")  # the wrong scale is no rounding
    assert found["Daniel Okafor"] in ("contradicted", "not_in_sources")
    assert found["September 4, 2021"] == "backed"
    assert {u.url: u.status for u in result.urls}["https://invented.test/bridge"] == "not_in_sources"
    assert "invented.test" in result.report and "1,420 metres" in result.report


async def test_a_faithful_draft_is_backed_by_the_brief_with_passages_that_slice_the_source(
    simweb: SimWeb,
) -> None:
    serve(simweb)
    async with Client(config(simweb)) as wq:
        brief = (await wq.brief("how long is the harbour bridge", sources=2)).model_dump(mode="json")
        good = await wq.check_answer(
            answer=GOOD.replace("https://harbour-news.test/a", brief["sources"][0]["url"]), brief=brief
        )
        bad = await wq.check_answer(answer=BAD, brief=brief)
    assert set(statuses(good).values()) == {"backed"}, good.report
    assert all(u.status == "backed" for u in good.urls) and good.report.endswith("send it")
    texts = {s["url"]: s["text"] for s in brief["sources"]}
    for item in good.items:
        assert item.source_url is not None and item.start is not None
        assert texts[item.source_url][item.start : item.end] == item.passage
    assert statuses(good)["$81.6bn"] == "backed"  # rounding: $81.62 billion
    assert_planted_errors_caught(bad)


async def test_collect_sources_give_document_offsets_and_the_fetch_hash(simweb: SimWeb) -> None:
    urls = serve(simweb)
    async with Client(config(simweb)) as wq:
        collected = (await wq.collect(urls=urls, topic="harbour bridge length")).model_dump(mode="json")
        result = await wq.check_answer(answer=BAD, collect=collected)
        backed = next(i for i in result.items if i.status == "backed" and i.kind == "date")
        assert backed.source_url is not None and backed.start is not None and backed.end is not None
        page = await wq.fetch(
            backed.source_url,
            offset=backed.start,
            budget=backed.end - backed.start,
            expected_content_hash=backed.content_hash,
        )
    assert page.text == backed.passage
    assert_planted_errors_caught(result)
    fix = next(line for line in result.report.splitlines() if line.startswith("URL in no source"))
    assert fix.count(urls[0]) == 1 and urls[1] in fix  # each source once, however many excerpts it gave


async def test_urls_are_the_only_pages_read(simweb: SimWeb) -> None:
    urls = serve(simweb)
    async with Client(config(simweb)) as wq:
        result = await wq.check_answer(
            answer=BAD.replace("https://harbour-news.test/a", urls[0]), urls=urls[:2]
        )
    assert_planted_errors_caught(result)
    assert not simweb.requests_to("/search") and not simweb.requests_to("/a", host="city-guide.test")


async def test_an_unreadable_url_is_named_and_all_unreadable_fails(simweb: SimWeb) -> None:
    urls = serve(simweb)
    simweb.route("/gone", Reply(status=404, body="no"), host="civil-eng.test")
    gone = simweb.url("/gone", host="civil-eng.test")
    async with Client(config(simweb)) as wq:
        result = await wq.check_answer(answer=GOOD, urls=[urls[0], gone])
        assert [u.url for u in result.unread] == [gone] and gone in result.report
        with pytest.raises(Exception) as failed:
            await wq.check_answer(answer=GOOD, urls=[gone])
    assert getattr(failed.value, "exit_code", None) == 1


async def test_bad_requests_name_the_field_and_the_fix(simweb: SimWeb) -> None:
    async with Client(config(simweb)) as wq:
        with pytest.raises(BadRequestError, match="give the sources"):
            await wq.check_answer(answer="It is 5 km long.")
        with pytest.raises(BadRequestError, match=r"brief\.sources\[0\]\.text is int"):
            await wq.check_answer(
                answer="It is 5 km long.", brief={"sources": [{"url": "https://a.test/", "text": 5}]}
            )
        with pytest.raises(BadRequestError, match="answer"):
            await wq.check_answer(answer="x" * 20_001, urls=["https://a.test/"])


def test_cli_check_text_json_and_exit_codes(simweb: SimWeb, tmp_path: Path) -> None:
    urls = serve(simweb)
    cfg = tmp_path / "c.yaml"
    cfg.write_text(json.dumps(config(simweb)), encoding="utf-8")
    runner = CliRunner()
    made = runner.invoke(app, ["collect", "-u", urls[0], "-u", urls[1], "--config", str(cfg), "--json"])
    assert made.exit_code == 0, made.output
    collected = tmp_path / "collect.json"
    collected.write_text(made.stdout, encoding="utf-8")
    text = runner.invoke(
        app, ["check", "--answer", "-", "--collect", str(collected), "--config", str(cfg)], input=BAD
    )
    assert text.exit_code == 0, text.output  # whatever the verdicts
    assert (
        'contradicted: "1,420 metres"' in text.stdout
        and "URL in no source: https://invented.test/bridge" in text.stdout
    )
    as_json = runner.invoke(
        app, ["check", "-a", BAD, "--collect", str(collected), "--config", str(cfg), "--json"]
    )
    data = json.loads(as_json.stdout)
    assert set(data) >= {"items", "urls"} and {
        "kind",
        "text",
        "status",
        "source_url",
        "passage",
        "start",
        "end",
    } <= set(data["items"][0])
    missing = runner.invoke(
        app, ["check", "-a", BAD, "--brief", str(tmp_path / "nope.json"), "--config", str(cfg)]
    )
    assert missing.exit_code == 2 and "--brief" in missing.stderr and "nope.json" in missing.stderr
    (tmp_path / "bad.json").write_text("[1]", encoding="utf-8")
    not_object = runner.invoke(
        app, ["check", "-a", BAD, "--brief", str(tmp_path / "bad.json"), "--config", str(cfg)]
    )
    assert not_object.exit_code == 2 and "not an object" in not_object.stderr


async def test_mcp_tool_is_off_by_default_and_checks_when_enabled(simweb: SimWeb) -> None:
    urls = serve(simweb)
    async with Client(config(simweb)) as wq, McpClient(build_server(wq)) as client:
        assert "check_answer" not in {t.name for t in (await client.list_tools()).tools}
    async with Client(config(simweb, enable_check=True)) as wq, McpClient(build_server(wq)) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert tools["check_answer"].input_schema["additionalProperties"] is False
        assert "Before answering" in (tools["check_answer"].description or "")
        brief = await client.call_tool(
            "web_search", {"query": "how long is the harbour bridge", "sources": 2}
        )
        found = await client.call_tool("check_answer", {"answer": BAD, "brief": brief.structured_content})
        assert not found.is_error
        text = found.content[0].text  # type: ignore[union-attr]
        assert 'contradicted: "1,420 metres"' in text and len(text.splitlines()) <= 6
        assert found.structured_content is not None and found.structured_content["urls"]
        wrong = await client.call_tool("check_answer", {"answer": BAD, "sources": urls})
        assert wrong.is_error and "sources" in wrong.content[0].text  # type: ignore[union-attr]
