"""Fleet benchmark: four worker processes sharing one Redis against one loopback upstream.

Three questions, each answered with a shared Redis store and, for contrast, without one:

1. **Rate limits** (``--seconds``, default 65): every worker calls two providers as fast as the
   limiter lets it, ``searxng`` limited to ``10/minute`` and ``brave`` to ``1/second``. The
   upstream stamps each request on *arrival*; the figure is the most requests any sliding window
   saw (goal: never over the limit) and the shortest gap under ``1/second``.
2. **Breakers**: the upstream answers 503 to everything; every worker calls it for two seconds
   (with the default two retries). The figure is requests that reached the upstream before every
   worker failed fast (goal: 5 in total, not 5 per worker).
3. **Document cache** (``cache.url`` on Redis): worker A reads 20 pages, then worker B reads the
   same 20. The figure is pages B fetched again from the upstream (goal: 0).

    .venv/bin/python benchmarks/fleet.py [--seconds 65] [--workers 4]

Needs ``redis-server`` on PATH (the script starts its own on a free loopback port).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import multiprocessing as mp
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
for entry in (str(REPO), str(REPO / "src")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from tests.resilience.conftest import RedisServer  # noqa: E402
from tests.sim.providers import endpoint_path, host_of, ok_reply, provider_config  # noqa: E402
from tests.sim.sites import SITE, article  # noqa: E402
from tests.sim.web import Reply, Request, SimWeb  # noqa: E402

RATES = {"searxng": ("10/minute", 10, 60.0), "brave": ("1/second", 1, 1.0)}
PAGES = 20


class Arrivals:
    """The upstream's own log: when each request arrived, per provider host."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def handler(self, host: str, reply: Reply) -> Any:
        def answer(req: Request) -> Reply:
            with self._lock:
                self.times.setdefault(host, []).append(time.time())
            return reply

        return answer


def most_in_any_window(times: list[float], window_s: float) -> int:
    ordered = sorted(times)
    best, j = 0, 0
    for i, t in enumerate(ordered):
        while j < len(ordered) and ordered[j] < t + window_s:
            j += 1
        best = max(best, j - i)
    return best


# -- workers (spawned processes) -------------------------------------------------------------------


def _rate_worker(config: dict[str, Any], seconds: float, start: Any, out: Any) -> None:
    from webquorum import Client
    from webquorum.errors import WebQuorumError

    async def hammer(wq: Client, provider: str, until: float) -> int:
        done = 0
        while time.monotonic() < until:
            try:
                await wq.search("fleet benchmark", provider=provider)
                done += 1
            except WebQuorumError as exc:
                await asyncio.sleep(min(exc.retry_after or 0.2, 1.0))
        return done

    async def run() -> list[int]:
        async with Client(config) as wq:
            start.wait()
            until = time.monotonic() + seconds
            return list(await asyncio.gather(*(hammer(wq, p, until) for p in RATES)))

    out.put(asyncio.run(run()))


def _breaker_worker(config: dict[str, Any], seconds: float, start: Any, out: Any) -> None:
    from webquorum import Client
    from webquorum.errors import WebQuorumError

    async def run() -> dict[str, int]:
        codes: dict[str, int] = {}
        async with Client(config) as wq:
            start.wait()
            until = time.monotonic() + seconds
            while time.monotonic() < until:
                try:
                    await wq.search("fleet benchmark", provider="brave")
                except WebQuorumError as exc:
                    codes[exc.code] = codes.get(exc.code, 0) + 1
                await asyncio.sleep(0.02)
        return codes

    out.put(asyncio.run(run()))


def _cache_worker(config: dict[str, Any], urls: list[str], start: Any, out: Any) -> None:
    from webquorum import Client

    async def run() -> int:
        async with Client(config) as wq:
            start.wait()
            for url in urls:
                await wq.fetch(url)
        return len(urls)

    out.put(asyncio.run(run()))


def run_workers(target: Any, configs: list[dict[str, Any]], *args: Any) -> list[Any]:
    ctx = mp.get_context("spawn")
    start, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=target, args=(config, *args, start, out)) for config in configs]
    for proc in procs:
        proc.start()
    time.sleep(3.0)  # imports and Client set-up in every worker before the clock starts
    start.set()
    results = [out.get(timeout=600) for _ in procs]
    for proc in procs:
        proc.join(timeout=30)
    return results


