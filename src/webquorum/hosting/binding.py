"""Where an HTTP shell listens: the socket, taken before any banner, and the rule that off loopback needs a
token.

Both ``webquorum serve`` and ``webquorum mcp --http`` bind here, so a port in use, an address that
is not this machine's and a public bind without a token are the same clear error (exit 2) from
either command, never a banner followed by a crash.
"""

from __future__ import annotations

import errno
import ipaddress
import socket

from webquorum.errors import BadRequestError, ConfigError

TOKEN_ENV = "WEBQUORUM_MCP_TOKEN"
WILDCARDS = ("0.0.0.0", "::", "")  # binds that any name may reach


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bracketed(host: str) -> str:
    """An IPv6 bind address as a Host or Origin header spells it."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def require_token(command: str, host: str, token: str | None) -> None:
    """Refuse to serve ``host`` without a token unless only this machine can reach it."""
    if not is_loopback(host) and not token:
        raise ConfigError(
            f"{command} --host {host} is reachable from other machines and needs an auth token: "
            f"set mcp.auth_token or export {TOKEN_ENV} (or bind to 127.0.0.1)"
        )


def listen(host: str, port: int) -> socket.socket:
    """The listening socket (non-blocking, for uvicorn's ``sockets=``); a port in use is a usage error naming
    it."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)[
            0
        ]
    except socket.gaierror as exc:
        raise BadRequestError(
            f"--host {host}: not an address of this machine ({exc.strerror})",
            hint="bind to 127.0.0.1 (the default)",
        ) from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(1024)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise BadRequestError(
                f"--port {port}: {host}:{port} is already in use (another server is listening there)",
                hint="stop the other server, or pick another --port",
            ) from None
        raise BadRequestError(
            f"--host {host} --port {port}: cannot listen there ({exc.strerror})",
            hint="bind to 127.0.0.1 (the default)",
        ) from None
    sock.setblocking(False)
    return sock


def display_url(host: str, port: int) -> str:
    """The address to open in a browser: a wildcard bind is shown as its loopback address."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else bracketed(host)
    return f"http://{shown}:{port}/"
