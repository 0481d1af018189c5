"""Client.fetch end to end on loopback websites: what a page reads as, every failure's code,
the window/hash contract, the cache, and reader services through the same choke point."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from tests.sim.sites import (
    OTHER_SITE,
    SITE,
    allow_target,
    article,
    bounded,
    gzip_bomb,
    page_bytes,
    pdf_bytes,
    site_config,
)
from tests.sim.web import Reply, Request, SimWeb, eventually_async

from webquorum import Client
from webquorum.errors import (
    BadRequestError,
    ContentChangedError,
    FetchError,
    FetchTimeoutError,
    HttpStatusError,
    RateLimitedError,
    WebQuorumError,
)

STORY = article(
    "Ferry",
    "The island ferry will sail every ninety minutes instead of every hour from the first of December.",
    "The operator said that fewer passengers travel in winter and the second ship needs an inspection.",
)


async def read(web: SimWeb, path: str, reply: Reply | None = None, **network: Any) -> Any:
    """Serve ``reply`` at ``path`` on SITE and fetch it with a fresh client (no cache, no retries)."""
    if reply is not None:
        web.route(path, reply, host=SITE)
    async with Client(site_config(web, **network)) as wq:
        return await wq.fetch(web.url(path, host=SITE))


# -- what pages read as ------------------------------------------------------------------------


@bounded(10)
async def test_a_nav_first_page_is_read_as_its_main_text_without_the_chrome(simweb: SimWeb) -> None:
    page = await read(simweb, "/regio/ferry", Reply(body=page_bytes("site-nav-first.html")))
    assert (
        "The island ferry will sail every ninety minutes" in page.text
    )  # the whole main text, headline kept
    for junk in ("Skip to", "Nederlands", "cookies", "Home", "Share", "Pieter de Vries"):
        assert junk not in page.text
    assert (page.source_type, page.reader, page.language, page.published) == (
        "html",
        "http",
        "nl",
        "2025-11-02",
    )
    assert page.title is not None and page.title.startswith("Ferry timetable changes for winter")
    assert page.final_url == page.url == simweb.url("/regio/ferry", host=SITE)


@bounded(10)
async def test_a_price_grid_is_read_from_the_top(simweb: SimWeb) -> None:
    page = await read(simweb, "/plans", Reply(body=page_bytes("site-price-grid.html")))
    first_line = page.text.splitlines()[0]
    assert [cell.strip() for cell in first_line.strip("|").split("|")] == [
        "Plan",
        "Storage",
        "Monthly",
        "Yearly",
    ]
    assert page.text.index("Starter") < page.text.index("Archive") and "€390.00" in page.text


@pytest.mark.parametrize("content_type", ["application/pdf", "application/octet-stream"])
@bounded(10)
async def test_a_pdf_is_read_as_pdf(simweb: SimWeb, content_type: str) -> None:
    body = pdf_bytes(
        "Quarterly tide report",
        [
            "High water at the northern pier reached 2.4 metres on 3 March.",
            "The southern dyke showed no seepage during the spring tide.",
        ],
    )
    page = await read(simweb, "/report.pdf", Reply(body=body, content_type=content_type))
    assert (page.source_type, page.content_type, page.title) == (
        "pdf",
        "application/pdf",
        "Quarterly tide report",
    )
    assert "High water at the northern pier reached 2.4 metres" in page.text
    assert page.text.index("High water") < page.text.index("southern dyke")


@bounded(10)
async def test_a_wrong_charset_declaration_still_decodes(simweb: SimWeb) -> None:
    text = "Le café ouvre à sept heures et la crème brûlée coûte quatre euros, dit la patronne."
    cp1252 = f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>t</title></head><body><p>{text}</p></body></html>"
    simweb.route(
        "/header", Reply(body=cp1252.encode("cp1252"), content_type="text/html; charset=utf-8"), host=SITE
    )
    simweb.route(
        "/bogus", Reply(body=cp1252.encode("utf-8"), content_type="text/html; charset=x-no-such"), host=SITE
    )
    for path in ("/header", "/bogus"):
        page = await read(simweb, path)
        assert page.text == text, path


# -- every failure has its code -------------------------------------------------------------------

CHALLENGE = page_bytes("site-challenge.html")
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64)


FAILURES: list[tuple[str, Reply, str, int | None]] = [
    ("challenge-503", Reply(status=503, body=CHALLENGE), "WEB_FETCH_BLOCKED", 503),
    ("challenge-200", Reply(status=200, body=CHALLENGE), "WEB_FETCH_BLOCKED", None),
    ("forbidden-403", Reply(status=403, body=STORY), "WEB_FETCH_BLOCKED", 403),
    ("unauthorised-401", Reply(status=401, body=STORY), "WEB_FETCH_BLOCKED", 401),
    ("throttled-429", Reply(status=429, body=STORY), "WEB_FETCH_BLOCKED", 429),
    ("legal-451", Reply(status=451, body=STORY), "WEB_FETCH_BLOCKED", 451),
    ("missing-404", Reply(status=404, body=STORY), "WEB_FETCH_HTTP_ERROR", 404),
    (
        "outage-503",
        Reply(status=503, body=b"<html><body><h1>Service unavailable</h1></body></html>"),
        "WEB_FETCH_HTTP_ERROR",
        503,
    ),
    (
        "binary-as-html",
        Reply(body=bytes(range(256)) * 8, content_type="text/html"),
        "WEB_FETCH_UNSUPPORTED_CONTENT",
        None,
    ),
    ("png", Reply(body=PNG, content_type="image/png"), "WEB_FETCH_UNSUPPORTED_CONTENT", None),
    ("png-as-html", Reply(body=PNG, content_type="text/html"), "WEB_FETCH_UNSUPPORTED_CONTENT", None),
    ("empty", Reply(body=b""), "WEB_FETCH_EMPTY", None),
    ("blank", Reply(body=b"   \n  "), "WEB_FETCH_EMPTY", None),
    (
        "redirect-loop",
        Reply(status=302, headers={"Location": "/case/redirect-loop"}),
        "WEB_FETCH_REDIRECT_LOOP",
        None,
    ),
    (
        "redirect-metadata",
        Reply(status=302, headers={"Location": "http://169.254.169.254/latest/meta-data/"}),
        "WEB_FETCH_FORBIDDEN_ADDRESS",
        None,
    ),
    (
        "redirect-loopback",
        Reply(status=301, headers={"Location": "http://127.0.0.1/admin"}),
        "WEB_FETCH_FORBIDDEN_ADDRESS",
        None,
    ),
    (
        "gzip-bomb",
        Reply(body=gzip_bomb(50), headers={"Content-Encoding": "gzip"}),
        "WEB_FETCH_TOO_LARGE",
        None,
    ),
]


@pytest.mark.parametrize(("name", "reply", "code", "status"), FAILURES, ids=[f[0] for f in FAILURES])
@bounded(10)
async def test_each_failure_has_its_code(
    simweb: SimWeb, name: str, reply: Reply, code: str, status: int | None
) -> None:
    url = simweb.url(f"/case/{name}", host=SITE)
    with pytest.raises(FetchError) as caught:  # its own code: not a timeout at site_config's 3 s deadline
        await read(simweb, f"/case/{name}", reply, max_body_bytes=100_000)
    assert (caught.value.code, caught.value.status) == (code, status)
    assert caught.value.url == url and url in caught.value.message


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("http://reader:hunter22@news-a.test/", "WEB_FETCH_BAD_URL"),
        ("ftp://news-a.test/pub/file.txt", "WEB_FETCH_BAD_URL"),
        ("news-a.test/page", "WEB_FETCH_BAD_URL"),
        ("http://0x7f.1/", "WEB_FETCH_FORBIDDEN_ADDRESS"),
    ],
)
@bounded(5)
async def test_bad_urls_fail_before_any_request(simweb: SimWeb, url: str, code: str) -> None:
    async with Client(site_config(simweb)) as wq:
        with pytest.raises(FetchError) as caught:
            await wq.fetch(url)
    assert caught.value.code == code and "hunter22" not in json.dumps(caught.value.to_dict())
    assert simweb.requests == []


@bounded(30)
async def test_a_byte_a_second_drip_times_out_at_the_deadline(simweb: SimWeb) -> None:
    """The drip would take minutes: the call is cut at its 1 s deadline, within the test's 30 s bound."""
    with pytest.raises(FetchTimeoutError):
        await read(simweb, "/drip", Reply(body=STORY, drip_s=1.0), fetch_deadline_s=1.0)
    assert await eventually_async(lambda: simweb.hangups_at("/drip", host=SITE))


