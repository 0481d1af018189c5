"""webquorum: multi-source web research in one call, for AI agents and small local models.

The public surface is this module's ``__all__`` (guarded by a test); everything else is private.
Names are imported on first use (PEP 562), so ``webquorum --version``, ``--help`` and an MCP host
starting the server do not pay for the HTTP stack, the readers and pydantic models they never touch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from webquorum.api import Client, brief, fetch, search
    from webquorum.config import Config, load_config
    from webquorum.errors import (
        BriefRefusedError,
        FetchError,
        ProviderError,
        RequestRefusedError,
        WebQuorumError,
    )
    from webquorum.types import Brief, Link, LinksResult, Page, ProviderFailure, Result, SearchResponse
    from webquorum.types.check import CheckRequest, CheckResult
    from webquorum.types.collect import CollectRequest, CollectResult
    from webquorum.types.research import DiscoverRequest, DiscoverResult, VerifyRequest, VerifyResult

__version__ = "0.1.0"

__all__ = [
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
]

_HOMES = {
    **dict.fromkeys(("Client", "brief", "fetch", "search"), "webquorum.api"),
    **dict.fromkeys(("Config", "load_config"), "webquorum.config"),
    **dict.fromkeys(
        ("BriefRefusedError", "FetchError", "ProviderError", "RequestRefusedError", "WebQuorumError"),
        "webquorum.errors",
    ),
    **dict.fromkeys(
        ("Brief", "Link", "LinksResult", "Page", "ProviderFailure", "Result", "SearchResponse"),
        "webquorum.types",
    ),
    **dict.fromkeys(("CheckRequest", "CheckResult"), "webquorum.types.check"),
    **dict.fromkeys(("CollectRequest", "CollectResult"), "webquorum.types.collect"),
    **dict.fromkeys(
        ("DiscoverRequest", "DiscoverResult", "VerifyRequest", "VerifyResult"), "webquorum.types.research"
    ),
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'webquorum' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # once: later lookups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
