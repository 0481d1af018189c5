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
from functools import cache
from typing import NamedTuple

from lxml.etree import ElementDefaultClassLookup
from lxml.html import HtmlComment, HtmlElement, HtmlEntity, HTMLParser, HtmlProcessingInstruction, fromstring

from webquorum.readers.cascade import Cascade, cascade_available
from webquorum.readers.hidden import drop_hidden

__all__ = [
    "MAIN_TEXT_RULES",
    "RETRY_CHARS",
    "RETRY_SHARE",
    "MainTextRules",
    "article_text",
    "parse_html",
    "trafilatura_text",
]

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


_PARSER = HTMLParser(
    collect_ids=False, default_doctype=False, encoding="utf-8", remove_comments=True, remove_pis=True
)
# trafilatura's parser settings, but every element is a plain HtmlElement chosen in C: lxml.html's own
# lookup calls a Python function for each element object made (about 4% of a page's extraction),
# only to give <form>, <input>, <select>, <textarea> and <label> classes that nothing here uses.
_PARSER.set_element_class_lookup(
    ElementDefaultClassLookup(
        element=HtmlElement, comment=HtmlComment, pi=HtmlProcessingInstruction, entity=HtmlEntity
    )
)


def parse_html(html: str) -> HtmlElement | None:
    """The page's lxml tree as trafilatura's ``load_html`` builds it from a string, or None (not HTML).

    Built once per page: htmldate copies it (when the metadata states no date), then hidden text
    goes from it and trafilatura's cascade prunes it in place for both of its passes (:mod:`.cascade`).
    """
    from trafilatura.utils import repair_faulty_html  # lazily, like every trafilatura import here

    beginning = html[:50].lower()
    html = repair_faulty_html(html, beginning)
    tree: HtmlElement | None = None
    as_bytes = False
    try:
        tree = fromstring(html, parser=_PARSER)
    except ValueError:  # a string with an encoding declaration: lxml wants bytes then
        as_bytes = True
    except Exception:  # as trafilatura: a page libxml2 cannot read has no tree
        tree = None
    if as_bytes or tree is None or len(tree) < 1:
        try:
            tree = fromstring(html.encode("utf8", "surrogatepass"), parser=_PARSER)
        except Exception:
            tree = None
    if tree is not None and "html" not in beginning and len(tree) < 2:  # trafilatura's "not HTML at all" test
        return None
    return tree


def trafilatura_text(page: HtmlElement | None, final_url: str, *, fast: bool = True) -> str:
    """trafilatura's main text of a parsed page: comments off, tables kept, metadata ours.

    trafilatura copies the tree it is handed, so ``page`` is left as it was for a second pass.
    """
    import trafilatura  # lazily: 190 ms of imports that only HTML reads need

    if page is None:
        return ""
    extracted = trafilatura.bare_extraction(
        page, url=final_url, fast=fast, include_comments=False, include_tables=True, with_metadata=False
    )
    return (extracted.text or "") if isinstance(extracted, trafilatura.settings.Document) else ""


def article_text(
    page: str | HtmlElement | None,
    final_url: str,
    visible_chars: Callable[[], int],
    rules: MainTextRules = MAIN_TEXT_RULES,
    sheet: str | None = None,
) -> str:
    """trafilatura's text of the page: fast mode, then the fallback when fast kept little of a long visible
    page.

    ``page`` is the HTML or its tree from :func:`parse_html`, which this consumes (hidden text is
    dropped from it and trafilatura prunes it in place). ``visible_chars`` measures the page's visible
    text; it is only called when fast mode's text is short enough for the answer to matter. ``sheet``:
    the style sheets' text when the tree was parsed without its style elements (:mod:`.lean`).
    """
    tree = parse_html(page) if isinstance(page, str) else page
    if tree is None:
        return ""
    if rules.hidden:
        drop_hidden(tree, sheet)
    if _has_cascade():  # both modes share their common work (cascade.py)
        cascade = Cascade(tree, final_url)
        extract: Callable[[bool], str] = lambda fast: cascade.text(fast=fast)  # noqa: E731
    else:  # another trafilatura: its public call, which copies the tree each time
        extract = lambda fast: trafilatura_text(tree, final_url, fast=fast)  # noqa: E731
    text = extract(True)
    if rules.retry and len(text) < RETRY_CHARS and len(text) < RETRY_SHARE * visible_chars():
        fuller = extract(False)
        if len(fuller) > len(text):
            text = fuller
    return text


@cache
def _has_cascade() -> bool:
    return cascade_available()


_WARM_PAGE = (
    "<html><body><p>One short line.</p><ul>"
    + "<li><a href='/x'>A menu entry</a></li>" * 5
    + "</ul></body></html>"
)


def warm_fallback() -> None:
    """Run trafilatura's fallback once on a tiny page, so a process pays its one-time costs before forking.

    Its first use builds jusText's merged stop-word list of every language (about 160 ms); a worker
    forked from a warmed server inherits it instead of paying it on its first retried page.
    """
    article_text(
        _WARM_PAGE, "http://sample.test/", lambda: 100 * len(_WARM_PAGE)
    )  # both passes, as a page takes them
