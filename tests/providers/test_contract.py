"""The contract every search provider module keeps, checked for each id in ``PROVIDER_IDS``.

A provider module is ``SPEC``, a pure ``build_request`` and a pure ``parse_response`` (see
``webquorum.providers.base``). Here each one is held to the same promises: a sane SPEC, a
request that reads nothing from the environment and carries the key only where the provider
documents it, and a parser that turns our recorded ok and error fixtures
(tests/fixtures/providers/) into clean results or the right error of the tree. What only one
provider does lives in its own ``test_<id>.py``. Adding a provider module fails
:func:`test_every_provider_has_a_contract_case` until it has a case here and its fixtures.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from tests.sim.payloads import fixture, response, shared_payload
from tests.sim.providers import FIXTURES

from webquorum.errors import BadResponseError, ChallengeError, ProviderError, RateLimitedError, WebQuorumError
from webquorum.providers import PROVIDER_IDS, provider_module
from webquorum.providers.base import CONTENT_CAP
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, RequestContext

KEY = "sk-test-0123456789abcdef"
SELF_HOSTED = "http://127.0.0.1:8888"  # for providers without a public default (SPEC.needs_base_url)


@dataclass(frozen=True)
class At:
    """Where a value lands in a request: a JSON body path, a query or form parameter, or the prompt.

    Query and form parameters are strings on the wire; a prompt carries the value inside ``template``.
    """

    where: str  # "json", "params", "form", "prompt" (or "headers", for a key)
    path: tuple[str, ...] = ()
    template: str = "{}"

    def present(self, req: HttpRequest) -> bool:
        if self.where == "prompt":
            return True
        node: Any = {"json": req.json_body, "params": req.params, "form": req.form}[self.where]
        for key in self.path:
            if not isinstance(node, Mapping) or key not in node:
                return False
            node = node[key]
        return True

    def sends(self, req: HttpRequest, value: object) -> bool:
        if self.where == "prompt":
            return self.template.format(value) in req.json_body["messages"][-1]["content"]
        node: Any = {"json": req.json_body, "params": req.params, "form": req.form}[self.where]
        for key in self.path:
            node = node[key]
        return bool(node == (value if self.where == "json" else str(value)))


def body(*path: str) -> At:
    return At("json", path)


def param(name: str) -> At:
    return At("params", (name,))


@dataclass(frozen=True)
class Error:
    """The provider's recorded error fixture, the HTTP status it came with, and what it must raise."""

    name: str
    http_status: int
    cls: type[ProviderError]
    text: str  # a fragment of the provider's message that must reach the error
    status: int | None = None  # the error's status when the provider says another than the HTTP one

    @property
    def expected_status(self) -> int:
        return self.http_status if self.status is None else self.status


@dataclass(frozen=True)
class Case:
    method: str
    endpoint: str  # the documented endpoint, as SPEC.endpoint must say it
    key_env: str | None
    key: (
        tuple[At, str] | None
    )  # where the key goes and the value sent there ({key} is the key); None: keyless
    query: At  # where the query text goes
    count: At | None  # where the asked-for count goes; None: the API has no count parameter
    time: At | None  # where a time range goes; None: the API has none and the range is ignored
    language: bool  # whether a language reaches the request at all
    error: Error | None  # the recorded error (or challenge) fixture; None: none has been recorded
    wrong_shape: Any = None  # a JSON answer whose results have the wrong type; None: not a JSON API
    extra: dict[str, Any] = field(default_factory=dict)