@bounded(15)
async def test_retries_share_the_one_deadline(simweb: SimWeb) -> None:
    """A 503 is retried, but the retry gets only the time left, not a fresh deadline.

    The 503 takes 1.5 s of the 3 s deadline (retry at once, it says), the page 2 s: under a fresh deadline
    the retry would be read whole; under the shared one it is cut (a loaded machine only makes that surer).
    """

    def flaky(req: Request) -> Reply:
        if len(simweb.requests_to("/flaky")) == 1:
            return Reply(status=503, body=b"<h1>busy</h1>", headers={"Retry-After": "0"}, delay_s=1.5)
        return Reply(body=STORY, delay_s=2.0)

    simweb.route("/flaky", flaky, host=SITE)
    with pytest.raises(FetchTimeoutError):
        await read(simweb, "/flaky", fetch_deadline_s=3.0, retries=2)
    assert len(simweb.requests_to("/flaky")) == 2
    assert await eventually_async(lambda: len(simweb.hangups_at("/flaky")) == 1)  # the retry was cut


@bounded(5)
async def test_a_transient_failure_is_retried_and_then_read(simweb: SimWeb) -> None:
    def flaky(req: Request) -> Reply:
        first = len(simweb.requests_to("/again")) == 1
        return Reply(status=502, body=b"<h1>bad gateway</h1>") if first else Reply(body=STORY)

    simweb.route("/again", flaky, host=SITE)
    page = await read(simweb, "/again", retries=1, retry_waits=False)
    assert "\n\nThe island ferry" in page.text and len(simweb.requests_to("/again")) == 2


