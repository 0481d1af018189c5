"""The question first: per source, the statement that answers the query; then who agrees and who says
otherwise.

A brief answers a question. Counting every name and figure of four pages and calling the odd one
out a dissent pairs unrelated quantities (a lock's width against a canal's length); the rules that
did so were grown on the project's own writing and fell to 0.29 disagreement recall and 0.33
precision on real pages. This module starts from the question instead:

1. :func:`webquorum.analysis.ask.read_ask` reads what the question asks for: a **figure** (a quantity word,
   a count class, "how many"), a **date** ("when", "what year", "birth date"), a **name** ("who",
   "which operator"), else *other* (categories such as "what sport": not compared, no rule can tell
   synonyms apart);
   its **subject** (quoted titles, capitalised words: "Broken Bow") and its **relation** words
   ("population", "born", "directed"), kept as stems with a few event synonyms (born = birth).
2. :func:`answer_statements` finds, per source, the sentences that carry a relation word (and the
   subject, when the page names it anywhere), and in the best of them the value of the asked kind
   nearest the relation word: the source's *statement*. A prior value ("from 324 to 330 m": 324)
   and a past holder ("former CEO", "succeeded X") are never a statement.
3. :func:`answer_of` groups the statements by value (figures within rounding, a date and its year,
   one person under two spellings); the group held by most sites is the answer. A site whose
   statement is in a smaller group **and** whose text names the answer nowhere disagrees: both
   answer the question, which is the positive identity a dissent needs. It is an *older figure*
   when its value is the prior value others update ("from X to Y"), or its page is dated a year or
   more before every page that holds the answer; otherwise a *conflict*. A 1-1 split names no one,
   and neither does a scatter (two or more other values: on real material that is several places or
   people sharing a name, not one page in error). The majority counts only pages about the same
   thing (:mod:`webquorum.analysis.identity`) and needs two independent origins (copies of one
   sentence are one). A name, read wrong far more often than a figure or a date, dissents only as
   an edited copy (:func:`_edited_copies`).

Measured on the untouched half of real material (``benchmarks/compare.py``), not on the unit tests.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Literal

from text_to_num import alpha2digit

from webquorum.analysis.ask import (
    ASK_WORDS,
    BODY_NOUNS,
    LIFE_EVENTS,
    NAME_NOUNS,
    NAMED_WITH_NOUN,
    WORD,
    Ask,
    AskKind,
    names_a_life,
    word_relates,
)
from webquorum.analysis.identity import (
    another_of_the_name,
    context_names,
    other_qualifiers,
    subject_name,
    subject_qualifier,
)
from webquorum.text.figure_claims import (
    FigureClaim,
    FigureClaimReader,
    periods_compatible,
    reader_for,
    same_quantity,
)
from webquorum.text.figures import INFOBOX_LABEL, unglued
from webquorum.text.fold import fold, fold_aligned
from webquorum.text.lexicon import (
    FUNCTION_WORDS,
    MONTHS,
    MONTHS_EN_PATTERN,
    PLAYER_QUALIFIERS,
    SPORT_OF_AGENT,
    SPORT_ROLES,
)
from webquorum.text.measures import MONEY_CONCEPTS, PAST_ROLE, stem
from webquorum.text.names import DEMONYM_ENDS, demonym, name_key, name_mentions
from webquorum.text.owners import OWNER_RELATIONS, owners
from webquorum.text.readings import (
    Figure,
    bound_admits,
    figures_agree,
    format_figure,
    of_one_magnitude,
    unit_key,
    values_agree,
)
from webquorum.text.roles import (
    POST_NOUNS,
    called_past,
    current_holders,
    full_name,
    no_post_holder,
    outgoing_holders,
    post_ended,
    same_person,
)
from webquorum.text.sentences import sentence_spans, sentence_windows, starts_sentence

DissentType = Literal["conflict", "older"]

_PAST_BEFORE = re.compile(
    r"(?i)\b(?:former|ex|previous|outgoing|late|interim|acting|predecessor|succeeded|replaced|"
    r"replacing|succeeding|after)\W+(?:\w+\W+){0,2}$"
)
_DATE_KINDS = ("date", "year")


@dataclass(frozen=True)
class Statement:
    """One source's answer to the question, as written there."""

    site: str
    url: str
    value: str  # shown: "3,559 people", "1900-02-08", "Mahesh Bhatt"
    start: int  # offsets into the source text compared
    end: int
    figure: Figure | None = None
    person: str = ""  # a name's key
    prior: tuple[Figure, ...] = ()  # values this source gives as earlier ("from 324 ... to 330")
    # what the figure measures, as its clause says (period, scope, modifiers)
    claim: FigureClaim | None = None
    category: str = ""  # what the page defines the subject as, by the phrase's last word's stem ("player")
    role: bool = False  # a holder the page gives the asked role to: a positive identity, as a figure's is
    # a holder the page says is leaving the post (:func:`webquorum.text.roles.outgoing_holders`): never the
    # answer, an older page's holder
    leaving: bool = False
    # a holder the page calls interim or acting, and the page names no other: the answer only where no page
    # names a holder (:func:`answer_of`)
    stand_in: bool = False


@dataclass(frozen=True)
class Dissent:
    statement: Statement
    type: DissentType
    # why it is older, in words: "pages dated 2022-2025", "others give it as the earlier value"
    note: str = ""
    against: tuple[str, int] | None = None  # the value it departs from and its sites, when not the answer's


@dataclass(frozen=True)
class Answer:
    kind: AskKind
    value: str
    sites: tuple[str, ...]  # the sites that state it, in source order
    of: int  # sources compared
    words: str  # what was asked, in words: "population of Broken Bow"
    dissents: tuple[Dissent, ...] = ()
    statements: tuple[Statement, ...] = ()
    rivals: tuple[tuple[str, int], ...] = ()  # other values as many sites state: (value, sites)
    elsewhere: tuple[str, ...] = ()  # sites whose page is about another thing of the subject's name
    # a role's holder chosen over more pages naming another, as written in a later year
    # (:func:`_later_holder`): the name those pages share is no answer the compare layer may put back
    # (compare.compare_sources)
    written_later: bool = False

    @property
    def split(self) -> bool:
        """As many sites state another value: the brief names no answer, only the split (and an edited copy's
        dissent, which does not depend on which value is the answer: :func:`_edited_copies`)."""
        return bool(self.rivals)

    @property
    def count(self) -> int:
        return len(self.sites)


def _names_subject(folded: str, ask: Ask) -> bool:
    """Whether a folded text holds one of the question's subject words, as a whole word; a number also with a
    unit run into it ("the men's 100 metres" is the "100m") and its thousands separated ("5,000m")."""
    return any(re.search(rf"\b{_spelled(w)}(?:\b|(?<=\d)(?=[a-z]))", folded) for w in ask.subject)


def _by_initials(text: str, ask: Ask) -> bool:
    """Whether ``text`` names a subject of two or more words by its capital initials, dotted or not: "UK" and
    "U.K." for the United Kingdom, "SNB" for the Swiss National Bank, "IEA" for the International Energy
    Agency; how news pages name a country or a body after its first mention, or from the start (real pages,
    issue 22). Capitals only, as written: "us" is a word, "US" the initials. The other way too: a question's
    "US" is the page's "United States" (a run of capitalised words with those initials, "of" and "the" aside).
    """
    for phrase in ask.phrases:
        if phrase.isalpha() and 2 <= len(phrase) <= 5:
            spelled = r"\s+(?:(?:of|and|the|for|&)\s+)?".join(f"{c.upper()}[a-z]+" for c in phrase)
            if re.search(rf"(?<![^\W_]){spelled}(?![^\W_])", text[:20_000]):
                return True
        initials = _initials(phrase)
        if not initials:
            continue
        dotted = r"\.?".join(initials)
        if re.search(rf"(?<![^\W_]){dotted}\.?(?![^\W_])", text[:20_000]):
            return True
    return False


def _initials(phrase: str) -> str:
    """A subject phrase's capital initials, its function words aside ("SNB" for "swiss national bank"); ""
    for a phrase of fewer than two words or one with a word that opens with no letter."""
    words = [w for w in phrase.split() if w not in FUNCTION_WORDS]
    if len(words) < 2 or not all(w[:1].isalpha() for w in words):
        return ""
    return "".join(w[0].upper() for w in words)


def _initials_written(text: str, ask: Ask) -> frozenset[str]:
    """The subject's initials, folded, where the page writes them in capitals: "music director of the BSO"
    is the Boston Symphony Orchestra's, as :func:`_by_initials` reads a page about it (real pages, issue 22).
    Empty where the page does not write them."""
    for phrase in ask.phrases:
        initials = _initials(phrase)
        if initials and re.search(rf"(?<![^\W_]){initials}(?![^\W_])", text):
            return frozenset({initials.lower()})
    return frozenset()


def _spelled(word: str) -> str:
    """A subject word as a pattern: a number of four digits or more also with its thousands separated ("5000"
    is the "5,000m")."""
    if not word.isdigit() or len(word) < 4:
        return re.escape(word)
    head = len(word) % 3 or 3
    groups = [word[:head]] + [word[i : i + 3] for i in range(head, len(word), 3)]
    return "[,.\u202f ]?".join(groups)


def answer_statements(
    site: str, url: str, text: str, ask: Ask, *, title: str = "", published: str | None = None
) -> Statement | None:
    """The statement in ``text`` that answers ``ask``, per the module docstring; None when none does.

    A page is about the subject when its text or its title names it: an encyclopedia article or a town's
    page names its subject in the title and then writes "the city" and "the musical" (real pages, issue 22).
    """
    folded = _folded(text)
    about = (
        not ask.subject
        or _names_subject(folded, ask)
        or _names_subject(fold(title), ask)
        or _by_initials(f"{title}\n{text}", ask)
    )
    if not about:
        return None
    if ask.kind == "other":
        return _defined_as(site, url, text, folded, ask)
    if ask.role:
        return _not_the_question(_holder(site, url, text, ask), ask)
    if ask.kind == "name" and ask.relation & OWNER_RELATIONS:
        # an owner is stated by ownership's own constructions; any other name of the page (its city, its
        # product) answers nothing (real pages, issue 22: over sets CW to DB, trying the other names after
        # gave 5 fewer right answers and 1 more false disagreement)
        return _not_the_question(_owner(site, url, text, ask), ask)
    reader = reader_for(text) if ask.kind in ("figure", "date") else None
    dateline = _dateline(text, reader, published) if reader is not None and ask.kind == "date" else ()
    # "a 1985 album by Anthrax" names the artist
    by_names = ask.kind == "name" and bool(ask.relation & _CREATORS)
    if reader is not None and ask.kind == "date" and ask.relation & LIFE_EVENTS:
        life = _lifespan(site, url, text, ask, reader)
        if life is not None:
            return life
    if by_names:
        titled = _titled_creator(site, url, text, ask)
        if titled is not None:
            return titled
    # "When did Shoreditch station open": the event answers a date question, not a noun beside it
    events = frozenset(r for r in ask.relation if r.startswith("="))
    relation = events if ask.kind == "date" and events else ask.relation
    best: tuple[tuple[bool, bool, int, int], Statement] | None = None
    found_all: list[Statement] = []
    for start, end in sentence_spans(text):
        sentence = folded[start:end]
        if sentence.rstrip().endswith("?"):
            continue  # "Are there 12 or 13 countries in South America?" asks; it states nothing
        # "Founded8 June 1914": an infobox's label glued to its value, as a flattened table writes it
        related = [
            start + m.start()
            for m in WORD.finditer(sentence)
            if word_relates(m[0].rstrip(string.digits), relation)
        ]
        hits = sorted(related + [start + m.start() for m in _BY.finditer(sentence)]) if by_names else related
        subject_hit = _names_subject(sentence, ask)
        # "when did the Vajont Dam disaster happen": a page tells the event ("the wall of water that
        # overtopped the dam ... on 9 October 1963") without the question's words; a day in a sentence
        # naming it may answer
        by_day = (
            ask.kind == "date"
            and subject_hit
            and not hits
            and not names_a_life(WORD.findall(sentence), relation)
        )
        if not hits and not (ask.kind == "figure" and ask.unit) and not by_day:
            continue
        found = _value_in(text, start, end, related or hits, ask, reader, site, url, dateline)
        if found is None or (by_day and not _a_day(found.figure)):
            continue
        found_all.append(found)
        # an ordinal ("the 5th moon discovered") answers only where no sentence states the count itself
        # a sentence with the question's words before any without them: "c.45 mi (70 km) long" beside the
        # lake's name does not say which length ("It has a maximum depth of 1,017 ft (310 m)" does)
        rank = (_is_ordinal(found), not hits, -(len(set(hits)) + 2 * subject_hit), start)
        if best is None or rank < best[0]:
            best = (rank, found)
    return _not_the_question(_fullest(best[1], found_all), ask) if best else None


def _a_flow(text: str, f: Figure) -> bool:
    """Whether a count follows a verb of change ("close 300 stores", "laid off 1,200 workers"): what changes,
    not what the subject has ("220 new stores" is already read as a part, not the whole)."""
    return _FLOW_BEFORE.search(text, max(0, f.start - 40), f.start) is not None


def _not_the_question(found: Statement | None, ask: Ask) -> Statement | None:
    """``found``, unless it is a name made of the question's own words or their initials: "Minister of Basic
    Education" for "who is the minister of basic education", "Marines" for "the first commandant of the Marine
    Corps", "AIU" for "the head of the Athletics Integrity Unit". Who holds a post, leads a body or made a
    thing is not named by the post, the body or the thing (real pages, issue 22: about 120 such reads, none of
    them the answer, a third of them on pages that name nobody)."""
    if found is None or ask.kind != "name" or found.figure is not None:
        return found
    words = [w for w in _VALUE_WORD.findall(fold(found.value)) if w not in FUNCTION_WORDS]
    if not words:
        return found
    asked = ask.subject | {r for r in ask.relation if not r.startswith("=")}
    if all(any(_same_stem(w, a) for a in asked) for w in words):
        return None
    letters = found.value.strip()
    if (
        2 <= len(letters) <= 6
        and letters.isalpha()
        and letters.isupper()
        and any(_initials(phrase) == fold(letters).upper() for phrase in ask.phrases)
    ):
        return None
    return found


_VALUE_WORD = re.compile(r"[^\W\d_]+")
_STEM_LETTERS = 5  # "marines" and "marine", "dominic" and "dominican", "secretariat" and "secretari"


def _same_stem(word: str, asked: str) -> bool:
    """Whether a value's folded word is a question's word or stem, or shares its first five letters."""
    if word == asked or (len(asked) >= 4 and word.startswith(asked)):
        return True
    return min(len(word), len(asked)) >= _STEM_LETTERS and word[:_STEM_LETTERS] == asked[:_STEM_LETTERS]


def _dateline(text: str, reader: FigureClaimReader, published: str | None) -> tuple[int, ...]:
    """Where the page's opening line states its own date ("15th February 2020", "date 2024-10-22"): the day
    it was published, which answers no question of when something happened or will ("The Games open on
    Thursday, July 23" below it)."""
    day = _parse_date(published)
    if day is None:
        return ()
    first = text.find("\n", 0, 80)
    head = first if first > 0 else 40
    return tuple(
        f.start
        for f in reader.figures
        if f.start < head and _a_day(f) and date.fromordinal(int(f.value)) == day
    )


_DAY_OF_MONTH = re.compile(
    rf"\b(?:(?P<day1>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month1>{MONTHS_EN_PATTERN})\.?"
    rf"|(?P<month2>{MONTHS_EN_PATTERN})\.?\s+(?P<day2>[0-3]?\d)(?:st|nd|rd|th)?)(?![\w,]|,\s*\d)"
)


