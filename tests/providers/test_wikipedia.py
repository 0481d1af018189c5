"""Wikipedia (MediaWiki search API): the language picks the wiki, links built from titles, errors in a 200."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.payloads import fixture, response

from webquorum.errors import ProviderError, RateLimitedError
from webquorum.providers import wikipedia
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext

LOOPBACK = "http://127.0.0.1:8765"


def test_request() -> None:
    request = wikipedia.build_request(SearchQuery("rain water", max_results=5), RequestContext())
    assert request.method == "GET" and request.url == "https://en.wikipedia.org/w/api.php"
    assert request.params["action"] == "query" and request.params["list"] == "search"
    assert request.params["srsearch"] == "rain water" and request.params["srlimit"] == "5"
    assert (request.params["format"], request.params["formatversion"], request.params["utf8"]) == (
        "json",
        "2",
        "1",
    )
    assert request.headers["User-Agent"] == "webquorum/0.1 (+https://github.com/webquorum/webquorum)"
    assert request.secrets == () and not wikipedia.SPEC.key_required
    timed = wikipedia.build_request(
        SearchQuery("rain water", max_results=5, time_range="week"), RequestContext()
    )
    assert timed.params == request.params


def test_language_picks_the_wiki_unless_base_url_is_set() -> None:
    spanish = wikipedia.build_request(SearchQuery("lluvia", language="es-MX"), RequestContext())
    assert spanish.url == "https://es.wikipedia.org/w/api.php" and spanish.params["uselang"] == "es"
    proxied = wikipedia.build_request(SearchQuery("lluvia", language="es"), RequestContext(base_url=LOOPBACK))
    assert proxied.url == LOOPBACK + "/w/api.php"
    odd = wikipedia.build_request(SearchQuery("x", language="not a language"), RequestContext())
    assert odd.url == "https://en.wikipedia.org/w/api.php" and "uselang" not in odd.params


def test_builds_urls_from_titles() -> None:
    results = wikipedia.parse_response(
        response(fixture("wikipedia-ok.json"), url="https://en.wikipedia.org/w/api.php")
    )
    assert [r.url for r in results] == [
        "https://en.wikipedia.org/wiki/Rainwater_harvesting",
        "https://en.wikipedia.org/wiki/Cistern_(water_storage)",
        "https://en.wikipedia.org/wiki/%C3%81gua_de_chuva_no_Nordeste",
    ]
    assert results[1].title == "Cistern (water storage)"
    assert results[0].snippet.startswith(
        "Rainwater harvesting is the collection and storage of rain & runoff"
    )
    assert "<span" not in results[0].snippet
    assert results[0].published == "2024-03-18"  # the last edit, the only date MediaWiki gives


def test_result_links_follow_the_answering_wiki() -> None:
    body = fixture("wikipedia-ok.json")
    spanish = wikipedia.parse_response(response(body, url="https://es.wikipedia.org/w/api.php?srsearch=x"))
    assert spanish[0].url == "https://es.wikipedia.org/wiki/Rainwater_harvesting"
    proxied = wikipedia.parse_response(response(body, url=LOOPBACK + "/w/api.php?uselang=pt&srsearch=x"))
    assert proxied[0].url.startswith("https://pt.wikipedia.org/wiki/")
    assert wikipedia.parse_response(response(body))[0].url.startswith("https://en.wikipedia.org/wiki/")


def test_errors_come_inside_a_200() -> None:
    with pytest.raises(ProviderError) as failure:
        wikipedia.parse_response(response(fixture("wikipedia-error.json")))
    assert type(failure.value) is ProviderError
    assert 'The "srsearch" parameter must be set.' in str(failure.value)
    limited = '{"error": {"code": "ratelimited", "info": "You have exceeded your rate limit."}}'
    with pytest.raises(RateLimitedError):
        wikipedia.parse_response(response(limited, headers={"retry-after": "5"}))
    with pytest.raises(ProviderError) as lagged:
        wikipedia.parse_response(response('{"error": {"code": "maxlag", "info": "Waiting for a database"}}'))
    assert lagged.value.transient


@pytest.mark.shared
def test_recorded_payloads(shared_dir: Path) -> None:
    legacy = wikipedia.parse_response(response((shared_dir / "payloads" / "wikipedia-1.json").read_bytes()))
    assert legacy[0].url == "https://en.wikipedia.org/wiki/Barack_Obama" and len(legacy) == 5
    assert legacy[1].url == "https://en.wikipedia.org/wiki/Barack_Obama,_Sr."
    rest = wikipedia.parse_response(response((shared_dir / "payloads" / "wikipedia-3.json").read_bytes()))
    assert [(r.url, r.title) for r in rest] == [("https://en.wikipedia.org/wiki/Jupiter", "Jupiter")]
    assert rest[0].snippet.startswith("Jupiter is the fifth planet")
