"""uvicorn's HTTP/1.1 protocol with a deadline on every request's headers.

Why: uvicorn times out a connection only while it is idle between requests (``timeout_keep_alive``);
one that sends half a request line or half its headers and then nothing is held for as long as the
client likes. 800 such connections were held for 22 s, each a socket, a protocol object and a
parser buffer (slowloris). Here each request's headers must be complete within
:data:`HEADER_TIMEOUT_S` of the connection opening, or of the first byte after the previous
response; otherwise the connection is closed. A request whose headers arrived is not timed here
(its body and its answer have their own bounds: the body cap, the call deadline).

Imported only by :func:`webquorum.hosting.runner.uvicorn_config`, where uvicorn is imported anyway, so
``webquorum serve`` and ``webquorum mcp --http`` both hold it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT_S = 10.0


class HeadersInTime(H11Protocol):
    """H11Protocol that closes a connection whose request headers take longer than ``header_timeout_s``."""

    header_timeout_s = HEADER_TIMEOUT_S
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._between_requests() and self._header_timer is None:
            self._arm()  # the first byte of the next request on a kept-alive connection
        super().data_received(data)
        if not self._between_requests():  # the headers are in: a request is being served
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _between_requests(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout_s, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self._between_requests() and not self.transport.is_closing():
            self.transport.close()


def with_header_timeout(seconds: float) -> type[HeadersInTime]:
    """The protocol class with another header deadline (uvicorn takes a class, not an instance)."""
    return type("HeadersInTime", (HeadersInTime,), {"header_timeout_s": seconds})
