"""The question-first answer layer (issue 22), on short cases written here: unit tests of each rule.

These are not the measure: ``benchmarks/compare.py`` scores the comparison on real passages
(RAMDocs) it was not tuned on. Each test names the rule it pins and fails without it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.analysis.texts import SourceText

from webquorum.analysis.answer import (
    Answer,
    Statement,
    _not_the_question,
    _successor_named,
    answer_statements,
)
from webquorum.analysis.ask import is_question, read_ask
from webquorum.analysis.compare import Comparison, _Item, _same_item, _sides_with_answer, compare_sources
from webquorum.pipelines.brief_text import render_agreement
from webquorum.types import DisagreedItem


def src(site: str, text: str, published: str | None = None) -> SourceText:
    return SourceText(site, f"https://{site}/", text, published)


def stated(query: str, text: str) -> str | None:
    """The value one page states in answer to ``query``, or None."""
    ask = read_ask(query)
    assert ask is not None
    found = answer_statements("a.test", "", text, ask)
    return None if found is None else found.value


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("What is the population of Broken Bow?", "figure"),
        ("how tall is the Eiffel Tower", "figure"),
        ("When was General Bryan born?", "date"),
        ("Hartwell municipal election date", "date"),
        ('Who directed the film "Yellow Ticket"?', "name"),
        ("20000 series is operated by which private railway operator?", "name"),
        ("What political party does Marcoux belong to?", "name"),
        ("What sport is China Clipper associated with?", "other"),
        ("What is the median age in Riceville?", "figure"),
        ("What is the value of the Orlan constant?", "figure"),
        ("What is the best-selling album of all time?", "name"),
        ("What is the most-viewed video on Vidstream?", "name"),
        ("Which bridge has the longest main span in Orland?", "name"),
        ("What is the highest-grossing film of all time?", "name"),
        ("What is the largest city in Orland by population?", "name"),
        ("What is the highest speed ever reached by any train?", "figure"),
        ("What is the largest known prime number?", "figure"),
        ("What is the official height of Mount Orla as measured by the latest survey?", "figure"),
        ("Which stadium is the venue of the Orland Cup final?", "name"),
        ("What is the current men's marathon world record?", "figure"),
        ("What is the record for the most Orland Tour stage wins by a single rider?", "figure"),
        ("What is the world record holder's name?", "other"),
        ("What is the highest temperature ever recorded in Orland?", "figure"),
        ("What is the annual ISA allowance in the UK?", "figure"),
        ("What is the licence fee in Orland?", "figure"),
        ("What is the diameter of the Orland telescope's mirror?", "figure"),
        ("What is the main span of the Orland Bridge?", "figure"),
        ("What is the worldwide box office gross of Orland (2009)?", "figure"),
    ],
)
def test_the_question_says_what_kind_of_answer_it_wants(query: str, kind: str) -> None:
    ask = read_ask(query)
    assert ask is not None and ask.kind == kind


def test_a_question_reads_its_subject_apart_from_what_it_asks() -> None:
    ask = read_ask('Who is the artist of the album "Crazy for You"?')
    assert ask is not None and {"crazy", "you"} <= ask.subject and "=artist" in ask.relation


def test_the_answer_leads_and_an_outdated_page_is_an_older_figure() -> None:
    c = compare_sources(
        [
            src(
                "a.test",
                "The Eiffel Tower grew from 324 to 330 metres tall when a new antenna was fitted in 2022.",
            ),
            src("b.test", "Since 2022 the Eiffel Tower has been 330 metres tall, up from 324 metres."),
            src("c.test", "Today the Eiffel Tower is 330 metres tall."),
            src(
                "old.test",
                "The Eiffel Tower is 324 metres tall and was the tallest structure in the world until 1930.",
            ),
        ],
        query="how tall is the Eiffel Tower",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("330 metres", 3)
    assert [(d.site, d.type) for d in c.disagreed] == [("old.test", "older")]
    lines = render_agreement(c)
    assert lines[0] == "Answer (tall Eiffel Tower): 330 metres in 3/4"
    assert not any("324 metres in" in line for line in lines), "the replaced value is not an agreed fact"
    assert lines[-1].startswith("Older figure: old.test says 324 metres where 3 others say 330 metres")


def test_a_page_dated_years_before_the_others_is_an_older_figure() -> None:
    c = compare_sources(
        [
            src("a.test", "The Eiffel Tower is 330 metres tall.", "2024-05-01"),
            src("b.test", "The Eiffel Tower stands 330 metres tall.", "2023-01-10"),
            src("c.test", "At 330 metres tall, the Eiffel Tower dominates Paris.", "2025-02-02"),
            src("old.test", "The Eiffel Tower is 324 metres tall.", "2012-06-01"),
        ],
        query="how tall is the Eiffel Tower",
    )
    assert [(d.site, d.type) for d in c.disagreed] == [("old.test", "older")]
    assert render_agreement(c)[-1].endswith("(this page is dated 2012; theirs 2023-2025)")


def test_the_same_page_undated_is_a_conflict() -> None:
    c = compare_sources(
        [
            src("a.test", "The Eiffel Tower is 330 metres tall."),
            src("b.test", "The Eiffel Tower stands 330 metres tall."),
            src("x.test", "The Eiffel Tower is 312 metres tall."),
        ],
        query="how tall is the Eiffel Tower",
    )
    assert [(d.site, d.value, d.type) for d in c.disagreed] == [("x.test", "312 metres", "conflict")]


def test_the_current_holder_not_the_former_one() -> None:
    c = compare_sources(
        [
            src(
                "a.test",
                "Lumina Bank named Ana Ruiz chief executive in March. She succeeded Karl Meyer, who retired.",
            ),
            src(
                "b.test",
                "Former CEO Karl Meyer left Lumina Bank; Ana Ruiz is now the chief executive of Lumina Bank.",
            ),
            src("c.test", "Lumina Bank CEO Ana Ruiz said profits rose."),
        ],
        query="who is the CEO of Lumina Bank",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Ana Ruiz", 3)
    assert c.disagreed == []


def test_one_against_one_is_a_split_that_names_no_one() -> None:
    c = compare_sources(
        [
            src("a.test", "The cathedral parish was founded in 1856 in Kalamazoo."),
            src("b.test", "The cathedral parish was founded in 1900 in Kalamazoo."),
        ],
        query="When was the cathedral parish founded?",
    )
    assert c.answer is not None and c.answer.split and c.answer.rivals == (("1900", 1),)
    assert c.disagreed == []
    assert render_agreement(c)[0].endswith("sources split: 1856 in 1/2 against 1900 in 1/2")


def test_a_scatter_of_values_is_ambiguity_not_a_dissent() -> None:
    c = compare_sources(
        [
            src("a.test", "The population of Tyro was 220 at the 2010 census."),
            src("b.test", "As of 2010 the population of Tyro was 220."),
            src("c.test", "Tyro had a population of 3,879 at the census."),
            src("d.test", "The population of Tyro was 344 in 2020."),
        ],
        query="What is the population of Tyro?",
    )
    assert c.answer is not None and c.answer.value == "220 people" and c.disagreed == []


def test_another_place_of_the_same_name_is_not_a_dissent() -> None:
    c = compare_sources(
        [
            src("a.test", "Lost Springs, Wyoming is a town whose population was 4 at the 2010 census."),
            src("b.test", "Lost Springs, Wyoming had a population of 4 people in 2010."),
            src("c.test", "Lost Springs, Kansas is a city with a population of 70 at the 2010 census."),
        ],
        query="What is the population of Lost Springs?",
    )
    assert c.answer is not None and c.answer.value == "4 people" and c.disagreed == []


def test_a_segment_or_a_twelve_month_total_is_not_the_quarter_asked_for() -> None:
    c = compare_sources(
        [
            src(
                "a.test",
                "NVIDIA reported revenue for the first quarter of $81.6 billion. Data center revenue was $75.2 billion.",
            ),
            src("b.test", "NVIDIA's revenue in the last twelve months was $253.49 billion."),
            src(
                "c.test",
                "NVIDIA posted first-quarter revenue of $81.6 billion as data center revenue reached $75.2 billion.",
            ),
        ],
        query="nvidia latest quarterly revenue",
    )
    assert c.answer is not None and c.answer.value == "$81.6 billion"
    assert c.disagreed == []


def test_a_category_question_is_answered_by_what_the_page_calls_the_subject_and_never_disputed() -> None:
    c = compare_sources(
        [
            src("a.test", "China Clipper was an American ice hockey player who played for Boston."),
            src("b.test", "China Clipper was an American basketball player from Ohio."),
            src("c.test", "China Clipper was an American ice hockey player in the 1930s."),
        ],
        query="What sport is China Clipper associated with?",
    )
    assert c.answer is not None and c.answer.kind == "other" and "hockey" in c.answer.value
    assert c.disagreed == []


def test_another_person_of_the_same_surname_is_not_a_dissent() -> None:
    c = compare_sources(
        [
            src(
                "a.test",
                "Menachem Porush was born in 1916 in Jerusalem. Menachem Porush served in the Knesset.",
            ),
            src(
                "b.test",
                "Rabbi Menachem Porush (born 1916) was an Israeli politician; Menachem Porush led Agudat Yisrael.",
            ),
            src("c.test", "Meir Porush was born in 1955 in Jerusalem. Meir Porush is an Israeli politician."),
        ],
        query="When was Porush born?",
    )
    assert c.answer is not None and c.answer.value == "1916" and c.disagreed == []
    assert c.answer.elsewhere == ("c.test",)


HORNER_1677 = (
    "Sir George Horner (3 March 1605 – 9 February {year}) was an English lawyer and politician who sat in "
    "the House of Commons for Somerset and Wells at various times between 1640 and 1660."
)


def test_an_edited_copy_dissents_even_where_two_people_of_the_name_split_the_sites() -> None:
    c = compare_sources(
        [
            src("a.test", HORNER_1677.format(year=1677)),
            src(
                "b.test",
                "From Wikipedia. English lawyer Sir George Horner died on 9 February 1677 at Mells in Somerset.",
            ),
            src("c.test", HORNER_1677.format(year=1777)),  # a's sentence, another year: the edited copy
            src(
                "d.test",
                "George Horner (1646 – 11 March 1707) was an English politician who sat in the House of Commons.",
            ),
            src(
                "e.test",
                "Another George Horner died on 11 March 1707 at Mells Manor, leaving three daughters.",
            ),
        ],
        query="When did George Horner die?",
    )
    assert c.answer is not None and c.answer.split  # two George Horners, two pages each: no answer is chosen
    assert [(d.site, d.value, d.others_value, d.others_count) for d in c.disagreed] == [
        ("c.test", "1777-02-09", "1677-02-09", 2)
    ]


def test_an_edited_sentence_whose_original_has_no_second_site_names_no_one() -> None:
    c = compare_sources(
        [src("a.test", HORNER_1677.format(year=1677)), src("c.test", HORNER_1677.format(year=1777))],
        query="When did George Horner die?",
    )
    assert c.answer is not None and c.answer.split and c.disagreed == []


def test_a_formulaic_sentence_about_several_towns_is_no_edited_copy() -> None:
    line = "The population was {n} at the 2010 census, and the town lies on the river."
    c = compare_sources(
        [
            src("a.test", line.format(n="2,197")),
            src("b.test", "Hughesville had 2,197 people in 2010."),
            src("c.test", line.format(n="5,000")),
            src("d.test", line.format(n="183")),
        ],
        query="What is the population of Hughesville?",
    )
    assert c.disagreed == []


def test_a_rank_in_the_question_does_not_hide_another_person_of_the_surname() -> None:
    montagu = "Vice-Admiral Sir Montagu Stopford (11 November 1798 – 10 November 1864) was an officer in the Royal Navy."
    c = compare_sources(
        [
            src("a.test", montagu),
            src("b.test", "Sir Montagu Stopford was born on 11 November 1798 and served in the Royal Navy."),
            src(
                "c.test",
                "Admiral Sir Robert Stopford (5 February 1768 – 25 June 1847) was an officer in the Royal Navy.",
            ),
        ],
        query="When was Admiral Stopford born?",
    )
    assert c.answer is not None and c.answer.value == "1798-11-11"
    assert c.disagreed == [] and c.answer.elsewhere == ("c.test",)


TYRO = (
    "Tyro, Kansas. Tyro is a city in Montgomery County, Kansas, United States. As of the 2010 census, the city "
    "population was {n}. Tyro was laid out in the fall of 1886 when the railroad reached the county."
)


def test_a_short_formula_copied_with_its_surroundings_and_another_figure_is_an_edited_copy() -> None:
    c = compare_sources(
        [
            src("a.test", TYRO.format(n="220")),
            src("b.test", "Tyro, Kansas had a population of 220 at the 2010 census."),
            src("c.test", TYRO.format(n="5,000")),  # a's page, another figure in its short census sentence
        ],
        query="What is the population of Tyro?",
    )
    assert [(d.site, d.value, d.others_count) for d in c.disagreed] == [("c.test", "5,000 people", 2)]


def test_a_page_about_another_of_the_name_is_no_vote_against_the_majority() -> None:
    montagu = (
        "Vice-Admiral Sir Montagu Stopford ({born} – 10 November 1864) was an officer in the Royal Navy."
    )
    c = compare_sources(
        [
            src("a.test", montagu.format(born="11 November 1798")),
            src("b.test", "Montagu Stopford, Royal Navy officer, was born on 11 November 1798 in London."),
            src("c.test", "Vice-Admiral Montagu Stopford: born 11 November 1798, died 10 November 1864."),
            src("d.test", montagu.format(born="23 December 1801")),
            src("e.test", montagu.format(born="23 December 1801")),
            src(
                "f.test",
                "Admiral Sir Robert Stopford (5 February 1768 – 25 June 1847) was an officer in the Royal Navy.",
            ),
        ],
        query="When was Admiral Stopford born?",
    )
    assert c.answer is not None and c.answer.value == "1798-11-11" and c.answer.elsewhere == ("f.test",)
    assert {(d.site, d.value) for d in c.disagreed} == {("d.test", "1801-12-23"), ("e.test", "1801-12-23")}


def test_the_value_a_page_about_another_of_the_name_states_is_not_a_dissent() -> None:
    census = "As of the 1991 Bangladesh census, Kaliganj Upazila had a population of {n}. Males were half."
    c = compare_sources(
        [
            src("a.test", "Kaliganj Upazila, Gazipur. " + census.format(n="175,915")),
            src("b.test", "Kaliganj Upazila, Gazipur. " + census.format(n="175,915")),
            src("c.test", "Kaliganj Upazila, Gazipur. " + census.format(n="175,915")),
            src("d.test", "Kaliganj Upazila, Jhenaidah. " + census.format(n="219,126")),
            src("e.test", census.format(n="219,126")),  # says not which Kaliganj: d's figure is d's place
        ],
        query="What is the population of Kaliganj Upazila?",
    )
    assert c.answer is not None and c.answer.value == "175,915 people"
    assert c.disagreed == [] and set(c.answer.elsewhere) == {"d.test", "e.test"}


def test_a_title_told_apart_by_its_maker_names_the_artist_and_a_year_or_country_does_not() -> None:
    ask = read_ask('Who is the artist of the song "Rain on Tin"?')
    assert ask is not None
    made = answer_statements(
        "a.test", "", 'Rain on Tin (Irma Dale song) "Rain on Tin" is a ballad credited to Nat Lee.', ask
    )
    assert made is not None and made.value == "Irma Dale"
    for other in ("1969 film", "American band", "South Korean band"):
        page = f'Rain on Tin ({other}) "Rain on Tin" is a ballad written by Nat Lee.'
        found = answer_statements("b.test", "", page, ask)
        assert found is not None and found.value == "Nat Lee"


def test_the_name_after_the_asked_verb_and_by_answers_before_another_by() -> None:
    ask = read_ask('Who directed the film "Yellow Card"?')
    assert ask is not None
    page = (
        "Yellow Card is a 1931 drama film based on the 1914 play of the same name by Mick Moreton, "
        "produced by the Fox Film Corporation and directed by Raoul Walden."
    )
    found = answer_statements("a.test", "", page, ask)
    assert found is not None and found.value == "Raoul Walden"


@pytest.mark.parametrize(
    ("definition", "sport"),
    [
        ("a former Welsh professional snooker player", "snooker"),
        ("an English footballer", "football"),
        ("an American right fielder", "baseball"),
        ("an Irish-American rugby union player", "rugby union"),
        ("a former American football player", "American football"),
        ("a Canadian professional wrestler", "wrestling"),
        ("a retired Russian ice hockey forward", "ice hockey"),
    ],
)
def test_a_sport_question_is_answered_by_the_sport_the_definition_names(definition: str, sport: str) -> None:
    ask = read_ask("What sport is Wynn Jonas associated with?")
    assert ask is not None
    found = answer_statements("a.test", "", f"Wynn Jonas (born 1957) is {definition} from Cardiff.", ask)
    assert found is not None and found.value == sport


SERIES = (
    "The 20000 series was an electric multiple unit train type operated between 1991 and 2012 by the private "
    "railway operator {operator} on limited express services in Japan."
)


def test_a_name_in_another_sentence_is_no_dissent_but_an_edited_copy_is() -> None:
    pages = [
        src("a.test", SERIES.format(operator="Odakyu Electric Railway")),
        src(
            "b.test", "Odakyu Electric Railway operated the 20000 series on its express services until 2012."
        ),
    ]
    query = "20000 series is operated by which private railway operator?"
    # names are read wrong on real pages far more often than figures and dates: another sentence's other
    # name says too little to call a page in conflict
    other_page = "The 20000 series electric multiple unit train type was operated by the private railway operator JR East."
    other = compare_sources([*pages, src("c.test", other_page)], query=query)
    assert (
        other.answer is not None and other.answer.value == "Odakyu Electric Railway" and other.disagreed == []
    )
    copy = compare_sources([*pages, src("c.test", SERIES.format(operator="JR East"))], query=query)
    assert [(d.site, d.value, d.others_count) for d in copy.disagreed] == [("c.test", "JR East", 2)]


def test_an_edited_copy_whose_sentence_each_page_cut_a_little_differently_is_still_a_copy() -> None:
    line = (
        "The 20000 series {extra} was an electric multiple unit train type operated between 1991 and 2012 by "
        "the private railway operator {operator} on limited express services in Japan."
    )
    c = compare_sources(
        [
            src("a.test", line.format(extra="Romance", operator="Odakyu Electric Railway")),
            src("b.test", "Odakyu Electric Railway ran the 20000 series on its express services until 2012."),
            src("c.test", line.format(extra="daily", operator="JR East")),  # one word apart, the name edited
        ],
        query="20000 series is operated by which private railway operator?",
    )
    assert [(d.site, d.value, d.others_count) for d in c.disagreed] == [("c.test", "JR East", 2)]


def test_a_date_question_is_answered_by_its_event_not_by_the_nouns_beside_it() -> None:
    ask = read_ask("When did Hoxditch station open?")
    assert ask is not None and ask.kind == "date"
    page = "Hoxditch station and its station yard were rebuilt in 1940. The line through Hoxditch opened on 1 November 1865."
    found = answer_statements("a.test", "", page, ask)
    assert found is not None and found.value == "1865-11-01"


@pytest.mark.parametrize(
    ("query", "noun"),
    [
        ("What is the broadcast format of WCMA?", "format"),
        ('What is the genre of the film "Manic"?', "genr"),
        ("221B Baker Street is a game for which type of medium?", "medium"),
        ("What sport is Tim Steele associated with?", "sport"),
    ],
)
def test_a_question_knows_the_noun_it_asks_for(query: str, noun: str) -> None:
    ask = read_ask(query)
    assert ask is not None and ask.noun == noun


def test_what_kind_is_answered_by_the_words_before_the_asked_noun() -> None:
    ask = read_ask("What is the broadcast format of WCMX?")
    assert ask is not None
    page = 'WCMX (1600 AM, "Cima") is a radio station broadcasting a Spanish Tropical format. It serves all of Ponce.'
    found = answer_statements("a.test", "", page, ask)
    assert found is not None and found.value == "Spanish Tropical"
    crossing = "WCMX is a radio station owned by a basketball team, and its format changed in 2010."
    other = answer_statements("b.test", "", crossing, ask)
    assert other is None or other.value != "basketball team"


def test_a_name_that_carries_the_asked_noun_answers_which_line_or_party() -> None:
    line = read_ask("Which line is Belorussky a station on?")
    assert line is not None and line.noun == "line"
    page = (
        "Belorusskaya is a Moscow Metro station of Belorussky on the Koltsevaya line, near Tverskaya Street."
    )
    found = answer_statements("a.test", "", page, line)
    assert found is not None and found.value == "Koltsevaya line"
    party = read_ask("What political party was John Harmon affiliated with?")
    assert party is not None
    text = (
        "John Harmon, born in Castleford, stood for the Conservative Party in the Valley Railroad Convention."
    )
    said = answer_statements("b.test", "", text, party)
    assert said is not None and said.value == "Conservative Party"


def test_an_agreed_figure_never_answers_a_question_that_asks_a_kind() -> None:
    page = "Categories: Film stubs. 1948 films. 1940s American films. Film noir. Directed by Lew Landers."
    c = compare_sources(
        [src("a.test", page), src("b.test", page.replace("Film stubs", "Stubs"))],
        query='What is the genre of the film "Inner Sanctum"?',
    )
    assert c.answer is None or c.answer.kind == "other"


def test_an_infobox_label_run_into_a_name_is_not_part_of_it() -> None:
    ask = read_ask('Who is the artist of the album "Shock Valve"?')
    assert ask is not None
    page = "Shock Valve Studio album by Twelve Gauge Valentine Released 2007 Recorded 2006 Genre Metalcore"
    found = answer_statements("a.test", "", page, ask)
    assert found is not None and found.value == "Twelve Gauge Valentine"


def test_a_definition_naming_no_sport_does_not_answer_a_sport_question() -> None:
    ask = read_ask("What sport is China Clipper associated with?")
    assert ask is not None
    page = "China Clipper is a term often associated with the flying boats of the 1930s."
    assert answer_statements("a.test", "", page, ask) is None


def test_a_formulaic_sentence_naming_another_maker_is_no_edited_copy_when_the_pages_differ_around_it() -> (
    None
):
    line = "Shock Valve is the second studio album by the American hip hop producer {maker}."
    c = compare_sources(
        [
            src("a.test", line.format(maker="Timbaland") + " It came out in 2007 on Mosley Music Group."),
            src("b.test", line.format(maker="Timbaland") + " It came out in 2007 on Mosley Music Group."),
            src(
                "c.test",
                line.format(maker="Valen Tyne") + " Solid State Records issued it in Seattle in 2005.",
            ),
        ],
        query='Who is the artist of the album "Shock Valve"?',
    )
    assert c.disagreed == []


def test_a_year_the_page_states_in_full_elsewhere_is_given_in_full() -> None:
    ask = read_ask('When was the album "Girls\' Genesis" released?')
    assert ask is not None
    page = (
        "Girls' Genesis (2007 album) Girls' Genesis is the debut album by the group. "
        "It was released by S.M. Entertainment on November 1, 2007, and reissued in 2008."
    )
    found = answer_statements("a.test", "", page, ask)
    assert found is not None and found.value == "2007-11-01"


def test_two_copies_of_one_edited_page_outvote_nothing() -> None:
    line = (
        "Sir Jon Harker (3 March 1605 – 9 February {year}) was an English lawyer and politician who sat in "
        "the House of Commons for Somerset and Wells at various times between 1640 and 1660."
    )
    c = compare_sources(
        [
            src("a.test", line.format(year=1677)),  # the page the two others copy, one edit between them
            src("b.test", line.format(year=1777)),
            src("c.test", line.format(year=1777)),
        ],
        query="When did Jon Harker die?",
    )
    # one origin in three copies: no page is "the edited copy" of two independent ones
    assert c.disagreed == []


# -- real pages (benchmarks/realpages.py): roles, counts, side quantities, units -----------------------------
def test_who_holds_a_role_now_is_asked_by_the_role_not_the_capitalised_title() -> None:
    ask = read_ask("Who is the CEO of Lumina Bank?")
    assert ask is not None and (ask.kind, ask.role, ask.subject) == (
        "name",
        "chief executive",
        {"lumina", "bank"},
    )
    assert read_ask("Who was the first president of Estovia?").role == ""  # type: ignore[union-attr]
    assert read_ask("When did Ana Ruiz become CEO of Lumina Bank?").kind == "date"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("query", "role"),
    [
        ("who is the editor of the velm courier", "editor"),
        ("Who is the editor-in-chief of Velm Weekly?", "editor"),
        ("who is the captain of the velm cricket team", "captain"),
        ("who is the skipper of team velm", "captain"),
        ("who is the manager of velm united", "manager"),
        ("who is the team principal of velm racing", "team principal"),
        ("who is the speaker of the velm assembly", "speaker"),
        ("who is the provost of velm university", "provost"),
        ("who is the leader of the velm labour party", "leader"),
        ("who is the principal of velm college", "principal"),
        ("who is the chief constable of velm police", "chief constable"),
        ("who is the commandant of the velm marine corps", "commandant"),
        ("who is the publisher of the velm courier", "publisher"),
        ("who is the lead singer of the velm five", "lead singer"),
        ("who is the head of state of velm", "head of state"),
    ],
)
def test_a_post_of_one_holder_is_asked_by_its_role(query: str, role: str) -> None:
    """Posts held by one person at a time are roles, so their holders are read by the role rules (past cues,
    older pages), not as any name near the words ("FT" as the Financial Times' editor, "Leader of Reform UK"
    as Reform UK's leader)."""
    ask = read_ask(query)
    assert ask is not None and (ask.kind, ask.role) == ("name", role)


@pytest.mark.parametrize(
    ("query", "role"),
    [
        ("who is the ceo of papa velm's", "chief executive"),  # "papa" is a pope's form, and longer
        ("who is the ceo of burger king", "chief executive"),  # "king" is a monarch's
        ("who is the president of the king's velm society", "president"),
        ("who is the prime minister of velm", "prime minister"),  # at one place, the longest form
    ],
)
def test_the_post_asked_is_the_first_named_not_one_in_the_body_s_name(query: str, role: str) -> None:
    """The post asked comes right after "who is the"; what follows "of" names the body, whose name may hold
    another post's word (real pages, issue 22: Burger King's chief executive had been asked as a king)."""
    ask = read_ask(query)
    assert ask is not None and ask.role == role


@pytest.mark.parametrize(
    ("query", "role"),
    [
        ("velm ceo", "chief executive"),
        ("velm prime minister", "prime minister"),
        ("ceo of velm", "chief executive"),
        ("current president of the velm chess federation", "president"),
        ("velm ceo salary", ""),  # the post qualifies what is asked
        ("ceo of velm salary", ""),
        ("ceo", ""),  # a post of nothing
        ("velm former ceo", ""),
        ("highest paid ceo", ""),
        ("when did dana whitfield become ceo", ""),
        ("president dana whitfield", ""),  # a title before a name asks nobody's post
    ],
)
def test_a_post_typed_as_keywords_asks_its_holder(query: str, role: str) -> None:
    """Users type "nvidia ceo" as often as "who is the ceo of nvidia": when the post ends the query, or opens
    it before "of", its current holder is asked, with the same past cues and older pages as the question."""
    ask = read_ask(query)
    assert ask is not None and ask.role == role


def test_a_keyword_query_for_a_post_answers_its_current_holder() -> None:
    c = compare_sources(
        [
            src(
                "a.test", "Velm Foods named Dana Whitfield chief executive in March. She succeeds Alan Brook."
            ),
            src(
                "b.test", "Dana Whitfield, the chief executive of Velm Foods, opened the new plant on Friday."
            ),
            src("c.test", "Former Velm Foods CEO Alan Brook joined the board of Orland Mills."),
        ],
        query="velm foods ceo",
    )
    assert c.answer is not None and c.answer.value == "Dana Whitfield"


def test_a_keyword_query_for_a_post_says_only_the_holder_s_disagreement() -> None:
    """Round 157 (issue 22): "velm foods ceo" asks for the post's holder, as "who is" does; a side figure's
    dissent ("49 years" against "30 years" under "lvmh ceo") is no answer to it."""
    pages = [
        src("a.test", "Dana Whitfield, the chief executive of Velm Foods, has led it for 30 years."),
        src("b.test", "Velm Foods chief executive Dana Whitfield has run the firm for 30 years."),
        src("c.test", "The Velm Foods firm has been run by one family for 49 years, its founders said."),
    ]
    c = compare_sources(pages, query="velm foods ceo")
    assert c.answer is not None and c.answer.value == "Dana Whitfield"
    assert c.disagreed == []
    topic = compare_sources(pages, query="velm foods")  # the topic: every dissent with identity stays
    assert [(d.site, d.value) for d in topic.disagreed] == [("c.test", "49 years")]


@pytest.mark.parametrize(
    ("query", "kind", "year_asked"),
    [
        ("velm foods founded", "date", False),
        ("velm foods founded year", "date", True),
        ("velm bridge opened", "date", False),
        ("velm foods founded by", "other", False),  # asks who
        ("how was velm foods founded", "other", False),  # a question word: the question rules decide
        ("velm foods founder", "name", False),
    ],
)
def test_a_dated_event_typed_as_keywords_asks_its_date(query: str, kind: str, year_asked: bool) -> None:
    """Users type "accor founded" as often as "when was accor founded": a participle of a dated event after a
    name asks when it happened (and "year" beside it asks the year), as the question does."""
    ask = read_ask(query)
    assert ask is not None and (ask.kind, ask.year_asked) == (kind, year_asked)


def test_a_keyword_query_for_a_founding_answers_its_year_not_a_description() -> None:
    c = compare_sources(
        [
            src(
                "a.test",
                "Velm Foods is a Danish snack maker. It was founded in 1931 in Aarhus by two brothers.",
            ),
            src("b.test", "Founded in 1931, Velm Foods now sells crisps in 40 countries."),
            src("c.test", "Velm Foods, the leading snack company, opened its third plant in 2019."),
        ],
        query="Velm Foods founded",
    )
    assert c.answer is not None and c.answer.value == "1931"


def test_who_owns_is_answered_by_the_owner_not_the_subject_s_city_and_a_past_owner_alone_answers_nothing() -> (
    None
):
    """Real pages name a company's city and products beside its owner (issue 22, round 114): only the
    constructions of ownership answer "who owns", and a page that gives only a former owner answers
    nothing."""
    c = compare_sources(
        [
            src("a.test", "Velm Foods, based in Ohio, is owned by Brask Holding. It makes crisps."),
            src("b.test", "Brask Holding acquired Velm Foods in 2019 for $2 billion."),
            src(
                "c.test",
                "Velm Foods was previously owned by Orland Capital. It is a subsidiary of Brask Holding.",
            ),
            src("d.test", "Velm Foods was owned by Orland Capital. Its crisps are sold in Ohio."),
        ],
        query="who owns Velm Foods",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Brask Holding", 3)
    assert not c.answer.dissents
    ask = read_ask("who owns Velm Foods")
    assert ask is not None
    past_only = "Velm Foods was owned by Orland Capital. Its crisps are sold in Ohio."
    assert answer_statements("d.test", "https://d.test/", past_only, ask) is None


@pytest.mark.parametrize(
    "flow",
    [
        "Velm Pharmacy plans to close 300 stores a year for the next three years.",
        "In fiscal 2016, Velm Pharmacy opened 139 stores.",
        "Velm Pharmacy laid off 1,200 workers and shut 80 stores.",
        "Velm Pharmacy will add 40 stores in 2027.",
    ],
)
def test_a_count_that_changes_does_not_say_how_many_the_subject_has(flow: str) -> None:
    """ "How many stores does X have" asks a stock; "close 300 stores", "opened 139", "220 new stores" state a
    flow (real pages, issue 22, round 115: CVS's store closures had been read as its store count)."""
    ask = read_ask("how many stores does Velm Pharmacy have")
    assert ask is not None
    assert answer_statements("a.test", "https://a.test/", flow, ask) is None
    stock = flow + " Velm Pharmacy has nearly 10,000 stores across the country."
    found = answer_statements("a.test", "https://a.test/", stock, ask)
    assert found is not None and found.value == "10,000 stores"


def test_a_captain_is_read_from_a_title_before_the_name_not_the_board_that_named_him() -> None:
    c = compare_sources(
        [
            src(
                "a.test",
                "Velm captain Dana Whitfield scored 85 as Velm beat Orland by six wickets at the Oval.",
            ),
            src(
                "b.test",
                "The Velm Cricket Board (VCB) confirmed Dana Whitfield as Test captain for the tour of Orland.",
            ),
            src("c.test", "Dana Whitfield, the Velm captain, said the side would pick two spinners."),
        ],
        query="who is the captain of the velm cricket team",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Dana Whitfield", 3)


@pytest.mark.parametrize(
    ("query", "texts"),
    [
        (
            "Who is the editor of the Velm Courier?",
            (
                "The Velm Courier (VC) has named Dana Whitfield as its editor. VC editor Dana Whitfield said the "
                "paper would keep its print edition.",
                "Dana Whitfield, editor of the Velm Courier, wrote that the paper turns 200 this year.",
                "Velm Courier editor Dana Whitfield announced a new investigations desk on Monday.",
                "Alan Brook, editor of the Velm Courier, said on Tuesday the paper would move its presses to Orland.",
            ),
        ),
        (
            "Who is the leader of the Velm Labour Party?",
            (
                "Velm Labour leader Dana Whitfield said the party would back the budget.",
                "Dana Whitfield, leader of the Velm Labour Party, spoke at the conference on Sunday.",
                "The Velm Labour Party elected Dana Whitfield as its leader in May with 61% of the vote.",
                "Alan Brook, leader of the Velm Labour Party, said on Tuesday the party would oppose the bill.",
            ),
        ),
    ],
)
def test_a_post_s_holder_answers_and_a_page_still_naming_an_old_one_dissents(
    query: str, texts: tuple[str, ...]
) -> None:
    c = compare_sources([src(f"{site}.test", t) for site, t in zip("abcd", texts, strict=True)], query=query)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Dana Whitfield", 3)
    assert [(d.site, d.value) for d in c.disagreed] == [("d.test", "Alan Brook")]


def test_the_new_holder_answers_and_a_page_still_naming_the_old_one_dissents() -> None:
    c = compare_sources(
        [
            src(
                "a.test",
                "Lumina Bank has appointed Ana Ruiz as its new CEO. She replaces Karl Meyer, who retired.",
            ),
            src(
                "b.test",
                "Ana Ruiz, who ran the retail arm, will become chief executive of Lumina Bank in May.",
            ),
            src("c.test", "Lumina Bank CEO Ana Ruiz said profits rose in the first half."),
            src("d.test", "Karl Meyer has become chief executive of Lumina Bank, the board said on Monday."),
        ],
        query="Who is the current CEO of Lumina Bank?",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Ana Ruiz", 3)
    assert [(d.site, d.value) for d in c.disagreed] == [("d.test", "Karl Meyer")]


def test_a_holder_named_far_from_where_the_page_calls_the_majority_s_holder_past_replaces_no_one() -> None:
    """Round 170: a succession is told in one sentence or with the one before it. A history naming an early
    director and, sentences later, calling today's director "former" in another sense had outvoted two pages
    (real pages, set EZ: the Tour de France's director, four pages on CPKC's chief executive)."""
    c = compare_sources(
        [
            src(
                "a.test",
                "Victor Hale was named director of the Orland Festival in 1936. The festival moved to the river "
                "in 1950, and its hall was rebuilt in 1980. Its former director Tomas Brenn wrote a history of it.",
            ),
            src("b.test", "Orland Festival director Tomas Brenn opened the season on Friday."),
            src("c.test", "Tomas Brenn, director of the Orland Festival, said ticket sales rose."),
        ],
        query="Who is the director of the Orland Festival?",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Tomas Brenn", 2)
    assert c.disagreed == []


def test_the_majority_s_own_page_calling_another_holder_past_names_that_page_older_anywhere_on_it() -> None:
    """Round 179: round 170's one-sentence test is for a successor's pages overturning the holder more pages
    name; a majority that stands names the others older on its pages' past cue alone (real pages, sets FB to
    FD: four pages rightly named older had been lost)."""
    c = compare_sources(
        [
            src(
                "a.test",
                "Acme chief executive Dana Whitfield opened a plant in Orland. The firm grew fast last year, and its "
                "shares rose by a third. The former chief executive, Carl Ostrander, now runs a charity.",
            ),
            src("b.test", "Dana Whitfield, Acme's chief executive, said sales rose."),
            src("c.test", "Acme CEO Dana Whitfield spoke at the summit on Monday."),
            src("d.test", "Acme CEO Carl Ostrander spoke at the fair on Friday."),
        ],
        query="Who is the CEO of Acme?",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Dana Whitfield", 3)
    assert [(d.site, d.value, d.type) for d in c.disagreed] == [("d.test", "Carl Ostrander", "older")]


def test_a_succession_told_over_two_sentences_still_names_the_new_holder() -> None:
    """Round 170's window takes the sentence before: "She will replace ..." names the successor by a pronoun
    (real pages, set EZ: Canadian National's and Knight-Swift's new chief executives)."""
    c = compare_sources(
        [
            src(
                "a.test",
                "Lumina Bank said Ana Ruiz will take over the top job. She will replace retiring chief executive "
                "Karl Meyer in May.",
            ),
            src("b.test", "Lumina Bank chief executive Karl Meyer said profits rose in the first half."),
            src("c.test", "Karl Meyer, chief executive of Lumina Bank, opened a branch in Orland."),
        ],
        query="Who is the CEO of Lumina Bank?",
    )
    assert c.answer is not None and c.answer.value == "Ana Ruiz"
    assert {(d.site, d.value) for d in c.disagreed} == {("b.test", "Karl Meyer"), ("c.test", "Karl Meyer")}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # one page gives the day, two the year: "when" is answered to the day they do not contradict
        ("when did the velm bridge open", "1914-04-23"),
        # "what year" asks for the year, though two pages give the day
        ("what year did the velm bridge open", "1914"),
    ],
)
def test_when_is_answered_to_the_day_and_what_year_by_the_year(query: str, expected: str) -> None:
    day = "The Velm Bridge opened to traffic on 23 April 1914, after six years of work on the river."
    year = "The Velm Bridge opened in 1914 and carries the main road over the river."
    texts = [day, year, year.replace("carries", "still carries")]
    if query.startswith("what year"):
        texts = [day, day.replace("six", "seven"), year]
    c = compare_sources([src(f"{site}.test", t) for site, t in zip("abc", texts, strict=True)], query=query)
    assert c.answer is not None and (c.answer.value, c.answer.count) == (expected, 3)
    assert read_ask(query).year_asked is query.startswith("what year")  # type: ignore[union-attr]


def test_a_how_many_is_answered_by_the_total_not_the_increment_or_the_founding_count() -> None:
    ask = read_ask("How many moons does Kepler-9 have?")
    assert ask is not None and ask.counted
    text = "Astronomers found 12 newly discovered moons around Kepler-9, bringing its total to 61."
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.value == "61 moons"
    members = read_ask("How many member states does the Orland Union have?")
    assert members is not None
    text = "The Orland Union began in 1950 with 6 founding members. It now has 31 member states."
    found = answer_statements("a.test", "", text, members)
    assert found is not None and found.figure is not None and found.figure.value == 31
    text = "Orland Union reported 4 new members this year; the Union currently has 31 Member States and 19 languages."
    found = answer_statements("a.test", "", text, members)
    assert found is not None and found.figure is not None and found.figure.value == 31


def test_another_named_thing_s_figure_and_a_number_in_a_name_answer_no_how_many() -> None:
    ask = read_ask("How many moons does Saturn have?")
    assert ask is not None
    assert answer_statements("a.test", "", "Saturn is far ahead of Jupiter's 95 moons.", ask) is None
    flights = read_ask("How many aircraft does Orland Air fly?")
    assert flights is not None
    assert answer_statements("a.test", "", "Orland Air Flight 63 aircraft landed late.", flights) is None


def test_a_question_says_only_its_own_disagreement_and_keywords_keep_every_one() -> None:
    pages = [
        ("a.test", "The Harbour Tower is 410 metres tall. It has 96 floors."),
        ("b.test", "Standing 410 metres tall, the Harbour Tower has 96 floors above ground."),
        ("c.test", "The Harbour Tower, 410 metres tall, has 91 floors in all."),
    ]
    asked = compare_sources([src(s, t) for s, t in pages], query="How tall is the Harbour Tower?")
    assert asked.answer is not None and asked.answer.value == "410 metres"
    assert asked.disagreed == []  # floors are not what was asked
    topic = compare_sources([src(s, t) for s, t in pages], query="Harbour Tower floors")
    assert [(d.site, d.value) for d in topic.disagreed] == [("c.test", "91 floors")]


def test_opening_is_not_the_start_of_construction() -> None:
    c = compare_sources(
        [
            src("a.test", "Construction of the Orland Bridge began in 1933. It opened on May 27, 1937."),
            src("b.test", "The Orland Bridge, started in 1933, was opened to traffic in 1937."),
            src("c.test", "Work began in 1933 and the Orland Bridge opened in 1937."),
        ],
        query="In what year did the Orland Bridge open?",
    )
    assert c.answer is not None and c.answer.value.startswith("1937")


def test_a_speed_is_asked_and_shown_in_the_unit_most_pages_write() -> None:
    ask = read_ask("What is the speed of sound in dry air?")
    assert ask is not None and ask.unit == "speed"
    c = compare_sources(
        [
            src("a.test", "The speed of sound in dry air is 343 metres per second."),
            src("b.test", "In dry air the speed of sound is about 343 metres per second at 20 C."),
            src("c.test", "The speed of sound in dry air is roughly 0.213 miles per second."),
        ],
        query="What is the speed of sound in dry air?",
    )
    assert c.answer is not None and c.answer.value == "343 m/s" and c.answer.count == 3


@pytest.mark.parametrize(
    ("query", "question"),
    [
        ("How tall is the Harbour Tower?", True),
        ("who is the CEO of Lumina Bank", True),
        ("Harbour Tower floors", False),
        ("Sorrel Steel steel output", False),
    ],
)
def test_a_question_is_told_from_keywords(query: str, question: bool) -> None:
    assert is_question(query) is question


def test_a_how_many_reads_a_new_total_after_a_change_and_skips_other_counts() -> None:
    ask = read_ask("How many paid subscribers does Streamly have?")
    assert ask is not None
    text = (
        "Streamly added a record 18.9 million subscribers, taking its paid membership base to 301.6 million."
    )
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.figure is not None and found.figure.value == 301.6e6
    awards = read_ask("How many Golden Quill awards has Mara Lind won?")
    assert awards is not None
    assert (
        answer_statements("a.test", "", "Mara Lind, 36 years old, won the Golden Quill awards.", awards)
        is None
    )
    coins = read_ask("What is the maximum number of tokens that can exist?")
    assert coins is not None and coins.counted
    text = "Each block pays 6.25 tokens; the maximum number of tokens is 21 million tokens."
    found = answer_statements("a.test", "", text, coins)
    assert found is not None and found.figure is not None and found.figure.value == 21e6


def test_an_ordinal_of_the_asked_noun_is_the_running_count() -> None:
    ask = read_ask("How many member states does the Orland Union have?")
    assert ask is not None
    found = answer_statements(
        "a.test", "", "In May Estovia became the 31st member state of the Orland Union.", ask
    )
    assert found is not None and found.figure is not None and found.figure.value == 31
    assert answer_statements("a.test", "", "The Orland Union summit opened on the 31st of May.", ask) is None


def test_a_record_time_is_a_figure_and_a_margin_is_not_the_record() -> None:
    ask = read_ask("What is the women's 400 metres world record time?")
    assert ask is not None and ask.kind == "figure"
    text = "In the 400 metres Lina Sorn beat the old world record by 0.4 seconds, setting a world record time of 47.6 seconds."
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.value == "47.6 seconds"
    what = read_ask("What sport is the Orland Clipper associated with?")
    assert what is not None and what.kind == "other"


def test_an_ordinal_word_counts_only_where_no_sentence_states_the_count() -> None:
    ask = read_ask("How many Golden Quill awards has Mara Lind won?")
    assert ask is not None
    found = answer_statements(
        "a.test", "", "Mara Lind won a record eighth Golden Quill award on Monday.", ask
    )
    assert found is not None and found.figure is not None and found.figure.value == 8
    moons = read_ask("How many moons does Saturn have?")
    assert moons is not None
    text = "Titan was the 5th moon found around Saturn. Astronomers have found 62 moons orbiting Saturn."
    found = answer_statements("a.test", "", text, moons)
    assert found is not None and found.figure is not None and found.figure.value == 62


def test_an_even_split_on_a_changing_count_goes_to_the_newer_pages_and_names_the_older() -> None:
    pages = [
        src("a.test", "Mara Lind has now won 24 Golden Quill awards.", "2023-09-11"),
        src("b.test", "With this win Mara Lind holds 24 Golden Quill awards.", None),
        src("c.test", "Mara Lind has won 23 Golden Quill awards so far.", "2023-06-12"),
        src("d.test", "Mara Lind, winner of 23 Golden Quill awards, spoke on Sunday.", "2023-06-11"),
    ]
    # "does she hold": a count that may fall as well as grow (a running total is round 50's, below)
    c = compare_sources(pages, query="How many Golden Quill awards does Mara Lind hold?")
    assert c.answer is not None and c.answer.value.startswith("24") and c.answer.split is False
    assert [(d.site, d.type) for d in c.disagreed] == [("c.test", "older"), ("d.test", "older")]
    undated = [src(x.site, x.text, None) for x in pages]
    split = compare_sources(undated, query="How many Golden Quill awards does Mara Lind hold?")
    assert split.answer is not None and split.answer.split and split.disagreed == []


_OLD_CHIEF = [
    src("a.test", "Orland Bank's chief executive, Mara Lind, opened the new branch.", "2022-03-01"),
    src("b.test", "Mara Lind, chief executive of Orland Bank, said rates would hold.", "2022-05-10"),
    src("c.test", "Orland Bank chief executive Mara Lind spoke at the summit.", "2022-06-20"),
]
_NEW_CHIEF = [
    src("d.test", "Orland Bank's chief executive, Tomas Berg, opened the new branch.", "2024-02-01"),
    src("e.test", "Tomas Berg, chief executive of Orland Bank, said rates would hold.", "2024-04-15"),
]


def test_a_holder_named_by_fewer_pages_answers_when_all_their_pages_come_after_the_others() -> None:
    """Pages written before a change of holder outnumber the ones after it for years: two pages of 2024
    naming the new chief answer over three of 2022 naming the one before, who is named as older."""
    c = compare_sources([*_OLD_CHIEF, *_NEW_CHIEF], query="Who is the chief executive of Orland Bank?")
    answer = c.answer
    assert answer is not None and (answer.value, answer.count) == ("Tomas Berg", 2) and not answer.split
    assert [d.site for d in c.disagreed] == ["a.test", "b.test", "c.test"]
    assert {d.type for d in c.disagreed} == {"older"}


def test_one_page_a_year_after_every_other_answers_with_the_holder_it_names_to_the_post() -> None:
    """A change of holder is often reported by one page while the older pages stay (round 117): one page dated
    a year or more after every page naming anyone else, naming its holder to the post, answers."""
    named = src("d.test", "Tomas Berg was named chief executive of Orland Bank in January.", "2024-02-01")
    c = compare_sources([*_OLD_CHIEF, named], query="Who is the chief executive of Orland Bank?")
    answer = c.answer
    assert answer is not None and (answer.value, answer.count) == ("Tomas Berg", 1) and not answer.split
    assert {d.type for d in c.disagreed} == {"older"}


@pytest.mark.parametrize(
    "pages",
    [
        pytest.param(
            [*_OLD_CHIEF, src("d.test", _NEW_CHIEF[0].text, "2023-03-01")], id="one newer page within a year"
        ),
        pytest.param(
            [
                *_OLD_CHIEF,
                src(
                    "d.test", "Orland Bank's chief executive, Mara Lindsaid the branch opened.", "2024-02-01"
                ),
            ],
            id="one newer page with the holder's name misread",
        ),
        pytest.param(
            [*_OLD_CHIEF, *[src(p.site, p.text, "2022-07-01") for p in _NEW_CHIEF]],
            id="within a month of the others",
        ),
        pytest.param(
            [*_OLD_CHIEF[:2], src("c.test", _OLD_CHIEF[2].text, "2024-05-01"), *_NEW_CHIEF],
            id="an older holder's page as recent",
        ),
    ],
)
def test_the_majority_holder_stands_unless_the_newer_pages_are_two_dated_and_a_month_later(
    pages: list[SourceText],
) -> None:
    """... or one page a year later that names another person than the majority's."""
    c = compare_sources(pages, query="Who is the chief executive of Orland Bank?")
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Mara Lind", 3)
    assert all(d.type == "conflict" for d in c.disagreed)


# undated pages, each dated only by the years it writes (round 134)
_CHIEF_OF_THE_2010S = [
    src("a.test", "Mara Lind, chief executive of Orland Bank, opened the new branch in 2019."),
    src("b.test", "Orland Bank chief executive Mara Lind spoke at the 2020 summit."),
    src("c.test", "Orland Bank's chief executive, Mara Lind, said in 2021 that rates would hold."),
]
_QUERY = "Who is the chief executive of Orland Bank?"


def test_one_undated_page_writing_a_later_year_than_every_other_answers_with_its_holder() -> None:
    """Most pages state no date, but none is older than the years it writes: a page whose latest year comes
    after every year the pages naming another holder write answers, and those pages are named as older."""
    new = src("d.test", "Tomas Berg became chief executive of Orland Bank in 2024.")
    c = compare_sources([*_CHIEF_OF_THE_2010S, new], query=_QUERY)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Tomas Berg", 1)
    assert [(d.site, d.type) for d in c.disagreed] == [
        ("a.test", "older"),
        ("b.test", "older"),
        ("c.test", "older"),
    ]
    assert c.disagreed[0].quantity == "this page was written by 2019; theirs in 2024 or later"


def test_a_holder_one_page_names_is_not_called_older_by_the_later_page() -> None:
    """A name one page gives is as often a misread as out of date: the later page answers, but only a holder
    two pages name is said to be older."""
    lone = src("e.test", "Orland Bank chief executive Karl Holm visited the port in 2018.")
    new = src("d.test", "Tomas Berg became chief executive of Orland Bank in 2024.")
    c = compare_sources([*_CHIEF_OF_THE_2010S, lone, new], query=_QUERY)
    assert c.answer is not None and c.answer.value == "Tomas Berg"
    assert "e.test" not in {d.site for d in c.disagreed}
    assert {d.site for d in c.disagreed} == {"a.test", "b.test", "c.test"}


@pytest.mark.parametrize(
    "later",
    [
        pytest.param("Tomas Berg became chief executive of Orland Bank this year.", id="no year written"),
        pytest.param(
            "Tomas Berg, chief executive of Orland Bank, set goals for 2099.", id="only a future year"
        ),
        pytest.param(
            "Tomas Berg, chief executive of Orland Bank, met Mara Lind in 2024.", id="names the majority"
        ),
        pytest.param("Tomas Lind became chief executive of Orland Bank in 2024.", id="shares the surname"),
        pytest.param("Orland Bank chief executive Berg spoke in 2024.", id="no full name"),
        pytest.param("Tomas Berg became chief executive of Orland Bank in 2021.", id="the same year"),
        pytest.param(
            "Orland Bank's chief executive, Mara Lindsaid in 2024 the branch opened.", id="run together"
        ),
    ],
)
def test_the_holder_most_pages_name_stands_when_the_later_page_is_in_doubt(later: str) -> None:
    c = compare_sources([*_CHIEF_OF_THE_2010S, src("d.test", later)], query=_QUERY)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Mara Lind", 3)
    assert {d.type for d in c.disagreed} <= {"conflict"}


_YEARLESS_CHIEF = [
    src("a.test", "Orland Bank's chief executive, Mara Lind, opened the new branch."),
    src("b.test", "Mara Lind, chief executive of Orland Bank, said rates would hold."),
]
_LATER_CHIEF = src("d.test", "Tomas Berg became chief executive of Orland Bank in 2024.")


@pytest.mark.parametrize(
    "pages",
    [
        pytest.param(
            [
                *_YEARLESS_CHIEF,
                src("c.test", "Orland Bank chief executive Mara Lind spoke at the 2019 summit."),
                _LATER_CHIEF,
            ],
            id="one older page writes a year",
        ),
        pytest.param(
            [*[src(p.site, p.text) for p in _OLD_CHIEF[:2]], _OLD_CHIEF[2], *_NEW_CHIEF],
            id="most older pages undated, one dated before",
        ),
    ],
)
def test_older_pages_that_write_no_year_do_not_keep_a_later_holder_out(pages: list[SourceText]) -> None:
    """Round 146: a page of the majority's holder that writes no year is passed over when another of its
    pages writes one, earlier than every page of the later holder. No page is then called older: a page of
    no year may have been written after the change."""
    c = compare_sources(pages, query=_QUERY)
    assert c.answer is not None and c.answer.value == "Tomas Berg" and not c.answer.split
    assert not c.disagreed


@pytest.mark.parametrize(
    "pages",
    [
        pytest.param(
            [
                *_YEARLESS_CHIEF,
                src("c.test", "Orland Bank chief executive Mara Lind spoke at the summit."),
                _LATER_CHIEF,
            ],
            id="no page of the majority writes a year",
        ),
        pytest.param(
            [
                *_YEARLESS_CHIEF,
                src("c.test", "Orland Bank chief executive Mara Lind spoke at the 2019 summit."),
                _LATER_CHIEF,
                src("e.test", "Tomas Berg, chief executive of Orland Bank, said rates would hold."),
            ],
            id="a page of the later holder writes no year",
        ),
    ],
)
def test_a_later_holder_needs_a_year_on_each_side(pages: list[SourceText]) -> None:
    c = compare_sources(pages, query=_QUERY)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Mara Lind", 3)


_TOMAS_LATER = [
    src("d.test", "Tomas Berg became chief executive of Orland Bank in 2024."),
    src("e.test", "Orland Bank chief executive Tomas Berg spoke at the 2023 summit."),
]


@pytest.mark.parametrize(
    ("first", "named"),
    [
        pytest.param("later", set(), id="the later side first: decided, nobody named"),
        pytest.param("older", {"a.test", "b.test"}, id="the later side second: the older side named"),
    ],
)
def test_an_even_split_of_holders_goes_to_the_later_written_side_in_either_order(
    first: str, named: set[str]
) -> None:
    """Round 149: two pages against two, the later-written holder answers whichever side the sources list
    first. The older side is called older only when it came first, as round 134 did: naming it when the later
    side came first added a false disagreement on the spent sets."""
    older = _CHIEF_OF_THE_2010S[:2]
    pages = [*_TOMAS_LATER, *older] if first == "later" else [*older, *_TOMAS_LATER]
    c = compare_sources(pages, query=_QUERY)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Tomas Berg", 2)
    assert not c.answer.split
    assert {d.site for d in c.disagreed if d.type == "older"} == named


def test_a_later_holder_sharing_a_surname_with_another_side_is_in_doubt() -> None:
    """ "Chuck Magro" and "Charles V. Magro" are one man, "Ned Johnson" is Abigail Johnson's father: a later
    page's holder whose surname another side's name has may be either, so the majority stands."""
    other = src("e.test", "Orland Bank chief executive Ned Berg spoke in 2018.")
    later = src("d.test", "Tomas Berg became chief executive of Orland Bank in 2024.")
    c = compare_sources([*_CHIEF_OF_THE_2010S, other, later], query=_QUERY)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Mara Lind", 3)


def test_a_later_written_holder_stands_against_a_name_the_older_pages_share() -> None:
    """Round 135: a name two older pages write is no answer to put back over the holder a later page names
    (the compare layer's shared names, which stand in where the answer has one page and nobody dissents)."""
    pages = [
        src("a.test", "Mara Lind, chief executive of Orland Bank, opened the new branch in 2019."),
        src("b.test", "Karl Holm, chief executive of Orland Bank, thanked Mara Lind at the 2020 summit."),
        src("d.test", "Tomas Berg became chief executive of Orland Bank in 2024."),
    ]
    c = compare_sources(pages, query=_QUERY)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Tomas Berg", 1)


def test_a_shared_name_the_answer_page_calls_leaving_is_not_put_back() -> None:
    """Round 142: two pages only mention a name; the third states the holder. The compare layer puts the
    shared name back over an answer of one page, unless that page calls the shared name past or leaving:
    it knows both people and says which came after (real pages: a 2024 page telling that easyJet's chief
    will be succeeded by Kenton Jarvis, against pages that only mention the outgoing chief)."""
    pages = [
        src("a.test", "Orland Bank's results were presented by Mara Lind at the annual meeting in Oslo."),
        src("b.test", "Mara Lind spoke for Orland Bank at the summit on lending to small firms."),
        src(
            "d.test",
            "Orland Bank said its chief executive Mara Lind will step down next year and will be succeeded "
            "by finance director Tomas Berg.",
        ),
    ]
    c = compare_sources(pages, query=_QUERY)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Tomas Berg", 1)


_FOUNDED = "When was Orland Bank founded?"
_FOUNDED_SPLIT = [
    src("a.test", "Orland Bank was founded in 1871 by two merchants of Bergen."),
    src("b.test", "Orland Bank was founded in 1885, when it opened its first branch."),
]


@pytest.mark.parametrize(
    ("others", "answer", "rivals"),
    [
        pytest.param(
            ["The bank has traded since 1871.", "Since 1871 the bank has lent to farmers."],
            "1871",
            (),
            id="two pages more write the first year",
        ),
        pytest.param(
            ["The bank has traded since 1885.", "Since 1885 the bank has lent to farmers."],
            "1885",
            (),
            id="two pages more write the second year",
        ),
        pytest.param(
            ["The bank has traded since 1871.", "The bank lends to farmers."],
            "1871",
            (("1885", 1),),
            id="one page more is no reason",
        ),
    ],
)
def test_an_even_split_of_years_goes_to_the_year_more_pages_write(
    others: list[str], answer: str, rivals: tuple[tuple[str, int], ...]
) -> None:
    """Round 144: one page says 1871, another 1885; pages stating neither write one of the years elsewhere. A
    founding year is written again and again, a later event's year once: two pages more decide the split,
    and nobody is named for the other year."""
    pages = [*_FOUNDED_SPLIT, *(src(f"p{i}.test", f"Orland Bank. {t}") for i, t in enumerate(others))]
    c = compare_sources(pages, query=_FOUNDED)
    assert c.answer is not None and (c.answer.value, c.answer.rivals) == (answer, rivals)
    assert not c.disagreed


@pytest.mark.parametrize(
    ("others", "rivals"),
    [
        pytest.param(["since 1871", "since 1871", "since 1871"], 0, id="two pages more than each other year"),
        pytest.param(
            ["since 1871", "since 1871", "since 1902"], 2, id="two pages more than one of them only"
        ),
    ],
)
def test_a_three_way_split_of_years_goes_to_a_year_more_pages_write_than_each_other(
    others: list[str], rivals: int
) -> None:
    """Round 145: round 144's rule for three sides or more: the year must be written by two pages more than
    each other side's."""
    pages = [
        *_FOUNDED_SPLIT,
        src("c.test", "Orland Bank was founded in 1902 as a savings bank."),
        *(src(f"p{i}.test", f"Orland Bank. The bank has traded {t}.") for i, t in enumerate(others)),
    ]
    c = compare_sources(pages, query=_FOUNDED)
    assert c.answer is not None and len(c.answer.rivals) == rivals
    assert rivals or c.answer.value == "1871"


def test_an_even_split_of_counts_is_no_split_of_years() -> None:
    pages = [
        src("a.test", "Orland Bank has 5 million customers across Norway."),
        src("b.test", "Orland Bank has 6 million customers, its report says."),
        *(src(f"p{i}.test", "Orland Bank. The bank has traded since 1871.") for i in range(2)),
    ]
    c = compare_sources(pages, query="How many customers does Orland Bank have?")
    assert c.answer is not None and c.answer.rivals


@pytest.mark.parametrize(("year", "named"), [("2024", False), ("2018", True)])
def test_a_role_conflict_is_not_said_of_a_page_written_after_every_page_of_the_answer(
    year: str, named: bool
) -> None:
    """Round 148: the answer layer's role conflict, as compare's role dissent (round 141), is not said of a
    page written in a later year than every page giving the answer: it may name today's holder. Here the
    later-written rule does not decide (a holder named by the surname alone is in doubt)."""
    later = src("d.test", f"Orland Bank chief executive Berg spoke in {year}.")
    c = compare_sources([*_CHIEF_OF_THE_2010S, later], query=_QUERY)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Mara Lind", 3)
    assert ("d.test" in {d.site for d in c.disagreed}) is named


def test_a_page_written_after_every_page_of_the_majority_is_no_dissent_from_it() -> None:
    """Round 141: two pages agree on a holder; a third names another and writes a later year than both, but
    a page with no year keeps the later-written rule from deciding. The later page may name today's holder,
    so the compare layer's role dissents do not name it; written before them, they do."""
    pages = [
        src("a.test", "Mara Lind, chief executive of Orland Bank, opened the new branch in 2019."),
        src("b.test", "Orland Bank chief executive Mara Lind spoke at the 2020 summit."),
        src("e.test", "Orland Bank chief executive Karl Holm spoke at the summit."),
    ]
    for year, named in (("2024", False), ("2018", True)):
        other = src("d.test", f"Tomas Berg, chief executive of Orland Bank, opened a branch in {year}.")
        c = compare_sources([*pages, other], query=_QUERY)
        assert c.answer is not None and c.answer.value == "Mara Lind"
        assert ("d.test" in {d.site for d in c.disagreed}) is named


_STAFF_OF_THE_2010S = [
    src("a.test", "Orland Bank has 5,000 employees, its report for 2018 says."),
    src("b.test", "In 2019 Orland Bank employed 5,200 people across the region."),
    src("c.test", "Orland Bank, with 5,400 workers, opened a branch in 2020."),
]
_STAFF = "How many employees does Orland Bank have?"


@pytest.mark.parametrize("later_first", [False, True], ids=["earlier pages first", "later pages first"])
def test_an_even_split_of_counts_goes_to_the_later_written_side_in_either_order(later_first: bool) -> None:
    """Round 137: two pages against two, the count whose pages were written in a later year answers, whatever
    the source order (the first side had been kept as a split), and no page is called older."""
    earlier = [
        src("a.test", "Orland Bank has 5,000 employees, its report for 2018 says."),
        src("b.test", "In 2019 Orland Bank employed 5,000 people across the region."),
    ]
    later = [
        src("c.test", "Orland Bank now has 7,200 employees. It was named bank of the year in 2023."),
        src("d.test", "Orland Bank now employs 7,200 people. Its new tower opened in 2024."),
    ]
    c = compare_sources([*later, *earlier] if later_first else [*earlier, *later], query=_STAFF)
    assert c.answer is not None and c.answer.value.startswith("7,200") and c.answer.count == 2
    assert not c.answer.split and c.disagreed == []


def test_a_count_one_later_written_page_gives_answers_and_names_no_page_older() -> None:
    """Round 135: a changing count, as a role's holder (round 134), is the value of the page written in a
    later year than every page giving another (pages of different years give different counts: 29,000,
    27,000 and 40,000 staff); the pages it overrules are not named, since on real pages they held misread
    figures as often as older counts."""
    later = src("d.test", "Orland Bank now has 7,200 employees. It was named bank of the year in 2024.")
    c = compare_sources([*_STAFF_OF_THE_2010S, later], query=_STAFF)
    assert c.answer is not None and c.answer.value.startswith("7,200") and c.answer.count == 1
    assert c.disagreed == []


@pytest.mark.parametrize(
    "later",
    [
        pytest.param("Orland Bank now has 7,200 employees, its report says.", id="no year written"),
        pytest.param(
            "Orland Bank now has 72 employees. It was named bank of the year in 2024.", id="another magnitude"
        ),
        pytest.param(
            "Orland Bank now has 7,200 employees (5,000 in 2018). It won an award in 2024.", id="writes both"
        ),
    ],
)
def test_no_later_count_answers_when_the_later_page_is_in_doubt(later: str) -> None:
    c = compare_sources([*_STAFF_OF_THE_2010S, src("d.test", later)], query=_STAFF)
    assert c.answer is not None and not c.answer.value.startswith(("7,200", "72 "))


def test_a_count_two_pages_agree_on_is_not_undone_by_one_later_page() -> None:
    """The compare layer puts back a value two or more pages agree on where the answer has one page
    (compare.compare_sources), and the later count names no page older: three pages' 5,000 stands."""
    agreeing = [
        src(p.site, p.text.replace("5,200", "5,000").replace("5,400", "5,000")) for p in _STAFF_OF_THE_2010S
    ]
    later = src("d.test", "Orland Bank now has 7,200 employees. It was named bank of the year in 2024.")
    c = compare_sources([*agreeing, later], query=_STAFF)
    assert c.answer is not None and c.answer.value.startswith("5,000") and c.answer.count == 3


def test_a_year_is_never_decided_by_the_year_a_page_was_written() -> None:
    """A date or a year does not change: a later page's other founding year is no newer answer, and it still
    dissents (round 148 keeps a later page's conflict for a role's holder only)."""
    pages = [
        src("a.test", "Orland Bank was founded in 1901, its history of 2018 says."),
        src("b.test", "Founded in 1901, Orland Bank marked its anniversary in 2019."),
        src("c.test", "Orland Bank, founded in 1901, opened a branch in 2020."),
        src("d.test", "Orland Bank was founded in 1903, a 2024 guide says."),
    ]
    c = compare_sources(pages, query="When was Orland Bank founded?")
    assert c.answer is not None and c.answer.value == "1901" and c.answer.count == 3
    assert [(d.site, d.type) for d in c.disagreed] == [("d.test", "conflict")]


def test_a_page_whose_title_names_the_subject_answers_in_words_that_do_not() -> None:
    """An encyclopedia page names its town in the title and writes "the city" after."""
    ask = read_ask("What is the median age in Riceville?")
    assert ask is not None
    text = "The average family size was 2.84. The median age in the city was 45.7 years."
    assert answer_statements("a.test", "", text, ask) is None
    found = answer_statements("a.test", "", text, ask, title="Riceville, Iowa")
    assert found is not None and found.value == "45.7 years"


def test_counts_of_one_number_agree_whatever_noun_each_page_counts_with() -> None:
    c = compare_sources(
        [
            src("a.test", "There are currently 193 Orland Union member states."),
            src("b.test", "The Orland Union grew to its current 193 members over seventy years."),
            src("c.test", "Each of the 193 member countries of the Orland Union has one vote."),
            src("old.test", "The Orland Union has 191 member states, each with one vote in the assembly."),
        ],
        query="How many member states does the Orland Union have?",
    )
    assert c.answer is not None and c.answer.count == 3
    assert [(d.site, d.type) for d in c.disagreed] == [("old.test", "conflict")]


def test_an_ordinal_time_counts_the_noun_asked_before_it() -> None:
    ask = read_ask("How many Golden Quill awards has Mara Lind won?")
    assert ask is not None
    found = answer_statements(
        "a.test",
        "",
        "Mara Lind won the Golden Quill award for a record-extending seventh time on Monday.",
        ask,
    )
    assert found is not None and found.figure is not None and found.figure.value == 7
    assert found.value == "7 award"


def test_a_page_that_writes_the_answers_number_bare_dissents_from_it_in_nothing() -> None:
    """ "We start with 350 bones ... and end up with only 206 as adults": both numbers, no dissent."""
    c = compare_sources(
        [
            src("a.test", "The adult human body has 206 bones."),
            src("b.test", "On average the adult human body has 206 bones in all."),
            src("c.test", "An adult human body holds 206 bones, a baby many more."),
            src(
                "d.test",
                "The adult human body starts life with 350 bones and fuses them to only 206 as adults.",
            ),
        ],
        query="How many bones are in the adult human body?",
    )
    assert c.answer is not None and c.answer.value == "206 bones"
    assert c.disagreed == []


def test_a_name_the_subject_only_begins_is_another_thing_not_another_of_the_name() -> None:
    from webquorum.analysis.identity import subject_name

    ask = read_ask("How many member states does the Orland Union have?")
    assert ask is not None
    text = "The Orland Union Charter sets the rules. The Orland Union Charter was signed in Vell."
    assert subject_name(text, ask) == frozenset()
    assert subject_name("Admiral Meir Porush spoke.", read_ask("When was Porush born?") or ask) == frozenset(
        {"meir", "porush"}
    )


def test_a_number_in_the_subject_is_found_with_its_unit_run_in() -> None:
    ask = read_ask("What is the men's 100 metres world record time?")
    assert ask is not None
    found = answer_statements("a.test", "", "The men's 100m world record stands at 9.58 seconds.", ask)
    assert found is not None and found.value == "9.58 seconds"


def test_how_many_counts_the_noun_after_it_whatever_dimension_a_name_later_holds() -> None:
    euro = read_ask("How many EU countries use the euro (euro area members) now?")
    assert euro is not None and euro.counted and euro.unit == ""
    area = read_ask("How many square kilometres is the area of Texas?")
    assert area is not None and not area.counted and area.unit == "area"
    people = read_ask("How many people live in the metro area of Lyon?")
    assert people is not None and people.counted and people.unit == "people"


@pytest.mark.parametrize(
    ("query", "text", "count"),
    [
        (
            "How many animals does the Harwick zoo have?",
            "The Harwick Zoo has been named the #1 zoo by a family travel survey. It is home to 14,000 animals.",
            "14,000 animals",
        ),
        (
            "How many animals does the Harwick zoo have?",
            "Harwick Zoo, the #1 zoo in the nation, has 14,000 animals.",
            "14,000 animals",
        ),
        (
            "How many seats does the Merrow opera house have?",
            "The Merrow Opera House, one of the 10 houses in the Delmar network, has 1,804 seats.",
            "1,804 seats",
        ),
    ],
)
def test_a_count_of_the_subjects_kind_is_no_count_of_the_thing_asked(
    query: str, text: str, count: str
) -> None:
    # round 150: "zoo" and "opera house" are asked words, but of the subject, written after the counted phrase
    ask = read_ask(query)
    assert ask is not None and ask.subject_kind
    assert stated(query, text) == count


def test_the_subjects_kind_is_the_asked_words_after_the_counted_phrase_only() -> None:
    zoo = read_ask("How many animals does the Harwick zoo have?")
    banks = read_ask("How many federal reserve banks are there?")
    cups = read_ask("How many stanley cups have the Orland Canadiens won?")
    states = read_ask("How many states are in the Orland States?")
    employees = read_ask("What is the number of employees of the Harwick zoo?")
    assert zoo is not None and zoo.subject_kind == {"zoo"}
    assert banks is not None and banks.subject_kind == frozenset()  # "federal reserve" is counted
    assert cups is not None and "cup" not in cups.subject_kind
    assert states is not None and states.subject_kind == frozenset()  # the counted noun the name holds too
    # a verb's participle after the phrase is the event counted, no kind of the subject (round 154)
    delivered = read_ask("How many Merrow jets have been delivered?")
    assert delivered is not None and delivered.subject_kind == frozenset()
    assert employees is not None and employees.subject_kind == frozenset()  # no "how many": no phrase to tell


@pytest.mark.parametrize(
    ("query", "text", "date"),
    [
        (  # round 151: a founder's life, written in days: neither his birth nor his death founded anything
            "When was Harwick Cranes founded?",
            "Joseph Harwick (21 June 1916 – 1 March 2001) was a British businessman, who was the founder of "
            "Harwick Cranes.",
            None,
        ),
        (
            "When was Harwick Cranes founded?",
            "Joseph Harwick (21 June 1916 – 1 March 2001) was the founder of Harwick Cranes. The firm was "
            "founded on October 23, 1945 in a lock-up garage.",
            "1945-10-23",
        ),
        (  # an organisation's own span opens with its founding year; its closing year founded nothing
            "When was Calder Motors founded?",
            "Calder Motors (1852–1967) was an American wagon and automobile maker founded in South Bend.",
            "1852",
        ),
        (  # round 152: a date an earlier plan gave
            "When did Calder airport open?",
            "Calder airport was initially slated to open in October 2011. It finally opened on 31 October 2020.",
            "2020-10-31",
        ),
        (  # a plan the event did not keep answers nothing
            "When did Calder airport open?",
            "Calder airport was initially slated to open in October 2011. A string of planning failures followed.",
            None,
        ),
        (  # a plan of today stands: the event is yet to come
            "When will Calder airport open?",
            "Calder airport is scheduled to open in October 2027.",
            "2027-10",
        ),
    ],
)
def test_a_date_of_something_else_than_the_asked_event_is_no_answer(
    query: str, text: str, date: str | None
) -> None:
    # round 151: a parenthesised span's closing date or a day in it is no beginning; round 152: a past plan
    assert stated(query, text) == date


def test_a_spans_closing_date_still_answers_when_it_closed() -> None:
    text = "The Calder plant (1 May 1901 – 30 June 1988) closed after 87 years."
    assert stated("When did the Calder plant close?", text) == "1988-06-30"


def test_the_part_of_a_whole_answers_when_the_rest_of_the_sentence_says_what_is_asked() -> None:
    use = read_ask("How many Orland Union countries use the crown?")
    have = read_ask("How many countries does the Orland Union have?")
    assert use is not None and have is not None
    text = "As of 2025, 20 of the 27 Orland Union countries use the crown as their currency."
    part = answer_statements("a.test", "", text, use)
    whole = answer_statements("a.test", "", text, have)
    assert part is not None and part.figure is not None and part.figure.value == 20
    assert whole is not None and whole.figure is not None and whole.figure.value == 27


def test_a_count_from_a_page_dated_months_before_the_majority_is_an_older_figure() -> None:
    c = compare_sources(
        [
            src("a.test", "Mara Lind won her 24 Golden Quill awards in a record career.", "2023-09-11"),
            src("b.test", "Mara Lind has now won 24 Golden Quill awards.", "2023-09-12"),
            src("old.test", "Mara Lind holds 23 Golden Quill awards after her win.", "2023-06-11"),
        ],
        query="How many Golden Quill awards has Mara Lind won?",
    )
    assert [(d.site, d.type) for d in c.disagreed] == [("old.test", "older")]
    assert "2023-06" in render_agreement(c)[-1]


def test_a_date_dissent_is_a_conflict_however_old_its_page() -> None:
    c = compare_sources(
        [
            src(
                "a.test", "The Orland Bridge was opened to traffic on 27 May 1937 by the mayor.", "2020-01-01"
            ),
            src(
                "b.test",
                "The Orland Bridge was opened to traffic on 27 May 1937, after four years.",
                "2021-01-01",
            ),
            src(
                "old.test",
                "The Orland Bridge was opened to traffic on 27 May 1936 by the mayor.",
                "2010-01-01",
            ),
        ],
        query="When was the Orland Bridge opened?",
    )
    assert [(d.site, d.type) for d in c.disagreed] == [("old.test", "conflict")]


def test_the_answers_number_after_another_named_thing_is_that_things_count() -> None:
    """ "with only Margaret Court in front of him on 24 Grand Slams": Court's 24, not the page naming 24."""
    c = compare_sources(
        [
            src("a.test", "Novak Djokovic has won 24 Grand Slam titles, a record."),
            src("b.test", "Novak Djokovic now holds 24 Grand Slam titles in all."),
            src(
                "c.test",
                "Novak Djokovic won his 23 Grand Slam titles, with only Margaret Court in front of him on 24.",
            ),
        ],
        query="How many Grand Slam titles has Novak Djokovic won?",
    )
    assert [d.site for d in c.disagreed] == ["c.test"]


def test_a_dissent_is_stated_of_the_subject_in_its_own_sentence() -> None:
    """ "We start off life with 350 bones": a value from a sentence that names neither the subject nor most of
    what is asked is no dissent; "An adult human body has 300 bones" would be."""
    pages = [
        src("a.test", "The adult human body has 206 bones."),
        src("b.test", "On average the adult human body has 206 bones in all."),
        src("c.test", "The adult human body is a marvel. We start off life with 350 bones, which fuse."),
    ]
    c = compare_sources(pages, query="How many bones are in the adult human body?")
    assert c.answer is not None and c.answer.value == "206 bones" and c.disagreed == []
    pages[2] = src("c.test", "The adult human body is a marvel: an adult human body has 300 bones.")
    c = compare_sources(pages, query="How many bones are in the adult human body?")
    assert [d.site for d in c.disagreed] == ["c.test"]


def test_a_possessive_in_the_question_is_the_name_itself() -> None:
    ask = read_ask("What is the escape velocity from Earth's surface?")
    assert ask is not None and ask.subject == frozenset({"earth"}) and "earth's" not in ask.relation
    found = answer_statements("a.test", "", "The escape velocity on Earth is 11.2 km/s at the surface.", ask)
    assert found is not None and found.value == "11.2 km/s"


def test_a_depth_is_a_length() -> None:
    ask = read_ask("What is the maximum depth of Lake Baikal?")
    assert ask is not None and ask.kind == "figure" and ask.unit == "length"


def test_a_question_on_the_page_states_nothing() -> None:
    ask = read_ask("How many sovereign countries are there in South America?")
    assert ask is not None
    text = "Are there 12 or 13 countries in South America? There are 12 sovereign countries in South America."
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.figure is not None and found.figure.value == 12


def test_a_figure_of_another_year_than_the_asked_one_does_not_answer() -> None:
    ask = read_ask("What was Canada's population as enumerated by the 2021 census?")
    assert ask is not None
    text = "The 2016 census of Canada recorded a population of 35,151,728 people."
    assert answer_statements("a.test", "", text, ask) is None
    text = "The 2021 census of Canada enumerated a population of 36,991,981 people."
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.figure is not None and found.figure.value == 36_991_981


def test_an_ellipsis_before_a_sentence_does_not_shift_it() -> None:
    """The fold of "…" is three characters: sentences are sliced from an aligned fold."""
    ask = read_ask("How many sovereign countries are there in South America?")
    assert ask is not None
    text = "Read on… Are there 12 or 13 countries in South America? South America has 12 sovereign countries."
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.figure is not None and found.figure.value == 12


def test_the_figure_the_asked_words_describe_answers() -> None:
    ask = read_ask("What is the maximum depth of Lake Baikal?")
    assert ask is not None
    text = "Lake Baikal is 636 km long, with an average depth of 630 m, and a maximum depth of 1,620 m."
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.value == "1,620 m"


def test_an_adjective_names_no_unit_outside_how() -> None:
    """ "individual medley (long course)": neither a count of individuals nor a length is asked; a race's
    record is a time."""
    ask = read_ask("What is the men's 400 metres individual medley (long course) swimming world record time?")
    assert ask is not None and ask.unit == "time"
    tall = read_ask("How tall is the Eiffel Tower?")
    staff = read_ask("Brevik Group employees")
    assert tall is not None and tall.unit == "length" and staff is not None and staff.unit == "people"


def test_a_number_in_the_subject_is_found_with_its_thousands_separated() -> None:
    ask = read_ask("What is the men's 5000 metres world record time?")
    assert ask is not None
    found = answer_statements(
        "a.test", "", "Cheptegei set a new 5,000m world record, clocking 12 minutes, 35.36 seconds.", ask
    )
    assert found is not None and found.value == "12:35.36"


def test_an_agreed_figure_of_another_unit_is_no_fallback_answer() -> None:
    """Two pages agree on a count of dwellings: no answer to a population question."""
    c = compare_sources(
        [
            src("a.test", "Orland has 16,284,235 private dwellings, the census said."),
            src("b.test", "The census counted 16,284,235 private dwellings in Orland."),
        ],
        query="What was Orland's population?",
    )
    assert c.answer is None or "dwellings" not in c.answer.value


def test_two_former_holders_of_one_role_are_each_out_of_date_not_a_scatter() -> None:
    c = compare_sources(
        [
            src("a.test", "The current prime minister of Orland is Mara Lind, who took office in May."),
            src("b.test", "Orland's prime minister Mara Lind was sworn in on Monday."),
            src("c.test", "The prime minister of Orland, Mara Lind, spoke in the assembly."),
            src("d.test", "The incumbent prime minister of Orland is Tomas Berg, in office since 2018."),
            src("e.test", "Ines Vale was sworn in as prime minister of Orland in 2015."),
        ],
        query="Who is the current prime minister of Orland?",
    )
    assert c.answer is not None and c.answer.value == "Mara Lind"
    assert sorted(d.site for d in c.disagreed) == ["d.test", "e.test"]


def test_a_count_in_parentheses_after_another_name_is_that_names() -> None:
    ask = read_ask("How many Grand Slam singles titles did Serena Williams win?")
    assert ask is not None
    text = "Serena Williams surpassed greats like Steffi Graf (22 titles) and Chris Evert (18 titles)."
    assert answer_statements("a.test", "", text, ask) is None


def test_an_ordinal_departs_from_the_answer_only_as_an_older_figure() -> None:
    """ "beating Seattle for their fourth NBA championship" is true of 1996; undated, it names no one."""
    pages = [
        src("a.test", "Michael Jordan won six championships in the NBA with the Chicago Bulls."),
        src("b.test", "Michael Jordan earned six championships in his NBA career."),
        src(
            "c.test", "In 1996 Michael Jordan led the Chicago Bulls to their fourth championship in the NBA."
        ),
    ]
    c = compare_sources(pages, query="How many NBA championships did Michael Jordan win?")
    assert c.answer is not None and c.answer.value.startswith("6") and c.disagreed == []
    dated = [
        src(
            "a.test", "Michael Jordan won six championships in the NBA with the Chicago Bulls.", "2020-05-01"
        ),
        src("b.test", "Michael Jordan earned six championships in his NBA career.", "2021-01-01"),
        src(
            "c.test",
            "Michael Jordan led the Chicago Bulls to their fourth championship in the NBA.",
            "1996-06-17",
        ),
    ]
    c = compare_sources(dated, query="How many NBA championships did Michael Jordan win?")
    assert [(d.site, d.type) for d in c.disagreed] == [("c.test", "older")]


def test_a_page_whose_own_answer_is_the_answer_is_never_named_as_dissenting() -> None:
    """ "The Celtics have won 18 NBA championships ... won three of four championships to cap the '50s": a
    claim dissent of the page that states the answer contradicts nothing."""
    ask = read_ask("How many NBA championships have the Boston Celtics won?")
    assert ask is not None
    answer = Answer("figure", "18 championships", ("a.test", "b.test"), 3, "NBA championships Boston Celtics")
    item = DisagreedItem(
        kind="figure",
        site="a.test",
        url="https://a.test/",
        value="4 championships",
        others_value="18 championships",
        others_count=2,
        quantity="championships",
    )
    assert not _sides_with_answer(item, answer, ask)
    assert _sides_with_answer(item.model_copy(update={"site": "c.test"}), answer, ask)


def test_a_discovery_is_an_event_a_date_answers() -> None:
    ask = read_ask("On what date was the planet Neptune first observed and identified (discovered)?")
    assert ask is not None and "=discovered" in ask.relation
    found = answer_statements(
        "a.test", "", "On the night of September 23, 1846, Neptune was discovered.", ask
    )
    assert found is not None and found.value == "1846-09-23"


def test_a_count_within_a_span_of_years_is_a_part() -> None:
    ask = read_ask("How many Grand Slam singles titles did Serena Williams win?")
    assert ask is not None
    text = "Serena Williams went on a spree from 2012 to 2015, winning 8 Grand Slam singles titles in that period."
    assert answer_statements("a.test", "", text, ask) is None
    whole = answer_statements(
        "a.test", " ", " date 2023-06-12 Serena Williams won 23 Grand Slam singles titles.", ask
    )
    assert whole is not None and whole.figure is not None and whole.figure.value == 23


def test_how_many_with_a_capitalised_noun_counts_it_when_a_subject_is_left() -> None:
    hepburn = read_ask("How many Academy Awards (Best Actress) did Katharine Hepburn win?")
    assert hepburn is not None and hepburn.subject == frozenset({"katharine", "hepburn"})
    assert {"academi", "award"} <= hepburn.relation
    euro = read_ask("How many EU countries use the euro (euro area members) now?")
    assert euro is not None and euro.subject == frozenset({"eu"})


def test_who_succeeded_a_named_holder_asks_for_the_role_whatever_year_it_adds() -> None:
    ask = read_ask("Who succeeded Carl Ostrander as CEO of the Acme Group in 2022?")
    assert ask is not None and ask.role == "chief executive"
    past = read_ask("Who was CEO of the Acme Group in 2022?")
    assert past is None or not past.role
    text = "Acme Group said CEO Carl Ostrander will be replaced by Dana Whitfield, who runs its rail unit."
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.value == "Dana Whitfield"


def test_a_count_with_the_noun_the_agreeing_pages_count_the_answer_with_dissents() -> None:
    """ "28 member countries" under "how many member states": the agreeing pages write "27 member countries",
    so its noun names the asked thing (positive identity by the pages' own words)."""
    pages = [
        src("a.test", "The Orland Union has 27 member states since the last enlargement."),
        src("b.test", "Today the Orland Union is made up of 27 member countries."),
        src("c.test", "There are 27 member states in the Orland Union."),
        src("d.test", "The Orland Union has grown to 28 member countries."),
    ]
    c = compare_sources(pages, query="How many member states does the Orland Union have?")
    assert c.answer is not None and c.answer.value.startswith("27")
    assert [d.site for d in c.disagreed] == ["d.test"]


def test_a_record_holder_is_a_name_the_question_does_not_itself_write() -> None:
    """ "Which planet in our solar system has the most moons": "Solar System" is the question's own words."""
    ask = read_ask("Which planet in our solar system has the most moons?")
    assert ask is not None and ask.kind == "name"
    text = "The planet with the most moons in the Solar System is Saturn, with 274 confirmed moons."
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.value == "Saturn"


def test_an_agreed_count_of_another_noun_is_no_fallback_answer_to_how_many() -> None:
    """ "in 31 states" on two pages answers no "how many measles cases were confirmed in the country"."""
    pages = [
        src(
            "a.test",
            "Measles cases were reported in 31 states. The CDC count of confirmed cases rose to 1,282.",
        ),
        src(
            "b.test",
            "By December measles had reached 31 states; confirmed cases stood at 1,249 for the year.",
        ),
        src("c.test", "So far 971 confirmed cases have been counted, in 31 states."),
    ]
    c = compare_sources(pages, query="How many measles cases were confirmed in the United States in 2019?")
    assert c.answer is None or "states" not in c.answer.value


def test_which_with_a_noun_asks_for_one_of_those_things_and_the_noun_is_the_one_after_which() -> None:
    ask = read_ask("Which man holds the record for the most Orland Open singles titles?")
    assert ask is not None and ask.kind == "name" and ask.noun == "man"
    assert read_ask("Which year did the Orland bridge open?").kind == "date"  # type: ignore[union-attr]


def test_a_name_with_the_asked_noun_answers_before_the_source_or_the_founder_beside_it() -> None:
    stadium = read_ask("Which stadium is the venue of the Orland Cup final?")
    assert stadium is not None
    page = "The Orland Cup final venue, chosen by Marta Ruiz and the board, is Harbour Stadium in Velm."
    found = answer_statements("a.test", "", page, stadium)
    assert found is not None and found.value == "Harbour Stadium"
    port = read_ask("Which is the busiest container port in Orland by annual throughput?")
    assert port is not None
    text = "The Port of Velm stayed the busiest container port in Orland in 2023, according to a report by Seaview."
    said = answer_statements("b.test", "", text, port)
    assert said is not None and said.value == "Port of Velm"
    # "port by TEU volume": a noun before "by", not a maker's verb
    volume = "The Port of Velm is the busiest container port by TEU volume in Orland."
    assert (v := answer_statements("d.test", "", volume, port)) is not None and v.value == "Port of Velm"
    zoo = read_ask("Which is the oldest continuously operating zoo in Orland?")
    assert zoo is not None
    founded = "Velm Zoo, founded in 1752 by Emperor Karl, is the oldest continuously operating zoo in Orland."
    assert (z := answer_statements("c.test", "", founded, zoo)) is not None and z.value == "Velm Zoo"


def test_a_number_that_opens_a_things_name_is_part_of_it() -> None:
    ask = read_ask("Which bridge has the longest main span in Orland?")
    assert ask is not None
    page = "With a 2,023-metre main span, the 1915 Velm Bridge is the longest in Orland."
    found = answer_statements("a.test", "", page, ask)
    assert found is not None and found.value == "1915 Velm Bridge"


def test_a_record_is_a_value_and_the_events_own_distance_is_no_answer() -> None:
    ask = read_ask("What is the men's 5000 metres world record on the track?")
    assert ask is not None and ask.kind == "figure"
    page = "Joshua Velm broke the 5,000 metres world record in Monaco, running 12:35.36 on the track."
    found = answer_statements("a.test", "", page, ask)
    assert found is not None and found.value == "12:35.36"


def test_the_record_for_the_most_wins_is_a_count_of_wins() -> None:
    ask = read_ask("What is the record for the most Orland Tour stage wins by a single rider?")
    assert ask is not None and ask.counted
    page = (
        "The 110-mile stage went to Velm, whose win set a record for Orland Tour stage wins: 35 stage wins."
    )
    found = answer_statements("a.test", "", page, ask)
    assert found is not None and found.figure is not None and found.figure.value == 35


def test_a_count_of_one_years_games_is_no_career_total() -> None:
    ask = read_ask("How many Olympic gold medals did Mara Velm win in her career?")
    assert ask is not None
    page = "Mara Velm won eight gold medals in the 2008 Orland games, and four more in 2012."
    assert answer_statements("a.test", "", page, ask) is None
    total = "Mara Velm won 23 gold medals in her career, the most ever."
    found = answer_statements("b.test", "", total, ask)
    assert found is not None and found.figure is not None and found.figure.value == 23


def test_the_source_of_a_statement_and_the_unit_after_an_amount_are_no_answer() -> None:
    port = read_ask("Which is the busiest container port in Orland?")
    assert port is not None
    quoted = "Velm handled 40 million units in Orland in 2023, according to data released by Seaview."
    assert answer_statements("a.test", "", quoted, port) is None  # no name answers; Seaview said it
    unit = "The busiest container port in Orland moved 25 million TEU last year, Velm Harbour said."
    found = answer_statements("b.test", "", unit, port)
    assert found is not None and found.value == "Velm Harbour"


def test_a_dimension_written_after_its_measure_describes_it() -> None:
    ask = read_ask("What is the length of the Velm Dam?")
    assert ask is not None
    page = "The Velm Dam is 185 metres (607 feet) tall at its crest and 2,335 metres (7,660 feet) long."
    found = answer_statements("a.test", "", page, ask)
    assert found is not None and found.figure is not None and found.figure.value == 2335


def test_a_temperature_question_is_answered_by_a_temperature_in_either_scale() -> None:
    c = compare_sources(
        [
            src("a.test", "The highest temperature ever recorded in Orland is 40.3°C, at Velm in 2022."),
            src("b.test", "Orland's highest temperature on record: 104.5F, measured at Velm."),
            src("c.test", "Velm set Orland's highest temperature of 40.3 degrees Celsius."),
        ],
        query="What is the highest temperature ever recorded in Orland?",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("40.3°C", 3)


def test_whom_a_figure_is_for_is_not_the_count_asked() -> None:
    query = "What is the Orland living wage hourly rate for workers aged 21 and over?"
    ask = read_ask(query)
    assert ask is not None and ask.unit == "" and ask.kind == "figure"
    text = (
        "The Orland living wage rises to £12.71 an hour for workers aged 21, affecting 2.7 million workers."
    )
    assert stated(query, text) == "£12.71"


@pytest.mark.parametrize(
    ("query", "text"),
    [
        (
            "What is the highest temperature ever recorded in the United Kingdom?",
            "The UK's highest temperature: 40.3C.",
        ),
        (
            "What is the highest temperature ever recorded in the United Kingdom?",
            "The U.K. temperature record: 40.3C.",
        ),
        ("What is the federal minimum wage in the US?", "The United States federal minimum wage is $7.25."),
    ],
)
def test_a_page_may_name_the_subject_by_its_initials(query: str, text: str) -> None:
    assert stated(query, text) is not None


def test_an_even_split_goes_to_the_pages_that_call_the_other_value_the_previous_one() -> None:
    query = "What is the highest temperature ever recorded in Orland?"
    pages = [
        src(
            "a.test",
            "Velm hit 40.3C, Orland's highest temperature ever. The previous record was 38.7C, in 2019.",
        ),
        src(
            "b.test",
            "Orland's highest temperature on record is now 40.3°C. It broke the old record of 38.7°C.",
        ),
        src("c.test", "Forecasters expect highs of 40°C. Orland's highest temperature on record is 38.7°C."),
        src("d.test", "Orland's highest temperature ever recorded is 38.7°C, at Velm."),
    ]
    c = compare_sources(pages, query=query)
    assert c.answer is not None and c.answer.value == "40.3°C" and not c.answer.split
    assert [(d.site, d.type) for d in c.disagreed] == [("c.test", "older"), ("d.test", "older")]
    assert render_agreement(c)[-1].endswith("(the pages that agree with it call this value the previous one)")


def test_a_page_that_only_writes_both_values_decides_no_split() -> None:
    pages = [
        src("a.test", "Velm hit 40.3C, Orland's highest temperature ever. 38.7C was seen at Arn."),
        src("b.test", "Orland's highest temperature on record is 40.3°C. Arn had 38.7°C."),
        src("c.test", "Orland's highest temperature on record is 38.7°C."),
        src("d.test", "Orland's highest temperature ever recorded is 38.7°C, at Velm."),
    ]
    c = compare_sources(pages, query="What is the highest temperature ever recorded in Orland?")
    assert c.answer is not None and c.answer.split and c.disagreed == []


def test_a_price_question_takes_an_amount_never_a_count() -> None:
    text = "Orland Post has announced 8 rises since 2020: a first class stamp in Orland now goes for £1.80."
    assert stated("How much does a first class stamp cost in Orland?", text) == "£1.80"


def test_values_the_agreeing_pages_call_previous_are_older_figures_even_as_a_scatter() -> None:
    query = "How much is the Orland licence fee?"
    pages = [
        src("a.test", "The Orland licence fee is now £180, up from the previous fee of £174.50."),
        src("b.test", "The Orland licence fee rises to £180 this year; the previous fee was £169.50."),
        src("c.test", "The Orland licence fee is £180 a year."),
        src("d.test", "The Orland licence fee is £174.50 a year."),
        src("e.test", "The Orland licence fee is £169.50 a year."),
    ]
    c = compare_sources(pages, query=query)
    assert c.answer is not None and c.answer.value == "£180"
    assert sorted((d.site, d.type) for d in c.disagreed) == [("d.test", "older"), ("e.test", "older")]


def test_a_scatter_of_other_values_nobody_dates_names_no_one() -> None:
    pages = [
        src("a.test", "The Orland licence fee is £180 a year."),
        src("b.test", "The Orland licence fee is £180."),
        src("c.test", "The Orland licence fee is £180 for a household."),
        src("d.test", "The Orland licence fee is £174.50 a year."),
        src("e.test", "The Orland licence fee is £169.50 a year."),
    ]
    c = compare_sources(pages, query="How much is the Orland licence fee?")
    assert c.answer is not None and c.answer.value == "£180" and c.disagreed == []


@pytest.mark.parametrize(
    ("query", "unit"),
    [
        ("What is the diameter of the Orland telescope's mirror?", "length"),
        ("What is the main span of the Orland Bridge?", "length"),
    ],
)
def test_a_span_or_a_diameter_is_a_length(query: str, unit: str) -> None:
    ask = read_ask(query)
    assert ask is not None and ask.unit == unit


def test_the_head_of_an_authority_is_a_role_asked() -> None:
    for query, role in (
        ("Who is the Administrator of the Orland Canal Authority?", "administrator"),
        ("Who is the Commissioner of Transport for Orland?", "commissioner"),
    ):
        ask = read_ask(query)
        assert ask is not None and ask.role == role


def test_a_measure_of_another_dimension_than_the_one_asked_is_no_answer() -> None:
    text = (
        "The hailstone weighed 1 pound 15 ounces and measured 8 inches in diameter, 18.6 inches in "
        "circumference. It was the heaviest and largest hailstone in diameter ever recorded in Orland."
    )
    assert stated("How big was the largest hailstone ever recorded in Orland (diameter)?", text) == "8 inches"


@pytest.mark.parametrize(
    ("query", "value"),
    [("How tall is the Orla Dam?", "128 metres"), ("How long is the Orla Dam?", "579 metres")],
)
def test_a_dimension_adjective_after_a_measure_names_its_dimension(query: str, value: str) -> None:
    """Round 184: "579 metres (1,900 ft) long" is the dam's length, never its height (real pages: a dam's
    length had answered how tall it is)."""
    text = "The Orla Dam stands 128 metres (420 ft) tall and 579 metres (1,900 ft) long."
    assert stated(query, text) == value


@pytest.mark.parametrize(
    ("query", "unit"),
    [
        ("How old are the fossils from the Orla cave?", "year"),
        ("What is the women's 400m hurdles world record time?", "time"),
        ("What is the men's 100m freestyle long course world record?", "time"),
        ("What is the men's marathon world record?", "time"),
    ],
)
def test_an_age_is_years_and_a_race_record_is_a_time(query: str, unit: str) -> None:
    ask = read_ask(query)
    assert ask is not None and ask.unit == unit


def test_old_asks_an_age_only_after_how() -> None:
    ask = read_ask("What is the old town's population in Orla?")
    assert ask is not None and ask.unit == "people"


def test_a_dimension_adjective_names_no_concept_unless_asked_by_how() -> None:
    # "long course" is the pool the record was swum in, not a length asked for
    ask = read_ask("What is the men's 100m freestyle long course world record?")
    assert ask is not None and "length" not in ask.concepts
    tunnel = read_ask("How long is the Orland Tunnel?")
    assert tunnel is not None and tunnel.unit == "length"


def test_an_age_question_takes_the_age_not_a_count_beside_it() -> None:
    text = "Fossils of 5 individuals were found in the Orla cave; they are about 300,000 years old."
    assert stated("How old are the fossils from the Orla cave?", text) == "300,000 years"


def test_a_race_record_question_takes_the_time_not_the_distance() -> None:
    text = "Pan Orla swam the 100m freestyle final of 2024 in 46.40 seconds, a new world record."
    assert stated("What is the men's 100m freestyle long course world record?", text) == "46.40 seconds"


def test_pieces_of_a_part_counted_by_a_comparative_of_size_are_not_the_whole() -> None:
    text = (
        "Orland is divided into 10 regions. Orland's western region is split into four smaller regions, "
        "the Coast and the Hills among them."
    )
    pages = [
        src("a.test", "Orland is divided into 10 regions, each led by a governor."),
        src("b.test", "Orland has 10 regions."),
        src("c.test", text.replace("Orland is divided into 10 regions. ", "")),
    ]
    c = compare_sources(pages, query="How many regions is Orland divided into?")
    assert c.answer is not None and c.answer.value == "10 regions" and c.disagreed == []


def test_under_a_question_no_rule_reads_a_dissent_on_what_it_does_not_name_is_not_said() -> None:
    query = "Who is the Lord Lieutenant of Orland?"
    assert (
        read_ask(query) is None
    )  # "lord lieutenant" is no role the rules read: the question asks what they cannot tell
    pages = [
        src("a.test", "Mara Velk was elected Lord Lieutenant of Orland in September 2022, the county said."),
        src("b.test", "Mara Velk was elected Lord Lieutenant of Orland in September 2022, the county said."),
        src("c.test", "Mara Velk, elected in November 2022, is the Lord Lieutenant of Orland."),
    ]
    c = compare_sources(pages, query=query)
    assert c.disagreed == []
    # the same pages under a keyword query still show the dissent: only a question's words narrow it
    keyword = compare_sources(pages, query="Orland lord lieutenant election")
    assert keyword.disagreed != []


@pytest.mark.parametrize(
    ("query", "role"),
    [
        ("Who is the director of the Orland Museum?", "director"),
        ("Who is the Executive Director of the Orland Energy Agency?", "director"),
        ("Who is the OHO Regional Director for Africa?", "director"),
        ('Who is the director of "The Girl on the Orla"?', ""),
        ("Who is the director of the film Orla Days?", ""),
        ("Who is the managing director of Orla Ltd?", "chief executive"),
        # round 169: a body named after a kind of work has a director holding a post
        ("who is the director of the orland international film festival", "director"),
        ("who is the director of the orla book fair", "director"),
        ("who is the director of the orland state opera", "director"),
        ("who is the director of the orland opera ballet", "director"),
        ("who is the director of the opera orla days", ""),
    ],
)
def test_a_body_s_director_is_a_role_and_a_work_s_director_its_maker(query: str, role: str) -> None:
    ask = read_ask(query)
    assert ask is not None and ask.role == role


def test_the_current_director_not_the_one_replaced() -> None:
    text = (
        "The Orland Museum has named Mara Velk as its new director. She succeeds Tomas Brenn, who stepped down "
        "in 2023 after eight years."
    )
    assert stated("Who is the director of the Orland Museum?", text) == "Mara Velk"


def test_a_date_question_takes_the_day_a_sentence_naming_the_event_gives() -> None:
    text = (
        "The Orla Dam still stands. The wall of water that overtopped the Orla Dam destroyed the villages below "
        "on 9 October 1963, and the valley was never resettled."
    )
    assert stated("On what date did the Orla Dam disaster happen?", text) == "1963-10-09"


def test_without_the_question_s_words_a_year_alone_answers_no_date_question() -> None:
    text = "The Orla Dam was finished in 1959. Its wall is 262 metres high."
    assert stated("On what date did the Orla Dam disaster happen?", text) is None


def test_a_sentence_with_the_question_s_words_answers_before_one_naming_only_the_subject() -> None:
    text = (
        "Orla Lake, crescent-shaped lake, 224 sq mi (580 sq km), c.45 mi (70 km) long, on the border. "
        "It has a maximum depth of 1,017 ft (310 m)."
    )
    assert stated("What is the maximum depth of Orla Lake?", text) == "1,017 ft"


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        (
            "Orla Lake | Average depth | 154.4 metres | Max. depth | 310 metres | Water volume | 89 km3",
            "310 metres",
        ),
        ("Orla Lake is 372 m above sea level. At its deepest point Orla Lake is 310 m.", "310 m"),
    ],
)
def test_an_infobox_abbreviation_or_a_superlative_names_the_asked_quantity(text: str, depth: str) -> None:
    assert stated("What is the maximum depth of Orla Lake?", text) == depth


def test_a_holder_whose_page_calls_the_majority_s_holder_past_answers_though_fewer_pages_name_them() -> None:
    """Pages written before a change outnumber the ones after it; a page that knows both people and says which
    came first has read the change, while the others never name the new holder."""
    old = [
        src("a.test", "Lumina Bank CEO Karl Meyer said profits rose in the first half."),
        src("b.test", "Karl Meyer, chief executive of Lumina Bank, opened the new branch."),
        src("c.test", "Lumina Bank's chief executive Karl Meyer spoke at the summit."),
    ]
    new = [
        src("d.test", "Lumina Bank CEO Ana Ruiz, who replaced Karl Meyer in May, spoke on Monday."),
        src("e.test", "Lumina Bank's chief executive Ana Ruiz opened the new branch."),
    ]
    query = "Who is the CEO of Lumina Bank?"
    c = compare_sources([*old, *new], query=query)
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Ana Ruiz", 2)
    assert sorted((d.site, d.value, d.type) for d in c.disagreed) == [
        (s, "Karl Meyer", "older") for s in ("a.test", "b.test", "c.test")
    ]
    # a page of the majority that names the new holder too knows of her: the majority stands
    knowing = src(
        "c.test",
        "Lumina Bank's chief executive Karl Meyer spoke at the summit. Ana Ruiz, head of retail, spoke after him.",
    )
    c = compare_sources([*old[:2], knowing, *new], query=query)
    assert c.answer is not None and c.answer.value == "Karl Meyer"


@pytest.mark.parametrize(
    ("query", "text", "value"),
    [
        (
            "How many main islands make up the Orla Islands?",
            "The Orla Islands are an archipelago. The group consists of 18 islands and many islets.",
            "18 islands",
        ),
        (
            "How many regions does Orland have?",
            "The new law brought the total number of regions in Orland to 18, the president said.",
            "18 regions",
        ),
    ],
)
def test_a_count_asked_by_a_noun_the_subject_holds_or_written_as_the_number_of_a_noun(
    query: str, text: str, value: str
) -> None:
    assert stated(query, text) == value


def test_the_number_of_a_noun_changed_from_one_value_to_another_is_not_read_across_the_first() -> None:
    text = "The president cut the number of regions from 32 to 10 in February."
    assert stated("How many regions does Orland have?", f"Orland's news. {text}") is None


def test_one_value_written_two_ways_by_the_dissenting_pages_is_one_dissent_not_a_scatter() -> None:
    c = compare_sources(
        [
            src("a.test", "The Orla Pagoda is 112 m (367 ft) tall and stands on a hill."),
            src("b.test", "The 112 m tall Orla Pagoda dominates the skyline."),
            src("c.test", "The Orla Pagoda is 112 m tall, gilded from base to spire."),
            src("d.test", "The Orla Pagoda is 99 metres (325 ft) tall."),
            src("e.test", "The Orla Pagoda is 99 meters tall."),
        ],
        query="How tall is the Orla Pagoda?",
    )
    assert c.answer is not None and c.answer.value == "112 m"
    assert sorted(d.site for d in c.disagreed) == ["d.test", "e.test"]


def test_the_answer_is_said_once_not_again_as_an_agreed_item_in_another_spelling_of_its_unit() -> None:
    ask = read_ask("How tall is the Orla Pagoda?")
    assert ask is not None
    found = answer_statements("a.test", "", "The Orla Pagoda is 112 m tall.", ask)
    assert found is not None
    answer = Answer("figure", found.value, ("a.test",), 1, "height", statements=(found,))
    item = _Item("figure", "112 metre", frozenset({"a.test"}), 1, (0, 0))
    assert _same_item(item, answer)
    assert not _same_item(_Item("figure", "99 metre", frozenset({"a.test"}), 1, (0, 0)), answer)


def test_a_person_is_shown_by_the_full_name_most_pages_write() -> None:
    c = compare_sources(
        [
            src("a.test", "Lumina Bank CEO Ruiz said profits rose. Ana Ruiz joined in 2020."),
            src("b.test", "Ana Ruiz, chief executive of Lumina Bank, opened the branch."),
            src("c.test", "Lumina Bank's chief executive Ana Ruiz spoke at the summit."),
        ],
        query="Who is the CEO of Lumina Bank?",
    )
    assert c.answer is not None and c.answer.value == "Ana Ruiz"


@pytest.mark.parametrize(
    ("query", "text", "value"),
    [
        (
            "How many visitors did the Orla Museum receive?",
            "Orla Museum\nVisitors4,833,658\nOpened1901",
            4833658,
        ),
        (
            "How many visitors did the Orla Museum receive?",
            "Orla Museum\nVisitors: 4,833,658\nOpened: 1901",
            4833658,
        ),
        ("How tall is the Orla Tower?", "Orla Tower\nHeight330 m (1,083 ft)\nFloors3", 330),
    ],
)
def test_a_flattened_infobox_s_label_before_its_number_names_the_figure(
    query: str, text: str, value: int
) -> None:
    ask = read_ask(query)
    assert ask is not None
    found = answer_statements("a.test", "", text, ask)
    assert found is not None and found.figure is not None and found.figure.value == value


def test_a_page_s_own_dateline_answers_no_question_of_when() -> None:
    ask = read_ask("On what date do the Orland Games open?")
    assert ask is not None
    text = "date 2024-10-22 The Orland Games will open in Orla City next summer, the organisers said."
    assert answer_statements("a.test", "", text, ask, published="2024-10-22") is None
    # a day the page states for the event itself still answers, though the page was published that day
    text = "date 2024-10-22 The Orland Games opened in Orla City on 22 October 2024, the organisers said."
    found = answer_statements("a.test", "", text, ask, published="2024-10-22")
    assert found is not None and found.value == "2024-10-22"


def test_a_day_written_without_its_year_takes_the_one_year_the_question_names() -> None:
    text = "The final of the 2026 Orland Cup is scheduled for Sunday, July 19 at the Orla Stadium."
    assert stated("On what date is the 2026 Orland Cup final scheduled?", text) == "2026-07-19"
    assert stated("On what date is the Orland Cup final scheduled?", text) != "2026-07-19"


def test_a_date_has_no_scope() -> None:
    text = (
        "OW-1 is the name given to the first direct detection of orla waves, observed on September 14, 2015 "
        "by the Orla detectors."
    )
    assert (
        stated("On what date did Orla first directly detect orla waves (event OW-1)?", text) == "2015-09-14"
    )


def test_a_figure_ten_times_away_or_a_conversion_in_parentheses_is_no_dissent() -> None:
    agreeing = [
        src("a.test", "Orla Airport handled 83.9 million passengers in 2024, its busiest year on record."),
        src("b.test", "In 2024 Orla Airport handled 83.9 million passengers, a record."),
        src("c.test", "A record 83.9 million passengers used Orla Airport in 2024."),
    ]
    query = "How many passengers did Orla Airport handle in its busiest year on record?"
    monthly = src(
        "d.test", "Orla Airport handled 7.2 million passengers in its busiest year on record, in July."
    )
    assert compare_sources([*agreeing, monthly], query=query).disagreed == []
    older = src("d.test", "Orla Airport handled 80.1 million passengers in its busiest year on record.")
    assert [d.site for d in compare_sources([*agreeing, older], query=query).disagreed] == ["d.test"]
    lake = [
        src("a.test", "Lake Orla has a surface area of 8,502 square kilometres."),
        src("b.test", "The surface area of Lake Orla is 8,502 square kilometres."),
        src("c.test", "Lake Orla covers a surface area of 8,502 square kilometres."),
        src("d.test", "Lake Orla has a surface area of about 8,502 kmĀ² (3,275 square miles)."),
    ]
    assert compare_sources(lake, query="What is the surface area of Lake Orla?").disagreed == []


def test_one_person_read_twice_is_not_their_own_successor() -> None:
    """A caption run into a name ("Andrew Wilson Image used with permission", real page) reads as another
    holder on the page that also calls "Andrew Wilson" past ("former executive producer" there; "former
    executive" here, since a calling after "former" is no past post since round 196): he is not his own
    successor, so the pages naming him are not called older."""
    ask = read_ask("Who is the CEO of Lumina Bank?")
    assert ask is not None
    texts = {
        "a.test": "Lumina Bank CEO Karl Meyer said profits rose in the first half.",
        "b.test": "Karl Meyer, chief executive of Lumina Bank, opened the new branch.",
        "d.test": "Lumina Bank confirmed that former executive Karl Meyer will be its new CEO.\n"
        "Lumina Bank CEO Karl Meyer Image used with permission by copyright holder",
    }
    found = {site: answer_statements(site, f"https://{site}/", text, ask) for site, text in texts.items()}
    assert [s.value if s else None for s in found.values()] == [
        "Karl Meyer",
        "Karl Meyer",
        "Karl Meyer Image",
    ]
    groups = [[found["a.test"], found["b.test"]], [found["d.test"]]]
    assert _successor_named(groups, texts, ask) is None  # type: ignore[arg-type]


def test_a_role_page_naming_the_body_in_full_is_about_it_whatever_else_it_names() -> None:
    """An older page about the Central Bank of Orland names other people and places than the newer pages do;
    it still names the bank as the question writes it, so its governor dissents (real pages: a central bank's
    former governor in a budget story)."""
    pages = [
        src(
            "a.test",
            "The Central Bank of Orland governor Ana Ruiz met Karin Holm of the Orland Stock Exchange.",
        ),
        src("b.test", "Ana Ruiz, governor of the Central Bank of Orland, spoke with Karin Holm on rates."),
        src("c.test", "Central Bank of Orland governor Ana Ruiz said inflation eased, Karin Holm agreed."),
        src(
            "d.test",
            "Central Bank of Orland governor Piet Varga told the Budget Committee in Harwick that Bram Tess "
            "would present the plan.",
        ),
    ]
    c = compare_sources(pages, query="Who is the governor of the Central Bank of Orland?")
    assert c.answer is not None and c.answer.value == "Ana Ruiz"
    assert [(d.site, d.value) for d in c.disagreed] == [("d.test", "Piet Varga")]


def test_a_holder_named_by_surname_is_the_person_the_page_names_in_full() -> None:
    """A page writes "Dana Whitfield" once and "Whitfield" after: the holder it names by the surname is the
    person it named in full, so its statement joins the pages that write the full name (round 25)."""
    text = "Dana Whitfield joined Acme in 2001.\n\nWhitfield was named chief executive of Acme on Monday."
    assert stated("Who is the CEO of Acme?", text) == "Dana Whitfield"


def test_a_role_page_that_calls_a_person_past_backs_nobody_with_that_name() -> None:
    """A page with no statement of its own backs the one value it names; news of a successor names the one
    who goes, so a page that calls that person past backs nobody (round 25, real pages: the outgoing chief
    named on every page about the new one)."""
    pages = [
        src("a.test", "Acme appointed Dana Whitfield as chief executive; she replaces Carl Ostrander."),
        src("b.test", "Dana Whitfield was named CEO of Acme in March."),
        src("c.test", "Acme CEO Carl Ostrander opened the plant in Lyon in 2019."),
        src("d.test", "Acme said Carl Ostrander will step down at the end of the year."),
    ]
    found = compare_sources(pages, query="Who is the CEO of Acme?")
    assert found.answer is not None
    assert (found.answer.value, found.answer.count, found.answer.rivals) == ("Dana Whitfield", 2, ())


def test_mentions_on_many_pages_do_not_overturn_an_answer_decided_over_other_statements() -> None:
    """The names pages share are mentions; an answer the statements decided, with the pages stating another
    value named as dissents, stands (round 25: the predecessor is named on every page about the successor)."""
    pages = [
        src(
            "a.test",
            "Acme has chosen Dana Whitfield to replace Carl Ostrander as CEO after he retires in May.",
        ),
        src("b.test", "Acme CEO Carl Ostrander spoke at the annual meeting in Lyon."),
        src("c.test", "Carl Ostrander, chief executive of Acme, said revenue rose."),
        src("d.test", "Acme's chief executive Carl Ostrander opened the plant."),
    ]
    found = compare_sources(pages, query="Who is the CEO of Acme?")
    assert found.answer is not None and found.answer.value == "Dana Whitfield"
    assert {d.site for d in found.disagreed} == {"b.test", "c.test", "d.test"}


def test_in_an_even_split_the_first_listed_side_may_be_the_successor() -> None:
    """Two pages say the chief executive steps down and is replaced (real pages: Unilever's change of chief),
    two older pages name only the one who goes: the side whose pages call the other's holder past answers,
    whichever side the pages list first, and the older pages are named as such."""
    new = [
        src(
            "a.test",
            "Lumina Bank said chief executive Karl Meyer will step down and be replaced by Ana Ruiz.",
        ),
        src(
            "b.test",
            "Lumina Bank chief executive Karl Meyer is to step down; Ana Ruiz will take over as CEO.",
        ),
    ]
    old = [
        src("c.test", "Lumina Bank CEO Karl Meyer said profits rose in the first half."),
        src("d.test", "Karl Meyer, chief executive of Lumina Bank, opened the new branch."),
    ]
    c = compare_sources([*new, *old], query="Who is the CEO of Lumina Bank?")
    assert c.answer is not None and (c.answer.value, c.answer.count, c.answer.split) == ("Ana Ruiz", 2, False)
    assert sorted((d.site, d.type) for d in c.disagreed) == [("c.test", "older"), ("d.test", "older")]


@pytest.mark.parametrize(
    ("query", "title", "office"),
    [
        (
            "Who is the superintendent of Orla National Park?",
            "Orla National Park Superintendent",
            "superintendent",
        ),
        (
            "Who is the Postmaster General of the Orland Postal Service?",
            "Postmaster General",
            "postmaster general",
        ),
        # round 168: posts real questions asked and the role reader did not know
        (
            "Who is the general secretary of the Orland Union?",
            "Orland Union general secretary",
            "general secretary",
        ),
        ("Who is the chief minister of Orla?", "Orla Chief Minister", "chief minister"),
        (
            "Who is the executive secretary of the Orland Convention?",
            "Orland Convention Executive Secretary",
            "executive secretary",
        ),
        ("Who is the rector of the University of Orla?", "University of Orla Rector", "rector"),
        ("Who is the patriarch of the Orland Church?", "Orland Church Patriarch", "patriarch"),
        ("Who is the chief rabbi of Orland?", "Orland Chief Rabbi", "chief rabbi"),
    ],
)
def test_posts_of_one_holder_at_a_time_are_roles(query: str, title: str, office: str) -> None:
    """Offices of one holder at a time: a page naming the holder who left is no vote for him (real pages: the
    pages on a new Postmaster General all name the one he succeeded); round 168 added a union's general
    secretary, a state's chief minister, a university's rector and others the role reader did not know."""
    new, old = "Dana Whit", "Tom Rell"
    pages = [
        src("a.test", f"{title} {new}, who succeeded {old} in July, met staff on Monday."),
        src("b.test", f"{new} took office as {office} after {old} retired, the service said."),
        src("c.test", f"{title} {new} replaced {old}, who stepped down in June."),
        src("d.test", f"{title} {old} said the budget would not change."),
    ]
    c = compare_sources(pages, query=query)
    assert c.answer is not None and c.answer.value == new
    assert read_ask(query).role  # known as a post, not left to the reading of any name near the words


def test_a_name_every_page_shares_answers_a_role_only_if_a_person_may_hold_it() -> None:
    """Pages listing a state's premiers name the state on every page; with no page stating who holds the
    office now, the state's own name is no answer (real pages: "Tasmania" answered "Who is the Premier of
    Tasmania?" at 5 of 5)."""
    pages = [
        src(
            "a.test",
            "Premiers were often appointed from the council.\n\nRead more about Premier Of Orland: List of Premiers.",
        ),
        src(
            "b.test",
            "The premier leads the cabinet of Orland. The premier is appointed by the governor of Orland.",
        ),
        src(
            "c.test", "The premier sits in the parliament of Orland, which meets in Orland City twice a year."
        ),
    ]
    c = compare_sources(pages, query="Who is the Premier of Orland?")
    assert c.answer is None


def test_a_former_holder_s_page_naming_other_people_around_is_still_about_the_role() -> None:
    """A page on a former chief executive names the people of that time, none of whom the newer pages name;
    for a role that is the change itself, not another company of the name, so the page dissents (round 40,
    real pages: Unilever's and Deloitte's former chiefs)."""
    pages = [
        src("a.test", "Orlacorp chief executive Ana Ruiz met Karin Holm of the Harwick Exchange on Monday."),
        src("b.test", "Ana Ruiz, chief executive of Orlacorp, spoke with Karin Holm about the results."),
        src("c.test", "Orlacorp's chief executive Ana Ruiz said sales rose, and Karin Holm agreed."),
        src("d.test", "Orlacorp chief executive Piet Varga told Bram Tess that the plant would stay open."),
    ]
    c = compare_sources(pages, query="Who is the CEO of Orlacorp?")
    assert c.answer is not None and c.answer.value == "Ana Ruiz"
    assert [(d.site, d.value) for d in c.disagreed] == [("d.test", "Piet Varga")]


def role_pages(old_date: str | None = None) -> list[SourceText]:
    """Two pages name the holder, and two pages each name another (former) holder."""
    return [
        src(
            "a.test",
            "The chief executive of Orlacorp is Ana Ruiz, who took the post this year.",
            "2024-03-01",
        ),
        src("b.test", "Orlacorp's chief executive Ana Ruiz presented the annual results on Monday."),
        src("c.test", "Orlacorp chief executive Piet Varga opened the new plant in Harwick.", old_date),
        src("d.test", "Ines Vale, chief executive of Orlacorp, announced a new range of products."),
    ]


@pytest.mark.parametrize("old_date", [None, "2025-06-01"])
def test_a_role_answer_outnumbering_each_other_holder_but_no_majority_names_no_one(
    old_date: str | None,
) -> None:
    """Two pages against two others that each name another person: the answer stands, but more pages than
    any other holder has is no proof of today's holder (round 60, real pages: a former holder's pages outlive
    the post), so neither other page is called out of date, whatever its date."""
    c = compare_sources(role_pages(old_date=old_date), query="Who is the CEO of Orlacorp?")
    assert c.answer is not None and c.answer.value == "Ana Ruiz"
    assert c.disagreed == []


def test_holders_the_answer_s_pages_call_past_are_older_when_the_answer_already_outnumbers_them() -> None:
    """Three pages name the new chief, one of them saying whom she replaces; two older pages name only the one
    who goes (real pages: Glencore's change of chief). The majority stands either way; the older pages are
    named as such, for the reason the answer's own pages give."""
    pages = [
        src("a.test", "Lumina Bank said chief executive Karl Meyer will retire and be replaced by Ana Ruiz."),
        src("b.test", "Ana Ruiz will take over as CEO of Lumina Bank in January."),
        src("c.test", "Lumina Bank CEO Ana Ruiz said profits rose in the first half."),
        src("d.test", "Lumina Bank CEO Karl Meyer said the bank would open twelve branches in Spain."),
        src("e.test", "Karl Meyer, chief executive of Lumina Bank, opened the new branch in Porto."),
    ]
    c = compare_sources(pages, query="Who is the CEO of Lumina Bank?")
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Ana Ruiz", 3)
    assert sorted((d.site, d.type) for d in c.disagreed) == [("d.test", "older"), ("e.test", "older")]


def test_a_figure_counted_worldwide_answers_a_question_that_names_no_scope() -> None:
    """ "Worldwide" is the whole, no narrower scope than none: a question naming no scope is answered by it,
    while "the metro area's" figure still answers no question about the city (real pages: a game's sales)."""
    assert stated(
        "How many copies has Minecraft sold?", "Minecraft has sold 350 million copies worldwide."
    ) == ("350 million copies")
    assert (
        stated("What is the population of Valcourt?", "The Valcourt metro area has 910,000 people.") is None
    )


@pytest.mark.parametrize(
    ("query", "unit"),
    [
        ("How many acres is the Orla Zoo?", "area"),
        ("How many square miles is Orla County?", "area"),
        ("How many miles long is the Orla River?", "length"),
        ("How many people live in Orla?", "people"),
    ],
)
def test_a_how_many_whose_noun_is_a_unit_of_measure_asks_a_measure(query: str, unit: str) -> None:
    ask = read_ask(query)
    assert ask is not None and ask.unit == unit and ask.counted is (unit == "people")


def test_how_many_acres_is_answered_by_the_area_not_a_count() -> None:
    text = "The Orla Zoo is the largest zoo in the region, comprised of 265 acres of habitats and over 4,000 animals."
    assert stated("How many acres is the Orla Zoo?", text) == "265 acres"


def test_a_running_total_is_the_highest_count_the_pages_give() -> None:
    """Round 50: a total of wins only grows, so three pages written before the last title ("17 titles")
    are older than the one that counts it ("18 titles"), however many they are."""
    query = "How many league titles have the Lindale Rovers won?"
    sources = [
        src("a.test", "The Lindale Rovers have won 17 league titles, a club record."),
        src("b.test", "In all, the Lindale Rovers have won 17 league titles since 1901."),
        src("c.test", "The Lindale Rovers have won 17 league titles, more than any rival."),
        src("d.test", "With Sunday's win the Lindale Rovers have won 18 league titles."),
    ]
    answer = compare_sources(sources, query=query).answer
    assert answer is not None and answer.value == "18 titles"
    assert {d.statement.site for d in answer.dissents} == {"a.test", "b.test", "c.test"}
    assert all(d.type == "older" for d in answer.dissents)


def test_a_higher_count_of_a_wider_thing_is_no_later_total() -> None:
    # "28 medals" counts every medal; "23 gold medals" only the gold ones: not one total grown
    query = "How many gold medals has Dana Whitfield won?"
    sources = [
        src("a.test", "Dana Whitfield has won 23 gold medals at the games."),
        src("b.test", "Dana Whitfield has won 23 gold medals in her career."),
        src("c.test", "Dana Whitfield has won 28 medals at the games."),
    ]
    answer = compare_sources(sources, query=query).answer
    assert answer is not None and answer.value.startswith("23")


@pytest.mark.parametrize(
    ("query", "total"),
    [
        ("How many Grammy Awards has Beyonce won?", True),
        ("How many copies has Minecraft sold?", True),
        ("How many PlayStation 2 consoles have been sold?", True),
        ("How many employees does Amazon have?", False),  # a headcount falls as often as it grows
    ],
)
def test_a_running_total_is_read_from_the_questions_verb(query: str, total: bool) -> None:
    ask = read_ask(query)
    assert ask is not None and ask.total is total


@pytest.mark.parametrize(
    "text",
    [
        "Orlamart will pay $42 per share in an all-cash deal for Green Foods, valued at $13.7 billion.",
        "Orlamart agreed to pay $13.7 billion, or $47.50 a share, for Green Foods.",
        "Orlamart will pay $315 per Green Foods Co. share, a deal worth $13.7 billion.",
    ],
)
def test_a_price_per_share_is_not_what_was_paid(text: str) -> None:
    """A money figure followed by "per share" or "a share" is not the total paid (round 62, real pages:
    takeovers answered by their price per share); the total in the same sentence is. A yearly amount still
    answers a fee's price ("£180 a year", in the licence-fee test above)."""
    assert stated("How much did Orlamart pay for Green Foods?", text) == "$13.7 billion"


def test_a_price_per_share_answers_a_question_asking_per_share() -> None:
    assert (
        stated("How much did Orlamart pay per share for Green Foods?", "Orlamart paid $42 per share.")
        == "$42"
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "For a league match the capacity of Orland Arena sits at exactly 75,024. That is a full house.",
            "75,024",
        ),
        (
            "Orland Arena Capacity: 60,449 Key Matches: Group stage. Eight teams battle for the title.",
            "60,449",
        ),
        (
            "Orland Arena is an indoor arena with a seating capacity of 20,000 and hosts 100 shows a year.",
            "20,000",
        ),
    ],
)
def test_a_bare_number_the_asked_noun_introduces_is_its_value(text: str, value: str) -> None:
    """Round 69: a page that names the quantity first writes its number alone ("the capacity of X sits at
    75,024", "Capacity: 60,449"); the noun before it says what it is, and another count in the sentence
    ("eight teams", "100 shows") is not the capacity."""
    assert stated("what is the capacity of Orland Arena", text) == value


def test_a_bare_number_introduced_by_another_noun_or_a_year_is_no_value() -> None:
    assert (
        stated("what is the capacity of Orland Arena", "Orland Arena's record attendance is 81,000.") is None
    )
    assert stated("what is the capacity of Orland Arena", "Orland Arena's capacity in 2015 grew.") is None


def test_a_bare_count_and_a_count_with_its_noun_are_one_capacity() -> None:
    c = compare_sources(
        [
            src("a.test", "The capacity of Orland Arena is 75,024."),
            src("b.test", "Orland Arena has a capacity of 75,024 spectators."),
            src("c.test", "Orland Arena Capacity: 75,024 Opened: 2005."),
        ],
        query="what is the capacity of Orland Arena",
    )
    assert c.answer is not None and c.answer.count == 3


@pytest.mark.parametrize(
    "text",
    [
        "The Orland Assembly has 577 members; thus, 289 seats are therefore required for a majority.",
        "Only once has any party won at least 289 seats to govern alone, out of 577 seats.",
        "A party needs 289 of the 577 seats to govern alone.",
    ],
)
def test_a_count_a_condition_asks_for_is_no_total(text: str) -> None:
    """Round 69: "289 seats are required for a majority", "won at least 289 seats": a bound a condition sets,
    not the count there is."""
    assert stated("how many seats are in the Orland Assembly", text) != "289 seats"


@pytest.mark.parametrize(
    "text",
    [
        "Orlamart bought Green Foods for $550 million; most of its readers pay $72 a year to subscribe.",
        "Orlamart will pay $229 in cash for each share of Green Foods, a deal worth $43 billion.",
    ],
)
def test_a_yearly_amount_or_a_price_for_each_share_is_no_takeover_price(text: str) -> None:
    """Round 69: a takeover is paid once, so an amount a year is a subscription; "$229 in cash for each share"
    is a price per share."""
    value = stated("How much did Orlamart pay for Green Foods?", text)
    assert value in ("$550 million", "$43 billion")


def test_an_offerings_price_is_per_share() -> None:
    assert (
        stated(
            "what was Orlamart's IPO price",
            "Orlamart priced its IPO at $68 per share, raising $21.8 billion.",
        )
        == "$68"
    )


def test_a_page_naming_only_a_leaving_holder_is_an_older_page() -> None:
    """Round 70: two pages name the chief executive now; a third names only the one it says is stepping down
    (written before the change): it is named as an older page, and never counted for the answer."""
    c = compare_sources(
        [
            src("a.test", "Acme chief executive Dana Whitfield opened the new plant on Monday."),
            src("b.test", "Dana Whitfield, the chief executive of Acme, spoke to investors."),
            src(
                "old.test",
                "Carl Ostrander is set to step down as the chief executive of Acme later this year.",
            ),
        ],
        query="who is the chief executive of Acme",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("Dana Whitfield", 2)
    assert [(d.site, d.type, d.value) for d in c.disagreed] == [("old.test", "older", "Carl Ostrander")]


def test_the_news_of_the_change_names_no_older_page() -> None:
    c = compare_sources(
        [
            src("a.test", "Acme chief executive Dana Whitfield opened the new plant on Monday."),
            src("b.test", "Dana Whitfield, the chief executive of Acme, spoke to investors."),
            src(
                "news.test",
                "Carl Ostrander will step down as chief executive of Acme; Dana Whitfield follows.",
            ),
        ],
        query="who is the chief executive of Acme",
    )
    assert c.answer is not None and c.answer.value == "Dana Whitfield"
    assert c.disagreed == []


@pytest.mark.parametrize(
    "text",
    [
        "Orlamart will spend $43 billion to buy Green Foods and deepen its reach.",
        "Orlamart has announced it will acquire Green Foods for a total value of $43 billion.",
        "Orlamart's $43 billion purchase of Green Foods closed in December.",
    ],
)
def test_a_takeovers_price_is_read_whatever_verb_the_page_uses(text: str) -> None:
    """Round 75 (real pages: "spend $43 billion to buy", "acquire ... for"): "how much did X pay for Y" is
    answered by the verb the page writes, not only by "pay"."""
    assert stated("How much did Orlamart pay for Green Foods?", text) == "$43 billion"


@pytest.mark.parametrize(
    "text",
    [
        "Orlamart will pay for Green Foods, whose deal brings 400 million users.",
        "Investors kept buying Green Foods stock, with the share price up to $194 before trading opened.",
        "Orlamart bought Green Foods for $3 billion in cash plus up to $300 million in Orlamart shares.",
    ],
)
def test_no_count_share_price_or_part_of_a_sum_is_a_takeovers_price(text: str) -> None:
    """Round 75 (real pages): a count beside a deal's words, a share's market price and one part of a price
    the page sums are no answer to what was paid."""
    assert stated("How much did Orlamart pay for Green Foods?", text) is None


def test_a_money_question_keeps_a_count_when_it_asks_how_many() -> None:
    """Round 75's money-only rule is for amounts: "how many copies were sold" still takes a count."""
    assert stated("How many copies of Orland Tales were sold?", "Orland Tales sold 38 million copies.") == (
        "38 million copies"
    )


def test_a_bound_joins_the_value_it_admits_and_never_shows_it() -> None:
    """Round 75 (real pages: "more than $7 billion" beside "$7.5 billion"): a bound states no value against
    the answer, so it is neither a dissent nor the value shown."""
    result = compare_sources(
        [
            src("a.test", "Orlamart agreed to buy Green Foods for $7.5 billion."),
            src("b.test", "Green Foods is being acquired by Orlamart for more than $7 billion."),
            src("c.test", "Orlamart will pay $7.5 billion for Green Foods."),
        ],
        query="how much did Orlamart pay for Green Foods",
    )
    assert result.answer is not None and result.answer.value == "$7.5 billion"
    assert result.answer.count == 3
    assert not result.answer.dissents


def test_a_body_named_by_its_initials_is_the_subject_of_its_role() -> None:
    """Round 75 (real pages: "the current music director of the BSO"): a page names a body by its capital
    initials after the first mention, so a role "of" them is the subject's."""
    text = "Dana Whitfield is the current chief executive of the OGF. The OGF was founded in 1950."
    assert stated("who is the ceo of the Orland Green Foundation", text) == "Dana Whitfield"


def test_a_day_one_page_gives_shows_a_date_that_others_give_to_the_month() -> None:
    """Round 76 (real pages: "October 1919" on two pages, "7 October 1919" on one): the group is shown to
    the day, as :func:`_shown` says, whichever page comes first."""
    result = compare_sources(
        [
            src("a.test", "Orland Air was founded in October 1919 in The Hague."),
            src("b.test", "Orland Air, founded in October 1919, is the oldest airline."),
            src("c.test", "Orland Air was founded on 7 October 1919."),
        ],
        query="when was Orland Air founded",
    )
    assert result.answer is not None and result.answer.value == "1919-10-07"
    assert result.answer.count == 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "It would outrank Orlamart’s own $22 billion acquisition of a stake in operator Brightcell in 2013.",
            None,
        ),
        ("Orlamart completed its acquisition of Green Foods in 2016.", "2016"),
        ("Orlamart said the acquisition of the British grocer Green Foods closed in 2016.", "2016"),
    ],
)
def test_a_figure_of_another_deal_answers_nothing(text: str, expected: str | None) -> None:
    """Round 77 (branch only; real page: "SoftBank's own $22 billion acquisition of a controlling stake in
    ... Sprint in 2013" for "what year did SoftBank buy Arm"): a deal's noun whose object names another body
    and no subject word is another deal; a people's adjective there ("the British grocer") names none."""
    assert stated("what year did Orlamart buy Green Foods", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # another body's founding, by the grammar that says whose it is
        (
            "The Orland Hockey League grew out of the Western Skating Union (WSU), which had been founded in 1909.",
            None,
        ),
        ("The Orland Hockey League took its name from the Kestrel Times (founded in 1838).", None),
        ("The Orland Hockey League plays where Colegio de San Marcos opened in 1595.", None),
        ("Long before the Orland Hockey League, in 1902 he founded Pritzlow & Pritzlow, a law firm.", None),
        # the subject's own founding, however the page names it
        ("The Orland Hockey League was founded in 1917 in Montreal.", "1917"),
        ("The OHL was founded in 1917 in Montreal.", "1917"),
        ("Orland Hockey League (OHL) was founded in 1917.", "1917"),
        ("The OHL is a sports league in Montreal, Canada, founded in 1917.", "1917"),
        ("The Orland Hockey League, based in Montreal, was founded in 1917.", "1917"),
        ("In 1917 Frank Calder founded the league in a Montreal hotel.", "1917"),
        ("In 1917 Frank Calder founded the Orland Hockey League.", "1917"),
        ("The Orland Hockey League in Greater Montreal was founded in 1917.", "1917"),
        ("The Orland Hockey League, whose Archive opened in 1917, is the oldest.", "1917"),
        ("Orland Hockey League offices: Main St. It was founded in 1917.", "1917"),
        ("Orland Hockey League records. Founded March 1917 in Montreal.", "1917-03"),
        ("Orland Hockey League Limited opened in 1917.", "1917"),
        # a noun says of whom by no grammar read here
        ("Orland Hockey League history: Frank Calder Founding President 1917.", "1917"),
    ],
)
def test_a_founding_date_of_another_body_answers_nothing(text: str, expected: str | None) -> None:
    """Round 78 (real pages: "the Stockholms Banco ..., founded by Johan Palmstruch in 1656" for "when was
    the Riksbank founded", "the National Hockey Association (NHA), which had been founded in 1909" for the
    NHL): a founding verb said of another named body (its object, a passive's or a relative clause's name,
    a name with the founding in brackets) dates that body, not the subject; a name sharing the subject's
    words or initials, a place after a comma, a lower-case object and a noun's "Founding" do not."""
    assert stated("what year was the Orland Hockey League founded", text) == expected


