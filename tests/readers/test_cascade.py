"""The shared cascade gives, in each mode, exactly the text trafilatura's own ``bare_extraction`` gives.

cascade.py mirrors trafilatura's internal steps to do their common work once; these pages take each
branch (the baseline rescue, the recall escalation, a forum thread, a fragment, a long article), so an
upgrade of trafilatura that changes those steps shows here instead of in the benchmark.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import trafilatura

from webquorum.readers.cascade import Cascade, basic_cleaning_targets, cascade_available
from webquorum.readers.choose import article_text, parse_html
from webquorum.readers.hidden import drop_hidden

URL = "https://news.example/story"
PARAGRAPH = "The harbour board approved the new ferry timetable on Monday after a long public consultation."
MENU = "".join(f"<li><a href='/section/{n}'>Section number {n} of the site</a></li>" for n in range(60))
MADE = {
    "article": f"<html><body><nav><ul>{MENU}</ul></nav><article>{('<p>' + PARAGRAPH + '</p>') * 30}</article></body></html>",
    "teaser in a menu page": f"<html><body><ul>{MENU}</ul><div><p>{PARAGRAPH}</p></div><ul>{MENU}</ul></body></html>",
    "short page": f"<html><body><div>{PARAGRAPH}</div></body></html>",
    "json-ld only": (
        '<html><head><script type="application/ld+json">{"@type": "NewsArticle", "articleBody": "'
        + PARAGRAPH * 8
        + f'"}}</script></head><body><ul>{MENU}</ul></body></html>'
    ),
    "forum thread": (
        '<html><head><script type="application/ld+json">{"@type": "DiscussionForumPosting", "headline": "Ferries"}'
        f"</script></head><body><div class='comments'>{'<div class=comment><p>' + PARAGRAPH + '</p></div>' * 6}"
        "</div></body></html>"
    ),
    "fragment": f"<div><p>{PARAGRAPH}</p><p>{PARAGRAPH}</p></div>",
    "table": "<html><body><table>"
    + f"<tr><td>Route {PARAGRAPH}</td><td>42 minutes</td></tr>" * 12
    + "</table></body></html>",
}


def _pages(fixtures_dir: Path) -> dict[str, str]:
    files = {
        path.name: path.read_text(encoding="utf-8")
        for path in sorted((fixtures_dir / "pages").glob("*.html"))
    }
    return {**MADE, **files}


def _bare(html: str, fast: bool) -> str:
    tree = parse_html(html)
    if tree is None:
        return ""
    drop_hidden(tree)
    doc = trafilatura.bare_extraction(
        tree, url=URL, fast=fast, include_comments=False, include_tables=True, with_metadata=False
    )
    return (doc.text or "") if isinstance(doc, trafilatura.settings.Document) else ""


@pytest.mark.skipif(
    not cascade_available(), reason="this trafilatura lacks the internal steps; choose.py calls it directly"
)
def test_each_mode_reads_as_bare_extraction_does(fixtures_dir: Path) -> None:
    for name, html in _pages(fixtures_dir).items():
        tree = parse_html(html)
        assert tree is not None, name
        drop_hidden(tree)
        cascade = Cascade(tree, URL)
        assert cascade.text(fast=True) == _bare(html, fast=True), name
        assert cascade.text(fast=False) == _bare(html, fast=False), name


def test_the_reader_keeps_the_longer_answer_whichever_path_runs(fixtures_dir: Path) -> None:
    html = _pages(fixtures_dir)["teaser in a menu page"]
    fast, full = _bare(html, fast=True), _bare(html, fast=False)
    expected = full if len(full) > len(fast) and len(fast) < 2000 else fast
    assert article_text(html, URL, lambda: 10 * len(html)) == expected


BANNERS = (
    "<html><body><div class='Cookie-Banner'><p>We use cookies.</p></div>"
    "<div id='ONETRUST-sdk'><span class='notice__cookie'>Accept</span></div>"
    "<div class='conſent-manager'>long s</div><div class='cookıe-bar'>dotless i</div>"
    "<div class='Cookies list'>not a banner</div><div id='page-footer'>footer</div>"
    "<aside>aside</aside><article><p>" + PARAGRAPH + "</p><script>var cookie_bar = 1;</script></article>"
    "<svg><g class='cmplz'></g></svg><footer class='consent-sdk'>both</footer></body></html>"
)


def test_basic_cleaning_finds_what_trafilaturas_xpath_finds(fixtures_dir: Path) -> None:
    """The same elements, in the same order, with and without cookie-banner names, ASCII or not."""
    from trafilatura.settings import BASIC_CLEAN_XPATH

    pages = {**_pages(fixtures_dir), "banners": BANNERS, "plain": MADE["article"]}
    for name, html in pages.items():
        tree = parse_html(html)
        assert tree is not None, name
        assert basic_cleaning_targets(tree) == list(BASIC_CLEAN_XPATH(tree)), name
    tree = parse_html(BANNERS)
    assert tree is not None
    found = basic_cleaning_targets(tree)
    assert len(found) == 11 and all(element.get("class") != "Cookies list" for element in found)


def test_the_installed_trafilatura_cleans_as_the_mirror_expects() -> None:
    """Else the mirror falls back to trafilatura's slower XPath without a word: say so here."""
    from webquorum.readers.cascade import _mirrors_basic_cleaning

    assert _mirrors_basic_cleaning()


