"""Proxies: the routing rules (pure), then real traffic through a loopback forward/CONNECT proxy.

What must hold: providers and pages both go through the proxy; the address guard checks the
target before the proxy hears of it (never the proxy itself); NO_PROXY hosts connect directly
and stay guarded; the proxy's password goes only to the proxy, as Proxy-Authorization, and is
masked wherever the proxy is named; a provider key reaches the proxy only inside the request.
"""

from __future__ import annotations

import base64
import json
import socket
import threading
from collections.abc import Iterator

import anyio
import pytest
from tests.sim.providers import host_of, provider_config, serve
from tests.sim.proxy import SimProxy
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.config import parse_config
from webquorum.errors import ConfigError, FetchError, ForbiddenAddressError, ProviderUnreachableError
from webquorum.net.guard import AddressPolicy
from webquorum.net.http import HttpClient, NetPolicy
from webquorum.net.proxy import ProxyRoutes, ProxySettingError, bypasses, proxy_routes, shown

PAGE = (
    b"<html><head><title>A page</title></head><body><p>"
    + b"Words of a real page. " * 20
    + b"</p></body></html>"
)


@pytest.fixture
def proxy() -> Iterator[SimProxy]:
    server = SimProxy().start()
    try:
        yield server
    finally:
        server.stop()


# -- rules -------------------------------------------------------------------------------------


def test_environment_routes_each_scheme_and_lower_case_wins() -> None:
    env = {
        "HTTPS_PROXY": "http://upper:3128",
        "https_proxy": "http://lower:3128",
        "HTTP_PROXY": "proxy.corp:8080",
    }
    routes = proxy_routes(None, (), env)
    assert routes.proxy_for("https://example.org/") == "http://lower:3128"
    assert routes.proxy_for("http://example.org/") == "http://proxy.corp:8080"  # a bare host:port is http
    assert proxy_routes(None, (), {}).proxy_for("https://example.org/") is None
    cgi = {"REQUEST_METHOD": "GET", "HTTP_PROXY": "http://attacker:80"}  # httpoxy: a request's Proxy: header
    assert proxy_routes(None, (), cgi).proxy_for("http://example.org/") is None


def test_network_proxy_overrides_the_environment_and_none_ignores_it() -> None:
    env = {"HTTPS_PROXY": "http://env:3128", "NO_PROXY": "intranet.example"}
    routes = proxy_routes("http://configured:3128", ("extra.example",), env)
    assert (
        routes.proxy_for("https://a.example/")
        == routes.proxy_for("http://a.example/")
        == "http://configured:3128"
    )
    assert (
        routes.proxy_for("https://intranet.example/") is None
        and routes.proxy_for("http://extra.example/") is None
    )
    assert proxy_routes("none", (), env) == ProxyRoutes()


@pytest.mark.parametrize(
    ("host", "port", "entries", "direct"),
    [
        ("www.example.org", 443, ["example.org"], True),
        ("www.example.org", 443, [".example.org"], True),
        ("example.org", 443, ["*.example.org"], True),
        ("badexample.org", 443, ["example.org"], False),
        ("anything.test", 80, ["*"], True),
        ("10.1.2.3", 80, ["10.0.0.0/8"], True),
        ("10.1.2.3", 80, ["10.1.2.3"], True),
        ("11.1.2.3", 80, ["10.0.0.0/8"], False),
        ("::1", 80, ["::1"], True),
        ("intranet.corp", 8080, ["intranet.corp:8080"], True),
        ("intranet.corp", 443, ["intranet.corp:8080"], False),
        ("Example.ORG.", 443, ["example.org"], True),
        ("example.org", 443, ["", " "], False),
    ],
)
def test_no_proxy_entries(host: str, port: int, entries: list[str], direct: bool) -> None:
    assert bypasses(host, port, entries) is direct


def test_socks_and_hostless_proxies_are_refused_with_a_fix() -> None:
    with pytest.raises(ProxySettingError, match=r"HTTPS_PROXY: .*socks5.*only http:// and https://"):
        proxy_routes(None, (), {"HTTPS_PROXY": "socks5://127.0.0.1:1080"})
    with pytest.raises(ConfigError, match=r"network\.proxy: the value is not allowed: .*no host"):
        parse_config({"network": {"proxy": "http://:3128"}})


