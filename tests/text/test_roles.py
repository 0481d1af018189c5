"""Who holds a role now, as a page states it (text/roles.current_holders, issue 22 item 4): short texts
written here, one per rule. The measure is benchmarks/realpages.py, on real pages."""

from __future__ import annotations

import pytest

from webquorum.text.roles import (
    called_past,
    current_holders,
    may_hold_role,
    outgoing_holders,
    post_ended,
    read_roles,
    same_person,
    spelled_out,
)

ACME = frozenset({"acme"})


def holder(text: str, role: str = "chief executive", subject: frozenset[str] = ACME) -> str | None:
    found = current_holders(text, role, subject)
    return found[0].surface if found else None


def test_the_person_named_to_the_post_not_the_one_they_replace() -> None:
    text = (
        "Acme has appointed Dana Whitfield as its new chief executive. "
        "She replaces Carl Ostrander, who stepped down in March after six years as CEO."
    )
    assert holder(text) == "Dana Whitfield"


def test_former_interim_and_succeeded_holders_are_nobody_s_answer() -> None:
    assert holder("Former CEO Carl Ostrander spoke at the Acme meeting.") is None
    assert holder("Interim co-CEOs Rosa Lind and Ivo Marsh ran Acme until March.") is None
    text = "Dana Whitfield will become CEO of Acme on 1 May, succeeding Carl Ostrander."
    assert holder(text) == "Dana Whitfield"
    assert [h.surface for h in current_holders(text, "chief executive", ACME)] == ["Dana Whitfield"]


def test_a_cue_after_one_name_is_not_read_for_the_name_before() -> None:
    # "stepped down" belongs to Ostrander, the name right before it
    text = "Acme CEO Dana Whitfield replaces Carl Ostrander, who stepped down."
    assert holder(text) == "Dana Whitfield"


def test_a_name_beside_the_role_word_holds_it() -> None:
    assert holder("Acme CEO Dana Whitfield opened the plant on Monday.") == "Dana Whitfield"
    assert holder("Dana Whitfield, Acme's chief executive, opened the plant.") == "Dana Whitfield"


def test_an_organisation_is_no_holder_in_any_sentence_it_stands_in() -> None:
    text = (
        "Dana Whitfield, who led aerospace supplier Brightwater Systems, was named chief executive of Acme. "
        "Brightwater Systems is now the CEO's old employer."
    )
    assert holder(text) == "Dana Whitfield"
    assert holder("Acme named Halvorsen Logistics Inc. as its new CEO partner.") is None
    assert holder("Acme's new CEO will fly the Aero A350 to Oslo.") is None


def test_the_role_of_another_organisation_is_not_this_role() -> None:
    # "CEO of Brightwater" is another company's post: Whitfield is not Acme's chief executive by it
    text = "Acme board member Dana Whitfield, former CEO of Brightwater, spoke at the launch."
    assert holder(text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dana Whitfield, the chief executive of French giant Acme, said sales rose.", "Dana Whitfield"),
        (
            "Dana Whitfield, the chief executive of the German drinks group Acme, said sales rose.",
            "Dana Whitfield",
        ),
        ("Dana Whitfield, the chief executive of French rival Brightwater, said sales fell.", None),
    ],
)
def test_a_nationality_and_a_kind_of_firm_before_the_body_describe_it(
    text: str, expected: str | None
) -> None:
    """News writes "chief executive of French giant Pernod Ricard": the body is the name after the
    description, not the nationality (real pages, issue 22: "French" had been read as the body, another
    than the one asked)."""
    assert holder(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Acme vice president Dana Whitfield met the press.", None),
        ("Acme president Dana Whitfield met the press.", "Dana Whitfield"),
    ],
)
def test_a_vice_president_is_not_the_president(text: str, expected: str | None) -> None:
    assert holder(text, "president") == expected


def test_the_one_a_holder_is_replaced_by_is_the_holder() -> None:
    """ "X replaced Y" makes Y past; the passive "Y will be replaced by X" names X, who comes after."""
    text = "Acme said Carl Ostrander will be replaced by Dana Whitfield, head of its rail unit, as CEO."
    assert holder(text) == "Dana Whitfield"


@pytest.mark.parametrize(
    "text",
    [
        "Orland's Labor leader Dana Whitfield was sworn in on Monday to become the country's 31st prime minister.",
        "Dana Whitfield took office on Monday, the first Labor prime minister of Orland in nine years.",
    ],
)
def test_a_head_of_government_takes_office_by_being_sworn_in(text: str) -> None:
    assert holder(text, role="prime minister", subject=frozenset({"orland"})) == "Dana Whitfield"


def test_a_sovereign_is_named_by_title_and_one_name() -> None:
    text = "Orland's new Emperor Taiko formally ascended the Lotus Throne on Wednesday."
    found = current_holders(text, "monarch", frozenset({"orland"}))
    assert found and found[0].surface.endswith("Taiko")


@pytest.mark.parametrize(
    ("text", "role", "subject", "expected"),
    [
        (
            "Bank of Orland Governor Kazuo Ueda said rates would stay.",
            "governor",
            {"bank", "orland"},
            "Kazuo Ueda",
        ),
        (
            "ORFUND Managing Director Kristalina Petrova said growth would slow.",
            "chief executive",
            {"orfund"},
            "Kristalina Petrova",
        ),
        (
            "ORSCO Director-General Khaled Mansour opened the session.",
            "chief executive",
            {"orsco"},
            "Khaled Mansour",
        ),
        (
            "The Royal Orland Opera's music director Jakub Hrůša conducted.",
            "music director",
            {"royal", "orland", "opera"},
            "Jakub Hrůša",
        ),
    ],
)
def test_a_title_run_into_a_name_is_not_the_name(
    text: str, role: str, subject: set[str], expected: str
) -> None:
    """Titles precede names in English, hyphenated or not, and names carry letters beyond Latin-1."""
    assert holder(text, role=role, subject=frozenset(subject)) == expected


def test_a_surname_that_is_a_title_word_stays_the_name() -> None:
    assert holder("Acme named Billie Jean King as its new CEO.") == "Billie Jean King"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Velm named Dana C. May, 50, as its new chief executive.", "Dana C. May"),
        ("Prime Minister Dana May met the press.", "Dana May"),
        ("The Velm chief executive said in May that sales rose.", None),  # a month alone is a date's
    ],
)
def test_a_month_that_ends_a_name_is_a_surname(text: str, expected: str | None) -> None:
    """ "May" folds to a function word ("may"); after a given name it is a surname ("Theresa May", "John C.
    May": real pages, issue 22, where such a chief executive was never read)."""
    role = "prime minister" if "Prime" in text else "chief executive"
    found = current_holders(text, role, frozenset({"velm"}))
    assert (found[0].surface if found else None) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dana Velm has named Dana C. Whitfield as its new chief executive.", "Dana C. Whitfield"),
        ("Dana Velm Financial chief executive Alan Brook said sales rose.", "Alan Brook"),
    ],
)
def test_a_person_may_share_a_word_with_the_subject(text: str, expected: str | None) -> None:
    """A longer name is the subject's only when it holds all the subject's words: "John C. May" of John Deere
    shares "John" and is a person, "John Deere Financial" is the body (real pages, issue 22: "john deere ceo"
    read nobody)."""
    found = current_holders(text, "chief executive", frozenset({"dana", "velm"}))
    assert (found[0].surface if found else None) == expected


def test_a_body_or_a_place_holds_no_role() -> None:
    text = (
        "The mayor of Velm appoints the heads of the Water Management Department. "
        "Mayor Dana Whitfield took office in 2023."
    )
    assert [h.surface for h in current_holders(text, "mayor", frozenset({"velm"}))] == ["Dana Whitfield"]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("The Velm Symphony Orchestra named its chief conductor, Dana Whitfield, in May.", "music director"),
        (
            "A walk through the Velm Gallery with its director, Dana Whitfield, shows the new rooms.",
            "director",
        ),
        ("The music director of the Velm Opera, Dana Whitfield, chose the season.", "music director"),
        ("Dana Whitfield, a member of the Labour Party, is the mayor of Velm.", "mayor"),
        ("On Staten Island the mayor of Velm, Dana Whitfield, opened the new ferry pier.", "mayor"),
    ],
)
def test_an_orchestra_a_gallery_a_party_or_an_island_is_no_holder_when_the_question_names_nothing(
    text: str, role: str
) -> None:
    """A question typed in lower case ("who is the chief conductor of the velm symphony orchestra") has no
    subject words to keep the body out, so the body's own words must."""
    assert [h.surface for h in current_holders(text, role, frozenset())] == ["Dana Whitfield"]


