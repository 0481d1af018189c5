"""Fan-out benchmark: a 5-provider combo on a loopback network with injected latencies.

A concurrent combo waits for its quorum (all but one member by default), then gives the rest a
bounded straggler wait (:func:`webquorum.pipelines.search.quorum_of` and the rule beside it). So
the time a search should take is the *quorum's latency*: the moment the quorum-th member answers,
plus the straggler wait when a member is still out after it (or the slowest member, if it answers
within that wait). Prints, for each of ``--runs`` runs:

1. wall time over the quorum's latency (goal <= 1.05: the fan-out adds almost nothing on top of
   the network), how many runs cut a straggler, and the old wall over the slowest provider;
2. the same with one member hung (it would answer after its 5 s timeout; a different member each
   run, so no breaker opens): wall over quorum + straggler wait (goal <= 1.05), with the hung member
   reported as ``WEB_PROVIDER_TIMEOUT`` in every run;
3. fusion CPU time per 1,000 input results, cold (every URL new to the process caches) and warm.

    PYTHONPATH=. .venv/bin/python benchmarks/fanout.py [--runs 30]
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
from webquorum.config import Combo
from webquorum.pipelines.search import MIN_STRAGGLER_WAIT_S, quorum_of
from webquorum.types import RawResult, SearchResponse

PROVIDERS = ("brave", "tavily", "serper", "exa", "searxng")
PATHS = {
    "brave": "/res/v1/web/search",
    "tavily": "/search",
    "serper": "/search",
    "exa": "/search",
    "searxng": "/search",
}
LOW, HIGH = 0.2, 0.8
TIMEOUT_S = 5.0
HUNG_S = 30.0  # far past the timeout: only the straggler cut ends such a search early
COMBO = Combo(id="five", members=list(PROVIDERS), merge="rrf")
DEBUG = False


def results(provider: str, run: int) -> list[dict[str, str]]:
    rng = random.Random(f"{provider}{run}")
    return [
        {
            "url": f"https://site{rng.randint(0, 30)}.example/page{i}",
            "title": f"Result {i}",
            "text": "snippet " * 20,
        }
        for i in range(10)
    ]


def payload(provider: str, run: int) -> bytes:
    items = results(provider, run)
    if provider == "brave":
        data: Any = {
            "web": {
                "results": [{"url": r["url"], "title": r["title"], "description": r["text"]} for r in items]
            }
        }
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


def hung_member(run: int) -> str:
    return PROVIDERS[run % len(PROVIDERS)]


def setup(web: SimWeb, params: dict[str, Any]) -> None:
    for provider in PROVIDERS:

        def handler(req: Request, provider: str = provider) -> Reply:
            run = run_of(req)
            hung = b"hung" in req.body or any("hung" in v for v in req.query.values())
            delay = HUNG_S if hung and provider == hung_member(run) else latency(provider, run, LOW, HIGH)
            return Reply(body=payload(provider, run), content_type="application/json", delay_s=delay)

        web.route(PATHS[provider], handler, host=f"{provider}.test")


def config(port: int) -> dict[str, Any]:
    return {
        "providers": list(PROVIDERS),
        "overrides": {p: {"base_url": f"http://{p}.test:{port}", "api_key": "bench-key"} for p in PROVIDERS},
        "combos": [COMBO.model_dump()],
        "web": {"search_provider": "five"},
        "network": {
            "resolve": {f"{p}.test": "127.0.0.1" for p in PROVIDERS},
            "timeout_s": TIMEOUT_S,
            "retries": 0,
        },
        "cache": {"enabled": False},
    }


def quorum_latency(latencies: dict[str, float]) -> tuple[float, bool]:
    """When the search should end (seconds), and whether a straggler is cut by then.

    The quorum-th answer, then the straggler wait the search pipeline grants (as long again as
    the quorum took, at least MIN_STRAGGLER_WAIT_S, at most straggler_wait_s), or the slowest
    member if it answers within that wait. A hung member's latency is infinite.
    """
    ordered = sorted(latencies.values())
    at_quorum = ordered[quorum_of(COMBO, len(ordered)) - 1]
    cut_at = at_quorum + min(COMBO.straggler_wait_s, max(MIN_STRAGGLER_WAIT_S, at_quorum))
    return min(ordered[-1], cut_at), ordered[-1] > cut_at


def cut_members(resp: SearchResponse) -> list[str]:
    """The members reported as stragglers; any other failure is a benchmark fault."""
    assert all(f.code == "WEB_PROVIDER_TIMEOUT" for f in resp.failures), resp.failures
    return [f.provider for f in resp.failures]


async def fanout(port: int, runs: int) -> dict[str, list[float]]:
    """Wall over the quorum's latency (and over the slowest member), healthy and with one member hung."""
    out: dict[str, list[float]] = {
        "quorum": [],
        "slowest": [],
        "hung": [],
        "hung_wall": [],
        "cut": [],
        "hung_cut": [],
    }
    async with Client(config(port)) as wq:
        await wq.search("warm up run 999")
        for run in range(runs):
            latencies = {p: latency(p, run, LOW, HIGH) for p in PROVIDERS}
            expected, cut = quorum_latency(latencies)
            start = time.perf_counter()
            resp = await wq.search(f"benchmark query run {run}")
            wall = time.perf_counter() - start
            assert len(cut_members(resp)) == int(cut), (run, latencies, resp.failures)
            out["quorum"].append(wall / expected)
            out["slowest"].append(wall / max(latencies.values()))
            out["cut"].append(float(cut))
            if DEBUG:
                print(f"run {run}: quorum latency {expected:.3f} wall {wall:.3f} cut {cut}")
        for run in range(runs):
            hung = hung_member(run)
            latencies = {p: latency(p, run, LOW, HIGH) for p in PROVIDERS} | {hung: float("inf")}
            expected, _ = quorum_latency(latencies)
            start = time.perf_counter()
            resp = await wq.search(f"benchmark hung run {run}")
            wall = time.perf_counter() - start
            out["hung"].append(wall / expected)
            out["hung_wall"].append(wall)
            out["hung_cut"].append(float(cut_members(resp) == [hung]))
            if DEBUG:
                print(f"hung run {run}: {hung} hung, quorum + wait {expected:.3f} wall {wall:.3f}")
    return out


