"""The one fold (text/fold.py): the same result as decomposing and filtering every character."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from webquorum.text.fold import fold, opening_key


def _every_character(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@given(st.text(max_size=200))
def test_fold_is_the_character_by_character_definition(text: str) -> None:
    assert fold(text) == _every_character(text)


def test_accents_case_and_ligatures() -> None:
    assert fold("Peña NIETO") == "pena nieto"
    assert fold("Straße ﬁnal Ἀθῆναι") == "strasse final αθηναι"


def test_an_opening_survives_other_quotes_and_accents() -> None:
    words = " ".join(f"word{i}" for i in range(30))
    assert opening_key(f"“Café” {words}") == opening_key(f'"cafe" {words}')
