"""Each provider is sent the site scope in its own documented form (docs/sites.md).

Structured filters where the API documents one (Tavily, Exa, Linkup, Parallel, TinyFish,
Perplexity, Jina's X-Site); ``site:`` operators in the query for the engines whose only filter
is the query; nothing for those with neither (LangSearch, Wikipedia), which the pipeline then
over-fetches and filters. Then the recorded payloads: whatever a provider returns, the scope
check admits only hosts under the scope.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.sim.payloads import response, shared_payload
from tests.sim.providers import ok_fixture

from webquorum.providers import PROVIDER_IDS, provider_module
from webquorum.scope import SiteScope
from webquorum.types import SearchQuery
from webquorum.urls import host_of
from webquorum.wire import HttpRequest, RequestContext

SCOPED = SearchQuery("tide tables", sites=("noaa.gov", "bbc.co.uk"), exclude_sites=("example.com",))
ONE_SITE = SearchQuery("tide tables", sites=("noaa.gov",))
OPERATORS = "tide tables (site:noaa.gov OR site:bbc.co.uk) -site:example.com"
CTX = RequestContext(base_url="http://provider.test", api_key="k", options={"today": "2025-03-10"})


def build(pid: str, query: SearchQuery = SCOPED) -> HttpRequest:
    return provider_module(pid).build_request(query, CTX)


def sent_query(req: HttpRequest) -> str:
    for bag in (req.params, req.form or {}, req.json_body if isinstance(req.json_body, dict) else {}):
        for key in ("q", "query"):
            if key in bag:
                return str(bag[key])
    raise AssertionError("no query field")


@pytest.mark.parametrize(
    "pid",
    [
        "bing",
        "brave",
        "brave_web",
        "duckduckgo",
        "kagi",
        "mojeek",
        "mojeek_web",
        "searxng",
        "serper",
        "firecrawl",
    ],
)
def test_engines_without_a_filter_field_get_site_operators(pid: str) -> None:
    assert sent_query(build(pid)) == OPERATORS
    assert sent_query(build(pid, ONE_SITE)) == "tide tables site:noaa.gov"
    assert sent_query(build(pid, SearchQuery("tide tables"))) == "tide tables"


def body(req: HttpRequest) -> dict[str, Any]:
    assert isinstance(req.json_body, dict)
    return req.json_body


def test_structured_filters_where_the_api_documents_one() -> None:
    assert body(build("tavily"))["include_domains"] == ["noaa.gov", "bbc.co.uk"]
    assert body(build("tavily"))["exclude_domains"] == ["example.com"]
    assert (body(build("exa"))["includeDomains"], body(build("exa"))["excludeDomains"]) == (
        ["noaa.gov", "bbc.co.uk"],
        ["example.com"],
    )
    assert (body(build("linkup"))["includeDomains"], body(build("linkup"))["excludeDomains"]) == (
        ["noaa.gov", "bbc.co.uk"],
        ["example.com"],
    )
    policy = body(build("parallel"))["advanced_settings"]["source_policy"]
    assert policy == {"include_domains": ["noaa.gov", "bbc.co.uk"], "exclude_domains": ["example.com"]}
    params = build("tinyfish").params
    assert (params["include_domains"], params["exclude_domains"]) == ("noaa.gov,bbc.co.uk", "example.com")
    for pid in ("tavily", "exa", "linkup", "tinyfish"):
        assert sent_query(build(pid)) == "tide tables"


def test_parallel_keeps_its_date_policy_beside_the_domains() -> None:
    query = SearchQuery("tides", time_range="week", sites=("noaa.gov",))
    policy = body(build("parallel", query))["advanced_settings"]["source_policy"]
    assert policy == {"after_date": "2025-03-03", "include_domains": ["noaa.gov"]}


def test_perplexity_sends_an_allowlist_or_a_denylist_never_both_and_at_most_20() -> None:
    assert body(build("perplexity"))["search_domain_filter"] == ["noaa.gov", "bbc.co.uk"]
    denied = SearchQuery("q", exclude_sites=("example.com", "spam.test"))
    assert body(build("perplexity", denied))["search_domain_filter"] == ["-example.com", "-spam.test"]
    many = SearchQuery("q", sites=tuple(f"s{i}.org" for i in range(30)))
    assert len(body(build("perplexity", many))["search_domain_filter"]) == 20
    assert "search_domain_filter" not in body(build("perplexity", SearchQuery("q")))


def test_jina_uses_its_in_site_header_for_one_site_and_operators_otherwise() -> None:
    one = build("jina", ONE_SITE)
    assert one.headers["X-Site"] == "https://noaa.gov" and body(one)["q"] == "tide tables"
    several = build("jina")
    assert "X-Site" not in several.headers and body(several)["q"] == OPERATORS


def test_gateway_asks_the_model_in_words() -> None:
    ask = json.dumps(body(build("gateway")))
    assert (
        "noaa.gov, bbc.co.uk" in ask
        and "Never use pages on these sites or their subdomains: example.com" in ask
    )


@pytest.mark.parametrize("pid", ["langsearch", "wikipedia"])
def test_providers_without_a_documented_filter_are_asked_the_plain_query(pid: str) -> None:
    assert json.dumps(build(pid, SCOPED).json_body or build(pid, SCOPED).params) == json.dumps(
        build(pid, SearchQuery("tide tables")).json_body or build(pid, SearchQuery("tide tables")).params
    )


def test_every_provider_is_covered_by_a_test_here() -> None:
    tested = {
        "bing",
        "brave",
        "brave_web",
        "duckduckgo",
        "kagi",
        "mojeek",
        "mojeek_web",
        "searxng",
        "serper",
        "firecrawl",
        "tavily",
        "exa",
        "linkup",
        "parallel",
        "tinyfish",
        "perplexity",
        "jina",
        "gateway",
        "langsearch",
        "wikipedia",
    }
    assert set(PROVIDER_IDS) == tested


def labels_under(site: str, host: str) -> bool:
    """The reference, written apart from webquorum.scope: the host's last labels are the site's."""
    return host.split(".")[-len(site.split(".")) :] == site.split(".")


def check_payload(pid: str, raw: bytes, html: bool) -> None:
    """Scope a recording to the parent domain of its first result, then exclude that domain: every
    admitted URL is under it (resp. not), so nothing outside a scope passes the pipeline's check."""
    headers = {"content-type": "text/html" if html else "application/json"}
    results = provider_module(pid).parse_response(response(raw, headers=headers))
    assert results, pid
    first = host_of(results[0].url)
    site = first.split(".", 1)[1] if first.count(".") > 1 else first
    for scope in (SiteScope((site,)), SiteScope((), (site,))):
        for result in results:
            inside = labels_under(site, host_of(result.url))
            assert scope.admits(result.url) is (inside if scope.sites else not inside), result.url


@pytest.mark.parametrize("pid", sorted(PROVIDER_IDS))
def test_our_recorded_payloads_keep_only_hosts_in_scope(pid: str) -> None:
    path = ok_fixture(pid)
    check_payload(pid, path.read_bytes(), path.suffix == ".html")


SHARED_SEARCH = [
    "brave-1.json",
    "duckduckgo-1.html",
    "exa-3.json",
    "firecrawl-1.json",
    "jina-search-1.json",
    "kagi-1.json",
    "linkup-1.json",
    "mojeek-1.json",
    "parallel-1.json",
    "searxng-1.json",
    "serper-2.json",
    "tavily-3.json",
    "tinyfish-1.json",
    "wikipedia-1.json",
]


@pytest.mark.parametrize("name", SHARED_SEARCH)
def test_shared_recorded_payloads_keep_only_hosts_in_scope(shared_dir: Path, name: str) -> None:
    pid = name.split("-")[0]
    check_payload(pid, shared_payload(shared_dir, name), name.endswith(".html"))
