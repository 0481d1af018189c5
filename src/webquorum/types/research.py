"""Request and result shapes for verify (``search_web_evidence``) and discover
(``discover_web_market_signals``).

Both requests are strict (``extra="forbid"``): there is no provider, mode, raw query list, host
allowlist, people field or output schema to pass, because every one of those is either a vendor
concept or an unbounded-spend concept, and the library owns them. The two capabilities keep
separate vocabularies on purpose: a verdict (supported / contradicted / unverified) answers
"is this true?", a status (discovered / verified / uncertain / contradicted) answers "who?".

Identifying fields in results (evidence ``id``, ``url``, ``domain``, ``published``) are copied
from the run's ledger (:mod:`webquorum.pipelines.budgeted.context`), never from provider or model text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from webquorum.errors import RequestRefusedError
from webquorum.types.invalid import problems

Verdict = Literal["supported", "contradicted", "unverified"]
CandidateStatus = Literal["discovered", "verified", "uncertain", "contradicted"]
MergeRule = Literal["same_verified_domain", "same_name_and_geography"]
StopReason = Literal["done", "budget_exhausted", "provider_failed", "no_candidates", "no_queries"]
AuditKind = Literal[
    "reservation", "refusal", "call", "call_failed", "read", "read_failed", "drop", "model_call", "stop"
]
DEFAULT_FRESHNESS_DAYS = 365


def run_failed(stop_reason: str, calls_spent: int) -> bool:
    """A verify or discover run whose work failed (CLI exit 1): it stopped on the money ceiling or on
    providers before any search succeeded, so nothing was checked or found."""
    return stop_reason in ("budget_exhausted", "provider_failed") and calls_spent == 0


_M = TypeVar("_M", bound=BaseModel)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Name = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)
]  # an entity, signal or exclusion
Place = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Claim = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class VerifyRequest(_Strict):
    """``search_web_evidence``: named entities and the claims to check about them."""

    objective: str = Field(min_length=1, max_length=500)
    entities: list[Name] = Field(min_length=1, max_length=5)
    claims_to_verify: list[Claim] = Field(min_length=1, max_length=10)
    freshness_days: int | None = Field(default=None, ge=1, le=3650)
    max_results: int = Field(default=5, ge=1, le=20)


class DiscoverRequest(_Strict):
    """``discover_web_market_signals``: market events and places; nobody has named the organisation yet."""

    objective: str = Field(min_length=1, max_length=300)
    signals: list[Name] = Field(min_length=1, max_length=4)
    geographies: list[Place] = Field(default=[], max_length=3)
    freshness_days: int = Field(default=DEFAULT_FRESHNESS_DAYS, ge=1, le=730)
    exclusions: list[Name] = Field(default=[], max_length=5)
    target_results: int = Field(default=5, ge=1, le=10)


class Evidence(_Strict):
    """One ledger entry: an excerpt the library read, under an id the library minted."""

    id: str
    domain: str
    url: str
    title: str | None = None
    published: str | None = None
    origin: str  # the independent origin this excerpt counts for (syndicated copies share one)
    text: str
    start: int
    end: int


class AuditEntry(_Strict):
    id: str
    kind: AuditKind
    capability: Literal["verify", "discover"]
    detail: str
    provider: str | None = None
    query: str | None = None  # redacted: contacts and URLs never reach the audit either
    attempts: int | None = None
    usd: float | None = None
    ref: str | None = None  # the reservation, evidence id or URL this entry is about


class Budget(_Strict):
    calls_spent: int
    calls_left: int
    usd_spent: float


class ClaimVerdict(_Strict):
    claim: str
    verdict: Verdict
    evidence_ids: list[str]
    reason: str


class VerifyResult(_Strict):
    run_id: str
    objective: str
    claims: list[ClaimVerdict]
    evidence: list[Evidence]
    budget: Budget
    audit: list[AuditEntry]
    stop_reason: StopReason


class Candidate(_Strict):
    name: str
    status: CandidateStatus
    geography: str | None
    domain: str | None
    evidence_ids: list[str]
    alternate_names: list[str]
    merge_rule: MergeRule | None


class DiscoverResult(_Strict):
    run_id: str
    objective: str
    exhaustive: Literal[False] = False
    freshness_days: int
    freshness_days_defaulted: bool
    candidates: list[Candidate]
    evidence: list[Evidence]
    budget: Budget
    audit: list[AuditEntry]
    stop_reason: StopReason
    note: str = "Discovery is never exhaustive: these are organisations publishers named, not all of them."


def validate_request(model: type[_M], request: Mapping[str, Any], *, invalid_code: str) -> _M:
    """Validate a request or refuse it recoverably: unknown fields, missing fields and bad values named."""
    allowed = set(model.model_fields)
    unknown = sorted(str(k) for k in request if k not in allowed)
    if unknown:
        raise RequestRefusedError(
            invalid_code,
            f"unknown field(s) {', '.join(unknown)}: the contract accepts only {', '.join(sorted(allowed))}",
            suggested_correction={"remove": unknown},
        )
    try:
        return model.model_validate(dict(request))
    except ValidationError as exc:
        # a required field sent as null is as missing as one left out: the caller must supply it
        required = {name for name, f in model.model_fields.items() if f.is_required()}
        nulls = [name for name in sorted(required) if name in request and request[name] is None]
        missing = [str(e["loc"][0]) for e in exc.errors() if e["type"] == "missing" and e["loc"]] + nulls
        raise RequestRefusedError(
            invalid_code, "; ".join(problems(exc, whole="request")), missing=missing
        ) from None