def _days_of_the_year(text: str, start: int, end: int, year: int) -> list[Figure]:
    """Days a sentence writes without a year ("July 19", "23 July"), as days of ``year``; none written with
    one ("July 19, 2026" is read by the figure reader)."""
    out: list[Figure] = []
    for m in _DAY_OF_MONTH.finditer(text, start, end):
        month = MONTHS[(m["month1"] or m["month2"]).lower()]
        try:
            day = date(year, month, int(m["day1"] or m["day2"]))
        except ValueError:
            continue
        out.append(Figure("date", float(day.toordinal()), "", 1.0, m[0], m.start(), m.end()))
    return out


def _a_day(f: Figure | None) -> bool:
    """Whether a figure is a date to the day ("9 October 1963"), not a month or a year (a date's step is in
    days)."""
    return f is not None and f.kind == "date" and f.step < _MONTH_DAYS


def _holder(site: str, url: str, text: str, ask: Ask) -> Statement | None:
    """The person the page gives the asked role to now (:func:`webquorum.text.roles.current_holders`); else
    the one it says is leaving; else the one it calls interim or acting (round 160: a page telling of a
    stand-in names nobody else in the post, and its stand-in holds it as of its day)."""
    subject = ask.subject | _initials_written(text, ask)
    holders = current_holders(text, ask.role, subject)
    leaving = not holders
    if leaving:
        holders = outgoing_holders(text, ask.role, subject)
    stand_in = not holders
    if stand_in:
        holders = current_holders(text, ask.role, subject, stand_ins=True)
        leaving = False
    if not holders:
        return None
    h = holders[0]
    surface, person = full_name(text, h.person, subject) or (h.surface, h.person)
    return Statement(
        site, url, surface, h.start, h.end, person=person, role=True, leaving=leaving, stand_in=stand_in
    )


def _owner(site: str, url: str, text: str, ask: Ask) -> Statement | None:
    """The body or person the page says owns the subject now (:func:`webquorum.text.owners.owners`). A page
    that gives only a former owner answers nothing: it tells the subject's history in passing ("former Bucks
    co-owner Marc Lasry's Austin bid"), and a page of its time would have said "is owned by"."""
    found = owners(text, ask.subject | _initials_written(text, ask))
    if not found or found[0].past:
        return None
    o = found[0]
    return Statement(site, url, o.surface, o.start, o.end, person=name_key(o.surface))


def _fullest(chosen: Statement, found: list[Statement]) -> Statement:
    """A year or a month the page states in full elsewhere, as the asked event's date ("Girls' Generation
    (2007 album)" and "released on November 1, 2007"): the fuller date is the same statement, said
    more precisely."""
    f = chosen.figure
    if f is None or f.kind not in _DATE_KINDS or _a_day(f):
        return chosen
    fuller = [
        s
        for s in found
        if s.figure is not None
        and s.figure.kind == "date"
        and (f.kind == "year" or _a_day(s.figure))  # a year, or a month
        and _year(s.figure) == _year(f)
        and (f.kind == "year" or abs(s.figure.value - f.value) <= 31)
    ]
    return fuller[0] if fuller else chosen


_BY = re.compile(r"\bby\b")
_CREATORS = frozenset(
    {
        "=artist",
        "=composer",
        "=written",
        "=directed",
        "creator",
        "produc",
        "painter",
        "architect",
        "design",
        "develop",
        "publish",
    }
)
# "VII (Blitzen Trapper album)", "It's Raining (Irma Thomas song)": a title told from others of its name
# by its maker, the way encyclopedias and stores name works
_WORK_OF = re.compile(
    r"\(\s*(?P<maker>[A-Z0-9][^()]{0,48}?)\s+(?:album|song|single|EP|film|novel|play|book|opera|musical|"
    r"symphony|quintet|quartet|sonata|concerto|painting|poem|video game|game|series|TV series)\s*\)"
)


def _titled_creator(site: str, url: str, text: str, ask: Ask) -> Statement | None:
    """The maker a work's title names in its parenthesis, right after the question's subject as written."""
    for phrase in ask.phrases:
        pattern = r"\W+".join(re.escape(w) for w in phrase.split())
        for m in re.finditer(rf"(?i)(?<![\w]){pattern}(?![\w])\s*", text[:3000]):
            made = _WORK_OF.match(text, m.end())
            if made is not None and _maker(made["maker"]):
                maker = made["maker"]
                return Statement(
                    site, url, maker, made.start("maker"), made.end("maker"), person=name_key(maker)
                )
    return None


# the events a beginning is asked by ("when was X founded", "when did X open", "when was X released")
_BEGINNINGS = frozenset({"=established", "=released", "=began"})
# a span in parentheses, spaced around its dash or not: "(2 July 1829 – 3 November 1913)", "(1831–1898)"
_SPAN = re.compile(r"\(([^()]{4,40}?)\s?[–—-]{1,2}\s?([^()]{4,40}?)\)")


# a date an earlier plan gave, which the event did not keep: "was initially slated to open in October 2011",
# "the museum was originally supposed to open in 2014" (real pages, issue 22, round 152)
_ONCE_PLANNED = re.compile(
    r"\b(?:originally|initially)[ \t]{1,2}(?:been[ \t]{1,2})?"
    r"(?:scheduled|slated|set|planned|supposed|due|expected|intended|meant|earmarked|targeted)[ \t]{1,2}"
    r"(?:to|for)\b[^.!?;]{0,40}$"
)


def _a_span_bound(text: str, f: Figure) -> bool:
    """Whether a date is a bound of a span in parentheses that no beginning asked is: its closing date, or a
    day ("Joseph Cyril Bamford (21 June 1916 – 1 March 2001)", "Pyotr Smirnov (1831–1898)"). A span after a
    name is a life or a tenure, and a life is written in days; an organisation's own span ("Studebaker
    (1852–1967)") opens with its founding year, which stays. Real pages, issue 22, round 151: a founder's
    death date had answered "when was JCB founded" and "when was Smirnoff founded" (in-sample over CW to EE,
    3 wrong answers right, none lost)."""
    opening = text.rfind("(", max(0, f.start - 45), f.start)
    if opening < 0:
        return False
    m = _SPAN.match(text, opening)
    return m is not None and f.end <= m.end() and (m.start(2) <= f.start or _a_day(f))


def _lifespan(site: str, url: str, text: str, ask: Ask, reader: FigureClaimReader) -> Statement | None:
    """ "Horace Rumbold (2 July 1829 – 3 November 1913)": the parenthesis after a name states birth, then
    death."""
    for m in _SPAN.finditer(text[:1500]):
        before = fold(text[max(0, m.start() - 60) : m.start()])
        if ask.subject and not _names_subject(before, ask):
            continue
        side = 1 if "=born" in ask.relation else 2
        lo, hi = m.start(side), m.end(side)
        inside = [f for f in reader.figures if lo <= f.start and f.end <= hi and f.kind in _DATE_KINDS]
        if inside:
            f = inside[0]
            return Statement(site, url, format_figure(f), f.start, f.end, figure=f, claim=reader.claim(f))
    return None


# "X is an American ice hockey player", "X was a 1996 romantic comedy film": what the page says X is.
_DEFINED = re.compile(
    r"\b(?:is|was|are|were)\s+(?:an?|the)\s+(?P<np>(?:[\w'’-]+\s+){0,5}?[\w'’-]+?)"
    r"(?=\s+(?:by|from|in|of|for|that|which|who|with|on|at|and|based|born|released|written|directed|located|"
    r"founded|created|known|where|whose|starring|broadcasting)\b|\s*[,.;:(]|$)"
)


def _defined_as(site: str, url: str, text: str, folded: str, ask: Ask) -> Statement | None:
    """For a question no figure, date or name answers ("what sport", "what medium"), what the page defines
    the subject as, in its first sentence that names the subject: shown as the answer, never disputed."""
    for start, end in sentence_spans(text[:2000]):
        sentence = folded[start:end]
        if ask.subject and not _names_subject(sentence, ask):
            continue
        named = _named_kind(site, url, text, start, end, ask)
        if named is not None:
            return named
        m = _DEFINED.search(text, start, end)
        if m is None:
            continue
        words = [w for w in m["np"].split() if not w[:1].isdigit()]
        if words:
            phrase = " ".join(words)
            if "sport" in ask.relation:
                phrase = _sport_of(words)
                if not phrase:
                    continue  # a definition that names no sport ("a run to the last") does not answer
            at = m.start("np")
            return Statement(
                site,
                url,
                phrase,
                at,
                at + len(m["np"]),
                person="",
                category=stem(fold(phrase.split()[-1]), "en"),
            )
    return None


_TOKEN = re.compile(r"[\w/'’&-]+")
_BREAK = re.compile(r"[,;:()\[\]\"“”.!?]")
_ARTICLES = frozenset({"a", "an", "the", "its"})


def _named_kind(site: str, url: str, text: str, start: int, end: int, ask: Ask) -> Statement | None:
    """ "broadcasting a Spanish Tropical format" answers "what format": the words the page puts between an
    article and the very noun the question asks about, in a sentence naming the subject."""
    tokens = list(_TOKEN.finditer(text, start, end))
    for i, token in enumerate(tokens):
        if i < 2 or not ask.noun or stem(fold(token[0]), "en") != ask.noun:
            continue  # the asked noun itself ("format"), not a word sharing its first letters ("professional")
        for j in range(i - 1, max(-1, i - 6), -1):
            if fold(tokens[j][0]) in _ARTICLES:
                words = [t[0] for t in tokens[j + 1 : i]]
                # "a basketball team, Snow ...": no kind runs across a comma
                crosses = _BREAK.search(text, tokens[j].end(), token.start()) is not None
                if (
                    words
                    and not crosses
                    and not any(
                        fold(w) in FUNCTION_WORDS or fold(w) in ASK_WORDS or w[:1].isdigit() for w in words
                    )
                ):
                    at, stop = tokens[j + 1].start(), tokens[i - 1].end()
                    return Statement(site, url, text[at:stop], at, stop, category=stem(fold(words[-1]), "en"))
                break
    return None


def _sport_of(words: list[str]) -> str:
    """The sport a sportsperson's definition names: "former Welsh professional snooker player" -> snooker,
    "English footballer" -> football, "American right fielder" -> baseball; empty when it names none."""
    last = fold(words[-1])
    if last in SPORT_OF_AGENT:
        return SPORT_OF_AGENT[last]
    if last not in SPORT_ROLES or len(words) < 2:
        return ""
    kind = list(words[:-1])
    # sports are written in lower case; a capital word before the sport is a nationality, except where it
    # is part of the sport's name ("American football", "Australian rules football")
    while kind and (
        fold(kind[0]) in PLAYER_QUALIFIERS
        or (kind[0][:1].isupper() and fold(kind[1]) not in ("football", "rules") if len(kind) > 1 else False)
    ):
        kind.pop(0)
    if any(fold(w) in FUNCTION_WORDS for w in kind):
        return ""
    return " ".join(kind)


def _value_in(
    text: str,
    start: int,
    end: int,
    hits: list[int],
    ask: Ask,
    reader: FigureClaimReader | None,
    site: str,
    url: str,
    dateline: tuple[int, ...] = (),
) -> Statement | None:
    anchor = hits[0] if hits else start
    if reader is not None:
        inside = [f for f in reader.figures if start <= f.start < end]
        wanted = _DATE_KINDS if ask.kind == "date" else ("count", "measure", "money", "percent")
        pool = [
            f
            for f in inside
            if f.kind in wanted
            and (not ask.unit or ask.kind != "figure" or unit_key(f) == ask.unit)
            and not _a_price_per_share(text, f, ask)
            and not _a_recurring_amount(text, f, ask)
            and not _another_deal(text, start, f, ask)
            and not _founding_of_another(text, start, f, hits, ask)
            and not _a_part_of_a_sum(text, f)
        ]
        pool = [
            f
            for f in pool
            if (not WORD.findall(fold(f.text))[0:1] or WORD.findall(fold(f.text))[0] not in ask.subject)
            and (f.kind, f.value) not in ask.stated
        ]
        pool = [f for f in pool if f.start not in dateline]
        if ask.kind == "date" and ask.relation & _BEGINNINGS:
            pool = [f for f in pool if not _a_span_bound(text, f)]
        if ask.kind == "date":
            pool = [f for f in pool if not _ONCE_PLANNED.search(text, max(start, f.start - 80), f.start)]
        years = _asked_years(ask)
        if ask.kind == "date" and not any(_a_day(f) for f in pool) and len(years) == 1:
            # "the 2026 FIFA World Cup final ... on Sunday, July 19": a day the page writes without the year
            # the question names
            pool += _days_of_the_year(text, start, end, next(iter(years)))
        if ask.kind == "date" and any(f.kind == "date" for f in pool):
            pool = [f for f in pool if f.kind == "date" or not _inside_date(f, inside)]
        priors = tuple(f for f in pool if reader.claim(f).prior)
        pool = [f for f in pool if f not in priors and not reader.claim(f).change]
        # "the metropolitan area has 910,000" answers "population of Valcourt" only if the question names that
        # scope
        # (a date has no scope: "the first direct detection ... observed on September 14, 2015")
        # ... but "sold 350 million copies worldwide" answers a question that names no scope: the whole world
        # is no narrower scope than none
        pool = [f for f in pool if f.kind in _DATE_KINDS or reader.claim(f).scope - _WHOLE <= ask.scope]
        # "the 2021 census" asked: "the 2016 census recorded 35,151,728" is another period's figure
        pool = [f for f in pool if not years or reader.claim(f).period.year in (None, *years)]
        introduced = _introduced_numbers(text, start, end, inside, ask)
        pool += introduced
        if ask.concepts and ask.kind == "figure":
            # no figure named by the concept: for an amount of money (a price, a wage), any amount and never a
            # count; for another concept, no amount (a money figure would be another quantity's)
            money = ask.concepts <= MONEY_CONCEPTS
            # "how much did X pay": a count beside the deal's words ("400 million users") is no price
            if money and not ask.counted:
                pool = [f for f in pool if f.kind == "money"]
            pool = [f for f in pool if f in introduced or reader.claim(f).head in ask.concepts] or [
                f for f in pool if (f.kind == "money") == money
            ]
            # "data center revenue" answers "revenue" only when nothing plainer does: a segment is another
            # quantity
            pool = [f for f in pool if reader.claim(f).modifiers <= ask.relation] or pool
        if ask.counted:  # "how many moons": a count, and the whole one ("51 founding members" is a part)
            pool = _whole_counts(text, [*pool, *_bare_counts(text, start, end, inside, ask)], ask) or (
                # an ordinal only where no count is stated: "the 5th moon discovered" beside "62 moons"
                _whole_counts(text, _ordinal_counts(text, start, end, inside, ask), ask)
            )
            pool = [_part_asked(text, f, end, ask) for f in pool]
            if not ask.total:
                # "plans to close 300 stores", "opened 139 stores": what changes in a year is not what the
                # subject has (a stock asked, a flow stated)
                pool = [f for f in pool if not _a_flow(text, f)]
        # "far surpassing Jupiter's 95 moons": another thing's figure; "beat it by 34 seconds": a margin
        pool = [
            f
            for f in pool
            if not _owned_by_another(text, f, ask) and not _MARGIN.search(text, max(0, f.start - 20), f.start)
        ]
        if not pool:
            return None
        f = min(
            pool,
            key=lambda f: (
                *_count_rank(text, f, ask),
                _measured_otherwise(text, f, ask),
                -_described(text, start, f, ask),
                min(abs(f.start - h) for h in hits or [anchor]),
                f.start,
            ),
        )
        return Statement(
            site, url, format_figure(f), f.start, f.end, figure=f, prior=priors, claim=reader.claim(f)
        )
    subject = ask.subject
    asks_post = _asks_a_post(ask)
    names = [n for n in name_mentions(text[start:end]) if not n.weak or n.offset > 0]
    candidates = []
    for n in names:
        at = start + n.offset
        words = set(n.key.split())
        if (
            not words
            or words & subject
            or words <= NAME_NOUNS
            # "Which planet in our solar system has the most moons": the question's own words name no answer
            or all(stem(w, "en") in ask.relation for w in words)
            or _PAST_BEFORE.search(text[max(start, at - 40) : at])
        ):
            continue
        if any(w in PAST_ROLE for w in fold(text[max(start, at - 12) : at]).split()):
            continue
        if _SOURCE_BEFORE.search(text, max(start, at - 80), at):
            continue  # "according to a report by Alphaliner": who says it, not what is said
        if n.surface.isupper() and _AMOUNT_BEFORE.search(text, max(start, at - 24), at):
            continue  # "25 million TEU": an initialism after an amount is its unit
        if demonym(n.surface, text[at + len(n.surface) : at + len(n.surface) + 2]):
            continue  # "American band", "British singer": an adjective, not who
        if asks_post and (no_post_holder(n.surface, subject) or text.startswith(":", at + len(n.surface))):
            # "who is the chief of the defence force": "United Kingdom", "Chief of Staff" hold none, nor a
            # label before a colon ("CDS; French: chef d'état-major")
            continue
        if post_ended(n.surface):
            continue  # "Culture Minister", "Joint Chiefs of Staff": a title or a body, never who
        if " " not in n.surface and re.search(rf"\b{re.escape(n.surface.lower())}\b", text):
            continue  # "Album" where the page also writes "album": a common word capitalised by its place
        after = at >= anchor
        by = re.search(r"(?:\b(\w+)\W+)?\bby\W+(?:[\w'’-]+\W+){0,4}$", text[max(start, at - 60) : at])
        # "directed by Raoul Walsh" answers who directed before "based on the play by Michael Morton" does
        made = (
            by is not None and bool(by[1]) and _participle(by[1]) and word_relates(fold(by[1]), ask.relation)
        )
        # "on the Koltsevaya line" answers "which line": a name the asked noun ends or follows
        headed = _headed(n.surface, text[at + len(n.surface) : at + len(n.surface) + 30], ask.noun)
        # a bare "by" marks the agent only where the question asks for a maker or the doer of an event ("is
        # operated by which operator"): elsewhere "founded in 1752 by Emperor Franz I" and "a report by
        # Alphaliner" name no answer to "which zoo", "which port"
        by_maker = by is not None and (
            bool(ask.relation & _CREATORS) or any(k[:1] == "=" and k not in LIFE_EVENTS for k in ask.relation)
        )
        rank = (0 if made else 1 if by_maker else 2, 0 if headed else 1, 0 if after else 1, abs(at - anchor))
        candidates.append((rank, n, at, headed))
    if not candidates:
        return None
    _, n, at, headed = min(candidates, key=lambda c: c[0])
    # "Twelve Gauge Valentine Released 2007": an infobox's next label
    label = _LABEL_AFTER.search(n.surface)
    if label is not None and label.start() > 0:
        n = n._replace(surface=n.surface[: label.start()], key=name_key(n.surface[: label.start()]))
    if headed == "after" and ask.noun in _NAMED_WITH_NOUN:  # "the Koltsevaya line": the noun is in the name
        noun = _FIRST_WORD.match(text, at + len(n.surface))
        if noun is not None:
            stop = noun.end()
            return Statement(site, url, text[at:stop], at, stop, person=n.key)
    number = _NUMBER_BEFORE.search(text, max(start, at - 8), at) if headed == "in" else None
    if number is not None:  # "the 1915 Çanakkale Bridge": a number that opens a thing's name is part of it
        surface = text[number.start() : at + len(n.surface)]
        return Statement(site, url, surface, number.start(), at + len(n.surface), person=name_key(surface))
    return Statement(site, url, n.surface, at, at + len(n.surface), person=n.key)


