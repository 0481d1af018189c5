"""Who may use the server: the MCP endpoint's rules, applied to every route.

Bound to loopback, no token is needed; bound anywhere else, ``serve`` refuses to start without
one (``mcp.auth_token`` or ``$WEBQUORUM_MCP_TOKEN``). When a token is set, every request must
carry it, in whichever form its client can send:

- ``Authorization: Bearer <token>`` (MCP clients, scripts, LangChain's ``headers``),
- ``X-API-Key: <token>`` (LibreChat's ``SEARXNG_API_KEY``),
- ``?token=<token>`` in the URL (Open WebUI's SearXNG query URL takes no headers); on the page
  this is swapped at once for an HttpOnly, SameSite=Strict cookie and a redirect that drops it.

Whatever the token, a ``Host`` that is not this server's (DNS rebinding) and an ``Origin`` from
another site are refused by the same code as ``/mcp`` (:class:`~webquorum.mcp.auth.HostOriginCheck`:
parsed, then compared whole, so ``127.0.0.1:8765.evil.test`` is not ``127.0.0.1``). Tokens are
compared in constant time and never logged (the access log records paths only).
"""

from __future__ import annotations

import hmac
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlencode

from starlette.datastructures import Headers
from starlette.responses import JSONResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from webquorum.mcp.auth import LOOPBACK_ORIGINS, HostOriginCheck, bind_hosts, bracketed, is_loopback

COOKIE = "webquorum_token"


class Access:
    """ASGI middleware in front of the whole app (``/mcp`` included)."""

    def __init__(self, app: ASGIApp, *, host: str, token: str | None, allowed_origins: list[str]) -> None:
        self.app = app
        self.token = token.encode() if token else None
        hosts = bind_hosts(host)
        origins = [*LOOPBACK_ORIGINS, *allowed_origins]
        if hosts is not None and not is_loopback(host):  # the page itself, opened by its address
            shown = bracketed(host)
            origins += [f"http://{shown}:*", f"https://{shown}:*", f"http://{shown}", f"https://{shown}"]
        self.check = HostOriginCheck(origins, hosts)

    def _matches(self, given: str | None) -> bool:
        return given is not None and self.token is not None and hmac.compare_digest(given.encode(), self.token)

    def presented(self, scope: Scope, headers: Headers) -> tuple[bool, bool]:
        """(a valid token was presented, it came in the URL)."""
        auth = headers.get("authorization", "")
        if auth[:7].lower() == "bearer " and self._matches(auth[7:].strip()):
            return True, False
        if self._matches(headers.get("x-api-key")):
            return True, False
        cookie = SimpleCookie()
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
                challenge = {"WWW-Authenticate": 'Bearer realm="webquorum"'}
                body = {"error": "missing or wrong token: send Authorization: Bearer <token>, X-API-Key or ?token="}
                await JSONResponse(body, status_code=401, headers=challenge)(scope, receive, send)
                return
            if in_url and scope["path"] == "/" and scope["method"] == "GET":
                await self._to_cookie(scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def _to_cookie(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The page's URL token becomes a cookie, so the address bar and history never keep it."""
        query = [(k, v) for k, v in parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True) if k != "token"]
        target = "/" + (f"?{urlencode(query)}" if query else "")
        response = RedirectResponse(target, status_code=303)
        assert self.token is not None
        response.set_cookie(COOKIE, self.token.decode(), httponly=True, samesite="strict", path="/")
        await response(scope, receive, send)
