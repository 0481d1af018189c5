"""trafilatura's extraction cascade for one page, in fast mode and with its fallback, the shared work done
once.

:mod:`.choose` asks trafilatura for a page in ``fast`` mode and, on about one page in nine (one in
six on Dragnet's blogs), again with its fallback extractors. Through ``bare_extraction`` the second call
repeats what the first
already did on the same tree: a copy of the tree, the raw-tree pruning, the whole-page text that
decides trafilatura's own recall escalation (``html2txt``) and the baseline rescue (together about
13 ms of the second call's 40 on the benchmark pages), and every call copies the tree it is handed.
:class:`Cascade` runs the steps of ``trafilatura.core.trafilatura_sequence`` and ``bare_extraction``
for the one configuration used here (comments off, tables kept, no metadata, balanced focus), prunes
the page's own tree in place and remembers those shared results; each mode's text is the same as
``bare_extraction`` gives (checked against it on the 879 benchmark pages, both modes, and by
``tests/readers/test_cascade.py`` on every run).

trafilatura's XPaths test classes and ids, most with EXSLT regexes that call Python once per candidate
element. Here the three raw-tree prunes run on every page (infinite-scroll containers, share buttons,
comment containers: about 2 ms on a news page) and ``basic_cleaning`` on the pages that escalate (its
cookie-banner test, 2.5 ms, for the whole-page text and the jusText rescue). Each of them matches only
elements whose class or id holds one of a few words, so each page's classes and ids are joined once
and a prune runs only where its pattern occurs there (:data:`_NEEDS_NAME`: the first two almost never
do), and ``basic_cleaning``'s regex runs per element only on a page that names a cookie banner
(:func:`basic_cleaning_targets`). Same elements, same order: checked on all 879 benchmark pages.

It uses trafilatura's internal helpers, which are not a stable API: when they are missing or differ
(another trafilatura version), :func:`cascade_available` is False and :mod:`.choose` calls
``bare_extraction`` as before; an XPath whose text differs from the one mirrored here runs as it is.
"""

from __future__ import annotations

import re
from copy import copy
from functools import cache
from typing import Any

from lxml.etree import XPath
from lxml.html import HtmlElement

__all__ = ["Cascade", "basic_cleaning_targets", "cascade_available", "class_and_id_names"]

# trafilatura 2.3's BASIC_CLEAN_XPATH, split: the elements chosen by tag and by a "footer" class or id,
# and the cookie-banner regex it applies to every class and id (case-insensitive)
_CLEAN_BY_TAG = (
    ".//aside|.//div[contains(@class|@id, 'footer')]|.//fencedframe|.//footer|.//script|.//style|.//svg"
    "|.//template"
)
_COOKIE_BANNER = (
    "cookie[-_]?(?:banner|bar|consent|law|notice|policy|description)|notice[-_]{0,2}cookie"
    "|consent[-_]?(?:banner|manager|sdk)|borlabs|cookiebot|cmplz|onetrust|moove[-_]?gdpr"
)
# every match of _COOKIE_BANNER contains one of these, in some case
_COOKIE_BANNER_WORDS = ("cookie", "consent", "borlabs", "cmplz", "onetrust", "moove")
# as EXSLT's re:test(..., 'i') compiles it; the lookahead (every alternative's first letter, none of which
# folds to a non-ASCII one) lets a scan pass any other character at once: 5x faster on a page of markup
_COOKIE_BANNER_RE = re.compile(f"(?=[bcmno])(?:{_COOKIE_BANNER})", re.IGNORECASE)
_BY_TAG = XPath(_CLEAN_BY_TAG)
_BY_TAG_OR_NAMED = XPath(_CLEAN_BY_TAG + "|.//*[@class or @id]")
_CLASSES = XPath(".//@class", smart_strings=False)
_IDS = XPath(".//@id", smart_strings=False)