def _asks_a_post(ask: Ask) -> bool:
    """Whether a name question asks a person by a post no role reads ("who is the chief of the defence
    force", "who is the US ambassador to the UK"): its noun is a post's."""
    return ask.kind == "name" and not ask.role and (ask.noun in _POST_STEMS or _asks_a_record_holder(ask))


def _asks_a_record_holder(ask: Ask) -> bool:
    """Whether a name question asks who holds a record ("who holds the men's 100m freestyle world record"): a
    record is held by a person (or a team), so a body, a place or an initialism the page names beside it
    ("International Swimming Federation", "ISS") holds none (round 191, real pages)."""
    return ask.noun == "hold" and "record" in ask.relation


_POST_STEMS = frozenset(stem(w, "en") for w in POST_NOUNS)
# a statement's source, named in its own clause: "according to data released by Alphaliner"
_SOURCE_BEFORE = re.compile(r"(?i)\baccording\s+to\b[^.;,()]{0,60}$")
_AMOUNT_BEFORE = re.compile(r"\d(?:\s*(?:million|billion|thousand|m|bn|k))?\s*$")
_NUMBER_BEFORE = re.compile(r"(?<![\w.,])\d{1,4} $")


# A count these words qualify is a part or a change, not the total a "how many" asks for: "128 newly
# discovered moons", "51 founding members", "another 29", "30 more"
_PARTIAL = frozenset(
    {
        *("new", "newly", "additional", "more", "another", "extra", "further", "other", "remaining"),
        *("founding", "original", "initial", "recently"),
        *("added", "adds", "adding", "gained", "gains", "gaining", "lost", "loses", "losing", "net"),
        *("milestone", "mark", "threshold"),
        # "split into four smaller regions": a comparative of size counts the pieces of a part
        *("smaller", "larger", "bigger"),
    }
)
# "289 seats are therefore required for a majority", "won at least 61 seats", "needs 218 of the 435 seats": a
# count a condition asks for is a bound, not the count there is (read up to three words after it)
_CONDITION = frozenset({"required", "needed", "need", "needs", "necessary", "majority"})
# "bringing its total to 274", "taking its paid membership base to 301.6 million", "now has 27": the whole
_TOTAL_BEFORE = re.compile(
    r"(?i)(?:\b(?:total|totals|totalling|totaling|altogether|now|currently|today)\b\W+(?:\w+\W+){0,2}"
    r"|\b(?:bringing|brings|brought|taking|takes|took|pushing|pushed|lifting|lifted|raising|raised)\b"
    r"[^.;]{0,40}\bto\s+)$"
)
_WHOLE = frozenset({"global"})
# a count that is a part of another or the subject's start: "3,500 clubs including 1,000 international
# locations", "began with $437 in assets and 17 members", "started out with four stores"
_PART_BEFORE = re.compile(
    r"(?i)\b(?:including|(?:began|begun|begins|started|starts|opened|launched|founded)"
    r"(?:[ \t]{1,2}+out)?[ \t]{1,2}+with(?:[ \t]{1,2}+[\w$€£.,’'-]{1,20}+){0,4}?)[ \t]{1,2}+"
    r"(?:(?:just|only|some|about|around|nearly|almost|over)[ \t]{1,2}+)?$"
)
# the verbs of a count that changes, within three words before it: "close 300 stores", "opened 139", "laid off
# 1,200 workers"
_FLOW_BEFORE = re.compile(
    r"(?i)\b(?:open|opens|opened|opening|close|closes|closed|closing|shut|shuts|shutting|shutter|shutters|"
    r"shuttered|add|adds|added|adding|cut|cuts|cutting|eliminate|eliminates|eliminated|eliminating|slash|"
    r"slashed|slashing|shed|sheds|shedding|hire|hires|hired|hiring|laid[ \t]{1,2}+off|lay[ \t]{1,2}+off|"
    r"lays[ \t]{1,2}+off|axe|axed|axing)(?:[ \t]{1,2}+[\w’'-]{1,20}+){0,2}?[ \t]{1,2}+$"
)
_MARGIN = re.compile(r"(?i)\b(?:by|off)\s+(?:just\s+|only\s+|some\s+|about\s+|nearly\s+|almost\s+)?$")
_POSSESSOR = re.compile(r"([A-Z][\w-]+)['’]s\s+(?:\w+\s+)?$")
_NAMED_PARENTHESIS = re.compile(r"([A-Z][\w-]+)\s*\(\s*$")  # "Chris Evert (18 titles)": Evert's


def _a_price_per_share(text: str, f: Figure, ask: Ask) -> bool:
    """Whether an amount of money is a price per share ("$42 per share", "$47.50 a share", "$315-per-share")
    that the question does not ask for: it is a deal's price divided among the shares, never what was paid in
    all (round 62, real pages: takeovers answered by their price per share). A yearly or monthly amount is
    left alone: "the licence fee is £180 a year" is what "how much is the licence fee" asks
    (:func:`_a_recurring_amount` keeps it from a takeover's price). An offering's price is quoted per share,
    so an IPO's is one (round 69)."""
    if f.kind != "money":
        return False
    if ask.subject & _PRICED_PER_SHARE:
        return False  # "Alibaba's IPO price": an offering is priced per share
    m = _PER_SHARE_AFTER.match(text, f.end)
    if m is not None and stem(m[1].lower(), "en") not in ask.relation:
        return True
    # "the share price up to $194", "its stock closed at $52": a share's price on the market, quoted per share
    return _SHARE_PRICE_BEFORE.search(text, max(0, f.start - 40), f.start) is not None


# "$47.50 per Hilton share", "$315 per Panera Bread Co. share", "$229 in cash for each share": the company
# may stand before the word
_PER_SHARE_AFTER = re.compile(
    r"(?:\s+in\s+cash)?(?:\s+for)?(?:\s+|-)(?i:per|a|each)[\s-]+(?:[A-Z][\w.&'’-]*\s+){0,3}(?i:(share)s?)\b"
)


def _a_part_of_a_sum(text: str, f: Figure) -> bool:
    """Whether an amount of money is one part of a price the page sums with another, either side of the
    "plus": "$3 billion in cash plus up to $300 million in shares" states neither as what was paid (round
    75, real page)."""
    return f.kind == "money" and bool(
        _PART_BEFORE_ANOTHER.match(text, f.end)
        or _PART_AFTER_ANOTHER.search(text, max(0, f.start - 24), f.start)
    )


# the words that add a second part to a price: "plus up to", "and another about"
_ADDING = r"plus|and[ \t]{1,2}another"
_ADDED = r"[ \t]{1,2}(?:up[ \t]{1,2}to[ \t]{1,2})?(?:about[ \t]{1,2})?"
_PART_BEFORE_ANOTHER = re.compile(
    rf"(?:[ \t]{{1,2}}[\w-]+){{0,4}}?[ \t]{{1,2}}(?i:{_ADDING}){_ADDED}(?:US)?[$€£]"
)
_PART_AFTER_ANOTHER = re.compile(rf"(?i)\b(?:{_ADDING}){_ADDED}$")
_SHARE_PRICE_BEFORE = re.compile(
    r"(?i)\b(?:(?:share|stock)[ \t]{1,2}price|(?:shares|stock)[ \t]{1,2}(?:closed|traded|rose|fell|jumped|climbed|"
    r"dropped|opened|ended|were|was))\b[^.;\n$€£]{0,30}$"
)


def _another_deal(text: str, start: int, f: Figure, ask: Ask) -> bool:
    """Whether the deal a figure belongs to is another's: the words after the deal's noun nearest the figure
    name a body and no word of the subject ("SoftBank's own $22 billion acquisition of a controlling stake in
    Sprint in 2013" for "what year did SoftBank buy Arm"; "the acquisition of the Swedish carmaker" names no
    body, a people's adjective aside). Only for a deal's question naming two subjects, a buyer and what it
    bought (round 77, real page)."""
    if "deal" not in ask.concepts or len(ask.subject) < 2:
        return False
    deals = list(_DEAL_OF.finditer(text, max(start, f.start - 120), min(len(text), f.end + 120)))
    if not deals:
        return False
    deal = min(deals, key=lambda m: abs(m.start() - f.start))
    words = _DEAL_OBJECT.match(text, deal.end())
    after = words[0] if words else ""
    if set(fold(after).replace("-", " ").split()) & ask.subject:
        return False
    return any(not demonym(m[0], after[m.end() : m.end() + 2]) for m in _CAPITALISED.finditer(after))


def _founding_of_another(text: str, start: int, f: Figure, hits: list[int], ask: Ask) -> bool:
    """Whether the founding nearest a date is another named body's, so the date answers nothing of the
    subject's: a page tells a body's history through its predecessors, rivals and offshoots, each with its own
    founding year (round 78, real pages: "when was the Riksbank founded" answered by the Stockholms Banco's
    1656). Only for a question of when the subject was founded, established or opened.

    The body is the name the founding word is said of, read only where the grammar says so: an active verb's
    object ("in 1902 he founded Pritzker & Pritzker"), a passive's or an intransitive's subject written just
    before it ("Colegio de San Ildefonso opened in 1595"), a relative clause's name ("the National Hockey
    Association (NHA), which had been founded in 1909") or a name with the founding in brackets ("The Times
    of India (founded in 1838)"). A bare comma before the word is left alone: "a public university in
    Montreal, Canada, officially founded in 1821" says it of the university, not of Canada. The name is the
    subject's when it shares a word with it or writes its initials; a name's single word counts only in
    capitals ("NHA"), since a capitalised common word ("Limited", "Date") names no body."""
    if ask.kind != "date" or _FOUNDED not in ask.relation or not hits or not ask.subject:
        return False
    at = min(hits, key=lambda h: abs(h - f.start))
    word = _A_WORD.match(text, at)
    if word is None or abs(at - f.start) > _FOUNDING_REACH or not word[0].lower().endswith("ed"):
        return False  # a noun ("founding director", "its establishment") says of whom by no grammar read here
    left = max(start, at - 120)
    passive = _PASSIVE_BEFORE.search(text, left, at) is not None
    if not passive:
        taken = _FOUNDING_OBJECT.match(text, word.end())
        if taken is not None:
            return _another_body(taken["name"], taken["name"], ask)
        branch = _A_BRANCH.match(text, word.end())
        if branch is not None and not (branch["place"] and _names_subject(fold(branch["place"]), ask)):
            return True  # "In 1994, we opened our first European branch": a later opening of a part of it
        if _TAKES_OBJECT.match(text, word.end()):
            return False  # "Robert Peel founded the Metropolitan Police": the name before is who founded it
    said = _FOUNDED_AFTER_NAME.search(text, left, at)
    if said is None or (said["bare"] is not None and _AFTER_A_PLACE.search(text, left, said.start())):
        return False  # "The Royal Albert Hall in London is opened": a place, not what opened
    return _another_body(said["name"], said[0], ask)


def _another_body(name: str, written: str, ask: Ask) -> bool:
    """Whether a name (``written`` with its aside in brackets) is no name of the subject: it shares no word
    with it, does not write its initials, and is a name (two words or more, or one in capitals; a pronoun
    closing a run ("N. J. It") is the next sentence's)."""
    words = [w for w in WORD.findall(fold(name)) if w not in FUNCTION_WORDS]
    if not words or fold(name.split()[-1]) in FUNCTION_WORDS:
        return False
    if len(words) == 1 and not (name.split()[-1].isupper() and len(words[0]) > 1):
        return False
    stems = {stem(w, "en") for w in WORD.findall(fold(written))}
    if stems & {stem(w, "en") for w in ask.subject} or _by_initials(written, ask):
        return False
    # "The ETUC" for the European Trade Union Confederation, "the United Nations International Children's
    # Emergency Fund" for UNICEF: initials, whichever side writes them
    capitals = "".join(w[0] for w in re.findall(r"[A-Z][\w'’-]*", name) if fold(w) not in FUNCTION_WORDS)
    if capitals.lower() in ask.subject:
        return False
    initials = "".join(w[0] for phrase in ask.phrases for w in phrase.split() if w not in FUNCTION_WORDS)
    acronym = name.split()[-1]
    return not (acronym.isupper() and _in_order(initials, acronym.lower()))


