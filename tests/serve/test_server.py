"""The server as scripts, MCP clients, supervisors and operators use it: JSON doors, /mcp, health, access,
stopping."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client as McpClient
from tests.serve.conftest import Served, running
from tests.sim.mcp import free_port
from tests.sim.serve import QUESTION, REPO, serve_web, spawn_serve
from tests.sim.web import Request, SimWeb, eventually

TOKEN = "serve-test-token-0123456789"


# -- /brief and /fetch -------------------------------------------------------------------------
def test_brief_json_is_the_cli_brief_json(served: Served, config_file: Path) -> None:
    over_http = httpx2.get(served.base + "/brief", params={"q": QUESTION}, timeout=30)
    assert over_http.status_code == 200
    cli = subprocess.run(
        [sys.executable, "-m", "webquorum", "brief", QUESTION, "--json", "--config", str(config_file)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert cli.returncode == 0, cli.stderr
    assert over_http.json() == json.loads(cli.stdout)
    assert len(over_http.json()["sources"]) == 4


def test_brief_and_fetch_errors_are_json_with_codes(served: Served) -> None:
    empty = httpx2.get(served.base + "/brief", params={"q": ""}, timeout=30)
    assert (
        empty.status_code == 400
        and empty.json()["code"] == "WEB_BAD_REQUEST"
        and "query" in empty.json()["message"]
    )
    many = httpx2.get(served.base + "/brief", params={"q": QUESTION, "sources": "9"}, timeout=30)
    assert many.status_code == 400 and "sources" in many.json()["message"]
    too_big = httpx2.get(
        served.base + "/fetch", params={"url": "http://civil-eng.test/kestrel", "budget": "50000"}, timeout=30
    )
    assert too_big.status_code == 400 and "budget" in too_big.json()["message"]  # web_fetch's own bound
    private = httpx2.get(served.base + "/fetch", params={"url": "http://10.0.0.1/admin"}, timeout=30)
    assert private.status_code == 403 and private.json()["code"] == "WEB_FETCH_FORBIDDEN_ADDRESS"
    gone = httpx2.get(
        served.base + "/fetch",
        params={"url": f"http://harbour-blog.test:{served.web.port}/kestrel"},
        timeout=30,
    )
    assert gone.status_code == 502 and gone.json()["code"].startswith("WEB_FETCH_")


def test_fetch_json_is_web_fetch_over_the_mounted_mcp(served: Served) -> None:
    url = f"http://civil-eng.test:{served.web.port}/kestrel"
    over_http = httpx2.get(served.base + "/fetch", params={"url": url, "budget": "120"}, timeout=30)
    assert over_http.status_code == 200
    data = over_http.json()
    assert data["truncated"] and len(data["text"]) == 120 and data["cut"] == []

    async def via_mcp() -> dict[str, Any]:
        async with McpClient(served.base + "/mcp") as client:
            tools = {tool.name for tool in (await client.list_tools()).tools}
            assert {"web_search", "web_fetch", "web_search_results"} <= tools
            result = await client.call_tool("web_fetch", {"url": url, "budget": 120})
            assert not result.is_error
            assert result.structured_content is not None
            return dict(result.structured_content)

    import anyio

    assert anyio.run(via_mcp) == data


# -- health ------------------------------------------------------------------------------------
def test_healthz_and_readyz(served: Served, web: SimWeb, tmp_path: Path) -> None:
    assert httpx2.get(served.base + "/healthz", timeout=5).json() == {"status": "ok"}
    ready = httpx2.get(served.base + "/readyz", timeout=5)
    assert ready.status_code == 200 and ready.json()["store"] == "ok"
    assert ready.json()["providers_ready"] == ["searxng", "brave"]
    nobody = {
        "providers": ["brave"],
        "overrides": {"brave": {"api_key_env": "WEBQUORUM_TEST_UNSET_KEY"}},
        "cache": {"enabled": True, "path": str(tmp_path / "cache.db")},
    }
    with running(nobody) as base:
        not_ready = httpx2.get(base + "/readyz", timeout=5)
    assert not_ready.status_code == 503
    assert not_ready.json() == {"status": "not ready", "store": "ok", "cache": "ok", "providers_ready": []}


# -- the gate ----------------------------------------------------------------------------------
def test_calls_past_the_cap_are_refused_not_queued() -> None:
    slow_web = SimWeb().start()
    try:
        config = serve_web(slow_web, latency_s=0.8, mcp={"max_concurrent": 1})
        with running(config) as base:
            answers: list[httpx2.Response] = []
            first = threading.Thread(
                target=lambda: answers.append(httpx2.get(base + "/brief", params={"q": QUESTION}, timeout=30))
            )
            first.start()
            time.sleep(0.3)
            busy = httpx2.get(base + "/brief", params={"q": QUESTION}, timeout=30)
            searx_busy = httpx2.get(base + "/search", params={"q": QUESTION, "format": "json"}, timeout=30)
            first.join(30)
        assert (
            busy.status_code == 503
            and busy.json()["code"] == "WEB_MCP_BUSY"
            and busy.headers["retry-after"] == "1"
        )
        assert searx_busy.status_code == 429 and "error" in searx_busy.json()
        assert answers and answers[0].status_code == 200
    finally:
        slow_web.stop()


# -- access ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def guarded(config_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    proc, port, _ = spawn_serve(
        config_file, tmp_path_factory.mktemp("guarded"), env={"WEBQUORUM_MCP_TOKEN": TOKEN}
    )
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(15)


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/search?q=kestrel&format=json",
        "/brief?q=kestrel",
        "/fetch?url=x",
        "/healthz",
        "/assets/page.css",
        "/mcp",
    ],
)
def test_a_set_token_guards_every_route(guarded: str, path: str) -> None:
    resp = httpx2.get(guarded + path, timeout=30)
    assert resp.status_code == 401 and resp.headers["www-authenticate"].startswith("Bearer")
    assert (
        httpx2.get(guarded + path, headers={"Authorization": "Bearer wrong"}, timeout=30).status_code == 401
    )


def test_each_client_can_present_the_token(guarded: str) -> None:
    search = "/search?q=kestrel&format=json"
    assert (
        httpx2.get(guarded + search, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30).status_code
        == 200
    )
    assert (
        httpx2.get(guarded + search, headers={"X-API-Key": TOKEN}, timeout=30).status_code == 200
    )  # LibreChat
    assert (
        httpx2.get(guarded + search + f"&token={TOKEN}", timeout=30).status_code == 200
    )  # Open WebUI's query URL
    with httpx2.Client(timeout=30) as browser:
        swap = browser.get(guarded + f"/?token={TOKEN}&q=")
        assert swap.status_code == 303 and "token" not in swap.headers["location"]
        assert (
            "httponly" in swap.headers["set-cookie"].lower()
            and "samesite=strict" in swap.headers["set-cookie"].lower()
        )
        assert browser.get(guarded + "/").status_code == 200  # the cookie carries it from now on


def test_host_and_origin_are_checked_on_every_route(guarded: str) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}"}
    assert (
        httpx2.get(guarded + "/healthz", headers={**auth, "Host": "evil.test"}, timeout=5).status_code == 421
    )
    assert (
        httpx2.get(
            guarded + "/healthz", headers={**auth, "Origin": "http://evil.test"}, timeout=5
        ).status_code
        == 403
    )
    port = guarded.rsplit(":", 1)[1]
    assert (
        httpx2.get(
            guarded + "/healthz", headers={**auth, "Origin": f"http://localhost:{port}"}, timeout=5
        ).status_code
        == 200
    )


def test_binds_to_loopback_by_default(served: Served) -> None:
    table = Path("/proc/net/tcp")
    if not table.exists():
        pytest.skip("needs Linux /proc/net/tcp")
    listening = [
        fields[1]
        for fields in (line.split() for line in table.read_text().splitlines()[1:])
        if fields[3] == "0A" and int(fields[1].split(":")[1], 16) == served.port
    ]
    assert listening == ["0100007F:" + f"{served.port:04X}"]


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k != "WEBQUORUM_MCP_TOKEN"}
    return subprocess.run(
        [sys.executable, "-m", "webquorum", "serve", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env={**base, **(env or {})},
        stdin=subprocess.DEVNULL,
    )


def test_a_public_bind_without_a_token_and_a_taken_port_are_usage_errors(config_file: Path) -> None:
    public = run_cli("--host", "0.0.0.0", "--port", str(free_port()), "--config", str(config_file))
    assert public.returncode == 2
    assert (
        "WEB_CONFIG_INVALID" in public.stderr
        and "WEBQUORUM_MCP_TOKEN" in public.stderr
        and "Traceback" not in public.stderr
    )
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        busy = run_cli("--port", str(taken.getsockname()[1]), "--config", str(config_file))
    assert busy.returncode == 2 and "already in use" in busy.stderr and "Traceback" not in busy.stderr


# -- running and stopping ----------------------------------------------------------------------
def test_prints_the_url_logs_json_and_stops_on_ctrl_c_within_bounds(
    web: SimWeb, config_file: Path, tmp_path: Path
) -> None:
    """Ctrl-C with a page stuck on a search whose answer is held until HOLD_CAP_S (60 s): the server ends that
    call after its grace and exits 130 well before the answer could come, cutting the search and the page."""
    proc, port, log = spawn_serve(config_file, tmp_path, args=("--json-logs",))
    try:
        assert (
            httpx2.get(
                f"http://127.0.0.1:{port}/search",
                params={"q": "kestrel", "format": "json", "token": "secret-in-url"},
                timeout=30,
            ).status_code
            == 200
        )
        stalled = threading.Thread(
            target=lambda: _read_quietly(f"http://127.0.0.1:{port}/?q=stall+the+search"), daemon=True
        )
        stalled.start()
        assert eventually(
            lambda: _stalled_searches(web.requests)
        )  # the page is streaming, stuck on the search
        proc.send_signal(signal.SIGINT)
        code = proc.wait(30)  # a server that waited for the search would still be running here
    finally:
        if proc.poll() is None:
            proc.kill()
    out = log.read_text()
    assert f"open http://127.0.0.1:{port}/" in out
    assert code == 130, (code, out)
    assert eventually(lambda: _stalled_searches(web.hangups)), "the stalled search was not cut"
    stalled.join(30)
    assert not stalled.is_alive()  # the page's stream was closed, not left hanging
    assert "stopped" in out and "Traceback" not in out
    entries = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    searched = [e for e in entries if e["path"] == "/search"]
    assert (
        searched
        and searched[0]["status"] == 200
        and searched[0]["method"] == "GET"
        and searched[0]["ms"] >= 0
    )
    assert "secret-in-url" not in out and "kestrel" not in out  # paths only: no queries, no tokens


def _stalled_searches(among: list[Request]) -> list[Request]:
    return [r for r in among if r.path == "/search" and "stall" in r.query.get("q", "")]


def _read_quietly(url: str) -> None:
    with contextlib.suppress(httpx2.HTTPError):
        httpx2.get(url, timeout=30)
