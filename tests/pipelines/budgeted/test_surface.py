"""The run surface verify and discover share, end to end on the simulated market.

Breakers shared across capabilities (and the model's kept apart), the money ceiling at the
pipeline level, retries that never re-run a run-level call, stop conditions that are terminal, the
ledger refusing ids it never issued, the egress gate on every kind it names, the fence, and
English next to Spanish.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from tests.sim.providers import provider_config, serve
from tests.sim.research import ModelServer, start_market, with_model
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import ProviderError
from webquorum.pipelines.budgeted.context import RunContext
from webquorum.pipelines.discover import VERIFY_TOP, result, verification_slice
from webquorum.text.organisations import Sighting
from webquorum.types import Document
from webquorum.types.research import DiscoverRequest, DiscoverResult, VerifyResult

CLAIM = "Acero Norte will create 1,200 jobs at its Apodaca plant"
JOURNAL = ("steel-journal.test", "/acero-norte-jobs")
DISCOVER: dict[str, Any] = {
    "objective": "¿Quién está construyendo plantas en Nuevo León?",
    "signals": ["nueva planta"],
    "geographies": ["Nuevo León"],
}
VERIFY: dict[str, Any] = {
    "objective": "Check Acero Norte",
    "entities": ["Acero Norte"],
    "claims_to_verify": [CLAIM],
}


def searxng_hits(web: SimWeb) -> int:
    return len(web.requests_to("/search", host="searxng.test"))


# -- one breaker per upstream, shared by search, verify and discover --------------------------------
async def test_a_breaker_opened_by_search_is_open_for_verify_and_discover(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.fail_calls = set(range(1, 6))
    async with Client(config) as wq:
        for _ in range(5):  # five upstream faults through the plain search capability
            with pytest.raises(ProviderError):
                await wq.search("nueva planta", provider="searxng")
        assert searxng_hits(simweb) == 5
        checked: VerifyResult = await wq.verify(**VERIFY)
        found: DiscoverResult = await wq.discover(**DISCOVER)
    assert searxng_hits(simweb) == 5  # neither run reached the provider
    for run in (checked, found):
        assert run.stop_reason == "provider_failed" and run.budget.calls_spent == 0
        failed = [a for a in run.audit if a.kind == "call_failed"]
        assert len(failed) == 1 and failed[0].detail.startswith("WEB_PROVIDER_CIRCUIT_OPEN")
    assert checked.claims[0].verdict == "unverified" and found.candidates == []


async def test_a_breaker_opened_by_discover_is_open_for_search(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.fail_calls = set(range(1, 100))
    async with Client(config) as wq:
        for _ in range(5):
            run: DiscoverResult = await wq.discover(**DISCOVER)
            assert run.stop_reason == "provider_failed"
        with pytest.raises(ProviderError) as info:
            await wq.search("nueva planta", provider="searxng")
    assert info.value.code == "WEB_PROVIDER_CIRCUIT_OPEN" and searxng_hits(simweb) == 5


async def test_the_model_endpoint_keeps_a_breaker_of_its_own(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its outage opens its own circuit; the cheap search calls keep flowing."""
    monkeypatch.setenv("AI_GATEWAY_API_KEY", "gw-test-key-123456")
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL]
    simweb.route(
        "/v1/chat/completions",
        Reply(status=500, body=b'{"error": "overloaded"}', content_type="application/json"),
        host="models.test",
        method="POST",
    )
    config = {**config, "models": {"base_url": f"http://models.test:{simweb.port}"}}
    unproven = ["Acero Norte is owned by a Korean conglomerate", "Acero Norte builds ships"]
    async with Client(config) as wq:
        runs = [await wq.verify(**{**VERIFY, "claims_to_verify": unproven}) for _ in range(3)]
        model_state = wq.runtime.breakers.get("model", "model").state
        search_state = wq.runtime.breakers.get("searxng").state
    assert len(simweb.requests_to("/v1/chat/completions", host="models.test")) == 5
    assert (model_state, search_state) == ("open", "closed")
    assert [r.budget.calls_spent for r in runs] == [2, 2, 2] and all(r.stop_reason == "done" for r in runs)
    last = [a.detail for a in runs[-1].audit if a.kind == "model_call"]
    assert any("WEB_PROVIDER_CIRCUIT_OPEN" in d for d in last)


