"""Brief benchmark: search + parallel reads + comparison on a loopback web with injected latencies.

Three providers answer in 100-800 ms, eight sites serve ~30 KB articles in 50-1,500 ms, and one
more site always stalls. Per run the providers rank the sites in a different seeded order, so the
brief picks a different four. Prints, over the runs:

- wall time over the critical path: the slowest search plus the slowest of the chosen reads,
  capped by the read deadline (goal: median <= 1.10);
- CPU milliseconds per brief spent in the client process (comparison, rendering, HTTP handling, the
  pipes to the extraction workers), i.e. the work the network does not account for;
- CPU per brief in the client **and its extraction workers** (issue 27: what a deployment pays), and that
  as a ratio to the limit to beat: the same pages extracted in-process by trafilatura (``extract`` with
  its defaults, best of three per page), measured right after each brief (goal: median <= 1.3). On this
  shared virtual machine the same page's extraction drifts from 15 to 33 ms between minutes of one
  run, so a floor measured once at the start set every ratio of the run by the minute it was taken
  (medians of 0.97x to 1.65x for one tree): measured beside each brief, it shares the brief's minute.
  As diagnostics, the ratio to that floor measured once before the runs (best of three), and to the
  same pages' extraction each after a pause (what idle time costs here).

The simulated web runs in a child process so its CPU does not share the client's GIL.

    PYTHONPATH=. .venv/bin/python benchmarks/brief.py [--runs 50] [--read-deadline 2.5]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gzip
import json
import os
import pstats
import random
import re
import statistics
import time
from pathlib import Path
from typing import Any

from simnet import ChildWeb, latency, reaped_children_cpu_seconds, tree_cpu_seconds
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


REAL_PAGES = Path(__file__).resolve().parent.parent.parent / "shared" / "extraction-benchmark" / "html"
PAGES: dict[str, bytes] = {}  # host -> a real page (--pages real), read before the web starts


def real_pages() -> dict[str, bytes]:
    """Eight real article pages of the extraction benchmark (../shared, never copied here), one per site."""
    files = sorted(REAL_PAGES.glob("*.html.gz"))[: len(SITES)]
    return {host: gzip.decompress(f.read_bytes()) for host, f in zip(SITES, files, strict=False)}


def article(host: str) -> bytes:
    if host in PAGES:
        return PAGES[host]
    rng = random.Random(host)
    revenue = "$81.6 billion" if host != "news7.test" else "$44.1 billion"
    words = [
        "market",
        "demand",
        "quarter",
        "growth",
        "chips",
        "data",
        "center",
        "outlook",
        "guidance",
        "analysts",
        "investors",
    ]
    filler = " ".join(" ".join(rng.choice(words) for _ in range(18)).capitalize() + "." for _ in range(160))
    nav = "".join(f"<a href='/s{i}'>Section {i}</a>" for i in range(40))
    body = (
        f"<html><head><title>Quarterly results at {host}</title></head><body><nav>{nav}</nav><article>"
        f"<h1>NVIDIA results</h1><p>NVIDIA reported revenue of {revenue} for the quarter, up 85% from a year "
        f"earlier, the company said on Wednesday in Santa Clara.</p><p>{filler}</p></article>"
        f"<footer>{nav}</footer></body></html>"
    )
    return body.encode()


def setup(web: SimWeb, params: dict[str, Any]) -> None:
    if params.get("real"):
        PAGES.update(real_pages())
    for provider in PROVIDERS:

        def search(req: Request, provider: str = provider) -> Reply:
            run = run_of(req)
            port = req.headers["host"].rsplit(":", 1)[1]
            urls = [f"http://{h}:{port}/story?run={run}" for h in ranking(provider, run)]
            items = [
                {"url": u, "title": f"Story {i}", "snippet": "NVIDIA revenue"} for i, u in enumerate(urls)
            ]
            if provider == "brave":
                data: Any = {
                    "web": {
                        "results": [
                            {"url": i["url"], "title": i["title"], "description": i["snippet"]} for i in items
                        ]
                    }
                }
            else:
                data = {
                    "results": [
                        {"url": i["url"], "title": i["title"], "content": i["snippet"]} for i in items
                    ]
                }
            return Reply(
                body=json.dumps(data),
                content_type="application/json",
                delay_s=latency(provider, run, SEARCH_LOW, SEARCH_HIGH),
            )

        web.route(PATHS[provider], search, host=f"{provider}.test")
    for host in SITES:
        body = article(host)

        def page(req: Request, host: str = host, body: bytes = body) -> Reply:
            return Reply(
                body=body, delay_s=latency(host, int(req.query.get("run", "0")), PAGE_LOW, PAGE_HIGH)
            )

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


PAUSE_S = 0.25  # idle time before a "cold" extraction: a worker meets each page of a brief after such a wait


def best_extraction_ms(host: str) -> float:
    """``host``'s page extracted in this process by trafilatura, best of three back to back."""
    import trafilatura

    html = article(host).decode()
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        trafilatura.extract(html)
        best = min(best, time.process_time() - started)
    return best * 1000


