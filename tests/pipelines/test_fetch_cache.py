"""The page cache as fetch uses it: keyed by the exact origin read (one entry for its spellings), TTL from
config."""

from __future__ import annotations

from pathlib import Path

import anyio
from tests.sim.readers import STORY
from tests.sim.sites import SITE, allow_target, article, bounded, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client


@bounded(10)
async def test_spellings_of_one_page_on_one_origin_share_one_cache_entry(
    simweb: SimWeb, tmp_path: Path
) -> None:
    simweb.route("/lighthouse", Reply(body=STORY), host=SITE)
    simweb.route("/lighthouse", Reply(body=STORY), host=f"www.{SITE}")
    simweb.route("/other", Reply(body=STORY), host=SITE)
    port = simweb.port
    spellings = [
        f"http://{SITE}:{port}/lighthouse",
        f"http://{SITE}:{port}/lighthouse/?utm_source=feed",
        f"http://{SITE.upper()}:{port}/lighthouse#top",
        f"http://{SITE}:{port}/lighthouse?fbclid=abc",
    ]
    async with Client(site_config(simweb, cache_path=tmp_path / "c.sqlite", fetch_deadline_s=8.0)) as wq:
        pages = [await wq.fetch(url) for url in spellings]
        assert len(simweb.requests) == 1
        assert {p.content_hash for p in pages} == {pages[0].content_hash}
        assert [p.url for p in pages] == spellings  # each answer names the URL it was asked for
        await wq.fetch(f"http://{SITE}:{port}/other")  # another page is another entry
        assert len(simweb.requests) == 2
        await wq.fetch(f"http://www.{SITE}:{port}/lighthouse")  # www. is another origin: it speaks for itself
    assert [r.host for r in simweb.requests] == [SITE, SITE, f"www.{SITE}"]


@bounded(20)
async def test_a_front_end_mirror_never_answers_for_the_site_it_mirrors(
    simweb: SimWeb, tmp_path: Path
) -> None:
    """A page read from nitter.* shares x.com's URL identity (fusion merges them) but never its cache entry,
    not even for another process sharing the cache file."""
    mirror, site = "nitter.mirror.test", "x.com"
    simweb.route(
        "/harbour/status/1",
        Reply(body=article("Mirror", "Planted words from a mirror that anyone can run.")),
        host=mirror,
    )
    simweb.route("/harbour/status/1", Reply(body=STORY), host=site)
    config = allow_target(
        site_config(simweb, cache_path=tmp_path / "shared.sqlite", fetch_deadline_s=8.0), mirror, site
    )
    async with Client(config) as first:
        planted = await first.fetch(simweb.url("/harbour/status/1", host=mirror))
    async with Client(config) as second:
        page = await second.fetch(simweb.url("/harbour/status/1", host=site))
    assert "Planted" in planted.text and "Planted" not in page.text and "lighthouse" in page.text
    assert [r.host for r in simweb.requests] == [mirror, site]


@bounded(10)
async def test_a_page_from_a_server_that_closes_the_connection_is_served_from_the_cache(
    simweb: SimWeb, tmp_path: Path
) -> None:
    """Most of the real web answers ``Connection: close`` or drops idle sockets: the address the page was read
    from is still recorded, so the second read is the cache's (the server sees one request)."""
    simweb.route("/lighthouse", Reply(body=STORY, headers={"Connection": "close"}), host=SITE)
    url = simweb.url("/lighthouse", host=SITE)
    async with Client(site_config(simweb, cache_path=tmp_path / "c.sqlite", fetch_deadline_s=8.0)) as wq:
        first = await wq.fetch(url)
        second = await wq.fetch(url)
    assert second.content_hash == first.content_hash
    assert len(simweb.requests_to("/lighthouse")) == 1


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
