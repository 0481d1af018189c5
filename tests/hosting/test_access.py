"""One answer to "may this request talk to us?": ``webquorum mcp --http`` and ``webquorum serve`` agree on
every row.

Both real apps, in-process: the MCP shell's ``/mcp`` (its session manager running, so a request the
guard lets through reaches the SDK) and ``serve``'s ``/healthz`` and ``/mcp``. Before the guard had
one home, the SDK's prefix match behind it answered some rows differently (``LOCALHOST``, an IPv6
bind address) and ``http://localhost:1.evil.test`` passed that check while failing ours.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx2
import pytest

from webquorum import Client
from webquorum.errors import ConfigError
from webquorum.hosting.access import AccessGuard, host_origin_check
from webquorum.mcp import build_server, http_app
from webquorum.serve.app import build_app

PORT = 8765
TOKEN = "tok-0123456789abcdef"
PASSED = "passed"
JSON_POST = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}

# (bind host, request headers, expected answer: a refusal status or PASSED)
ROWS: list[tuple[str, dict[str, str], int | str]] = [
    *[
        ("127.0.0.1", {"Origin": origin}, 403)
        for origin in (
            "http://localhost:1.evil.test",
            f"http://127.0.0.1:{PORT}.evil.test",
            f"http://127.0.0.1:{PORT}@evil.test",
            "http://evil.test",
            f"http://localhost.evil.test:{PORT}",
            "null",
            f"https://127.0.0.1:{PORT}",
            f"http://127.0.0.1:{PORT}/path",
            f"ftp://127.0.0.1:{PORT}",
        )
    ],
    *[
        ("127.0.0.1", {"Origin": origin}, PASSED)
        for origin in (
            f"http://localhost:{PORT}",
            f"http://LOCALHOST:{PORT}",
            f"http://[::1]:{PORT}",
            "http://127.0.0.1",
            f"http://127.0.0.1:{PORT}",
        )
    ],
    *[
        ("127.0.0.1", {"Host": host}, 421)
        for host in (
            f"127.0.0.1:{PORT}.evil.test",
            f"127.0.0.1:{PORT}@evil.test",
            "evil.test",
            f"localhost.evil.test:{PORT}",
            "127.0.0.1:0",
            f"user@127.0.0.1:{PORT}",
        )
    ],
    *[
        ("127.0.0.1", {"Host": host}, PASSED)
        for host in (f"127.0.0.1:{PORT}", f"LOCALHOST:{PORT}", f"[::1]:{PORT}", "localhost")
    ],
    # IPv6 loopback bind: the same loopback names, the same refusals
    ("::1", {"Host": f"[::1]:{PORT}", "Origin": f"http://[::1]:{PORT}"}, PASSED),
    ("::1", {"Host": f"127.0.0.1:{PORT}"}, PASSED),
    ("::1", {"Origin": "http://localhost:1.evil.test"}, 403),
    ("::1", {"Host": f"[::1]:{PORT}.evil.test"}, 421),
    ("::1", {"Host": f"[::2]:{PORT}"}, 421),
    # off loopback: the token is required, and a page opened by the server's own address may call it
    ("192.0.2.7", {"Host": f"192.0.2.7:{PORT}"}, 401),
    ("192.0.2.7", {"Host": f"192.0.2.7:{PORT}", "Authorization": "Bearer wrong"}, 401),
    ("192.0.2.7", {"Host": f"192.0.2.7:{PORT}", "Authorization": f"Bearer {TOKEN}"}, PASSED),
    ("192.0.2.7", {"Host": f"192.0.2.7:{PORT}", "Authorization": f"bearer {TOKEN}"}, PASSED),
    (
        "192.0.2.7",
        {
            "Host": f"192.0.2.7:{PORT}",
            "Origin": f"http://192.0.2.7:{PORT}",
            "Authorization": f"Bearer {TOKEN}",
        },
        PASSED,
    ),
    (
        "192.0.2.7",
        {
            "Host": f"192.0.2.7:{PORT}",
            "Origin": f"http://192.0.2.8:{PORT}",
            "Authorization": f"Bearer {TOKEN}",
        },
        403,
    ),
    ("192.0.2.7", {"Host": f"192.0.2.8:{PORT}", "Authorization": f"Bearer {TOKEN}"}, 421),
    (
        "192.0.2.7",
        {
            "Host": f"192.0.2.7:{PORT}",
            "Origin": "http://localhost:1.evil.test",
            "Authorization": f"Bearer {TOKEN}",
        },
        403,
    ),
    # an IPv6 bind off loopback: its bracketed address is its Host (the SDK's check refused it)
    ("2001:db8::7", {"Host": f"[2001:db8::7]:{PORT}", "Authorization": f"Bearer {TOKEN}"}, PASSED),
    # a wildcard bind: any well-formed Host (the token guards it), never a foreign Origin
    ("0.0.0.0", {"Host": f"anything.test:{PORT}", "Authorization": f"Bearer {TOKEN}"}, PASSED),
    (
        "0.0.0.0",
        {
            "Host": f"anything.test:{PORT}",
            "Origin": "http://anything.test",
            "Authorization": f"Bearer {TOKEN}",
        },
        403,
    ),
    ("0.0.0.0", {"Host": "bad host", "Authorization": f"Bearer {TOKEN}"}, 421),
]


def config(host: str) -> dict[str, Any]:
    return {"mcp": {"auth_token": TOKEN}} if host not in ("127.0.0.1", "::1") else {}


def answer(status: int) -> int | str:
    return status if status in (401, 403, 421) else PASSED


@asynccontextmanager
async def requester(app: Any) -> AsyncIterator[httpx2.AsyncClient]:
    async with httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app), base_url=f"http://127.0.0.1:{PORT}"
    ) as client:
        yield client


async def mcp_shell_answer(host: str, headers: dict[str, str]) -> int | str:
    """``webquorum mcp --http``'s answer on ``/mcp``, the SDK's session manager running behind the guard."""
    async with Client(config(host)) as wq:
        server = build_server(wq)
        app = http_app(server, wq, host)
        async with server.session_manager.run(), requester(app) as client:
            return answer((await client.post("/mcp", json={}, headers={**JSON_POST, **headers})).status_code)


async def serve_answers(host: str, headers: dict[str, str]) -> tuple[int | str, int | str]:
    """``webquorum serve``'s answers on ``/healthz`` and (with its lifespan running) on ``/mcp``."""
    async with Client(config(host)) as wq:
        app = build_app(wq, host=host)
        async with requester(app) as client:
            page = answer((await client.get("/healthz", headers=headers)).status_code)
        # /mcp behind serve's guard and the MCP shell's own; the bearer header is what both take
        lifespan: Any = getattr(app, "app", app)
        async with lifespan.router.lifespan_context(lifespan), requester(app) as client:
            mcp = answer((await client.post("/mcp", json={}, headers={**JSON_POST, **headers})).status_code)
        return page, mcp


