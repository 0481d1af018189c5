"""Reading a question typed in lower case with the capitals its pages give it (round 60, issue 22).

Short cases written here, unit tests of the rule; the measure is the real pages
(docs/comparison-benchmark.md).
"""

from __future__ import annotations

import pytest
from tests.analysis.texts import SourceText

from webquorum.analysis.ask import cased_like_pages, read_ask, word_relates
from webquorum.analysis.compare import compare_sources

SABHA = [
    "The Lok Sabha has 543 seats. Members of the Lok Sabha are elected by the people.",
    "India's lower house, the Lok Sabha, meets in New Delhi; its seats are filled every five years.",
]


def test_a_lower_case_question_takes_the_capitals_its_pages_write_mid_sentence() -> None:
    cased = cased_like_pages("how many seats are in the lok sabha", SABHA)
    assert cased == "how many seats are in the Lok Sabha"
    ask = read_ask(cased)
    assert ask is not None and ask.subject == {"lok", "sabha"} and "lok" not in ask.relation


@pytest.mark.parametrize(
    ("query", "pages", "cased"),
    [
        # an initialism keeps the pages' own form
        (
            "who is the chief of the lapd",
            ["The LAPD said on Monday.", "Officers of the LAPD arrived."],
            "LAPD",
        ),
        # a word capitalised only where a sentence starts is no name ("Founded in 1821, ...")
        (
            "when was the bank founded",
            ["It grew. Founded in 1821, it lent. Founded by two men, it grew."],
            "founded",
        ),
        # a word the pages mostly write in lower case is a common word, though a heading capitalises it
        (
            "how many seats are in the lok sabha",
            ["543 Seats in All", "the seats, the seats, the seats"],
            "seats",
        ),
        # one capitalised mention may be a heading's title case
        ("how tall is the shard", ["Guide to the Shard and other towers."], "shard"),
        # a role's words stay as typed: "Manager Dave Roberts" is a title, no name of the body
        (
            "who is the manager of the dodgers",
            ["Dodgers Manager Dave Roberts. The Dodgers Manager spoke."],
            "manager",
        ),
    ],
)
def test_only_words_the_pages_write_as_names_are_capitalised(
    query: str, pages: list[str], cased: str
) -> None:
    assert cased in cased_like_pages(query, pages).split()


@pytest.mark.parametrize(
    ("query", "subject"),
    [
        ("who is the ceo of easyJet", {"easyjet"}),
        ("how many employees does eBay have", {"ebay"}),
        ("when was iRobot founded", {"irobot"}),
    ],
)
def test_a_brand_written_in_camel_case_is_the_subject(query: str, subject: set[str]) -> None:
    """Round 134 (real pages: "who is the ceo of easyjet", cased "easyJet" as its pages write it, had no
    subject, and its pages' "EasyJet chairman" stood for the body): a word in lower case then a capital is a
    brand's name, as a capitalised word is."""
    ask = read_ask(query)
    assert ask is not None and ask.subject == subject


def test_a_question_typed_with_capitals_is_read_as_typed() -> None:
    query = "how many seats are in the Lok sabha"
    assert cased_like_pages(query, SABHA) == query


def test_a_lower_case_role_question_answers_the_holder_not_the_body() -> None:
    """Without its subject, "the los angeles dodgers" was all relation, and a page's "Los Angeles Dodgers
    manager Dave Roberts" read the body as the holder (real pages, session w)."""
    pages = [
        SourceText(
            "a.test", "https://a.test/", "Los Angeles Dodgers manager Dave Roberts praised the bullpen."
        ),
        SourceText(
            "b.test",
            "https://b.test/",
            "The Los Angeles Dodgers manager, Dave Roberts, spoke after the game.",
        ),
        SourceText(
            "c.test",
            "https://c.test/",
            "Dave Roberts has been manager of the Los Angeles Dodgers since 2016.",
        ),
    ]
    c = compare_sources(pages, query="who is the manager of the los angeles dodgers")
    assert c.answer is not None and c.answer.value == "Dave Roberts"


@pytest.mark.parametrize("query", ["when did ABBA form", "what year did Oasis form"])
def test_a_band_asked_when_it_formed_is_asked_of_its_founding(query: str) -> None:
    """Round 80 (real pages: "a Swedish pop group formed in Stockholm in 1972" read as nothing): the
    question's "form" is the founding's verb; a page's own "form" is left alone (as often the noun)."""
    ask = read_ask(query)
    assert ask is not None and ask.relation == frozenset({"=established"})
    assert not word_relates("form", ask.relation)


ORCHESTRA = [
    "The Orland Symphony Orchestra (OSO) is an American symphony orchestra. Its music director leads the "
    "orchestra's season; the symphony orchestra tours in May.",
    "The Orland Symphony Orchestra named its music director. The orchestra plays in Orland.",
]


def test_a_role_question_s_words_the_pages_write_as_one_name_are_cased_together() -> None:
    """Round 98 (real pages: "Boston Symphony Orchestra" beside "an American symphony orchestra" left
    "symphony" and "orchestra" in lower case, so "music director of the BSO" was another body's): a run of
    the question's words written capitalised together, more often than in lower case, is cased as written."""
    cased = cased_like_pages("who is the music director of the orland symphony orchestra", ORCHESTRA)
    assert cased == "who is the music director of the Orland Symphony Orchestra"


@pytest.mark.parametrize(
    ("query", "pages"),
    [
        # a figure question's words stay as the word by word casing leaves them: "350 deputies" answers
        ("how many members does the orland symphony orchestra have", ORCHESTRA),
        # once capitalised together is a heading's title case
        ("who is the music director of the orland symphony orchestra", [ORCHESTRA[0]]),
        # written in lower case together more often than capitalised: a description, not a name
        (
            "who is the music director of the orland symphony orchestra",
            [
                *ORCHESTRA,
                "an orland symphony orchestra, the orland symphony orchestra, orland symphony orchestra",
            ],
        ),
    ],
)
def test_a_run_cased_together_once_or_outside_a_role_question_keeps_its_lower_case(
    query: str, pages: list[str]
) -> None:
    assert "Orchestra" not in cased_like_pages(query, pages)