def test_the_installed_trafilatura_compares_as_the_mirror_expects() -> None:
    """Else the fallback runs trafilatura's own comparison (readability twice a retried page): say so."""
    from webquorum.readers.cascade import _mirrors_compare_extraction

    assert _mirrors_compare_extraction()


def test_the_stop_words_jusText_reads_are_trafilaturas_with_their_hash_kept() -> None:
    """The fallback hands jusText the same merged stop words; only their hash is computed once."""
    from justext.utils import get_stoplist, get_stoplists
    from trafilatura import external

    tree = parse_html(MADE["teaser in a menu page"])
    assert tree is not None
    Cascade(tree, URL).text(fast=False)
    words = external.JT_STOPLIST
    assert isinstance(words, tuple) and type(words) is not tuple
    assert set(words) == {word for language in get_stoplists() for word in get_stoplist(language)}
    assert hash(words) == hash(tuple(words)) and words == tuple(words)


CONTAINERS = (
    "<html><body><article><p>" + PARAGRAPH + "</p></article>"
    "<div class='commentary'>kept: commentary is not comments</div><div id='comments-area'>gone</div>"
    "<ul class='Comment-list'><li>gone</li></ul><section class='post-comments'>gone</section>"
    "<div class='infinite-scroll'><p>follow-up article</p></div><div id='mvp-post-add-box'><h1>x</h1></div>"
    "<div class='elementor-share-buttons--view-icon'>gone: share</div>"
    "</body></html>"
)


def test_the_raw_tree_prunes_skip_only_what_they_would_not_find(fixtures_dir: Path) -> None:
    from copy import deepcopy

    from lxml.html import tostring
    from trafilatura.htmlprocessing import prune_unwanted_nodes
    from trafilatura.xpaths import RAW_TREE_PRUNE_XPATH, REMOVE_COMMENTS_AND_LISTS_XPATH

    from webquorum.readers.cascade import _prune, class_and_id_names

    pages = {**_pages(fixtures_dir), "containers": CONTAINERS}
    for expressions in (RAW_TREE_PRUNE_XPATH, REMOVE_COMMENTS_AND_LISTS_XPATH):
        for name, html in pages.items():
            tree = parse_html(html)
            assert tree is not None, name
            theirs = prune_unwanted_nodes(deepcopy(tree), expressions)
            ours = _prune(tree, expressions, class_and_id_names(tree))
            assert tostring(ours) == tostring(theirs), name
    tree = parse_html(CONTAINERS)
    assert tree is not None
    for expressions in (RAW_TREE_PRUNE_XPATH, REMOVE_COMMENTS_AND_LISTS_XPATH):
        tree = _prune(tree, expressions, class_and_id_names(tree))
    text = tree.text_content()
    assert "commentary" in text and "gone" not in text and "follow-up" not in text
