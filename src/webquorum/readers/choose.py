"""The main text of an HTML page: trafilatura on the page less its hidden text, and the one rule we add.

trafilatura (https://trafilatura.readthedocs.io/) reads the page with comments off and tables kept,
first in its ``fast`` mode (its own extractor only). When that keeps little of a page whose visible
text is much longer (under :data:`RETRY_CHARS` characters and under :data:`RETRY_SHARE` of the visible
text), it has usually found a section menu, a teaser or a fixtures list instead of the article, and
trafilatura is asked again with its fallback extractors (readability and jusText, compared by its
own rules); the longer answer wins. Measured on the tune half of the varied pages
(``benchmarks/extraction.py``): its fallback on every page costs the Dragnet pages 0.015 F1 and
the time of a second pass, the gate keeps fast's precision there and recovers most of the
fallback's recall on trafilatura's evaluation pages, at the fallback's cost on one page in ten.

Before trafilatura sees the tree, text nobody sees is removed (:mod:`.hidden`). Afterwards the
embedded posts it dropped between two kept paragraphs are put back (:mod:`.embeds`) and promotion
blocks dropped (:mod:`.promo`). Nothing else is cut: the first-real-sentence trim is the brief's
(:mod:`.trim`), and the old visible-text safety net (use the whole visible text when trafilatura
kept under 5% of it) went, because on the tune half it cost Dragnet 0.008 F1 and trafilatura's
evaluation pages 0.003 (it pulls in comments and menus with the article).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from webquorum.readers.hidden import drop_hidden

__all__ = ["MAIN_TEXT_RULES", "RETRY_CHARS", "RETRY_SHARE", "MainTextRules", "article_text", "trafilatura_text"]

RETRY_CHARS = 2000
RETRY_SHARE = 0.15


class MainTextRules(NamedTuple):
    """The rules applied around trafilatura, each with its reason in its module.

    One value is shipped (:data:`MAIN_TEXT_RULES`); ``benchmarks/extraction.py`` switches each off in
    turn on the report half, so every rule shows what it is worth on pages it was not tuned on.
    """

    embeds: bool = True  # put back embedded posts between kept paragraphs (embeds.py)
    promo: bool = True  # drop "Related stories" blocks and copyright lines (promo.py)
    hidden: bool = True  # drop hidden text before extraction (hidden.py)
    retry: bool = True  # ask trafilatura's fallback when fast mode kept little of the page (this module)


MAIN_TEXT_RULES = MainTextRules()


def trafilatura_text(html: str, final_url: str, *, fast: bool = True, hidden: bool = True) -> str:
    """trafilatura's main text: comments off, tables kept, metadata ours, hidden text dropped first."""
    import trafilatura  # lazily: 190 ms of imports that only HTML reads need
    from trafilatura.utils import load_html

    tree = load_html(html)
    if tree is None:
        return ""
    if hidden:
        drop_hidden(tree)
    extracted = trafilatura.bare_extraction(
        tree, url=final_url, fast=fast, include_comments=False, include_tables=True, with_metadata=False
    )
    return (extracted.text or "") if isinstance(extracted, trafilatura.settings.Document) else ""


def article_text(
    html: str, final_url: str, visible_chars: Callable[[], int], rules: MainTextRules = MAIN_TEXT_RULES
) -> str:
    """trafilatura's text of the page: fast mode, then the fallback when fast kept little of a long visible page.

    ``visible_chars`` measures the page's visible text; it is only called when fast mode's text is
    short enough for the answer to matter.
    """
    text = trafilatura_text(html, final_url, fast=True, hidden=rules.hidden)
    if rules.retry and len(text) < RETRY_CHARS and len(text) < RETRY_SHARE * visible_chars():
        fuller = trafilatura_text(html, final_url, fast=False, hidden=rules.hidden)
        if len(fuller) > len(text):
            text = fuller
    return text


_WARM_PAGE = "<html><body><p>One short line.</p><ul>" + "<li><a href='/x'>A menu entry</a></li>" * 5 + "</ul></body></html>"


def warm_fallback() -> None:
    """Run trafilatura's fallback once on a tiny page, so a process pays its one-time costs before forking.

    Its first use builds jusText's merged stop-word list of every language (about 160 ms); a worker
    forked from a warmed server inherits it instead of paying it on its first retried page.
    """
    trafilatura_text(_WARM_PAGE, "http://sample.test/", fast=False)
