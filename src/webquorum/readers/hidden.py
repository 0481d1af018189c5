"""Drop the text a reader of the page never sees, before the extractor reads the tree.

Pages carry text that is not shown: ``<noscript>`` and ``<template>`` bodies, elements marked
``hidden`` or ``aria-hidden="true"``, ``display:none``/``visibility:hidden`` blocks (keyword-stuffing,
spam traps, copies for other layouts), zero-size text and text coloured like its own background.
None of it is the page's content, and a brief must not quote it.

What is recognised: the ``hidden`` attribute (not ``until-found``, which the browser's find reveals),
``aria-hidden="true"``, ``<noscript>``, ``<template>``, and these declarations, in an inline ``style`` or
in a ``<style>`` rule whose selectors are simple (``tag``, ``.class``, ``#id``, ``tag.class``,
``tag#id``; lists of them): ``display:none``, ``visibility:hidden|collapse``, ``font-size:0``, and a
``color`` equal to the same declaration block's ``background``/``background-color``. Not covered:
combinators, attribute and pseudo selectors, external stylesheets, ``opacity:0`` (fade-in
animations start there), off-screen positioning and clip-based "visually hidden" text (meant for
screen readers), colours inherited from an ancestor, and scripts that hide or show anything.

``@media`` blocks are skipped (they hide for some screens only). One guard, for a general reason:
hidden blocks that together hold most of the page's text are the page itself, hidden until a
script shows them (a reveal-on-load article, the slides of a gallery, a snapshot taken with a modal
open, or a blog whose posts only a ``<noscript>`` holds for readers without scripts), so then only
``<template>`` contents go. Bounds: 200,000 characters of style sheet, 2,000 rules, 200 hiding
selectors per page.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lxml.etree import XPath
from lxml.html import HtmlElement

__all__ = ["drop_hidden", "hides"]

_MAX_RULES = 2000  # <style> rules read per page: a hostile sheet stops here
_MAX_STYLE_CHARS = 200_000
_MAX_SELECTORS = 200  # hiding selectors matched per page: each is one more test on every element
_MOST_OF_PAGE = 0.5
_COMMENT = re.compile(r"/\*.*?\*/", re.S)
# An innermost rule that sets a property able to hide or show text: its selectors, ``{``, a body without
# braces that names one of the properties, ``}``. The body skips, possessively, whole runs of characters
# that cannot start a property name (a lazy scan tried all four names at every character: a fifth of the
# time on news pages' sheets). A rule starts at the sheet's start (_FIRST_RULE) or right after a brace:
# _NEXT_RULE takes that brace as its first character, so the regex engine skips to the next brace in its
# C loop instead of trying a lookbehind at every character (half the time on news pages' sheets). Each
# attempt starts at a brace and fails at the next one: linear time.
_RULE_BODY = (
    r"((?:[^{}dvfc]++|d(?!isplay)|v(?!isibility)|f(?!ont-size)|c(?!olor))*+"
    r"(?:display|visibility|font-size|color)[^{}]*+)\}"
)
_FIRST_RULE = re.compile(r"\A([^{}]*+)\{" + _RULE_BODY)  # \A: searched, it fails past the start
_NEXT_RULE = re.compile(r"[{}]([^{}]*+)\{" + _RULE_BODY)
_SIMPLE = re.compile(r"^([a-z][a-z0-9]*)?(?:([.#])([A-Za-z_][\w-]*))?$")
_ZERO = re.compile(r"^0(?:\.0+)?(?:px|pt|em|rem|%)?$")


def _declarations(block: str) -> dict[str, str]:
    """``{property: value}`` of one declaration block, lowercased, ``!important`` and spaces removed."""
    out: dict[str, str] = {}
    for part in block.split(";"):
        name, sep, value = part.partition(":")
        if sep:
            out[name.strip().lower()] = "".join(value.lower().replace("!important", "").split())
    return out


def _may_hide(block: str) -> bool:
    """A cheap test before parsing: most declaration blocks name none of the hiding properties' values."""
    low = block.lower()
    return (
        "none" in low
        or "hidden" in low
        or "collapse" in low
        or "font-size" in low
        or ("color" in low and "background" in low)
    )