# -- the three measurements --------------------------------------------------------------------------


def measure_rates(web: SimWeb, arrivals: Arrivals, store_url: str, workers: int, seconds: float) -> None:
    overrides = {f"override_{pid}": {"rate_limit": text} for pid, (text, _, _) in RATES.items()}
    config = provider_config(web, list(RATES), store={"url": store_url}, **overrides)
    granted = run_workers(_rate_worker, [config] * workers, seconds)
    for pid, (text, limit, window) in RATES.items():
        times = arrivals.times.get(host_of(pid), [])
        ordered = sorted(times)
        gaps = [b - a for a, b in itertools.pairwise(ordered)]
        peak = most_in_any_window(times, window)
        shortest = f", shortest gap {min(gaps):.3f} s" if gaps and window <= 1.0 else ""
        verdict = "ok" if peak <= limit else "OVER"
        print(
            f"  {pid} {text}: {len(times)} requests in {seconds:.0f} s; most in any {window:g} s window "
            f"{peak} (limit {limit}, {verdict}){shortest}"
        )
    print(f"  calls completed per worker: {granted}")


def measure_breaker(web: SimWeb, arrivals: Arrivals, store_url: str, workers: int) -> int:
    config = provider_config(
        web, ["brave"], store={"url": store_url}, network={"retries": 2, "retry_waits": False}
    )
    results = run_workers(_breaker_worker, [config] * workers, 2.0)
    sent = len(arrivals.times.get(host_of("brave"), []))
    totals: dict[str, int] = {}
    for codes in results:
        for code, n in codes.items():
            totals[code] = totals.get(code, 0) + n
    print(
        f"  {store_url.split(':')[0]} store: {sent} failing requests reached the upstream; worker errors {totals}"
    )
    return sent


def measure_cache(web: SimWeb, arrivals: Arrivals, cache_a: str, cache_b: str, label: str) -> None:
    urls = []
    for n in range(PAGES):
        path = f"/fleet/{n}"
        web.route(
            path,
            arrivals.handler(SITE, Reply(body=article(f"Page {n}", f"Paragraph {n} of the fleet page."))),
            host=SITE,
        )
        urls.append(web.url(path, host=SITE))
    network = {"resolve": {SITE: "127.0.0.1"}, "allow_hosts": [SITE], "retries": 0}
    run_workers(_cache_worker, [{"network": network, "cache": {"enabled": True, "url": cache_a}}], urls)
    first = len(arrivals.times.get(SITE, []))
    run_workers(_cache_worker, [{"network": network, "cache": {"enabled": True, "url": cache_b}}], urls)
    second = len(arrivals.times.get(SITE, [])) - first
    print(f"  {label}: worker A fetched {first} pages, worker B re-fetched {second}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=65.0)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("redis-server is not on PATH (apt-get install redis-server)")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        server = RedisServer(binary, tmp).start()
        try:
            print(f"fleet: {args.workers} worker processes, one redis-server, one loopback upstream")
            print("rate limits (requests counted at the upstream, on arrival):")
            with SimWeb() as web:
                arrivals = Arrivals()
                for pid in RATES:
                    web.route(
                        endpoint_path(pid), arrivals.handler(host_of(pid), ok_reply(pid)), host=host_of(pid)
                    )
                measure_rates(web, arrivals, server.url, args.workers, args.seconds)
            print("breakers (upstream answers 503 to everything):")
            sent = {}
            for store_url in (server.url, "memory://"):
                with SimWeb() as web:
                    arrivals = Arrivals()
                    failing = Reply(status=503, body=b'{"message": "down"}', content_type="application/json")
                    web.route(
                        endpoint_path("brave"),
                        arrivals.handler(host_of("brave"), failing),
                        host=host_of("brave"),
                    )
                    sent[store_url] = measure_breaker(web, arrivals, store_url, args.workers)
            print(f"  shared breaker: {sent[server.url]} requests (goal 5); per-process: {sent['memory://']}")
            print("document cache:")
            with SimWeb() as web:
                measure_cache(web, Arrivals(), server.url, server.url, "cache.url on redis (goal 0)")
            with SimWeb() as web:
                a, b = f"sqlite:///{tmp / 'a.sqlite'}", f"sqlite:///{tmp / 'b.sqlite'}"
                measure_cache(web, Arrivals(), a, b, "a SQLite file per machine")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
