"""Run extraction in a child process under a wall deadline and CPU and memory limits.

Why a process and not a thread: a deadline cannot preempt a thread, so one page whose parse
goes quadratic, or a PDF whose content stream makes PDFium allocate gigabytes (or abort the
process, exit 134), would take the event loop's CPU, every other call's memory or the whole
server with it. In a child, the page costs only itself: past its deadline the child is killed,
past its CPU seconds (``RLIMIT_CPU``) the kernel kills it, past its memory allowance
allocations fail; each of those, and any
crash, is that source's :class:`~webquorum.errors.ExtractionFailedError`. A worker reads one
document at a time, so no lock is held across documents (PDFium is not thread-safe, but one
process is one PDFium).

The memory allowance is the child's whole resident size, the imports it starts with included
(about 50 MB): ``RLIMIT_AS`` is set to the address space the child maps at its start plus the
allowance minus what is already resident. Linux does not enforce ``RLIMIT_RSS``, and a new
resident page needs new address space (what is mapped but not resident at the start is a few
megabytes of libraries), so the child's peak RSS stays within the allowance by construction.

Children come from a ``forkserver`` that has imported the extractors once (trafilatura takes
about a second to import), and the serving process never forks itself with its threads and
sockets. They are pooled: a few are started ahead (:data:`SPARE_WORKERS`), each reads one
document at a time, and each document gets its own limits (the CPU limit is set to what the
worker has used so far plus the document's seconds, the address space to what it maps now plus
the allowance minus what is resident, and the peak-RSS counter is reset). A worker that was
killed (deadline, CPU), crashed, ran out of memory, broke (an exception other than the page's
own fetch error, such as "empty" or "unsupported"), grew past its start by
:data:`_MAX_GROWTH` or read :data:`DOCUMENTS_PER_WORKER` documents is retired, never reused, so
a hostile page's leftovers never reach the next page. Taking a warm worker costs well under a
millisecond, where starting a child cost 70-150 ms on a loaded machine. :func:`warm_up` starts
the fork server and the first workers in the background when a runtime is created.

Priorities follow a multi-level feedback rule, so that a hostile page costs its own call and not
a normal one made meanwhile. The serving process (and its event loop) runs at the normal
priority; the fork server and every worker at nice :data:`WORKER_NICE` (10), below it. A worker
that has spent :data:`DEMOTE_AFTER_S` of CPU on its current document is demoted to nice
:data:`DEMOTED_NICE` (19) by the parent: a normal page reads in a few milliseconds and keeps its
priority, a long hostile one yields the CPU to every other extraction (on two CPUs shared with
other work, a nice-10 normal worker next to a nice-19 hostile one gets 110/125 of their CPU,
where two nice-10 workers got half each). An unprivileged process cannot raise its priority
again, so a demoted worker is retired after that document. The fork server has read one small
page of each kind before forking (:mod:`webquorum.readers.preload`), and each new worker reads
them once more before it takes a document: a fresh worker's first article used to cost 28 ms
(lazy imports, patterns compiled on first use, copy-on-write faults) where a used one's costs 5.
Fresh workers wait behind used ones in the pool.

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
from webquorum.readers.slots import Slots

__all__ = [
    "CPU_S_PER_MB", "DEMOTED_NICE", "DEMOTE_AFTER_S", "DOCUMENTS_PER_WORKER", "MAX_CHILDREN", "MIN_CPU_S",
    "MIN_MEMORY_BYTES", "SPARE_WORKERS", "WORKER_NICE", "cpu_allowance", "run_bounded", "warm_up",
]

T = TypeVar("T")

# A normal 5 MB article (11,000 paragraphs) peaks at about 200 MB in a child: it must still read.
MIN_MEMORY_BYTES = 240 * 1024 * 1024
_MIN_HEADROOM = 16 * 1024 * 1024  # never less room than this above the start, whatever the start costs
MAX_CHILDREN = 8  # extractions at once; more wait their turn, within their own deadline
SPARE_WORKERS = 2  # idle workers kept started, so a read never waits for a fork
DOCUMENTS_PER_WORKER = 50
_MAX_GROWTH = 48 * 1024 * 1024  # resident size a worker may keep above its start before it is retired
WORKER_NICE = 10  # the fork server and every worker: below the serving process
DEMOTED_NICE = 19  # a worker past DEMOTE_AFTER_S of CPU on one document
DEMOTE_AFTER_S = 0.15  # a normal article reads in about 5 ms of CPU, a 5 MB one in about a second
_MIN_CHECK_S = 0.02  # the shortest wait between two looks at a worker's CPU time
_RAW_BYTES = 64 * 1024  # a bytes argument this long goes down the pipe as it is, not pickled
_PRELOAD = ["webquorum.readers.sandbox", "webquorum.readers.extract", "trafilatura", "pypdfium2", "webquorum.readers.preload"]
# CPU a document may use: this much, plus this much per megabyte of body, never more than its deadline's
# seconds. A 5 MB article extracts in about a second; an 891 KB page gets 3 s, not a 15 s deadline's 15.
MIN_CPU_S = 2.0
CPU_S_PER_MB = 1.0
_context_lock = threading.Lock()
_context: Any = None
_slots: dict[int, Slots] = {}


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
        _refill()

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
    """This document's limits, on top of what the worker has used and holds so far."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    used = math.ceil(usage.ru_utime + usage.ru_stime)
    _set_soft(resource.RLIMIT_CPU, used + cpu_s)  # SIGXCPU past the soft limit
    mapped, resident = _mapped_and_resident()
    if mapped:
        _set_soft(resource.RLIMIT_AS, mapped + max(memory_bytes - resident, _MIN_HEADROOM))
    _reset_peak()  # the peak-RSS counter (VmHWM) counts from this document on