@lru_cache(maxsize=4096)
def hides(block: str) -> bool:
    """True when a CSS declaration block makes its element's text invisible (the rules in the module doc).

    Remembered per block: a page repeats its inline styles (a news page tests about 150 blocks, most of
    them more than once, and most name ``none`` or ``hidden`` somewhere, so they are parsed).
    """
    if not _may_hide(block):
        return False
    decl = _declarations(block)
    if decl.get("display") == "none" or decl.get("visibility") in ("hidden", "collapse"):
        return True
    if _ZERO.match(decl.get("font-size", "x")):
        return True
    colour = decl.get("color")
    background = decl.get("background-color") or decl.get("background")
    return bool(colour) and colour == background


def _rules(css: str) -> list[tuple[str, str, bool]]:
    """``(selectors, declarations, top_level)`` of every innermost rule of the sheet, in order.

    Only rules that set ``display``, ``visibility``, ``font-size`` or ``color`` are returned, found by
    one regex; a rule is top-level when the braces before it balance (counted in C).
    """
    rules: list[tuple[str, str, bool]] = []
    depth = 0
    last = 0
    count = 0
    rule = _FIRST_RULE.match(css)
    while rule is not None or (rule := _NEXT_RULE.search(css, max(last - 1, 0))) is not None:
        if count >= _MAX_RULES:
            break
        count += 1
        start = rule.start(1)
        depth += css.count("{", last, start) - css.count("}", last, start)
        depth = max(depth, 0)
        last = rule.end()  # its closing brace, at last - 1, may start the next rule
        selectors = rule[1].strip()
        if not selectors.startswith("@"):
            rules.append((selectors, rule[2], depth == 0))
        rule = None
    return rules


def _shows(block: str) -> bool:
    decl = _declarations(block)
    return decl.get("display", "none") != "none" or decl.get("visibility", "hidden") not in (
        "hidden",
        "collapse",
    )


def _names(selectors: str) -> list[str]:
    """The selectors of a comma-separated list, spaces normalised."""
    return [" ".join(selector.split()) for selector in selectors.split(",")]


def _may_show(block: str) -> bool:
    """A cheap test before parsing: only a block that sets ``display`` or ``visibility`` shows anything
    again."""
    low = block.lower()
    return "display" in low or "visibility" in low


def _sheet_selectors(tree: HtmlElement, sheet: str | None = None) -> list[str]:
    """XPath tests for the simple selectors that a top-level ``<style>`` rule hides and no rule shows again.

    Mobile-first sheets hide ``.desktop`` at the top and show it inside ``@media (min-width: ...)``:
    such a class is hidden on some screens only, so it stays; rules inside ``@media`` never hide.
    ``sheet``: the text of the page's style elements when they were taken out before the parse
    (:mod:`.lean`); None reads them from ``tree``.
    """
    if sheet is None:
        sheet = "".join(node.text or "" for node in tree.iter("style"))
    css = _COMMENT.sub(" ", sheet[:_MAX_STYLE_CHARS])
    if not _may_hide(css):
        return []
    rules = _rules(css)
    hidden = dict.fromkeys(
        name for selectors, body, top in rules if top and hides(body) for name in _names(selectors)
    )
    if not hidden:
        return []
    showing = (_names(selectors) for selectors, body, _ in rules if _may_show(body) and _shows(body))
    shown = {name for names in showing if any(n in hidden for n in names) for name in names}
    tests: list[str] = []
    for selector in hidden:
        if selector in shown:
            continue
        found = _SIMPLE.match(selector)
        if not found or not (found[1] or found[3]):
            continue
        tag, kind, name = found[1], found[2], found[3]
        conditions = []
        if tag:
            conditions.append(f"self::{tag}")
        if kind == "#":
            conditions.append(f"@id='{name}'")
        elif kind == ".":
            # The plain substring test first: it is cheap and most classes fail it (a token is a substring).
            conditions.append(
                f"contains(@class, '{name}') and contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"
            )
        tests.append(" and ".join(conditions))
        if len(tests) >= _MAX_SELECTORS:
            break
    return tests


