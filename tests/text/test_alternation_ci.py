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
from webquorum.text import figure_claims, figures, lexicon, names, organisations, sentences
from webquorum.text.alternation import alternation, expand
from webquorum.text.lexicon import ABBREVIATIONS, HONORIFICS, LEGAL_FORMS, LEGAL_WORDS, LETTER, LOWER, UPPER
from webquorum.text.measures import PRIOR_AFTER, PRIOR_BEFORE

_CLOSERS = "\"'”’»)\\]"
_LEGAL_WORD = rf"(?:{'|'.join(sorted(LEGAL_WORDS))})(?![\w&])"
_NAME_WORD = (
    rf"(?!{_LEGAL_WORD})(?:[{UPPER}][{LOWER}]+[{UPPER}][{LETTER}]*|[{UPPER}][{LOWER}]+(?:[-'’][{LETTER}]+)*"
    rf"|[{UPPER}][{UPPER}0-9&]+(?![{LOWER}])|[{LOWER}][{UPPER}][{LETTER}]*)"
)
_EMAIL = r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_PHONE = r"\+\d[\d\s().-]{6,}\d|\(?\b\d{2,3}\)?[\s.-]\d{3,4}[\s.-]\d{4}\b"
_ORG_CAP = rf"(?!{_LEGAL_WORD}|[A-Z]\.)(?:[{UPPER}][{LETTER}]*(?:[-'’][{LETTER}]+)*[0-9]*)"
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
        figure_claims._CLAUSE_BREAK,
        "(?i)" + figure_claims._CLAUSE_BREAK.pattern.replace(r",\s++", r",\s+").replace(r"\s(?=[wm])", r"\s"),
    ),
    "promo": (promo._PROMO_HEADING, promo._PROMO_HEADING.pattern.replace(r"^\W*+", r"^\W*", 1)),
    "prior_after": (figure_claims._PRIOR_AFTER, "|".join(re.escape(p) for p in PRIOR_AFTER)),
    "hedge": (
        figures._HEDGE,
        rf"(?:{'|'.join(sorted(map(re.escape, figures._HEDGES), key=len, reverse=True))})\s+(?:us)?[$€£]?\s?$",
    ),
    "headed_head": (
        figures._HEADED,
        "(?i:(?P<head>population|poblaci[oó]n|attendance|asistencia|workforce|plantilla|headcount))"
        + figures._HEADED.pattern[figures._HEADED.pattern.index(r"(?:(?:\s+[") :],
    ),
    "legal_suffix": (names._LEGAL_SUFFIX, rf",?(?<!\s)\s+(?:{LEGAL_FORMS})(?![{LETTER}])"),
    "legal_tail": (organisations._LEGAL_TAIL, rf",?(?<!\s)\s+(?:{LEGAL_FORMS})\s*$"),
    "name": (
        names._NAME,
        rf"(?P<run>{_NAME_WORD}(?:[ \t\u00a0]+(?:(?:of|de|del|de la|la|las|los|&)[ \t\u00a0]+)?{_NAME_WORD})*)"
        rf"(?P<legal>,?[ \t\u00a0]+(?:{LEGAL_FORMS})(?![{LETTER}]))?",
    ),
    **{
        f"figure_words_{name.lower()}": (
            re.compile(figures._ci(words)),
            "(?i:" + words.replace(" ", r"\s+") + ")",
        )
        for name in (
            "_SCALE_WORDS",
            "_SCALE_WORDS_COUNT",
            "_SCALE_WORDS_BARE",
            "_SCALE_WORDS_UNIT",
            "_CURRENCY_WORDS",
            "_CURRENCY_ORIGINS",
            "_PACKED_WORDS",
            "_POINTS_WORDS",
            "_PERCENT_WORDS",
        )
        for words in [getattr(figures, name)]
    },
    "money_prefix": (
        figures._MONEY_PREFIX,
        figures._MONEY_PREFIX.pattern.replace(r"(?P<pre>(?>\$|€|£|¥|₹|US\$", r"(?P<pre>US\$", 1)
        .replace(r"R\$|", r"R\$|\$|€|£|¥|₹|", 1)
        .replace("))(?![!-/:-~])", ")", 1),
    ),
    "email": (re.compile(lexicon.EMAIL_PATTERN), _EMAIL),
    "phone": (re.compile(lexicon.PHONE_PATTERN), _PHONE),
    "org_run": (
        organisations._RUN,
        rf"(?<![{LETTER}\d])(?P<run>{_ORG_CAP}(?:[ \u00a0]+(?:(?:de|del|de la|de los|&)[ \u00a0]+)?{_ORG_CAP})*)"
        rf"(?P<legal>,?[ \u00a0]+(?:{LEGAL_FORMS})(?![{LETTER}]))?",
    ),
}


