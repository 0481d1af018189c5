"""Site scoping as a property: no URL whose host is outside the scope is ever admitted.

The reference is written independently of :mod:`webquorum.scope`: a host is in a site when its
labels end with the site's labels (IP sites: equal). URLs are spelled every way a provider might
spell them (upper case, trailing dot, port, userinfo, IDN, full-width dots), and the names include
the classic near misses (``evilbbc.co.uk``, ``bbc.co.uk.evil.test``, an IP with a site's digits).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from webquorum.errors import BadRequestError
from webquorum.scope import SiteScope, parse_site, resolve_sites, site_scope, split_site_operators

SITES = ["bbc.co.uk", "news.bbc.co.uk", "example.com", "xn--85x722f.xn--fiqs8s", "user.github.io", "10.0.0.1"]
LABELS = [
    "bbc",
    "evilbbc",
    "news",
    "www",
    "co",
    "uk",
    "com",
    "example",
    "github",
    "io",
    "user",
    "evil",
    "test",
    "xn--85x722f",
    "xn--fiqs8s",
    "10",
    "0",
    "1",
    "m",
]


def reference_in(site: str, host: str) -> bool:
    if site[0].isdigit() and site.replace(".", "").isdigit():
        return host == site
    return host.split(".")[-len(site.split(".")) :] == site.split(".")


def spell(host: str, upper: bool, dot: bool, port: int | None, userinfo: str | None, fullwidth: bool) -> str:
    shown = host.upper() if upper else host
    if fullwidth and not host.replace(".", "").isdigit():
        shown = shown.replace(".", "\u3002")
    shown += "." if dot else ""
    netloc = (f"{userinfo}@" if userinfo else "") + shown + (f":{port}" if port else "")
    return f"https://{netloc}/page?x=1"


hosts = st.lists(st.sampled_from(LABELS), min_size=1, max_size=5).map(".".join)
spellings = st.tuples(
    st.booleans(),
    st.booleans(),
    st.none() | st.integers(1, 65535),
    st.none() | st.sampled_from(["bbc.co.uk", "news.bbc.co.uk:pw", "u"]),
    st.booleans(),
)


@given(
    st.lists(st.sampled_from(SITES), max_size=3),
    st.lists(st.sampled_from(SITES), max_size=2),
    hosts,
    spellings,
)
def test_admits_exactly_the_hosts_under_an_included_site_and_none_under_an_excluded_one(
    sites: list[str],
    excluded: list[str],
    host: str,
    spelling: tuple[bool, bool, int | None, str | None, bool],
) -> None:
    scope = SiteScope(tuple(sites), tuple(excluded))
    expected = (not sites or any(reference_in(s, host) for s in sites)) and not any(
        reference_in(s, host) for s in excluded
    )
    assert scope.admits(spell(host, *spelling)) is expected


@given(hosts, st.sampled_from(SITES))
def test_a_name_that_only_contains_a_site_is_outside_it(prefix: str, site: str) -> None:
    assume(not reference_in(site, prefix + site))
    scope = SiteScope((site,))
    for near in (f"{prefix}{site}", f"{site}.{prefix}", f"{site}-{prefix}.test"):
        # "example.com.example.com" (prefix "example.com") is a subdomain of the site after all: the
        # reference decides, and every other spelling that only contains the site is outside it
        assert scope.admits(f"https://{near}/") is reference_in(site, near), near


@pytest.mark.parametrize(
    "url",
    [
        "https://evilbbc.co.uk/",
        "https://bbc.co.uk.evil.test/",
        "https://bbc.co.uk@evil.test/",  # the site as userinfo: the host is evil.test
        "https://evil.test\\@bbc.co.uk/",  # a browser reads "\" as "/": the host is evil.test
        "https://evil.test/bbc.co.uk",
        "https://evil.test/?u=https://bbc.co.uk/",
        "https://bbc%2eco%2euk/",  # no readable host
        "javascript:alert(1)//bbc.co.uk",
        "//bbc.co.uk/",
        "https://192.168.0.1/",
        "https://[::1]/",
        "not a url",
    ],
)
def test_near_misses_and_unreadable_urls_are_out_of_scope(url: str) -> None:
    assert not SiteScope(("bbc.co.uk",)).admits(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://BBC.CO.UK./x",
        "http://news.bbc.co.uk:8080/",
        "https://user:pw@www.bbc.co.uk/",
        "https://bbc\u3002co\u3002uk/",
    ],
)
def test_every_spelling_of_a_host_in_scope_is_admitted(url: str) -> None:
    assert SiteScope(("bbc.co.uk",)).admits(url)


def test_an_idn_site_matches_its_hosts_in_either_script() -> None:
    scope = SiteScope((parse_site("食狮.中国"),))
    assert scope.admits("https://www.食狮.中国/") and scope.admits("https://www.xn--85x722f.xn--fiqs8s/")
    assert not scope.admits("https://食狮.公司/")


def test_an_ip_site_matches_only_that_address() -> None:
    scope = SiteScope((parse_site("10.0.0.1"),))
    assert scope.admits("http://10.0.0.1:8080/") and not scope.admits("http://110.0.0.1/")
    assert not scope.admits("http://x.10.0.0.1/")
    assert SiteScope((parse_site("[2001:db8::1]"),)).admits("http://[2001:DB8:0::1]/")


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("BBC.co.uk", "bbc.co.uk"),
        ("*.bbc.co.uk", "bbc.co.uk"),
        ("https://news.bbc.co.uk/", "news.bbc.co.uk"),
        ("bbc.co.uk.", "bbc.co.uk"),
        ("bbc.co.uk:443", "bbc.co.uk"),
        ("食狮.中国", "xn--85x722f.xn--fiqs8s"),
    ],
)
def test_a_site_is_written_as_a_domain_host_or_url(given: str, canonical: str) -> None:
    assert parse_site(given) == canonical


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ("co.uk", "public suffix"),
        ("github.io", "public suffix"),
        ("com", "public suffix"),
        ("bbc.co.uk/news", "has a path"),
        ("", "not a site"),
        ("bbc co uk", "not a site"),
        ("ftp://x.org", "not a site"),
    ],
)
def test_a_bad_site_is_refused_naming_field_value_and_fix(given: str, words: str) -> None:
    with pytest.raises(BadRequestError) as info:
        parse_site(given, "exclude_sites")
    assert info.value.message.startswith(f"exclude_sites: {given!r}") and words in info.value.message
    assert info.value.exit_code == 2


def test_named_sets_expand_in_place_and_duplicates_go() -> None:
    sets = {"gov": ["nasa.gov", "noaa.gov"]}
    assert resolve_sites(["esa.int", "@gov", "NASA.gov"], sets) == ("esa.int", "nasa.gov", "noaa.gov")
    with pytest.raises(BadRequestError, match=r"sites: no site set named '@papers'; defined: @gov"):
        resolve_sites(["@papers"], sets)
    scope = site_scope(["@gov"], ["noaa.gov"], sets)
    assert scope.sites == ("nasa.gov", "noaa.gov") and not scope.admits("https://www.noaa.gov/")


def test_a_dash_in_sites_excludes_as_minus_site_does_in_a_query() -> None:
    scope = site_scope(["bbc.co.uk", "-sport.bbc.co.uk", "-@spam"], ["evil.test"], {"spam": ["spam.test"]})
    assert scope.sites == ("bbc.co.uk",) and scope.exclude_sites == (
        "sport.bbc.co.uk",
        "spam.test",
        "evil.test",
    )
    with pytest.raises(BadRequestError, match=r"^sites: 'co\.uk' is a public suffix"):
        site_scope(["-co.uk"], None, {})


def test_too_many_sites_are_refused() -> None:
    with pytest.raises(BadRequestError, match="the limit is 100"):
        resolve_sites([f"site{i}.org" for i in range(101)], {})


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("tides site:noaa.gov", ("tides", ["noaa.gov"], [])),
        (
            "tides (site:noaa.gov OR site:nasa.gov) -site:example.com",
            ("tides", ["noaa.gov", "nasa.gov"], ["example.com"]),
        ),
        ("Site:NOAA.gov tides OR floods", ("tides OR floods", ["NOAA.gov"], [])),
        ("what is site: reliability", ("what is site: reliability", [], [])),
    ],
)
def test_site_operators_are_taken_out_of_a_query(
    query: str, expected: tuple[str, list[str], list[str]]
) -> None:
    assert split_site_operators(query) == expected
