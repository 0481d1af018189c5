"""URL identity and site identity: every normalisation rule both ways, sites, and properties."""

from __future__ import annotations

import itertools
from urllib.parse import unquote

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from webquorum.errors import BadUrlError
from webquorum.urls import TRACKING_PARAMS, display_url, host_of, is_wikipedia, normalize_url, site_of

SAME = [
    # scheme
    ("http://example.com/a", "https://example.com/a"),
    # leading www. / amp. / m. host label
    ("https://www.example.com/a", "https://example.com/a"),
    ("https://amp.theguardian.com/world/story", "https://www.theguardian.com/world/story"),
    ("https://m.example.com/a", "https://example.com/a"),
    ("https://www.m.example.com/a", "https://example.com/a"),
    # mobile and alternate front-end hosts
    ("https://en.m.wikipedia.org/wiki/Python", "https://en.wikipedia.org/wiki/Python"),
    ("https://mobile.twitter.com/jack/status/20", "https://twitter.com/jack/status/20"),
    ("https://twitter.com/jack/status/20", "https://x.com/jack/status/20"),
    ("https://nitter.net/jack/status/20#m", "https://x.com/jack/status/20"),
    ("https://nitter.example.org/jack/status/20", "https://x.com/jack/status/20"),
    ("https://x.com/jack/status/20?s=20&t=abc", "https://x.com/jack/status/20"),
    (
        "https://old.reddit.com/r/python/comments/abc/title/",
        "https://www.reddit.com/r/python/comments/abc/title",
    ),
    (
        "https://np.reddit.com/r/python/comments/abc/title",
        "https://new.reddit.com/r/python/comments/abc/title",
    ),
    # AMP path suffix, flag, caches and viewers
    ("https://example.com/news/story/amp", "https://example.com/news/story"),
    ("https://example.com/news/story/amp/", "https://example.com/news/story/"),
    ("https://www.bbc.co.uk/news/world-123.amp", "https://www.bbc.co.uk/news/world-123"),
    ("https://example.com/a.amp.html", "https://example.com/a.html"),
    ("https://example.com/a?amp=1", "https://example.com/a"),
    ("https://example.com/a?amp", "https://example.com/a"),
    (
        "https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a/amp?amp_js_v=0.1",
        "https://example.com/a",
    ),
    ("https://www.google.com/amp/s/www.example.com/a.amp", "https://example.com/a"),
    ("https://youtu.be/dQw4w9WgXcQ?si=abc", "https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share"),
    # trailing slash, fragment
    ("https://example.com/a/", "https://example.com/a"),
    ("https://example.com", "https://example.com/"),
    ("https://example.com/a#section-2", "https://example.com/a"),
    # query order
    ("https://example.com/s?b=2&a=1", "https://example.com/s?a=1&b=2"),
    ("https://example.com/s?a=1&&b=2", "https://example.com/s?b=2&a=1"),
    # default port, host case, trailing dot, userinfo
    ("https://example.com:443/a", "https://example.com/a"),
    ("http://example.com:80/a", "https://example.com/a"),
    ("https://EXAMPLE.Com/a", "https://example.com/a"),
    ("https://example.com./a", "https://example.com/a"),
    ("https://user:secret@example.com/a", "https://example.com/a"),
    # percent-encoding case, escaped unreserved characters, raw non-ASCII, IDN hosts
    ("https://example.com/z%c3%bcrich", "https://example.com/z%C3%BCrich"),
    ("https://example.com/zürich", "https://example.com/z%C3%BCrich"),
    ("https://example.com/%7Euser/%41", "https://example.com/~user/A"),
    ("https://example.com/q?x=caf%c3%a9", "https://example.com/q?x=café"),
    ("https://bücher.example/a", "https://xn--bcher-kva.example/a"),
    ("https://BÜCHER.example/a", "https://xn--bcher-kva.example/a"),
    ("http://[0:0:0:0:0:0:0:1]:8080/a", "http://[::1]:8080/a"),
]
SAME += [
    (f"https://example.com/a?id=7&{param}=tracker", "https://example.com/a?id=7")
    for param in sorted(TRACKING_PARAMS)
]
SAME += [
    (f"https://example.com/a?{param}=x", "https://example.com/a")
    for param in ("utm_source", "utm_medium", "utm_campaign", "UTM_Content", "utm_whatever")
]

