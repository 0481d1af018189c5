"""verify over the simulated web: verdicts by rule, independence, budgets, failures, egress, models."""

from __future__ import annotations

from typing import Any

import pytest
from tests.sim.research import ModelServer, start_market, with_model
from tests.sim.web import SimWeb

from webquorum import Client
from webquorum.errors import BriefRefusedError
from webquorum.types.research import VerifyResult

CLAIM = "Acero Norte will create 1,200 jobs at its Apodaca plant"
JOURNAL = ("steel-journal.test", "/acero-norte-jobs")
WIRE = ("business-wire-mx.test", "/acero-norte")
COPIES = [JOURNAL, ("wire-copy.test", "/acero-norte-jobs")]
RIVAL = ("rival-press.test", "/acero-norte-jobs")
SECOND_RIVAL = ("second-rival.test", "/acero-norte-jobs")


async def verify(config: dict[str, Any], claims: list[str], **changes: Any) -> VerifyResult:
    request = {
        "objective": "Check Acero Norte's Apodaca plant",
        "entities": ["Acero Norte"],
        "claims_to_verify": claims,
        "freshness_days": None,
        "max_results": 5,
    }
    async with Client(config) as wq:
        result: VerifyResult = await wq.verify({**request, **changes})
    return result


def evidence_of(result: VerifyResult, index: int = 0) -> list[Any]:
    cited = {e.id: e for e in result.evidence}
    return [cited[i] for i in result.claims[index].evidence_ids]


async def test_supported_by_independent_origins_with_ledger_evidence(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL, WIRE]
    result = await verify(config, [CLAIM])
    claim = result.claims[0]
    assert claim.verdict == "supported" and len(claim.evidence_ids) == 2
    cited = evidence_of(result)
    assert {e.domain for e in cited} == {"steel-journal.test", "business-wire-mx.test"}
    assert all("1,200 jobs" in e.text and "Acero Norte" in e.text for e in cited)
    assert {e.url for e in cited} == {simweb.url(p, host=h) for h, p in (JOURNAL, WIRE)}
    assert all(e.id.startswith("ev_") and len(e.id) == 11 for e in cited)
    assert market.queries == ['"Acero Norte" ' + CLAIM]
    assert result.budget.model_dump() == {"calls_spent": 1, "calls_left": 1, "usd_spent": 0.0}
    assert result.stop_reason == "done"


async def test_syndicated_copies_count_as_one_origin(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: COPIES
    result = await verify(config, [CLAIM])
    assert result.claims[0].verdict == "supported" and len(result.claims[0].evidence_ids) == 1
    assert any(a.kind == "drop" and "syndicated" in a.detail for a in result.audit)
    assert len(simweb.requests_to("/acero-norte-jobs")) == 1  # the copy was not even read


async def test_one_origin_against_one_is_no_verdict_and_both_are_cited(simweb: SimWeb) -> None:
    # issue 11: verdicts by weight of independent origins; before, any contradiction outranked support
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL, RIVAL]
    result = await verify(config, [CLAIM])
    claim = result.claims[0]
    assert claim.verdict == "unverified" and "no majority" in claim.reason
    cited = evidence_of(result)
    assert cited[0].domain == "rival-press.test" and "800 jobs" in cited[0].text
    assert "steel-journal.test" in {e.domain for e in cited}


async def test_one_outlier_does_not_outweigh_agreeing_origins_and_is_listed(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL, WIRE, RIVAL]
    result = await verify(config, [CLAIM])
    claim = result.claims[0]
    assert claim.verdict == "supported"
    cited = evidence_of(result)
    assert [e.domain for e in cited] == ["steel-journal.test", "business-wire-mx.test", "rival-press.test"]
    assert f"rival-press.test says 800 jobs ({cited[2].id})" in claim.reason


async def test_more_origins_with_another_value_contradict(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL, RIVAL, SECOND_RIVAL]
    result = await verify(config, [CLAIM])
    claim = result.claims[0]
    assert claim.verdict == "contradicted"
    cited = evidence_of(result)
    assert [e.domain for e in cited] == ["rival-press.test", "second-rival.test", "steel-journal.test"]
    assert all("800 jobs" in e.text for e in cited[:2])


async def test_nothing_matching_stays_unverified(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL, WIRE]
    result = await verify(config, ["Acero Norte was fined for river pollution in Coahuila"])
    assert (result.claims[0].verdict, result.claims[0].evidence_ids, result.evidence) == (
        "unverified",
        [],
        [],
    )