# -- the window and hash contract -------------------------------------------------------------------

# text/plain is kept as served (whitespace aside), so the expected text is known exactly
ASTRAL = (
    "Tide tables for the 🌊 northern pier 😀 are updated daily.\n\n"
    "𠮷野家の牛丼は美味しいです。漢字とかなの文章。\n\n"
    "Flags 🇳🇱 and 👩‍👩‍👧 count as several code points each."
)


@bounded(10)
async def test_windows_count_code_points_and_hash_the_whole_text(simweb: SimWeb) -> None:
    simweb.route(
        "/astral", Reply(body=ASTRAL.encode("utf-8"), content_type="text/plain; charset=utf-8"), host=SITE
    )
    digest = "sha256:" + hashlib.sha256(ASTRAL.encode("utf-8")).hexdigest()
    total = len(ASTRAL)
    emoji = ASTRAL.index("😀")
    windows = [
        (0, 100_000),
        (0, 7),
        (emoji, 1),
        (emoji - 3, 5),
        (ASTRAL.index("𠮷"), 3),
        (ASTRAL.index("🇳🇱"), 2),
        (total - 4, 10),
        (total - 4, 4),
        (total, 5),
        (total + 50, 5),
    ]
    async with Client(site_config(simweb)) as wq:
        for offset, budget in windows:
            page = await wq.fetch(simweb.url("/astral", host=SITE), offset, budget)
            assert page.text == ASTRAL[offset : offset + budget], (offset, budget)
            assert (page.offset, page.total_chars, page.content_hash) == (offset, total, digest)
            assert page.truncated is (offset + budget < total)
    assert (
        ASTRAL[emoji : emoji + 1] == "😀" and len(ASTRAL.encode("utf-16-le")) // 2 > total
    )  # not UTF-16 units