NEVER_SAME = [
    ("https://example.com/Page", "https://example.com/page"),  # path case
    ("https://example.com/a", "https://example.com/b"),  # path content
    ("https://example.com/a/b", "https://example.com/a%2Fb"),  # an escaped slash is not a slash
    ("https://example.com/a", "https://example.com/a/amp-stories"),
    ("https://example.com/s?id=1", "https://example.com/s?page=1"),  # non-tracking keys
    ("https://example.com/s?id=1", "https://example.com/s?id=2"),  # values
    ("https://example.com/s?id=a", "https://example.com/s?id=A"),
    ("https://example.com/s", "https://example.com/s?ref=main"),  # "ref" may select content
    ("https://example.com/watch?si=1", "https://example.com/watch"),  # "si" is tracking only on YouTube
    ("https://example.com/a?amp=0", "https://example.com/a"),
    ("https://example.com:8080/a", "https://example.com/a"),  # port
    ("https://example.com:8080/a", "https://example.com:8081/a"),
    ("https://news.example.com/a", "https://example.com/a"),  # other subdomains are other hosts
    ("https://www.gov.uk/a", "https://gov.uk/a"),  # www. stays when the rest is a public suffix
    ("https://bbc.co.uk/a", "https://theguardian.co.uk/a"),
    ("https://foo.github.io/a", "https://bar.github.io/a"),
    ("https://amp.dev/about", "https://dev/about"),
    ("https://reddit.com/r/python", "https://x.com/r/python"),
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_same_page_spellings_share_a_key(a: str, b: str) -> None:
    assert normalize_url(a) == normalize_url(b)


@pytest.mark.parametrize(("a", "b"), NEVER_SAME)
def test_different_pages_never_share_a_key(a: str, b: str) -> None:
    assert normalize_url(a) != normalize_url(b)


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("HTTPS://WWW.Example.COM:443/a/B/?utm_source=x&b=2&a=1#top", "example.com/a/B?a=1&b=2"),
        ("https://example.com", "example.com/"),
        ("http://127.0.0.1:8000/x/", "127.0.0.1:8000/x"),
        ("http://[::1]/x", "[::1]/x"),
        ("https://www.gov.uk/browse", "www.gov.uk/browse"),
        ("https://en.m.wikipedia.org/wiki/Z%c3%bcrich", "en.wikipedia.org/wiki/Z%C3%BCrich"),
        ("https://mobile.twitter.com/jack/status/20", "x.com/jack/status/20"),
        ("https://youtu.be/abc?t=10", "youtube.com/watch?t=10&v=abc"),
    ],
)
def test_key_shape_is_host_path_query_without_scheme(url: str, key: str) -> None:
    assert normalize_url(url) == key


@pytest.mark.parametrize(
    "bad",
    [
        "ftp://example.com/a",
        "mailto:someone@example.com",
        "javascript:alert(1)",
        "example.com/a",
        "//example.com/a",
        "http://",
        "https:///path-only",
        "http://exa mple.com/",
        "http://[::1/",
        "http://example.com:99999/",
        "http://a..b/",
        "",
    ],
)
def test_non_http_or_hostless_input_raises_bad_url_naming_it(bad: str) -> None:
    with pytest.raises(BadUrlError) as caught:
        normalize_url(bad)
    assert caught.value.url == bad
    assert caught.value.code == "WEB_FETCH_BAD_URL"


