"""The draft check's rules on small texts written for the purpose (pure: no I/O)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webquorum.analysis.audit import PASSAGE_CHARS, SourceText, audit, check_urls

NVIDIA = SourceText(
    "https://news.test/q1",
    "NVIDIA reported revenue for the first quarter of $81.62 billion, up 85% from a year ago. "
    "Chief executive Jensen Huang said demand was strong. The company employs 36,000 people.",
    offset=1000,
    content_hash="sha256:abc",
)
TOWN = SourceText(
    "https://town.test/",
    "As of the census of 2010, there were 3,559 people in Broken Bow. Mayor Priya Raman of Westbury spoke.",
)


def found(draft: str, *sources: SourceText) -> dict[str, tuple[str, str | None]]:
    return {f.text: (f.status, f.other) for f in audit(draft, sources or (NVIDIA, TOWN))}


def test_rounding_and_units_back_a_figure_with_the_passage_offsets_and_hash() -> None:
    items = audit("NVIDIA's first-quarter revenue was $81.6bn, up 85%.", [NVIDIA])
    money = next(f for f in items if f.text == "$81.6bn")
    assert money.status == "backed" and money.content_hash == "sha256:abc"
    assert money.start is not None and money.end is not None and money.passage is not None
    assert (
        NVIDIA.text[money.start - 1000 : money.end - 1000] == money.passage
        and "$81.62 billion" in money.passage
    )


def test_another_value_for_the_same_quantity_is_contradicted_a_new_quantity_is_in_no_source() -> None:
    result = found(
        "NVIDIA's revenue for the first quarter was $91.6 billion. NVIDIA has 12 offices in Paris."
    )
    assert result["$91.6 billion"] == ("contradicted", "$81.62 billion")
    assert result["12 offices"][0] == "not_in_sources" and result["Paris"][0] == "not_in_sources"


def test_a_wrong_scale_or_unit_is_not_a_rounding() -> None:
    result = found(
        "NVIDIA's revenue for the first quarter was $81.6 million. Broken Bow had 3,559 households in 2010."
    )
    assert result["$81.6 million"][0] != "backed" and result["3,559 households"][0] != "backed"
    assert result["2010"][0] == "backed"


def test_names_same_person_and_same_words_in_another_name() -> None:
    result = found("Jensen Huang and Huang both spoke; so did Daniel Okafor.", NVIDIA)
    assert result["Jensen Huang"][0] == "backed" and result["Daniel Okafor"][0] == "not_in_sources"
    other = found(
        "Tate was a Democratic member of the House.",
        SourceText("https://s.test/", "Tate was a Republican member of the House since 2014."),
    )
    assert other["Democratic"] == ("contradicted", "Republican")
    both = SourceText(
        "https://s.test/", "Tate was a Republican member of the House. Democratic rivals objected."
    )
    assert (
        found("Tate was a Democratic member of the House.", both)["Democratic"][0] == "backed"
    )  # naming both is not contradicting


def test_labels_weak_capitals_and_url_digits_are_not_items() -> None:
    items = audit("Source: https://news.test/2026/81-6-billion. Revenue grew.", [NVIDIA])
    assert items == []


def test_bare_numbers_need_the_same_digits() -> None:
    result = found("Broken Bow has 3559 and 42.")
    assert result["3559"][0] == "backed" and result["42"][0] == "not_in_sources"


def test_cited_urls_backed_by_any_spelling_of_a_source_or_its_text() -> None:
    sources = [NVIDIA, SourceText("https://b.test/", "See https://linked.test/page for more.")]
    draft = "Per https://NEWS.test/q1?utm_source=x, https://linked.test/page and https://made.up/x."
    assert [(u.url, u.status) for u in check_urls(draft, sources, [])] == [
        ("https://NEWS.test/q1?utm_source=x", "backed"),
        ("https://linked.test/page", "backed"),
        ("https://made.up/x", "not_in_sources"),
    ]


@given(st.integers(0, 2000), st.integers(1, 400))
def test_a_passage_is_the_source_text_at_its_offsets_and_holds_the_value(before: int, value_len: int) -> None:
    value = "9" * value_len  # one bare number of any length, anywhere in one long sentence
    text = "word " * before + value + " more" * 300 + "."
    source = SourceText("https://s.test/", text, offset=7)
    (item,) = audit(f"It is {value}.", [source])
    assert item.status == "backed" and item.passage is not None and item.start is not None
    assert item.end is not None and text[item.start - 7 : item.end - 7] == item.passage
    assert value in item.passage and len(item.passage) <= max(PASSAGE_CHARS, value_len)
