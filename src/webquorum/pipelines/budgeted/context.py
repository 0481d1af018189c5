"""The run surface verify and discover share: run id, budgets, egress gate, evidence ledger, audit.

One :class:`RunContext` per run. Everything a capability spends or refuses goes through it, so
the limits hold however the capability is written:

- **Call budget.** A call is one successful run-level search on the configured provider or combo
  (``budget.max_calls_per_run``, default 2, shared by every capability in the run). HTTP retries
  inside an adapter are counted as attempts on the call's audit entry; they never spend a call.
- **Money.** Each search is priced before it is made at its worst case (``SPEC.price_usd``; a
  combo's price is the sum of the members that would run). A combo whose worst case is above
  ``max_usd_per_call`` is narrowed, once per run and audited, to the members that fit: cheapest
  first, keyless first. A call that still does not fit (a lone provider, or a combo none of whose
  members fits) is refused with a reason naming the ceiling and the setting to raise, and spend
  accumulates against ``max_usd_per_run``. Failed calls are audited, not charged.
- **Reservations.** A search first reserves (``rsv_N``); a refused reservation is audited with its
  own id and raises :class:`BudgetExhaustedError`, which the pipelines treat as a terminal stop.
- **Egress gate.** No outbound query may carry contacts (emails, phone numbers), URLs, SQL,
  credentials or data rows. Such a query is dropped and audited (redacted), never repaired.
- **Ledger.** Every excerpt gets an id the library mints (``ev_`` + 8 hex of
  sha256(run_id + url + start)) and its source domain; results copy identifying fields from here.
- **Reads and model calls** are capped per run and audited but are not budget calls.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any, Literal

from webquorum.errors import (
    BudgetExhaustedError,
    ConfiguredUnavailableError,
    CredentialMissingError,
    ProviderError,
    WebQuorumError,
)
from webquorum.pipelines import search as search_pipeline
from webquorum.pipelines.budgeted.egress import forbidden_egress, redact_query
from webquorum.pipelines.budgeted.ledger import Ledger, OriginIndex
from webquorum.pipelines.fetch import read_document
from webquorum.runtime import Runtime
from webquorum.types import Document, Result, SearchResponse, TimeRange
from webquorum.types.research import AuditEntry, AuditKind, Budget, Evidence
from webquorum.urls import site_key

MAX_READS_PER_RUN = 6
MAX_MODEL_CALLS_PER_RUN = 2
READ_DEADLINE_S = 8.0
# Characters of a provider's inline page text that make a read unnecessary when one passage is sought (a
# brief,
# which compares whole sources, asks for more: pipelines/brief.INLINE_TO_COMPARE).
INLINE_FOR_PASSAGES = 500
Capability = Literal["verify", "discover"]


def time_range_for(days: int | None) -> TimeRange | None:
    """Freshness in days -> the providers' coarse recency filter (the next window that covers it)."""
    if days is None:
        return None
    return "day" if days <= 1 else "week" if days <= 7 else "month" if days <= 31 else "year"