def _in_order(letters: str, word: str) -> bool:
    """Whether ``letters`` (two or more) appear in ``word`` in order: "ec" in "etuc"."""
    if len(letters) < 2:
        return False
    rest = iter(word)
    return all(c in rest for c in letters)


_FOUNDED = "=established"
_FOUNDING_REACH = 80  # characters between a founding word and the date it gives: one clause
_A_WORD = re.compile(r"[\w'’-]+")
# a run of capitalised words, joined by a name's small words ("Bank of Palmstruch", "Colegio de San
# Ildefonso")
_BODY_NAME = (
    r"(?<![\w&'’.-])[A-Z][\w&'’.-]*(?:[ \t]{1,2}(?:(?:of|de|del|di|da|du|der|des|la|le|the|and|&|for)[ \t]{1,2}){0,2}"
    r"[A-Z][\w&'’.-]*){0,5}"
)
# what a founding word is said of, just before it: the name, an aside in brackets, then "was", ", which had
# been", or an opening bracket; an adverb ("first", "officially") last
_FOUNDED_AFTER_NAME = re.compile(
    rf"(?P<name>{_BODY_NAME})(?:[ \t]{{0,2}}\([^()\n]{{0,60}}\))?"
    r"(?:(?P<bare>[ \t]{1,2})(?:(?:was|were|is|had[ \t]{1,2}been|has[ \t]{1,2}been)[ \t]{1,2})?"
    r"|,[ \t]{1,2}(?:which|that)[ \t]{1,2}(?:was|were|is|had[ \t]{1,2}been|has[ \t]{1,2}been)[ \t]{1,2}"
    r"|[ \t]{0,2}\([ \t]{0,2})"
    r"(?:(?:first|originally|officially|formally)[ \t]{1,2})?$"
)
# a name just after a preposition or a comma is a place or an aside ("in London", "Montreal, Canada")
_AFTER_A_PLACE = re.compile(r"(?:\b(?:in|at|of|near|from|by|for|to|and)[ \t]{1,2}|,[ \t]{0,2})$")
_PASSIVE_BEFORE = re.compile(r"(?i)\b(?:was|were|is|are|been|be)[ \t]{1,2}(?:\w+[ \t]{1,2})?$")
# the name an active founding verb takes: "founded Pritzker & Pritzker", "co-founded the Space Commission"
_FOUNDING_OBJECT = re.compile(rf"[ \t]{{1,2}}(?:the[ \t]{{1,2}})?(?P<name>{_BODY_NAME})(?![\w&'’.-])")
# an active founding verb's object that is a part opened later, a new one, a further one or the first of a
# region: "opened its first European branch", "opened a new plant", "opened its 100th store" ("opened its
# first store" and "opened its doors" are the founding itself)
_A_BRANCH = re.compile(
    r"[ \t]{1,2}(?:its|our|their|his|her|a|an|the)[ \t]{1,2}"
    r"(?:first[ \t]{1,2}(?P<place>[A-Z][\w'’.-]*+|overseas|international|foreign)"
    r"|(?:new|second|third|another|\d{1,5}(?:st|nd|rd|th))\b)"
)
# an object in lower case after an active founding verb: "founded the company", "opened its doors"
_TAKES_OBJECT = re.compile(r"[ \t]{1,2}(?:the|a|an|its|his|her|their|our|this|that|these)\b")


# a deal's noun and what it is of: "acquisition of", "purchase of", "takeover of"; then the words up to the
# clause's end, a bounded stretch (what was bought is named within it)
_DEAL_OF = re.compile(r"(?i:acquisition|purchase|takeover|buyout)[ \t]{1,2}of[ \t]{1,2}")
_DEAL_OBJECT = re.compile(r"[^.;,:!?()\n—–]{1,80}")
_CAPITALISED = re.compile(r"(?<![\w'’-])[A-Z][\w&'’-]*")


def _a_recurring_amount(text: str, f: Figure, ask: Ask) -> bool:
    """Whether an amount of money is paid a year, a month, a week or a day ("most of whom pay $72 a year")
    where the question asks a payment made once, a takeover's price: a subscription, not what a buyer paid
    (round 69)."""
    return (
        f.kind == "money"
        and bool(ask.concepts & _ONE_OFF)
        and _PER_PERIOD_AFTER.match(text, f.end) is not None
    )


# a payment made once (a takeover's price), which no amount paid per year or month is
_ONE_OFF = frozenset({"deal"})
_PER_PERIOD_AFTER = re.compile(
    r"(?i)\s*(?:a|per|each|every)\s+(?:year|month|week|day)\b|\s*(?:annually|monthly)\b"
)
# what is priced per share whatever the question says: an initial public offering
_PRICED_PER_SHARE = frozenset({"ipo"})


def _count_rank(text: str, f: Figure, ask: Ask) -> tuple[int, int]:
    """How well a figure answers a "how many": (a part or a change, 1 else 0; neither the asked noun nor a
    total, 1 else 0). Why: a page counting its subject's things states the increment beside the total ("128
    newly discovered moons, bringing its total to 274") and other counts beside the asked one ("27 Member
    States and 24 official languages"); the nearest figure to the relation word is as often the other."""
    if ask.kind != "figure" or f.kind != "count":
        return (0, 0)
    before = WORD.findall(fold(text[max(0, f.start - 40) : f.start]))[-3:]
    after = WORD.findall(fold(text[f.end : f.end + 40]))[:3]
    # "128 newly discovered moons": the words the count carries; a bare or ordinal count has its noun apart
    written = WORD.findall(fold(f.text))[1:] or WORD.findall(fold(f.unit))
    # "added a record 19 million subscribers": a change three words before
    total = bool(_TOTAL_BEFORE.search(text[max(0, f.start - 40) : f.start]))
    partial = (
        any(w in _PARTIAL for w in before + written + after[:2])
        or any(w in _CONDITION for w in before + written + after[:3])
        # "won at least 61 seats" is a bound; "the collection totals at least 8 million objects" a total
        or ("least" in before and not total)
        or bool(_PART_BEFORE.search(text, max(0, f.start - 40), f.start))
    )
    # the count's own noun ("36 years old, won the awards" counts years); the next word when it has none
    # ... of the thing counted, not of the subject's kind: "#1 zoo" counts no animals of the Saint Louis zoo,
    # "actually two halls" no seats of Suntory Hall (round 150)
    counted = any(word_relates(w, ask.relation - ask.subject_kind) for w in (written or after[:1]))
    return (1 if partial else 0, 0 if counted or total else 1)


_NAMED_NUMBER = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][\w-]*)\s+(?:No\.?\s*)?$")


def _in_a_name(text: str, start: int) -> bool:
    """A number right after a capitalised word inside a sentence is part of a name ("Flight 63", "Boeing 737",
    "Route 66"), not a count; a sentence's first word ("About 300") is capitalised by its place."""
    m = _NAMED_NUMBER.search(text, max(0, start - 20), start)
    return (
        m is not None
        and fold(m[1]) not in FUNCTION_WORDS
        and m.start(1) > 0
        and not starts_sentence(text, m.start(1))
    )


_BARE = re.compile(
    r"(?<![\w.,$€£%-])(\d{1,3}(?:,\d{3})+|\d{1,9}(?:\.\d+)?)(?![\w%]|[.,]\d)"
    r"(?:\s+(?P<scale>thousand|million|billion)\b)?"
)
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_ORDINAL = re.compile(r"(?<![\w.,])(\d{1,6})(?:st|nd|rd|th)\b")
# ordinal words from the third on ("first" and "second" are as often other words), with their tens:
# "eighth", "twenty-fourth"; converted by text2num
_ORDINAL_WORD = re.compile(
    r"(?i)(?<![\w-])(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ])?"
    r"(?:third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|"
    r"fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|fiftieth)(?![\w-])"
)


# a number a colon, a full stop or a closing bracket ends: an item's number ("Tip 2:", "Step 3.", "4)")
_NUMBERED_ITEM = re.compile(r"[ \t]?[:.)]")


def _bare_counts(text: str, start: int, end: int, inside: list[Figure], ask: Ask) -> list[Figure]:
    """Numbers the figure reader leaves bare that still answer a "how many": a total ("bringing its total to
    274") or a number before the asked noun written as a name ("27 Member States"). Read as a count of the
    asked thing, named by the noun after it or by another count in the sentence that names it."""
    taken = [(f.start, f.end) for f in inside]
    nouns = [
        f.unit
        for f in inside
        if f.kind == "count" and any(word_relates(w, ask.relation) for w in WORD.findall(fold(f.unit)))
    ]
    out: list[Figure] = []
    scan = unglued(text)
    for m in _BARE.finditer(scan, start, end):
        if not _free_number(text, m.start(), taken):
            continue
        if "." in m[1] and not m["scale"]:
            continue  # "6.25": a count is whole unless a scale word follows ("301.6 million")
        following = WORD.findall(text[m.end() : m.end() + 60])[:6]
        if not m["scale"] and _A_YEAR.fullmatch(m[1]) and following[:1] and following[0][:1].isupper():
            continue  # "the 1268 Cilicia earthquake", "2024 Medals": a year before a name dates it
        named = _named_after(following, ask)
        if named and _NUMBERED_ITEM.match(text, m.end()):
            named = []  # "Tip 2: Consult Seating Charts": a list's numbered item, not "27 Member States"
        total = _TOTAL_BEFORE.search(text[max(start, m.start() - 40) : m.start()])
        # "cut the number of states from 32 to 10", "the total number of regions in the Philippines to 18"
        number_of = _NUMBER_OF_BEFORE.search(text[max(start, m.start() - 120) : m.start()])
        counted = (
            number_of["noun"]
            if number_of is not None and word_relates(fold(number_of["noun"]), ask.relation)
            else ""
        )
        # "Deaths167", "Visitors: 4,833,658": a flattened infobox's label before its number names the count
        label = _LABEL_BEFORE.search(scan, max(start, m.start() - 40), m.start())
        labelled = (
            text[label.start(1) : label.end(1)]  # as the page writes it ("Deaths", not the reader's "Death ")
            if label is not None and any(word_relates(w, ask.relation) for w in WORD.findall(fold(label[1])))
            else ""
        )
        if not named and not (total and nouns) and not counted and not labelled:
            continue
        # "27 Member States": the asked words after the number, as the unit
        unit = (
            _asked_noun(following, named, ask)
            if named
            else nouns[0]
            if total and nouns
            else counted or _COUNT_LABEL_LEAD.sub("", labelled.lower())
        )
        out.append(_bare_count(m, unit))
    return out


def _bare_count(m: re.Match[str], unit: str) -> Figure:
    """A :data:`_BARE` match as a count of ``unit`` ("" for none), its step from its decimals and scale."""
    scale = _SCALE[m["scale"]] if m["scale"] else 1.0
    number = m[1].replace(",", "")
    step = scale * (10 ** -len(number.split(".")[1]) if "." in number else 1.0)
    return Figure("count", float(number) * scale, unit, step, m[0], m.start(), m.end())


# the asked quantity's noun, then (past "of <the subject>") a link to a number: "the capacity of Allianz Arena
# sits at exactly", "Capacity:", "a seating capacity of"
_INTRODUCED_BEFORE = re.compile(
    r"(?i)\b(?P<noun>[^\W\d_]+)(?:\s+(?:of|for|at|in)\s+[^.;:!?\d()\[\]]{1,60}?)?\s*"
    r"(?::|=|\bis\b|\bwas\b|\bof\b|\bat\b|\bholds?\b|\btotals?\b|\breached\b)\s*"
    r"(?:(?:exactly|about|around|approximately|roughly|nearly|almost|some|over|more\s+than|just\s+over|"
    r"just\s+under|up\s+to|a\s+total\s+of|a\s+maximum\s+of)\s+)?$"
)


def _introduced_numbers(text: str, start: int, end: int, inside: list[Figure], ask: Ask) -> list[Figure]:
    """Bare numbers the question's own quantity noun introduces: "the capacity of Allianz Arena sits at
    exactly 75,024", "Capacity: 60,449". The figure reader reads a count only with its noun after it ("75,024
    seats"), but a page that names the quantity first writes the number alone; the noun before it says what
    it is as plainly as one after it would. Only for a "what is the <noun> of" question with no count class or
    unit named (a "how many" reads its bare counts by :func:`_bare_counts`); read as a count with no noun,
    which agrees with any count of the same number (:func:`same_value`)."""
    if ask.kind != "figure" or ask.counted or ask.unit or not ask.noun:
        return []
    taken = [(f.start, f.end) for f in inside]
    out: list[Figure] = []
    scan = unglued(text)
    for m in _BARE.finditer(scan, start, end):
        if not _free_number(text, m.start(), taken) or ("." in m[1] and not m["scale"]):
            continue
        if m["scale"] is None and _BARE_YEAR.fullmatch(m[1]):
            continue  # "capacity in 2015": a year, not the quantity
        before = _INTRODUCED_BEFORE.search(text, max(start, m.start() - 90), m.start())
        if before is None or stem(fold(before["noun"]), "en") != ask.noun:
            continue
        out.append(_bare_count(m, ""))
    return out


_BARE_YEAR = re.compile(r"(?:1[89]|20)\d\d")
# any year a page may write bare, from the year 1000 on: "the 1268 Cilicia earthquake"
_A_YEAR = re.compile(r"1\d{3}|20\d\d")


# "Num Employees", "Number of employees": an infobox's label naming its count by the noun after these words
_COUNT_LABEL_LEAD = re.compile(r"^(?:num|no|number\s+of)\.?\s+")
# a line that opens with a label and nothing else before the number: "Deaths167", "Visitors: 4,833,658"; as
# readers flatten an infobox into a list or a table, after a bullet or between pipes ("- Num Employees:
# 6,238", "Branches | 81 |", round 162)
_LABEL_BEFORE = re.compile(
    rf"(?m)^(?:[-•*][ \t]{{1,3}}|\|[ \t]{{0,3}})?({INFOBOX_LABEL})[ \t]*(?:[:|][ \t]*){{0,2}}$"
)
# "the number of <noun> ... to|is|was|at|stands at|reached N": a count written as a phrase before its number
_NUMBER_OF_BEFORE = re.compile(
    r"(?i)\bnumber\s+of\s+(?P<noun>[\w-]+)\b[^.;!?\d]{0,80}?"
    r"\b(?:to|is|was|at|stood\s+at|stands\s+at|reached|reaches|totals?|totalled|totaled)\s*:?\s*$"
)


def _is_ordinal(s: Statement) -> bool:
    f = s.figure
    return f is not None and bool(_ORDINAL.fullmatch(f.text) or _ORDINAL_WORD.fullmatch(f.text))


# "from 2012 to 2015", "between 1991 and 1998", "2012-2015" (not a date's "2023-06-12"): a span of years a
# count may be restricted to
_YEAR_SPAN = re.compile(
    r"(?i)\b(?:from|between)\s+(?:1[89]|20)\d\d\s+(?:to|and|until|till|through)\s+(?:1[89]|20)\d\d\b"
    r"|(?<![\d-])(?:1[89]|20)\d\d\s?[-–]\s?(?:1[89]|20)\d\d\b(?![-/]\d)"
)


