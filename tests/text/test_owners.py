"""Owners as pages state them (issue 22, round 114): each construction, its past form, and what owns
nothing."""

from __future__ import annotations

import pytest

from webquorum.text.owners import owners

VELM = frozenset({"velm", "foods"})


def _first(text: str, subject: frozenset[str] = VELM) -> tuple[str, bool] | None:
    found = owners(text, subject)
    return (found[0].surface, found[0].past) if found else None


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("Velm Foods is owned by Orland Capital.", "Orland Capital"),
        ("Velm Foods is owned by private equity firm Orland Capital.", "Orland Capital"),
        ("Velm Foods, a subsidiary of the Danish dairy group Brask Holding, makes crisps.", "Brask Holding"),
        ("Velm Foods has been owned jointly by Brask and two other companies.", "Brask"),
        ("Velm Foods is now part of Brask Holding.", "Brask Holding"),
        ("Velm Foods was acquired by Brask Holding in 2019.", "Brask Holding"),
        ("Orland Capital sold Velm Foods to Brask Holding in 2021.", "Brask Holding"),
        ("Brask-owned Velm Foods opened a plant.", "Brask"),
        ("Brask Holding, which owns Velm Foods, reported profit.", "Brask Holding"),
        ("Brask Holding acquired Velm Foods in 2019.", "Brask Holding"),
        ("Velm Foods owner Dana Whitfield spoke on Monday.", "Dana Whitfield"),
        ("Brask Holding, the parent company of Velm Foods, reported profit.", "Brask Holding"),
        ("Velm Foods is being sold to jelly conglomerate J.M. Brask for $5.6bn.", "J.M. Brask"),
        ("Brask Holding is the current owner of Velm Foods, buying it in 2017.", "Brask Holding"),
        ("Velm Foods joined the portfolio of the private equity firm Orland Capital.", "Orland Capital"),
        ("Velm Foods changed hands in the acquisition by Orland Capital.", "Orland Capital"),
        ("It is owned by Orland Capital.", "Orland Capital"),  # a page about the subject
        (
            "Velm Foods is owned by Velm Foods Holdings.",
            "Velm Foods Holdings",
        ),  # a holding company of its name
    ],
)
def test_each_construction_names_the_owner(text: str, owner: str) -> None:
    assert _first(text) == (owner, False)


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("Velm Foods was owned by Orland Capital.", "Orland Capital"),
        (
            "Velm Foods remained under the ownership of its founder, Dana Whitfield, until 1974.",
            "Dana Whitfield",
        ),
        ("Velm Foods is owned by Dana Whitfield founder until 1974.", "Dana Whitfield"),
        ("Orland Capital was the original owner of Velm Foods.", "Orland Capital"),
        ("Velm Foods was formerly a division of Orland Capital.", "Orland Capital"),
    ],
)
def test_a_past_cue_names_a_former_owner(text: str, owner: str) -> None:
    assert _first(text) == (owner, True)


def test_a_purchase_told_in_the_past_tense_makes_the_owner_now() -> None:
    """ "was acquired by" tells how the owner came to own it; only "was owned by" is an owner of the past."""
    assert _first("On April 9, 2010, Velm Foods was acquired by Brask Holding.") == ("Brask Holding", False)


def test_an_owner_stated_now_comes_before_a_purchase_and_a_later_purchase_before_an_earlier() -> None:
    text = (
        "Orland Capital acquired Velm Foods in 1998. Brask Holding bought Velm Foods in 2015. "
        "Velm Foods was previously owned by Tarn Mills. Velm Foods is a subsidiary of Brask Holding."
    )
    found = [(o.surface, o.past, o.present, o.year) for o in owners(text, VELM)]
    assert found == [
        ("Brask Holding", False, True, 0),
        ("Brask Holding", False, False, 2015),
        ("Orland Capital", False, False, 1998),
        ("Tarn Mills", True, False, 0),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Velm Foods, based in Virginia, makes crisps in Ohio.",  # a city and a state own nothing
        "Is Velm Foods owned by Brask Holding?",  # a question states nothing
        "At Velm Foods a new owner is found to replace the embattled Dana Whitfield.",  # a clause, no title
        "Velm Foods, part of the Orland Valley story, turns 100.",  # "part of" is a cue only after "is", "now"
        "Orland Capital is owned by Tarn Mills.",  # another subject's owner
        "Brask Holding, which owns Orland Mills, has long competed with Velm Foods.",
        # the name before a comma is a list's last item, not the owner: no "which" opens the clause
        "Orland Capital, which sold Tarn Mills and Brask Holding, also owns Velm Foods.",
        "Unraveling Who Owns Velm Foods: A Deep Dive",  # "who" opens a clause only after a comma
        "Velm Foods is owned by Velm.",  # the subject's own name owns nothing
    ],
)
def test_what_is_no_owner(text: str) -> None:
    assert _first(text) is None


