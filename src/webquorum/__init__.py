"""webquorum: multi-source web research in one call, for AI agents and small local models.

The public surface is this module's ``__all__`` (guarded by a test); everything else is private.
"""

from __future__ import annotations

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
from webquorum.types.collect import CollectRequest, CollectResult
from webquorum.types.research import DiscoverRequest, DiscoverResult, VerifyRequest, VerifyResult

__version__ = "0.1.0"

__all__ = [
    "Brief",
    "BriefRefusedError",
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
