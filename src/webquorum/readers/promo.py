"""Drop the promotion blocks an extractor keeps inside or below an article.

A block headed "You may also like", "Related stories", "Don't miss", "Most read" and the like
lists other pages, not this one: the heading and the run of non-sentence lines under it (the
linked headlines) go, up to the next line of prose, so an inline promotion between two article
paragraphs costs the article nothing. A lone copyright line goes too. Headings are matched as
whole short lines only, never inside a sentence ("related stories suggest..." stays).
"""

from __future__ import annotations

import re

from webquorum.readers.trim import is_real_sentence

__all__ = ["drop_promo_blocks"]

# Whole-line headings of blocks that list other pages. Anchored alternation of literals: linear.
_PROMO_HEADING = re.compile(
    r"(?i)^\W*+(?:you (?:may|might) (?:also )?(?:like|enjoy)|related(?: (?:articles?|stories|posts|content|"
    r"coverage|news|reading|links|videos))?|recommended(?: (?:for you|stories|articles|reading|videos))?|"
    r"more (?:stories|news|articles|like this|to explore|videos)|read (?:more|next|also)|also read|"
    r"don'?t miss|must read|most (?:popular|read|viewed|shared)|trending(?: now| stories)?|"
    r"popular (?:stories|articles|now|posts)|latest (?:news|stories|articles|videos)|top stories|"
    r"sponsored(?: content| stories| links)?|advertisement|(?:promoted|partner) (?:content|stories))\W*$"
)
_COPYRIGHT = re.compile(r"(?i)^\W*(?:copyright\b|©)")
_MAX_HEADING_WORDS = 6
_MAX_COPYRIGHT_WORDS = 15


def drop_promo_blocks(text: str) -> str:
    """``text`` without promotion blocks (heading plus the non-sentence lines under it) or copyright lines."""
    out: list[str] = []
    skipping = False
    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped:
            out.append(line)
            continue
        if len(stripped.split()) <= _MAX_HEADING_WORDS and _PROMO_HEADING.match(stripped):
            skipping = True
            continue
        if _COPYRIGHT.match(stripped) and len(stripped.split()) <= _MAX_COPYRIGHT_WORDS:
            continue
        if skipping and not is_real_sentence(stripped):
            continue
        skipping = False
        out.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")
