"""Every engine of the fan-out failed: the SearXNG door lists each with its reason, the page says it in
words."""

from __future__ import annotations

import re

import httpx2
from tests.serve.conftest import running
from tests.sim.providers import provider_config, serve
from tests.sim.web import Reply, SimWeb

MEMBERS = ["brave", "searxng", "tavily"]


def all_down(simweb: SimWeb) -> dict[str, object]:
    serve(simweb, "brave", Reply(status=503, body=b"{}", content_type="application/json"))
    serve(
        simweb,
        "searxng",
        Reply(status=429, body=b"{}", content_type="application/json", headers={"Retry-After": "9"}),
    )
    serve(simweb, "tavily", Reply(body=b"<html>challenge</html>", content_type="text/html"))
    config = provider_config(simweb, MEMBERS)
    config["combos"] = [{"id": "fanout", "members": MEMBERS}]
    config["web"] = {"search_provider": "fanout"}
    return config


def test_unresponsive_engines_names_every_member_with_its_reason(simweb: SimWeb) -> None:
    with running(all_down(simweb)) as base:
        resp = httpx2.get(base + "/search", params={"q": "kestrel bridge", "format": "json"}, timeout=30)
    assert resp.status_code == 200 and resp.json()["results"] == []
    reasons = dict(resp.json()["unresponsive_engines"])
    assert sorted(reasons) == sorted(MEMBERS)
    assert reasons["brave"] == "HTTP error (WEB_PROVIDER_ERROR)"
    assert reasons["searxng"] == "too many requests (WEB_PROVIDER_RATE_LIMITED)"
    assert reasons["tavily"] == "HTTP error (WEB_PROVIDER_BAD_RESPONSE)"


def test_the_brief_page_says_in_words_that_no_engine_answered(simweb: SimWeb) -> None:
    with running(all_down(simweb)) as base:
        html = httpx2.get(base + "/", params={"q": "kestrel bridge"}, timeout=30).text
    box = re.search(r'<section class="error" role="alert"[^>]*><h2>([^<]*)</h2>(.*?)</section>', html, re.S)
    assert box is not None
    assert box.group(1).endswith(".") and "WEB_" not in box.group(1) and "did not answer" in box.group(1)
    for member in MEMBERS:
        assert member in box.group(2)
