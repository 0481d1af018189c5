"""Which addresses the page reader may connect to.

The check runs on the address a connection is actually made to (see
:class:`webquorum.net.http.GuardedBackend`), so a DNS answer that changes between check
and connect cannot slip past. This module is the pure part: parse every spelling of an
IPv4 literal the way ``inet_aton`` does (``2130706433``, ``0x7f.1``, ``0177.0.0.1``,
``127.1``), unwrap IPv6 forms that embed IPv4 (mapped, NAT64, 6to4, compatible), and
decide. ``ipaddress.is_global`` alone is not enough: on 3.11 it is True for 224.0.0.1,
for NAT64 addresses embedding loopback and for deprecated site-local ``fec0::/10`` (RFC 3879),
which old networks still use internally.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")
_SIXTOFOUR = ipaddress.ip_network("2002::/16")
_CGNAT = ipaddress.ip_network("100.64.0.0/10")


def parse_ipv4_loose(host: str) -> ipaddress.IPv4Address | None:
    """An IPv4 address from any spelling ``inet_aton`` accepts (decimal, octal, hex, 1-4 parts), else None."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4 or any(p == "" for p in parts):
        return None
    values: list[int] = []
    for part in parts:
        p = part.lower()
        try:
            if p.startswith("0x"):
                values.append(int(p[2:] or "0", 16))
            elif len(p) > 1 and p.startswith("0"):
                values.append(int(p, 8))
            else:
                if not p.isdigit():
                    return None
                values.append(int(p, 10))
        except ValueError:
            return None
    *head, last = values
    if any(v > 255 for v in head) or last >= 256 ** (5 - len(values)):
        return None
    number = 0
    for v in head:
        number = number * 256 + v
    number = number * 256 ** (4 - len(head)) + last
    return ipaddress.IPv4Address(number)


def parse_ip_literal(host: str) -> IPAddress | None:
    """The address a URL host denotes when it is an IP literal in any spelling, else None."""
    host = host.strip().rstrip(".").lower()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if "%" in host:  # zone id: fe80::1%eth0
        host = host.split("%", 1)[0]
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    return parse_ipv4_loose(host) if "." in host or host.isdigit() or host.startswith("0x") else None


def embedded_ipv4(ip: IPAddress) -> ipaddress.IPv4Address | None:
    """The IPv4 address inside an IPv4-mapped, NAT64, 6to4 or IPv4-compatible IPv6 address."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return None
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in _NAT64 or ip in _NAT64_LOCAL:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip.sixtofour is not None:
        return ip.sixtofour
    if int(ip) >> 32 == 0 and int(ip) > 1:  # deprecated IPv4-compatible ::a.b.c.d
        return ipaddress.IPv4Address(int(ip))
    return None


def is_public_ip(ip: IPAddress) -> bool:
    """True only for globally routable unicast addresses (after unwrapping embedded IPv4)."""
    inner = embedded_ipv4(ip)
    if inner is not None:
        return is_public_ip(inner)
    if ip.is_multicast or ip.is_private or ip.is_loopback or ip.is_link_local:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.is_site_local:
        return False
    if ip.is_reserved or ip.is_unspecified or not ip.is_global:
        return False
    return not (isinstance(ip, ipaddress.IPv4Address) and ip in _CGNAT)


@dataclass(frozen=True)
class AddressPolicy:
    """``allow_private`` opens everything; ``allow_hosts`` opens named hosts and CIDR ranges."""

    allow_private: bool = False
    allow_hosts: tuple[str, ...] = ()
    _names: frozenset[str] = field(init=False, repr=False)
    _networks: tuple[Network, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        names: set[str] = set()
        networks: list[Network] = []
        for entry in self.allow_hosts:
            try:
                networks.append(ipaddress.ip_network(entry.strip(), strict=False))
            except ValueError:
                names.add(entry.strip().lower().rstrip("."))
        object.__setattr__(self, "_names", frozenset(names))
        object.__setattr__(self, "_networks", tuple(networks))

    def opens_host(self, host: str) -> bool:
        """Is ``host`` allowed whatever it resolves to (``allow_private``, or named in ``allow_hosts``)?"""
        return self.allow_private or host.lower().rstrip(".") in self._names

    def permits(self, host: str, ip: IPAddress) -> bool:
        """May a connection for ``host`` go to ``ip``?"""
        if self.allow_private or is_public_ip(ip):
            return True
        if host.lower().rstrip(".") in self._names:
            return True
        candidates = [ip]
        inner = embedded_ipv4(ip)
        if inner is not None:
            candidates.append(inner)
        return any(c in net for c in candidates for net in self._networks if c.version == net.version)