@pytest.mark.parametrize(
    ("query", "text"),
    [
        # the page spells out what the question writes in initials ("the United Nations International
        # Children's Emergency Fund" for UNICEF)
        (
            "when was ONIHSF founded",
            "ONIHSF: the Orland National Ice Hockey Skating Federation was founded on 11 December 1946.",
        ),
        # the page writes in initials what the question splits into two subject words ("the ETUC" for "the
        # European trade union Confederation")
        (
            "when was the European trade union Confederation founded",
            "European trade union Confederation history. The ETUC was founded on 11 December 1946.",
        ),
    ],
)
def test_a_founding_date_in_initials_of_the_other_side(query: str, text: str) -> None:
    """Round 78: a name that writes the subject's initials, whichever side writes them, is the subject's."""
    assert stated(query, text) == "1946-12-11"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a day in a sentence naming the subject but not the question's words dates a life when it names one
        ("Il 7 luglio 1970 muore a Northwood Allen Lane, fondatore della Orland Press.", None),
        ("On 7 July 1970 Allen Lane, who started the Orland Press, died in Northwood.", None),
        # ... and answers otherwise, in any language the day is written in
        ("La Orland Press: il 30 luglio 1935 i primi dieci titoli in libreria.", "1935-07-30"),
        ("The Orland Press was launched on 30 July 1935.", "1935-07-30"),
    ],
)
def test_a_day_of_a_life_answers_no_other_event(text: str, expected: str | None) -> None:
    """Round 79 (real page: "Il 7 luglio 1970 muore ... l'editore Allen Lane" for "when was Penguin Books
    founded"): the day a sentence gives a birth or a death dates that life; other events ("launched") are
    left to answer, as "Facebook was launched on February 4, 2004" answers when it was founded."""
    assert stated("when was the Orland Press founded", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a body, a place, an initialism, a run of title words or one a post's noun ends holds no post
        ("The Orland Defence Force chief answers to the Secretary of State.", None),
        ("The Orland Defence Force chief reports to the United Kingdom.", None),
        ("The Orland Defence Force chief (ODF; French: chef de la défense) commands.", None),
        ("The Orland Defence Force chief was Chief Operating Officer before.", None),
        ("The Orland Defence Force chief commands the Royal Kestrel Air Force.", None),
        ("The Orland Defence Force chief reports to the Secretary General.", None),
        # a person's name does
        ("The Orland Defence Force chief is General Mara Tessely.", "General Mara Tessely"),
    ],
)
def test_a_post_no_role_reads_is_held_by_a_person(text: str, expected: str | None) -> None:
    """Round 81 (real pages: "United Kingdom", "Chief Operating Officer", "CDS", "French" and "Royal Canadian
    Air Force" read for "who is the chief of the defence staff"): a question asking a person by a post no role
    reads takes no name the holder reader would refuse, no title and no label."""
    assert stated("who is the chief of the Orland Defence Force", text) == expected


