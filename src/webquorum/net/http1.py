"""HTTP/1.1 by hand under httpx2's client: one write per request, one parse per response head.

Why not httpcore2 (the transport httpx2 ships with): per request it costs more CPU than the rest of
the client's HTTP path. Measured 2026-12-02 in a loopback micro-benchmark (a 30 KB page from twelve
keep-alive hosts in turn, or a small JSON answer; the web in another process), client CPU per request
back to back at load 3.5-4.0: a guarded page read 601-730 µs through httpx2's transport, 349-369 µs
through this one; a provider call 596-637 µs against 352-376 µs. cProfile put httpcore2 at 19% of the
former, h11 at 14% and anyio at 4% (a pool walk over every connection twice a request, an event
machine that copies the body through its receive buffer, a cancel scope and a sniffio look-up per read
and write); in a brief's profile they and sniffio were 10.7 ms of the client's 66 ms, this module 1.5
ms. No library does only what this client needs (HTTP/1.1 to a handful of origins, bodies handed over
raw as they come, decoded and capped by the caller), so this module does that and no more, and keeps
every bound httpcore2 gave:

- **Sockets** are opened by the backend the caller passes (:class:`webquorum.net.http.PinnedBackend`:
  the host resolved once, every address checked by the guard when there is one, the socket opened to
  the checked literal) and are asyncio transports (:mod:`webquorum.net.stream`), so a fast server
  cannot fill memory ahead of the capped reader. TLS verifies against the URL's host name with the
  context the caller passes.
- **Heads** must end within :data:`MAX_HEAD_BYTES` (h11's limit as httpcore2 set it, 100 KB), a chunk's
  size line within :data:`MAX_CHUNK_LINE_BYTES`; each header line is validated as h11 validates it
  (field-name token, no control characters in a value, obsolete line folding joined), and a response
  with a transfer coding other than ``chunked``, two ``Transfer-Encoding`` headers or conflicting
  ``Content-Length`` values is refused, as h11 refused it. Informational (1xx) heads are skipped.
- **Bodies** are framed as RFC 9112 says a client frames them (no body for HEAD, 204 and 304;
  ``chunked`` over ``Content-Length``, the connection then not reused; else ``Content-Length``; else
  until the server closes) and are handed to the caller raw, piece by piece, as they arrive: decoding
  and caps are the caller's (:mod:`webquorum.net.decode`). A body that ends early is
  :class:`httpx2.RemoteProtocolError`.
- **Connections** are reused only after a response read to its end with nothing after it, from an
  HTTP/1.1 server that did not say ``Connection: close``; an idle one is dropped once it has waited
  :data:`KEEPALIVE_S` or its server has sent anything or hung up. At most ``max_connections`` are open
  at once; a request past that waits for one (``pool`` timeout), closing the longest-idle connection
  of another origin first.
- **Timeouts** are httpx2's: ``connect`` for connecting and the TLS handshake, ``read`` for each
  read, ``write`` for the request, ``pool`` for the wait for a free connection.

Errors are httpx2's transport errors, so the client's error mapping is unchanged. Requests with a
body send it in the same write as the head (the client only sends in-memory JSON and forms); an
``Expect: 100-continue`` or an upgrade is never sent. Proxies are not handled here: a proxied pool
keeps httpx2's own transport (:func:`webquorum.net.http._client`).
"""

from __future__ import annotations

import asyncio
import re
import ssl
import time
from collections import deque
from collections.abc import AsyncIterator

import httpcore2
import httpx2

__all__ = ["KEEPALIVE_S", "MAX_CHUNK_LINE_BYTES", "MAX_HEAD_BYTES", "MAX_INFORMATIONAL", "Http1Transport"]

MAX_HEAD_BYTES = 100 * 1024  # a status line and headers (or a chunked body's trailers) past this are refused
MAX_CHUNK_LINE_BYTES = 4 * 1024  # a chunk's size line and extensions
MAX_INFORMATIONAL = 8  # 1xx heads before the response; a real server sends one or two
KEEPALIVE_S = 5.0  # an idle connection older than this is closed, not reused (httpx2's default)
READ_BYTES = 64 * 1024  # one read's most: httpcore2's read size
SWEEP_EVERY_S = 1.0  # idle connections of every origin are checked at most this often

