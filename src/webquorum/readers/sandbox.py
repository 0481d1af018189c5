"""Run extraction in a child process under a wall deadline and CPU and memory limits.

Why a process and not a thread: a deadline cannot preempt a thread, so one page whose parse
goes quadratic, or a PDF whose content stream makes PDFium allocate gigabytes (or abort the
process, exit 134), would take the event loop's CPU, every other call's memory or the whole
server with it. In a child, the page costs only itself: past its deadline the child is killed,
past its CPU seconds (``RLIMIT_CPU``) the kernel kills it, past its memory allowance
allocations fail; each of those, and any
crash, is that source's :class:`~webquorum.errors.ExtractionFailedError`. Each document gets its
own process, so no lock is held across documents (PDFium is not thread-safe, but one process
is one PDFium).

The memory allowance is the child's whole resident size, the imports it starts with included
(about 50 MB): ``RLIMIT_AS`` is set to the address space the child maps at its start plus the
allowance minus what is already resident. Linux does not enforce ``RLIMIT_RSS``, and a new
resident page needs new address space (what is mapped but not resident at the start is a few
megabytes of libraries), so the child's peak RSS stays within the allowance by construction.

Children come from a ``forkserver`` that has imported the extractors once (trafilatura takes
about a second to import), so a child starts in milliseconds and the serving process never
forks itself with its threads and sockets. :func:`warm_up` starts that server in the background
when a runtime is created. Children run at a lower CPU priority, so the serving process (and
its event loop) stays responsive while hostile pages burn their budget.

The waiting is asynchronous (:func:`run_bounded` awaits the child's pipe), so a hundred slow
extractions do not occupy the default thread pool that the caches and stores use.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import math
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable
from multiprocessing import forkserver, popen_forkserver, reduction, spawn, util
from multiprocessing.context import ForkServerProcess, set_spawning_popen
from typing import Any, TypeVar

from webquorum import errors
from webquorum.errors import ExtractionFailedError, WebQuorumError

__all__ = ["MAX_CHILDREN", "MIN_MEMORY_BYTES", "run_bounded", "warm_up"]

T = TypeVar("T")

# A normal 5 MB article (11,000 paragraphs) peaks at about 200 MB in a child: it must still read.
MIN_MEMORY_BYTES = 240 * 1024 * 1024
_MIN_HEADROOM = 16 * 1024 * 1024  # never less room than this above the start, whatever the start costs
MAX_CHILDREN = 8  # extractions at once; more wait their turn, within their own deadline
_NICE = 10
_PRELOAD = ["webquorum.readers.sandbox", "webquorum.readers.extract", "trafilatura", "pypdfium2"]
_context_lock = threading.Lock()
_context: Any = None
_slots: dict[int, asyncio.Semaphore] = {}


class _Popen(popen_forkserver.Popen):
    """A forkserver ``Popen`` that does not ask the child to re-import ``__main__``.

    multiprocessing re-runs the parent's main script in every child (the "spawn" idiom) so that
    functions defined there can be unpickled. Ours live in the package, and re-running a user's
    script that calls the library without an ``if __name__ == "__main__"`` guard would run it
    again in every extraction. This is ``popen_forkserver.Popen._launch`` (unchanged since 3.4)
    with the two main-module keys dropped from the preparation data.
    """

    def _launch(self, process_obj: Any) -> None:
        prep_data = spawn.get_preparation_data(process_obj._name)
        prep_data.pop("init_main_from_path", None)
        prep_data.pop("init_main_from_name", None)
        buf = io.BytesIO()
        set_spawning_popen(self)
        try:
            reduction.dump(prep_data, buf)
            reduction.dump(process_obj, buf)
        finally:
            set_spawning_popen(None)
        self.sentinel, w = forkserver.connect_to_new_process(self._fds)  # type: ignore[attr-defined]
        parent_w = os.dup(w)
        self.finalizer = util.Finalize(self, util.close_fds, (parent_w, self.sentinel))  # type: ignore[attr-defined]
        with open(w, "wb", closefd=True) as f:
            f.write(buf.getbuffer())
        self.pid = forkserver.read_signed(self.sentinel)


class _Process(ForkServerProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        return _Popen(process_obj)


def _ctx() -> Any:
    global _context
    with _context_lock:
        if _context is None:
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(_PRELOAD)
            _context = ctx
        return _context


def warm_up() -> None:
    """Start the fork server (and its imports) in the background, once per process."""

    def start() -> None:
        _ctx()
        forkserver.ensure_running()

    threading.Thread(target=start, name="webquorum-extractor-warm-up", daemon=True).start()


def _mapped_and_resident() -> tuple[int, int]:
    """The child's current virtual and resident sizes in bytes (0, 0 when /proc cannot tell)."""
    try:
        with open("/proc/self/statm") as statm:
            fields = statm.read().split()
        page = os.sysconf("SC_PAGE_SIZE")
        return int(fields[0]) * page, int(fields[1]) * page
    except (OSError, ValueError, IndexError):
        return 0, 0


def _limit(cpu_s: int, memory_bytes: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 1))
    mapped, resident = _mapped_and_resident()
    if mapped:
        ceiling = mapped + max(memory_bytes - resident, _MIN_HEADROOM)
        resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a PDFium abort leaves no core file behind


