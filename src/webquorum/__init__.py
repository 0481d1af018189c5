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
    WebQuorumError,
)
from webquorum.types import Page, Result, SearchResponse

__version__ = "0.1.0"

__all__ = [
    "BriefRefusedError",
    "Client",
    "Config",
    "FetchError",
    "Page",
    "ProviderError",
    "Result",
    "SearchResponse",
    "WebQuorumError",
    "__version__",
    "brief",
    "fetch",
    "load_config",
    "search",
]
