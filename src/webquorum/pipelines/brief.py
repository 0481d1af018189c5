"""The brief: one search, up to N independent sites read in parallel, one compared answer.

Top to bottom: search for more candidates than needed; pick one result per site (Wikipedia and
its mirrors one site, read as any other when it ranks among the first N, else held back); read
them all at once, each settling on its own; when a read fails and time and read budget remain,
start the next distinct-site candidate in its place; start a held-back Wikipedia as a hedge as
soon as fewer than two independent readings are certain (a read failed, or half the deadline
passed with reads out), and drop it should two independent sites answer after all; count
syndicated copies once; compare names and figures deterministically; render under 4,000
characters.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from webquorum.analysis.answer import Answer
from webquorum.analysis.compare import COMPARED_CHARS, compare_sources
from webquorum.errors import BadRequestError, FetchTimeoutError, WebQuorumError
from webquorum.pipelines.brief_text import clip, render_agreement, render_brief
from webquorum.pipelines.fetch import read_document
from webquorum.pipelines.search import cancel_and_wait, search
from webquorum.ranges import MAX_BRIEF_SOURCES
from webquorum.readers.trim import trim_to_first_sentence
from webquorum.resilience import notices
from webquorum.runtime import Runtime
from webquorum.text.figures import extract_figures
from webquorum.text.fold import opening_key
from webquorum.text.names import name_mentions
from webquorum.types import (
    AnswerItem,
    Brief,
    BriefSource,
    DroppedSource,
    Result,
    Scope,
)
from webquorum.urls import is_wikipedia, site_key

# Characters of a provider's inline page text that make reading the page unnecessary for a brief, which
# compares up to 3,000 of each source; verify and discover, which look for one passage, need less
# (pipelines/budgeted/context.INLINE_FOR_PASSAGES).
INLINE_TO_COMPARE = 2000
HEDGE_AFTER = 0.5  # share of the read deadline after which Wikipedia is started while reads are still out
MIN_READ_S = 0.25  # no read is started with less time than this left
Progress = Callable[[str], None]


@dataclass
class Reading:
    result: Result
    text: str = ""
    reader: str = ""
    error: WebQuorumError | None = None
    published: str | None = None  # the page's own date, when it states one

    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.text.strip())


def pick_candidates(results: Sequence[Result], want: int) -> tuple[list[Result], Result | None]:
    """One result per site in fused order, Wikipedia and its mirrors one site among them; and the hedge.

    The best Wikipedia result is read as an ordinary site when it ranks among the first ``want`` sites, and
    held apart as the hedge (returned second) when it ranks lower. Real pages (issue 22, round 189): of the
    pages labelled on sets EZ to FF, Wikipedia's were current 78% of the time against 58% elsewhere, and
    holding a top-ranked article back gave its place to a lower-ranked, older page; judged on sets FI and
    FO pooled, answers held, found and named rose by one and false disagreements fell by two. It is still
    one site: a second mirror or language edition is never read beside it."""
    seen: set[str] = set()
    distinct: list[Result] = []
    wiki: Result | None = None
    for result in results:
        if is_wikipedia(result.url):
            if wiki is None:
                wiki = result
                distinct.append(result)
            continue
        key = site_key(result.site)  # one IDN site spelled in both scripts is one site
        if key in seen:
            continue
        seen.add(key)
        distinct.append(result)
    if wiki is None or wiki in distinct[:want]:
        return distinct, None
    return [r for r in distinct if r is not wiki], wiki


def has_inline_text(result: Result) -> bool:
    """Enough page text came with the search result that reading the page would add nothing."""
    return result.content is not None and len(result.content) >= INLINE_TO_COMPARE


async def _read(rt: Runtime, result: Result, reader: str, deadline_s: float) -> Reading:
    if result.content is not None and has_inline_text(result):
        return Reading(result, trim_to_first_sentence(result.content), reader="inline")
    try:
        doc = await read_document(rt, result.url, reader=reader, deadline_s=deadline_s)
    except WebQuorumError as exc:
        return Reading(result, error=exc, reader=reader)
    # fetch returns the page's whole main text; the brief's excerpt starts at its first real sentence
    return Reading(
        result, trim_to_first_sentence(doc.text), reader=reader, published=doc.published or result.published
    )


async def read_sources(
    rt: Runtime,
    distinct: list[Result],
    hedge: Result | None,
    want: int,
    reader: str,
    progress: Progress | None,
) -> tuple[list[Reading], dict[str, int]]:
    """Read ``want`` sites at once; replace failures from the backups while time and budget last.

    Wikipedia, when it ranks below the first ``want`` sites, is the ``hedge``: it is started as soon
    as fewer than ``min(2, want)`` independent readings are certain and one of them has failed, or half
    the read deadline has passed with reads still out (a stalled page fails only at the deadline, too
    late for a stand-in). It is one read beyond the ``want + 1`` budget of independent reads, started at
    most once, and cancelled (or later dropped) as soon as enough independent sites have answered.
    """
    loop = asyncio.get_running_loop()
    deadline_s = rt.config.brief.read_deadline_s
    deadline = loop.time() + deadline_s
    hedge_at = loop.time() + HEDGE_AFTER * deadline_s
    target = min(2, want)
    budget = want + 1  # one stand-in for a dead link
    spent: dict[str, int] = {}
    queue = list(distinct)
    slots: dict[asyncio.Task[Reading], tuple[int, Result]] = {}
    readings: dict[int, Reading] = {}
    replaced: dict[int, Reading] = {}
    wiki_task: asyncio.Task[Reading] | None = None
    next_slot = 0

    def start(result: Result, slot: int) -> asyncio.Task[Reading]:
        nonlocal budget
        if not has_inline_text(result):
            spent[reader] = spent.get(reader, 0) + 1
            if result is not hedge:
                budget -= 1
        remaining = max(0.05, deadline - loop.time())
        task = asyncio.create_task(_read(rt, result, reader, remaining))
        slots[task] = (slot, result)
        return task

    def certain() -> int:
        """Independent sites that have answered: only these make the Wikipedia hedge unnecessary."""
        return sum(r.ok and r.result is not hedge for r in readings.values())

    def start_hedge(failed_slot: int | None) -> bool:
        """Start the Wikipedia read, in the failed read's place when one failed; True when started."""
        nonlocal wiki_task, next_slot
        if (
            hedge is None
            or wiki_task is not None
            or certain() >= target
            or deadline - loop.time() < MIN_READ_S
        ):
            return False
        if failed_slot is None:
            failed_slot, next_slot = next_slot, next_slot + 1
        wiki_task = start(hedge, failed_slot)
        return True

    for slot in range(min(want, len(queue))):
        start(queue.pop(0), slot)
    next_slot = len(slots)
    try:
        while slots:
            now = loop.time()
            wait_until = deadline if wiki_task is not None or hedge is None or now >= hedge_at else hedge_at
            done, _ = await asyncio.wait(
                slots, timeout=max(0.0, wait_until - now), return_when=asyncio.FIRST_COMPLETED
            )
            if not done:
                if loop.time() >= deadline:
                    break
                start_hedge(None)  # half the deadline gone with reads still out
                continue
            for task in done:
                slot, _ = slots.pop(task)
                reading = task.result()
                readings[slot] = reading
                if progress:  # only pages actually read count as read; a blocked site is never "read"
                    got = sum(r.ok for r in readings.values())
                    progress(
                        f"read {got} of {want}: {reading.result.site}"
                        if reading.ok
                        else f"could not read {reading.result.site}; {got} of {want} read"
                    )
                if reading.ok or deadline - loop.time() < MIN_READ_S:
                    continue
                if queue and budget > 0:
                    replaced[slot] = reading
                    start(queue.pop(0), slot)
                elif start_hedge(slot):
                    replaced[slot] = reading
            if wiki_task is not None and wiki_task in slots and certain() >= target:
                slot, _ = slots.pop(wiki_task)  # two independent sites answered: the hedge is not needed
                await cancel_and_wait([wiki_task])
                if slot in replaced:
                    readings[slot] = replaced.pop(slot)
    finally:
        if slots:
            await cancel_and_wait(list(slots))
    for slot, result in slots.values():  # reads still out at the deadline
        late = FetchTimeoutError(f"{result.url} was not read within {deadline_s:g}s", url=result.url)
        readings[slot] = replaced.get(slot) or Reading(result, error=late, reader=reader)
    ordered: list[Reading] = []
    for slot in sorted(readings):
        reading = readings[slot]
        if not reading.ok and slot in replaced:
            reading = replaced[slot]  # both failed: show the original's snippet
        ordered.append(reading)
    return ordered, spent


