"""The one rule around trafilatura: its fallback is asked when fast mode kept little of the page."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from webquorum.readers.choose import MAIN_TEXT_RULES
from webquorum.readers.extract import html_text

URL = "https://archive.example/ledgers"
HIDDEN = "The regional archive opened its digitised collection of shipping ledgers"


def test_the_fallback_finds_the_article_fast_mode_missed(fixtures_dir: Path) -> None:
    html = (fixtures_dir / "pages" / "js_hidden.html").read_text(encoding="utf-8")
    assert HIDDEN not in html_text(html, URL, MAIN_TEXT_RULES._replace(retry=False))
    assert HIDDEN in html_text(html, URL)


def test_a_long_article_is_read_once_in_fast_mode() -> None:
    paragraphs = "".join(
        f"<p>Paragraph {n} of the council report says the bridge will reopen in May.</p>" for n in range(40)
    )
    html = (
        f"<html><body><nav>{'<a href=/x>Menu</a>' * 400}</nav><article>{paragraphs}</article></body></html>"
    )

    def visible_chars() -> int:
        raise AssertionError("the visible text is only measured when fast mode kept little")

    from webquorum.readers.choose import article_text

    assert "Paragraph 39" in article_text(html, URL, visible_chars)


def test_warming_builds_the_fallbacks_stop_word_list_before_any_page() -> None:
    code = (
        "import trafilatura.external as x\n"
        "from webquorum.readers.choose import warm_fallback\n"
        "assert not x.JT_STOPLIST\n"
        "warm_fallback()\n"
        "assert x.JT_STOPLIST\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
