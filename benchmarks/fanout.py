"""Fan-out benchmark: a 5-provider combo on a loopback network with injected latencies.

Prints (1) combo wall time over the slowest provider's latency for each run (goal <= 1.05:
the fan-out adds almost nothing on top of waiting for the slowest member), and (2) fusion CPU
time per 1,000 input results, cold (every URL new to the process caches) and warm.

    PYTHONPATH=. .venv/bin/python benchmarks/fanout.py [--runs 20]
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
from webquorum.analysis.fusion import fuse
from webquorum.types import RawResult

PROVIDERS = ("brave", "tavily", "serper", "exa", "searxng")
PATHS = {"brave": "/res/v1/web/search", "tavily": "/search", "serper": "/search", "exa": "/search", "searxng": "/search"}
LOW, HIGH = 0.2, 0.8
DEBUG = False


def results(provider: str, run: int) -> list[dict[str, str]]:
    rng = random.Random(f"{provider}{run}")
    return [{"url": f"https://site{rng.randint(0, 30)}.example/page{i}", "title": f"Result {i}", "text": "snippet " * 20}
            for i in range(10)]


def payload(provider: str, run: int) -> bytes:
    items = results(provider, run)
    if provider == "brave":
        data: Any = {"web": {"results": [{"url": r["url"], "title": r["title"], "description": r["text"]} for r in items]}}
    elif provider == "serper":
        data = {"organic": [{"link": r["url"], "title": r["title"], "snippet": r["text"]} for r in items]}
    elif provider == "exa":
        data = {"results": [{"url": r["url"], "title": r["title"], "highlights": [r["text"]]} for r in items]}
    else:
        data = {"results": [{"url": r["url"], "title": r["title"], "content": r["text"]} for r in items]}
    return json.dumps(data).encode()


def run_of(req: Request) -> int:
    """The run number every benchmark query ends with, wherever the provider puts the query."""
    found = re.search(r"run(?:\+|%20|\s)+(\d+)", req.body.decode() + " " + " ".join(req.query.values()))
    return int(found.group(1)) if found else 0


def setup(web: SimWeb, params: dict[str, Any]) -> None:
    for provider in PROVIDERS:
        def handler(req: Request, provider: str = provider) -> Reply:
            run = run_of(req)
            return Reply(body=payload(provider, run), content_type="application/json",
                         delay_s=latency(provider, run, LOW, HIGH))

        web.route(PATHS[provider], handler, host=f"{provider}.test")


def config(port: int) -> dict[str, Any]:
    return {
        "providers": list(PROVIDERS),
        "overrides": {p: {"base_url": f"http://{p}.test:{port}", "api_key": "bench-key"} for p in PROVIDERS},
        "combos": [{"id": "five", "members": list(PROVIDERS), "merge": "rrf"}],
        "web": {"search_provider": "five"},
        "network": {"resolve": {f"{p}.test": "127.0.0.1" for p in PROVIDERS}, "timeout_s": 5, "retries": 0},
        "cache": {"enabled": False},
    }


async def fanout(port: int, runs: int) -> list[float]:
    ratios: list[float] = []
    async with Client(config(port)) as wq:
        await wq.search("warm up run 999")
        for run in range(runs):
            slowest = max(latency(p, run, LOW, HIGH) for p in PROVIDERS)
            start = time.perf_counter()
            resp = await wq.search(f"benchmark query run {run}")
            wall = time.perf_counter() - start
            assert not resp.failures, resp.failures
            ratios.append(wall / slowest)
            if DEBUG:
                print(f"run {run}: slowest {slowest:.3f} wall {wall:.3f}")
    return ratios


def fusion_cpu(n_lists: int = 5, per_list: int = 200) -> tuple[float, float]:
    """CPU ms per 1,000 input results: cold (fresh URLs) and warm (same URLs again)."""
    rng = random.Random(7)
    tag = rng.randint(0, 10**9)
    lists = [(f"p{i}", [RawResult(url=f"https://www.host{rng.randint(0, 400)}-{tag}.example/a/{rng.randint(0, 50)}?utm_source=x",
                                  title="t", snippet="some snippet text " * 5) for _ in range(per_list)]) for i in range(n_lists)]
    total = n_lists * per_list
    start = time.process_time()
    fuse(lists, "rrf", query="q", max_results=10)
    cold = (time.process_time() - start) * 1000 * 1000 / total
    start = time.process_time()
    for _ in range(5):
        fuse(lists, "rrf", query="q", max_results=10)
    warm = (time.process_time() - start) * 1000 * 1000 / total / 5
    return cold, warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with ChildWeb(setup, {}) as port:
        ratios = asyncio.run(fanout(port, args.runs))
    fuse([("warm", [RawResult(url="https://example.com/")])], "rrf", query="q", max_results=1)  # load the PSL once
    cold, warm = fusion_cpu()
    print(f"fan-out: {len(PROVIDERS)} providers at {LOW * 1000:.0f}-{HIGH * 1000:.0f} ms, {args.runs} runs")
    print(f"  wall / slowest provider: median {statistics.median(ratios):.3f}, worst {max(ratios):.3f} (goal <= 1.05)")
    print(f"fusion CPU per 1,000 results: cold {cold:.1f} ms, warm {warm:.1f} ms")


if __name__ == "__main__":
    main()
