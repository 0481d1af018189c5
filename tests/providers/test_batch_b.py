"""Brave, Kagi, Perplexity, Serper, Jina search and SearXNG adapters: pure builders and parsers.

Parsers run on our own fixtures (tests/fixtures/providers/<id>-ok.json / -error.json) and on the
recorded payloads in ../shared/payloads when that directory is present.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from webquorum.errors import BadResponseError, ConfigError, ProviderError, RateLimitedError
from webquorum.providers import brave, jina, kagi, perplexity, searxng, serper
from webquorum.providers.base import CONTENT_CAP
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpResponse, RequestContext

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "providers"
KEY = "test-key-8f3a9c"
MODULES = [brave, kagi, perplexity, serper, jina, searxng]
KEYED = [brave, kagi, perplexity, serper, jina]
SEARXNG_CTX = RequestContext(base_url="http://127.0.0.1:8888")


def ctx_for(module: ModuleType, **kwargs: Any) -> RequestContext:
    if module is searxng and "base_url" not in kwargs:
        kwargs["base_url"] = SEARXNG_CTX.base_url
    return RequestContext(**kwargs)


def reply(body: bytes | str | dict[str, Any], status: int = 200, **headers: str) -> HttpResponse:
    if isinstance(body, dict):
        body = json.dumps(body)
    if isinstance(body, str):
        body = body.encode()
    return HttpResponse(
        status=status, headers={k.replace("_", "-"): v for k, v in headers.items()}, body=body
    )


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def sent_params(module: ModuleType, query: SearchQuery, ctx: RequestContext) -> dict[str, Any]:
    """Query parameters or JSON body, whichever the provider uses."""
    req = module.build_request(query, ctx)
    return dict(req.json_body) if req.json_body is not None else dict(req.params)


COUNT_FIELD = {brave: "count", kagi: "limit", perplexity: "max_results", serper: "num", jina: "num"}
AUTH = {
    brave: ("X-Subscription-Token", KEY),
    kagi: ("Authorization", f"Bot {KEY}"),
    perplexity: ("Authorization", f"Bearer {KEY}"),
    serper: ("X-API-KEY", KEY),
    jina: ("Authorization", f"Bearer {KEY}"),
}
METHOD = {brave: "GET", kagi: "GET", perplexity: "POST", serper: "POST", jina: "POST", searxng: "GET"}
BASE_PATH = {
    brave: "/res/v1/web/search",
    kagi: "/api/v0/search",
    perplexity: "/search",
    serper: "/search",
    jina: "/",
    searxng: "/search",
}


# --- build_request ---------------------------------------------------------------------------


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.SPEC.id)
def test_method_and_documented_endpoint(module: ModuleType) -> None:
    req = module.build_request(SearchQuery("q"), ctx_for(module))
    assert req.method == METHOD[module]
    if module is not searxng:
        assert req.url == module.SPEC.endpoint
    assert req.url.endswith(BASE_PATH[module])


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.SPEC.id)
def test_base_url_replaces_host_and_keeps_path(module: ModuleType) -> None:
    req = module.build_request(SearchQuery("q"), RequestContext(base_url="http://127.0.0.1:9001/gw/"))
    assert req.url == "http://127.0.0.1:9001/gw" + BASE_PATH[module]


@pytest.mark.parametrize("module", KEYED, ids=lambda m: m.SPEC.id)
def test_key_goes_in_documented_header_and_secrets(module: ModuleType) -> None:
    req = module.build_request(SearchQuery("q"), RequestContext(api_key=KEY))
    header, value = AUTH[module]
    assert req.headers[header] == value
    assert req.secrets == (KEY,)
    assert KEY not in req.url and KEY not in json.dumps(dict(req.params))
    keyless = module.build_request(SearchQuery("q"), RequestContext())
    assert header not in keyless.headers and keyless.secrets == ()


@pytest.mark.parametrize("module", KEYED, ids=lambda m: m.SPEC.id)
@pytest.mark.parametrize("asked", [3, 10, 500])
def test_count_is_capped_at_spec_max(module: ModuleType, asked: int) -> None:
    sent = sent_params(module, SearchQuery("q", max_results=asked), RequestContext())
    assert int(sent[COUNT_FIELD[module]]) == min(asked, module.SPEC.max_results)


@pytest.mark.parametrize(
    ("module", "field", "expected"),
    [
        (brave, "freshness", "pw"),
        (perplexity, "search_recency_filter", "week"),
        (serper, "tbs", "qdr:w"),
        (searxng, "time_range", "week"),
    ],
    ids=["brave", "perplexity", "serper", "searxng"],
)
def test_time_range_is_mapped(module: ModuleType, field: str, expected: str) -> None:
    assert sent_params(module, SearchQuery("q", time_range="week"), ctx_for(module))[field] == expected
    assert field not in sent_params(module, SearchQuery("q"), ctx_for(module))


@pytest.mark.parametrize("module", [kagi, jina], ids=lambda m: m.SPEC.id)
def test_time_range_without_a_parameter_is_ignored(module: ModuleType) -> None:
    with_range = sent_params(module, SearchQuery("q", time_range="day"), RequestContext())
    assert with_range == sent_params(module, SearchQuery("q"), RequestContext())


@pytest.mark.parametrize(
    ("module", "field", "expected"),
    [
        (brave, "search_lang", "de"),
        (perplexity, "search_language_filter", ["de"]),
        (serper, "hl", "de"),
        (jina, "hl", "de"),
        (searxng, "language", "de-CH"),
    ],
    ids=["brave", "perplexity", "serper", "jina", "searxng"],
)
def test_language_is_mapped(module: ModuleType, field: str, expected: object) -> None:
    assert sent_params(module, SearchQuery("q", language="de-CH"), ctx_for(module))[field] == expected


def test_query_text_is_sent_in_each_documented_field() -> None:
    fields = {brave: "q", kagi: "q", perplexity: "query", serper: "q", jina: "q", searxng: "q"}
    for module, field in fields.items():
        assert sent_params(module, SearchQuery("rust ownership"), ctx_for(module))[field] == "rust ownership"


def test_jina_asks_for_json_and_searxng_for_format_json() -> None:
    assert jina.build_request(SearchQuery("q"), RequestContext()).headers["Accept"] == "application/json"
    assert sent_params(searxng, SearchQuery("q"), SEARXNG_CTX)["format"] == "json"


def test_searxng_without_base_url_is_a_config_error_naming_the_setting() -> None:
    with pytest.raises(ConfigError, match=r"overrides\.searxng\.base_url"):
        searxng.build_request(SearchQuery("q"), RequestContext())
    assert searxng.SPEC.key_env is None and not searxng.SPEC.key_required and searxng.SPEC.needs_base_url


def test_kagi_v1_option_switches_path_only() -> None:
    v1 = kagi.build_request(SearchQuery("q"), RequestContext(api_key=KEY, options={"version": "v1"}))
    assert v1.url == "https://kagi.com/api/v1/search"
    assert v1.headers["Authorization"] == f"Bot {KEY}" and v1.params["q"] == "q"


def test_perplexity_uses_search_api_not_sonar() -> None:
    req = perplexity.build_request(SearchQuery("q"), RequestContext())
    assert req.url == "https://api.perplexity.ai/search" and "messages" not in req.json_body


def test_specs_are_consistent() -> None:
    envs = {m.SPEC.id: m.SPEC.key_env for m in MODULES}
    assert envs == {
        "brave": "BRAVE_API_KEY",
        "kagi": "KAGI_API_KEY",
        "perplexity": "PERPLEXITY_API_KEY",
        "serper": "SERPER_API_KEY",
        "jina": "JINA_API_KEY",
        "searxng": None,
    }
    for module in MODULES:
        assert module.SPEC.endpoint.startswith("http") and module.SPEC.docs.startswith("https://")
        assert module.SPEC.price_usd >= 0 and module.SPEC.max_results >= 10


# --- parse_response on our fixtures ----------------------------------------------------------


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.SPEC.id)
def test_ok_fixture_parses_to_three_or_more_results(module: ModuleType) -> None:
    results = module.parse_response(reply(fixture(f"{module.SPEC.id}-ok.json")))
    assert len(results) >= 3
    assert all(isinstance(r, RawResult) and r.url.startswith("https://") and r.title for r in results)
    assert len({r.url for r in results}) == len(results)


@pytest.mark.parametrize(
    ("module", "status"),
    [(brave, 422), (kagi, 401), (perplexity, 422), (serper, 403), (jina, 401), (searxng, 400)],
    ids=lambda v: v.SPEC.id if isinstance(v, ModuleType) else str(v),
)
def test_error_fixture_raises_provider_error_with_message(module: ModuleType, status: int) -> None:
    body = fixture(f"{module.SPEC.id}-error.json")
    with pytest.raises(ProviderError) as caught:
        module.parse_response(reply(body, status))
    assert type(caught.value) is ProviderError
    assert caught.value.status == status and caught.value.provider == module.SPEC.id
    assert len(caught.value.message) > len(module.SPEC.id) + 10


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.SPEC.id)
def test_429_is_a_rate_limit_with_retry_after(module: ModuleType) -> None:
    with pytest.raises(RateLimitedError) as caught:
        module.parse_response(reply('{"message": "slow down"}', 429, retry_after="7"))
    assert caught.value.retry_after == 7.0


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.SPEC.id)
@pytest.mark.parametrize(
    "body",
    [
        b'{"results": [{"url": "https://a.example/"',
        b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>",
    ],
    ids=["truncated-json", "challenge-page"],
)
def test_malformed_json_and_challenge_pages_are_bad_responses(module: ModuleType, body: bytes) -> None:
    with pytest.raises(BadResponseError):
        module.parse_response(reply(body))


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.SPEC.id)
def test_wrong_shape_is_a_bad_response_not_an_empty_list(module: ModuleType) -> None:
    shapes: dict[ModuleType, dict[str, Any]] = {
        brave: {"web": {"results": "nope"}},
        kagi: {"data": "nope"},
        perplexity: {"results": {"a": 1}},
        serper: {"organic": "nope"},
        jina: {"data": 5},
        searxng: {"results": "nope"},
    }
    with pytest.raises(BadResponseError):
        module.parse_response(reply(shapes[module]))


def test_brave_strips_markup_reads_page_age_and_keeps_age() -> None:
    first, second, third, _ = brave.parse_response(reply(fixture("brave-ok.json")))
    assert first.snippet.startswith("A 1:1:1 ratio of starter") and "It's easy" in first.snippet
    assert "<" not in first.snippet and "&amp;" not in first.snippet and "& keeps" in first.snippet
    assert '"without"' in second.snippet
    assert first.published == "2023-03-14" and first.extra == {"age": "March 14, 2023"}
    assert third.published is None and third.content is None


def test_brave_invalid_token_422_is_named() -> None:
    with pytest.raises(ProviderError, match="BRAVE_API_KEY"):
        brave.parse_response(reply(fixture("brave-error.json"), 422))


def test_brave_429_without_retry_after_uses_exhausted_window_reset() -> None:
    resp = reply("{}", 429, x_ratelimit_remaining="5, 0", x_ratelimit_reset="1, 86400")
    with pytest.raises(RateLimitedError) as caught:
        brave.parse_response(resp)
    assert caught.value.retry_after == 86400.0
    with pytest.raises(RateLimitedError) as bare:
        brave.parse_response(reply("{}", 429))
    assert bare.value.retry_after is None


def test_kagi_keeps_only_t0_and_cleans_entities() -> None:
    results = kagi.parse_response(reply(fixture("kagi-ok.json")))
    assert [r.url for r in results][-1] == "https://blog.logrocket.com/understanding-ownership-in-rust/"
    assert len(results) == 3
    assert results[0].snippet.startswith('Affectionately nicknamed "the book," The Rust Programming Language')
    assert "It's checked at compile time ..." in results[1].snippet
    assert results[1].published == "2024-02-08" and results[2].published == "2023-06-21"
    assert results[0].extra == {"rank": "1"}


def test_kagi_error_list_raises_even_with_http_200() -> None:
    with pytest.raises(ProviderError, match="Invalid or missing API token"):
        kagi.parse_response(reply(fixture("kagi-error.json"), 200))
    v0_error = {"meta": {"id": "x"}, "data": None, "error": [{"code": 1, "msg": "Insufficient credit"}]}
    with pytest.raises(ProviderError, match="Insufficient credit"):
        kagi.parse_response(reply(v0_error))


def test_kagi_v1_shape_is_read_too() -> None:
    body = {
        "meta": {"id": "x"},
        "data": {"search": [{"url": "https://a.example/", "title": "A", "time": "2025-01-02T03:04:05Z"}]},
    }
    (result,) = kagi.parse_response(reply(body))
    assert result.url == "https://a.example/" and result.published == "2025-01-02"


def test_perplexity_long_snippet_becomes_content_with_a_short_lead() -> None:
    first, second, third = perplexity.parse_response(reply(fixture("perplexity-ok.json")))
    assert first.content is not None and first.content.startswith("The James Webb Space Telescope")
    assert first.content.endswith("ten times solar.")
    assert len(first.snippet) <= 305 and first.snippet.endswith("…")
    assert first.published == "2022-08-25" and first.extra == {"last_updated": "2024-11-02"}
    assert (
        second.content is None and second.published is None and second.extra == {"last_updated": "2025-03-30"}
    )
    assert third.extra == {}


def test_serper_knowledge_graph_first_only_with_website_and_link_field() -> None:
    results = serper.parse_response(reply(fixture("serper-ok.json")))
    assert results[0].url == "https://www.tokyotower.co.jp/en/" and results[0].extra == {
        "kind": "knowledge_graph"
    }
    assert results[1].url == "https://en.wikipedia.org/wiki/Tokyo_Tower"
    assert results[3].published == "2024-03-04" and results[4].published is None  # "3 days ago"
    data = json.loads(fixture("serper-ok.json"))
    data["organic"][1]["link"] = "http://tokyotower.co.jp/en"
    duplicate = serper.parse_response(reply(data))
    assert duplicate[0].url == "https://en.wikipedia.org/wiki/Tokyo_Tower" and len(duplicate) == 4
    del data["knowledgeGraph"]["website"]
    assert [r.url for r in serper.parse_response(reply(data))] == [r.url for r in duplicate]


def test_serper_bare_429_is_a_rate_limit_without_wait() -> None:
    with pytest.raises(RateLimitedError) as caught:
        serper.parse_response(reply(b"", 429))
    assert caught.value.retry_after is None


def test_jina_keeps_content_inline_and_caps_it() -> None:
    first, second, third = jina.parse_response(reply(fixture("jina-ok.json")))
    assert first.content is not None and first.content.startswith("# Zstandard")
    assert first.snippet.startswith("Zstandard is a fast compression")
    assert second.published == "2021-02-01" and third.content is None
    data = json.loads(fixture("jina-ok.json"))
    data["data"][0]["content"] = "x" * (CONTENT_CAP + 500)
    assert len(jina.parse_response(reply(data))[0].content or "") == CONTENT_CAP


def test_jina_no_results_422_is_an_empty_list() -> None:
    body = {
        "data": None,
        "code": 422,
        "name": "AssertionFailureError",
        "status": 42206,
        "message": "No search results available for query zzqx",
    }
    assert jina.parse_response(reply(body, 422)) == []
    with pytest.raises(ProviderError):
        jina.parse_response(reply(dict(body, message="Invalid num"), 422))


def test_searxng_parses_results_skips_urlless_and_reads_dates() -> None:
    results = searxng.parse_response(reply(fixture("searxng-ok.json")))
    assert len(results) == 3
    assert results[2].snippet == "A practical guide to bloat and locks."
    assert results[2].published == "2024-05-16" and results[0].published is None
    assert results[0].extra == {"engines": "duckduckgo,brave"}


def test_searxng_html_403_names_search_formats() -> None:
    with pytest.raises(ProviderError, match=r"search\.formats") as caught:
        searxng.parse_response(reply(b"<!DOCTYPE html><html><body>403 Forbidden</body></html>", 403))
    assert caught.value.status == 403


# --- recorded payloads in ../shared ----------------------------------------------------------


def _payload(shared: Path, name: str) -> bytes:
    path = shared / "payloads" / name
    if not path.is_file():
        pytest.skip(f"{name} is absent")
    return path.read_bytes()


@pytest.mark.shared
@pytest.mark.parametrize(
    ("module", "name", "count", "first_url"),
    [
        (brave, "brave-1.json", 5, "https://en.wikipedia.org/wiki/%22Hello,_World!%22_program"),
        (kagi, "kagi-1.json", 5, "https://en.wikipedia.org/wiki/Steve_Jobs"),
        (kagi, "kagi-3.json", 3, "https://www.nps.gov/grca/index.htm"),
        (kagi, "kagi-2.json", 1, "<url>"),
        (perplexity, "perplexity-1.json", 1, "<url>"),
        (serper, "serper-2.json", 5, "https://www.apple.com/"),
        (jina, "jina-search-1.json", 2, "https://jina.ai/"),
        (searxng, "searxng-1.json", 4, "https://en.wikipedia.org/wiki/Python_(programming_language)"),
    ],
    ids=lambda v: v if isinstance(v, str) and v.endswith(".json") else "",
)
def test_recorded_payloads_parse(
    shared_dir: Path, module: ModuleType, name: str, count: int, first_url: str
) -> None:
    results = module.parse_response(reply(_payload(shared_dir, name)))
    assert len(results) == count and results[0].url == first_url
    assert all("<strong>" not in r.snippet and "&quot;" not in r.snippet for r in results)


@pytest.mark.shared
def test_recorded_payload_details(shared_dir: Path) -> None:
    brave_results = brave.parse_response(reply(_payload(shared_dir, "brave-1.json")))
    assert brave_results[0].published == "2024-12-27" and '"Hello, World!"' in brave_results[0].snippet
    kagi_results = kagi.parse_response(reply(_payload(shared_dir, "kagi-3.json")))
    assert kagi_results[0].snippet.startswith("Grand Canyon National Park.")
    assert kagi_results[2].title == "Grand Canyon (Visitor Guide, Activities & Tours) | Visit Arizona"
    assert kagi_results[1].published == "2023-01-18"
    jina_results = jina.parse_response(reply(_payload(shared_dir, "jina-search-1.json")))
    assert all(r.content for r in jina_results)
    serper_results = serper.parse_response(reply(_payload(shared_dir, "serper-2.json")))
    assert all(r.extra == {} for r in serper_results)  # its knowledgeGraph website repeats organic #1


@pytest.mark.shared
@pytest.mark.parametrize(
    ("module", "name", "status"),
    [
        (kagi, "kagi-errors-1.json", 401),
        (kagi, "kagi-errors-1.json", 200),
        (perplexity, "perplexity-errors-1.json", 422),
    ],
    ids=["kagi-401", "kagi-200", "perplexity-422"],
)
def test_recorded_error_payloads_raise(shared_dir: Path, module: ModuleType, name: str, status: int) -> None:
    with pytest.raises(ProviderError) as caught:
        module.parse_response(reply(_payload(shared_dir, name), status))
    assert caught.value.provider == module.SPEC.id


@pytest.mark.shared
def test_recorded_searxng_errors(shared_dir: Path) -> None:
    cases = json.loads(_payload(shared_dir, "searxng-errors-1.json"))
    for key in ("http_400_no_query", "http_400_bad_param"):
        with pytest.raises(ProviderError, match=cases[key]["error"]):
            searxng.parse_response(reply(cases[key], 400))
    with pytest.raises(ProviderError, match=r"search\.formats"):
        searxng.parse_response(reply(b"<html><body><h1>Forbidden</h1></body></html>", 403))
