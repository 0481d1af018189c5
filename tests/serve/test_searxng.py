"""The SearXNG door, as its real clients use it: LangChain's wrapper, Open WebUI's requests, our own provider.

The answer shape and the error replies follow SearXNG's source: ``searx/webutils.py``
(``get_json_response``: query, number_of_results, results, answers, corrections, infoboxes,
suggestions, unresponsive_engines as [name, reason] pairs), ``searx/webadapter.py`` (which
parameters are checked, and how) and ``searx/webapp.py`` (400 ``{"error": ...}``; 308 from ``/``
to ``/search`` when a query is given).
"""

from __future__ import annotations

import warnings
from typing import Any

import httpx2
import pytest
from tests.serve.conftest import Served
from tests.sim.providers import endpoint_path, host_of
from tests.sim.serve import ALL_SITES, BLOCKED, QUESTION

from webquorum import Client
from webquorum.errors import BadRequestError

FIELDS = (
    "query",
    "number_of_results",
    "results",
    "answers",
    "corrections",
    "infoboxes",
    "suggestions",
    "unresponsive_engines",
)
RESULT_FIELDS = (
    "url",
    "title",
    "content",
    "engine",
    "engines",
    "positions",
    "score",
    "category",
    "publishedDate",
)


def get(served: Served, **params: Any) -> httpx2.Response:
    return httpx2.get(served.base + "/search", params=params, timeout=30)


def sites_of(results: list[dict[str, Any]]) -> list[str]:
    return [r["url"].split("//")[1].split(":")[0] for r in results]


def test_json_answer_has_searxng_fields_and_our_fused_results(served: Served) -> None:
    resp = get(served, q=QUESTION, format="json")
    assert resp.status_code == 200 and resp.headers["content-type"].startswith("application/json")
    data = resp.json()
    assert tuple(data) == FIELDS
    assert data["query"] == QUESTION
    assert sites_of(data["results"]) == list(ALL_SITES)
    assert data["number_of_results"] == 4
    first = data["results"][0]
    assert all(key in first for key in RESULT_FIELDS)
    assert first["engine"] == "searxng" and first["engines"] == ["searxng"] and first["positions"] == [1]
    assert first["category"] == "general" and first["publishedDate"] == "2026-03-01"
    assert [r["score"] for r in data["results"]] == sorted(
        (r["score"] for r in data["results"]), reverse=True
    )
    assert data["results"][3]["publishedDate"] is None
    assert [name for name, _ in data["unresponsive_engines"]] == ["brave"]  # the fan-out's failure
    assert "HTTP error" in data["unresponsive_engines"][0][1]
    assert data["answers"] == data["corrections"] == data["infoboxes"] == data["suggestions"] == []


def test_pages_slice_one_fused_list(served: Served) -> None:
    second = get(served, q=QUESTION, format="json", pageno=2).json()
    assert second["results"] == [] and second["number_of_results"] == 4


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({}, "No query"),
        ({"q": "  "}, "No query"),
        ({"q": "x", "pageno": "0"}, 'Invalid value "0" for parameter pageno'),
        ({"q": "x", "pageno": "two"}, 'Invalid value "two" for parameter pageno'),
        ({"q": "x", "time_range": "decade"}, 'Invalid value "decade" for parameter time_range'),
        ({"q": "x", "safesearch": "5"}, 'Invalid value "5" for parameter safesearch'),
        ({"q": "x", "language": "english please"}, 'Invalid value "english please" for parameter language'),
    ],
)
def test_bad_parameters_get_searxngs_400(served: Served, params: dict[str, str], message: str) -> None:
    resp = get(served, format="json", **params)
    assert resp.status_code == 400
    body = resp.json()
    assert set(body) == {"error"} and body["error"].startswith(message)
    assert len(body["error"]) > len(message) + 10  # and says what to send instead


