"""Scripts and style sheets leave the page before lxml parses it, and nothing else does (readers/lean.py)."""

from __future__ import annotations

import pytest
from lxml.html import document_fromstring
from selectolax.lexbor import LexborHTMLParser

from webquorum.readers.extract import _lean, extract_document
from webquorum.readers.lean import lean_html

ARTICLE = (
    "The harbour authority approved the new ferry terminal on Monday after two years of planning. "
    "Construction starts in May and the first ships should dock there in the spring of 2028. "
    "The terminal will cost 48 million euros, most of it paid by the regional government."
)


def text_of(html: str) -> str:
    """The text lxml reads from ``html``, scripts and style sheets left out as trafilatura leaves them out."""
    tree = document_fromstring(html)
    for node in tree.xpath("//script[not(@type='application/ld+json')] | //style"):
        node.drop_tree()
    return " ".join(tree.text_content().split())


def test_scripts_and_style_sheets_go_and_their_tails_stay() -> None:
    html = (
        "<html><head><title>Ferry</title><style>.x { display: none }</style>"
        '<script type="application/ld+json">{"datePublished": "2026-03-02"}</script>'
        "<SCRIPT src=a.js></SCRIPT ></head><body><p>Before<script>if (a<b) document.write('</p>')</script>"
        " after<style media=print>p{}</style>.</p><script>x()</script \n></body></html>"
    )
    lean = lean_html(html)
    assert "document.write" not in lean.html and "x()" not in lean.html and "p{}" not in lean.html
    assert "datePublished" in lean.html  # structured data stays: trafilatura and htmldate read it
    assert lean.sheet == ".x { display: none }p{}"
    assert (lean.scripts, lean.styles) == (4, 2)
    assert text_of(lean.html) == text_of(html) == 'Ferry{"datePublished": "2026-03-02"}Before after.'


@pytest.mark.parametrize(
    "markup",
    [
        "<!-- <script>not a script</script> -->",
        "<!--> <p>a</p> <!---> <p>b</p> <!-- c --!> <p>d</p>",
        "<textarea><script>typed by a reader</script></textarea>",
        "<title>A <style> tag</title>",
        "<iframe><script>fallback text</script></iframe>",
    ],
)
def test_what_only_looks_like_a_script_is_left_alone(markup: str) -> None:
    html = f"<html><body>{markup}<p>{ARTICLE}</p></body></html>"
    lean = lean_html(html)
    assert lean.html == html and (lean.scripts, lean.styles) == (0, 0)


@pytest.mark.parametrize(
    "rest",
    [
        "<script><!-- document.write('<script>x()</script>'); --></script>",  # the tokenizer's double escape
        "<script>never closed",
        "<plaintext><script>text</script>",
    ],
)
def test_where_the_scan_is_not_sure_the_rest_of_the_page_stays(rest: str) -> None:
    head = "<html><body><script>first()</script><p>One.</p>"
    lean = lean_html(head + rest)
    assert lean.html == "<html><body><p>One.</p>" + rest


def test_a_script_tag_inside_an_attribute_makes_lxml_read_the_page_as_it_was() -> None:
    """The scan takes ``<script>`` in an attribute for a script and would cut the article with it: lexbor's
    tree, which tokenizes attributes, has one script as the scan has, but not its text."""
    html = (
        "<html><body><div data-embed='<script>'><p>"
        + ARTICLE
        + "</p></div><script>track()</script></body></html>"
    )
    assert ARTICLE not in lean_html(html).html  # the false start
    lean, sheet = _lean(html, LexborHTMLParser(html))
    assert lean is html and sheet is None
    doc = extract_document(
        html.encode(), content_type="text/html", url="http://a.test/x", final_url="http://a.test/x"
    )
    assert ARTICLE in doc.text


def test_a_page_read_lean_says_what_it_said_before() -> None:
    """Hidden text still goes by the style sheet that was taken out, and the date in a script is found."""
    html = (
        "<html><head><title>Ferry terminal</title><style>.promo{display:none}</style>"
        "<script>var published = '2026-03-02T10:00:00';</script></head><body><article>"
        f"<p>{ARTICLE}</p><p class='promo'>Hidden: subscribe now for 1 euro a month.</p>"
        f"<p>{ARTICLE.replace('ferry', 'cargo')}</p></article></body></html>"
    )
    doc = extract_document(
        html.encode(), content_type="text/html", url="http://a.test/x", final_url="http://a.test/x"
    )
    assert "subscribe" not in doc.text and ARTICLE in doc.text
    assert doc.published == "2026-03-02"


@pytest.mark.parametrize(
    "shape",
    [
        "<script>" * 200_000,  # openers that never close
        "<style>a{}</style>" * 60_000,  # a million characters of closed sheets
        "<!--" * 250_000,
        "<script><!--<script>" * 50_000,
        "<title>" + "<script>x</script>" * 50_000,
        "<script>x</script >" * 50_000,
    ],
)
def test_a_hostile_page_is_scanned_once(shape: str) -> None:
    """Each element moves the scan past its end or stops it: a megabyte of any shape is one pass (a
    quadratic scan would take minutes here)."""
    lean = lean_html(f"<html><body>{shape}<p>end</p></body></html>")
    assert lean.html.endswith("<p>end</p></body></html>")
    assert len(lean.sheet) <= len(shape)
