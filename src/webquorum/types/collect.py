"""The request and the answer of ``research_collect``, as pydantic models.

The request refuses unknown fields, so a misspelt option is an error the caller can fix instead
of a silent default. The answer is raw material: literal passages with offsets into the page's
extracted text, the hash that pins that text, and a named gap for everything left out. Absent
values are ``None`` (``null``), never missing keys.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from webquorum.types import Frozen, Scope, SourceType, TimeRange

MAX_URLS = 100
MAX_QUERIES = 10
MAX_QUERY_CHARS = 2000

GapType = Literal[
    "search_failed",
    "search_empty",
    "engine_unresponsive",
    "fetch_blocked",
    "fetch_failed",
    "unreadable",
    "insufficient_text",
    "redirect_duplicate",
    "candidate_omitted",
    "truncated",
]


class CollectRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    urls: list[str] = Field(default=[], max_length=MAX_URLS, description="Exact source URLs to read first.")
    queries: list[str] = Field(
        default=[], max_length=MAX_QUERIES, description="The caller's search variants (normally 2-3)."
    )
    topic: str | None = Field(default=None, max_length=MAX_QUERY_CHARS, description="Ranks excerpts only.")
    language: str | None = Field(
        default=None, max_length=35, description="Language/locale for search and stemming."
    )
    time_range: TimeRange | None = None
    max_sources: int | None = Field(default=None, ge=1, description="Candidate fetch budget.")
    sites: list[
        str
    ] = []  # only these sites and their subdomains; "-x.org" excludes one, "@name" is a site set

    @field_validator("queries")
    @classmethod
    def _queries(cls, value: list[str]) -> list[str]:
        cleaned = [" ".join(q.split()) for q in value]
        for i, q in enumerate(cleaned):
            if not q:
                raise ValueError(f"queries[{i}] is empty; remove it or give the words to search for")
            if len(q) > MAX_QUERY_CHARS:
                raise ValueError(f"queries[{i}] is {len(q)} characters; shorten it to {MAX_QUERY_CHARS}")
        return list(dict.fromkeys(cleaned))

    @field_validator("urls")
    @classmethod
    def _urls(cls, value: list[str]) -> list[str]:
        return [u.strip() for u in value]

    @model_validator(mode="after")
    def _something_to_do(self) -> CollectRequest:
        if not self.urls and not self.queries:
            raise ValueError("give at least one of urls or queries (topic alone does not search)")
        return self


class ExpandArguments(Frozen):
    url: str
    offset: int
    budget: int
    expected_content_hash: str


class Expand(Frozen):
    """A ready ``web_fetch`` call for more text around an excerpt; it answers content_changed if the page
    moved."""

    tool: Literal["web_fetch"] = "web_fetch"
    arguments: ExpandArguments


class Excerpt(Frozen):
    text: str  # exactly the document's text[start:end]
    start: int  # Unicode code points into the extracted text
    end: int
    score: float  # BM25; 0 when nothing matched and the opening passage is shown
    matched: str | None  # the query variant or topic that scored it
    expand: Expand | None  # None for snippet sources (nothing was fetched)


class CollectSource(Frozen):
    source_id: str
    url: str
    final_url: str
    source_type: SourceType
    title: str | None
    published: str | None
    content_hash: str | None  # None for snippet sources
    text_truncated: bool
    excerpts: list[Excerpt]


class Gap(Frozen):
    type: GapType
    detail: str
    url: str | None = None
    query: str | None = None


class CollectResult(Frozen):
    query_variants: list[str]
    sources: list[CollectSource]
    gaps: list[Gap]
    # present when the call named sites: dropped counts search results and urls outside them
    scope: Scope | None = None