@pytest.mark.parametrize(
    "text",
    [
        "The Federal Council appoints Dana Whitfield as new SNB Chairman.",
        "The Governor and Deputy Governor are appointed by the board; Dana Whitfield is the current governor.",
    ],
)
def test_a_run_of_titles_and_initials_is_no_holder(text: str) -> None:
    role = "chair" if "Chairman" in text else "governor"
    found = current_holders(text, role, frozenset({"snb", "bank"}))
    assert [h.surface for h in found][:1] == ["Dana Whitfield"], found


def test_an_adjective_of_nationality_before_a_noun_is_no_holder() -> None:
    text = "The board selected Indian-American businessman Ajay Banga as Acme president."
    assert [h.surface for h in current_holders(text, "president", ACME)] == ["Ajay Banga"]


def test_an_event_named_beside_the_role_holds_it_not() -> None:
    text = "Since the Bretton Woods Conference the president of Acme has been chosen by the board."
    assert current_holders(text, "president", ACME) == []


@pytest.mark.parametrize(
    "text",
    [
        "Kelly has the skills to be the next CEO of Acme, says Acme board chair Steven Mollenkopf.",
        "Acme's chairman, Steven Mollenkopf, praised the next CEO of Acme.",
        "Candidates for Acme CEO included Spirit AeroSystems CEO Steven Mollenkopf.",
    ],
)
def test_a_name_after_another_role_s_title_or_another_body_s_holds_not_this_role(text: str) -> None:
    assert "Steven Mollenkopf" not in [h.surface for h in current_holders(text, "chief executive", ACME)]


def test_a_past_role_at_another_body_does_not_make_the_name_past() -> None:
    text = (
        "Longtime aerospace executive and former Collins Aerospace chief Kelly Ortberg will succeed David "
        "Calhoun as Acme's chief executive on 8 August. He had led Collins Aerospace since 2018."
    )
    assert holder(text) == "Kelly Ortberg"
    assert holder("Former Acme chief executive David Calhoun spoke; Acme CEO Kelly Ortberg did not.") == (
        "Kelly Ortberg"
    )


def test_taking_the_oath_of_an_office_makes_the_holder_new() -> None:
    text = (
        "ORLAND CITY: Justice Mara Velk on Sunday took oath as the 29th chief justice of Orland at a "
        "ceremony in the capital."
    )
    assert holder(text, role="chief justice", subject=frozenset({"orland"})) == "Mara Velk"


@pytest.mark.parametrize(
    ("text", "role", "subject"),
    [
        ("The Chief Justice of Orland, Mara Velk, opened the term.", "chief justice", {"orland"}),
        ("Mara Velk, Archbishop of Orla, led the service.", "archbishop", {"orla"}),
        (
            "Vice-Chancellor Mara Velk of the University of Orla spoke.",
            "vice chancellor",
            {"university", "orla"},
        ),
        ("Mara Velk KC, Attorney General of Orland, said the law was clear.", "attorney general", {"orland"}),
        ("Mara Velk, the Grand Imam of Orla, met the pope.", "grand imam", {"orla"}),
        ("Orla Police Chief Mara Velk spoke to reporters.", "chief of police", {"orla"}),
        ("Orland's finance minister Mara Velk presented the budget.", "finance minister", {"orland"}),
    ],
)
def test_offices_of_one_holder_are_read_by_their_titles(text: str, role: str, subject: set[str]) -> None:
    """A court's, a church's, a university's, a police force's and a cabinet's offices, honours after the
    name dropped ("KC")."""
    assert holder(text, role=role, subject=frozenset(subject)) == "Mara Velk"


def test_a_church_s_rank_before_a_name_is_worn_with_any_office() -> None:
    text = "The Orland Conference of Bishops elected Archbishop Mara Velk as its president on Tuesday."
    found = current_holders(text, "president", frozenset({"orland", "conference", "bishops"}))
    assert found and found[0].surface == "Mara Velk"


def test_called_past_reads_the_page_s_cues_for_one_person() -> None:
    text = "Dana Whitfield, who replaced Carl Ostrander as Acme's chief executive, spoke on Monday."
    assert called_past(text, "carl ostrander", ACME)
    assert not called_past(text, "dana whitfield", ACME)


def test_a_past_word_inside_a_quotation_before_the_name_is_the_speaker_s_not_the_name_s() -> None:
    """Round 170: "former" in the words a holder says is not about the holder named after the quotation."""
    said = '"We thank his family, his many friends and former colleagues," Carl Ostrander added.'
    assert not called_past(said, "carl ostrander", ACME)
    assert called_past("Acme's former chief executive Carl Ostrander added a word.", "carl ostrander", ACME)


def test_a_past_word_before_another_post_does_not_make_the_name_past_in_this_role() -> None:
    text = "Acme has named former board member Lip Tan as its new leader. Tan becomes CEO on Monday."
    assert holder(text) == "Lip Tan"
    assert holder("Former Acme CEO Lip Tan spoke at the summit.") is None


def test_a_body_named_with_of_the_is_read_whole_after_the_role_word() -> None:
    """Round 172: "vice-chancellor of the University of the North" names another university than the
    University of Westbury; read as far as "University", it had shared the subject's word (real pages, set
    FA: a writer appointed to another university read as the Witwatersrand's vice-chancellor)."""
    other = (
        "Dana Whitfield has been appointed vice-chancellor of the University of Orland. Formerly vice-chancellor "
        "of the University of the North, Professor Whitfield taught law for twenty years."
    )
    assert current_holders(other, "vice chancellor", frozenset({"university", "westbury"})) == []
    own = "Dana Whitfield has been appointed vice-chancellor of the University of the Westbury Coast."
    found = current_holders(own, "vice chancellor", frozenset({"university", "westbury", "coast"}))
    assert [h.surface for h in found] == ["Dana Whitfield"]


@pytest.mark.parametrize(
    ("text", "role", "subject"),
    [
        (
            'In the city-states of Orland and Westbury the heads of government are called "First Mayor" and '
            '"Mayor and President of the Senate".',
            "mayor",
            frozenset({"orland"}),
        ),
        (
            "Dana Whitfield joined the Orland Herald in 1996 and was promoted to Senior Associate Editor in 2014.",
            "editor",
            frozenset({"orland", "herald"}),
        ),
    ],
)
def test_a_rank_written_with_title_words_is_a_title_and_no_holder(
    text: str, role: str, subject: frozenset[str]
) -> None:
    """Round 174 (real pages, sets EZ and FB: "First Mayor" answered who is Berlin's mayor)."""
    assert all(
        h.surface not in ("First Mayor", "Senior Associate Editor")
        for h in current_holders(text, role, subject)
    )


def test_a_given_name_read_as_a_people_s_adjective_does_not_hide_the_past_cue_before_it() -> None:
    """Round 176: "Gian" ends as "Italian" does, and the name is read from "Carlo"; the word left between the
    cue and the name is no other organisation (real pages, set FC: FIS's former president read as its
    president)."""
    text = (
        "The Orland Ski Federation elected a new president this year. The previous president, Gian Carlo "
        "Brenn, had been in office for 23 years. \u201cWe start again,\u201d said Orland Ski Federation "
        "President Dana Whitfield."
    )
    found = current_holders(text, "president", frozenset({"orland", "ski", "federation"}))
    assert [h.surface for h in found] == ["Dana Whitfield"]


@pytest.mark.parametrize(
    "verb",
    ["was recently appointed", "has just been named", "was unanimously elected", "was formally appointed"],
)
def test_an_adverb_inside_the_appointment_verb_still_names_the_holder(verb: str) -> None:
    """Round 177 (real pages, set EZ: "Christoph Aeschlimann, a computer science graduate from EPFL, was
    recently appointed CEO of Swisscom")."""
    text = f"Dana Whitfield, a law graduate from Orland University, {verb} chief executive of Acme in March."
    assert [h.surface for h in current_holders(text, "chief executive", ACME)] == ["Dana Whitfield"]


def test_a_role_word_inside_a_quotation_is_not_the_title_of_the_name_after_it() -> None:
    """Round 178 (real pages, set FD: the board's chairman, quoted on the new chief executive, read as it)."""
    said = (
        "\u201cHis knowledge uniquely positions him now to assume the CEO role,\u201d said Dana Whitfield, "
        "Chairman of the Board of Acme."
    )
    assert current_holders(said, "chief executive", ACME) == []
    assert [
        h.surface for h in current_holders('Acme CEO Dana Whitfield said "we grew".', "chief executive", ACME)
    ] == ["Dana Whitfield"]


def test_a_role_of_one_part_of_the_body_named_in_lower_case_is_a_division_s_post() -> None:
    """Round 180 (real pages, set FB: "Natascha Viljoen as CEO of our platinum group metals business")."""
    unit = "Acme has named Dana Whitfield as CEO of our platinum group metals business from January."
    assert current_holders(unit, "chief executive", ACME) == []
    whole = "Acme has named Dana Whitfield as CEO of the company from January."
    assert [h.surface for h in current_holders(whole, "chief executive", ACME)] == ["Dana Whitfield"]


