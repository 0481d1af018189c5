"""Which addresses the page reader may connect to.

The check runs on the address a connection is actually made to (see
:class:`webquorum.net.http.GuardedBackend`), so a DNS answer that changes between check
and connect cannot slip past. This module is the pure part: parse every spelling of an
IPv4 literal the way ``inet_aton`` does (``2130706433``, ``0x7f.1``, ``0177.0.0.1``,
``127.1``), unwrap IPv6 forms that embed IPv4 (mapped, NAT64, 6to4, compatible), and
decide. ``ipaddress.is_global`` alone is not enough: on 3.11 it is True for 224.0.0.1,
for NAT64 addresses embedding loopback, for deprecated site-local ``fec0::/10`` (RFC 3879),
for 192.0.0.0/24 (Oracle Cloud's metadata service lives at 192.0.0.192), 192.88.99.0/24 and the
newer IPv6 blocks. So the IANA special-purpose registries are written out here in full
(:data:`SPECIAL_PURPOSE`), next to the cloud platform addresses that look public or that a future
``ipaddress`` might reclassify (:data:`CLOUD_PLATFORM`), each with its source.

The document cache answers to the same guard (:func:`cached_read_allowed`): it is shared per
machine, so a page stored by a process allowed to read an intranet address must not reach one
that is not.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from urllib.parse import urlsplit

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")

# IANA IPv4 and IPv6 Special-Purpose Address Registries
# (https://www.iana.org/assignments/iana-ipv4-special-registry/,
#  https://www.iana.org/assignments/iana-ipv6-special-registry/), every block, plus multicast
# (RFC 5771, RFC 4291) and deprecated site-local (RFC 3879). Even the blocks IANA marks globally
# reachable (AS112 DNS sinks, anycast relays, PCP/TURN anycast) serve no web pages. Embedded IPv4
# (mapped, NAT64, 6to4) is unwrapped before this table is consulted.
SPECIAL_PURPOSE: tuple[Network, ...] = tuple(
    ipaddress.ip_network(n)
    for n in (
        "0.0.0.0/8",  # "this network" (RFC 791)
        "10.0.0.0/8",  # private (RFC 1918)
        "100.64.0.0/10",  # shared address space, carrier-grade NAT (RFC 6598)
        "127.0.0.0/8",  # loopback (RFC 1122)
        "169.254.0.0/16",  # link-local (RFC 3927): most cloud metadata services
        "172.16.0.0/12",  # private (RFC 1918)
        "192.0.0.0/24",  # IETF protocol assignments (RFC 6890): DS-Lite, PCP, NAT64 discovery, OCI metadata
        "192.0.2.0/24",  # documentation TEST-NET-1 (RFC 5737)
        "192.31.196.0/24",  # AS112-v4 (RFC 7535)
        "192.52.193.0/24",  # AMT (RFC 7450)
        "192.88.99.0/24",  # deprecated 6to4 relay anycast (RFC 7526)
        "192.168.0.0/16",  # private (RFC 1918)
        "192.175.48.0/24",  # direct delegation AS112 service (RFC 7534)
        "198.18.0.0/15",  # benchmarking (RFC 2544)
        "198.51.100.0/24",  # documentation TEST-NET-2 (RFC 5737)
        "203.0.113.0/24",  # documentation TEST-NET-3 (RFC 5737)
        "224.0.0.0/4",  # multicast (RFC 5771)
        "240.0.0.0/4",  # reserved (RFC 1112), includes 255.255.255.255 limited broadcast (RFC 919)
        "::/128",  # unspecified (RFC 4291)
        "::1/128",  # loopback (RFC 4291)
        "::ffff:0:0/96",  # IPv4-mapped (RFC 4291): unwrapped first, listed for completeness
        "::ffff:0:0:0/96",  # IPv4-translated (RFC 2765): unwrapped first
        "64:ff9b::/96",  # NAT64 well-known prefix (RFC 6052): unwrapped first
        "64:ff9b:1::/48",  # local-use NAT64 (RFC 8215): unwrapped first
        "100::/64",  # discard-only (RFC 6666)
        "100:0:0:1::/64",  # dummy IPv6 prefix (RFC 9780)
        "2001::/23",  # IETF protocol assignments (RFC 2928): Teredo, PCP/TURN anycast, AMT, AS112-v6, ORCHID
        "2001:db8::/32",  # documentation (RFC 3849)
        "2620:4f:8000::/48",  # direct delegation AS112 service (RFC 7534)
        "3fff::/20",  # documentation (RFC 9637)
        "5f00::/16",  # segment routing SIDs (RFC 9602)
        "fc00::/7",  # unique local (RFC 4193): AWS's fd00:ec2::/32 and GCP's fd20:ce::/32 too
        "fe80::/10",  # link-local unicast (RFC 4291)
        "fec0::/10",  # deprecated site-local (RFC 3879)
        "ff00::/8",  # multicast (RFC 4291)
    )
)

# Cloud platform services a VM can reach and a page must never make us reach. Most sit inside a
# block above; they are listed so the refusal names them and no reclassification can open them.
CLOUD_PLATFORM: dict[IPAddress, str] = {
    ipaddress.ip_address(a): name
    for a, name in (
        # AWS instance metadata, IPv4 and IPv6:
        # https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instancedata-data-retrieval.html
        ("169.254.169.254", "AWS/GCP/Azure/OCI/OpenStack instance metadata"),
        ("fd00:ec2::254", "AWS instance metadata (IPv6)"),
        # https://docs.aws.amazon.com/AmazonECS/latest/developerguide/task-metadata-endpoint-v2.html
        ("169.254.170.2", "AWS ECS task metadata"),
        # https://docs.aws.amazon.com/vpc/latest/userguide/AmazonDNS-concepts.html
        ("169.254.169.253", "AWS VPC DNS resolver"),
        ("fd00:ec2::253", "AWS VPC DNS resolver (IPv6)"),
        # https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/set-time.html
        ("169.254.169.123", "AWS time sync"),
        ("fd00:ec2::123", "AWS time sync (IPv6)"),
        # https://learn.microsoft.com/azure/virtual-network/what-is-ip-address-168-63-129-16
        ("168.63.129.16", "Azure platform (WireServer)"),
        # https://cloud.google.com/compute/docs/metadata/querying-metadata
        ("fd20:ce::254", "GCP metadata (IPv6)"),
        # https://www.alibabacloud.com/help/en/ecs/user-guide/view-instance-metadata
        ("100.100.100.200", "Alibaba Cloud ECS metadata"),
        # https://docs.oracle.com/en-us/iaas/Content/Compute/Tasks/gettingmetadata.htm
        ("192.0.0.192", "Oracle Cloud legacy metadata"),
        # https://www.tencentcloud.com/document/product/213/4934 (metadata.tencentyun.com)
        ("169.254.0.23", "Tencent Cloud metadata"),
    )
}


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
    if int(ip) >> 32 == 0xFFFF0000:  # IPv4-translated ::ffff:0:a.b.c.d (RFC 2765)
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip in _NAT64 or ip in _NAT64_LOCAL:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip.sixtofour is not None:
        return ip.sixtofour
    if int(ip) >> 32 == 0 and int(ip) > 1:  # deprecated IPv4-compatible ::a.b.c.d
        return ipaddress.IPv4Address(int(ip))
    return None


def address_class(ip: IPAddress) -> str:
    """``public``, or why not: ``cloud platform (<service>)`` or ``special-purpose <block>``.

    Decided on the embedded IPv4 address when there is one, so every spelling of one address
    lands in one class.
    """
    inner = embedded_ipv4(ip)
    if inner is not None:
        return address_class(inner)
    if ip in CLOUD_PLATFORM:
        return f"cloud platform ({CLOUD_PLATFORM[ip]})"
    block = next((n for n in SPECIAL_PURPOSE if n.version == ip.version and ip in n), None)
    if block is not None:
        return f"special-purpose {block}"
    if not ip.is_global or ip.is_reserved:  # whatever ipaddress knows that this table does not (::/8)
        return "special-purpose (not globally reachable)"
    return "public"


def is_public_ip(ip: IPAddress) -> bool:
    """True only for globally routable unicast addresses (after unwrapping embedded IPv4)."""
    return address_class(ip) == "public"


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


def literal_host_allowed(policy: AddressPolicy, url: str) -> bool:
    """False when ``url``'s host is an IP literal (in any spelling) that ``policy`` refuses."""
    host = urlsplit(url).hostname or ""
    literal = parse_ip_literal(host)
    return literal is None or policy.permits(host, literal)


def cached_read_allowed(
    policy: AddressPolicy, url: str, *, final_url: str, final_address: str | None
) -> bool:
    """Whether a page the local reader stored may be served for ``url`` to a process under ``policy``.

    Judged on the address it was read from (``final_address``, for the host of ``final_url``) and
    on the URL asked for now, in whatever spelling. A copy written before addresses were recorded,
    or with an address that does not parse, is refused: refused means a miss, and the network path
    then refuses or reads as it would without a cache. A reader service's copy is judged instead on
    :func:`literal_host_allowed` and the guard the service path runs, resolution included.
    """
    if policy.allow_private:
        return True
    if not literal_host_allowed(policy, url) or final_address is None:
        return False
    try:
        address = ipaddress.ip_address(final_address)
    except ValueError:
        return False
    return policy.permits(urlsplit(final_url).hostname or "", address)
