"""The lexicon's classes with their ASCII members first are exactly the categories they speed up."""

from __future__ import annotations

import re

import pytest

from webquorum.text.lexicon import DIGIT, SPACE, WORD

EVERY_CHARACTER = [chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000]


@pytest.mark.parametrize(("body", "category"), [(DIGIT, r"\d"), (WORD, r"\w"), (SPACE, r"\s")])
def test_the_class_holds_what_the_category_holds(body: str, category: str) -> None:
    ours, theirs = re.compile(f"[{body}]"), re.compile(category)
    assert [c for c in EVERY_CHARACTER if bool(ours.match(c)) != bool(theirs.match(c))] == []
