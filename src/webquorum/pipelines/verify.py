"""Verify (``search_web_evidence``): is this claim true of this named organisation?

Top to bottom: refuse a brief that cannot be answered before anything is spent; then per claim,
one search built from the entities and the claim (through the egress gate and the run budget),
read independent origins, and decide from literal passages by rule:

- *supported*: a passage from an origin naming the entity, with the claim's key terms (at least
  two thirds of them, matched on a five-letter stem) and every figure the claim states;
- *contradicted*: a passage naming the entity and another value for the same quantity
  (:func:`webquorum.text.figures.same_quantity`), without the claimed value; contradiction outranks
  support, and both sides' excerpts are cited;
- *unverified*: anything else, including claims the budget or a provider failure left unchecked.

It starts from named entities and never returns one nobody named. With a model configured, a
claim the rules left unverified may be judged by the model, accepted only with a literal quote.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from webquorum.analysis.compare import figure_conflict
from webquorum.errors import BudgetExhaustedError, RequestRefusedError, WebQuorumError
from webquorum.pipelines.run.context import MAX_READS_PER_RUN, RunContext, is_provider_failure, time_range_for
from webquorum.pipelines.run.model import ModelClient
from webquorum.pipelines.runtime import Runtime
from webquorum.text.figures import FUNCTION_WORDS, Figure, extract_figures, figures_agree
from webquorum.text.organisations import fold, org_key
from webquorum.types import Document
from webquorum.types.research import (
    ClaimVerdict,
    Evidence,
    StopReason,
    VerifyRequest,
    VerifyResult,
    parse_brief,
)

STEM = 5
_WORD = re.compile(r"\w+")
Window = tuple[int, int]


# -- deterministic rules (shared with discover) ----------------------------------------------------
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+(?=[A-ZÀ-Þ¿¡\"“0-9])|\s*\n\s*")
_ABBREVIATION = re.compile(
    r"(?:(?<![\w])[A-Z]|(?<![\w])(?:Inc|Corp|Co|Ltd|Sr|Sra|Dr|Mr|Mrs|Ms|Lic|Ing|No|St|Av|vs))\.$"
)


def sentences(text: str) -> list[Window]:
    """Sentence spans that do not end inside "S.A. de C.V.", "Inc." or "Sr.": a legal form is not a full stop."""
    spans: list[Window] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if "\n" not in m.group() and _ABBREVIATION.search(text[start : m.start()]):
            continue
        if text[start : m.start()].strip():
            spans.append((start, m.start()))
        start = m.end()
    if text[start:].strip():
        spans.append((start, len(text.rstrip())))
    return spans


def windows(text: str) -> list[Window]:
    """Each sentence, and each sentence with the one before it (an entity is often named just before)."""
    spans = sentences(text)
    out: list[Window] = []
    for i, span in enumerate(spans):
        out.append(span)
        if i:
            out.append((spans[i - 1][0], span[1]))
    return out


def flat(text: str) -> str:
    return " " + " ".join(re.sub(r"[^\w&]+", " ", fold(text)).split()) + " "


def names(passage: str, name: str) -> bool:
    key = org_key(name)
    return bool(key) and f" {key} " in flat(passage)


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


def figures_match(claimed: Sequence[Figure], passage: str) -> bool:
    found = extract_figures(passage)
    return all(any(figures_agree(c, f) for f in found) for c in claimed)


# -- the pipeline ----------------------------------------------------------------------------------
def parse_verify(request: Mapping[str, Any]) -> VerifyRequest:
    missing = [k for k in ("entities", "claims_to_verify") if not request.get(k)]
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
    return parse_brief(VerifyRequest, request, invalid_code="web_evidence_brief_invalid")


def plan_query(entities: Sequence[str], claim: str) -> str:
    named = " ".join(f'"{e.strip()}"' for e in entities if e.strip())
    return " ".join(f"{named} {claim}".split())


def decide(
    run: RunContext, claim: str, entities: Sequence[str], docs: Sequence[tuple[Document, str]]
) -> ClaimVerdict:
    """The verdict by rule, citing one passage per origin per side."""
    terms = key_terms(claim, entities)
    claimed = extract_figures(claim)
    support: list[Evidence] = []
    contra: list[Evidence] = []
    for doc, origin in docs:
        sided: dict[str, Evidence] = {}
        for start, end in windows(doc.text):
            passage = doc.text[start:end]
            if not any(names(passage, e) for e in entities):
                continue
            if "contra" not in sided and figure_conflict(claimed, passage):
                sided["contra"] = run.ledger.mint(doc, start, end, origin)
            elif "support" not in sided and terms_match(terms, passage) and figures_match(claimed, passage):
                sided["support"] = run.ledger.mint(doc, start, end, origin)
        if "contra" in sided:
            contra.append(sided["contra"])
        elif "support" in sided:
            support.append(sided["support"])
    if contra:
        reason = f"{len(contra)} origin(s) state another value for the same quantity"
        reason += f"; {len(support)} origin(s) support it" if support else ""
        return ClaimVerdict(
            claim=claim, verdict="contradicted", evidence_ids=[e.id for e in contra + support], reason=reason
        )
    if support:
        return ClaimVerdict(
            claim=claim,
            verdict="supported",
            evidence_ids=[e.id for e in support],
            reason=f"{len(support)} independent origin(s) name the entity with the claim's terms and figures",
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
        spans = [s for s in sentences(doc.text) if any(names(doc.text[s[0] : s[1]], e) for e in entities)]
        out.extend(run.ledger.mint(doc, start, end, origin) for start, end in spans[:2])
    return out[:8]


def _unchecked(claim: str, why: str) -> ClaimVerdict:
    """A claim the run never looked at: unverified, with nothing cited."""
    return ClaimVerdict(claim=claim, verdict="unverified", evidence_ids=[], reason=f"not checked: {why}")


async def verify(rt: Runtime, request: Mapping[str, Any]) -> VerifyResult:
    brief = parse_verify(request)
    run = RunContext(rt, "verify")
    model = ModelClient(run)
    verdicts: list[ClaimVerdict] = []
    stop: StopReason = "done"
    for index, claim in enumerate(brief.claims_to_verify):
        if stop != "done":
            verdicts.append(_unchecked(claim, f"the run stopped ({stop})"))
            continue
        query = plan_query(brief.entities, claim)
        if not run.gate(query, "verification"):
            verdicts.append(_unchecked(claim, "its query was dropped by the egress gate"))
            continue
        try:
            resp = await run.search(
                query, time_range=time_range_for(brief.freshness_days), max_results=brief.max_results
            )
        except BudgetExhaustedError:
            stop = "budget_exhausted"
        except WebQuorumError as exc:
            if not is_provider_failure(exc):
                raise
            stop = "provider_failed"
        if stop != "done":
            left = len(brief.claims_to_verify) - index
            run.record("stop", f"{stop}: {left} claim(s) left unverified")
            verdicts.append(_unchecked(claim, f"the run stopped ({stop})"))
            continue
        claims_left = len(brief.claims_to_verify) - index
        reads = max(1, (MAX_READS_PER_RUN - run.reads) // claims_left)
        docs = await run.read_origins(resp.results, min(brief.max_results, reads))
        verdict = decide(run, claim, brief.entities, docs)
        if verdict.verdict == "unverified" and model.available and docs:
            excerpts = entity_excerpts(run, brief.entities, docs)
            judged = await model.judge_claim(claim, brief.entities, excerpts) if excerpts else None
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
        run_id=run.run_id, objective=brief.objective, claims=verdicts, evidence=run.cited(cited),
        budget=run.budget(), audit=list(run.audit), stop_reason=stop,
    )  # fmt: skip
