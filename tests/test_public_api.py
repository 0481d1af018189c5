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