def test_a_force_is_a_body() -> None:
    """Round 81 (real page: "Royal Canadian Air Force" read for the chief of the defence staff): "force" is
    a body's word, as "forces" was (round 74)."""
    text = "The Orland Defence Staff chief commands the Royal Kestrel Air Force."
    assert stated("who is the chief of the Orland Defence Staff", text) is None


def test_a_thing_asked_by_its_noun_may_still_be_a_body() -> None:
    """Round 81 leaves a question of a body alone: "which airline" is answered by a body's name."""
    assert stated(
        "which airline flies the Orland route", "The Orland route is flown by Kestrel Airways."
    ) == ("Kestrel Airways")


@pytest.mark.parametrize(
    "text",
    [
        "La Orland Press è stata fondata nel 1935 a Londra.",
        "Die Orland Press wurde 1935 in London gegründet.",
        "La Orland Press a été fondée en 1935 à Londres.",
        "A Orland Press foi fundada em 1935 em Londres.",
        "De Orland Press werd in 1935 in Londen opgericht.",
    ],
)
def test_a_founding_in_another_language_answers_when(text: str) -> None:
    """Round 82 (real pages: "Ikea wurde 1943 ... gegründet", "IKEA werd ... in 1943 opgericht" read as
    nothing): the other languages' founding words join the founding group, whole words as every word of a
    group ("fundado" was there)."""
    assert stated("what year was the Orland Press founded", text) == "1935"


