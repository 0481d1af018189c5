"""Merge several providers' ranked lists into one ranked, capped list (pure, deterministic).

Hits are grouped by :func:`webquorum.urls.normalize_url`; hits whose URL cannot be parsed are
dropped. Every merged :class:`Result` records ``ranks`` (provider -> 1-based position of its first
hit for the page in that provider's list) and a ``score`` that is non-increasing down the list:

``consensus`` (default)  pages more providers agree on first, then better mean rank:
                         ``score = providers + 1 / (1 + mean_rank)``, so the integer part counts
                         providers and the fraction (at most 0.5) orders within a count.
``rrf``                  reciprocal rank fusion, ``score = sum(1 / (60 + rank))``. Ties break on best
                         rank, then the key, never on list position, so the order does not depend
                         on the order providers are listed or answered in.
``round-robin``          each provider's first page in priority order, then each one's second, ...
``append``               the first provider's list, then the next provider's new pages, ...
``random``               shuffled with a seed taken from SHA-256 of the query, so a replayed query
                         gives the same order in any process.

For the last three ``score = 1 / position``. ``lists`` is in configured priority order; consensus
breaks score ties on best rank, then that order, then the key. The cap keeps the best-scored
pages, so it never drops a page for a lower-scored one. Merged fields: the cleanest spelling
(:func:`~webquorum.urls.display_url`), the best-ranked non-empty title, the longest inline content,
snippets blended by :func:`blend_snippets`, and the earliest publication date.
"""

from __future__ import annotations

import hashlib
import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from webquorum.errors import BadRequestError, BadUrlError
from webquorum.types import MergeStrategy, RawResult, Result
from webquorum.types.core import MERGE_STRATEGIES
from webquorum.urls import display_url, normalize_url, site_of

RRF_K = 60
SNIPPET_SEPARATOR = " … "
NEAR_DUPLICATE = 0.8  # share of a snippet's words already in a kept one that makes it redundant

_WORD = re.compile(r"\w+")
_DATE_PREFIX = re.compile(r"^(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?")


@dataclass
class _Page:
    key: str
    priority: int  # best (lowest) priority index of a provider that returned it
    ranks: dict[str, int] = field(default_factory=dict)
    hits: list[tuple[int, int, RawResult]] = field(default_factory=list)  # (rank, priority, hit)


def fuse(
    lists: Sequence[tuple[str, Sequence[RawResult]]],
    strategy: MergeStrategy,
    *,
    query: str,
    max_results: int,
    snippet_budget: int = 600,
) -> tuple[list[Result], bool]:
    """Fused results capped at ``max_results``, and whether the cap cut anything."""
    if strategy not in MERGE_STRATEGIES:
        raise BadRequestError(
            f"unknown merge strategy {strategy!r}; choose one of {', '.join(MERGE_STRATEGIES)}"
        )
    if max_results < 0:
        raise BadRequestError(f"max_results must be 0 or more, not {max_results}")
    pages, columns = _group(lists)
    ordered = _order(pages, columns, strategy, query)
    kept = ordered[:max_results]
    results = [_merge(pages[key], score, snippet_budget) for key, score in kept]
    return results, len(ordered) > len(kept)


def _group(lists: Sequence[tuple[str, Sequence[RawResult]]]) -> tuple[dict[str, _Page], list[list[str]]]:
    """Pages by key, and each list's distinct keys in rank order (the columns round-robin walks)."""
    pages: dict[str, _Page] = {}
    columns: list[list[str]] = []
    for priority, (provider, hits) in enumerate(lists):
        column: dict[str, None] = {}  # ordered set
        for rank, hit in enumerate(hits, 1):
            try:
                key = normalize_url(hit.url)
            except BadUrlError:
                continue
            page = pages.get(key)
            if page is None:
                page = pages[key] = _Page(key, priority)
            if provider not in page.ranks:
                page.ranks[provider] = rank
            column.setdefault(key, None)
            page.hits.append((rank, priority, hit))
        columns.append(list(column))
    return pages, columns


