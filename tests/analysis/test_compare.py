"""Cross-source comparison: what agrees, what disagrees, and what is honestly left alone."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.analysis.texts import Agreed, Disagreed, SourceText

from webquorum.analysis.compare import Comparison, compare_sources, contradiction, extract_names
from webquorum.pipelines.brief_text import render_agreement
from webquorum.types import AgreedItem, DisagreedItem

STOCKS = SourceText(
    "stockanalysis.test",
    "https://stockanalysis.test/nvda/revenue/",
    "NVIDIA had revenue of $81.62B in the quarter ending April 26, 2026, with 85.23% growth. This brings "
    "the company's revenue in the last twelve months to $253.49B.",
)
INSIDER = SourceText(
    "tech-insider.test",
    "https://tech-insider.test/nvidia-q1",
    "Nvidia Earnings 2026: $81.6B Record Quarter. The chipmaker posted $81.6 billion in revenue for its first "
    "quarter of fiscal 2027, up 85% year over year, with data center revenue alone reaching $75.2 billion.",
)
WIRE = SourceText(
    "wire.test",
    "https://wire.test/markets/nvidia",
    "Nvidia Corp. reported total revenue of 81,620 million dollars for the quarter, CEO Jensen Huang said.",
)
ODD = SourceText(
    "example.com",
    "https://example.com/nvda",
    "NVIDIA revenue was $44.1 billion in the quarter, according to Jensen Huang.",
)


def test_three_readings_of_one_amount_agree_and_the_odd_site_is_named() -> None:
    c = compare_sources([STOCKS, INSIDER, WIRE, ODD])
    assert Agreed("figure", "$81.6 billion", 3, 4) in c.agreed
    assert Agreed("name", "NVIDIA", 4, 4) in c.agreed
    assert c.disagreed == [
        Disagreed("figure", "example.com", "https://example.com/nvda", "$44.1 billion", "$81.6 billion", 3)
    ]
    lines = render_agreement(c)
    assert lines[0].startswith('Agreed across sources: "NVIDIA" in 4/4; $81.6 billion in 3/4')
    assert lines[1:] == [
        "Disagreement: example.com says $44.1 billion where 3 others say $81.6 billion (revenue, quarter)"
    ]


def test_percentages_at_different_precision_agree() -> None:
    c = compare_sources([STOCKS, INSIDER])
    assert Agreed("figure", "85%", 2, 2) in c.agreed


@pytest.mark.parametrize(
    ("odd_text", "disagrees"),
    [
        ("NVIDIA revenue was $44.1 billion, and revenue was $81.6 billion.", False),  # naming both
        ("Revenue was $44.1 billion a year earlier; revenue of $81.62 billion now.", False),
        ("NVIDIA revenue was $44.1 billion in the quarter.", True),
        # No period on one side, a quarter on the other: not positively the same quantity (issue 22), so no
        # dissent.
        ("NVIDIA revenue was $44.1 billion.", False),
    ],
)
def test_naming_both_values_is_not_disagreeing(odd_text: str, disagrees: bool) -> None:
    odd = SourceText("example.com", "https://example.com/a", odd_text)
    c = compare_sources([STOCKS, INSIDER, WIRE, odd])
    assert bool(c.disagreed) is disagrees


def test_a_reading_one_agreeing_site_allows_at_its_precision_is_not_a_disagreement() -> None:
    texts = [
        "Revenue was $81.62 billion.",
        "Revenue was $81.6 billion.",
        "Revenue was $82 billion.",
        "Revenue was $82.3 billion.",
    ]
    c = compare_sources([SourceText(f"s{i}.test", f"https://s{i}.test/", t) for i, t in enumerate(texts)])
    assert Agreed("figure", "$82 billion", 3, 4) in c.agreed
    assert c.disagreed == []


def test_a_different_quantity_sharing_one_word_is_not_a_disagreement() -> None:
    segment = SourceText(
        "dc.test", "https://dc.test/a", "Data center revenue reached $75.2 billion this quarter."
    )
    c = compare_sources([STOCKS, WIRE, segment])
    assert Agreed("figure", "$81.62 billion", 2, 3) in c.agreed
    assert c.disagreed == []


def test_a_single_unchallenged_reading_is_reported_as_nothing() -> None:
    quiet = SourceText(
        "quiet.test", "https://quiet.test/", "the chipmaker had a strong quarter, analysts said."
    )
    c = compare_sources([STOCKS, quiet])
    assert c == Comparison([], [])
    assert render_agreement(c) == ["Agreed across sources: nothing that a rule can compare"]


def test_one_site_twice_is_one_source() -> None:
    again = SourceText(STOCKS.site, "https://stockanalysis.test/nvda/", "NVIDIA revenue was $81.6 billion.")
    assert compare_sources([STOCKS, again]) == Comparison([], [])


def test_a_two_two_split_names_no_odd_site() -> None:
    texts = [
        "Revenue was $81.6 billion.",
        "Revenue was $81.6 billion.",
        "Revenue was $44.1 billion.",
        "Revenue was $44.1 billion.",
    ]
    c = compare_sources([SourceText(f"s{i}.test", f"https://s{i}.test/", t) for i, t in enumerate(texts)])
    assert {a.value for a in c.agreed} == {"$81.6 billion", "$44.1 billion"}
    assert c.disagreed == []


def test_spanish_sources() -> None:
    sources = [
        SourceText(
            "a.mx",
            "https://a.mx/",
            "Los ingresos de NVIDIA fueron de 81.620 millones de dólares, un alza de 85,2 %.",
        ),
        SourceText(
            "b.es",
            "https://b.es/",
            "NVIDIA reportó ingresos por 81,6 mil millones de dólares, con un alza de 85 %.",
        ),
        SourceText(
            "c.mx",
            "https://c.mx/",
            "Los ingresos alcanzaron 81,62 mil millones de dólares el 26 de abril de 2026.",
        ),
        SourceText("d.mx", "https://d.mx/", "Los ingresos de NVIDIA fueron de 44.100 millones de dólares."),
    ]
    c = compare_sources(sources)
    assert Agreed("figure", "$81.6 billion", 3, 4) in c.agreed
    assert Agreed("figure", "85%", 2, 4) in c.agreed
    assert [(d.site, d.value, d.others_count) for d in c.disagreed] == [("d.mx", "$44.1 billion", 3)]


def test_one_day_written_three_ways_agrees() -> None:
    texts = [
        "Results for the quarter ending April 26, 2026.",
        "Quarter ended 2026-04-26.",
        "Trimestre al 26 de abril de 2026.",
    ]
    c = compare_sources([SourceText(f"d{i}.test", f"https://d{i}.test/", t) for i, t in enumerate(texts)])
    assert c.agreed == [Agreed("figure", "2026-04-26", 3, 3)]


def test_headcounts_with_units() -> None:
    texts = [
        "Chipmaker Nvidia has 36,000 employees.",
        "Chipmaker Nvidia has 36 thousand employees.",
        "Chipmaker Nvidia has 29,000 employees.",
    ]  # the subject mid-sentence: a capital that only opens a sentence is not surely a name
    c = compare_sources([SourceText(f"h{i}.test", f"https://h{i}.test/", t) for i, t in enumerate(texts)])
    assert Agreed("figure", "36,000 employees", 2, 3) in c.agreed
    assert render_agreement(c)[1:] == [
        "Disagreement: h2.test says 29,000 employees where 2 others say 36,000 employees"
    ]


def test_agreed_items_are_bounded_and_figures_keep_slots() -> None:
    people = " ".join(f"Person{chr(65 + i)} Surname{chr(65 + i)} spoke." for i in range(10))
    text = f"{people} Revenue was $81.6 billion. Margins were 75.5%."
    c = compare_sources(
        [SourceText(f"b{i}.test", f"https://b{i}.test/", text) for i in range(3)], max_agreed=6
    )
    assert len(c.agreed) == 6
    assert {a.value for a in c.agreed if a.kind == "figure"} == {"$81.6 billion", "75.5%"}


def test_render_quotes_names_and_years_and_says_other_in_the_singular() -> None:
    c = Comparison(
        [
            AgreedItem(kind="name", value="NVIDIA", count=4, of=4),
            AgreedItem(kind="figure", value="$81.6 billion", count=3, of=4),
            AgreedItem(kind="figure", value="2026", count=2, of=4),
        ],
        [
            DisagreedItem(
                kind="figure",
                site="example.com",
                url="https://example.com/",
                value="$44.1 billion",
                others_value="$81.6 billion",
                others_count=1,
            )
        ],
    )
    assert render_agreement(c) == [
        'Agreed across sources: "NVIDIA" in 4/4; $81.6 billion in 3/4; "2026" in 2/4',
        "Disagreement: example.com says $44.1 billion where 1 other says $81.6 billion",
    ]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Shares of NVIDIA rose after CEO Jensen Huang spoke in April.", ["NVIDIA", "Jensen Huang"]),
        (
            "Grupo Bimbo, S.A.B. de C.V. y el Banco de México anunciaron el lunes.",
            ["Grupo Bimbo, S.A.B. de C.V.", "Banco de México"],
        ),
        (
            "Revenue grew. The Wall Street Journal said AT&T and OpenAI agreed.",
            ["Wall Street Journal", "AT&T", "OpenAI"],
        ),
        ("Analysts expect more. On Monday, Apple Inc. said so.", ["Apple Inc."]),
        ("In March sales rose in Q1 for the FY.", []),
    ],
)
def test_extract_names(text: str, names: list[str]) -> None:
    assert extract_names(text) == names


def test_names_match_across_case_and_legal_form() -> None:
    texts = ["Nvidia Corp. gained.", "Shares of NVIDIA gained.", "Analysts like Nvidia."]
    c = compare_sources([SourceText(f"n{i}.test", f"https://n{i}.test/", t) for i, t in enumerate(texts)])
    assert [(a.kind, a.count) for a in c.agreed] == [("name", 3)]


@pytest.mark.parametrize(
    ("passage", "contradicted"),
    [
        ("Revenue came in at $44.1 billion.", True),
        ("Data center revenue came in at $44.1 billion.", False),
        ("Revenue was $44.1 billion last year and $81.6 billion now.", False),
        ("Revenue was $81.62B.", False),
    ],
)
def test_contradiction_is_another_value_for_the_same_quantity(passage: str, contradicted: bool) -> None:
    assert (contradiction("NVIDIA revenue was $81.6 billion", passage) is not None) is contradicted


def _written(v: Decimal, style: int) -> str:
    rounded = [v, v.quantize(Decimal("0.1"), ROUND_HALF_UP), v.quantize(Decimal("1"), ROUND_HALF_UP)]
    forms = [
        f"${v}B",
        f"${rounded[1]} billion",
        f"{v * 1000:,.0f} million dollars",
        f"${rounded[2]}bn",
        f"US${v * 10**9:,.0f}",
    ]
    return forms[style % len(forms)]


@given(  # from 10 up: "$1bn" for $1.49 billion is a different value, not a rounding (issue 11)
    st.decimals(min_value=Decimal("10"), max_value=Decimal("999.99"), places=2),
    st.lists(st.integers(min_value=0, max_value=9), min_size=2, max_size=4),
)
def test_writing_one_amount_differently_never_creates_a_disagreement(v: Decimal, styles: list[int]) -> None:
    v = v.quantize(Decimal("0.01"))
    styles = [0, *styles]  # one site writes it in full: "$12.5 billion" and "$12bn" alone are two values
    sources = [
        SourceText(
            f"s{i}.test",
            f"https://s{i}.test/",
            f"NVIDIA reported revenue of {_written(v, style)} for the quarter.",
        )
        for i, style in enumerate(styles)
    ]
    c = compare_sources(sources)
    assert c.disagreed == []
    assert [a.count for a in c.agreed if a.kind == "figure"] == [len(styles)]


SENTENCES = [
    "NVIDIA revenue was $81.6 billion.",
    "Revenue of $81.62B was reported by Nvidia.",
    "Revenue was $44.1 billion, said Jensen Huang.",
    "Growth reached 85% in 2026.",
    "Growth of 85.2% was reported on April 26, 2026.",
    "Nvidia has 36,000 employees.",
    "Nvidia has 29,000 employees in Santa Clara.",
    "Data center revenue reached $75.2 billion.",
]


@given(
    st.lists(st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=4), min_size=2, max_size=5),
    st.randoms(),
)
def test_compare_is_deterministic_and_source_order_does_not_change_what_agrees(
    texts: list[list[str]], rnd: object
) -> None:
    sources = [
        SourceText(f"site{i}.test", f"https://site{i}.test/", " ".join(t)) for i, t in enumerate(texts)
    ]
    shuffled = list(sources)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    first = compare_sources(sources)
    assert compare_sources(sources) == first
    assert set(compare_sources(shuffled).agreed) == set(first.agreed)
    assert {(d.site, d.value) for d in compare_sources(shuffled).disagreed} == {
        (d.site, d.value) for d in first.disagreed
    }


@given(
    st.lists(
        st.text(alphabet=st.sampled_from(list("AaBbNn .,'&$%0123456789\n")), max_size=60),
        min_size=2,
        max_size=4,
    )
)
def test_any_text_compares_without_error(texts: list[str]) -> None:
    c = compare_sources([SourceText(f"f{i}.test", f"https://f{i}.test/", t) for i, t in enumerate(texts)])
    assert render_agreement(c)[0].startswith("Agreed across sources: ")
    assert all(a.count >= 2 for a in c.agreed)


def _percent_written(v: Decimal, style: int) -> str:
    forms = [
        f"{v}%",
        f"{v.quantize(Decimal('0.1'), ROUND_HALF_UP)} percent",
        f"{v.quantize(Decimal('1'), ROUND_HALF_UP)}%",
        f"{v} per cent",
    ]
    return forms[style % len(forms)]


def _count_written(n: int, style: int) -> str:
    forms = [f"{n:,} employees", f"{n} employees", f"{Decimal(n) / 1000} thousand employees"]
    return forms[style % len(forms)]


@given(  # from 10 up: "0.0 percent" for 0.01% is not a rounding (issue 11)
    st.decimals(min_value=Decimal("10"), max_value=Decimal("99.99"), places=2),
    st.integers(min_value=1000, max_value=999_999),
    st.lists(st.integers(min_value=0, max_value=11), min_size=2, max_size=4),
)
def test_writing_percentages_and_counts_differently_never_creates_a_disagreement(
    v: Decimal, n: int, styles: list[int]
) -> None:
    styles = [0, *styles]  # one site writes it in full: "12.5%" and "12%" alone are two values (issue 11)
    sources = [
        SourceText(
            f"s{i}.test",
            f"https://s{i}.test/",
            f"Gross margin was {_percent_written(v, style)} and the company has {_count_written(n, style)}.",
        )
        for i, style in enumerate(styles)
    ]
    c = compare_sources(sources)
    assert c.disagreed == []
    assert sorted(a.count for a in c.agreed if a.kind == "figure") == [len(styles), len(styles)]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("He said Mr. Huang was right, and Dr. Fauci agreed with Ms. Smith.", ["Huang", "Fauci", "Smith"]),
        ("Governor Victoria Rodriguez Ceja said inflation remains a concern.", ["Victoria Rodriguez Ceja"]),
        (
            "It was signed by President Joe Biden and Prime Minister Keir Starmer.",
            ["Joe Biden", "Keir Starmer"],
        ),
        ("Chief Executive Jensen Huang spoke. The President declined to comment.", ["Jensen Huang"]),
        ("Prime Video and Vice Media grew.", ["Prime Video", "Vice Media"]),
    ],
)
def test_titles_and_honorifics_are_not_part_of_a_name(text: str, names: list[str]) -> None:
    assert extract_names(text) == names


def test_a_title_does_not_hide_that_two_sites_name_one_person() -> None:
    texts = [
        "Governor Victoria Rodriguez Ceja said the cycle will continue.",
        "The cut was announced by Victoria Rodriguez Ceja on Thursday.",
    ]
    c = compare_sources([SourceText(f"g{i}.test", f"https://g{i}.test/", t) for i, t in enumerate(texts)])
    assert Agreed("name", "Victoria Rodriguez Ceja", 2, 2) in c.agreed


def test_realistic_news_agrees_on_names_and_figures_without_noise() -> None:
    texts = [
        "By Jane Smith. Updated 3 hours ago. However, the company said revenue rose. Meanwhile, analysts at "
        "Goldman Sachs expect growth. Apple reported revenue of $94.9 billion, Mr. Cook said.",
        "Apple posted revenue of $94.9 billion for the quarter, Tim Cook said Thursday. However, iPhone sales "
        "fell 2%. Still, Wall Street cheered. Meanwhile Goldman Sachs raised its target. Mr. Cook smiled.",
        "However, Apple revenue was $85.8 billion, the Cupertino company said. Still, iPhone sales fell 2%. "
        "Meanwhile the stock rose. Tim Cook spoke on a call.",
        "Apple Inc. reported revenue of $94.93 billion. Revenue was driven by the iPhone. CEO Tim Cook said "
        "services grew. Still, China sales declined 11%.",
    ]
    c = compare_sources([SourceText(f"n{i}.test", f"https://n{i}.test/", t) for i, t in enumerate(texts)])
    values = {a.value for a in c.agreed}
    assert {"Apple", "Tim Cook", "$94.9 billion", "2%"} <= values
    assert not values & {"However", "Meanwhile", "Still", "Mr", "Revenue", "Updated"}
    assert all(not a.value.strip("$%,.").isdigit() for a in c.agreed if a.kind == "name")
    assert [(d.site, d.value, d.others_value) for d in c.disagreed] == [
        ("n2.test", "$85.8 billion", "$94.9 billion")
    ]