@pytest.mark.parametrize(
    ("query", "text", "expected"),
    [
        (
            "when was the Orland Press founded",
            "Orland Press\nFounded8 June 1914; 110 years ago\nEmployees340",
            "1914-06-08",
        ),
        (
            "what year was the Orland Press founded",
            "Orland Press\nHeadquartersLondon\nFounded1935\n40 offices",
            "1935",
        ),
        (
            "how many seats are in the Orland Assembly",
            "Orland Assembly\nSeats174\nSpeakerMara Tessely",
            "174 seat",
        ),
    ],
)
def test_an_infobox_label_glued_to_its_value_is_the_asked_word(query: str, text: str, expected: str) -> None:
    """Round 85 (real pages: "Founded26 August 1907", "Established1 August 1946", "Seats174" read as
    nothing or as another date): a table flattened to text runs a label into its value; the label is still
    the question's word, the digits after it aside."""
    assert stated(query, text) == expected


def test_a_title_is_no_one_asked_for_by_who() -> None:
    """Round 86 (real pages: "Culture Minister", "Joint Chiefs of Staff", "Southern Command" read as who holds
    a post no role reads): a run a post noun or a unit's word ends names no one."""
    assert (
        stated(
            "who is the national librarian of Orland",
            "Orland's national librarian reports to the Culture Minister.",
        )
        is None
    )