def test_an_infobox_line_gives_the_owner_and_closes_a_former_one() -> None:
    assert [
        (o.surface, o.past) for o in owners("Parent |\nGoogle (2011–2014) Lenovo (2014–present) |\n", VELM)
    ] == [
        ("Lenovo", False),
        ("Google", True),
    ]
    assert [
        (o.surface, o.past) for o in owners("ParentGoogle (2012–2014)\nLenovo (2014–present)\n", VELM)
    ] == [
        ("Lenovo", False),
        ("Google", True),
    ]
    assert _first("- Owner: Sycamore Partners, a fund\n") == ("Sycamore Partners", False)


def test_a_nationality_before_the_owner_is_passed_but_a_name_before_and_is_the_owner() -> None:
    assert _first("Velm Foods is a subsidiary of the Chinese technology company Lenovo.") == ("Lenovo", False)
    assert _first("Velm Foods has been owned jointly by Shogakukan and two others.") == ("Shogakukan", False)


def test_an_owner_s_name_ends_at_its_possessive() -> None:
    assert _first("Velm Foods owner Dana Whitfield's Austin bid failed.") == ("Dana Whitfield", False)


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("Velm Foods is a brand of L’Oréal.", "L’Oréal"),  # a French article elided into the name
        (
            "Velm Foods was acquired by private equity firm Clayton, Dubilier & Rice in 2021.",
            "Clayton, Dubilier & Rice",
        ),
        # a participle after a list is the subject's, not the list's last name's
        ("Velm Foods is a chain of shops in Mexico and Honduras owned by Brask Holding.", "Brask Holding"),
    ],
)
def test_round_116_names(text: str, owner: str) -> None:
    assert _first(text) == (owner, False)


@pytest.mark.parametrize(
    "text",
    [
        "Velm Foods is listed in London and is part of the FTSE 100 Index.",  # an index, not an owner
        "At Velm Foods the new owners described Orland Capital as a partner.",  # a title names right after it
        "Velm Foods distributed through Tarn Records. Tarn Records was later acquired by Brask Holding.",
        "In 1985 Velm Foods sold through Tarn Records, and Tarn Records was acquired by Brask Holding in 1988.",
    ],
)
def test_round_116_no_owner(text: str) -> None:
    assert _first(text) is None


def test_an_infobox_entry_without_years_before_a_dated_one_is_earlier_and_a_value_is_a_name() -> None:
    infobox = "Revenue\nOwnerOrland Capital\nBrask Holding\n(2012–present); 5 years ago\nWebsite"
    assert [(o.surface, o.past) for o in owners(infobox, VELM)] == [
        ("Brask Holding", False),
        ("Orland Capital", True),
    ]
    months = "Owner Orland Capital (August 2007 to February 2011)\nBrask Holding (February 2011 to 2012)\n"
    assert [(o.surface, o.past) for o in owners(months, VELM)] == [
        ("Orland Capital", True),
        ("Brask Holding", True),
    ]
    assert _first("Owners Orland Capital has announced the sale of its stake\n") == ("Orland Capital", False)
    assert _first("Owner\nWebsitevelm.com\n") is None  # an empty label: the next line is another label's


@pytest.mark.parametrize(
    "opening",
    [
        "The franchise is",
        "The stadium is",
        "The bridge is",
        "The newspaper is",
        "The island is",
        "The tower is",
    ],
)
def test_a_sentence_opening_on_the_owned_thing_s_kind_is_about_the_subject(opening: str) -> None:
    """Round 165: a page names its subject once and then calls it by its kind ("Delhi Capitals are a franchise
    ... The franchise is jointly owned by"), as it calls a firm "the company"."""
    text = f"Velm Foods opened in 1931. {opening} jointly owned by Brask Holding and Orland Capital."
    assert _first(text) == ("Brask Holding", False)


def test_a_kind_the_subject_is_not_said_to_be_still_needs_the_subject_named() -> None:
    """The kind must open the sentence: "a bridge" or "the city" elsewhere speaks of something else."""
    assert _first("Velm Foods opened in 1931. The city is owned by Brask Holding.") is None
    assert _first("Velm Foods opened in 1931. Nearby, a bridge is owned by Brask Holding.") is None


def test_a_word_a_page_refers_back_to_a_firm_with_is_no_owner() -> None:
    """Round 175 (real pages, set EZ: "The Group acquired a majority stake in Mohun Bagan Football")."""
    text = "The Group acquired a majority stake in Orland FC in 2020. The club has won 40 titles."
    assert [o.surface for o in owners(text, frozenset({"orland", "fc"}))] == []
    named = "Westbury Holdings acquired a majority stake in Orland FC in 2020."
    assert [o.surface for o in owners(named, frozenset({"orland", "fc"}))] == ["Westbury Holdings"]
