"""The claim comparison on its own case set (issue 11), plus the properties no case list can cover.

tune.toml is what the rules were adjusted on: every case must pass. heldout.toml was written
first and not looked at while tuning; scored once (disagreement recall 0.86, two misses), its
misses were then fixed by general rules, so it now counts as seen. heldout2.toml was written
after that and before any further change. Held-out sets are scored as a whole against the
issue's goals, so a miss there is a measured error rate, not a failing example to fit.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.analysis.compare_cases.scoring import check, load, run, score
from tests.analysis.texts import SourceText

from webquorum.analysis.compare import compare_sources
from webquorum.analysis.query import read_question
from webquorum.pipelines.brief_text import render_agreement
from webquorum.text.figure_claims import read_figure_claims, same_quantity

TUNE = load("tune")
HELDOUT = load("heldout")
HELDOUT2 = load("heldout2")
CATEGORIES = {
    "spellings",
    "rounding",
    "naming",
    "different",
    "counts",
    "names",
    "dates",
    "spanish",
    "units",
    "nothing",
}


def test_the_case_set_covers_every_category_in_both_splits_and_both_languages() -> None:
    assert len(TUNE) + len(HELDOUT) + len(HELDOUT2) >= 80
    assert 0.35 <= len(HELDOUT) / (len(TUNE) + len(HELDOUT)) <= 0.5
    for cases in (TUNE, HELDOUT):
        assert {c["category"] for c in cases} == CATEGORIES
        spanish = [c for c in cases if any(w in " ".join(c["sources"]) for w in (" de ", " los ", " las "))]
        assert len(spanish) >= 5
    assert {c["category"] for c in HELDOUT2} == CATEGORIES
    ids = [c["id"] for c in (*TUNE, *HELDOUT, *HELDOUT2)]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("case", TUNE, ids=[c["id"] for c in TUNE])
def test_tuning_case(case: dict[str, object]) -> None:
    missed, lost, wrong = check(case, run(case))
    assert (missed, lost, wrong) == ([], [], [])


@pytest.mark.parametrize("cases", [HELDOUT, HELDOUT2], ids=["heldout", "heldout2"])
def test_held_out_cases_meet_the_goals(cases: list[dict[str, object]]) -> None:
    s = score(cases)
    assert s.agreement_recall >= 0.9, s.misses
    assert s.disagreement_recall >= 0.9, s.misses
    assert s.disagreement_precision >= 0.9, s.misses
    assert s.false_on_different == 0, s.misses


def test_the_answer_to_the_question_leads_and_names_its_dissent() -> None:
    sources = [
        SourceText(
            "a.test",
            "https://a.test/",
            "Vantor Mobile has 12,400 employees. Second-quarter revenue was $3.84 billion.",
        ),
        SourceText(
            "b.test",
            "https://b.test/",
            "Vantor Mobile, with 12,400 employees, said revenue for the second quarter reached $3.84bn.",
        ),
        SourceText(
            "c.test", "https://c.test/", "In the second quarter, Vantor Mobile's sales came to $3.84 billion."
        ),
        SourceText(
            "d.test",
            "https://d.test/",
            "Vantor Mobile reported Q2 revenue of $2.91 billion; it has 12,400 employees.",
        ),
    ]
    c = compare_sources(sources, query="Vantor Mobile second quarter revenue")
    assert (
        c.answer is not None
        and c.answer.value == "$3.84 billion"
        and c.answer.sites == ("a.test", "b.test", "c.test")
    )
    lines = render_agreement(c)
    assert lines[0] == "Answer (Vantor Mobile second quarter revenue): $3.84 billion in 3/4"
    assert lines[1].startswith("Also agreed: ") and "$3.84 billion" not in lines[1]  # the answer is said once
    assert lines[2] == (
        "Disagreement: d.test says $2.91 billion where 3 others say $3.84 billion (Vantor Mobile second quarter revenue)"
    )
    assert [(d.site, d.value, d.type) for d in c.disagreed] == [("d.test", "$2.91 billion", "conflict")]
    plain = compare_sources(sources)
    assert plain.answer is None and "$3.84 billion" in [a.value for a in plain.agreed]


def test_a_question_names_its_quantity_count_or_role() -> None:
    q = read_question("who is the mayor of Westbury")
    assert q.roles == {"mayor"}
    assert "revenue" in read_question("ingresos primer trimestre").concepts
    assert "length" in read_question("Corran pipeline length").counts
    assert "jobs" in read_question("how many jobs will the plant create").counts


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("Q1 sales reached $3 billion.", "Revenue for the first quarter was $2 billion.", True),
        (
            "Revenue in the three months to March 31 was $3 billion.",
            "First-quarter revenue was $2 billion.",
            True,
        ),
        ("Annual revenue was $9 billion.", "Fourth-quarter revenue was $2 billion.", False),
        ("Revenue in 2025 was $9 billion.", "Revenue in 2024 was $8 billion.", False),
        ("Cloud revenue was $5 billion.", "Revenue was $14 billion.", False),
        ("The city has 400,000 residents.", "The metro area has 1.2 million residents.", False),
        ("It raised the wage from $12 to $15.", "The wage is now $13.", False),  # $12 is the earlier value
        ("Output came to 500,000 tonnes.", "The mine produced 480,000 tonnes.", True),
        ("It will create 2,500 jobs.", "It employs 2,000 people.", False),
        (
            "Los ingresos del primer trimestre fueron de 5.000 millones de pesos.",
            "Las ventas del primer trimestre sumaron 4.000 millones de pesos.",
            True,
        ),
        ("The launch is set for May 2, 2026.", "The election is set for May 9, 2026.", False),
        ("Sales rose 5% in March.", "Sales were 5% of revenue.", False),
    ],
)
def test_same_quantity_whatever_the_wording(a: str, b: str, same: bool) -> None:
    ca = next(c for c in read_figure_claims(a) if c.figure.kind != "year")
    cb = next(c for c in read_figure_claims(b) if c.figure.kind != "year")
    assert same_quantity(ca, cb) is same
    assert same_quantity(cb, ca) is same


def _spelled(v: Decimal, style: int) -> str:
    """One amount in millions of dollars, in one of eight spellings that keep its precision."""
    billions = (v / 1000).quantize(Decimal("0.001"))  # every digit kept: a respelling, not a rounding
    forms = [
        f"${v:,} million",
        f"US${v:,} million",
        f"{v:,} million dollars",
        f"${billions}bn",
        f"${billions} billion",
        f"{billions} billion dollars",
        f"USD {v:,} million",
        f"{v:,} millones de dólares".replace(",", "."),
    ]
    return forms[style % len(forms)]


def _page(v: Decimal, style: int) -> str:
    if style % 8 == 7:  # the Spanish spelling on a Spanish page, where "1.000" reads as thousands
        return f"Los ingresos de Kellner Group en el trimestre fueron de {_spelled(v, style)}."
    return f"Kellner Group reported revenue of {_spelled(v, style)} for the quarter."


@given(
    st.decimals(min_value=Decimal("100"), max_value=Decimal("99999"), places=0),
    st.decimals(min_value=Decimal("100"), max_value=Decimal("99999"), places=0),
    st.lists(st.integers(min_value=0, max_value=7), min_size=4, max_size=4),
    st.lists(st.integers(min_value=0, max_value=7), min_size=4, max_size=4),
)
def test_respelling_a_figure_never_creates_or_removes_a_disagreement(
    v: Decimal, w: Decimal, first: list[int], second: list[int]
) -> None:
    """Three sites say v and one says w, each in any spelling: the verdict depends on v and w only."""
    v, w = v.quantize(Decimal("1"), ROUND_HALF_UP), w.quantize(Decimal("1"), ROUND_HALF_UP)

    def disagreements(styles: list[int]) -> set[tuple[str, str]]:
        values = [v, v, v, w]
        sources = [
            SourceText(f"s{i}.test", f"https://s{i}.test/", _page(x, style))
            for i, (x, style) in enumerate(zip(values, styles, strict=True))
        ]
        return {(d.site, d.value) for d in compare_sources(sources).disagreed}

    a, b = disagreements(first), disagreements(second)
    assert {site for site, _ in a} == {site for site, _ in b}
    assert bool(a) is (v != w)