# trafilatura 2.3's raw-tree prunes (whitespace collapsed), each with a pattern that some class or id must
# match for it to match anything: its regexes (or its contains() string) joined, case-sensitive as they
# are, ``^`` at each value's start (the values are joined one a line). Even the XPath without a regex costs
# 0.4 ms on a news page (every element is tested against its predicates).
_NEEDS_NAME = {
    ".//*[self::div or self::section or self::aside][ re:test(@id, 'mvp-post-add-(?:box|wrap)|infinite-?scroll')"
    " or re:test(@class, 'mvp-post-add-(?:box|wrap)|infinite-?scroll')][ not(.//h1) or re:test(@id,"
    " 'mvp-post-add-(?:box|wrap)') or re:test(@class, 'mvp-post-add-(?:box|wrap)')]": re.compile(
        "mvp-post-add-(?:box|wrap)|infinite-?scroll"
    ),
    ".//*[self::div or self::section or self::aside][contains(@class, 'elementor-share-buttons')]": re.compile(
        "elementor-share-buttons"
    ),
    ".//*[self::div or self::list or self::section or self::details or self::ol or self::ul][ re:test(@id,"
    " '^(?:[Cc]omment(?!ary)|comol|disqus_thread|dsq-comments)') or re:test(@class,"
    " '^[Cc]omment(?!ary)|(?:article|post)-comments')][ not(self::ol or self::ul) or re:test(@id,"
    " '^(?:[Cc]omment(?!ary)|comol)') or re:test(@class, '^[Cc]omment(?!ary)|(?:article|post)-comments')]": re.compile(
        "^(?:[Cc]omment(?!ary)|comol|disqus_thread|dsq-comments)|(?:article|post)-comments", re.MULTILINE
    ),
}


def class_and_id_names(tree: HtmlElement) -> str:
    """Every class and id value in ``tree``, one a line: a page-wide superset test for the XPaths above."""
    return "\n".join(_CLASSES(tree) + _IDS(tree))


def _prune(tree: HtmlElement, expressions: list[XPath], names: str) -> HtmlElement:
    """trafilatura's ``prune_unwanted_nodes(tree, expressions)``, skipping the expressions ``names`` rules
    out."""
    from trafilatura.xml import delete_element

    for expression in expressions:
        needed = _NEEDS_NAME.get(" ".join(expression.path.split()))
        if needed is None or needed.search(names) is not None:
            for element in expression(tree):
                delete_element(element)  # the tail text is preserved
    return tree


class _StopWords(tuple[str, ...]):
    """jusText's merged stop-word tuple with its hash computed once.

    trafilatura hands jusText every language's stop words as one tuple of about 150,000 words, and
    jusText's ``define_stoplist`` looks it up in an ``lru_cache``, which hashes the whole tuple on every
    call (1.3 ms, up to three calls on a retried page). Same words, same order, same hash: only the
    hashing is done once.
    """

    _hash: int

    def __hash__(self) -> int:
        return self._hash


def _hash_stop_words_once() -> None:
    """Give trafilatura's module-level jusText stop-word tuple a cached hash, before jusText first sees it.

    Built here (as ``try_justext`` would on its first use) so that ``lru_cache`` only ever keys on the
    cached-hash tuple: a plain tuple left as a key there would be compared word by word on every lookup.
    """
    from trafilatura import external

    words = getattr(external, "JT_STOPLIST", False)
    if words is None and callable(getattr(external, "jt_stoplist_init", None)):
        words = external.jt_stoplist_init()
    if type(words) is not tuple:  # already done, or another trafilatura: leave it as it is
        return
    cached = _StopWords(words)
    cached._hash = hash(words)
    external.JT_STOPLIST = cached  # type: ignore[assignment]  # a tuple, as trafilatura builds it


