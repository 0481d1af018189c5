"""The keyless HTML engines (bing, brave_web, mojeek_web, duckduckgo): recorded real pages, challenges, and
``auto`` surviving one engine's block.

The ``-ok.html`` fixtures and the brave_web and mojeek_web ``-challenge.html`` pages are real pages recorded
in public
repositories (each has a ``.source.txt`` sidecar naming repository, path and commit, and how it
was trimmed). No recorded Bing captcha page was found, so those tests use the smallest page
carrying the documented markers; DuckDuckGo's challenge fixture is its anomaly page.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from tests.sim.providers import provider_config, serve
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import BadResponseError, ChallengeError, CircuitOpenError
from webquorum.providers import bing, brave_web, duckduckgo, mojeek_web
from webquorum.types import SearchQuery
from webquorum.wire import HttpResponse, RequestContext

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "providers"
ENGINES = [bing, brave_web, mojeek_web]


def page(body: bytes | str, status: int = 200, headers: dict[str, str] | None = None) -> HttpResponse:
    raw = body.encode() if isinstance(body, str) else body
    return HttpResponse(status=status, headers=headers or {}, body=raw)


def recorded(module: ModuleType) -> bytes:
    return (FIXTURES / f"{module.SPEC.id}-ok.html").read_bytes()


@pytest.mark.parametrize("module", ENGINES, ids=lambda m: m.SPEC.id)
def test_spec_docstring_and_sidecar(module: ModuleType) -> None:
    spec = module.SPEC
    assert spec.key_env is None and not spec.key_required and spec.price_usd == 0.0
    assert spec.endpoint.startswith("https://") and spec.docs.startswith("https://github.com/")
    doc = module.__doc__ or ""
    for word in ("No key", "Markup", "Blocking", "Terms"):
        assert word in doc
    sidecar = (FIXTURES / f"{spec.id}-ok.source.txt").read_text()
    for field in ("repository:", "path:", "commit:"):
        assert field in sidecar
    commit = sidecar.split("commit:")[1].split()[0]
    assert len(commit) == 40 and int(commit, 16) >= 0
    assert 60 <= len(Path(module.__file__ or "").read_text().splitlines()) <= 150


def test_bing_reads_its_recorded_page_and_unwraps_click_links() -> None:
    results = bing.parse_response(page(recorded(bing)))
    assert [r.url for r in results] == [
        "https://limadigital.pe/",
        "https://ibo.pe/",
        "https://www.lmmarketing.com.pe/blog/mejores-agencias-de-marketing-digital/",
        "https://www.seonetdigital.com/es/blog/agencias-de-marketing-digital-en-lima-peru",
    ]
    assert results[0].title == "AGENCIA DE MARKETING DIGITAL EN LIMA"
    assert results[1].title == "Agencia de Marketing Digital en Lima Perú | IBO"
    assert results[0].snippet.startswith("En nuestra agencia de marketing en Lima")
    assert results[3].snippet.startswith("Oct 31, 2025 · ¿Quieres")  # the date is text the reader sees
    assert all(r.title and r.snippet for r in results)


def test_brave_web_reads_its_recorded_page_and_skips_widgets() -> None:
    results = brave_web.parse_response(page(recorded(brave_web)))
    assert [r.url for r in results] == [
        "https://webtilia.com/en",
        "https://www.staffdigital.pe/",
        "https://www.marketerosagencia.com/us/",
        "https://www.agenciamk.com/",
    ]
    assert results[0].title == "Multicultural Digital Marketing Agency | Webtilia"
    assert results[1].snippet.startswith("Agencia digital en Lima, Perú.")  # "June 19, 2024 -" dropped
    assert all(r.title and r.snippet for r in results)


def test_mojeek_web_reads_its_recorded_page() -> None:
    results = mojeek_web.parse_response(page(recorded(mojeek_web)))
    assert [r.url for r in results] == [
        "https://javascript.info/",
        "https://www.w3schools.com/js/",
        "https://www.w3schools.com/",
        "http://javascriptkit.com/javatutors/",
    ]
    assert results[0].title == "The Modern JavaScript Tutorial"
    assert results[0].snippet.startswith("The Modern JavaScript Tutorial ... Main course contains 2 parts")
    assert results[1].snippet == ""  # the recorded item has no snippet
    assert not any("search?q=site" in r.url for r in results)  # "See more results from" links are not results


def test_bing_click_link_decoding_is_strict() -> None:
    assert bing.target_of("https://www.bing.com/ck/a?!&u=a1aHR0cHM6Ly9pYm8ucGUv&ntb=1") == "https://ibo.pe/"
    assert bing.target_of("https://www.bing.com/ck/a?!&u=zzaHR0cHM6Ly9pYm8ucGUv") == ""  # unknown prefix
    assert bing.target_of("https://www.bing.com/ck/a?!&u=a1%FF%FE") == ""
    assert bing.target_of("https://example.org/direct") == "https://example.org/direct"
    junk = '<ol id="b_results"><li class="b_algo"><h2><a href="https://www.bing.com/ck/a?u=a1amF2YXNjcmlwdDphbGVydCgxKQ">x</a></h2></li></ol>'
    with pytest.raises(
        BadResponseError
    ):  # decodes to javascript:alert(1): dropped, and then the page is empty
        bing.parse_response(page(junk))


def test_requests_are_pure_and_carry_the_query_and_filters() -> None:
    query = SearchQuery(query="lyon", max_results=5, language="fr-FR", time_range="week")
    req = bing.build_request(query, RequestContext())
    assert req.method == "GET" and req.url == "https://www.bing.com/search"
    assert req.params == {"q": "lyon", "count": "5", "setlang": "fr", "cc": "FR", "filters": 'ex1:"ez2"'}
    req = brave_web.build_request(
        SearchQuery(query="lyon", time_range="year"), RequestContext(base_url="http://b.test:9")
    )
    assert req.url == "http://b.test:9/search" and req.params == {"q": "lyon", "source": "web", "tf": "py"}
    assert not req.secrets and not req.headers
    req = mojeek_web.build_request(
        SearchQuery(query="lyon", language="fr-FR", time_range="week"),
        RequestContext(options={"today": "2026-08-30"}),
    )
    assert req.url == "https://www.mojeek.com/search" and req.params == {
        "q": "lyon",
        "lb": "fr",
        "since": "20260823",
    }


@pytest.mark.parametrize(
    ("module", "body"),
    [
        (
            bing,
            '<html><body><form action="/turing/captcha/challenge"></form><ol id="b_results"></ol></body></html>',
        ),
        (bing, '<script>var x={"captchaSuccessPostMessage":"verificationComplete"};</script>'),
        (brave_web, (FIXTURES / "brave_web-challenge.html").read_text(encoding="utf-8")),  # recorded
        (mojeek_web, (FIXTURES / "mojeek_web-challenge.html").read_text(encoding="utf-8")),  # recorded
    ],
    ids=["bing-turing", "bing-postmessage", "brave-recorded-captcha", "mojeek-recorded-captcha"],
)
def test_a_challenge_page_is_a_challenge_with_a_cooldown_not_results(module: ModuleType, body: str) -> None:
    with pytest.raises(ChallengeError) as info:
        module.parse_response(page(body))
    assert info.value.code == "WEB_PROVIDER_RATE_LIMITED" and info.value.retry_after == 600.0
    assert info.value.provider == module.SPEC.id


@pytest.mark.parametrize("module", [*ENGINES, duckduckgo], ids=lambda m: m.SPEC.id)
def test_429_is_a_challenge_using_retry_after_when_given(module: ModuleType) -> None:
    with pytest.raises(ChallengeError) as info:
        module.parse_response(page("", status=429 if module is not duckduckgo else 202))
    assert info.value.retry_after == 600.0
    if module is not duckduckgo:
        with pytest.raises(ChallengeError) as info:
            module.parse_response(page("slow down", status=429, headers={"retry-after": "120"}))
        assert info.value.retry_after == 120.0


def test_a_results_page_mentioning_captcha_is_still_results() -> None:
    """The real Bing page lists challenges.cloudflare.com in its scripts; markers only count on an empty
    page."""
    body = recorded(bing).replace(
        b"</head>", b"<script>/turing/captcha challenges.cloudflare.com</script></head>"
    )
    assert len(bing.parse_response(page(body))) == 4
    body = recorded(brave_web).replace(b"</head>", b"<script>captcha</script></head>")
    assert len(brave_web.parse_response(page(body))) == 4
    body = recorded(mojeek_web).replace(b"</head>", b"<title>Captcha</title><p>automated queries</p></head>")
    assert len(mojeek_web.parse_response(page(body))) == 4


def test_empty_answers_and_moved_markup() -> None:
    assert (
        bing.parse_response(
            page('<ol id="b_results"><li class="b_no"><h1>There are no results</h1></li></ol>')
        )
        == []
    )
    assert (
        brave_web.parse_response(page("<main><p>Not many great matches came back for your search</p></main>"))
        == []
    )
    assert (
        mojeek_web.parse_response(page('<div class="results"><ul class="results-standard"></ul></div>')) == []
    )
    for module in ENGINES:
        with pytest.raises(BadResponseError):
            module.parse_response(page("<html><body><div class=results></div></body></html>"))


# -- auto survives one engine's block ----------------------------------------------------------


def _keyless_config(simweb: SimWeb) -> dict[str, object]:
    return provider_config(simweb, ["duckduckgo", "bing", "brave_web", "mojeek_web", "wikipedia"])


async def test_auto_survives_a_duckduckgo_block_and_cools_that_engine_down(simweb: SimWeb) -> None:
    challenge = (FIXTURES / "duckduckgo-challenge.html").read_bytes()
    serve(simweb, "duckduckgo", Reply(status=202, body=challenge))
    for pid in ("bing", "brave_web", "mojeek_web", "wikipedia"):
        serve(simweb, pid)
    async with Client(_keyless_config(simweb)) as wq:
        first = await wq.search("agencia de marketing digital Lima", max_results=20)
        answered = {p for r in first.results for p in r.ranks}
        assert answered == {"bing", "brave_web", "mojeek_web", "wikipedia"}
        assert [(f.provider, f.code) for f in first.failures] == [("duckduckgo", "WEB_PROVIDER_RATE_LIMITED")]
        ddg_calls = len(simweb.requests_to("/html/", host="duckduckgo.test"))
        assert ddg_calls == 1, "a challenge is not retried"

        # the next searches leave DuckDuckGo alone during its cooldown: one block cost one engine, once
        second = await wq.search("lima", max_results=20)
        assert len(simweb.requests_to("/html/", host="duckduckgo.test")) == ddg_calls
        failure = next(f for f in second.failures if f.provider == "duckduckgo")
        assert failure.code == CircuitOpenError.code and "bot challenge" in failure.message
        assert {p for r in second.results for p in r.ranks} == {
            "bing",
            "brave_web",
            "mojeek_web",
            "wikipedia",
        }

        # direct use during the cooldown says when to come back
        with pytest.raises(CircuitOpenError) as info:
            await wq.search("lima", provider="duckduckgo")
        assert info.value.retry_after is not None and 590 < info.value.retry_after <= 600


async def test_every_keyless_engine_blocked_names_each(simweb: SimWeb) -> None:
    serve(simweb, "duckduckgo", Reply(status=202, body=b"<html>anomaly-modal</html>"))
    serve(simweb, "bing", Reply(status=429, body=b""))
    serve(simweb, "brave_web", Reply(status=429, body=b""))
    serve(simweb, "mojeek_web", Reply(body=(FIXTURES / "mojeek_web-challenge.html").read_bytes()))
    serve(simweb, "wikipedia", Reply(status=429, body=b"{}", content_type="application/json"))
    async with Client(_keyless_config(simweb)) as wq:
        with pytest.raises(ChallengeError) as info:
            await wq.search("lima")
    for pid in ("duckduckgo", "bing", "brave_web", "mojeek_web", "wikipedia"):
        assert pid in info.value.message
