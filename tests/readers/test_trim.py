from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webquorum.readers.trim import carries_claim, is_real_sentence, trim_to_first_sentence

ARTICLE = (
    "The harbour bridge reopened to traffic on Saturday morning after eleven weeks of repairs.\n\n"
    "Engineers replaced 240 metres of expansion joints, the transport office said."
)


def test_leading_chrome_is_dropped_up_to_the_first_sentence() -> None:
    junk = (
        "Skip to main content\n"
        "English | Français | Deutsch | Español\n"
        "Home › News › Local\n"
        "We use cookies to improve your experience. By continuing you accept our use of cookies.\n"
        "Accept all\n"
        "Share · Email · Print\n"
        "By Ana Pereira\n"
        "14 March 2026\n\n"
    )
    assert trim_to_first_sentence(junk + ARTICLE) == ARTICLE


def test_lines_that_carry_a_figure_with_its_subject_survive_the_trim() -> None:
    facts = (
        "Menu\n"
        "152 feet 2 inches: height of the statue from base to torch\n"
        "| Height of pedestal | 89 feet |\n"
        "- 225 tons of copper!\n"
        "[Home](/) [2024 results](/r)\n"
        "Updated 14 March 2026, 12:11 AM\n"
        "5 min read · 12 comments\n\n"
    )
    trimmed = trim_to_first_sentence(facts + ARTICLE)
    assert trimmed == (
        "152 feet 2 inches: height of the statue from base to torch\n"
        "| Height of pedestal | 89 feet |\n"
        "- 225 tons of copper!\n" + ARTICLE
    )
    assert trim_to_first_sentence(facts + ARTICLE, keep_claims=False) == ARTICLE


def test_markdown_menu_from_a_reader_service_is_dropped_but_the_title_heading_kept() -> None:
    markdown = (
        "[Home](/) [About](/about) [Contact](/contact)\n"
        "* [Login](https://news.example/login)\n"
        "* [Register](https://news.example/register)\n"
        "![logo](https://news.example/logo.png)\n\n"
        "# Harbour bridge reopens\n\n"
        "The bridge reopened on Saturday after eleven weeks of repairs, the [city](https://city.example) said.\n"
    )
    trimmed = trim_to_first_sentence(markdown)
    assert trimmed.startswith("# Harbour bridge reopens\n\nThe bridge reopened on Saturday")
    assert "Login" not in trimmed


def test_text_without_any_sentence_is_returned_from_the_top() -> None:
    grid = "Plan | Monthly | Yearly\nStarter | €9 | €90\nTeam | €29 | €290\nBusiness | €79 | €790\n"
    assert trim_to_first_sentence(grid) == grid
    figures = "Revenue\n4.2m\nMargin\n12%\nHeadcount\n210"
    assert trim_to_first_sentence(figures) == figures


def test_article_text_is_not_eaten() -> None:
    assert trim_to_first_sentence(ARTICLE) == ARTICLE
    # a long paragraph that lost its full stop is still prose
    unpunctuated = (
        "Chelsea paid the fee to the league this morning to secure the signing of the goalkeeper from Bilbao "
        "who becomes the most expensive keeper in history\nHe flies to London tonight."
    )
    assert trim_to_first_sentence(unpunctuated) == unpunctuated


def test_prose_hard_wrapped_over_several_lines_starts_where_the_sentence_starts() -> None:
    wrapped = (
        "Photos\n"
        "which were released online and are making the rounds on social media,\n"
        "show the actress looking absolutely stunning in new\n"
        "make-up photos.\n"
        "She shared them on her page."
    )
    assert trim_to_first_sentence(wrapped).startswith("which were released online")


def test_sentence_classifier_separates_prose_from_labels() -> None:
    assert is_real_sentence("Residents moved their cars to higher ground before the water rose.")
    assert is_real_sentence("Die Brücke wurde am Samstag nach elf Wochen wieder für den Verkehr geöffnet.")
    assert not is_real_sentence("Home / News / World / Europe")
    assert not is_real_sentence("## Harbour bridge reopens after repairs.")
    assert not is_real_sentence(
        "[Sign in](/login) [Subscribe](/subscribe) [Newsletters](/newsletters) [Podcasts](/pod)."
    )
    assert not is_real_sentence("Please enable JavaScript to view the comments powered by our partner.")
    assert not is_real_sentence("Order Reprints")


lines = st.one_of(
    st.sampled_from(
        [
            "Skip to main content",
            "# Title of the article",
            "[Home](/) [About](/about)",
            "The council approved the budget for the new school on Tuesday evening.",
            "Photos",
            "which were released online and are making the rounds on social media,",
            "",
            "   ",
            "Plan | Monthly | Yearly",
        ]
    ),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80),
)
texts = st.lists(lines, max_size=12).map("\n".join)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_output_is_a_suffix_of_the_input_once_claim_lines_are_left_alone(text: str) -> None:
    trimmed = trim_to_first_sentence(text, keep_claims=False)
    assert text.endswith(trimmed.lstrip())
    kept = trim_to_first_sentence(text)
    claims = [line for line in kept.splitlines(keepends=True) if carries_claim(line)]
    assert kept.endswith(trimmed.lstrip()) and set(claims) <= set(text.splitlines(keepends=True))


@settings(max_examples=300, deadline=None)
@given(texts)
def test_trimming_is_idempotent(text: str) -> None:
    once = trim_to_first_sentence(text)
    assert trim_to_first_sentence(once) == once


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("Mark Demetree, CEO", True),
        ("Andrew Flanagan, chief executive, NSPCC", True),
        ("Director General Peter Limbourg", True),
        ("Chief Executive: Jon Pell", True),
        ("Chief Executive Officer", False),  # a title alone names no one
        ("Key people", False),
        ("President of the World Bank Group", False),
        ("Standard Chartered names Bill Winters as new chief executive", False),  # a headline is no label
        ("Meet our CEO", False),
    ],
)
def test_a_line_that_is_a_post_holder_s_label_is_a_claim(line: str, kept: bool) -> None:
    """Round 131 (real pages: an infobox's "Key people / Mark Demetree, CEO" sat above the first sentence and
    was cut, so the one line naming Morton Salt's chief executive never reached the comparison): a whole line
    that is a name and a title is kept; a headline or a title alone is not."""
    assert carries_claim(line) is kept


def test_an_infobox_s_holder_line_above_the_first_sentence_is_kept() -> None:
    text = (
        "Morton Salt\nCompany type Subsidiary\nKey people\nMark Demetree, CEO\nProducts Salt\n"
        "Morton Salt is an American food company producing salt for food and industry.\n"
    )
    assert trim_to_first_sentence(text) == (
        "Mark Demetree, CEO\nMorton Salt is an American food company producing salt for food and industry.\n"
    )
