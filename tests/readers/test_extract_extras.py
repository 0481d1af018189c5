"""Canonical URLs and hostile JSON nesting (found in the issue audits)."""

from __future__ import annotations

import pytest

from webquorum.errors import UnsupportedContentError
from webquorum.readers.extract import extract_document

ARTICLE = (
    "<p>The harbour bridge is 1,240 metres long and it opened to traffic in 1932 after six years of work.</p>"
)


def test_canonical_url_from_link_then_og_url() -> None:
    html = f'<html><head><link rel="canonical" href="/story/bridge"></head><body><article>{ARTICLE}</article></body></html>'
    doc = extract_document(
        html.encode(),
        content_type="text/html",
        url="https://m.example.com/s?utm_source=x",
        final_url="https://m.example.com/s?utm_source=x",
    )
    assert doc.canonical_url == "https://m.example.com/story/bridge"
    og = f'<html><head><meta property="og:url" content="https://example.com/bridge"></head><body><article>{ARTICLE}</article></body></html>'
    assert (
        extract_document(
            og.encode(), content_type="text/html", url="https://a.example/", final_url="https://a.example/"
        ).canonical_url
        == "https://example.com/bridge"
    )
    bad = f'<html><head><link rel="canonical" href="javascript:alert(1)"></head><body><article>{ARTICLE}</article></body></html>'
    assert (
        extract_document(
            bad.encode(), content_type="text/html", url="https://a.example/", final_url="https://a.example/"
        ).canonical_url
        is None
    )


def test_deeply_nested_json_is_refused_not_a_crash() -> None:
    body = b"[" * 100_000 + b"]" * 100_000
    for media in ("application/json", None):
        with pytest.raises(UnsupportedContentError, match="nested too deeply"):
            extract_document(
                body, content_type=media, url="https://a.example/x.json", final_url="https://a.example/x.json"
            )


def test_links_are_the_same_found_in_c_or_by_walking_the_tree() -> None:
    """A page with few tags has its anchors listed in C; an SVG map's ``xlink:href`` is not a link there
    either (lexbor's ``[href]`` selector would take it, and link the page to itself)."""
    from selectolax.lexbor import LexborHTMLParser

    from webquorum.readers.extract import _anchors, _links

    html = (
        "<html><body><p>See <a href='/a'>A</a>, <a>no href</a> and <a href='https://b.test/x'>B</a>.</p>"
        "<svg><a xlink:href='https://c.test/map'><path d='M0 0'/></a></svg><a href=''>top</a></body></html>"
    )
    tree = LexborHTMLParser(html)
    walked = [node.html for node in _anchors(tree)]
    assert [node.html for node in _anchors(tree, html.count("<"))] == walked and len(walked) == 3
    links = _links(tree, "https://a.test/page", html.count("<"))
    assert [url for _, url in links] == ["https://a.test/a", "https://b.test/x", "https://a.test/page"]