_HEAD_END = re.compile(rb"\n\r?\n")
_STATUS_LINE = re.compile(rb"HTTP/(1\.[01]) ([0-9]{3})(?: ([ \t\x21-\x7e\x80-\xff]*))?")
_HEADER_LINE = re.compile(
    rb"([-!#$%&'*+.^_`|~0-9a-zA-Z]+):[ \t]*((?:[^\x00\s]+(?:[ \t]+[^\x00\s]+)*)?)[ \t]*"
)
_CHUNK_LINE = re.compile(rb"([0-9A-Fa-f]{1,20})(?:;[^\r\n]*)?[ \t]*")
_TOKEN = re.compile(rb"[-!#$%&'*+.^_`|~0-9a-zA-Z]+")
_UNSAFE_IN_HEAD = re.compile(rb"[\x00-\x08\x0a-\x1f\x7f]")  # nothing a caller passes may break a line

_CORE_ERRORS: tuple[tuple[type[Exception], type[httpx2.TransportError]], ...] = (
    (httpcore2.ConnectTimeout, httpx2.ConnectTimeout),
    (httpcore2.ReadTimeout, httpx2.ReadTimeout),
    (httpcore2.WriteTimeout, httpx2.WriteTimeout),
    (httpcore2.ConnectError, httpx2.ConnectError),
    (httpcore2.ReadError, httpx2.ReadError),
    (httpcore2.WriteError, httpx2.WriteError),
)


_CORE = (httpcore2.NetworkError, httpcore2.TimeoutException)


def _as_httpx(exc: Exception) -> Exception:
    """The stream's httpcore2 error as the httpx2 error httpx2's own transport raises for it."""
    for core, mapped in _CORE_ERRORS:
        if isinstance(exc, core):
            return mapped(str(exc))
    return exc


class _Connection:
    """One socket to one origin (scheme, host, port), and since when it has waited for a request."""

    __slots__ = ("idle_since", "key", "stream")

    def __init__(self, key: tuple[bytes, bytes, int], stream: httpcore2.AsyncNetworkStream) -> None:
        self.key = key
        self.stream = stream
        self.idle_since = 0.0

    def stale(self, now: float, keepalive_s: float) -> bool:
        """Not to be reused: idle too long, or the server sent something unasked or hung up."""
        return now - self.idle_since >= keepalive_s or bool(self.stream.get_extra_info("is_readable"))


