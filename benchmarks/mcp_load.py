"""MCP load benchmark: concurrent ``web_search`` calls through streamable HTTP against the simulated web.

Starts the simulated web (tests/sim/web.py) with an injected latency on every answer, spawns a real
``webquorum mcp --http`` server process on loopback, and fires ``--calls`` concurrent web_search
calls from ``--clients`` MCP sessions (the official SDK client). One call's simulated critical
path is one search plus one round of parallel page reads, i.e. twice ``--latency``; the overhead
columns are latency minus that path. Peak memory is the server process's VmHWM (Linux).

``--workers N`` runs ``mcp --http --workers N`` against a redis-server the script starts (store
on Redis, as a fleet needs); CPU and RSS are then summed and averaged over the worker processes.
``--matrix`` runs 1, 2 and 4 workers at 100 and 400 calls and prints one table.

    .venv/bin/python benchmarks/mcp_load.py [--calls 100] [--clients 4] [--latency 0.1] [--workers 1]
    .venv/bin/python benchmarks/mcp_load.py --matrix
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path

import yaml
from mcp import Client
from simnet import tree_cpu_seconds  # the server and its workers, from /proc

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.resilience.conftest import RedisServer  # noqa: E402
from tests.sim import web as simweb  # noqa: E402
from tests.sim.mcp import free_port, research_web, spawn_http  # noqa: E402
from tests.sim.web import SimWeb  # noqa: E402

# issue 27: the server's CPU per web_search call, and calls a second, with one worker
CPU_GOAL_MS, RATE_GOAL = 15.0, 50.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def spawn_fleet(config: Path, port: int, workers: int, tmp: Path) -> subprocess.Popen[bytes]:
    log = (tmp / f"fleet-{port}.log").open("wb")
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
            str(config),
        ],
        stdout=log,
        stderr=log,
        cwd=REPO,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # every worker up: the supervisor has N children and the port answers
        if len(children(proc.pid)) >= workers:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                time.sleep(1.0)
                return proc
            except OSError:
                pass
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError((tmp / f"fleet-{port}.log").read_text())


@dataclass
class Run:
    unloaded: list[float]
    latencies: list[float]
    wall: float
    server_cpu: float
    errors: list[str]


async def fire(url: str, calls: int, clients: int, server_pid: int) -> Run:
    errors: list[str] = []

    async def one(client: Client, i: int) -> float:
        started = time.perf_counter()
        result = await client.call_tool("web_search", {"query": f"kestrel bridge length {i}"})
        if result.is_error:  # counted, not fatal: under overload a call may time out
            errors.append(str(getattr(result.content[0], "text", "")).split(":")[0])
        return time.perf_counter() - started

    async with AsyncExitStack() as stack:
        sessions = [await stack.enter_async_context(Client(url)) for _ in range(clients)]
        await one(sessions[0], -1)  # warm-up: first-call imports and connection pools
        unloaded = [await one(sessions[0], -2 - i) for i in range(5)]
        cpu_before = tree_cpu_seconds(server_pid)
        started = time.perf_counter()
        latencies = await asyncio.gather(*(one(sessions[i % clients], i) for i in range(calls)))
        wall = time.perf_counter() - started
        server_cpu = tree_cpu_seconds(server_pid) - cpu_before
    return Run(unloaded, list(latencies), wall, server_cpu, errors)


def measure(
    calls: int, clients: int, latency: float, workers: int, redis_url: str | None
) -> dict[str, float]:
    with SimWeb() as web, tempfile.TemporaryDirectory() as tmp:
        extra = {} if redis_url is None else {"store": {"url": redis_url}}
        config = research_web(web, latency_s=latency, mcp={"max_concurrent": max(16, calls + 1)}, **extra)
        config["network"] = {**config["network"], "timeout_s": 60.0}  # measure queueing, not timeouts
        path = Path(tmp) / "webquorum.yaml"
        path.write_text(yaml.safe_dump(config), encoding="utf-8")
        port = free_port()
        server = (
            spawn_http(path, port, Path(tmp)) if workers == 1 else spawn_fleet(path, port, workers, Path(tmp))
        )
        try:
            run = asyncio.run(fire(f"http://127.0.0.1:{port}/mcp", calls, clients, server.pid))
            pids = children(server.pid) if workers > 1 else [server.pid]
            rss = statistics.fmean(peak_rss_mb(pid) for pid in pids)
        finally:
            server.terminate()
            server.wait(30)
    path_s = 2 * latency
    lat = run.latencies
    return {
        "workers": workers,
        "calls": len(lat),
        "alone": statistics.median(run.unloaded) / path_s,
        "p50": percentile(lat, 0.5),
        "p99": percentile(lat, 0.99),
        "mean": statistics.fmean(lat),
        "throughput": len(lat) / run.wall,
        "wall": run.wall,
        "cpu_ms": run.server_cpu / len(lat) * 1000,
        "rss": rss,
        "path": path_s,
        "errors": len(run.errors),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=100)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--latency", type=float, default=0.1, help="seconds added to every simulated answer")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--matrix", action="store_true", help="1, 2, 4 workers at 100 and 400 calls")
    args = parser.parse_args()
    # The stdlib's listen backlog of 5 drops SYNs under 100 concurrent connections, and each drop
    # costs a 1 s retransmit: that would measure the simulator, not the server.
    simweb._Server.request_queue_size = 1024
    plan = [(w, c) for c in (100, 400) for w in (1, 2, 4)] if args.matrix else [(args.workers, args.calls)]
    binary = shutil.which("redis-server")
    if binary is None and any(w > 1 for w, _ in plan):
        sys.exit("--workers > 1 needs redis-server on PATH")
    with tempfile.TemporaryDirectory() as redis_dir:
        redis = RedisServer(binary, Path(redis_dir)).start() if binary else None
        try:
            rows = [
                measure(calls, args.clients, args.latency, w, redis.url if redis else None)
                for w, calls in plan
            ]
        finally:
            if redis is not None:
                redis.stop()
    print(
        f"web_search over streamable HTTP from {args.clients} sessions, injected latency "
        f"{args.latency * 1000:.0f} ms per answer (critical path {2 * args.latency * 1000:.0f} ms), store on Redis"
    )
    print(
        "workers  calls  calls/s   p50 ms   p99 ms  p99/path  alone/path  CPU ms/call  RSS MB/worker  errors"
    )
    for r in rows:
        print(
            f"{r['workers']:7d} {r['calls']:6d} {r['throughput']:8.1f} {r['p50'] * 1000:8.0f} {r['p99'] * 1000:8.0f} "
            f"{r['p99'] / r['path']:9.2f} {r['alone']:11.2f} {r['cpu_ms']:12.1f} {r['rss']:14.1f}  {r['errors']:6d}"
        )
    for r in rows:
        if r["workers"] == 1:
            print(
                f"  goals (issue 27), one worker at {r['calls']} calls: CPU {r['cpu_ms']:.1f} ms per call = "
                f"{r['cpu_ms'] / CPU_GOAL_MS:.2f}x the <= {CPU_GOAL_MS:g} ms goal; {r['throughput']:.1f} calls/s = "
                f"{r['throughput'] / RATE_GOAL:.2f}x the >= {RATE_GOAL:g} calls/s goal"
            )
    base = {r["calls"]: r["throughput"] for r in rows if r["workers"] == 1}
    for r in rows:
        if r["workers"] > 1 and r["calls"] in base:
            print(
                f"  {r['workers']} workers at {r['calls']} calls: {r['throughput'] / base[r['calls']]:.2f}x one worker's throughput"
            )


if __name__ == "__main__":
    main()