CASES: dict[str, Case] = {
    "bing": Case(
        "GET",
        "https://www.bing.com/search",
        None,
        None,
        param("q"),
        param("count"),
        param("filters"),
        True,
        None,
        extra={"time_ranges": {"day", "week", "month"}},  # Bing's page has no past-year filter
    ),
    "brave": Case(
        "GET",
        "https://api.search.brave.com/res/v1/web/search",
        "BRAVE_API_KEY",
        (At("headers", ("X-Subscription-Token",)), "{key}"),
        param("q"),
        param("count"),
        param("freshness"),
        True,
        Error("brave-error.json", 422, ProviderError, "BRAVE_API_KEY"),
        {"web": {"results": "nope"}},
    ),
    "brave_web": Case(
        "GET",
        "https://search.brave.com/search",
        None,
        None,
        param("q"),
        None,
        param("tf"),
        False,
        Error("brave_web-challenge.html", 200, ChallengeError, "captcha"),
    ),
    "duckduckgo": Case(
        "POST",
        "https://html.duckduckgo.com/html/",
        None,
        None,
        At("form", ("q",)),
        None,
        At("form", ("df",)),
        True,
        Error("duckduckgo-challenge.html", 200, ChallengeError, "challenge"),
    ),
    "exa": Case(
        "POST",
        "https://api.exa.ai/search",
        "EXA_API_KEY",
        (At("headers", ("x-api-key",)), "{key}"),
        body("query"),
        body("numResults"),
        body("startPublishedDate"),
        False,
        Error("exa-error.json", 400, ProviderError, "numResults must be between"),
        {"results": "none"},
    ),
    "firecrawl": Case(
        "POST",
        "https://api.firecrawl.dev/v2/search",
        "FIRECRAWL_API_KEY",
        (At("headers", ("Authorization",)), "Bearer {key}"),
        body("query"),
        body("limit"),
        body("tbs"),
        True,
        Error("firecrawl-error.json", 402, RateLimitedError, "Insufficient credits"),
        {"success": True, "data": {"web": "x"}},
    ),
    "gateway": Case(
        "POST",
        "https://ai-gateway.vercel.sh/v1/chat/completions",
        "AI_GATEWAY_API_KEY",
        (At("headers", ("Authorization",)), "Bearer {key}"),
        At("prompt"),
        At("prompt", template="up to {} "),
        At("prompt"),
        True,
        Error("gateway-error.json", 200, ProviderError, "not found"),
        {"id": "x", "object": "chat.completion"},
    ),
    "jina": Case(
        "POST",
        "https://s.jina.ai/",
        "JINA_API_KEY",
        (At("headers", ("Authorization",)), "Bearer {key}"),
        body("q"),
        body("num"),
        None,
        True,
        Error("jina-error.json", 401, ProviderError, "Invalid API key"),
        {"data": 5},
    ),
    "kagi": Case(
        "GET",
        "https://kagi.com/api/v0/search",
        "KAGI_API_KEY",
        (At("headers", ("Authorization",)), "Bot {key}"),
        param("q"),
        param("limit"),
        None,
        False,
        Error("kagi-error.json", 401, ProviderError, "Invalid or missing API token"),
        {"data": "nope"},
    ),
    "langsearch": Case(
        "POST",
        "https://api.langsearch.com/v1/web-search",
        "LANGSEARCH_API_KEY",
        (At("headers", ("Authorization",)), "Bearer {key}"),
        body("query"),
        body("count"),
        body("freshness"),
        False,
        Error("langsearch-error.json", 200, ProviderError, "Invalid API key", status=401),
        {"code": 200, "data": {"webPages": {"value": "none"}}},
        extra={"always_sent": {"freshness"}},  # "noLimit" when no range is asked for
    ),
    "linkup": Case(
        "POST",
        "https://api.linkup.so/v1/search",
        "LINKUP_API_KEY",
        (At("headers", ("Authorization",)), "Bearer {key}"),
        body("q"),
        body("maxResults"),
        body("fromDate"),
        False,
        Error("linkup-error.json", 429, RateLimitedError, "not have enough credits"),
        {"results": "x"},
    ),
    "mojeek": Case(
        "GET",
        "https://api.mojeek.com/search",
        "MOJEEK_API_KEY",
        (param("api_key"), "{key}"),
        param("q"),
        param("t"),
        param("since"),
        True,
        Error("mojeek-error.json", 200, RateLimitedError, "Daily Limit Reached"),
        {"results": []},
    ),
    "mojeek_web": Case(
        "GET",
        "https://www.mojeek.com/search",
        None,
        None,
        param("q"),
        None,
        param("since"),
        True,
        Error("mojeek_web-challenge.html", 200, ChallengeError, "challenge page"),
        extra={"plain_http_results": True},  # the recorded page links sites still served over http://
    ),
    "parallel": Case(
        "POST",
        "https://api.parallel.ai/v1/search",
        "PARALLEL_API_KEY",
        (At("headers", ("x-api-key",)), "{key}"),
        body("objective"),
        body("advanced_settings", "max_results"),
        body("advanced_settings", "source_policy"),
        False,
        Error("parallel-error.json", 422, ProviderError, "at least one query is required"),
        {"results": 3},
    ),
    "perplexity": Case(
        "POST",
        "https://api.perplexity.ai/search",
        "PERPLEXITY_API_KEY",
        (At("headers", ("Authorization",)), "Bearer {key}"),
        body("query"),
        body("max_results"),
        body("search_recency_filter"),
        True,
        Error("perplexity-error.json", 422, ProviderError, "less than or equal to 20"),
        {"results": {"a": 1}},
    ),
    "searxng": Case(
        "GET",
        "http://localhost:8888/search",
        None,
        None,
        param("q"),
        None,
        param("time_range"),
        True,
        Error("searxng-error.json", 400, ProviderError, "Invalid value decade for parameter time_range"),
        {"results": "nope"},
    ),
    "serper": Case(
        "POST",
        "https://google.serper.dev/search",
        "SERPER_API_KEY",
        (At("headers", ("X-API-KEY",)), "{key}"),
        body("q"),
        body("num"),
        body("tbs"),
        True,
        Error("serper-error.json", 403, ProviderError, "Unauthorized"),
        {"organic": "nope"},
    ),
    "tavily": Case(
        "POST",
        "https://api.tavily.com/search",
        "TAVILY_API_KEY",
        (At("headers", ("Authorization",)), "Bearer {key}"),
        body("query"),
        body("max_results"),
        body("time_range"),
        False,
        Error("tavily-error.json", 432, RateLimitedError, "plan's set usage limit"),
        {"results": {"url": "x"}},
    ),
    "tinyfish": Case(
        "GET",
        "https://api.search.tinyfish.ai/",
        "TINYFISH_API_KEY",
        (At("headers", ("X-API-Key",)), "{key}"),
        param("query"),
        None,
        param("recency_minutes"),
        True,
        Error("tinyfish-error.json", 401, ProviderError, "Invalid or missing API key"),
        {"results": {}},
    ),
    "wikipedia": Case(
        "GET",
        "https://en.wikipedia.org/w/api.php",
        None,
        None,
        param("srsearch"),
        param("srlimit"),
        None,
        True,
        Error("wikipedia-error.json", 200, ProviderError, 'The "srsearch" parameter must be set.'),
        {"query": {"search": "nope"}},
    ),
}
IDS = list(PROVIDER_IDS)
JSON_APIS = [pid for pid in IDS if CASES[pid].wrong_shape is not None]
KEYED = [pid for pid in IDS if CASES[pid].key is not None]
COUNTED = [pid for pid in IDS if CASES[pid].count is not None]
COUNT_OF_ZERO_IS_ONE = ["exa", "firecrawl", "linkup", "parallel", "tavily"]  # the others pass 0 on as asked
# Every name a time filter goes under, in any provider: none may be sent when no range is asked for.
TIME_FILTERS = (
    "time_range",
    "startPublishedDate",
    "after_date",
    "fromDate",
    "tbs",
    "recency_minutes",
    "freshness",
    "search_recency_filter",
    "since",
    "df",
    "filters",
)
CHALLENGE_PAGE = b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>"


