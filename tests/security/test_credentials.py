"""Row 1 and 2 of issue 12: a key never leaves its origin, and an API redirect never reaches loopback.

Each provider family (header key, bearer, query-string key, POST with a JSON body) and a reader
service talk to a loopback "provider" that answers ``302``/``307`` to another origin, played by
a second loopback server; that second server must see nothing at all.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from tests.sim.providers import endpoint_path, host_of, provider_config, serve
from tests.sim.sites import allow_target, bounded
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import ProviderError
from webquorum.net.http import HttpClient, NetPolicy
from webquorum.wire import HttpRequest

# provider -> how its key travels (the families of the issue)
FAMILIES = {
    "brave": "header X-Subscription-Token",
    "perplexity": "Authorization: Bearer",
    "mojeek": "query string api_key=",
    "serper": "POST with a JSON body (key in X-API-KEY)",
    "tavily": "POST with a JSON body (bearer)",
}


@pytest.fixture
def elsewhere() -> Iterator[SimWeb]:
    """Another origin (another port): anything arriving here is a leak."""
    web = SimWeb().start()
    web.route("/steal", Reply(body=b'{"results": []}', content_type="application/json"))
    try:
        yield web
    finally:
        web.stop()


def carried(web: SimWeb, key: str) -> bool:
    return any(
        key in json.dumps(r.headers) + json.dumps(r.query) + r.body.decode("utf-8", "replace")
        for r in web.requests
    )


@pytest.mark.parametrize("status", [302, 307])
@pytest.mark.parametrize("pid", list(FAMILIES))
@bounded(10)
async def test_a_provider_redirect_to_another_origin_is_not_followed(
    simweb: SimWeb, elsewhere: SimWeb, pid: str, status: int
) -> None:
    serve(
        simweb,
        pid,
        Reply(
            status=status, body=b"", headers={"Location": elsewhere.url("/steal", host="other-origin.test")}
        ),
    )
    config = provider_config(simweb, [pid])
    config["network"]["resolve"]["other-origin.test"] = "127.0.0.1"
    key = f"key-{pid}-0123456789"
    async with Client(config) as wq:
        with pytest.raises(ProviderError) as caught:
            await wq.search("harbour bridge", provider=pid)
    assert elsewhere.requests == [], f"{FAMILIES[pid]}: the request went to the other origin"
    assert carried(simweb, key), "the provider itself got the key"
    assert caught.value.code == "WEB_PROVIDER_ERROR" and caught.value.status == status
    assert "redirect" in caught.value.message and key not in caught.value.message
    assert f"overrides.{pid}.base_url" in caught.value.message


@bounded(10)
async def test_a_reader_service_redirect_is_not_followed(simweb: SimWeb, elsewhere: SimWeb) -> None:
    """Jina's reader with a key (bearer) answering 307 elsewhere: the key and the target stay home."""
    simweb.route(
        "/", Reply(status=307, body=b"", headers={"Location": elsewhere.url("/steal")}), host="r.jina.test"
    )
    config = allow_target(
        {
            "network": {"resolve": {"r.jina.test": "127.0.0.1"}, "retries": 0},
            "cache": {"enabled": False},
            "overrides": {
                "jina": {"base_url": f"http://r.jina.test:{simweb.port}", "api_key": "jina-key-0123456789"}
            },
        },
        "harbour-news.test",
    )
    async with Client(config) as wq:
        with pytest.raises(ProviderError):
            await wq.fetch("http://harbour-news.test/story", reader="jina")
    assert elsewhere.requests == [] and len(simweb.requests) == 1


@bounded(10)
async def test_searxng_redirect_to_loopback_is_not_followed(simweb: SimWeb, elsewhere: SimWeb) -> None:
    """A SearXNG base_url answering 302 to http://127.0.0.1:<port>/ must not make us read loopback."""
    serve(simweb, "searxng", Reply(status=302, body=b"", headers={"Location": f"{elsewhere.base_url}/steal"}))
    async with Client(provider_config(simweb, ["searxng"])) as wq:
        with pytest.raises(ProviderError):
            await wq.search("q", provider="searxng")
    assert elsewhere.requests == []


@bounded(10)
async def test_same_origin_redirects_are_followed_only_when_asked_and_never_across(
    simweb: SimWeb, elsewhere: SimWeb
) -> None:
    simweb.route("/old", Reply(status=308, body=b"", headers={"Location": "/new"}))
    simweb.route("/new", Reply(body=b'{"ok": 1}', content_type="application/json"))
    simweb.route("/away", Reply(status=308, body=b"", headers={"Location": elsewhere.url("/steal")}))
    http = HttpClient(NetPolicy())
    secret = {"Authorization": "Bearer sk-same-origin-0123456789"}
    try:
        with pytest.raises(ProviderError):  # not asked: the default
            await http.send(
                HttpRequest("POST", f"{simweb.base_url}/old", headers=secret, json_body={}),
                provider="p",
                timeout_s=3,
            )
        asked = HttpRequest(
            "POST", f"{simweb.base_url}/old", headers=secret, json_body={"q": 1}, follow_same_origin=True
        )
        resp = await http.send(asked, provider="p", timeout_s=3)
        assert json.loads(resp.body) == {"ok": 1}
        assert json.loads(simweb.requests_to("/new")[0].body) == {"q": 1}  # 308 keeps the method and body
        with pytest.raises(ProviderError) as caught:
            await http.send(
                HttpRequest("GET", f"{simweb.base_url}/away", headers=secret, follow_same_origin=True),
                provider="p",
                timeout_s=3,
            )
    finally:
        await http.aclose()
    assert elsewhere.requests == [] and "another origin" in caught.value.message


def test_the_families_cover_every_way_a_key_travels() -> None:
    """The providers above really send their keys the way FAMILIES says (so the tests above mean
    something)."""
    from webquorum.providers import provider_module
    from webquorum.types import SearchQuery
    from webquorum.wire import RequestContext

    for pid in FAMILIES:
        req = provider_module(pid).build_request(SearchQuery("q"), RequestContext(api_key="K" * 20))
        where = json.dumps(dict(req.headers)) + json.dumps(dict(req.params))
        assert "K" * 20 in where, pid
    assert (
        "api_key"
        in provider_module("mojeek").build_request(SearchQuery("q"), RequestContext(api_key="k" * 20)).params
    )
    assert (
        provider_module("serper").build_request(SearchQuery("q"), RequestContext(api_key="k")).method
        == "POST"
    )
    assert host_of("brave") == "brave.test" and endpoint_path("brave").startswith("/")
