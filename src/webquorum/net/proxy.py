"""Which proxy, if any, a request goes through: ``HTTPS_PROXY``/``HTTP_PROXY``/``NO_PROXY`` and
``network.proxy``.

Pure: :func:`proxy_routes` takes the environment as a mapping (config.py, the only module that reads
the environment, hands it ``os.environ``), so the rules are testable without touching the process.

The rules follow curl, the reference most proxies document:

- ``network.proxy: "http://host:3128"`` sends http and https through that proxy, whatever the
  environment says; ``network.proxy: none`` ignores the proxy variables (a direct connection);
  unset (the default), ``HTTPS_PROXY`` serves https URLs and ``HTTP_PROXY`` http URLs (upper or
  lower case; the lower case one wins, as in curl). Under CGI (``REQUEST_METHOD`` set) upper-case
  ``HTTP_PROXY`` is ignored, as urllib does: there it can come from a request's ``Proxy:`` header
  ("httpoxy"). ``ALL_PROXY`` is not read: it is mostly set for socks proxies, which this client
  does not speak.
- ``NO_PROXY`` (and ``network.no_proxy``) lists hosts reached directly: ``*`` is every host, a name
  matches itself and its subdomains (``example.org`` and ``.example.org`` both match
  ``www.example.org``), an IP or CIDR matches addresses written as such, ``host:port`` only that port.
- Proxies speak http or https (the CONNECT tunnel carries TLS end to end); socks is refused with a
  fix, since it needs an extra dependency and resolves names where the guard cannot see.

A proxy URL may carry ``user:password@``: it becomes the ``Proxy-Authorization`` header sent to the
proxy alone, and :func:`shown` masks it wherever a proxy is named in a message.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from webquorum.net.guard import parse_ip_literal

DIRECT = "none"  # network.proxy: none -> ignore the proxy environment variables
_SCHEMES = ("http", "https")


class ProxySettingError(ValueError):
    """A proxy URL that cannot be used; the message names the value and the fix."""


@dataclass(frozen=True)
class ProxyRoutes:
    """The proxy for http URLs, the proxy for https URLs, and the hosts that bypass both."""

    http: str | None = None
    https: str | None = None
    no_proxy: tuple[str, ...] = ()

    def __repr__(self) -> str:  # a proxy URL may carry a password: never in a repr
        http, https = (shown(u) if u else None for u in (self.http, self.https))
        return f"ProxyRoutes(http={http!r}, https={https!r}, no_proxy={self.no_proxy!r})"

    def proxy_for(self, url: str) -> str | None:
        """The proxy URL to send ``url`` through, or None for a direct connection."""
        parts = urlsplit(url)
        proxy = self.https if parts.scheme == "https" else self.http if parts.scheme == "http" else None
        if proxy is None or bypasses(parts.hostname or "", _port_of(parts.scheme, parts.port), self.no_proxy):
            return None
        return proxy


def _port_of(scheme: str, port: int | None) -> int:
    return port if port is not None else (443 if scheme == "https" else 80)


def bypasses(host: str, port: int, no_proxy: Sequence[str]) -> bool:
    """Does a ``NO_PROXY`` entry name ``host`` (and ``port``, when the entry gives one)?"""
    host = host.lower().rstrip(".").strip("[]")
    literal = parse_ip_literal(host)
    for raw in no_proxy:
        entry = raw.strip().lower()
        if not entry:
            continue
        if entry == "*":
            return True
        entry, entry_port = _split_port(entry)
        if entry_port is not None and entry_port != port:
            continue
        if literal is not None:
            try:
                if literal in ipaddress.ip_network(entry, strict=False):
                    return True
            except ValueError:
                pass
            continue
        name = entry.lstrip("*").lstrip(".").rstrip(".")
        if name and (host == name or host.endswith("." + name)):
            return True
    return False


def _split_port(entry: str) -> tuple[str, int | None]:
    if entry.startswith("["):  # [::1]:8080
        inner, _, rest = entry[1:].partition("]")
        return inner, int(rest[1:]) if rest.startswith(":") and rest[1:].isdigit() else None
    if entry.count(":") == 1:
        name, _, port = entry.partition(":")
        if port.isdigit():
            return name, int(port)
    return entry, None


def check_proxy_url(value: str, where: str) -> str:
    """``value`` when it is a usable proxy URL; otherwise a :class:`ProxySettingError` naming ``where``."""
    text = value.strip()
    if "://" not in text:
        text = "http://" + text  # curl and requests read "proxy:3128" as http
    parts = urlsplit(text)
    try:
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        raise ProxySettingError(f"{where}: {shown(value)!r} has a bad port; use http://host:3128") from None
    if parts.scheme not in _SCHEMES:
        raise ProxySettingError(
            f"{where}: {shown(value)!r} is a {parts.scheme} proxy; only http:// and https:// proxies are "
            "supported (run a local http proxy in front of a socks one)"
        )
    if not parts.hostname:
        raise ProxySettingError(f"{where}: {shown(value)!r} has no host; use http://host:3128")
    return text


def split_list(value: str | None) -> tuple[str, ...]:
    return tuple(item.strip() for item in (value or "").split(",") if item.strip())


def _env(env: Mapping[str, str], name: str) -> str | None:
    return env.get(name.lower()) or env.get(name.upper()) or None


def proxy_routes(configured: str | None, no_proxy: Sequence[str], env: Mapping[str, str]) -> ProxyRoutes:
    """The routes from ``network.proxy`` / ``network.no_proxy`` and the environment (see module doc)."""
    bypass = (*split_list(_env(env, "NO_PROXY")), *no_proxy)
    if configured is not None and configured.strip().lower() == DIRECT:
        return ProxyRoutes()
    if configured is not None and configured.strip():
        url = check_proxy_url(configured, "network.proxy")
        return ProxyRoutes(http=url, https=url, no_proxy=bypass)
    https = _env(env, "HTTPS_PROXY")
    http = env.get("http_proxy") or (None if "REQUEST_METHOD" in env else env.get("HTTP_PROXY")) or None
    return ProxyRoutes(
        http=check_proxy_url(http, "HTTP_PROXY") if http else None,
        https=check_proxy_url(https, "HTTPS_PROXY") if https else None,
        no_proxy=bypass,
    )


def shown(url: str) -> str:
    """``url`` with any ``user:password@`` replaced by ``***@``: a proxy is named, its password never."""
    scheme, sep, rest = url.partition("://")
    authority, slash, tail = rest.partition("/") if sep else url.partition("/")
    if "@" not in authority:
        return url
    masked = f"***@{authority.rsplit('@', 1)[1]}{slash}{tail}"
    return f"{scheme}{sep}{masked}" if sep else masked
