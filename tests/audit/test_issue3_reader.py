"""Issue 3 audit: the reader's promises that had no test of their own.

Challenge pages returned by reader services as success, one rate-limit budget for a provider's
searches and reads, the cache key (normalized URL) and TTL, XHTML, the real-DNS path of the
address guard (resolved once, connected to the checked answer), and the ``fetch`` command's
``--offset``, ``--expected-hash``, ``--reader`` and ``--no-cache``.
"""

from __future__ import annotations

import hashlib
import json
import socket
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import pytest
import yaml
from tests.sim.sites import SITE, allow_target, article, bounded, site_config
from tests.sim.web import Reply, Request, SimWeb
from typer.testing import CliRunner

from webquorum import Client
from webquorum.cli import app
from webquorum.errors import BlockedError, FetchTimeoutError, ForbiddenAddressError, RateLimitedError
from webquorum.readers.extract import detect_block_page

STORY = article(
    "Lighthouse",
    "The old lighthouse on the northern cape will open to visitors every weekend from the first of May.",
    "Volunteers restored the lamp room over two winters and the council paid for a new staircase.",
)
STORY_MD = ("[Home](https://harbour-news.example.org/) | [News](https://harbour-news.example.org/news)\n\n"
            "# Lighthouse\n\nThe old lighthouse on the northern cape will open to visitors every weekend from the "
            "first of May.\n\nVolunteers restored the lamp room over two winters.\n")
SERVICE = "reader.test"
TARGET = "https://harbour-news.example.org/2025/lighthouse"
CHALLENGE_MD = (
    "harbour-news.example.org\n------------------------\n\n"
    "Verify you are human by completing the action below.\n\n"
    "harbour-news.example.org needs to review the security of your connection before proceeding.\n\n"
    "Ray ID: 8f2c1a9b7e3d4c5a\n\nPerformance & security by Cloudflare\n"
)
CLOUDFLARE_TITLE_ONLY = "Enable JavaScript and cookies to continue\n"


def service_config(web: SimWeb, reader: str, **override: Any) -> dict[str, Any]:
    cfg = allow_target(site_config(web), urlsplit(TARGET).hostname or "")
    cfg["network"]["resolve"][SERVICE] = "127.0.0.1"
    cfg["overrides"] = {reader: {"base_url": f"http://{SERVICE}:{web.port}", **override}}
    return cfg


def jina_read(title: str, content: str) -> bytes:
    data = {"title": title, "url": TARGET, "content": content, "usage": {"tokens": 40}}
    return json.dumps({"code": 200, "status": 20000, "data": data}).encode()


def firecrawl_scrape(title: str, markdown: str) -> bytes:
    meta = {"title": title, "sourceURL": TARGET, "url": TARGET, "statusCode": 200, "contentType": "text/html"}
    return json.dumps({"success": True, "data": {"markdown": markdown, "metadata": meta}}).encode()


# -- challenge pages that reader services return as success ------------------------------------------

SERVICE_CHALLENGES = [
    ("jina", "/", jina_read("Just a moment...", CHALLENGE_MD), {}),
    ("jina", "/", jina_read("Just a moment...", CLOUDFLARE_TITLE_ONLY), {}),
    ("jina", "/", jina_read("Attention Required! | Cloudflare", "Sorry, you have been blocked\n"), {}),
    ("firecrawl", "/v2/scrape", firecrawl_scrape("harbour-news.example.org", CHALLENGE_MD), {"api_key": "fc-test"}),
    ("firecrawl", "/v2/scrape", firecrawl_scrape("Access Denied", "Reference #18.2f1e\n"), {"api_key": "fc-test"}),
]


@pytest.mark.parametrize(("reader", "path", "body", "override"), SERVICE_CHALLENGES)
@bounded(10)
async def test_a_challenge_page_from_a_reader_service_is_blocked_and_not_cached(
    simweb: SimWeb, tmp_path: Path, reader: str, path: str, body: bytes, override: dict[str, str]
) -> None:
    answers = [body, jina_read("Lighthouse", STORY_MD) if reader == "jina" else firecrawl_scrape("Lighthouse", STORY_MD)]

    def serve(req: Request) -> Reply:
        return Reply(body=answers[min(len(simweb.requests), 2) - 1], content_type="application/json")

    simweb.route(path, serve, host=SERVICE, method="POST")
    cfg = service_config(simweb, reader, **override)
    cfg["cache"] = {"enabled": True, "path": str(tmp_path / "c.sqlite")}
    async with Client(cfg) as wq:
        with pytest.raises(BlockedError) as caught:
            await wq.fetch(TARGET, reader=reader)
        assert caught.value.code == "WEB_FETCH_BLOCKED" and TARGET in caught.value.message
        assert caught.value.url == TARGET
        page = await wq.fetch(TARGET, reader=reader)  # the wall was not cached as the page
    assert page.text.startswith("# Lighthouse\n\nThe old lighthouse") and page.reader == reader
    assert len(simweb.requests) == 2


