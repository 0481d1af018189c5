"""The HTTP/1.1 transport against real loopback servers that write exactly the bytes a test gives them:
framing (length, chunked, until close), keep-alive and its ends, and every fault a server can make
(a body cut short, a head too long, a chunk's size that lies, a body too slow)."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import httpx2
import pytest
from tests.sim.raw import Server, tls_contexts
from tests.sim.sites import bounded
from tests.sim.web import Reply, SimWeb

from webquorum.errors import FetchError, FetchTimeoutError, ForbiddenAddressError
from webquorum.net.guard import AddressPolicy
from webquorum.net.http import HttpClient, NetPolicy, PinnedBackend, tls_context
from webquorum.net.http1 import MAX_CHUNK_LINE_BYTES, MAX_HEAD_BYTES, MAX_INFORMATIONAL, Http1Transport

Reader, Writer = asyncio.StreamReader, asyncio.StreamWriter
OK = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"


def replies(*raw: bytes, close: bool = False) -> Callable[[Reader, Writer], Awaitable[None]]:
    """A handler that reads one request head per reply and writes the reply's bytes as given."""

    async def handler(reader: Reader, writer: Writer) -> None:
        for reply in raw:
            try:
                await reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError:
                return
            writer.write(reply)
            await writer.drain()
        if close:
            writer.close()
        else:
            await reader.read()  # hold the connection open until the client lets it go

    return handler


@pytest.fixture
async def client() -> AsyncIterator[httpx2.AsyncClient]:
    transport = Http1Transport(PinnedBackend({"secure.test": "127.0.0.1"}, None), tls_context(), 4)
    async with httpx2.AsyncClient(transport=transport, timeout=httpx2.Timeout(5)) as http:
        yield http


async def get(client: httpx2.AsyncClient, port: int, path: str = "/", **kwargs: object) -> httpx2.Response:
    return await client.get(f"http://127.0.0.1:{port}{path}", **kwargs)  # type: ignore[arg-type]


@bounded(10)
async def test_a_connection_is_reused_for_the_next_request_and_names_its_peer(
    client: httpx2.AsyncClient,
) -> None:
    async with Server(replies(OK, OK, OK)) as server:
        for _ in range(3):
            response = await get(client, server.port)
            assert response.content == b"hello"
            assert response.extensions["network_stream"].get_extra_info("server_addr")[0] == "127.0.0.1"
        assert server.connections == 1


@bounded(10)
async def test_connection_close_and_http_1_0_are_not_reused(client: httpx2.AsyncClient) -> None:
    closing = b"HTTP/1.1 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 5\r\n\r\nhello"
    old = b"HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nhello"
    async with Server(replies(closing, OK)) as server:
        assert (await get(client, server.port)).content == b"hello"
        assert (await get(client, server.port)).content == b"hello"
        assert server.connections == 2
    async with Server(replies(old, OK)) as server:
        assert (await get(client, server.port)).content == b"hello"
        assert (await get(client, server.port)).content == b"hello"
        assert server.connections == 2


@bounded(10)
async def test_a_response_framed_both_ways_is_read_by_its_coding_and_its_connection_closed(
    client: httpx2.AsyncClient,
) -> None:
    both = (
        b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
    )
    async with Server(replies(both, OK)) as server:
        assert (await get(client, server.port)).content == b"hello"
        assert (await get(client, server.port)).content == b"hello"
        assert server.connections == 2  # a possible response-splitting attempt: the connection is not reused


@bounded(10)
async def test_a_body_until_close_is_whole_and_its_connection_is_not_reused(
    client: httpx2.AsyncClient,
) -> None:
    async with Server(replies(b"HTTP/1.1 200 OK\r\n\r\n" + b"x" * 300_000, close=True)) as server:
        assert (await get(client, server.port)).content == b"x" * 300_000
    assert client._transport._open == 0  # type: ignore[attr-defined]


