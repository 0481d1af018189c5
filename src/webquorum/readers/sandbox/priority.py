"""CPU demotion: a worker that has spent :data:`DEMOTE_AFTER_S` of CPU on one document drops to nice 19.

Priorities follow a multi-level feedback rule, so that a hostile page costs its own call and not
a normal one made meanwhile. The serving process (and its event loop) runs at the normal
priority; the fork server and every worker at nice :data:`WORKER_NICE` (10), below it. A worker
that has spent :data:`DEMOTE_AFTER_S` of CPU on its current document is demoted to nice
:data:`DEMOTED_NICE` (19) by the parent: a normal page reads in a few milliseconds and keeps its
priority, a long hostile one yields the CPU to every other extraction (on two CPUs shared with
other work, a nice-10 normal worker next to a nice-19 hostile one gets 110/125 of their CPU,
where two nice-10 workers got half each). An unprivileged process cannot raise its priority
again, so a demoted worker is retired after that document (:mod:`.pool`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable

__all__ = ["DEMOTED_NICE", "DEMOTE_AFTER_S", "WORKER_NICE", "Demotion", "cpu_ticks"]

WORKER_NICE = 10  # the fork server and every worker: below the serving process
DEMOTED_NICE = 19  # a worker past DEMOTE_AFTER_S of CPU on one document
DEMOTE_AFTER_S = 0.15  # a normal article reads in about 5 ms of CPU, a 5 MB one in about a second
_MIN_CHECK_S = 0.02  # the shortest wait between two looks at a worker's CPU time
_TICKS_PER_S = os.sysconf("SC_CLK_TCK")


def cpu_ticks() -> int:
    """This process's user plus system CPU time in clock ticks: the count /proc/<pid>/stat shows for it."""
    times = os.times()
    return round((times.user + times.system) * _TICKS_PER_S)


def _cpu_seconds(pid: int) -> float | None:
    """A process's user plus system CPU time from /proc (None when it is gone or /proc cannot tell)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS_PER_S
    except (OSError, ValueError, IndexError):
        return None


def _renice(pid: int, nice: int) -> None:
    """Set every thread of ``pid`` to ``nice`` (on Linux a priority belongs to a thread, not a process)."""
    try:
        threads = [int(tid) for tid in os.listdir(f"/proc/{pid}/task")]
    except (OSError, ValueError):
        threads = [pid]
    for tid in threads:
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, tid, nice)


class Demotion:
    """Demote process ``pid`` to :data:`DEMOTED_NICE` once its current document has used
    :data:`DEMOTE_AFTER_S` of CPU.

    The worker's CPU time is read from /proc at the start of the document and looked at again no
    sooner than it could have reached the threshold (a worker's one thread uses at most one second
    of CPU per second), so a short document is never looked at and a long one a few times.
    ``on_demoted`` runs once, on the event loop, when the worker is demoted. ``start_ticks`` is the
    worker's CPU time as it reported it with its last reply (:func:`cpu_ticks`, read just before it
    sent that reply and went idle): at most what it is now, so a document is never counted as having
    used less than it has. Without it (a fresh worker) /proc is read.
    """

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        pid: int,
        on_demoted: Callable[[], None],
        start_ticks: int | None = None,
    ) -> None:
        self.loop, self.pid, self.on_demoted = loop, pid, on_demoted
        if start_ticks is not None:
            self.start = start_ticks / _TICKS_PER_S
        else:
            self.start = _cpu_seconds(self.pid) or 0.0
        self.handle: asyncio.TimerHandle | None = None
        if self.pid:
            self.handle = loop.call_later(DEMOTE_AFTER_S, self.check)

    def check(self) -> None:
        used = _cpu_seconds(self.pid)
        if used is None:  # gone, or no /proc: nothing to demote
            self.handle = None
            return
        left = DEMOTE_AFTER_S - (used - self.start)
        if left > 0:
            self.handle = self.loop.call_later(max(left, _MIN_CHECK_S), self.check)
            return
        _renice(self.pid, DEMOTED_NICE)
        self.handle = None
        self.on_demoted()

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None
