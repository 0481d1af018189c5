"""Who may talk to the HTTP server: loopback by default, a bearer token off loopback, allowed Origins.

Host and Origin headers are parsed first, then compared whole: a header is accepted only when
it is exactly an allowed ``host[:port]`` (or ``scheme://host[:port]``). Prefix matching, as the
SDK's own transport security does, lets ``127.0.0.1:8765.evil.test`` and
``127.0.0.1:8765@evil.test`` through; here anything with userinfo, a path, extra labels after the
port or a malformed port is refused. The SDK's check stays on behind this one (DNS rebinding).
Tokens are compared in constant time; a token that is empty or only whitespace is refused when
the server starts, since no client could ever present it.
"""

from __future__ import annotations

import functools
import hmac
import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

TOKEN_ENV = "WEBQUORUM_MCP_TOKEN"
LOOPBACK_ORIGINS = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]
LOOPBACK_HOSTS = ["127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost", "[::1]"]


_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
_PORT = re.compile(r"[0-9]{1,5}")
ANY_PORT = -1
T = TypeVar("T")


@dataclass(frozen=True)
class Authority:
    """A parsed ``host[:port]``: the host lower-cased (IPv6 in brackets), the port or None."""

    host: str
    port: int | None


def parse_authority(value: str, *, wildcard_port: bool = False) -> Authority | None:
    """``host[:port]`` parsed strictly, else None: a DNS name, an IPv4 literal or ``[IPv6]``, port 1-65535.

    ``wildcard_port`` accepts ``host:*`` (configured patterns only, never a request header).
    """
    if not value or value != value.strip() or len(value) > 300:
        return None
    text = value.lower()
    if text.startswith("["):
        close = text.find("]")
        if close < 0:
            return None
        host, rest = text[: close + 1], text[close + 1 :]
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return None
    else:
        host, sep, port_text = text.partition(":")
        rest = sep + port_text
        labels = host.split(".")
        if not host or not all(_LABEL.fullmatch(label) for label in labels):
            return None
    if not rest:
        return Authority(host, None)
    if not rest.startswith(":"):
        return None
    if rest == ":*" and wildcard_port:
        return Authority(host, ANY_PORT)
    if not _PORT.fullmatch(rest[1:]) or not 1 <= int(rest[1:]) <= 65535:
        return None
    return Authority(host, int(rest[1:]))


@dataclass(frozen=True)
class Origin:
    scheme: str
    authority: Authority


def parse_origin(value: str, *, wildcard_port: bool = False) -> Origin | None:
    """``scheme://host[:port]`` (an Origin header has no path, query or userinfo), else None."""
    scheme, sep, rest = value.partition("://")
    if not sep or scheme.lower() not in ("http", "https"):
        return None
    authority = parse_authority(rest, wildcard_port=wildcard_port)
    return Origin(scheme.lower(), authority) if authority is not None else None


def _matches(given: Authority, allowed: Authority) -> bool:
    return given.host == allowed.host and (allowed.port == ANY_PORT or given.port == allowed.port)


def host_allowed(header: str, allowed: list[Authority]) -> bool:
    """Whether a Host header is exactly one of ``allowed`` (whose port may be :data:`ANY_PORT`)."""
    given = parse_authority(header)
    return given is not None and any(_matches(given, a) for a in allowed)


def origin_allowed(header: str, allowed: list[Origin]) -> bool:
    """Whether an Origin header is exactly one of ``allowed``."""
    given = parse_origin(header)
    return given is not None and any(
        given.scheme == a.scheme and _matches(given.authority, a.authority) for a in allowed
    )


def _parsed_all(patterns: list[str], parse: Callable[[str], T | None], example: str) -> list[T]:
    """Every configured pattern parsed once with ``parse``; a bad one is a start-up error naming it."""
    out = []
    for pattern in patterns:
        parsed = parse(pattern)
        if parsed is None:
            raise ValueError(f"{pattern!r} is not {example}")
        out.append(parsed)
    return out


def allowed_authorities(patterns: list[str]) -> list[Authority]:
    """Configured ``host[:port|:*]`` patterns."""
    parse = functools.partial(parse_authority, wildcard_port=True)
    return _parsed_all(patterns, parse, "a host[:port] such as 127.0.0.1:8765 or localhost:*")


def allowed_origins(patterns: list[str]) -> list[Origin]:
    """Configured ``scheme://host[:port|:*]`` patterns."""
    parse = functools.partial(parse_origin, wildcard_port=True)
    return _parsed_all(patterns, parse, "an origin such as https://app.example.com or http://localhost:*")


# -- HTTP safety -------------------------------------------------------------------------------
def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class HostOriginCheck:
    """A foreign ``Origin`` (403) or ``Host`` (421), parsed and compared whole: the one rule for ``/mcp``
    (:class:`BearerGuard`) and every route of ``webquorum serve`` (:class:`webquorum.serve.access.Access`).

    ``hosts=None`` (a wildcard bind, where any name may reach the server) checks only that the
    Host header is well formed; the token is required there anyway.
    """

    def __init__(self, origins: list[str], hosts: list[str] | None) -> None:
        self.origins = allowed_origins(origins)
        self.hosts = allowed_authorities(hosts) if hosts is not None else None

    def _host_ok(self, host: str | None) -> bool:
        if host is None:
            return False
        if self.hosts is None:
            return parse_authority(host) is not None
        return host_allowed(host, self.hosts)

    def refusal(self, headers: Headers) -> JSONResponse | None:
        origin = headers.get("origin")
        if origin is not None and not origin_allowed(origin, self.origins):
            return JSONResponse({"error": "origin not allowed"}, status_code=403)
        if not self._host_ok(headers.get("host")):
            return JSONResponse({"error": "host not allowed (DNS rebinding protection)"}, status_code=421)
        return None


def bind_hosts(host: str) -> list[str] | None:
    """The Host patterns a server bound to ``host`` answers: loopback names and the bind address, any port;
    None for a wildcard bind."""
    if host in ("0.0.0.0", "::", ""):
        return None
    return [*LOOPBACK_HOSTS, bracketed(host), f"{bracketed(host)}:*"]


def bracketed(host: str) -> str:
    """An IPv6 bind address as a Host or Origin header spells it."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


class BearerGuard:
    """Refuse requests without the bearer token (constant-time compare), from a foreign Origin or Host."""

    def __init__(
        self, app: ASGIApp, token: str | None, origins: list[str], hosts: list[str] | None = None
    ) -> None:
        if token is not None and not token.strip():
            raise ValueError("the MCP auth token is empty or only whitespace; no client could present it")
        self.app = app
        self.expected = f"Bearer {token}".encode() if token else None
        self.check = HostOriginCheck(origins, hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = Headers(scope=scope)
            refused = self.check.refusal(headers)
            if refused is not None:
                await refused(scope, receive, send)
                return
            given = headers.get("authorization", "").encode()
            if self.expected is not None and not hmac.compare_digest(given, self.expected):
                challenge = {"WWW-Authenticate": 'Bearer realm="webquorum"'}
                await JSONResponse({"error": "missing or wrong bearer token"}, status_code=401, headers=challenge)(scope, receive, send)
                return
        await self.app(scope, receive, send)