def cascade_available() -> bool:
    """Whether this trafilatura has the internal steps :class:`Cascade` mirrors."""
    try:
        from trafilatura import core
        from trafilatura.baseline import _spaced_text, baseline  # noqa: F401
        from trafilatura.external import compare_extraction, try_justext  # noqa: F401
        from trafilatura.htmlprocessing import convert_tags, prune_unwanted_nodes, tree_cleaning  # noqa: F401
        from trafilatura.main_extractor import extract_content  # noqa: F401
        from trafilatura.utils import trim  # noqa: F401
        from trafilatura.xml import delete_element  # noqa: F401
        from trafilatura.xpaths import RAW_TREE_PRUNE_XPATH, REMOVE_COMMENTS_AND_LISTS_XPATH  # noqa: F401
    except ImportError:
        return False
    return callable(getattr(core, "_forum_thread_page", None)) and all(
        hasattr(core, name)
        for name in (
            "ESCALATION_MAX_LENGTH",
            "ESCALATION_PAGE_SHARE",
            "ESCALATION_ACCEPT_RATIO",
            "ESCALATION_JUSTEXT_RATIO",
        )
    )


# sha256 of the source of trafilatura 2.3.1's ``compare_extraction``, which ``Cascade._compare`` mirrors
_COMPARE_EXTRACTION_SHA256 = "2d3d1ffea3ba469f7cfe7a0198968d7ff7dfc1fe50842605761644a044858962"


@cache
def _mirrors_compare_extraction() -> bool:
    """Whether this trafilatura's ``compare_extraction`` is, to the character, the one mirrored."""
    import hashlib
    import inspect

    try:
        from trafilatura import external

        source = inspect.getsource(external.compare_extraction)
        needed = ("JUSTEXT_OVERRIDE_RATIO", "SANITIZED_XPATH", "_prefer_readability", "justext_rescue")
        present = all(hasattr(external, name) for name in needed)
    except (ImportError, OSError, TypeError):
        return False
    return present and hashlib.sha256(source.encode()).hexdigest() == _COMPARE_EXTRACTION_SHA256


@cache
def _mirrors_basic_cleaning() -> bool:
    """Whether this trafilatura's ``BASIC_CLEAN_XPATH`` is the one :func:`basic_cleaning_targets` mirrors."""
    try:
        from trafilatura.settings import BASIC_CLEAN_XPATH
    except ImportError:
        return False
    expected = f"{_CLEAN_BY_TAG}|.//*[re:test(@class, '{_COOKIE_BANNER}', 'i') or re:test(@id, '{_COOKIE_BANNER}', 'i')]"
    return getattr(BASIC_CLEAN_XPATH, "path", None) == expected


def basic_cleaning_targets(tree: HtmlElement, names: str | None = None) -> list[HtmlElement]:
    """The elements trafilatura's ``basic_cleaning`` deletes from ``tree``, in its order (document order).

    ``names``: :func:`class_and_id_names` of ``tree`` or of a tree it was copied from and pruned.
    """
    if not _mirrors_basic_cleaning():
        from trafilatura.settings import BASIC_CLEAN_XPATH

        return list(BASIC_CLEAN_XPATH(tree))
    if names is None:
        names = class_and_id_names(tree)  # no banner pattern spans a line break
    if names.isascii():  # re.IGNORECASE on ASCII text is lower-casing; past ASCII, "ſ" matches "s"
        lowered = names.lower()
        if not any(word in lowered for word in _COOKIE_BANNER_WORDS):
            return list(_BY_TAG(tree))
    elif _COOKIE_BANNER_RE.search(names) is None:
        return list(_BY_TAG(tree))
    by_tag = set(_BY_TAG(tree))  # lxml hands back the same element objects while they are referenced
    search = _COOKIE_BANNER_RE.search
    return [
        element
        for element in _BY_TAG_OR_NAMED(tree)
        if element in by_tag or search(element.get("class") or "") or search(element.get("id") or "")
    ]


def _basic_cleaning(tree: HtmlElement, names: str) -> HtmlElement:
    """trafilatura's ``baseline.basic_cleaning``: the elements go, their tails stay."""
    from trafilatura.xml import delete_element

    for element in basic_cleaning_targets(tree, names):
        delete_element(element)
    return tree


