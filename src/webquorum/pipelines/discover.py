"""Discover (``discover_web_market_signals``): who is behind this market event, in this place?

Nobody has named the organisation yet; the signal exists only as something a publisher printed.
Top to bottom, with no loop that can run twice:

1. refuse a request that cannot be answered honestly, before anything is spent (too broad, a signal
   that is not a market event, people or contact vocabulary, unknown fields);
2. plan at most four queries from signals x geographies, dropping any that names a person or
   fails the egress gate, and spend **one** discovery search on them (OR-ed, exclusions negated);
3. read independent origins, extract organisations by pattern (and by model, if configured, with
   literal quotes), keep only those named in a sentence about a market event, dedupe
   conservatively (:func:`webquorum.text.organisations.dedupe`), drop exclusions, rank;
4. read the discovery results that can promote a top candidate (a later result naming it from
   another origin), then spend **one** grouped verification search over the top <= 5 of the
   requested slice; a candidate is *verified* when an origin other than the one it was found on
   names it in a compatible sentence (from either search), *contradicted* when such an origin
   denies it or gives another figure, otherwise *uncertain*; the rest stay *discovered*.

Every stop (budget, provider failure, zero candidates) is terminal and audited. The result is
never exhaustive and says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from webquorum.analysis.verdicts import conflict
from webquorum.errors import BudgetExhaustedError, RequestRefusedError, WebQuorumError
from webquorum.pipelines.budgeted.context import (
    MAX_READS_PER_RUN,
    RunContext,
    is_provider_failure,
    time_range_for,
)
from webquorum.pipelines.budgeted.egress import redact_query
from webquorum.pipelines.budgeted.model import ModelClient
from webquorum.readers.trim import first_sentence_start
from webquorum.runtime import Runtime
from webquorum.text.events import DENIAL, EVENT, PLACE
from webquorum.text.figure_claims import read_figure_claims
from webquorum.text.fold import fold
from webquorum.text.lexicon import CALENDAR_WORDS
from webquorum.text.organisations import (
    Sighting,
    bare_name,
    dedupe,
    domain_label_matches,
    extract_organisations,
    find_known,
    mentions_name,
    people_vocabulary,
    place_key,
)
from webquorum.text.sentences import sentence_spans, sentence_windows
from webquorum.types import Document, Result, SearchResponse
from webquorum.types.research import (
    Candidate,
    CandidateStatus,
    DiscoverRequest,
    DiscoverResult,
    Evidence,
    StopReason,
    validate_request,
)

MAX_PLANNED = 4
VERIFY_TOP = 5
DISCOVERY_READS = 4
KEEP_FOR_VERIFICATION = 1  # reads the promotion step leaves for the verification search's pages
_EXAMPLE_SIGNALS = ["nueva planta", "ampliación de planta", "licitación"]


# -- 1. the request --------------------------------------------------------------------------------
def parse_discover(payload: Mapping[str, Any]) -> DiscoverRequest:
    """The request, or one refusal that names every problem in it at once (the first problem's code leads)."""
    problems: list[RequestRefusedError] = []
    texts = [
        (k, v)
        for k in ("objective", "signals", "geographies", "exclusions")
        for v in ([payload.get(k)] if isinstance(payload.get(k), str) else payload.get(k) or [])
    ]
    people = [
        (field_name, term)
        for field_name, value in texts
        if (term := people_vocabulary(str(value))) is not None
    ]
    if people:
        named = ", ".join(f"{field_name} ({term!r})" for field_name, term in people)
        problems.append(
            RequestRefusedError(
                "web_discovery_people_refused",
                f"discovery finds organisations behind market events; these name a person or contact, which it does not search for: {named}",
                suggested_correction={
                    "signals": [s for s in payload.get("signals") or [] if not people_vocabulary(str(s))]
                    or _EXAMPLE_SIGNALS
                },
            )
        )
    if not payload.get("signals"):
        problems.append(
            RequestRefusedError(
                "web_discovery_brief_too_broad",
                "without a market signal there is nothing a publisher printed to look for",
                missing=["signals"],
                suggested_correction={"signals": _EXAMPLE_SIGNALS},
            )
        )
    request: DiscoverRequest | None = None
    try:
        request = validate_request(DiscoverRequest, payload, invalid_code="web_discovery_brief_invalid")
    except RequestRefusedError as exc:
        if payload.get("signals"):  # a missing signal is said once, above
            problems.append(exc)
    signals = request.signals if request else [s for s in payload.get("signals") or [] if isinstance(s, str)]
    not_events = [s for s in signals if not EVENT.search(fold(s)) and not people_vocabulary(s)]
    if not_events:
        problems.append(
            RequestRefusedError(
                "web_discovery_signal_not_an_event",
                f"signals must name market events (a new plant, an expansion, a tender, a hiring wave), not products "
                f"or people: {', '.join(repr(s) for s in not_events)}",
                missing=["signals"],
                suggested_correction={
                    "signals": [s for s in signals if s not in not_events] or _EXAMPLE_SIGNALS
                },
            )
        )
    if problems:
        raise _all_at_once(problems)
    assert request is not None
    return request


def _all_at_once(problems: Sequence[RequestRefusedError]) -> RequestRefusedError:
    """One refusal carrying every problem: the first one's code, every reason, every missing field and fix."""
    if len(problems) == 1:
        return problems[0]
    correction: dict[str, Any] = {}
    for problem in problems:
        correction.update(
            problem.suggested_correction
        )  # later checks are stricter about signals: their fix wins
    return RequestRefusedError(
        problems[0].error,
        "; ".join(str(p.why or p.error) for p in problems),
        missing=list(dict.fromkeys(m for p in problems for m in p.missing)),
        suggested_correction=correction,
    )


# -- 2. plan and spend the discovery search --------------------------------------------------------
def plan_queries(run: RunContext, request: DiscoverRequest) -> list[str]:
    planned = [" ".join(f"{s} {g}".split()) for s in request.signals for g in (request.geographies or [""])]
    kept: list[str] = []
    for query in planned:
        if len(kept) == MAX_PLANNED:
            run.record(
                "drop", f"planned query past the {MAX_PLANNED}-query plan; not run", query=redact_query(query)
            )
            continue
        person = people_vocabulary(query)
        if person is not None:
            run.record(
                "drop",
                f"planned query names a person or contact ({person}); dropped, not repaired",
                query=redact_query(query),
            )
        elif run.gate(query, "discovery"):
            kept.append(query)
    return kept


def combined(run: RunContext, queries: Sequence[str], exclusions: Sequence[str]) -> str:
    """The planned queries OR-ed, exclusions negated; an exclusion the egress gate refuses stays out of the
    query (audited) and is still applied to the results (:func:`excluded`)."""
    core = queries[0] if len(queries) == 1 else " OR ".join(f"({q})" for q in queries)
    negated = [f'-"{x}"' for x in exclusions if x.strip() and run.gate(x, "exclusion")]
    return " ".join([core, *negated])


async def spend(run: RunContext, query: str, request: DiscoverRequest) -> SearchResponse | StopReason:
    """One run-level search, or the terminal reason it could not be had."""
    try:
        return await run.search(query, time_range=time_range_for(request.freshness_days), max_results=10)
    except BudgetExhaustedError:
        return "budget_exhausted"
    except WebQuorumError as exc:
        if not is_provider_failure(exc):
            raise
        return "provider_failed"


# -- 3. extract, dedupe, rank ----------------------------------------------------------------------
def stated_geography(passage: str, geographies: Sequence[str]) -> str | None:
    """The place the passage states ("en Apodaca, Nuevo León"), else a requested geography it names, else
    None."""
    for m in PLACE.finditer(passage):
        place = m.group(1)
        if fold(place.split()[0]) not in CALENDAR_WORDS and not extract_organisations(place):
            return place
    return next((g for g in geographies if mentions_name(passage, g)), None)


def event_window(doc: Document, at: int) -> tuple[int, int] | None:
    """The sentence holding offset ``at``, extended by the next one if needed, when it is about a market
    event."""
    spans = sentence_spans(doc.text)
    for i, (start, end) in enumerate(spans):
        if start <= at < end:
            for stop in (end, spans[i + 1][1] if i + 1 < len(spans) else end):
                if EVENT.search(fold(doc.text[start:stop])):
                    return start, stop
            return None
    return None


def sightings(
    run: RunContext, request: DiscoverRequest, docs: Sequence[tuple[Document, str]]
) -> list[Sighting]:
    """One sighting per organisation per document, named in a sentence about a market event."""
    found = [extract_organisations(doc.text) for doc, _ in docs]
    known = [m.name for mentions in found for m in mentions]
    out: list[Sighting] = []
    for d, (doc, origin) in enumerate(docs):
        in_scope = any(mentions_name(doc.text, g) for g in request.geographies)
        per_key: dict[str, Sighting] = {}
        prose = first_sentence_start(
            doc.text
        )  # a page's text now keeps its headline: sightings come from its prose
        mentions = sorted(found[d] + find_known(doc.text, known), key=lambda m: (m.start, -m.end))
        mentions = [m for m in mentions if m.start >= prose]
        for m_index, m in enumerate(mentions):
            if m.key in per_key:
                per_key[m.key].names.extend([m.name] if m.name not in per_key[m.key].names else [])
                continue
            window = event_window(doc, m.start)
            if window is None:
                continue
            entry = run.ledger.mint(doc, *window, origin)
            domain = entry.domain if domain_label_matches(entry.domain, m.name) else None
            place = stated_geography(doc.text[window[0] : window[1]], request.geographies)
            per_key[m.key] = Sighting(
                m.name, place, domain, [entry.id], {origin}, d * 1000 + m_index, [], None, in_scope
            )
        out.extend(per_key.values())
    return out


async def model_sightings(
    run: RunContext, model: ModelClient, docs: Sequence[tuple[Document, str]]
) -> list[Sighting]:
    excerpts: list[Evidence] = []
    for doc, origin in docs:
        for start, end in sentence_spans(doc.text):
            if EVENT.search(fold(doc.text[start:end])) and len(excerpts) < 8:
                excerpts.append(run.ledger.mint(doc, start, end, origin))
    found = await model.extract_candidates(excerpts) if excerpts else []
    return [
        Sighting(
            c.name,
            c.geography,
            c.evidence.domain if domain_label_matches(c.evidence.domain, c.name) else None,
            [c.evidence.id],
            {c.evidence.origin},
            100_000 + i,
        )
        for i, c in enumerate(found)
    ]


def excluded(run: RunContext, candidate: Sighting, exclusions: Sequence[str]) -> bool:
    for x in exclusions:
        key = fold(x).strip()
        if key and (key in fold(candidate.name) or key in (candidate.domain or "")):
            run.record("drop", f"candidate {candidate.name!r} matches exclusion {x!r}")
            return True
    return False


# -- 4. verify the top slice -----------------------------------------------------------------------
def judge(
    run: RunContext, c: Sighting, docs: Sequence[tuple[Document, str]]
) -> tuple[CandidateStatus, list[str]]:
    """verified / contradicted / uncertain from origins other than the one the candidate was found on.

    A second independent origin counts wherever it came from: the verification search, or another
    discovery result (read during discovery or for promotion, :func:`read_promoting`).
    """
    first = run.ledger.get(c.evidence_ids[0])
    claimed = read_figure_claims(first.text) if first else []
    found_on = first.origin if first else None
    agree: list[str] = []
    deny: list[str] = []
    for doc, origin in docs:
        if origin == found_on:
            continue
        prose = first_sentence_start(doc.text)  # the page's prose, not its headline (offsets stay doc.text's)
        for start, end in ((s + prose, e + prose) for s, e in sentence_windows(doc.text[prose:])):
            passage = doc.text[start:end]
            if not any(mentions_name(passage, n) for n in c.names):
                continue
            place = stated_geography(passage, [])
            if place and c.geography and place_key(place) != place_key(c.geography):
                continue  # another site of a same-named company: not about this candidate
            if DENIAL.search(fold(passage)) or conflict(claimed, passage):
                deny.append(run.ledger.mint(doc, start, end, origin).id)
                break
            if EVENT.search(fold(passage)) and not agree:
                agree.append(run.ledger.mint(doc, start, end, origin).id)
    if deny:
        return "contradicted", deny + agree
    return ("verified", agree) if agree else ("uncertain", [])


async def read_promoting(
    run: RunContext,
    results: Sequence[Result],
    docs: Sequence[tuple[Document, str]],
    check: Sequence[Sighting],
) -> list[tuple[Document, str]]:
    """Read the discovery results that can promote a top candidate, within the run's page budget.

    Discovery reads only its first few pages; a later result whose title or snippet names a top
    candidate, from another origin than the one it was found on (the company's own release, say),
    is the second origin that makes it ``verified``. Such pages are read now: one per candidate
    still seen on a single origin, never past the run's read cap, leaving
    ``KEEP_FOR_VERIFICATION`` reads for the verification search. The snippet they stood in with
    is replaced.
    """
    reads = MAX_READS_PER_RUN - run.reads - KEEP_FOR_VERIFICATION
    read_urls = {doc.url for doc, _ in docs if doc.source_type != "snippet"}
    found_on = {id(c): (e.origin if (e := run.ledger.get(c.evidence_ids[0])) else None) for c in check}
    waiting = {id(c) for c in check if len(c.origins) < 2}  # a second discovery origin already counts
    out: list[tuple[Document, str]] = []
    for r in results:
        if reads <= 0 or not waiting:
            break
        if r.url in read_urls:
            continue
        text = f"{r.title} {r.snippet} {r.content or ''}"
        named = [
            c
            for c in check
            if id(c) in waiting and found_on[id(c)] != r.site and any(mentions_name(text, n) for n in c.names)
        ]
        if not named or run.origins.by_headline(r.title, r.site) is not None:
            continue  # names no top candidate from a new origin, or is a copy of a story already read
        reads -= 1
        doc = await run.read(r.url)
        if doc is None:
            continue
        read_urls.add(r.url)
        origin = run.origins.origin(doc.final_url, doc.title or r.title, doc.text)
        promoted = [c for c in named if origin != found_on[id(c)]]
        if promoted:  # else the same story under another headline: not a second origin
            waiting.difference_update(id(c) for c in promoted)
            out.append((doc, origin))
    return out


def verification_slice(run: RunContext, top: Sequence[Sighting]) -> list[Sighting]:
    """The top <= 5 candidates to check; a name that reads as a person's is dropped from the plan, not
    repaired."""
    check: list[Sighting] = []
    for c in top[:VERIFY_TOP]:
        term = people_vocabulary(c.name)
        if term is None:
            check.append(c)
        else:
            run.record("drop", f"planned verification term names a person or contact ({term}); dropped")
    return check


def grouped_query(check: Sequence[Sighting], signal: str) -> str:
    """One search for the whole slice: the names, each quoted once, OR-ed, plus the first signal."""
    names_q = " OR ".join(f'"{n}"' for n in dict.fromkeys(bare_name(c.name) for c in check))
    return f"({names_q}) {signal}" if " OR " in names_q else f"{names_q} {signal}"


def result(
    run: RunContext,
    request: DiscoverRequest,
    defaulted: bool,
    stop: StopReason,
    ranked: Sequence[tuple[Sighting, CandidateStatus, list[str]]],
) -> DiscoverResult:
    out: list[Candidate] = []
    for c, status, extra in ranked:
        ids = list(dict.fromkeys(c.evidence_ids + extra))
        if not all(run.ledger.issued(i) for i in ids):
            run.record(
                "drop", f"candidate {c.name!r} cites an evidence id the ledger never issued; not rendered"
            )
            continue
        out.append(
            Candidate(
                name=c.name,
                status=status,
                geography=c.geography,
                domain=c.domain,
                evidence_ids=ids,
                alternate_names=c.names[1:],
                merge_rule=c.merge_rule,
            )
        )
    run.record("stop", run.stop_detail(stop, f"{len(out)} candidate(s)"))
    return DiscoverResult(
        run_id=run.run_id,
        objective=request.objective,
        freshness_days=request.freshness_days,
        freshness_days_defaulted=defaulted,
        candidates=out,
        evidence=run.cited([i for c in out for i in c.evidence_ids]),
        budget=run.budget(),
        audit=list(run.audit),
        stop_reason=stop,
    )


async def discover(
    rt: Runtime, payload: Mapping[str, Any], *, progress: Callable[[str], None] | None = None
) -> DiscoverResult:
    step = progress or (lambda message: None)
    request = parse_discover(payload)
    defaulted = "freshness_days" not in payload
    run = RunContext(rt, "discover")
    queries = plan_queries(run, request)
    if not queries:
        return result(run, request, defaulted, "no_queries", [])
    step("searching for the signal")
    found = await spend(run, combined(run, queries, request.exclusions), request)
    if isinstance(found, str):
        return result(run, request, defaulted, found, [])
    step(f"reading up to {min(10, len(found.results))} sources")
    docs = await run.read_origins(found.results, 10, reads=DISCOVERY_READS)
    seen = sightings(run, request, docs)
    model = ModelClient(run)
    if model.available and docs:
        seen += await model_sightings(run, model, docs)
    merged = [c for c in dedupe(seen) if not excluded(run, c, request.exclusions)]
    if not merged:
        return result(run, request, defaulted, "no_candidates", [])
    top = sorted(merged, key=lambda c: (-len(c.origins), not c.in_scope, c.order))[: request.target_results]
    check = verification_slice(run, top)
    promoted = await read_promoting(run, found.results, docs, check)
    replaced = {(doc.url, "snippet") for doc, _ in promoted}
    query = grouped_query(check, request.signals[0])
    if not check or not run.gate(query, "verification"):
        return result(run, request, defaulted, "done", [(c, "discovered", []) for c in top])
    step(f"verifying {len(check)} candidate(s)")
    answer = await spend(run, query, request)
    if isinstance(answer, str):  # nothing half-written: every candidate keeps its discovery status
        return result(run, request, defaulted, answer, [(c, "discovered", []) for c in top])
    later = await run.read_origins(answer.results, 10)
    pool = [*later, *promoted, *((d, o) for d, o in docs if (d.url, d.source_type) not in replaced)]
    verdicts = {id(c): judge(run, c, pool) for c in check}
    ranked = [(c, *verdicts.get(id(c), ("discovered", []))) for c in top]
    return result(run, request, defaulted, "done", ranked)
