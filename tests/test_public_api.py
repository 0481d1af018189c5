"""The curated public surface: exactly __all__, every name importable and documented."""

from __future__ import annotations

import webquorum

EXPECTED = {
    "Brief",
    "BriefRefusedError",
    "CheckRequest",
    "CheckResult",
    "Client",
    "CollectRequest",
    "CollectResult",
    "Config",
    "DiscoverRequest",
    "DiscoverResult",
    "FetchError",
    "Link",
    "LinksResult",
    "Page",
    "ProviderError",
    "ProviderFailure",
    "RequestRefusedError",
    "Result",
    "SearchResponse",
    "VerifyRequest",
    "VerifyResult",
    "WebQuorumError",
    "__version__",
    "brief",
    "fetch",
    "load_config",
    "search",
}


def test_all_is_curated() -> None:
    assert set(webquorum.__all__) == EXPECTED
    for name in webquorum.__all__:
        assert hasattr(webquorum, name)


def test_every_type_a_client_call_takes_or_returns_is_exported() -> None:
    import typing

    from pydantic import BaseModel

    public = {getattr(webquorum, name) for name in webquorum.__all__}
    for name in ("search", "fetch", "links", "brief", "collect", "verify", "discover"):
        hints = typing.get_type_hints(getattr(webquorum.Client, name))
        for hint in hints.values():
            for part in (hint, *typing.get_args(hint)):
                if isinstance(part, type) and issubclass(part, BaseModel):
                    assert part in public, (
                        f"Client.{name} uses {part.__name__}, which webquorum does not export"
                    )


def test_the_package_ships_its_type_information() -> None:
    from pathlib import Path

    assert (Path(webquorum.__file__).parent / "py.typed").is_file()


def test_public_callables_have_docstrings() -> None:
    for name in ("Client", "search", "load_config"):
        assert getattr(webquorum, name).__doc__


def test_sync_helpers_run_one_call_on_a_fresh_client(simweb: object) -> None:
    from tests.sim.providers import provider_config, serve
    from tests.sim.web import Reply, SimWeb

    assert isinstance(simweb, SimWeb)
    serve(simweb, "searxng")
    simweb.route(
        "/page",
        Reply(
            body="<html><body><main><p>The harbour bridge is 1,240 metres long and opened in 1932.</p></main></body></html>"
        ),
        host="site.test",
    )
    config = provider_config(simweb, ["searxng"], web={"search_provider": "searxng"})
    config["network"]["resolve"]["site.test"] = "127.0.0.1"
    config["network"]["allow_hosts"] = ["site.test"]
    resp = webquorum.search("bridge", config=config)
    assert resp.provider == "searxng" and resp.results
    page = webquorum.fetch(simweb.url("/page", host="site.test"), config=config)
    assert "The harbour bridge is 1,240 metres long" in page.text and page.content_hash.startswith("sha256:")