@bounded(5)
async def test_out_of_range_windows_are_bad_requests(simweb: SimWeb) -> None:
    async with Client(site_config(simweb)) as wq:
        for offset, budget in ((-1, 10), (0, 0), (0, 100_001)):
            with pytest.raises(BadRequestError):
                await wq.fetch(simweb.url("/x", host=SITE), offset, budget)
    assert simweb.requests == []


@bounded(10)
async def test_the_hash_is_stable_and_a_changed_page_is_named(simweb: SimWeb) -> None:
    edition = {"n": 1}

    def live(req: Request) -> Reply:
        return Reply(
            body=article("Live", f"The council published edition {edition['n']} of the harbour budget today.")
        )

    simweb.route("/live", live, host=SITE)
    url = simweb.url("/live", host=SITE)
    async with Client(site_config(simweb)) as wq:
        first = await wq.fetch(url)
        again = await wq.fetch(url, expected_content_hash=first.content_hash)
        assert again.content_hash == first.content_hash and again.text == first.text
        edition["n"] = 2
        with pytest.raises(ContentChangedError) as caught:
            await wq.fetch(url, 0, 100, first.content_hash)
    assert caught.value.code == "WEB_FETCH_CONTENT_CHANGED" and caught.value.url == url
    assert "edition" not in caught.value.message  # the error carries no page text
    assert len(simweb.requests_to("/live")) == 3


# -- the document cache -------------------------------------------------------------------------------


@bounded(10)
async def test_a_second_read_comes_from_the_sqlite_cache(simweb: SimWeb, tmp_path: Path) -> None:
    simweb.route("/cached", Reply(body=STORY), host=SITE)
    url = simweb.url("/cached", host=SITE)
    cfg = site_config(simweb, cache_path=tmp_path / "documents.sqlite")
    async with Client(cfg) as wq:
        first = await wq.fetch(url)
        second = await wq.fetch(url, 10, 20)
        assert len(simweb.requests) == 1
        assert second.text == first.text[10:30] and second.content_hash == first.content_hash
    async with Client(cfg) as wq:  # a new client (or process) reads the same file
        assert (await wq.fetch(url)).text == first.text
        assert len(simweb.requests) == 1
        await wq.fetch(url, use_cache=False)
        assert len(simweb.requests) == 2
    async with Client(cfg, use_cache=False) as wq:  # the CLI's --no-cache
        await wq.fetch(url)
    assert len(simweb.requests) == 3 and (tmp_path / "documents.sqlite").exists()


@bounded(10)
async def test_failures_are_never_cached(simweb: SimWeb, tmp_path: Path) -> None:
    answers = [
        Reply(status=500, body=b"<h1>oops</h1>"),
        Reply(body=b""),
        Reply(status=503, body=CHALLENGE),
        Reply(body=STORY),
    ]

    def next_answer(req: Request) -> Reply:
        return answers[min(len(simweb.requests_to("/flaky")), len(answers)) - 1]

    simweb.route("/flaky", next_answer, host=SITE)
    url = simweb.url("/flaky", host=SITE)
    async with Client(site_config(simweb, cache_path=tmp_path / "c.sqlite")) as wq:
        codes = []
        for _ in range(3):
            with pytest.raises(WebQuorumError) as caught:
                await wq.fetch(url)
            codes.append(caught.value.code)
        assert codes == ["WEB_FETCH_HTTP_ERROR", "WEB_FETCH_EMPTY", "WEB_FETCH_BLOCKED"]
        assert "\n\nThe island ferry" in (await wq.fetch(url)).text
        assert "\n\nThe island ferry" in (await wq.fetch(url)).text
    assert len(simweb.requests_to("/flaky")) == 4


