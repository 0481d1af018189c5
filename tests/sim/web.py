"""A simulated web: one real HTTP server on 127.0.0.1 that plays providers and websites.

Routes are matched on (Host header, path, method), so many "sites" share one port; the
HTTP client pins their names to 127.0.0.1 through ``NetPolicy.resolve``. Replies can
inject faults: a delay before the headers, a slow drip of the body, gzip (a bomb is just
a large gzipped body), any status and headers. Every request is recorded.

A reply can also be *held*: blocked on a ``threading.Event`` the test sets only once it has seen
what it wanted (the answer arrived, the process exited). That is how a test says "this did not
wait for the slow server" without reading a clock: code that waited would block until the
generous hold cap and fail. While a reply waits (held, delayed or dripping) the server watches
the connection and records a client that hangs up in ``hangups``, so a test can see that a
deadline really cut the call.

It is a threaded stdlib server on purpose: it needs no event loop, so sync and async
tests, subprocesses (CLI, MCP over stdio) and benchmarks can all talk to it.
"""

from __future__ import annotations

import asyncio
import gzip as gzip_lib
import select
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

# a held reply goes on after this: a generous cap, so a broken test fails instead of hanging
HOLD_CAP_S = 60.0


@dataclass
class Reply:
    status: int = 200
    body: bytes | str = b""
    content_type: str | None = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0  # before the status line
    drip_s: float = 0.0  # pause between body chunks
    drip_chunk: int = 1
    gzip: bool = False
    hold: threading.Event | None = None  # wait for this (at most HOLD_CAP_S) before the status line...
    hold_after_bytes: int = 0  # ...or, when above 0, after this many body bytes are sent


@dataclass
class Request:
    method: str
    host: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes


Handler = Reply | Callable[[Request], Reply]


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256  # the stdlib's 5 drops connections under load (each retry costs 1 s)

    def server_bind(self) -> None:
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().server_bind()

    def handle_error(self, request: object, client_address: object) -> None:
        """A client that hangs up is not a server fault; anything else keeps the stdlib's traceback.

        Timeout tests, cancelled reads and closed keep-alive connections reset the socket while the
        handler waits for the next request line or writes a reply: routine, and said nowhere. A
        handler that raises for another reason is a broken test, so it is still printed in full.
        """
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


class SimWeb:
    def __init__(self) -> None:
        self.routes: dict[tuple[str | None, str, str | None], Handler] = {}
        self.requests: list[Request] = []
        self.hangups: list[Request] = []  # requests whose client closed the connection before the reply ended
        self._closing = threading.Event()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    # -- routing -------------------------------------------------------------------------------
    def route(
        self, path: str, reply: Handler, *, host: str | None = None, method: str | None = None
    ) -> SimWeb:
        self.routes[(host, path, method)] = reply
        return self

    def _find(self, host: str, path: str, method: str) -> Handler | None:
        for key in ((host, path, method), (host, path, None), (None, path, method), (None, path, None)):
            if key in self.routes:
                return self.routes[key]
        return None

    # -- lifecycle -----------------------------------------------------------------------------
    def start(self) -> SimWeb:
        web = self
        self._closing.clear()

        class _Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                parts = urlsplit(self.path)
                host = (self.headers.get("Host") or "").rsplit(":", 1)[0].lower()
                req = Request(
                    method=self.command,
                    host=host,
                    path=parts.path,
                    query=dict(parse_qsl(parts.query, keep_blank_values=True)),
                    headers={k.lower(): v for k, v in self.headers.items()},
                    body=body,
                )
                with web._lock:
                    web.requests.append(req)
                handler = web._find(host, parts.path, self.command)
                if handler is None:
                    reply = Reply(status=404, body=b"<html><body><h1>Not found</h1></body></html>")
                else:
                    reply = handler(req) if callable(handler) else handler
                try:
                    complete = self._send(reply)
                except (BrokenPipeError, ConnectionResetError):
                    complete = False
                if not complete and not web._closing.is_set():
                    with web._lock:
                        web.hangups.append(req)
                    self.close_connection = True

            def _client_gone(self, wait_s: float) -> bool:
                """Whether the client closed the connection, watching it for up to ``wait_s``."""
                readable, _, _ = select.select([self.connection], [], [], wait_s)
                if not readable:
                    return False
                try:
                    peeked = self.connection.recv(1, socket.MSG_PEEK)
                except OSError:
                    return True
                if peeked:  # a next request on a keep-alive connection: still there
                    time.sleep(wait_s)
                return not peeked

            def _pause(self, seconds: float, hold: threading.Event | None = None) -> bool:
                """Wait ``seconds`` (or, given ``hold``, until it is set): False if the client hung up
                meanwhile."""
                end = time.monotonic() + (HOLD_CAP_S if hold is not None else seconds)
                while not (hold is not None and hold.is_set()) and not web._closing.is_set():
                    left = end - time.monotonic()
                    if left <= 0:
                        return True
                    if self._client_gone(min(left, 0.05)):
                        return False
                return True

            def _send(self, reply: Reply) -> bool:
                """Write ``reply``; False if the client hung up before it was all sent."""
                if reply.hold is not None and not reply.hold_after_bytes and not self._pause(0.0, reply.hold):
                    return False
                if reply.delay_s and not self._pause(reply.delay_s):
                    return False
                data = reply.body.encode("utf-8") if isinstance(reply.body, str) else reply.body
                if reply.gzip:
                    data = gzip_lib.compress(data)
                self.send_response(reply.status)
                if reply.content_type:
                    self.send_header("Content-Type", reply.content_type)
                if reply.gzip:
                    self.send_header("Content-Encoding", "gzip")
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command == "HEAD":
                    return True
                if reply.hold is not None and reply.hold_after_bytes:
                    self.wfile.write(data[: reply.hold_after_bytes])
                    self.wfile.flush()
                    if not self._pause(0.0, reply.hold):
                        return False
                    data = data[reply.hold_after_bytes :]
                if reply.drip_s:
                    for i in range(0, len(data), reply.drip_chunk):
                        self.wfile.write(data[i : i + reply.drip_chunk])
                        self.wfile.flush()
                        if not self._pause(reply.drip_s):
                            return False
                else:
                    self.wfile.write(data)
                return True

            do_GET = do_POST = do_HEAD = _handle

        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._closing.set()  # held and dripping replies end now, and are not counted as hang-ups
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> SimWeb:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- addresses -----------------------------------------------------------------------------
    @property
    def port(self) -> int:
        assert self._server is not None, "SimWeb not started"
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str, host: str | None = None) -> str:
        return f"http://{host or '127.0.0.1'}:{self.port}{path}"

    def requests_to(self, path: str, host: str | None = None) -> list[Request]:
        with self._lock:
            return [r for r in self.requests if r.path == path and (host is None or r.host == host)]

    def hangups_at(self, path: str, host: str | None = None) -> list[Request]:
        with self._lock:
            return [r for r in self.hangups if r.path == path and (host is None or r.host == host)]


def eventually(what: Callable[[], object], within_s: float = 30.0) -> bool:
    """Whether ``what()`` turns true within ``within_s``: a generous cap for another thread or process to
    catch up (a hang-up is noticed a moment after the client closes), not a measure of speed."""
    end = time.monotonic() + within_s
    while not what():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


async def eventually_async(what: Callable[[], object], within_s: float = 30.0) -> bool:
    """:func:`eventually` for async tests: the event loop keeps running (a closing client needs it)."""
    end = time.monotonic() + within_s
    while not what():
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.02)
    return True
