"""The one fold (text/fold.py): the same result as decomposing and filtering every character."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from webquorum.text.fold import MARKS_BELOW, combining_marks, fold, fold_aligned, opening_key


def _every_character(text: str) -> str:
    """The definition: case folded, typographic single quotes as the apostrophe, decomposed, marks dropped."""
    quoted = text.casefold().replace("\u2019", "'").replace("\u2018", "'")
    decomposed = unicodedata.normalize("NFKD", quoted)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@given(st.text(max_size=200))
def test_fold_is_the_character_by_character_definition(text: str) -> None:
    assert fold(text) == _every_character(text)


@given(st.text(alphabet=st.characters(codec="utf-8", min_codepoint=0x80), max_size=200))
def test_fold_of_text_with_no_ascii_is_the_definition_too(text: str) -> None:
    assert fold(text) == _every_character(text)


def test_the_mark_classes_are_every_combining_character_and_nothing_else() -> None:
    """Every code point: the two classes fold drops match the combining ones, none lies at or above
    MARKS_BELOW (nor below U+0300, where the scan starts), and folding them all at once is the
    definition."""
    plane, astral = combining_marks()
    everything = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    marks = {c for c in everything if unicodedata.combining(c)}
    assert {c for c in everything if plane.fullmatch(c) or astral.fullmatch(c)} == marks
    assert all(0x300 <= ord(c) < MARKS_BELOW for c in marks)
    assert all(ord(c) < 0x10000 for c in marks if plane.fullmatch(c))
    text = "".join(everything)
    assert fold(text) == _every_character(text)


def test_accents_case_and_ligatures() -> None:
    assert fold("Peña NIETO") == "pena nieto"
    assert fold("Straße ﬁnal Ἀθῆναι") == "strasse final αθηναι"


def test_a_typographic_apostrophe_is_the_apostrophe() -> None:
    """Pages write "Ballon d’Or" where a question writes "Ballon d'Or": one word, one offset each."""
    assert fold("Ballon d’Or ‘x’") == "ballon d'or 'x'"
    assert len(fold("d’Or")) == len("d’Or")


def test_an_opening_survives_other_quotes_and_accents() -> None:
    words = " ".join(f"word{i}" for i in range(30))
    assert opening_key(f"“Café” {words}") == opening_key(f'"cafe" {words}')


def test_the_aligned_fold_keeps_every_offset() -> None:
    """An ellipsis folds to three dots: the aligned fold keeps one character for each, so a sentence found
    in the page is the same sentence in the fold."""
    text = "Wait… Straße ﬁne. Are there 12 or 13 countries?"
    folded = fold_aligned(text)
    assert len(folded) == len(text)
    at = text.index("Are there")
    assert folded[at : at + 9] == "are there"
    assert fold_aligned("Peña Nieto") == fold("Peña Nieto")  # the usual case is the fold itself


@given(st.text(max_size=200))
def test_the_aligned_fold_is_always_as_long_as_the_text(text: str) -> None:
    assert len(fold_aligned(text)) == len(text)
