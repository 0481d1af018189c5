"""Render a brief as text under a hard character cap (pure): the comparison's lines, then the sources.

Every source keeps its URL on a line of its own, whole, so a caller can ground a citation
against it; only the page text lines shrink to fit. Page text and titles are untrusted and
are flattened to one line each, so they cannot forge a heading, and a text that is nothing but a
URL is quoted, so it cannot pass for a source's URL line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from webquorum.analysis.compare import Comparison
from webquorum.types import BriefSource

HARD_CAP = 4000
MIN_TEXT = 80
_BARE_URL = re.compile(r"(?i)(?:[a-z][a-z0-9+.-]*://|www\.)\S*")
_YEAR_TEXT = re.compile(r"\d{4}")


def one_line(text: str) -> str:
    return " ".join(text.split())


def one_line_head(text: str, limit: int) -> str:
    """``one_line(text)`` when it is at most ``limit`` characters, else a prefix of it longer than ``limit``.

    Why: a brief shows a few hundred characters of each page, and collapsing a whole page's text to
    cut it cost in proportion to the page (0.9 ms a brief for four ordinary articles, tens of ms for
    a long one). A prefix of the text collapses to a prefix of the whole collapse, so a prefix is
    collapsed, twice as long each time, until it holds more than ``limit`` characters or is the text.
    """
    size = 2 * limit + 64
    while size < len(text):
        line = one_line(text[:size])
        if len(line) > limit:
            return line
        size *= 2
    return one_line(text)


def clip(text: str, limit: int) -> str:
    """Cut at a word boundary and mark the cut with an ellipsis."""
    text = one_line_head(text, limit)
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
    dated = (
        f", {source.published[:10]}" if source.published else ""
    )  # which source is newer is the reader's question
    lines = [
        f"{source.n}. {clip(source.title or source.site, 160)} ({source.site}{dated})",
        f"   {source.url}",
    ]
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
    # a head shorter than the room is the whole text collapsed: its length is the text's
    shown = [len(one_line_head(s.text, per_source)) for s in sources]
    short = [n for n in shown if n < per_source]
    if short and len(short) < len(sources):
        spare = sum(per_source - n for n in short)
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


def render_agreement(comparison: Comparison) -> list[str]:
    """The brief's own lines: the answer first, then other agreed items, then each disagreement, typed.

    'Answer (population Broken Bow): 3,559 people in 2/3', 'Also agreed: "Nebraska" in 3/3',
    'Disagreement: s2.com says 10,000 people where 2 others say 3,559 people (population Broken Bow)',
    'Older figure: old.example says 324 m where 3 others say 330 m (pages dated 2022-2025)'.
    These are the tool's words; page text is only ever quoted in them as a value.
    """
    lines: list[str] = []
    answer = comparison.answer
    if answer is not None:
        label = f"Answer ({answer.words})" if answer.words else "Answer"
        if answer.split:
            rivals = " against ".join(
                f"{v} in {n}/{answer.of}" for v, n in ((answer.value, answer.count), *answer.rivals)
            )
            lines.append(f"{label}: sources split: {rivals}")
        else:
            lines.append(f"{label}: {_quoted(answer.kind, answer.value)} in {answer.count}/{answer.of}")
    if comparison.agreed:
        parts = [f"{_quoted(a.kind, a.value)} in {a.count}/{a.of}" for a in comparison.agreed]
        lines.append(("Also agreed: " if answer else "Agreed across sources: ") + "; ".join(parts))
    elif answer is None:
        lines.append("Agreed across sources: nothing that a rule can compare")
    for d in comparison.disagreed:
        others = "1 other says" if d.others_count == 1 else f"{d.others_count} others say"
        lead = "Older figure" if d.type == "older" else "Disagreement"
        about = f" ({d.quantity})" if d.quantity and d.quantity not in d.value else ""
        lines.append(f"{lead}: {d.site} says {d.value} where {others} {d.others_value}{about}")
    return lines


def _quoted(kind: str, value: str) -> str:
    """Names, categories and years in quotes: words taken from a page, not the tool's own."""
    return f'"{value}"' if kind in ("name", "other") or _YEAR_TEXT.fullmatch(value) else value