def test_a_bad_proxy_variable_is_a_config_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "socks5://user:hunter2@127.0.0.1:1080")
    with pytest.raises(ConfigError) as info:
        Client({}).runtime  # noqa: B018 - the first call builds the runtime, which reads the variables
    assert "HTTPS_PROXY" in info.value.message and "network.proxy" in info.value.message
    assert "hunter2" not in info.value.message


def test_a_proxy_password_is_masked_in_config_errors_and_reprs() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config({"network": {"proxy": "socks5://user:hunter2@proxy:1080"}})
    assert "hunter2" not in info.value.message
    assert "hunter2" not in repr(proxy_routes("http://user:hunter2@proxy:3128", (), {}))
    assert shown("http://user:hunter2@proxy:3128/") == "http://***@proxy:3128/"
    assert shown("http://proxy:3128") == "http://proxy:3128"


# -- traffic -----------------------------------------------------------------------------------


def _config(simweb: SimWeb, proxy_url: str, pid: str = "brave", **network: object) -> dict[str, object]:
    config = provider_config(simweb, [pid])
    config["network"] = {**config["network"], "proxy": proxy_url, **network}  # type: ignore[dict-item]
    return config


async def test_a_provider_call_goes_through_the_proxy_with_its_key_only_in_the_request(
    simweb: SimWeb,
) -> None:
    proxy = SimProxy(require_auth=("alice", "s3cret-proxy")).start()
    try:
        serve(simweb, "brave")
        async with Client(_config(simweb, proxy.url("alice", "s3cret-proxy"))) as wq:
            resp = await wq.search("paris", provider="brave")
        assert resp.results
        assert len(proxy.relayed) == 1
        relayed = proxy.relayed[0]
        assert relayed.method == "GET" and relayed.target.startswith(
            f"http://{host_of('brave')}:{simweb.port}/"
        )
        token = base64.b64encode(b"alice:s3cret-proxy").decode()
        assert relayed.headers["proxy-authorization"] == f"Basic {token}"
        key = "key-brave-0123456789"
        # the key travels once, in the request's own header; the request line and other headers carry none
        assert relayed.headers["x-subscription-token"] == key
        assert relayed.raw.count(key.encode()) == 1
        # the origin never sees the proxy's credentials
        origin = simweb.requests[-1]
        assert "proxy-authorization" not in origin.headers
        assert "s3cret-proxy" not in json.dumps(origin.headers) and token not in json.dumps(origin.headers)
        assert origin.headers["x-subscription-token"] == key
    finally:
        proxy.stop()


async def test_pages_go_through_the_proxy_and_the_guard_checks_the_target_first(
    simweb: SimWeb, proxy: SimProxy
) -> None:
    simweb.route("/article", Reply(body=PAGE), host="news-a.test")
    pins = {"news-a.test": "127.0.0.1", "intranet.test": "127.0.0.1"}
    policy = NetPolicy(
        address=AddressPolicy(allow_hosts=("news-a.test",)),
        resolve=pins,
        proxy=ProxyRoutes(http=proxy.url(), https=proxy.url()),
    )
    http = HttpClient(policy)
    try:
        resp = await http.fetch(f"http://news-a.test:{simweb.port}/article")
        assert resp.status == 200 and b"Words of a real page" in resp.body
        assert [s.target for s in proxy.relayed] == [f"http://news-a.test:{simweb.port}/article"]
        # a forbidden target is refused here, before a byte reaches the proxy: literal, pinned name, https
        for url in (
            f"http://127.0.0.7:{simweb.port}/article",
            f"http://intranet.test:{simweb.port}/article",
            f"https://intranet.test:{simweb.port}/article",
        ):
            with pytest.raises(ForbiddenAddressError):
                await http.fetch(url)
        assert len(proxy.seen) == 1
    finally:
        await http.aclose()


async def test_the_proxy_itself_may_be_private_and_is_never_guarded(simweb: SimWeb, proxy: SimProxy) -> None:
    """The proxy is 127.0.0.1 (what a corporate proxy on 10.x looks like to the guard): it is used anyway."""
    simweb.route("/a", Reply(body=PAGE), host="news-a.test")
    policy = NetPolicy(
        address=AddressPolicy(allow_hosts=("news-a.test",)),
        resolve={"news-a.test": "127.0.0.1"},
        proxy=ProxyRoutes(http=proxy.url()),
    )
    http = HttpClient(policy)
    try:
        assert (await http.fetch(f"http://news-a.test:{simweb.port}/a")).status == 200
    finally:
        await http.aclose()
    assert len(proxy.relayed) == 1


