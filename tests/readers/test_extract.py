from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
import trafilatura

from webquorum.errors import BlockedError, EmptyError, UnsupportedContentError
from webquorum.readers.extract import MAX_LINKS, decode_text, detect_block_page, extract_document
from webquorum.types import Document

URL = "https://gazette.example/n/42"
FINAL = "https://gazette.example/news/harbour-bridge"


@pytest.fixture
def pages(fixtures_dir: Path) -> Path:
    return fixtures_dir / "pages"


def read_html(body: bytes, content_type: str | None = "text/html; charset=utf-8") -> Document:
    return extract_document(body, content_type=content_type, url=URL, final_url=FINAL)


def test_nav_first_page_is_its_main_text_headline_included_chrome_dropped(pages: Path) -> None:
    doc = read_html((pages / "nav_first.html").read_bytes())
    # the whole main text (issue 23): the headline stays; only the brief starts at the first sentence
    assert doc.text.startswith(
        "Harbour bridge reopens after repairs\n\nThe harbour bridge reopened to traffic"
    )
    assert "deputy mayor, Lotte Brandt" in doc.text
    for junk in ("Skip to main content", "Français", "use of cookies", "Accept all", "Home ›"):
        assert junk not in doc.text
    assert "\n\nEngineers replaced 240 metres" in doc.text  # paragraphs stay apart
    assert (doc.title, doc.published, doc.language) == (
        "Harbour bridge reopens after repairs",
        "2026-03-14",
        "en",
    )
    assert (doc.source_type, doc.content_type, doc.url, doc.final_url) == ("html", "text/html", URL, FINAL)


def test_links_are_absolute_http_only_and_deduplicated(pages: Path) -> None:
    links = read_html((pages / "nav_first.html").read_bytes()).links
    assert ("coverage of the ring road works", "https://gazette.example/news/local/ring-road-works") in links
    assert ("Partner site", "https://other.example/partner") in links
    urls = [url for _, url in links]
    assert len(urls) == len(set(urls))
    assert all(url.startswith(("http://", "https://")) for url in urls)
    assert not any("javascript" in url or "#" in url for url in urls)


def test_links_are_bounded() -> None:
    anchors = "".join(f'<a href="/item/{i}">Item {i}</a> ' for i in range(MAX_LINKS + 150))
    body = (
        "<html><body><p>The catalogue lists every item the museum holds in its storage rooms today.</p>"
        f"<div>{anchors}</div></body></html>"
    ).encode()
    links = read_html(body).links
    assert len(links) == MAX_LINKS
    assert links[0] == ("Item 0", "https://gazette.example/item/0")


def test_price_grid_without_sentences_is_read_from_the_top(pages: Path) -> None:
    doc = read_html((pages / "price_grid.html").read_bytes())
    assert doc.text.startswith("Plan")
    assert "Enterprise" in doc.text and "99.95%" in doc.text


def test_a_script_revealed_article_is_found_by_the_fallback_retry(pages: Path) -> None:
    html = (pages / "js_hidden.html").read_text(encoding="utf-8")
    hidden = "The regional archive opened its digitised collection of shipping ledgers"
    alone = trafilatura.bare_extraction(html, fast=True, include_comments=False)
    assert alone is None or hidden not in (alone.text or "")  # the premise: trafilatura alone loses it
    doc = read_html(html.encode())
    assert hidden in doc.text
    assert "former harbour pilot" in doc.text
    assert "document.getElementById" not in doc.text


@pytest.mark.parametrize(
    ("fixture", "reason"),
    [
        ("cloudflare_challenge.html", "challenge"),
        ("captcha_wall.html", "captcha"),
        ("login_wall.html", "sign in"),
    ],
)
def test_walls_raise_blocked_naming_the_url(pages: Path, fixture: str, reason: str) -> None:
    with pytest.raises(BlockedError) as caught:
        read_html((pages / fixture).read_bytes())
    assert FINAL in caught.value.message
    assert reason in caught.value.message
    assert caught.value.code == "WEB_FETCH_BLOCKED"