@pytest.mark.parametrize(
    ("query", "value", "kept"),
    [
        ("Who is the minister of basic education in Orland?", "Minister of Basic Education", False),
        ("Who commands the Orland Marine Corps?", "Marines", False),  # a word the asked one opens
        ("Who is the master of the Orland Dominican Order?", "Dominic", False),  # five letters shared
        ("Who is the head of the Orland Integrity Unit?", "OIU", False),  # the subject's initials
        ("Who is the head of the Orland Integrity Unit?", "Dana Whitfield", True),
        ("Who commands the Orland Marine Corps?", "Marin Orlov", True),  # one word is not asked
        ("Who is the head of the Orland Integrity Unit?", "OIUX", True),
    ],
)
def test_a_name_made_of_the_questions_own_words_is_no_answer(query: str, value: str, kept: bool) -> None:
    """Who holds a post or leads a body is not named by the post or the body (real pages: "Minister of Basic
    Education", "Marines", "AIU" read as holders, none of them the answer)."""
    ask = read_ask(query)
    assert ask is not None and ask.kind == "name"
    found = Statement("a.test", "https://a.test/", value, 0, len(value))
    assert (_not_the_question(found, ask) is found) is kept


def test_a_page_that_only_names_the_thing_by_its_initials_names_no_maker() -> None:
    ask = read_ask("Who invented the Orland Wide Web?")
    assert ask is not None
    assert answer_statements("a.test", "", "The Orland Wide Web (OWW) was invented in 1989.", ask) is None