def _child(
    conn: multiprocessing.connection.Connection, func: Callable[..., Any], args: tuple[Any, ...],
    kwargs: dict[str, Any], cpu_s: int, memory_bytes: int,
) -> None:
    with contextlib.suppress(OSError):
        os.nice(_NICE)
    _limit(cpu_s, memory_bytes)
    try:
        message: tuple[Any, ...] = ("ok", func(*args, **kwargs))
    except WebQuorumError as exc:
        message = ("error", type(exc).__name__, exc.message, exc.url, exc.status)
    except MemoryError:
        message = ("failed", "ran out of its memory allowance")
    except RecursionError:
        message = ("failed", "is nested too deeply to read")
    except Exception as exc:  # an extractor bug on a hostile page: that page's failure, named
        message = ("failed", f"broke the extractor ({type(exc).__name__})")
    try:
        conn.send(message)
    except MemoryError:
        conn.send(("failed", "ran out of its memory allowance"))
    finally:
        conn.close()


def _rebuild(message: tuple[Any, ...], url: str) -> Any:
    kind = message[0]
    if kind == "ok":
        return message[1]
    if kind == "error":
        name, text, err_url, status = message[1:]
        cls = getattr(errors, name, None)
        if isinstance(cls, type) and issubclass(cls, errors.FetchError):
            raise cls(text, url=err_url or url, status=status)
        raise ExtractionFailedError(f"{url}: {text}", url=url)
    raise ExtractionFailedError(f"{url} {message[1]}", url=url)


def _died(exitcode: int | None, url: str, cpu_s: int) -> ExtractionFailedError:
    if exitcode in (-signal.SIGXCPU, -signal.SIGKILL):  # RLIMIT_CPU: SIGXCPU at the soft, SIGKILL at the hard limit
        return ExtractionFailedError(f"{url} took more than its {cpu_s}s of CPU to extract", url=url)
    if exitcode == -signal.SIGABRT:
        return ExtractionFailedError(f"{url} crashed the extractor (abort, likely out of memory)", url=url)
    return ExtractionFailedError(f"{url}: the extractor process died (exit {exitcode})", url=url)


def _slot() -> asyncio.Semaphore:
    loop_id = id(asyncio.get_running_loop())
    if loop_id not in _slots:
        _slots.clear()  # one event loop at a time in practice; tests make a new one per test
        _slots[loop_id] = asyncio.Semaphore(MAX_CHILDREN)
    return _slots[loop_id]


async def run_bounded(
    func: Callable[..., T], *args: Any, source: str, deadline_s: float, memory_bytes: int, **kwargs: Any
) -> T:
    """``func(*args, **kwargs)`` in a fresh child, or the page's fetch error; never longer than ``deadline_s``.

    ``memory_bytes`` is the child's whole resident allowance (its start included).
    ``func`` must be a module-level function (it is pickled by name). Its fetch errors come back
    as the same class; a timeout, a CPU or memory overrun or a crash is ``ExtractionFailedError``.
    The deadline runs from the moment the child is running: the first extraction of a process
    also waits for the fork server's imports (about a second, once), like an in-process import.
    """
    cpu_s = max(1, math.ceil(deadline_s))
    slot = _slot()
    try:
        async with asyncio.timeout(deadline_s):
            await slot.acquire()
    except TimeoutError:
        raise ExtractionFailedError(f"{source} waited {deadline_s:g}s for a free extractor", url=source) from None
    try:
        return await _run_child(func, args, kwargs, source, cpu_s, memory_bytes, deadline_s)
    finally:
        slot.release()


async def _run_child(
    func: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any], url: str, cpu_s: int, memory_bytes: int,
    deadline_s: float,
) -> T:
    ctx = _ctx()
    reader, writer = ctx.Pipe(duplex=False)
    process = _Process(
        target=_child, args=(writer, func, args, kwargs, cpu_s, memory_bytes), name="webquorum-extract", daemon=True
    )
    loop = asyncio.get_running_loop()
    # The first start waits for the fork server's imports; a thread keeps the loop free meanwhile.
    # The start is shielded so that a cancellation here still leaves a process to kill.
    started = asyncio.ensure_future(asyncio.to_thread(process.start))
    try:
        await asyncio.shield(started)
        writer.close()
        try:
            async with asyncio.timeout(deadline_s):
                message = await _receive(loop, reader)
        except TimeoutError:
            raise ExtractionFailedError(f"{url} did not finish extracting within {deadline_s:g}s", url=url) from None
        if message is None:
            await asyncio.to_thread(process.join, 2.0)
            raise _died(process.exitcode, url, cpu_s)
        result: T = _rebuild(message, url)
        return result
    finally:
        await asyncio.wait([started])
        writer.close()
        reader.close()
        if process.pid is not None and process.is_alive():
            process.kill()
        # Not joined on success: a finished child is reaped by the fork server, its pipes closed by
        # the Popen finalizer; waiting here would only add the child's exit to the caller's time.


async def _receive(loop: asyncio.AbstractEventLoop, reader: multiprocessing.connection.Connection) -> Any:
    """The child's one message, or None when it died first (EOF on the pipe)."""
    ready: asyncio.Future[None] = loop.create_future()

    def readable() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(reader.fileno(), readable)
    try:
        await ready
    finally:
        loop.remove_reader(reader.fileno())
    try:
        return await asyncio.to_thread(reader.recv)
    except (EOFError, OSError):
        return None