async def test_https_goes_through_connect_and_the_proxy_sees_only_host_and_port(proxy: SimProxy) -> None:
    target = SimWeb().start()  # plain HTTP behind the tunnel: the TLS handshake fails after CONNECT
    port = target.port
    policy = NetPolicy(
        address=AddressPolicy(allow_hosts=("secure.test",)),
        resolve={"secure.test": "127.0.0.1"},
        proxy=ProxyRoutes(https=proxy.url("bob", "tunnel-pw")),
    )
    http = HttpClient(policy)
    try:
        with pytest.raises(FetchError) as info:
            await http.fetch(f"https://secure.test:{port}/private/path?token=abc", deadline_s=5)
    finally:
        await http.aclose()
        target.stop()
    assert [(s.method, s.target) for s in proxy.relayed] == [("CONNECT", f"secure.test:{port}")]
    head = proxy.relayed[0].raw
    assert b"/private/path" not in head and b"token=abc" not in head  # the path rides inside TLS
    assert proxy.relayed[0].headers["proxy-authorization"].startswith("Basic ")
    assert "tunnel-pw" not in info.value.message and "via proxy http://***@127.0.0.1" in info.value.message


async def test_no_proxy_hosts_connect_directly_and_stay_guarded(simweb: SimWeb, proxy: SimProxy) -> None:
    simweb.route("/a", Reply(body=PAGE), host="news-b.test")
    policy = NetPolicy(
        address=AddressPolicy(allow_hosts=("news-b.test",)),
        resolve={"news-b.test": "127.0.0.1", "other.test": "127.0.0.1"},
        proxy=ProxyRoutes(http=proxy.url(), no_proxy=("news-b.test", "other.test")),
    )
    http = HttpClient(policy)
    try:
        assert (await http.fetch(f"http://news-b.test:{simweb.port}/a")).status == 200
        with pytest.raises(ForbiddenAddressError):
            await http.fetch(f"http://other.test:{simweb.port}/a")  # direct, so the pinned socket is guarded
    finally:
        await http.aclose()
    assert proxy.seen == []
    assert simweb.requests_to("/a", host="news-b.test")


async def test_environment_variables_route_providers_and_no_proxy_bypasses(
    simweb: SimWeb, proxy: SimProxy, monkeypatch: pytest.MonkeyPatch
) -> None:
    serve(simweb, "brave")
    serve(simweb, "wikipedia")
    monkeypatch.setenv("HTTP_PROXY", proxy.url())
    monkeypatch.setenv("NO_PROXY", f"{host_of('wikipedia')},localhost")
    async with Client(provider_config(simweb, ["brave", "wikipedia"])) as wq:
        await wq.search("paris", provider="brave")
        await wq.search("paris", provider="wikipedia")
    assert [s.target.split("/")[2] for s in proxy.relayed] == [f"{host_of('brave')}:{simweb.port}"]
    assert simweb.requests_to("/w/api.php", host=host_of("wikipedia"))


async def test_a_dead_proxy_is_unreachable_naming_the_proxy_without_its_password(simweb: SimWeb) -> None:
    dead = SimProxy().start()
    port = dead.port
    dead.stop()
    serve(simweb, "brave")
    async with Client(_config(simweb, f"http://carol:pw-1234567@127.0.0.1:{port}")) as wq:
        with pytest.raises(ProviderUnreachableError) as info:
            await wq.search("paris", provider="brave")
    assert f"via proxy http://***@127.0.0.1:{port}" in info.value.message
    assert "pw-1234567" not in info.value.message and "proxy" in info.value.hint_text
    assert simweb.requests == []


async def test_a_proxy_refusing_credentials_is_an_error_without_the_password(simweb: SimWeb) -> None:
    proxy = SimProxy(require_auth=("alice", "right")).start()
    try:
        serve(simweb, "brave")
        async with Client(_config(simweb, proxy.url("alice", "wrong-pw-99"))) as wq:
            with pytest.raises(Exception) as info:
                await wq.search("paris", provider="brave")
    finally:
        proxy.stop()
    assert "wrong-pw-99" not in str(info.value)
    assert simweb.requests == [] and proxy.relayed == []


