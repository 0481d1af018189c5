"""XHTML (application/xhtml+xml, with an XML declaration) is read as HTML: its main text, heading included,
without the menu."""

from __future__ import annotations

from tests.sim.sites import SITE, bounded, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client

XHTML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">'
    "<head><title>Lighthouse hours</title></head><body><ul><li><a href='/'>Home</a></li><li><a href='/news'>News"
    "</a></li></ul><article><h1>Lighthouse hours</h1><p>The old lighthouse on the northern cape will open to "
    "visitors every weekend from the first of May.</p><p>Volunteers restored the lamp room over two winters and "
    "the council paid for a new staircase.</p></article></body></html>"
)


@bounded(10)
async def test_xhtml_is_read_as_html_heading_kept_menu_dropped(simweb: SimWeb) -> None:
    simweb.route(
        "/x", Reply(body=XHTML.encode(), content_type="application/xhtml+xml; charset=utf-8"), host=SITE
    )
    async with Client(site_config(simweb)) as wq:
        page = await wq.fetch(simweb.url("/x", host=SITE))
    assert (page.source_type, page.content_type, page.language) == ("html", "application/xhtml+xml", "en")
    assert (
        page.text.startswith("Lighthouse hours\n\nThe old lighthouse on the northern cape")
        and "News" not in page.text
    )
