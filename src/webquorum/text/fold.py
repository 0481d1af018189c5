"""One fold: the form words, names and openings are compared in (case and accents dropped).

"Peña" and "PENA", "Nvidia" and "NVIDIA" are one word to every comparison here; a second folder
that lower-cased without dropping accents (there were three) would split them.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

_WORD = re.compile(r"\w+")
MARKS_BELOW = 0x20000  # no combining mark lies at or above this code point (a test checks every one)
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


@cache
def combining_marks() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Runs of the characters ``unicodedata.combining`` gives a class to: those of the Basic Multilingual
    Plane, and those above it. What :func:`fold` drops.

    Built on a process's first non-ASCII fold (6 ms, once) from the running Python's own Unicode
    tables, so fold drops exactly what asking ``unicodedata.combining`` of every character dropped,
    but in one pass in C: a page in Korean, every syllable of which decomposes, took 0.6 ms a fold
    character by character and takes a tenth of that. Two classes, because ``re`` looks a character
    up in a class of the first plane at once but walks a class's ranges above it one by one.
    """
    marks = [c for c in range(0x300, MARKS_BELOW) if unicodedata.combining(chr(c))]  # none below U+0300
    return (
        re.compile(f"[{''.join(chr(c) for c in marks if c < 0x10000)}]+"),
        re.compile(f"[{''.join(chr(c) for c in marks if c >= 0x10000)}]+"),
    )


_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'"})  # one character for one: offsets hold


def fold(text: str) -> str:
    """Case folded and accents dropped: "Peña Nieto" -> "pena nieto"."""
    if text.isascii():
        return text.lower()  # the same result, without decomposing every character
    plane, astral = combining_marks()
    # a typographic apostrophe is an apostrophe: "Ballon d’Or" is the question's "Ballon d'Or"
    folded = plane.sub("", unicodedata.normalize("NFKD", text.casefold().translate(_APOSTROPHES)))
    return astral.sub("", folded) if _ASTRAL.search(folded) else folded


def fold_aligned(text: str) -> str:
    """:func:`fold` one character for one, so that offsets into ``text`` hold in the result.

    Most folds keep the length (an accent dropped from a composed letter), but some do not: "…" is
    three dots, "ß" two letters, "ﬁ" two, a decomposed accent's mark nothing. A page with an ellipsis
    before a sentence would have every later sentence read shifted (issue 22: "Are there 12 or 13
    countries?" read as a statement). Where the lengths differ, each character is folded alone and
    keeps its first folded character (or itself, for a mark that folds to nothing).
    """
    folded = fold(text)
    if len(folded) == len(text):
        return folded
    return "".join(_fold_char(c) for c in text)


@lru_cache(maxsize=4096)
def _fold_char(c: str) -> str:
    return fold(c)[:1] or c


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
