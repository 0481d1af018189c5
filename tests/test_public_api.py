"""The curated public surface: exactly __all__, every name importable and documented."""

from __future__ import annotations

import webquorum

EXPECTED = {
    "BriefRefusedError", "Client", "Config", "FetchError", "Page", "ProviderError", "Result", "SearchResponse",
    "WebQuorumError", "__version__", "brief", "fetch", "load_config", "search",
}


def test_all_is_curated() -> None:
    assert set(webquorum.__all__) == EXPECTED
    for name in webquorum.__all__:
        assert hasattr(webquorum, name)


def test_public_callables_have_docstrings() -> None:
    for name in ("Client", "search", "load_config"):
        assert getattr(webquorum, name).__doc__


def test_sync_helpers_run_one_call_on_a_fresh_client(simweb: object) -> None:
    from tests.sim.providers import provider_config, serve
    from tests.sim.web import Reply, SimWeb

    assert isinstance(simweb, SimWeb)
    serve(simweb, "searxng")
    simweb.route("/page", Reply(body="<html><body><main><p>The harbour bridge is 1,240 metres long and opened in 1932.</p></main></body></html>"), host="site.test")
    config = provider_config(simweb, ["searxng"], web={"search_provider": "searxng"})
    config["network"]["resolve"]["site.test"] = "127.0.0.1"
    config["network"]["allow_hosts"] = ["site.test"]
    resp = webquorum.search("bridge", config=config)
    assert resp.provider == "searxng" and resp.results
    page = webquorum.fetch(simweb.url("/page", host="site.test"), config=config)
    assert page.text.startswith("The harbour bridge is 1,240 metres long") and page.content_hash.startswith("sha256:")
