"""The date a page gives itself in its opening lines, for a page whose markup and address give none.

Issue 22 asks that every source carry its date when the page states one, so that a brief can say which
of two disagreeing sources is newer. On the real pages labelled for it, a third of the pages their
readers dated had no date in markup or address that htmldate finds: the page writes it in its text, as
news writes it. htmldate's own search of the text (``extensive_search``) is no answer: on those pages
it took any year it met ("2003-01-01" on an encyclopedia page) and agreed with the reader's date on 200
pages while giving another on 117.

So only three shapes count, each one a page's way of dating itself, and only in the first
:data:`HEAD_CHARS` of the main text:

- a word naming the page's own date before it: "Date Published: 1st August 2022", "Updated
  March 3, 2024", "Statement made on 27 March 2023", or such a word alone on the line before it
  ("Release Date" / "Wednesday, July 4, 2018");
- a news dateline, a place then the date then a dash, a colon or the agency in parentheses:
  "Luxembourg, 18 December 2020. -", "Rome, 8 July 2022 (TDI):";
- a date opening its line with a byline or a time after it: "January 8, 2013 by Brad Perriello",
  "29 September 2025 | Muriel Cozier", "Apr 5, 2023 12:04".

A date alone on its line is not read: on the same pages that shape was as often an event's date (an
"on this day" page's "March 19, 1932", an infobox's "Assumed office / December 18, 2017") as the
page's, and a page dated by its event would be called an older source. Measured on the labelled
pages' tune half, among the pages left undated before: 46 dates read, each the reader's date, and
none on a page the reader left undated. Only a date to the day counts.
"""

from __future__ import annotations

import re
from datetime import date

from webquorum.text.figures import extract_figures

HEAD_CHARS = 600  # a page's own date is written above its story: the headline, a byline, a dateline

# words that name the page's own date, opening what stands before the date on its line (or the line before)
_OWN_DATE_WORD = re.compile(
    r"(?i)\A(?:date\s+published|(?:originally\s+)?published|posted|(?:last\s+)?updated|last\s+modified"
    r"|release\s+date|statement\s+made|issued)\b[^\n]{0,40}"
)
# a dateline's place: "Luxembourg,", "Rome,", "Manama (Bahrain),", "Frankfurt, Germany,"
_PLACE = re.compile(r"\A[A-Z][\w.'’ -]{1,40}(?:\([^)]{1,20}\))?(?:,[ ]{0,2}[A-Z][\w.' -]{1,30})?,")
_AFTER_DATELINE = re.compile(r"\A\.?[ ]{0,2}(?:[-–—:]|\()")
# a byline or a time after a date that opens its line
_BYLINE = re.compile(r"(?i)\A(?:[|·•,-][ ]?)?(?:\d{1,2}[:.]\d\d\b|by\s|\|[ ]?[A-Z])")  # after the spaces
_WEEKDAY = re.compile(r"(?i)\A(?:mon|tues|wednes|thurs|fri|satur|sun)day,?")
_EDGES = " \t•*·|"
# each pattern is only matched at the start of a short line's part; \A says so to a search as well


def stated_date(text: str) -> str | None:
    """The page's own date (YYYY-MM-DD) as its opening lines state it, per the module docstring; else None."""
    previous = ""
    for line in text[:HEAD_CHARS].split("\n"):
        if not line.strip():
            continue
        cued = _OWN_DATE_WORD.fullmatch(previous.strip(_EDGES + ":")) is not None
        previous = line
        day = next((f for f in extract_figures(line) if f.kind == "date" and f.step < 28), None)
        if day is None:
            continue
        before, after = line[: day.start].strip(_EDGES), line[day.end :]
        opens = not before or _WEEKDAY.fullmatch(before) is not None or before == "-"
        if (
            (cued and opens and not after.strip(_EDGES))
            or (opens and _BYLINE.match(after.lstrip(" \t")))
            or _OWN_DATE_WORD.fullmatch(before.rstrip(":- ")) is not None
            or (_PLACE.fullmatch(before) and not _WEEKDAY.fullmatch(before) and _AFTER_DATELINE.match(after))
        ):
            return date.fromordinal(int(day.value)).isoformat()
    return None