def _set_soft(which: int, value: int) -> None:
    """Set a soft limit within the hard one the process was started under (``ulimit -v``, ``prlimit --as``).

    An unprivileged process can never raise its hard limit, so asking for more than it (or for an
    unlimited hard limit) fails; the operator's limit is the stricter one and wins. A document that
    needs more than it leaves then fails as out of memory or CPU, like any other page past its allowance.
    """
    import resource

    hard = resource.getrlimit(which)[1]
    resource.setrlimit(which, (value if hard == resource.RLIM_INFINITY else min(value, hard), hard))


def _reset_peak() -> None:
    with contextlib.suppress(OSError), open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")


def _serve(conn: multiprocessing.connection.Connection) -> None:
    """A worker: read one document at a time until the parent closes the pipe or retires us."""
    import resource

    from webquorum.readers import preload

    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, WORKER_NICE)  # absolute: the fork server is there already
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a PDFium abort leaves no core file behind
    preload.warm()  # this worker's copy-on-write faults and first-use costs, paid before a caller waits
    start = _mapped_and_resident()[1]
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        func, args, kwargs, cpu_s, memory_bytes, raw_count = request
        try:
            raw = [conn.recv_bytes() for _ in range(raw_count)]
        except (EOFError, OSError):
            return
        args, kwargs = _put_back(args, kwargs, raw)
        _limit(cpu_s, memory_bytes)
        message = _call(func, args, kwargs)
        grown = _mapped_and_resident()[1] - start
        _reset_peak()  # idle, the peak counter shows what the worker holds, not the last document's peak
        try:
            conn.send((message, grown))
        except MemoryError:
            conn.send((("failed", "ran out of its memory allowance"), grown))


def _call(func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    try:
        return ("ok", func(*args, **kwargs))
    except WebQuorumError as exc:
        return ("error", type(exc).__name__, exc.message, exc.url, exc.status)
    except MemoryError:
        return ("failed", "ran out of its memory allowance")
    except RecursionError:
        return ("failed", "is nested too deeply to read")
    except Exception as exc:  # an extractor bug on a hostile page: that page's failure, named
        return ("failed", f"broke the extractor ({type(exc).__name__})")


class _Raw:
    """Where the ``index``-th raw buffer sent after the request goes back in the arguments."""

    def __init__(self, index: int) -> None:
        self.index = index


def _take_out(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any], list[bytes]]:
    """The arguments with each long ``bytes`` value replaced by a :class:`_Raw` marker, and those values.

    Why: pickling a 20 MB body copies it while holding the GIL (about 30 ms in which the server's
    event loop answers nothing); ``send_bytes`` writes the buffer as it is, without the GIL.
    """
    raw: list[bytes] = []

    def out(value: Any) -> Any:
        if isinstance(value, bytes) and len(value) >= _RAW_BYTES:
            raw.append(value)
            return _Raw(len(raw) - 1)
        return value

    return tuple(out(a) for a in args), {k: out(v) for k, v in kwargs.items()}, raw


