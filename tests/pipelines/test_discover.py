"""discover over a simulated market: statuses, dedupe, syndication, budgets, failures, refusals, models."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from tests.sim.research import PAGES, ModelServer, start_market, with_model
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.cli import app
from webquorum.errors import BriefRefusedError
from webquorum.pipelines.budgeted.context import RunContext
from webquorum.pipelines.discover import grouped_query, verification_slice
from webquorum.text.organisations import Sighting
from webquorum.types.research import DiscoverResult

BRIEF: dict[str, Any] = {
    "objective": "Vendo estructuras metálicas. ¿Quién está construyendo plantas en Nuevo León?",
    "signals": ["nueva planta"],
    "geographies": ["Nuevo León"],
    "target_results": 6,
}


async def run(config: dict[str, Any], **changes: Any) -> DiscoverResult:
    async with Client(config) as wq:
        result: DiscoverResult = await wq.discover({**BRIEF, **changes})
    return result


def by_name(result: DiscoverResult) -> dict[tuple[str, str | None], Any]:
    return {(c.name, c.geography): c for c in result.candidates}


def assert_resolvable(result: DiscoverResult, web: SimWeb) -> None:
    """Every cited id is in the evidence list, and every evidence URL is a page the web served."""
    served = {web.url(path, host=host) for host, path in PAGES}
    ids = {e.id for e in result.evidence}
    assert all(i in ids for c in result.candidates for i in c.evidence_ids)
    assert all(e.url in served for e in result.evidence)


async def test_full_protocol_finds_verifies_contradicts_and_keeps_lookalikes_apart(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    result = await run(config)
    found = by_name(result)
    acero = found[("Acero Norte, S.A. de C.V.", "Apodaca, Nuevo León")]
    assert acero.status == "verified" and acero.alternate_names == ["Acero Norte"]
    assert acero.merge_rule == "same_name_and_geography"
    cited = {e.id: e for e in result.evidence}
    assert {cited[i].origin for i in acero.evidence_ids} == {
        "diario-industrial.test",
        "monterrey-economia.test",
        "aceronorte.com.mx",
    }
    assert found[("ABC Industrial", "Monterrey, Nuevo León")].status == "contradicted"
    assert found[("ABC Industrial", "Puebla, Puebla")].status == "uncertain"
    assert ("Grupo Brisas", "Guadalupe, Nuevo León") in found
    assert any(name == "Grupo Hotelero Brisas" for name, _ in found)
    assert len(result.candidates) == 5
    assert result.exhaustive is False and "never exhaustive" in result.note
    assert (result.freshness_days, result.freshness_days_defaulted) == (365, True)
    assert result.budget.model_dump() == {"calls_spent": 2, "calls_left": 0, "usd_spent": 0.0}
    assert result.stop_reason == "done" and result.run_id.startswith("run_")
    assert_resolvable(result, simweb)
    # syndication: the copies were never read and never counted
    drops = [a for a in result.audit if a.kind == "drop" and "syndicated" in a.detail]
    assert {a.ref.split("/")[2].split(":")[0] for a in drops if a.ref} == {
        "noticias-a.test",
        "noticias-b.test",
    }
    assert not any(e.domain.startswith("noticias") for e in result.evidence)
    # one discovery search, one grouped verification search naming each candidate once
    assert len(market.queries) == 2 and market.queries[0] == "nueva planta Nuevo León"
    assert market.queries[1].count('"ABC Industrial"') == 1 and '"Acero Norte"' in market.queries[1]


async def test_target_results_cuts_the_slice_that_is_verified(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    result = await run(config, target_results=1, freshness_days=30)
    assert [c.name for c in result.candidates] == ["Acero Norte, S.A. de C.V."]
    assert (result.freshness_days, result.freshness_days_defaulted) == (30, False)
    searches = simweb.requests_to("/search", host="searxng.test")
    assert [r.query["time_range"] for r in searches] == ["month", "month"]
    assert "ABC" not in market.queries[1]


async def test_budget_of_one_stops_before_verification_and_audits_the_refusal(simweb: SimWeb) -> None:
    market, config = start_market(simweb, max_calls_per_run=1)
    result = await run(config)
    assert result.stop_reason == "budget_exhausted" and len(market.queries) == 1
    assert result.candidates and {c.status for c in result.candidates} == {"discovered"}
    refusal = next(a for a in result.audit if a.kind == "refusal")
    assert refusal.ref == "rsv_2" and "budget spent" in refusal.detail
    assert result.budget.model_dump() == {"calls_spent": 1, "calls_left": 0, "usd_spent": 0.0}


async def test_provider_failing_mid_run_stops_with_nothing_half_written(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.fail_calls = {2}
    result = await run(config)
    assert result.stop_reason == "provider_failed"
    assert {c.status for c in result.candidates} == {"discovered"}
    failed = next(a for a in result.audit if a.kind == "call_failed")
    assert failed.ref == "rsv_2" and "500" in failed.detail
    assert result.budget.calls_spent == 1
    assert not any(e.domain in ("aceronorte.com.mx", "rival-press.test") for e in result.evidence)


async def test_provider_failing_on_the_first_call_returns_nothing(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.fail_calls = {1}
    result = await run(config)
    assert (result.stop_reason, result.candidates, result.budget.calls_spent) == ("provider_failed", [], 0)


async def test_no_candidate_clearing_extraction_is_an_honest_zero(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    market.pick = lambda q: [("steel-journal.test", "/acero-norte-jobs")]  # names no legal form or title
    result = await run(config)
    assert (result.stop_reason, result.candidates) == ("no_candidates", [])
    assert len(market.queries) == 1 and result.budget.calls_left == 1


async def test_exclusions_are_negated_in_the_query_and_filtered_from_results(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    result = await run(config, exclusions=["Grupo Brisas"])
    assert '-"Grupo Brisas"' in market.queries[0]
    assert "Grupo Brisas" not in [c.name for c in result.candidates]
    assert "Grupo Hotelero Brisas" in [c.name for c in result.candidates]
    assert any(a.kind == "drop" and "exclusion" in a.detail for a in result.audit)


async def test_a_planned_query_carrying_a_url_is_dropped_not_repaired(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    result = await run(config, geographies=["nuevoleon.gob.mx"])
    assert result.stop_reason == "no_queries" and market.queries == [] and result.budget.calls_spent == 0
    drop = next(a for a in result.audit if a.kind == "drop")
    assert "url" in drop.detail and "nuevoleon.gob.mx" not in (drop.query or "")


@pytest.mark.parametrize(
    ("changes", "code", "missing"),
    [
        ({"objective": "Who are the decision makers at new plants?"}, "web_discovery_people_refused", []),
        ({"signals": ["nueva planta de Carlos Slim"]}, "web_discovery_people_refused", []),
        ({"signals": ["nueva planta", "ventas@acero.mx"]}, "web_discovery_people_refused", []),
        ({"signals": []}, "web_discovery_brief_too_broad", ["signals"]),
        ({"signals": ["acero estructural"]}, "web_discovery_signal_not_an_event", ["signals"]),
        ({"provider": "exa"}, "web_discovery_brief_invalid", []),
        ({"freshness_days": 1000}, "web_discovery_brief_invalid", []),
        ({"objective": "x" * 301}, "web_discovery_brief_invalid", []),
        ({"signals": ["nueva planta"] * 5}, "web_discovery_brief_invalid", []),
        ({"geographies": ["Apodaca", "Monterrey", "Saltillo", "Puebla"]}, "web_discovery_brief_invalid", []),
        ({"exclusions": [f"Grupo {i}" for i in range(6)]}, "web_discovery_brief_invalid", []),
        ({"target_results": 0}, "web_discovery_brief_invalid", []),
        ({"target_results": 11}, "web_discovery_brief_invalid", []),
        ({"freshness_days": 0}, "web_discovery_brief_invalid", []),
        ({"objective": None}, "web_discovery_brief_invalid", ["objective"]),
        ({"signals": ["nueva planta", "llamar al +52 81 1234 5678"]}, "web_discovery_people_refused", []),
        ({"objective": "Contactos de compras en plantas nuevas"}, "web_discovery_people_refused", []),
        ({"signals": ["new plant hiring managers"]}, "web_discovery_people_refused", []),
    ],
)
async def test_briefs_that_cannot_be_answered_are_refused_before_spending(
    simweb: SimWeb, changes: dict[str, Any], code: str, missing: list[str]
) -> None:
    _, config = start_market(simweb)
    with pytest.raises(BriefRefusedError) as info:
        await run(config, **changes)
    refusal = info.value.to_dict()
    assert refusal["error"] == code and refusal["missing"] == missing and refusal["why"]
    assert isinstance(refusal["suggested_correction"], dict)
    assert simweb.requests == []


def test_cli_exits_2_with_the_refusal_as_json() -> None:
    outcome = CliRunner().invoke(
        app, ["discover", "--objective", "proveedores", "--signal", "acero estructural", "--json"]
    )
    assert outcome.exit_code == 2
    data = json.loads(outcome.stdout)
    assert data["error"] == "web_discovery_signal_not_an_event" and data["suggested_correction"]["signals"]


async def test_model_inventions_are_dropped_and_identifying_fields_come_from_the_ledger(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AI_GATEWAY_API_KEY", "gw-test-key-123456")
    monkeypatch.setenv("SEARCH_AGENT_MODEL", "test/agent-model")
    _, config = start_market(simweb)
    server = ModelServer()
    result = await run(with_model(simweb, config, server))
    names = [c.name for c in result.candidates]
    assert "Fantasma Steel" not in names and "Otra Corp" not in names
    dump = result.model_dump_json()
    assert "invented.example" not in dump
    assert all("ev_deadbeef" not in c.evidence_ids for c in result.candidates)
    assert "ev_deadbeef" not in {e.id for e in result.evidence}
    details = [a.detail for a in result.audit if a.kind == "drop"]
    assert any("not found literally" in d for d in details)
    assert any("never issued" in d for d in details)
    assert any("'url' ignored" in d for d in details)
    assert_resolvable(result, simweb)
    sent = server.bodies[0]
    assert sent["model"] == "test/agent-model" and sent["response_format"]["type"] == "json_schema"
    assert "never instructions" in sent["messages"][-1]["content"]
    assert server.headers[0]["authorization"] == "Bearer gw-test-key-123456"
    assert "gw-test-key-123456" not in dump
    # the honest item cited a real excerpt and merged into the pattern-found candidate
    assert "Acero Norte, S.A. de C.V." in names and result.stop_reason == "done"


async def test_a_verification_term_naming_a_person_is_dropped_from_the_plan() -> None:
    top = [
        Sighting("Acero Norte, S.A. de C.V.", "Apodaca", None, ["ev_1"], {"a.test"}, 0),
        Sighting("Grupo Carlos Slim", "Monterrey", None, ["ev_2"], {"b.test"}, 1),
        Sighting("ABC Industrial", "Puebla", None, ["ev_3"], {"c.test"}, 2),
    ]
    async with Client({"cache": {"enabled": False}}) as wq:
        run = RunContext(wq.runtime, "discover")
        check = verification_slice(run, top)
    assert [c.name for c in check] == ["Acero Norte, S.A. de C.V.", "ABC Industrial"]
    assert grouped_query(check, "nueva planta") == '("Acero Norte" OR "ABC Industrial") nueva planta'
    assert [a.kind for a in run.audit] == ["drop"] and "person" in run.audit[0].detail


# -- issue 14: a second origin among the discovery results is read and verifies --------------------
RELEASE = ("aceronorte.com.mx", "/prensa/2025")


async def test_a_second_origin_among_the_discovery_results_is_read_and_verifies(simweb: SimWeb) -> None:
    market, config = start_market(simweb)
    discovery = [  # the story on one origin (three hosts), three other stories, then the company's release
        ("diario-industrial.test", "/2025/acero-norte-planta"),
        ("noticias-a.test", "/economia/acero-norte"),
        ("noticias-b.test", "/n/12345"),
        ("el-norte-news.test", "/abc-industrial-monterrey"),
        ("puebla-hoy.test", "/abc-industrial-puebla"),
        ("hoteles-mx.test", "/brisas"),
        RELEASE,
    ]
    market.pick = lambda q: [("rival-press.test", "/abc-cancela")] if q.startswith(('"', '("')) else discovery
    result = await run(config)
    acero = by_name(result)[("Acero Norte, S.A. de C.V.", "Apodaca, Nuevo León")]
    assert acero.status == "verified"
    cited = {e.id: e for e in result.evidence}
    assert {cited[i].origin for i in acero.evidence_ids} == {"diario-industrial.test", "aceronorte.com.mx"}
    release = next(cited[i] for i in acero.evidence_ids if cited[i].origin == "aceronorte.com.mx")
    assert "confirma la construcción de su nueva planta" in release.text
    assert simweb.requests_to(RELEASE[1], host=RELEASE[0]), "the release was read, not judged by its snippet"
    assert sum(a.kind in ("read", "read_failed") for a in result.audit) <= 6, "within the run's page budget"
    assert not simweb.requests_to("/economia/acero-norte", host="noticias-a.test"), (
        "copies are still not read"
    )


async def test_without_the_promotion_read_the_release_snippet_would_not_verify(simweb: SimWeb) -> None:
    """The control: the release's snippet alone names the company but no event, so nothing else verifies
    it."""
    market, config = start_market(simweb)
    discovery = [("diario-industrial.test", "/2025/acero-norte-planta"), RELEASE]
    market.pick = lambda q: [("rival-press.test", "/abc-cancela")] if q.startswith(('"', '("')) else discovery
    simweb.route(RELEASE[1], Reply(status=404, body="<html><body>gone</body></html>"), host=RELEASE[0])
    result = await run(config)
    assert by_name(result)[("Acero Norte, S.A. de C.V.", "Apodaca, Nuevo León")].status == "uncertain"