def drop_copies(readings: list[Reading]) -> tuple[list[Reading], list[DroppedSource]]:
    """Syndicated copies count once (the first stays): one opening on two hosts, and the same claims.

    Syndication means the same text (:func:`webquorum.text.fold.opening_key`: one opening). A page
    that opens like another but states other figures or names is not a copy: it is an edited copy,
    and the conflict between the two is the most important thing a brief can report, so it is kept.
    """
    kept: list[Reading] = []
    dropped: list[DroppedSource] = []
    openings: dict[str, Reading] = {}
    for reading in readings:
        key = opening_key(reading.text) if reading.ok else None
        if key is not None and key in openings and same_claims(reading.text, openings[key].text):
            dropped.append(
                DroppedSource(url=reading.result.url, reason=f"syndicated copy of {openings[key].result.url}")
            )
            continue
        if key is not None:
            openings[key] = reading
        kept.append(reading)
    return kept, dropped


def same_claims(a: str, b: str, limit: int = 3000) -> bool:
    """Whether two texts say the same things: the same figures, names and content words over their common
    part.

    Compared over the shorter text's length (less a tail that one copy may have cut mid-sentence), so a
    truncated syndicated copy is still a copy, and a copy with one word changed ("a defender" edited to
    "a forward", a year, a name) is not.
    """
    common = min(len(a), len(b), limit)
    # the shorter text's last whole sentence ends the comparison: a copy cut mid-sentence is still a copy,
    # and an edit in the last whole sentence ("rugby league" made "cricket") is still seen
    ends = [m.end() for m in _SENTENCE_END.finditer(min(a, b, key=len), 0, common)]
    span = ends[-1] if ends and ends[-1] > common // 2 else (common - 200 if common > 400 else common)

    def claims(text: str) -> tuple[set[tuple[str, float]], set[str], set[str]]:
        head = text[:span]
        figures: set[tuple[str, float]] = {(f.kind, round(f.value, 6)) for f in extract_figures(head)}
        words: set[str] = set(_CONTENT_WORD.findall(head.lower()))
        return figures, {n.key for n in name_mentions(head) if not n.weak}, words

    return claims(a) == claims(b)


