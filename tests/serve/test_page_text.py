"""The brief page's words (pure): card text without table pipes or newsletter lines, errors as sentences."""

from __future__ import annotations

from webquorum.serve.page import brief_html, card_text, error_box, failure_sentence
from webquorum.types import Brief


def test_cards_lose_table_pipes_and_newsletter_lines() -> None:
    text = (
        "| Year | Length |\n|---|---|\n| 1998 | 1,240 m |\nSubscribe to our newsletter for weekly harbour news. "
        "The Kestrel Bridge opened in 1998. Sign up for alerts in your inbox every morning!"
    )
    shown = card_text(text)
    assert "|" not in shown and "---" not in shown
    assert "newsletter" not in shown and "inbox" not in shown
    assert shown == "Year · Length · 1998 · 1,240 m · The Kestrel Bridge opened in 1998."


def test_errors_are_sentences_not_codes() -> None:
    box = error_box(
        {"code": "WEB_PROVIDER_TIMEOUT", "message": "brave did not answer within 5 s", "hint": "retry later"}
    )
    assert "<h2>The search providers did not answer in time.</h2>" in box
    assert "<p>Brave did not answer within 5 s.</p>" in box and "Retry later." in box
    assert ">WEB_" not in box  # the code is kept only as data
    assert (
        failure_sentence("brave", "WEB_PROVIDER_ERROR", 503) == "brave did not answer: HTTP error (HTTP 503)."
    )


def test_a_brief_with_no_results_says_nothing_was_found() -> None:
    empty = Brief(
        query="zzq",
        searched_at="2026-12-01",
        provider="searxng",
        reader="http",
        sources=[],
        agreed=[],
        disagreed=[],
        reads_spent={},
        failures=[],
        brief="",
    )
    shown = brief_html(empty)
    assert "Nothing was found for this question" in shown and "could be read" not in shown
    assert "0 sources for “zzq”: 0 read" in shown
