"""The wire contract every layer shares: one HTTP request and response, and what a provider is.

These frozen values are the seam between the pure adapters (providers, reader services, the
chat-completions client), which build and parse them without I/O, and the one HTTP choke point
(:mod:`webquorum.net.http`), which sends them. Because they live below both, a recorded payload
is just a file, and ``net`` never imports an adapter package.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Modality = Literal["search", "read", "search+read"]

# Refusals, not missing pages: a block, so a run tries another origin instead of retrying.
BLOCKED_STATUSES = frozenset({401, 403, 429, 451})


@dataclass(frozen=True)
class ProviderSpec:
    id: str
    name: str
    endpoint: str  # the documented endpoint, e.g. "https://api.search.brave.com/res/v1/web/search"
    key_env: str | None  # conventional variable; None for keyless providers
    docs: str
    key_required: bool = True
    modality: Modality = "search"
    max_results: int = 10  # the most one request may ask for
    price_usd: float = 0.0  # worst-case price of one call, for run budgets
    needs_base_url: bool = False  # SearXNG: there is no public default instance
    model_kind: Literal["query"] | None = None  # takes a model id of this kind in ctx.options["model"]


@dataclass(frozen=True)
class RequestContext:
    """Everything a pure builder needs that comes from config or the environment."""

    base_url: str | None = None  # replaces scheme+host of SPEC.endpoint, keeps its path
    api_key: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)  # provider-specific (model for gateway)


@dataclass(frozen=True)
class HttpRequest:
    method: Literal["GET", "POST"]
    url: str
    headers: Mapping[str, str] = field(default_factory=dict)
    params: Mapping[str, str] = field(default_factory=dict)
    json_body: Any = None
    form: Mapping[str, str] | None = None  # application/x-www-form-urlencoded body (DuckDuckGo)
    secrets: tuple[str, ...] = ()  # values that must never appear in logs or errors
    follow_same_origin: bool = False  # an API that documents redirects: follow them within its origin only


@dataclass(frozen=True)
class HttpResponse:
    status: int
    headers: Mapping[str, str]  # lower-cased names
    body: bytes
    url: str = ""
    address: str | None = None  # the IP address the answer came from, when known

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())
