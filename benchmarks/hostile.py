"""Hostile-page benchmark: the worst input of each kind, read through a real MCP server, while a
normal call keeps being made to the same server.

Kinds (tests/sim/hostile.py): ``brackets`` (a markdown line of ``[![`` that made the trimmer
backtrack), ``links`` (a page of nothing but links), ``nesting`` (``<div><span>`` nested to the
size), ``options`` (a ``<select>`` of ``<option>`` tags, 9 bytes each: the parser's insertion
into a select grew with the options before it), ``pdf-ops`` (one PDF page of tiny text operators, compressed),
``decompression`` (a gzip
bomb of that many megabytes of zeros, which the body cap stops). Each at 1, 5 and 20 MB, with the
body cap raised to 25 MB so the 20 MB pages arrive whole.

For each input: wall time of the hostile ``web_fetch`` and how it ended; CPU (per read) and peak
RSS of the extraction workers (the fork server's children, sampled from /proc every 20 ms by a
process of its own, so that the sampling never delays the calls being timed; a pooled worker
resets its peak counter, VmHWM, at the start and end of each document, and its CPU is counted
from the first sample) and the server's own peak RSS; and the median of normal ``web_fetch`` calls
(a small article, extraction included) made meanwhile, over the same call's median on the idle server
measured just before that row (``idle ms``: this shared machine's speed drifts by a third within a
minute, so a row is compared with its own moment, not with the start of the run). A hostile call
shorter than a few normal calls is read again until :data:`MIN_NORMAL_CALLS` normal calls were timed
beside it (``reads``; the wall time shown is the longest read), so that no row's median is one sample. The
loopback web runs in its own process too: a hostile page is served from
somebody else's machine, not from the process that times the normal calls.
A control row gives that ratio when the other call is a normal page too: the share of the ratio
that any concurrent call costs, hostile or not.

Goal (issue 12): every hostile call ends within its deadline (``network.fetch_deadline_s``), the
child's RSS stays under 10x the body cap, and the normal call stays within 2x its usual time.

    .venv/bin/python benchmarks/hostile.py [--sizes 1,5,20] [--kinds nesting,pdf-ops] [--calls 10] [--deadline
    15]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

import yaml
from mcp import Client

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.sim.hostile import deep_nesting, many_links, many_options, nested_brackets, pdf_operators  # noqa: E402
from tests.sim.mcp import free_port, spawn_http  # noqa: E402
from tests.sim.sites import gzip_bomb  # noqa: E402
from tests.sim.web import Reply, SimWeb  # noqa: E402

HOST = "hostile.test"
NORMAL = (
    "<html><head><title>Ferry</title></head><body><article><p>"
    + "The island ferry resumed its winter timetable on Monday after the storm repairs. " * 30
    + "</p></article></body></html>"
)
BODY_CAP = 25_000_000
MB = 1_000_000
MIN_NORMAL_CALLS = 10  # normal calls timed per row (and idle before it): a short hostile call is repeated


# The hostile replies by kind, built from a size in MB (as bytes, encoded once, not on every request).
KINDS: dict[str, Callable[[int], Reply]] = {
    "brackets": lambda mb: Reply(body=nested_brackets(mb * MB).encode(), content_type="text/markdown"),
    "links": lambda mb: Reply(body=many_links(mb * MB).encode()),
    "nesting": lambda mb: Reply(body=deep_nesting(mb * MB).encode()),
    "options": lambda mb: Reply(body=many_options(mb * MB).encode()),
    "pdf-ops": lambda mb: Reply(body=pdf_operators(mb * MB), content_type="application/pdf"),
    "decompression": lambda mb: Reply(body=gzip_bomb(mb * 40), headers={"Content-Encoding": "gzip"}),
}


def proc_stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds) of a process, or None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def hwm_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def workers(server: int) -> dict[int, float]:
    """The server's extraction workers (the fork server's children, at any depth) and their CPU seconds,
    from one pass over /proc. The server's direct children (the fork server, the resource tracker) are not
    workers."""
    stats = {int(e): proc_stat(int(e)) for e in os.listdir("/proc") if e.isdigit()}
    children: dict[int, list[int]] = {}
    for pid, stat in stats.items():
        if stat is not None:
            children.setdefault(stat[0], []).append(pid)
    found: dict[int, float] = {}
    frontier = [pid for direct in children.get(server, []) for pid in children.get(direct, [])]
    while frontier:
        pid = frontier.pop()
        stat = stats.get(pid)
        if stat is not None:
            found[pid] = stat[1]
        frontier += children.get(pid, [])
    return found


def sample(server: int, conn: Connection) -> None:
    """The sampler's own process: peak RSS and CPU of the workers between a "go" and a "stop".

    Walking /proc takes a few milliseconds a pass; in the measuring process it would hold up the
    very event loop that times the normal calls (brackets at 20 MB: 1.6x sampled there, 1.2x unsampled).
    """
    conn.send("ready")
    while conn.recv() == "go":
        peak, first, cpu = 0.0, dict[int, float](), dict[int, float]()
        while not conn.poll(0.02):
            for pid, seconds in workers(server).items():
                peak = max(peak, hwm_mb(pid) or 0.0)
                first.setdefault(pid, seconds)
                cpu[pid] = seconds - first[pid]
        conn.recv()
        conn.send((peak, sum(cpu.values())))


def serve_web(sizes: list[int], conn: Connection) -> None:
    """The loopback web, in a process of its own: a hostile page comes from somebody else's machine, and
    writing a 20 MB body from the measuring process would hold up the clients that time the normal calls."""
    with SimWeb() as web:
        web.route("/normal", Reply(body=NORMAL), host=HOST)
        for size in sizes:
            for kind, build in KINDS.items():
                web.route(f"/{kind}-{size}", build(size), host=HOST)
        conn.send(web.port)
        conn.recv()


async def timed(client: Client, url: str) -> tuple[float, str]:
    started = time.perf_counter()
    result = await client.call_tool("web_fetch", {"url": url})
    outcome = "ok"
    if result.is_error:
        outcome = str(result.content[0].text).split(":", 1)[0]  # type: ignore[union-attr]
    return time.perf_counter() - started, outcome


async def idle_median(client: Client, normal: str, calls: int) -> float:
    """The normal call's median on the idle server, spaced like the calls timed beside a hostile one."""
    times = []
    for _ in range(calls):
        times.append((await timed(client, normal))[0])
        await asyncio.sleep(0.1)
    return statistics.median(times)