@pytest.mark.parametrize(
    ("host", "headers", "expected"), ROWS, ids=[f"{h} {sorted(r.items())}" for h, r, _ in ROWS]
)
async def test_both_shells_give_one_answer(host: str, headers: dict[str, str], expected: int | str) -> None:
    assert await mcp_shell_answer(host, headers) == expected
    assert await serve_answers(host, headers) == (expected, expected)


@pytest.mark.parametrize("host", ["192.0.2.7", "0.0.0.0", "::", "2001:db8::7"])
async def test_both_shells_refuse_to_start_off_loopback_without_a_token(
    host: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("WEBQUORUM_MCP_TOKEN", raising=False)
    async with Client({}) as wq:
        with pytest.raises(ConfigError, match="needs an auth token") as mcp_refusal:
            http_app(build_server(wq), wq, host)
        with pytest.raises(ConfigError, match="needs an auth token") as serve_refusal:
            build_app(wq, host=host)
    assert mcp_refusal.value.message.removeprefix("mcp") == serve_refusal.value.message.removeprefix("serve")


def test_the_evil_localhost_origin_is_not_loopback() -> None:
    """The row the issue names: a prefix match reads ``http://localhost:1.evil.test`` as localhost, port
    1..."""
    from starlette.datastructures import Headers

    check = host_origin_check("127.0.0.1")
    refused = check.refusal(Headers({"host": f"127.0.0.1:{PORT}", "origin": "http://localhost:1.evil.test"}))
    assert refused is not None and refused.status_code == 403
    assert check.refusal(Headers({"host": f"127.0.0.1:{PORT}", "origin": f"http://localhost:{PORT}"})) is None


def test_serve_alone_takes_the_token_outside_the_authorization_header() -> None:
    async def ok(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("not reached")

    strict = AccessGuard(ok, host="192.0.2.7", token=TOKEN)
    browser = AccessGuard(ok, host="192.0.2.7", token=TOKEN, url_token=True)
    from starlette.datastructures import Headers

    scope = {"type": "http", "query_string": f"token={TOKEN}".encode()}
    for headers in (Headers({"x-api-key": TOKEN}), Headers({})):
        assert strict.presented(scope, headers)[0] is False
        assert browser.presented(scope, headers)[0] is True
