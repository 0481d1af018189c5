"""One contract on the command line (issue 25): usage errors, hostile page text, the small MCP profile.

Real subprocesses (``python -m webquorum``) against the simulated web: a usage error is exit 2 with
one JSON object on stdout under ``--json`` and nothing on stdout without it; page text carrying
terminal escapes (clipboard writes, title changes, screen clears, hidden hyperlinks) prints without
them; URLs print percent-encoded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from mcp import Client as McpClient
from mcp import StdioServerParameters

from tests.sim.mcp import SITES, research_web
from tests.sim.web import Reply, SimWeb

REPO = Path(__file__).resolve().parent.parent
ESC = "\x1b"
# An OSC 52 clipboard write, a window-title change, a screen clear, an 8-bit CSI and a hidden hyperlink.
HOSTILE = (
    f"The ferry leaves at nine.{ESC}]52;c;cm0gLXJmIH4={chr(7)} Tickets cost four euros.{ESC}[2J{ESC}]0;owned{chr(7)}"
    f" Boarding closes early.\x9b31m See {ESC}]8;;http://evil.test/{ESC}\\the timetable{ESC}]8;;{ESC}\\ for details."
)
PAGE = f"""<html><head><title>Ferry {ESC}]0;title-hijack{chr(7)}times</title></head><body><article>
<h1>Ferry times</h1><p>{HOSTILE}</p><p>The harbour office publishes the winter timetable every October.</p>
<p><a href="/plan/winter timetable.html">Winter plan</a> <a href="/plan/übersicht">Übersicht</a></p>
</article></body></html>"""


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(REPO / "src"), "NO_COLOR": "1", **(env or {})}
    full.pop("WEBQUORUM_CONFIG", None)
    return subprocess.run(
        [sys.executable, "-m", "webquorum", *args],
        capture_output=True,
        text=True,
        timeout=90,
        env=full,
        cwd=REPO,
    )


@pytest.fixture(scope="module")
def hostile(web: SimWeb, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    config = tmp_path_factory.mktemp("contract") / "webquorum.yaml"
    config.write_text(yaml.safe_dump(research_web(web)), encoding="utf-8")
    web.route("/ferry", Reply(body=PAGE.encode("utf-8")), host=SITES[0])
    web.route(
        "/ferry.txt",
        Reply(body=HOSTILE.encode("utf-8"), content_type="text/plain; charset=utf-8"),
        host=SITES[0],
    )
    yield config, web.url("/ferry", host=SITES[0])


@pytest.mark.parametrize(
    "args",
    [["fetch", "http://a.test/", "--budget", "0"], ["search", "x", "--max-results", "0"], ["nosuchcommand"]],
)
def test_a_usage_error_follows_the_contract(args: list[str]) -> None:
    with_json = run(*args, "--json")
    assert with_json.returncode == 2
    error = json.loads(with_json.stdout)  # exactly one JSON object on stdout
    assert error["code"] == "WEB_BAD_REQUEST" and error["message"] and error["hint"]
    plain = run(*args)
    assert plain.returncode == 2 and plain.stdout == ""
    assert "error WEB_BAD_REQUEST: " in plain.stderr and "Traceback" not in plain.stderr
    if "--budget" in args:
        assert "--budget" in error["message"]  # names the option


def test_version_answers_alone() -> None:
    done = run("--version")
    assert done.returncode == 0 and done.stdout.startswith("webquorum ") and done.stderr == ""


def _clean(text: str) -> None:
    assert ESC not in text and "\x07" not in text and "\x9b" not in text, repr(text)


@pytest.mark.parametrize("path", ["/ferry", "/ferry.txt"])
def test_fetch_prints_page_text_without_terminal_escapes(hostile: tuple[Path, str], path: str) -> None:
    config, url = hostile
    done = run("fetch", url.replace("/ferry", path), "--config", str(config))
    assert done.returncode == 0, done.stderr
    _clean(done.stdout)
    assert "Tickets cost four euros." in done.stdout and "the timetable" in done.stdout
    if path.endswith(".txt"):  # plain text is printed as served: only the sequences go, whole
        assert "owned" not in done.stdout and "evil.test" not in done.stdout


def test_links_print_percent_encoded_and_clean(hostile: tuple[Path, str]) -> None:
    config, url = hostile
    done = run("links", url, "--config", str(config))
    assert done.returncode == 0, done.stderr
    _clean(done.stdout)
    assert "/plan/winter%20timetable.html" in done.stdout and "/plan/%C3%BCbersicht" in done.stdout
    assert "winter timetable.html" not in done.stdout


def test_collect_prints_passages_once_and_clean(hostile: tuple[Path, str]) -> None:
    config, url = hostile
    done = run("collect", "--url", url, "--topic", "ferry tickets", "--config", str(config))
    assert done.returncode == 0, done.stderr
    _clean(done.stdout)
    assert (
        "(score" not in done.stdout and "None" not in done.stdout and done.stdout.startswith("1 source for: ")
    )


async def test_mcp_small_flag_serves_two_tools(hostile: tuple[Path, str]) -> None:
    config, _ = hostile
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "webquorum", "mcp", "--small", "--config", str(config)],
        cwd=str(REPO),
    )
    async with McpClient(params) as client:
        assert [t.name for t in (await client.list_tools()).tools] == ["web_search", "web_fetch"]
    refused = run("mcp", "--small", "--http", "--workers", "2", "--config", str(config))
    assert refused.returncode == 2 and "mcp.profile: small" in refused.stderr


def test_expected_hash_takes_the_bare_digits_and_refuses_a_malformed_one(hostile: tuple[Path, str]) -> None:
    config, url = hostile
    first = run("fetch", url, "--json", "--config", str(config))
    digest = json.loads(first.stdout)["content_hash"]
    assert digest.startswith("sha256:")
    again = run(
        "fetch", url, "--expected-hash", digest.removeprefix("sha256:").upper(), "--config", str(config)
    )
    assert again.returncode == 0, again.stderr
    bad = run("fetch", url, "--expected-hash", "sha256:1234", "--json", "--config", str(config))
    assert bad.returncode == 2 and "--expected-hash" in json.loads(bad.stdout)["message"]
    assert "changed" not in bad.stdout + bad.stderr  # a usage error, not "the page changed"


def test_search_and_brief_print_provider_text_without_escapes(simweb: SimWeb, tmp_path: Path) -> None:
    from tests.sim.providers import host_of, provider_config

    hostile = {
        "query": "ferry",
        "results": [
            {
                "url": f"http://{SITES[0]}:{simweb.port}/gone page",
                "engines": ["sim"],
                "title": f"Ferry times{ESC}]0;owned{chr(7)}",
                "content": f"Leaves at nine.{ESC}]52;c;cm0gLXJmIH4={chr(7)}{ESC}[2J Boarding early.",
            }
        ],
    }
    simweb.route(
        "/search",
        Reply(body=json.dumps(hostile).encode(), content_type="application/json"),
        host=host_of("searxng"),
    )
    config = provider_config(simweb, ["searxng"])
    config["web"] = {"search_provider": "searxng"}
    path = tmp_path / "webquorum.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    for command in ("search", "brief"):
        done = run(command, "ferry", "--config", str(path))
        assert done.returncode == 0, done.stderr
        _clean(done.stdout)
        assert "Leaves at nine." in done.stdout and "owned" not in done.stdout
    listed = run("search", "ferry", "--config", str(path)).stdout
    assert "/gone%20page" in listed  # the URL as one token
