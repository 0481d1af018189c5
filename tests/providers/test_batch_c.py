"""Adapters for mojeek, langsearch, duckduckgo, wikipedia and gateway: pure builders and parsers.

Parsers run on our own fixtures (tests/fixtures/providers/) and, when ../shared is present, on
the recorded payloads there. The over-HTTP behaviour is covered by the lead's generic tests.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

import pytest

from webquorum.errors import BadResponseError, ProviderError, RateLimitedError
from webquorum.providers import duckduckgo, gateway, langsearch, mojeek, wikipedia
from webquorum.types import SearchQuery
from webquorum.wire import HttpResponse, RequestContext

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "providers"
KEY = "sk-test-0123456789abcdef"
LOOPBACK = "http://127.0.0.1:8765"
ALL = [mojeek, langsearch, duckduckgo, wikipedia, gateway]
JSON_APIS = [mojeek, langsearch, wikipedia, gateway]


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def answer(
    body: bytes | str, status: int = 200, url: str = "", headers: dict[str, str] | None = None
) -> HttpResponse:
    raw = body.encode() if isinstance(body, str) else body
    return HttpResponse(status=status, headers=headers or {}, body=raw, url=url)


def ok_fixture(module: ModuleType) -> str:
    return f"{module.SPEC.id}-ok.html" if module is duckduckgo else f"{module.SPEC.id}-ok.json"


# ---------------------------------------------------------------- shared contract


@pytest.mark.parametrize("module", ALL, ids=lambda m: m.SPEC.id)
def test_spec_is_complete(module: ModuleType) -> None:
    spec = module.SPEC
    assert spec.endpoint.startswith("https://") and spec.docs.startswith("https://")
    assert spec.max_results >= 10 and spec.price_usd >= 0
    assert (spec.key_env is None) == (not spec.key_required)
    assert module.__doc__ and len(module.__doc__) > 300


@pytest.mark.parametrize("module", ALL, ids=lambda m: m.SPEC.id)
def test_ok_fixture_has_three_real_results(module: ModuleType) -> None:
    results = module.parse_response(answer(fixture(ok_fixture(module))))
    assert len(results) >= 3
    assert all(urlsplit(r.url).scheme in ("http", "https") and r.title for r in results[:2])
    assert len({r.url for r in results}) == len(results)


@pytest.mark.parametrize("module", ALL, ids=lambda m: m.SPEC.id)
def test_count_is_capped_at_the_provider_maximum(module: ModuleType) -> None:
    big = module.build_request(SearchQuery("q", max_results=1000), RequestContext(api_key=KEY))
    small = module.build_request(SearchQuery("q", max_results=3), RequestContext(api_key=KEY))
    cap = str(module.SPEC.max_results)
    if module is mojeek:
        assert (big.params["t"], small.params["t"]) == (cap, "3")
    elif module is langsearch:
        assert (big.json_body["count"], small.json_body["count"]) == (50, 3)
    elif module is wikipedia:
        assert (big.params["srlimit"], small.params["srlimit"]) == (cap, "3")
    elif module is gateway:
        assert f"up to {cap} " in big.json_body["messages"][1]["content"]
        assert "up to 3 " in small.json_body["messages"][1]["content"]
    else:  # duckduckgo has no count parameter: one page is what it gives
        assert big.form == small.form


@pytest.mark.parametrize("module", JSON_APIS, ids=lambda m: m.SPEC.id)
def test_malformed_json_is_a_bad_response(module: ModuleType) -> None:
    with pytest.raises(BadResponseError) as info:
        module.parse_response(answer(b'{"response": {"results": [', url="https://x.test/"))
    assert info.value.code == "WEB_PROVIDER_BAD_RESPONSE"


@pytest.mark.parametrize("module", JSON_APIS, ids=lambda m: m.SPEC.id)
def test_html_challenge_page_is_a_bad_response_for_json_apis(module: ModuleType) -> None:
    page = fixture("duckduckgo-challenge.html")
    with pytest.raises(BadResponseError):
        module.parse_response(answer(page))


@pytest.mark.parametrize("module", ALL, ids=lambda m: m.SPEC.id)
def test_http_429_is_a_rate_limit_and_500_a_provider_error(module: ModuleType) -> None:
    body = b'{"error": {"message": "slow down", "type": "rate_limit"}}'
    with pytest.raises(RateLimitedError) as info:
        module.parse_response(answer(body, status=429, headers={"retry-after": "7"}))
    assert info.value.retry_after == 7.0
    with pytest.raises(ProviderError) as failure:
        module.parse_response(answer(b"upstream exploded", status=500))
    assert not isinstance(failure.value, RateLimitedError) and failure.value.status == 500


@pytest.mark.parametrize("module", [mojeek, langsearch, gateway], ids=lambda m: m.SPEC.id)
def test_keys_are_declared_secret(module: ModuleType) -> None:
    request = module.build_request(SearchQuery("q"), RequestContext(api_key=KEY))
    assert request.secrets == (KEY,)
    assert module.SPEC.key_required and module.SPEC.key_env


# ---------------------------------------------------------------- mojeek


def test_mojeek_request_puts_the_key_in_the_query_string() -> None:
    request = mojeek.build_request(SearchQuery("rain tanks", max_results=5), RequestContext(api_key=KEY))
    assert request.method == "GET" and request.url == "https://api.mojeek.com/search"
    assert dict(request.params) == {"q": "rain tanks", "fmt": "json", "t": "5", "api_key": KEY}
    assert "Authorization" not in request.headers
    assert "api_key" not in mojeek.build_request(SearchQuery("q"), RequestContext()).params


def test_mojeek_request_base_url_time_range_and_language() -> None:
    ctx = RequestContext(base_url=LOOPBACK + "/", api_key=KEY)
    request = mojeek.build_request(SearchQuery("q", time_range="year", language="es-MX"), ctx)
    assert request.url == LOOPBACK + "/search"
    assert request.params["since"] == "year"
    assert (request.params["lb"], request.params["rb"]) == ("es", "MX")
    plain = mojeek.build_request(SearchQuery("q", language="de", time_range="day"), ctx).params
    assert plain["lb"] == "de" and "rb" not in plain and plain["since"] == "day"
    week = mojeek.build_request(SearchQuery("q", time_range="week"), ctx).params["since"]
    today = datetime.now(UTC)
    expected = {(today - timedelta(days=d)).strftime("%Y%m%d") for d in (7, 8)}
    assert week in expected


def test_mojeek_parses_results_and_epoch_dates() -> None:
    results = mojeek.parse_response(answer(fixture("mojeek-ok.json")))
    first, second, third = results
    assert first.url == "https://water.example.org/guides/rainwater-harvesting"
    assert first.snippet.startswith("How to size a tank") and "  " not in first.snippet
    assert first.published == "2024-03-01"
    assert second.published is None  # pdate 0 means unknown
    assert third.published == "2022-01-01"  # pdate given as a string of digits
    assert all(r.content is None for r in results)


def test_mojeek_in_body_errors_are_classified() -> None:
    with pytest.raises(RateLimitedError) as limited:
        mojeek.parse_response(answer(fixture("mojeek-error.json")))
    assert limited.value.code == "WEB_PROVIDER_RATE_LIMITED"
    assert "Daily Limit Reached" in str(limited.value)
    with pytest.raises(ProviderError) as failure:
        mojeek.parse_response(answer('{"response": {"status": "ERROR: Invalid API key"}}'))
    assert type(failure.value) is ProviderError and "Invalid API key" in str(failure.value)
    with pytest.raises(BadResponseError):
        mojeek.parse_response(answer('{"results": []}'))


def test_mojeek_recorded_payload(shared_dir: Path) -> None:
    results = mojeek.parse_response(answer((shared_dir / "payloads" / "mojeek-1.json").read_bytes()))
    assert [r.url for r in results] == ["https://github.com/openculinary/pymojeek.git/"]
    assert results[0].published == "2023-09-18"


# ---------------------------------------------------------------- langsearch


def test_langsearch_request() -> None:
    request = langsearch.build_request(SearchQuery("python 3.12", max_results=7), RequestContext(api_key=KEY))
    assert request.method == "POST" and request.url == "https://api.langsearch.com/v1/web-search"
    assert request.headers["Authorization"] == f"Bearer {KEY}"
    assert request.json_body == {"query": "python 3.12", "count": 7, "summary": True, "freshness": "noLimit"}
    dated = langsearch.build_request(SearchQuery("q", time_range="week"), RequestContext(base_url=LOOPBACK))
    assert dated.url == LOOPBACK + "/v1/web-search" and dated.json_body["freshness"] == "oneWeek"
    assert "Authorization" not in dated.headers
    spanish = langsearch.build_request(SearchQuery("q", language="es"), RequestContext(api_key=KEY))
    assert (
        spanish.json_body == langsearch.build_request(SearchQuery("q"), RequestContext(api_key=KEY)).json_body
    )


def test_langsearch_parses_summaries_and_detokenises() -> None:
    first, second, third = langsearch.parse_response(answer(fixture("langsearch-ok.json")))
    assert first.title == "What's new in Python 3.12"
    assert first.snippet.startswith("Python 3.12 was released") and first.snippet.endswith("changes.")
    assert first.content is not None and len(first.content) == langsearch.SUMMARY_CAP == 800
    assert first.content.startswith("Python 3.12 brings") and " . " not in first.content
    assert first.published == "2023-10-02"
    assert second.content and second.content.startswith("A short checklist") and second.published is None
    assert "1.5 times" in second.snippet
    assert third.content is None and third.snippet.startswith("The release schedule for 3.12, with")


def test_langsearch_detokenise() -> None:
    assert langsearch.detokenise("version 3 . 12 . 1 , out now .") == "version 3.12.1, out now."
    assert langsearch.detokenise("cd ..  then  e.g. this") == "cd .. then e.g. this"


def test_langsearch_errors_inside_a_200() -> None:
    with pytest.raises(ProviderError) as failure:
        langsearch.parse_response(answer(fixture("langsearch-error.json")))
    assert type(failure.value) is ProviderError and failure.value.status == 401
    assert "Invalid API key" in str(failure.value)
    with pytest.raises(RateLimitedError):
        langsearch.parse_response(answer('{"code": 429, "msg": "Too many requests"}'))
    with pytest.raises(BadResponseError):
        langsearch.parse_response(answer('{"code": 200, "data": {"webPages": {"value": "none"}}}'))


# ---------------------------------------------------------------- duckduckgo


def test_duckduckgo_request_is_a_keyless_form_post() -> None:
    request = duckduckgo.build_request(SearchQuery("rain tanks"), RequestContext())
    assert request.method == "POST" and request.url == "https://html.duckduckgo.com/html/"
    assert request.form == {"q": "rain tanks", "b": ""}
    assert request.json_body is None and request.secrets == () and not duckduckgo.SPEC.key_required
    dated = duckduckgo.build_request(
        SearchQuery("q", time_range="month", language="es-MX"), RequestContext(base_url=LOOPBACK)
    )
    assert dated.url == LOOPBACK + "/html/"
    assert dated.form == {"q": "q", "b": "", "kl": "mx-es", "df": "m"}


@pytest.mark.parametrize(
    ("language", "region"),
    [
        ("es", "es-es"),
        ("en", "us-en"),
        ("en-GB", "uk-en"),
        ("de-AT", "at-de"),
        ("ja", "jp-jp"),
        ("zh-TW", "tw-tzh"),
        ("zh", "cn-zh"),
    ],
)
def test_duckduckgo_region_codes(language: str, region: str) -> None:
    assert duckduckgo.region_code(language) == region


def test_duckduckgo_parses_html_drops_ads_and_unwraps_redirects() -> None:
    results = duckduckgo.parse_response(answer(fixture("duckduckgo-ok.html")))
    assert [r.url for r in results] == [
        "https://water.example.org/guides/rainwater-harvesting",
        "https://citybuild.example.net/blog/2023/green-roofs?ref=ddg&lang=en",
        "https://es.wikipedia.example.org/wiki/Captaci%C3%B3n_de_agua_de_lluvia",
        "https://agri.example.com/papers/dryland-catchments.pdf",
    ]
    assert results[0].title == "Rainwater harvesting: a practical guide"
    assert results[0].snippet == "How to size a tank, filter first-flush water & keep gutters clean."
    assert results[3].snippet == ""
    assert not any("duckduckgo.com" in r.url for r in results)


def test_duckduckgo_parses_lite_markup() -> None:
    results = duckduckgo.parse_response(answer(fixture("duckduckgo-lite.html")))
    assert [(r.url, r.snippet) for r in results] == [
        (
            "https://water.example.org/guides/rainwater-harvesting",
            "How to size a tank and filter first-flush water.",
        ),
        ("https://tanks.example.co.uk/sizing", "Litres per square metre of roof."),
        ("https://agri.example.com/papers/dryland-catchments.pdf", ""),
    ]


@pytest.mark.parametrize("status", [200, 202, 403])
def test_duckduckgo_challenge_page_is_a_rate_limit(status: int) -> None:
    with pytest.raises(RateLimitedError) as info:
        duckduckgo.parse_response(answer(fixture("duckduckgo-challenge.html"), status=status))
    assert info.value.code == "WEB_PROVIDER_RATE_LIMITED"
    assert "challenge" in str(info.value) and info.value.provider == "duckduckgo"


def test_duckduckgo_bare_202_is_a_rate_limit_and_unknown_markup_is_bad() -> None:
    with pytest.raises(RateLimitedError):
        duckduckgo.parse_response(answer(b"", status=202))
    with pytest.raises(BadResponseError):
        duckduckgo.parse_response(answer("<html><body><p>Welcome</p></body></html>"))


def test_duckduckgo_no_results_page_is_empty() -> None:
    assert duckduckgo.parse_response(answer(fixture("duckduckgo-noresults.html"))) == []


def test_duckduckgo_unwrap() -> None:
    wrapped = "//duckduckgo.com/l/?kh=-1&uddg=https%3A%2F%2Fa.example%2Fp%3Fx%3D1%26y%3D2&rut=abc"
    assert duckduckgo.unwrap(wrapped) == "https://a.example/p?x=1&y=2"
    assert duckduckgo.unwrap("/l/?uddg=https%3A%2F%2Fb.example%2F") == "https://b.example/"
    assert duckduckgo.unwrap("https://c.example/l/?uddg=x") == "https://c.example/l/?uddg=x"


def test_duckduckgo_recorded_payload(shared_dir: Path) -> None:
    results = duckduckgo.parse_response(answer((shared_dir / "payloads" / "duckduckgo-1.html").read_bytes()))
    assert len(results) == 5
    assert results[0].url.startswith("https://medium.com/homullus/fake-and-free-bypass")
    assert all(r.title and r.snippet and "duckduckgo.com" not in r.url for r in results)


# ---------------------------------------------------------------- wikipedia


def test_wikipedia_request() -> None:
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


def test_wikipedia_language_picks_the_wiki_unless_base_url_is_set() -> None:
    spanish = wikipedia.build_request(SearchQuery("lluvia", language="es-MX"), RequestContext())
    assert spanish.url == "https://es.wikipedia.org/w/api.php" and spanish.params["uselang"] == "es"
    proxied = wikipedia.build_request(SearchQuery("lluvia", language="es"), RequestContext(base_url=LOOPBACK))
    assert proxied.url == LOOPBACK + "/w/api.php"
    odd = wikipedia.build_request(SearchQuery("x", language="not a language"), RequestContext())
    assert odd.url == "https://en.wikipedia.org/w/api.php" and "uselang" not in odd.params


def test_wikipedia_builds_urls_from_titles() -> None:
    results = wikipedia.parse_response(
        answer(fixture("wikipedia-ok.json"), url="https://en.wikipedia.org/w/api.php")
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


def test_wikipedia_result_links_follow_the_answering_wiki() -> None:
    body = fixture("wikipedia-ok.json")
    spanish = wikipedia.parse_response(answer(body, url="https://es.wikipedia.org/w/api.php?srsearch=x"))
    assert spanish[0].url == "https://es.wikipedia.org/wiki/Rainwater_harvesting"
    proxied = wikipedia.parse_response(answer(body, url=LOOPBACK + "/w/api.php?uselang=pt&srsearch=x"))
    assert proxied[0].url.startswith("https://pt.wikipedia.org/wiki/")
    assert wikipedia.parse_response(answer(body))[0].url.startswith("https://en.wikipedia.org/wiki/")


def test_wikipedia_errors_come_inside_a_200() -> None:
    with pytest.raises(ProviderError) as failure:
        wikipedia.parse_response(answer(fixture("wikipedia-error.json")))
    assert type(failure.value) is ProviderError
    assert 'The "srsearch" parameter must be set.' in str(failure.value)
    limited = '{"error": {"code": "ratelimited", "info": "You have exceeded your rate limit."}}'
    with pytest.raises(RateLimitedError):
        wikipedia.parse_response(answer(limited, headers={"retry-after": "5"}))
    with pytest.raises(ProviderError) as lagged:
        wikipedia.parse_response(answer('{"error": {"code": "maxlag", "info": "Waiting for a database"}}'))
    assert lagged.value.transient


def test_wikipedia_recorded_payloads(shared_dir: Path) -> None:
    legacy = wikipedia.parse_response(answer((shared_dir / "payloads" / "wikipedia-1.json").read_bytes()))
    assert legacy[0].url == "https://en.wikipedia.org/wiki/Barack_Obama" and len(legacy) == 5
    assert legacy[1].url == "https://en.wikipedia.org/wiki/Barack_Obama,_Sr."
    rest = wikipedia.parse_response(answer((shared_dir / "payloads" / "wikipedia-3.json").read_bytes()))
    assert [(r.url, r.title) for r in rest] == [("https://en.wikipedia.org/wiki/Jupiter", "Jupiter")]
    assert rest[0].snippet.startswith("Jupiter is the fifth planet")


# ---------------------------------------------------------------- gateway


def test_gateway_request() -> None:
    request = gateway.build_request(SearchQuery("rain tanks", max_results=5), RequestContext(api_key=KEY))
    assert request.method == "POST" and request.url == "https://ai-gateway.vercel.sh/v1/chat/completions"
    assert request.headers["Authorization"] == f"Bearer {KEY}"
    body = request.json_body
    assert body["model"] == "perplexity/sonar" and 0 < body["max_tokens"] <= 2048
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert "rain tanks" in body["messages"][1]["content"]
    ctx = RequestContext(
        base_url="https://gw.example/proxy", api_key=KEY, options={"model": "openai/gpt-4o-search-preview"}
    )
    custom = gateway.build_request(SearchQuery("q", time_range="week", language="fr"), ctx)
    assert custom.url == "https://gw.example/proxy/v1/chat/completions"
    assert custom.json_body["model"] == "openai/gpt-4o-search-preview"
    prompt = custom.json_body["messages"][1]["content"]
    assert "the past week" in prompt and "'fr'" in prompt


def test_gateway_results_come_only_from_cited_sources() -> None:
    body = fixture("gateway-ok.json")
    results = gateway.parse_response(answer(body))
    assert [r.url for r in results] == [
        "https://water.example.org/guides/rainwater-harvesting",
        "https://citybuild.example.net/blog/2023/green-roofs-and-cisterns",
        "https://tanks.example.co.uk/sizing",
    ]
    assert (
        results[0].title == "Rainwater harvesting: a practical guide" and results[0].published == "2024-03-01"
    )
    assert results[0].snippet == "How to size a tank and filter first-flush water."
    assert results[1].snippet == "" and results[2].title == "" and results[2].snippet == ""
    generated = json.loads(body)["choices"][0]["message"]["content"]
    assert "https://invented.example.com/made-up-page" in generated
    assert all("invented" not in r.url and r.snippet not in generated for r in results if r.snippet)
    assert all(r.content is None for r in results)


def test_gateway_invented_urls_never_become_results() -> None:
    body = fixture("gateway-invented.json")
    assert "https://invented.example.com/rain-guide" in body.decode()
    assert gateway.parse_response(answer(body)) == []


def test_gateway_openai_style_annotations() -> None:
    results = gateway.parse_response(answer(fixture("gateway-annotations.json")))
    assert [(r.url, r.title) for r in results] == [
        ("https://agri.example.com/papers/dryland-catchments.pdf", "Dryland catchment systems"),
        ("https://wiki.example.org/Cistern", "Cistern"),
    ]
    assert all(r.snippet == "" for r in results)


def test_gateway_errors() -> None:
    with pytest.raises(ProviderError) as failure:
        gateway.parse_response(answer(fixture("gateway-error.json")))
    assert type(failure.value) is ProviderError and "not found" in str(failure.value)
    unauthorised = '{"error": {"message": "Invalid API key", "type": "authentication_error"}}'
    with pytest.raises(ProviderError) as denied:
        gateway.parse_response(answer(unauthorised, status=401))
    assert denied.value.status == 401 and "Invalid API key" in str(denied.value)
    quota = '{"error": {"message": "Too many requests", "type": "rate_limit_exceeded"}}'
    with pytest.raises(RateLimitedError):
        gateway.parse_response(answer(quota))
    with pytest.raises(BadResponseError):
        gateway.parse_response(answer('{"id": "x", "object": "chat.completion"}'))
