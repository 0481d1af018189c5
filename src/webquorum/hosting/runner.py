"""The graceful uvicorn runner both HTTP shells serve with: bounded stop, header deadline, clean exit codes.

On a stop signal the server stops accepting, the shell's own hook runs (``serve`` ends its open
pages and requests with WEB_ABORTED at once), and every :data:`~webquorum.hosting.gate.GATES`
gate refuses new calls and gives running ones the grace period, after which they end as
WEB_ABORTED: every client gets an answer, and the process stops within a bound.

uvicorn re-raises the signal it caught once it has stopped. SIGTERM is a supervisor's intended
stop, so it is not re-raised (exit 0 rather than death by signal, -15); SIGINT is a person's
Ctrl-C and is re-raised, so the CLI exits 130 as it does everywhere else.

uvicorn is imported on first use: the other commands need not pay for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
from collections.abc import Awaitable, Callable
from types import FrameType
from typing import Any

from webquorum.hosting.gate import GATES

SLACK_S = 2  # uvicorn's graceful timeout past the gates' grace: the lifespan's shutdown
CLOSE_BOUND_S = 3.0  # closing the client after the server stopped


def uvicorn_config(app: Any, *, shutdown_s: int, header_timeout_s: float | None = None, **extra: Any) -> Any:
    """uvicorn's settings: quiet, no access log (a shell keeps its own), a deadline on each request's
    headers (:mod:`webquorum.hosting.headers`; ``header_timeout_s`` overrides its default) and at most
    ``shutdown_s`` for open connections once a stop begins; ``extra`` goes to ``uvicorn.Config``."""
    import uvicorn

    from webquorum.hosting.headers import HeadersInTime, with_header_timeout

    protocol = HeadersInTime if header_timeout_s is None else with_header_timeout(header_timeout_s)
    return uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        http=protocol,
        timeout_graceful_shutdown=shutdown_s,
        **extra,
    )


def _graceful_server_class() -> Any:
    import uvicorn

    class Graceful(uvicorn.Server):
        """Stops within ``timeout_graceful_shutdown``: gates closed, in-flight calls then end as
        WEB_ABORTED."""

        on_exit: Callable[[], None] | None = None
        _loop: asyncio.AbstractEventLoop | None = None

        async def serve(self, sockets: list[socket.socket] | None = None) -> None:
            self._loop = asyncio.get_running_loop()
            await super().serve(sockets)

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if self.on_exit is not None and self._loop is not None:
                self._loop.call_soon_threadsafe(self.on_exit)
            super().handle_exit(sig, frame)

        @contextlib.contextmanager
        def capture_signals(self) -> Any:
            with super().capture_signals():
                try:
                    yield
                finally:
                    self._captured_signals[:] = [s for s in self._captured_signals if s == signal.SIGINT]

        async def shutdown(self, sockets: Any = None) -> None:
            grace = max(0.0, float(self.config.timeout_graceful_shutdown or SLACK_S) - SLACK_S)
            closing = [asyncio.create_task(gate.close(grace)) for gate in GATES]
            await super().shutdown(sockets)
            for task in closing:
                task.cancel()

    return Graceful


def graceful_server(config: Any, *, on_exit: Callable[[], None] | None = None) -> Any:
    """A uvicorn server that stops gracefully; ``on_exit`` runs on the event loop when a stop signal
    arrives."""
    server = _graceful_server_class()(config)
    server.on_exit = on_exit
    return server


async def serve_on(server: Any, sock: socket.socket, *, close: Callable[[], Awaitable[None]]) -> None:
    """Serve on ``sock`` until stopped, then close the socket and, within a bound, what ``close`` closes."""
    try:
        await server.serve(sockets=[sock])
    finally:
        sock.close()
        async with asyncio.timeout(CLOSE_BOUND_S):
            await close()
