"""Row 7 of issue 12: Host and Origin are parsed, then compared whole; blank tokens refused at start-up.

Against the real guard in front of a trivial app (in-process ASGI), plus hypothesis properties of
the parser: no header with userinfo, extra labels or a bad port is ever accepted, and every exact
allowed ``host[:port]`` is.
"""

from __future__ import annotations

import httpx2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.responses import PlainTextResponse
from starlette.types import Receive, Scope, Send

from webquorum import Client
from webquorum.errors import ConfigError
from webquorum.hosting.access import (
    LOOPBACK_HOSTS,
    LOOPBACK_ORIGINS,
    AccessGuard,
    allowed_authorities,
    allowed_origins,
    host_allowed,
    origin_allowed,
    parse_authority,
)
from webquorum.mcp import build_server, http_app

PORT = 8765
HOSTS = allowed_authorities(LOOPBACK_HOSTS)
ORIGINS = allowed_origins(LOOPBACK_ORIGINS)
TOKEN = "tok-0123456789abcdef"


async def ok_app(scope: Scope, receive: Receive, send: Send) -> None:
    await PlainTextResponse("ok")(scope, receive, send)


async def status(headers: dict[str, str], *, token: str | None = TOKEN) -> int:
    guard = AccessGuard(ok_app, host="127.0.0.1", token=token)
    transport = httpx2.ASGITransport(app=guard)
    async with httpx2.AsyncClient(transport=transport, base_url=f"http://127.0.0.1:{PORT}") as client:
        auth = {"Authorization": f"Bearer {token}"} if token else {}
        return (await client.post("/mcp", headers={**auth, **headers})).status_code


@pytest.mark.parametrize(
    "host",
    [
        f"127.0.0.1:{PORT}.evil.test",
        f"127.0.0.1:{PORT}@evil.test",
        "evil.test",
        f"evil.test:{PORT}",
        f"localhost.evil.test:{PORT}",
        f"127.0.0.1:{PORT}/x",
        f"127.0.0.1:{PORT}:1",
        "127.0.0.1:0",
        "127.0.0.1:65536",
        f"user@127.0.0.1:{PORT}",
    ],
)
async def test_hosts_that_only_start_like_an_allowed_one_are_refused(host: str) -> None:
    assert await status({"Host": host}) == 421


@pytest.mark.parametrize(
    "origin",
    [
        f"http://127.0.0.1:{PORT}.evil.test",
        f"http://127.0.0.1:{PORT}@evil.test",
        "http://evil.test",
        f"http://localhost.evil.test:{PORT}",
        "null",
        f"http://127.0.0.1:{PORT}/path",
        f"ftp://127.0.0.1:{PORT}",
    ],
)
async def test_origins_that_only_start_like_an_allowed_one_are_refused(origin: str) -> None:
    assert await status({"Origin": origin}) == 403


async def test_exact_hosts_and_origins_pass() -> None:
    assert await status({"Host": f"127.0.0.1:{PORT}", "Origin": f"http://127.0.0.1:{PORT}"}) == 200
    assert await status({"Host": f"LOCALHOST:{PORT}", "Origin": f"http://localhost:{PORT}"}) == 200
    assert await status({"Host": f"[::1]:{PORT}"}) == 200


async def test_the_token_is_still_required() -> None:
    guard = AccessGuard(ok_app, host="127.0.0.1", token=TOKEN)
    async with httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=guard), base_url=f"http://127.0.0.1:{PORT}"
    ) as c:
        assert (await c.post("/mcp", headers={"Authorization": "Bearer wrong"})).status_code == 401
        assert (await c.post("/mcp", headers={"Authorization": f"Bearer {TOKEN} "})).status_code == 401


@pytest.mark.parametrize("token", ["   ", "\t\n", ""])
async def test_a_blank_token_is_refused_at_start_up(token: str) -> None:
    async with Client({"mcp": {"auth_token": token}}) as wq:
        with pytest.raises(ConfigError) as caught:
            http_app(build_server(wq), wq, "127.0.0.1")
    assert "whitespace" in caught.value.message


async def test_a_blank_token_from_the_environment_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBQUORUM_MCP_TOKEN", "  \r\n")
    async with Client({}) as wq:
        with pytest.raises(ConfigError):
            http_app(build_server(wq), wq, "192.0.2.7")


# -- properties
# ---------------------------------------------------------------------------------------------------

_ALLOWED = st.sampled_from(["127.0.0.1", "localhost", "[::1]"])
_PORTS = st.integers(min_value=1, max_value=65535)
_JUNK = st.text(alphabet=st.characters(codec="ascii"), min_size=1, max_size=20)


@given(_ALLOWED, _PORTS)
def test_every_exact_allowed_host_and_port_is_accepted(host: str, port: int) -> None:
    assert host_allowed(f"{host}:{port}", HOSTS) and host_allowed(host, HOSTS)
    assert origin_allowed(f"http://{host}:{port}", ORIGINS)


@given(_ALLOWED, _PORTS, _JUNK)
def test_userinfo_is_never_accepted(host: str, port: int, junk: str) -> None:
    for header in (f"{host}:{port}@{junk}", f"{junk}@{host}:{port}", f"{host}@{junk}"):
        assert not host_allowed(header, HOSTS)
        assert not origin_allowed(f"http://{header}", ORIGINS)


@given(_ALLOWED, _PORTS, st.from_regex(r"[a-z0-9.-]{1,20}", fullmatch=True))
def test_extra_labels_after_the_host_or_port_are_never_accepted(host: str, port: int, label: str) -> None:
    assert not host_allowed(f"{host}:{port}.{label}", HOSTS)
    assert not host_allowed(f"{host}.{label}:{port}", HOSTS) or f"{host}.{label}" in (
        "127.0.0.1",
        "localhost",
    )
    assert not origin_allowed(f"http://{host}:{port}.{label}", ORIGINS)


@given(st.text(max_size=40))
def test_anything_accepted_is_exactly_an_allowed_spelling(header: str) -> None:
    if host_allowed(header, HOSTS):
        parsed = parse_authority(header)
        assert parsed is not None and parsed.host in ("127.0.0.1", "localhost", "[::1]")
        assert header.lower() in (parsed.host, f"{parsed.host}:{parsed.port}")