class Cascade:
    """One page through trafilatura's cascade; :meth:`text` once per mode. ``tree`` is consumed (pruned in
    place)."""

    def __init__(self, tree: HtmlElement, url: str) -> None:
        from trafilatura import core
        from trafilatura.xpaths import RAW_TREE_PRUNE_XPATH, REMOVE_COMMENTS_AND_LISTS_XPATH

        if tree.getparent() is not None:  # a fragment's element: trafilatura reads a copy of it alone
            tree = copy(tree)
        self.url = url
        self.tree: HtmlElement | None = None
        self._names = class_and_id_names(tree)  # pruning only removes names: it stays a superset
        try:
            is_forum = core._forum_thread_page(tree)
            tree = _prune(tree, RAW_TREE_PRUNE_XPATH, self._names)
            if not is_forum:  # comments off: their containers go from the raw tree, except on a forum thread
                tree = _prune(tree, REMOVE_COMMENTS_AND_LISTS_XPATH, self._names)
        except (TypeError, ValueError):  # bare_extraction discards the page on these
            return
        self.tree = tree
        self._baseline: tuple[Any, str, int] | None = None
        self._page_chars: int | None = None
        self._readability: tuple[Any, str] | None = None

    def text(self, *, fast: bool) -> str:
        """The text ``bare_extraction(tree, url=..., fast=fast, include_comments=False, include_tables=True,
        with_metadata=False)`` returns; "" where it returns None."""
        from trafilatura.settings import DEFAULT_CONFIG, Extractor
        from trafilatura.xml import xmltotxt

        options = Extractor(
            config=DEFAULT_CONFIG,
            output_format="python",
            fast=fast,
            precision=False,
            recall=False,
            comments=False,
            formatting=None,
            links=False,
            images=False,
            tables=True,
            dedup=False,
            lang=None,
            url=self.url,
            with_metadata=False,
            only_with_metadata=False,
        )
        if self.tree is None:
            return ""
        try:
            body, text = self._sequence(options)
        except (TypeError, ValueError):  # bare_extraction discards the page on these
            return ""
        if len(text) < options.min_output_size:
            return ""
        return str(xmltotxt(body, options.formatting))

    def _sequence(self, options: Any) -> tuple[Any, str]:
        """``trafilatura_sequence`` with comments off and a balanced focus (no comment capture, no forum
        salvage)."""
        from trafilatura import core
        from trafilatura.external import try_justext
        from trafilatura.utils import trim

        tree = self.tree
        body, text = self._extract(options)
        if len(text) < options.min_extracted_size:  # the baseline rescue, accepted only if it adds text
            baseline_body, baseline_text, baseline_chars = self._rescue()
            if baseline_chars > len(text):
                body, text = copy(baseline_body), baseline_text
        if (
            0 < len(text) < core.ESCALATION_MAX_LENGTH
            and len(text) < core.ESCALATION_PAGE_SHARE * self._page()
        ):
            recall = copy(options)
            recall.focus = "recall"
            recall_text = justext_text = ""
            try:
                recall_body, recall_text = self._extract(recall)
            except Exception:  # as trafilatura: a failed retry keeps the first answer
                recall_text = ""
            if not options.fast:
                try:  # trafilatura's justext_rescue
                    justext_body = try_justext(
                        _basic_cleaning(copy(tree), self._names), options.url, options.lang
                    )
                    justext_text = trim(" ".join(justext_body.itertext()))
                except Exception:
                    justext_text = ""
            if len(justext_text) > len(recall_text) and len(
                justext_text
            ) > core.ESCALATION_JUSTEXT_RATIO * len(text):
                body, text = justext_body, justext_text
            elif len(recall_text) >= options.min_extracted_size and len(
                recall_text
            ) > core.ESCALATION_ACCEPT_RATIO * len(text):
                body, text = recall_body, recall_text
        return body, text

    def _extract(self, options: Any) -> tuple[Any, str]:
        """trafilatura's main extractor on a cleaned copy of the tree, then (not in fast mode) its comparison
        with readability and jusText (``_prepare_tree`` and ``_extract_and_compare``). The copy of the cleaned
        tree that only the comparison reads is not made in fast mode."""
        from trafilatura.external import compare_extraction
        from trafilatura.htmlprocessing import convert_tags, tree_cleaning
        from trafilatura.main_extractor import extract_content

        cleaned = tree_cleaning(copy(self.tree), options)
        backup = None if options.fast else copy(cleaned)
        if not options.fast:
            _hash_stop_words_once()
        body, text = extract_content(convert_tags(cleaned, options, self.url), options)
        if backup is not None:
            if _mirrors_compare_extraction():
                body, text = self._compare(backup, body, text, options)
            else:
                body, text = compare_extraction(backup, copy(self.tree), body, text, options)
        return body, text

    def _compare(self, cleaned_tree: Any, body: Any, text: str, options: Any) -> tuple[Any, str]:
        """trafilatura's ``compare_extraction(cleaned_tree, copy(self.tree), body, text, options)``, line for
        line, with readability's answer on the raw tree remembered.

        The fallback pass and its recall escalation both run readability on the same unpruned raw tree
        (focus balanced, then recall: neither prunes it first), about 2.5 ms each on a news page; the
        second time its summary is copied instead. Used only where trafilatura's function is the one
        mirrored (:func:`_mirrors_compare_extraction`).
        """
        from lxml.etree import tostring
        from trafilatura.external import (
            JUSTEXT_OVERRIDE_RATIO,
            SANITIZED_XPATH,
            _prefer_readability,
            justext_rescue,
            sanitize_tree,
            try_readability,
        )
        from trafilatura.htmlprocessing import prune_unwanted_nodes
        from trafilatura.utils import trim
        from trafilatura.xpaths import OVERALL_DISCARD_XPATH

        len_text = len(text)
        if options.focus == "recall" and len_text > options.min_extracted_size * 10:
            return body, text
        if options.focus == "precision":  # a pruned raw tree: readability's answer is not the shared one
            algo_body = try_readability(prune_unwanted_nodes(copy(self.tree), OVERALL_DISCARD_XPATH))
            algo_text = trim(tostring(algo_body, method="text", encoding="utf-8").decode("utf-8"))
        else:
            if self._readability is None:
                summary = try_readability(copy(self.tree))
                self._readability = (
                    summary,
                    trim(tostring(summary, method="text", encoding="utf-8").decode("utf-8")),
                )
            algo_body, algo_text = copy(self._readability[0]), self._readability[1]
        len_algo = len(algo_text)
        use_readability = _prefer_readability(body, algo_body, algo_text, len_text, len_algo, options)
        if use_readability:
            body, text, len_text = algo_body, algo_text, len_algo
        unclean = bool(body.xpath(SANITIZED_XPATH))
        if unclean or len_text < options.min_extracted_size:
            body2, text2 = justext_rescue(cleaned_tree, options)
            len_text2 = len(text2)
            if unclean:
                accept = len_text <= JUSTEXT_OVERRIDE_RATIO * len_text2 and (
                    len_text2 > len_text or not options.images or body.find(".//graphic") is None
                )
            else:
                accept = len_text < len_text2
            if text2 and accept:
                body, text, len_text = body2, text2, len_text2
                use_readability = False
        if use_readability:
            body, text = sanitize_tree(body, options)
        return body, text

    def _rescue(self) -> tuple[Any, str, int]:
        from trafilatura.baseline import baseline

        if self._baseline is None:
            self._baseline = baseline(self.tree)  # it copies the tree
        return self._baseline

    def _page(self) -> int:
        """The length of ``html2txt(tree)``, the whole-page text that decides the recall escalation."""
        from trafilatura.baseline import _spaced_text

        if self._page_chars is None and self.tree is not None:
            body = self.tree.find(".//body")  # html2txt reads the body alone: only it is copied
            page = copy(self.tree if body is None else body)  # the steps below modify it
            self._page_chars = len(_spaced_text(_basic_cleaning(page, self._names)))
        return self._page_chars or 0
