"""Put back the embedded posts (tweets, Instagram, TikTok, Bluesky...) an article quotes.

trafilatura drops an embedded post together with its wrapper (``social-media-embed``,
``twitter-tweet``): to a boilerplate filter it looks like a share widget. But an embed that sits
between two paragraphs of the article is a quotation the author chose, and the benchmark's
hand-made article bodies keep it. So each embed in the page body is spliced back right after the
paragraph that precedes it, and only when the extracted text kept both that paragraph and the one
after it: an embed in a sidebar or below the article has no such neighbours and stays out.

Embeds inside ``nav``/``aside``/``header``/``footer``/forms are skipped, and the selectors name the
embed markup each network documents.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from selectolax.lexbor import LexborNode

__all__ = ["Embed", "find_embeds", "has_embeds", "splice_embeds"]

# The class each network's embed code puts on its <blockquote>.
_EMBED_CLASSES = (
    "twitter-tweet",
    "twitter-video",
    "instagram-media",
    "tiktok-embed",
    "bluesky-embed",
    "text-post-media",
    "reddit-embed-bq",
)  # text-post-media: Threads
_EMBED_SELECTORS = ",".join(f"blockquote.{name}" for name in _EMBED_CLASSES)
_OUTSIDE_ARTICLE = frozenset({"aside", "nav", "footer", "header", "form"})
_WORD = re.compile(r"\w+")
_ANCHOR_CHARS = 50  # enough of a neighbouring paragraph to find it again, short enough to survive cleanup
_MAX_EMBEDS = 50
_MAX_SIBLINGS = 200  # bound the walk on pathological flat pages


class Embed(NamedTuple):
    before: str  # the text of the block just before the embed ("" when none)
    text: str  # the embed's own text, one paragraph a line
    after: str  # the text of the block just after it


def _flat(text: str) -> str:
    return " ".join(text.split())


def _words(text: str) -> str:
    """Word tokens only, so a post the extractor kept with other line breaks still reads as kept."""
    return " ".join(_WORD.findall(text))


def _neighbour(node: LexborNode, forward: bool) -> str:
    """The text of the nearest non-empty block before (or after) ``node``, climbing out of wrappers."""
    current: LexborNode | None = node
    while current is not None and current.tag not in ("body", "html"):
        sibling = current.next if forward else current.prev
        for _ in range(_MAX_SIBLINGS):
            if sibling is None:
                break
            if sibling.tag not in ("-text", "-comment", "script", "style"):
                text = _flat(sibling.text(separator=" ", strip=True))
                if text:
                    return text
            sibling = sibling.next if forward else sibling.prev
        current = current.parent
    return ""


def has_embeds(body: LexborNode) -> bool:
    """Whether ``body`` holds an embed's blockquote: one C-level query, so most pages skip the visible-text
    pass that :func:`find_embeds` needs first (a substring test per network on the raw page cost twice as
    much)."""
    return body.css_first(_EMBED_SELECTORS) is not None


def _embed_text(node: LexborNode) -> str:
    """One line per paragraph of the post, then its byline and date on a line of their own."""
    lines: list[str] = []
    tail: list[str] = []
    for child in node.iter(include_text=True):
        text = _flat(child.text(deep=True))
        if not text:
            continue
        if child.tag == "p":
            lines.append(text)
        else:
            tail.append(text)
    return "\n\n".join([*lines, " ".join(tail)] if tail else lines)


def _in_page_furniture(node: LexborNode) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.tag in _OUTSIDE_ARTICLE:
            return True
        parent = parent.parent
    return False


def find_embeds(body: LexborNode) -> list[Embed]:
    """The embedded posts in ``body`` outside nav/aside/header/footer/forms, in page order."""
    embeds: list[Embed] = []
    for node in body.css(_EMBED_SELECTORS)[:_MAX_EMBEDS]:
        text = _embed_text(node)
        if text and not _in_page_furniture(node):
            embeds.append(Embed(_neighbour(node, False), text, _neighbour(node, True)))
    return embeds


def splice_embeds(text: str, embeds: list[Embed]) -> str:
    """``text`` with each embed the extractor dropped put back between the paragraphs it sat between."""
    for embed in embeds:
        if _words(embed.text)[:_ANCHOR_CHARS] in _words(text):
            continue  # the extractor kept it
        before, after = embed.before[-_ANCHOR_CHARS:], embed.after[:_ANCHOR_CHARS]
        start = text.find(before) if before else -1
        if start < 0 or not after or text.find(after, start + len(before)) < 0:
            continue  # not between two paragraphs of the article
        end = text.find("\n", start + len(before))
        end = len(text) if end < 0 else end
        text = f"{text[:end]}\n\n{embed.text}{text[end:]}"
    return text
