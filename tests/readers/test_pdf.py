"""PDF text is capped by operators and objects, not only by the child's memory allowance (issue 12).

The hostile PDFs are generated (tests/sim/hostile.py): pages of one-letter text runs, deflated
about 150 to 1, so a few kilobytes make PDFium build hundreds of thousands of objects.
"""

from __future__ import annotations

import zlib

import pytest
from tests.sim.hostile import pdf_operators, pdf_pages, tiny_text_runs
from tests.sim.sites import SITE, bounded, pdf_bytes, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import TooLargeError
from webquorum.readers.pdf import (
    MAX_PAGE_OBJECTS,
    MAX_SCANNED_BYTES,
    MAX_TEXT_OPERATORS,
    read_pdf,
    text_operators,
)

HEADLINE = b"BT /F1 12 Tf 72 700 Td (The harbour board approved the new breakwater on Monday.) Tj ET"


@bounded(60)
async def test_a_pdf_of_tiny_text_runs_is_refused_before_pdfium_parses_it(simweb: SimWeb) -> None:
    """150,000 runs in one content stream (a 6 KB file): refused by the count, as this source's error."""
    hostile = pdf_pages([[tiny_text_runs(MAX_PAGE_OBJECTS + 50_000)]])
    assert len(hostile) < 20_000
    simweb.route("/runs.pdf", Reply(body=hostile, content_type="application/pdf"), host=SITE)
    simweb.route(
        "/report.pdf",
        Reply(
            body=pdf_bytes("Harbour works", ["The board approved the breakwater."]),
            content_type="application/pdf",
        ),
        host=SITE,
    )
    async with Client(site_config(simweb, fetch_deadline_s=20.0)) as wq:
        assert (
            "breakwater" in (await wq.fetch(simweb.url("/report.pdf", host=SITE))).text
        )  # warm, and normal PDFs read
        # the count's own refusal (PDFium, seconds and ~90 MB on this file, is never reached)
        with pytest.raises(
            TooLargeError, match="one content stream shows more than 100,000 text operators"
        ) as caught:
            await wq.fetch(simweb.url("/runs.pdf", host=SITE))
        assert caught.value.code == "WEB_FETCH_TOO_LARGE"
        assert "breakwater" in (await wq.fetch(simweb.url("/report.pdf", host=SITE))).text


def test_a_page_that_draws_too_many_objects_is_left_unread_and_the_other_pages_read() -> None:
    """Three streams of 40,000 runs on one page: no stream is over the cap, the loaded page is."""
    crowded = [tiny_text_runs(40_000)] * 3
    assert text_operators(pdf_pages([[HEADLINE], crowded])) == (120_001, 40_000)
    text = read_pdf(pdf_pages([[HEADLINE], crowded]), "http://x.test/a.pdf").text
    assert text == "The harbour board approved the new breakwater on Monday."
    with pytest.raises(TooLargeError, match=r"page 1 draws 120,000 objects, over the 100,000 per page"):
        read_pdf(pdf_pages([crowded]), "http://x.test/b.pdf")


def test_the_whole_file_is_capped_by_its_text_operators() -> None:
    pages = [[tiny_text_runs(90_000)]] * (MAX_TEXT_OPERATORS // 90_000 + 1)
    total, most = text_operators(pdf_pages(pages))
    assert total > MAX_TEXT_OPERATORS and most == 90_000
    with pytest.raises(TooLargeError, match="the file shows more than 1,000,000 text operators"):
        read_pdf(pdf_pages(pages), "http://x.test/c.pdf")


def test_the_count_spans_streams_and_pieces_and_its_inflating_is_bounded() -> None:
    split = b"x" * (1024 * 1024 - 1) + b"Tj" + b"y" * 10  # the operator straddles two 1 MB pieces of output
    assert text_operators(b"stream\n" + zlib.compress(split)) == (1, 1)
    assert text_operators(b"1 0 obj\nstream\r\nBT (a) Tj ET\nendstream") == (
        1,
        0,
    )  # uncompressed content counts too
    bomb = b"stream\n" + zlib.compress(
        bytes(4 * MAX_SCANNED_BYTES)
    )  # zeros: inflated up to the cap, then given up
    assert text_operators(bomb) == (0, 0)
    assert text_operators(b"stream\n" * 500_000) == (
        0,
        0,
    )  # keywords without zlib data are skipped at their header
    assert text_operators(pdf_operators(1_000_000)) == (71_428, 71_428)
    assert (
        len(read_pdf(pdf_operators(1_000_000), "http://x.test/d.pdf").text) == 2 * 71_428 - 1
    )  # under the caps: read
