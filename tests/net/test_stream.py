"""The pools' sockets (asyncio transports under httpcore) against real loopback servers: TLS verified
against the name, connections kept alive and dropped when the server hangs up, reads bounded in time
and in what waits unread."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import httpcore2
import pytest
from tests.sim.raw import Server, tls_contexts

from webquorum.net.http import PinnedBackend
from webquorum.net.stream import READ_AHEAD_BYTES, connect_tcp


async def answer(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, body: bytes, **how: bool
) -> None:
    """Answer each request on the connection with ``body``; ``hang_up``: close after the first answer."""
    while await reader.readuntil(b"\r\n\r\n"):
        length = b"" if how.get("close_delimited") else b"Content-Length: %d\r\n" % len(body)
        writer.write(b"HTTP/1.1 200 OK\r\n" + length + b"\r\n" + body)
        await writer.drain()
        if how.get("close_delimited"):  # the end of the body is the end of the connection, no close_notify
            writer.transport.abort()
            return
        if how.get("hang_up"):
            writer.close()
            return


@pytest.fixture
async def pool_factory() -> AsyncIterator[Callable[..., httpcore2.AsyncConnectionPool]]:
    pools: list[httpcore2.AsyncConnectionPool] = []

    def make(context: ssl.SSLContext | None = None) -> httpcore2.AsyncConnectionPool:
        pool = httpcore2.AsyncConnectionPool(
            ssl_context=context, network_backend=PinnedBackend({"secure.test": "127.0.0.1"}, None)
        )
        pools.append(pool)
        return pool

    yield make
    for pool in pools:
        await pool.aclose()


async def get(pool: httpcore2.AsyncConnectionPool, url: str) -> bytes:
    response = await pool.request("GET", url, extensions={"timeout": {"read": 5, "connect": 5}})
    return response.content


async def test_tls_is_verified_against_the_name_and_a_connection_is_kept_alive(
    tmp_path: Path, pool_factory: Callable[..., httpcore2.AsyncConnectionPool]
) -> None:
    server_tls, client_tls = tls_contexts(tmp_path)

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await answer(reader, writer, b"over tls")

    async with Server(handler, server_tls) as server:
        pool = pool_factory(client_tls)
        assert await get(pool, f"https://secure.test:{server.port}/a") == b"over tls"
        assert await get(pool, f"https://secure.test:{server.port}/b") == b"over tls"
        assert server.connections == 1
        with pytest.raises(httpcore2.ConnectError, match="certificate"):  # the context trusts no one else
            await get(pool_factory(ssl.create_default_context()), f"https://secure.test:{server.port}/")


async def test_a_tls_body_ended_by_the_connection_without_close_notify_is_whole(
    tmp_path: Path, pool_factory: Callable[..., httpcore2.AsyncConnectionPool]
) -> None:
    server_tls, client_tls = tls_contexts(tmp_path)
    body = b"x" * 300_000

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await answer(reader, writer, body, close_delimited=True)

    async with Server(handler, server_tls) as server:
        assert await get(pool_factory(client_tls), f"https://secure.test:{server.port}/") == body


async def test_a_connection_the_server_hung_up_is_not_reused(
    pool_factory: Callable[..., httpcore2.AsyncConnectionPool],
) -> None:
    closed = asyncio.Event()

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await answer(reader, writer, b"once", hang_up=True)
        await writer.wait_closed()
        closed.set()

    async with Server(handler) as server:
        pool = pool_factory()
        url = f"http://secure.test:{server.port}/"
        assert await get(pool, url) == b"once"
        await closed.wait()
        for _ in range(5):  # let the loop deliver the end of the stream to the idle connection
            await asyncio.sleep(0)
        assert await get(pool, url) == b"once"  # a new connection, not an error on the dead one
        assert server.connections == 2


async def test_unread_bytes_pause_the_socket_past_the_read_ahead() -> None:
    size = 8 * READ_AHEAD_BYTES

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"y" * size)
        await writer.drain()
        writer.close()

    async with Server(handler) as server:
        stream = await connect_tcp("127.0.0.1", server.port, 5)
        feed = stream._feed
        async with asyncio.timeout(10):
            while not feed.reading_paused:
                await asyncio.sleep(0.01)
        assert feed.buffered <= 2 * READ_AHEAD_BYTES  # one read of the loop's past the mark, at most
        received = 0
        while piece := await stream.read(65536, timeout=5):
            assert len(piece) <= 65536
            received += len(piece)
        assert received == size
        await stream.aclose()


async def test_a_silent_server_times_a_read_out_and_a_refused_port_is_a_connect_error() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()  # never answers

    async with Server(handler) as server:
        stream = await connect_tcp("127.0.0.1", server.port, 5)
        with pytest.raises(httpcore2.ReadTimeout):
            await stream.read(100, timeout=0.05)
        await stream.aclose()
    with pytest.raises(httpcore2.ConnectError):
        await connect_tcp("127.0.0.1", server.port, 5)