class Http1Transport(httpx2.AsyncBaseTransport):
    """An ``httpx2.AsyncClient`` transport speaking HTTP/1.1 over sockets ``backend`` opens."""

    def __init__(
        self,
        backend: httpcore2.AsyncNetworkBackend,
        ssl_context: ssl.SSLContext,
        max_connections: int,
        keepalive_s: float = KEEPALIVE_S,
    ) -> None:
        self.backend = backend
        self.ssl_context = ssl_context
        self.max_connections = max_connections
        self.keepalive_s = keepalive_s
        self._idle: dict[tuple[bytes, bytes, int], list[_Connection]] = {}
        self._open = 0
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._closed = False
        self._swept = time.monotonic()

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        timeouts: dict[str, float | None] = request.extensions.get("timeout", {})
        url = request.url
        key = (url.raw_scheme, url.raw_host, url.port or (443 if url.raw_scheme == b"https" else 80))
        head = _request_head(request)
        body = await request.aread()
        if "transfer-encoding" in request.headers:  # a streamed body: never sent by this client
            raise httpx2.LocalProtocolError("request bodies of unknown length are not sent")
        conn = await self._checkout(key, timeouts)
        try:
            stream = conn.stream
            try:
                await stream.write(head + body if body else head, timeouts.get("write"))
                reader = _Reader(stream, timeouts.get("read"))
                status, reason, version, headers = await reader.head()
            except _CORE as exc:
                raise _as_httpx(exc) from exc
            framing, keep = _framing(request.method, status, version, headers)
            return httpx2.Response(
                status,
                headers=headers,
                stream=_Body(self, conn, reader, framing, keep),
                extensions={
                    "http_version": b"HTTP/" + version,
                    "reason_phrase": reason,
                    "network_stream": stream,
                },
            )
        except BaseException:
            await self._discard(conn)
            raise

    async def _checkout(
        self, key: tuple[bytes, bytes, int], timeouts: dict[str, float | None]
    ) -> _Connection:
        """An idle connection to ``key`` that is still good, else a new one within the pool's limit.

        At the limit, the longest-idle connection of another origin is closed to make room; with none
        idle, the request waits (at most the ``pool`` timeout) until a connection is let go.
        """
        while True:
            if self._closed:
                raise RuntimeError("the transport is closed")
            now = time.monotonic()
            if now - self._swept >= min(SWEEP_EVERY_S, self.keepalive_s):
                await self._sweep(now)
            idle = self._idle.get(key)
            while idle:
                conn = idle.pop()
                if not idle:
                    del self._idle[key]
                if not conn.stale(now, self.keepalive_s):
                    return conn
                await self._discard(conn)
            if self._open < self.max_connections:
                break
            oldest = min(
                (conn for conns in self._idle.values() for conn in conns),
                key=lambda conn: conn.idle_since,
                default=None,
            )
            if oldest is not None:
                self._take(oldest)
                await self._discard(oldest)
            else:
                await self._wait_for_room(timeouts.get("pool"))
        self._open += 1
        try:
            return _Connection(key, await self._connect(key, timeouts.get("connect")))
        except BaseException:
            self._release_slot()
            raise

    async def _sweep(self, now: float) -> None:
        """Close every idle connection past its keep-alive or hung up: a site read once is not held open."""
        self._swept = now
        for conn in [
            conn for conns in self._idle.values() for conn in conns if conn.stale(now, self.keepalive_s)
        ]:
            self._take(conn)
            await self._discard(conn)

    def _take(self, conn: _Connection) -> None:
        conns = self._idle[conn.key]
        conns.remove(conn)
        if not conns:
            del self._idle[conn.key]

    async def _wait_for_room(self, timeout: float | None) -> None:
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            async with asyncio.timeout(timeout):
                await waiter
        except BaseException as exc:
            if waiter in self._waiters:
                self._waiters.remove(waiter)
            elif waiter.done() and not waiter.cancelled():
                self._wake_one()  # woken but leaving (timed out, cancelled): the turn is the next one's
            if isinstance(exc, TimeoutError):
                raise httpx2.PoolTimeout(f"no connection free within {timeout:g}s") from exc
            raise

    async def _connect(
        self, key: tuple[bytes, bytes, int], timeout: float | None
    ) -> httpcore2.AsyncNetworkStream:
        scheme, raw_host, port = key
        host = raw_host.decode("ascii")
        try:
            stream = await self.backend.connect_tcp(host, port, timeout=timeout)
            if scheme == b"https":
                try:
                    stream = await stream.start_tls(self.ssl_context, server_hostname=host, timeout=timeout)
                except BaseException:
                    await stream.aclose()
                    raise
        except _CORE as exc:
            raise _as_httpx(exc) from exc
        return stream

    async def _checkin(self, conn: _Connection) -> None:
        """Keep ``conn`` for the next request to its origin (closed instead once the transport is)."""
        if self._closed:
            await self._discard(conn)
            return
        conn.idle_since = time.monotonic()
        self._idle.setdefault(conn.key, []).append(conn)
        self._wake_one()

    async def _discard(self, conn: _Connection) -> None:
        self._release_slot()
        await conn.stream.aclose()

    def _release_slot(self) -> None:
        self._open -= 1
        self._wake_one()

    def _wake_one(self) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    async def aclose(self) -> None:
        self._closed = True
        idle = [conn for conns in self._idle.values() for conn in conns]
        self._idle.clear()
        for conn in idle:
            await self._discard(conn)


def _request_head(request: httpx2.Request) -> bytes:
    """The request line and headers as one block, refused if anything in them could break a line."""
    method, target = request.method.encode("ascii"), request.url.raw_path
    parts = [method, b" ", target, b" HTTP/1.1\r\n"]
    for name, value in request.headers.raw:
        if _TOKEN.fullmatch(name) is None or _UNSAFE_IN_HEAD.search(value):
            raise httpx2.LocalProtocolError(f"illegal header {name!r}")
        parts += (name, b": ", value, b"\r\n")
    if _TOKEN.fullmatch(method) is None or _UNSAFE_IN_HEAD.search(target) or b" " in target:
        raise httpx2.LocalProtocolError(f"illegal request line {method!r} {target!r}")
    parts.append(b"\r\n")
    return b"".join(parts)