_CONTENT_WORD = re.compile(r"[^\W\d_]{4,}")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def drop_unneeded_wikipedia(
    readings: list[Reading], hedge: Result | None, want: int = 2
) -> tuple[list[Reading], list[DroppedSource]]:
    """Drop the Wikipedia hedge once ``min(2, want)`` independent sites answered: a stand-in must not decide
    an answer alone. A Wikipedia read as one of the first sites (:func:`pick_candidates`) is no hedge."""
    independent = [r for r in readings if r.ok and r.result is not hedge]
    if hedge is None or len(independent) < min(2, want):
        return readings, []
    enough = "two independent sites" if want >= 2 else "an independent site"
    dropped = [
        DroppedSource(url=r.result.url, reason=f"Wikipedia not needed: {enough} answered")
        for r in readings
        if r.result is hedge
    ]
    return [r for r in readings if r.result is not hedge], dropped


@notices.reported
async def brief(
    rt: Runtime,
    query: str,
    *,
    provider: str | None = None,
    reader: str | None = None,
    sources: int | None = None,
    progress: Progress | None = None,
    sites: Iterable[str] | None = None,
    exclude_sites: Iterable[str] | None = None,
) -> Brief:
    want = sources if sources is not None else rt.config.brief.sources
    if not 1 <= want <= MAX_BRIEF_SOURCES:
        raise BadRequestError(f"sources {want} is out of range; use 1 to {MAX_BRIEF_SOURCES}")
    reader_id = reader or rt.config.web.fetch_provider
    if progress:
        progress(f"searching: {clip(query, 60)}")
    found = await search(
        rt,
        query,
        provider=provider,
        max_results=max(rt.config.brief.candidates, want),
        sites=sites,
        exclude_sites=exclude_sites,
    )
    distinct, hedge = pick_candidates(found.results, want)
    if progress:
        progress(f"reading {min(want, len(distinct) or 1)} sources in parallel")
    readings, spent = await read_sources(rt, distinct, hedge, want, reader_id, progress)
    readings, copies = drop_copies(readings)
    readings, wiki_dropped = drop_unneeded_wikipedia(readings, hedge, want)
    if progress:
        progress("comparing sources")
    brief_sources = [
        BriefSource(
            n=i,
            title=clip(r.result.title, 200),
            site=r.result.site,
            url=r.result.url,
            text=r.text if r.ok else r.result.snippet,
            snippet_only=not r.ok,
            error=None if r.ok else (r.error.code if r.error else "WEB_FETCH_EMPTY"),
            published=r.published if r.ok else r.result.published,
        )
        for i, r in enumerate(readings, 1)
    ]
    comparison = compare_sources(
        [s for s in brief_sources if s.text],
        query=query,
        max_chars_per_source=COMPARED_CHARS,
    )
    searched_at = datetime.now(UTC).date().isoformat()
    empty = (
        "Nothing was found for this query; try other words."
        if not found.results and not found.failures
        else None
    )
    notes = [] if brief_sources else [empty or "No source could be read; try another query or provider."]
    scope = scope_report(found.scope, brief_sources)
    if scope is not None and scope.note:
        notes.append(scope.note)
    text = render_brief(
        query,
        searched_at,
        brief_sources,
        render_agreement(comparison),
        cap=rt.config.brief.max_chars,
        notes=notes,
    )
    return Brief(
        query=found.query,
        searched_at=searched_at,
        provider=found.provider,
        reader=reader_id,
        sources=[s.model_copy(update={"text": clip(s.text, 1500)}) for s in brief_sources],
        answer=_answer_item(comparison.answer),
        agreed=comparison.agreed,
        disagreed=comparison.disagreed,
        reads_spent=spent,
        failures=found.failures,
        dropped=copies + wiki_dropped,
        brief=text,
        scope=scope,
    )


def scope_report(scope: Scope | None, sources: Sequence[BriefSource]) -> Scope | None:
    """The search's scope report, with a note when the scoped sites gave fewer than two independent readings.

    Independent readings are pages read in full from distinct sites: one site cannot cross-check
    itself, so a brief scoped that narrowly must say its agreement lines cannot be trusted as such.
    """
    if scope is None:
        return None
    read = len({s.site for s in sources if not s.snippet_only})
    if read >= 2:
        return scope
    where = ", ".join(scope.sites) if scope.sites else "the sites left after the exclusions"
    note = (
        f"Scoped to {where}: {'only one independent reading' if read == 1 else 'no page could be read in full'}, "
        "fewer than two, so nothing here is cross-checked; widen the sites for a comparison."
    )
    return scope.model_copy(update={"note": note})


def _answer_item(answer: Answer | None) -> AnswerItem | None:
    if answer is None:
        return None
    return AnswerItem(
        kind=answer.kind,
        value=answer.value,
        count=answer.count,
        of=answer.of,
        quantity=answer.words,
        sites=list(answer.sites),
        rivals=[v for v, _ in answer.rivals],
    )