def test_titles_only_walls_wear_block_short_pages_only() -> None:
    assert detect_block_page("Checking the connection.", title="Just a moment...") is not None
    assert detect_block_page("Reference #18.2f1e", title="  Access   Denied ") is not None
    long_article = " ".join(["The committee heard that the archive stays closed to the public this year."] * 80)
    assert detect_block_page(long_article, title="Access Denied") is None  # an article may carry that title
    assert detect_block_page("A short note about the ferry.", title="Ferry timetable") is None


# -- one rate-limit budget per provider, searches and reads alike --------------------------------------

@bounded(10)
async def test_a_providers_searches_and_reads_spend_one_rate_limit_budget(
    simweb: SimWeb, fixtures_dir: Path
) -> None:
    search_body = (fixtures_dir / "providers" / "jina-ok.json").read_bytes()
    read_body = (fixtures_dir / "providers" / "jina-read-ok.json").read_bytes()

    def serve(req: Request) -> Reply:
        return Reply(body=search_body if "q" in json.loads(req.body) else read_body, content_type="application/json")

    simweb.route("/", serve, host=SERVICE, method="POST")
    cfg = service_config(simweb, "jina", api_key="jina-test", rate_limit="2/minute")
    async with Client(cfg) as wq:
        found = await wq.search("zstd compression", provider="jina")
        assert found.results
        assert (await wq.fetch(TARGET, reader="jina")).reader == "jina"
        started = time.monotonic()
        with pytest.raises(RateLimitedError) as read_refused:
            await wq.fetch(TARGET, reader="jina", use_cache=False)
        with pytest.raises(RateLimitedError):
            await wq.search("zstd levels", provider="jina")
    assert time.monotonic() - started < 1.0  # refused at once, not after a minute's wait
    assert read_refused.value.code == "WEB_PROVIDER_RATE_LIMITED" and read_refused.value.provider == "jina"
    assert len(simweb.requests) == 2


# -- the cache: normalized URL key, TTL --------------------------------------------------------------

@bounded(10)
async def test_spellings_of_one_url_share_one_cache_entry(simweb: SimWeb, tmp_path: Path) -> None:
    simweb.route("/lighthouse", Reply(body=STORY), host=SITE)
    simweb.route("/lighthouse", Reply(body=STORY), host=f"www.{SITE}")
    simweb.route("/other", Reply(body=STORY), host=SITE)
    port = simweb.port
    spellings = [f"http://{SITE}:{port}/lighthouse", f"http://www.{SITE}:{port}/lighthouse/?utm_source=feed",
                 f"https://{SITE.upper()}:{port}/lighthouse#top", f"http://{SITE}:{port}/lighthouse?fbclid=abc"]
    async with Client(site_config(simweb, cache_path=tmp_path / "c.sqlite")) as wq:
        pages = [await wq.fetch(url) for url in spellings]
        assert len(simweb.requests) == 1
        assert {p.content_hash for p in pages} == {pages[0].content_hash}
        assert [p.url for p in pages] == spellings  # each answer names the URL it was asked for
        await wq.fetch(f"http://{SITE}:{port}/other")  # another page is another entry
    assert len(simweb.requests) == 2


@bounded(10)
async def test_cache_ttl_comes_from_config(simweb: SimWeb, tmp_path: Path) -> None:
    simweb.route("/lighthouse", Reply(body=STORY), host=SITE)
    url = simweb.url("/lighthouse", host=SITE)
    cfg = site_config(simweb, cache_path=tmp_path / "c.sqlite")
    cfg["cache"]["ttl_s"] = 0.3
    async with Client(cfg) as wq:
        await wq.fetch(url)
        await wq.fetch(url)
        assert len(simweb.requests) == 1
        await anyio.sleep(0.4)
        await wq.fetch(url)
    assert len(simweb.requests) == 2


# -- content and errors --------------------------------------------------------------------------------

XHTML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">'
    "<head><title>Lighthouse hours</title></head><body><ul><li><a href='/'>Home</a></li><li><a href='/news'>News"
    "</a></li></ul><article><h1>Lighthouse hours</h1><p>The old lighthouse on the northern cape will open to "
    "visitors every weekend from the first of May.</p><p>Volunteers restored the lamp room over two winters and "
    "the council paid for a new staircase.</p></article></body></html>"
)


@bounded(10)
async def test_xhtml_is_read_as_html_from_its_first_sentence(simweb: SimWeb) -> None:
    simweb.route("/x", Reply(body=XHTML.encode(), content_type="application/xhtml+xml; charset=utf-8"), host=SITE)
    async with Client(site_config(simweb)) as wq:
        page = await wq.fetch(simweb.url("/x", host=SITE))
    assert (page.source_type, page.content_type, page.language) == ("html", "application/xhtml+xml", "en")
    assert page.text.startswith("The old lighthouse on the northern cape") and "News" not in page.text


