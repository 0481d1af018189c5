"""Names in running text: people, organisations, places and products, found by rule (pure, no I/O).

:mod:`webquorum.analysis.compare` counts a name as agreed when two sites give it, so a name here has to be
something two sites would write the same way: a run of capitalised words or an acronym, with a
legal form ("S.A. de C.V.", "Inc.") kept on the surface but dropped from the key. Capitals that
may only be there because they open a sentence or sit in a headline are kept but marked *weak*:
the comparison counts them only when another site names the same thing for sure. Titles and
honorifics ("Governor", "Prime Minister", "Mr.") are not part of a name, so "Governor Victoria
Rodriguez" and "Victoria Rodriguez" are one person and "Mr" alone is nobody.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from webquorum.text.alternation import after_first
from webquorum.text.fold import fold
from webquorum.text.lexicon import (
    CALENDAR_WORDS,
    FUNCTION_WORDS,
    HONORIFICS,
    LEGAL_AFTER_NAME,
    LEGAL_FORMS,
    LEGAL_WORDS,
    LETTER,
    LOWER,
    LOWER_SET,
    PRONOUNS,
    ROLE_TITLES,
    UPPER,
)
from webquorum.text.sentences import starts_sentence

_UP, _LO, _L = UPPER, LOWER, LETTER
# A word of a name: "McDonald", "Coca-Cola", "IBM", "iPhone", but no legal word ("Inc"). One class
# takes its first letter, and which letter it was is tested after it (by lookbehind, and with
# text/alternation.after_first for the legal words): a pattern that opens with a test makes re
# try every position of a text, where one that opens with a class skips to the letters. A repeat
# is possessive where what follows cannot match what it would give back.
_WORD = (
    # "iPhone"; else a capital, then at least one more
    rf"[{_UP}{_LO}](?:(?=[{_UP}])(?<=[{_LO}])[{_UP}][{_L}]*+"
    rf"|(?<=[{_UP}])(?=[{_L}0-9&])(?!{after_first(LEGAL_WORDS)}(?![\w&]))"
    rf"(?:[{_LO}]++(?:[{_UP}][{_L}]*+|(?:[-'’][{_L}]++)*+)|[{_UP}0-9&]+(?![{_LO}]))"
    # "O’Toole", "D'Souza": an Irish or Italian prefix and its apostrophe before the capital
    rf"|(?<=[OD])['’][{_UP}][{_LO}]++)"
)
_LEGAL = LEGAL_FORMS
# Lower-case words inside a name: "Bank of England", "Banco de México", "Ben van Beurden", "Ursula von der
# Leyen"
_PARTICLES = "of|de|del|de la|la|las|los|van der|van den|van|von der|von|da|di|du|&"
_NAME = re.compile(
    rf"(?P<run>{_WORD}(?:[ \t\u00a0]++(?:(?:{_PARTICLES})[ \t\u00a0]++)?{_WORD})*+)"
    rf"(?P<legal>,?[ \t\u00a0]+(?:{_LEGAL})(?![{_L}]))?"
)
_LEGAL_SUFFIX = re.compile(rf"{LEGAL_AFTER_NAME}(?![{_L}])")
_SPACED_WORD = re.compile(r"\S+")
_GENERIC_WORDS = frozenset(
    [
        "CEO",
        "CFO",
        "COO",
        "CTO",
        "EPS",
        "GAAP",
        "IPO",
        "ETF",
        "YOY",
        "YoY",
        "TTM",
        "USD",
        "EUR",
        "MXN",
        "GBP",
        "JPY",
        "CAD",
        "BRL",
        "PDF",
        "HTML",
        "URL",
        "API",
        "AM",
        "PM",
        "GDP",
        "PIB",
        "OK",
        "TV",
        "AI",
        "IA",
        "II",
        "III",
        "IV",
    ]
)
_GENERIC_SHAPES = re.compile(r"FY\d*|[QH][1-4]")  # "FY2026", "Q1", "H2"
# A title before a person's name is not part of it: "Governor Victoria Rodriguez" is "Victoria Rodriguez",
# and a title alone ("the President said") names no one in particular.
_TITLES: dict[str, list[tuple[str, ...]]] = {}  # by first word, longest first
for _title in sorted((tuple(t.split()) for t in ROLE_TITLES), key=len, reverse=True):
    _TITLES.setdefault(_title[0], []).append(_title)
_SPLITTERS = _GENERIC_WORDS | frozenset(HONORIFICS)  # words that split a run of capitals
_NOT_KEY = re.compile(r"[^\w&]+")
_OF_WORDS = frozenset({"of", "de", "del", "la", "las", "los", "&"})  # "Shares of NVIDIA", "Acciones de Cemex"
_SURNAME_PARTICLES = frozenset({"van", "von", "der", "den", "da", "di", "du"})
_CONNECTORS = _OF_WORDS | _SURNAME_PARTICLES
_LETTERS = re.compile(rf"[{_L}]+")
_PRONOUN_RUNS = frozenset(p.capitalize() for p in PRONOUNS) | {"I"}  # as capitalised ("US" is a name)
# a word with a contraction's ending is a pronoun's or a verb's, no name: "We’ll", "They’ve", "Don’t" opening
# a sentence (round 86, real page: "the YouTube CEO. We’ll break down" read "We’ll" as the CEO); a surname's
# apostrophe takes a capital after it ("O’Toole")
_CONTRACTED = re.compile(r"[A-Z][a-z]{0,6}(?:['’](?:ll|re|ve|d|m)|n['’]t)")


def contracted(word: str) -> bool:
    """Whether a capitalised word is a contraction (:data:`_CONTRACTED`): "We’ll", "Don’t"."""
    return _CONTRACTED.fullmatch(word) is not None


# the months that are given names and surnames too: "Theresa May", "Brian May", "April Verrett", "June
# Sarpong", "August Busch" (round 90, real pages: "Theresa May" read as "Theresa", "April Verrett" as nothing)
NAME_MONTHS = frozenset({"April", "May", "June", "August"})
_DIGIT_AFTER = re.compile(r"[ \t]{0,2}\d")
# words that make a month a time, capitalised where they open a sentence: "Last June", "Early May"
_MONTH_TIME_WORDS = frozenset(
    {"last", "next", "early", "late", "mid", "this", "every", "each", "since", "until"}
)


# German nouns of a time of year, capitalised as every German noun is: before a year they are a date, never
# a surname ("CEO Albert Manifold Ende 2024 in den Ruhestand", real pages, issue 22: "Albert Manifold Ende")
_TIME_BEFORE_NUMBER = frozenset(
    {"Ende", "Anfang", "Mitte", "Anfangs", "Frühjahr", "Herbst", "Sommer", "Winter"}
)


def _a_name_month(spaced: list[re.Match[str]], i: int, text: str, run_end: int) -> bool:
    """Whether the month word at ``spaced[i]`` of a capitalised run is a name's word: one of
    :data:`NAME_MONTHS` beside another capitalised word of the run that is no calendar or function word,
    and no number after the run ("May 2019", "Friday May 5" stay dates)."""
    if spaced[i][0] not in NAME_MONTHS or _DIGIT_AFTER.match(text, run_end):
        return False
    beside = [spaced[k][0] for k in (i - 1, i + 1) if 0 <= k < len(spaced)]
    return any(
        w[:1].isupper()
        and w.lower() not in CALENDAR_WORDS
        and w.lower() not in FUNCTION_WORDS
        and w.lower() not in _MONTH_TIME_WORDS
        and w not in _SPLITTERS
        for w in beside
    )


def extract_names(text: str) -> list[str]:
    """Distinct names in first-appearance order, one surface form per name (see :func:`name_key`).

    Capitalised words that may only be capitalised because they open a sentence or sit in a
    title ("Revenue rose", "Record Quarter") are left out; ``compare_sources`` still counts them
    when another site names the same thing for sure.
    """
    seen: dict[str, str] = {}
    for mention in name_mentions(text):
        if not mention.weak:
            seen.setdefault(mention.key, mention.surface)
    return list(seen.values())


@lru_cache(maxsize=8192)  # a page names the same few people and places again and again
def name_key(name: str) -> str:
    """The form names are matched in: case, accents, punctuation and legal forms dropped."""
    name = _LEGAL_SUFFIX.sub("", name).replace("'s", "").replace("’s", "")
    return " ".join(_NOT_KEY.sub(" ", fold(name)).split())


class NameMention(NamedTuple):
    key: str
    surface: str
    offset: int
    weak: bool  # a capital that may only open a sentence or a headline: counts when another site names it


def name_mentions(text: str) -> list[NameMention]:
    """Every name: runs of capitalised words, acronyms, legal forms attached; uncertain ones marked weak.

    Kept for the last texts read: one comparison reads each page's names three times (the sources' names,
    the subject's identity, a role's persons), a tenth of its CPU on real pages (cpu.md, twenty-first look).
    """
    return list(_name_mentions(text))


@lru_cache(maxsize=64)
def _name_mentions(text: str) -> tuple[NameMention, ...]:
    runs = [m for m in _runs(text) if not (m.start() and text[m.start() - 1].isalnum())]
    name_words: set[str] = set()  # capitalised mid-sentence somewhere, so a name even when opening a sentence
    for m in runs:
        words = m["run"].split()
        name_words.update(words if not starts_sentence(text, m.start()) else words[1:])
    headline = _Headlines(text)
    out: list[NameMention] = []
    for m in runs:
        run = m["run"]
        if (run.lower() in FUNCTION_WORDS or run in _PRONOUN_RUNS) and not m["legal"]:
            continue  # "The", "However", "He": the commonest runs, and ones that name nothing
        segments: list[list[tuple[int, str]]] = [[]]
        run_start = m.start("run")
        spaced = list(_SPACED_WORD.finditer(run))
        for i, w in enumerate(spaced):
            word = w[0]
            if (
                word in _SURNAME_PARTICLES
                and len(spaced) - i > 2
                and spaced[i + 1][0] not in _SURNAME_PARTICLES
            ):
                # a surname's particle takes one name after it ("Ben van Beurden"); more is a noun and another
                # name ("Nachfolge von Dave Calhoun")
                segments.append([])
                continue
            if word[-2:] in ("'s", "’s"):
                word = word[:-2]
            if (
                word in _SPLITTERS
                or _GENERIC_SHAPES.fullmatch(word)
                or (
                    word in _TIME_BEFORE_NUMBER
                    and i == len(spaced) - 1
                    and _DIGIT_AFTER.match(text, m.end("run"))
                )
                or (word.lower() in CALENDAR_WORDS and not _a_name_month(spaced, i, text, m.end("run")))
                or contracted(word)
            ):
                segments.append([])  # "April", "CEO", "Mr" split a run: "CEO Jensen Huang" -> "Jensen Huang"
            else:
                segments[-1].append((run_start + w.start(), word))
        lead = segments[0]
        if (
            len(lead) > 2
            and lead[1][1] in _OF_WORDS
            and lead[0][1] not in name_words
            and starts_sentence(text, m.start())
        ):
            del lead[:2]  # "Shares of NVIDIA" opening a sentence is "NVIDIA"
        in_headline: bool | None = None  # looked up for the first segment that survives the trimming
        for index, segment in enumerate(segments):
            while segment and (segment[0][1].lower() in FUNCTION_WORDS or segment[0][1] in _CONNECTORS):
                segment.pop(0)
            while segment and segment[-1][1] in _CONNECTORS:
                segment.pop()
            if not segment:
                continue
            titles = _TITLES.get(segment[0][1])
            if titles:
                words = tuple([word for _, word in segment])
                title = next((t for t in titles if words[: len(t)] == t), ())
                del segment[: len(title)]
                if not segment:
                    continue
            start, first = segment[0]
            surface = " ".join([word for _, word in segment])
            legal = ""
            if index == len(segments) - 1 and m["legal"]:
                legal = " ".join(m["legal"].split())
                surface += legal if legal.startswith(",") else f" {legal}"
            weak = False
            if in_headline is None:
                in_headline = headline.at(m.start())
            if in_headline and not legal:  # "Nvidia Earnings 2026: Record Quarter": every word may be a name
                weak = True
                if len(segment) > 1:
                    out.extend(
                        NameMention(name_key(w), w, pos, True) for pos, w in segment if w not in _CONNECTORS
                    )
            elif len(segment) == 1 and not first.isupper() and not legal and starts_sentence(text, start):
                weak = first not in name_words
            key = name_key(surface)
            if key and not key.isdigit():
                out.append(NameMention(key, surface, start, weak))
    return tuple(out)


def _runs(text: str) -> Iterator[re.Match[str]]:
    """``_NAME.finditer(text)``, tried only where a capital stands (or a lower-case letter before one).

    Every word of a name holds a capital, and a pattern that opens with a lookahead makes the regex
    engine try every position; a search for the next capital runs in C instead (5x faster).
    """
    pos = 0
    while (capital := _CAPITAL.search(text, pos)) is not None:
        at = capital.start()
        m = None
        if at > pos and text[at - 1] in LOWER_SET:  # "iPhone", "eBay": the run opens one letter earlier
            m = _NAME.match(text, at - 1)
        if m is None:
            m = _NAME.match(text, at)
        if m is None:
            pos = at + 1
            continue
        yield m
        pos = m.end()


_CAPITAL = re.compile(f"[{_UP}]")


class _Headlines:
    """Whether a position sits in a sentence or line whose every content word is capitalised: a title.

    The sentence is what lies between the last line break or ". ", "! ", "? " before the position
    and the first one after it; the breaks are found once per text and looked up by bisection.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = [m.start() for m in _LINE_BREAK.finditer(text)]
        self.stops = [m.start() for m in _STOP_SPACE.finditer(text)]
        self.seen: dict[int, bool] = {}

    def at(self, pos: int) -> bool:
        lines, stops = self.lines, self.stops
        i, j = bisect_left(lines, pos), bisect_left(stops, pos - 1)  # a break must end by pos to count
        start = max(lines[i - 1] if i else -1, stops[j - 1] if j else -1) + 1
        if start not in self.seen:
            n = bisect_left(stops, pos)  # the first break at or after pos ends the sentence
            end = min(
                lines[i] if i < len(lines) else len(self.text), stops[n] if n < len(stops) else len(self.text)
            )
            content, title = 0, True
            # a sentence closed by a full stop whose verb is in lower case is prose: "Yuriko Koike has been
            # the Governor of Tokyo since August 2016." has every other word a name or a function word, as a
            # title has; a title that ends in a stop ("... Record Quarter.") writes no such verb, and a
            # heading that does ("The Short Answer: Who is the CEO?") asks
            closed = self.text[end : end + 1] == "." or self.text[start:end].rstrip()[-1:] == "."
            for w in _LETTERS.finditer(self.text, start, end):  # stops at the first lower-case content word
                word = w[0]
                if word[0].isupper():
                    content += word.lower() not in FUNCTION_WORDS
                elif word.lower() not in FUNCTION_WORDS or (closed and word in _PROSE_VERBS):
                    title = False
                    break
            self.seen[start] = title and content >= 3
        return self.seen[start]


_PROSE_VERBS = frozenset({"is", "are", "was", "were", "has", "have", "had", "been", "be", "will"})
_LINE_BREAK = re.compile("\n")
_STOP_SPACE = re.compile("[.!?] ")


def demonym(surface: str, following: str) -> bool:
    """A one-word capitalised adjective before a lower-case noun: "American band", "Japanese singer",
    "Indian-American businessman" (``following``: the two characters after it). No name of a person or a
    thing, wherever one is asked for."""
    return (
        " " not in surface
        and following[:1] == " "
        and following[1:2].islower()
        and surface.endswith(DEMONYM_ENDS)
    )


DEMONYM_ENDS = ("an", "ish", "ese", "ch", "i", "ic")
