"""research_collect: literal, citable passages from a bounded set of sources, and every omission named.

Top to bottom: validate the request (a request that cannot run comes back as ``{error, hint}``,
never raised); explicit URLs take the source budget first; the query variants are searched at
once and the remaining slots are filled round-robin across them (variant 1's best, variant 2's
best, ..., then each one's second); every candidate is read at once, each settling on its own
(links inside documents are never followed); two inputs landing on one final URL keep one
source; passages are chosen by BM25 (:mod:`webquorum.analysis.passages`); the output is cut to its
bounds. Whatever is not in the answer (a failed search or read, a candidate over budget, text
or excerpts cut) is a gap, because a small model fills silence with invention.

Unlike the brief, collect reads every candidate even when its search result carries inline
page text: an excerpt promises that ``fetch`` returns exactly that slice at those offsets under
that ``content_hash``, and only text from our own reader can keep the promise.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from webquorum.analysis.passages import Passage, Selection, select_passages
from webquorum.config import CollectSettings
from webquorum.errors import (
    BadRequestError,
    FetchTimeoutError,
    RequestRefusedError,
    UnsupportedContentError,
    WebQuorumError,
)
from webquorum.pipelines.fetch import MAX_BUDGET, content_hash, read_document
from webquorum.pipelines.search import search
from webquorum.runtime import Runtime
from webquorum.scope import site_scope
from webquorum.types import Document, SearchResponse, SourceType
from webquorum.types.collect import (
    MAX_QUERIES,
    MAX_URLS,
    CollectRequest,
    CollectResult,
    CollectSource,
    Excerpt,
    Expand,
    ExpandArguments,
    Gap,
    GapType,
)
from webquorum.types.invalid import is_unknown_field, reason, shown_value
from webquorum.urls import normalize_url

SCAN_CHARS = 300_000  # passages come from this much of each document; the rest is a truncated gap
MIN_TEXT = 200  # fewer characters than this is insufficient_text
EXPAND_CONTEXT = 1500  # characters of context on each side in an excerpt's expand call
SHOWN_OFFSETS = 5
Progress = Callable[[str], None]
_BLOCKED = {"WEB_FETCH_BLOCKED", "WEB_FETCH_FORBIDDEN_ADDRESS"}
_UNREADABLE = {"WEB_FETCH_UNSUPPORTED_CONTENT", "WEB_FETCH_EMPTY"}
_FIELDS = ", ".join(CollectRequest.model_fields)


@dataclass(frozen=True)
class SourceCandidate:
    url: str
    query: str | None = None  # the variant whose search found it; None for an explicit URL
    title: str = ""
    snippet: str = ""
    published: str | None = None


@dataclass(frozen=True)
class Material:
    """One source's text before passage selection: a read document, or a search snippet standing in."""

    candidate: SourceCandidate
    text: str
    doc: Document | None  # None for a snippet


# -- the request -----------------------------------------------------------------------------------
def parse_request(payload: dict[str, Any], settings: CollectSettings) -> CollectRequest:
    """The validated request, or :class:`RequestRefusedError` naming the field, the value and the fix."""
    try:
        request = CollectRequest.model_validate(payload)
    except ValidationError as exc:
        raise _explain(dict(exc.errors()[0]), settings.max_sources_cap) from None
    if request.max_sources is not None and request.max_sources > settings.max_sources_cap:
        raise RequestRefusedError(
            f"max_sources {request.max_sources} is over the configured cap of {settings.max_sources_cap}",
            hint=f"pass max_sources from 1 to {settings.max_sources_cap} (collect.max_sources_cap in the config)",
        )
    return request


def _explain(error: dict[str, Any], cap: int) -> RequestRefusedError:
    """A validation error as the field, the value and how to fix the call."""
    loc = error.get("loc", ())
    field = str(loc[0]) if loc else ""
    value = error.get("input")
    message = reason(error)
    if is_unknown_field(error):
        return RequestRefusedError(
            f"unknown field {field!r}", hint=f"remove {field!r}; accepted fields: {_FIELDS}"
        )
    if not field:
        return RequestRefusedError(
            f"nothing to collect: {message}",
            hint="pass queries (2-3 search variants) and/or urls; topic only ranks excerpts",
        )
    fixes = {
        "urls": f"pass urls as a list of at most {MAX_URLS} http(s) URLs; max_sources bounds how many are read",
        "queries": f"pass queries as a list of 1 to {MAX_QUERIES} search variants (normally 2-3), none empty",
        "topic": "pass topic as one short string, or leave it out",
        "language": "pass a language tag such as en or de-CH, or leave it out",
        "time_range": "use one of day, week, month or year, or leave it out",
        "max_sources": f"pass an integer from 1 to {cap}",
        "sites": 'pass sites as a list of domains such as ["nasa.gov", "-example.com"] (- excludes) or @set names',
    }
    return RequestRefusedError(
        f"{field}: {shown_value(value, 120)} is not accepted: {message}",
        hint=fixes.get(field, "check the field"),
    )