def _in_a_span(text: str, f: Figure) -> bool:
    """A count whose sentence names a span of years before it ("a spree from 2012 to 2015, winning 8 grand
    slams in that period") counts within the span: a part of the total a "how many" asks."""
    before = re.split(r"[.!?]\s", text[max(0, f.start - 160) : f.start])[-1]
    return _YEAR_SPAN.search(before) is not None


# "eight gold medals in the 2008 Beijing games", "at the 2012 Olympics": a count of one year's event
_ONE_YEAR_AFTER = re.compile(r"[^.!?;]{0,40}?\b(?:in|at|during)\s+(?:the\s+)?(?:1[89]|20)\d\d\b")
# the words by which a question asks a total over time: "in his career", "of all time", "in total"
_TOTAL_ASKED = frozenset(stem(w, "en") for w in ("career", "total", "overall", "lifetime", "history", "ever"))


def _of_one_year(text: str, f: Figure, ask: Ask) -> bool:
    """A count tied to one year's event ("eight gold medals in the 2008 Beijing games") where the question
    asks a total over time ("in his career"): a part of the total, as a count within a span of years is."""
    return bool(ask.relation & _TOTAL_ASKED) and _ONE_YEAR_AFTER.match(text, f.end, f.end + 60) is not None


def _whole_counts(text: str, pool: list[Figure], ask: Ask) -> list[Figure]:
    """The counts of ``pool`` that may answer a "how many": whole, of the asked thing, no part or change."""
    return [
        f
        for f in pool
        if f.kind == "count"
        and not _in_a_span(text, f)
        and not _of_one_year(text, f, ask)
        and f.value.is_integer()  # "6.25 bitcoins" a block pays is a rate; "301.6 million" is whole
        and (counting := _count_rank(text, f, ask))[0] == 0
        # of the asked thing ("36 years" answers no "how many awards"), unless the question names a class
        # the reader already matched ("how many people")
        and (counting[1] == 0 or bool(ask.unit))
        and not _in_a_name(text, f.start)
    ]


_OF_THE = (["of", "the"], ["out", "of"], ["of", "its"], ["of", "their"], ["of"])


def _part_asked(text: str, f: Figure, end: int, ask: Ask) -> Figure:
    """ "20 of the 27 EU member states use the euro": where the question asks for the members that do what the
    rest of the sentence says (its words after the count name more of the question than the counted noun),
    the part answers; "how many member states does the EU have" is answered by the whole, 27."""
    words = text[max(0, f.start - 24) : f.start].split()
    for tail in _OF_THE:
        lead = words[-len(tail) - 1 : -len(tail)] if len(words) > len(tail) else []
        if [w.lower() for w in words[-len(tail) :]] == tail and lead and lead[0].replace(",", "").isdigit():
            break
    else:
        return f
    own = {fold(w) for w in WORD.findall(f"{f.text} {f.unit}")}  # the counted noun is no restriction
    rest = {fold(w) for w in WORD.findall(text[f.end : end])} - own
    if not any(word_relates(w, ask.relation) for w in rest):
        return f
    number = lead[0]
    at = text.rfind(number, max(0, f.start - 24), f.start)
    value = float(number.replace(",", ""))
    return Figure("count", value, f.unit, 1.0, text[at : f.end], at, f.end)


def _described(text: str, start: int, f: Figure, ask: Ask) -> int:
    """How many of the question's words the few words before a figure are: "a maximum depth of 1620m" is
    described by two, "an average depth of 630m" by one, when the question asks the maximum depth."""
    folded = _folded(text)
    words = WORD.findall(folded[max(start, f.start - 40) : f.start])[-5:]
    # and the word right after it, past a conversion in parentheses: "2,335 metres (7,660 feet) long", "185 m
    # tall" (English writes a dimension's adjective after its measure), or its noun after "in": "8 inches in
    # diameter, 18.6 inches in circumference"
    if after := _word_after(folded, f):
        words.append(after)
    return len({r for w in words for r in ask.relation if word_relates(w, frozenset({r}))})


def _measured_otherwise(text: str, f: Figure, ask: Ask) -> bool:
    """Whether the word after a measure names another dimension than the question asks: "18.6 inches in
    circumference" beside "8 inches in diameter" when the diameter is asked; "579 metres (1,900 ft) long"
    beside "128 metres (420 ft) tall" when the height is."""
    folded = _folded(text)
    # ... and a conversion in brackets is measured by the word after its bracket ("105 meters (344 feet)
    # high and 400 meters (1,300 feet) wide": the 1,300 feet are a width), a measure joined by a hyphen by
    # the word after it ("the 1777m-long and 45m-wide runway"); round 197
    closed = _AFTER_BRACKET.match(folded, f.end)
    after = closed[1] if closed is not None else _word_after(folded, f)
    return after in _DIMENSION_WORDS and not word_relates(after, ask.relation)


def _word_after(folded: str, f: Figure) -> str:
    """The word right after a measure, past a conversion in parentheses and an "in"
    (:data:`_AFTER_CONVERSION`), "" for none."""
    after = _AFTER_CONVERSION.match(folded, f.end)
    return after[1] if after is not None else ""


# the words of a thing's dimensions, as English writes them after a measure: nouns ("8 inches in
# diameter") and adjectives ("579 metres long"; round 184: a dam's length had answered how tall it is)
_DIMENSION_WORDS = frozenset(
    [
        "long",
        "wide",
        "deep",
        "tall",
        "high",
        "thick",
        "diameter",
        "radius",
        "circumference",
        "height",
        "length",
        "width",
        "depth",
        "thickness",
        "span",
        "wingspan",
        "breadth",
        "perimeter",
        # "105 meters tall and 400 meters broad" (round 197, real page: a waterfall's breadth read as its
        # height)
        "broad",
    ]
)
_AFTER_BRACKET = re.compile(r"(?:[ \t]{0,2}\)[ \t]{0,2}|-)(\w+)")
_AFTER_CONVERSION = re.compile(r"\s*(?:\([^()]{0,30}\)\s*)?(?:in\s+)?(\w+)")


def _asked_years(ask: Ask) -> frozenset[int]:
    """The years a question names ("as enumerated by the 2021 census"): the period its figure is of."""
    return frozenset(int(w) for w in ask.subject if len(w) == 4 and w.isdigit() and 1000 <= int(w) <= 2100)


def _ordinal_counts(text: str, start: int, end: int, inside: list[Figure], ask: Ask) -> list[Figure]:
    """An ordinal of the asked noun: "became the 193rd member state", "his eighth Ballon d'Or", the subject's
    running count as of then."""
    taken = [(f.start, f.end) for f in inside]
    out: list[Figure] = []
    for m in [*_ORDINAL.finditer(text, start, end), *_ORDINAL_WORD.finditer(text, start, end)]:
        if not _free_number(text, m.start(), taken):
            continue
        following = WORD.findall(text[m.end() : m.end() + 60])[:6]
        named = _named_after(following, ask)
        if not named and [fold(w) for w in following[:1]] == ["time"]:
            # "won the Ballon d'Or award for a record eighth time": the asked noun comes before, in its clause
            before = WORD.findall(text[max(start, m.start() - 60) : m.start()])
            asked = [i for i, w in enumerate(before) if word_relates(fold(w), ask.relation)]
            named = following = before[asked[-1] :] if asked else []
        # "193rd" by its digits; "eighth" by text2num ("8th")
        written = m[1] if m.re is _ORDINAL else alpha2digit(m[0].lower(), "en")
        digits = written[: len(written) - len(written.lstrip("0123456789"))]
        if named and digits:
            unit = _asked_noun(following, named, ask)
            out.append(Figure("count", float(digits), unit, 1.0, m[0], m.start(), m.end()))
    return out


def _free_number(text: str, start: int, taken: list[tuple[int, int]]) -> bool:
    """A number no figure of the reader holds already, that is not part of a name ("Flight 63") and marks
    nothing (:func:`_a_mark`)."""
    return (
        not any(a <= start < b for a, b in taken) and not _in_a_name(text, start) and not _a_mark(text, start)
    )


def _a_mark(text: str, start: int) -> bool:
    """Whether the number at ``start`` marks a place rather than counting: a reference mark in square brackets
    ("[7]", "[8][9]", as an encyclopedia's text keeps them) or a list item's number opening its line ("9. CVS
    Health is headquartered in ..."). Real pages (issue 22): the name after such a mark was read as the thing
    counted ("[7] The Game Boy" as "7 Game Boys", "9. CVS Health" as 9 employees of CVS Health)."""
    if start and text[start - 1] == "[":
        return _MARK_CLOSE.match(text, start) is not None
    return (start == 0 or text[start - 1] == "\n") and _ITEM_NUMBER.match(text, start) is not None


_MARK_CLOSE = re.compile(r"\d{1,4}\]")
_ITEM_NUMBER = re.compile(r"\d{1,3}[.)][ \t]")


def _named_after(following: list[str], ask: Ask) -> list[str]:
    """The asked words right after a number, or after a name standing between ("193 United Nations (UN)
    member states", "24th Grand Slam title"): a number followed by other lower-case words counts something
    else."""
    for i, w in enumerate(following):
        if word_relates(fold(w), ask.relation):
            return following[i:]
        if not w[:1].isupper():
            return []
    return []


def _asked_noun(following: list[str], named: list[str], ask: Ask) -> str:
    """The run of asked words after a number, from the first: "Member States of the" -> "member states"."""
    run = following[following.index(named[0]) :]
    kept = [w for i, w in enumerate(run) if all(word_relates(fold(x), ask.relation) for x in run[: i + 1])]
    return " ".join(kept).lower()


def _owned_by_another(text: str, f: Figure, ask: Ask) -> bool:
    """A figure written as another named thing's ("Jupiter's 95 moons", "Chris Evert (18 titles)") when the
    question asks of its subject."""
    window = text[max(0, f.start - 40) : f.start]
    m = _POSSESSOR.search(window) or _NAMED_PARENTHESIS.search(window)
    return m is not None and bool(ask.subject) and fold(m[1]) not in ask.subject


_FIRST_WORD = re.compile(r"\s+[\w'’-]+")
# The labels of an encyclopedia's infobox, which a page flattened to text runs into the value before them
_LABEL_AFTER = re.compile(
    r"\s+(?:Released|Recorded|Genre|Length|Label|Producer|Studio|Chronology|Hidden|Born|Died|Website|"
    r"Founded|Headquarters|Type|Format|Language|Country|Location)\b.*$"
)
_BODY_NOUNS = frozenset(stem(w, "en") for w in BODY_NOUNS)
_NAMED_WITH_NOUN = frozenset(stem(w, "en") for w in NAMED_WITH_NOUN)


def _participle(word: str) -> bool:
    """A past participle, as "<verb> by" names a maker: "operated by", "written by", "built by"; not the noun
    of "the busiest port by TEU volume"."""
    low = word.lower()
    return low.endswith(("ed", "en")) or low in _IRREGULAR_PARTICIPLES


_IRREGULAR_PARTICIPLES = frozenset(
    {"built", "made", "led", "run", "held", "won", "sung", "drawn", "sold", "bought"}
)


def _headed(surface: str, following: str, noun: str) -> str:
    """Whether a name carries the question's noun: as its last or its first word ("Labour Party", "Levi's
    Stadium", "Port of Shanghai": "in"), or, for the nouns of bodies, right after it ("Koltsevaya line":
    "after"); empty when neither.

    A named thing is often called by its kind ("which stadium", "which port", "which bridge"): a name with
    the asked noun in it is one of those things, where a name beside it may be its owner, its city or
    the source of a figure ("according to Alphaliner")."""
    if not noun:
        return ""
    words = surface.split()
    if stem(fold(words[-1]), "en") == noun or (len(words) > 2 and stem(fold(words[0]), "en") == noun):
        return "in"
    if noun not in _BODY_NOUNS:
        return ""
    first = _FIRST_WORD.match(following)
    if first is None or not first[0].strip()[:1].islower():  # "United States" is one name, not "United"
        return ""
    return "after" if stem(fold(first[0].strip()), "en") == noun else ""


def _maker(words: str) -> bool:
    """A maker's name, not the year or the country a title's parenthesis also gives ("1969 film", "American
    band")."""
    parts = words.split()
    return parts[0][:1].isupper() and not all(
        w.endswith(DEMONYM_ENDS) or w in ("South", "North", "East", "West") for w in parts
    )


def _inside_date(f: Figure, figures: list[Figure]) -> bool:
    return any(g.kind == "date" and g.start <= f.start and f.end <= g.end for g in figures)


def _days_spanned(s: Statement) -> float:
    """How many days a date statement leaves open: 1 for a day, about 30 for a month, 366 for a bare year; 0
    for anything else, which keeps its source order (the sort is stable)."""
    f = s.figure
    if f is None or f.kind not in _DATE_KINDS:
        return 0.0
    if f.kind == "year":
        return 366.0
    return 31.0 if f.step >= _MONTH_DAYS else 1.0  # every month alike, so months keep their source order


_MONTH_DAYS = 28  # a date whose step is this many days or more is a month (:func:`_a_day`)


def same_value(a: Statement, b: Statement, *, counted: bool = False) -> bool:
    """Two statements give one value: figures within rounding, a date and its year, one person.

    Under a "how many" question (``counted``) two counts are one value when their numbers are, whatever noun
    each page counts with: each was already chosen as the count the question asks for (:func:`_value_in`),
    and pages name the counted thing their own way ("193 member states", "its current 193 members", "27
    member countries"; "24 Grand Slam singles titles" and "24 Grand Slam titles").
    """
    if a.figure is not None and b.figure is not None:
        if (counted or not a.figure.unit or not b.figure.unit) and a.figure.kind == "count" == b.figure.kind:
            return values_agree(a.figure, b.figure)
        return _same_figure(a.figure, b.figure)
    if a.person and b.person:
        return same_person(a.person, b.person) or same_person(b.person, a.person)
    return bool(a.category) and a.category == b.category


def _same_figure(a: Figure, b: Figure) -> bool:
    """Figures within rounding and units, or a date and a bare year of the same year."""
    if a.kind in _DATE_KINDS and b.kind in _DATE_KINDS and a.kind != b.kind:
        return _year(a) == _year(b)
    return figures_agree(a, b)


def _framed(s: Statement, top: list[Statement], texts: dict[str, str]) -> bool:
    """A date or a name says nothing of which thing it belongs to, so a dissent on one needs its sentence
    to say what a majority sentence says, the value aside ("was born on 8 February 1900 in ..."): without
    it, two people, films or buildings that share a name would be read as pages in conflict. A figure's
    clause already names its quantity, subject and period (:func:`_comparable`)."""
    if (s.figure is not None and s.figure.kind not in _DATE_KINDS) or s.role:
        return True  # a role's holder is framed by the role and its organisation, both asked
    own = _frame(texts.get(s.site, ""), s)
    return any(_overlap(own, _frame(texts.get(t.site, ""), t)) >= _FRAME_SHARE for t in top if t.start >= 0)


_FRAME_SHARE = 0.4  # share of the two sentences' content words in common, the values aside


