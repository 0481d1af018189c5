"""The market-event words discovery reads passages with (text/events.py)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webquorum.text.events import DENIAL, DENIAL_STEMS, EVENT, EVENT_STEMS, EVENT_WORDS, PLACE
from webquorum.text.fold import fold


@pytest.mark.parametrize(
    "passage",
    [
        "Acme anuncia nueva planta en Apodaca",
        "the company will build a warehouse",
        "contratará 500 empleados",
        "Acme acquires Beta",
        "groundbreaking set for May",
    ],
)
def test_event_words_in_both_languages(passage: str) -> None:
    assert EVENT.search(fold(passage))


@pytest.mark.parametrize(
    "passage", ["the weather was mild", "he plays the piano", "a quiet meeting of friends"]
)
def test_ordinary_passages_are_no_events(passage: str) -> None:
    assert not EVENT.search(fold(passage))


@pytest.mark.parametrize(
    "passage", ["Acme desmiente la apertura", "the plant was cancelled", "plans postponed"]
)
def test_denials(passage: str) -> None:
    assert DENIAL.search(fold(passage))


def test_place_after_a_preposition() -> None:
    m = PLACE.search("Acme abrirá una planta en Apodaca, Nuevo León el próximo año")
    assert m and m.group(1) == "Apodaca, Nuevo León"
    assert not PLACE.search("nothing capitalised in here")


_WORDS = st.sampled_from([*EVENT_STEMS, *DENIAL_STEMS, *EVENT_WORDS, "jobless", "navegador", "a", "re", "x"])


@given(
    st.lists(
        st.tuples(_WORDS, st.sampled_from(["", "s", "ing", "ed"]), st.sampled_from([" ", "-", "", "@"])),
        max_size=12,
    )
)
def test_the_tries_match_where_the_plain_word_lists_do(parts: list[tuple[str, str, str]]) -> None:
    text = "".join(w + end + sep for w, end, sep in parts)
    plain_event = re.compile(r"\b(?:" + "|".join(EVENT_STEMS) + r"|jobs?\b|naves?\b)")
    plain_denial = re.compile(r"\b(?:" + "|".join(DENIAL_STEMS) + ")")
    assert [m.start() for m in EVENT.finditer(text)] == [m.start() for m in plain_event.finditer(text)]
    assert [m.start() for m in DENIAL.finditer(text)] == [m.start() for m in plain_denial.finditer(text)]
