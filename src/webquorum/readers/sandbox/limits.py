"""Each document's limits inside its worker: CPU seconds by what the body can need, memory by the whole RSS.

Past its CPU seconds (``RLIMIT_CPU``) the kernel kills the worker; past its memory allowance
allocations fail. The memory allowance is the child's whole resident size, the imports it
starts with included (about 50 MB): ``RLIMIT_AS`` is set to the address space the child maps
now plus the allowance minus what is already resident. Linux does not enforce ``RLIMIT_RSS``,
and a new resident page needs new address space (what is mapped but not resident at the start is
a few megabytes of libraries), so the child's peak RSS stays within the allowance by construction.
A pooled worker reads many documents, so each one's limits sit on top of what the worker has used
and holds so far, and the peak-RSS counter is reset for it.
"""

from __future__ import annotations

import contextlib
import math
import os

__all__ = [
    "CPU_S_PER_MB",
    "MIN_CPU_S",
    "MIN_MEMORY_BYTES",
    "apply",
    "cpu_allowance",
    "limit_note",
    "mapped_and_resident",
    "reset_peak",
]

# A normal 5 MB article (11,000 paragraphs) peaks at about 200 MB in a child: it must still read.
MIN_MEMORY_BYTES = 240 * 1024 * 1024
_MIN_HEADROOM = 16 * 1024 * 1024  # never less room than this above the start, whatever the start costs
# CPU a document may use: this much, plus this much per megabyte of body, never more than its deadline's
# seconds. A 5 MB article extracts in about a second; an 891 KB page gets 3 s, not a 15 s deadline's 15.
MIN_CPU_S = 2.0
CPU_S_PER_MB = 1.0


def cpu_allowance(deadline_s: float, body_bytes: int | None = None) -> int:
    """Whole CPU seconds for one document: what its body can need (:data:`MIN_CPU_S` plus
    :data:`CPU_S_PER_MB` per megabyte), never more than its deadline's seconds; the deadline's alone
    when the size is unknown. Bounded by what a page can yield, so a small page that makes a parser
    spin is stopped after a few seconds of CPU, not a whole deadline's."""
    by_deadline = max(1, math.ceil(deadline_s))
    if body_bytes is None:
        return by_deadline
    return min(by_deadline, math.ceil(MIN_CPU_S + CPU_S_PER_MB * body_bytes / (1024 * 1024)))


def mapped_and_resident() -> tuple[int, int]:
    """This process's current virtual and resident sizes in bytes (0, 0 when /proc cannot tell)."""
    try:
        with open("/proc/self/statm") as statm:
            fields = statm.read().split()
        page = os.sysconf("SC_PAGE_SIZE")
        return int(fields[0]) * page, int(fields[1]) * page
    except (OSError, ValueError, IndexError):
        return 0, 0


def apply(cpu_s: int, memory_bytes: int) -> None:
    """This document's limits, on top of what the worker has used and holds so far."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    used = math.ceil(usage.ru_utime + usage.ru_stime)
    _set_soft(resource.RLIMIT_CPU, used + cpu_s)  # SIGXCPU past the soft limit
    mapped, resident = mapped_and_resident()
    if mapped:
        _set_soft(resource.RLIMIT_AS, mapped + max(memory_bytes - resident, _MIN_HEADROOM))
    reset_peak()  # the peak-RSS counter (VmHWM) counts from this document on


def _set_soft(which: int, value: int) -> None:
    """Set a soft limit within the hard one the process was started under (``ulimit -v``, ``prlimit --as``).

    An unprivileged process can never raise its hard limit, so asking for more than it (or for an
    unlimited hard limit) fails; the operator's limit is the stricter one and wins. A document that
    needs more than it leaves then fails as out of memory or CPU, like any other page past its allowance.
    """
    import resource

    hard = resource.getrlimit(which)[1]
    resource.setrlimit(which, (value if hard == resource.RLIM_INFINITY else min(value, hard), hard))


def reset_peak() -> None:
    with contextlib.suppress(OSError), open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")


def limit_note() -> str:
    """Names the operator's address-space limit, when one is set: under a tight ``ulimit -v`` it is the likely
    cause."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard == resource.RLIM_INFINITY:
        return ""
    return f"; this process runs under an address-space limit of {hard // (1024 * 1024)} MB (ulimit -v, prlimit --as): raise it"
