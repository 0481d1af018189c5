"""The HTTP choke point against a live loopback server: redirects re-checked hop by hop, loops
named, bodies capped after decompression, one total deadline, and the provider path kept apart."""

from __future__ import annotations

import gzip
import json
import ssl
import threading
import tracemalloc
from collections.abc import AsyncIterator

import pytest
from tests.sim.sites import SITE, SITES, article, bounded, gzip_bomb
from tests.sim.web import Reply, SimWeb, eventually_async

from webquorum.errors import (
    BadContentError,
    BadResponseError,
    BadUrlError,
    FetchTimeoutError,
    ForbiddenAddressError,
    ProviderError,
    ProviderTimeoutError,
    RedirectLoopError,
    TooLargeError,
)
from webquorum.net.decode import decode_body
from webquorum.net.guard import AddressPolicy
from webquorum.net.http import (
    PACE_AFTER_BYTES,
    PACE_EVERY_BYTES,
    HttpClient,
    NetPolicy,
    _Pacer,
    check_url,
    tls_context,
)
from webquorum.wire import HttpRequest

PAGE = article("Bridge", "The harbour bridge reopened to traffic on Saturday morning after eleven weeks.")


@pytest.fixture
async def client() -> AsyncIterator[HttpClient]:
    pins = {host: "127.0.0.1" for host in (*SITES, "intranet.test", "localhost")}
    http = HttpClient(
        NetPolicy(address=AddressPolicy(allow_hosts=SITES), resolve=pins, max_body_bytes=100_000)
    )
    try:
        yield http
    finally:
        await http.aclose()


def redirect(location: str, status: int = 302) -> Reply:
    return Reply(status=status, body=b"", headers={"Location": location})


def paths(simweb: SimWeb) -> list[str]:
    return [r.path for r in simweb.requests]


# -- URLs the reader never fetches ---------------------------------------------------------------

BAD_URLS = [
    "ftp://news-a.test/file.txt",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "http:///nohost",
    "http://user:secret@news-a.test/",
    "http://news-a.test@127.0.0.1/",
    "http://user@news-a.test/",
    "http://news-a.test:99999/",
    "//news-a.test/page",
    "news-a.test/page",
    "gopher://news-a.test:70/",
]


@pytest.mark.parametrize("url", BAD_URLS)
def test_check_url_refuses(url: str) -> None:
    with pytest.raises(BadUrlError) as caught:
        check_url(url)
    assert caught.value.code == "WEB_FETCH_BAD_URL"
    assert "secret" not in str(caught.value.to_dict())  # a refused URL's password is never echoed


@pytest.mark.parametrize(
    "url", ["http://news-a.test/", "https://[2606:4700::1111]:8443/x?q=1", "HTTP://Example.org"]
)
def test_check_url_accepts(url: str) -> None:
    check_url(url)


@bounded(5)
async def test_bad_urls_never_reach_the_server(simweb: SimWeb, client: HttpClient) -> None:
    simweb.route("/", Reply(body=PAGE))
    for url in (f"http://user:pw@{SITE}:{simweb.port}/", f"ftp://{SITE}:{simweb.port}/"):
        with pytest.raises(BadUrlError):
            await client.fetch(url)
    assert simweb.requests == []


# -- the fetch path ----------------------------------------------------------------------------------


@bounded(5)
async def test_fetch_returns_any_status_and_sends_a_browser_accept(
    simweb: SimWeb, client: HttpClient
) -> None:
    simweb.route("/gone", Reply(status=404, body=b"<h1>gone</h1>"), host=SITE)
    resp = await client.fetch(simweb.url("/gone", host=SITE))
    assert resp.status == 404 and resp.body == b"<h1>gone</h1>"
    sent = simweb.requests[0].headers
    assert sent["user-agent"].startswith("webquorum/") and "text/html" in sent["accept"]


@pytest.mark.parametrize(
    "target",
    [
        "http://127.0.0.1:{port}/secret",
        "http://169.254.169.254/latest/meta-data/",
        "http://2852039166/latest/",
        "http://[::ffff:127.0.0.1]:{port}/secret",
        "http://intranet.test:{port}/secret",
        "http://localhost:{port}/secret",
    ],
)
@bounded(5)
async def test_a_redirect_is_rechecked_at_the_hop(simweb: SimWeb, client: HttpClient, target: str) -> None:
    simweb.route("/go", redirect(target.format(port=simweb.port)), host=SITE)
    simweb.route("/secret", Reply(body=PAGE))
    url = simweb.url("/go", host=SITE)
    with pytest.raises(ForbiddenAddressError) as caught:
        await client.fetch(url)
    assert caught.value.code == "WEB_FETCH_FORBIDDEN_ADDRESS" and caught.value.url == url
    assert paths(simweb) == ["/go"]