def test_block_detection_spares_long_articles_that_mention_captcha(pages: Path) -> None:
    html = (pages / "js_hidden.html").read_text(encoding="utf-8")
    with_form = html.replace(
        "</body>", '<form><div class="g-recaptcha"></div>Access denied? Contact us.</form></body>'
    )
    assert detect_block_page(with_form) is None
    assert detect_block_page(with_form, status=403) is not None
    short_article = (
        "<html><body><p>The ferry timetable changes on Monday. Boats leave every forty minutes. The last one sails "
        "at ten. Tickets cost the same as before. Bikes travel free.</p>"
        '<form><div class="g-recaptcha"></div></form></body></html>'
    )
    assert detect_block_page(short_article) is None
    assert detect_block_page("Access denied\nYou don't have permission to access this server.") is not None
    assert detect_block_page(
        "<html><body><p>Please enable JavaScript and cookies to continue</p></body></html>"
    )


ASPNET_ARTICLE = (
    "<html><head><title>Podolski retires</title><script src='https://www.google.com/recaptcha/api.js'></script>"
    "</head><body><form name='aspnetForm' method='post' id='aspnetForm'><input type='hidden' name='__VIEWSTATE'>"
    "<div class='g-recaptcha' data-sitekey='k'></div><h1>Podolski retires from the national team</h1>"
    "<p>The forward played 129 matches for the national side and scored 48 goals in them.</p>"
    "<p>He told the coach before the new season that he would not play for the team again.</p>"
    "<p>Only two players have worn the shirt more often than he did in the last forty years.</p>"
    "<p>His farewell match is planned for March, against England, in the city where he grew up.</p>"
    "</form></body></html>"
)
COMMENT_FORM_ARTICLE = (
    "<html><head><title>Pleiades</title></head><body><article><h1>The Pleiades with star spikes</h1>"
    "<p>Not in dust this time, but with bright diffraction spikes (lens stopped down to f/5.6) and deep blue "
    "nebulae around the cluster. The dense clouds of dust that surround the Pleiades are hardly visible here.</p>"
    "<ul><li>Category: first attempts</li><li>Camera: digital</li><li>Exposure: 12 x 300 s</li></ul></article>"
    "<form id='comment'><div id='captcharow'><label>Captcha</label><input name='c'></div></form></body></html>"
)


@pytest.mark.parametrize(
    "html", [ASPNET_ARTICLE, COMMENT_FORM_ARTICLE], ids=["aspnet-form", "captcha-comment-form"]
)
def test_articles_with_a_captcha_in_their_markup_are_read_not_refused(html: str) -> None:
    doc = read_html(html.encode())
    assert "129 matches" in doc.text or "diffraction spikes" in doc.text
    assert detect_block_page(html, status=403) is not None  # a refusal status still makes it a wall


@pytest.mark.parametrize(
    "body",
    [
        b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8,
        b"<html>" + b"\x00\x01\x02\x03\x04\x05\x06" * 300,
        bytes((i * 37) % 256 for i in range(4000)),
    ],
)
def test_binary_bytes_served_as_html_are_unsupported(body: bytes) -> None:
    with pytest.raises(UnsupportedContentError) as caught:
        read_html(body)
    assert FINAL in caught.value.message


@pytest.mark.parametrize(
    "content_type", ["image/png", "application/zip", "application/octet-stream", "video/mp4"]
)
def test_non_text_media_types_are_unsupported(content_type: str) -> None:
    with pytest.raises(UnsupportedContentError, match=r"gazette\.example"):
        read_html(b"GIF89a....", content_type=content_type)


def test_header_charset_that_is_wrong_falls_back_to_cp1252() -> None:
    body = (
        "<html><body><p>The café served “crème brûlée” for €4 – a bargain, said the owner.</p></body></html>"
    )
    doc = read_html(body.encode("cp1252"), content_type="text/html; charset=utf-8")
    assert "The café served “crème brûlée” for €4 – a bargain" in doc.text


def test_meta_latin1_declaration_is_honoured_without_a_header_charset() -> None:
    body = '<html><head><meta charset="ISO-8859-1"></head><body><p>Señor Núñez opened the bakery in Málaga last year.</p></body></html>'
    doc = read_html(body.encode("latin-1"), content_type="text/html")
    assert "Señor Núñez opened the bakery in Málaga" in doc.text