def test_a_body_s_regional_branch_named_after_a_dash_is_another_body() -> None:
    text = (
        "Kevin Burke, President and CEO of Airports Council Orland – North America, opened the meeting. "
        "Mara Velk, Director General of Airports Council Orland, spoke next."
    )
    assert holder(text, subject=frozenset({"airports", "council", "orland"})) == "Mara Velk"


def test_news_of_a_successor_names_the_one_who_comes_and_the_one_who_goes() -> None:
    """Round 25 (issue 22): how succession news is worded on real pages. "Of" after an appointment and "from"
    after a handover introduce people, not organisations; stepping aside, handing the role on and a stand-in's
    "acting" mark the one who goes; the one handed the role, appointed or "his replacement" is the holder."""
    appointed = "Acme has confirmed the appointment of Dana O'Neill as its new chief executive officer."
    assert holder(appointed) == "Dana O'Neill"
    handed = "Acme said CEO Carl Ostrander will transition his role to Dana Whitfield, effective 3 January."
    assert holder(handed) == "Dana Whitfield"
    aside = (
        "Carl Ostrander is stepping aside as Acme's chief executive. Dana Whitfield will lead Acme as CEO."
    )
    assert holder(aside) == "Dana Whitfield"
    resigned = (
        "Acme announced the resignation of Carl Ostrander as chief executive and the appointment of Dana "
        "Whitfield as his replacement."
    )
    assert holder(resigned) == "Dana Whitfield"
    takes_over = (
        "Dana Whitfield is set to step up as chief executive of Acme. She will take over from Carl Ostrander."
    )
    assert called_past(takes_over, "carl ostrander", ACME, "chief executive")
    assert holder(takes_over) == "Dana Whitfield"


def test_a_title_that_ends_a_sentence_is_no_title_of_the_name_after_it() -> None:
    """Round 159 (issue 22): "Vlad will assume the role of sole CEO. Baiju will continue in his role as
    co-founder" had read "CEO Baiju" and made a co-founder Robinhood's chief executive; an abbreviated title
    with its full stop still titles the name ("Gov. Mara Velk")."""
    text = (
        "Acme co-founders Dana Whitfield and Carl Ostrander said Dana will assume the role of sole CEO. "
        "Carl will continue in his role as co-founder."
    )
    assert "Carl" not in [h.surface for h in current_holders(text, "chief executive", ACME)]
    assert holder("Orland Gov. Mara Velk signed the bill.", "governor", frozenset({"orland"})) == "Mara Velk"


def test_a_span_of_years_opening_the_sentence_and_stepping_away_end_a_tenure() -> None:
    """Round 158 (issue 22): "From 2016 to 2022 X acted as Governor of Orland" tells a closed tenure, as a
    span after the name does; "X steps away from the top role" and "is stepping away" tell a leaving, as
    "steps down" and "stepping aside" do."""
    orland = frozenset({"orland"})
    history = "The office is like a mayor's.\nFrom 2016 to 2022 Mara Velk acted as Governor of Orland."
    assert holder(history, "governor", orland) is None
    assert holder("Mara Velk acted as Governor of Orland.", "governor", orland) == "Mara Velk"
    titled = "From 1990 to 2002, Mr Carl Ostrander led Acme as its chief executive."
    assert holder(titled) is None
    away = (
        "Another former clerk will lead Acme as chief executive after Carl Ostrander steps away from the top "
        "company role."
    )
    assert called_past(away, "carl ostrander", ACME, "chief executive")
    leaving = "Carl Ostrander is stepping away as Acme's chief executive at the end of the year."
    assert [h.surface for h in outgoing_holders(leaving, "chief executive", ACME)] == ["Carl Ostrander"]


def test_a_title_in_apposition_makes_a_name_a_person_s_and_a_move_to_the_post_takes_it() -> None:
    """Round 157 (issue 22): a name a title follows as its apposition is a person's wherever else it stands
    ("Alexandre Ricard, the CEO of French giant Pernod Ricard" beside "In Alexandre Ricard's words", which
    had made him a body); a title of another post before a name is the one left when the words after move
    the name to the post asked ("President Kevin Murphy was promoted to CEO"), while "as CEO" alone is a
    wish or a division's post."""
    subject = frozenset({"vanta", "ostrander"})
    apposition = (
        "In Lyle Ostrander's words, the year was hard. Lyle Ostrander, the CEO of Vanta Ostrander, spoke "
        "to reporters."
    )
    assert holder(apposition, subject=subject) == "Lyle Ostrander"
    a_body = "As a unit of the Department of Civic Works, the chief executive of Acme works with others."
    assert holder(a_body) is None
    promoted = "Acme's chairman stepped up, and President Dana Whitfield was promoted to CEO on Monday."
    assert holder(promoted) == "Dana Whitfield"
    wished = "Critics said they would like to see former Finance Minister Carl Ostrander as CEO of Acme."
    assert holder(wished) is None
    division = "Acme said sales manager Carl Ostrander would serve as CEO of its aircraft business."
    assert holder(division) is None


@pytest.mark.parametrize(
    "text",
    [
        "Acme president Dana Whitfield will take over as CEO on Monday.",
        "Acme president Dana Whitfield took over as chief executive in May.",
        "Acme president Dana Whitfield takes over as the new CEO next week.",
    ],
)
def test_taking_over_as_the_role_moves_a_titled_name_to_it(text: str) -> None:
    """Round 187 (real pages: "Twitch president Dan Clancy will take over as CEO"): the verb is the arrival,
    so the title before the name is the post left; "as CEO" after a wish still moves nobody (round 157)."""
    assert holder(text) == "Dana Whitfield"
    assert holder("Critics would like to see Acme president Dana Whitfield as CEO.") is None


def test_an_arrival_names_the_body_s_post_by_its_possessive_or_by_assumes() -> None:
    """Round 188 (real pages: "Cathy Engelbert, announced as the WNBA's new commissioner", "Ricky Smith
    assumes the role of general manager": an arrival, so standing as a new holder); a lower-case possessive
    ("stand aside as the group's chief executive") is no arrival, as a leaving may stand before it."""
    announced = "Dana Whitfield, announced as Acme's new chief executive in May, officially starts this week."
    assert holder(announced) == "Dana Whitfield"
    assumes = "At Acme, Dana Whitfield assumes the role of chief executive on Monday after a long search."
    assert [h.standing for h in current_holders(assumes, "chief executive", ACME)] == [2]
    aside = "Carl Ostrander, who has led Acme, Orla and East Midlands, is to stand aside as the group's CEO."
    assert holder(aside) != "East Midlands"


def test_a_name_that_speaks_or_reports_to_the_role_does_not_hold_it() -> None:
    """Round 156 (issue 22): a preposition and a determiner between a name and the role word after it make
    the role another person's ("All About Space speaks to the CEO and founder of Rocket Lab" had given
    Rocket Lab's post to a magazine); the name's own title, an apposition or "as", still gives it."""
    speaks = "The Man Behind Acme\nOrbit Weekly speaks to the CEO and founder of Acme about its year."
    assert holder(speaks) is None
    reports = "Dana Whitfield, who reports to the chief executive of Acme, runs the lending arm."
    assert holder(reports) is None
    assert holder("Dana Whitfield, the chief executive of Acme, spoke on Monday.") == "Dana Whitfield"
    assert holder("Dana Whitfield serves as the chief executive of Acme.") == "Dana Whitfield"


def test_the_name_after_to_replace_is_the_one_who_goes() -> None:
    """Round 155 (issue 22): a cue of arrival before "to replace" or "to succeed" is the newcomer's; the name
    the verb takes is the one who goes ("chosen to replace City veteran Howard Davies as chairman"), and a
    cue nearer the name than another is the one about it ("appointed a former Brightline executive to succeed
    Carl Ostrander": "former" is the newcomer's)."""
    chosen = (
        "Acme needed to find a permanent CEO before the sale. Its board has seen a shake-up, with Rosa Lind "
        "chosen to replace City veteran Carl Ostrander as chairman once he steps down in April."
    )
    assert holder(chosen) is None
    nearest = (
        "Acme has appointed a former Brightline executive to succeed Carl Ostrander. Dana Whitfield will take "
        "over as the chief executive of Acme later this month."
    )
    assert called_past(nearest, "carl ostrander", ACME, "chief executive")
    assert holder(nearest) == "Dana Whitfield"


def test_a_long_appositive_does_not_hide_the_verb_that_makes_a_holder_past() -> None:
    text = "Carl Ostrander, the chief executive who oversaw the failed takeover of Brightline, stepped down in May."
    assert called_past(text, "carl ostrander", ACME, "chief executive")
    acting = (
        "Acme named Rosa Lind, its executive vice president and chief operating officer for the northern region, "
        "as acting CEO."
    )
    assert called_past(acting, "rosa lind", ACME, "chief executive")


