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

It uses trafilatura's internal helpers, which are not a stable API: when they are missing or differ
(another trafilatura version), :func:`cascade_available` is False and :mod:`.choose` calls
``bare_extraction`` as before.
"""

from __future__ import annotations

from copy import copy
from typing import Any

from lxml.html import HtmlElement

__all__ = ["Cascade", "cascade_available"]


def cascade_available() -> bool:
    """Whether this trafilatura has the internal steps :class:`Cascade` mirrors."""
    try:
        from trafilatura import core
        from trafilatura.baseline import baseline, html2txt  # noqa: F401
        from trafilatura.external import compare_extraction, justext_rescue  # noqa: F401
        from trafilatura.htmlprocessing import convert_tags, prune_unwanted_nodes, tree_cleaning  # noqa: F401
        from trafilatura.main_extractor import extract_content  # noqa: F401
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


class Cascade:
    """One page through trafilatura's cascade; :meth:`text` once per mode. ``tree`` is consumed (pruned in
    place)."""

    def __init__(self, tree: HtmlElement, url: str) -> None:
        from trafilatura import core
        from trafilatura.htmlprocessing import prune_unwanted_nodes
        from trafilatura.xpaths import RAW_TREE_PRUNE_XPATH, REMOVE_COMMENTS_AND_LISTS_XPATH

        if tree.getparent() is not None:  # a fragment's element: trafilatura reads a copy of it alone
            tree = copy(tree)
        self.url = url
        self.tree: HtmlElement | None = None
        try:
            is_forum = core._forum_thread_page(tree)
            tree = prune_unwanted_nodes(tree, RAW_TREE_PRUNE_XPATH)
            if not is_forum:  # comments off: their containers go from the raw tree, except on a forum thread
                tree = prune_unwanted_nodes(tree, REMOVE_COMMENTS_AND_LISTS_XPATH)
        except (TypeError, ValueError):  # bare_extraction discards the page on these
            return
        self.tree = tree
        self._baseline: tuple[Any, str, int] | None = None
        self._page_chars: int | None = None

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
        from trafilatura.external import justext_rescue

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
                try:
                    justext_body, justext_text = justext_rescue(copy(tree), options)
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
        body, text = extract_content(convert_tags(cleaned, options, self.url), options)
        if backup is not None:
            body, text = compare_extraction(backup, copy(self.tree), body, text, options)
        return body, text

    def _rescue(self) -> tuple[Any, str, int]:
        from trafilatura.baseline import baseline

        if self._baseline is None:
            self._baseline = baseline(self.tree)  # it copies the tree
        return self._baseline

    def _page(self) -> int:
        from trafilatura.baseline import html2txt

        if self._page_chars is None:
            self._page_chars = len(html2txt(self.tree))  # it copies the tree
        return self._page_chars
