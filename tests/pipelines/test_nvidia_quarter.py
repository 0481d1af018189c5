"""The README's NVIDIA quarter on the simulated web (issue 22): a twelve-month total and a segment's revenue
are other quantities, so no page is named as disagreeing, and verify rules the true quarterly figure
supported."""

from __future__ import annotations

import json
from typing import Any

from tests.sim.providers import provider_config, serve
from tests.sim.research import page_html
from tests.sim.web import Reply, Request, SimWeb

from webquorum import Client

PAGES = {
    "stockanalysis.test": (
        "NVIDIA (NVDA) Revenue",
        "NVIDIA had revenue of $81.62B in the quarter ending April 26, 2026, with 85.23% growth. "
        "NVIDIA's revenue in the last twelve months was $253.49B, up 71% year over year.",
    ),
    "nvidianews.nvidia.test": (
        "NVIDIA Announces Financial Results for First Quarter Fiscal 2027",
        "NVIDIA reported revenue for the first quarter of $81.6 billion, up 85% from a year ago. "
        "Data center revenue for the quarter was a record $75.2 billion.",
    ),
    "chipwire.test": (
        "Nvidia beats estimates",
        "Nvidia posted first-quarter revenue of $81.6 billion as data center revenue reached $75.2 billion.",
    ),
    "marketdesk.test": (
        "Nvidia quarter",
        "The chipmaker NVIDIA said quarterly revenue came to $81.6 billion, with data center revenue of $75.2 billion.",
    ),
}
HOSTS = sorted(PAGES)


def build(web: SimWeb) -> dict[str, Any]:
    for host, (title, body) in PAGES.items():
        web.route("/story", Reply(body=page_html(title, body)), host=host)

    def searx(req: Request) -> Reply:
        results = [
            {"url": web.url("/story", host=h), "title": PAGES[h][0], "content": PAGES[h][1][:120]}
            for h in HOSTS
        ]
        return Reply(
            body=json.dumps({"query": req.query.get("q", ""), "results": results}),
            content_type="application/json",
        )

    serve(web, "searxng", searx)
    config = provider_config(web, ["searxng"], web={"search_provider": "searxng"})
    config["network"]["resolve"].update({h: "127.0.0.1" for h in HOSTS})
    config["network"]["allow_hosts"] = HOSTS
    return config


async def test_no_page_is_named_for_another_quantity_and_the_answer_leads(simweb: SimWeb) -> None:
    async with Client(build(simweb)) as wq:
        out = await wq.brief("nvidia latest quarterly revenue")
    assert len([s for s in out.sources if not s.snippet_only]) == 4
    assert out.answer is not None and out.answer.value == "$81.6 billion" and out.answer.count == 4
    assert (
        out.disagreed == [] and "Disagreement" not in out.brief and "253.49" not in out.brief.split("\n")[-1]
    )


async def test_verify_rules_the_true_quarterly_figure_supported(simweb: SimWeb) -> None:
    request = {
        "objective": "Check NVIDIA's quarter",
        "entities": ["NVIDIA"],
        "claims_to_verify": ["NVIDIA reported quarterly revenue of $81.6 billion"],
        "freshness_days": None,
        "max_results": 5,
    }
    async with Client(build(simweb)) as wq:
        result = await wq.verify(request)
    assert result.claims[0].verdict == "supported"
