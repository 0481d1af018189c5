"""``webquorum serve`` against hostile clients: one Host/Origin guard on every route, and a deadline on
headers.

A real uvicorn on loopback (in a thread) serving the real app. Before, every route but ``/mcp`` let
``127.0.0.1:PORT.evil.test`` through (a prefix match), and a connection that sent half its headers
was held for as long as the client liked (800 of them for 22 s).
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator

import httpx2
import pytest
from tests.sim.providers import provider_config, serve
from tests.sim.serve import uvicorn_in_thread
from tests.sim.web import SimWeb

from webquorum import Client
from webquorum.serve import server_config
from webquorum.serve.app import build_app

HEADER_TIMEOUT_S = 0.5
ROUTES = [
    "/",
    "/search?q=ferry&format=json",
    "/brief?q=ferry",
    "/fetch?url=x",
    "/healthz",
    "/assets/page.css",
]


@contextlib.contextmanager
def running(simweb: SimWeb) -> Iterator[int]:
    """The app under ``serve``'s own uvicorn settings (header deadline shortened), on a loopback port."""
    serve(simweb, "searxng")
    app = build_app(Client(provider_config(simweb, ["searxng"])), host="127.0.0.1")
    with uvicorn_in_thread(server_config(app, header_timeout_s=HEADER_TIMEOUT_S)) as port:
        yield port


@pytest.mark.parametrize("route", ROUTES)
def test_hosts_and_origins_that_only_start_like_this_server_are_refused_on_every_route(
    simweb: SimWeb, route: str
) -> None:
    with running(simweb) as port:
        base = f"http://127.0.0.1:{port}"
        for host in (
            f"127.0.0.1:{port}.evil.test",
            f"127.0.0.1:{port}@evil.test",
            f"localhost.evil.test:{port}",
        ):
            assert httpx2.get(base + route, headers={"Host": host}, timeout=10).status_code == 421, host
        for origin in (f"http://127.0.0.1:{port}.evil.test", f"http://127.0.0.1:{port}@evil.test", "null"):
            assert httpx2.get(base + route, headers={"Origin": origin}, timeout=10).status_code == 403, origin
        assert (
            httpx2.get(
                base + "/healthz", headers={"Origin": f"http://localhost:{port}"}, timeout=10
            ).status_code
            == 200
        )


def half_request(port: int, *, after: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(after + b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Read until the server closes (True); a socket still open after 10 s raises TimeoutError."""
    with sock:
        while True:
            data = sock.recv(65536)
            if not data:
                return True


def test_a_connection_that_never_finishes_its_headers_is_closed(simweb: SimWeb) -> None:
    with running(simweb) as port:
        held = [half_request(port) for _ in range(50)]
        assert all(closed_by_server(sock) for sock in held)
        # between requests on a kept-alive connection too: the next request's headers have the same deadline
        kept = socket.create_connection(("127.0.0.1", port), timeout=10)
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert kept.recv(65536).startswith(b"HTTP/1.1 200")
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert closed_by_server(kept)
        assert (
            httpx2.get(f"http://127.0.0.1:{port}/healthz", timeout=10).status_code == 200
        )  # the server still serves
