"""A page's own date in its opening lines (issue 22): the shapes that date a page, and those that do not."""

from __future__ import annotations

import pytest

from webquorum.readers.stated_date import HEAD_CHARS, stated_date

STORY = "The island ferry will sail every ninety minutes instead of every hour from the first of December."


@pytest.mark.parametrize(
    ("head", "day"),
    [
        # a word naming the page's own date before it, on its line or alone on the line before
        ("Date Published: 1st August 2022", "2022-08-01"),
        ("Statement made on 27 March 2023", "2023-03-27"),
        ("Last updated: Monday, March 4, 2024", "2024-03-04"),
        ("Release Date\n\nWednesday, July 4, 2018", "2018-07-04"),
        # a news dateline: place, date, then a dash, a colon or the agency in parentheses
        ("Luxembourg, 18 December 2020. – As expected, the council met.", "2020-12-18"),
        ("Rome, 8 July 2022 (TDI): The fund elected its president.", "2022-07-08"),
        # a date opening its line with a byline or a time after it
        ("Ferry timetable changes\n\nJanuary 8, 2013 by Brad Nolen", "2013-01-08"),
        ("Ferry timetable changes\n\n29 September 2025 | Mara Velk", "2025-09-29"),
        ("Ferry timetable changes\n\nApr 5, 2023 12:04 By Harbour Radio", "2023-04-05"),
    ],
)
def test_a_page_dating_itself_in_its_opening_lines_is_dated(head: str, day: str) -> None:
    assert stated_date(f"{head}\n\n{STORY}") == day


@pytest.mark.parametrize(
    "head",
    [
        # a date alone on its line is as often an event's: an infobox's value, an "on this day" page
        "Assumed office\nDecember 18, 2017",
        "Sydney Harbour Bridge opens\n\nMarch 19, 1932",
        # an event's date in the story and an infobox label's are not the page's
        "On 6 July 1988, the platform caught fire.",
        "Date6 July 1988",
        # a weekday is no place; a year or a month is not a day
        "Saturday, June 30, 1894: the bridge opened.",
        "Updated 2024",
        "Published March 2024",
    ],
)
def test_an_event_date_or_a_date_short_of_a_day_does_not_date_the_page(head: str) -> None:
    assert stated_date(f"{head}\n\n{STORY}") is None


def test_only_the_opening_lines_are_read() -> None:
    assert stated_date(f"{'x' * HEAD_CHARS}\nPublished: 1st August 2022\n{STORY}") is None