# -- candidates ------------------------------------------------------------------------------------
def url_key(url: str) -> str:
    try:
        return normalize_url(url)
    except WebQuorumError:
        return url


def source_id(final_url: str) -> str:
    """Stable across runs: derived from the normalized final URL only."""
    return "src_" + hashlib.sha256(url_key(final_url).encode("utf-8")).hexdigest()[:12]


def take_urls(urls: Sequence[str], budget: int, gaps: list[Gap]) -> list[SourceCandidate]:
    """Explicit URLs in order, once each, up to the budget; the rest named as omitted."""
    taken: list[SourceCandidate] = []
    first: dict[str, str] = {}
    for url in urls:
        key = url_key(url)
        if key in first:
            gaps.append(_gap("redirect_duplicate", f"the same page as {first[key]}; read once", url=url))
        elif len(taken) >= budget:
            gaps.append(_gap("candidate_omitted", f"over the max_sources budget of {budget}", url=url))
        else:
            first[key] = url
            taken.append(SourceCandidate(url=url))
    return taken


async def search_variants(
    rt: Runtime, request: CollectRequest, budget: int, gaps: list[Gap]
) -> list[tuple[str, SearchResponse]]:
    """Every variant at once; a failed or empty search is a gap, never the whole call's error.

    Each variant asks for ``budget`` results, not just the free slots: fewer than ``budget`` pages
    are taken while slots remain, so one of those results is always new even when a variant's top
    hits are the explicit URLs or another variant's picks.
    """

    async def one(query: str) -> SearchResponse | WebQuorumError:
        try:
            return await search(
                rt,
                query,
                language=request.language,
                time_range=request.time_range,
                max_results=min(50, budget),
                sites=request.sites,
            )
        except WebQuorumError as exc:
            return exc

    outcomes = await asyncio.gather(*(one(q) for q in request.queries))
    answered: list[tuple[str, SearchResponse]] = []
    for query, outcome in zip(request.queries, outcomes, strict=True):
        if isinstance(outcome, WebQuorumError):
            kind: GapType = (
                "engine_unresponsive" if outcome.code == "WEB_PROVIDER_TIMEOUT" else "search_failed"
            )
            gaps.append(_gap(kind, f"{outcome.code}: {outcome.message}", query=query))
            continue
        for failure in outcome.failures:
            detail = f"{failure.provider} did not answer ({failure.code}): {failure.message}"
            gaps.append(_gap("engine_unresponsive", detail, query=query))
        if not outcome.results:
            gaps.append(_gap("search_empty", f"{outcome.provider} returned no results", query=query))
        answered.append((query, outcome))
    return answered


def round_robin(
    answered: Sequence[tuple[str, SearchResponse]],
    slots: int,
    taken: Sequence[SourceCandidate],
    gaps: list[Gap],
) -> list[SourceCandidate]:
    """Variant 1's best, variant 2's best, ..., then each one's second; "best" skips pages already taken.

    Each variant keeps its own position, so a variant whose top hit is an explicit URL (or another
    variant's pick) offers its next new page on its turn. What is left when the slots are full is named.
    """
    seen = {url_key(c.url) for c in taken}
    chosen: list[SourceCandidate] = []
    positions = [0] * len(answered)
    while len(chosen) < slots and any(
        p < len(r.results) for p, (_, r) in zip(positions, answered, strict=True)
    ):
        for n, (query, resp) in enumerate(answered):
            while positions[n] < len(resp.results) and len(chosen) < slots:
                result = resp.results[positions[n]]
                positions[n] += 1
                if url_key(result.url) not in seen:
                    seen.add(url_key(result.url))
                    chosen.append(
                        SourceCandidate(result.url, query, result.title, result.snippet, result.published)
                    )
                    break
    for n, (query, resp) in enumerate(answered):
        for rank, result in enumerate(resp.results[positions[n] :], start=positions[n] + 1):
            if url_key(result.url) not in seen:
                seen.add(url_key(result.url))
                detail = f"search result (rank {rank}) over the max_sources budget"
                gaps.append(_gap("candidate_omitted", detail, url=result.url, query=query))
    return chosen


