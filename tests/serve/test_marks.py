"""Highlighting and page rendering, pure: the rules the comparison used, and nothing unescaped."""

from __future__ import annotations

import itertools

from tests.sim.serve import AGREED

from webquorum.serve.marks import agreed_marks
from webquorum.serve.page import brief_html, marked_text
from webquorum.types import AgreedItem, Brief, BriefSource, DisagreedItem


def spans(text: str, agreed: list[AgreedItem]) -> list[str]:
    return [text[m.start : m.end] for m in agreed_marks(text, agreed)]


def test_figures_are_found_at_the_comparisons_precision() -> None:
    agreed = [AgreedItem(kind="figure", value="$81.6 billion", count=3, of=4)]
    text = "Revenue was $81.62B, or 81,620 million dollars; a year ago it was $44.1 billion."
    assert spans(text, agreed) == ["$81.62B", "81,620 million dollars"]


def test_names_match_ignoring_case_and_legal_form() -> None:
    agreed = [AgreedItem(kind="name", value="NVIDIA", count=2, of=3)]
    assert spans("Nvidia Corp. said on Wednesday that NVIDIA grew.", agreed) == ["Nvidia Corp.", "NVIDIA"]


def test_marks_never_overlap_and_keep_reading_order() -> None:
    agreed = [
        AgreedItem(kind="figure", value=AGREED, count=2, of=4),
        AgreedItem(kind="figure", value="1998", count=3, of=4),
    ]
    text = "Opened in 1998, the bridge is 1,240 metres long; 1,310 metres says one guide."
    marks = agreed_marks(text, agreed)
    assert [text[m.start : m.end] for m in marks] == ["1998", "1,240 metres"]
    assert all(a.end <= b.start for a, b in itertools.pairwise(marks))


def test_page_text_is_escaped_and_only_http_links_are_made() -> None:
    hostile = '<script>alert(1)</script> 1,240 metres "quoted"'
    agreed = [AgreedItem(kind="figure", value=AGREED, count=2, of=2)]
    brief = Brief(
        query="<b>q</b>",
        searched_at="2026-12-01",
        provider="sim",
        reader="http",
        sources=[
            BriefSource(
                n=1,
                title="<img src=x onerror=alert(1)>",
                site="a.test",
                url="javascript:alert(1)",
                text=hostile,
                snippet_only=False,
            ),
            BriefSource(
                n=2,
                title="B",
                site="b.test",
                url="http://b.test/",
                text="1,310 metres",
                snippet_only=True,
                error="WEB_FETCH_TIMEOUT",
            ),
        ],
        agreed=agreed,
        disagreed=[
            DisagreedItem(
                kind="figure",
                site="b.test",
                url="http://b.test/",
                value="1,310 metres",
                others_value=AGREED,
                others_count=1,
            )
        ],
        reads_spent={},
        failures=[],
        brief="",
    )
    html = brief_html(brief)
    assert "<script>" not in html and "<img" not in html and "<b>q</b>" not in html
    assert 'href="javascript:' not in html and 'href="http://b.test/"' in html
    assert (
        "snippet only: the page was not read in time</p>" in html and data_code(html) == "WEB_FETCH_TIMEOUT"
    )  # words shown, code kept as data
    assert (
        'class="card dissenting" data-site="b.test"' in html
        and "Disagrees: says 1,310 metres where 1 other says" in html
    )
    assert marked_text(hostile, brief, "a.test").count("<mark") == 1
    assert '<mark class="dissent">1,310 metres</mark>' in marked_text("1,310 metres", brief, "b.test")
    assert "dissent" not in marked_text("1,310 metres", brief, "a.test")


def data_code(html: str) -> str:
    start = html.index('class="snippet-only" data-code="') + len('class="snippet-only" data-code="')
    return html[start : html.index('"', start)]
