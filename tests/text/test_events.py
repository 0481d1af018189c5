"""The market-event words discovery reads passages with (text/events.py)."""

from __future__ import annotations

import pytest

from webquorum.text.events import DENIAL, EVENT, PLACE
from webquorum.text.fold import fold


@pytest.mark.parametrize(
    "passage",
    ["Acme anuncia nueva planta en Apodaca", "the company will build a warehouse", "contratará 500 empleados",
     "Acme acquires Beta", "groundbreaking set for May"],
)
def test_event_words_in_both_languages(passage: str) -> None:
    assert EVENT.search(fold(passage))


@pytest.mark.parametrize("passage", ["the weather was mild", "he plays the piano", "a quiet meeting of friends"])
def test_ordinary_passages_are_no_events(passage: str) -> None:
    assert not EVENT.search(fold(passage))


@pytest.mark.parametrize("passage", ["Acme desmiente la apertura", "the plant was cancelled", "plans postponed"])
def test_denials(passage: str) -> None:
    assert DENIAL.search(fold(passage))


def test_place_after_a_preposition() -> None:
    m = PLACE.search("Acme abrirá una planta en Apodaca, Nuevo León el próximo año")
    assert m and m.group(1) == "Apodaca, Nuevo León"
    assert not PLACE.search("nothing capitalised in here")
