"""Frozen value types shared by every layer.

They are pydantic models so the same definitions validate input, serialise to the
JSON the CLI prints, and generate the MCP output schemas. Absent values are ``None``
(``null`` in JSON), never missing keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict

TimeRange = Literal["day", "week", "month", "year"]
SourceType = Literal["html", "pdf", "text", "json", "snippet"]
MergeStrategy = Literal["rrf", "consensus", "round-robin", "append", "random"]
MERGE_STRATEGIES: tuple[str, ...] = ("rrf", "consensus", "round-robin", "append", "random")


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


@dataclass(frozen=True)
class SearchQuery:
    """What a provider adapter is asked: built once per search, passed to every member."""

    query: str
    max_results: int = 10
    language: str | None = None
    time_range: TimeRange | None = None
    # 0 off, 1 moderate, 2 strict (SearXNG's scale); None: the provider's default
    safesearch: int | None = None
    sites: tuple[
        str, ...
    ] = ()  # only these sites (lower-case punycode); each provider says so in its own form
    exclude_sites: tuple[str, ...] = ()  # never these sites


@dataclass(frozen=True)
class RawResult:
    """One hit as one provider returned it, before fusion. ``content`` is inline page text, if any."""

    url: str
    title: str = ""
    snippet: str = ""
    content: str | None = None
    published: str | None = None
    extra: dict[str, str] = field(default_factory=dict)


class Result(Frozen):
    url: str
    title: str
    snippet: str
    content: str | None = None
    published: str | None = None
    site: str
    score: float
    ranks: dict[str, int]


class ProviderFailure(Frozen):
    provider: str
    code: str
    message: str
    status: int | None = None


class Scope(Frozen):
    """The sites a call was limited to, and how many distinct results outside them were dropped."""

    sites: list[str] = []
    exclude_sites: list[str] = []
    dropped: int = 0
    # what the scope cost the call, e.g. a brief left with fewer than two independent readings
    note: str | None = None


class SearchResponse(Frozen):
    query: str
    provider: str
    results: list[Result]
    failures: list[ProviderFailure] = []
    skipped: list[str] = []
    truncated: bool = False
    scope: Scope | None = None  # present when the call named sites or excluded sites
    warnings: list[str] = []  # our own plumbing's faults (a store or cache that failed), once each


class Page(Frozen):
    """A window of one page's extracted text, as ``fetch`` returns it."""

    url: str
    final_url: str
    title: str | None = None
    published: str | None = None
    language: str | None = None
    content_type: str | None = None
    source_type: SourceType
    reader: str
    text: str
    offset: int
    total_chars: int
    content_hash: str
    truncated: bool
    warnings: list[str] = []  # our own plumbing's faults (a cache that failed), once each


class Document(Frozen):
    """A page's whole extracted text plus metadata; what readers produce and the cache stores."""

    url: str
    final_url: str
    title: str | None = None
    published: str | None = None
    language: str | None = None
    content_type: str | None = None
    source_type: SourceType
    reader: str
    text: str
    canonical_url: str | None = None  # <link rel=canonical> or og:url, when the page declares one
    links: list[tuple[str, str]] = []  # (anchor text, absolute URL), bounded by the extractor
    # The IP address the final URL was read from (local reader). The shared cache serves the
    # document again only where the address policy in force then would connect to it.
    final_address: str | None = None


class BriefSource(Frozen):
    n: int
    title: str
    site: str
    url: str
    text: str
    snippet_only: bool
    error: str | None = None  # the stable code of the failed read, when snippet_only
    published: str | None = None  # the page's own date (published or updated, ISO), when it states one


class AnswerItem(Frozen):
    """What the question asked, as most sources state it; ``rivals`` non-empty when sources split evenly."""

    kind: Literal["figure", "date", "name", "other"]
    value: str
    count: int
    of: int
    quantity: str = ""  # what was asked, in words
    sites: list[str] = []
    rivals: list[str] = []  # values stated by as many sites as ``value`` (a split: no answer is chosen)


class AgreedItem(Frozen):
    kind: Literal["name", "figure"]
    value: str
    count: int
    of: int
    quantity: str = ""  # what was compared, in words: "revenue, Q2 2026", "mayor of Westbury"


class DisagreedItem(Frozen):
    kind: Literal["name", "figure"]
    site: str
    url: str
    value: str
    others_value: str
    others_count: int
    quantity: str = ""
    # older: an earlier value, or a page dated before the others
    type: Literal["conflict", "older"] = "conflict"


class DroppedSource(Frozen):
    url: str
    reason: str


class Brief(Frozen):
    query: str
    searched_at: str
    provider: str
    reader: str
    sources: list[BriefSource]
    answer: AnswerItem | None = None
    agreed: list[AgreedItem]
    disagreed: list[DisagreedItem]
    reads_spent: dict[str, int]
    failures: list[ProviderFailure]
    dropped: list[DroppedSource] = []
    brief: str
    scope: Scope | None = None  # present when the brief was limited to sites
    warnings: list[str] = []  # our own plumbing's faults (a store or cache that failed), once each


class Link(Frozen):
    text: str
    url: str
    same_site: bool


class LinksResult(Frozen):
    url: str
    final_url: str
    title: str | None = None
    links: list[Link]
    total: int
    truncated: bool