def _framing(
    method: str, status: int, version: bytes, headers: list[tuple[bytes, bytes]]
) -> tuple[str | int, bool]:
    """How the body ends (``"chunked"``, ``"close"``: when the server closes, or its length) and whether the
    connection may carry another request after it.

    Not again after HTTP/1.0, ``Connection: close`` or a body that ends with the connection; nor after a
    response with both ``Transfer-Encoding`` and ``Content-Length``, which RFC 9112 (6.3) says to read by
    the coding but treat as a possible response-splitting attempt.
    """
    coding: bytes | None = None
    length: bytes | None = None
    reusable = version == b"1.1"
    for name, value in headers:
        lowered = name.lower()
        if lowered == b"transfer-encoding":
            if coding is not None:
                raise httpx2.RemoteProtocolError("multiple Transfer-Encoding headers")
            coding = value.lower()
            if coding != b"chunked":
                raise httpx2.RemoteProtocolError("Only Transfer-Encoding: chunked is supported")
        elif lowered == b"content-length":
            values = {part.strip() for part in value.split(b",")}
            seen = values.pop() if len(values) == 1 else b"x"
            if not seen.isdigit() or len(seen) > 20 or (length is not None and seen != length):
                raise httpx2.RemoteProtocolError("bad or conflicting Content-Length")
            length = seen
        elif lowered == b"connection" and b"close" in (part.strip().lower() for part in value.split(b",")):
            reusable = False
    if method == "HEAD" or status in (204, 304):
        return 0, reusable
    if coding is not None:
        return "chunked", reusable and length is None
    if length is not None:
        return int(length), reusable
    return "close", False


def _header_lines(lines: list[bytes]) -> list[tuple[bytes, bytes]]:
    """Header lines as (name, value) pairs, validated as h11 does; obsolete line folding joined."""
    headers: list[tuple[bytes, bytes]] = []
    for line in lines:
        if line[:1] in (b" ", b"\t"):
            if not headers:
                raise httpx2.RemoteProtocolError("continuation line at start of headers")
            name, value = headers[-1]
            line = name + b": " + value + b" " + line.lstrip(b" \t")
            headers.pop()
        match = _HEADER_LINE.fullmatch(line)
        if match is None:
            raise httpx2.RemoteProtocolError(f"illegal header line: {line[:200]!r}")
        headers.append((match[1], match[2]))
    return headers


class _Reader:
    """A connection's incoming bytes: the head, then the body's pieces, with what is left between them."""

    __slots__ = ("buffer", "stream", "timeout")

    def __init__(self, stream: httpcore2.AsyncNetworkStream, timeout: float | None) -> None:
        self.stream = stream
        self.timeout = timeout
        self.buffer = b""

    async def read(self) -> bytes:
        """The buffered bytes, else the next piece from the socket (``b""``: the server closed)."""
        if self.buffer:
            data, self.buffer = self.buffer, b""
            return data
        return await self.stream.read(READ_BYTES, self.timeout)

    async def lines(self, limit: int, what: str) -> list[bytes]:
        """Everything up to the first blank line, as lines (``\\r\\n`` or bare ``\\n``)."""
        data = bytearray()
        searched = 0
        while True:
            if data[:2] == b"\r\n" or data[:1] == b"\n":
                self.buffer = bytes(data[2 if data[:1] == b"\r" else 1 :])
                return []
            end = _HEAD_END.search(data, max(0, searched - 2))
            if end is not None:
                self.buffer = bytes(data[end.end() :])
                lines = bytes(data[: end.start()]).split(b"\n")
                return [line[:-1] if line.endswith(b"\r") else line for line in lines]
            if len(data) > limit:
                raise httpx2.RemoteProtocolError(f"{what} over {limit} bytes")
            searched = len(data)
            piece = await self.read()
            if not piece:
                if not data and what == "response head":
                    raise httpx2.RemoteProtocolError("Server disconnected without sending a response.")
                raise httpx2.RemoteProtocolError(f"the server closed the connection within the {what}")
            data += piece

    async def head(self) -> tuple[int, bytes, bytes, list[tuple[bytes, bytes]]]:
        """The final response's status, reason, version and headers (informational heads skipped, at most
        :data:`MAX_INFORMATIONAL` of them: a server sending "100 Continue" without end never answers)."""
        for _ in range(MAX_INFORMATIONAL + 1):
            lines = await self.lines(MAX_HEAD_BYTES, "response head")
            if not lines:
                raise httpx2.RemoteProtocolError("no response line received")
            status = _STATUS_LINE.fullmatch(lines[0])
            if status is None:
                raise httpx2.RemoteProtocolError(f"illegal status line: {lines[0][:200]!r}")
            code = int(status[2])
            headers = _header_lines(lines[1:])
            if code >= 200:
                return code, status[3] or b"", status[1], headers
            if code == 101:
                raise httpx2.RemoteProtocolError("the server switched protocols unasked")
        raise httpx2.RemoteProtocolError(f"more than {MAX_INFORMATIONAL} informational responses")

    async def line(self) -> bytes:
        """One CRLF-ended line (a chunk's size line), without its end."""
        data = self.buffer
        self.buffer = b""
        while True:
            end = data.find(b"\r\n")
            if end >= 0:
                self.buffer = data[end + 2 :]
                return data[:end]
            if len(data) > MAX_CHUNK_LINE_BYTES:
                raise httpx2.RemoteProtocolError(f"a chunk's size line over {MAX_CHUNK_LINE_BYTES} bytes")
            piece = await self.stream.read(READ_BYTES, self.timeout)
            if not piece:
                raise httpx2.RemoteProtocolError(
                    "peer closed connection without sending complete message body (incomplete chunked read)"
                )
            data += piece

    async def exactly(self, size: int) -> bytes:
        """``size`` bytes that must be there (a chunk's closing CRLF)."""
        data = self.buffer
        self.buffer = b""
        while len(data) < size:
            piece = await self.stream.read(READ_BYTES, self.timeout)
            if not piece:
                raise httpx2.RemoteProtocolError(
                    "peer closed connection without sending complete message body (incomplete chunked read)"
                )
            data += piece
        self.buffer = data[size:]
        return data[:size]