async def bench(
    url: str,
    port: int,
    server: int,
    sizes: list[int],
    only: list[str],
    calls: int,
    deadline: float,
    sampler: Connection,
) -> None:
    normal = f"http://{HOST}:{port}/normal"
    async with Client(url) as client, Client(url) as other:
        for _ in range(3):
            await timed(client, normal)  # warm: fork server imports, pools
        usual = await idle_median(other, normal, calls)
        print(f"normal web_fetch on an idle server: median {usual * 1000:.0f} ms")
        # Control: the same ratio when the other call is a normal page too (two calls sharing one server).
        pairs = []
        for _ in range(max(9, calls)):
            first = asyncio.create_task(timed(client, normal))
            pairs.append((await timed(other, normal))[0])
            await first
            await asyncio.sleep(0.1)  # spaced like the idle calls it is compared with
        usual = (usual + await idle_median(other, normal, calls)) / 2
        print(
            f"control: a normal web_fetch while another normal one runs: {statistics.median(pairs) / usual:.2f}x\n"
        )
        print(
            f"{'kind':<14}{'MB':>4}{'wall s':>9}{'reads':>6}  {'outcome':<30}{'child CPU s':>12}{'child RSS MB':>14}"
            f"{'server RSS MB':>15}{'n':>5}{'idle ms':>9}{'normal x':>10}"
        )
        worst_ratio, worst_rss, over = 0.0, 0.0, []
        for size in sizes:
            for kind in (k for k in KINDS if k in only):  # names only: the bodies live in the web's process
                usual = await idle_median(
                    other, normal, calls
                )  # this row's own idle time: the machine drifts
                sampler.send("go")
                meanwhile: list[float] = []
                walls, outcomes = [], set()
                while len(meanwhile) < calls:  # a short hostile call is read again, for a median of several
                    hostile = asyncio.create_task(timed(client, f"http://{HOST}:{port}/{kind}-{size}"))
                    while not hostile.done():
                        meanwhile.append((await timed(other, normal))[0])
                        await asyncio.sleep(0.1)
                    wall, outcome = await hostile
                    walls.append(wall)
                    outcomes.add(outcome)
                sampler.send("stop")
                peak_mb, cpu_s = sampler.recv()
                ratio = statistics.median(meanwhile) / usual
                worst_ratio = max(worst_ratio, ratio)
                worst_rss = max(worst_rss, peak_mb)
                if max(walls) > deadline + 1.0:
                    over.append(f"{kind}-{size}")
                print(
                    f"{kind:<14}{size:>4}{max(walls):>9.2f}{len(walls):>6}  {'/'.join(sorted(outcomes)):<30}"
                    f"{cpu_s / len(walls):>12.2f}{peak_mb:>14.0f}{hwm_mb(server) or float('nan'):>15.0f}"
                    f"{len(meanwhile):>5}{usual * 1000:>9.1f}{ratio:>10.2f}"
                )
        print(
            f"\ndeadline {deadline:g}s: {'every call ended within it' if not over else 'over: ' + ', '.join(over)}"
        )
        print(
            f"worst child peak RSS {worst_rss:.0f} MB = {worst_rss * 1e6 / BODY_CAP:.1f}x the {BODY_CAP // MB} MB body cap"
        )
        print(f"worst normal-call median while a hostile page was read: {worst_ratio:.2f}x its idle time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1,5,20")
    parser.add_argument("--kinds", default="", help="comma-separated kinds to run (default: all)")
    parser.add_argument(
        "--calls", type=int, default=MIN_NORMAL_CALLS, help="normal calls timed per row, at least"
    )
    parser.add_argument("--deadline", type=float, default=15.0)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    only = [k for k in args.kinds.split(",") if k] or list(KINDS)
    if unknown := [k for k in only if k not in KINDS]:
        parser.error(f"--kinds: unknown {', '.join(unknown)}; choose from {', '.join(KINDS)}")
    spawn = multiprocessing.get_context("spawn")
    ours, theirs = spawn.Pipe()
    web = spawn.Process(target=serve_web, args=(sizes, theirs), daemon=True)
    web.start()
    web_port = ours.recv()
    with tempfile.TemporaryDirectory() as tmp:
        config = {
            "network": {
                "resolve": {HOST: "127.0.0.1"},
                "allow_hosts": [HOST],
                "retries": 0,
                "max_body_bytes": BODY_CAP,
                "fetch_deadline_s": args.deadline,
            },
            "cache": {"enabled": False},
            "mcp": {"call_deadline_s": args.deadline + 30},
        }
        path = Path(tmp) / "webquorum.yaml"
        path.write_text(yaml.safe_dump(config), encoding="utf-8")
        port = free_port()
        server = spawn_http(path, port, Path(tmp))
        to_sampler, theirs = spawn.Pipe()
        sampler = spawn.Process(target=sample, args=(server.pid, theirs), daemon=True)
        sampler.start()
        to_sampler.recv()  # ready: its first sample is not late
        try:
            asyncio.run(
                bench(
                    f"http://127.0.0.1:{port}/mcp",
                    web_port,
                    server.pid,
                    sizes,
                    only,
                    args.calls,
                    args.deadline,
                    to_sampler,
                )
            )
        finally:
            to_sampler.send(None)
            sampler.join(10)
            server.terminate()
            server.wait(10)
            ours.send(None)
            web.join(10)


if __name__ == "__main__":
    main()