def _order(
    pages: dict[str, _Page], columns: list[list[str]], strategy: str, query: str
) -> list[tuple[str, float]]:
    if strategy == "rrf":
        scored = [(math.fsum(1 / (RRF_K + r) for r in p.ranks.values()), p) for p in pages.values()]
        scored.sort(key=lambda sp: (-sp[0], min(sp[1].ranks.values()), sp[1].key))
        return [(p.key, score) for score, p in scored]
    if strategy == "consensus":
        scored = [(_consensus_score(p), p) for p in pages.values()]
        scored.sort(key=lambda sp: (-sp[0], min(sp[1].ranks.values()), sp[1].priority, sp[1].key))
        return [(p.key, score) for score, p in scored]
    if strategy == "round-robin":
        keys = _interleave(columns)
    elif strategy == "append":
        keys = list(dict.fromkeys(key for column in columns for key in column))
    else:
        keys = sorted(pages)
        random.Random(_query_seed(query)).shuffle(keys)
    return [(key, 1 / position) for position, key in enumerate(keys, 1)]


def _consensus_score(page: _Page) -> float:
    count = len(page.ranks)
    return count + 1 / (1 + math.fsum(page.ranks.values()) / count)


def _interleave(columns: list[list[str]]) -> list[str]:
    taken: dict[str, None] = {}
    for depth in range(max((len(c) for c in columns), default=0)):
        for column in columns:
            if depth < len(column):
                taken.setdefault(column[depth], None)
    return list(taken)


def _query_seed(query: str) -> int:
    """Stable across processes and Python versions, unlike ``hash()``."""
    return int.from_bytes(hashlib.sha256(" ".join(query.split()).encode("utf-8")).digest()[:8], "big")


def _merge(page: _Page, score: float, snippet_budget: int) -> Result:
    hits = [hit for _rank, _priority, hit in sorted(page.hits, key=lambda h: (h[0], h[1]))]
    url = display_url([hit.url for hit in hits])
    contents = [hit.content for hit in hits if hit.content and hit.content.strip()]
    return Result(
        url=url,
        title=next((hit.title.strip() for hit in hits if hit.title.strip()), ""),
        snippet=blend_snippets([hit.snippet for hit in hits], snippet_budget),
        content=max(contents, key=len) if contents else None,
        published=_earliest([hit.published for hit in hits if hit.published]),
        site=site_of(url),
        score=round(score, 6),
        ranks=dict(page.ranks),
    )


def blend_snippets(snippets: Sequence[str], budget: int) -> str:
    """Longest snippets first, joined with " … " within ``budget`` characters.

    A snippet whose text is contained in a kept one, or whose words are mostly (NEAR_DUPLICATE)
    in a kept one, adds nothing and is dropped. A first snippet longer than the budget is clipped
    at a word boundary with "…".
    """
    if budget <= 0:
        return ""
    cleaned = [text for text in (" ".join(s.split()) for s in snippets) if text]
    if len(cleaned) == 1:
        return cleaned[0] if len(cleaned[0]) <= budget else _clip(cleaned[0], budget)
    kept: list[str] = []
    seen: list[tuple[str, frozenset[str]]] = []
    for text in sorted(cleaned, key=len, reverse=True):
        folded = " ".join(_WORD.findall(text.casefold()))
        words = frozenset(folded.split())
        if any(folded in other or _mostly_in(words, other_words) for other, other_words in seen):
            continue
        kept.append(text)
        seen.append((folded, words))
    blended = ""
    for text in kept:
        piece = f"{SNIPPET_SEPARATOR}{text}" if blended else text
        if len(blended) + len(piece) <= budget:
            blended += piece
        elif not blended:
            blended = _clip(text, budget)
    return blended


def _mostly_in(words: frozenset[str], other: frozenset[str]) -> bool:
    return bool(words) and len(words & other) >= NEAR_DUPLICATE * len(words)


def _clip(text: str, budget: int) -> str:
    if budget < 2:
        return text[:budget]
    cut = text[: budget - 1]
    space = cut.rfind(" ")
    if space >= budget // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"


def _earliest(dates: Sequence[str]) -> str | None:
    """The earliest of ISO-like dates as given; a date-only value counts as midnight UTC."""
    best: tuple[datetime, str] | None = None
    for text in dates:
        when = _when(text.strip())
        if when is not None and (best is None or when < best[0]):
            best = (when, text.strip())
    if best is not None:
        return best[1]
    return next((d.strip() for d in dates if d.strip()), None)


def _when(text: str) -> datetime | None:
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        match = _DATE_PREFIX.match(text)
        if match is None:
            return None
        try:
            when = datetime(int(match[1]), int(match[2] or 1), int(match[3] or 1))
        except ValueError:
            return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)
