"""One search: a provider or a combo of providers, fused into one ranked, capped list.

Reads top to bottom: validate the query, resolve what ``provider`` names, ask the members
(all at once under one deadline, or in priority order until enough distinct results exist),
record per-provider failures, fuse in configured priority order, cap.

Stragglers never hold a concurrent combo hostage: once ``combo.quorum`` members have answered
with results (by default all but one of the members that have not failed), the rest get as long
again as the quorum took (at least :data:`MIN_STRAGGLER_WAIT_S`, at most ``combo.straggler_wait_s``)
and are then cut and reported as ``WEB_PROVIDER_TIMEOUT``. A failure is not an answer: from a
data-centre address four keyless engines may refuse at once (a 500, a 429, a challenge, a refused
connection), and the one engine still working must not be cut for their speed.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, get_args

from webquorum.analysis.fusion import fuse
from webquorum.config import Combo
from webquorum.errors import (
    BadRequestError,
    ConfiguredUnavailableError,
    ProviderTimeoutError,
    ProviderUnreachableError,
    WebQuorumError,
)
from webquorum.providers import PROVIDER_IDS
from webquorum.ranges import MAX_RESULTS
from webquorum.resilience import notices
from webquorum.runtime import AttemptHook, Runtime, require_available
from webquorum.scope import SiteScope, site_scope
from webquorum.types import ProviderFailure, RawResult, Result, Scope, SearchQuery, SearchResponse, TimeRange
from webquorum.urls import normalize_url

MAX_QUERY_CHARS = 2000
MIN_STRAGGLER_WAIT_S = 0.2
# a scoped search asks each provider for this many times the results: some will be dropped
SCOPED_OVERFETCH = 2
TIME_RANGES: tuple[str, ...] = get_args(TimeRange)


def check_query(query: str) -> str:
    text = " ".join((query or "").split())
    if not text:
        raise BadRequestError("query is empty; pass the words to search for")
    if len(text) > MAX_QUERY_CHARS:
        raise BadRequestError(f"query is {len(text)} characters; the limit is {MAX_QUERY_CHARS}, shorten it")
    return text


def check_time_range(time_range: str | None) -> TimeRange | None:
    if time_range is None:
        return None
    if time_range not in TIME_RANGES:
        raise BadRequestError(
            f"time_range {time_range!r} is not allowed; use one of {', '.join(TIME_RANGES)}"
        )
    return time_range  # type: ignore[return-value]


def failure_of(provider: str, exc: WebQuorumError) -> ProviderFailure:
    return ProviderFailure(provider=provider, code=exc.code, message=exc.message, status=exc.status)


@notices.reported
async def search(
    rt: Runtime,
    query: str,
    *,
    provider: str | None = None,
    max_results: int | None = None,
    language: str | None = None,
    time_range: str | None = None,
    safesearch: int | None = None,
    on_attempt: AttemptHook | None = None,
    only: Sequence[str] | None = None,
    sites: Iterable[str] | None = None,
    exclude_sites: Iterable[str] | None = None,
) -> SearchResponse:
    """Search one provider or combo; ``only`` runs just those members of a combo (a run's money ceiling).

    ``sites`` / ``exclude_sites`` (domains, hosts or ``@set`` names) go to each provider in its own
    form, and every fused result is checked against them afterwards (:func:`in_scope`).
    """
    text = check_query(query)
    scope = site_scope(sites, exclude_sites, rt.config.site_sets)
    if safesearch is not None and safesearch not in (0, 1, 2):
        raise BadRequestError(
            f"safesearch {safesearch} is not allowed; use 0 (off), 1 (moderate) or 2 (strict)"
        )
    cap = max_results if max_results is not None else rt.config.web.max_results
    if not 1 <= cap <= MAX_RESULTS:
        raise BadRequestError(f"max_results {cap} is out of range; use 1 to {MAX_RESULTS}")
    request = SearchQuery(
        query=text,
        max_results=min(MAX_RESULTS, cap * SCOPED_OVERFETCH) if scope else cap,
        language=language,
        time_range=check_time_range(time_range),
        safesearch=safesearch,
        sites=scope.sites,
        exclude_sites=scope.exclude_sites,
    )
    selected = provider or rt.config.web.search_provider
    combo = rt.config.combo(selected)
    if combo is None:
        if selected not in PROVIDER_IDS:
            known = sorted({*PROVIDER_IDS, "auto", *(c.id for c in rt.config.combos)})
            raise BadRequestError(f"unknown provider or combo {selected!r}; choose one of {', '.join(known)}")
        require_available(rt, selected)
        results = await rt.search_provider(selected, request, on_attempt=on_attempt)
        fused, truncated = fuse([(selected, results)], "append", query=text, max_results=request.max_results)
        kept, truncated, report = in_scope(fused, truncated, scope, cap)
        return SearchResponse(query=text, provider=selected, results=kept, truncated=truncated, scope=report)
    if only is not None:
        combo = combo.model_copy(update={"members": [m for m in combo.members if m in only] or list(only)})
    response = await _search_combo(rt, combo, request, on_attempt, scope)
    kept, truncated, report = in_scope(response.results, response.truncated, scope, cap)
    return response.model_copy(update={"results": kept, "truncated": truncated, "scope": report})


def in_scope(
    fused: list[Result], truncated: bool, scope: SiteScope, cap: int
) -> tuple[list[Result], bool, Scope | None]:
    """The fused results inside ``scope``, capped; whether anything in scope was cut; the scope report.

    The one place scope is enforced, after fusion, whatever each provider did with the filter it
    was sent: a result whose URL is outside the scope never leaves a search.
    """
    if not scope:
        return fused[:cap], truncated or len(fused) > cap, None
    kept = [result for result in fused if scope.admits(result.url)]
    return kept[:cap], truncated or len(kept) > cap, scope.report(len(fused) - len(kept))


async def _search_combo(
    rt: Runtime, combo: Combo, request: SearchQuery, on_attempt: AttemptHook | None, scope: SiteScope
) -> SearchResponse:
    members: list[str] = []
    skipped: list[str] = []
    for member in combo.members:
        (skipped if rt.unavailable_reason(member) else members).append(member)
    if not members:
        raise ConfiguredUnavailableError(
            f"no member of {combo.id!r} can run: "
            + "; ".join(rt.unavailable_reason(m) or m for m in combo.members[:4]),
            provider=combo.id,
        )
    if combo.concurrent:
        outcomes = await _ask_all(rt, members, request, on_attempt, combo)
    else:
        outcomes = await _ask_in_order(rt, members, request, combo.stop_after_results, on_attempt, scope)
    lists: list[tuple[str, Sequence[RawResult]]] = []
    failures: list[ProviderFailure] = []
    errors: list[tuple[str, WebQuorumError]] = []
    for member, outcome in outcomes:
        if isinstance(outcome, WebQuorumError):
            failures.append(failure_of(member, outcome))
            errors.append((member, outcome))
        else:
            lists.append((member, outcome))
    if not lists:
        raise every_member_failed(combo.id, errors)
    fused, truncated = fuse(
        lists,
        combo.merge,
        query=request.query,
        max_results=request.max_results,
        snippet_budget=combo.snippet_budget,
    )
    return SearchResponse(
        query=request.query,
        provider=combo.id,
        results=fused,
        failures=failures,
        skipped=skipped,
        truncated=truncated,
    )


# A member's failure in a few words, for the hint of a combo whose members failed in different ways.
CAUSE_WORDS = {
    "WEB_PROVIDER_RATE_LIMITED": "rate-limited or challenged",
    "WEB_PROVIDER_CIRCUIT_OPEN": "paused after repeated failures",
    "WEB_PROVIDER_UNREACHABLE": "unreachable",
    "WEB_PROVIDER_TIMEOUT": "timed out",
    "WEB_PROVIDER_BAD_RESPONSE": "unreadable answer",
    "WEB_PROVIDER_ERROR": "answered with an error",
}


def every_member_failed(combo_id: str, errors: list[tuple[str, WebQuorumError]]) -> WebQuorumError:
    """One error that names every member's failure, so a first run offline lists all it tried.

    Its class, code and hint are those of the most common cause (the earliest member's on a tie):
    five engines failing as two challenges, a 500 and a refused connection are rate-limited, and
    the hint says so and counts the rest, rather than speaking for whichever member came first.
    When every member was unreachable (DNS, connection refused) that is WEB_PROVIDER_UNREACHABLE
    with its network-or-proxy hint. ``causes`` keeps each member's own error (SearXNG's
    ``unresponsive_engines`` lists them all).
    """
    first = errors[0][1]
    if len(errors) == 1:
        first.causes = tuple(errors)
        return first
    named = (e.message if e.message.startswith(m) else f"{m}: {e.message}" for m, e in errors)
    message = f"every provider of {combo_id!r} failed: " + "; ".join(named)
    counts = Counter(e.code for _, e in errors)
    if all(isinstance(e, ProviderUnreachableError) for _, e in errors):
        combined: WebQuorumError = ProviderUnreachableError(message, provider=combo_id, transient=True)
    else:
        top = max(counts.values())
        model = next(e for _, e in errors if counts[e.code] == top)
        combined = type(model).__new__(type(model), message)  # same class, code and hint; no __init__ re-run
        combined.__dict__.update(model.__dict__, message=message)
        waits = [e.retry_after for _, e in errors if e.code == model.code and e.retry_after is not None]
        combined.retry_after = min(waits) if waits else None
        if len(counts) > 1:
            summary = ", ".join(f"{n} {CAUSE_WORDS.get(code, 'failed')}" for code, n in counts.most_common())
            combined.hint_text = f"{len(errors)} members: {summary}; {model.hint_text}"
    combined.causes = tuple(errors)
    return combined


Outcome = list[RawResult] | WebQuorumError


async def _ask_one(
    rt: Runtime, member: str, request: SearchQuery, deadline: float | None, on_attempt: AttemptHook | None
) -> Outcome:
    try:
        return await rt.search_provider(member, request, deadline=deadline, on_attempt=on_attempt)
    except WebQuorumError as exc:
        return exc


def quorum_of(combo: Combo, members: int, empty_handed: int = 0) -> int:
    """How many answers with results end the unbounded wait.

    ``combo.quorum``, else all but one of the members that have not failed (or answered nothing),
    never more than those still able to answer and at least one: with four of five failed, the
    fifth is waited for (to its deadline), since it alone can give the search anything.
    """
    alive = members - empty_handed
    wanted = combo.quorum if combo.quorum is not None else alive - 1
    return max(1, min(wanted, alive))


def answered_with_results(task: asyncio.Task[Outcome]) -> bool:
    outcome = task.result()
    return not isinstance(outcome, WebQuorumError) and len(outcome) > 0


async def _ask_all(
    rt: Runtime, members: list[str], request: SearchQuery, on_attempt: AttemptHook | None, combo: Combo
) -> list[tuple[str, Outcome]]:
    """Every member at once under one deadline, stragglers cut after a quorum; cancellation cancels all."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    deadline = started + max(rt.timeout_s(m) for m in members)
    tasks = [asyncio.create_task(_ask_one(rt, m, request, deadline, on_attempt)) for m in members]
    try:
        pending: set[asyncio.Task[Outcome]] = set(tasks)
        answered = empty_handed = 0  # a failure or an empty list is no answer for the quorum
        quorum = quorum_of(combo, len(members))
        while pending and answered < quorum:
            done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                if answered_with_results(task):
                    answered += 1
                else:
                    empty_handed += 1
            quorum = quorum_of(combo, len(members), empty_handed)
        grace = min(combo.straggler_wait_s, max(MIN_STRAGGLER_WAIT_S, loop.time() - started))
        if pending:
            _, pending = await asyncio.wait(pending, timeout=grace)
        await cancel_and_wait(list(pending))
    except BaseException:
        await cancel_and_wait(tasks)
        raise
    outcomes: list[tuple[str, Outcome]] = []
    for member, task in zip(members, tasks, strict=True):
        if task in pending:
            cut = ProviderTimeoutError(
                f"{member}: no answer {grace:.2f}s after {answered} of {len(members)} members of {combo.id!r} "
                "answered with results; cut so the search does not wait for its slowest member",
                provider=member,
            )
            outcomes.append((member, cut))
        else:
            outcomes.append((member, task.result()))
    return outcomes


async def _ask_in_order(
    rt: Runtime,
    members: list[str],
    request: SearchQuery,
    stop_after: int | None,
    on_attempt: AttemptHook | None,
    scope: SiteScope,
) -> list[tuple[str, Outcome]]:
    """Priority order, stopping once ``stop_after`` distinct pages in scope are in hand: a fallback chain."""
    outcomes: list[tuple[str, Outcome]] = []
    distinct: set[str] = set()
    for member in members:
        outcome = await _ask_one(rt, member, request, None, on_attempt)
        outcomes.append((member, outcome))
        if not isinstance(outcome, WebQuorumError):
            for result in outcome:
                if scope and not scope.admits(result.url):
                    continue
                try:
                    distinct.add(normalize_url(result.url))
                except WebQuorumError:
                    continue
        if stop_after is not None and len(distinct) >= stop_after:
            break
    return outcomes


async def cancel_and_wait(tasks: Sequence[asyncio.Future[Any]]) -> None:
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