@pytest.mark.parametrize(
    ("url", "host"),
    [
        ("https://WWW.Example.COM.:8080/x", "www.example.com"),
        ("https://m.bücher.de/x", "m.xn--bcher-kva.de"),
        ("http://[::1]:8080/", "::1"),
        ("https://old.reddit.com/r/x", "old.reddit.com"),
    ],
)
def test_host_of_is_the_written_host_without_folding(url: str, host: str) -> None:
    assert host_of(url) == host


@pytest.mark.parametrize(
    ("given", "site"),
    [
        ("investor.nvidia.com", "nvidia.com"),
        ("https://nvidianews.nvidia.com/news/x", "nvidia.com"),
        ("https://www.bbc.co.uk/news", "bbc.co.uk"),
        ("theguardian.co.uk", "theguardian.co.uk"),
        ("a.b.example.co.jp", "example.co.jp"),
        ("192.168.0.1", "192.168.0.1"),
        ("http://192.168.0.1:8080/admin", "192.168.0.1"),
        ("[::1]", "::1"),
        ("http://[0:0::1]:8080/", "::1"),
        ("::1", "::1"),
        ("localhost", "localhost"),
        ("http://localhost:8000/x", "localhost"),
        ("intranet", "intranet"),
        ("bücher.example.de", "example.de"),
        ("https://sub.bücher.de/", "bücher.de"),
        ("https://sub.xn--bcher-kva.de/", "xn--bcher-kva.de"),
        ("sub.example.xn--p1ai", "example.xn--p1ai"),
        ("foo.github.io", "foo.github.io"),
        ("https://bar.github.io/page", "bar.github.io"),
        ("github.io", "github.io"),
        ("EXAMPLE.COM.", "example.com"),
        ("WWW.Example.Com", "example.com"),
        ("example.com:8080", "example.com"),
        ("https://nitter.net/jack", "x.com"),
        ("https://www-example-com.cdn.ampproject.org/c/s/www.example.com/a", "example.com"),
    ],
)
def test_site_of(given: str, site: str) -> None:
    assert site_of(given) == site


def test_sites_separate_and_join_as_the_issue_says() -> None:
    assert site_of("investor.nvidia.com") == site_of("nvidianews.nvidia.com")
    assert site_of("bbc.co.uk") != site_of("theguardian.co.uk")
    assert site_of("foo.github.io") != site_of("bar.github.io")
    assert site_of("https://twitter.com/a") == site_of("https://x.com/a")


def test_site_of_unreadable_host_raises() -> None:
    with pytest.raises(BadUrlError):
        site_of("exa mple.com")


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://en.wikipedia.org/wiki/Python", True),
        ("https://de.m.wikipedia.org/wiki/Python", True),
        ("wikipedia.org", True),
        ("simple.wikipedia.org", True),
        ("https://www.wikiwand.com/en/Python", True),
        ("https://dbpedia.org/page/Python", True),
        ("wikimili.com", True),
        ("https://commons.wikimedia.org/wiki/File:X.png", False),
        ("https://en.wiktionary.org/wiki/python", False),
        ("https://wikipedia.org.example.com/wiki/X", False),
        ("notwikipedia.org", False),
        ("https://everybodywiki.com/Python", False),
        ("ftp://en.wikipedia.org/x", False),
    ],
)
def test_is_wikipedia(given: str, expected: bool) -> None:
    assert is_wikipedia(given) is expected