def test_formats_follow_searxng(served: Served) -> None:
    assert get(served, q=QUESTION, format="csv").status_code == 403  # a format this instance does not serve
    html = get(served, q=QUESTION, format="nonsense")  # an unknown format is html, as in SearXNG
    assert html.status_code == 200 and html.headers["content-type"].startswith("text/html")
    listing = get(served, q=QUESTION, format="html").text
    assert listing.count('<li class="result">') == 4 and f'<span class="pill">{BLOCKED}</span>' in listing
    assert "Unresponsive engines" in listing and "brave" in listing


def test_parameters_reach_the_providers(served: Served) -> None:
    before = len(served.web.requests_to("/search", host=host_of("searxng")))
    resp = get(
        served, q="kestrel language check", format="json", language="de-CH", time_range="week", safesearch="2"
    )
    assert resp.status_code == 200
    sent = served.web.requests_to("/search", host=host_of("searxng"))[before:]
    assert sent and sent[-1].query["language"] == "de-CH" and sent[-1].query["time_range"] == "week"
    assert sent[-1].query["safesearch"] == "2"
    assert (
        served.web.requests_to(endpoint_path("brave"), host=host_of("brave"))[-1].query["safesearch"]
        == "strict"
    )
    get(served, q="kestrel language all", format="json", language="all", time_range="")
    last = served.web.requests_to("/search", host=host_of("searxng"))[-1]
    assert "language" not in last.query and "time_range" not in last.query  # "all" and "" mean no filter
    assert "safesearch" not in last.query  # not sent: each provider keeps its own default


def test_engines_map_to_providers_and_combos(served: Served) -> None:
    only_searxng = get(served, q=QUESTION, format="json", engines="searxng").json()
    assert only_searxng["unresponsive_engines"] == [] and len(only_searxng["results"]) == 4
    # LibreChat always sends engines=google,bing,duckduckgo: written for a real SearXNG, so the default
    # fan-out
    librechat = get(served, q=QUESTION, format="json", engines="google,bing,duckduckgo").json()
    assert [name for name, _ in librechat["unresponsive_engines"]] == ["brave"] and len(
        librechat["results"]
    ) == 4
    combo = get(
        served, q=QUESTION, format="json", engines="brave,searxng"
    ).json()  # the configured combo's members
    assert [name for name, _ in combo["unresponsive_engines"]] == ["brave"]
    # every engine failed: as SearXNG, a 200 with no results and the failure listed
    down = get(served, q=QUESTION, format="json", engines="brave")
    assert down.status_code == 200
    assert down.json()["results"] == [] and [n for n, _ in down.json()["unresponsive_engines"]] == ["brave"]


def test_post_form_and_root_redirect(served: Served) -> None:
    posted = httpx2.post(served.base + "/search", data={"q": QUESTION, "format": "json"}, timeout=30)
    assert posted.status_code == 200 and len(posted.json()["results"]) == 4
    root = httpx2.get(served.base + "/", params={"q": QUESTION, "format": "json"}, timeout=30)
    assert root.status_code == 308 and root.headers["location"].startswith("/search?")


def test_langchain_searx_wrapper_returns_our_fused_results(served: Served) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # langchain-community announces its own sunset on import
        searx = pytest.importorskip("langchain_community.utilities.searx_search")
    wrapper = searx.SearxSearchWrapper(
        searx_host=served.base, k=4
    )  # it GETs the host itself: the root redirect
    results = wrapper.results(QUESTION, num_results=3)
    assert [sites_of([{"url": r["link"]}])[0] for r in results] == list(ALL_SITES[:3])
    assert results[0]["snippet"] == "The Kestrel Bridge is 1,240 metres long."
    assert results[0]["engines"] == ["searxng"] and results[0]["category"] == "general"
    text = wrapper.run(QUESTION)
    assert "1,240 metres" in text and "1,310 metres" in text
    pinned = searx.SearxSearchWrapper(searx_host=served.base + "/search", engines=["searxng"])
    assert len(pinned.results(QUESTION, num_results=10)) == 4