def _pieces(plain: str) -> list[str]:
    words = re.findall(r"[A-Za-zÀ-ÿ'’-]+", plain)
    with contextlib.suppress(ValueError, re.error):  # not a plain phrase list: its words are enough
        words += expand(plain.split("(?:", 1)[1].rsplit(")", 1)[0]) if plain.count("(?:") else []
    words = [w for w in words if len(w) > 1][:400]
    return [*words, *(w.upper() for w in words[:100]), *(w.title() for w in words[:100])]


# The characters around the phrases, drawn as often as the phrases: a boundary case the pattern
# tests (an initial, a glued letter, a run of spaces) must come up in a few hundred examples.
_AROUND = [
    " ",
    "  ",
    "\n",
    "\t",
    "\u00a0",
    ".",
    ". ",
    "!",
    "?",
    "…",
    "”",
    ")",
    ",",
    ", ",
    ";",
    "-",
    "x",
    "a",
    "San ",
    "ſ",
    "ı",
    "K",
    "Ó",
    "@",
    "1",
    "12",
    "2024",
    "/",
    "J.",
    "J",
    "Mc",
    "Donald",
    "iPhone",
    "IBM",
    "&",
    "’s",
    "+",
    "(",
    ")",
    "55",
    "555",
    "1234",
    "+52 ",
    "-",
    "x@y",
    "@",
    "a.b",
    ".com",
    "_",
    "$",
    "€",
    "US$",
    "5,000",
    "\x1c",
    "\u3000",
]


# Rewritten patterns whose callers only ask whether they match (their spans may differ).
FOUND_ONLY = {"prior_end"}
PAIRS["prior_end"] = (
    figure_claims._PRIOR_END,
    rf"(?:^|\s)(?:{'|'.join(re.escape(p) for p in PRIOR_BEFORE)})$",
)


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_the_rewritten_pattern_matches_what_the_plain_one_did(name: str) -> None:
    rewritten, plain_source = PAIRS[name]
    plain = re.compile(plain_source)

    @settings(max_examples=300, deadline=None)
    @given(
        st.lists(
            st.sampled_from(_pieces(plain_source) or _AROUND) | st.sampled_from(_AROUND), max_size=12
        ).map("".join)
    )
    def same(text: str) -> None:
        if name in FOUND_ONLY:
            assert bool(rewritten.search(text)) == bool(plain.search(text)), text
            return
        assert [m.span() for m in rewritten.finditer(text)] == [m.span() for m in plain.finditer(text)], text
        for end in range(len(text) + 1):  # how sentences.py searches (a window ending at a stop)
            if name == "no_stop":
                assert bool(rewritten.search(text, max(0, end - 14), end)) == bool(
                    plain.search(text, max(0, end - 14), end)
                )

    same()


def test_alternation_folds_case_like_re_ignorecase() -> None:
    pattern = re.compile(alternation(["kiss", "straße"], ignore_case=True, word_start=True))
    for text in ("KISS", "\u212aiss", "kıss", "ſtraße", "STRAßE", "Kiſs"):
        assert bool(pattern.fullmatch(text)) == bool(re.fullmatch(r"(?i)\b(?:kiss|straße)", text)), text
    assert pattern.search("akiss") is None and pattern.search("a kiss").span() == (2, 6)


def test_expand_lists_the_strings_of_a_small_pattern_and_refuses_others() -> None:
    assert expand(r"(?:we|site) uses? [ck]") == sorted(
        [
            "we use c",
            "we use k",
            "we uses c",
            "we uses k",
            "site use c",
            "site use k",
            "site uses c",
            "site uses k",
        ]
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