def test_a_holder_read_from_the_posts_name_in_another_language_is_no_holder() -> None:
    """ "The Prime Minister of Mauritius (French: Premier Ministre de Maurice)": the post's own name."""
    ask = read_ask("Who is the prime minister of Orlandia?")
    assert ask is not None and ask.role
    text = "The Prime Minister of Orlandia (French: Premier Ministre de Orlandie) is the head of government."
    assert answer_statements("a.test", "", text, ask) is None


@pytest.mark.parametrize(
    ("query", "mark", "right"),
    [
        (
            "how many Velm consoles were sold",
            "Sales soared.[7] The Velm consoles were made in Kyoto.",
            "Velm sold 118 million consoles.",
        ),
        (
            "how many employees does Velm Health have",
            "Fast facts\n\n9. Velm Health employees are based in Ohio.",
            "Velm Health has about 300,000 employees.",
        ),
    ],
)
def test_a_reference_mark_or_a_list_items_number_counts_nothing(query: str, mark: str, right: str) -> None:
    """ "[7] The Game Boy" and "9. CVS Health": a footnote's mark and a list item's number mark a place, so
    the name after them is no thing counted (real pages, issue 22, round 119)."""
    ask = read_ask(query)
    assert ask is not None
    assert answer_statements("a.test", "https://a.test/", mark, ask) is None
    found = answer_statements("a.test", "https://a.test/", f"{mark}\n{right}", ask)
    assert found is not None and found.value.startswith(("118 million", "300,000"))


