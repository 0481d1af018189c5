"""The address guard: every spelling of an internal address is refused, public ones pass.

The table is checked twice: purely (``parse_ip_literal`` + ``AddressPolicy.permits``) and, for a
sample, end to end through ``Client.fetch`` against a live loopback server that must see no
request at all. The opening tests prove the refusal matters: with the guard opened, the same
decimal spelling really reaches the server.
"""

from __future__ import annotations

import ipaddress

import pytest
from tests.sim.sites import SITE, article, bounded, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import ForbiddenAddressError
from webquorum.net.guard import AddressPolicy, embedded_ipv4, is_public_ip, parse_ip_literal

# (URL host spelling, the address it denotes)
INTERNAL: list[tuple[str, str]] = [
    # loopback, in every inet_aton spelling
    ("127.0.0.1", "127.0.0.1"),
    ("127.1", "127.0.0.1"),
    ("127.0.1", "127.0.0.1"),
    ("2130706433", "127.0.0.1"),
    ("0x7f000001", "127.0.0.1"),
    ("0X7F000001", "127.0.0.1"),
    ("0x7f.1", "127.0.0.1"),
    ("0177.0.0.1", "127.0.0.1"),
    ("017700000001", "127.0.0.1"),
    ("127.000.000.001", "127.0.0.1"),
    ("0x7f.0.0.0x1", "127.0.0.1"),
    ("127.0.0.1.", "127.0.0.1"),
    ("127.255.255.254", "127.255.255.254"),
    # unspecified (Linux connects 0.0.0.0 to the local host)
    ("0.0.0.0", "0.0.0.0"),
    ("0", "0.0.0.0"),
    ("0x0", "0.0.0.0"),
    # RFC 1918
    ("10.0.0.1", "10.0.0.1"),
    ("012.0.0.1", "10.0.0.1"),
    ("167772161", "10.0.0.1"),
    ("172.16.0.1", "172.16.0.1"),
    ("172.31.255.255", "172.31.255.255"),
    ("192.168.1.1", "192.168.1.1"),
    ("0xc0a80101", "192.168.1.1"),
    # cloud metadata (link-local)
    ("169.254.169.254", "169.254.169.254"),
    ("2852039166", "169.254.169.254"),
    ("0xa9fea9fe", "169.254.169.254"),
    ("0xa9.0xfe.0xa9.0xfe", "169.254.169.254"),
    ("0251.0376.0251.0376", "169.254.169.254"),
    ("169.254.43518", "169.254.169.254"),
    # shared, multicast, reserved, broadcast, benchmark, documentation
    ("100.64.0.1", "100.64.0.1"),
    ("100.127.255.254", "100.127.255.254"),
    ("224.0.0.1", "224.0.0.1"),
    ("239.255.255.250", "239.255.255.250"),
    ("240.0.0.1", "240.0.0.1"),
    ("255.255.255.255", "255.255.255.255"),
    ("4294967295", "255.255.255.255"),
    ("198.18.0.1", "198.18.0.1"),
    ("192.0.2.1", "192.0.2.1"),
    # IPv6: loopback, unspecified, ULA, link-local (with a zone), multicast, deprecated site-local
    ("[::1]", "::1"),
    ("[0:0:0:0:0:0:0:1]", "::1"),
    ("[::]", "::"),
    ("[fc00::1]", "fc00::1"),
    ("[fd12:3456:789a::1]", "fd12:3456:789a::1"),
    ("[fe80::1]", "fe80::1"),
    ("[fe80::1%eth0]", "fe80::1"),
    ("[ff02::1]", "ff02::1"),
    ("[fec0::1]", "fec0::1"),
    # IPv6 forms that embed an internal IPv4 address
    ("[::ffff:127.0.0.1]", "::ffff:7f00:1"),
    ("[::ffff:7f00:1]", "::ffff:7f00:1"),
    ("[0:0:0:0:0:ffff:127.0.0.1]", "::ffff:7f00:1"),
    ("[::ffff:169.254.169.254]", "::ffff:a9fe:a9fe"),
    ("[64:ff9b::7f00:1]", "64:ff9b::7f00:1"),
    ("[64:ff9b::a9fe:a9fe]", "64:ff9b::a9fe:a9fe"),
    ("[64:ff9b:1::a00:1]", "64:ff9b:1::a00:1"),
    ("[2002:7f00:1::]", "2002:7f00:1::"),
    ("[2002:a9fe:a9fe::1]", "2002:a9fe:a9fe::1"),
    ("[::127.0.0.1]", "::7f00:1"),
    ("[::10.0.0.1]", "::a00:1"),
    ("[::ffff:0:7f00:1]", "::ffff:0:7f00:1"),
]
PUBLIC: list[tuple[str, str]] = [
    ("8.8.8.8", "8.8.8.8"),
    ("134744072", "8.8.8.8"),
    ("0x08080808", "8.8.8.8"),
    ("1.1.1.1", "1.1.1.1"),
    ("93.184.216.34", "93.184.216.34"),
    ("[2606:4700:4700::1111]", "2606:4700:4700::1111"),
    ("[2001:4860:4860::8888]", "2001:4860:4860::8888"),
    ("[::ffff:8.8.8.8]", "::ffff:808:808"),
    ("[64:ff9b::808:808]", "64:ff9b::808:808"),
    ("[2002:808:808::1]", "2002:808:808::1"),
]
NOT_LITERALS = [
    "news.example",
    "1.2.3.4.5",
    "256.1.1.1",
    "1.256.1.1",
    "4294967296",
    "0x100000000",
    "09.1.1.1",
    "127.0.0.1x",
    "+127.0.0.1",
    "1_000",
    "-1",
    "",
    "localhost",
]

