"""One sentence splitter: where a sentence ends, and whether a position opens one.

A sentence ends at ``.``, ``!``, ``?`` or ``…`` (with any closing quotes or brackets) before
whitespace and a character that is not a lower-case letter, at a CJK full stop, or at a line
break. A full stop after an initial, an honorific or a legal form ends nothing: "S.A. de C.V.",
"Inc.", "Mr. Huang" and "J. Smith" stay inside their sentence. Verify's evidence windows, the
ranked passages, the readers' wall detector and the figure and name rules all split here.
"""

from __future__ import annotations

import re

from webquorum.text.alternation import alternation
from webquorum.text.lexicon import ABBREVIATIONS, HONORIFICS, LEGAL_WORDS, LETTER, SPACE

Span = tuple[int, int]

_CLOSERS = "\"'”’»)\\]"
# One class of every stop opens the pattern, so re skips in C to the next one (the CJK stops end a
# sentence as they stand). A Western stop must be followed by a closer, whitespace or the end: one
# test refuses the rest, so a megabyte of "!!!!" costs two tests a character. The lookaheads first
# test one whitespace character (``\s*$`` is ``$`` or whitespace first). Closers are never
# whitespace, so giving one back cannot help the lookahead: possessive.
_STOP = re.compile(
    rf"[.!?…。！？](?:(?<=[。！？])|(?![^{SPACE}{_CLOSERS}])[{_CLOSERS}]*+(?:(?=[{SPACE}])(?=\s+[^a-zß-öø-ÿ\s]|\s*$)|$))"
)
_BREAK = re.compile(rf"[.!?…][{_CLOSERS}]*+(?=\s\s*[^a-zß-öø-ÿ\s])|[。！？]|\n")
# An initial or an abbreviation (not inside a longer word) right before the full stop.
_NO_STOP = re.compile(
    alternation(
        [*HONORIFICS, *LEGAL_WORDS, *ABBREVIATIONS, *map(chr, range(ord("A"), ord("Z") + 1))],
        not_after=LETTER,
    )
    + r"\.$"
)


def _abbreviation_before(text: str, end: int) -> bool:
    return text[end - 1 : end] == "." and bool(_NO_STOP.search(text, max(0, end - 14), end))


def sentence_spans(text: str) -> list[Span]:
    """Sentences as spans stripped of surrounding whitespace, each keeping its closing punctuation."""
    spans: list[Span] = []
    start = 0
    for m in _BREAK.finditer(text):
        if m.group() != "\n" and _abbreviation_before(text, m.start() + 1):
            continue
        _add(text, start, m.end(), spans)
        start = m.end()
    _add(text, start, len(text), spans)
    return spans


def count_sentences(text: str) -> int:
    """How many sentence-ending stops ``text`` holds (line breaks do not count): prose vs. a menu."""
    return sum(1 for m in _STOP.finditer(text) if not _abbreviation_before(text, m.start() + 1))


def _add(text: str, start: int, end: int, spans: list[Span]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append((start, end))


_HONORIFIC_END = re.compile(rf"(?<![{LETTER}])(?:{'|'.join(sorted(HONORIFICS))})$")


def starts_sentence(text: str, pos: int) -> bool:
    """Whether ``pos`` opens a sentence, heading or list item (so its capital says nothing)."""
    i = pos - 1
    while i >= 0 and (text[i].isspace() or text[i] in "\"'“‘«¿¡(*•#-–—"):
        if text[i] == "\n":
            return True
        i -= 1
    if i > 0 and text[i] == "." and _HONORIFIC_END.search(text, max(0, i - 5), i):
        return False
    return i < 0 or text[i] in ".!?:…|"


def sentence_windows(text: str) -> list[Span]:
    """Each sentence, and each sentence with the one before it (an entity is often named just before)."""
    spans = sentence_spans(text)
    out: list[Span] = []
    for i, span in enumerate(spans):
        out.append(span)
        if i:
            out.append((spans[i - 1][0], span[1]))
    return out
