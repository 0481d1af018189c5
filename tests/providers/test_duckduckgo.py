"""DuckDuckGo HTML: a keyless form post, region codes, ads dropped, redirects unwrapped, the bot challenge."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.payloads import fixture, response

from webquorum.errors import BadResponseError, RateLimitedError
from webquorum.providers import duckduckgo
from webquorum.types import SearchQuery
from webquorum.wire import RequestContext

LOOPBACK = "http://127.0.0.1:8765"


def test_request_is_a_keyless_form_post() -> None:
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
def test_region_codes(language: str, region: str) -> None:
    assert duckduckgo.region_code(language) == region


def test_parses_html_drops_ads_and_unwraps_redirects() -> None:
    results = duckduckgo.parse_response(response(fixture("duckduckgo-ok.html")))
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


def test_parses_lite_markup() -> None:
    results = duckduckgo.parse_response(response(fixture("duckduckgo-lite.html")))
    assert [(r.url, r.snippet) for r in results] == [
        (
            "https://water.example.org/guides/rainwater-harvesting",
            "How to size a tank and filter first-flush water.",
        ),
        ("https://tanks.example.co.uk/sizing", "Litres per square metre of roof."),
        ("https://agri.example.com/papers/dryland-catchments.pdf", ""),
    ]


@pytest.mark.parametrize("status", [200, 202, 403])
def test_challenge_page_is_a_rate_limit(status: int) -> None:
    with pytest.raises(RateLimitedError) as info:
        duckduckgo.parse_response(response(fixture("duckduckgo-challenge.html"), status=status))
    assert info.value.code == "WEB_PROVIDER_RATE_LIMITED"
    assert "challenge" in str(info.value) and info.value.provider == "duckduckgo"


def test_bare_202_is_a_rate_limit_and_unknown_markup_is_bad() -> None:
    with pytest.raises(RateLimitedError):
        duckduckgo.parse_response(response(b"", status=202))
    with pytest.raises(BadResponseError):
        duckduckgo.parse_response(response("<html><body><p>Welcome</p></body></html>"))


def test_no_results_page_is_empty() -> None:
    assert duckduckgo.parse_response(response(fixture("duckduckgo-noresults.html"))) == []


def test_unwrap() -> None:
    wrapped = "//duckduckgo.com/l/?kh=-1&uddg=https%3A%2F%2Fa.example%2Fp%3Fx%3D1%26y%3D2&rut=abc"
    assert duckduckgo.unwrap(wrapped) == "https://a.example/p?x=1&y=2"
    assert duckduckgo.unwrap("/l/?uddg=https%3A%2F%2Fb.example%2F") == "https://b.example/"
    assert duckduckgo.unwrap("https://c.example/l/?uddg=x") == "https://c.example/l/?uddg=x"


@pytest.mark.shared
def test_recorded_payload(shared_dir: Path) -> None:
    results = duckduckgo.parse_response(
        response((shared_dir / "payloads" / "duckduckgo-1.html").read_bytes())
    )
    assert len(results) == 5
    assert results[0].url.startswith("https://medium.com/homullus/fake-and-free-bypass")
    assert all(r.title and r.snippet and "duckduckgo.com" not in r.url for r in results)