class RunContext:
    def __init__(self, rt: Runtime, capability: Capability) -> None:
        self.rt = rt
        self.capability: Capability = capability
        self.run_id = "run_" + uuid.uuid4().hex[:12]
        self.limits = rt.config.budget
        self.selection = rt.config.web.search_provider
        self.calls_spent = 0
        self.usd_spent = 0.0
        self.reads = 0
        self.model_calls = 0
        self.audit: list[AuditEntry] = []
        self.ledger = Ledger(self.run_id)
        self.origins = OriginIndex()
        self._reservations = 0
        self._in_flight = 0
        self._members: list[str] | None = None  # the combo members this run searches (None: not a combo)
        self._narrowed = False
        self._planned = False
        self.refused: str | None = None  # why the last reservation was refused, for the run's stop entry

    # -- audit -----------------------------------------------------------------------------------
    def record(self, kind: AuditKind, detail: str, **fields: Any) -> str:
        entry_id = f"au_{len(self.audit) + 1}"
        self.audit.append(
            AuditEntry(id=entry_id, kind=kind, capability=self.capability, detail=detail, **fields)
        )
        return entry_id

    def stop_detail(self, stop: str, detail: str) -> str:
        """The run's stop entry: a budget stop says why the reservation was refused (the ceiling to raise)."""
        return f"{stop}: {detail}" + (
            f"; {self.refused}" if stop == "budget_exhausted" and self.refused else ""
        )

    def budget(self) -> Budget:
        left = max(0, self.limits.max_calls_per_run - self.calls_spent - self._in_flight)
        return Budget(calls_spent=self.calls_spent, calls_left=left, usd_spent=round(self.usd_spent, 6))

    # -- egress ----------------------------------------------------------------------------------
    def gate(self, query: str, purpose: str) -> bool:
        """True when ``query`` may leave; otherwise the query is dropped and audited (redacted)."""
        leak = forbidden_egress(query)
        if leak is None:
            return True
        self.record(
            "drop",
            f"egress gate: {purpose} query carried {leak}; dropped, not repaired",
            query=redact_query(query),
        )
        return False

    # -- budget and the one run-level call -------------------------------------------------------
    def price(self) -> float:
        """Worst-case USD of one search on the configured selection (a combo: the members this run uses)."""
        self._plan_members()
        members = [self.selection] if self._members is None else self._members
        return sum(self.rt.spec(m).price_usd for m in members)

    def _plan_members(self) -> None:
        """Narrow a combo over ``max_usd_per_call`` to the members that fit, cheapest and keyless first
        (audited)."""
        if self._planned:
            return
        self._planned = True
        combo = self.rt.config.combo(self.selection)
        if combo is None:
            return
        runnable = [m for m in combo.members if self.rt.unavailable_reason(m) is None]
        self._members = runnable
        ceiling = self.limits.max_usd_per_call
        worst = sum(self.rt.spec(m).price_usd for m in runnable)
        if worst <= ceiling + 1e-12 or not runnable:
            return
        order = sorted(runnable, key=lambda m: (self.rt.spec(m).price_usd, self.rt.spec(m).key_required))
        kept: list[str] = []
        total = 0.0
        for member in order:
            price = self.rt.spec(member).price_usd
            if total + price <= ceiling + 1e-12:
                kept.append(member)
                total += price
        left_out = ", ".join(f"{m} (${self.rt.spec(m).price_usd:.3f})" for m in runnable if m not in kept)
        if not kept:
            return  # nothing fits: the reservation is refused, naming the ceiling
        self._members = [m for m in runnable if m in kept]  # the combo's own order for fusion
        self._narrowed = True
        self.record(
            "drop",
            f"combo {combo.id!r}: worst case ${worst:.3f} of its {len(runnable)} runnable members exceeds "
            f"budget.max_usd_per_call ${ceiling:.3f}; narrowed to {', '.join(self._members)} (${total:.3f}), "
            f"cheapest and keyless first; left out {left_out}",
            provider=combo.id,
        )

    def _cheapest_member_price(self) -> float:
        combo = self.rt.config.combo(self.selection)
        members = [self.selection] if combo is None else (self._members or combo.members)
        return min(self.rt.spec(m).price_usd for m in members)

    def ceiling_hint(self, price: float) -> str:
        """What to change when even the cheapest search does not fit ``max_usd_per_call``."""
        return (
            f"raise budget.max_usd_per_call to at least {price:.3f} (now {self.limits.max_usd_per_call:.3f}) "
            "or set web.search_provider to a cheaper provider or combo"
        )

    def reserve(self, query: str) -> tuple[str, float]:
        """Reserve one call or refuse it (audited either way); returns (reservation id, price)."""
        self._reservations += 1
        rsv = f"rsv_{self._reservations}"
        price = self.price()
        why = None
        if self.calls_spent + self._in_flight >= self.limits.max_calls_per_run:
            why = f"run call budget spent ({self.calls_spent} of {self.limits.max_calls_per_run})"
        elif price > self.limits.max_usd_per_call + 1e-12:
            cheapest = self._cheapest_member_price()
            why = (
                f"worst case ${price:.3f} of {self.selection!r} exceeds budget.max_usd_per_call "
                f"${self.limits.max_usd_per_call:.3f}; {self.ceiling_hint(cheapest)}"
            )
        elif self.usd_spent + price > self.limits.max_usd_per_run + 1e-12:
            why = f"worst case ${price:.3f} would pass max_usd_per_run ${self.limits.max_usd_per_run:.3f}"
        if why is not None:
            self.refused = why
            self.record(
                "refusal", why, provider=self.selection, query=redact_query(query), usd=price, ref=rsv
            )
            raise BudgetExhaustedError(f"{self.run_id}: reservation {rsv} refused: {why}")
        self._in_flight += 1
        self.record(
            "reservation",
            "one search reserved",
            provider=self.selection,
            query=redact_query(query),
            usd=price,
            ref=rsv,
        )
        return rsv, price

    async def search(self, query: str, *, time_range: TimeRange | None, max_results: int) -> SearchResponse:
        """One run-level search: reserve, call (adapter retries counted as attempts), settle, audit."""
        rsv, price = self.reserve(query)
        attempts: dict[str, int] = {}

        def on_attempt(provider: str, n: int) -> None:
            attempts[provider] = max(n, attempts.get(provider, 0))

        try:
            resp = await search_pipeline.search(
                self.rt,
                query,
                provider=self.selection,
                max_results=max_results,
                time_range=time_range,
                on_attempt=on_attempt,
                only=self._members if self._narrowed else None,
            )
        except WebQuorumError as exc:
            self._in_flight -= 1
            self.record(
                "call_failed",
                f"{exc.code}: {exc.message}",
                provider=exc.provider or self.selection,
                query=redact_query(query),
                attempts=sum(attempts.values()) or None,
                ref=rsv,
            )
            raise
        self._in_flight -= 1
        self.calls_spent += 1
        self.usd_spent += price
        failed = "; ".join(f"{f.provider} failed ({f.code})" for f in resp.failures)
        self.record(
            "call",
            f"{len(resp.results)} results" + (f"; {failed}" if failed else ""),
            provider=resp.provider,
            query=redact_query(query),
            attempts=sum(attempts.values()) or 1,
            usd=price,
            ref=rsv,
        )
        return resp

    # -- reads and model calls (capped, audited, not budget calls) --------------------------------
    async def read(self, url: str) -> Document | None:
        if self.reads >= MAX_READS_PER_RUN:
            self.record("drop", f"read skipped: the run's {MAX_READS_PER_RUN}-read cap is reached", ref=url)
            return None
        self.reads += 1
        try:
            doc = await read_document(self.rt, url, deadline_s=READ_DEADLINE_S)
        except WebQuorumError as exc:
            self.record("read_failed", f"{exc.code}: {exc.message}", ref=url)
            return None
        self.record("read", f"{len(doc.text)} characters", ref=url)
        return doc

    async def read_origins(
        self, results: Sequence[Result], limit: int, reads: int = MAX_READS_PER_RUN
    ) -> list[tuple[Document, str]]:
        """Texts from at most ``limit`` distinct sites in result order, each tagged with its origin.

        Inline content a provider returned is used as is; otherwise the page is read, and when a read
        fails the provider's snippet stands in. Syndicated copies (same headline or opening as a text
        already seen in this run) map to the first origin; within one call they are dropped, audited.
        At most ``reads`` pages are read by this call (the run's cap still applies); past that,
        snippets stand in.
        """
        out: list[tuple[Document, str]] = []
        sites: set[str] = set()
        origins: set[str] = set()
        for r in results:
            if len(out) >= limit:
                break
            if site_key(r.site) in sites:
                continue
            sites.add(site_key(r.site))
            copied = self.origins.by_headline(r.title, r.site)
            if copied is not None:
                self.record("drop", f"syndicated copy: same headline as origin {copied}; not read", ref=r.url)
                continue
            doc = None
            if r.content and len(r.content) >= INLINE_FOR_PASSAGES:
                doc = _inline(r, "text")
            elif reads > 0:
                reads -= 1
                doc = await self.read(r.url)
            if doc is None and r.snippet:
                doc = _inline(r, "snippet")
            if doc is None:
                continue
            origin = self.origins.origin(doc.final_url, doc.title or r.title, doc.text)
            if origin in origins:
                self.record("drop", f"syndicated copy: same story as origin {origin}", ref=doc.final_url)
                continue
            origins.add(origin)
            out.append((doc, origin))
        return out

    def take_model_call(self, purpose: str) -> bool:
        if self.model_calls >= MAX_MODEL_CALLS_PER_RUN:
            self.record("drop", f"model call for {purpose} skipped: cap of {MAX_MODEL_CALLS_PER_RUN} reached")
            return False
        self.model_calls += 1
        return True

    # -- results ---------------------------------------------------------------------------------
    def cited(self, ids: Sequence[str]) -> list[Evidence]:
        """Ledger entries for ``ids`` in first-citation order; unknown ids are skipped (callers drop them
        first)."""
        seen: dict[str, Evidence] = {}
        for evidence_id in ids:
            entry = self.ledger.get(evidence_id)
            if entry is not None:
                seen.setdefault(evidence_id, entry)
        return list(seen.values())


def _inline(r: Result, kind: Literal["text", "snippet"]) -> Document:
    text = (r.content or "") if kind == "text" else r.snippet
    return Document(
        url=r.url,
        final_url=r.url,
        title=r.title or None,
        published=r.published,
        source_type=kind,
        reader="inline",
        text=text,
    )


def is_provider_failure(exc: BaseException) -> bool:
    """A failure that stops the run as ``provider_failed``; a missing key or base URL is a config error and
    propagates."""
    return isinstance(exc, ProviderError) and not isinstance(
        exc, CredentialMissingError | ConfiguredUnavailableError
    )
