"""research_collect's offsets property: every excerpt is the fetch text at its offsets, and its expand
call works as the MCP tool takes it, over every page fixture, a PDF, non-ASCII text and any plain text."""

from __future__ import annotations

import asyncio
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.pipelines.test_collect import (  # noqa: F401  (warm_extractors is an autouse fixture)
    article,
    config,
    pdf_bytes,
    warm_extractors,
)
from tests.sim.sites import PAGES
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.mcp.tools import WebFetchArgs
from webquorum.types.collect import CollectResult


def fixture_web(web: SimWeb) -> list[str]:
    """Every HTML page fixture, a PDF, and non-ASCII text (accents, CJK, astral emoji, CRLF), one host
    each."""
    bodies: list[tuple[str, bytes, str]] = [
        (p.name, p.read_bytes(), "text/html") for p in sorted(PAGES.glob("*.html"))
    ]
    unicode_text = "".join(
        f"Zürich 🚢 harbour tariff №{i}: 港口关税 rose, naïve café owners said.\r\n" for i in range(40)
    )
    unicode_html = article("Ünïcode 🚢", "harbour tariff 🚢 Zölle").replace(
        "town council", "conseil municipal — 市议会 𝔘"
    )
    bodies += [
        ("doc.pdf", pdf_bytes("harbour tariff"), "application/pdf"),
        ("unicode.txt", unicode_text.encode(), "text/plain; charset=utf-8"),
        ("unicode.html", unicode_html.encode(), "text/html; charset=utf-8"),
    ]
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
        result = await wq.collect(
            urls=urls, topic="harbour tariff price login 🚢 港口关税", max_sources=len(urls)
        )
        assert isinstance(result, CollectResult)
        readable = {s.url for s in result.sources}
        gapped = {g.url for g in result.gaps if g.type in ("fetch_blocked", "unreadable", "fetch_failed")}
        assert readable | gapped == set(urls)
        assert any("🚢" in ex.text for s in result.sources for ex in s.excerpts), (
            "astral characters count as one"
        )
        assert await check_offsets(wq, result) >= len(readable)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    text=st.lists(
        st.sampled_from(
            ["harbour", "tariff", " ", ". ", "\n", "\r\n", "\t", "é", "🚢", "港", "\u200b", "x", "ß"]
        ),
        min_size=40,
        max_size=300,
    ).map("".join)
)
def test_offsets_hold_for_any_plain_text(simweb: SimWeb, text: str) -> None:
    state = {"body": text.encode()}
    simweb.route(
        "/any.txt",
        lambda req: Reply(body=state["body"], content_type="text/plain; charset=utf-8"),
        host="site-a.test",
    )
    url = simweb.url("/any.txt", host="site-a.test")

    async def go() -> None:
        async with Client(config(simweb, excerpt_chars=100)) as wq:
            result = await wq.collect(urls=[url], topic="harbour tariff 🚢")
            assert isinstance(result, CollectResult)
            await check_offsets(wq, result)

    asyncio.run(go())