# -- reading ---------------------------------------------------------------------------------------
async def read_all(
    rt: Runtime, candidates: Sequence[SourceCandidate], progress: Progress | None
) -> list[Document | WebQuorumError]:
    """Every candidate at once, each settling on its own within the fetch deadline."""
    deadline_s = rt.config.network.fetch_deadline_s
    done = 0

    async def one(candidate: SourceCandidate) -> Document | WebQuorumError:
        nonlocal done
        try:
            doc: Document | WebQuorumError = await asyncio.wait_for(
                read_document(rt, candidate.url, deadline_s=deadline_s), deadline_s + 2.0
            )
        except TimeoutError:
            doc = FetchTimeoutError(f"{candidate.url} was not read within {deadline_s:g}s", url=candidate.url)
        except WebQuorumError as exc:
            doc = exc
        except (
            Exception
        ) as exc:  # a reader bug on one hostile page (JSON nested too deep) sinks that page only
            doc = UnsupportedContentError(
                f"{candidate.url} could not be read (unexpected {type(exc).__name__})", url=candidate.url
            )
        done += 1
        if progress:
            progress(f"read {done} of {len(candidates)}")
        return doc

    return list(await asyncio.gather(*(one(c) for c in candidates)))


def triage_reads(
    candidates: Sequence[SourceCandidate], reads: Sequence[Document | WebQuorumError], gaps: list[Gap]
) -> list[Material]:
    """Failures become gaps (and snippet sources when search gave a snippet); one source per final URL."""
    materials: list[Material] = []
    kept: dict[str, str] = {}
    for candidate, read in zip(candidates, reads, strict=True):
        if isinstance(read, WebQuorumError):
            kind: GapType = (
                "fetch_blocked"
                if read.code in _BLOCKED
                else "unreadable"
                if read.code in _UNREADABLE
                else "fetch_failed"
            )
            fallback = " (the search snippet is given instead)" if candidate.snippet else ""
            gaps.append(
                _gap(kind, f"{read.code}: {read.message}{fallback}", url=candidate.url, query=candidate.query)
            )
            if candidate.snippet:
                materials.append(Material(candidate, candidate.snippet, None))
            continue
        key = url_key(read.final_url)
        if key in kept:
            detail = f"landed on {read.final_url}, like {kept[key]}; one source kept"
            gaps.append(_gap("redirect_duplicate", detail, url=candidate.url, query=candidate.query))
            continue
        kept[key] = candidate.url
        if len(read.text.strip()) < MIN_TEXT:
            detail = (
                f"only {len(read.text.strip())} characters of text (under {MIN_TEXT}); all of it is shown"
            )
            gaps.append(_gap("insufficient_text", detail, url=candidate.url, query=candidate.query))
        materials.append(Material(candidate, read.text, read))
    return materials


# -- passages and bounds ---------------------------------------------------------------------------
def ranking_language(request: CollectRequest, materials: Sequence[Material]) -> str | None:
    """The request's language when it searched (it is unused in URL-only mode), else the documents' usual
    one."""
    if request.language and request.queries:
        return request.language
    declared = Counter(m.doc.language for m in materials if m.doc is not None and m.doc.language)
    return declared.most_common(1)[0][0] if declared else None


def fit_total(selections: Sequence[Selection], total: int) -> tuple[list[list[Passage]], list[list[Passage]]]:
    """Keep each source's best first, then each one's second, ... while the total allows; the rest is
    dropped."""
    kept: list[list[Passage]] = [[] for _ in selections]
    dropped: list[list[Passage]] = [[] for _ in selections]
    used = 0
    for rank in range(max((len(s.chosen) for s in selections), default=0)):
        for n, selection in enumerate(selections):
            if rank < len(selection.chosen):
                passage = selection.chosen[rank]
                size = passage.end - passage.start
                fits = not dropped[n] and used + size <= total  # never a source's third without its second
                (kept if fits else dropped)[n].append(passage)
                used += size if fits else 0
    return kept, dropped


def _offsets(passages: Sequence[Passage]) -> str:
    shown = ", ".join(f"{p.start}-{p.end}" for p in passages[:SHOWN_OFFSETS])
    return shown + (", ..." if len(passages) > SHOWN_OFFSETS else "")


def truncation_note(
    material: Material, selection: Selection, dropped: Sequence[Passage], s: CollectSettings
) -> str:
    notes = []
    if len(material.text) > SCAN_CHARS:
        notes.append(f"passages chosen from the first {SCAN_CHARS:,} of {len(material.text):,} characters")
    if selection.left_out:
        notes.append(
            f"{len(selection.left_out)} more matching passages over the {s.excerpts_per_source}-excerpt limit "
            f"(at {_offsets(selection.left_out)})"
        )
    if dropped:
        notes.append(
            f"{len(dropped)} excerpts cut to keep the output within {s.total_chars:,} characters (at {_offsets(dropped)})"
        )
    return "; ".join(notes)


