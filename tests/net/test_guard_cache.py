"""The document cache's address rule, beside the guard it answers to: a copy is served only where a read would
be."""

from __future__ import annotations

import pytest

from webquorum.net.guard import AddressPolicy, cached_read_allowed, literal_host_allowed

STRICT = AddressPolicy()


@pytest.mark.parametrize(
    ("url", "final_url", "address", "allowed"),
    [
        ("https://news.example/a", "https://news.example/a", "93.184.216.34", True),
        (
            "https://news.example/a",
            "https://news.example/a",
            "10.0.0.5",
            False,
        ),  # stored by an intranet-allowed process
        (
            "https://news.example/a",
            "https://news.example/a",
            None,
            False,
        ),  # written before addresses were kept
        ("https://news.example/a", "https://news.example/a", "not an address", False),
        (
            "http://2130706433/a",
            "https://news.example/a",
            "93.184.216.34",
            False,
        ),  # asked for as loopback, any spelling
        ("https://news.example/a", "https://intranet.example/a", "192.168.1.2", False),  # redirected inward
    ],
)
def test_a_local_copy_is_judged_on_the_address_it_was_read_from(
    url: str, final_url: str, address: str | None, allowed: bool
) -> None:
    assert cached_read_allowed(STRICT, url, final_url=final_url, final_address=address) is allowed


def test_an_open_policy_or_a_listed_host_serves_what_it_could_read() -> None:
    assert cached_read_allowed(
        AddressPolicy(allow_private=True),
        "http://10.0.0.5/",
        final_url="http://10.0.0.5/",
        final_address=None,
    )
    listed = AddressPolicy(allow_hosts=("intranet.example",))
    assert cached_read_allowed(
        listed, "http://intranet.example/", final_url="http://intranet.example/", final_address="10.1.2.3"
    )
    assert cached_read_allowed(
        AddressPolicy(allow_hosts=("10.0.0.0/8",)),
        "http://10.0.0.5/",
        final_url="http://10.0.0.5/",
        final_address="10.0.0.5",
    )


def test_a_literal_host_is_refused_in_every_spelling_and_a_name_is_left_to_resolution() -> None:
    for url in (
        "http://127.0.0.1/",
        "http://0x7f.1/",
        "http://[::ffff:127.0.0.1]/",
        "http://169.254.169.254/latest",
    ):
        assert not literal_host_allowed(STRICT, url), url
    assert literal_host_allowed(STRICT, "http://intranet.example/")
    assert literal_host_allowed(STRICT, "http://93.184.216.34/")