def _frame(text: str, s: Statement) -> frozenset[str]:
    for start, end in sentence_spans(text):
        if start <= s.start < end:
            words = WORD.findall(fold(text[start : s.start] + " " + text[s.end : end]))
            return frozenset(w for w in words if w not in FUNCTION_WORDS and not w.isdigit())
    return frozenset()


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def _comparable(s: Statement, top: list[Statement], ask: Ask | None = None) -> bool:
    """Nothing the two clauses say sets the values apart: not another period, scope, kind of the quantity.

    Under a "how many" the pages count with nouns of their own ("193 members", "193 member states"), so the
    nouns need not match; but a dissent needs positive identity (issue 22): the dissenting count's own noun
    is the asked one ("192 member states", "23rd Grand Slam title"), not another a page counts ("28
    countries" against "how many member states")."""
    if s.claim is None or s.figure is None or s.figure.kind in _DATE_KINDS:
        return True
    if ask is not None and ask.counted and s.figure.kind == "count":
        a = s.claim
        # the asked noun, or the noun the agreeing pages count the answer with ("27 countries" beside "27
        # member states": "28 countries" counts the same thing)
        theirs = {fold(n[-1]) for t in top if t.figure is not None and (n := WORD.findall(t.figure.unit))}
        own = WORD.findall(s.figure.unit)
        named = any(word_relates(fold(w), ask.relation) for w in own) or (
            bool(own) and fold(own[-1]) in theirs
        )
        return named and any(
            (b := t.claim) is not None
            and b.figure.kind == "count"
            and (a.prior, a.change, a.scope) == (b.prior, b.change, b.scope)
            and periods_compatible(a.period, b.period)
            for t in top
        )
    return any(t.claim is not None and same_quantity(s.claim, t.claim) for t in top)


def _a_conversion(text: str, s: Statement) -> bool:
    """Whether a figure stands in parentheses right after another number: the page's conversion of it
    ("about 8,502 km² (3,275 square miles)"), rounded as loosely as the page chose, so no dissent of its
    own."""
    return s.figure is not None and _CONVERSION_BEFORE.search(text, max(0, s.start - 24), s.start) is not None


_CONVERSION_BEFORE = re.compile(r"\d[^()\d]{0,12}\(\s*(?:about\s+|approx\.?\s+|c\.\s*|~\s*)?$")


def _of_one_magnitude(s: Statement, answer: Statement) -> bool:
    a, b = s.figure, answer.figure
    return a is None or b is None or a.kind in _DATE_KINDS or b.kind in _DATE_KINDS or of_one_magnitude(a, b)


def _year(f: Figure) -> int:
    return round(f.value) if f.kind == "year" else date.fromordinal(round(f.value)).year


def names_value(text: str, statement: Statement) -> bool:
    """Whether ``text`` names the statement's value anywhere (naming both values is not disagreeing)."""
    if statement.figure is not None:
        f = statement.figure
        return any(_same_figure(f, g) for g in reader_for(text).figures)
    last = statement.person.split()[-1] if statement.person else ""
    if not last:
        return False
    if " " in statement.person and re.search(rf"\b{re.escape(last)}\b", text):
        # "Odakyu Electric Railway": a last word the page also writes as a common word ("the railway
        # operator") is no surname; only the whole name names it
        return _names_exactly(text, statement)
    return re.search(rf"\b{re.escape(last)}\b", _folded(text)) is not None


def _stated_of_subject(text: str, s: Statement, ask: Ask) -> bool:
    """Whether the statement's own sentence names what it is about: a subject word of the question, or, for a
    question with no subject words ("how many bones are in the adult human body"), half its relation words.
    Issue 22: a disagreement names the same thing "stated on both sides"; a value the reader took from a
    sentence about something else of the page ("we start off life with 350 bones") is no dissent."""
    for start, end in sentence_spans(text):
        if start <= s.start < end:
            sentence = _folded(text)[start:end]
            if ask.subject:
                return _names_subject(sentence, ask)
            words = [m[0] for m in WORD.finditer(sentence)]
            hit = {r for r in ask.relation if any(word_relates(w, frozenset({r})) for w in words)}
            return 2 * len(hit) >= len(ask.relation)
    return False


def _names_answer(text: str, answer: Statement, subject: frozenset[str]) -> bool:
    """Whether a page names the answer's value anywhere, as a figure or as a count's bare number: a page that
    gives both values dissents from neither."""
    return names_value(text, answer) or _names_count(text, answer, subject)


def _names_count(text: str, statement: Statement, subject: frozenset[str]) -> bool:
    """Whether ``text`` writes the answer's count as a bare number, one the reader takes for no figure ("we
    end up with only 206 as adults"): a page that names both values dissents from neither (the safe side;
    too loose to back a value as a mention does, :func:`_add_mentions`). A number the reader counts other
    things with, or that follows another named thing in its sentence ("with only Margaret Court in front
    of him on 24 Grand Slams"), is another's count, not the answer named again."""
    f = statement.figure
    if f is None or f.kind != "count" or not f.value.is_integer():
        return False
    value = int(f.value)
    read = [(g.start, g.end) for g in reader_for(text).figures]
    for v in {str(value), f"{value:,}"}:
        for m in re.finditer(rf"(?<![\d.,]){re.escape(v)}(?![\d]|[.,]\d)", text):
            if any(a <= m.start() < b for a, b in read):
                continue
            clause = re.split(r"[.!?]\s", text[max(0, m.start() - 80) : m.start()])[-1]
            if not any(not n.weak and not set(n.key.split()) & subject for n in name_mentions(clause)):
                return True
    return False


@lru_cache(maxsize=64)
def _folded(text: str) -> str:
    """A page folded once per comparison (every statement is checked against every page), one character for
    one: its sentences are sliced by the page's own offsets."""
    return fold_aligned(text)


@lru_cache(maxsize=64)
def _folded_words(text: str) -> str:
    return " ".join(WORD.findall(_folded(text)))


def _add_mentions(
    groups: list[list[Statement]], statements: Sequence[Statement], texts: dict[str, str], ask: Ask
) -> None:
    """A site with no statement of its own backs the one value it names: a reference list that cites
    "Crazy for You by Best Coast" backs Best Coast. Naming two of the values backs neither; a bare year
    (too common in any text) or a surname alone is not enough."""
    stated = {s.site for s in statements}
    for site, text in texts.items():
        if site in stated:
            continue
        # a role's page that calls the person past backs nobody: news of a successor names the one who goes
        named = [
            g
            for g in groups
            if _names_exactly(text, _shown(g))
            and not (ask.role and called_past(text, _shown(g).person, ask.subject, ask.role))
        ]
        if len(named) == 1:
            s = _shown(named[0])
            named[0].append(
                Statement(site, "", s.value, -1, -1, figure=s.figure, person=s.person, claim=s.claim)
            )


def _names_whole(text: str, statement: Statement) -> bool:
    """Whether ``text`` names the statement's value in full: the figure, or every word of the name."""
    if statement.figure is not None or " " not in statement.person:
        return names_value(text, statement)
    return _names_exactly(text, statement)


def _names_exactly(text: str, statement: Statement) -> bool:
    f = statement.figure
    if f is not None:
        return f.kind != "year" and names_value(text, statement)
    if statement.person and " " in statement.person:
        return re.search(rf"\b{re.escape(statement.person)}\b", _folded_words(text)) is not None
    return False


def answer_of(
    ask: Ask,
    statements: Sequence[Statement],
    texts: dict[str, str],
    dates: dict[str, str | None],
    of: int,
    words: str,
) -> Answer | None:
    """The answer most sites state, and the sites that state another value while naming the answer nowhere."""
    leaving = [s for s in statements if s.leaving]
    statements = [s for s in statements if not s.leaving]
    if any(not s.stand_in for s in statements):
        # a stand-in holds the post until a holder is named: a page naming one is written before the pages
        # naming a holder, or beside them. Round 160: counted beside them, stand-ins won by a page's date
        # (Thai Airways, BAFTA) and were named older against a wrong answer (Starbucks): false +13 on spent
        # sets CW to EN; counted only where no page names a holder, answers +5 and nothing lost
        statements = [s for s in statements if not s.stand_in]
    if not statements:
        return None
    groups: list[list[Statement]] = []
    bounds = [s for s in statements if s.figure is not None and s.figure.bound]
    # a date less precise than others ("2016", "September 2016") admits each day inside it: the years and
    # months open the groups and the days join them, whatever the source order, so pages agreeing on a year
    # outvote another year however their days differ, and the group shows the day most of it gives
    # (:func:`_shown`). Real pages, issue 22: a photo caption's "September 14, 2016" read first took two
    # pages' "September 2016" and outvoted the opening day two pages gave.
    plain = sorted(
        (s for s in statements if s.figure is None or not s.figure.bound), key=lambda s: -_days_spanned(s)
    )
    for s in plain:
        for g in groups:
            if same_value(g[0], s, counted=ask.counted):
                g.append(s)
                break
        else:
            groups.append([s])
    order = {id(s): i for i, s in enumerate(statements)}
    groups.sort(key=lambda g: min(order[id(s)] for s in g))  # source order, which breaks ties below
    # a bound ("more than $7 billion") joins the largest value it admits, after the values: it states none
    for s in bounds:
        bound = s.figure
        assert bound is not None
        admitted = [g for g in groups if g[0].figure is not None and bound_admits(bound, g[0].figure)]
        if admitted:
            max(admitted, key=len).append(s)
        else:
            groups.append([s])
    _add_mentions(groups, statements, texts, ask)
    groups.sort(key=lambda g: -len(g))  # stable: ties keep source order
    newer = _newer_of_a_split(groups, dates, ask)
    said_past = newer is None and (newer := _later_of_a_split(groups, texts, ask)) is not None
    beaten = [g for g in groups if g is not newer and len(g) == len(newer)] if newer else []
    if newer is None and (outdated := _newer_holder(groups, dates, ask)) is not None:
        newer, beaten = outdated, [g for g in groups if g is not outdated]
    if newer is None and (succession := _successor_named(groups, texts, ask)) is not None:
        newer, old = succession
        said_past, beaten = True, [old]
    if newer is None and (replaced := _replaced_by_answer(groups, texts, ask)):
        newer, said_past, beaten = groups[0], True, replaced
    written = False
    if newer is None and (
        (later := _later_holder(groups, texts, dates) if ask.role else None) is not None
        or (later := _later_figure(groups, texts, dates, ask) if ask.kind == "figure" else None) is not None
    ):
        # a holder one page names is as often a misread as out of date: only two pages make a side older; and
        # a figure's other values are not said to be older at all (:func:`_later_figure`)
        # ... and only where every page writes its year: a page of none may have been written after the
        # change; nor where the later side is the first of an even split (round 149): naming the other side
        # there added a false disagreement on the spent sets, deciding it alone none
        beaten = (
            [g for g in groups if g is not later and len(g) >= 2]
            if ask.role and _all_written(groups, texts, dates) and later is not groups[0]
            else []
        )
        newer, written = later, True
    grown_total = False
    if newer is None and (grown := _highest_total(groups, ask)) is not None:
        newer, beaten = grown
        said_past = grown_total = True
    if newer is None and (corroborated := _year_written_more(groups, texts, ask)) is not None:
        newer, beaten = corroborated, []
    if newer is not None:
        groups.remove(newer)
        groups.insert(0, newer)
    top = groups[0]
    shown = _shown(top, ask.year_asked)
    tied = [g for g in groups[1:] if len(g) == len(top)]
    # a split the newer pages decided has no rivals; its older side dissents (one value, never a scatter)
    rivals = () if newer else tuple((_shown(g).value, len(g)) for g in tied if _comparable(g[0], top, ask))
    superseded = (
        [
            (_grown(s, top, dates) if grown_total else Dissent(s, "older", _CALLED_PREVIOUS))
            if said_past
            else _written_before(s, top, texts, dates)
            if written
            else _superseded(s, top, dates)
            for g in beaten
            for s in g
        ]
        if newer
        else []
    )
    dissents: list[Dissent] = []
    elsewhere: list[str] = []
    # each answering sentence's words, the values aside: what copies and independent origins are told by
    frames = {s.site: _copy_frame(texts.get(s.site, ""), s) for g in groups for s in g if s.start >= 0}
    if ask.kind != "other" and len(top) >= 2 and not rivals:
        qualifiers = {t.site: _unvalued(subject_qualifier(texts.get(t.site, ""), ask), t) for t in top}
        # a page naming the subject only by the question's own words ("Stopford") says nothing of which one
        full = [
            n for t in top if t.start >= 0 if (n := subject_name(texts.get(t.site, ""), ask)) - ask.subject
        ]
        around = frozenset().union(*(context_names(texts.get(t.site, ""), ask) for t in top if t.start >= 0))
        around -= {t.person for t in top}  # the answer itself is no shared context
        same_thing: list[Statement] = []
        for g in groups[1:]:
            for s in g:
                own = _unvalued(subject_qualifier(texts.get(s.site, ""), ask), s)
                theirs = context_names(texts.get(s.site, ""), ask) - {s.person}
                named = subject_name(texts.get(s.site, ""), ask)
                if (
                    any(other_qualifiers(own, q) for q in qualifiers.values())
                    or (
                        # a role's holder changes, and the people named around a former holder with it
                        # (Polman's Unilever, Renjen's Deloitte): for a role, other company is no other thing
                        not ask.role
                        and theirs
                        and around
                        and not theirs & around
                        and not _names_body(texts.get(s.site, ""), ask)
                    )
                    or (full and all(another_of_the_name(named, f) for f in full))
                ):
                    # "Lost Springs, Kansas" is not "Lost Springs, Wyoming"; a page naming only other things
                    # than the pages it would contradict may be about another thing of that name
                    elsewhere.append(s.site)
                else:
                    same_thing.append(s)
        # a value that a page about another thing of the name states is that thing's value, not a dissent
        other_things = [s for g in groups[1:] for s in g if s.site in elsewhere]
        placed = [s for s in same_thing if any(same_value(s, o, counted=ask.counted) for o in other_things)]
        elsewhere += [s.site for s in placed]
        same_thing = [s for s in same_thing if s not in placed]
        # a majority of the pages about the one thing (a page about another thing of the name is no vote),
        # held by two independent origins at least (copies of one sentence are one). A role too: more pages
        # than any other holder has is no proof of today's holder, since the web keeps a former holder's pages
        # (on real pages a plurality over one-page holders named the pages of the new holder out of date)
        majority = 2 * len(top) > len(top) + len(same_thing)
        if majority and _origins(top, frames) >= 2:
            for s in same_thing:
                if (
                    # a name's dissent needs the edited copy's identity (_edited_copies), or the role's
                    (s.figure is not None or s.role)
                    # a page that names the answer as well dissents from nothing ("we start with 350 bones
                    # ... and end up with 206")
                    and not _names_answer(texts.get(s.site, ""), shown, ask.subject)
                    and _comparable(s, top, ask)
                    and _of_one_magnitude(s, shown)
                    and not _a_conversion(texts.get(s.site, ""), s)
                    and _framed(s, top, texts)
                    and _stated_of_subject(texts.get(s.site, ""), s, ask)
                    and ((d := _dissent(s, top, dates, texts)).type == "older" or not _is_ordinal(s))
                    # a role's page written in a later year than every page of the answer may name today's
                    # holder, whom those pages never saw (as compare's role dissents, round 141)
                    and not (
                        s.role
                        and written_after_all(
                            (texts.get(s.site, ""), dates.get(s.site)),
                            [(texts.get(t.site, ""), dates.get(t.site)) for t in top],
                        )
                    )
                ):
                    # "beating Seattle for their fourth NBA championship": an ordinal is the count as of its
                    # event, true that day; it departs from the answer only as an older figure
                    dissents.append(d)
    if _values_among([d.statement for d in dissents], ask.counted) > 1 and not ask.role:
        # a scatter of other values is ambiguity (several things share the name), not one dissent; but a role
        # of the one organisation the question names has one holder now, and pages naming two former ones
        # (Morrison, Turnbull) are each out of date; and a value typed older (a page dated before the others,
        # one the agreeing pages call previous) is the quantity's own history, a price or a wage of past years
        dissents = [d for d in dissents if d.type == "older"]
    # a page the answer's side calls previous is named once, for that reason
    called_previous = {d.statement.site for d in superseded}
    dissents = [d for d in dissents if d.statement.site not in called_previous]
    dissents += superseded
    if len(top) >= 2 and not rivals:
        # a page naming only a holder who is leaving was written before the answer's holder took the post;
        # one that names the answer too ("Hayes will step down; Geraghty succeeds him") is the news of it
        dissenting = {d.statement.site for d in dissents}
        dissents += [
            Dissent(s, "older", _LEAVING)
            for s in leaving
            if s.site not in dissenting
            and not any(same_value(s, t) for t in top)
            and not _names_answer(texts.get(s.site, ""), shown, ask.subject)
        ]
    dissents += _edited_copies(
        groups, texts, dates, frames, {d.statement.site for d in dissents} | set(elsewhere)
    )
    return Answer(
        ask.kind,
        shown.value,
        tuple(s.site for s in top),
        of,
        words,
        tuple(dissents),
        tuple(statements),
        rivals,
        tuple(elsewhere),
        written and ask.role != "",
    )


