"""Verify (``search_web_evidence``): is this claim true of this named organisation?

Top to bottom: refuse a request that cannot be answered before anything is spent; then per claim,
one search built from the entities and the claim (through the egress gate and the run budget),
read independent origins, and decide from literal passages by rule, with the claim model the brief
compares by (:mod:`webquorum.analysis.verdicts`). An origin *supports* the claim with a passage naming
the entity, the claim's key terms (at least two thirds, matched on a five-letter stem) and every
figure it states; it *contradicts* it with a passage naming the entity and another value for the
same quantity (:func:`webquorum.text.figure_claims.same_quantity`) and no supporting passage. The verdict
weighs independent origins:

- *supported*: more origins support it than contradict it; the dissent is listed and cited;
- *contradicted*: more origins give another value; both sides are cited;
- *unverified*: anything else (a tie cites both sides), including claims the budget or a provider
  failure left unchecked.

It starts from named entities and never returns one nobody named. With a model configured, a
claim the rules left unverified may be judged by the model, accepted only with a literal quote.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from webquorum.analysis.verdicts import conflict, names_all, weigh
from webquorum.errors import BudgetExhaustedError, RequestRefusedError, WebQuorumError
from webquorum.pipelines.budgeted.context import (
    MAX_READS_PER_RUN,
    RunContext,
    is_provider_failure,
    time_range_for,
)
from webquorum.pipelines.budgeted.model import ModelClient
from webquorum.runtime import Runtime
from webquorum.text.figure_claims import read_figure_claims
from webquorum.text.fold import fold
from webquorum.text.lexicon import FUNCTION_WORDS
from webquorum.text.organisations import mentions_name
from webquorum.text.sentences import sentence_spans, sentence_windows
from webquorum.types import Document
from webquorum.types.research import (
    ClaimVerdict,
    Evidence,
    StopReason,
    VerifyRequest,
    VerifyResult,
    validate_request,
)

STEM = 5
_WORD = re.compile(r"\w+")


# -- deterministic rules --------------------------------------------------------------------------
def stems(text: str) -> set[str]:
    return {w[:STEM] for w in _WORD.findall(fold(text)) if not w.isdigit()}


def key_terms(claim: str, entities: Sequence[str]) -> list[str]:
    """Content words of the claim: no function words, entity words, numbers or short words."""
    skip = {w for e in entities for w in _WORD.findall(fold(e))} | FUNCTION_WORDS
    out: list[str] = []
    for w in _WORD.findall(fold(claim)):
        if len(w) >= 3 and not any(c.isdigit() for c in w) and w not in skip and w[:STEM] not in out:
            out.append(w[:STEM])
    return out


def terms_match(terms: Sequence[str], passage: str) -> bool:
    if not terms:
        return True
    found = stems(passage)
    return sum(t in found for t in terms) >= math.ceil(len(terms) * 2 / 3)


# -- the pipeline ----------------------------------------------------------------------------------
def parse_verify(payload: Mapping[str, Any]) -> VerifyRequest:
    missing = [k for k in ("entities", "claims_to_verify") if not payload.get(k)]
    if missing:
        raise RequestRefusedError(
            "web_evidence_brief_incomplete",
            "verification starts from named entities and the claims to check about them; "
            f"{' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} empty",
            missing=missing,
            suggested_correction={
                k: [
                    "<the organisation the claim is about>"
                    if k == "entities"
                    else "<one checkable statement, e.g. 'opened a plant in Apodaca in 2025'>"
                ]
                for k in missing
            },
        )
    return validate_request(VerifyRequest, payload, invalid_code="web_evidence_brief_invalid")


def plan_query(entities: Sequence[str], claim: str) -> str:
    named = " ".join(f'"{e.strip()}"' for e in entities if e.strip())
    return " ".join(f"{named} {claim}".split())


def decide(
    run: RunContext, claim: str, entities: Sequence[str], docs: Sequence[tuple[Document, str]]
) -> ClaimVerdict:
    """The verdict by weight of independent origins (:func:`webquorum.analysis.verdicts.weigh`), one passage
    cited per origin.

    An origin supports the claim when a passage naming the entity has the claim's terms and every
    figure it states; it contradicts when a passage names another value for the same quantity
    (:func:`webquorum.text.figure_claims.same_quantity`) and none of its passages supports it: naming
    both values is not contradicting.
    """
    terms = key_terms(claim, entities)
    claimed = read_figure_claims(claim)
    figures = [c.figure for c in claimed]
    support: list[Evidence] = []
    contra: list[tuple[Evidence, str]] = []
    for doc, origin in docs:
        sided: dict[str, Evidence] = {}
        other = ""
        for start, end in sentence_windows(doc.text):
            passage = doc.text[start:end]
            if not any(mentions_name(passage, e) for e in entities):
                continue
            found = read_figure_claims(passage)
            if (
                "support" not in sided
                and terms_match(terms, passage)
                and names_all(figures, [f.figure for f in found])
            ):
                sided["support"] = run.ledger.mint(doc, start, end, origin)
            elif "contra" not in sided and (pair := conflict(claimed, found)):
                sided["contra"] = run.ledger.mint(doc, start, end, origin)
                other = pair[1].figure.text
        if "support" in sided:
            support.append(sided["support"])
        elif "contra" in sided:
            contra.append((sided["contra"], other))
    verdict = weigh(len(support), len(contra))
    dissent = "; ".join(f"{e.domain} says {value} ({e.id})" for e, value in contra)
    contra_ids = [e.id for e, _ in contra]
    if verdict == "contradicted":
        reason = f"{len(contra)} origin(s) state another value for the same quantity ({dissent})"
        reason += f"; {len(support)} origin(s) support it" if support else ""
        return ClaimVerdict(
            claim=claim, verdict=verdict, evidence_ids=contra_ids + [e.id for e in support], reason=reason
        )
    if verdict == "supported":
        reason = f"{len(support)} independent origin(s) name the entity with the claim's terms and figures"
        reason += f"; dissent: {dissent}" if contra else ""
        return ClaimVerdict(
            claim=claim, verdict=verdict, evidence_ids=[e.id for e in support] + contra_ids, reason=reason
        )
    if contra:
        reason = f"{len(support)} origin(s) support it and {len(contra)} state another value ({dissent}): no majority"
        return ClaimVerdict(
            claim=claim, verdict=verdict, evidence_ids=contra_ids + [e.id for e in support], reason=reason
        )
    return ClaimVerdict(
        claim=claim,
        verdict="unverified",
        evidence_ids=[],
        reason=f"no passage from {len(docs)} origin(s) names the entity with the claim's terms or figures",
    )


def entity_excerpts(
    run: RunContext, entities: Sequence[str], docs: Sequence[tuple[Document, str]]
) -> list[Evidence]:
    """Sentences naming an entity, minted so a model can cite them (at most two per origin, eight in all)."""
    out: list[Evidence] = []
    for doc, origin in docs:
        spans = [
            s
            for s in sentence_spans(doc.text)
            if any(mentions_name(doc.text[s[0] : s[1]], e) for e in entities)
        ]
        out.extend(run.ledger.mint(doc, start, end, origin) for start, end in spans[:2])
    return out[:8]


def _unchecked(claim: str, why: str) -> ClaimVerdict:
    """A claim the run never looked at: unverified, with nothing cited."""
    return ClaimVerdict(claim=claim, verdict="unverified", evidence_ids=[], reason=f"not checked: {why}")


async def verify(
    rt: Runtime, payload: Mapping[str, Any], *, progress: Callable[[str], None] | None = None
) -> VerifyResult:
    request = parse_verify(payload)
    run = RunContext(rt, "verify")
    model = ModelClient(run)
    verdicts: list[ClaimVerdict] = []
    stop: StopReason = "done"
    for index, claim in enumerate(request.claims_to_verify):
        if stop != "done":
            verdicts.append(_unchecked(claim, f"the run stopped ({stop})"))
            continue
        query = plan_query(request.entities, claim)
        if progress:
            progress(f"checking claim {index + 1} of {len(request.claims_to_verify)}: searching")
        if not run.gate(query, "verification"):
            verdicts.append(_unchecked(claim, "its query was dropped by the egress gate"))
            continue
        try:
            resp = await run.search(
                query, time_range=time_range_for(request.freshness_days), max_results=request.max_results
            )
        except BudgetExhaustedError:
            stop = "budget_exhausted"
        except WebQuorumError as exc:
            if not is_provider_failure(exc):
                raise
            stop = "provider_failed"
        if stop != "done":
            left = len(request.claims_to_verify) - index
            run.record("stop", run.stop_detail(stop, f"{left} claim(s) left unverified"))
            verdicts.append(_unchecked(claim, f"the run stopped ({stop})"))
            continue
        claims_left = len(request.claims_to_verify) - index
        reads = max(1, (MAX_READS_PER_RUN - run.reads) // claims_left)
        if progress:
            progress(f"checking claim {index + 1} of {len(request.claims_to_verify)}: reading sources")
        docs = await run.read_origins(resp.results, min(request.max_results, reads))
        verdict = decide(run, claim, request.entities, docs)
        if verdict.verdict == "unverified" and model.available and docs:
            excerpts = entity_excerpts(run, request.entities, docs)
            judged = await model.judge_claim(claim, request.entities, excerpts) if excerpts else None
            if judged is not None:
                verdict = ClaimVerdict(
                    claim=claim,
                    verdict=judged[0],
                    evidence_ids=[judged[1].id],
                    reason="model judgement; its quote was found literally in the cited excerpt",
                )
        verdicts.append(verdict)
    if stop == "done":
        run.record("stop", "done: every claim was checked or dropped")
    cited = [i for v in verdicts for i in v.evidence_ids]
    return VerifyResult(
        run_id=run.run_id,
        objective=request.objective,
        claims=verdicts,
        evidence=run.cited(cited),
        budget=run.budget(),
        audit=list(run.audit),
        stop_reason=stop,
    )