@bounded(5)
async def test_a_timeout_names_the_url(simweb: SimWeb) -> None:
    simweb.route("/slow", Reply(body=STORY.encode(), drip_s=1.0), host=SITE)
    url = simweb.url("/slow", host=SITE)
    async with Client(site_config(simweb, fetch_deadline_s=0.8)) as wq:
        with pytest.raises(FetchTimeoutError) as caught:
            await wq.fetch(url)
    assert caught.value.code == "WEB_FETCH_TIMEOUT" and caught.value.url == url and url in caught.value.message


# -- the guard on the real DNS path ----------------------------------------------------------------------

@bounded(10)
async def test_a_name_resolving_to_loopback_through_real_dns_is_refused(simweb: SimWeb) -> None:
    simweb.route("/", Reply(body=STORY))
    async with Client({"network": {"retries": 0}, "cache": {"enabled": False}}) as wq:  # no pins at all
        with pytest.raises(ForbiddenAddressError) as caught:
            await wq.fetch(f"http://localhost:{simweb.port}/")
    assert caught.value.code == "WEB_FETCH_FORBIDDEN_ADDRESS" and "localhost" in caught.value.message
    assert simweb.requests == []


@bounded(10)
async def test_a_rebinding_answer_cannot_slip_past_the_check(simweb: SimWeb, monkeypatch: pytest.MonkeyPatch) -> None:
    """The DNS says 127.0.0.1 (opened by allow_hosts) once, then 10.0.0.7: one lookup per connection,
    and the socket goes to the checked answer, so the second answer is never used behind the guard's back."""
    answers = ["127.0.0.1", "10.0.0.7"]
    asked: list[str] = []

    async def rebinding_dns(host: str, port: int, **kwargs: Any) -> list[tuple[Any, ...]]:
        asked.append(host)
        ip = answers[min(len(asked), 2) - 1]
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, port))]

    monkeypatch.setattr(anyio, "getaddrinfo", rebinding_dns)
    simweb.route("/", Reply(body=STORY), host="rebind.test")
    cfg = {"network": {"retries": 0, "allow_hosts": ["127.0.0.1/32"]}, "cache": {"enabled": False}}
    url = f"http://rebind.test:{simweb.port}/"
    async with Client(cfg) as wq:
        page = await wq.fetch(url)
    assert page.text.startswith("The old lighthouse") and asked == ["rebind.test"]
    async with Client(cfg) as wq:  # a new connection asks again and gets the private answer
        with pytest.raises(ForbiddenAddressError) as caught:
            await wq.fetch(url)
    assert "10.0.0.7" in caught.value.message and url in caught.value.message
    assert len(simweb.requests) == 1


# -- the fetch command's options ---------------------------------------------------------------------------

def test_fetch_command_options_offset_hash_reader_and_no_cache(simweb: SimWeb, tmp_path: Path) -> None:
    simweb.route("/lighthouse", Reply(body=STORY), host=SITE)
    simweb.route("/", Reply(body=jina_read("Lighthouse", STORY_MD), content_type="application/json"),
                 host=SERVICE, method="POST")
    cfg = service_config(simweb, "jina")
    cfg["cache"] = {"enabled": True, "path": str(tmp_path / "c.sqlite")}
    config = tmp_path / "webquorum.yaml"
    config.write_text(yaml.safe_dump(cfg), encoding="utf-8")
    url = simweb.url("/lighthouse", host=SITE)

    def run(*args: str) -> Any:
        return CliRunner().invoke(app, ["fetch", url, "--config", str(config), *args])

    whole = run("--json", "--budget", "100000")
    assert whole.exit_code == 0, whole.stderr
    text = json.loads(whole.stdout)["text"]
    digest = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    window = json.loads(run("--json", "--offset", "10", "--budget", "25").stdout)
    assert (window["text"], window["offset"], window["content_hash"]) == (text[10:35], 10, digest)
    assert len(simweb.requests_to("/lighthouse")) == 1  # the second read came from the cache
    same = run("--json", "--expected-hash", digest)
    assert same.exit_code == 0 and json.loads(same.stdout)["text"] == text
    changed = run("--json", "--expected-hash", "sha256:" + "0" * 64)
    assert changed.exit_code == 1 and changed.stdout == ""  # no text at all, no stale coordinates
    assert changed.stderr.startswith("error WEB_FETCH_CONTENT_CHANGED: ") and url in changed.stderr
    requests_before = len(simweb.requests_to("/lighthouse"))
    assert run("--json", "--no-cache").exit_code == 0
    assert len(simweb.requests_to("/lighthouse")) == requests_before + 1
    via_jina = run("--json", "--reader", "jina")
    assert via_jina.exit_code == 0, via_jina.stderr
    assert json.loads(via_jina.stdout)["reader"] == "jina" and len(simweb.requests_to("/", host=SERVICE)) == 1