def fusion_cpu(n_lists: int = 5, per_list: int = 200) -> tuple[float, float]:
    """CPU ms per 1,000 input results: cold (fresh URLs) and warm (same URLs again)."""
    rng = random.Random(7)
    tag = rng.randint(0, 10**9)
    lists = [
        (
            f"p{i}",
            [
                RawResult(
                    url=f"https://www.host{rng.randint(0, 400)}-{tag}.example/a/{rng.randint(0, 50)}?utm_source=x",
                    title="t",
                    snippet="some snippet text " * 5,
                )
                for _ in range(per_list)
            ],
        )
        for i in range(n_lists)
    ]
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
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    with ChildWeb(setup, {}) as port:
        got = asyncio.run(fanout(port, args.runs))
    fuse(
        [("warm", [RawResult(url="https://example.com/")])], "rrf", query="q", max_results=1
    )  # load the PSL once
    cold, warm = fusion_cpu()
    quorum = quorum_of(COMBO, len(PROVIDERS))
    print(
        f"fan-out: {len(PROVIDERS)} providers at {LOW * 1000:.0f}-{HIGH * 1000:.0f} ms, quorum {quorum} of "
        f"{len(PROVIDERS)}, straggler wait at most {COMBO.straggler_wait_s:g} s, {args.runs} runs"
    )
    print(
        f"  wall / quorum latency: median {statistics.median(got['quorum']):.3f}, worst {max(got['quorum']):.3f} "
        f"(goal <= 1.05); a straggler was cut in {sum(got['cut']):.0f} of {args.runs} runs"
    )
    print(
        f"  wall / slowest provider: median {statistics.median(got['slowest']):.3f}, worst {max(got['slowest']):.3f} "
        "(below 1 where a straggler was cut)"
    )
    print(
        f"  one member hung (timeout {TIMEOUT_S:g} s): wall / (quorum + straggler wait) median "
        f"{statistics.median(got['hung']):.3f}, worst {max(got['hung']):.3f} (goal <= 1.05); wall median "
        f"{statistics.median(got['hung_wall']):.2f} s, worst {max(got['hung_wall']):.2f} s; the hung member "
        f"reported WEB_PROVIDER_TIMEOUT in {sum(got['hung_cut']):.0f} of {args.runs} runs"
    )
    print(f"fusion CPU per 1,000 results: cold {cold:.1f} ms, warm {warm:.1f} ms")


if __name__ == "__main__":
    main()