def test_a_word_of_time_between_a_past_cue_and_a_name_opens_another_clause() -> None:
    text = (
        "Dana Whitfield was named Acme's chief executive. Rosa Lind will serve as the interim CEO until Whitfield "
        "assumes the position in April."
    )
    assert not called_past(text, "dana whitfield", ACME, "chief executive")
    assert holder(text) == "Dana Whitfield"


def test_a_cue_naming_another_post_does_not_make_the_name_new_in_this_one() -> None:
    """ "Will stay on as chairman" names the chairman's post: no cue for the chief executive, unless the chief
    executive's title follows in the same words."""
    text = "Acme CEO Carl Ostrander will stay on as chairman."
    assert [h.standing for h in current_holders(text, "chief executive", ACME)] == [1]
    both = "Dana Whitfield will become chairman and chief executive of Acme in May."
    assert [h.standing for h in current_holders(both, "chief executive", ACME)] == [2]


@pytest.mark.parametrize(
    ("text", "holder"),
    [
        # an honorific's full stop ends no clause between the role and the name
        (
            "The current Secretary-General is Mr. Arsenio Dominguez. He was elected in 2023.",
            "Arsenio Dominguez",
        ),
        # a mirror of an encyclopaedia sets each link on a line of its own: the sentence goes on
        (
            "The Orland Maritime League is run by its commissioner. The current commissioner is\n\nAdam Silver",
            "Adam Silver",
        ),
        # and runs the link's preview into the name
        (
            "The current commissioner is Adam Silver Adam Silver (born April 25, 1962) is an American lawyer.",
            "Adam Silver",
        ),
    ],
)
def test_a_holder_across_an_honorific_a_broken_line_or_a_link_preview(text: str, holder: str) -> None:
    role = "secretary general" if "Secretary" in text else "commissioner"
    assert [h.surface for h in current_holders(text, role, frozenset({"orland"}))] == [holder]


@pytest.mark.parametrize(
    "text",
    [
        "Dana Whitfield stays on as the current chief executive of Acme since 2017.",
        "Dana Whitfield stays on as the sitting chief executive of Acme.",
    ],
)
def test_a_word_saying_the_post_is_held_now_adds_no_distance_to_the_role_word(text: str) -> None:
    """Four words may stand between a name and its role word; "current" is a fifth that only ties them closer
    (real pages: an encyclopedia's "has served as the current chief justice of Canada")."""
    assert holder(text) == "Dana Whitfield"
    assert holder(text.replace("current ", "longest ").replace("sitting ", "longest ")) is None


@pytest.mark.parametrize(
    "text",
    [
        "Acme makes crisps. Dana Whitfield has been serving as the company's chief executive since 2020.",
        "Dana Whitfield has served as the sixth and current chief executive of Acme since 2021.",
        "Acme makes crisps. Dana Whitfield is serving as the company's chief executive.",
        "Acme makes crisps. Dana Whitfield currently serves as the company's chief executive.",
    ],
)
def test_the_verb_of_holding_a_post_now_adds_no_distance_as_is_does(text: str) -> None:
    """Round 166: "has served as the 66th and current mayor of Toronto" is an encyclopedia's "is the 66th
    mayor"; the words of serving count no more than "is". Serving told in the past stays distance."""
    assert holder(text) == "Dana Whitfield"
    assert (
        holder(
            text.replace("has been serving", "was serving")
            .replace("is serving", "was serving")
            .replace("currently serves", "once had served")
            .replace("has served", "had once served")
        )
        is None
    )


def test_a_line_break_after_a_sentence_still_ends_it() -> None:
    text = "The commissioner spoke on Monday.\nAdam Silver took questions later."
    assert current_holders(text, "commissioner", frozenset({"orland"})) == []


def test_another_company_s_word_of_her_leaving_is_about_its_post() -> None:
    """A real page: BP named Meg O'Neill its chief executive, and "Woodside Energy Group Ltd separately
    confirmed O'Neill's resignation as CEO" is about the post she leaves at Woodside."""
    text = (
        "Lumina Oil on Tuesday announced the appointment of Meg Orrin as chief executive. "
        "Woodside Energy Group Ltd separately confirmed Orrin's resignation as CEO."
    )
    subject = frozenset({"lumina", "oil"})
    assert not called_past(text, "meg orrin", subject, "chief executive")
    assert current_holders(text, "chief executive", subject)[0].surface == "Meg Orrin"
    told_by_the_subject = (
        "Lumina Oil on Tuesday announced the appointment of Meg Orrin as chief executive. "
        "Lumina Oil later confirmed Orrin's resignation as CEO."
    )
    assert called_past(told_by_the_subject, "meg orrin", frozenset({"lumina", "oil"}), "chief executive")


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("allison kirby", "allison kirkby", True),  # a letter left out
        ("joaquin duato", "joaquin duarto", True),  # a letter put in
        ("ana ruiz", "ana ruis", True),  # a letter changed
        ("eddie wu", "eddie yu", False),  # a short word: one letter makes another name
        ("ana ruiz", "ina ruis", False),  # two words differ
        ("ana ruiz", "ana ortiz", False),  # two letters apart
    ],
)
def test_a_full_name_spelt_a_letter_apart_in_one_word_is_one_person(a: str, b: str, same: bool) -> None:
    """Pages misspell a holder's name ("Allison Kirby" for "Allison Kirkby"): one letter in one word of four
    letters or more is the same person, not another holder to call a disagreement (round 40)."""
    assert same_person(a, b) is same


ORLAND_LEAGUE = (
    "Dana Whitfield is the commissioner of the Orland Football League (OFL), a post held since 2019."
)


@pytest.mark.parametrize(
    ("text", "letters", "added"),
    [
        (ORLAND_LEAGUE, "ofl", {"orland", "football", "league"}),
        ("Ana Ruiz directs the Museum of Orland Art (MoOA) in Lisbon.", "mooa", {"museum", "orland", "art"}),
        ("the Orland Co-operation Fund (OCF) said", "ocf", {"orland", "co", "operation", "fund"}),
        ("the Orland Hockey League (OFL) said", "ofl", set()),  # initials that do not spell the letters
        ("the league (OFL) said", "ofl", set()),  # no name before them
        ("the Bank of Orland Settlements (BOS)", "bos", {"bank", "orland", "settlements"}),  # "of" skipped
        ("an orland football league (OFL) said", "ofl", set()),  # words in lower case name nothing
    ],
)
def test_a_page_spelling_the_subjects_letters_out_names_it_by_either(
    text: str, letters: str, added: set[str]
) -> None:
    assert spelled_out(text, frozenset({letters})) == {letters, *added}


def test_a_holder_is_read_where_the_page_names_the_body_in_full_and_its_letters_once() -> None:
    """ "Who is the commissioner of the OFL": the page says "of the Orland Football League (OFL)"."""
    assert holder(ORLAND_LEAGUE, "commissioner", frozenset({"ofl"})) == "Dana Whitfield"
    undefined = ORLAND_LEAGUE.replace(" (OFL)", "")
    assert holder(undefined, "commissioner", frozenset({"ofl"})) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Darren W. Woods, currently president of Acme, will succeed Rex Tillman as CEO.", "Darren W. Woods"),
        (
            "Anthony “Tony” Capuano is chief executive officer of Acme. Capuano joined in 1995.",
            "Anthony Capuano",
        ),
        ('The current CEO of Acme is Joseph S. ("Sepp") Blatter.', "Joseph S. Blatter"),
        ("Luca de Meo is the chief executive of Acme and leads its turnaround.", "Luca de Meo"),
    ],
)
def test_a_name_split_by_an_initial_a_nickname_or_a_particle_is_read_whole(text: str, expected: str) -> None:
    """The run reader stops at an initial's full stop, a quote and a lower-case particle: the holder is the
    whole name, not two one-word names that no role is given to (real pages)."""
    assert holder(text) == expected


def test_a_sentence_closed_by_a_full_stop_is_prose_not_a_headline() -> None:
    # every content word of the first sentence is capitalised, as in a title; its full stop says it is prose
    text = "Dana Whitfield has been the Governor of Tokyo since August 2016. Before that she was a minister."
    assert holder(text, "governor", frozenset({"tokyo"})) == "Dana Whitfield"


@pytest.mark.parametrize(
    "after", ["", "\nBefore that she was a minister.", "\n\nBefore that she was a minister."]
)
def test_a_sentence_closed_before_a_line_break_or_the_end_is_prose_too(after: str) -> None:
    """The full stop is the sentence's own last character there, not the one after it (round 102: "The CEO of
    Alphabet is Sundar Pichai." on a line of its own read as a headline, its names uncertain)."""
    text = "The Governor of Tokyo is Dana Whitfield." + after
    assert holder(text, "governor", frozenset({"tokyo"})) == "Dana Whitfield"


