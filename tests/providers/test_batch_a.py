"""Search adapters batch A: tavily, exa, parallel, tinyfish, firecrawl, linkup.

Requests are checked field by field; parsers run on our own fixtures, on the provider's
documented error shapes and on every matching payload in ../shared (skipped when absent).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from webquorum.errors import BadResponseError, ProviderError, RateLimitedError
from webquorum.providers import exa, firecrawl, linkup, parallel, tavily, tinyfish
from webquorum.types import SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, RequestContext

KEY = "sk-test-0123456789abcdef"
TODAY = {"today": "2025-03-10"}


@dataclass(frozen=True)
class Case:
    module: ModuleType
    method: str
    url: str
    auth: tuple[str, str]  # header name, expected value
    count: Callable[[HttpRequest], Any] | None  # where the requested count lands; None: no count parameter
    error_status: int
    error_cls: type[ProviderError]
    error_text: str  # a fragment of the fixture's message that must reach the error


CASES = {
    "tavily": Case(tavily, "POST", "https://api.tavily.com/search", ("Authorization", f"Bearer {KEY}"),
                   lambda r: r.json_body["max_results"], 432, RateLimitedError, "plan's set usage limit"),
    "exa": Case(exa, "POST", "https://api.exa.ai/search", ("x-api-key", KEY),
                lambda r: r.json_body["numResults"], 400, ProviderError, "numResults must be between"),
    "parallel": Case(parallel, "POST", "https://api.parallel.ai/v1/search", ("x-api-key", KEY),
                     lambda r: r.json_body["advanced_settings"]["max_results"], 422, ProviderError,
                     "at least one query is required"),
    "tinyfish": Case(tinyfish, "GET", "https://api.search.tinyfish.ai/", ("X-API-Key", KEY), None, 401,
                     ProviderError, "Invalid or missing API key"),
    "firecrawl": Case(firecrawl, "POST", "https://api.firecrawl.dev/v2/search", ("Authorization", f"Bearer {KEY}"),
                      lambda r: r.json_body["limit"], 402, RateLimitedError, "Insufficient credits"),
    "linkup": Case(linkup, "POST", "https://api.linkup.so/v1/search", ("Authorization", f"Bearer {KEY}"),
                   lambda r: r.json_body["maxResults"], 429, RateLimitedError, "not have enough credits"),
}
IDS = list(CASES)


def response(body: bytes | str | Any, status: int = 200, headers: dict[str, str] | None = None) -> HttpResponse:
    raw = body if isinstance(body, bytes) else body.encode() if isinstance(body, str) else json.dumps(body).encode()
    return HttpResponse(status=status, headers=headers or {"content-type": "application/json"}, body=raw)


def fixture(fixtures_dir: Path, name: str) -> bytes:
    return (fixtures_dir / "providers" / name).read_bytes()


def build(pid: str, query: SearchQuery | None = None, **ctx: Any) -> HttpRequest:
    req: HttpRequest = CASES[pid].module.build_request(query or SearchQuery("solar storage"), RequestContext(**ctx))
    return req


# -- build_request ----------------------------------------------------------------------


@pytest.mark.parametrize("pid", IDS)
def test_request_targets_documented_endpoint_with_key_in_header(pid: str) -> None:
    case = CASES[pid]
    req = build(pid, api_key=KEY)
    assert req.method == case.method
    assert req.url == case.url == case.module.SPEC.endpoint
    name, value = case.auth
    assert req.headers[name] == value
    assert KEY in req.secrets
    assert KEY not in req.url and KEY not in json.dumps(req.json_body) and KEY not in json.dumps(dict(req.params))


@pytest.mark.parametrize("pid", IDS)
def test_base_url_replaces_scheme_and_host_but_keeps_documented_path(pid: str) -> None:
    path = CASES[pid].url.split("/", 3)[3]
    assert build(pid, base_url="http://127.0.0.1:8765").url == f"http://127.0.0.1:8765/{path}"
    assert build(pid, base_url="http://gw.test/proxy/").url == f"http://gw.test/proxy/{path}"


@pytest.mark.parametrize("pid", IDS)
def test_without_a_key_no_auth_header_and_no_secrets(pid: str) -> None:
    req = build(pid)
    assert CASES[pid].auth[0] not in req.headers
    assert req.secrets == ()


@pytest.mark.parametrize("pid", IDS)
def test_query_text_is_sent(pid: str) -> None:
    req = build(pid, SearchQuery("lithium iron phosphate cycle life"))
    sent = json.dumps(req.json_body) + json.dumps(dict(req.params))
    assert "lithium iron phosphate cycle life" in sent


@pytest.mark.parametrize("pid", [p for p in IDS if CASES[p].count is not None])
def test_count_is_min_of_asked_and_provider_max(pid: str) -> None:
    count = CASES[pid].count
    assert count is not None
    spec_max = CASES[pid].module.SPEC.max_results
    assert count(build(pid, SearchQuery("q", max_results=3))) == 3
    assert count(build(pid, SearchQuery("q", max_results=10_000))) == spec_max
    assert count(build(pid, SearchQuery("q", max_results=0))) == 1


def test_provider_maxima_match_docs() -> None:
    assert tavily.SPEC.max_results == 20  # Tavily rejects more than 20
    assert exa.SPEC.max_results == 100
    assert firecrawl.SPEC.max_results == 100
    assert tinyfish.SPEC.max_results == 10  # one page; the API has no count parameter


def test_tinyfish_is_get_with_query_params_and_no_body() -> None:
    req = build("tinyfish", SearchQuery("rust async", max_results=50, language="de"))
    assert req.json_body is None
    assert dict(req.params) == {"query": "rust async", "language": "de"}


@pytest.mark.parametrize(
    ("time_range", "tavily_value", "since", "tbs", "minutes"),
    [
        ("day", "day", "2025-03-09", "qdr:d", "1440"),
        ("week", "week", "2025-03-03", "qdr:w", "10080"),
        ("month", "month", "2025-02-07", "qdr:m", "44640"),
        ("year", "year", "2024-03-09", "qdr:y", "527040"),
    ],
)
def test_time_range_maps_to_each_api(time_range: Any, tavily_value: str, since: str, tbs: str, minutes: str) -> None:
    q = SearchQuery("q", time_range=time_range)
    assert build("tavily", q).json_body["time_range"] == tavily_value
    assert build("exa", q, options=TODAY).json_body["startPublishedDate"] == f"{since}T00:00:00.000Z"
    assert build("parallel", q, options=TODAY).json_body["advanced_settings"]["source_policy"] == {"after_date": since}
    assert build("linkup", q, options=TODAY).json_body["fromDate"] == since
    assert build("firecrawl", q).json_body["tbs"] == tbs
    assert build("tinyfish", q).params["recency_minutes"] == minutes


def test_since_date_uses_the_clock_without_a_today_option() -> None:
    from datetime import UTC, datetime, timedelta

    sent = build("linkup", SearchQuery("q", time_range="week")).json_body["fromDate"]
    today = datetime.now(UTC).date()
    assert sent in {(today - timedelta(days=d)).isoformat() for d in (7, 8)}  # 8: the clock ticked past midnight


@pytest.mark.parametrize("pid", IDS)
def test_no_time_filter_when_no_time_range(pid: str) -> None:
    sent = json.dumps(build(pid).json_body) + json.dumps(dict(build(pid).params))
    for field in ("time_range", "startPublishedDate", "after_date", "fromDate", "tbs", "recency_minutes"):
        assert field not in sent


def test_language_sent_where_supported_and_ignored_elsewhere() -> None:
    q = SearchQuery("q", language="fr")
    assert build("firecrawl", q).json_body["lang"] == "fr"
    assert build("tinyfish", q).params["language"] == "fr"
    for pid in ("tavily", "exa", "parallel", "linkup"):
        assert '"fr"' not in json.dumps(build(pid, q).json_body)


def test_exa_asks_for_highlights_and_capped_text() -> None:
    body = build("exa").json_body
    assert body["contents"]["highlights"] is True
    assert body["contents"]["text"] == {"maxCharacters": 8000}


def test_parallel_sends_query_as_search_queries_and_objective() -> None:
    long = "x" * 300
    body = build("parallel", SearchQuery(long)).json_body
    assert body["search_queries"] == ["x" * 200]
    assert body["objective"] == long
    assert "max_results" not in body  # v1 wants it under advanced_settings; top level is a 422
    assert "mode" not in body
    assert build("parallel", options={"mode": "basic"}).json_body["mode"] == "basic"


def test_linkup_asks_for_standard_search_results() -> None:
    body = build("linkup").json_body
    assert (body["q"], body["depth"], body["outputType"]) == ("solar storage", "standard", "searchResults")


def test_firecrawl_scrapes_only_when_asked() -> None:
    assert "scrapeOptions" not in build("firecrawl").json_body
    body = build("firecrawl", options={"scrape": "true"}).json_body
    assert body["scrapeOptions"] == {"formats": ["markdown"], "onlyMainContent": True}
    assert body["sources"] == ["web"]


# -- parse_response on our fixtures -----------------------------------------------------


@pytest.mark.parametrize("pid", IDS)
def test_ok_fixture_parses_to_clean_results(pid: str, fixtures_dir: Path) -> None:
    results = CASES[pid].module.parse_response(response(fixture(fixtures_dir, f"{pid}-ok.json")))
    assert len(results) >= 3
    for r in results:
        assert r.url.startswith("https://")
        assert r.title
        assert "<b>" not in r.title and "&ndash;" not in r.title and "&deg;" not in r.snippet
        assert r.content is None or len(r.content) <= 8000
    assert len({r.url for r in results}) == len(results)


def test_tavily_fields(fixtures_dir: Path) -> None:
    results = tavily.parse_response(response(fixture(fixtures_dir, "tavily-ok.json")))
    assert [r.url for r in results][:2] == [
        "https://www.energy.gov/energysaver/heat-pump-systems",
        "https://www.nrel.gov/docs/fy23osti/84679.pdf",
    ]
    assert "−15 °C" in results[0].snippet  # entities decoded
    assert results[2].title == "The Future of Heat Pumps – Analysis - IEA"
    assert results[1].content and results[1].content.startswith("# Cold-Climate")
    assert results[1].published == "2023-03-14"
    assert results[0].content is None and results[0].published is None
    assert results[0].extra["score"] == "0.8913"


def test_exa_snippet_built_from_highlights_and_text_kept_inline(fixtures_dir: Path) -> None:
    results = exa.parse_response(response(fixture(fixtures_dir, "exa-ok.json")))
    first = results[0]
    assert first.snippet == (
        "The James Webb Space Telescope detected a clear CO2 feature at 4.3 microns. … "
        "This is the first unambiguous detection of carbon dioxide in an exoplanet atmosphere."
    )
    assert first.content and first.content.startswith("Carbon dioxide in the atmosphere of WASP-39b.")
    assert first.published == "2023-02-08"
    assert first.extra == {"author": "JWST Transiting Exoplanet Community ERS Team"}
    assert results[2].snippet == "Reports the NIRSpec PRISM detection of CO2 in WASP-39b."  # empty highlights: summary
    assert results[2].published is None
    assert results[3].title == "Webb exoplanet results"


def test_exa_caps_inline_text_at_8000() -> None:
    body = {"results": [{"url": "https://a.test/", "title": "A", "text": "word " * 5000, "highlights": ["h"]}]}
    (only,) = exa.parse_response(response(body))
    assert only.content is not None and len(only.content) == 8000


def test_parallel_excerpts_joined_as_content(fixtures_dir: Path) -> None:
    results = parallel.parse_response(response(fixture(fixtures_dir, "parallel-ok.json")))
    first = results[0]
    assert first.content == (
        "## Key facts\n\n- There were an estimated **263 million** malaria cases in 2023.\n\n"
        "- The WHO African Region carries a disproportionately high share of the global malaria burden."
    )
    assert first.snippet.startswith("## Key facts - There were an estimated **263 million**")
    assert first.published == "2024-12-04"
    assert results[1].published is None


def test_parallel_null_title_and_no_excerpts_are_empty() -> None:
    body = {"search_id": "s", "session_id": "t", "results": [{"url": "https://a.test/", "title": None,
                                                              "publish_date": None, "excerpts": []}]}
    (only,) = parallel.parse_response(response(body))
    assert (only.title, only.snippet, only.content, only.published) == ("", "", None, None)


def test_tinyfish_fields(fixtures_dir: Path) -> None:
    results = tinyfish.parse_response(response(fixture(fixtures_dir, "tinyfish-ok.json")))
    assert [r.extra["site_name"] for r in results] == ["tokio.rs", "github.com", "without.boats", "rust-lang.github.io"]
    assert results[1].published == "2025-06-02"
    assert results[2].published is None  # free-text date is not an ISO date
    assert all(r.content is None for r in results)


def test_firecrawl_reads_data_web_and_keeps_markdown(fixtures_dir: Path) -> None:
    results = firecrawl.parse_response(response(fixture(fixtures_dir, "firecrawl-ok.json")))
    assert len(results) == 4
    assert results[0].content and results[0].content.startswith("# 11.2. Index Types")
    assert results[1].content is None
    assert results[2].snippet.startswith("BRIN indexes are tiny")


def test_firecrawl_reads_v1_flat_data_too() -> None:
    body = {"success": True, "data": [{"url": "https://v1.test/a", "title": "A", "description": "d"}]}
    (only,) = firecrawl.parse_response(response(body))
    assert (only.url, only.title, only.snippet) == ("https://v1.test/a", "A", "d")


def test_firecrawl_success_false_in_a_200_is_a_provider_error() -> None:
    with pytest.raises(ProviderError) as info:
        firecrawl.parse_response(response({"success": False, "error": "Request timed out"}))
    assert "Request timed out" in info.value.message
    assert not isinstance(info.value, BadResponseError)


def test_linkup_title_is_name_content_inline_and_images_dropped(fixtures_dir: Path) -> None:
    results = linkup.parse_response(response(fixture(fixtures_dir, "linkup-ok.json")))
    assert [r.title for r in results] == [
        "Nobel Prize in Physics 2023 - NobelPrize.org",
        "Anne L'Huillier - Wikipedia",
        "Attosecond physics explained",
    ]
    assert all(not r.url.endswith(".jpg") for r in results)
    assert results[0].content and "attosecond pulses of light" in results[0].content
    assert results[0].snippet.startswith("The Nobel Prize in Physics 2023 was awarded")
    assert results[2].published == "2023-10-04"


def test_linkup_no_result_error_is_an_empty_answer() -> None:
    body = {"error": {"code": "SEARCH_QUERY_NO_RESULT", "message": "The query did not yield any result", "details": []}}
    assert linkup.parse_response(response(body, status=400)) == []


# -- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize("pid", IDS)
def test_error_fixture_maps_to_error_tree(pid: str, fixtures_dir: Path) -> None:
    case = CASES[pid]
    with pytest.raises(ProviderError) as info:
        case.module.parse_response(response(fixture(fixtures_dir, f"{pid}-error.json"), status=case.error_status))
    err = info.value
    assert type(err) is case.error_cls
    assert err.code == case.error_cls.code
    assert err.status == case.error_status
    assert err.provider == pid
    assert case.error_text in err.message


@pytest.mark.parametrize("status", [432, 433, 429])
def test_tavily_usage_limits_are_rate_limits(status: int, fixtures_dir: Path) -> None:
    resp = response(fixture(fixtures_dir, "tavily-error.json"), status=status, headers={"retry-after": "30"})
    with pytest.raises(RateLimitedError) as info:
        tavily.parse_response(resp)
    assert info.value.code == "WEB_PROVIDER_RATE_LIMITED"
    assert info.value.retry_after == 30.0


@pytest.mark.parametrize("pid", IDS)
@pytest.mark.parametrize("status", [401, 500, 503])
def test_other_statuses_are_provider_errors(pid: str, status: int) -> None:
    with pytest.raises(ProviderError) as info:
        CASES[pid].module.parse_response(response({"error": "boom"}, status=status))
    assert type(info.value) is ProviderError
    assert info.value.status == status
    assert info.value.transient == (status == 503)


@pytest.mark.parametrize("pid", IDS)
def test_malformed_json_is_a_bad_response(pid: str) -> None:
    with pytest.raises(BadResponseError) as info:
        CASES[pid].module.parse_response(response(b'{"results": [{"url": "https://a.test"'))
    assert info.value.code == "WEB_PROVIDER_BAD_RESPONSE"


@pytest.mark.parametrize("pid", IDS)
def test_html_challenge_page_is_a_bad_response(pid: str) -> None:
    page = b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>"
    with pytest.raises(BadResponseError):
        CASES[pid].module.parse_response(response(page, headers={"content-type": "text/html"}))


@pytest.mark.parametrize(("pid", "body"), [
    ("tavily", {"results": {"url": "x"}}),
    ("exa", {"results": "none"}),
    ("parallel", {"results": 3}),
    ("tinyfish", {"results": {}}),
    ("firecrawl", {"success": True, "data": {"web": "x"}}),
    ("linkup", {"results": "x"}),
])
def test_results_of_the_wrong_type_are_a_bad_response(pid: str, body: Any) -> None:
    with pytest.raises(BadResponseError):
        CASES[pid].module.parse_response(response(body))


@pytest.mark.parametrize("pid", IDS)
def test_items_without_an_http_url_are_dropped(pid: str) -> None:
    item = {"url": "<url>", "title": "t", "name": "t", "type": "text"}
    body: Any = {"results": [item]}
    if pid == "firecrawl":
        body = {"success": True, "data": {"web": [item]}}
    assert CASES[pid].module.parse_response(response(body)) == []


# -- recorded and documented payloads in ../shared --------------------------------------

SEARCH_PAYLOADS = {  # file -> least number of results it must give
    "tavily-3.json": 1, "exa-3.json": 1, "parallel-1.json": 1,
    "parallel-2.json": 0,  # schema skeleton: "<url>" placeholders are not URLs
    "tinyfish-1.json": 2, "firecrawl-1.json": 5, "linkup-1.json": 1, "linkup-2.json": 3,
}


@pytest.mark.shared
def test_every_shared_search_payload_is_covered(shared_dir: Path) -> None:
    names = {p.name for pid in IDS for p in (shared_dir / "payloads").glob(f"{pid}-[0-9]*.json")}
    assert names <= set(SEARCH_PAYLOADS)


@pytest.mark.shared
@pytest.mark.parametrize("name", sorted(SEARCH_PAYLOADS))
def test_shared_payload_parses(name: str, shared_dir: Path) -> None:
    path = shared_dir / "payloads" / name
    if not path.exists():
        pytest.skip(f"{name} not in ../shared")
    results = CASES[name.split("-")[0]].module.parse_response(response(path.read_bytes()))
    assert len(results) >= SEARCH_PAYLOADS[name]
    for r in results:
        assert r.url.startswith(("http://", "https://"))
        assert r.title
        assert r.content is None or len(r.content) <= 8000


@pytest.mark.shared
def test_shared_exa_snippet_comes_from_highlights(shared_dir: Path) -> None:
    (first,) = exa.parse_response(response((shared_dir / "payloads" / "exa-3.json").read_bytes()))
    assert first.snippet == "Such requirements have limited their adoption..."
    assert first.published == "2023-11-16"


@pytest.mark.shared
def test_shared_firecrawl_markdown_kept(shared_dir: Path) -> None:
    results = firecrawl.parse_response(response((shared_dir / "payloads" / "firecrawl-1.json").read_bytes()))
    assert sum(r.content is not None for r in results) >= 2
    assert all(r.content is None or len(r.content) <= 8000 for r in results)


@pytest.mark.shared
def test_shared_tavily_errors_by_status(shared_dir: Path) -> None:
    by_status = json.loads((shared_dir / "payloads" / "tavily-errors-1.json").read_text())
    for status, body in by_status.items():
        with pytest.raises(ProviderError) as info:
            tavily.parse_response(response(body, status=int(status)))
        expect_rate = int(status) in (429, 432, 433)
        assert isinstance(info.value, RateLimitedError) == expect_rate
        assert info.value.status == int(status)
        assert body["detail"]["error"][:40] in info.value.message


@pytest.mark.shared
def test_shared_exa_error_shape(shared_dir: Path) -> None:
    body = (shared_dir / "payloads" / "exa-errors-1.json").read_bytes()
    with pytest.raises(ProviderError) as info:
        exa.parse_response(response(body, status=400))
    assert "<human-readable message>" in info.value.message


@pytest.mark.shared
def test_shared_linkup_errors(shared_dir: Path) -> None:
    cases = json.loads((shared_dir / "payloads" / "linkup-errors-1.json").read_text())
    for case in cases:
        status, body = case["http_status"], case["body"]
        resp = response(body, status=status)
        if body["error"]["code"] == "SEARCH_QUERY_NO_RESULT":
            assert linkup.parse_response(resp) == []
            continue
        with pytest.raises(ProviderError) as info:
            linkup.parse_response(resp)
        assert isinstance(info.value, RateLimitedError) == (status in (402, 429))
        assert info.value.status == status
        assert body["error"]["message"] in info.value.message