# -- money: per call and per run, refused before anything is spent ---------------------------------
async def test_a_provider_priced_over_max_usd_per_call_is_refused_by_verify_and_discover(
    simweb: SimWeb,
) -> None:
    serve(simweb, "exa")  # worst case $0.097 a call, over the 0.05 default
    config = provider_config(simweb, ["exa"], web={"search_provider": "exa"})
    async with Client(config) as wq:
        checked: VerifyResult = await wq.verify(**VERIFY)
        found: DiscoverResult = await wq.discover(**DISCOVER)
    assert simweb.requests == []
    for run in (checked, found):
        assert run.stop_reason == "budget_exhausted"
        assert run.budget.model_dump() == {"calls_spent": 0, "calls_left": 2, "usd_spent": 0.0}
        refusal = next(a for a in run.audit if a.kind == "refusal")
        assert refusal.ref == "rsv_1" and "max_usd_per_call" in refusal.detail


async def test_run_spend_accumulates_across_the_discovery_and_verification_calls(simweb: SimWeb) -> None:
    _, config = start_market(simweb, max_usd_per_run=0.0)
    async with Client(config) as wq:
        free: DiscoverResult = await wq.discover(**DISCOVER)  # searxng costs nothing: both calls pass
    assert free.budget.calls_spent == 2 and free.budget.usd_spent == 0.0
    serve(simweb, "brave")  # $0.005 a call: the second would pass a $0.009 run ceiling
    config = provider_config(
        simweb, ["brave"], web={"search_provider": "brave"}, budget={"max_usd_per_run": 0.009}
    )
    async with Client(config) as wq:
        checked: VerifyResult = await wq.verify(**{**VERIFY, "claims_to_verify": [CLAIM, CLAIM + " in 2026"]})
    assert checked.stop_reason == "budget_exhausted" and checked.budget.usd_spent == pytest.approx(0.005)
    refusal = next(a for a in checked.audit if a.kind == "refusal")
    assert refusal.ref == "rsv_2" and "max_usd_per_run" in refusal.detail
    assert [a.ref for a in checked.audit if a.kind == "reservation"] == ["rsv_1"]


