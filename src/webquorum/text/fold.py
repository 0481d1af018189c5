"""One fold: the form words, names and openings are compared in (case and accents dropped).

"Peña" and "PENA", "Nvidia" and "NVIDIA" are one word to every comparison here; a second folder
that lower-cased without dropping accents (there were three) would split them.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_WORD = re.compile(r"\w+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _drop_marks(run: re.Match[str]) -> str:
    return "".join(c for c in run[0] if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Case folded and accents dropped: "Peña Nieto" -> "pena nieto".

    Combining marks are never ASCII, so only the non-ASCII runs are looked at character by character: a
    page with a few accents or curly quotes costs what its ASCII does (a third of a comparison's CPU was
    this loop over every character).
    """
    if text.isascii():
        return text.lower()  # the same result, without decomposing every character
    return _NON_ASCII.sub(_drop_marks, unicodedata.normalize("NFKD", text.casefold()))


@lru_cache(maxsize=8192)
def fold_word(word: str) -> str:
    """:func:`fold` plus no plural ``s``: the form quantity phrases and count units are matched in."""
    folded = fold(word)
    if len(folded) > 3 and folded.endswith("s") and not folded.endswith("ss"):
        folded = folded[:-1]
    return folded


OPENING_WORDS = 30  # words of a text's opening that syndicated copies share
MIN_OPENING_WORDS = 20  # fewer words than this say too little to call two texts one story


def opening_key(text: str, min_words: int = MIN_OPENING_WORDS) -> str | None:
    """The folded first :data:`OPENING_WORDS` words, or None when ``text`` has fewer than ``min_words``.

    The one rule for "syndicated copy": two hosts printing the same opening are one origin. Words
    are ``\\w+`` tokens, so a copy re-typeset with other quotes, dashes or accents still matches,
    and 30 words make a chance match between two independent texts practically impossible while a
    changed ending (an added byline, a cut last paragraph) does not hide the copy.
    """
    words = _WORD.findall(fold(text[: OPENING_WORDS * 30]))[:OPENING_WORDS]
    return "|".join(words) if len(words) >= min_words else None
