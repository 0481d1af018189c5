"""Names in running text (text/names.py): short texts written here, one per rule."""

from __future__ import annotations

from webquorum.text.names import name_mentions


def test_a_capitalised_pronoun_is_no_name_but_an_initialism_of_its_letters_is() -> None:
    text = "He will serve six months. She said They would stay. The US embassy agreed."
    keys = [m.key for m in name_mentions(text)]
    assert "he" not in keys and "she" not in keys and "they" not in keys
    assert "us" in keys


def test_a_surname_particle_keeps_the_name_whole() -> None:
    names = [
        m.surface
        for m in name_mentions("Shell named Ben van Beurden; Ursula von der Leyen and Leonardo da Vinci.")
    ]
    assert {"Ben van Beurden", "Ursula von der Leyen", "Leonardo da Vinci"} <= set(names)


def test_a_particle_takes_one_name_after_it_not_a_noun_and_a_name() -> None:
    names = [m.surface for m in name_mentions("Ortberg tritt die Nachfolge von Dave Calhoun an.")]
    assert "Dave Calhoun" in names and not any("von" in n for n in names)


def test_an_irish_or_italian_prefix_with_its_apostrophe_is_part_of_the_name() -> None:
    names = [m.surface for m in name_mentions("Orland Airports appointed Ken O’Toole; Ana D'Souza agreed.")]
    assert {"Ken O’Toole", "Ana D'Souza"} <= set(names)


def test_a_contraction_is_no_name() -> None:
    """Round 86: "We’ll", "They’ve", "Don’t" opening a sentence or after a title are a pronoun's or a verb's,
    no name; an apostrophe before a capital is a surname's ("O’Toole")."""
    text = "Then We’ll go. They’ve said so. Don’t wait. O’Toole said it."
    assert [m.surface for m in name_mentions(text)] == ["O’Toole"]


def test_a_month_that_is_a_name_s_word_stays_in_the_name() -> None:
    """Round 90 (real pages: "Theresa May" read as "Theresa", "April Verrett" as nothing): April, May, June
    and August beside another capitalised word of the run are a name's words."""
    text = "Prime Minister Theresa May spoke. The union elected April Verrett as its president."
    assert [m.surface for m in name_mentions(text)] == ["Theresa May", "April Verrett"]


def test_a_month_of_a_date_or_a_time_still_splits_a_run() -> None:
    """Round 90 keeps a month a date's where a number follows or a time word stands beside it: "In May 2019
    Jane Roe left", "Friday May 5", "Last June", "the Acme Board May 2020 report"."""
    text = "In May 2019 Jane Roe left. Friday May 5 was warm. Last June the board met. The Acme Board May 2020 report."
    assert [m.surface for m in name_mentions(text) if not m.weak] == ["Jane Roe", "Acme Board"]


def test_a_german_time_noun_before_a_year_ends_no_name() -> None:
    """Round 94 (real pages: "CEO Albert Manifold Ende 2024 in den Ruhestand" read "Albert Manifold Ende"):
    German capitalises every noun, and "Ende", "Anfang" or "Mitte" before a year is a date's."""
    text = "Der langjährige CEO Mara Tessely Ende 2024 in den Ruhestand; Jon Pell Anfang 2025."
    found = [m.surface for m in name_mentions(text)]
    assert "Mara Tessely" in found and "Jon Pell" in found, found


def test_a_time_noun_that_is_a_surname_stays_in_the_name() -> None:
    """Round 94 reads the time noun only before a number: "Michael Ende wrote" keeps its surname."""
    assert [m.surface for m in name_mentions("Michael Ende wrote Momo.")] == ["Michael Ende", "Momo"]


def test_a_preposition_that_opens_a_sentence_is_no_part_of_the_name_after_it() -> None:
    # round 153: "During Subrahmanyan's tenure" had answered who the CEO is as "During Subrahmanyan"
    text = "During Tom Merrow's time as CEO, output doubled. Amid Kate Ferris's reforms, costs fell."
    assert [m.surface for m in name_mentions(text)] == ["Tom Merrow", "Kate Ferris"]