def test_a_name_a_title_stands_before_is_a_person_wherever_else_it_stands() -> None:
    # "met with" cues an organisation ("a deal with Brightwater Systems"), but a title before the name says
    # it is a person's
    text = "Acme CEO Dana Whitfield toured the plant. When we met with Dana Whitfield, she spoke of growth."
    assert holder(text) == "Dana Whitfield"


def test_a_name_set_off_by_a_comma_before_the_role_word_is_the_holder_not_its_organisation() -> None:
    text = "Acme reported higher sales. Dana Whitfield, chief executive, said: “We had a strong year.”"
    assert holder(text) == "Dana Whitfield"


def test_a_hyphenated_organisation_is_read_by_its_words() -> None:
    text = "The current CEO of Acme-Lumina is Dana Whitfield. She took the role in 2021."
    assert holder(text, subject=frozenset({"acme", "lumina"})) == "Dana Whitfield"


def test_a_name_holding_an_ampersand_or_opened_by_a_people_s_adjective() -> None:
    # "Post & Parcel" is a division, no person; "South African" is no part of the name
    text = "Dana Whitfield, who is currently Acme's CEO of Post & Parcel Germany, will take over as Acme Group CEO."
    assert holder(text) == "Dana Whitfield"
    text = "Acme CEO Carl Ostrander will retire and will be replaced by South African Dana Whitfield."
    assert holder(text) == "Dana Whitfield"


def test_slated_to_become_makes_the_holder_new() -> None:
    text = (
        "Dana Whitfield, 43, is slated to become CEO of Acme on Nov. 1. Carl Ostrander has been CEO since "
        "2013 and will stay on as chairman."
    )
    assert holder(text) == "Dana Whitfield"  # the holder named to the post comes first


def test_an_aside_in_brackets_is_no_part_of_the_gap_to_the_role_word() -> None:
    text = (
        "Dana Whitfield (born 1972 in Los Angeles, California) has been the Chief Executive Officer of Acme."
    )
    assert holder(text) == "Dana Whitfield"


def test_a_word_of_time_opening_a_sentence_names_no_organisation() -> None:
    assert holder("OSLO — New CEO Dana Whitfield introduced herself to Acme staff.") == "Dana Whitfield"


def test_a_role_word_belongs_to_the_nearest_name() -> None:
    # an aside no longer parts them, so the name before Whitfield's must not take her role word
    text = "key_people = Carl Ostrander (executive vice chairman)|Dana Whitfield (CEO)|Rosa Lind (CFO)"
    assert [h.surface for h in current_holders(text, "chief executive", ACME)] == ["Dana Whitfield"]


@pytest.mark.parametrize(
    "text",
    [
        "After 30 years at Acme, Dana Whitfield announced on Tuesday that she would step down as its CEO in May.",
        "After 30 years at Acme, Dana Whitfield announced on Tuesday that she would stand down as its CEO in May.",
    ],
)
def test_stepping_down_as_the_role_is_no_cue_that_the_name_takes_it(text: str) -> None:
    assert holder(text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Acme chief executive R.V. Mehta said on Thursday that demand was strong.", "R. V. Mehta"),
        ("Acme named C. S. Mehta as its chief executive in June.", "C. S. Mehta"),
        ("Acme CEO K. Raghunathan said revenue grew by a tenth.", "K. Raghunathan"),
        ("Acme CEO K Raghunathan said revenue grew by a tenth.", "K Raghunathan"),
        ("Acme has appointed A. Dana Whitfield as its chief executive.", "A. Dana Whitfield"),
    ],
)
def test_given_names_written_as_initials_belong_to_the_name(text: str, expected: str) -> None:
    """Many people are written with initials for their given names ("C.C. Wei", "K Krithivasan"): the run
    reader drops a lone capital and reads the surname after "C.C." as a sentence's first word, so no such
    holder was read (round 47, real pages)."""
    assert holder(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "A Boeing spokesman said Acme CEO Dana Whitfield would attend.",  # an article, not an initial
        "The U.S. President met Acme CEO Dana Whitfield on Monday.",  # initials before a title
    ],
)
def test_an_article_or_a_title_after_initials_is_no_given_name(text: str) -> None:
    assert holder(text) == "Dana Whitfield"


def test_initials_written_with_or_without_stops_are_one_person() -> None:
    assert same_person("c c wei", "cc wei")
    assert same_person("cc wei", "c c wei")
    assert not same_person("c c wei", "c d wei")


@pytest.mark.parametrize(
    "text",
    [
        "Dana Whitfield is a prominent Spanish businesswoman and the current chief executive of Acme.",
        "Dana Whitfield has been a board member since 2019 and the chief executive of Acme.",
        "Dana Whitfield is a former engineer who now serves as the chief executive of Acme.",
    ],
)
def test_a_description_and_the_post_in_one_predicate_give_the_role(text: str) -> None:
    """Round 69: English joins a description and the post in one predicate of "is" ("X is a prominent
    businessman and the current President of Real Madrid"), further from the name than a few words."""
    assert holder(text) == "Dana Whitfield"


def test_a_past_predicate_or_another_clause_gives_no_role() -> None:
    assert (
        holder("Dana Whitfield was a prominent Spanish businesswoman and the chief executive of Acme.")
        is None
    )
    assert holder("Dana Whitfield is a prominent engineer. The chief executive of Acme spoke.") is None


@pytest.mark.parametrize(
    "text",
    [
        "Following two terms, the incumbent, Dana Whitfield, will step down as chief executive of Acme.",
        "Acme has short-listed four candidates to succeed Chief Executive Dana Whitfield.",
        "Dana Whitfield is set to step down as the chief executive of Acme later this year.",
    ],
)
def test_a_holder_the_page_says_is_leaving_is_read_apart(text: str) -> None:
    """Round 70: a page written while its holder announced a departure names that holder as of its day; she is
    nobody's answer (current_holders) but the page's holder all the same (outgoing_holders)."""
    assert holder(text) is None
    assert [h.surface for h in outgoing_holders(text, "chief executive", ACME)] == ["Dana Whitfield"]


@pytest.mark.parametrize(
    "text",
    [
        "Former chief executive Dana Whitfield will step down from the Acme board.",
        "Interim CEO Dana Whitfield will leave Acme in May.",
        "Dana Whitfield stepped down as chief executive of Acme in 2019.",
    ],
)
def test_a_former_interim_or_gone_holder_is_not_leaving(text: str) -> None:
    assert outgoing_holders(text, "chief executive", ACME) == []


def test_a_branch_heads_departure_is_no_leaving_holder_of_the_body() -> None:
    """Round 72 (real page, sets BN and BR): "Acme's UK and ROI chief executive officer (CEO) X will step
    down" is a branch's post; the bracketed "(CEO)" after it is that title again, not the body's role beside
    the name, as current_holders already reads it."""
    text = "Retail chain Acme’s UK and ROI chief executive officer (CEO) Dana Whitfield will step down."
    assert outgoing_holders(text, "chief executive", ACME) == []


@pytest.mark.parametrize(
    "text",
    [
        "Acme striker Dana Whitfield will captain Orland at next month’s World Cup finals.",
        "The captain of Orland, under the Spanish Crown, was named each year.",
    ],
)
def test_a_competition_or_a_crown_is_no_holder(text: str) -> None:
    """Round 73 (adopted on set BT): a competition's or an institution's name read beside a role word
    ("captain England at next month's World Cup", "the Spanish Crown") is no person."""
    holders = [h.surface for h in current_holders(text, "captain", frozenset({"orland"}))]
    assert not any(("Cup" in h) or ("Crown" in h) for h in holders)


@pytest.mark.parametrize(
    "text",
    [
        "Acme’s chief executive reports to the Oversight Panel.",
        "Under the Westminster Parliamentary System, the chief executive of Acme is chosen by the members.",
    ],
)
def test_a_run_after_the_article_is_no_person(text: str) -> None:
    """Round 74 (real pages: "the World Health Organization", "the Westminster Parliamentary System" read
    as holders): an article before a capitalised run makes it a thing's name; a person's takes none."""
    assert current_holders(text, "chief executive", ACME) == []


def test_a_run_of_words_the_page_writes_in_lower_case_is_no_person() -> None:
    """Round 74 (real pages: "Seven Summits", "Product Chief"): every word of the run is a common word the
    same page writes in lower case, so its capitals are a heading's, not a name's."""
    text = "Acme chief executive Seven Summits. The seven summits are the highest of each continent."
    assert current_holders(text, "chief executive", ACME) == []
    # a name keeps its capitals wherever it stands; a line with no capital at all (a link's slug) has no case
    slug = "acme names dana whitfield chief executive\nAcme chief executive Dana Whitfield said so."
    assert holder(slug) == "Dana Whitfield"


