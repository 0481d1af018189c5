"""Client.links on a loopback site: absolute URLs, anchor text, same-site flags, bounded output."""

from __future__ import annotations

import pytest
from tests.sim.sites import SITE, bounded, page_bytes, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import BadRequestError, ForbiddenAddressError

HUB = """<!DOCTYPE html><html lang="en"><head><title>Annual report 2025</title></head><body>
<nav><a href="/">Home</a> <a href="#top">Top</a> <a href="mailto:press@news-a.test">Press</a>
<a href="javascript:void(0)">Menu</a></nav>
<main><h1>Annual report 2025</h1>
<p>The annual report is published in chapters so that each can be read on its own, starting with the summary.</p>
<ul>
<li><a href="chapters/1-summary.html">Chapter 1: Summary</a></li>
<li><a href="chapters/2-finance.html#tables">Chapter 2:   Finance
   and accounts</a></li>
<li><a href="../appendix/a.pdf">Appendix A (PDF)</a></li>
<li><a href="//www.news-a.test:{port}/archive/">Archive</a></li>
<li><a href="https://regulator.example/filings?id=77">Filing at the regulator</a></li>
<li><a href="chapters/1-summary.html">Summary again</a></li>
</ul></main></body></html>"""

ABSOLUTE = [
    ("Home", "http://news-a.test:{port}/", True),
    ("Chapter 1: Summary", "http://news-a.test:{port}/reports/2025/chapters/1-summary.html", True),
    (
        "Chapter 2: Finance and accounts",
        "http://news-a.test:{port}/reports/2025/chapters/2-finance.html",
        True,
    ),
    ("Appendix A (PDF)", "http://news-a.test:{port}/reports/appendix/a.pdf", True),
    ("Archive", "http://www.news-a.test:{port}/archive/", True),
    ("Filing at the regulator", "https://regulator.example/filings?id=77", False),
]


def serve_hub(web: SimWeb) -> str:
    web.route("/reports/2025/index.html", Reply(body=HUB.replace("{port}", str(web.port))), host=SITE)
    return web.url("/reports/2025/index.html", host=SITE)


@bounded(10)
async def test_links_are_absolute_with_text_and_site_flags(simweb: SimWeb) -> None:
    url = serve_hub(simweb)
    async with Client(site_config(simweb)) as wq:
        result = await wq.links(url)
    got = [(link.text, link.url, link.same_site) for link in result.links]
    assert got == [(text, href.format(port=simweb.port), same) for text, href, same in ABSOLUTE]
    assert (result.url, result.final_url, result.title) == (url, url, "Annual report 2025")
    assert (result.total, result.truncated) == (len(ABSOLUTE), False)


@bounded(10)
async def test_links_are_bounded_and_filtered(simweb: SimWeb) -> None:
    url = serve_hub(simweb)
    async with Client(site_config(simweb)) as wq:
        first_two = await wq.links(url, limit=2)
        own = await wq.links(url, same_site_only=True)
        for limit in (0, 301):
            with pytest.raises(BadRequestError):
                await wq.links(url, limit=limit)
    assert [link.text for link in first_two.links] == ["Home", "Chapter 1: Summary"]
    assert (first_two.total, first_two.truncated) == (len(ABSOLUTE), True)
    assert all(link.same_site for link in own.links) and own.total == len(ABSOLUTE) - 1 and not own.truncated


@bounded(10)
async def test_links_follow_redirects_and_resolve_against_the_final_url(simweb: SimWeb) -> None:
    simweb.route("/old", Reply(status=301, headers={"Location": "/regio/ferry"}), host=SITE)
    simweb.route("/regio/ferry", Reply(body=page_bytes("site-nav-first.html")), host=SITE)
    async with Client(site_config(simweb)) as wq:
        result = await wq.links(simweb.url("/old", host=SITE))
    assert result.final_url == simweb.url("/regio/ferry", host=SITE)
    by_text = {link.text: link for link in result.links}
    assert by_text["full winter timetable"].url == simweb.url("/regio/vervoer/dienstregeling", host=SITE)
    assert by_text["Partner"].url == "https://partner.example/" and not by_text["Partner"].same_site
    assert "Skip to main content" not in by_text  # a fragment link is not a page


@bounded(5)
async def test_links_go_through_the_address_guard(simweb: SimWeb) -> None:
    async with Client(site_config(simweb)) as wq:
        with pytest.raises(ForbiddenAddressError):
            await wq.links(f"http://127.0.0.1:{simweb.port}/")
    assert simweb.requests == []


@bounded(10)
async def test_a_page_with_more_links_than_the_extractor_keeps_says_so(simweb: SimWeb) -> None:
    items = "".join(f'<li><a href="/item/{i}">Item {i}</a></li>' for i in range(400))
    body = f"<!DOCTYPE html><html><head><title>Index</title></head><body><p>Every item in the catalogue is listed below in order.</p><ul>{items}</ul></body></html>"
    simweb.route("/index", Reply(body=body), host=SITE)
    async with Client(site_config(simweb)) as wq:
        result = await wq.links(simweb.url("/index", host=SITE), limit=300)
    assert len(result.links) == 300 and result.links[-1].text == "Item 299"
    assert result.truncated  # 400 links on the page: a caller must not think it saw them all
