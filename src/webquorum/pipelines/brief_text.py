"""Render a brief as text under a hard character cap (pure).

Every source keeps its URL on a line of its own, whole, so a caller can ground a citation
against it; only the page text lines shrink to fit. Page text and titles are untrusted and
are flattened to one line each, so they cannot forge a heading, and a text that is nothing but a
URL is quoted, so it cannot pass for a source's URL line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from webquorum.types import BriefSource

HARD_CAP = 4000
MIN_TEXT = 80
_BARE_URL = re.compile(r"(?i)(?:[a-z][a-z0-9+.-]*://|www\.)\S*")


def one_line(text: str) -> str:
    return " ".join(text.split())


def clip(text: str, limit: int) -> str:
    """Cut at a word boundary and mark the cut with an ellipsis."""
    text = one_line(text)
    if len(text) <= limit:
        return text
    if limit <= 1:
        return ""
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.") + "…"


def header(query: str, searched_at: str, count: int) -> str:
    noun = "source" if count == 1 else "sources"
    return f'Searched {searched_at} for "{clip(query, 300)}" — {count} {noun}'


def _source_lines(source: BriefSource, text_limit: int) -> list[str]:
    dated = f", {source.published[:10]}" if source.published else ""  # which source is newer is the reader's question
    lines = [f"{source.n}. {clip(source.title or source.site, 160)} ({source.site}{dated})", f"   {source.url}"]
    if text_limit > 0 and source.text:
        text = clip(source.text, text_limit)
        lines.append(f'   "{text}"' if _BARE_URL.fullmatch(text) else "   " + text)  # no forged URL line
    if source.snippet_only:
        lines.append("   (snippet only)")
    return lines


def render_brief(
    query: str,
    searched_at: str,
    sources: Sequence[BriefSource],
    agreement_lines: Sequence[str],
    *,
    cap: int = HARD_CAP,
    notes: Sequence[str] = (),
) -> str:
    """The brief text; never longer than ``cap`` characters whatever the pages hold."""
    head = header(query, searched_at, len(sources))
    tail = [clip(line, 600) for line in agreement_lines] + [clip(n, 300) for n in notes]
    fixed = [head, *tail]
    skeleton = sum(len(line) + 1 for line in fixed)
    for source in sources:
        skeleton += sum(len(line) + 1 for line in _source_lines(source, 0)) + 4
    room = cap - skeleton - 1
    per_source = max(0, room // max(1, len(sources)))
    # give unused room from short texts to the others, once
    short = [s for s in sources if len(one_line(s.text)) < per_source]
    if short and len(short) < len(sources):
        spare = sum(per_source - len(one_line(s.text)) for s in short)
        per_source += spare // (len(sources) - len(short))
    limit = max(0, per_source - 4)
    while True:
        body: list[str] = [head]
        for source in sources:
            body.extend(_source_lines(source, limit))
        body.extend(tail)
        text = "\n".join(body)
        if len(text) <= cap or limit == 0:
            break
        limit = max(0, limit - max(MIN_TEXT // 4, (len(text) - cap) // max(1, len(sources)) + 1))
    if len(text) > cap:  # pathological titles or URLs: drop lines from the end, never mid-URL
        kept: list[str] = []
        total = 0
        for line in text.split("\n"):
            if total + len(line) + 1 > cap:
                break
            kept.append(line)
            total += len(line) + 1
        text = "\n".join(kept)
    return text