_YEAR_WORD = re.compile(r"(?<![\d.,])\b\d{4}\b(?!\d)")


@lru_cache(maxsize=64)
def _years_written(text: str) -> frozenset[int]:
    """Every four-digit number a page writes as a word of its own: the years it names, and some counts."""
    return frozenset(int(m[0]) for m in _YEAR_WORD.finditer(text))


_MORE_PAGES = 2  # one page more may write a year in passing (a launch, a move); two more is the pages' year


def _year_written_more(
    groups: list[list[Statement]], texts: dict[str, str], ask: Ask
) -> list[Statement] | None:
    """Of an even split between dates of different years, the side whose year two or more pages more of the
    read pages write, anywhere in their text ("has traded since 1871"), than each other side's. A bare year
    is too common to back a value on its own (:func:`_add_mentions`), but between years that answer the
    question the pages' other sentences tell which one they know: a founding year is written again and
    again, a later move or merger once (issue 22, round 144, two sides: in-sample over sets CW to DY, 14
    splits decided, 10 of them right, and nothing else moved; round 145, three sides or more: over CW to DZ
    6 more, 4 right and 2 to the right year but not its day). No page is named for another year. The names
    of a role split are not decided so: the holder the most pages write is the earlier one as often, since
    news of a successor names the one who goes (on the same sets, 7 right against 11 wrong)."""
    tied = [g for g in groups if len(g) == len(groups[0])]
    if len(tied) < 2:
        return None
    years = []
    for g in tied:
        f = g[0].figure
        if f is None or f.kind not in _DATE_KINDS:
            return None
        years.append(_year(f))
    written = [sum(1 for text in texts.values() if y in _years_written(text)) for y in years]
    best = max(range(len(tied)), key=written.__getitem__)
    if any(written[best] - w < _MORE_PAGES for i, w in enumerate(written) if i != best):
        return None
    return tied[best]


def _names_body(text: str, ask: Ask) -> bool:
    """Whether a role question's page names the body the question names as the question writes it ("Central
    Bank of Iceland"): a page about that body, whatever else it names around it."""
    if not ask.role or not ask.phrases:
        return False
    words = f" {_folded_words(text)} "
    return any(len(p.split()) >= 2 and f" {p} " in words for p in ask.phrases)


def _values_among(statements: list[Statement], counted: bool) -> int:
    """How many values the statements give, by :func:`same_value`: "99 metres" and "99 meters" are one."""
    distinct: list[Statement] = []
    for s in statements:
        if not any(same_value(s, d, counted=counted) for d in distinct):
            distinct.append(s)
    return len(distinct)


def _newer_of_a_split(
    groups: list[list[Statement]], dates: dict[str, str | None], ask: Ask
) -> list[Statement] | None:
    """In an even split over a quantity that changes (a count, a measure, an amount, who holds a role),
    the value whose dated pages all come after every dated page of the others: "24 titles" (pages of
    September 2023) over "23rd title" (June 2023). Issue 22: which source is newer is what people ask of
    sources that disagree. Never for a date or a year, which does not change, and only when each side
    has a dated page and the newer side is a month or more after the other's last."""
    if ask.kind == "date" or len(groups) < 2 or len(groups[0]) != len(groups[1]):
        return None
    tied = [g for g in groups if len(g) == len(groups[0])]
    if any(s.figure is not None and s.figure.kind in _DATE_KINDS for g in tied for s in g):
        return None
    newest = _dated_after(tied, dates, share=0.0)
    return tied[newest] if newest is not None else None


def _newer_holder(
    groups: list[list[Statement]], dates: dict[str, str | None], ask: Ask
) -> list[Statement] | None:
    """Who holds a role now when fewer pages name them: the holder named by two or more pages, all dated a
    month or more after every dated page naming anyone else, or by one page dated a year or more after them,
    where at least half of every holder's pages are dated. Pages written before a change outnumber the ones
    after it for years (as :func:`_successor_named`); one recent page alone may be a misread of the same
    news, so it takes two within the year."""
    if not ask.role or len(groups) < 2 or len(groups[0]) == len(groups[1]):
        return None
    newest = _dated_after(groups, dates, share=0.5)
    # the first group is the one more pages name; one recent page's misread ("Chanel France president
    # Fabrice Raoul") is no change
    if newest and len(groups[newest]) >= 2:
        return groups[newest]
    # one page a year or more after every other is a change the older pages had not seen (round 117: pages
    # reporting a new chief are fewer than those written before for years); unless its name is another
    # side's with letters run into it ("Henri Seydouxdeclares" is Henri Seydoux misread, not a new holder)
    lone = _dated_after(groups, dates, share=0.5, apart=_YEAR_DAYS)
    if not lone or _run_into_another(groups[lone], groups):
        return None
    return groups[lone]


def _run_into_another(group: list[Statement], groups: list[list[Statement]]) -> bool:
    """Whether the group's name is another group's with letters run into it or out of it ("Henri
    Seydouxdeclares" is Henri Seydoux misread, not a new holder)."""
    letters = _letters(group[0].value)
    return any(
        _letters(g[0].value) in letters or letters in _letters(g[0].value) for g in groups if g is not group
    )


_WRITTEN_YEAR = re.compile(r"(?<![\d.,$£€/-])(?:19[5-9]\d|20\d\d)(?![\d%])(?![.,]\d)")


@lru_cache(
    maxsize=64
)  # the deciding rule, its dissents' wording and compare's role dissents ask it of one page
def latest_year(text: str, published: str | None) -> int | None:
    """The year a page was written in at the earliest: its stated date's, else the latest year it writes
    (up to this year: a plan's "by 2030" is no date)."""
    stated = _parse_date(published)
    if stated is not None:
        return stated.year
    now = date.today().year
    years = [y for m in _WRITTEN_YEAR.finditer(text) if (y := int(m[0])) <= now]
    return max(years) if years else None


def written_after_all(page: tuple[str, str | None], others: Sequence[tuple[str, str | None]]) -> bool:
    """Whether a page (its text and stated date) was written in a later year than every one of ``others``,
    each of which writes a year (:func:`latest_year`): a page about a role written so may name today's
    holder, whom they never saw, so it dissents from none of them."""
    own = latest_year(*page)
    return own is not None and all((y := latest_year(*o)) is not None and own > y for o in others)


def _written_after(
    groups: list[list[Statement]],
    texts: dict[str, str],
    dates: dict[str, str | None],
    *,
    ties: bool = False,
    yearless: bool = False,
) -> list[Statement] | None:
    """The side fewer pages give whose pages were all written in a later year than every page giving
    anything else, a page's year its stated date or else the latest year it writes (:func:`latest_year`).
    Most pages state no date (on the real pages of issue 22, four in five of those naming today's holder),
    but a page cannot be older than the years it writes: among the role questions whose pages name both
    today's and an earlier holder, today's holder's pages all wrote a later year than every earlier holder's
    in 303 questions, and the reverse held in 18 (figures: 93 and 3). None when a page writes no year, or
    when every page states its date (the dated rules decide: :func:`_newer_holder`). With ``yearless`` (a
    role's holders, round 146) a page of another side that writes no year is passed over, as long as each
    other side has a page that writes one; the later side's pages still all write theirs."""
    groups = [g for g in groups if g]
    if len(groups) < 2 or all(_parse_date(dates.get(s.site)) for g in groups for s in g):
        return None
    years = []
    for g in groups:
        got = [y for s in g if (y := latest_year(texts.get(s.site, ""), dates.get(s.site))) is not None]
        if not got or (len(got) < len(g) and not yearless):
            return None
        # a side with a page of no year cannot be the later one: its earliest page is not known
        years.append((min(got) if len(got) == len(g) else 0, max(got)))
    latest = max(range(len(groups)), key=lambda i: years[i][0])
    # the first side is the one most pages give, never a later side; with ``ties`` one as many pages give is,
    # whatever the source order (a split of figures, round 137)
    if (not latest and (not ties or len(groups[0]) > len(groups[1]))) or not all(
        years[latest][0] > years[i][1] for i in range(len(groups)) if i != latest
    ):
        return None
    return groups[latest]


def _all_written(groups: list[list[Statement]], texts: dict[str, str], dates: dict[str, str | None]) -> bool:
    """Whether every page of every side writes a year (:func:`latest_year`)."""
    return all(latest_year(texts.get(s.site, ""), dates.get(s.site)) is not None for g in groups for s in g)


def _later_holder(
    groups: list[list[Statement]], texts: dict[str, str], dates: dict[str, str | None]
) -> list[Statement] | None:
    """Who holds a role now when fewer pages name them, or as many (round 149: an even split in either source
    order): the holder written later (:func:`_written_after`), unless the name is in doubt. It must be a
    person's full name that no other side's name shares a surname with ("Chuck Magro" and "Charles V. Magro"
    are one man; "Ned Johnson" is Abigail Johnson's father), and the later page must not name the holder most
    pages name (a page naming both reports the change, which :func:`_successor_named` reads, or misreads one
    of them)."""
    later = _written_after(groups, texts, dates, yearless=True, ties=True)
    if later is None:
        return None
    key = name_key(later[0].value).split()
    if len(key) < 2 or _run_into_another(later, groups):
        return None
    if any(key[-1] in name_key(g[0].value).split() for g in groups if g and g is not later):
        return None
    first = next(g for g in groups if g and g is not later)  # the side most pages give, or as many
    most = name_key(first[0].value).split()
    if most and any(f" {most[-1]} " in f" {_folded_words(texts.get(s.site, ''))} " for s in later):
        return None
    return later


def _later_figure(
    groups: list[list[Statement]], texts: dict[str, str], dates: dict[str, str | None], ask: Ask
) -> list[Statement] | None:
    """A changing figure's value now: the value written later (:func:`_written_after`), when it is the
    same quantity as the value most pages give (comparable, of one magnitude) and its pages never write that
    value (a page writing both tells the change or is about two things); a figure question's only (a date or
    a year does not change). Pages of different years give different counts (29,000, 27,000 and 40,000
    staff), so the pages overruled are mostly one each. The value answers, but the pages giving the others
    are not named as older: on the real pages (sets CW to DT) the sides it overruled held misread figures (a
    depth of "24 km" for a mine 3 km deep) as often as older counts, and naming them added four false
    disagreements where answering alone added none. Where two pages or more agree on one older value the
    compare layer puts it back (compare.compare_sources: an answer of one page with no dissent gives way
    to a value the pages share)."""
    later = _written_after(groups, texts, dates, ties=True)
    if later is None:
        return None
    top = next(g for g in groups if g and g is not later)  # the side most pages give, or as many
    if not all(_comparable(s, top, ask) and _of_one_magnitude(s, top[0]) for s in later):
        return None
    if any(_names_answer(texts.get(s.site, ""), top[0], ask.subject) for s in later):
        return None
    return later


# how far apart two pages' dates must be for one to be written after a change the other had not seen: a month
# (pages of the same news are days apart); the one measure of "newer" for a split and for an older dissent
_CHANGE_DAYS = 30
_YEAR_DAYS = 365


def _letters(name: str) -> str:
    return "".join(ch for ch in fold(name) if ch.isalpha())


def _dated_after(
    groups: list[list[Statement]], dates: dict[str, str | None], *, share: float, apart: int = _CHANGE_DAYS
) -> int | None:
    """The index of the group whose dated pages all come :data:`_CHANGE_DAYS` or more after every dated page
    of the others; None when there is none, or when a group has no dated page or fewer than ``share`` of
    its pages dated. The one reading of "newer" for a split (:func:`_newer_of_a_split`) and for a holder
    fewer pages name (:func:`_newer_holder`)."""
    spans = []
    for g in groups:
        days = _dates_of(g, dates)
        if not days or len(days) < share * len(g):
            return None
        spans.append((min(days), max(days)))
    latest = max(range(len(groups)), key=lambda i: spans[i][0])
    if all((spans[latest][0] - spans[i][1]).days >= apart for i in range(len(groups)) if i != latest):
        return latest
    return None


def _later_of_a_split(
    groups: list[list[Statement]], texts: dict[str, str], ask: Ask
) -> list[Statement] | None:
    """In an even split of two figures, the value whose pages call the other one past ("the previous record
    was 38.7C", "beating the 38.7°C of 2019"), while the other side's pages never write this value: a page
    that knows both and says which came first has read the change the other pages have not. Only with the past
    word right before the value (:data:`_PAST_FIGURE_BEFORE`): a page that merely writes two values is as
    often one the reader misread (a rule on that alone added false disagreements on untouched real pages).
    Never for a date or a year, which does not change."""
    if ask.kind == "date" or len(groups) < 2 or len(groups[0]) != len(groups[1]):
        return None
    if len(groups) > 2 and len(groups[2]) == len(groups[0]):
        return None
    first, second = groups[0], groups[1]
    if any(s.figure is None or s.figure.kind in _DATE_KINDS for s in first + second):
        return None
    for later, earlier in ((first, second), (second, first)):
        calls = any(_calls_past(texts.get(s.site, ""), earlier[0]) for s in later)
        knows = any(_writes_as_precisely(texts.get(s.site, ""), later[0]) for s in earlier)
        if calls and not knows:
            return later
    return None


def _highest_total(
    groups: list[list[Statement]], ask: Ask
) -> tuple[list[Statement], list[list[Statement]]] | None:
    """For a running total ("how many Grammys has Beyonce won", "how many copies has Minecraft sold"), the
    highest count the pages state and the lower counts of the same thing they state: a total of wins, sales or
    appearances only grows, so a page with a lower one was written before it grew (real pages, issue 22:
    "17 championships" on pages older than "18 championships"). Only counts that differ by a revision, the
    highest at most :data:`_TOTAL_STEP` times the next (an order of magnitude apart is a misread, another
    thing's count or a claim, not a later total), however many pages state the lower one: pages written
    before a total grew outnumber the ones after it for years."""
    if not ask.total or len(groups) < 2:
        return None
    counts = [g for g in groups if g[0].figure is not None and g[0].figure.kind == "count"]
    if len(counts) < 2 or any(not _comparable(g[0], counts[0], ask) for g in counts[1:]):
        return None
    ranked = sorted(counts, key=lambda g: -_count_of(g))
    highest, runner = ranked[0], ranked[1]
    if not _same_kind_of_count(highest[0], runner[0]):
        return None  # "28 Olympic medals" is no later total of "23 gold medals"
    high, low = _count_of(highest), _count_of(runner)
    if low <= 0 or high > _TOTAL_STEP * low:
        return None
    return highest, [g for g in ranked[1:] if high / _TOTAL_STEP <= _count_of(g)]


def _count_of(group: list[Statement]) -> float:
    figure = group[0].figure
    return figure.value if figure is not None else 0.0


_TOTAL_STEP = 1.5


