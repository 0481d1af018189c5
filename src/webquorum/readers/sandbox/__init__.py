"""Run extraction in a child process under a wall deadline and CPU and memory limits: :func:`run_bounded`.

Why a process and not a thread: a deadline cannot preempt a thread, so one page whose parse
goes quadratic, or a PDF whose content stream makes PDFium allocate gigabytes (or abort the
process, exit 134), would take the event loop's CPU, every other call's memory or the whole
server with it. In a child, the page costs only itself: past its deadline the child is killed,
past its CPU seconds the kernel kills it, past its memory allowance allocations fail; each of
those, and any crash, is that source's :class:`~webquorum.errors.ExtractionFailedError`.

One idea a module:

- :mod:`.forkserver`: where workers come from (a fork server that imported the extractors once);
  :mod:`.server_start` is its entry and :mod:`.preload` the warm-up it and each worker run;
- :mod:`.limits`: each document's CPU and memory limits inside its worker;
- :mod:`.protocol`: both ends of a worker's pipe, the worker's loop included;
- :mod:`.pool`: started workers kept idle, retired after harm; :func:`warm_up` starts them;
- :mod:`.priority`: a worker past a few CPU milliseconds on one document is demoted below the rest;
- :mod:`.slots`: how many documents extract at once, with room kept for ordinary pages;
- this module: the async entry, which awaits the child's pipe, so a hundred slow extractions do
  not occupy the default thread pool that the caches and stores use.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from typing import Any, TypeVar

from webquorum.errors import ExtractionFailedError
from webquorum.readers.sandbox import pool, protocol
from webquorum.readers.sandbox.limits import (
    CPU_S_PER_MB,
    MIN_CPU_S,
    MIN_MEMORY_BYTES,
    cpu_allowance,
    limit_note,
)
from webquorum.readers.sandbox.pool import DOCUMENTS_PER_WORKER, MAX_CHILDREN, SPARE_WORKERS, Worker, warm_up
from webquorum.readers.sandbox.priority import DEMOTE_AFTER_S, DEMOTED_NICE, WORKER_NICE, Demotion
from webquorum.readers.sandbox.slots import Slots

__all__ = [
    "CPU_S_PER_MB",
    "DEMOTED_NICE",
    "DEMOTE_AFTER_S",
    "DOCUMENTS_PER_WORKER",
    "MAX_CHILDREN",
    "MIN_CPU_S",
    "MIN_MEMORY_BYTES",
    "SPARE_WORKERS",
    "WORKER_NICE",
    "cpu_allowance",
    "run_bounded",
    "warm_up",
]

T = TypeVar("T")
_slots: dict[int, Slots] = {}


def _slot() -> Slots:
    loop_id = id(asyncio.get_running_loop())
    if loop_id not in _slots:
        _slots.clear()  # one event loop at a time in practice; tests make a new one per test
        _slots[loop_id] = Slots(pool.MAX_CHILDREN)
    return _slots[loop_id]


async def run_bounded(
    func: Callable[..., T],
    *args: Any,
    source: str,
    deadline_s: float,
    memory_bytes: int,
    body_bytes: int | None = None,
    **kwargs: Any,
) -> T:
    """``func(*args, **kwargs)`` in a fresh child, or the page's fetch error; never longer than
    ``deadline_s``.

    ``memory_bytes`` is the child's whole resident allowance (its start included); ``body_bytes``
    (what the document will be once decoded, at most) sets its CPU allowance (:func:`cpu_allowance`).
    ``func`` must be a module-level function (it is pickled by name). Its fetch errors come back
    as the same class; a timeout, a CPU or memory overrun or a crash is ``ExtractionFailedError``.
    The deadline runs from the moment the child is running: the first extraction of a process
    also waits for the fork server's imports (about a second, once), like an in-process import.
    A slot is kept for ordinary pages while every running document is heavy (:mod:`.slots`).
    """
    cpu_s = cpu_allowance(deadline_s, body_bytes)
    slots = _slot()
    try:
        async with asyncio.timeout(deadline_s):
            await slots.acquire()
    except TimeoutError:
        raise ExtractionFailedError(
            f"{source} waited {deadline_s:g}s for a free extractor", url=source
        ) from None
    heavy = False

    def turned_heavy() -> None:
        nonlocal heavy
        heavy = True
        slots.mark_heavy()

    try:
        return await _run_child(func, args, kwargs, source, cpu_s, memory_bytes, deadline_s, turned_heavy)
    finally:
        slots.release(heavy=heavy)


def _retire_when_started(started: asyncio.Future[Worker]) -> None:
    if not started.cancelled() and started.exception() is None:
        started.result().retire()


async def _run_child(
    func: Callable[..., T],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    url: str,
    cpu_s: int,
    memory_bytes: int,
    deadline_s: float,
    on_heavy: Callable[[], None],
) -> T:
    loop = asyncio.get_running_loop()
    worker = pool.take()
    if (
        worker is None
    ):  # none idle: start one (the first one of a process also waits for the fork server's imports)
        try:
            started = asyncio.ensure_future(asyncio.to_thread(Worker))
            worker = await asyncio.shield(started)
        except asyncio.CancelledError:
            started.add_done_callback(_retire_when_started)
            raise
        except (
            MemoryError,
            RuntimeError,
            OSError,
            EOFError,
        ) as exc:  # no thread, fork or memory: say why, no traceback
            raise ExtractionFailedError(
                f"{url}: no extraction worker could start ({exc}){limit_note()}", url=url
            ) from None
    pool.refill_soon()
    reused = False

    running = worker

    def demoted() -> None:
        running.demoted = True
        on_heavy()

    watch = Demotion(loop, worker.process.pid or 0, demoted, worker.cpu_ticks)
    try:
        # The body goes raw, not pickled; the loop writes it as the pipe takes it (a large body fills it).
        args, kwargs, raw = protocol.take_out(args, kwargs)
        request: protocol.Request = (func, args, kwargs, cpu_s, memory_bytes, len(raw))
        try:
            async with asyncio.timeout(deadline_s):
                await protocol.send_request(loop, worker.sock, request, raw)
                reply = await protocol.receive(loop, worker.sock, memory_bytes)
        except TimeoutError:
            raise ExtractionFailedError(
                f"{url} did not finish extracting within {deadline_s:g}s", url=url
            ) from None
        watch.stop()  # before the worker is given back: a later document's worker is not this one's to demote
        if reply is None:
            await asyncio.to_thread(worker.process.join, 2.0)
            raise _died(worker.process.exitcode, url, cpu_s)
        message, grown, ticks = reply
        if message[0] != "failed":  # a result or the page's own fetch error: the worker is sound
            reused = True
            pool.give_back(worker, grown, ticks)
        result: T = protocol.rebuild(message, url)
        return result
    except (BrokenPipeError, ConnectionResetError):
        await asyncio.to_thread(worker.process.join, 2.0)
        raise _died(worker.process.exitcode, url, cpu_s) from None
    finally:
        watch.stop()
        if not reused:  # killed, crashed, out of memory, broken or cancelled mid-document: never reused
            worker.retire()


def _died(exitcode: int | None, url: str, cpu_s: int) -> ExtractionFailedError:
    if exitcode in (
        -signal.SIGXCPU,
        -signal.SIGKILL,
    ):  # RLIMIT_CPU: SIGXCPU at the soft, SIGKILL at the hard limit
        return ExtractionFailedError(f"{url} took more than its {cpu_s}s of CPU to extract", url=url)
    if exitcode == -signal.SIGABRT:
        return ExtractionFailedError(
            f"{url} crashed the extractor (abort, likely out of memory){limit_note()}", url=url
        )
    return ExtractionFailedError(
        f"{url}: the extractor process died (exit {exitcode}){limit_note()}", url=url
    )
