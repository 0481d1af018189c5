"""The money ceiling per call: a combo over ``budget.max_usd_per_call`` is narrowed, not refused whole.

Five paid providers on loopback, the default ceiling ($0.05): verify and discover search with the
members that fit (cheapest first, keyless first), say so in the audit, and never call the rest.
When nothing fits, the run stops before spending with a reason naming the ceiling and the setting
to raise, and counts as failed (CLI exit 1, tested in tests/test_cli.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.sim.providers import endpoint_path, host_of, provider_config, serve
from tests.sim.web import SimWeb

from webquorum import Client
from webquorum.types.research import DiscoverResult, VerifyResult, run_failed

PAID = ["exa", "kagi", "jina", "tavily", "brave"]  # $0.097 + 0.025 + 0.01 + 0.008 + 0.005 = $0.145
VERIFY: dict[str, Any] = {
    "objective": "Check Acero Norte",
    "entities": ["Acero Norte"],
    "claims_to_verify": ["Acero Norte will open a plant in Apodaca"],
}
DISCOVER: dict[str, Any] = {
    "objective": "¿Quién construye plantas?",
    "signals": ["nueva planta"],
    "geographies": ["Nuevo León"],
}


def paid_combo(web: SimWeb, members: list[str]) -> dict[str, Any]:
    for provider in members:
        serve(web, provider)
    return provider_config(
        web, members, web={"search_provider": "paid"}, combos=[{"id": "paid", "members": members}]
    )


def calls_to(web: SimWeb, provider: str) -> int:
    return len(web.requests_to(endpoint_path(provider), host=host_of(provider)))


async def test_a_combo_over_the_ceiling_runs_the_members_that_fit_cheapest_first(simweb: SimWeb) -> None:
    config = paid_combo(simweb, PAID)
    async with Client(config) as wq:
        checked: VerifyResult = await wq.verify(**VERIFY)
    assert checked.stop_reason == "done" and checked.budget.calls_spent == 1
    assert checked.budget.usd_spent == pytest.approx(0.048)  # brave, tavily, jina, kagi: exa would pass $0.05
    assert calls_to(simweb, "exa") == 0
    assert all(calls_to(simweb, p) == 1 for p in ["kagi", "jina", "tavily", "brave"])
    narrowed = next(a for a in checked.audit if a.kind == "drop" and a.provider == "paid")
    assert "budget.max_usd_per_call $0.050" in narrowed.detail
    assert "narrowed to kagi, jina, tavily, brave ($0.048)" in narrowed.detail
    assert "left out exa ($0.097)" in narrowed.detail
    assert [a.usd for a in checked.audit if a.kind == "reservation"] == [pytest.approx(0.048)]
    assert not run_failed(checked.stop_reason, checked.budget.calls_spent)


async def test_discover_narrows_once_and_spends_both_calls_within_the_ceiling(simweb: SimWeb) -> None:
    config = paid_combo(simweb, PAID)
    async with Client(config) as wq:
        found: DiscoverResult = await wq.discover(**DISCOVER)
    assert calls_to(simweb, "exa") == 0
    assert len([a for a in found.audit if a.kind == "drop" and a.provider == "paid"]) == 1
    assert all(a.usd is not None and a.usd <= 0.05 for a in found.audit if a.kind == "reservation")


async def test_a_tighter_ceiling_keeps_only_the_cheapest(simweb: SimWeb) -> None:
    config = paid_combo(simweb, PAID)
    config["budget"] = {"max_usd_per_call": 0.013}
    async with Client(config) as wq:
        checked: VerifyResult = await wq.verify(**VERIFY)
    assert checked.budget.usd_spent == pytest.approx(0.013)  # brave + tavily; jina would make it $0.023
    assert [p for p in PAID if calls_to(simweb, p)] == ["tavily", "brave"]


async def test_when_nothing_fits_the_run_stops_naming_the_ceiling_and_the_setting_to_raise(
    simweb: SimWeb,
) -> None:
    config = paid_combo(simweb, ["exa", "kagi"])
    config["budget"] = {"max_usd_per_call": 0.02}
    async with Client(config) as wq:
        checked: VerifyResult = await wq.verify(**VERIFY)
        found: DiscoverResult = await wq.discover(**DISCOVER)
    assert simweb.requests == []
    for run in (checked, found):
        assert run.stop_reason == "budget_exhausted" and run.budget.calls_spent == 0
        stop = [a.detail for a in run.audit if a.kind == "stop"][-1]
        assert "exceeds budget.max_usd_per_call $0.020" in stop
        assert "raise budget.max_usd_per_call to at least 0.025" in stop
        assert run_failed(run.stop_reason, run.budget.calls_spent)


def test_a_run_fails_only_when_no_search_succeeded() -> None:
    assert run_failed("provider_failed", 0) and run_failed("budget_exhausted", 0)
    assert not run_failed("budget_exhausted", 1), "a second call refused: the first one's work stands"
    assert (
        not run_failed("done", 0) and not run_failed("no_candidates", 1) and not run_failed("no_queries", 0)
    )