@pytest.mark.parametrize(
    ("spellings", "best"),
    [
        (["http://example.com/a", "https://example.com/a/"], "https://example.com/a/"),
        (["https://example.com/a?utm_source=x", "https://www.example.com/a/"], "https://www.example.com/a/"),
        (["https://example.com/a#top", "https://www.example.com/a"], "https://www.example.com/a"),
        (["https://m.example.com/a", "https://www.example.com/a"], "https://www.example.com/a"),
        (["https://twitter.com/j/status/1", "https://x.com/j/status/1"], "https://x.com/j/status/1"),
        (["https://example.com/a/amp", "https://example.com/a/"], "https://example.com/a/"),
        (["https://www.example.com/a", "https://example.com/a"], "https://example.com/a"),
        (["https://example.com/b?y=1&x=2", "https://example.com/b?x=2&y=1"], "https://example.com/b?x=2&y=1"),
    ],
)
def test_display_url_picks_the_cleanest_spelling_in_any_order(spellings: list[str], best: str) -> None:
    for order in itertools.permutations(spellings):
        assert display_url(list(order)) == best


def test_display_url_needs_a_spelling() -> None:
    with pytest.raises(ValueError):
        display_url([])


# --- properties -------------------------------------------------------------------------------

_label = st.from_regex(r"[a-z][a-z0-9\-]{0,10}[a-z0-9]", fullmatch=True)
_segment = st.text(alphabet=st.sampled_from("abcXYZ019-_.~ü€%20!$'()*+,;=:@ "), min_size=0, max_size=8)
_param = st.tuples(st.sampled_from(["id", "q", "Page", "x", "utm_source", "fbclid", "amp", "ref"]), _segment)


@st.composite
def http_urls(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from(["http", "https", "HTTPS"]))
    prefix = draw(st.sampled_from(["", "www.", "m.", "amp.", "WWW.", "news."]))
    labels = draw(st.lists(_label, min_size=1, max_size=3))
    tld = draw(st.sampled_from(["com", "co.uk", "github.io", "de", "org"]))
    port = draw(st.sampled_from(["", ":80", ":443", ":8080"]))
    path = "/".join(draw(st.lists(_segment, max_size=4)))
    suffix = draw(st.sampled_from(["", "/", "/amp", ".amp", "/amp/"]))
    params = draw(st.lists(_param, max_size=4))
    query = "&".join(f"{k}={v}" for k, v in params)
    fragment = draw(st.sampled_from(["", "#top", "#"]))
    return f"{scheme}://{prefix}{'.'.join(labels)}.{tld}{port}/{path}{suffix}{'?' + query if query else ''}{fragment}"


@settings(max_examples=300, deadline=None)
@given(http_urls())
def test_normalize_url_is_idempotent_through_a_url_built_from_the_key(url: str) -> None:
    key = normalize_url(url)
    assert normalize_url("https://" + key) == key
    assert normalize_url("http://" + key) == key


@settings(max_examples=200, deadline=None)
@given(http_urls(), st.permutations(range(4)), st.sampled_from(["utm_medium=x", "gclid=1", "mc_eid=2"]))
def test_presentation_changes_never_change_the_key(url: str, order: list[int], tracker: str) -> None:
    key = normalize_url(url)
    base, _, fragment = url.strip().partition("#")  # outer whitespace is not part of a URL
    head, _, query = base.partition("?")
    pairs = query.split("&") if query else []
    shuffled = [pairs[i] for i in order if i < len(pairs)] + pairs[4:]
    respelled = f"{head}?{'&'.join([*shuffled, tracker])}#frag-{fragment}"
    assert normalize_url(respelled) == key


@settings(max_examples=200, deadline=None)
@given(http_urls(), st.from_regex(r"[a-z]{1,6}", fullmatch=True))
def test_a_different_path_segment_or_its_case_always_changes_the_key(url: str, word: str) -> None:
    head, _, rest = url.partition("://")
    host, _, path = rest.partition("/")
    segments = unquote(path.partition("?")[0].partition("#")[0]).split("/")
    assume(not {".", ".."} & set(segments))  # a ".." segment removes the one before it (RFC 3986 §5.2.4)
    lower = normalize_url(f"{head}://{host}/{word}-page/{path}")
    assert normalize_url(f"{head}://{host}/{word.upper()}-page/{path}") != lower
    assert normalize_url(f"{head}://{host}/{word}-other/{path}") != lower