@pytest.mark.parametrize(
    "text",
    [
        "Acme’s chief executive addressed Holy Trinity Church on Sunday.",
        "Acme’s chief executive toured Royal Canadian Navy ships.",
        "Acme’s chief executive is appointed under Judiciary Act rules.",
    ],
)
def test_a_church_a_force_or_a_law_is_no_holder(text: str) -> None:
    """Round 74 (real pages: "Catholic Church", "Royal Canadian Navy", "Nichols Act" read as holders)."""
    assert current_holders(text, "chief executive", ACME) == []


@pytest.mark.parametrize(
    ("text", "held"),
    [
        (
            "Acme was formed by the merger of East Coast Dental and Upstate Dental. Dana Whitfield, the current"
            " CEO, founded East Coast Dental.",
            ["Dana Whitfield"],
        ),
        ("Acme chief executive, Bentley Motors, said so.", []),
        ("Acme chief executive Temasek Partnership Solutions", []),
        ("Acme chief executive, Women Healthcare, said so.", []),
        ("Acme’s chief executive was picked by AE Industrial Partners.", []),
    ],
)
def test_a_firm_s_last_word_makes_its_name_no_holder(text: str, held: list[str]) -> None:
    """Round 167 (real pages: "the Federal Reserve System" read as "Reserve System", "East Coast Dental" as
    Aspen Dental's chief executive): a run with a word firms' names end with and persons' never do (system,
    partners, solutions, healthcare, dental, motors) is a body's."""
    assert [h.surface for h in current_holders(text, "chief executive", ACME)] == held


def test_a_firm_s_name_is_no_name_a_person_may_hold_a_role_by() -> None:
    assert not may_hold_role("Reserve System", ACME)


@pytest.mark.parametrize(
    "text",
    [
        "The Chief Justice of Orland is the presiding judge of the High Court. The incumbent is Mara Tessely, since 2023.",
        "The leader of the Orland Party is its highest post. The current holder of the position is Mara Tessely.",
        "The Director of the Orland Museum is its head, a post currently held by Mara Tessely.",
        # round 185 (real pages: "Since April 2023, the post has been held by Cindy McCain", "the current
        # incumbent, Richard Wagner, appointed", "currently, it is Richard Wagner")
        "The Director of the Orland Museum is its head. Since 2023, the post has been held by Mara Tessely.",
        "The Chief Justice of Orland presides over the court, with the current incumbent, Mara Tessely, in office.",
        "The Chief Justice of Orland presides over the court. The first was Ida Brann; currently, it is Mara Tessely.",
    ],
)
def test_a_page_on_a_post_names_its_incumbent(text: str) -> None:
    """Round 83 (real pages: "The incumbent is Stephen Gageler", "The current holder of the position is
    Nigel Farage", "a post currently held by Nicholas Cullinan"): an article on an office names its holder
    now with the post's word sentences before the name."""
    role = "chief justice" if "Justice" in text else "leader" if "leader" in text else "director"
    assert [h.surface for h in current_holders(text, role, frozenset({"orland"}))] == ["Mara Tessely"]


def test_a_post_held_long_ago_is_no_incumbent() -> None:
    """Round 83 keeps to the present: "was held by" names no holder now, and a post's word far before the
    name (past the page's opening paragraph) does not make one."""
    text = "The Director of the Orland Museum is its head. The post was held by Mara Tessely until 2001."
    assert current_holders(text, "director", frozenset({"orland"})) == []


@pytest.mark.parametrize(
    "box",
    [
        "Mayor of Orland\n\nSeal of the City of Orland\n\nIncumbent\n\nMara Tessely\n\nStyleHer Worship",
        "Mayor of Orland\n\nSeal of the City of Orland\n\nMara Tessely\n\nsince 12 March 2021\n\nStyleHer Worship",
        "Mayor of Orland\n\nSeal of the City of Orland\n\nMara Tessely\n\nsince July 12, 2023[1]",
    ],
)
def test_an_office_box_names_its_holder(box: str) -> None:
    """Round 84 (real pages: an encyclopedia's office infobox, "Incumbent" on the line before the holder's
    name or "since 12 March 2021" on the line after, read as naming no holder)."""
    text = f"The mayor is the city's chief executive, elected every four years.\n\n{box}"
    assert [h.surface for h in current_holders(text, "mayor", frozenset({"orland"}))] == ["Mara Tessely"]


def test_a_name_line_without_the_box_marks_holds_nothing() -> None:
    """Round 84 reads the box's marks only: a name on its own line under the office's title, with neither
    "Incumbent" before it nor "since" and a date after it, is a list's or a caption's."""
    text = "Mayor of Orland\n\nSeal of the City of Orland\n\nMara Tessely\n\nbetween 1990 and 1994"
    assert current_holders(text, "mayor", frozenset({"orland"})) == []


def test_a_page_title_s_site_name_is_no_titled_name() -> None:
    """Round 84: a spaced dash parts a page's title from its site's name ("Commonwealth Secretary-General -
    Wikipedia"); the site's name after it is no one-word name a title stands before."""
    text = "<title>Orland Secretary-General - Wikipedia</title> The secretary-general leads the Orland secretariat."
    assert current_holders(text, "secretary general", frozenset({"orland"})) == []


@pytest.mark.parametrize(
    "text",
    [
        "Acme CEO Jane Roe steps down. Mara Tessely, Chief Product Officer at Acme, will replace Roe.",
        "Mara Tessely, Acme's Chief Operating Officer, was named chief executive of Acme.",
    ],
)
def test_a_title_a_post_noun_ends_holds_nothing(text: str) -> None:
    """Round 86 (real pages: "Product Officer", "Operating Officer" read as the chief executive, the title's
    "Chief" cut as a title before a name): a run a post noun no surname is ends is a title, whatever the
    question, and holds nothing (the name before it stays unread here: the cue stands after the title)."""
    assert current_holders(text, "chief executive", ACME) == []


def test_a_post_that_is_a_surname_too_stays_a_name() -> None:
    """Round 86 leaves out the post nouns that are surnames too: "François Provost" is Renault's chief
    executive, not a title."""
    text = "Acme named François Provost chief executive of Acme on Monday."
    assert [h.surface for h in current_holders(text, "chief executive", ACME)] == ["François Provost"]


def test_a_contraction_after_a_role_word_is_no_name() -> None:
    """Round 86 (real page: "the role of the YouTube CEO. We’ll break down the core responsibilities" read
    "We’ll" as the CEO): a contraction ends a role statement's name."""
    assert read_roles("Here is the role of the Acme CEO. We’ll break down what the job takes.") == []


def test_a_role_statement_naming_a_title_names_no_one() -> None:
    """Round 86: the role statements' reader takes no title for a name either ("Acme chief executive Chief
    Operating Officer said", "The Acme mayor, Deputy Director, spoke")."""
    text = "Acme chief executive Chief Operating Officer said sales rose. The Acme mayor, Deputy Director, spoke."
    assert read_roles(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "The current CEO of Acme is Mara Tessely. Mara Tessely's tenure has been marked by growth.",
        "Mara Tessely is the chief executive of Acme. Tessely's tenure at Acme began in 2005 in its shops.",
    ],
)
def test_a_holder_s_tenure_told_as_ongoing_is_no_past(text: str) -> None:
    """Round 87 (real pages: "The current CEO of Microsoft is Satya Nadella ... Satya Nadella's tenure has
    been marked by" read as naming no holder): a tenure is past only when told as past or ending."""
    assert [h.surface for h in current_holders(text, "chief executive", ACME)][:1] == ["Mara Tessely"]


@pytest.mark.parametrize(
    "text",
    [
        "Mara Tessely, the Acme CEO, led it for ten years. Tessely's tenure was marred by a fraud.",
        "Acme CEO Mara Tessely's tenure ends on Monday.",
    ],
)
def test_a_tenure_told_as_past_or_ending_is_past(text: str) -> None:
    """Round 87 keeps "X's tenure was marred", "X's tenure ends on Monday" as past: no holder now."""
    assert current_holders(text, "chief executive", ACME) == []


@pytest.mark.parametrize(
    "box",
    [
        "Orland Rowing Federation\n\nMembership\n\n84 members\n\nPresident\n\nMara Tessely\n\nWebsite orland.example",
        "Orland Rowing Federation\n\nPresident:\n\nMara Tessely[2]\n\nWebsite orland.example",
        "Executive Team\n\nJon Pell\n\nTreasurer\n\nMara Tessely\n\nPresident",
    ],
)
def test_a_label_and_a_name_each_on_a_line_name_the_holder(box: str) -> None:
    """Round 92 (real pages: a body's infobox, "President" on one line and its holder's name on the next,
    and a team page's name over its title, read as naming no holder): the pair states who held the post as
    the page was written."""
    found = current_holders(box, "president", frozenset({"orland"}))
    assert [h.surface for h in found] == ["Mara Tessely"]