async def test_a_host_allowed_by_name_needs_no_local_lookup_behind_a_proxy(
    simweb: SimWeb, proxy: SimProxy
) -> None:
    """Where only the proxy resolves names: an allowed name is not looked up here (it would fail)."""
    simweb.route("/a", Reply(body=PAGE), host="only-the-proxy-knows.invalid")
    policy = NetPolicy(
        address=AddressPolicy(allow_hosts=("only-the-proxy-knows.invalid",)),
        proxy=ProxyRoutes(http=proxy.url()),
    )
    http = HttpClient(policy)
    try:
        assert (await http.fetch(f"http://only-the-proxy-knows.invalid:{simweb.port}/a")).status == 200
        with pytest.raises(
            FetchError, match="the address guard resolves a page's host before asking the proxy"
        ):
            await http.fetch(f"http://not-allowed.invalid:{simweb.port}/a")
    finally:
        await http.aclose()
    assert len(proxy.seen) == 1


# -- DNS rebinding through a proxy: the proxy is sent the address the guard checked
# -----------------------------
def _stub_dns(monkeypatch: pytest.MonkeyPatch, answers: dict[str, str], asked: list[str]) -> None:
    """A DNS that answers ``answers`` (every other name fails), recording each question."""

    async def lookup(host: str, port: int, **kwargs: object) -> list[tuple[object, ...]]:
        asked.append(host)
        if host not in answers:
            raise OSError(f"no such name {host}")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (answers[host], port))]

    monkeypatch.setattr(anyio, "getaddrinfo", lookup)


async def test_a_plain_page_through_a_proxy_goes_to_the_checked_address_with_its_name_in_host(
    simweb: SimWeb, proxy: SimProxy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guard's one lookup says 127.0.0.1 (opened by a CIDR, not by name); the proxy is never given the
    name to look up again (where a rebinding DNS would answer 10.0.0.7)."""
    asked: list[str] = []
    _stub_dns(monkeypatch, {"rebind.test": "127.0.0.1"}, asked)
    simweb.route("/a", Reply(body=PAGE), host="rebind.test")
    policy = NetPolicy(
        address=AddressPolicy(allow_hosts=("127.0.0.1/32",)), proxy=ProxyRoutes(http=proxy.url())
    )
    http = HttpClient(policy)
    try:
        resp = await http.fetch(f"http://rebind.test:{simweb.port}/a")
    finally:
        await http.aclose()
    assert resp.status == 200 and b"Words of a real page" in resp.body and resp.address == "127.0.0.1"
    assert asked == ["rebind.test"]
    assert [s.target for s in proxy.relayed] == [f"http://127.0.0.1:{simweb.port}/a"]
    assert proxy.relayed[0].headers["host"] == f"rebind.test:{simweb.port}"
    assert simweb.requests_to("/a", host="rebind.test")  # the site still got its name


async def test_https_through_a_proxy_tunnels_to_the_checked_address_and_names_the_site_in_sni(
    proxy: SimProxy, monkeypatch: pytest.MonkeyPatch
) -> None:
    hellos: list[bytes] = []
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def first_bytes() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.settimeout(5)
            hellos.append(conn.recv(65536))  # the TLS ClientHello, then hang up

    threading.Thread(target=first_bytes, daemon=True).start()
    _stub_dns(monkeypatch, {"secure.test": "127.0.0.1"}, [])
    policy = NetPolicy(
        address=AddressPolicy(allow_hosts=("127.0.0.1/32",)), proxy=ProxyRoutes(https=proxy.url())
    )
    http = HttpClient(policy)
    try:
        with pytest.raises(FetchError):
            await http.fetch(f"https://secure.test:{port}/private", deadline_s=5)
    finally:
        await http.aclose()
        listener.close()
    assert [(s.method, s.target) for s in proxy.relayed] == [("CONNECT", f"127.0.0.1:{port}")]
    assert hellos and b"secure.test" in hellos[0]  # SNI: the certificate is checked against the name


async def test_a_name_the_guard_cannot_check_is_not_handed_to_the_proxy(
    simweb: SimWeb, proxy: SimProxy, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stub_dns(monkeypatch, {"rebind.test": "10.0.0.7"}, [])
    policy = NetPolicy(
        address=AddressPolicy(allow_hosts=("127.0.0.1/32",)), proxy=ProxyRoutes(http=proxy.url())
    )
    http = HttpClient(policy)
    try:
        with pytest.raises(ForbiddenAddressError, match=r"10\.0\.0\.7"):
            await http.fetch(f"http://rebind.test:{simweb.port}/a")
    finally:
        await http.aclose()
    assert proxy.seen == []
