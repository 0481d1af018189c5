"""The contract every reader service keeps, checked for each id in ``SERVICE_IDS``.

A reader service module is ``SPEC``, a pure ``build_request(url, ctx)`` and a pure
``parse_response(resp, url) -> Document``. Each one posts to its documented endpoint with the
key only in its documented header, shares its key variable with the search provider of the
same id, tells its own (provider) failures from the page's (fetch) failures, and calls a
malformed answer or a challenge page a bad response. What one service does alone lives in its
own ``test_<id>.py``.
"""

from __future__ import annotations

import json

import pytest
from tests.sim.payloads import response

from webquorum.errors import BadResponseError, ProviderError, RateLimitedError
from webquorum.providers import provider_module
from webquorum.readers import SERVICE_IDS, reader_module
from webquorum.wire import RequestContext

KEY = "sk-test-reader-0123456789"
PAGE = "https://www.rfc-editor.org/rfc/rfc9110.html"
DOCUMENTED: dict[str, tuple[str, tuple[str, str], str]] = {  # endpoint, key header and value, key variable
    "exa": ("https://api.exa.ai/contents", ("x-api-key", KEY), "EXA_API_KEY"),
    "firecrawl": (
        "https://api.firecrawl.dev/v2/scrape",
        ("Authorization", f"Bearer {KEY}"),
        "FIRECRAWL_API_KEY",
    ),
    "jina": ("https://r.jina.ai/", ("Authorization", f"Bearer {KEY}"), "JINA_API_KEY"),
    "tavily": ("https://api.tavily.com/extract", ("Authorization", f"Bearer {KEY}"), "TAVILY_API_KEY"),
}
IDS = list(SERVICE_IDS)


def test_every_reader_service_has_a_contract_case() -> None:
    assert set(DOCUMENTED) == set(SERVICE_IDS)


@pytest.mark.parametrize("rid", IDS)
def test_request_is_a_post_to_the_documented_endpoint(rid: str) -> None:
    module = reader_module(rid)
    endpoint, (header, value), _ = DOCUMENTED[rid]
    req = module.build_request(PAGE, RequestContext(api_key=KEY))
    assert (req.method, req.url) == ("POST", endpoint)
    assert module.SPEC.endpoint == endpoint and module.SPEC.modality == "read" and module.SPEC.id == rid
    assert req.headers[header] == value
    assert req.secrets == (KEY,)
    assert KEY not in json.dumps(req.json_body)
    path = endpoint.split("/", 3)[3]
    assert (
        module.build_request(PAGE, RequestContext(base_url="http://127.0.0.1:9/")).url
        == f"http://127.0.0.1:9/{path}"
    )
    bare = module.build_request(PAGE, RequestContext())
    assert header not in bare.headers and bare.secrets == ()


@pytest.mark.parametrize("rid", IDS)
def test_build_request_is_pure(rid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = reader_module(rid)
    first = module.build_request(PAGE, RequestContext(api_key=KEY))
    monkeypatch.setenv(DOCUMENTED[rid][2], "env-key-never-read-0123")
    assert module.build_request(PAGE, RequestContext(api_key=KEY)) == first
    keyless = module.build_request(PAGE, RequestContext())
    assert "env-key-never-read-0123" not in json.dumps(dict(keyless.headers)) + json.dumps(keyless.json_body)


@pytest.mark.parametrize("rid", IDS)
def test_readers_share_the_search_key_variables(rid: str) -> None:
    assert reader_module(rid).SPEC.key_env == provider_module(rid).SPEC.key_env == DOCUMENTED[rid][2]


@pytest.mark.parametrize(
    ("rid", "status", "cls"),
    [
        ("tavily", 432, RateLimitedError),
        ("tavily", 433, RateLimitedError),
        ("tavily", 401, ProviderError),
        ("exa", 402, RateLimitedError),
        ("exa", 401, ProviderError),
        ("exa", 429, RateLimitedError),
        ("firecrawl", 401, ProviderError),
        ("firecrawl", 402, RateLimitedError),
        ("firecrawl", 503, ProviderError),
    ],
)
def test_provider_errors_are_not_fetch_errors(rid: str, status: int, cls: type[ProviderError]) -> None:
    with pytest.raises(ProviderError) as info:
        reader_module(rid).parse_response(response({"success": False, "error": "key problem"}, status), PAGE)
    assert type(info.value) is cls and info.value.status == status and "key problem" in info.value.message


PDF_ANSWERS = {  # an answer for a PDF, and the URL asked for
    "exa": (
        {"results": [{"url": "https://ex.test/paper.PDF", "text": "Abstract"}], "statuses": []},
        "https://ex.test/paper.PDF",
    ),
    "tavily": (
        {"results": [{"url": "https://ex.test/a.pdf", "raw_content": "x"}], "failed_results": []},
        "https://ex.test/a.pdf",
    ),
    "firecrawl": (
        {
            "success": True,
            "data": {"markdown": "Report", "metadata": {"statusCode": 200, "contentType": "application/pdf"}},
        },
        "https://ex.test/report",
    ),
}


@pytest.mark.parametrize("rid", list(PDF_ANSWERS))
def test_pdf_recognised_from_url_or_content_type(rid: str) -> None:
    answer, url = PDF_ANSWERS[rid]
    assert reader_module(rid).parse_response(response(answer), url).source_type == "pdf"


@pytest.mark.parametrize("rid", IDS)
def test_malformed_json_and_challenge_pages_are_bad_responses(rid: str) -> None:
    module = reader_module(rid)
    with pytest.raises(BadResponseError):
        module.parse_response(response(b'{"results": ['), PAGE)
    with pytest.raises(BadResponseError):
        module.parse_response(response(b"<html><body>Attention Required! | Cloudflare</body></html>"), PAGE)
