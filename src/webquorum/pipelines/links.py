"""The links of one page, for navigating to a chapter or appendix before fetching it.

Read through the same guarded reader as ``fetch`` (so the same cache, limits and address
rules apply); links are never followed here. Bounded: at most ``limit`` links, and the
result says how many there were. The extractor itself keeps at most ``EXTRACTED_LINKS`` per
page, so a page that filled that cap is reported as truncated: ``total`` is then a lower bound.
"""

from __future__ import annotations

from webquorum.errors import BadRequestError
from webquorum.pipelines.brief_text import clip
from webquorum.pipelines.fetch import read_document
from webquorum.readers.extract import MAX_LINKS as EXTRACTED_LINKS
from webquorum.runtime import Runtime
from webquorum.types import Link, LinksResult
from webquorum.urls import site_key

MAX_LINKS = 300


async def links(rt: Runtime, url: str, *, limit: int = 100, same_site_only: bool = False) -> LinksResult:
    if not 1 <= limit <= MAX_LINKS:
        raise BadRequestError(f"limit {limit} is out of range; use 1 to {MAX_LINKS}")
    doc = await read_document(rt, url, reader="http")
    home = site_key(
        doc.final_url
    )  # keys, not shown forms: an IDN href may be in Unicode, the final URL in punycode
    found: list[Link] = []
    for text, href in doc.links:
        try:
            same = site_key(href) == home
        except Exception:  # an unparsable href is not a link worth offering
            continue
        if same_site_only and not same:
            continue
        found.append(Link(text=clip(text, 120), url=href, same_site=same))
    return LinksResult(
        url=url,
        final_url=doc.final_url,
        title=doc.title,
        links=found[:limit],
        total=len(found),
        truncated=len(found) > limit or len(doc.links) >= EXTRACTED_LINKS,
    )
