"""Bound an HTML page before any parser builds a tree of it: how many tags, how deep.

Why before: the parsers' costs are set by the markup, not by its bytes. A page of nothing but
links costs trafilatura's lxml tree, its copies and selectolax's tree about 80 MB per megabyte
(a 20 MB one took 1.5 GB and 77 s of CPU), and ``<div><span>`` nested 90,000 deep makes the
HTML tree builders quadratic (minutes for 1 MB). Counting ``<`` is a C-speed pass, so the tag
cap costs nothing on normal pages; the depth scan is one regex step per tag (about 1 ms per
thousand tags) and stops at the cap.

- :data:`MAX_TAGS`: a page is read up to its 100,000th tag (a long article has a few
  thousand; 100,000 link tags extract in about 150 MB). What follows is not read: the page reads,
  shorter, instead of failing.
- :data:`MAX_OPTIONS`: a ``<select>``'s options are form controls, never content, and the HTML
  parser (lexbor) inserts each option into a select in time that grows with the options before
  it: 20,000 took 2.4 s of CPU, the 99,000 of an 891 KB page most of a minute. Past the 2,000th
  (a country list has about 250), ``<option>`` and ``<optgroup>`` tags are dropped (a space each),
  their text kept as plain text: the same page then extracts in about 0.2 s.
- :data:`MAX_DEPTH`: elements nested deeper than 1,000 (real pages stay under a hundred) make the
  page :class:`~webquorum.errors.ExtractionFailedError`. The depth is counted on elements that
  nest: void elements (``<br>``, ``<img>``, ...) and those an HTML parser closes by itself
  (``<p>``, ``<li>``, ``<td>``, ...) are not counted, and the text of comments, scripts and
  styles is skipped, so it can undercount (at most by the tags it ignores) but a real page's
  ``i<n`` in a script does not count as nesting.
"""

from __future__ import annotations

import re

from webquorum.errors import ExtractionFailedError

__all__ = ["MAX_DEPTH", "MAX_OPTIONS", "MAX_TAGS", "cap_tags", "check_depth"]

MAX_TAGS = 100_000
MAX_OPTIONS = 2_000
MAX_DEPTH = 1_000
_CAP_BLOCK = 4096  # characters counted per call while looking for the MAX_TAGS-th tag
_TAG = re.compile(
    r"<(?=[!/A-Za-z])(?:(!--)|(/?)([A-Za-z][A-Za-z0-9:-]*))"
)  # the lookahead: "<<<<" fails fast
_OPTION = re.compile(r"</?(?:option|optgroup)\b[^<>]{0,2000}>?", re.I)  # [^<>]: never scans past the next tag
_RAW_TEXT = {name: re.compile(rf"</{name}", re.I) for name in ("script", "style", "textarea", "title", "xmp")}
# Void elements (never have children) and those closed implicitly by a sibling, per the HTML
# standard's tree construction: nesting them needs an element that is counted.
_FLAT = frozenset(
    (
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
        "param",
        "keygen",
        "basefont",
        "bgsound",
        "frame",
        "image",
        "p",
        "li",
        "dt",
        "dd",
        "option",
        "optgroup",
        "tr",
        "td",
        "th",
        "thead",
        "tbody",
        "tfoot",
        "rb",
        "rt",
        "rp",
        "rtc",
        "colgroup",
        "caption",
    )
)


def cap_tags(html: str, tags: int | None = None) -> str:
    """``html`` up to (not including) its :data:`MAX_TAGS`-th ``<``, option tags past :data:`MAX_OPTIONS`
    dropped; the page itself when it has fewer of both. ``tags``: ``html.count("<")`` if the caller has it
    (a pass over a page with non-ASCII text costs about 0.15 ms per 200 KB)."""
    if tags is None:
        tags = html.count("<")
    if tags > MAX_TAGS:
        html = _cap_tag_count(html)
    # At C speed: nearly every page stops here, most of them (under 2,000 tags) at the one-character count.
    if tags <= MAX_OPTIONS or html.count("<o") + html.count("<O") <= MAX_OPTIONS:
        return html
    kept = 0

    def drop(found: re.Match[str]) -> str:
        nonlocal kept
        kept += found[0][1] != "/"  # opening tags count; a closing one goes with the options past the cap
        return found[0] if kept <= MAX_OPTIONS else " "

    return _OPTION.sub(drop, html)


def _cap_tag_count(html: str) -> str:
    if html.count("<") <= MAX_TAGS:
        return html
    # Whole blocks are counted at C speed; only the block holding the last tag is walked tag by tag.
    # One find() per tag over the page took 25-45 ms for 100,000 tags, a block count is one call.
    seen, start = 0, 0
    while True:
        block = html.count("<", start, start + _CAP_BLOCK)
        if seen + block >= MAX_TAGS:
            break
        seen += block
        start += _CAP_BLOCK
    position = start - 1
    for _ in range(MAX_TAGS - seen):
        position = html.find("<", position + 1)
    return html[:position]


_NESTS, _RAW = 1, 2  # what a tag name does to the depth: nothing (flat), nests, or nests raw text
_KINDS: dict[str, tuple[int, str]] = {}  # tag name as written -> (kind, lowered): one lookup per tag
_MAX_KINDS = 4096  # names remembered; a page of made-up tag names is looked up the slow way past this


def _kind(name: str) -> tuple[int, str]:
    lowered = name.lower()
    kind = 0 if lowered in _FLAT else _RAW if lowered in _RAW_TEXT else _NESTS
    if len(_KINDS) < _MAX_KINDS:
        _KINDS[name] = (kind, lowered)
    return kind, lowered


def check_depth(html: str, url: str, tags: int | None = None) -> None:
    """Refuse a page whose elements nest deeper than :data:`MAX_DEPTH` (see the module docstring).

    ``tags``: at least ``html.count("<")``, if the caller knows it (the count before :func:`cap_tags`).
    """
    if (html.count("<") if tags is None else tags) <= MAX_DEPTH:
        return
    depth = 0
    position = 0
    search = _TAG.search
    kinds = _KINDS
    while (found := search(html, position)) is not None:
        comment, closing, name = found.groups()
        position = found.end()
        if comment:  # a comment runs to its end marker, or to the end of the page
            position = html.find("-->", position)
            if position < 0:
                return
            continue
        kind, lowered = kinds.get(name) or _kind(name)
        if not kind:
            continue
        if closing:
            if depth:
                depth -= 1
            continue
        depth += 1
        if depth > MAX_DEPTH:
            raise ExtractionFailedError(
                f"{url} nests its elements more than {MAX_DEPTH} deep; pages that deep are not read "
                "(the HTML parsers slow down quadratically)",
                url=url,
            )
        if kind == _RAW:  # script text is not markup: skip to its closing tag
            end = _RAW_TEXT[lowered].search(html, position)
            if end is None:
                return
            position = end.end()
            depth -= 1
