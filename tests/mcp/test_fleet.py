"""The MCP server as a fleet member: a short wait queue before WEB_MCP_BUSY (with retry_after), a
graceful SIGTERM (in-flight calls end as WEB_ABORTED, exit 0), and ``--workers N`` on one port
with its state in Redis."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp import Client as McpClient
from mcp_types import CallToolResult
from tests.resilience.conftest import RedisServer
from tests.sim.mcp import SITES, free_port, page_url, research_web, spawn_http
from tests.sim.web import Reply, SimWeb, eventually, eventually_async

import webquorum
from webquorum.mcp.render import ERROR_META
from webquorum.mcp.server import build_server

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def web(simweb: SimWeb) -> SimWeb:
    """A fresh simulated web per test here: these tests count the requests a page received."""
    return simweb


def slow_page(web: SimWeb, delay_s: float) -> str:
    web.route(
        "/slow",
        Reply(body="<html><body><p>A slow page about the Kestrel Bridge.</p></body></html>", delay_s=delay_s),
        host=SITES[1],
    )
    return page_url(web, "/slow", SITES[1])


def held_page(web: SimWeb, path: str) -> tuple[str, threading.Event]:
    """A page on SITES[1] held until the test sets the event (at most HOLD_CAP_S): its URL and the event."""
    release = threading.Event()
    web.route(
        path, Reply(body="<html><body><p>Never in time.</p></body></html>", hold=release), host=SITES[1]
    )
    return page_url(web, path, SITES[1]), release


def error_data(result: CallToolResult) -> dict[str, Any]:
    """An error result's fields: text only for the agent, the fields under _meta for programs."""
    assert result.is_error and result.structured_content is None and result.meta is not None
    return dict(result.meta[ERROR_META])


async def test_a_call_over_the_cap_waits_in_the_queue_instead_of_bouncing(web: SimWeb) -> None:
    url = slow_page(web, 0.4)
    config = research_web(web, mcp={"max_concurrent": 1, "queue_wait_s": 10.0})  # room for a loaded machine
    async with webquorum.Client(config) as wq, McpClient(build_server(wq)) as client:
        results = await asyncio.gather(
            *(client.call_tool("web_fetch", {"url": url, "budget": 100 + n}) for n in range(3))
        )
    assert [r.is_error for r in results] == [False, False, False]


async def test_past_the_queue_wait_the_busy_error_says_when_to_retry(web: SimWeb) -> None:
    url = slow_page(web, 0.8)
    config = research_web(web, mcp={"max_concurrent": 1, "queue_wait_s": 0.2})
    async with webquorum.Client(config) as wq, McpClient(build_server(wq)) as client:
        first, second = await asyncio.gather(
            client.call_tool("web_fetch", {"url": url}),
            client.call_tool("web_fetch", {"url": url, "budget": 100}),
        )
    busy = error_data(second if second.is_error else first)
    assert busy["code"] == "WEB_MCP_BUSY" and busy["retry_after"] >= 1.0 and "retry in" in busy["hint"]


def _config_file(tmp: Path, config: dict[str, Any]) -> Path:
    path = tmp / "webquorum.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


async def _call_then_sigterm(
    port: int, web: SimWeb, path: str, proc: subprocess.Popen[bytes]
) -> CallToolResult:
    """Call web_fetch on the held page at ``path``; once the server is reading it, SIGTERM the process."""
    async with McpClient(f"http://127.0.0.1:{port}/mcp") as client:
        call = asyncio.create_task(client.call_tool("web_fetch", {"url": page_url(web, path, SITES[1])}))
        assert await eventually_async(lambda: web.requests_to(path, host=SITES[1]))  # the page is being read
        proc.send_signal(signal.SIGTERM)
        return await asyncio.wait_for(call, timeout=60)


def test_sigterm_aborts_in_flight_calls_and_exits_0(web: SimWeb, tmp_path: Path) -> None:
    """The page is held past every wait here (released only at the end): the call ends as WEB_ABORTED after
    the
    1 s grace, the read is cut, and the process exits 0 long before the page could answer."""
    _, release = held_page(web, "/held")
    config = research_web(web, mcp={"shutdown_grace_s": 1.0})
    port = free_port()
    proc = spawn_http(_config_file(tmp_path, config), port, tmp_path)
    try:
        result = asyncio.run(_call_then_sigterm(port, web, "/held", proc))
        code = proc.wait(timeout=30)
    finally:
        release.set()
        if proc.poll() is None:
            proc.kill()
    assert error_data(result)["code"] == "WEB_ABORTED"
    assert code == 0
    assert eventually(lambda: web.hangups_at("/held", host=SITES[1]))


def test_workers_refuse_a_store_that_is_not_shared(web: SimWeb, tmp_path: Path) -> None:
    path = _config_file(tmp_path, research_web(web))
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "webquorum",
            "mcp",
            "--http",
            "--workers",
            "2",
            "--port",
            str(free_port()),
            "--config",
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert proc.returncode == 2 and "WEB_CONFIG_INVALID" in proc.stderr and "store.url" in proc.stderr


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not on PATH (CI installs it)")
    redis = RedisServer(binary, tmp_path).start()
    try:
        yield redis
    finally:
        redis.stop()


