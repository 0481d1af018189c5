"""Brief benchmark: search + parallel reads + comparison on a loopback web with injected latencies.

Three providers answer in 100-800 ms, eight sites serve ~30 KB articles in 50-1,500 ms, and one
more site always stalls. Per run the providers rank the sites in a different seeded order, so the
brief picks a different four. Prints, over the runs:

- wall time over the critical path: the slowest search plus the slowest of the chosen reads,
  capped by the read deadline (goal: median <= 1.10);
- CPU milliseconds per brief spent in the client process (extraction, comparison, rendering,
  HTTP handling), i.e. the work the network does not account for.

The simulated web runs in a child process so its CPU does not share the client's GIL.

    PYTHONPATH=. .venv/bin/python benchmarks/brief.py [--runs 50] [--read-deadline 2.5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import time
from typing import Any

from simnet import ChildWeb, latency
from tests.sim.web import Reply, Request, SimWeb

from webquorum import Client

PROVIDERS = ("searxng", "brave", "tavily")
PATHS = {"searxng": "/search", "brave": "/res/v1/web/search", "tavily": "/search"}
SITES = [f"news{i}.test" for i in range(8)]
STALL = "stall.test"
SEARCH_LOW, SEARCH_HIGH = 0.1, 0.8
PAGE_LOW, PAGE_HIGH = 0.05, 1.5


def run_of(req: Request) -> int:
    found = re.search(r"run(?:\+|%20|\s)+(\d+)", req.body.decode() + " " + " ".join(req.query.values()))
    return int(found.group(1)) if found else 0


def ranking(provider: str, run: int) -> list[str]:
    hosts = [*SITES, STALL]
    random.Random(f"{provider}/{run}").shuffle(hosts)
    return hosts


def article(host: str) -> bytes:
    rng = random.Random(host)
    revenue = "$81.6 billion" if host != "news7.test" else "$44.1 billion"
    words = ["market", "demand", "quarter", "growth", "chips", "data", "center", "outlook", "guidance", "analysts", "investors"]
    filler = " ".join(" ".join(rng.choice(words) for _ in range(18)).capitalize() + "." for _ in range(160))
    nav = "".join(f"<a href='/s{i}'>Section {i}</a>" for i in range(40))
    body = (f"<html><head><title>Quarterly results at {host}</title></head><body><nav>{nav}</nav><article>"
            f"<h1>NVIDIA results</h1><p>NVIDIA reported revenue of {revenue} for the quarter, up 85% from a year "
            f"earlier, the company said on Wednesday in Santa Clara.</p><p>{filler}</p></article>"
            f"<footer>{nav}</footer></body></html>")
    return body.encode()


def setup(web: SimWeb, params: dict[str, Any]) -> None:
    for provider in PROVIDERS:
        def search(req: Request, provider: str = provider) -> Reply:
            run = run_of(req)
            port = req.headers["host"].rsplit(":", 1)[1]
            urls = [f"http://{h}:{port}/story?run={run}" for h in ranking(provider, run)]
            items = [{"url": u, "title": f"Story {i}", "snippet": "NVIDIA revenue"} for i, u in enumerate(urls)]
            if provider == "brave":
                data: Any = {"web": {"results": [{"url": i["url"], "title": i["title"], "description": i["snippet"]} for i in items]}}
            else:
                data = {"results": [{"url": i["url"], "title": i["title"], "content": i["snippet"]} for i in items]}
            return Reply(body=json.dumps(data), content_type="application/json",
                         delay_s=latency(provider, run, SEARCH_LOW, SEARCH_HIGH))
        web.route(PATHS[provider], search, host=f"{provider}.test")
    for host in SITES:
        body = article(host)

        def page(req: Request, host: str = host, body: bytes = body) -> Reply:
            return Reply(body=body, delay_s=latency(host, int(req.query.get("run", "0")), PAGE_LOW, PAGE_HIGH))
        web.route("/story", page, host=host)
    web.route("/story", Reply(body=b"<html><body><p>never</p></body></html>", delay_s=30), host=STALL)


def config(port: int, read_deadline: float) -> dict[str, Any]:
    hosts = [*SITES, STALL, *(f"{p}.test" for p in PROVIDERS)]
    return {
        "providers": list(PROVIDERS),
        "overrides": {p: {"base_url": f"http://{p}.test:{port}", "api_key": "bench-key"} for p in PROVIDERS},
        "combos": [{"id": "three", "members": list(PROVIDERS), "merge": "consensus"}],
        "web": {"search_provider": "three"},
        "network": {"resolve": {h: "127.0.0.1" for h in hosts}, "allow_hosts": hosts, "retries": 0},
        "brief": {"read_deadline_s": read_deadline},
        "cache": {"enabled": False},
    }


async def bench(port: int, runs: int, read_deadline: float) -> tuple[list[float], list[float]]:
    ratios: list[float] = []
    cpu_ms: list[float] = []
    async with Client(config(port, read_deadline)) as wq:
        await wq.brief("warm up run 9999")
        for run in range(runs):
            cpu0, wall0 = time.process_time(), time.perf_counter()
            out = await wq.brief(f"nvidia quarterly revenue run {run}")
            wall = time.perf_counter() - wall0
            cpu_ms.append((time.process_time() - cpu0) * 1000)
            search = max(latency(p, run, SEARCH_LOW, SEARCH_HIGH) for p in PROVIDERS)
            reads = [read_deadline if STALL in s.url else latency(s.site, run, PAGE_LOW, PAGE_HIGH) for s in out.sources]
            ratios.append(wall / (search + min(read_deadline, max(reads))))
    return ratios, cpu_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--read-deadline", type=float, default=2.5)
    args = parser.parse_args()
    with ChildWeb(setup, {}) as port:
        ratios, cpu_ms = asyncio.run(bench(port, args.runs, args.read_deadline))
    q = statistics.quantiles(ratios, n=10)
    print(f"brief: {len(PROVIDERS)} providers at {SEARCH_LOW * 1000:.0f}-{SEARCH_HIGH * 1000:.0f} ms, "
          f"pages at {PAGE_LOW * 1000:.0f}-{PAGE_HIGH * 1000:.0f} ms + one stalled page, read deadline {args.read_deadline:g} s, {args.runs} runs")
    print(f"  wall / critical path: median {statistics.median(ratios):.3f}, p90 {q[-1]:.3f}, worst {max(ratios):.3f} (goal: median <= 1.10)")
    print(f"  client CPU per brief: median {statistics.median(cpu_ms):.0f} ms, p90 {statistics.quantiles(cpu_ms, n=10)[-1]:.0f} ms")


if __name__ == "__main__":
    main()