def _grown(s: Statement, top: list[Statement], dates: dict[str, str | None]) -> Dissent:
    """A lower running total's dissent: said with the pages' dates when both sides are dated, else by the
    rule."""
    if _parse_date(dates.get(s.site)) and _dates_of(top, dates):
        return _superseded(s, top, dates)
    return Dissent(s, "older", _GROWN)


def _same_kind_of_count(higher: Statement, lower: Statement) -> bool:
    """Whether a higher count counts what a lower one does: the same noun, and every word that narrows the
    lower one ("gold" in "23 gold medals") narrowing the higher one too."""
    a, b = higher.figure, lower.figure
    if a is None or b is None or unit_key(a) != unit_key(b):
        return False
    narrow = lower.claim.modifiers if lower.claim else frozenset()
    return narrow <= (higher.claim.modifiers if higher.claim else frozenset())


_GROWN = "a running total never falls: the higher count the other pages give is the later one"


def _successor_named(
    groups: list[list[Statement]], texts: dict[str, str], ask: Ask
) -> tuple[list[Statement], list[Statement]] | None:
    """Who holds a role now when the most pages name someone else, and whom they replaced: the holder whose
    page calls the majority's holder past ("Claudine Gay is set to succeed Bacow", "Gary Nagle, who replaced
    Ivan Glasenberg"), while no page of the majority names that holder at all. A page that knows both people
    and says which came first has read the change the other pages have not (as :func:`_later_of_a_split` for
    figures); pages written before the change outnumber the ones after it for years (real pages, issue 22).
    In an even split of two holders the same holds whichever side the pages listed first: the first side may
    be the one whose pages call the other's holder past ("Schumacher will step down and be replaced by
    Fernandez" against pages that only name Schumacher)."""
    if not ask.role or len(groups) < 2:
        return None
    pairs = [(g, groups[0]) for g in groups[1:]]
    if len(groups[1]) == len(groups[0]) and (len(groups) == 2 or len(groups[2]) < len(groups[0])):
        pairs.append((groups[0], groups[1]))  # two holders tied: either may be the successor
    return next(((g, old) for g, old in pairs if _replaces(g, old, texts, ask, told=True)), None)


def _replaces(
    new: list[Statement], old: list[Statement], texts: dict[str, str], ask: Ask, *, told: bool = False
) -> bool:
    """Whether the holder ``new``'s pages name replaced ``old``'s: a page of ``new`` calls ``old``'s holder
    past, and no page of ``old`` names ``new``'s holder at all (it was written before the change). A
    successor is another person: a holder whose name shares a surname word with the other's ("Andrew Wilson
    Image", a caption run on) is "Andrew Wilson" read twice, and replaces nobody. ``told``: the succession
    must be told where the page names both (:func:`_named_together`), as when it overturns the pages that
    name ``old`` (:func:`_successor_named`); a majority that already stands names the others older on its
    pages' past cue alone (:func:`_replaced_by_answer`; round 179: the test there had lost four pages
    rightly named older on sets FB to FD)."""
    return (
        not _one_surname(old[0].person, new[0].person)
        and any(
            called_past(text := texts.get(s.site, ""), old[0].person, ask.subject, ask.role)
            and (not told or _named_together(text, new[0].person, old[0].person))
            for s in new
        )
        and not any(names_value(texts.get(s.site, ""), new[0]) for s in old)
    )


def _named_together(text: str, new: str, old: str) -> bool:
    """Whether one sentence of ``text``, or one with the sentence before it, names both holders (name keys,
    by surname): a succession is told there ("Gary Nagle, who replaced Ivan Glasenberg"; "Tracy Robinson
    will take over the top job. She will replace retiring CEO JJ Ruest"). A page that calls a holder past in
    one place and gives another name elsewhere tells no succession: on real pages (set EZ) a history of the
    race's directors ("Victor Breyer", a thousand characters on) had overturned pages naming today's
    holder."""
    new_word, old_word = new.split()[-1:], old.split()[-1:]
    if not new_word or not old_word:
        return False
    folded = _folded(text)
    for start, end in sentence_windows(text):
        words = WORD.findall(folded[start:end])
        if new_word[0] in words and old_word[0] in words:
            return True
    return False


def _replaced_by_answer(
    groups: list[list[Statement]], texts: dict[str, str], ask: Ask
) -> list[list[Statement]]:
    """The other holders of a role that the answer's own pages call past, when the answer has more pages than
    any of them and no page of theirs names the answer's holder: the pages reporting "Glasenberg will be
    replaced by Gary Nagle" have read the change the pages naming only Glasenberg have not. The test
    :func:`_successor_named` makes to decide a tie or a majority the other way (:func:`_replaces`), for a
    majority that already stands: it says why the outnumbered pages differ, where the dissent's own tests may
    hold them back."""
    if not ask.role or len(groups) < 2 or len(groups[0]) <= len(groups[1]):
        return []
    return [g for g in groups[1:] if _replaces(groups[0], g, texts, ask)]


def _one_surname(a: str, b: str) -> bool:
    """Whether either name key's last word is a word of the other: one person read twice, a word apart."""
    wa, wb = a.split(), b.split()
    return bool(wa and wb) and (wa[-1] in wb or wb[-1] in wa)


def _calls_past(text: str, statement: Statement) -> bool:
    """Whether ``text`` writes the statement's figure right after a word that makes it past ("the previous
    record was", "beating the"): the value the page itself says was replaced."""
    f = statement.figure
    return f is not None and any(
        _same_figure(f, g) and _PAST_FIGURE_BEFORE.search(text, max(0, g.start - 40), g.start)
        for g in reader_for(text).figures
    )


def _writes_as_precisely(text: str, statement: Statement) -> bool:
    """Whether ``text`` writes the statement's figure to its precision: a forecast of "highs of 40°C" does not
    write a record of 40.3°C, though the two agree within the rounding of the first."""
    f = statement.figure
    return f is not None and any(_same_figure(f, g) and g.step <= f.step for g in reader_for(text).figures)


_CALLED_PREVIOUS = "the pages that agree with it call this value the previous one"
_LEAVING = "the page says this holder is leaving the post"
# words that make the figure after them a replaced one: "the previous record was 38.7C", "beating the 1,600"
_PAST_FIGURE_BEFORE = re.compile(
    r"(?i)\b(?:previous|former|old|earlier|prior|beating|beat|broke|breaking|surpassing|surpassed)\W+"
    r"(?:\w+\W+){0,3}$"
)


_COPY_SHARE = 0.9  # share of content words two sentences have in common, the values aside, to be one sentence
_COPY_WORDS = 6  # fewer content words than this ("the population was ... at the census") say too little


def _edited_copies(
    groups: list[list[Statement]],
    texts: dict[str, str],
    dates: dict[str, str | None],
    frames: dict[str, frozenset[str]],
    done: set[str],
) -> list[Dissent]:
    """Pages whose answering sentence is another page's word for word with the value changed, where the value
    it replaced has two or more sites behind it and its own has none: the edited copy dissents.

    Issue 22: "a copy that changes the figure is not a copy"; it is the strongest identity two statements
    can have, so it holds even where the sites split on which of several same-named things is meant (two
    George Horners, each with two pages, and one page that is the first's with another year). A sentence
    that shares fewer words, or twins of more than one other value (a formulaic "population was ..."
    sentence about several towns), names no one.
    """
    stated = [(s, g) for g in groups for s in g if s.start >= 0]
    out: list[Dissent] = []
    for s, own in stated:
        if s.site in done or len(own) > 1 or len(frames[s.site]) < _COPY_WORDS:
            continue
        twins = [(t, g) for t, g in stated if g is not own and _copied(frames[s.site], frames[t.site])]
        replaced = {id(g): g for _, g in twins}
        if len(replaced) != 1:
            continue
        (group,) = replaced.values()
        shown = _shown(group)
        # a copy edited in one sentence may keep the old name elsewhere ("the Odakyu 20000 series"): only the
        # whole value named again says the page gives both
        if (
            _origins(group, frames) >= 2
            and not _names_whole(texts.get(s.site, ""), shown)
            and _comparable(s, group)
        ):
            dissent = _dissent(s, group, dates, texts)
            out.append(Dissent(s, dissent.type, dissent.note, (shown.value, len(group))))
    return out


_COPY_REACH = 240  # characters each side of a short sentence read as its copy frame: about 40 words


def _copied(a: frozenset[str], b: frozenset[str]) -> bool:
    """One sentence in two pages: 90% of their content words in common, or, where each page cut the
    sentence or its neighbour a little differently ("(RSE) was ..." against "... was"), 90% of the shorter
    one's words in the longer one when it holds a dozen or more."""
    shorter = min(len(a), len(b))
    return _overlap(a, b) >= _COPY_SHARE or (
        shorter >= _COPY_CUT_WORDS and len(a & b) >= _COPY_SHARE * shorter
    )


_COPY_CUT_WORDS = 12


def _unvalued(qualifier: str, s: Statement) -> str:
    """A qualifier less the statement's own value: "(3 March 1605 – 9 February 1777)" and "(born 1975)" say
    which person by the very date in dispute, so the date cannot also tell the pages apart."""
    if s.figure is None or s.figure.kind not in _DATE_KINDS:
        return qualifier
    year = str(_year(s.figure))
    return " ".join(w for w in qualifier.split() if year not in w)


def _origins(group: list[Statement], frames: dict[str, frozenset[str]]) -> int:
    """How many independent sources stand behind a value: sites whose answering sentences are one sentence
    (:func:`_copied`) are one origin, syndicated or copied, however many hosts print it. Two copies of one
    edited page outvote nothing: naming the page they were made from as "the edited copy" would put the
    edit's value above the original's."""
    origins: list[frozenset[str]] = []
    for t in group:
        frame = frames.get(t.site)
        if frame is None:  # a site that backs the value by naming it: an origin of its own
            origins.append(frozenset({t.site}))
        elif not any(_copied(frame, o) for o in origins):
            origins.append(frame)
    return len(origins)


def _copy_frame(text: str, s: Statement) -> frozenset[str]:
    """The statement's sentence as content words, the values aside; when the sentence is too short to be told
    from a formula ("As of the 2010 census, the city population was 220."; for a name, fewer than a dozen
    words: "Shock Value is the second album by Timbaland."), the words around it as well,
    so that a page copied with one figure changed is still told from a page about another town written to the
    same formula (the town's county and the words around differ)."""
    own = _frame(text, s)
    # a name's sentence is formulaic far more often ("X is the second album by Y"): a dozen words or more
    if len(own) >= (_COPY_WORDS if s.figure is not None else _COPY_CUT_WORDS):
        return own
    around = text[max(0, s.start - _COPY_REACH) : s.start] + " " + text[s.end : s.end + _COPY_REACH]
    words = WORD.findall(fold(around))
    return own | frozenset(w for w in words if w not in FUNCTION_WORDS and not w.isdigit())


def _shown(group: list[Statement], year_asked: bool = False) -> Statement:
    """The group's value as most of it writes it: a date to the day when a page of the group gives the day
    (its pages giving the year alone agree with it as far as they go: "when did Wrigley Field open" is
    answered "1914-04-23", not "1914"), the year when the question asks for a year and a page gives it; other
    figures at the coarser precision their sites share."""
    if group[0].figure is None:
        # a person as most of the group writes the full name ("Stephen Gageler" over one page's "Gageler")
        full = [s for s in group if s.person and len(s.person.split()) >= 2]
        if not full:
            return group[0]
        written = Counter(s.person for s in full)
        return min(full, key=lambda s: (-written[s.person], len(s.person.split()), group.index(s)))
    # a bound ("more than $7 billion") states no value of its own, so the values show the group
    figures = [s for s in group if s.figure is not None and not s.figure.bound] or [
        s for s in group if s.figure is not None
    ]
    years = [s for s in figures if s.figure is not None and s.figure.kind == "year"]
    dated = [s for s in figures if s.figure is not None and s.figure.kind == "date"]
    if years and year_asked:
        return years[0]
    if dated:
        # the day over the month: "1980-06-01" where one page writes "June 1, 1980" and two "June 1980"; of
        # two days, the one more pages give (the first of a tie)
        days = [s for s in dated if s.figure is not None and _a_day(s.figure)]
        given = Counter(s.figure.value for s in days if s.figure is not None)
        return max(days, key=lambda s: given[s.figure.value] if s.figure else 0) if days else dated[0]
    # the unit most of its sites write ("299,792,458 metres per second", not one page's "186,282 miles per
    # second"), then the coarsest precision in it
    units = Counter(s.figure.unit.lower() for s in figures if s.figure is not None)
    return max(
        figures,
        key=lambda s: (
            units[s.figure.unit.lower()] if s.figure else 0,
            s.figure.rounding if s.figure else 0.0,
            -figures.index(s),
        ),
    )


def _dissent(
    s: Statement, top: list[Statement], dates: dict[str, str | None], texts: dict[str, str]
) -> Dissent:
    if s.figure is not None and any(_same_figure(s.figure, p) for t in top for p in t.prior):
        return Dissent(s, "older", "others give it as the earlier value")  # "from 324 to 330 metres"
    if (
        s.figure is not None
        and s.figure.kind not in _DATE_KINDS
        and any(_calls_past(texts.get(t.site, ""), s) for t in top)
    ):  # "the previous record was 38.7C", "beating the old price of £169.50"
        return Dissent(s, "older", _CALLED_PREVIOUS)
    own = _parse_date(dates.get(s.site))
    theirs = _dates_of(top, dates)
    # A date or a year does not change, so it is never older. A count or a measure is when the page is dated
    # a month or more before every dated page of the majority and half of those are dated (as a split's newer
    # side decides it: _newer_of_a_split)
    if s.figure is not None and s.figure.kind in _DATE_KINDS:
        return Dissent(s, "conflict")
    if own and 2 * len(theirs) >= len(top) and all((d - own).days >= _CHANGE_DAYS for d in theirs):
        if min(theirs).year > own.year:  # years apart: said in years ("dated 2021; theirs 2023")
            first, last = min(theirs).year, max(theirs).year
            span = str(first) if first == last else f"{first}-{last}"
            return Dissent(s, "older", f"this page is dated {own.year}; theirs {span}")
        return _superseded(s, top, dates)  # months apart: said in months ("dated 2023-06; theirs 2023-09")
    return Dissent(s, "conflict")


def _written_before(
    s: Statement, top: list[Statement], texts: dict[str, str], dates: dict[str, str | None]
) -> Dissent:
    """The older side of a role the later-written pages decided (:func:`_written_after`), with both years."""
    own = latest_year(texts.get(s.site, ""), dates.get(s.site))
    theirs = [y for t in top if (y := latest_year(texts.get(t.site, ""), dates.get(t.site))) is not None]
    span = str(min(theirs)) if min(theirs) == max(theirs) else f"{min(theirs)}-{max(theirs)}"
    return Dissent(s, "older", f"this page was written by {own}; theirs in {span} or later")


def _superseded(s: Statement, top: list[Statement], dates: dict[str, str | None]) -> Dissent:
    """The older side of a split the newer pages decided (:func:`_newer_of_a_split`), said with both dates."""
    own = _parse_date(dates.get(s.site))
    theirs = _dates_of(top, dates)
    first, last = min(theirs).isoformat()[:7], max(theirs).isoformat()[:7]
    span = first if first == last else f"{first} to {last}"
    when = f"this page is dated {own.isoformat()[:7]}" if own else "the pages that agree with it are older"
    return Dissent(s, "older", f"{when}; theirs {span}")


def _dates_of(statements: list[Statement], dates: dict[str, str | None]) -> list[date]:
    """The dates of the pages of ``statements`` that state one."""
    return [d for s in statements if (d := _parse_date(dates.get(s.site))) is not None]


def _parse_date(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return None