@bounded(5)
async def test_redirects_within_and_across_allowed_sites_are_followed(
    simweb: SimWeb, client: HttpClient
) -> None:
    simweb.route("/old/page", redirect("../new/page", 301), host=SITE)
    simweb.route("/new/page", redirect(simweb.url("/final", host="www.news-a.test"), 308), host=SITE)
    simweb.route("/final", Reply(body=PAGE), host="www.news-a.test")
    resp = await client.fetch(simweb.url("/old/page", host=SITE))
    assert resp.status == 200 and resp.url == simweb.url("/final", host="www.news-a.test")
    assert [(r.host, r.path) for r in simweb.requests] == [
        (SITE, "/old/page"),
        (SITE, "/new/page"),
        ("www.news-a.test", "/final"),
    ]


@bounded(5)
async def test_a_redirect_to_another_scheme_is_a_bad_url(simweb: SimWeb, client: HttpClient) -> None:
    simweb.route("/ftp", redirect("ftp://news-a.test/file"), host=SITE)
    simweb.route("/cred", redirect(f"http://admin:pw@{SITE}:{simweb.port}/"), host=SITE)
    for path in ("/ftp", "/cred"):
        with pytest.raises(BadUrlError):
            await client.fetch(simweb.url(path, host=SITE))
    assert paths(simweb) == ["/ftp", "/cred"]


@bounded(5)
async def test_redirect_loops_are_named(simweb: SimWeb, client: HttpClient) -> None:
    simweb.route("/a", redirect("/b"), host=SITE)
    simweb.route("/b", redirect("/a"), host=SITE)
    simweb.route("/self", redirect("/self", 307), host=SITE)
    with pytest.raises(RedirectLoopError) as caught:
        await client.fetch(simweb.url("/a", host=SITE))
    assert caught.value.code == "WEB_FETCH_REDIRECT_LOOP"
    with pytest.raises(RedirectLoopError):
        await client.fetch(simweb.url("/self", host=SITE))
    assert paths(simweb) == ["/a", "/b", "/self"]


@bounded(5)
async def test_five_redirects_are_followed_and_six_are_not(simweb: SimWeb, client: HttpClient) -> None:
    for chain, hops in (("five", 5), ("six", 6)):
        for i in range(hops):
            simweb.route(f"/{chain}/{i}", redirect(f"/{chain}/{i + 1}"), host=SITE)
        simweb.route(f"/{chain}/{hops}", Reply(body=PAGE), host=SITE)
    resp = await client.fetch(simweb.url("/five/0", host=SITE))
    assert resp.status == 200 and resp.url.endswith("/five/5")
    with pytest.raises(RedirectLoopError):
        await client.fetch(simweb.url("/six/0", host=SITE))
    assert "/six/6" not in paths(simweb) and "/six/5" in paths(simweb)


# -- size and time -------------------------------------------------------------------------------


@bounded(30)
async def test_a_gzip_bomb_is_cut_off_at_the_cap_in_bounded_memory(
    simweb: SimWeb, client: HttpClient
) -> None:
    """Refused while the server still holds most of the bomb back: inflated as it arrives, never read
    whole."""
    bomb = gzip_bomb(50)
    assert len(bomb) < 100_000
    rest = threading.Event()  # set only after the refusal: a client that read the whole body first would hang
    simweb.route(
        "/bomb",
        Reply(
            body=bomb,
            content_type="text/html",
            headers={"Content-Encoding": "gzip"},
            hold=rest,
            hold_after_bytes=20_000,
        ),
        host=SITE,
    )  # 20 KB inflate to about 20 MB
    tracemalloc.start()
    try:
        with pytest.raises(TooLargeError) as caught:
            await client.fetch(simweb.url("/bomb", host=SITE))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        rest.set()
    assert caught.value.code == "WEB_FETCH_TOO_LARGE" and "decompression" in caught.value.message
    assert peak < 10_000_000, f"peak {peak} bytes while reading a 50 MB bomb capped at 100 KB"
    assert await eventually_async(
        lambda: simweb.hangups_at("/bomb", host=SITE)
    )  # the read was cut, not finished


