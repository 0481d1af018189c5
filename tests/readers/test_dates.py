"""A page's date: its metadata first, then htmldate on its dated markup (a byline), read over loopback."""

from __future__ import annotations

from tests.sim.sites import SITE, bounded, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client

DATED_IN_BYLINE = (
    "<html><head><title>Ferry</title></head><body><article><h1>Ferry</h1>"
    "<div class='byline'>By Ann Holm <span class='date'>March 3, 2024</span></div>"
    "<p>The island ferry will sail every ninety minutes instead of every hour from the first of December.</p>"
    "</article></body></html>"
)


@bounded(10)
async def test_a_page_without_date_metadata_is_dated_from_its_byline(simweb: SimWeb) -> None:
    simweb.route(
        "/dated", Reply(body=DATED_IN_BYLINE.encode(), content_type="text/html; charset=utf-8"), host=SITE
    )
    async with Client(site_config(simweb)) as wq:
        page = await wq.fetch(simweb.url("/dated", host=SITE))
    assert page.published == "2024-03-03"
