"""Row 9 of issue 12: every IANA special-purpose block and the cloud platform addresses are refused,
in every spelling, and the reader refuses them before connecting (hypothesis over the blocks)."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.sim.sites import bounded

from webquorum.errors import ForbiddenAddressError
from webquorum.net.guard import (
    CLOUD_PLATFORM,
    SPECIAL_PURPOSE,
    AddressPolicy,
    address_class,
    embedded_ipv4,
    is_public_ip,
)
from webquorum.net.http import HttpClient, NetPolicy

V4_BLOCKS = [n for n in SPECIAL_PURPOSE if n.version == 4]


@st.composite
def in_block(
    draw: st.DrawFn, blocks: list[ipaddress.IPv4Network | ipaddress.IPv6Network]
) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    net = draw(st.sampled_from(blocks))
    return net[draw(st.integers(0, net.num_addresses - 1))]


@given(in_block(list(SPECIAL_PURPOSE)))
def test_every_address_of_every_special_purpose_block_is_refused(
    ip: ipaddress.IPv4Address | ipaddress.IPv6Address,
) -> None:
    inner = embedded_ipv4(ip)
    if inner is not None:  # mapped, translated and NAT64 forms are judged on the IPv4 inside (next test)
        assert is_public_ip(ip) == is_public_ip(inner)
    else:
        assert not is_public_ip(ip) and address_class(ip) != "public"


@given(in_block(V4_BLOCKS))
def test_embedded_spellings_share_the_class_of_their_ipv4(ip: ipaddress.IPv4Address) -> None:
    n = int(ip)
    for wrapped in (
        f"::ffff:{ip}",
        f"64:ff9b::{ip}",
        f"2002:{n >> 16:x}:{n & 0xFFFF:x}::1",
        f"::ffff:0:{ip}",
    ):
        assert address_class(ipaddress.ip_address(wrapped)) == address_class(ip), wrapped


@given(st.integers(0, 2**32 - 1))
def test_an_ipv4_address_is_public_exactly_when_no_block_holds_it(n: int) -> None:
    ip = ipaddress.IPv4Address(n)
    listed = ip in CLOUD_PLATFORM or any(ip in net for net in V4_BLOCKS)
    assert is_public_ip(ip) == (not listed and ip.is_global)


def test_cloud_platform_addresses_are_named() -> None:
    for address in (
        "169.254.169.254",
        "fd00:ec2::254",
        "168.63.129.16",
        "100.100.100.200",
        "192.0.0.192",
        "fd20:ce::254",
    ):
        assert address_class(ipaddress.ip_address(address)).startswith("cloud platform"), address
    assert address_class(ipaddress.ip_address("::ffff:192.0.0.192")).startswith("cloud platform (Oracle")


@pytest.mark.parametrize(
    "url",
    [
        "http://168.63.129.16/machine",
        "http://192.0.0.192/opc/v1/instance/",
        "http://[::ffff:192.0.0.192]/",
        "http://192.88.99.1/",
        "http://[3fff::1]/",
        "http://100.100.100.200/latest/meta-data/",
        "http://[fd00:ec2::254]/latest/",
    ],
)
@bounded(5)
async def test_the_reader_refuses_them_before_connecting(url: str) -> None:
    http = HttpClient(NetPolicy(address=AddressPolicy(), connect_timeout_s=0.5))
    try:
        with pytest.raises(ForbiddenAddressError) as caught:
            await http.fetch(url, deadline_s=2)
    finally:
        await http.aclose()
    assert "not a public address" in caught.value.message or "non-public" in caught.value.message


@pytest.mark.parametrize("address", ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001::200e"])
def test_ordinary_public_addresses_stay_public(address: str) -> None:
    assert is_public_ip(ipaddress.ip_address(address))