def test_decode_text_order_and_edge_cases() -> None:
    assert decode_text("naïve".encode(), None) == "naïve"
    assert decode_text(b"\xef\xbb\xbfBOM wins", "text/plain; charset=latin-1") == "BOM wins"
    assert decode_text("Grüße".encode("utf-16-le"), "text/plain; charset=utf-16le") == "Grüße"
    with pytest.raises(UnsupportedContentError):  # undeclared and no BOM: the NULs mean binary
        decode_text("Grüße".encode("utf-16-le"), None)
    assert decode_text(b"\xff\xfe" + "Grüße".encode("utf-16-le"), None) == "Grüße"
    assert decode_text("Grüße".encode("cp1252"), "text/plain; charset=bogus-charset") == "Grüße"
    http_equiv = (
        b'<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>\x93quoted\x94</p>'
    )
    assert "“quoted”" in decode_text(http_equiv, "text/html")


def test_decode_text_rejects_control_bytes() -> None:
    with pytest.raises(UnsupportedContentError):
        decode_text(b"\x01\x02\x03\x04\x05\x06\x07\x08 abc" * 50, "text/plain")


def test_pdf_generated_with_fpdf2_is_read_with_title(tmp_path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_title("Annual water report")
    pdf.set_creation_date(datetime(2025, 6, 30, tzinfo=UTC))
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    pdf.multi_cell(0, 8, "The reservoir held 81 percent of its capacity at the end of June.")
    pdf.add_page()
    pdf.multi_cell(0, 8, "Consumption per household fell for the third year in a row.")
    body = bytes(pdf.output())
    doc = extract_document(body, content_type="application/pdf", url=URL, final_url=FINAL)
    assert doc.source_type == "pdf" and doc.content_type == "application/pdf"
    assert doc.title == "Annual water report"
    assert doc.published == "2025-06-30"
    assert "The reservoir held 81 percent of its capacity" in doc.text
    assert "Consumption per household fell" in doc.text
    assert "\r" not in doc.text
    # sniffed even when mislabelled
    assert (
        extract_document(body, content_type="application/octet-stream", url=URL, final_url=FINAL).source_type
        == "pdf"
    )


def test_broken_pdf_is_unsupported() -> None:
    with pytest.raises(UnsupportedContentError, match=r"gazette\.example"):
        extract_document(
            b"%PDF-1.7\nthis is not really a pdf", content_type="application/pdf", url=URL, final_url=FINAL
        )


def test_json_is_pretty_printed() -> None:
    body = json.dumps({"name": "Zürich", "population": 421878, "tags": ["city", "lake"]}).encode()
    doc = extract_document(body, content_type="application/json", url=URL, final_url=FINAL)
    assert doc.source_type == "json"
    assert doc.text == json.dumps(json.loads(body), indent=2, ensure_ascii=False)
    assert '"name": "Zürich"' in doc.text


def test_plain_text_is_kept_as_is() -> None:
    body = b"README\n\nInstall the tool with pip.  \r\n\n\n\n    pip install tool\r\nThen run it.\n"
    doc = extract_document(body, content_type="text/plain; charset=utf-8", url=URL, final_url=FINAL)
    assert (doc.source_type, doc.content_type) == ("text", "text/plain")
    assert doc.text == "README\n\nInstall the tool with pip.\n\n    pip install tool\nThen run it."


def test_reader_service_markdown_with_a_leading_menu_is_trimmed() -> None:
    markdown = (
        b"[Skip to content](#main)\n"
        b"* [Home](https://news.example/)\n"
        b"* [World](https://news.example/world)\n"
        b"* [Login](https://news.example/login)\n\n"
        b"# Floods close the valley road\n\n"
        b"The valley road was closed on Monday after the river burst its banks near the mill.\n"
    )
    doc = extract_document(markdown, content_type="text/markdown", url=URL, final_url=FINAL, reader="jina")
    assert doc.text.startswith("# Floods close the valley road\n\nThe valley road was closed")
    assert doc.reader == "jina"


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"", "text/html"),
        (b"  \n\t ", "text/plain"),
        (b"<html><head><title>x</title></head><body><script>var a = 1;</script></body></html>", "text/html"),
    ],
)
def test_empty_bodies_raise_empty_naming_the_url(body: bytes, content_type: str) -> None:
    with pytest.raises(EmptyError) as caught:
        read_html(body, content_type=content_type)
    assert FINAL in caught.value.message