@contextlib.contextmanager
def fleet(
    tmp_path: Path, config: dict[str, Any], workers: int = 2
) -> Iterator[tuple[subprocess.Popen[bytes], int, Path]]:
    """``webquorum mcp --http --workers N`` as a real process tree: (supervisor, port, its stderr log)."""
    port = free_port()
    path = _config_file(tmp_path, config)
    log = tmp_path / "fleet.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "webquorum",
                "mcp",
                "--http",
                "--workers",
                str(workers),
                "--port",
                str(port),
                "--config",
                str(path),
            ],
            stdout=subprocess.DEVNULL,
            stderr=out,
            cwd=REPO,
            env={**os.environ},
        )
    try:
        yield proc, port, log
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)


@pytest.mark.redis
def test_two_workers_share_one_port_and_stop_gracefully_on_sigterm(
    web: SimWeb, tmp_path: Path, redis_server: RedisServer
) -> None:
    """Pages read once for the fleet; then SIGTERM with a call in flight: the call ends as WEB_ABORTED,
    and the supervisor reports every worker's exit code as 0 (not death by SIGTERM, -15), while the page is
    held."""
    url = slow_page(web, 0.05)
    _, release = held_page(web, "/stall")
    config = {
        **research_web(web, mcp={"shutdown_grace_s": 1.0}),
        "store": {"url": redis_server.url},
        "cache": {"enabled": True, "url": redis_server.url},
    }
    with fleet(tmp_path, config) as (proc, port, log):
        results = asyncio.run(_calls(port, url, 6))
        assert [r.is_error for r in results] == [False] * 6
        assert len(web.requests_to("/slow", host=SITES[1])) == 1  # one read; the rest hit the shared cache
        try:
            result = asyncio.run(_call_then_sigterm(port, web, "/stall", proc))
            code = proc.wait(timeout=40)
        finally:
            release.set()
    text = log.read_text()
    assert error_data(result)["code"] == "WEB_ABORTED"
    assert code == 0, text
    assert eventually(lambda: web.hangups_at("/stall", host=SITES[1])), text
    assert "2 workers stopped, exit codes 0, 0" in text and "Traceback" not in text, text


async def _calls(port: int, url: str, n: int) -> list[CallToolResult]:
    deadline = time.monotonic() + 40
    while True:  # workers start after the supervisor binds the port
        try:
            async with McpClient(f"http://127.0.0.1:{port}/mcp") as client:
                first = await client.call_tool("web_fetch", {"url": url})
                rest = [
                    await client.call_tool("web_fetch", {"url": url, "budget": 100 + i}) for i in range(n - 1)
                ]
                return [first, *rest]
        except Exception:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.5)


def _workers_of(supervisor: int) -> list[int]:
    """The supervisor's worker processes: its children started by multiprocessing's spawn (not its resource
    tracker)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if parent == supervisor and b"spawn_main" in command and b"resource_tracker" not in command:
            found.append(int(entry))
    return found


@pytest.mark.redis
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the worker processes through /proc")
def test_a_worker_that_overruns_the_stop_bound_is_killed_and_the_supervisor_exits_1(
    web: SimWeb, tmp_path: Path, redis_server: RedisServer
) -> None:
    """A worker that cannot stop (SIGSTOP: it can neither exit nor handle SIGTERM) is killed once the bound
    has
    passed; the other still stops gracefully, the supervisor names the kill, reports -9 and exits 1. A
    supervisor
    that waited for the stuck worker would wait forever: the 60 s cap on its exit says it did not."""
    config = {**research_web(web, mcp={"shutdown_grace_s": 1.0}), "store": {"url": redis_server.url}}
    with fleet(tmp_path, config) as (proc, port, log):
        assert [r.is_error for r in asyncio.run(_calls(port, slow_page(web, 0.0), 2))] == [False, False]
        workers = _workers_of(proc.pid)
        assert len(workers) == 2, workers
        stuck = workers[0]
        os.kill(stuck, signal.SIGSTOP)
        try:
            proc.send_signal(signal.SIGTERM)
            code = proc.wait(timeout=60)
            killed = not Path(
                f"/proc/{stuck}"
            ).exists()  # killed and reaped by the supervisor, not by us below
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(stuck, signal.SIGKILL)
    # The log handler wraps its lines around a source column ("server.py:390"), wherever the width falls.
    text = " ".join(re.sub(r"\S+\.py:\d+", " ", log.read_text()).split())
    assert code == 1 and killed, text
    assert f"MCP worker {stuck} did not stop in time: killed" in text, text
    assert "2 workers stopped, exit codes -9, 0" in text or "2 workers stopped, exit codes 0, -9" in text, (
        text
    )
    assert "Traceback" not in text, text