def extraction_now_ms(hosts: list[str]) -> float:
    """The pages of ``hosts`` extracted in this process by trafilatura now, best of three each: the
    floor of the brief just run, measured in its minute."""
    return sum(best_extraction_ms(host) for host in hosts)


def extraction_ms() -> tuple[dict[str, float], dict[str, float]]:
    """Each site's page extracted in this process by trafilatura: the least a reader could spend on it
    (best of three back to back), and the same after a pause of :data:`PAUSE_S` (median of three).

    The second is a diagnostic, not the goal's floor: on a virtual machine a process that has slept
    for a while pays more for the same work (caches, and page tables the host rebuilds), about a
    fifth more for these pages, and a brief's workers always read a page after such a wait.
    """
    import trafilatura

    warm, cold = {}, {}
    for host in SITES:
        html = article(host).decode()
        warm[host] = best_extraction_ms(host)
        after_pause = []
        for _ in range(3):
            time.sleep(PAUSE_S)
            started = time.process_time()
            trafilatura.extract(html)
            after_pause.append((time.process_time() - started) * 1000)
        cold[host] = statistics.median(after_pause)
    return warm, cold


class Figures:
    def __init__(self) -> None:
        self.ratios: list[float] = []  # wall over the critical path
        self.client_ms: list[float] = []  # this process only
        self.total_ms: list[float] = []  # this process and its extraction workers
        self.over_extraction: list[float] = []  # total over trafilatura's in-process cost for the same pages
        self.over_start: list[float] = []  # the same, the floor measured once before the runs (diagnostic)
        self.beside_ms: list[float] = []  # that floor per page, measured beside each brief
        self.over_cold: list[
            float
        ] = []  # total over the same pages' in-process cost after a pause (diagnostic)
        self.floor_ms = 0.0  # trafilatura in-process on one page, the median over the sites
        self.cold_ms = 0.0  # the same after a pause


async def bench(port: int, web_pid: int, runs: int, read_deadline: float, profile: Any = None) -> Figures:
    figures = Figures()
    cost, cold = extraction_ms()
    me, skip = os.getpid(), frozenset({web_pid})

    def workers_s() -> (
        float
    ):  # the extraction workers: every descendant but the simulated web, live or reaped
        return tree_cpu_seconds(me, skip=skip, root=False) + reaped_children_cpu_seconds()

    async with Client(config(port, read_deadline)) as wq:
        await wq.brief("warm up run 9999")
        if profile is not None:
            profile.enable()
        for run in range(runs):
            if profile is not None:
                profile.disable()  # scanning /proc is the benchmark's cost, not the client's
            workers0 = workers_s()  # read outside the client's own clock too
            if profile is not None:
                profile.enable()
            cpu0, wall0 = time.process_time(), time.perf_counter()
            out = await wq.brief(f"nvidia quarterly revenue run {run}")
            wall = time.perf_counter() - wall0
            client = (time.process_time() - cpu0) * 1000
            figures.client_ms.append(client)
            if profile is not None:
                profile.disable()
            total = client + (workers_s() - workers0) * 1000
            if profile is not None:
                profile.enable()
            figures.total_ms.append(total)
            read = [s for s in out.sources if not s.snippet_only]
            floor = sum(cost[s.site] for s in read)
            if floor:
                if profile is not None:
                    profile.disable()
                beside = extraction_now_ms([s.site for s in read])
                if profile is not None:
                    profile.enable()
                figures.beside_ms.append(beside / len(read))
                figures.over_extraction.append(total / beside)
                figures.over_start.append(total / floor)
                figures.over_cold.append(total / sum(cold[s.site] for s in read))
            search = max(latency(p, run, SEARCH_LOW, SEARCH_HIGH) for p in PROVIDERS)
            reads = [
                read_deadline if STALL in s.url else latency(s.site, run, PAGE_LOW, PAGE_HIGH)
                for s in out.sources
            ]
            figures.ratios.append(wall / (search + min(read_deadline, max(reads))))
        if profile is not None:
            profile.disable()
    figures.floor_ms = statistics.median(cost.values())
    figures.cold_ms = statistics.median(cold.values())
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--read-deadline", type=float, default=2.5)
    parser.add_argument(
        "--pages",
        choices=("real", "synthetic"),
        default="real" if REAL_PAGES.is_dir() else "synthetic",
        help="real: eight pages of ../shared/extraction-benchmark (default when present); synthetic: 30 KB of filler",
    )
    parser.add_argument(
        "--profile", metavar="FILE", help="cProfile the client's runs into FILE, and print where its CPU goes"
    )
    args = parser.parse_args()
    if args.pages == "real":
        PAGES.update(real_pages())
    web = ChildWeb(setup, {"real": args.pages == "real"})
    with web as port:
        profile = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not waits
        f = asyncio.run(bench(port, web.pid, args.runs, args.read_deadline, profile))
    q = statistics.quantiles(f.ratios, n=10)
    print(f"pages: {args.pages}")
    print(
        f"brief: {len(PROVIDERS)} providers at {SEARCH_LOW * 1000:.0f}-{SEARCH_HIGH * 1000:.0f} ms, "
        f"pages at {PAGE_LOW * 1000:.0f}-{PAGE_HIGH * 1000:.0f} ms + one stalled page, read deadline {args.read_deadline:g} s, {args.runs} runs"
    )
    print(
        f"  wall / critical path: median {statistics.median(f.ratios):.3f}, p90 {q[-1]:.3f}, worst {max(f.ratios):.3f} (goal: median <= 1.10)"
    )
    print(
        f"  client CPU per brief: median {statistics.median(f.client_ms):.0f} ms, p90 {statistics.quantiles(f.client_ms, n=10)[-1]:.0f} ms"
    )
    print(
        f"  CPU per brief with the extraction workers: median {statistics.median(f.total_ms):.0f} ms, "
        f"mean {statistics.fmean(f.total_ms):.0f} ms (clock ticks of 10 ms: read the mean)"
    )
    print(
        f"  trafilatura in-process on one of these pages, before the runs: {f.floor_ms:.1f} ms (median over the "
        f"sites); after a {PAUSE_S:g} s pause, as a worker meets a page: {f.cold_ms:.1f} ms"
    )
    if f.over_extraction:
        print(
            f"  the same beside each brief: median {statistics.median(f.beside_ms):.1f} ms a page, "
            f"from {min(f.beside_ms):.1f} to {max(f.beside_ms):.1f} ms"
        )
        print(
            f"  CPU per brief / the same pages' in-process extraction beside it: median "
            f"{statistics.median(f.over_extraction):.2f}x, mean {statistics.fmean(f.over_extraction):.2f}x (goal: <= 1.3x)"
        )
        print(
            f"  the same over their extraction before the runs (diagnostic): median {statistics.median(f.over_start):.2f}x, "
            f"mean {statistics.fmean(f.over_start):.2f}x"
        )
        print(
            f"  the same over their extraction after a pause (diagnostic): median {statistics.median(f.over_cold):.2f}x, "
            f"mean {statistics.fmean(f.over_cold):.2f}x"
        )
    if profile is not None:
        profile.dump_stats(args.profile)
        print_breakdown(pstats.Stats(args.profile), args.runs)


