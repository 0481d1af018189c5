"""MCP load benchmark: concurrent ``web_search`` calls through streamable HTTP against the simulated web.

Starts the simulated web (tests/simweb.py) with an injected latency on every answer, spawns a real
``webquorum mcp --http`` server process on loopback, and fires ``--calls`` concurrent web_search
calls from ``--clients`` MCP sessions (the official SDK client). One call's simulated critical
path is one search plus one round of parallel page reads, i.e. twice ``--latency``; the overhead
columns are latency minus that path. Peak memory is the server process's VmHWM (Linux).

    .venv/bin/python benchmarks/mcp_load.py [--calls 100] [--clients 4] [--latency 0.1]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path

import yaml
from mcp import Client

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests import simweb  # noqa: E402
from tests.sim.mcp import free_port, research_web, spawn_http  # noqa: E402
from tests.sim.web import SimWeb  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


@dataclass
class Run:
    unloaded: list[float]
    latencies: list[float]
    wall: float
    server_cpu: float


async def fire(url: str, calls: int, clients: int, server_pid: int) -> Run:
    async def one(client: Client, i: int) -> float:
        started = time.perf_counter()
        result = await client.call_tool("web_search", {"query": f"kestrel bridge length {i}"})
        if result.is_error:
            raise RuntimeError(f"call {i} failed: {result.content[0]}")
        return time.perf_counter() - started

    async with AsyncExitStack() as stack:
        sessions = [await stack.enter_async_context(Client(url)) for _ in range(clients)]
        await one(sessions[0], -1)  # warm-up: first-call imports and connection pools
        unloaded = [await one(sessions[0], -2 - i) for i in range(5)]
        cpu_before = cpu_seconds(server_pid)
        started = time.perf_counter()
        latencies = await asyncio.gather(*(one(sessions[i % clients], i) for i in range(calls)))
        wall = time.perf_counter() - started
        server_cpu = cpu_seconds(server_pid) - cpu_before
    return Run(unloaded, list(latencies), wall, server_cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=100)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--latency", type=float, default=0.1, help="seconds added to every simulated answer")
    args = parser.parse_args()
    # The stdlib's listen backlog of 5 drops SYNs under 100 concurrent connections, and each drop
    # costs a 1 s retransmit: that would measure the simulator, not the server.
    simweb._Server.request_queue_size = 1024

    with SimWeb() as web, tempfile.TemporaryDirectory() as tmp:
        config = research_web(web, latency_s=args.latency, mcp={"max_concurrent": max(16, args.calls + 1)})
        path = Path(tmp) / "webquorum.yaml"
        path.write_text(yaml.safe_dump(config), encoding="utf-8")
        port = free_port()
        server = spawn_http(path, port, Path(tmp))
        try:
            run = asyncio.run(fire(f"http://127.0.0.1:{port}/mcp", args.calls, args.clients, server.pid))
            rss = peak_rss_mb(server.pid)
        finally:
            server.terminate()
            server.wait(10)

    path_s = 2 * args.latency
    lat, calls = run.latencies, len(run.latencies)
    print(f"web_search over streamable HTTP: {calls} concurrent calls from {args.clients} sessions, "
          f"injected latency {args.latency * 1000:.0f} ms per answer (critical path {path_s * 1000:.0f} ms)")
    print(f"one at a time  median {statistics.median(run.unloaded) * 1000:7.1f} ms")
    print(f"latency        p50 {percentile(lat, 0.5) * 1000:7.1f} ms   p99 {percentile(lat, 0.99) * 1000:7.1f} ms"
          f"   mean {statistics.fmean(lat) * 1000:7.1f} ms")
    print(f"over the path  p50 {percentile(lat, 0.5) / path_s:7.2f}x     p99 {percentile(lat, 0.99) / path_s:7.2f}x"
          f"   (one call alone: {statistics.median(run.unloaded) / path_s:.2f}x)")
    print(f"throughput     {calls / run.wall:.1f} calls/s ({run.wall:.2f} s wall)")
    print(f"server CPU     {run.server_cpu / calls * 1000:.1f} ms per call")
    print(f"server peak RSS {rss:.1f} MB")

if __name__ == "__main__":
    main()
