"""A simulated network in a child process, for benchmarks.

The server runs in its own process so its work does not share the client's GIL: what the
client measures is then its own wall time and CPU, as against a real network. Latency is a
pure function of (name, run), so the parent computes the critical path with the same numbers
the child sleeps for.
"""

from __future__ import annotations

import hashlib
import multiprocessing as mp
import os
import resource
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
for entry in (str(REPO), str(REPO / "src")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from tests.sim.web import SimWeb  # noqa: E402

Setup = Callable[[SimWeb, dict[str, Any]], None]


def latency(name: str, run: int, low: float, high: float) -> float:
    """A deterministic latency in [low, high] seconds for ``name`` on ``run``."""
    digest = hashlib.sha256(f"{name}/{run}".encode()).digest()
    return low + (high - low) * int.from_bytes(digest[:4], "big") / 0xFFFFFFFF


def tree_cpu_seconds(pid: int, *, skip: frozenset[int] = frozenset(), root: bool = True) -> float:
    """utime + stime of ``pid`` and of every live descendant (extraction workers, a fleet's workers), from
    /proc, with what each descendant's own exited children used (cutime + cstime).

    Descendants are found by their parent pid over all of /proc, so a child started from any thread counts;
    ``skip`` leaves out a subtree (the benchmark's own simulated web); ``root=False`` counts the descendants
    alone (the caller reads its own CPU with a finer clock). CPU of ``pid``'s own children that have exited
    and been waited for is in :func:`reaped_children_cpu_seconds`. An extraction worker retired after its
    share of documents is reaped by the fork server, so its CPU moves into the fork server's cutime: without
    that, a run in which a worker retired lost the worker's whole life's CPU and came out negative.
    """
    parents: dict[int, list[int]] = {}
    ticks: dict[int, int] = {}
    reaped: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(entry))
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
        reaped[int(entry)] = int(fields[13]) + int(fields[14])
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        if current in skip:
            continue
        if current != pid or root:
            total += ticks.get(current, 0)
        if current != pid:
            total += reaped.get(current, 0)
        todo.extend(parents.get(current, []))
    return total / os.sysconf("SC_CLK_TCK")


def reaped_children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _serve(setup: Setup, params: dict[str, Any], ports: Any, stop: Any) -> None:
    web = SimWeb().start()
    setup(web, params)
    ports.put(web.port)
    stop.wait()
    web.stop()


class ChildWeb:
    """``with ChildWeb(setup, params) as port:`` runs ``setup(web, params)`` in a child process."""

    def __init__(self, setup: Setup, params: dict[str, Any]) -> None:
        ctx = mp.get_context("spawn")
        self._ports = ctx.Queue()
        self._stop = ctx.Event()
        self._proc = ctx.Process(target=_serve, args=(setup, params, self._ports, self._stop), daemon=True)

    @property
    def pid(self) -> int:
        return self._proc.pid or 0

    def __enter__(self) -> int:
        self._proc.start()
        return int(self._ports.get(timeout=60))

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._proc.join(timeout=5)
        if self._proc.is_alive():
            self._proc.kill()
