"""What the MCP server publishes: each tool's name, teaching description, strict argument model,
output model and size bound (kept by :mod:`webquorum.mcp.bounds`).

Argument models refuse unknown fields, and the published input schema is generated from the
very model the arguments are validated with, so the schema and the check cannot drift apart.
Output models are the API's own result types with one added field, ``cut``: whatever had to be
shortened to keep the result under its bound is named there, because a silently shortened
result reads as a complete one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from webquorum.types import Brief, LinksResult, Page, SearchResponse, TimeRange
from webquorum.types.collect import CollectRequest, CollectResult
from webquorum.types.research import DiscoverRequest, DiscoverResult, VerifyRequest, VerifyResult

MAX_FETCH_BUDGET = 30_000  # the API allows 100,000; one MCP result stays smaller than that
MAX_LINKS = 300
# web_search's structured content repeats each source's text beside the brief (under 4,000
# characters), so a normal result is about 2.3 times the brief; 3 times keeps a client that
# hands structured content to the model near the brief's own size, and cuts only what repeats.
WEB_SEARCH_CHARS = 12_000


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WebSearchArgs(_Args):
    query: str = Field(min_length=1, max_length=2000, description="The question, in plain words.")
    sources: int | None = Field(default=None, ge=1, le=6, description="Sites to read (default 4).")
    provider: str | None = Field(default=None, max_length=64, description="A provider or combo id; omit for the configured default.")


class WebFetchArgs(_Args):
    url: str = Field(min_length=1, max_length=4096, description="An http(s) URL.")
    offset: int = Field(default=0, ge=0, description="Start of the window, in characters of the page's text.")
    budget: int = Field(default=8000, ge=1, le=MAX_FETCH_BUDGET, description="Characters to return.")
    expected_content_hash: str | None = Field(
        default=None, max_length=100, description="content_hash from an earlier read; answers content_changed if the page moved on."
    )


class WebLinksArgs(_Args):
    url: str = Field(min_length=1, max_length=4096, description="The page whose links to list.")
    limit: int = Field(default=100, ge=1, le=MAX_LINKS, description="At most this many links.")
    same_site_only: bool = Field(default=False, description="Only links on the page's own site.")


class WebSearchResultsArgs(_Args):
    query: str = Field(min_length=1, max_length=2000)
    max_results: int | None = Field(default=None, ge=1, le=50)
    provider: str | None = Field(default=None, max_length=64, description="A provider or combo id.")
    language: str | None = Field(default=None, max_length=35, description="e.g. en or de-CH.")
    time_range: TimeRange | None = None


def with_cut(model: type[BaseModel]) -> type[BaseModel]:
    """The API's result model plus ``cut``: the parts shortened to fit this tool's size bound."""
    cut_field: Any = (list[str], Field(default=[], description="What was shortened or dropped to fit the size bound; empty when nothing was."))
    return create_model(f"{model.__name__}Output", __base__=model, cut=cut_field)


WEB_SEARCH = """Answer a question from the web in one call: search, read up to 6 independent sites in parallel, and get one brief (under 4,000 characters) saying where they agree and where one disagrees. Use it first for factual questions. Use web_fetch to read one known page further, research_collect for many literal quotable passages, web_search_results for the raw result list.
It does not crawl or follow links and it does not write the answer: the brief is numbered sources (title, site, URL on its own line, the page's own text), then "Agreed across sources" and "Disagreement" lines counted across sites. "(snippet only)" means that page could not be read.
Reading a brief: from 'Agreed across sources: 1,240 metres in 2/3' and 'Disagreement: city-guide.test says 1,310 metres where 2 others say 1,240 metres', answer 'The bridge is 1,240 m long (harbour-news.test, civil-eng.test); city-guide.test gives 1,310 m.' State the consensus, name the site that disagrees, cite more than one URL."""

WEB_FETCH = """Read one page's main text (HTML, PDF or plain text) from its first real sentence, as a window of `budget` characters starting at `offset`. Use it for a URL you already have (from web_search, research_collect or web_links); for a question, use web_search instead.
It reads this page only and follows no links. Output: text, total_chars, truncated and content_hash. When truncated, call again with offset = offset + length of text and expected_content_hash = content_hash: if the page changed meanwhile you get the error WEB_FETCH_CONTENT_CHANGED, never text from a different version."""

WEB_LINKS = """List the links of one page (anchor text, absolute URL, same_site flag), to find a chapter, appendix or next page before reading it with web_fetch. To find pages on a topic across sites, use web_search_results instead.
It fetches no linked page and follows nothing. At most `limit` links (300 max); total and truncated say how many the page had. A link missing here does not prove the site lacks that page."""

RESEARCH_COLLECT = """Gather literal, citable passages for 1-10 query variants and/or known URLs. Each source has excerpts with start/end offsets into its text, its content_hash, and `expand`, a ready web_fetch call to read around an excerpt. Use it when you will write the answer yourself and need quotes; use web_search for a compared brief.
It does not synthesise, judge claims or follow links. source_type and the order of sources are not credibility judgments. `gaps` names every failed search, unread page and omitted candidate; an empty gaps list is not proof that the web holds nothing else."""

SEARCH_WEB_EVIDENCE = """Check specific claims (1-10) about named entities (1-5) against independent web sources. Each claim gets a verdict (supported, contradicted, unverified), a reason and evidence_ids; each evidence item has the URL, domain and the literal passage it was judged on. Use it when you hold claims to check; for an open question use web_search.
It spends a small fixed search budget: unverified means no deciding evidence was found, not that the claim is false. A brief that cannot be answered (no entity, no claim, unknown fields) is refused as an error naming what is missing and a correction."""

DISCOVER = """Find organisations behind a market signal (a new plant, an expansion, a tender) in up to 3 geographies: candidates with a status and evidence_ids. Use it for lead discovery; to check facts about an organisation you already know, use search_web_evidence.
It spends a fixed small budget (one discovery search, one verification search) and finds no people or contacts. Status: verified = a second independent origin confirms it, contradicted = one denies it, uncertain = no second origin agreed, discovered = not checked. The list is never exhaustive: an organisation missing from it proves nothing."""

WEB_SEARCH_RESULTS = """Return the raw fused search results (title, URL, snippet, site, score, each provider's rank) without reading any page. Use it when you want the list itself, e.g. to pick pages for web_fetch; for an answer use web_search.
Snippets are the engines' text, not the page's: do not quote them as the page. `failures` lists providers that failed; a short list is not proof there is nothing more."""


@dataclass(frozen=True)
class ToolSpec:
    name: str
    title: str
    description: str
    args: type[BaseModel]
    output: type[BaseModel]
    max_chars: int  # bound on the structured result's JSON, and on its text rendering


def tool_specs(*, enable_discovery: bool) -> list[ToolSpec]:
    specs = [
        ToolSpec("web_search", "Web brief", WEB_SEARCH, WebSearchArgs, with_cut(Brief), WEB_SEARCH_CHARS),
        ToolSpec("web_fetch", "Read a page", WEB_FETCH, WebFetchArgs, with_cut(Page), 40_000),
        ToolSpec("web_links", "Links of a page", WEB_LINKS, WebLinksArgs, with_cut(LinksResult), 40_000),
        ToolSpec("research_collect", "Collect citable passages", RESEARCH_COLLECT, CollectRequest, with_cut(CollectResult), 40_000),
        ToolSpec("search_web_evidence", "Verify claims", SEARCH_WEB_EVIDENCE, VerifyRequest, with_cut(VerifyResult), 40_000),
        ToolSpec("web_search_results", "Raw search results", WEB_SEARCH_RESULTS, WebSearchResultsArgs, with_cut(SearchResponse), 30_000),
    ]
    if enable_discovery:
        specs.insert(5, ToolSpec("discover_web_market_signals", "Discover organisations", DISCOVER, DiscoverRequest, with_cut(DiscoverResult), 40_000))
    return specs
