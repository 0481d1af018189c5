"""Names in running text (text/names.py): short texts written here, one per rule."""

from __future__ import annotations

from webquorum.text.names import name_mentions


def test_a_capitalised_pronoun_is_no_name_but_an_initialism_of_its_letters_is() -> None:
    text = "He will serve six months. She said They would stay. The US embassy agreed."
    keys = [m.key for m in name_mentions(text)]
    assert "he" not in keys and "she" not in keys and "they" not in keys
    assert "us" in keys