def build_sources(
    materials: Sequence[Material], request: CollectRequest, s: CollectSettings, gaps: list[Gap]
) -> list[CollectSource]:
    ranking = [*request.queries, *([request.topic] if request.topic else [])]
    selections = select_passages(
        [m.text for m in materials],
        ranking,
        max_chars=s.excerpt_chars,
        per_doc=s.excerpts_per_source,
        scan_chars=SCAN_CHARS,
        language=ranking_language(request, materials),
    )
    kept, dropped = fit_total(selections, s.total_chars)
    sources: list[CollectSource] = []
    for material, selection, passages, cut in zip(materials, selections, kept, dropped, strict=True):
        note = truncation_note(material, selection, cut, s)
        if note:
            gaps.append(_gap("truncated", note, url=material.candidate.url))
        sources.append(_source(material, passages, ranking))
    return sources


def _source(material: Material, passages: Sequence[Passage], ranking: Sequence[str]) -> CollectSource:
    doc, candidate = material.doc, material.candidate
    digest = content_hash(doc.text) if doc is not None else None
    excerpts = []
    for p in passages:
        expand = None
        if digest is not None:
            offset = max(0, p.start - EXPAND_CONTEXT)
            budget = min(MAX_BUDGET, p.end + EXPAND_CONTEXT - offset)
            expand = Expand(
                arguments=ExpandArguments(
                    url=candidate.url, offset=offset, budget=budget, expected_content_hash=digest
                )
            )
        matched = ranking[p.matched] if p.matched is not None else None
        excerpts.append(
            Excerpt(
                text=material.text[p.start : p.end],
                start=p.start,
                end=p.end,
                score=round(p.score, 4),
                matched=matched,
                expand=expand,
            )
        )
    final_url = doc.final_url if doc is not None else candidate.url
    kind: SourceType = doc.source_type if doc is not None else "snippet"
    return CollectSource(
        source_id=source_id(final_url),
        url=candidate.url,
        final_url=final_url,
        source_type=kind,
        title=(doc.title if doc is not None else candidate.title) or None,
        published=doc.published if doc is not None else candidate.published,
        content_hash=digest,
        text_truncated=len(material.text) > SCAN_CHARS,
        excerpts=excerpts,
    )


def _gap(kind: GapType, detail: str, *, url: str | None = None, query: str | None = None) -> Gap:
    return Gap(type=kind, detail=detail, url=url, query=query)


# -- the pipeline ----------------------------------------------------------------------------------
async def collect(rt: Runtime, request: dict[str, Any]) -> CollectResult:
    payload = dict(request)
    progress: Progress | None = payload.pop("progress", None)
    settings = rt.config.collect
    parsed = parse_request(payload, settings)
    budget = parsed.max_sources or min(settings.max_sources_default, settings.max_sources_cap)
    try:
        scope = site_scope(parsed.sites, None, rt.config.site_sets)
    except BadRequestError as exc:  # collect answers a bad request with its own refusal, as for every field
        raise RequestRefusedError(
            exc.message, hint="name registrable domains such as nasa.gov, or @set names from site_sets"
        ) from None
    gaps: list[Gap] = []
    urls = [u for u in parsed.urls if scope.admits(u)] if scope else list(parsed.urls)
    for url in parsed.urls:
        if url not in urls:
            gaps.append(_gap("candidate_omitted", "outside the sites this call is limited to", url=url))
    candidates = take_urls(urls, budget, gaps)
    answered: list[tuple[str, SearchResponse]] = []
    slots = budget - len(candidates)
    if parsed.queries and slots <= 0:
        for query in parsed.queries:
            gaps.append(
                _gap(
                    "candidate_omitted", f"not searched: the urls filled max_sources ({budget})", query=query
                )
            )
    elif parsed.queries:
        if progress:
            progress(f"searching {len(parsed.queries)} query variants")
        answered = await search_variants(rt, parsed, budget, gaps)
        candidates += round_robin(answered, slots, candidates, gaps)
    if progress:
        progress(f"reading {len(candidates)} sources")
    reads = await read_all(rt, candidates, progress)
    materials = triage_reads(candidates, reads, gaps)
    if progress:
        progress("choosing passages")
    sources = await asyncio.to_thread(build_sources, materials, parsed, settings, gaps)
    report = None
    if scope:
        report = scope.report(
            len(parsed.urls) - len(urls) + sum(r.scope.dropped for _, r in answered if r.scope)
        )
    return CollectResult(query_variants=list(parsed.queries), sources=sources, gaps=gaps, scope=report)
