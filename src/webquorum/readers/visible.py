"""A page's visible text (selectolax), for the wall check, the retry gate and the embeds' neighbours.

Script, style, noscript, template, svg, nav, header, footer, aside, forms, iframes, buttons and
selects are removed, inline tags are merged into their paragraphs, one block a line. It is only
computed when it can matter (:class:`LazyVisible`): it mutates the tree and costs a walk.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

__all__ = ["LazyVisible", "normalise_whitespace", "visible_text"]

_JUNK_TAGS = "script,style,noscript,template,svg,nav,footer,header,aside,form,iframe,button,select"
_INLINE_TAGS = [
    "a",
    "span",
    "b",
    "i",
    "em",
    "strong",
    "small",
    "sup",
    "sub",
    "abbr",
    "time",
    "mark",
    "u",
    "code",
    "cite",
    "q",
    "font",
    "label",
    "s",
    "del",
    "ins",
    "kbd",
    "var",
    "bdi",
    "dfn",
]


def normalise_whitespace(text: str, *, keep_indent: bool = False) -> str:
    """``\\n`` line ends, no trailing spaces, at most one blank line between paragraphs.

    Runs of spaces inside a line collapse to one, unless ``keep_indent`` (plain text and markdown,
    where indentation carries code blocks and aligned columns).
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ").replace("\u200b", "")
    if keep_indent:
        lines = [line.rstrip() for line in text.split("\n")]
    else:
        lines = [" ".join(line.split()) for line in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n").rstrip()


def visible_text(body: LexborNode) -> str:
    """The body's readable text, one block per line (inline tags merged into their paragraph)."""
    for node in body.css(_JUNK_TAGS):
        node.decompose()
    body.unwrap_tags(_INLINE_TAGS)
    body.merge_text_nodes()
    return normalise_whitespace(body.text(separator="\n\n", strip=True))


class LazyVisible:
    """The page's visible text, computed on first use: most pages never need it (it mutates the tree)."""

    def __init__(self, body: LexborNode | None, page_chars: int) -> None:
        self._body = body
        self._text: str | None = None
        self.max_chars = page_chars  # the visible text is never longer than the page

    def __call__(self) -> str:
        if self._text is None:
            self._text = visible_text(self._body) if self._body is not None else ""
            self._body = None
        return self._text