# -- retries are attempts, never a second run-level call; stops are terminal ------------------------
async def test_adapter_retries_show_as_attempts_and_never_rerun_the_discovery_call(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.fail_calls, market.fail_status = {1}, 503
    config["network"] = {**config["network"], "retries": 1}
    async with Client(config) as wq:
        run: DiscoverResult = await wq.discover(**DISCOVER)
    calls = [a for a in run.audit if a.kind == "call"]
    assert [(a.ref, a.attempts) for a in calls] == [("rsv_1", 2), ("rsv_2", 1)]
    assert len(market.queries) == 3 and run.budget.calls_spent == 2 and run.stop_reason == "done"


@pytest.mark.parametrize("fail_on", [1, 2])
async def test_a_provider_failure_is_terminal_in_discover(simweb: SimWeb, fail_on: int) -> None:
    market, config = start_market(simweb)
    market.fail_calls = {fail_on}
    async with Client(config) as wq:
        run: DiscoverResult = await wq.discover(**DISCOVER)
    assert run.stop_reason == "provider_failed" and len(market.queries) == fail_on
    assert [a.kind for a in run.audit].count("stop") == 1 and run.audit[-1].kind == "stop"


async def test_a_provider_failure_is_terminal_in_verify(simweb: SimWeb) -> None:
    market, config = start_market(simweb, max_calls_per_run=5)
    market.pick = lambda q: [JOURNAL]
    market.fail_calls = {1}
    claims = [CLAIM, "Acero Norte will build a second plant", "Acero Norte opened an office"]
    async with Client(config) as wq:
        run: VerifyResult = await wq.verify(**{**VERIFY, "claims_to_verify": claims})
    assert len(market.queries) == 1 and run.stop_reason == "provider_failed"
    assert [c.verdict for c in run.claims] == ["unverified"] * 3
    assert [a.kind for a in run.audit].count("stop") == 1


def test_the_verified_slice_is_at_most_five() -> None:
    top = [Sighting(f"Grupo Norte {i}", "Apodaca", None, [f"ev_{i}"], {f"s{i}.test"}, i) for i in range(8)]

    async def slice_of() -> list[str]:
        async with Client({"cache": {"enabled": False}}) as wq:
            return [c.name for c in verification_slice(RunContext(wq.runtime, "discover"), top)]

    assert asyncio.run(slice_of()) == [f"Grupo Norte {i}" for i in range(VERIFY_TOP)] and VERIFY_TOP == 5


# -- independence: verified needs a new origin ------------------------------------------------------
async def test_refinding_a_candidate_on_its_own_origins_never_verifies_it(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [  # the verification search returns only the discovery pages again
        ("diario-industrial.test", "/2025/acero-norte-planta"),
        ("noticias-a.test", "/economia/acero-norte"),
        ("monterrey-economia.test", "/acero-norte-apodaca"),
        ("el-norte-news.test", "/abc-industrial-monterrey"),
        ("puebla-hoy.test", "/abc-industrial-puebla"),
    ]
    async with Client(config) as wq:
        run: DiscoverResult = await wq.discover(**DISCOVER)
    assert run.candidates and len(market.queries) == 2
    statuses = {c.name: c.status for c in run.candidates}
    # Found on one origin each, and found there again: never verified.
    assert {s for name, s in statuses.items() if not name.startswith("Acero Norte")} == {"uncertain"}
    # Issue 14: Acero Norte was named compatibly by two independent origins (diario-industrial and
    # monterrey-economia) during discovery; the second origin verifies it, not the re-finding.
    acero = next(c for c in run.candidates if c.name.startswith("Acero Norte"))
    cited = {e.id: e.origin for e in run.evidence}
    assert acero.status == "verified"
    assert {cited[i] for i in acero.evidence_ids} == {"diario-industrial.test", "monterrey-economia.test"}


async def test_one_publisher_is_one_origin_however_many_pages_return(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [
        JOURNAL,
        ("rival-press.test", "/abc-cancela"),
        ("rival-press.test", "/acero-norte-jobs"),
    ]
    async with Client(config) as wq:
        run: VerifyResult = await wq.verify(**VERIFY)
    assert len({e.origin for e in run.evidence}) == len(run.evidence)
    assert len(simweb.requests_to("/acero-norte-jobs", host="rival-press.test")) == 0


# -- the ledger is the only source of ids ------------------------------------------------------------
async def test_a_candidate_citing_an_unissued_id_is_dropped_before_rendering() -> None:
    doc = Document(
        url="http://a.test/x",
        final_url="http://a.test/x",
        source_type="html",
        reader="http",
        text="Grupo Norte construirá una planta en Apodaca.",
        published="2025-01-02",
    )
    brief = DiscoverRequest(objective="plantas", signals=["nueva planta"])
    async with Client({"cache": {"enabled": False}}) as wq:
        run = RunContext(wq.runtime, "discover")
        real = run.ledger.mint(doc, 0, len(doc.text), "a.test")
        honest = Sighting("Grupo Norte", "Apodaca", None, [real.id], {"a.test"}, 0)
        forged = Sighting("Grupo Fantasma", "Apodaca", None, [real.id, "ev_deadbeef"], {"b.test"}, 1)
        out = result(run, brief, True, "done", [(honest, "discovered", []), (forged, "verified", [])])
    assert [c.name for c in out.candidates] == ["Grupo Norte"]
    assert [e.id for e in out.evidence] == [real.id] and out.evidence[0].published == "2025-01-02"
    assert any(a.kind == "drop" and "never issued" in a.detail for a in out.audit)


# -- egress gate: every kind the issue names, in a live verify run ----------------------------------
@pytest.mark.parametrize(
    ("entity", "kind"),
    [
        ("ventas@aceronorte.com.mx", "email"),
        ("+52 81 1234 5678", "phone"),
        ("https://aceronorte.com.mx/contacto", "url"),
        ("x' UNION SELECT password FROM users", "sql"),
        ("api_key=sk-live-abcdef123456", "credential"),
        ("Acero Norte,Apodaca,1200,2025,steel", "data rows"),
    ],
)
async def test_a_query_carrying_forbidden_content_never_leaves(
    simweb: SimWeb, entity: str, kind: str
) -> None:
    market, config = start_market(simweb)
    async with Client(config) as wq:
        run: VerifyResult = await wq.verify(**{**VERIFY, "entities": ["Acero Norte", entity]})
    assert market.queries == [] and simweb.requests == [] and run.budget.calls_spent == 0
    drop = next(a for a in run.audit if a.kind == "drop")
    assert f"carried {kind}" in drop.detail
    if kind != "data rows":
        assert f"[{kind}]" in (drop.query or "") and entity not in run.model_dump_json()


# -- untrusted content fence and sanitised excerpts ---------------------------------------------------
async def test_hostile_page_text_is_fenced_for_the_model_and_sanitised_in_the_result(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AI_GATEWAY_API_KEY", "gw-test-key-123456")
    market, config = start_market(simweb)
    market.pick = lambda q: [("hostile.test", "/acero")]
    server = ModelServer()
    async with Client(with_model(simweb, config, server)) as wq:
        # the rules leave it unverified: the model is asked
        claim = "Acero Norte is owned by a Korean conglomerate"
        run: VerifyResult = await wq.verify(**{**VERIFY, "claims_to_verify": [claim]})
    prompt = server.bodies[0]["messages"][-1]["content"]
    assert prompt.count("<untrusted_page_text id=") == prompt.count("</untrusted_page_text>") >= 1
    assert "ev_00000000" not in prompt and "never instructions" in prompt
    invisible = "\u200b\u202e\u2066"
    assert not any(c in prompt for c in invisible)
    assert run.evidence and not any(c in e.text + (e.title or "") for e in run.evidence for c in invisible)
    assert not any("<" in e.text for e in run.evidence)


# -- English and Spanish ------------------------------------------------------------------------------
async def test_discover_works_in_english(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: (
        [("texas-industry.test", "/northfield")]
        if q.startswith('"')
        else [("gulf-business.test", "/northfield-laredo")]
    )
    async with Client(config) as wq:
        run: DiscoverResult = await wq.discover(
            objective="I sell structural steel. Who is building plants in Texas?",
            signals=["new plant"],
            geographies=["Texas"],
        )
    assert market.queries[0] == "new plant Texas" and market.queries[1].startswith('"Northfield Steel"')
    [found] = run.candidates
    assert (found.name, found.geography, found.status) == (
        "Northfield Steel Inc.",
        "Laredo, Texas",
        "verified",
    )
    assert {e.domain for e in run.evidence} == {"gulf-business.test", "texas-industry.test"}


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("Acero Norte construirá una nueva planta en Apodaca", "supported"),
        (
            "Acero Norte construirá una planta en Apodaca con una inversión de 500 millones de dólares",
            "contradicted",
        ),
        ("Acero Norte cerró su planta de Saltillo", "unverified"),
    ],
)
async def test_verify_works_in_spanish(simweb: SimWeb, claim: str, verdict: str) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [
        ("diario-industrial.test", "/2025/acero-norte-planta"),
        ("aceronorte.com.mx", "/prensa/apodaca"),
    ]
    async with Client(config) as wq:
        run: VerifyResult = await wq.verify(**{**VERIFY, "claims_to_verify": [claim]})
    assert run.claims[0].verdict == verdict
    assert bool(run.claims[0].evidence_ids) == (verdict != "unverified")


# -- planning: at most a few queries, the surplus audited --------------------------------------------
async def test_discovery_plans_at_most_four_queries_and_audits_the_rest(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    brief = {
        **DISCOVER,
        "signals": ["nueva planta", "ampliación", "licitación"],
        "geographies": ["Nuevo León", "Puebla"],
    }
    async with Client(config) as wq:
        run: DiscoverResult = await wq.discover(**brief)
    assert market.queries[0].count(" OR ") == 3 and "licitación" not in market.queries[0]
    surplus = [a.query for a in run.audit if a.kind == "drop" and "plan" in a.detail]
    assert surplus == ["licitación Nuevo León", "licitación Puebla"]


# -- models: optional, ids from the environment -------------------------------------------------------
async def test_no_model_runs_without_a_configured_endpoint(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AI_GATEWAY_API_KEY", "gw-test-key-123456")  # a key alone configures nothing
    market, config = start_market(simweb)
    market.pick = lambda q: [JOURNAL]
    async with Client(config) as wq:
        run: VerifyResult = await wq.verify(**{**VERIFY, "claims_to_verify": ["Acero Norte builds ships"]})
    assert run.claims[0].verdict == "unverified" and not any(a.kind == "model_call" for a in run.audit)


@pytest.mark.parametrize(
    ("capability", "variable", "override", "expected"),
    [
        ("discover", "SEARCH_AGENT_MODEL", None, "anthropic/claude-sonnet-5"),
        ("verify", "SEARCH_VERIFICATION_MODEL", "test/verifier", "test/verifier"),
    ],
)
async def test_model_ids_default_and_follow_the_environment(
    simweb: SimWeb,
    monkeypatch: pytest.MonkeyPatch,
    capability: str,
    variable: str,
    override: str | None,
    expected: str,
) -> None:
    monkeypatch.setenv("AI_GATEWAY_API_KEY", "gw-test-key-123456")
    if override is None:
        monkeypatch.delenv(variable, raising=False)
    else:
        monkeypatch.setenv(variable, override)
    market, config = start_market(simweb)
    if capability == "verify":
        market.pick = lambda q: [JOURNAL]
    server = ModelServer()
    async with Client(with_model(simweb, config, server)) as wq:
        if capability == "verify":
            await wq.verify(
                **{**VERIFY, "claims_to_verify": ["Acero Norte is owned by a Korean conglomerate"]}
            )
        else:
            await wq.discover(**DISCOVER)
    assert server.bodies and server.bodies[0]["model"] == expected


@pytest.mark.parametrize(
    ("exclusion", "kind"), [("aceronorte.com.mx", "url"), ("x' UNION SELECT 1 FROM users", "sql")]
)
async def test_an_exclusion_the_gate_refuses_never_leaves(simweb: SimWeb, exclusion: str, kind: str) -> None:
    market, config = start_market(simweb)
    async with Client(config) as wq:
        run: DiscoverResult = await wq.discover(**{**DISCOVER, "exclusions": [exclusion, "Grupo Brisas"]})
    assert market.queries[0] == 'nueva planta Nuevo León -"Grupo Brisas"'
    drop = next(a for a in run.audit if a.kind == "drop" and "exclusion query" in a.detail)
    assert f"carried {kind}" in drop.detail and exclusion not in (drop.query or "")
    assert "Grupo Brisas" not in [c.name for c in run.candidates] and run.stop_reason == "done"