GUARDED = AddressPolicy()


def test_the_table_is_big_enough() -> None:
    assert len(INTERNAL) + len(PUBLIC) >= 40


@pytest.mark.parametrize(("spelling", "address"), INTERNAL, ids=[s for s, _ in INTERNAL])
def test_internal_spelling_is_parsed_and_refused(spelling: str, address: str) -> None:
    ip = parse_ip_literal(spelling)
    assert ip == ipaddress.ip_address(address)
    assert not is_public_ip(ip)
    assert not GUARDED.permits(spelling.strip("[]"), ip)
    assert AddressPolicy(allow_private=True).permits(spelling, ip)


@pytest.mark.parametrize(("spelling", "address"), PUBLIC, ids=[s for s, _ in PUBLIC])
def test_public_spelling_passes(spelling: str, address: str) -> None:
    ip = parse_ip_literal(spelling)
    assert ip == ipaddress.ip_address(address)
    assert GUARDED.permits(spelling, ip)


@pytest.mark.parametrize("host", NOT_LITERALS)
def test_names_and_malformed_numbers_are_not_literals(host: str) -> None:
    assert parse_ip_literal(host) is None


@pytest.mark.parametrize(
    ("v6", "v4"),
    [
        ("::ffff:7f00:1", "127.0.0.1"),
        ("64:ff9b::a9fe:a9fe", "169.254.169.254"),
        ("64:ff9b:1::a00:1", "10.0.0.1"),
        ("2002:a9fe:a9fe::1", "169.254.169.254"),
        ("::7f00:1", "127.0.0.1"),
        ("::1", None),
        ("2606:4700::1111", None),
        ("127.0.0.1", None),
    ],
)
def test_embedded_ipv4_is_unwrapped(v6: str, v4: str | None) -> None:
    inner = embedded_ipv4(ipaddress.ip_address(v6))
    assert inner == (ipaddress.ip_address(v4) if v4 else None)


