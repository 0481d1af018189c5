"""Frozen value types: one home for every contract a capability returns or takes.

``core`` holds search, fetch, links and brief values; ``collect`` and ``research`` hold the
evidence capabilities' request and result models. The names re-exported here are the ones
every layer uses; import the two evidence modules by name.
"""

from __future__ import annotations

from webquorum.types.core import (
    MERGE_STRATEGIES,
    AgreedItem,
    AnswerItem,
    Brief,
    BriefSource,
    DisagreedItem,
    Document,
    DroppedSource,
    Frozen,
    Link,
    LinksResult,
    MergeStrategy,
    Page,
    ProviderFailure,
    RawResult,
    Result,
    Scope,
    SearchQuery,
    SearchResponse,
    SourceType,
    TimeRange,
)

__all__ = [
    "MERGE_STRATEGIES",
    "AgreedItem",
    "AnswerItem",
    "Brief",
    "BriefSource",
    "DisagreedItem",
    "Document",
    "DroppedSource",
    "Frozen",
    "Link",
    "LinksResult",
    "MergeStrategy",
    "Page",
    "ProviderFailure",
    "RawResult",
    "Result",
    "Scope",
    "SearchQuery",
    "SearchResponse",
    "SourceType",
    "TimeRange",
]
