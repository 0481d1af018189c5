"""The MCP server as TypeScript clients see it: the SDK client desktop apps embed, and the Inspector CLI.

Those clients check every result's structured content against the tool's output schema, error
results included, and raise instead of showing the result; the Python SDK does not, so only
these tests can catch a result that desktop clients would refuse. Every tool is called with good
and bad arguments over stdio and streamable HTTP, and the client must see the text and, for an
error, a hint that fits the cause. Skips (saying why) where node or npm is missing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from tests.sim.mcp import free_port, page_url, research_web, spawn_http
from tests.sim.node import inspector, ts_clients
from tests.sim.web import SimWeb

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NO_KEY_ENV = "WEBQUORUM_TEST_UNSET_BRAVE_KEY"
# A provider without its key: "retry later" would send an agent round a loop that cannot succeed.
UNAVAILABLE = "WEB_PROVIDER_CONFIGURED_UNAVAILABLE"
MUST_SAY = {UNAVAILABLE: (NO_KEY_ENV, "key variable")}  # (in the message, in the hint)
HINT_MUST_NOT_SAY = {UNAVAILABLE: "retry"}


@pytest.fixture(scope="module")
def clients() -> Path:
    return ts_clients()


@pytest.fixture(scope="module")
def config_dir(web: SimWeb, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding ``webquorum.yaml``: the simulated web, discovery on, and brave without a key."""
    config = research_web(web, mcp={"enable_discovery": True})
    config["providers"] = [*config["providers"], "brave"]
    config["overrides"]["brave"] = {"api_key_env": NO_KEY_ENV}
    folder = tmp_path_factory.mktemp("ts")
    (folder / "webquorum.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    return folder


def plan(web: SimWeb) -> list[tuple[str, dict[str, Any], str | None]]:
    """(tool, arguments, expected error code or None for success), for every tool."""
    page = page_url(web)
    evidence = {
        "objective": "check",
        "entities": ["Kestrel Bridge"],
        "claims_to_verify": ["The Kestrel Bridge is 1,240 metres long"],
    }
    return [
        ("web_search", {"query": "how long is the kestrel bridge"}, None),
        ("web_search", {"query": ""}, "WEB_BAD_REQUEST"),
        ("web_search", {"query": "kestrel", "provider": "brave"}, UNAVAILABLE),
        ("web_fetch", {"url": page, "budget": 500}, None),
        ("web_fetch", {"url": "file:///etc/passwd"}, "WEB_FETCH_BAD_URL"),
        ("web_fetch", {"url": page_url(web, "/missing")}, "WEB_FETCH_HTTP_ERROR"),
        (
            "web_fetch",
            {"url": page, "expected_content_hash": "sha256:" + "0" * 64},
            "WEB_FETCH_CONTENT_CHANGED",
        ),
        ("web_links", {"url": page, "limit": 5}, None),
        ("web_links", {"url": page, "limit": 0}, "WEB_BAD_REQUEST"),
        ("research_collect", {"queries": ["kestrel bridge"]}, None),
        ("research_collect", {"queries": ["kestrel"], "colour": "red"}, "WEB_BAD_REQUEST"),
        ("search_web_evidence", evidence, None),
        ("search_web_evidence", {"objective": "check"}, "web_evidence_brief_incomplete"),
        ("web_search_results", {"query": "kestrel"}, None),
        ("web_search_results", {"query": "kestrel", "time_range": "decade"}, "WEB_BAD_REQUEST"),
        ("web_search_results", {"query": "kestrel", "provider": "brave"}, UNAVAILABLE),
        (
            "discover_web_market_signals",
            {"objective": "new plants", "signals": ["opened a new plant"], "geographies": ["Vell"]},
            None,
        ),
        (
            "discover_web_market_signals",
            {"objective": "plants", "signals": []},
            "web_discovery_brief_too_broad",
        ),
    ]


def server_command() -> list[str]:
    """The installed console script, as a desktop client's config names it."""
    return [str(Path(sys.executable).parent / "webquorum"), "mcp"]


@pytest.fixture(scope="module", params=["stdio", "http"])
def target(
    request: pytest.FixtureRequest, config_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    """How a client reaches the server: a command to spawn (stdio) or a running server's URL (HTTP)."""
    if request.param == "stdio":
        command = server_command()
        yield {"transport": "stdio", "command": command[0], "args": command[1:], "cwd": str(config_dir)}
        return
    port = free_port()
    proc = spawn_http(config_dir / "webquorum.yaml", port, tmp_path_factory.mktemp("ts-http"))
    try:
        yield {"transport": "http", "url": f"http://127.0.0.1:{port}/mcp"}
    finally:
        proc.terminate()
        proc.wait(10)


def assert_seen(name: str, expected: str | None, outcome: dict[str, Any]) -> None:
    """What an agent behind a TypeScript client gets: the result, never the client's own exception."""
    assert "thrown" not in outcome, (
        f"{name}: the TypeScript client refused the result: {outcome.get('thrown')}"
    )
    text = outcome["text"]
    assert "Traceback" not in text
    if expected is None:
        assert not outcome["isError"], f"{name}: {text}"
        assert text.strip() and outcome["structured"] is not None
        return
    assert outcome["isError"], f"{name}: expected {expected}, got a success"
    first, hint = text.split("\n")
    assert first.startswith(f"{expected}: "), text
    assert hint.startswith("hint: ") and len(hint) > len("hint: "), text
    assert outcome["structured"] is None  # what TypeScript clients would check against the output schema
    if expected in MUST_SAY:
        assert MUST_SAY[expected][0] in first and MUST_SAY[expected][1] in hint, text
    if expected in HINT_MUST_NOT_SAY:
        assert HINT_MUST_NOT_SAY[expected] not in hint.lower(), text


def test_the_sdk_client_sees_every_result_and_hint(
    clients: Path, target: dict[str, Any], web: SimWeb
) -> None:
    calls = plan(web)
    env_plan = {**target, "calls": [{"name": name, "arguments": args} for name, args, _ in calls]}
    done = subprocess.run(
        ["node", str(HERE / "ts_client.cjs"), str(clients)],
        input=json.dumps(env_plan),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines[0]["tools"]) == 7
    outcomes = lines[1:]
    assert [o["name"] for o in outcomes] == [name for name, _, _ in calls]
    for (name, _, expected), outcome in zip(calls, outcomes, strict=True):
        assert_seen(name, expected, outcome)


INSPECTOR_TOOL_ERROR = 5  # the Inspector CLI's exit status for a result it showed with isError: true


def run_inspector(
    clients: Path, target: dict[str, Any], tool: str, args: dict[str, Any], *, error: bool
) -> dict[str, Any]:
    """One ``mcp-inspector --cli`` tools/call, as the issue reproduced it; its JSON output, parsed."""
    where = (
        [target["command"], *target["args"], "--cwd", target["cwd"]]
        if target["transport"] == "stdio"
        else [target["url"]]
    )
    pairs = [f"{key}={value if isinstance(value, str) else json.dumps(value)}" for key, value in args.items()]
    done = subprocess.run(
        [
            str(inspector(clients)),
            "--cli",
            *where,
            "--method",
            "tools/call",
            "--tool-name",
            tool,
            "--tool-arg",
            *pairs,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == (INSPECTOR_TOOL_ERROR if error else 0), (
        f"inspector exit {done.returncode}: {done.stdout[-2000:]} {done.stderr[-2000:]}"
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def inspector_outcome(result: dict[str, Any], name: str) -> dict[str, Any]:
    text = "\n".join(c["text"] for c in result.get("content", []) if c.get("type") == "text")
    return {
        "name": name,
        "isError": bool(result.get("isError")),
        "text": text,
        "structured": result.get("structuredContent"),
    }


@pytest.mark.parametrize(
    ("tool", "args", "expected"),
    [
        ("web_fetch", {"url": "file:///etc/passwd"}, "WEB_FETCH_BAD_URL"),  # the reproduction
        ("web_search_results", {"query": "kestrel", "max_results": 3}, None),
    ],
)
def test_the_inspector_cli_sees_the_result(
    clients: Path, target: dict[str, Any], tool: str, args: dict[str, Any], expected: str | None
) -> None:
    assert_seen(
        tool,
        expected,
        inspector_outcome(run_inspector(clients, target, tool, args, error=expected is not None), tool),
    )