@bounded(10)
async def test_chunked_bodies_with_extensions_and_trailers_are_joined(client: httpx2.AsyncClient) -> None:
    chunked = (
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n"
        b"5;name=value\r\nhello\r\n1 \r\n,\r\n6\r\n world\r\n0\r\nExpires: never\r\n\r\n"
    )
    async with Server(replies(chunked, OK)) as server:
        assert (await get(client, server.port)).content == b"hello, world"
        assert (await get(client, server.port)).content == b"hello"
        assert server.connections == 1  # the trailers were read: the connection is clean for the next


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b"zz\r\nhello\r\n0\r\n\r\n", "illegal chunk header"),
        (b"3\r\nhello\r\n0\r\n\r\n", "malformed chunk footer"),  # the chunk is longer than its size
        (b"5" * (MAX_CHUNK_LINE_BYTES + 10), "size line over"),
        (b"-5\r\nhello\r\n0\r\n\r\n", "illegal chunk header"),
        (b"5\r\nhel", "incomplete chunked read"),  # the server closes mid-chunk
    ],
)
@bounded(10)
async def test_a_chunk_whose_size_lies_is_a_protocol_error(
    client: httpx2.AsyncClient, body: bytes, error: str
) -> None:
    reply = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + body
    async with Server(replies(reply, close=True)) as server:
        with pytest.raises(httpx2.RemoteProtocolError, match=error):
            await get(client, server.port)
    assert client._transport._open == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("head", "error"),
    [
        (b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", "Content-Length"),
        (b"HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\n", "Content-Length"),
        (b"HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n", "Content-Length"),
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", "chunked is supported"),
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", "multiple"),
        (b"HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", "illegal header line"),
        (b"HTTP/1.1 200 OK\r\nX: a\x00b\r\n\r\n", "illegal header line"),
        (b"HTTP/1.1 200 OK\r\n folded: at the start\r\n\r\n", "continuation line"),
        (b"HTTP/2 200\r\n\r\n", "illegal status line"),
        (b"ICY 200 OK\r\n\r\n", "illegal status line"),
        (b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n", "switched protocols"),
        (b"", "without sending a response"),
    ],
)
@bounded(10)
async def test_a_malformed_head_is_a_protocol_error(
    client: httpx2.AsyncClient, head: bytes, error: str
) -> None:
    async with Server(replies(head, close=True)) as server:
        with pytest.raises(httpx2.RemoteProtocolError, match=error):
            await get(client, server.port)


@bounded(10)
async def test_a_head_past_the_limit_is_refused_without_reading_on(client: httpx2.AsyncClient) -> None:
    endless = b"HTTP/1.1 200 OK\r\n" + b"X-Filler: " + b"a" * (4 * MAX_HEAD_BYTES)
    async with Server(replies(endless)) as server:
        with pytest.raises(httpx2.RemoteProtocolError, match="response head over"):
            await get(client, server.port)
    just_under = (
        b"HTTP/1.1 200 OK\r\n" + b"X-Filler: a\r\n" * (MAX_HEAD_BYTES // 14) + b"Content-Length: 2\r\n\r\nok"
    )
    async with Server(replies(just_under)) as server:
        response = await get(client, server.port)
        assert (
            response.content == b"ok" and len(response.headers.get_list("x-filler")) == MAX_HEAD_BYTES // 14
        )


@bounded(10)
async def test_odd_but_valid_heads_are_read_as_h11_read_them(client: httpx2.AsyncClient) -> None:
    heads = [
        b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n" + OK,
        b"HTTP/1.1 200\nContent-Length: 5\nX-Folded: one\n  two\n\nhello",  # bare LF, no reason, obs-fold
    ]
    async with Server(replies(*heads)) as server:
        first = await get(client, server.port)
        assert first.status_code == 200 and first.content == b"hello" and "link" not in first.headers
        second = await get(client, server.port)
        assert second.content == b"hello" and second.headers["x-folded"] == "one two"
        assert second.reason_phrase == ""


@bounded(10)
async def test_informational_heads_without_end_are_refused(client: httpx2.AsyncClient) -> None:
    """A server answering "100 Continue" again and again never answers: refused after a few."""
    endless = b"HTTP/1.1 100 Continue\r\n\r\n" * (MAX_INFORMATIONAL + 1) + OK
    async with Server(replies(endless)) as server:
        with pytest.raises(httpx2.RemoteProtocolError, match="informational responses"):
            await get(client, server.port)


@bounded(10)
async def test_bodiless_answers_keep_the_connection(client: httpx2.AsyncClient) -> None:
    no_body = b"HTTP/1.1 204 No Content\r\nContent-Length: 99\r\n\r\n"
    not_modified = b"HTTP/1.1 304 Not Modified\r\nContent-Length: 99\r\n\r\n"
    head_only = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"
    async with Server(replies(no_body, not_modified, head_only, OK)) as server:
        assert (await get(client, server.port)).status_code == 204
        assert (await get(client, server.port)).status_code == 304
        head = await client.head(f"http://127.0.0.1:{server.port}/")
        assert head.status_code == 200 and head.content == b""
        assert (await get(client, server.port)).content == b"hello"
        assert server.connections == 1


@bounded(10)
async def test_bytes_after_a_response_end_its_connection(client: httpx2.AsyncClient) -> None:
    async with Server(replies(OK + b"HTTP/1.1 200 OK\r\n", OK)) as server:
        assert (await get(client, server.port)).content == b"hello"
        assert (await get(client, server.port)).content == b"hello"
        assert server.connections == 2  # the stray bytes were never read as the next answer


@bounded(10)
async def test_a_body_cut_short_is_a_protocol_error_and_the_next_request_connects_again(
    client: httpx2.AsyncClient,
) -> None:
    short = b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly some"
    async with Server(replies(short, close=True)) as server:
        with pytest.raises(httpx2.RemoteProtocolError, match="received 9 bytes, expected 100"):
            await get(client, server.port)
    async with Server(replies(OK)) as server:
        assert (await get(client, server.port)).content == b"hello"


@bounded(10)
async def test_an_idle_connection_past_its_keepalive_or_hung_up_is_not_reused() -> None:
    transport = Http1Transport(PinnedBackend({}, None), tls_context(), 4, keepalive_s=0.0)
    async with httpx2.AsyncClient(transport=transport) as http, Server(replies(OK, OK)) as server:
        assert (await get(http, server.port)).content == b"hello"
        assert (await get(http, server.port)).content == b"hello"
        assert server.connections == 2
    hung_up = asyncio.Event()

    async def once(reader: Reader, writer: Writer) -> None:
        await replies(OK, close=True)(reader, writer)
        hung_up.set()

    async with (
        httpx2.AsyncClient(transport=Http1Transport(PinnedBackend({}, None), tls_context(), 4)) as http,
        Server(once) as server,
    ):
        assert (await get(http, server.port)).content == b"hello"
        await hung_up.wait()
        for _ in range(5):  # let the loop deliver the end of the stream to the idle connection
            await asyncio.sleep(0)
        assert (await get(http, server.port)).content == b"hello"
        assert server.connections == 2


@bounded(10)
async def test_an_idle_connection_past_its_keepalive_is_closed_when_another_site_is_read() -> None:
    let_go = asyncio.Event()

    async def once_then_watch(reader: Reader, writer: Writer) -> None:
        await replies(OK, close=False)(reader, writer)  # returns when the client closes the connection
        let_go.set()

    transport = Http1Transport(PinnedBackend({}, None), tls_context(), 4, keepalive_s=0.0)
    async with (
        httpx2.AsyncClient(transport=transport) as http,
        Server(once_then_watch) as first,
        Server(replies(OK)) as second,
    ):
        assert (await get(http, first.port)).content == b"hello"
        assert (await get(http, second.port)).content == b"hello"
        await let_go.wait()  # the first site's idle connection was closed, not held for a visit to come
        assert transport._open == 1


@bounded(10)
async def test_a_slow_head_or_body_times_the_read_out(client: httpx2.AsyncClient) -> None:
    async def drip(reader: Reader, writer: Writer) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nab")
        await reader.read()

    async with Server(drip) as server:
        with pytest.raises(httpx2.ReadTimeout):
            await get(client, server.port, timeout=httpx2.Timeout(5, read=0.1))
    async with Server(replies(b"HTTP/1.1 200 OK\r\n")) as server:
        with pytest.raises(httpx2.ReadTimeout):
            await get(client, server.port, timeout=httpx2.Timeout(5, read=0.1))
    assert client._transport._open == 0  # type: ignore[attr-defined]


@bounded(10)
async def test_the_pool_opens_at_most_its_limit_and_waits_for_a_free_connection() -> None:
    release = asyncio.Event()
    open_now = peak = 0

    async def held(reader: Reader, writer: Writer) -> None:
        nonlocal open_now, peak
        open_now += 1
        peak = max(peak, open_now)
        while not reader.at_eof():
            try:
                await reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError:
                break
            await release.wait()
            writer.write(OK)
            await writer.drain()
        open_now -= 1

    transport = Http1Transport(PinnedBackend({}, None), tls_context(), 2)
    async with httpx2.AsyncClient(transport=transport) as http, Server(held) as server:
        calls = [asyncio.create_task(get(http, server.port)) for _ in range(3)]
        while open_now < 2 or len(transport._waiters) < 1:
            await asyncio.sleep(0.01)
        with pytest.raises(httpx2.PoolTimeout):
            await get(http, server.port, timeout=httpx2.Timeout(5, pool=0.1))
        release.set()
        assert [r.content for r in await asyncio.gather(*calls)] == [b"hello"] * 3
        assert peak == 2 and server.connections == 2  # the third waited, then took a connection let go
    assert transport._open == 0


@bounded(10)
async def test_a_request_cancelled_mid_body_closes_its_connection(client: httpx2.AsyncClient) -> None:
    async def stall(reader: Reader, writer: Writer) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nab")
        await reader.read()

    async with Server(stall) as server:
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.2):
                await get(client, server.port)
    assert client._transport._open == 0  # type: ignore[attr-defined]


@bounded(10)
async def test_a_header_that_could_break_the_request_is_refused_before_sending(
    client: httpx2.AsyncClient,
) -> None:
    async with Server(replies(OK)) as server:
        with pytest.raises(httpx2.LocalProtocolError):
            await get(client, server.port, headers={"x-evil": "a\r\nHost: elsewhere"})
        assert server.connections == 0
        assert (await get(client, server.port, headers={"x-tab": "a\tb"})).content == b"hello"


@bounded(10)
async def test_tls_is_verified_against_the_name(tmp_path: Path) -> None:
    server_tls, client_tls = tls_contexts(tmp_path)
    backend = PinnedBackend({"secure.test": "127.0.0.1"}, None)
    async with Server(replies(OK, OK), server_tls) as server:
        url = f"https://secure.test:{server.port}/"
        async with httpx2.AsyncClient(transport=Http1Transport(backend, client_tls, 4)) as http:
            assert (await http.get(url)).content == b"hello"
            assert (await http.get(url)).content == b"hello"
            assert server.connections == 1
        untrusted = ssl.create_default_context()
        async with httpx2.AsyncClient(transport=Http1Transport(backend, untrusted, 4)) as http:
            with pytest.raises(httpx2.ConnectError, match="certificate"):
                await http.get(url)


@bounded(10)
async def test_the_guard_checks_the_address_before_the_transport_connects() -> None:
    guard = AddressPolicy()  # loopback is not public
    transport = Http1Transport(PinnedBackend({"news.test": "127.0.0.1"}, guard), tls_context(), 4)
    async with httpx2.AsyncClient(transport=transport) as http, Server(replies(OK)) as server:
        with pytest.raises(ForbiddenAddressError, match=r"127\.0\.0\.1"):
            await http.get(f"http://news.test:{server.port}/")
        assert server.connections == 0
    assert transport._open == 0


@bounded(10)
async def test_fetch_maps_the_transports_faults_to_fetch_errors(simweb: SimWeb) -> None:
    """Through :class:`HttpClient`: a body cut short and a server too slow are the fetch errors they were."""
    policy = NetPolicy(resolve={"news.test": "127.0.0.1"}, address=AddressPolicy(allow_private=True))
    http = HttpClient(policy)
    try:
        simweb.route("/slow", Reply(body=b"x" * 50, drip_s=0.5, drip_chunk=10), host="news.test")
        with pytest.raises(FetchTimeoutError):
            await http.fetch(simweb.url("/slow", host="news.test"), deadline_s=0.3)
        async with Server(
            replies(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort", close=True)
        ) as server:
            with pytest.raises(FetchError, match="RemoteProtocolError") as cut:
                await http.fetch(f"http://news.test:{server.port}/")
            assert cut.value.transient
        simweb.route("/page", Reply(body=b"whole"), host="news.test")
        page = await http.fetch(simweb.url("/page", host="news.test"))
        assert page.body == b"whole" and page.address == "127.0.0.1"
    finally:
        await http.aclose()
