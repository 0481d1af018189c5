"""No page speaks for another: fusion's URL identity may merge front ends, the cache's key never does."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webquorum.urls import normalize_url, origin_key

MIRRORS = [
    ("https://nitter.example.org/harbour/status/1", "https://x.com/harbour/status/1"),
    ("https://nitter.net/harbour/status/1", "https://x.com/harbour/status/1"),
    ("https://twitter.com/harbour/status/1", "https://x.com/harbour/status/1"),
    ("https://redlib.example.net/r/harbour/comments/1", "https://reddit.com/r/harbour/comments/1"),
    ("https://libreddit.example.net/r/harbour/comments/1", "https://reddit.com/r/harbour/comments/1"),
    ("https://teddit.example.net/r/harbour/comments/1", "https://reddit.com/r/harbour/comments/1"),
    ("https://www.example.org/a", "https://example.org/a"),
    ("https://m.example.org/a", "https://example.org/a"),
    ("http://example.org/a", "https://example.org/a"),
    ("https://example-org.cdn.ampproject.org/c/s/example.org/a", "https://example.org/a"),
    ("https://www.google.com/amp/s/example.org/a", "https://example.org/a"),
]


@pytest.mark.parametrize(("read_from", "other"), MIRRORS)
def test_a_front_end_shares_the_identity_but_never_the_cache_key(read_from: str, other: str) -> None:
    assert normalize_url(read_from) == normalize_url(other)  # fusion merges them, as it should
    assert origin_key(read_from) != origin_key(other)


LABEL = st.from_regex(r"[a-z][a-z0-9-]{0,10}[a-z0-9]", fullmatch=True)


@given(first=LABEL, second=LABEL, path=st.from_regex(r"(/[a-z0-9]{1,8}){0,3}", fullmatch=True))
def test_two_hosts_never_share_a_cache_key(first: str, second: str, path: str) -> None:
    one, two = f"https://{first}.example.org{path}", f"https://{second}.example.org{path}"
    assert (origin_key(one) == origin_key(two)) == (first == second)


def test_spellings_on_one_origin_share_a_key() -> None:
    assert (
        len(
            {
                origin_key("https://Example.org/a/?utm_source=x#top"),
                origin_key("https://example.org:443/a"),
                origin_key("https://example.org/a?fbclid=1"),
            }
        )
        == 1
    )
    assert origin_key("https://example.org:8443/a") != origin_key("https://example.org/a")