# -- reader services through the choke point ------------------------------------------------------------

JINA = "r.jina.test"
TARGET = "https://web-notes.example.org/articles/http-caching"


def jina_config(web: SimWeb, **jina: Any) -> dict[str, Any]:
    cfg = allow_target(site_config(web), urlsplit(TARGET).hostname or "")
    cfg["network"]["resolve"][JINA] = "127.0.0.1"
    cfg["overrides"] = {"jina": {"base_url": f"http://{JINA}:{web.port}", **jina}}
    return cfg


@pytest.mark.parametrize("how", ["reader-argument", "web.fetch_provider"])
@bounded(10)
async def test_the_jina_reader_is_trimmed_to_the_first_sentence(
    simweb: SimWeb, fixtures_dir: Path, how: str
) -> None:
    envelope = (fixtures_dir / "providers" / "jina-read-ok.json").read_bytes()
    simweb.route("/", Reply(body=envelope, content_type="application/json"), host=JINA, method="POST")
    cfg = jina_config(simweb)
    if how == "web.fetch_provider":
        cfg["web"] = {"fetch_provider": "jina"}
    async with Client(cfg) as wq:
        page = await (wq.fetch(TARGET, reader="jina") if how == "reader-argument" else wq.fetch(TARGET))
    content = json.loads(envelope)["data"]["content"]
    first = content.index("Browsers decide")
    assert page.reader == "jina" and page.text == content[first:] and page.total_chars == len(content) - first
    assert page.title == "Understanding HTTP caching headers" and page.published == "2024-03-12"
    [call] = simweb.requests
    assert (call.host, call.method, json.loads(call.body)) == (JINA, "POST", {"url": TARGET})


@bounded(30)
async def test_a_reader_rate_limit_fails_at_once_instead_of_hanging(
    simweb: SimWeb, fixtures_dir: Path
) -> None:
    envelope = (fixtures_dir / "providers" / "jina-read-ok.json").read_bytes()
    simweb.route("/", Reply(body=envelope, content_type="application/json"), host=JINA, method="POST")
    async with Client(jina_config(simweb, rate_limit="2/minute")) as wq:
        for _ in range(2):
            assert (await wq.fetch(TARGET, reader="jina")).reader == "jina"
        with pytest.raises(
            RateLimitedError
        ) as caught:  # a wait for the slot (about 60 s) would outlast the 30 s bound
            await wq.fetch(TARGET, reader="jina")
    assert caught.value.code == "WEB_PROVIDER_RATE_LIMITED" and caught.value.retry_after is not None
    assert 50 < caught.value.retry_after <= 60.2  # the window plus the transit margin
    assert len(simweb.requests) == 2


@bounded(5)
async def test_a_reader_service_error_about_the_target_keeps_its_code(simweb: SimWeb) -> None:
    refusal = {
        "data": None,
        "code": 451,
        "name": "SecurityCompromiseError",
        "status": 45102,
        "message": "Domain news-b.test blocked",
        "readableMessage": "SecurityCompromiseError: blocked",
    }
    simweb.route("/", Reply(status=451, body=json.dumps(refusal), content_type="application/json"), host=JINA)
    async with Client(jina_config(simweb)) as wq:
        with pytest.raises(FetchError) as caught:
            await wq.fetch(f"http://{OTHER_SITE}/story", reader="jina")
    assert (caught.value.code, caught.value.status) == ("WEB_FETCH_BLOCKED", 451)


@bounded(5)
async def test_an_unknown_reader_is_a_bad_request(simweb: SimWeb) -> None:
    async with Client(site_config(simweb)) as wq:
        with pytest.raises(BadRequestError):
            await wq.fetch(simweb.url("/x", host=SITE), reader="nope")
        with pytest.raises(HttpStatusError):  # the default reader still works
            await wq.fetch(simweb.url("/x", host=SITE))
