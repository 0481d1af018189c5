"""Protocol hygiene and the tool list's size, with the official Python SDK client (issue 25).

The tool list is what a model reads on every turn, so its size is a contract: the default server
under 8,000 characters, the small-model profile under 2,500. Unknown names are JSON-RPC errors
(-32602), never an ``isError`` result, an error code 0 or a logged traceback; resources are not
advertised; the prompt is real. A stdio server writes nothing to stderr while it works.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp import Client as McpClient
from mcp import StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS, METHOD_NOT_FOUND
from tests.sim.mcp import page_url, research_web
from tests.sim.web import SimWeb

import webquorum
from webquorum.mcp.server import build_server

REPO = Path(__file__).resolve().parent.parent.parent


def listed_chars(tools: list[Any]) -> int:
    """The tool list as JSON (json.dumps' default separators, so a little over the wire's size)."""
    return len(json.dumps([t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]))


async def test_default_tool_list_is_under_8000_characters_and_still_validates(web: SimWeb) -> None:
    async with webquorum.Client(research_web(web)) as wq, McpClient(build_server(wq)) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert listed_chars(list(tools.values())) < 8000
        for tool in tools.values():
            assert "title" not in tool.input_schema and "description" not in tool.input_schema
            assert tool.input_schema["additionalProperties"] is False
        # the fetch window's fields are what a program chains on: its output schema stays, whole
        fetch_out = tools["web_fetch"].output_schema
        assert fetch_out is not None and {"offset", "content_hash", "truncated", "text"} <= set(
            fetch_out["required"]
        )
        read = await client.call_tool("web_fetch", {"url": page_url(web), "budget": 200})
        assert not read.is_error and read.structured_content is not None  # validated against it by the client
        # the larger results carry structured content without a schema to repeat on every turn
        assert tools["research_collect"].output_schema is None
        found = await client.call_tool("web_search", {"query": "how long is the kestrel bridge"})
        assert found.structured_content is not None and found.structured_content["agreed"]


async def test_small_profile_lists_two_lean_tools_that_work(web: SimWeb) -> None:
    async with (
        webquorum.Client(research_web(web, mcp={"profile": "small"})) as wq,
        McpClient(build_server(wq)) as client,
    ):
        tools = (await client.list_tools()).tools
        assert [t.name for t in tools] == ["web_search", "web_fetch"]
        assert listed_chars(tools) < 2500
        search = tools[0].description or ""
        assert (
            '"Answer"' in search
            and "Disagreement" in search
            and "cite two URLs" in search
            and "untrusted_page_text" in search
        )
        brief = await client.call_tool("web_search", {"query": "how long is the kestrel bridge"})
        assert not brief.is_error and "Answer (long kestrel bridge): " in brief.content[0].text  # type: ignore[union-attr]
        page = await client.call_tool("web_fetch", {"url": page_url(web)})
        assert not page.is_error and "Kestrel Bridge" in page.content[0].text  # type: ignore[union-attr]
        wider = await client.call_tool("web_search", {"query": "kestrel", "sources": 3})
        assert wider.is_error and "sources" in wider.content[0].text  # type: ignore[union-attr]


async def test_unknown_names_are_invalid_params_and_resources_are_not_advertised(web: SimWeb) -> None:
    async with webquorum.Client(research_web(web)) as wq, McpClient(build_server(wq)) as client:
        with pytest.raises(MCPError) as tool:
            await client.call_tool("web_serach", {"query": "x"})
        assert tool.value.code == INVALID_PARAMS and "web_search" in tool.value.message  # names what exists
        with pytest.raises(MCPError) as prompt:
            await client.get_prompt("summarise")
        assert prompt.value.code == INVALID_PARAMS and "answer_from_sources" in prompt.value.message
        with pytest.raises(MCPError) as missing:
            await client.get_prompt("answer_from_sources")
        assert missing.value.code == INVALID_PARAMS and "question" in missing.value.message
        with pytest.raises(MCPError) as resource:
            await client.read_resource("file:///etc/passwd")
        assert resource.value.code == METHOD_NOT_FOUND
        assert client.server_capabilities.resources is None
        assert client.server_capabilities.prompts is not None


async def test_the_prompt_teaches_reading_a_brief(web: SimWeb) -> None:
    async with webquorum.Client(research_web(web)) as wq, McpClient(build_server(wq)) as client:
        [listed] = (await client.list_prompts()).prompts
        assert listed.name == "answer_from_sources" and [a.name for a in listed.arguments or []] == [
            "question"
        ]
        got = await client.get_prompt("answer_from_sources", {"question": "how tall is the Vell lighthouse"})
        roles = [m.role for m in got.messages]
        assert roles == ["user", "assistant", "user"]
        example, answer, ask = (m.content.text for m in got.messages)  # type: ignore[union-attr]
        assert "Disagreement:" in example and "city-guide.test" in answer and answer.count("https://") >= 2
        assert "how tall is the Vell lighthouse" in ask and "web_search" in ask


async def test_a_quiet_stdio_server_writes_nothing_to_stderr(web: SimWeb, tmp_path: Path) -> None:
    """Unknown names, a bad prompt and real calls (one with progress): stderr stays empty (no traceback, no
    dependency DEBUG)."""
    config = tmp_path / "webquorum.yaml"
    config.write_text(yaml.safe_dump(research_web(web)), encoding="utf-8")
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "webquorum", "mcp", "--config", str(config)], cwd=str(REPO)
    )
    errlog = tmp_path / "stderr.txt"
    with errlog.open("w") as err:
        async with McpClient(stdio_client(params, errlog=err)) as client:
            for probe in (client.call_tool("nope", {}), client.get_prompt("nope")):
                with pytest.raises(MCPError):
                    await probe
            steps: list[str | None] = []

            async def on_progress(progress: float, total: float | None, message: str | None) -> None:
                steps.append(message)

            brief = await client.call_tool(
                "web_search", {"query": "how long is the kestrel bridge"}, progress_callback=on_progress
            )
            assert not brief.is_error
            assert (
                steps[0] and steps[0].startswith("searching") and steps[-1] == "comparing sources"
            )  # over JSON-RPC too
            collected = await client.call_tool(
                "research_collect", {"queries": ["kestrel bridge length"]}
            )  # bm25s logs at DEBUG
            assert not collected.is_error
    assert errlog.read_text() == ""


# -- progress ------------------------------------------------------------------------------------
PROGRESS_CALLS: dict[str, tuple[dict[str, Any], str]] = {
    "web_search": ({"query": "how long is the kestrel bridge"}, "comparing sources"),
    "research_collect": ({"queries": ["kestrel bridge length"]}, "choosing passages"),
    "search_web_evidence": (
        {
            "objective": "check",
            "entities": ["Kestrel Bridge"],
            "claims_to_verify": ["The Kestrel Bridge is 1,240 metres long"],
        },
        "checking claim 1 of 1: reading sources",
    ),
    "discover_web_market_signals": (
        {"objective": "new plants", "signals": ["opened a new plant"], "geographies": ["Vell"]},
        "verifying",
    ),
}


@pytest.mark.parametrize("name", sorted(PROGRESS_CALLS))
async def test_long_tools_send_progress_to_a_client_with_a_token(web: SimWeb, name: str) -> None:
    """The SDK client sends a progress token with a callback; every step arrives, in order, before the
    result."""
    arguments, expected = PROGRESS_CALLS[name]
    seen: list[tuple[float, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, message))

    config = research_web(web, mcp={"enable_discovery": True})
    async with webquorum.Client(config) as wq, McpClient(build_server(wq)) as client:
        result = await client.call_tool(name, arguments, progress_callback=on_progress)
        assert not result.is_error, result.content
        assert len(seen) >= 2, seen
        assert [p for p, _ in seen] == sorted({p for p, _ in seen})  # strictly increasing
        assert any(expected in (m or "") for _, m in seen), seen
        quiet = await client.call_tool(name, arguments)  # no token: nothing is sent, the call still works
        assert not quiet.is_error


async def test_a_brief_with_no_results_says_nothing_was_found(simweb: SimWeb) -> None:
    from tests.sim.providers import host_of, provider_config
    from tests.sim.web import Reply

    simweb.route(
        "/search",
        Reply(body=b'{"query": "zzq", "results": []}', content_type="application/json"),
        host=host_of("searxng"),
    )
    config = provider_config(simweb, ["searxng"])
    config["web"] = {"search_provider": "searxng"}
    async with webquorum.Client(config) as wq, McpClient(build_server(wq)) as client:
        result = await client.call_tool("web_search", {"query": "zzq qqz"})
        shown = result.content[0].text  # type: ignore[union-attr]
        assert (
            not result.is_error
            and "Nothing was found for this query" in shown
            and "could be read" not in shown
        )