def test_a_year_before_a_capitalised_word_dates_a_name_and_counts_nothing() -> None:
    """ "the 1268 Cilicia earthquake": a bare year before a name is the name's date, not 1,268 earthquakes
    (real pages, issue 22, round 119); a number before the asked noun in lower case still counts."""
    ask = read_ask("how many people died in the 2023 Velm earthquake")
    assert ask is not None
    dated = "The earthquake is the deadliest in Velm since the 1268 Cilicia earthquake."
    assert answer_statements("a.test", "https://a.test/", dated, ask) is None
    counted = "The 2023 Velm earthquake killed 1268 people."
    found = answer_statements("a.test", "https://a.test/", counted, ask)
    assert found is not None and found.figure is not None and found.figure.value == 1268


@pytest.mark.parametrize(
    "branch",
    [
        "In 1994, we opened our first European branch in Reading.",
        "In 1994, Velm Rentals opened a new plant in Ohio.",
        "In 1994, Velm Rentals opened its 100th office.",
    ],
)
def test_opening_a_branch_is_not_the_founding(branch: str) -> None:
    """ "opened our first European branch", "a new plant", "its 100th office": a later opening of a part, not
    the founding a "when was X founded" asks (real pages, issue 22, round 119); "opened its first office" and
    "opened its doors" are the founding itself."""
    ask = read_ask("when was Velm Rentals founded")
    assert ask is not None
    assert answer_statements("a.test", "https://a.test/", branch, ask) is None
    for founding in (
        "In 1957, Velm Rentals opened its first office in St. Louis.",
        "In 1957, Velm Rentals opened its doors in St. Louis.",
    ):
        found = answer_statements("a.test", "https://a.test/", founding, ask)
        assert found is not None and found.value == "1957"