async def test_budget_spent_leaves_the_rest_unverified_and_audited(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL, WIRE]
    result = await verify(config, [CLAIM, CLAIM + " in 2026", "Acero Norte will build a second plant"])
    assert [c.verdict for c in result.claims][2] == "unverified" and len(market.queries) == 2
    assert "budget_exhausted" in result.claims[2].reason
    assert result.stop_reason == "budget_exhausted"
    assert [(a.kind, a.ref) for a in result.audit if a.kind == "refusal"] == [("refusal", "rsv_3")]
    assert any(a.kind == "stop" and a.detail.startswith("budget_exhausted") for a in result.audit)


async def test_budget_of_one(simweb: SimWeb) -> None:
    market, config = start_market(simweb, max_calls_per_run=1)
    market.pick = lambda q: [JOURNAL, WIRE]
    result = await verify(config, [CLAIM, "Acero Norte will build a second plant"])
    assert [c.verdict for c in result.claims] == ["supported", "unverified"]
    assert result.budget.model_dump() == {"calls_spent": 1, "calls_left": 0, "usd_spent": 0.0}


async def test_provider_failing_mid_run_stops_and_keeps_finished_verdicts(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL, WIRE]
    market.fail_calls = {2}
    result = await verify(config, [CLAIM, "Acero Norte will build a second plant"])
    assert [c.verdict for c in result.claims] == ["supported", "unverified"]
    assert result.stop_reason == "provider_failed" and result.budget.calls_spent == 1
    assert [a.ref for a in result.audit if a.kind == "call_failed"] == ["rsv_2"]


async def test_a_query_carrying_an_email_never_leaves(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    result = await verify(config, [CLAIM], entities=["Acero Norte", "ventas@aceronorte.com.mx"])
    assert market.queries == [] and result.budget.calls_spent == 0
    assert result.claims[0].verdict == "unverified" and "egress" in result.claims[0].reason
    drop = next(a for a in result.audit if a.kind == "drop")
    assert "email" in drop.detail and "[email]" in (drop.query or "")
    assert "ventas@" not in result.model_dump_json()


@pytest.mark.parametrize(
    ("changes", "code", "missing"),
    [
        ({"entities": []}, "web_evidence_brief_incomplete", ["entities"]),
        ({"claims_to_verify": []}, "web_evidence_brief_incomplete", ["claims_to_verify"]),
        ({"mode": "deep"}, "web_evidence_brief_invalid", []),
        ({"max_results": 0}, "web_evidence_brief_invalid", []),
        ({"max_results": 21}, "web_evidence_brief_invalid", []),
        ({"freshness_days": 0}, "web_evidence_brief_invalid", []),
        ({"objective": None}, "web_evidence_brief_invalid", ["objective"]),
        ({"entities": ["Acero Norte"] * 6}, "web_evidence_brief_invalid", []),
    ],
)
async def test_unanswerable_briefs_are_refused_before_spending(
    simweb: SimWeb, changes: dict[str, Any], code: str, missing: list[str]
) -> None:
    _, config = start_market(simweb)
    with pytest.raises(BriefRefusedError) as info:
        await verify(config, [CLAIM], **changes)
    assert (info.value.code, info.value.missing) == (code, missing)
    assert simweb.requests == []


@pytest.mark.parametrize("honest", [False, True])
async def test_model_verdicts_need_a_literal_quote(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch, honest: bool
) -> None:
    monkeypatch.setenv("AI_GATEWAY_API_KEY", "gw-test-key-123456")
    monkeypatch.delenv("SEARCH_VERIFICATION_MODEL", raising=False)
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL]
    server = ModelServer(honest=honest)
    result = await verify(
        with_model(simweb, config, server), ["Acero Norte is owned by a Korean conglomerate"]
    )
    claim = result.claims[0]
    assert server.bodies and server.bodies[0]["model"] == "openai/gpt-5.4-mini"
    assert "invented.example" not in result.model_dump_json()
    if honest:  # the quote is literal: accepted, cited by the ledger's id
        assert claim.verdict == "supported" and evidence_of(result)[0].domain == "steel-journal.test"
    else:
        assert (claim.verdict, claim.evidence_ids) == ("unverified", [])
        assert any("not found literally" in a.detail for a in result.audit)


def test_an_oversized_claim_is_refused_naming_its_field() -> None:
    from webquorum.errors import BriefRefusedError
    from webquorum.types.research import VerifyRequest, validate_request

    request = {
        "objective": "check",
        "entities": ["Acme Steel"],
        "claims_to_verify": ["x" * 501],
        "freshness_days": None,
        "max_results": 5,
    }
    try:
        validate_request(VerifyRequest, request, invalid_code="web_evidence_brief_invalid")
    except BriefRefusedError as exc:
        assert "claims_to_verify" in exc.why or "claims_to_verify" in " ".join(exc.missing) + str(
            exc.suggested_correction
        )
    else:
        raise AssertionError("a 501-character claim must be refused")