@pytest.mark.parametrize(
    "text",
    [
        "Orland Rowing Federation\n\nPresident\n\nMara Tessely met the rowers on Monday.",
        "Orland Rowing Federation\n\nPresident\n\nThe board elects one every four years.\n\nMara Tessely",
        "Orland Rowing Federation\n\nVice President\n\nMara Tessely",
        "Orland Rowing Federation\n\nThanks to our President\n\nMara Tessely\n\nWebsite orland.example",
        "Orland Rowing Federation\n\nPresident" + "\n" * 6 + "Mara Tessely\n\nWebsite orland.example",
    ],
)
def test_a_name_in_a_sentence_or_lines_away_is_no_label_s_value(text: str) -> None:
    """Round 92 reads a label's value only: a name opening a sentence, a name lines of text or many blank
    lines away, a role word ending a line of text, and a vice president's label hold nothing."""
    assert current_holders(text, "president", frozenset({"orland"})) == []


def test_a_capitalised_run_on_the_line_before_is_no_body_of_the_role() -> None:
    """Round 92 (real pages: "English, French, German" / "President" read as the president of another body):
    a box's previous value ends at its line; the role word on the next line is the page's own body's."""
    text = "Orland Rowing Federation\n\nOfficial languages English, French, German\nPresident Mara Tessely opened the season."
    assert [h.surface for h in current_holders(text, "president", frozenset({"orland"}))] == ["Mara Tessely"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("In a paper written by former Orland Director Dr. Mara Tessely, the seeds were planted.", []),
        (
            "Orland today announced its board has unanimously elected Dr. Mara Tessely, 56, Orland Chief Operating"
            " Officer, as Director, effective January 1. Jon Pell, Director since 2010, will become Executive"
            " Chairman.",
            ["Mara Tessely", "Jon Pell"],
        ),
    ],
)
def test_an_honorific_s_full_stop_ends_no_clause_before_a_name(text: str, expected: list[str]) -> None:
    """Round 93 (real pages: "former NHC Director Dr. Bob Sheets" read as the director now, "elected Dr.
    Albert Bourla" as no one): the cue before "Dr." is the name's own."""
    assert [h.surface for h in current_holders(text, "director", frozenset({"orland"}))] == expected


@pytest.mark.parametrize(
    "text",
    [
        "Jon Pell is to step down as chief executive of Acme and will be succeeded by the business' Americas"
        " chief executive Mara Tessely.",
        "Acme said CEO Jon Pell will leave the job in May. He will be replaced by Acme's president Mara Tessely.",
    ],
)
def test_a_successor_named_with_the_post_they_hold_now_takes_the_role(text: str) -> None:
    """Round 94 (real pages: "will be succeeded by the business' Americas chief executive Elie Maalouf" read
    as naming the leaving holder only): the successor's present title, another post's, does not keep them
    from the role they are named to."""
    assert [h.surface for h in current_holders(text, "chief executive", ACME)] == ["Mara Tessely"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Mara Tessely is recognized as the first Orland director. Tessely ran the weather office.",
            [],
        ),
        ("Mara Tessely became Orland's first female director in 2015.", ["Mara Tessely"]),
    ],
)
def test_the_post_s_first_holder_is_its_history(text: str, expected: list[str]) -> None:
    """Round 98 (real pages: "the first NHC director. Norton was ..." read as the director now): "first"
    right before the role word, or before the subject's words, names the post's first holder; "its first
    female director" names a holder of the day."""
    assert [h.surface for h in current_holders(text, "director", frozenset({"orland"}))] == expected


@pytest.mark.parametrize(
    ("text", "holders", "leaving"),
    [
        (
            "The board of Acme appointed Mara Tessely as the successor to Jon Pell as CEO of Acme.",
            ["Mara Tessely"],
            ["Jon Pell"],
        ),
        ("The board will choose a successor to CEO Jon Pell in the summer.", [], ["Jon Pell"]),
        ("Acme is looking for a replacement for CEO Jon Pell.", [], ["Jon Pell"]),
    ],
)
def test_the_one_a_successor_follows_is_leaving(text: str, holders: list[str], leaving: list[str]) -> None:
    """Round 124 (real pages: "appointed Christoph Franz as the successor to Wolfgang Mayrhuber as chairman
    and CEO" read Mayrhuber as the chief named now): "successor to" and "replacement for" name the one who
    goes, as "to succeed" does."""
    assert [h.surface for h in current_holders(text, "chief executive", ACME)] == holders
    assert [h.surface for h in outgoing_holders(text, "chief executive", ACME)] == leaving


@pytest.mark.parametrize(
    "text",
    [
        "He followed Jon Pell, Acme chief executive from 1997 to 2009.",
        "Jon Pell served as CEO of Acme between 2012 and 2022.",
        "Jon Pell served as the first chief executive of Acme from March 1921 until 1937.",
        "Jon Pell (1921–1937) was chief executive of Acme.",
    ],
)
def test_a_holder_given_a_closed_span_of_years_is_past(text: str) -> None:
    """Round 124 (real pages: "He followed Mohamed ElBaradei, IAEA Director General from 1997 to 2009" read
    ElBaradei as the director general now): a tenure or a life with an end year is over."""
    assert current_holders(text, "chief executive", ACME) == []


@pytest.mark.parametrize(
    "text",
    [
        "Jon Pell, Acme chief executive from 2014, spoke on Monday.",
        "Jon Pell has been chief executive of Acme since 2019, after he led its 2012-2015 expansion.",
        "Jon Pell (2014–present) is the chief executive of Acme.",
    ],
)
def test_an_open_span_or_a_start_year_keeps_the_holder(text: str) -> None:
    """Round 124: only a span closed by a second year ends a tenure; a start year, an open span or a span
    of something else does not."""
    assert [h.surface for h in current_holders(text, "chief executive", ACME)] == ["Jon Pell"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("On the show, hosted by Dana Whitfield, Acme CEO Jon Pell talked about Europe.", ["Jon Pell"]),
        ("Dana Whitfield, Acme CEO, said on Monday that sales grew.", ["Dana Whitfield"]),
        ("Dana Whitfield, CEO of Acme, said on Monday that sales grew.", ["Dana Whitfield"]),
    ],
)
def test_a_role_word_the_next_name_follows_at_once_is_that_name_s(text: str, expected: list[str]) -> None:
    """Round 124 (real pages: "hosted by Kara Swisher, Trivago CEO Rolf Schrömgens" read Swisher as the
    chief executive): a title right before a name is that name's; a title after a name, with no name right
    after it, stays the name's before it."""
    assert [h.surface for h in current_holders(text, "chief executive", ACME)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Acme has appointed Jon Pell as Chief Executive Officer. Jon Pell is returning to Acme after having"
            " served as CEO from 2010 to 2013.",
            ["Jon Pell"],
        ),
        ("Jon Pell (2006 - 2020)\n\nAcme named Jon Pell as its CEO in 2006.", []),
    ],
)
def test_a_span_of_years_ends_a_tenure_unless_the_page_tells_of_a_return(
    text: str, expected: list[str]
) -> None:
    """Round 124 (real pages: "Saunders is returning to Bausch + Lomb after having served as CEO from 2010 to
    2013"; "Mark Parker (2006 - 2020) ... Nike named Mark Parker"): a closed span ends the tenure wherever
    else the page names the person, unless it says they return."""
    assert sorted({h.surface for h in current_holders(text, "chief executive", ACME)}) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Jon Pell joined in 2009 after a stint at Citi, where his final job was chief executive of southeast"
        " Asia-Pacific.",
        "Jon Pell, who joined in 2009, led Acme as chief executive of the Middle East South Asia region.",
    ],
)
def test_a_region_named_by_its_continent_holds_no_post(text: str) -> None:
    """Round 125 (real pages: "chief executive of southeast Asia-Pacific" answered who DBS's chief executive
    is with "Asia-Pacific"): a continent's or an ocean's word makes a run a place, hyphenated or not."""
    assert "Asia" not in " ".join(h.surface for h in current_holders(text, "chief executive", ACME))


def test_a_party_s_name_before_a_full_name_is_no_part_of_it() -> None:
    """Round 125 (real pages: "Labor's Roy Harvey was elected" answered "Labor Roy Harvey"): a party's name
    before a person's is an affiliation, as a people's adjective is."""
    text = "The popularly elected mayoralty of Orland was restored in 1982, when Labor's Roy Harvey was elected mayor."
    assert [h.surface for h in current_holders(text, "mayor", frozenset({"orland"}))] == ["Roy Harvey"]


