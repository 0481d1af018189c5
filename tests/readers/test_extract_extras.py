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
