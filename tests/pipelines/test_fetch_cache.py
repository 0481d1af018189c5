"""The page cache as fetch uses it: keyed by the normalized URL (one entry for every spelling), TTL from config."""

from __future__ import annotations

from pathlib import Path

import anyio
from tests.sim.readers import STORY
from tests.sim.sites import SITE, bounded, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client


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