@bounded(10)
async def test_a_page_can_be_read_still_encoded_and_inflated_elsewhere_under_the_same_cap(
    simweb: SimWeb, client: HttpClient
) -> None:
    """``decode=False`` (the page reader's way: it inflates in the extraction child) never inflates here."""
    bomb = gzip_bomb(50)
    simweb.route(
        "/bomb", Reply(body=bomb, content_type="text/html", headers={"Content-Encoding": "gzip"}), host=SITE
    )
    simweb.route("/six", Reply(body=b"x", headers={"Content-Encoding": ", ".join(["gzip"] * 6)}), host=SITE)
    url = simweb.url("/bomb", host=SITE)
    resp = await client.fetch(url, decode=False)
    assert resp.body == bomb and resp.header("content-encoding") == "gzip"
    with pytest.raises(TooLargeError) as caught:
        decode_body(resp.body, resp.header("content-encoding"), 100_000, url)
    assert "decompression" in caught.value.message and url in caught.value.message
    with pytest.raises(BadContentError):  # refused from the header alone, before any body is read
        await client.fetch(simweb.url("/six", host=SITE), decode=False)
    simweb.route("/big", Reply(body=b"x" * 200_000, headers={"Content-Encoding": "gzip"}), host=SITE)
    with pytest.raises(TooLargeError):  # the encoded size is capped too
        await client.fetch(simweb.url("/big", host=SITE), decode=False)


@bounded(5)
async def test_declared_and_streamed_sizes_are_capped(simweb: SimWeb, client: HttpClient) -> None:
    simweb.route("/big", Reply(body=b"<p>" + b"a" * 200_000), host=SITE)
    simweb.route("/fits", Reply(body=b"<p>" + b"a" * 90_000), host=SITE)
    with pytest.raises(TooLargeError):
        await client.fetch(simweb.url("/big", host=SITE))
    assert len((await client.fetch(simweb.url("/fits", host=SITE))).body) == 90_003
    with pytest.raises(TooLargeError):
        await client.fetch(simweb.url("/fits", host=SITE), max_bytes=50_000)


