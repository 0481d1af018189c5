"""``webquorum serve``: one HTTP server for people and for the tools they already run.

A thin shell like :mod:`webquorum.mcp`: one process, one :class:`webquorum.Client`, one ASGI app
(:func:`webquorum.serve.app.build_app`) with the brief page, a SearXNG-compatible ``/search``,
``/brief`` and ``/fetch`` JSON, the MCP endpoint on ``/mcp`` and health checks. It prints the URL
to open and opens nothing; Ctrl-C stops it within a bounded time (open streams get
``SHUTDOWN_GRACE_S``, then are cut). The socket, the guard and the runner are
:mod:`webquorum.hosting`'s, shared with ``webquorum mcp --http``.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Any

from webquorum.api import Client, ConfigLike
from webquorum.hosting.binding import display_url, listen
from webquorum.hosting.runner import graceful_server, serve_on, uvicorn_config

SHUTDOWN_GRACE_S = 3


def server_config(app: Any, *, header_timeout_s: float | None = None) -> Any:
    """uvicorn's settings for ``app``: quiet, a bounded shutdown, and a deadline on each request's headers
    (:mod:`webquorum.hosting.headers`; ``header_timeout_s`` overrides its default)."""
    return uvicorn_config(
        app,
        shutdown_s=SHUTDOWN_GRACE_S,
        header_timeout_s=header_timeout_s,
        lifespan="on",
        timeout_keep_alive=5,
    )


def serve(
    *, config: ConfigLike = None, host: str = "127.0.0.1", port: int = 8765, json_logs: bool = False
) -> None:
    """Run until interrupted (KeyboardInterrupt propagates after a clean stop, for exit code 130)."""
    from webquorum.serve.app import build_app, json_line, text_line

    line: Callable[[dict[str, Any]], str] = json_line if json_logs else text_line

    def write(entry: dict[str, Any]) -> None:
        print(line(entry), file=sys.stderr, flush=True)

    wq = Client(config)
    stopping = asyncio.Event()
    app = build_app(
        wq, host=host, access_log=write, stopping=stopping
    )  # refuses a public bind without a token
    sock = listen(host, port)
    # On a stop signal, end calls in progress now, so open streams close within the grace period.
    server = graceful_server(server_config(app), on_exit=stopping.set)
    print(
        f"webquorum: open {display_url(host, port)} (SearXNG API on /search, MCP on /mcp; Ctrl-C stops)",
        flush=True,
    )
    # the client is already closed by the app's lifespan; a second close is a no-op
    asyncio.run(serve_on(server, sock, close=wq.aclose))
