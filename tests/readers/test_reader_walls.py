"""Walls a reader service hands back as a success (challenge and block pages): refused, never cached.

Jina and Firecrawl answer 200 with the markdown of whatever they were shown, a Cloudflare
challenge included; the reader must call that a block (naming the URL) and leave the cache
empty so the next read gets the page. A title alone marks a wall only on a short page.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.readers import SERVICE, STORY_MD, TARGET, firecrawl_scrape, jina_read, service_config
from tests.sim.sites import bounded
from tests.sim.web import Reply, Request, SimWeb

from webquorum import Client
from webquorum.errors import BlockedError
from webquorum.readers.extract import detect_block_page

CHALLENGE_MD = (
    "harbour-news.example.org\n------------------------\n\n"
    "Verify you are human by completing the action below.\n\n"
    "harbour-news.example.org needs to review the security of your connection before proceeding.\n\n"
    "Ray ID: 8f2c1a9b7e3d4c5a\n\nPerformance & security by Cloudflare\n"
)
CLOUDFLARE_TITLE_ONLY = "Enable JavaScript and cookies to continue\n"


SERVICE_CHALLENGES = [
    ("jina", "/", jina_read("Just a moment...", CHALLENGE_MD), {}),
    ("jina", "/", jina_read("Just a moment...", CLOUDFLARE_TITLE_ONLY), {}),
    ("jina", "/", jina_read("Attention Required! | Cloudflare", "Sorry, you have been blocked\n"), {}),
    (
        "firecrawl",
        "/v2/scrape",
        firecrawl_scrape("harbour-news.example.org", CHALLENGE_MD),
        {"api_key": "fc-test"},
    ),
    (
        "firecrawl",
        "/v2/scrape",
        firecrawl_scrape("Access Denied", "Reference #18.2f1e\n"),
        {"api_key": "fc-test"},
    ),
]


@pytest.mark.parametrize(("reader", "path", "body", "override"), SERVICE_CHALLENGES)
@bounded(10)
async def test_a_challenge_page_from_a_reader_service_is_blocked_and_not_cached(
    simweb: SimWeb, tmp_path: Path, reader: str, path: str, body: bytes, override: dict[str, str]
) -> None:
    answers = [
        body,
        jina_read("Lighthouse", STORY_MD) if reader == "jina" else firecrawl_scrape("Lighthouse", STORY_MD),
    ]

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
    long_article = " ".join(
        ["The committee heard that the archive stays closed to the public this year."] * 80
    )
    assert detect_block_page(long_article, title="Access Denied") is None  # an article may carry that title
    assert detect_block_page("A short note about the ferry.", title="Ferry timetable") is None


def test_challenge_markers_are_found_in_any_letter_case_beside_non_ascii_text() -> None:
    from webquorum.readers.walls import _CHALLENGE_MARKERS

    # The ASCII search (walls._challenge_marker) equals str.lower's only while these hold.
    assert all(m.isascii() and "k" not in m and not m.endswith("i") for m in _CHALLENGE_MARKERS)
    page = (
        "<html><head><TITLE>Just a Moment...</TITLE></head><body>Überprüfung … «CF-Chl-Opt» ✓</body></html>"
    )
    assert detect_block_page(page) == "bot challenge page (<title>just a moment...</title>)"
    assert detect_block_page(page.replace("TITLE>Just", "TITLE>Juşt").replace("CF-Chl", "CF-Çhl")) is None