def context(pid: str, **kwargs: Any) -> RequestContext:
    """A context, with a base URL for the self-hosted providers that have no public default."""
    if provider_module(pid).SPEC.needs_base_url and "base_url" not in kwargs:
        kwargs["base_url"] = SELF_HOSTED
    return RequestContext(**kwargs)


def build(pid: str, query: SearchQuery | None = None, **ctx: Any) -> HttpRequest:
    return provider_module(pid).build_request(query or SearchQuery("solar storage"), context(pid, **ctx))


def sent(req: HttpRequest) -> str:
    """Everything a request carries besides its headers, as one string to search."""
    parts = [
        req.url,
        json.dumps(req.json_body),
        json.dumps(dict(req.params)),
        json.dumps(dict(req.form or {})),
    ]
    return "".join(parts)


def carriers_of(req: HttpRequest, value: str) -> list[str]:
    """The places in ``req`` where ``value`` appears: "url", "json", "form", "params:<name>",
    "headers:<name>"."""
    places = [f"headers:{k}" for k, v in req.headers.items() if value in v]
    places += [f"params:{k}" for k, v in req.params.items() if value in v or value in k]
    places += [
        where
        for where, text in (
            ("url", req.url),
            ("json", json.dumps(req.json_body)),
            ("form", json.dumps(dict(req.form or {}))),
        )
        if value in text
    ]
    return places