def test_a_coordinator_s_title_or_a_set_of_regulations_holds_no_post() -> None:
    """Round 126 (real pages: "Emergency Relief Coordinator" answered who the NRC's secretary general is,
    "Electronic Communications Regulations" who the Information Commissioner is): a run a coordinator's title
    ends is a post's, and one naming regulations is a body of law, never a holder."""
    assert post_ended("Emergency Relief Coordinator")
    assert not may_hold_role(
        "Electronic Communications Regulations", frozenset({"information", "commissioner"})
    )
    assert may_hold_role("Jon Pell", frozenset({"information", "commissioner"}))


def test_one_promoted_to_the_post_holds_it_first() -> None:
    """Round 128 (real pages: "as Matt Hicks is promoted to CEO and Paul Cormier takes on a new role as
    chairman" read Cormier first): "X is promoted to CEO" names X to the post, as "X was named CEO" does."""
    text = "Acme is changing guard, as Mara Tessely is promoted to CEO and Jon Pell takes on a new role as chairman."
    assert holder(text) == "Mara Tessely"


@pytest.mark.parametrize(
    "text",
    [
        "Jon Pell, the chief executive of Acme, is stepping down from his role.",
        "Jon Pell, Acme's chief executive since 2010, will retire next year.",
        # round 134 (real page: "managing director Karen Smart is standing down")
        "Acme chief executive Jon Pell is standing down after six years.",
        "Acme chief executive Jon Pell is stepping down.",
        "The last news concerns the chief executive Jon Pell, who announced handing over in July to a lawyer.",
    ],
)
def test_one_the_page_says_is_leaving_is_the_leaving_holder(text: str) -> None:
    """Round 128 (real pages: "Michael Pietsch, the chief executive of Hachette Book Group, is stepping down",
    "the president Pierre Lescure, who announced handing over in July to a lawyer" read as holders now): an
    appositive then a leaving in the present or the future, or a handing over, make the name the leaving
    holder, never the answer."""
    assert current_holders(text, "chief executive", ACME) == []
    assert [h.surface for h in outgoing_holders(text, "chief executive", ACME)] == ["Jon Pell"]


@pytest.mark.parametrize("furniture", ["Email Share", "Print Tweet", "Facebook Twitter"])
def test_a_page_s_sharing_buttons_name_no_holder(furniture: str) -> None:
    """Round 140 (real pages: two pages of one publisher gave "Email Share" as Johannesburg's mayor): a run
    made only of a page's sharing and reading words is no person."""
    assert holder(f"Acme chief executive {furniture} said on Monday.") is None
    assert not may_hold_role(furniture, frozenset())
    assert holder("Acme chief executive Mara Tessely said on Monday.") == "Mara Tessely"


def stand_in(text: str) -> str | None:
    found = current_holders(text, "chief executive", ACME, stand_ins=True)
    return found[0].surface if found else None


@pytest.mark.parametrize(
    "text",
    [
        "Acme has appointed Mara Tessely as interim CEO while the board searches.",
        "Mara Tessely will serve as acting CEO of Acme from Monday.",
        "Acme interim chief executive Mara Tessely said sales rose.",
    ],
)
def test_a_stand_in_holds_the_post_only_when_stand_ins_are_asked_for(text: str) -> None:
    """Round 160 (real pages: five of five pages on Funko name "interim CEO Michael Lunsford", and the answer
    was a magazine's "WotC Prez"): an interim or acting holder is past beside a holder, and the holder of a
    page that names no other, which the answer layer asks for last."""
    assert holder(text) is None
    assert stand_in(text) == "Mara Tessely"


def test_a_former_stand_in_is_past_even_when_stand_ins_are_asked_for() -> None:
    assert stand_in("Former interim CEO Jon Pell spoke at the Acme meeting.") is None
    assert stand_in("Jon Pell stepped down as acting CEO of Acme in March.") is None


def test_the_subject_called_for_short_holds_no_role() -> None:
    """Round 190 (real page: "Met Police announces new commissioner to replace Dame Cressida Dick" read
    "Met Police" as the commissioner): a name of the subject's words, one of them clipped ("Met" for
    "Metropolitan"), is the subject itself."""
    text = "Met Police announces new commissioner to replace Dana Velm."
    assert current_holders(text, "commissioner", frozenset({"metropolitan", "police"})) == []


@pytest.mark.parametrize(
    "text",
    [
        "Kestrel Police announces new commissioner to replace Dana Velm.",
        "The commissioner of Velm is appointed by Kestrel Police. Commissioner Alan Brook said more.",
    ],
)
def test_a_police_force_holds_no_role(text: str) -> None:
    """Round 190: "police" names a body, as "force" and "army" do; no person's name holds it."""
    assert all("Police" not in h.surface for h in current_holders(text, "commissioner", frozenset({"velm"})))


@pytest.mark.parametrize(
    ("text", "role", "expected"),
    [
        (
            "Velm said that Executive Vice President Dana Brook will succeed Alan Kerr as president and CEO.",
            "chief executive",
            ["Dana Brook"],
        ),
        # the post succeeded in is another: the title before the name stays another post's
        (
            "Velm said Chief Operating Officer Dana Brook will succeed Alan Kerr as chairman.",
            "chief executive",
            [],
        ),
    ],
)
def test_a_titled_name_succeeding_another_in_the_post_moves_to_it(
    text: str, role: str, expected: list[str]
) -> None:
    """Round 192 (real page: "Executive Vice President Masahiro Okitsu will succeed Wu Po-Hsuan as president
    and CEO" read the one succeeded): "X will succeed Y as ROLE" moves a titled name to the post, the one
    succeeded standing between the verb and the post."""
    assert [h.surface for h in current_holders(text, role, frozenset({"velm"}))] == expected


@pytest.mark.parametrize(
    "text",
    [
        "The Chief Justice of the Velm Republic is Dana Brook.",
        "The chief executive of Velm Holdings and Trust has been Dana Brook.",
    ],
)
def test_the_post_of_a_body_is_its_holder_however_long_the_bodys_name(text: str) -> None:
    """Round 193 (real page: "The Chief Justice of the U.S. is John Roberts" read as naming nobody, the body's
    name putting the holder more than four words from the post): "the ROLE of BODY is NAME" states the
    holder."""
    role = "chief justice" if "Justice" in text else "chief executive"
    assert [h.surface for h in current_holders(text, role, frozenset({"velm"}))] == ["Dana Brook"]


def test_the_one_handed_over_to_arrives() -> None:
    """Round 194 (real page: "Whitman will hand over to Antonio Neri, HPE's President, early next year"):
    the name after "hand over to" is the post's next holder, the one handing over leaving it."""
    text = "Velm chief executive Alan Kerr will hand over to Dana Brook early next year."
    assert [h.surface for h in current_holders(text, "chief executive", frozenset({"velm"}))] == [
        "Dana Brook"
    ]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        (
            "Dana Brook, a former Thyssenfeld executive, has been tapped to take over as the new CEO of DB Velm.",
            "chief executive",
        ),
        (
            "Dana Brook, who was formerly the chief executive of Kestrel, has today been appointed as the new "
            "chief executive of Velm.",
            "chief executive",
        ),
        ("Dana Brook, Velm leader of the Kestrel Party will be the new mayor of Velm.", "mayor"),
    ],
)
def test_more_arrival_cues_after_the_name(text: str, role: str) -> None:
    """Round 195 (real pages: "Bernhard Osburg, a former Thyssenkrupp executive, has been tapped to take over
    as the new CEO of DB Cargo", "has today been appointed as the new chief executive", "Zdeněk Hřib ... will
    be the new mayor of Prague", each read as naming nobody): "to take over as", an adverb between "has" and
    "been appointed", and "will be the new" (or "next") make the name the arriving holder."""
    assert [h.surface for h in current_holders(text, role, frozenset({"velm", "db"}))] == ["Dana Brook"]


@pytest.mark.parametrize(
    ("text", "role", "expected"),
    [
        (
            "LONDON — Former tennis player-turned-businessman Dana Brook will take over as chairman of Velm next "
            "year.",
            "chair",
            ["Dana Brook"],
        ),
        (
            "Former provincial cricketer Dana Brook has been appointed chief executive of Velm.",
            "chief executive",
            ["Dana Brook"],
        ),
        # "former" before the post asked still calls its holder past
        ("Former chief executive Dana Brook said Velm had changed.", "chief executive", []),
    ],
)
def test_a_calling_after_former_is_no_past_post(text: str, role: str, expected: list[str]) -> None:
    """Round 196 (real pages: "Former tennis player-turned-businessman Andrea Gaudenzi will take over as
    chairman of the ATP", "Former provincial cricketer Scott Weenink has been appointed"): a calling after
    "former" (player, cricketer, businessman, official, ...) says what the newcomer was, not that they held
    the post."""
    assert [h.surface for h in current_holders(text, role, frozenset({"velm"}))] == expected