class _Body(httpx2.AsyncByteStream):
    """A response's body as it arrives; its end returns the connection to the pool, or closes it."""

    def __init__(
        self, pool: Http1Transport, conn: _Connection, reader: _Reader, framing: str | int, keep: bool
    ) -> None:
        self._pool = pool
        self._conn: _Connection | None = conn
        self._reader = reader
        self._framing = framing
        self._keep = keep
        self._done = framing == 0

    async def __aiter__(self) -> AsyncIterator[bytes]:
        if self._done:
            return
        try:
            if self._framing == "chunked":
                pieces = self._chunked()
            elif self._framing == "close":
                pieces = self._until_close()
            else:
                assert isinstance(self._framing, int)
                pieces = self._pieces(self._framing, "received {got} bytes, expected {size}")
            async for piece in pieces:
                yield piece
        except _CORE as exc:
            raise _as_httpx(exc) from exc
        self._done = True

    async def _pieces(self, size: int, incomplete: str) -> AsyncIterator[bytes]:
        """The next ``size`` bytes of the body as they arrive (a sized body, or one chunk); a connection that
        ends before them is an error, ``incomplete`` saying how far it got."""
        left = size
        reader = self._reader
        while left:
            piece = await reader.read()
            if not piece:
                said = incomplete.format(got=size - left, size=size)
                raise httpx2.RemoteProtocolError(
                    f"peer closed connection without sending complete message body ({said})"
                )
            if len(piece) > left:
                piece, reader.buffer = piece[:left], piece[left:]
            left -= len(piece)
            yield piece

    async def _until_close(self) -> AsyncIterator[bytes]:
        while piece := await self._reader.read():
            yield piece

    async def _chunked(self) -> AsyncIterator[bytes]:
        reader = self._reader
        while True:
            line = await reader.line()
            match = _CHUNK_LINE.fullmatch(line)
            if match is None:
                raise httpx2.RemoteProtocolError(f"illegal chunk header: {line[:200]!r}")
            size = int(match[1], 16)
            if size == 0:
                break
            async for piece in self._pieces(size, "incomplete chunked read"):
                yield piece
            if await reader.exactly(2) != b"\r\n":
                raise httpx2.RemoteProtocolError("malformed chunk footer")
        _header_lines(await reader.lines(MAX_HEAD_BYTES, "chunked body's trailers"))

    async def aclose(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        if self._done and self._keep and not self._reader.buffer:
            await self._pool._checkin(conn)
        else:
            await self._pool._discard(conn)