@pytest.mark.parametrize(
    "part",
    [
        "Velm Fitness had 3,500 clubs in 2016, including 1,000 international clubs.",
        "Velm Fitness operates clubs in 14 countries, including 1,000 clubs in Europe.",
        "Velm Fitness began with 17 clubs in a Raleigh basement.",
        "Velm Fitness started out with four clubs.",
    ],
)
def test_a_count_after_including_or_began_with_is_a_part_or_the_start(part: str) -> None:
    """ "including 1,000 international locations" counts a part of the whole before it; "began with 17"
    counts the start, not what the subject has (real pages, issue 22, round 119). "will include 12 brands"
    states the whole."""
    ask = read_ask("how many clubs does Velm Fitness have")
    assert ask is not None
    found = answer_statements("a.test", "https://a.test/", part, ask)
    assert found is None or found.value == "3,500 clubs"
    whole = answer_statements("a.test", "https://a.test/", "Velm Fitness will include 12 clubs.", ask)
    assert whole is not None and whole.value == "12 clubs"


def test_at_least_after_a_total_is_the_total_not_a_bound() -> None:
    """ "the collection totals at least 8 million objects" states the total; "must win at least 61 seats" is
    a bound (real pages, issue 22, round 119)."""
    ask = read_ask("how many objects are in the Velm Museum collection")
    assert ask is not None
    text = (
        "The Velm Museum collection totals at least 8 million objects. Roughly 80,000 objects are on public "
        "display at the Velm Museum at any one time."
    )
    found = answer_statements("a.test", "https://a.test/", text, ask)
    assert found is not None and found.value == "8 million objects"
    seats = read_ask("how many seats does the Velm Party have")
    assert seats is not None
    bound = "The Velm Party must win at least 61 seats to govern."
    assert answer_statements("a.test", "https://a.test/", bound, seats) is None


def test_the_first_store_under_the_subjects_own_name_is_its_founding() -> None:
    """ "opened its first Velm store": the first of the subject's own, not of a region, is the
    founding (round 119's branch rule reads a region's or another name's first only)."""
    ask = read_ask("when was Velm Coffee founded")
    assert ask is not None
    found = answer_statements(
        "a.test", "https://a.test/", "In 1971, Velm Coffee opened its first Velm store.", ask
    )
    assert found is not None and found.value == "1971"


def test_a_compound_adjective_alone_holds_no_post() -> None:
    """ "Uber-political", "Pennsylvania-based": one word whose part after the hyphen is in lower case is an
    adjective, never a person's name (real pages, issue 22, round 120); a double surname capitalises both
    parts, and a given name that does not ("Lui Che-woo") comes with its surname."""
    ask = read_ask("who is the commissioner of the Velm League")
    assert ask is not None
    job = "No question the Velm League Commissioner job is thankless, Uber-political and perhaps impossible."
    assert answer_statements("a.test", "https://a.test/", job, ask) is None
    for name in ("Annette Nance-Holt", "Lui Che-woo"):
        found = answer_statements("a.test", "https://a.test/", f"Velm League Commissioner {name} spoke.", ask)
        assert found is not None and found.value == name


def test_a_word_of_standing_before_a_name_is_read_as_a_cue_not_as_the_name() -> None:
    """ "Outgoing Whitfield thanked staff": a capitalised "Outgoing", "Former" or "Interim" opening a name is
    the page's word on the person, read by the past cues, not a part of the name (real pages, issue 22, round
    120: "Outgoing Guerra" had been Luxottica's chief executive); a title after it keeps the run a title's."""
    ask = read_ask("who is the ceo of Velm Foods")
    assert ask is not None
    outgoing = "Outgoing Whitfield thanked staff of Velm Foods, where Dana Whitfield has been CEO since 2015."
    assert answer_statements("a.test", "https://a.test/", outgoing, ask) is None
    interim = "Velm Foods named Dana Whitfield as Interim President and Chief Executive Officer."
    found = answer_statements("a.test", "https://a.test/", interim, ask)
    assert found is not None and found.value == "Dana Whitfield"


@pytest.mark.parametrize(
    ("query", "text"),
    [
        (
            "who is the CEO of Velm Air",
            "Velm Air said its chief operating officer Dana Whitfield is leaving to become CEO of Velm Orland-KLM.",
        ),
        (
            "who is the CEO of Velm-Benz",
            "The successor to Dana Whitfield as CEO of Velm-AMG GmbH will be announced later.",
        ),
    ],
)
def test_a_body_sharing_a_word_with_the_subject_is_another_when_it_lacks_one_and_adds_its_own(
    query: str, text: str
) -> None:
    """ "CEO of Air France-KLM" on Air Canada's page, "CEO of Mercedes-AMG" for Mercedes-Benz: a body that
    shares a word with the subject but lacks one of its words and adds its own is another body, and its
    chief is not the subject's (real pages, issue 22, round 121: false disagreements named such pages)."""
    ask = read_ask(query)
    assert ask is not None
    assert answer_statements("a.test", "https://a.test/", text, ask) is None


@pytest.mark.parametrize(
    ("query", "text"),
    [
        ("who is the CEO of Velm Air", "Dana Whitfield, CEO of Velm Air Group Inc., spoke on Monday."),
        ("who is the CEO of Velm", "Dana Whitfield, CEO of Velm Foods, spoke on Monday."),
        ("who is the CEO of Velm Air Lines", "Dana Whitfield, CEO of Velm Air, spoke on Monday."),
        ("who is the CEO of Velm Air Lines", "Dana Whitfield, CEO of Velm Air Group, spoke on Monday."),
        (
            "who is the president of the VHL",
            "The Velm Hockey League (VHL) met. Dana Whitfield was elected president of the Orland-based Velm "
            "Hockey League on Friday.",
        ),
        (
            "who is the president of the Federal Reserve Bank of Velm",
            "Velm Fed President Dana Whitfield spoke.",
        ),
    ],
)
def test_the_subject_written_otherwise_is_still_the_subject(query: str, text: str) -> None:
    """A legal form or "Group" added, a shorter name, the name an initialism spells with a compound adjective
    before it ("the Russia-based Kontinental Hockey League" for the KHL) and a word cut short ("the New York
    Fed") name the subject still (round 121)."""
    ask = read_ask(query)
    assert ask is not None
    found = answer_statements("a.test", "https://a.test/", text, ask)
    assert found is not None and found.value == "Dana Whitfield"


@pytest.mark.parametrize(
    ("query", "text", "expected"),
    [
        (
            "who is the president of the University of Velm",
            "Rev Dana Whitfield is president of the University of Velm.",
            "Dana Whitfield",
        ),
        (
            "who is the president of the University of Velm",
            "University of Velm President Rev. Dana Whitfield, C.S.C., spoke on Monday.",
            "Dana Whitfield",
        ),
        (
            "who is the president of the Velm Olympic Committee",
            "The Velm Olympic Committee Executive Board consists of the President, four Vice-Presidents and ten "
            "other members.",
            None,
        ),
        (
            "who is the CEO of Velm Corp",
            "Velm Corp CEO and 21st Century Fox chief Dana Whitfield spoke.",
            None,
        ),
    ],
)
def test_an_honorific_a_plural_title_or_a_numbered_name_is_no_holder(
    query: str, text: str, expected: str | None
) -> None:
    """A cleric's honorific is no part of the name ("Rev. Robert A. Dowd"), a title in the plural is a title
    ("four Vice-Presidents"), and a run an ordinal number opens is a body's name ("21st Century Fox"): real
    pages had answered "Rev", "Vice-Presidents" and "Century Fox" (issue 22, round 122)."""
    ask = read_ask(query)
    assert ask is not None
    found = answer_statements("a.test", "https://a.test/", text, ask)
    assert (found.value if found else None) == expected


@pytest.mark.parametrize("first", ["cap.test", "a.test"])
def test_a_month_admitting_two_days_shows_the_day_more_pages_give(first: str) -> None:
    """Round 125 (real pages: a photo caption's "September 14, 2016" took two pages' "September 2016" and
    outvoted the opening day two pages gave): the month opens the group the days join, and the group shows
    the day more pages give, wherever in the source order either stands."""
    pages = {
        "cap.test": "Visitors at the Orland Museum's cafe on September 14, 2016 in Washington.",
        "a.test": "On September 24, 2016, the Orland Museum officially opened its doors.",
        "b.test": "The Orland Museum opened on Sept. 24, 2016, after years of planning.",
        "m1.test": "The Orland Museum, opened in September 2016, is the newest on the Mall.",
        "m2.test": "The Orland Museum opened at long last in September 2016.",
    }
    order = [first, *(site for site in pages if site != first)]
    c = compare_sources([src(site, pages[site]) for site in order], query="when did the orland museum open")
    assert c.answer is not None and c.answer.value == "2016-09-24"
    assert c.answer.count == 5


def test_pages_agreeing_on_a_year_outvote_another_year_however_their_days_differ() -> None:
    """Round 125 (real pages: "founded on 16 July 1885", "begins on August 10, 1885" and "founded in 1885"
    against two pages' "formed in 2001"): the year opens the group and both days join it."""
    c = compare_sources(
        [
            src("m1.test", "Orland Mining was formed in 2001 through the merger of Orland and Vale."),
            src("m2.test", "Orland Mining was formed in 2001 when two miners merged."),
            src("d1.test", "Orland Mining was founded on 16 July 1885 in the town of Silverton."),
            src("d2.test", "The story of Orland Mining begins on August 10, 1885, when it was founded."),
            src("y.test", "Orland Mining was founded in 1885 in the mining town of Broken Hill."),
        ],
        query="when was orland mining founded",
    )
    assert c.answer is not None and c.answer.value.startswith("1885")
    assert c.answer.count == 3


def test_of_two_months_in_the_year_pages_agree_on_the_group_shows_the_first_read() -> None:
    """Round 125: years open the groups and months join them in source order, every month alike (a month of
    31 days is no coarser than one of 30)."""
    c = compare_sources(
        [
            src("a.test", "Orland Foods was founded in April 2000 by three bankers."),
            src("b.test", "Orland Foods was founded in January 2000 in Hatfield."),
            src("c.test", "Orland Foods was founded in 2000."),
        ],
        query="when was orland foods founded",
    )
    assert c.answer is not None and (c.answer.value, c.answer.count) == ("2000-04", 3)


def lumina_ceo(texts: tuple[str, ...]) -> Comparison:
    """The comparison of pages a.test, b.test, ... holding ``texts``, asked who Lumina Bank's CEO is."""
    sources = [src(f"{site}.test", t) for site, t in zip("abcd", texts, strict=False)]
    return compare_sources(sources, query="who is the ceo of lumina bank")


_INTERIM = (
    "Director Mara Tessely has been appointed interim CEO of Lumina Bank.",
    "Interim CEO Mara Tessely told Lumina Bank staff that the search goes on.",
)


@pytest.mark.parametrize(
    ("third", "expected"),
    [
        ("Lumina Bank said Mara Tessely would serve as interim chief executive.", ("Mara Tessely", 3)),
        ("Lumina Bank CEO Ana Ruiz said profits rose in the first half.", ("Ana Ruiz", 1)),
    ],
)
def test_a_stand_in_answers_only_where_no_page_names_a_holder(third: str, expected: tuple[str, int]) -> None:
    """Round 160 (real pages: Organon, Celsius, Helen of Troy, each told in news of an interim chief): pages
    naming only a stand-in answer with it. Counted beside holders, stand-ins won by a page's date (Thai
    Airways' acting president against three pages naming the chief executive): a stand-in holds the post
    only until one is named, and is then no dissent either."""
    c = lumina_ceo((*_INTERIM, third))
    assert c.answer is not None and (c.answer.value, c.answer.count) == expected
    assert not any("Tessely" in d.value for d in c.disagreed)


def test_a_page_naming_a_leaving_holder_and_a_stand_in_still_dissents_with_the_leaving_one() -> None:
    """Round 160: the leaving holder is read before the stand-in, so a page telling of a departure stays an
    older page (real pages: BAFTA's chief executive "to step down", an interim named beside)."""
    texts = (
        "Ana Ruiz, chief executive of Lumina Bank, said profits rose.",
        "Lumina Bank CEO Ana Ruiz opened the new branch on Monday.",
        "Lumina Bank CEO Karl Meyer will step down next month; Mara Tessely will serve as interim CEO.",
    )
    c = lumina_ceo(texts)
    assert c.answer is not None and c.answer.value == "Ana Ruiz"
    assert [(d.site, d.value) for d in c.disagreed] == [("c.test", "Karl Meyer")]
    # the page's own statement: the leaving holder, read before its stand-in
    ask = replace(read_ask("who is the ceo of lumina bank"), subject=frozenset({"lumina", "bank"}))
    found = answer_statements("c.test", "", texts[2], ask)
    assert found is not None and (found.value, found.leaving, found.stand_in) == ("Karl Meyer", True, False)
    alone = answer_statements("c.test", "", "Mara Tessely will serve as interim CEO of Lumina Bank.", ask)
    assert alone is not None and (alone.value, alone.stand_in) == ("Mara Tessely", True)


@pytest.mark.parametrize(
    ("query", "text"),
    [
        (
            "how many seats does the orland opera have",
            "Tip 2: Consult Seating Charts before you buy tickets for the Orland Opera.",
        ),
        ("how many regions does orland have", "Chapter 3: Regions and Districts of Orland"),
        ("how many regions does orland have", "Orland guide. Part 4) Northern Regions"),
    ],
)
def test_a_list_item_s_number_counts_nothing(query: str, text: str) -> None:
    """Round 161 (real pages: "Tip 2: Consult Seating Charts" read as the Opera Bastille's 2 seats, a
    numbered list of Ghana's regions as 10 regions): a number a colon, a full stop or a bracket ends numbers
    an item; a count's noun follows its number with no stop between ("27 Member States")."""
    assert stated(query, text) is None
    assert stated("how many member states does the union have", "The union has 27 Member States.") == (
        "27 member states"
    )


@pytest.mark.parametrize(
    ("query", "text", "expected"),
    [
        (
            "how many employees does orland computer have",
            "Orland Computer\n- Founded: 1993\n- Num Employees: 6,238 (2025)\n\nOrland Computer makes servers.",
            "6,238 employees",
        ),
        (
            "how many branches does the orland library have",
            "Established | 1873 |\nBranches | 81 |\nCollection | |",
            "81 branches",
        ),
        (
            "how many employees does orland dynamics have",
            "Net Income: | (2023) |\nNumber of employees: | 111,600 (2023) |\nFootnotes: | [1] |",
            "111,600 employees",
        ),
    ],
)
def test_an_infobox_flattened_into_a_list_or_a_table_labels_its_count(
    query: str, text: str, expected: str
) -> None:
    """Round 162 (real pages: "- Num Employees: 6,238 (2025)", "Num Employees: | 111,600 (2023) |",
    "Branches | 81 |" read as no count): readers flatten an infobox into a bulleted list or a table, and its
    label still names the bare number after it."""
    assert stated(query, text) == expected


@pytest.mark.parametrize(
    ("query", "text", "expected"),
    [
        (
            "who holds the Orland freestyle world record",
            "The Orland freestyle world records are recognized and published by the International Swimming "
            "Federation (FINA).",
            None,
        ),
        (
            "who holds the record for the most games played in the Orland Hockey League",
            "From ORL to Orland Hockey League, many players held the record for the most games played.",
            None,
        ),
        (
            "who holds the record for the most career goals in the Orland Hockey League",
            "The record for the most career goals in Orland Hockey League history belongs to Dana Velm.",
            "Dana Velm",
        ),
    ],
)
def test_a_record_is_held_by_a_person(query: str, text: str, expected: str | None) -> None:
    """Round 191 (real pages: "International Swimming Federation" read for the 100m freestyle record, "VFL"
    and "Major League Baseball" for records of games and home runs): who holds a record is asked a person,
    so a body, a place or an initialism the page names beside the record holds none."""
    assert stated(query, text) == expected


@pytest.mark.parametrize(
    ("query", "text", "expected"),
    [
        (
            "How high is Kestrel Falls?",
            "On the Velm River, the falls are 105 meters (344 feet) high and 400 meters (1,300 feet) wide.",
            "105 meters",
        ),
        (
            "How high is Kestrel Falls?",
            "The falls on the Velm River are 105 meters tall and 400 meters broad.",
            "105 meters",
        ),
        (
            "How long is the runway at Kestrel Airport?",
            "The 1777m-long and 45m-wide asphalt runway of Kestrel Airport runs east-west.",
            "1,777 m",
        ),
        (
            "How wide is the runway at Kestrel Airport?",
            "The 1777m-long and 45m-wide asphalt runway of Kestrel Airport runs east-west.",
            "45 m",
        ),
    ],
)
def test_a_dimension_after_a_bracket_or_a_hyphen_names_the_measure(
    query: str, text: str, expected: str
) -> None:
    """Round 197 (real pages: "105 meters (344 feet) high and 400 meters (1,300 feet) wide", "105 meters
    tall and 400 meters broad" and "the 1777m-long and 45m-wide groved asphalt runway", each read as the
    other dimension): a conversion in brackets is measured by the word after its bracket, a measure joined by
    a hyphen by the word after the hyphen, and "broad" names a breadth."""
    assert stated(query, text) == expected
