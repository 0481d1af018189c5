"""The trie alternations and rewritten patterns match exactly what the plain patterns they replace matched.

Each rewritten pattern (issue 12: under 100 ms per hostile megabyte) is compared with the plain
form it replaced, on hypothesis text built from the phrases themselves, their case variants and
the characters around them, including the characters ``re.IGNORECASE`` folds specially.
"""

from __future__ import annotations

import contextlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webquorum.readers import promo, trim
from webquorum.text import claims, organisations, sentences
from webquorum.text.alternation import alternation, expand
from webquorum.text.lexicon import ABBREVIATIONS, HONORIFICS, LEGAL_WORDS, LETTER, UPPER

_CLOSERS = "\"'”’»)\\]"
# (rewritten, the plain pattern it replaced)
PAIRS: dict[str, tuple[re.Pattern[str], str]] = {
    "boilerplate": (trim._BOILERPLATE, r"(?i)\b" + trim._BOILERPLATE_PHRASES),
    "people": (organisations._PEOPLE_WORDS, r"(?i)(?<![\w])" + organisations._PEOPLE_PHRASES + r"(?![\w])"),
    "person": (
        organisations._PERSON_NAME,
        rf"(?<!San )(?<!Santa )(?<!Santo )(?<!Ciudad )(?<!Villa )(?<![{LETTER}])(?:{organisations._GIVEN_NAMES})"
        rf"\s+[{UPPER}][{LETTER}]+",
    ),
    "no_stop": (
        sentences._NO_STOP,
        rf"(?:(?<![{LETTER}])[A-Z]|(?<![{LETTER}])(?:{'|'.join(sorted(HONORIFICS | LEGAL_WORDS | ABBREVIATIONS))}))\.$",
    ),
    "stop": (sentences._STOP, rf"[.!?…][{_CLOSERS}]*(?=\s+[^a-zß-öø-ÿ\s]|\s*$)|[。！？]"),
    "break": (sentences._BREAK, rf"[.!?…][{_CLOSERS}]*(?=\s+[^a-zß-öø-ÿ\s])|[。！？]|\n"),
    "clause_break": (
        claims._CLAUSE_BREAK,
        "(?i)" + claims._CLAUSE_BREAK.pattern.replace(r",\s++", r",\s+").replace(r"\s(?=[wm])", r"\s"),
    ),
    "promo": (promo._PROMO_HEADING, promo._PROMO_HEADING.pattern.replace(r"^\W*+", r"^\W*", 1)),
}


def _pieces(plain: str) -> list[str]:
    words = re.findall(r"[A-Za-zÀ-ÿ'’-]+", plain)
    with contextlib.suppress(ValueError, re.error):  # not a plain phrase list: its words are enough
        words += expand(plain.split("(?:", 1)[1].rsplit(")", 1)[0]) if plain.count("(?:") else []
    words = [w for w in words if len(w) > 1][:400]
    return [*words, *(w.upper() for w in words[:100]), *(w.title() for w in words[:100]),
            " ", "  ", "\n", "\t", ".", ". ", "!", "?", "…", "”", ")", ",", ", ", ";", "-", "x", "a", "San ", "ſ", "ı", "K",
            "Ó", "@", "1", "12", "2024", "/"]


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_the_rewritten_pattern_matches_what_the_plain_one_did(name: str) -> None:
    rewritten, plain_source = PAIRS[name]
    plain = re.compile(plain_source)

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.sampled_from(_pieces(plain_source)), max_size=12).map("".join))
    def same(text: str) -> None:
        assert [m.span() for m in rewritten.finditer(text)] == [m.span() for m in plain.finditer(text)], text
        for end in range(len(text) + 1):  # how sentences.py searches (a window ending at a stop)
            if name == "no_stop":
                assert bool(rewritten.search(text, max(0, end - 14), end)) == bool(plain.search(text, max(0, end - 14), end))

    same()


def test_alternation_folds_case_like_re_ignorecase() -> None:
    pattern = re.compile(alternation(["kiss", "straße"], ignore_case=True, word_start=True))
    for text in ("KISS", "\u212aiss", "kıss", "ſtraße", "STRAßE", "Kiſs"):
        assert bool(pattern.fullmatch(text)) == bool(re.fullmatch(r"(?i)\b(?:kiss|straße)", text)), text
    assert pattern.search("akiss") is None and pattern.search("a kiss").span() == (2, 6)


def test_expand_lists_the_strings_of_a_small_pattern_and_refuses_others() -> None:
    assert expand(r"(?:we|site) uses? [ck]") == sorted(
        ["we use c", "we use k", "we uses c", "we uses k", "site use c", "site use k", "site uses c", "site uses k"]
    )
    with pytest.raises(ValueError):
        expand(r"a+")


def test_the_case_classes_hold_every_character_re_ignorecase_folds_together() -> None:
    """Against a scan of the whole Basic Multilingual Plane, for every letter the phrases use."""
    from webquorum.text.alternation import _caseless

    letters = set("".join(expand(trim._BOILERPLATE_PHRASES) + expand(organisations._PEOPLE_PHRASES)).lower())
    letters = {c for c in letters if c.isalpha()} | set("kßå")
    everything = [chr(c) for c in range(0x10000) if not 0xD800 <= c < 0xE000]
    for letter in sorted(letters):
        folded = re.compile(re.escape(letter), re.IGNORECASE)
        expected = {c for c in everything if folded.fullmatch(c)}
        assert set(re.findall(r"[^\\]", _caseless(letter).replace("\\", ""))) == expected, letter


def test_alternation_escapes_characters_that_mean_something_in_a_class() -> None:
    words = ["[x]", "]y", "-a", "^b", "\\c", "a-b", "a]"]
    pattern = re.compile(alternation(words))
    plain = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))
    text = "z[x] ]y -a ^b \\c a-b a] [y a^ x"
    assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in plain.finditer(text)]
