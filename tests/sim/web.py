"""A simulated web: one real HTTP server on 127.0.0.1 that plays providers and websites.

Routes are matched on (Host header, path, method), so many "sites" share one port; the
HTTP client pins their names to 127.0.0.1 through ``NetPolicy.resolve``. Replies can
inject faults: a delay before the headers, a slow drip of the body, gzip (a bomb is just
a large gzipped body), any status and headers. Every request is recorded.

It is a threaded stdlib server on purpose: it needs no event loop, so sync and async
tests, subprocesses (CLI, MCP over stdio) and benchmarks can all talk to it.
"""

from __future__ import annotations

import contextlib
import gzip as gzip_lib
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit


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
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    # -- routing -------------------------------------------------------------------------------
    def route(self, path: str, reply: Handler, *, host: str | None = None, method: str | None = None) -> SimWeb:
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
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self._send(reply)

            def _send(self, reply: Reply) -> None:
                if reply.delay_s:
                    time.sleep(reply.delay_s)
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
                    return
                if reply.drip_s:
                    for i in range(0, len(data), reply.drip_chunk):
                        self.wfile.write(data[i : i + reply.drip_chunk])
                        self.wfile.flush()
                        time.sleep(reply.drip_s)
                else:
                    self.wfile.write(data)

            do_GET = do_POST = do_HEAD = _handle

        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
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
