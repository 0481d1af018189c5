"""Who may use an HTTP shell: one guard, in front of ``/mcp`` and of every route of ``webquorum serve``.

Host and Origin are parsed first, then compared whole: a header is accepted only when it is
exactly an allowed ``host[:port]`` (or ``scheme://host[:port]``). Prefix matching, as the MCP SDK's
own transport check does, lets ``127.0.0.1:8765.evil.test``, ``http://localhost:1.evil.test`` and
``127.0.0.1:8765@evil.test`` through; here anything with userinfo, a path, extra labels after the
port or a malformed port is refused. That is the one answer to "may this page talk to us?": the
SDK's check is switched off behind this guard (:func:`webquorum.mcp.server.http_app`), since a
second, looser rule only ever disagreed with it (on case, and on an IPv6 bind address).

Allowed, whatever the shell: the loopback origins, ``mcp.allowed_origins``, and the server's own
address when it is bound to one off loopback (a page opened by that address). Bound to loopback,
no token is needed; anywhere else the shell refuses to start without one
(:func:`webquorum.hosting.binding.require_token`). A token is presented as
``Authorization: Bearer <token>`` (the scheme in any case, the token exactly); a shell that serves
browsers and tools without headers (``serve``) also takes:

- ``X-API-Key: <token>`` (LibreChat's ``SEARXNG_API_KEY``),
- ``?token=<token>`` in the URL (Open WebUI's SearXNG query URL takes no headers); on the page
  this is swapped at once for an HttpOnly, SameSite=Strict cookie and a redirect that drops it.

Tokens are compared in constant time and never logged; a token that is empty or only whitespace
is refused when the server starts, since no client could ever present it.
"""

from __future__ import annotations

import functools
import hmac
import ipaddress
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import TypeVar
from urllib.parse import parse_qsl, urlencode

from starlette.datastructures import Headers
from starlette.responses import JSONResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from webquorum.hosting.binding import WILDCARDS, bracketed, is_loopback

COOKIE = "webquorum_token"
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


# -- the guard -------------------------------------------------------------------------------
class HostOriginCheck:
    """A foreign ``Origin`` (403) or ``Host`` (421), parsed and compared whole.

    ``hosts=None`` (a wildcard bind, where any name may reach the server) checks only that the
    Host header is well formed; the token is required there anyway.
    """

    def __init__(self, origins: Sequence[str], hosts: Sequence[str] | None) -> None:
        self.origins = allowed_origins(list(origins))
        self.hosts = allowed_authorities(list(hosts)) if hosts is not None else None

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
    if host in WILDCARDS:
        return None
    return [*LOOPBACK_HOSTS, bracketed(host), f"{bracketed(host)}:*"]


def bind_origins(host: str, allowed: Sequence[str] = ()) -> list[str]:
    """The Origins a server bound to ``host`` answers: loopback pages, ``allowed`` (``mcp.allowed_origins``)
    and, bound to one address off loopback, a page opened by that address."""
    origins = [*LOOPBACK_ORIGINS, *allowed]
    if host not in WILDCARDS and not is_loopback(host):
        shown = bracketed(host)
        origins += [f"http://{shown}:*", f"https://{shown}:*", f"http://{shown}", f"https://{shown}"]
    return origins


def host_origin_check(host: str, allowed_origins: Sequence[str] = ()) -> HostOriginCheck:
    """The check every HTTP shell bound to ``host`` applies: the one answer to the Host and Origin
    questions."""
    return HostOriginCheck(bind_origins(host, allowed_origins), bind_hosts(host))


class AccessGuard:
    """ASGI middleware in front of an HTTP shell: Host and Origin first, then the token when one is set.

    ``url_token`` also takes the token from ``X-API-Key``, the page's cookie and ``?token=`` (tools
    that send no ``Authorization`` header, and a browser), for ``serve``; ``/mcp`` takes only the
    bearer header, as MCP clients send it.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        host: str,
        token: str | None,
        allowed_origins: Sequence[str] = (),
        url_token: bool = False,
    ) -> None:
        if token is not None and not token.strip():
            raise ValueError("the MCP auth token is empty or only whitespace; no client could present it")
        self.app = app
        self.token = token.encode() if token else None
        self.url_token = url_token
        self.check = host_origin_check(host, allowed_origins)

    def _matches(self, given: str | None) -> bool:
        return (
            given is not None and self.token is not None and hmac.compare_digest(given.encode(), self.token)
        )

    def presented(self, scope: Scope, headers: Headers) -> tuple[bool, bool]:
        """(a valid token was presented, it came in the URL)."""
        auth = headers.get("authorization", "")
        if auth[:7].lower() == "bearer " and self._matches(auth[7:]):
            return True, False
        if not self.url_token:
            return False, False
        if self._matches(headers.get("x-api-key")):
            return True, False
        cookie: SimpleCookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed Cookie header is no token
            cookie = SimpleCookie()
        if COOKIE in cookie and self._matches(cookie[COOKIE].value):
            return True, False
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True))
        return self._matches(query.get("token")), "token" in query

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        refused = self.check.refusal(headers)
        if refused is not None:
            await refused(scope, receive, send)
            return
        if self.token is not None:
            ok, in_url = self.presented(scope, headers)
            if not ok:
                await self._challenge(scope, receive, send)
                return
            if in_url and scope["path"] == "/" and scope["method"] == "GET":
                await self._to_cookie(scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def _challenge(self, scope: Scope, receive: Receive, send: Send) -> None:
        challenge = {"WWW-Authenticate": 'Bearer realm="webquorum"'}
        error = (
            "missing or wrong token: send Authorization: Bearer <token>, X-API-Key or ?token="
            if self.url_token
            else "missing or wrong bearer token"
        )
        await JSONResponse({"error": error}, status_code=401, headers=challenge)(scope, receive, send)

    async def _to_cookie(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The page's URL token becomes a cookie, so the address bar and history never keep it."""
        query = [
            (k, v)
            for k, v in parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
            if k != "token"
        ]
        target = "/" + (f"?{urlencode(query)}" if query else "")
        response = RedirectResponse(target, status_code=303)
        assert self.token is not None
        response.set_cookie(COOKIE, self.token.decode(), httponly=True, samesite="strict", path="/")
        await response(scope, receive, send)