@pytest.mark.parametrize(
    ("pieces", "pauses"),
    [
        ([PACE_EVERY_BYTES] * 4, 0),  # up to PACE_AFTER_BYTES (an article is far smaller): never paused
        ([PACE_EVERY_BYTES] * 20, 16),  # past it, once a piece of httpcore's read size
        ([PACE_EVERY_BYTES * 8], 1),  # one big piece is one pause: the loop is given up between pieces only
        (
            [16] * ((PACE_AFTER_BYTES + 3 * PACE_EVERY_BYTES) // 16),
            3,
        ),  # a trickle: by bytes, not once a piece
    ],
    ids=["article", "long-body", "one-piece", "trickle"],
)
async def test_a_long_body_read_gives_up_the_loop_by_bytes_read(pieces: list[int], pauses: int) -> None:
    pace = _Pacer()
    for size in pieces:
        await pace.read(size)
    assert pace.pauses == pauses


@bounded(10)
async def test_a_long_body_arrives_whole_through_its_pauses(simweb: SimWeb) -> None:
    """A 3 MB body over loopback (no network wait to pause in): every byte, in order, and gzip inflated
    through the same rule."""
    body = bytes(range(256)) * (3 * 1024 * 1024 // 256)
    simweb.route("/long", Reply(body=body), host=SITE)
    packed = gzip.compress(body)
    simweb.route("/long-gz", Reply(body=packed, headers={"Content-Encoding": "gzip"}), host=SITE)
    pins = {SITE: "127.0.0.1"}
    http = HttpClient(
        NetPolicy(address=AddressPolicy(allow_hosts=SITES), resolve=pins, max_body_bytes=4_000_000)
    )
    try:
        assert (await http.fetch(simweb.url("/long", host=SITE))).body == body
        assert (await http.fetch(simweb.url("/long-gz", host=SITE))).body == body
        assert (await http.fetch(simweb.url("/long-gz", host=SITE), decode=False)).body == packed
    finally:
        await http.aclose()


@pytest.mark.parametrize(
    "reply",
    [Reply(body=PAGE, drip_s=1.0), Reply(body=PAGE, drip_s=0.2, drip_chunk=1), Reply(body=PAGE, delay_s=3.0)],
    ids=["byte-a-second", "steady-drip-under-the-read-timeout", "slow-headers"],
)
@bounded(30)
async def test_one_deadline_bounds_the_whole_read(simweb: SimWeb, client: HttpClient, reply: Reply) -> None:
    """Each reply takes past the test's 30 s bound (a drip of minutes; headers after 3 s of a 1 s deadline):
    the call is cut with the timeout code and the server sees the connection closed mid-reply."""
    simweb.route("/slow", reply, host=SITE)
    with pytest.raises(FetchTimeoutError) as caught:
        await client.fetch(simweb.url("/slow", host=SITE), deadline_s=1.0)
    assert caught.value.code == "WEB_FETCH_TIMEOUT"
    assert await eventually_async(lambda: simweb.hangups_at("/slow", host=SITE))


# -- the provider path ---------------------------------------------------------------------------


@bounded(5)
async def test_send_reaches_configured_endpoints_the_page_path_refuses(
    simweb: SimWeb, client: HttpClient
) -> None:
    """Provider endpoints are operator configuration, so the address guard is not applied to them."""
    simweb.route("/api", Reply(body=b'{"ok": true}', content_type="application/json"), method="POST")
    simweb.route("/moved", redirect("/api", 307))
    resp = await client.send(
        HttpRequest(
            method="POST", url=f"{simweb.base_url}/moved", json_body={"q": 1}, follow_same_origin=True
        ),
        provider="searxng",
        timeout_s=2,
    )
    assert resp.status == 200 and json.loads(resp.body) == {"ok": True}
    assert json.loads(simweb.requests[-1].body) == {"q": 1}
    with pytest.raises(ForbiddenAddressError):
        await client.fetch(f"{simweb.base_url}/api")


@bounded(30)
async def test_send_maps_transport_failures_to_provider_errors(simweb: SimWeb, client: HttpClient) -> None:
    answer = (
        threading.Event()
    )  # never set before the timeout: a send that waited would hang past the 30 s bound
    simweb.route("/slow", Reply(body=b"{}", hold=answer))
    simweb.route("/big", Reply(body=b"x" * 5_000))
    try:
        with pytest.raises(ProviderTimeoutError) as timed_out:
            await client.send(
                HttpRequest(method="GET", url=f"{simweb.base_url}/slow"), provider="brave", timeout_s=0.5
            )
    finally:
        answer.set()
    assert timed_out.value.provider == "brave"
    with pytest.raises(BadResponseError):
        await client.send(
            HttpRequest(method="GET", url=f"{simweb.base_url}/big"),
            provider="brave",
            timeout_s=2,
            max_bytes=1_000,
        )
    closed = SimWeb().start()
    port = closed.port
    closed.stop()
    with pytest.raises(ProviderError) as refused:
        await client.send(
            HttpRequest(method="GET", url=f"http://127.0.0.1:{port}/"), provider="brave", timeout_s=2
        )
    assert refused.value.transient and refused.value.code == "WEB_PROVIDER_UNREACHABLE"
    assert "proxy" in refused.value.hint_text  # connection refused: the hint points at the network or a proxy


@bounded(10)
async def test_a_reused_connection_answers_with_its_address_every_time(
    simweb: SimWeb, client: HttpClient
) -> None:
    """A connection's address is looked up once and kept: every response on it still records it, and
    one the server closed is not handed out again (its socket reads as readable: at its end)."""
    simweb.route("/a", Reply(body=PAGE), host=SITE)
    simweb.route("/bye", Reply(body=PAGE, headers={"Connection": "close"}), host=SITE)
    for path in ("/a", "/a", "/bye", "/a", "/a"):
        resp = await client.fetch(simweb.url(path, host=SITE))
        assert resp.status == 200 and resp.address == "127.0.0.1"


async def test_every_pool_verifies_against_one_ca_store_loaded_once() -> None:
    first, second = HttpClient(), HttpClient()
    try:
        contexts = {id(c._transport.ssl_context) for h in (first, second) for c in (h._api, h._web)}  # type: ignore[attr-defined]
        assert contexts == {id(tls_context())}
        assert tls_context().verify_mode == ssl.CERT_REQUIRED and tls_context().check_hostname
    finally:
        await first.aclose()
        await second.aclose()


@bounded(5)
async def test_a_cookie_a_page_sets_is_never_sent_back(simweb: SimWeb, client: HttpClient) -> None:
    simweb.route("/first", Reply(body=PAGE, headers={"set-cookie": "session=abc123; Path=/"}), host=SITE)
    simweb.route("/second", Reply(body=PAGE), host=SITE)
    await client.fetch(simweb.url("/first", host=SITE))
    await client.fetch(simweb.url("/second", host=SITE))
    (second,) = simweb.requests_to("/second", host=SITE)
    assert "cookie" not in second.headers  # the pool serves every caller: one fetch's cookie is no one else's