# -- SPEC ---------------------------------------------------------------------------------------


def test_every_provider_has_a_contract_case() -> None:
    assert set(CASES) == set(PROVIDER_IDS), "give a new provider its Case here and its -ok/-error fixtures"


@pytest.mark.parametrize("pid", IDS)
def test_spec_is_complete(pid: str) -> None:
    module = provider_module(pid)
    spec = module.SPEC
    assert spec.id == pid and spec.modality == "search"
    assert spec.endpoint == CASES[pid].endpoint
    assert spec.endpoint.startswith("http://" if spec.needs_base_url else "https://")
    assert spec.docs.startswith("https://")
    assert spec.max_results >= 10 and spec.price_usd >= 0
    assert spec.key_env == CASES[pid].key_env
    assert (spec.key_env is None) == (not spec.key_required)
    assert module.__doc__ and len(module.__doc__) > 300


# -- build_request ------------------------------------------------------------------------------


@pytest.mark.parametrize("pid", IDS)
def test_request_targets_the_documented_endpoint(pid: str) -> None:
    req = build(pid, api_key=KEY)
    assert req.method == CASES[pid].method
    if provider_module(pid).SPEC.needs_base_url:
        assert req.url == SELF_HOSTED + urlsplit(CASES[pid].endpoint).path
    else:
        assert req.url == CASES[pid].endpoint


@pytest.mark.parametrize("pid", IDS)
def test_base_url_replaces_scheme_and_host_but_keeps_the_documented_path(pid: str) -> None:
    path = CASES[pid].endpoint.split("/", 3)[3]
    assert build(pid, base_url="http://127.0.0.1:8765").url == f"http://127.0.0.1:8765/{path}"
    assert build(pid, base_url="http://gw.test/proxy/").url == f"http://gw.test/proxy/{path}"
    assert build(pid, base_url="http://127.0.0.1:9001/gw/").url == f"http://127.0.0.1:9001/gw/{path}"


