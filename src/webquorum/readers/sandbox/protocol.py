"""Both ends of a worker's pipe: the request the parent writes, the worker's loop, the reply read back.

One request is ``(func, args, kwargs, cpu_s, memory_bytes, raw_count)`` followed by ``raw_count``
raw buffers (a long ``bytes`` argument goes down the pipe as it is, not pickled); one reply is
``(message, grown, cpu_ticks)``: ``("ok", value)``, ``("error", class name, text, url, status)`` for
the page's own fetch error, or ``("failed", why)``; how far the worker's resident size has grown
since it started; and the CPU clock ticks it has used so far, the start of its next document's
count for :class:`~webquorum.readers.sandbox.priority.Demotion` (read here with one ``times()``
call instead of from /proc by the parent on every document). A worker reads one document at a
time, so no lock is held across documents (PDFium is not thread-safe, but one process is one PDFium).

The worker's end is a blocking :class:`multiprocessing.connection.Connection`; the parent's end is a
non-blocking socket driven by the event loop (:func:`send_request`, :func:`receive`), in the same
framing (a 4-byte big-endian length, or -1 and an 8-byte one, then the bytes). Why not
``Connection`` on the parent's side too: its reads and writes block, so each document cost two
hops through the default thread pool (a thread wake-up and a loop wake-up each way), more CPU than
the pipe itself; the loop's own socket calls write and read the same bytes with no thread, and a
large body still never blocks the loop (the socket takes what fits and the loop waits for room).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing.connection
import os
import pickle
import socket
import struct
from collections.abc import Callable
from typing import Any

from webquorum import errors
from webquorum.errors import ExtractionFailedError, WebQuorumError
from webquorum.readers.sandbox import limits, preload
from webquorum.readers.sandbox.priority import WORKER_NICE, cpu_ticks

__all__ = ["Request", "rebuild", "receive", "send_request", "serve", "take_out"]

Request = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any], int, int, int]
_RAW_BYTES = 64 * 1024  # a bytes argument this long goes down the pipe as it is, not pickled


# -- the worker's end ------------------------------------------------------------------------------
def serve(conn: multiprocessing.connection.Connection) -> None:
    """A worker: read one document at a time until the parent closes the pipe or retires us."""
    import resource

    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, WORKER_NICE)  # absolute: the fork server is there already
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a PDFium abort leaves no core file behind
    preload.warm()  # this worker's copy-on-write faults and first-use costs, paid before a caller waits
    start = limits.mapped_and_resident()[1]
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
        limits.apply(cpu_s, memory_bytes)
        message = _call(func, args, kwargs)
        grown = limits.mapped_and_resident()[1] - start
        # idle, the peak counter shows what the worker holds, not the last document's peak
        limits.reset_peak()
        try:
            _reply(conn, (message, grown, cpu_ticks()))
        except MemoryError:
            _reply(conn, (("failed", "ran out of its memory allowance"), grown, cpu_ticks()))


def _reply(conn: multiprocessing.connection.Connection, reply: tuple[Any, ...]) -> None:
    """The reply framed as ``Connection.send`` frames it, written in one system call (``writev``, no
    copy) where ``Connection`` makes a long one two: its length, then its bytes."""
    payload = pickle.dumps(reply, pickle.HIGHEST_PROTOCOL)
    pieces = [memoryview(_frame(len(payload))), memoryview(payload)]
    while pieces:
        written = os.writev(conn.fileno(), pieces)
        while pieces and written >= len(pieces[0]):
            written -= len(pieces.pop(0))
        if pieces:
            pieces[0] = pieces[0][written:]


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


def _put_back(
    args: tuple[Any, ...], kwargs: dict[str, Any], raw: list[bytes]
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    def back(value: Any) -> Any:
        return raw[value.index] if isinstance(value, _Raw) else value

    return tuple(back(a) for a in args), {k: back(v) for k, v in kwargs.items()}


# -- the parent's end ------------------------------------------------------------------------------
def take_out(
    args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[tuple[Any, ...], dict[str, Any], list[bytes]]:
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


def _frame(size: int) -> bytes:
    """The length header :class:`multiprocessing.connection.Connection` reads before a message."""
    return struct.pack("!i", size) if size <= 0x7FFFFFFF else struct.pack("!iQ", -1, size)


async def send_request(
    loop: asyncio.AbstractEventLoop, sock: socket.socket, request: Request, raw: list[bytes]
) -> None:
    """The request, then each raw buffer as it is (no copy: the socket reads the ``bytes`` in place).

    Everything goes in one ``sendmsg`` while the socket takes it: a document is one system call
    and one wake-up of its worker, where it was three (a system call costs more than the bytes
    here); what the socket does not take yet is written as the worker reads. Plain ``pickle``: the
    request holds no socket or pipe, the one thing ``ForkingPickler`` (slower to set up) adds.
    """
    payload = pickle.dumps(request, pickle.HIGHEST_PROTOCOL)
    pieces: list[bytes | memoryview] = [_frame(len(payload)) + payload]
    for buffer in raw:
        pieces += (_frame(len(buffer)), buffer)
    try:
        sent = sock.sendmsg(pieces)
    except (BlockingIOError, InterruptedError):
        sent = 0
    for piece in pieces:
        if sent >= len(piece):
            sent -= len(piece)
            continue
        await loop.sock_sendall(sock, memoryview(piece)[sent:] if sent else piece)
        sent = 0


_READ_PIECE = 1 << 20  # a reply is read a megabyte at most at a time, so a lying length costs nothing


async def _read_exactly(loop: asyncio.AbstractEventLoop, sock: socket.socket, size: int) -> bytes:
    pieces: list[bytes] = []
    got = 0
    while got < size:
        piece = await loop.sock_recv(sock, min(size - got, _READ_PIECE))
        if not piece:
            raise EOFError
        pieces.append(piece)
        got += len(piece)
    return pieces[0] if len(pieces) == 1 else b"".join(pieces)


_FIRST_READ = 64 * 1024  # a reply's length and, for an article, the whole reply: one read


async def receive(loop: asyncio.AbstractEventLoop, sock: socket.socket, max_bytes: int) -> Any:
    """The child's one message, or None when it died first (EOF on the pipe).

    A reply longer than ``max_bytes`` (the worker's memory allowance: an honest one cannot hold
    more) is not read: the worker is taken as broken, its document failed. The first read takes
    what has come, up to :data:`_FIRST_READ`: the length and an article's whole reply in one system
    call (a worker sends one reply per request, so nothing after it can be in the way).
    """
    try:
        head = await loop.sock_recv(sock, _FIRST_READ)
        if not head:
            return None
        if len(head) < 4:
            head += await _read_exactly(loop, sock, 4 - len(head))
        (size,) = struct.unpack("!i", head[:4])
        start = 4
        if size == -1:  # the long form: 8 more bytes of length
            if len(head) < 12:
                head += await _read_exactly(loop, sock, 12 - len(head))
            (size,) = struct.unpack("!Q", head[4:12])
            start = 12
        if size > max_bytes:
            return (("failed", "sent a reply larger than its memory allowance"), 0, None)
        body = head[start:]
        if len(body) > size:  # more than one reply to one request: not a worker of ours
            return (("failed", "sent more than one reply"), 0, None)
        if len(body) < size:
            body += await _read_exactly(loop, sock, size - len(body))
        return pickle.loads(body)
    except (EOFError, OSError):
        return None


def rebuild(message: tuple[Any, ...], url: str) -> Any:
    """The reply's value, or its error raised: the page's own fetch error as the same class, else
    ExtractionFailedError."""
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
