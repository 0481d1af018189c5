"""Who may talk to the HTTP server: loopback by default, a bearer token off loopback, allowed Origins.

Tokens are compared in constant time. Host checks (DNS rebinding) are the SDK's transport
security, configured from :data:`LOOPBACK_HOSTS` plus the bound host.
"""

from __future__ import annotations

import hmac
import ipaddress

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

TOKEN_ENV = "WEBQUORUM_MCP_TOKEN"
LOOPBACK_ORIGINS = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]
LOOPBACK_HOSTS = ["127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost", "[::1]"]


# -- HTTP safety -------------------------------------------------------------------------------
def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class BearerGuard:
    """Refuse requests without the bearer token (constant-time compare) or from a foreign Origin."""

    def __init__(self, app: ASGIApp, token: str | None, origins: list[str]) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode() if token else None
        self.origins = origins

    def _origin_ok(self, origin: str | None) -> bool:
        return not origin or any(
            origin == allowed or (allowed.endswith(":*") and origin.startswith(allowed[:-1])) for allowed in self.origins
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = Headers(scope=scope)
            if not self._origin_ok(headers.get("origin")):
                await JSONResponse({"error": "origin not allowed"}, status_code=403)(scope, receive, send)
                return
            given = headers.get("authorization", "").encode()
            if self.expected is not None and not hmac.compare_digest(given, self.expected):
                challenge = {"WWW-Authenticate": 'Bearer realm="webquorum"'}
                await JSONResponse({"error": "missing or wrong bearer token"}, status_code=401, headers=challenge)(scope, receive, send)
                return
        await self.app(scope, receive, send)
