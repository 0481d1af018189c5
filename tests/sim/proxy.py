"""A real forward and CONNECT proxy on 127.0.0.1 that records and counts what it relays.

It speaks the two ways an HTTP client uses a proxy: an absolute-form request (``GET
http://host:port/path``) for http URLs, relayed to the origin in origin form with the proxy's
own headers removed, and ``CONNECT host:port`` for https URLs, answered ``200`` and then piped
byte for byte (the proxy never sees inside the tunnel). Every target is reached on 127.0.0.1 at
the port asked for, so one SimWeb can stand behind it under any host name, as behind a corporate
proxy that resolves names itself.

``require_auth=("user", "secret")`` answers 407 to any request without that Basic
``Proxy-Authorization``. Everything the proxy receives is kept in :attr:`seen`, relayed or not,
so a test can prove what reached the proxy and what did not.
"""

from __future__ import annotations

import base64
import contextlib
import socket
import socketserver
import threading
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass
class Seen:
    method: str
    target: str  # absolute URL, or host:port for CONNECT
    headers: dict[str, str]
    raw: bytes  # the request head (and body for forwarded requests) exactly as received
    relayed: bool = False


@dataclass
class SimProxy:
    require_auth: tuple[str, str] | None = None
    seen: list[Seen] = field(default_factory=list)
    _server: socketserver.ThreadingTCPServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def relayed(self) -> list[Seen]:
        with self._lock:
            return [s for s in self.seen if s.relayed]

    @property
    def port(self) -> int:
        assert self._server is not None, "SimProxy not started"
        return int(self._server.server_address[1])

    def url(self, user: str | None = None, password: str | None = None) -> str:
        auth = f"{user}:{password}@" if user is not None else ""
        return f"http://{auth}127.0.0.1:{self.port}"

    def start(self) -> SimProxy:
        proxy = self

        class _Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                with contextlib.suppress(OSError):
                    proxy._serve(self.connection, self.rfile)

        server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Handler, bind_and_activate=False)
        server.daemon_threads = True
        server.allow_reuse_address = True
        server.server_bind()
        server.server_activate()
        self._server = server
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    # -- one client connection -------------------------------------------------------------------
    def _serve(self, client: socket.socket, rfile: object) -> None:
        reader = rfile  # a buffered reader over the client socket
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            line = reader.readline(65536)  # type: ignore[attr-defined]
            if not line:
                return
            head += line
        request_line, *header_lines = head.decode("latin-1").split("\r\n")
        method, target, _version = request_line.split(" ", 2)
        headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in header_lines if h)}
        body = b""
        if method != "CONNECT" and headers.get("content-length", "0").isdigit():
            body = reader.read(int(headers.get("content-length", "0")))  # type: ignore[attr-defined]
        seen = Seen(method=method, target=target, headers=headers, raw=head + body)
        with self._lock:
            self.seen.append(seen)
        if not self._authorized(headers):
            client.sendall(
                b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n"
                b"Content-Length: 0\r\nConnection: close\r\n\r\n"
            )
            return
        if method == "CONNECT":
            self._tunnel(client, target, seen)
        else:
            self._forward(client, method, target, headers, body, seen)

    def _authorized(self, headers: dict[str, str]) -> bool:
        if self.require_auth is None:
            return True
        token = base64.b64encode(":".join(self.require_auth).encode()).decode()
        return headers.get("proxy-authorization") == f"Basic {token}"

    def _tunnel(self, client: socket.socket, target: str, seen: Seen) -> None:
        _host, _, port = target.rpartition(":")
        upstream = socket.create_connection(("127.0.0.1", int(port)), timeout=5)
        seen.relayed = True
        client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        _pipe(client, upstream)

    def _forward(
        self,
        client: socket.socket,
        method: str,
        target: str,
        headers: dict[str, str],
        body: bytes,
        seen: Seen,
    ) -> None:
        parts = urlsplit(target)
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        kept = {k: v for k, v in headers.items() if not k.startswith("proxy-") and k != "connection"}
        kept["connection"] = "close"
        head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in kept.items()) + "\r\n"
        upstream = socket.create_connection(("127.0.0.1", parts.port or 80), timeout=5)
        seen.relayed = True
        upstream.sendall(head.encode("latin-1") + body)
        with contextlib.suppress(OSError):
            while chunk := upstream.recv(65536):
                client.sendall(chunk)
        upstream.close()


def _pipe(a: socket.socket, b: socket.socket) -> None:
    """Copy bytes both ways until either side closes."""

    def copy(src: socket.socket, dst: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while chunk := src.recv(65536):
                dst.sendall(chunk)
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)

    other = threading.Thread(target=copy, args=(b, a), daemon=True)
    other.start()
    copy(a, b)
    other.join(timeout=5)
    b.close()