def _put_back(args: tuple[Any, ...], kwargs: dict[str, Any], raw: list[bytes]) -> tuple[tuple[Any, ...], dict[str, Any]]:
    def back(value: Any) -> Any:
        return raw[value.index] if isinstance(value, _Raw) else value

    return tuple(back(a) for a in args), {k: back(v) for k, v in kwargs.items()}


def _send_request(conn: multiprocessing.connection.Connection, request: tuple[Any, ...], raw: list[bytes]) -> None:
    conn.send(request)
    for buffer in raw:
        conn.send_bytes(buffer)


class _Worker:
    """One pooled worker process and the parent's end of its pipe."""

    def __init__(self) -> None:
        ctx = _ctx()
        self.conn, child = ctx.Pipe(duplex=True)
        self.process = _Process(target=_serve, args=(child,), name="webquorum-extract", daemon=True)
        try:
            self.process.start()
        finally:
            child.close()
        self.documents = 0
        self.demoted = False

    def retire(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        # Not joined: the fork server reaps its children and the Popen finalizer closes their fds.


_idle: list[_Worker] = []  # started workers waiting for a document, guarded by _idle_lock
_idle_lock = threading.Lock()
_refilling = threading.Event()


def _take() -> _Worker | None:
    with _idle_lock:
        while _idle:
            worker = _idle.pop()
            if worker.process.is_alive():
                return worker
            worker.retire()
    return None


def _give_back(worker: _Worker, grown: int) -> None:
    worker.documents += 1
    if worker.documents >= DOCUMENTS_PER_WORKER or grown > _MAX_GROWTH or worker.demoted:
        worker.retire()
        return
    with _idle_lock:
        if len(_idle) < MAX_CHILDREN:
            _idle.append(worker)
            return
    worker.retire()


def _spares_missing() -> bool:
    with _idle_lock:
        return len(_idle) < SPARE_WORKERS


def _refill() -> None:
    """Start workers until :data:`SPARE_WORKERS` are idle (in the calling thread; one refill at a time)."""
    if _refilling.is_set():
        return
    _refilling.set()
    try:
        while _spares_missing():
            worker = _Worker()
            with _idle_lock:
                _idle.insert(0, worker)  # behind the used ones (taken from the end): they have paid their first-use costs
    finally:
        _refilling.clear()


def _refill_soon() -> None:
    """Start :func:`_refill` in a thread, only when spares are missing: starting a thread costs the
    event loop a few hundred microseconds (its start handshake), paid on every document before."""
    if _spares_missing() and not _refilling.is_set():
        threading.Thread(target=_refill, name="webquorum-extractor-refill", daemon=True).start()


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
        return ExtractionFailedError(f"{url} crashed the extractor (abort, likely out of memory){_limit_note()}", url=url)
    return ExtractionFailedError(f"{url}: the extractor process died (exit {exitcode}){_limit_note()}", url=url)


def _limit_note() -> str:
    """Names the operator's address-space limit, when one is set: under a tight ``ulimit -v`` it is the likely cause."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard == resource.RLIM_INFINITY:
        return ""
    return f"; this process runs under an address-space limit of {hard // (1024 * 1024)} MB (ulimit -v, prlimit --as): raise it"


def _slot() -> Slots:
    loop_id = id(asyncio.get_running_loop())
    if loop_id not in _slots:
        _slots.clear()  # one event loop at a time in practice; tests make a new one per test
        _slots[loop_id] = Slots(MAX_CHILDREN)
    return _slots[loop_id]


def cpu_allowance(deadline_s: float, body_bytes: int | None = None) -> int:
    """Whole CPU seconds for one document: what its body can need (:data:`MIN_CPU_S` plus
    :data:`CPU_S_PER_MB` per megabyte), never more than its deadline's seconds; the deadline's alone
    when the size is unknown. Bounded by what a page can yield, so a small page that makes a parser
    spin is stopped after a few seconds of CPU, not a whole deadline's."""
    by_deadline = max(1, math.ceil(deadline_s))
    if body_bytes is None:
        return by_deadline
    return min(by_deadline, math.ceil(MIN_CPU_S + CPU_S_PER_MB * body_bytes / (1024 * 1024)))


async def run_bounded(
    func: Callable[..., T], *args: Any, source: str, deadline_s: float, memory_bytes: int, body_bytes: int | None = None,
    **kwargs: Any,
) -> T:
    """``func(*args, **kwargs)`` in a fresh child, or the page's fetch error; never longer than ``deadline_s``.

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
        raise ExtractionFailedError(f"{source} waited {deadline_s:g}s for a free extractor", url=source) from None
    heavy = False

    def turned_heavy() -> None:
        nonlocal heavy
        heavy = True
        slots.mark_heavy()

    try:
        return await _run_child(func, args, kwargs, source, cpu_s, memory_bytes, deadline_s, turned_heavy)
    finally:
        slots.release(heavy=heavy)


def _retire_when_started(started: asyncio.Future[_Worker]) -> None:
    if not started.cancelled() and started.exception() is None:
        started.result().retire()


async def _run_child(
    func: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any], url: str, cpu_s: int, memory_bytes: int,
    deadline_s: float, on_heavy: Callable[[], None],
) -> T:
    loop = asyncio.get_running_loop()
    worker = _take()
    if worker is None:  # none idle: start one (the first one of a process also waits for the fork server's imports)
        try:
            started = asyncio.ensure_future(asyncio.to_thread(_Worker))
            worker = await asyncio.shield(started)
        except asyncio.CancelledError:
            started.add_done_callback(_retire_when_started)
            raise
        except (MemoryError, RuntimeError, OSError, EOFError) as exc:  # no thread, fork or memory: say why, no traceback
            raise ExtractionFailedError(f"{url}: no extraction worker could start ({exc}){_limit_note()}", url=url) from None
    _refill_soon()
    reused = False
    watch = _Demotion(loop, worker, on_heavy)
    try:
        # The request is written from a thread: a large body fills the pipe. The body goes raw, not pickled.
        args, kwargs, raw = _take_out(args, kwargs)
        await asyncio.to_thread(_send_request, worker.conn, (func, args, kwargs, cpu_s, memory_bytes, len(raw)), raw)
        try:
            async with asyncio.timeout(deadline_s):
                reply = await _receive(loop, worker.conn)
        except TimeoutError:
            raise ExtractionFailedError(f"{url} did not finish extracting within {deadline_s:g}s", url=url) from None
        watch.stop()  # before the worker is given back: a later document's worker is not this one's to demote
        if reply is None:
            await asyncio.to_thread(worker.process.join, 2.0)
            raise _died(worker.process.exitcode, url, cpu_s)
        message, grown = reply
        if message[0] != "failed":  # a result or the page's own fetch error: the worker is sound
            reused = True
            _give_back(worker, grown)
        result: T = _rebuild(message, url)
        return result
    except (BrokenPipeError, ConnectionResetError):
        await asyncio.to_thread(worker.process.join, 2.0)
        raise _died(worker.process.exitcode, url, cpu_s) from None
    finally:
        watch.stop()
        if not reused:  # killed, crashed, out of memory, broken or cancelled mid-document: never reused
            worker.retire()


def _cpu_seconds(pid: int) -> float | None:
    """A process's user plus system CPU time from /proc (None when it is gone or /proc cannot tell)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
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


class _Demotion:
    """Demote ``worker`` to :data:`DEMOTED_NICE` once its current document has used :data:`DEMOTE_AFTER_S` of CPU.

    The worker's CPU time is read from /proc at the start of the document and looked at again no
    sooner than it could have reached the threshold (a worker's one thread uses at most one second
    of CPU per second), so a short document is never looked at and a long one a few times.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, worker: _Worker, on_heavy: Callable[[], None]) -> None:
        self.loop, self.worker, self.pid, self.on_heavy = loop, worker, worker.process.pid or 0, on_heavy
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
        self.worker.demoted = True
        self.handle = None
        self.on_heavy()

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None


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
