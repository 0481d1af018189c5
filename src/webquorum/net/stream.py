"""The sockets under the HTTP pools: asyncio transports, read and written without anyio by the
direct pools' transport (:mod:`webquorum.net.http1`) and by httpcore under the proxied pools.

Why not httpcore's own anyio backend: every read and write there enters a cancel scope (and asks
sniffio which event loop runs), about 40 microseconds of the event loop per call, and a request
takes four to six of them. Worse, httpcore asks every idle connection of a pool whether its
socket is readable each time it hands out a connection (that is how it notices a server that hung
up), and through anyio that is a ``poll`` system call per idle connection per request: with a few
dozen sites' connections kept alive, more CPU than the request itself. Here the event loop's
transport keeps reading in the background anyway, so the answer is already known: a connection
with bytes waiting or a closed end is readable, a question answered without a system call.

What stays as it was: one socket per connection, opened to the address the caller passes (the
guard's checked literal, see :class:`webquorum.net.http.PinnedBackend`); each read and write
bounded by httpcore's timeout; TLS verified by the context httpcore hands over, against the
server's name; and reading paused while more than :data:`READ_AHEAD_BYTES` wait unread, so a
server cannot fill this process's memory faster than the body is consumed (and capped).
A TLS stream is closed as anyio closed it for httpcore (``standard_compatible=False``): at once,
without waiting for the server's close_notify.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections import deque
from collections.abc import Iterable
from typing import Any

import httpcore2

__all__ = ["READ_AHEAD_BYTES", "TransportStream", "connect_tcp"]

# unread bytes past this pause the socket's reading until the HTTP layer catches up
READ_AHEAD_BYTES = 256 * 1024


class _Feed(asyncio.Protocol):
    """One connection's bytes as the event loop delivers them, kept until the HTTP layer reads them."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.transport: asyncio.Transport | None = None
        self.chunks: deque[bytes] = deque()
        self.buffered = 0
        self.ended = False  # the server closed its end (or the connection was lost)
        self.error: BaseException | None = None  # why the connection was lost, when it was not a clean close
        self.waiter: asyncio.Future[None] | None = None  # a read waiting for bytes
        self.drained: asyncio.Future[None] | None = None  # a write waiting for the send buffer to drain
        self.writing_paused = False
        self.reading_paused = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.chunks.append(data)
        self.buffered += len(data)
        if self.buffered > READ_AHEAD_BYTES and not self.reading_paused and self.transport is not None:
            self.reading_paused = True
            self.transport.pause_reading()
        self._wake_reader()

    def eof_received(self) -> bool:
        self.ended = True
        self._wake_reader()
        return False  # close the transport: an HTTP/1.1 client has nothing to send after the server's end

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended = True
        if exc is not None and not isinstance(
            exc, ssl.SSLEOFError
        ):  # a TLS end without close_notify is an end
            self.error = exc
        self._wake_reader()
        self.writing_paused = False
        self._wake_writer()

    def pause_writing(self) -> None:
        self.writing_paused = True

    def resume_writing(self) -> None:
        self.writing_paused = False
        self._wake_writer()

    def _wake_reader(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def _wake_writer(self) -> None:
        if self.drained is not None and not self.drained.done():
            self.drained.set_result(None)

    def take(self, max_bytes: int) -> bytes:
        """Up to ``max_bytes`` of what has arrived (something has); reading resumes once it is drained."""
        chunk = self.chunks.popleft()
        if len(chunk) > max_bytes:
            chunk, rest = chunk[:max_bytes], chunk[max_bytes:]
            self.chunks.appendleft(rest)
        self.buffered -= len(chunk)
        if self.reading_paused and self.buffered <= READ_AHEAD_BYTES // 2 and self.transport is not None:
            self.reading_paused = False
            self.transport.resume_reading()
        return chunk


async def _wait(feed: _Feed, slot: str, timeout: float | None) -> bool:
    """Wait for the feed to fill ``slot`` (``waiter`` or ``drained``); False if ``timeout`` ran out first."""
    waiter: asyncio.Future[None] = feed.loop.create_future()
    setattr(feed, slot, waiter)
    timer = None if timeout is None else feed.loop.call_later(timeout, _expire, waiter)
    try:
        await waiter
    except _Expired:
        return False
    finally:
        setattr(feed, slot, None)
        if timer is not None:
            timer.cancel()
    return True


class _Expired(Exception):
    pass


def _expire(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_exception(_Expired())


class TransportStream(httpcore2.AsyncNetworkStream):
    """An asyncio transport as httpcore's network stream (plain TCP, or TLS over it after ``start_tls``)."""

    def __init__(self, feed: _Feed, *, tls: bool = False) -> None:
        self._feed = feed
        self._tls = tls
        transport = feed.transport
        assert transport is not None
        # fixed for the connection's life (TLS wraps the same socket): looked up once
        self._socket = transport.get_extra_info("socket")
        self._server_addr = transport.get_extra_info("peername")
        self._client_addr = transport.get_extra_info("sockname")

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        feed = self._feed
        if not feed.chunks and not feed.ended and not await _wait(feed, "waiter", timeout):
            raise httpcore2.ReadTimeout(f"no bytes within {timeout:g}s")
        if feed.chunks:
            return feed.take(max_bytes)
        if feed.error is not None:
            raise httpcore2.ReadError(str(feed.error) or type(feed.error).__name__) from feed.error
        return b""

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        if not buffer:
            return
        feed = self._feed
        transport = feed.transport
        if transport is None or transport.is_closing() or feed.ended:
            raise httpcore2.WriteError(str(feed.error) if feed.error else "the connection is closed")
        transport.write(buffer)
        if feed.writing_paused and not await _wait(feed, "drained", timeout):
            raise httpcore2.WriteTimeout(f"the send buffer did not drain within {timeout:g}s")
        if feed.error is not None:
            raise httpcore2.WriteError(str(feed.error) or type(feed.error).__name__) from feed.error

    async def aclose(self) -> None:
        transport = self._feed.transport
        if transport is not None and not transport.is_closing():
            if self._tls:
                transport.abort()  # as anyio closed TLS for httpcore: no close_notify round trip
            else:
                transport.close()

    async def start_tls(
        self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore2.AsyncNetworkStream:
        feed = self._feed
        assert feed.transport is not None
        try:
            async with asyncio.timeout(timeout):
                wrapped = await feed.loop.start_tls(
                    feed.transport, feed, ssl_context, server_hostname=server_hostname
                )
        except TimeoutError as exc:
            await self.aclose()
            raise httpcore2.ConnectTimeout(f"TLS handshake not done within {timeout:g}s") from exc
        except (OSError, EOFError) as exc:  # ssl.SSLError is an OSError
            await self.aclose()
            raise httpcore2.ConnectError(str(exc) or type(exc).__name__) from exc
        if wrapped is None:  # the transport was closing: start_tls has nothing to wrap
            raise httpcore2.ConnectError("the connection closed before the TLS handshake")
        assert isinstance(wrapped, asyncio.Transport)
        feed.transport = wrapped
        return TransportStream(feed, tls=True)

    def get_extra_info(self, info: str) -> Any:
        if info == "is_readable":  # an idle connection with bytes waiting or its end seen: the server hung up
            return bool(self._feed.chunks) or self._feed.ended
        if info == "server_addr":
            return self._server_addr
        if info == "client_addr":
            return self._client_addr
        if info == "socket":
            return self._socket
        if info == "ssl_object":
            transport = self._feed.transport
            return transport.get_extra_info("ssl_object") if transport is not None else None
        return None


async def connect_tcp(
    ip: str,
    port: int,
    timeout: float | None,
    local_address: str | None = None,
    socket_options: Iterable[Any] | None = None,
) -> TransportStream:
    """A TCP connection to the IP literal ``ip`` (never a name: nothing is resolved here)."""
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout(timeout):
            transport, feed = await loop.create_connection(
                lambda: _Feed(loop),
                ip,
                port,
                local_addr=(local_address, 0) if local_address else None,
                family=socket.AF_INET6 if ":" in ip else socket.AF_INET,
            )
    except TimeoutError as exc:
        raise httpcore2.ConnectTimeout(f"no connection to {ip}:{port} within {timeout:g}s") from exc
    except OSError as exc:
        raise httpcore2.ConnectError(str(exc) or type(exc).__name__) from exc
    sock = transport.get_extra_info("socket")
    for option in socket_options or ():
        sock.setsockopt(*option)  # asyncio already set TCP_NODELAY, as anyio did
    return TransportStream(feed)