@pytest.mark.parametrize("pid", IDS)
def test_build_request_is_pure(pid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same arguments give the same request, and nothing is read from the environment."""
    first = build(pid, SearchQuery("q", max_results=7, language="de", time_range="month"), api_key=KEY)
    variable = CASES[pid].key_env or "WQ_TEST_UNUSED_KEY"
    monkeypatch.setenv(variable, "env-key-never-read-0123")
    again = build(pid, SearchQuery("q", max_results=7, language="de", time_range="month"), api_key=KEY)
    assert again == first
    assert carriers_of(build(pid), "env-key-never-read-0123") == []


@pytest.mark.parametrize("pid", KEYED)
def test_the_key_goes_only_where_the_provider_documents_it(pid: str) -> None:
    at, template = CASES[pid].key  # type: ignore[misc]
    req = build(pid, api_key=KEY)
    (name,) = at.path
    carrier = {"headers": req.headers, "params": req.params}[at.where]
    assert carrier[name] == template.format(key=KEY)
    assert carriers_of(req, KEY) == [f"{at.where}:{name}"], "the key is sent once, in its documented place"
    assert req.secrets == (KEY,)
    assert KEY not in req.url and KEY not in json.dumps(req.json_body)


@pytest.mark.parametrize("pid", IDS)
def test_without_a_key_nothing_is_sent_in_its_place_and_there_are_no_secrets(pid: str) -> None:
    req = build(pid)
    if CASES[pid].key is not None:
        at, _ = CASES[pid].key  # type: ignore[misc]
        assert at.path[0] not in {"headers": req.headers, "params": req.params}[at.where]
    assert req.secrets == ()


@pytest.mark.parametrize("pid", [p for p in IDS if CASES[p].key is None])
def test_a_keyless_provider_never_sends_a_configured_key(pid: str) -> None:
    req = build(pid, api_key=KEY)
    assert carriers_of(req, KEY) == [] and req.secrets == ()


@pytest.mark.parametrize("pid", IDS)
def test_query_parameters_are_strings(pid: str) -> None:
    for query in (SearchQuery("q"), SearchQuery("q", max_results=3, language="es-MX", time_range="week")):
        req = build(pid, query, api_key=KEY)
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in req.params.items())
        assert all(isinstance(v, str) for v in (req.form or {}).values())


@pytest.mark.parametrize("pid", IDS)
def test_query_text_is_sent(pid: str) -> None:
    req = build(pid, SearchQuery("lithium iron phosphate cycle life"))
    assert "lithium iron phosphate cycle life" in sent(req)
    assert CASES[pid].query.sends(build(pid, SearchQuery("rust ownership")), "rust ownership")


@pytest.mark.parametrize("pid", COUNTED)
@pytest.mark.parametrize("asked", [3, 10, 500, 10_000])
def test_count_is_the_least_of_asked_and_the_provider_maximum(pid: str, asked: int) -> None:
    at = CASES[pid].count
    assert at is not None
    req = build(pid, SearchQuery("q", max_results=asked), api_key=KEY)
    assert at.sends(req, min(asked, provider_module(pid).SPEC.max_results))


@pytest.mark.parametrize("pid", COUNT_OF_ZERO_IS_ONE)
def test_a_count_of_zero_asks_for_one(pid: str) -> None:
    at = CASES[pid].count
    assert at is not None and at.sends(build(pid, SearchQuery("q", max_results=0)), 1)


@pytest.mark.parametrize("pid", [p for p in IDS if CASES[p].count is None])
def test_without_a_count_parameter_one_page_is_asked_for_whatever_the_count(pid: str) -> None:
    assert build(pid, SearchQuery("q", max_results=1000), api_key=KEY) == build(
        pid, SearchQuery("q", max_results=3), api_key=KEY
    )


@pytest.mark.parametrize("pid", IDS)
def test_no_time_filter_is_sent_without_a_time_range(pid: str) -> None:
    text = sent(build(pid))
    for name in set(TIME_FILTERS) - CASES[pid].extra.get("always_sent", set()):
        assert name not in text
    at = CASES[pid].time
    if at is not None and at.where != "prompt" and not CASES[pid].extra.get("always_sent"):
        assert not at.present(build(pid))


@pytest.mark.parametrize("pid", IDS)
@pytest.mark.parametrize("time_range", ["day", "week", "month", "year"])
def test_a_time_range_is_sent_where_the_api_has_one_and_ignored_elsewhere(pid: str, time_range: Any) -> None:
    plain = build(pid, SearchQuery("q"), options={"today": "2025-03-10"})
    ranged = build(pid, SearchQuery("q", time_range=time_range), options={"today": "2025-03-10"})
    at = CASES[pid].time
    if at is None or time_range not in CASES[pid].extra.get("time_ranges", {time_range}):
        assert ranged == plain
    else:
        assert ranged != plain and at.present(ranged)


@pytest.mark.parametrize("pid", IDS)
def test_a_language_is_sent_where_supported_and_ignored_elsewhere(pid: str) -> None:
    plain = build(pid, SearchQuery("q"))
    french = build(pid, SearchQuery("q", language="fr"))
    if CASES[pid].language:
        assert french != plain
    else:
        assert french == plain and '"fr"' not in sent(french)


# -- parse_response on our fixtures -------------------------------------------------------------


def ok_fixture_name(pid: str) -> str:
    return next(p.name for p in SEARCH_FIXTURES if p.name in (f"{pid}-ok.json", f"{pid}-ok.html"))


@pytest.mark.parametrize("pid", IDS)
def test_ok_fixture_parses_to_clean_results(pid: str) -> None:
    results = provider_module(pid).parse_response(response(fixture(ok_fixture_name(pid))))
    assert len(results) >= 3
    schemes = ("http://", "https://") if CASES[pid].extra.get("plain_http_results") else ("https://",)
    assert all(isinstance(r, RawResult) and r.url.startswith(schemes) for r in results)
    assert all(r.title for r in results[:2])
    for r in results:
        assert "<b>" not in r.title and "&ndash;" not in r.title and "&deg;" not in r.snippet
        assert r.content is None or len(r.content) <= CONTENT_CAP
    assert len({r.url for r in results}) == len(results)


@pytest.mark.parametrize("pid", [p for p in IDS if p != "gateway"])  # a gateway source may carry no title
def test_every_ok_result_has_a_title(pid: str) -> None:
    assert all(r.title for r in provider_module(pid).parse_response(response(fixture(ok_fixture_name(pid)))))


@pytest.mark.parametrize("pid", [p for p in IDS if CASES[p].error is not None])
def test_error_fixture_maps_to_the_error_tree(pid: str) -> None:
    error = CASES[pid].error
    assert error is not None
    with pytest.raises(ProviderError) as info:
        provider_module(pid).parse_response(response(fixture(error.name), status=error.http_status))
    err = info.value
    assert type(err) is error.cls and err.code == error.cls.code
    assert err.status == error.expected_status and err.provider == pid
    assert error.text in err.message and len(err.message) > len(pid) + 10


@pytest.mark.parametrize("pid", IDS)
@pytest.mark.parametrize("status", [401, 500, 503])
@pytest.mark.parametrize("answer", [b'{"error": "boom"}', b"upstream exploded"], ids=["json", "text"])
def test_other_statuses_are_provider_errors(pid: str, status: int, answer: bytes) -> None:
    with pytest.raises(ProviderError) as info:
        provider_module(pid).parse_response(response(answer, status=status))
    assert type(info.value) is ProviderError
    assert info.value.status == status and info.value.provider == pid
    assert info.value.transient == (status == 503)


@pytest.mark.parametrize("pid", IDS)
@pytest.mark.parametrize(
    "answer", [b'{"message": "slow down"}', b'{"error": {"message": "slow down", "type": "rate_limit"}}']
)
def test_429_is_a_rate_limit_with_retry_after(pid: str, answer: bytes) -> None:
    with pytest.raises(RateLimitedError) as info:
        provider_module(pid).parse_response(response(answer, status=429, headers={"retry-after": "7"}))
    assert info.value.retry_after == 7.0 and info.value.code == "WEB_PROVIDER_RATE_LIMITED"


@pytest.mark.parametrize("pid", JSON_APIS)
@pytest.mark.parametrize(
    "answer",
    [
        b'{"results": [{"url": "https://a.test"',
        b'{"results": [{"url": "https://a.example/"',
        b'{"response": {"results": [',
    ],
    ids=["truncated-result", "truncated-url", "truncated-list"],
)
def test_malformed_json_is_a_bad_response(pid: str, answer: bytes) -> None:
    with pytest.raises(BadResponseError) as info:
        provider_module(pid).parse_response(response(answer, url="https://x.test/"))
    assert info.value.code == "WEB_PROVIDER_BAD_RESPONSE"


@pytest.mark.parametrize("pid", JSON_APIS)
@pytest.mark.parametrize(
    "page", [CHALLENGE_PAGE, fixture("duckduckgo-challenge.html")], ids=["cloudflare", "ddg"]
)
def test_an_html_challenge_page_is_a_bad_response_for_json_apis(pid: str, page: bytes) -> None:
    with pytest.raises(BadResponseError):
        provider_module(pid).parse_response(response(page, headers={"content-type": "text/html"}))


@pytest.mark.parametrize("pid", JSON_APIS)
def test_results_of_the_wrong_type_are_a_bad_response_not_an_empty_list(pid: str) -> None:
    with pytest.raises(BadResponseError):
        provider_module(pid).parse_response(response(CASES[pid].wrong_shape))


URLLESS = {"url": "<url>", "title": "t", "name": "t", "type": "text"}
URLLESS_ANSWERS = {
    "tavily": {"results": [URLLESS]},
    "exa": {"results": [URLLESS]},
    "parallel": {"results": [URLLESS]},
    "tinyfish": {"results": [URLLESS]},
    "linkup": {"results": [URLLESS]},
    "firecrawl": {"success": True, "data": {"web": [URLLESS]}},
}


@pytest.mark.parametrize("pid", list(URLLESS_ANSWERS))
def test_items_without_an_http_url_are_dropped(pid: str) -> None:
    assert provider_module(pid).parse_response(response(URLLESS_ANSWERS[pid])) == []


SEARCH_FIXTURES = sorted(
    p
    for p in FIXTURES.iterdir()
    if "-read-" not in p.name and p.suffix in (".json", ".html")  # not sidecars
)


@pytest.mark.parametrize("path", SEARCH_FIXTURES, ids=lambda p: p.name)
def test_every_recorded_search_payload_is_parsed_directly(path: Path) -> None:
    pid, _, kind = path.stem.partition("-")
    module = provider_module(pid)
    raw = path.read_bytes()
    if kind == "ok":
        results = module.parse_response(HttpResponse(200, {"content-type": "application/json"}, raw))
        assert len(results) >= 3 and all(r.url.startswith(("http://", "https://")) for r in results)
        assert all(r.content is None or len(r.content) <= 8000 for r in results)
    elif kind in ("error", "challenge"):
        with pytest.raises(WebQuorumError) as info:
            module.parse_response(HttpResponse(400, {"content-type": "application/json"}, raw))
        assert info.value.code.startswith("WEB_PROVIDER_") and info.value.provider == pid
    else:  # variants (lite markup, no results, annotations, invented links): parse without error
        results = module.parse_response(HttpResponse(200, {"content-type": "text/html"}, raw))
        assert all(r.url.startswith(("http://", "https://")) for r in results)


# -- recorded and documented payloads in ../shared ----------------------------------------------

SEARCH_PAYLOADS = {  # file -> least number of results it must give
    "tavily-3.json": 1,
    "exa-3.json": 1,
    "parallel-1.json": 1,
    "parallel-2.json": 0,  # schema skeleton: "<url>" placeholders are not URLs
    "tinyfish-1.json": 2,
    "firecrawl-1.json": 5,
    "linkup-1.json": 1,
    "linkup-2.json": 3,
}
RECORDED = [  # file, exact number of results, first URL
    ("brave-1.json", 5, "https://en.wikipedia.org/wiki/%22Hello,_World!%22_program"),
    ("kagi-1.json", 5, "https://en.wikipedia.org/wiki/Steve_Jobs"),
    ("kagi-3.json", 3, "https://www.nps.gov/grca/index.htm"),
    ("kagi-2.json", 1, "<url>"),
    ("perplexity-1.json", 1, "<url>"),
    ("serper-2.json", 5, "https://www.apple.com/"),
    ("jina-search-1.json", 2, "https://jina.ai/"),
    ("searxng-1.json", 4, "https://en.wikipedia.org/wiki/Python_(programming_language)"),
]
IN_PROVIDER_FILES = {"mojeek-1.json", "wikipedia-1.json", "wikipedia-3.json"}  # read in test_<id>.py


def payload_provider(name: str) -> str:
    return name.split("-")[0]


@pytest.mark.shared
def test_every_shared_search_payload_is_covered(shared_dir: Path) -> None:
    names = {p.name for pid in IDS for p in (shared_dir / "payloads").glob(f"{pid}-[0-9]*.json")}
    assert names <= set(SEARCH_PAYLOADS) | {name for name, _, _ in RECORDED} | IN_PROVIDER_FILES


@pytest.mark.shared
@pytest.mark.parametrize("name", sorted(SEARCH_PAYLOADS))
def test_shared_payload_parses(name: str, shared_dir: Path) -> None:
    results = provider_module(payload_provider(name)).parse_response(
        response(shared_payload(shared_dir, name))
    )
    assert len(results) >= SEARCH_PAYLOADS[name]
    for r in results:
        assert r.url.startswith(("http://", "https://"))
        assert r.title
        assert r.content is None or len(r.content) <= 8000


@pytest.mark.shared
@pytest.mark.parametrize(("name", "count", "first_url"), RECORDED, ids=[name for name, _, _ in RECORDED])
def test_recorded_payloads_parse(shared_dir: Path, name: str, count: int, first_url: str) -> None:
    results = provider_module(payload_provider(name)).parse_response(
        response(shared_payload(shared_dir, name))
    )
    assert len(results) == count and results[0].url == first_url
    assert all("<strong>" not in r.snippet and "&quot;" not in r.snippet for r in results)


@pytest.mark.shared
@pytest.mark.parametrize(
    ("name", "status"),
    [("kagi-errors-1.json", 401), ("kagi-errors-1.json", 200), ("perplexity-errors-1.json", 422)],
    ids=["kagi-401", "kagi-200", "perplexity-422"],
)
def test_recorded_error_payloads_raise(shared_dir: Path, name: str, status: int) -> None:
    pid = payload_provider(name)
    with pytest.raises(ProviderError) as caught:
        provider_module(pid).parse_response(response(shared_payload(shared_dir, name), status))
    assert caught.value.provider == pid