# In C, one attribute axis each (a third faster than testing every element); string tests there cost more.
_MARKED = XPath("//@hidden/.. | //@aria-hidden/.. | //@style/..")


def _one_walk(tests: list[str]) -> str:
    """One XPath walk of the body for all the selectors (a union walked it once per selector); class tests
    sit behind one ``@class`` test, so elements without a class skip them all."""
    classes = [f"({test})" for test in tests if "@class" in test]
    parts = [f"(@class and ({' or '.join(classes)}))"] if classes else []
    parts += [f"({test})" for test in tests if "@class" not in test]
    return f"descendant-or-self::*[{' or '.join(parts)}]"


def _hidden_elements(tree: HtmlElement, sheet: str | None) -> list[HtmlElement]:
    found: list[HtmlElement] = list(tree.iter("noscript", "template"))
    for node in _MARKED(tree):
        hidden = node.get("hidden")
        if (
            (hidden is not None and hidden.strip().lower() != "until-found")
            or (node.get("aria-hidden") or "").strip().lower() == "true"
            or hides(node.get("style") or "")
        ):
            found.append(node)
    tests = _sheet_selectors(tree, sheet)
    if tests:
        body = tree.find("body")
        if body is not None:
            found.extend(body.xpath(_one_walk(tests)))
    return found


def _chars(node: HtmlElement) -> int:
    """Characters of text under ``node``, spaces left out."""
    return len("".join(node.text_content().split()))


def _page_chars(body: HtmlElement) -> int:
    """Characters of the body's readable text, scripts and styles left out, spaces left out."""
    return _chars(body) - sum(_chars(node) for node in body.iter("script", "style"))


def _paragraph_chars(body: HtmlElement) -> int:
    """A cheap lower bound of :func:`_page_chars`: the leading text of the body's paragraphs, spaces left out.

    Those text nodes are part of the body's readable text and never inside a script, so when the hidden
    blocks hold no more than half of this, they hold no more than half of the page: no full count then.
    """
    return sum(len("".join(node.text.split())) for node in body.iter("p") if node.text)


def _inside(node: HtmlElement, chosen: set[HtmlElement], memo: dict[HtmlElement, bool]) -> bool:
    """Whether an ancestor of ``node`` is in ``chosen``; ``memo`` makes a whole page cost one walk of its
    tree.

    Without it, a page of nested hidden blocks (1,000 levels, 100,000 tags: what the bounds allow)
    would cost candidates times depth.
    """
    path: list[HtmlElement] = []
    parent = node.getparent()
    found = False
    while parent is not None:
        if parent in memo:
            found = memo[parent]
            break
        if parent in chosen:
            found = True
            break
        path.append(parent)
        parent = parent.getparent()
    for passed in path:  # none of them is chosen, so each is inside exactly when the stop was
        memo[passed] = found
    return found


def drop_hidden(tree: HtmlElement, sheet: str | None = None) -> int:
    """Remove the hidden elements of ``tree`` in place (tail text kept); the number removed.

    ``sheet``: the page's style-sheet text when its style elements are no longer in ``tree``
    (:mod:`.lean`).
    """
    candidates = _hidden_elements(tree, sheet)
    if not candidates:
        return 0
    chosen = set(candidates)
    memo: dict[HtmlElement, bool] = {}
    outer = [node for node in candidates if not _inside(node, chosen, memo)]
    body = tree.find("body")
    shown = [node for node in outer if node.tag != "template"]
    shown_chars = sum(
        map(_chars, shown)
    )  # often 0 (an empty <noscript>, a tracking pixel): no page count then
    if (
        body is not None
        and shown_chars
        and shown_chars > _MOST_OF_PAGE * _paragraph_chars(body)
        and shown_chars > _MOST_OF_PAGE * _page_chars(body)
    ):
        outer = [node for node in outer if node.tag == "template"]  # the page itself, shown by a script
    removed = 0
    for node in outer:
        if node.getparent() is not None:
            node.drop_tree()
            removed += 1
    return removed