def test_open_webui_requests_and_fields(served: Served) -> None:
    """Exactly what Open WebUI sends and reads, from open-webui/open-webui
    backend/open_webui/retrieval/web/searxng.py (``search_searxng``): GET on the configured query
    URL with q, format=json, pageno=1, safesearch "1", language "all", time_range "", categories "",
    theme "simple", image_proxy 0 and an ``Accept: text/html`` header; it calls raise_for_status,
    sorts ``results`` by ``score`` and reads each result's url, title and content."""
    requests = pytest.importorskip("requests")
    params = {
        "q": QUESTION,
        "format": "json",
        "pageno": 1,
        "safesearch": "1",
        "language": "all",
        "time_range": "",
        "categories": "",
        "theme": "simple",
        "image_proxy": 0,
    }
    headers = {
        "User-Agent": "Open WebUI (https://github.com/open-webui/open-webui) RAG Bot",
        "Accept": "text/html",
        "Accept-Encoding": "gzip, deflate",
        "Accept-Language": "en-US,en;q=0.5",
        "Connection": "keep-alive",
    }
    response = requests.get(served.base + "/search", headers=headers, params=params, timeout=30)
    response.raise_for_status()
    results = response.json().get("results", [])
    ranked = sorted(results, key=lambda x: x.get("score", 0), reverse=True)
    picked = [{"link": r["url"], "title": r.get("title"), "snippet": r.get("content")} for r in ranked[:3]]
    assert [sites_of([{"url": p["link"]}])[0] for p in picked] == list(ALL_SITES[:3])
    assert all(p["title"] and p["snippet"] for p in picked)


async def test_the_api_refuses_an_unknown_safesearch_level(served: Served) -> None:
    async with Client({"providers": ["wikipedia"], "cache": {"enabled": False}}) as wq:
        with pytest.raises(BadRequestError, match="safesearch 5 is not allowed; use 0"):
            await wq.search("kestrel", safesearch=5)


async def test_webquorums_own_searxng_provider_reads_the_server(served: Served) -> None:
    """Our SearXNG adapter is a real client of the format too: a webquorum can search through another."""
    config = {
        "providers": ["searxng"],
        "web": {"search_provider": "searxng"},
        "cache": {"enabled": False},
        "overrides": {"searxng": {"base_url": served.base}},
        "network": {"allow_hosts": ["127.0.0.1"], "retries": 0},
    }
    async with Client(config) as wq:
        found = await wq.search(QUESTION)
    assert sites_of([{"url": r.url} for r in found.results]) == list(ALL_SITES)
    assert found.results[0].snippet == "The Kestrel Bridge is 1,240 metres long."


def test_site_operators_in_q_scope_the_search_as_searxng_users_write_them(served: Served) -> None:
    site = ALL_SITES[1]
    data = get(served, q=f"{QUESTION} site:{site.upper()}", format="json").json()
    assert data["query"] == f"{QUESTION} site:{site.upper()}"  # echoed as written
    assert sites_of(data["results"]) == [site]
    assert data["scope"] == {
        "sites": [site],
        "exclude_sites": [],
        "dropped": len(ALL_SITES) - 1,
        "note": None,
    }
    asked = served.web.requests_to("/search", host=host_of("searxng"))[-1].query["q"]
    assert asked == f"{QUESTION} site:{site}"  # taken out, then sent again in the provider's own form
    excluded = get(served, q=f"{QUESTION} -site:{site}", format="json").json()
    assert site not in sites_of(excluded["results"]) and excluded["scope"]["dropped"] == 1


def test_a_bad_site_operator_is_searxngs_400(served: Served) -> None:
    resp = get(served, q="kestrel site:co.uk", format="json")
    assert resp.status_code == 400
    assert (
        resp.json()["error"].startswith('Invalid value "site:co.uk" for parameter q: ')
        and "public suffix" in resp.json()["error"]
    )
    only = get(served, q="site:harbour-news.test", format="json")
    assert only.status_code == 400 and "only site: operators" in only.json()["error"]
