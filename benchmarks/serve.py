"""Serve benchmark: the SearXNG API under 50 concurrent clients, beside the same search over MCP.

Three processes, so no two share a GIL: the simulated web (a child process, see simnet.py) with
two search providers that each answer after ``--latency``; a real ``webquorum serve``; and this
load generator. ``--clients`` clients each send SearXNG requests (``/search?q=…&format=json``,
a fan-out to both providers) back to back until ``--requests`` have been answered. A request's
simulated critical path is one provider's latency (the two are asked at once); the figures are
requests per second and latency over that path. The same number of ``web_search_results`` calls
(the same fan-out, through MCP's streamable HTTP on the same server's ``/mcp``) from
``--sessions`` MCP sessions give the MCP figure beside it.

    PYTHONPATH=. .venv/bin/python benchmarks/serve.py [--clients 50] [--requests 1000] [--latency 0.1]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx2
import yaml
from mcp import Client as McpClient
from simnet import ChildWeb

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.sim.serve import serve_config, serve_web, spawn_serve  # noqa: E402
from tests.sim.web import SimWeb  # noqa: E402

CPU_GOAL_MS = 4.0  # issue 27: the server's CPU per SearXNG /search request


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def setup(web: SimWeb, params: dict[str, Any]) -> None:
    web._server.request_queue_size = 1024  # type: ignore[union-attr]
    serve_web(web, latency_s=params["latency"], brave_ok=True)


async def searxng_load(base: str, clients: int, total: int) -> tuple[list[float], float]:
    latencies: list[float] = []
    counter = iter(range(total))
    limits = httpx2.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx2.AsyncClient(base_url=base, timeout=60, limits=limits) as http:

        async def one(i: int) -> float:
            started = time.perf_counter()
            resp = await http.get("/search", params={"q": f"kestrel bridge {i}", "format": "json"})
            if resp.status_code != 200 or len(resp.json()["results"]) < 4:
                raise RuntimeError(f"request {i}: {resp.status_code} {resp.text[:200]}")
            return time.perf_counter() - started

        await one(-1)  # warm-up: first-call imports and connection pools

        async def client() -> None:
            for i in counter:
                latencies.append(await one(i))

        started = time.perf_counter()
        await asyncio.gather(*(client() for _ in range(clients)))
        return latencies, time.perf_counter() - started


async def mcp_load(url: str, sessions: int, concurrent: int, total: int) -> tuple[list[float], float]:
    latencies: list[float] = []
    counter = iter(range(total))
    async with AsyncExitStack() as stack:
        live = [await stack.enter_async_context(McpClient(url)) for _ in range(sessions)]

        async def one(session: Any, i: int) -> float:
            started = time.perf_counter()
            result = await session.call_tool("web_search_results", {"query": f"kestrel bridge mcp {i}"})
            if result.is_error:
                raise RuntimeError(f"call {i} failed: {result.content[0]}")
            return time.perf_counter() - started

        await one(live[0], -1)

        async def client(k: int) -> None:
            for i in counter:
                latencies.append(await one(live[k % sessions], i))

        started = time.perf_counter()
        await asyncio.gather(*(client(k) for k in range(concurrent)))
        return latencies, time.perf_counter() - started


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def report(name: str, latencies: list[float], wall: float, cpu: float, path_s: float) -> None:
    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    print(
        f"{name:<34} {len(latencies) / wall:6.1f} req/s   p50 {p50 * 1000:6.1f} ms ({p50 / path_s:5.2f}x)"
        f"   p99 {p99 * 1000:6.1f} ms ({p99 / path_s:5.2f}x)   server CPU {cpu / len(latencies) * 1000:5.1f} ms/req"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--sessions", type=int, default=10, help="MCP sessions the concurrent calls share")
    parser.add_argument("--latency", type=float, default=0.1, help="seconds each provider takes to answer")
    args = parser.parse_args()
    with ChildWeb(setup, {"latency": args.latency}) as port, tempfile.TemporaryDirectory() as tmp:
        config = serve_config(SimpleNamespace(port=port), mcp={"max_concurrent": args.clients + 8})  # type: ignore[arg-type]
        path = Path(tmp) / "webquorum.yaml"
        path.write_text(yaml.safe_dump(config), encoding="utf-8")
        server, server_port, _ = spawn_serve(path, Path(tmp))
        base = f"http://127.0.0.1:{server_port}"
        try:
            before = cpu_seconds(server.pid)
            searx = (
                *asyncio.run(searxng_load(base, args.clients, args.requests)),
                cpu_seconds(server.pid) - before,
            )
            before = cpu_seconds(server.pid)
            mcp = (
                *asyncio.run(mcp_load(base + "/mcp", args.sessions, args.clients, args.requests)),
                cpu_seconds(server.pid) - before,
            )
        finally:
            server.terminate()
            server.wait(15)
    print(
        f"{args.clients} concurrent clients, {args.requests} requests each door; two providers fanned out at "
        f"{args.latency * 1000:.0f} ms each (critical path {args.latency * 1000:.0f} ms)"
    )
    report("SearXNG /search", *searx, args.latency)
    per_request_ms = searx[2] / len(searx[0]) * 1000
    print(
        f"  goal (issue 27): server CPU per /search request {per_request_ms:.1f} ms = "
        f"{per_request_ms / CPU_GOAL_MS:.2f}x the <= {CPU_GOAL_MS:g} ms goal"
    )
    report(f"MCP web_search_results ({args.sessions} sessions)", *mcp, args.latency)


if __name__ == "__main__":
    main()
