"""``webquorum serve``: one HTTP server for people and for the tools they already run.

A thin shell like :mod:`webquorum.mcp`: one process, one :class:`webquorum.Client`, one ASGI app
(:func:`webquorum.serve.app.build_app`) with the brief page, a SearXNG-compatible ``/search``,
``/brief`` and ``/fetch`` JSON, the MCP endpoint on ``/mcp`` and health checks. It prints the URL
to open and opens nothing; Ctrl-C stops it within a bounded time (open streams get
``SHUTDOWN_GRACE_S``, then are cut).
"""

from __future__ import annotations

import asyncio
import socket
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

from webquorum.api import Client, ConfigLike
from webquorum.errors import ConfigError

SHUTDOWN_GRACE_S = 3
CLOSE_BOUND_S = 3.0


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, made here so a taken port is a clear error rather than a log line."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise ConfigError(f"serve cannot listen on {host}:{port}: {exc.strerror}; pass another --port or --host") from None
    sock.listen(1024)
    sock.setblocking(False)
    return sock


def display_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def server_config(app: Any, *, header_timeout_s: float | None = None) -> Any:
    """uvicorn's settings for ``app``: quiet, a bounded shutdown, and a deadline on each request's headers
    (:mod:`webquorum.serve.protocol`; ``header_timeout_s`` overrides its default)."""
    import uvicorn

    from webquorum.serve.protocol import HeadersInTime, with_header_timeout

    protocol = HeadersInTime if header_timeout_s is None else with_header_timeout(header_timeout_s)
    return uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", http=protocol,
        timeout_graceful_shutdown=SHUTDOWN_GRACE_S, timeout_keep_alive=5,
    )


def serve(*, config: ConfigLike = None, host: str = "127.0.0.1", port: int = 8765, json_logs: bool = False) -> None:
    """Run until interrupted (KeyboardInterrupt propagates after a clean stop, for exit code 130)."""
    import uvicorn

    from webquorum.serve.app import build_app, json_line, text_line

    line: Callable[[dict[str, Any]], str] = json_line if json_logs else text_line

    def write(entry: dict[str, Any]) -> None:
        print(line(entry), file=sys.stderr, flush=True)

    wq = Client(config)
    stopping = asyncio.Event()
    app = build_app(wq, host=host, access_log=write, stopping=stopping)  # refuses a public bind without a token
    sock = listen(host, port)
    loop: asyncio.AbstractEventLoop | None = None

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if loop is not None:  # end calls in progress now, so open streams close within the grace period
                loop.call_soon_threadsafe(stopping.set)
            super().handle_exit(sig, frame)

    server = Server(server_config(app))
    print(f"webquorum: open {display_url(host, port)} (SearXNG API on /search, MCP on /mcp; Ctrl-C stops)", flush=True)

    async def main() -> None:
        nonlocal loop
        loop = asyncio.get_running_loop()
        try:
            await server.serve(sockets=[sock])
        finally:
            sock.close()
            async with asyncio.timeout(CLOSE_BOUND_S):
                await wq.aclose()  # already closed by the app's lifespan; a second close is a no-op

    asyncio.run(main())