# the client's own CPU by where it is spent, first match wins (a function's own time, not cumulative)
AREAS = (
    ("comparison", ("webquorum/analysis/", "webquorum/text/")),
    ("extraction pipes and pickling", ("webquorum/readers/sandbox", "multiprocessing/", "pickle", "_pickle")),
    ("reading (local reader, decode, trims)", ("webquorum/readers/", "webquorum/pipelines/fetch")),
    ("pydantic validation and models", ("pydantic",)),
    (
        "HTTP (httpx, the transport, ssl, sockets)",
        ("httpx", "httpcore", "h11", "ssl", "socket", "anyio", "webquorum/net/http1", "webquorum/net/stream"),
    ),
    (
        "search, fusion, URLs",
        ("webquorum/pipelines/search", "webquorum/analysis/fusion", "webquorum/urls", "webquorum/providers/"),
    ),
    ("rendering", ("brief_text",)),
    ("event loop and asyncio", ("asyncio/", "selectors", "select.epoll")),
    (
        "runtime (limits, breakers, retries, cache)",
        ("webquorum/resilience/", "webquorum/runtime/", "webquorum/net/"),
    ),
    (
        "regular expressions",
        ("re/", "method 'sub'", "method 'finditer'", "method 'search'", "method 'match'"),
    ),
)


def _area(filename: str, name: str) -> str:
    where = f"{filename}:{name}"
    return next((a for a, keys in AREAS if any(k in where for k in keys)), "other")


def print_breakdown(stats: pstats.Stats, runs: int) -> None:
    """Own time per area, per brief: where the client's CPU goes (the workers' extraction is not in it).

    A built-in (``len``, ``str.join``, ``isinstance``: file ``~``) that no area names is counted where
    it was called from, shared by its callers' time in it: else "other" holds every area's built-ins.
    """
    totals: dict[str, float] = {}
    for (filename, _, name), row in stats.stats.items():  # type: ignore[attr-defined]
        area = _area(filename, name)
        callers = row[4]
        if area == "other" and filename == "~" and callers:
            spent = sum(c[2] for c in callers.values()) or 1.0
            for (c_file, _, c_name), c_row in callers.items():
                c_area = _area(c_file, c_name)
                totals[c_area] = totals.get(c_area, 0.0) + row[2] * c_row[2] / spent
            continue
        totals[area] = totals.get(area, 0.0) + row[2]
    whole = sum(totals.values())
    print(
        f"  client profile (cProfile inflates it; the shares are what count), per brief {whole / runs * 1000:.0f} ms:"
    )
    for area, spent in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"    {area:45s} {spent / runs * 1000:6.1f} ms  {spent / whole:5.1%}")


if __name__ == "__main__":
    main()