def test_allow_hosts_opens_names_and_cidrs_only() -> None:
    loop_v4, mapped = ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::ffff:127.0.0.1")
    ten, v6_loop = ipaddress.ip_address("10.0.0.1"), ipaddress.ip_address("::1")
    cidr = AddressPolicy(allow_hosts=("127.0.0.0/8",))
    assert cidr.permits("anything.test", loop_v4) and cidr.permits("x", ipaddress.ip_address("127.9.9.9"))
    assert cidr.permits("x", mapped)  # the embedded address is what the CIDR is matched on
    assert not cidr.permits("x", ten) and not cidr.permits("x", v6_loop)
    assert AddressPolicy(allow_hosts=("::1/128",)).permits("x", v6_loop)
    named = AddressPolicy(allow_hosts=("Intranet.Test.", "10.0.0.0/8"))
    assert named.permits("intranet.test", loop_v4) and named.permits("INTRANET.TEST.", v6_loop)
    assert named.permits("x", ten) and not named.permits("other.test", loop_v4)
    assert not named.permits("intranet.test.evil.test", loop_v4)


# -- end to end: refused before any connection --------------------------------------------------

E2E = [
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0x7f000001",
    "0x7f.1",
    "0177.0.0.1",
    "017700000001",
    "0",
    "0.0.0.0",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[::127.0.0.1]",
    "169.254.169.254",
    "2852039166",
    "[64:ff9b::a9fe:a9fe]",
    "[2002:a9fe:a9fe::1]",
    "10.0.0.1",
    "100.64.0.1",
    "[fe80::1]",
]
# names that resolve (pin map, /etc/hosts) to internal addresses are refused at connect time
PINNED = {
    "metadata.test": "169.254.169.254",
    "intranet.test": "10.1.2.3",
    "v6.test": "::1",
    "loop.test": "127.0.0.1",
    "localhost": "127.0.0.1",
}


@bounded(10)
async def test_internal_hosts_are_refused_before_any_connection(simweb: SimWeb) -> None:
    simweb.route(
        "/", Reply(body=article("Private", "This private page must never be read by the reader at all."))
    )
    cfg = site_config(simweb)
    cfg["network"]["resolve"].update(PINNED)
    async with Client(cfg) as wq:
        for host in [*E2E, *PINNED, "Loop.Test.", "LOCALHOST."]:
            with pytest.raises(ForbiddenAddressError) as caught:
                await wq.fetch(f"http://{host}:{simweb.port}/")
            assert caught.value.code == "WEB_FETCH_FORBIDDEN_ADDRESS", host
            assert caught.value.url == f"http://{host}:{simweb.port}/"
    assert simweb.requests == []


@bounded(10)
async def test_many_refusals_do_not_leak_pool_connections(simweb: SimWeb) -> None:
    """A refusal raised inside the connection pool must not hold a slot (the pool has 64)."""
    simweb.route(
        "/ok",
        Reply(
            body=article(
                "Bridge", "The harbour bridge reopened to traffic on Saturday morning after repairs."
            )
        ),
        host=SITE,
    )
    cfg = site_config(simweb)
    cfg["network"]["resolve"].update(PINNED)
    async with Client(cfg) as wq:
        for _ in range(80):
            with pytest.raises(ForbiddenAddressError):
                await wq.fetch(f"http://loop.test:{simweb.port}/")
        page = await wq.fetch(simweb.url("/ok", host=SITE))
    assert "The harbour bridge reopened" in page.text
    assert len(simweb.requests) == 1


@pytest.mark.parametrize(
    "network",
    [{"allow_private_addresses": True}, {"allow_hosts": ["127.0.0.0/8"]}],
    ids=["allow_private_addresses", "allow_hosts-cidr"],
)
@bounded(10)
async def test_opening_the_guard_reaches_the_same_spelling(
    simweb: SimWeb, network: dict[str, object]
) -> None:
    simweb.route(
        "/", Reply(body=article("Wiki", "The intranet wiki explains how the build farm is organised today."))
    )
    async with Client({"network": {"retries": 0, **network}, "cache": {"enabled": False}}) as wq:
        for host in ("127.0.0.1", "2130706433", "0x7f.1"):
            page = await wq.fetch(f"http://{host}:{simweb.port}/")
            assert "The intranet wiki explains" in page.text
    assert len(simweb.requests) == 3
