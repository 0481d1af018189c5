"""Who holds a role, as a page states it: "Mayor Daniel Okafor", "Ricardo Salinas, director general de X".

Two pages naming two different people as "the mayor of Westbury" disagree; two pages naming one
person under two spellings ("María José Peña", "Maria Jose Pena", "la gobernadora Peña") do not.
A :class:`RoleClaim` is one such statement: the role as a concept of
:data:`webquorum.text.measures.ROLES` (CEO = chief executive = director general), the organisation
or place it belongs to when the page says so, and the person's name key. Roles written as past
("former CEO", "ex alcalde") are not claims about who holds them now.

:func:`same_person` is the rule names are merged by: equal keys, or one key's words all in the
other's with the same last word ("Peña" is "María José Peña"; "Sofia" is not "Sofia Lindqvist").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from webquorum.text.alternation import alternation
from webquorum.text.fold import fold
from webquorum.text.lexicon import (
    BODY_AND_PLACE_WORDS,
    FUNCTION_WORDS,
    FURNITURE_WORDS,
    HONORIFICS,
    LEGAL_FORMS,
    LEGAL_WORDS,
    LETTER,
    NO_SURNAME_ENDS,
    POST_NOMINALS,
    STYLES,
)
from webquorum.text.measures import PAST_ROLE, ROLE_WORDS, ROLES
from webquorum.text.names import NAME_MONTHS, NameMention, contracted, demonym, name_key, name_mentions

# every spelling of every role, longest first (a question reads its role from it too: analysis/ask.py)
ROLE_FORMS = sorted(
    ((form, role) for role, forms in ROLES.items() for form in forms), key=lambda p: -len(p[0])
)
_ROLE_OF = {form: role for form, role in ROLE_FORMS}


def _role_of(written: str) -> str:
    """The role a written title names ("Director-General", "CEO."), "" for none: its words lowered, a hyphen
    as a space, a closing full stop dropped."""
    return _ROLE_OF.get(" ".join(written.lower().rstrip(".").replace("-", " ").split()), "")


# a role of two words is written with a space or a hyphen: "Director-General", "Secretary General"
_ROLE_ALTERNATION = "|".join(re.escape(f).replace(r"\ ", r"[\s-]+") for f, _ in ROLE_FORMS)
_ROLE = rf"(?<![{LETTER}])(?P<role>(?i:{_ROLE_ALTERNATION}))(?![{LETTER}])\.?"
# The role words alone, as a case-folding trie (text/alternation.py): the same matches as _ROLE, 15x faster.
_ROLE_ONLY = re.compile(
    alternation([f for f, _ in ROLE_FORMS], ignore_case=True, not_after=LETTER, space=r"[\s-]+")
    + rf"(?![{LETTER}])\.?"
)
_CAP = rf"[A-ZÀ-ÖØ-Þ][{LETTER}'’-]+"
_NAME = rf"{_CAP}(?:\s+(?:de\s+la\s+|de\s+|del\s+|van\s+|von\s+|da\s+)?{_CAP}){{0,3}}"
# a body's name may hold "of the": "University of the North", "Bank of the West" (round 172: read as far as
# "University", another university shared the subject's word)
_ORG = rf"{_CAP}(?:\s+(?:de\s+la\s+|de\s+|del\s+|of\s+(?:the\s+)?|&\s+)?{_CAP}){{0,4}}"
_HONOR = rf"(?:(?:{'|'.join(sorted(HONORIFICS))})\.?\s+)?"
_PATTERNS = (
    # "Westbury Mayor Priya Raman", "Lumina Bank's chief executive, Margarethe Olsen", "el alcalde Jorge
    # Méndez"
    re.compile(
        rf"(?:(?P<org0>{_ORG})(?:'s|’s)?\s+)?{_ROLE},?\s+{_HONOR}(?P<name>{_NAME})(?:\s+of\s+(?P<org2>{_ORG}))?"
    ),
    # "the president of the Orland Football Federation, Marco Ventura", "el alcalde de San Telmo, Jorge
    # Méndez"
    re.compile(rf"{_ROLE}\s+(?:of|de|del|at)\s+(?:the\s+)?(?P<org>{_ORG}),\s+{_HONOR}(?P<name>{_NAME})"),
    # "Ricardo Salinas Ortiz, director general de Aceros del Valle", "Sofia Lindqvist, Talvik Mobile's CEO"
    re.compile(
        rf"(?P<name>{_NAME}),\s+(?:the\s+|a\s+|el\s+|la\s+)?(?:(?P<org0>{_ORG})(?:'s|’s)\s+)?{_ROLE}"
        rf"(?:\s+(?:of|de|del|at)\s+(?:the\s+)?(?P<org>{_ORG}))?"
    ),
    # "Marco Ventura stepped down as president of the Orland Football Federation"
    re.compile(
        rf"(?P<name>{_NAME})\s+(?:[a-z]+\s+){{1,3}}(?:as|como)\s+(?:the\s+)?{_ROLE}"
        rf"(?:\s+(?:of|de|del|at)\s+(?:the\s+)?(?P<org>{_ORG}))?"
    ),
)


@dataclass(frozen=True)
class RoleClaim:
    role: str  # the concept: "chief executive", "mayor"
    subject: frozenset[str]  # folded words of the organisation or place, when named
    person: str  # name key
    surface: str  # the name as written
    start: int
    words: str  # the role in words: "mayor of Westbury"


def read_roles(text: str) -> list[RoleClaim]:
    """Every "role held by person" statement in ``text``, in reading order, one per name position."""
    found: dict[int, RoleClaim] = {}
    windows: list[tuple[int, int]] = []
    for r in _ROLE_ONLY.finditer(text):  # the patterns only run near a role word: most text has none
        lo, hi = max(0, r.start() - 90), min(len(text), r.end() + 120)
        if windows and lo <= windows[-1][1]:
            windows[-1] = (windows[-1][0], hi)
        else:
            windows.append((lo, hi))
    for pattern, (lo, hi) in ((p, w) for w in windows for p in _PATTERNS):
        for m in pattern.finditer(text, lo, hi):
            name = _clean_name(m["name"])
            if not name or m.start("name") in found:
                continue
            before = text[max(0, m.start("role") - 12) : m.start("role")].lower().split()
            if before and fold(before[-1]) in PAST_ROLE:
                continue
            role = _role_of(m["role"])
            if not role:
                continue
            orgs = [g for g in (m.groupdict().get(k) for k in ("org0", "org", "org2")) if g]
            orgs = [o for o in (_clean_org(o) for o in orgs) if o]
            subject = frozenset(w for o in orgs for w in fold(o).split() if w not in FUNCTION_WORDS)
            words = f"{role} of {orgs[0]}" if orgs else role
            found[m.start("name")] = RoleClaim(role, subject, name_key(name), name, m.start("name"), words)
    return [found[k] for k in sorted(found)]


def same_person(a: str, b: str) -> bool:
    """Equal name keys, or one's words all in the other's with the same last word; initials written with or
    without stops and spaces are one word ("C.C. Wei", "CC Wei")."""
    if a == b:
        return True
    wa, wb = _initials_joined(a.split()), _initials_joined(b.split())
    differ = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y] if len(wa) == len(wb) >= 2 else []
    if len(differ) == 1:
        # one word of a full name spelt a letter apart is a misspelling, not another person ("Allison Kirby"
        # for "Allison Kirkby"); the word long enough that one letter does not make another name ("Wu", "Yu")
        x, y = differ[0]
        if min(len(x), len(y)) >= 4 and _one_letter_apart(x, y):
            return True
    if not wa or not wb or wa[-1] != wb[-1]:
        return False
    return set(wa) <= set(wb) or set(wb) <= set(wa)


def _initials_joined(words: list[str]) -> list[str]:
    """A name key's run of one-letter words as one word: "c c wei" is "cc wei"."""
    out: list[str] = []
    single = False  # the last word out is a run of one-letter words
    for w in words:
        if len(w) == 1 and single:
            out[-1] += w
        else:
            out.append(w)
            single = len(w) == 1
    return out


def _one_letter_apart(x: str, y: str) -> bool:
    """One letter put in, left out or changed (a Levenshtein distance of one, checked directly)."""
    if len(x) > len(y):
        x, y = y, x
    if len(y) - len(x) > 1:
        return False
    if len(x) == len(y):
        return sum(a != b for a, b in zip(x, y, strict=True)) == 1
    i = next((i for i, (a, b) in enumerate(zip(x, y, strict=False)) if a != b), len(x))
    return x[i:] == y[i + 1 :]


def _clean_name(name: str) -> str:
    """A role statement's name less the words around it that are none of it: function words, honorifics and
    role words before it, function words after it; a contraction ends it ("the YouTube CEO. We’ll break
    down" names nobody); a title is no name at all (:func:`post_ended`)."""
    words = name.split()
    words = words[: next((i for i, w in enumerate(words) if contracted(w)), len(words))]
    while words and (
        words[0].lower() in FUNCTION_WORDS
        or words[0].rstrip(".") in HONORIFICS
        or words[0].lower() in _ROLE_OF
    ):
        words.pop(0)
    while words and words[-1].lower() in FUNCTION_WORDS:
        words.pop()
    cleaned = " ".join(w.removesuffix("'s").removesuffix("’s") for w in words)
    return "" if post_ended(cleaned) else cleaned


def _clean_org(org: str) -> str:
    words = [w.removesuffix("'s").removesuffix("’s") for w in org.split()]
    while words and (words[0].lower() in FUNCTION_WORDS or words[0].lower() in _ROLE_OF):
        words.pop(0)
    return " ".join(words)


# -- who holds a role now -------------------------------------------------------------------------------
# the nouns of a post's events, each followed by "of" and a person ("the resignation of X")
_DEPARTURES = ("resignation", "departure", "retirement", "ouster", "exit", "dismissal")
_ARRIVALS = ("appointment", "election", "promotion", "hiring")
# A person these words put before the name held the role before, or only for a while: "former CEO X", "X
# succeeds Y" (Y), "took over from Y", "interim co-CEOs Y and Z", "in the wake of Y's retirement".
_PAST_BEFORE_NAME = re.compile(
    alternation(
        [
            *[
                "former",
                "ex",
                "previous",
                "outgoing",
                "late",
                "interim",
                "acting",
                "predecessor",
                "ousted",
                "fired",
            ],
            *[
                "succeed",
                "succeeds",
                "succeeded",
                "succeeding",
                "replace",
                "replaces",
                "replaced",
                "replacing",
            ],
            *(f"{verb} over from" for verb in ("take", "takes", "took", "taking")),
            # "appointed Christoph Franz as the successor to Wolfgang Mayrhuber": the one succeeded
            *("successor to", "successors to", "replacement for"),
            *("in the wake of", "co-ceo", "co-ceos", "co-chief executive", "co-chief executives"),
            # "announced the resignation of Murray Auchincloss": a departure's noun before the one who goes
            *(f"{noun} of" for noun in _DEPARTURES),
        ],
        ignore_case=True,
        not_after=LETTER,
        space=r"\s+",
    )
    # "will be replaced by Oliver Blume", "succeeded by": the passive names the one who comes after
    + rf"(?![{LETTER}])(?!\s+by(?![{LETTER}]))"
)
# ...or these after it: "Y stepped down", "Y, who retired in May", "Y's departure"
# (the departure nouns from _DEPARTURES, the one list of them)
_PAST_AFTER_NAME = re.compile(
    r"(?i)^(?:[’']s\s+(?:" + "|".join((*_DEPARTURES, "firing", "abrupt", "sudden")) + r")|"
    # "Dame Alison's tenure was marred", "Jay Shah's tenure ended": a tenure told in the past tense; a
    # holder's own is told too ("Satya Nadella's tenure has been marked by", "Elhedery's tenure began")
    r"[’']s[ \t]{1,2}tenure\b[^.;]{0,40}?\b(?:ended|ends|ending|was|saw|lasted|came|expired|expires|had)\b|"
    # "Markus Dohle, the chief executive who oversaw the attempted acquisition, stepped down"
    r",[^.;,]{0,80},\s+(?:stepped\s+down|resigned|retired|was\s+ousted|was\s+fired|left\s+the\s+company|"
    # ... or is leaving: "Michael Pietsch, the chief executive of Hachette Book Group, is stepping down"
    r"is\s+stepping\s+down|is\s+retiring|is\s+leaving|will\s+step\s+down|will\s+retire|will\s+leave)|"
    r"[^.;]{0,30}?\b(?:stepped\s+down|steps\s+down|step\s+down|stepping\s+down|resigned|resigns|retired|"
    # the British "stand down": "managing director Karen Smart is standing down"
    r"stood\s+down|stands\s+down|stand\s+down|standing\s+down|"
    r"retires|retiring|was\s+ousted|was\s+fired|was\s+forced\s+out|was\s+replaced|is\s+being\s+replaced|"
    # "Alex Gorsky is stepping aside", "CEO Alex Gorsky will transition his role to Joaquin Duato"
    r"stepping\s+aside|steps\s+aside|stepped\s+aside|step\s+aside|to\s+depart|is\s+departing|will\s+depart|"
    r"stepping\s+away|steps\s+away|stepped\s+away|step\s+away|"
    r"is\s+leaving|will\s+leave|to\s+retire|will\s+retire|quits|to\s+quit|"
    # "the president Pierre Lescure, who announced handing over in July to a lawyer": the one who hands over
    r"hand(?:s|ed|ing)?\s+over\s+(?:the\s+reins\s+)?(?:in\s+\w+\s+)?to\s|"
    # "Liz Westcott, the company's chief operating officer, as acting CEO": a stand-in (as "interim CEO X")
    r"(?:[^.;]{0,110}?\s)?as\s+(?:the\s+|its\s+)?(?:acting|interim)\s|"
    r"(?:will\s+)?(?:transition|hand|pass)(?:es|s|ed)?\s+(?:over\s+)?(?:his|her|the)\s+(?:role|post|job|reins|baton)))"
)
# the words that make a holder a stand-in: past for a page naming a holder (issue 22: "the current holder,
# not the former, outgoing, interim"), the holder of a page naming none other (round 160: "Director Michael
# Lunsford has been appointed interim CEO", five of five pages on Funko)
_STAND_IN_CUES = frozenset({"interim", "acting"})
# ...after the name: the end of _PAST_AFTER_NAME's "as acting CEO" branch
_AS_STAND_IN = re.compile(r"(?i)\b(?:acting|interim)\s\Z")
# a closed span of years: "from 1981 to 1997", "between 2012 and 2022", "(1921-1937)" ("2014-present" is open)
_SPAN_YEAR = r"(?:1[6-9]|20)\d\d"
_CLOSED_SPAN = re.compile(
    r"(?i)\b(?:(?:from|between)\s+(?:[a-z]{3,9}\s+)?YEAR\s*(?:to|until|till|and|-|–|—)\s*(?:[a-z]{3,9}\s+)?YEAR|"
    r"\(\s*YEAR\s*[-–—]\s*YEAR\s*\))(?!\d)".replace("YEAR", _SPAN_YEAR)
)
_LIFE_SPAN = re.compile(
    r"[ \t]{0,2}\([ \t]{0,2}YEAR[ \t]{0,2}[-–—][ \t]{0,2}YEAR[ \t]{0,2}\)".replace("YEAR", _SPAN_YEAR)
)
# the passive that names a post's next holder: "will be succeeded by X", "replaced by X"
_SUCCESSION_CUES = ("replaced by", "succeeded by")
# ...and these make it the holder now: "named X as its new CEO", "X will become CEO", "new CEO X",
# "X succeeds Y"
_NEW_BEFORE_NAME = re.compile(
    alternation(
        [
            *[
                "named",
                "names",
                "appointed",
                "appoints",
                "appointing",
                "elected",
                "elects",
                "tapped",
                "taps",
                "hired",
                "hires",
            ],
            *[
                "picked",
                "picks",
                "chose",
                "chosen",
                "chooses",
                "selected",
                "selects",
                "promoted",
                "promotes",
                "welcomed",
                "welcomes",
            ],
            *["new", "newly", "incoming", "current", "next"],
            *_SUCCESSION_CUES,
            *["successor", "replacement will be", "replacement is"],
            # "the appointment of Meg O'Neill", "will transition his role to Joaquin Duato"
            *(f"{noun} of" for noun in _ARRIVALS),
            *(
                f"{verb} {what} to"
                for verb in ("transition", "transitions", "hand", "hands", "handing", "pass")
                for what in ("his role", "her role", "the role", "the reins", "the baton")
            ),
            # "Whitman will hand over to Antonio Neri" (round 194, real page)
            *(f"{verb} over to" for verb in ("hand", "hands", "handed", "handing")),
        ],
        ignore_case=True,
        not_after=LETTER,
        space=r"\s+",
    )
    + rf"(?![{LETTER}])"
)
_NEWS_ADVERBS = r"(?:recently|just|officially|formally|unanimously|now|today|finally|newly)\s+"
_NEW_AFTER_NAME = re.compile(
    r"(?i)^[^.;]{0,60}?\b(?:as\s+(?:its|the|their|his|her)?\s*"
    # "announced as the WNBA's new commissioner": the body's possessive before the post's words (round 188)
    r"(?:(?-i:[A-Z])[\w&.-]{0,30}['’]s\s+)?(?:new|next|incoming|permanent)?\s*(?=(?P<as>ROLE))|"
    r"(?:will\s+become|became|becomes|has\s+become|(?:is|was)\s+(?:slated|set|due|poised)\s+to\s+become)\s+(?:the\s+|its\s+)?(?:new\s+)?(?:\w+\W+){0,2}(?=(?P<becomes>ROLE))|"
    # "appointment of Meg O'Neill as his replacement", "will transition into the role of CEO"
    r"as\s+(?:his|her|their)\s+(?:replacement|successor)|(?:will\s+)?transition\s+into\s+the\s+role|"
    r"(?:will\s+)?take\s+up\s+the\s+(?:role|post)|takes\s+up\s+the\s+(?:role|post)|"
    r"takes\s+over|took\s+over\s+as|will\s+take\s+over|to\s+take\s+over\s+as|will\s+lead|to\s+lead|will\s+succeed|succeeds|"
    # an adverb between the verb's parts says when or how, not whether: "was recently appointed", "has
    # just been named", "was unanimously elected" (round 177); "previously" and "first" stay out, as past
    r"replaces|will\s+replace|has\s+(?:ADVERB)?been\s+(?:ADVERB)?(?:named|appointed|elected)|"
    r"was\s+(?:ADVERB)?(?:named|appointed|elected)|"
    # "as Matt Hicks is promoted to CEO"
    r"(?:is|was|has\s+been|will\s+be)\s+promoted\s+to\s+(?:the\s+)?(?:role\s+of\s+)?(?=(?P<promoted>ROLE))|"
    r"will\s+assume|assume[sd]\s+the|took\s+the\s+helm|takes\s+the\s+helm|(?:is\s+(?:now\s+)?|will\s+be\s+)the\s+(?:new\s+|next\s+)?(?=(?P<is>ROLE))|"
    # how a head of state or government takes office: "was sworn in on Monday to become the 31st Prime
    # Minister"
    r"(?:was|were|has\s+been|is|being|been)\s+(?:formally\s+)?(?:sworn\s+in|inaugurated)|"
    r"(?:took|takes|assumed|assumes)\s+office|ascend(?:ed|s)?\s+the\s+(?:\w+\s+)?throne|"
    # "took oath as the 29th chief justice"
    r"(?:took|takes|taking)\s+(?:the\s+)?oath)".replace("ROLE", _ROLE_ALTERNATION).replace(
        "ADVERB", _NEWS_ADVERBS
    )
)
_LEGAL_FORM = re.compile(rf"(?:^|\s|,)(?:{LEGAL_FORMS})$")
_PARTICLES = frozenset({"de", "del", "la", "van", "von", "da", "der", "bin", "al", "el", "di", "du", "le"})
# a name right after these is an organisation: "who led Taco Bell", "at Rockwell Collins", "supplier Rockwell
# Collins", "chipmaker Intel" (a headline's "All About The Semiconductor Veteran" goes by its function words)
_ORG_CUE_WORDS = frozenset(
    {
        *("at", "of", "from", "for", "with", "in", "led", "leads", "leading", "run", "runs", "ran", "joined"),
        *("joins", "join", "leaving", "left", "founded", "co-founded", "supplier", "chipmaker", "maker"),
        *("company", "firm", "giant", "retailer", "chain", "airline", "carrier", "rival", "group", "brand"),
        *("subsidiary", "startup", "unit", "owner"),
    }
)
_NOT_THIS_ROLE = ("vice", "deputy", "assistant", "associate")  # "senior vice", "executive vice" end in one


def _under_another(before: str) -> bool:
    """Whether a role word comes after "vice", "deputy", "assistant" or "associate" ("Vice President",
    "deputy-mayor"): another role. Plain string tests, where a regex would try every position of a page."""
    tail = before.rstrip().lower()
    if tail.endswith("-"):  # one hyphen, as in "deputy-mayor"
        tail = tail[:-1].rstrip()
    for word in _NOT_THIS_ROLE:
        if tail.endswith(word):
            previous = tail[-len(word) - 1 : -len(word)]
            return not (previous.isalnum() or previous == "_")
    return False


_ROLE_OF_ORG = re.compile(rf"\s+(?:of|at)\s+(?:the\s+)?(?P<org>{_ORG})")
_DESCRIBED_ORG = re.compile(rf"(?:[ \t]{{1,2}}+[a-z][\w-]{{0,30}}+){{1,3}}+[ \t]{{1,2}}+(?P<org>{_ORG})")
_NEAR_WORDS = 4  # a name this many words or fewer from the role word holds it ("CEO Brian Niccol")
_NEW_REACH = 240  # characters between a name said to be named to a post and the role word: two sentences


@dataclass(frozen=True)
class Holder:
    """A person a page gives ``role`` to as things stand: 2 when it says they were named or take it on,
    1 when it only writes the name beside the role."""

    surface: str
    person: str  # name key
    start: int
    end: int
    standing: int


def current_holders(text: str, role: str, subject: frozenset[str], stand_ins: bool = False) -> list[Holder]:
    """Who holds ``role`` (a concept of :data:`ROLES`) of the organisation or place whose folded words are
    ``subject``, as the page states it now: best standing first, then reading order. ``stand_ins``: a holder
    the page calls interim or acting holds the post too (:data:`_STAND_IN_CUES`); the answer layer asks so
    only of a page naming no other holder, current or leaving.

    Why a rule of its own (issue 22: "the current holder, not the former, outgoing, interim or named
    predecessor"): news of a new chief names the old one in the same sentence ("Intel named Lip-Bu Tan,
    who replaces Pat Gelsinger"), so the name nearest the role word is as often the predecessor. A person
    the page calls past anywhere (former, interim, succeeded, stepped down, 's retirement) is nobody's
    answer; a role word about another organisation ("former CEO of Cadence") is not this role.
    """
    subject = spelled_out(text, subject)
    reading = _role_reading(text, role, subject, stand_ins)
    if reading is None:
        return []
    persons, past, ended, occurrences, edges, nexts = reading
    # a role word after "first" is the post's history (:func:`_first_holder`): read once, not per name
    occurrences = tuple(r for r in occurrences if not _first_holder(text, r, subject))
    found: list[Holder] = []
    for m, edge, following in zip(persons, edges, nexts, strict=False):
        if any(same_person(m.key, p) for p in past) or post_ended(m.surface):
            continue  # a title ("Chief Product Officer" read less its "Chief") holds nothing, but bounds
        clause = _last_clause(text[max(0, m.offset - 60) : m.offset])
        end = m.offset + len(m.surface)
        before = _last_clause(text[max(edge, m.offset - 80) : m.offset])
        after = text[end : min(following, end + 100)]
        if (
            _titled_otherwise(clause, role, subject)
            and not _SUCCESSOR_BEFORE.search(clause)
            and not _moved_to(after, role)
            and not _succeeds_as(text, end, role)
        ):
            # "says Boeing board chair Steven Mollenkopf", "Spirit AeroSystems CEO Patrick Shanahan": the
            # holder of another role, or of this role elsewhere, whatever role word is near; unless named as
            # the successor ("will be succeeded by the Americas chief executive Elie Maalouf") or moved to
            # the role asked ("President Kevin Murphy was promoted to CEO", round 157)
            continue
        if any(same_person(m.key, p) for p in ended):
            continue  # a tenure a span of years closed, the page telling of no return
        # "chosen to replace City veteran Howard Davies", "was named to succeed Dave Calhoun": the cue names
        # the one who comes; the name after "to replace" is the one who goes
        arriving = bool(_NEW_BEFORE_NAME.search(before)) and not _LEAVING_BEFORE.search(before)
        new = arriving or _new_after(after, role)
        # beside the role word; or named to a post with the role word in the same stretch of text ("Boeing
        # named Kelly Ortberg to lead the company ... He'll succeed CEO Dave Calhoun")
        # a role word is the nearest name's: another person named between them holds it ("Viswas Raghavan
        # (executive vice chairman)|Jane Fraser (CEO)")
        incumbent = _INCUMBENT_BEFORE.search(text, max(0, m.offset - 80), m.offset) is not None
        incumbent = incumbent or _in_office_box(text, m.offset, end)
        near = any(
            (
                _beside(text, r, m.offset, end, edge, following, _NEAR_WORDS)
                and not (r.start() > end and _ANOTHER_S_ROLE.search(text, end, r.start()))
            )
            or (new and abs(r.start() - m.offset) <= _NEW_REACH)
            or _said_to_be(text, end, r.start(), following)
            or (incumbent and 0 < m.offset - r.start() <= _INCUMBENT_REACH)
            or _label_lines(text, r, m.offset, end)
            or _stated_as_holder(text, r, m.offset)
            for r in occurrences
        )
        if near:
            found.append(Holder(m.surface, m.key, m.offset, end, 2 if new else 1))
    return sorted(found, key=lambda h: (-h.standing, h.start))


class _RoleReading(NamedTuple):
    persons: tuple[NameMention, ...]
    past: tuple[str, ...]  # name keys the page calls past in the role (:func:`_past_persons`)
    ended: tuple[str, ...]  # name keys whose tenure a span of years ends (:func:`_ended_persons`)
    occurrences: tuple[re.Match[str], ...]  # the role's words that are the subject's (:func:`_is_role`)
    edges: tuple[int, ...]  # where the name before each person ends (0 for the first)
    nexts: tuple[int, ...]  # where the name after each person starts (the text's end for the last)


@lru_cache(maxsize=64)  # current_holders and outgoing_holders ask it of the same page in turn
def spelled_out(text: str, subject: frozenset[str]) -> frozenset[str]:
    """``subject`` with the words of each name the page spells one of its acronyms out as: "the National
    Football League (NFL)" makes {nfl} {nfl, national, football, league} on that page. Pages name a body in
    full where the question uses its letters ("who is the commissioner of the nfl"), and the role word's
    organisation is then written in words the subject does not hold (real pages, issue 22: about 130 pages
    holding the answer read as naming no holder). Only a name the page itself ties to the letters, whose
    initials spell them ("of", "the" and "and" may or may not count: "Museum of Modern Art (MoMA)")."""
    extra: set[str] = set()
    for word in subject:
        if not 2 <= len(word) <= _ACRONYM_LETTERS or not word.isalpha():
            continue
        for m in re.finditer(rf"\([ \t]{{0,2}}{re.escape(word)}[ \t]{{0,2}}\)", text, re.IGNORECASE):
            words = text[max(0, m.start() - 160) : m.start()].split()[-_SPELLED_WORDS:]
            for size in range(len(word), len(words) + 1):
                name = words[-size:]
                if name[0][:1].isupper() and _spells(name, word):
                    # split at hyphens, as the question's words are ("Co-operation" is {co, operation})
                    extra.update(
                        part
                        for w in name
                        if w.lower() not in FUNCTION_WORDS
                        for part in fold(w).strip("\"'’,").replace("-", " ").split()
                    )
                    break
    return subject | extra if extra else subject


_ACRONYM_LETTERS = 6
_SPELLED_WORDS = 12


def _spells(words: list[str], letters: str) -> bool:
    """Whether the words' initials spell ``letters``, a function word's initial counted or not."""
    if not words:
        return not letters
    first, rest = words[0], words[1:]
    if first.lower() in FUNCTION_WORDS and _spells(rest, letters):
        return True
    return bool(letters) and fold(first[:1]) == letters[0] and _spells(rest, letters[1:])


@lru_cache(maxsize=64)
def _role_reading(
    text: str, role: str, subject: frozenset[str], stand_ins: bool = False
) -> _RoleReading | None:
    """What :func:`current_holders` and :func:`outgoing_holders` both read of a page, once: the answer layer
    asks for the leaving holder of the same page right after finding no current one. None when the page
    names no person. ``stand_ins``: interim and acting holders are not past (:func:`_past_persons`)."""
    persons = _person_names(text, subject)
    if not persons:
        return None
    nexts = (*(m.offset for m in persons[1:]), len(text))
    return _RoleReading(
        persons,
        tuple(_past_persons(text, persons, subject, role, stand_ins)),
        tuple(_ended_persons(text, persons, nexts, subject, role)),
        tuple(r for r in _ROLE_ONLY.finditer(text) if _is_role(text, r, role, subject)),
        (0, *(m.offset + len(m.surface) for m in persons)),
        nexts,
    )


def outgoing_holders(text: str, role: str, subject: frozenset[str]) -> list[Holder]:
    """Who the page says is leaving ``role`` of the subject, beside its role word: "the incumbent, Werner
    Hoyer, will step down", "short-listed four candidates to succeed Chief Executive Eldar Saetre", "The new
    hire will replace Rona Fairhead, the chairman". Such a page was written while that person held the post,
    so it names the holder as of its day; a page that says "former" or "interim" names no holder of any day.

    Why apart from :func:`current_holders`: the answer is never a leaving holder, but a page naming only one
    is an older page on the question, which the brief names as such (issue 22: typed disagreements)."""
    subject = spelled_out(text, subject)
    reading = _role_reading(text, role, subject)
    if reading is None or not reading.past:
        return []
    persons, past, _, occurrences, edges, nexts = reading
    found: list[Holder] = []
    for m, edge, following in zip(persons, edges, nexts, strict=False):
        if not any(same_person(m.key, p) for p in past):
            continue
        end = m.offset + len(m.surface)
        before = _last_clause(text[max(edge, m.offset - 80) : m.offset])
        after = text[end : min(following, end + 100)]
        if _NEVER_HELD_BEFORE.search(before) or not (
            _LEAVING_BEFORE.search(before) or _LEAVING_AFTER.match(after)
        ):
            continue
        # "Werner Hoyer, will step down as president": the cue's words stand between the name and the role's
        if any(_beside(text, r, m.offset, end, edge, following, _LEAVING_WORDS) for r in occurrences):
            found.append(Holder(m.surface, m.key, m.offset, end, 0))
    return found


# a successor named with the post they hold now: "will be succeeded by the business' Americas chief executive
# Elie Maalouf", "replaced by the airline's president Joanna Geraghty" (real pages, issue 22)
_SUCCESSOR_BEFORE = re.compile(
    alternation(list(_SUCCESSION_CUES), ignore_case=True, not_after=LETTER, space=r"[ \t]{1,2}")
    + rf"(?![{LETTER}])"
)
_LEAVING_WORDS = 9  # "X, who is set to step down as the commissioner": a cue's words and the role's after it
# the words that make a name's bearer the holder as the page was written, about to leave: "the incumbent",
# "to succeed", "will replace" before the name; "will step down", "is set to retire" after it
# (the first letter looked ahead once, as in _DEPARTING: 64 ms on a megabyte of "+1" against a 100 ms budget
# was 32 ms after, where a loaded machine had failed the linear-pattern battery)
_LEAVING_BEFORE = re.compile(
    r"(?i)\b(?=[iotwsr])(?:incumbent|outgoing|(?:to|will|would)\s+(?:succeed|replace)|successor\s+to|"
    r"replacement\s+for)\W+(?:[\w'’.-]+\W+){0,4}$"
)
_LEAVING_AFTER = re.compile(
    r"(?i)^[^.;]{0,60}?\b(?:will|is\s+(?:set\s+|due\s+|expected\s+|going\s+)?to|plans\s+to|"
    r"has\s+decided\s+to|announced\s+(?:he|she)\s+would|is\s+about\s+to|intends\s+to)\s+"
    r"(?:step\s+down|step\s+away|stand\s+down|retire|leave|depart|resign|quit)\b|"
    r"^[^.;]{0,40}?\bis\s+(?:leaving|retiring|departing|stepping\s+down|stepping\s+away|standing\s+down)\b|"
    # "Michael Pietsch, the chief executive of Hachette Book Group, is stepping down"; "who announced handing
    # over in July to a lawyer"
    r"^,[^.;,]{0,80},\s+(?:is\s+(?:stepping\s+down|retiring|leaving)|will\s+(?:step\s+down|retire|leave))|"
    r"^[^.;]{0,40}?\b(?:handing\s+over|will\s+hand\s+over)\b"
)
# a name these words qualify held no post of the day the page was written: "former", "ex-", "the late",
# "interim", "acting"
# (its first letter looked ahead once, as _LEAVING_BEFORE's: the battery's slowest pattern, 67 ms, was 56 ms)
_NEVER_HELD_BEFORE = re.compile(
    r"(?i)\b(?=[feilpa])(?:former|ex|late|previous|interim|acting)\W+(?:[\w'’.-]+\W+){0,4}$"
)


# "is a Spanish businessman and the current", "has been a board member since 2019 and the": a name, its verb
# of being, a description and "and" before the role word, in one clause
# (whitespace bounded: a leading "\s*" meets a megabyte of spaces quadratically, issue 12's battery)
_SAID_TO_BE = re.compile(
    r"(?:,\s{0,3}|\s{1,3})(?:is|has\s{1,4}been|remains|serves\s{1,4}as)\s{1,4}(?:an?|the)\s{1,4}"
    r"[^,.;:!?\n()]{0,80}?\s(?:and|as)\s{1,4}(?:(?:the|its|their|his|her)\s{1,4})?"
    r"(?:(?:current|sitting|incumbent|present)\s{1,4})?"
)
_SAID_TO_BE_WORDS = 14
# How a page about a post names its holder now, the post's word some sentences before: "The incumbent is
# Stephen Gageler", "The current holder of the position is Nigel Farage", "a post currently held by Nicholas
# Cullinan" (round 83, real pages: an encyclopedia's article on an office, read as naming no holder)
# (the first letter looked ahead once, as in _DEPARTING, so a scan skips most word boundaries at once)
_INCUMBENT_BEFORE = re.compile(
    r"(?i)\b(?=[tcpnor])(?:the[ \t]{1,2}(?:current[ \t]{1,2}|present[ \t]{1,2})?"
    r"(?:incumbent|holder|occupant|office[ \t-]?holder)"
    r"(?:[ \t]{1,2}of[ \t]{1,2}the[ \t]{1,2}(?:post|position|office|role|title))?(?:[ \t]{1,2}is|,)"
    r"|(?:currently|presently|now)(?:[ \t]{1,2}held[ \t]{1,2}by|,?[ \t]{1,2}it[ \t]{1,2}is)"
    r"|(?:post|position|office|role|title)[ \t]{1,2}(?:is[ \t]{1,2}|has[ \t]{1,2}been[ \t]{1,2})?held[ \t]{1,2}by)"
    r"[ \t]{1,2}(?:(?:mr|mrs|ms|dr|sir|dame|m)\.?[ \t]{1,2})?$"
)
_INCUMBENT_REACH = 600  # characters from the post's word to the holder so named: a page's opening paragraph

# An office's infobox, as encyclopedias and their mirrors print it: the office's title, a seal or a flag, then
# "Incumbent" on a line of its own, the holder's name on the next and "since 12 March 2021" after it (round
# 84, real pages: about a hundred labelled pages, most read as naming no holder). Either mark makes the line's
# name the office's holder as the page was written; the office's word stands within _INCUMBENT_REACH before.
_BOX_INCUMBENT = re.compile(r"(?:^|\n)[ \t]{0,4}[Ii]ncumbent[ \t]{0,4}\n(?:[ \t]{0,4}\n){0,3}[ \t]{0,4}$")
_BOX_SINCE = re.compile(r"[Ss]ince[ \t]{1,2}(?=\d|[A-Z][a-z]{2,8}\.?[ \t]{1,2}\d)")
_REFERENCE_MARK = re.compile(r"\[\w{1,3}\]")  # "Mara Tessely[1]": an encyclopedia's footnote mark
_BOX_REACH = 60  # characters after a box's name in which its "since" line starts


def _in_office_box(text: str, start: int, end: int) -> bool:
    """Whether the name at ``start:end`` is an office infobox's holder (:data:`_BOX_INCUMBENT`,
    :data:`_BOX_SINCE`): the rest of its line holds at most a footnote mark, and a later line opens with
    "since" and a date. The lines are split in code: a pattern that skipped the blank lines itself would try
    every space of a page as a start."""
    line, brk, rest = text[end : end + _BOX_REACH].partition("\n")
    if brk and not _REFERENCE_MARK.sub("", line).strip() and _BOX_SINCE.match(rest.lstrip(" \t\n")):
        return True
    return _BOX_INCUMBENT.search(text, max(0, start - 40), start) is not None


def _label_lines(text: str, r: re.Match[str], start: int, end: int) -> bool:
    """Whether the role word and the name at ``start:end`` each fill a line of their own, one right after
    the other, blank lines aside: a box's label and its value ("President" / "Luc Tardif"), or a team
    page's name and its title ("Mark Wild" / "Chief Executive Officer"). Such a pair states who holds
    the post as the page was written, with no sentence to read it from (issue 22, real pages).
    The lines are cut in code: a pattern that skipped blank lines itself would try every space as a start."""
    if r.start() < start:
        first, second = (r.start(), r.end()), (start, end)
    else:
        first, second = (start, end), (r.start(), r.end())
    gap = text[first[1] : second[0]]
    if gap.count("\n") < 1 or gap.count("\n") > 4 or gap.strip(" \t\n:"):
        return False
    return all(_alone_on_line(text, a, b) for a, b in (first, second))


def _alone_on_line(text: str, start: int, end: int) -> bool:
    """Whether ``start:end`` fills its line, a label's colon or a footnote mark aside."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if text[line_start:start].strip():
        return False
    return not _REFERENCE_MARK.sub("", text[end:line_end]).strip(" \t:")


def _stated_as_holder(text: str, r: re.Match[str], start: int) -> bool:
    """Whether the role word and the name make one sentence of being, the body's name between them: "The Chief
    Justice of the United States is John Roberts", "The chief executive of Kestrel Holdings has been Dana
    Velm". Such a sentence states the holder however many words the body's name takes (round 193, real pages:
    read as naming nobody, the name more than :data:`_NEAR_WORDS` words from the role)."""
    return (
        r.end() < start <= r.end() + _STATED_REACH
        and _STATED_AS_HOLDER.fullmatch(text, r.end(), start) is not None
    )


# "of the United States is", "at Kestrel Holdings has been": "of" or "at", the body's capitalised name (its
# own "of the", "and" and "&" inside), the verb of being, then at most a style (lexicon.STYLES: "Sir")
_STATED_AS_HOLDER = re.compile(
    r"[ \t]{1,2}(?:of|at)[ \t]{1,2}(?:the[ \t]{1,2})?"
    r"(?:[A-Z][\w.&'’-]{0,30}[ \t]{1,2}(?:(?:of|and|&)[ \t]{1,2}(?:the[ \t]{1,2})?)?){1,6}"
    r"(?:is|has[ \t]{1,2}been)[ \t]{1,2}(?:(?:currently|now)[ \t]{1,2})?"
    + rf"(?:{alternation(sorted(STYLES), ignore_case=True, not_after=LETTER)}\.?[ \t]{{1,2}})?"
)
_STATED_REACH = 160


def _said_to_be(text: str, end: int, role_start: int, following: int) -> bool:
    """Whether the words between a name and a role word after it make the name the role's holder though more
    than a few words stand between: "Florentino Pérez is a prominent Spanish businessman and the current
    President of Real Madrid". English joins a description and the post in one predicate of "is"; no other
    name and no clause's end stand between (:func:`_words_between`)."""
    if not end <= role_start <= following or _words_between(text, end, role_start) > _SAID_TO_BE_WORDS:
        return False
    return _SAID_TO_BE.fullmatch(text, end, role_start) is not None


# the first letter looked ahead once, so that a scan skips every other word boundary at once (half the time
# on a megabyte of hostile text: the linear-pattern battery's budget)
_DEPARTING = re.compile(
    r"(?i)\b(?=[srl])(?:(?:step|steps|stepped|stepping)\s+(?:down|away)|(?:stand|stands|stood|standing)\s+down|"
    r"(?:resign|retire|leave)(?:s|d|ing)?\b)"
)


def _beside(
    text: str, r: re.Match[str], start: int, end: int, edge: int, following: int, after_words: int
) -> bool:
    """Whether a role word stands beside the name at ``start:end``: at most ``after_words`` words after it
    and before the next name, or :data:`_NEAR_WORDS` before it and after the previous name, unless it stands
    alone in brackets there (:func:`_bracketed`): "CEO Brian Niccol", "Brian Niccol, Chipotle's CEO". A role
    word the next name follows at once is that name's title ("hosted by Kara Swisher, Trivago CEO Rolf
    Schrömgens"), as "CEO Brian Niccol" is Niccol's, not the name's before it."""
    after = (
        _words_between(text, end, r.start()) <= after_words
        and r.start() <= following
        and not (following < len(text) and not text[r.end() : following].strip())
        and not _QUOTE_MARK.search(text, end, r.start())
    )
    return after or (
        _words_between(text, r.end(), start) <= _NEAR_WORDS
        and r.end() >= edge
        and not _bracketed(text, r)
        and not _QUOTE_MARK.search(text, r.end(), start)
    )


# a quotation mark between a role word and a name: the role is in someone's words, not the name's title
# ('"... to assume the CEO role," said Maureen Sabia, Chairman of the Board'; round 178, real pages of set FD)
_QUOTE_MARK = re.compile('["“”]')


# a preposition and a determiner between a name and the role word after it: the role is another person's,
# the name's bearer speaks, writes or reports to its holder ("All About Space speaks to the CEO and founder
# of Rocket Lab", "Dana Whitfield, who reports to the CEO"); round 156. A leaving holder's own post is
# written so ("will step down from the board as director"): :func:`outgoing_holders` does not ask it
# (the first letter is looked ahead as a class, so a megabyte of words is skipped in C at twice the speed)
_ANOTHER_S_ROLE = re.compile(
    r"\b(?=[tTwWbBfFaA])(?i:to|with|by|from|for|about)[ \t]{1,2}(?i:the|its|their|his|her|our|a)[ \t]"
)


def _first_holder(text: str, r: re.Match[str], subject: frozenset[str]) -> bool:
    """Whether the role word is the post's first holder's: "first" right before it, or before the subject's
    own words ("the first NHC director", "its first president"). The first holder of a body's post is its
    history, not its holder now (real pages, issue 22: "he is universally recognized as being the first NHC
    director. Norton was ..." read as the director now); "its first female editor" is no such phrase."""
    words = text[max(0, r.start() - 40) : r.start()].split()
    while words and fold(words[-1]) in subject:
        words.pop()
    return bool(words) and words[-1].lower() == "first"


def _bracketed(text: str, r: re.Match[str]) -> bool:
    """Whether a role word stands alone in brackets, as lists write a title after its holder's name ("Jane
    Fraser (CEO)|Mark Mason (CFO)"): it is the name's before it, not the one after."""
    return text[max(0, r.start() - 1) : r.start()] == "(" and text[r.end() : r.end() + 1] == ")"


def _arrival_after(after: str) -> re.Match[str] | None:
    """The cue after a name that makes its bearer arrive in a post ("X was named", "X takes over as CEO"),
    unless a leaving stands before it ("would step down as its director": the post is the one left)."""
    cue = _NEW_AFTER_NAME.search(after)
    return None if cue is None or _DEPARTING.search(after, 0, cue.end()) else cue


def _new_after(after: str, role: str) -> bool:
    """Whether the words after a name make its bearer the holder now: "X was named", "X takes over as CEO".
    A cue that names a post names that post: "Gorsky will stay on as chairman" is no cue for the chief
    executive, unless the role asked follows in the same words ("becomes chairman and CEO")."""
    cue = _arrival_after(after)
    if cue is None:
        return False
    named = cue["as"] or cue["becomes"] or cue["is"] or cue["promoted"]
    if not named or _role_of(named) == role:
        return True
    return _names_role(after[cue.end() : cue.end() + _ROLE_AFTER_CUE], role)


def _names_role(words: str, role: str) -> bool:
    """Whether a role word in ``words`` is ``role``'s: the post a cue's words go on to name ("becomes chairman
    and CEO", "will succeed Wu Po-Hsuan as president and CEO")."""
    return any(_role_of(r[0].rstrip(".")) == role for r in _ROLE_ONLY.finditer(words))


_ROLE_AFTER_CUE = 40  # characters after an arrival's cue in which the post it names is read


def _moved_to(after: str, role: str) -> bool:
    """Whether the words after a name move its bearer to ``role`` by name ("was promoted to CEO", "will
    become chief executive", "was hired as its next commissioner"): a title of another post before the name
    is then the one they leave, not a holder's of another role."""
    cue = _arrival_after(after)
    if cue is None:
        return False
    # "as CEO" alone is as often a wish or a division's post ("would like to see X as CEO", "would serve as
    # CEO of the commercial aircraft business"): only "as its next CEO" and its like move the name
    named: str | None = (
        cue["becomes"] or cue["promoted"] or (cue["as"] if _NEXT_HOLDER.search(cue[0]) else None)
    )
    if named is None and _TAKES_OVER.search(cue[0]) and (taken := _AS_ROLE.match(after, cue.end())):
        # "Twitch president Dan Clancy will take over as CEO": the verb is the arrival, no wish (round 187)
        named = taken["role"]
    return named is not None and _role_of(named) == role


def _succeeds_as(text: str, end: int, role: str) -> bool:
    """Whether the words after a name make its bearer the successor of another in ``role``: "Executive Vice
    President Masahiro Okitsu will succeed Wu Po-Hsuan as president and CEO" (round 192, real page). The one
    succeeded stands between the verb and the post, so the words :func:`_moved_to` reads stop before the post;
    a title of another post before the successor's name is the one they leave."""
    cue = _SUCCEEDS_AS.match(text, end, end + _SUCCEEDS_AS_REACH)
    if cue is None:
        return False
    return _names_role(text[cue.end() : cue.end() + _ROLE_AFTER_CUE], role)


# "will succeed Wu Po-Hsuan as", "replaces Jane Doe as its": the verb, the one succeeded (no stop), "as"
_SUCCEEDS_AS = re.compile(
    r"(?i),?[ \t]{1,2}(?:(?:will|to|would)[ \t]{1,2})?(?:succeed|succeeds|replace|replaces)[ \t]{1,2}"
    r"[^.;:!?\n]{1,60}?[ \t]{1,2}as[ \t]{1,2}(?:(?:its|the|their)[ \t]{1,2})?(?:(?:new|next)[ \t]{1,2})?"
)
_SUCCEEDS_AS_REACH = 120

_NEXT_HOLDER = re.compile(r"(?i)\b(?:new|next|incoming|permanent)\s")
_TAKES_OVER = re.compile(r"(?i)\b(?:take|takes|took)\s+over(?:\s+as)?$")
_AS_ROLE = re.compile(
    rf"(?i)[ \t]{{1,2}}(?:as[ \t]{{1,2}})?(?:(?:its|the)[ \t]{{1,2}})?(?:new[ \t]{{1,2}})?(?P<role>{_ROLE_ALTERNATION})"
)


def full_name(text: str, person: str, subject: frozenset[str]) -> tuple[str, str] | None:
    """The page's fullest writing of a person known by one word (surface, key): a page writes "Allison Kirkby"
    once and "Kirkby" after, so the holder it names by the surname is the person it named in full."""
    if " " in person:
        return None
    fuller = [m for m in _person_names(text, subject) if " " in m.key and m.key.split()[-1] == person]
    if len({m.key for m in fuller}) != 1:
        return None  # none, or two people of the surname
    return fuller[0].surface, fuller[0].key


def called_past(text: str, person: str, subject: frozenset[str], role: str = "") -> bool:
    """Whether the page calls ``person`` (a name key) past in ``role``: "Gary Nagle replaced Ivan Glasenberg",
    "former CEO Ivan Glasenberg", "Farandou, who stepped down" (the cues of :func:`current_holders`)."""
    persons = _person_names(text, subject)
    return any(same_person(person, p) for p in _past_persons(text, persons, subject, role))


def _past_persons(
    text: str,
    persons: Sequence[NameMention],
    subject: frozenset[str],
    role: str = "",
    stand_ins: bool = False,
) -> list[str]:
    """The name keys of ``persons`` that a cue calls past, read between a name and its neighbours: "Tan
    replaces Gelsinger, who stepped down" is about Gelsinger. A past word before another post is that post's
    ("naming former board member Lip-Bu Tan as its new leader"): the name is not past in ``role``.
    ``stand_ins``: "interim" and "acting" call nobody past ("interim CEO Michael Lunsford", "Liz Westcott
    ... as acting CEO"); "former interim CEO" still does."""
    past: list[str] = []
    edges = [0] + [m.offset + len(m.surface) for m in persons]
    nexts = [m.offset for m in persons[1:]] + [len(text)]
    for m, edge, following in zip(persons, edges, nexts, strict=False):
        end = m.offset + len(m.surface)
        before = text[max(edge, m.offset - 60) : m.offset]
        after = text[end : min(following, end + 140)]  # to the next name: an appositive runs long
        clause = _last_clause(before)
        # the cue nearest the name is the one about it: "appointed a former DFDS executive to succeed Peter
        # Hebblethwaite" calls Hebblethwaite past by "succeed"; its "former" is the newcomer's
        cues = [
            c
            for c in _PAST_BEFORE_NAME.finditer(clause)
            if not (stand_ins and c[0].lower() in _STAND_IN_CUES)
        ]
        cue = cues[-1] if cues else None
        # "former Collins Aerospace chief Kelly Ortberg": the past role is another organisation's
        if (
            cue
            and not _another_body(clause[cue.end() :], subject)
            and not _another_post(clause[cue.end() :], role)
            and not _UNTIL.intersection(clause[cue.end() :].lower().split())
        ) or (_past_after(after, stand_ins) and not _another_company(clause, subject)):
            past.append(m.key)
    return past


def _past_after(after: str, stand_ins: bool) -> bool:
    """Whether the words after a name call it past (:data:`_PAST_AFTER_NAME`); with ``stand_ins``, "as acting
    CEO" does not ("Liz Westcott, the company's chief operating officer, as acting CEO")."""
    later = _PAST_AFTER_NAME.search(after)
    return later is not None and not (stand_ins and _AS_STAND_IN.search(later[0]))


def _ended_persons(
    text: str, persons: Sequence[NameMention], nexts: Sequence[int], subject: frozenset[str], role: str
) -> list[str]:
    """The name keys of ``persons`` whose tenure in ``role`` a span of years closes (:func:`_closed_tenure`),
    unless the page tells of their return: "Saunders is returning to Bausch + Lomb after having served as CEO
    from 2010 to 2013" closes the first tenure of a holder named again (real page, issue 22). A history that
    names each holder in turn ("Mark Parker (2006 - 2020) ... Nike named Mark Parker") ends theirs.
    ``nexts``: where the name after each person starts (:class:`_RoleReading`)."""
    ended: list[str] = []
    back: list[str] = []
    for m, following in zip(persons, nexts, strict=False):
        end = m.offset + len(m.surface)
        after = text[end : min(following, end + 140)]
        if _closed_tenure(after, role, subject) or _span_opens(text, m.offset, after, role, subject):
            ended.append(m.key)
        if _RETURNS.match(after):
            back.append(m.key)
    return [p for p in ended if not any(same_person(p, b) for b in back)]


# a holder's return to a post: "Saunders is returning to Bausch + Lomb", "Iger returns as chief executive"
_RETURNS = re.compile(
    r"(?i)^[^.;]{0,40}?\b(?:is\s+returning|returns|returned|will\s+return|to\s+return|rejoins|rejoined|is\s+back)\b"
)


def _closed_tenure(after: str, role: str, subject: frozenset[str]) -> bool:
    """Whether the words after a name close its tenure in ``role`` with a span of years: "Hans Blix, IAEA
    Director General from 1981 to 1997", "served as CEO of Volvo Cars from 2012 to 2022" (real pages, issue
    22: ElBaradei, who "followed" nobody now, read as the director general). A span right after the name is a
    life or a tenure that has ended ("Elihu Root (1845-1937)"). Otherwise the role asked stands between the
    name and the span, in the same sentence, and no other body does ("led the retail chain Tesco as group
    CEO from 2014 to 2020" is another post; "worked with Amnesty from 1995-2001 as Chef de Cabinet" names
    none)."""
    if _LIFE_SPAN.match(after):
        return True
    span = _CLOSED_SPAN.search(after, 0, _TENURE_REACH)
    if span is None or not role:
        return False
    between = after[: span.start()]
    if any(stop in between for stop in ".;"):
        return False
    held = any(_role_of(r[0]) == role for r in _ROLE_ONLY.finditer(between))
    return held and not _another_body(between, subject)


_TENURE_REACH = 90  # characters after a name that a span of its tenure may end within: one clause


def _span_opens(text: str, start: int, after: str, role: str, subject: frozenset[str]) -> bool:
    """Whether a span of years opens the sentence of a name that holds ``role`` after it: "From 2016 to 2022
    Pol Gen Aswin Kwanmuang acted as Governor of Bangkok", "From 1990 to 2002, Steve Schroeder led the
    foundation as its president". The history an encyclopedia's article on an office tells, which a span
    after the name closes too (:func:`_closed_tenure`); round 158 (three mirrors of one article had made the
    governor of 2022 Bangkok's governor of today). Up to three capitalised words of a title may stand between
    the span and the name; no other body stands between the name and the role."""
    lead = text[max(0, start - _SPAN_LEAD_REACH) : start]
    cut = max(lead.rfind(c) for c in ".;\n")
    lead = lead[cut + 1 :]
    # (spaces stripped before, not matched: a pattern opening on spaces is slow on a megabyte of them)
    if not role or not _SPAN_LEAD.fullmatch(lead.lstrip(" \t")):
        return False
    sentence = re.split(r"[.;\n]", after, maxsplit=1)[0]
    for r in _ROLE_ONLY.finditer(sentence):
        if _role_of(r[0]) == role:
            return not _another_body(sentence[: r.start()], subject)
    return False


_SPAN_LEAD_REACH = 60  # characters before a name that its sentence's opening span of years stands within
# "From 2016 to 2022 ", "between 1990 and 2002, ", with up to three title words ("Pol Gen ", "Mr ") after it
_SPAN_LEAD = re.compile(
    r"(?i)(?:from|between)[ \t]{1,2}(?:[a-z]{3,9}[ \t]{1,2})?YEAR[ \t]{0,2}(?:to|until|till|and|-|–|—)"
    r"[ \t]{0,2}(?:[a-z]{3,9}[ \t]{1,2})?YEAR,?[ \t]{1,2}(?:[A-Z][\w.]*[ \t]{1,2}){0,3}".replace(
        "YEAR", _SPAN_YEAR
    )
)


def _another_company(clause: str, subject: frozenset[str]) -> bool:
    """Whether the clause before a name is told by another organisation, named with its legal form or a body's
    word and the subject nowhere in it: "Woodside Energy Group Ltd separately confirmed O'Neill's resignation
    as CEO" is about her post at Woodside, not the one she takes at BP (real page)."""
    if set(fold(clause).replace("'", " ").split()) & subject:
        return False
    return any(_a_body(m.surface, m.key) and not set(m.key.split()) & subject for m in name_mentions(clause))


def _a_body(surface: str, key: str) -> bool:
    """Whether a name is an organisation's or a place's by its own words: a legal form ("Chipotle Mexican
    Grill Inc.") or a body's or place's word ("Water Management Department"; a key parts "Asia-Pacific" at
    its hyphen)."""
    return bool(_LEGAL_FORM.search(surface)) or any(w in BODY_AND_PLACE_WORDS for w in key.split())


def _no_person(surface: str, key: str, subject: frozenset[str]) -> bool:
    """The tests every reading of a person's name shares (:func:`_person_names`, :func:`may_hold_role`): a
    word of the subject, an initialism, a figure ("Airbus A350" is a product), a body or a place, or a page's
    sharing buttons ("Email Share": lexicon.FURNITURE_WORDS)."""
    return (
        _of_subject(key.split(), subject)
        or all(w in FURNITURE_WORDS for w in key.split())
        or surface.isupper()
        or any(c.isdigit() for c in surface)
        or _a_body(surface, key)
    )


def _of_subject(words: list[str], subject: frozenset[str]) -> bool:
    """Whether a name is the subject's: one of its words, or a longer name holding all of them. A person may
    share one ("John C. May" of John Deere), while "Deere", "John Deere" and "John Deere Financial" stay the
    subject's."""
    shared = set(words) & subject
    if shared and len(words) >= 2 and all(w in subject or _clipped(w, subject) for w in words):
        return True  # "Met Police" for the Metropolitan Police: the subject's own words, one of them clipped
    return bool(shared) and (len(words) < 2 or subject <= set(words))


def _clipped(word: str, subject: frozenset[str]) -> bool:
    """Whether a word is a subject word's clipped form, as bodies are called for short ("Met" for
    "Metropolitan", "Univ" for "University"): three letters or more that open a longer subject word."""
    return len(word) >= 3 and any(len(s) > len(word) and s.startswith(word) for s in subject)


# "serve as the interim CEO until O'Neill assumes the position": a word of time between a past cue and a
# name opens another clause, about the one who comes next
_UNTIL = frozenset({"until", "till", "before", "after", "when", "once", "while"})


def _another_post(words: str, role: str) -> bool:
    """Whether the words between a past cue and a name hold a post other than ``role``: "board member",
    "CFO", "president" when the chief executive is asked."""
    if not role:
        return False
    folded = words.lower().replace("-", " ").split()
    if any(w in _POSTS for w in folded):
        return True
    ending = _title_ending([w.strip(".,") for w in folded])
    return ending is not None and ending[0] != role


# posts of a body that no role of ROLES names: "former board member", "a former minister"; and the callings
# a newcomer is described by ("Former tennis player-turned-businessman Andrea Gaudenzi will take over as
# chairman", "former provincial cricketer Scott Weenink": round 196, real pages), which say what they were,
# not that they held the post asked ("executive" and "officer" end the posts asked, so they stay out)
_POSTS = frozenset(
    {"member", "members", "minister", "senator", "deputy", "partner", "adviser"}
    | {"player", "cricketer", "footballer", "goalkeeper", "athlete", "olympian"}
    | {"businessman", "businesswoman", "official", "banker", "diplomat", "politician"}
    | {"journalist", "presenter", "producer", "lawyer", "admiral"}
)

# every word of a role's title: a capitalised run that holds one before a name is the title and the name
TITLE_WORDS = ROLE_WORDS
# the nouns that end a post's title, and posts no role names ("ambassador", "envoy", "secretary", "chief of
# the defence staff"): what a question asks a person by, and what ends no name answering such a question
# ("Chief Operating Officer", "Product Chief"); the styles a name may open or end with ("General", "King")
# aside. Some are surnames too ("Provost", "Speaker"): the words that end no name whatever the question are
# lexicon.NO_SURNAME_ENDS
POST_NOUNS = (
    frozenset(form.split()[-1] for form, _ in ROLE_FORMS)
    | frozenset({"ambassador", "envoy", "secretary", "chief"})
) - STYLES


def post_ended(surface: str) -> bool:
    """Whether a capitalised run ends with a word of :data:`~webquorum.text.lexicon.NO_SURNAME_ENDS`: a
    title's or a body's, never a person's name, whatever the question ("Chief Product Officer" less its
    "Chief", "Culture Minister", "Joint Chiefs of Staff", "Southern Command") (round 86, real pages)."""
    return fold(_last_word(surface).rstrip(".,")) in NO_SURNAME_ENDS


def _last_word(surface: str) -> str:
    """The last word of a capitalised run, a hyphen parting words ("Director-General" ends in "General"); ""
    for none: what :func:`post_ended` and :func:`no_post_holder` read a title's noun from."""
    words = surface.replace("-", " ").split()
    return words[-1] if words else ""


def no_post_holder(surface: str, subject: frozenset[str]) -> bool:
    """Whether a name read for a question that asks a person by a post no role names ("who is the chief of the
    defence force", "who is the US ambassador to the UK") is no person: what :func:`may_hold_role` refuses (a
    body, a place, an initialism), a run of title words ("Secretary of State") or a run a post's noun ends
    ("Chief Operating Officer", "United States Ambassador") (round 81, real pages)."""
    return (
        not may_hold_role(surface, subject) or _only_title(surface) or fold(_last_word(surface)) in POST_NOUNS
    )


_TITLE_SEPARATORS = frozenset("-–—|")


def _titled(before: str) -> bool:
    """Whether a role's title ends ``before`` (the text right before a name): "Emperor Naruhito",
    "Director-General Khaled El-Enany". A dash or a bar with space before it parts a page's title from its
    site's name ("Commonwealth Secretary-General - Wikipedia"): what follows is no titled name."""
    if not before.endswith(" ") or before.rstrip()[-1:] in _TITLE_SEPARATORS:
        return False
    # "Vlad will assume the role of sole CEO. Baiju will continue": the title ends a sentence, not a name
    if _SENTENCE_END_BEFORE.search(before):
        return False
    return _title_ending(before.lower().replace("-", " ").rstrip(". ").split()) is not None


# a title word, an initialism or a word of five letters or more, then a full stop: the end of a sentence,
# not an abbreviated title ("Gov. Gavin Newsom", "Sen. X" stay titles); round 159
_SENTENCE_END_BEFORE = re.compile(r"(?<![\w.])(?:[A-Z]{2,6}|[A-Za-z][a-z]{4,})\.[ \t]{1,2}$")


def _title_ending(words: list[str]) -> tuple[str, int] | None:
    """The role whose title the lower-case ``words`` end with, and how many words it takes (the longest
    title first: "chief executive officer" before "officer"); None when they end with none."""
    for n in (3, 2, 1):
        if len(words) >= n and (role := _ROLE_OF.get(" ".join(words[-n:]))):
            return role, n
    return None


# a role's title as a name's apposition: ", the CEO", ", its president", ", Chipotle's chief executive"
_TITLE_AFTER = re.compile(
    rf"[ \t]{{0,2}},[ \t]{{1,2}}(?:the[ \t]{{1,2}}|its[ \t]{{1,2}}|[A-Z][\w'’-]*['’]s[ \t]{{1,2}})?"
    rf"(?i:{_ROLE_ALTERNATION})(?![{LETTER}])"
)
_TITLE_AFTER_REACH = 60  # characters after a name in which its apposition's title ends


def _titled_otherwise(before: str, role: str, subject: frozenset[str]) -> bool:
    """Whether the text right before a name ends with the title of another role than ``role`` ("board chair
    Steven Mollenkopf", "Boeing's chairman, Steven Mollenkopf"), or with this role's title after another
    organisation's name ("Spirit AeroSystems CEO Patrick Shanahan"): the name holds that role."""
    words = before.replace("-", " ").rstrip(" ,").split()
    ending = _title_ending([w.lower() for w in words])
    if ending is None:
        return False
    other, n = ending
    if other != role and (other in STYLES or other == "leader"):
        # "Archbishop Paul Coakley ... elected president": a church's rank is worn with any office; so is a
        # party's lead ("Labor leader Dana Whitfield was sworn in as prime minister")
        return False
    return other != role or _another_body(" ".join(words[:-n]), subject, last=True)


def _another_body(words: str, subject: frozenset[str], *, last: bool = False) -> bool:
    """Whether ``words`` name an organisation other than the subject: a capitalised word that is no title word
    and none of the subject's ("Collins Aerospace" in "former Collins Aerospace chief"); with ``last``, only
    the capitalised run that ends them ("... including GE Aerospace" before "CEO")."""
    raw = words.split()
    if last:  # the run ends at the first word that is lower-case or closes a clause ("Culp, Spirit")
        run: list[str] = []
        for w in reversed(raw):
            if not w[:1].isupper() or (run and w[-1:] in ".,;:"):
                break
            run.append(w)
        raw = run
    tokens = [w.strip(".,;:'’()\"").removesuffix("'s").removesuffix("’s") for w in raw]
    # a people's adjective names no organisation: "The previous president, Gian Franco Kasper" (whose "Gian"
    # :func:`_untitled` reads as one, as it reads "South African Gary Nagle") keeps its cue (round 176, real
    # pages of set FC: FIS's former president read as its president)
    capitalised = [
        t
        for t in tokens
        if t[:1].isupper()
        and t.lower() not in TITLE_WORDS
        and t.lower() not in _TIME_ADJECTIVES
        and not _a_people_word(t)
    ]
    return bool(capitalised) and not any(fold(t) in subject for t in capitalised)


def _untitled(m: NameMention) -> NameMention:
    surface, offset = _after_title(m.surface, m.offset)
    words = surface.split(" ")
    while len(words) > 1 and words[0].lower() in _STANDING_WORDS and not _a_title_word(words[1]):
        # "Outgoing Guerra said", "Interim Dana Whitfield": a word of standing a heading or a sentence's start
        # capitalises is no part of the name; it stays in the text before it, where the past cues read it (a
        # title after it keeps the run a title's: "Interim President and Chief Executive Officer")
        offset += len(words[0]) + 1
        words.pop(0)
    while len(words) > 2 and _a_people_word(words[0]) and all(len(w) > 2 for w in words[1:3]):
        # "replaced by South African Gary Nagle": a people's adjective (or a party's name) before a full name
        # is no part of it
        offset += len(words[0]) + 1
        words.pop(0)
    while len(words) > 2 and words[-1].rstrip(".,") in POST_NOMINALS:
        words.pop()  # "Richard Hermer KC", "Stephen Gageler AC": the honours after a name are no part of it
    # a name run into its link's preview, as encyclopaedia mirrors print it: "Adam Silver Adam Silver", "David
    # Stern David Joel Stern"; one person's name never repeats its first word
    again = next((k for k in range(2, len(words)) if words[k] == words[0]), None)
    if again is not None:
        words = words[:again]
    surface = " ".join(words)
    return m if surface == m.surface else m._replace(surface=surface, key=name_key(surface), offset=offset)


# the endings of a people's adjective that given names hardly have ("Canadian", "Korean", "Japanese",
# "Danish", "Dutch"), and the compass words before one ("South African"): "-an" and "-i" alone end given
# names too
_PEOPLE_ENDS = ("ian", "ean", "ican", "ese", "ish", "tch", "nch")
_COMPASS = frozenset({"North", "South", "East", "West"})
# a party's name before a person's is an affiliation, as a people's adjective is: "Labor's Roy Harvey was
# elected" runs "Labor Roy Harvey" (real page, issue 22). Not "Green", a common surname.
_PARTY_WORDS = frozenset(
    {
        "Labor",
        "Labour",
        "Liberal",
        "Conservative",
        "Tory",
        "Republican",
        "Democrat",
        "Democratic",
        "Socialist",
    }
)


def _a_people_word(word: str) -> bool:
    """Whether a capitalised word that opens a run of three or more is a people's adjective: "Brian" and
    "Julian" end in "-ian" too, but a run keeps two full words after it ("Brian Moynihan" stays whole; "Adrian
    Paul Smith" read as "Paul Smith" is still the same person to :func:`same_person`)."""
    return word in _COMPASS or word in _PARTY_WORDS or word.endswith(_PEOPLE_ENDS)


def _after_title(surface: str, offset: int) -> tuple[str, int]:
    """A person's name less the organisation and title a page runs into it: "Bank of Japan Governor Kazuo
    Ueda" and "Managing Director Kristalina Georgieva" are Kazuo Ueda and Kristalina Georgieva (titles precede
    names in English). A title word that ends the run is a surname ("Billie Jean King")."""
    words = surface.split(" ")
    cut = max((i for i, w in enumerate(words[:-1]) if _a_title_word(w)), default=-1)
    if cut < 0:
        return surface, offset
    kept = " ".join(words[cut + 1 :])
    return kept, offset + len(surface) - len(kept)


def _a_title_word(word: str) -> bool:
    """Whether a word of a capitalised run is all title ("Governor", "Director-General")."""
    parts = word.lower().rstrip(".,").replace("-", " ").split()
    # a title in the plural is a title still: "Vice-Presidents", "Governors"
    return bool(parts) and all(part in TITLE_WORDS or part.removesuffix("s") in TITLE_WORDS for part in parts)


@lru_cache(maxsize=64)
def _person_names(text: str, subject: frozenset[str]) -> tuple[NameMention, ...]:
    """Names that may be a person's: not the organisation asked about, not an all-capital dateline
    ("ARLINGTON"), not a role title; one word only when it is the last word of a longer name on the page
    ("Niccol" after "Brian Niccol").

    Kept per text for the length of a comparison (as ``figure_claims.reader_for``): a role question reads
    one page's persons for its holder, its fullest name and each value the answer layer asks whether the
    page calls past."""
    split = _split_names(text)
    # the pieces of a split name are no names of their own ("Tony", "Capuano" inside "Anthony “Tony” Capuano")
    every = [
        _untitled(m) for m in name_mentions(text) if not any(s.offset < m.offset < end for s, end in split)
    ] + [s for s, _ in split]
    # one word after a title is a name too: "Emperor Naruhito", "Pope Francis"
    titled = {m.offset for m in every if _titled(text[max(0, m.offset - 32) : m.offset])}
    # an organisation is one in every sentence it stands in: "at Rockwell Collins" ... "Rockwell Collins is";
    # but a name a title stands before is a person's wherever else it stands ("Hyatt CEO Mark Hoplamazian" ...
    # "when we met with Mark Hoplamazian")
    # ... and so is a name a title follows as its apposition ("Alexandre Ricard, the CEO of French giant
    # Pernod Ricard" ... "In Alexandre Ricard's words"), unless that mention is itself a body's, after "of"
    # or "at" ("of the Department of Homeland Security, the administrator works"); round 157
    org_cued = {m.offset for m in every if _org_cue(text, m.offset)}
    titled_after = {
        m.key
        for m in every
        if _TITLE_AFTER.match(text, m.offset + len(m.surface), m.offset + len(m.surface) + _TITLE_AFTER_REACH)
        and m.offset not in org_cued
    }
    persons = {m.key for m in every if m.offset in titled} | titled_after
    bodies = {m.key for m in every if m.offset in org_cued} - persons
    common = _common_words(text)
    mentions = [
        m
        for m in every
        if not _no_person(m.surface, m.key, subject)
        and not _common_run(m.surface, common)
        and not _THE_BEFORE.search(text, max(0, m.offset - 5), m.offset)
        # "21st Century Fox", "20th Century Studios": a run an ordinal number opens is a body's name
        and not _ORDINAL_BEFORE.search(text, max(0, m.offset - 8), m.offset)
        and m.key not in bodies
        and m.key not in _ROLE_OF
        and not m.weak
        and not any(fold(w) in FUNCTION_WORDS and fold(w) not in _PARTICLES for w in _no_surname(m.surface))
        and not _only_title(m.surface)  # "new SNB Chairman", "the Governor and Deputy Governor"
        and "&" not in m.surface  # "Procter & Gamble", "CEO of Post & Parcel Germany": no person's name
        # "Pennsylvania-based", "Sydney-listed", "English-language" alone: a compound adjective, whose part
        # after the hyphen is in lower case; a person's double name capitalises both ("Nance-Holt"), and a
        # given name that does not ("Lui Che-woo", "Moon Jae-in") comes with its surname
        and not (" " not in m.surface and _COMPOUND_ADJECTIVE.search(m.surface))
        and not demonym(m.surface, text[m.offset + len(m.surface) : m.offset + len(m.surface) + 2])
    ]
    surnames = {m.key.split()[-1] for m in mentions if len(m.key.split()) >= 2}
    named = [m for m in mentions if len(m.key.split()) >= 2 or m.key in surnames or m.offset in titled]
    return tuple(
        sorted(named, key=lambda m: m.offset)
    )  # in reading order: the past cues are read between neighbours


_COMPOUND_ADJECTIVE = re.compile(r"[^\W\d_]-[a-z]")


def _no_surname(surface: str) -> list[str]:
    """A name's words less a month that ends it after a given name, which is a surname: "Theresa May", "John
    C. May" (folded, "may" is a function word, and read alone a month stays a date's)."""
    words = surface.split()
    return words[:-1] if len(words) >= 2 and words[-1] in NAME_MONTHS else words


# "the Daily Telegraph", "The Walt Disney Company": an article before a capitalised run makes it a thing's
# name, a newspaper's, a body's or a prize's; a person's name takes none (a title between them stays the
# run's: "the CEO Jensen Huang" reads "Jensen Huang" after "CEO")
_THE_BEFORE = re.compile(r"(?<![\w'’-])[Tt]he[ \t]{1,2}$")
_ORDINAL_BEFORE = re.compile(r"(?<![\w.,])\d{1,3}(?:st|nd|rd|th)[ \t]{1,2}$")
_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-zß-öø-ÿ][a-zß-öø-ÿ'’]*(?![\w-])")


def _common_words(text: str) -> frozenset[str]:
    """The words a page writes in lower case in cased lines: its common nouns, verbs and adjectives. A line
    with no capital at all (a link's slug "acme names new chief executive", a tag list) has no case to
    read."""
    return frozenset(
        w for line in text.splitlines() if line.lower() != line for w in _LOWER_WORD.findall(line)
    )


def _common_run(surface: str, common: frozenset[str]) -> bool:
    """Whether every word of a capitalised run is one the same page also writes in lower case ("Seven
    Summits", "Product Chief", "Grand Duchy"): a heading's or a sentence's capitals on common words, not a
    person's name, whose words a page writes capitalised wherever they stand. Two words or more: a surname
    alone may be a common word too ("May", "Law")."""
    words = [w.lower() for w in surface.replace("-", " ").split()]
    return len(words) >= 2 and all(w in common for w in words)


# A name the capitalised-run reader splits in two, read whole: a middle initial ("Darren W. Woods"), a
# familiar name in quotes or brackets ("Anthony “Tony” Capuano", "Joseph S. ("Sepp") Blatter", "Mattias (Matt)
# Mountain") or a lower-case particle ("Luca de Meo") between the given name and the surname
_SPLIT_NAME = re.compile(
    rf"(?<![{LETTER}])(?P<given>{_CAP})"
    rf"(?P<middle>(?:\s+(?:[A-Z]\.|[(]?[“\"‘'(]{_CAP}[”\"’')][)]?|(?:de|da|di|du|van|von|der|den)(?=\s+[A-Z]))){{1,2}})"
    rf"\s+(?P<surname>{_CAP})(?![{LETTER}])"
)


# Given names written as initials before the surname: "C.C. Wei", "K. Krithivasan", "A. William Stein", "N
# Chandrasekaran" (one capital without a stop, never "A" or "I"); two capitals without stops ("CC Wei") are
# written as initialisms are ("US Steel") and stay out. A capital is looked ahead first, so that the look
# behind (a large class) is tried only where one stands: half the time on a megabyte of hostile text
_INITIALS_NAME = re.compile(
    rf"(?=[A-Z])(?<![{LETTER}.&])(?P<initials>(?:[A-Z]\.\s?){{1,3}}|(?![AI]\s)[A-Z]\s)\s*"
    rf"(?P<names>{_CAP}(?:\s+{_CAP})?)(?![{LETTER}])"
)


def _split_names(text: str) -> list[tuple[NameMention, int]]:
    """The names :data:`_SPLIT_NAME` and :data:`_INITIALS_NAME` read whole, without a familiar name in quotes
    (the initials and particles kept), each with the end of its span: the run reader stops at an initial's
    full stop, a quote or a lower-case word, and reads "Darren" and "Woods" as two one-word names, which no
    role is given to; it drops a lone capital ("K Krithivasan") and reads "Wei" after "C.C." as a sentence's
    first word."""
    found = []
    for m in _SPLIT_NAME.finditer(text):
        if _a_title_word(m["given"]):
            continue  # "CEO K. Krithivasan": a title before initials, read below
        kept = [
            w for w in m["middle"].split() if (w[:1].isalpha() and not w[:1].isupper()) or w.endswith(".")
        ]
        surface = " ".join([m["given"], *kept, m["surname"]])
        found.append((NameMention(name_key(surface), surface, m.start(), False), m.end()))
    taken = [(n.offset, end) for n, end in found]
    for m in _INITIALS_NAME.finditer(text):
        names = m["names"].split()
        if any(_a_title_word(w) or fold(w) in FUNCTION_WORDS for w in names) or any(
            a <= m.start() < b for a, b in taken
        ):
            continue  # "U.S. President", "K. The": initials before a title or a word are no given names
        surface = " ".join([*m["initials"].replace(".", ". ").split(), *names])
        found.append((NameMention(name_key(surface), surface, m.start(), False), m.end()))
    return found


def may_hold_role(surface: str, subject: frozenset[str]) -> bool:
    """Whether a name two pages share may be the person holding a role of the subject: not the subject itself
    ("Tasmania" for the Premier of Tasmania), not a body, a place or a company ("Channel Islands", "Groupe
    Eurotunnel"), no adjective of a people ("Greenlandic"), no initialism, no figure. The same tests as
    :func:`_person_names`, for a name that reached an answer without a role statement."""
    key = name_key(surface)
    words = key.split()
    return (
        bool(words)
        and not _no_person(surface, key, subject)
        and not any(w in _PLACE_WORDS for w in words)
        and not (len(words) == 1 and key.endswith(_ADJECTIVE_ENDS))
    )


# words of a place's name that no person's name holds, beyond lexicon.BODY_AND_PLACE_WORDS ("island" is
# there, read by _no_person); and endings of a people's adjective ("Greenlandic", "Japanese", "Irish") that a
# one-word surname hardly has: the part of names.DEMONYM_ENDS without "-an", "-i" and "-ch", which end
# surnames too ("Morgan", "Bianchi", "Fitch")
_PLACE_WORDS = frozenset({"isles", "mountains", "lake", "river", "bay", "coast", "valley"})
_ADJECTIVE_ENDS = ("ic", "ese", "ish")


def _only_title(surface: str) -> bool:
    """Whether a capitalised run is a title and no name: title words, "Deputy" or "Vice", and the initials
    of a body ("SNB Chairman", "Deputy Governor", "ECB President"). A title word that ends a name after a
    given name stays a surname ("Billie Jean King"); :func:`_after_title` cuts a title that opens one."""
    words = surface.replace("-", " ").split()
    return bool(words) and all(
        (w.isupper() and len(w) >= 2)
        or _a_title_word(w)
        or w.lower() in _NOT_THIS_ROLE
        or w.lower() in _RANK_WORDS
        for w in words
    )


# a rank a title is written with ("Senior Associate Editor", "First Mayor", "Governing Mayor", "Lord Mayor"):
# with title words alone, still a title and no name (round 174, real pages of sets EZ and FB: "was promoted
# to Senior Associate Editor" and 'called "First Mayor"' had answered who edits a paper and who is a mayor)
_RANK_WORDS = frozenset({"senior", "junior", "first", "principal", "governing", "lord", "coordinating"})


def _is_role(text: str, r: re.Match[str], role: str, subject: frozenset[str]) -> bool:
    """A role word of ``role`` belonging to the subject: not "vice president", not "CEO of Cadence"."""
    if _role_of(r[0]) != role:
        return False
    if _under_another(text[max(0, r.start() - 20) : r.start()]):
        return False
    if _OF_A_UNIT.match(text, r.end()):
        return False  # "CEO of our platinum group metals business": a division's post, not the body's
    orgs = []
    if m := _ROLE_OF_ORG.match(text, r.end()):
        if demonym(m["org"], text[m.end() : m.end() + 2]):
            # "CEO of French giant Pernod Ricard", "head of the German group Heidelberg Materials": the
            # nationality and the kind of firm describe the body named after them
            m = _DESCRIBED_ORG.match(text, m.end())
        if m is not None:
            orgs.append(m["org"])
            branch = _BRANCH.match(text, m.end())
            if branch is not None and not set(fold(branch[1]).split()) & subject:
                return False  # "CEO of Airports Council International – North America": another body
    if before := _capitalised_before(text, r.start()):
        orgs.append(before)
    # words split at hyphens, as the question's are: "CEO of Chick-fil-A" is the chief of {chick, fil}
    named = [(o, set(fold(_clean_org(o)).replace("-", " ").split()) - FUNCTION_WORDS) for o in orgs]
    named = [(o, n) for o, n in named if n]
    return (
        not subject or not named or any(n & subject and not _another_of_a_name(o, subject) for o, n in named)
    )


# a role of one part of the body, named in lower case after "of our", "of its", "of the company's": "CEO of
# our platinum group metals business", "president of its consumer division" (round 180, real pages of set
# FB: a division's chief read as Anglo American's). Spaces bounded: matched at a role word's end only
_OF_A_UNIT = re.compile(
    r"[ \t]{1,2}of[ \t]{1,2}(?:our|its|their|the[ \t]{1,2}(?:company|group)['’]s)"
    r"(?:[ \t]{1,2}[a-z][\w-]{0,30}){0,5}?[ \t]{1,2}"
    r"(?:business|businesses|division|divisions|unit|units|operations|arm|subsidiary|segment)\b"
)


def _another_of_a_name(org: str, subject: frozenset[str]) -> bool:
    """Whether a body sharing a word with the subject is still another one: it lacks a word of the subject's
    and adds one of its own ("CEO of Air France-KLM" on Air Canada's page, "Mercedes-AMG CEO" on
    Mercedes-Benz's, "president of Mars Wrigley" for Mars Petcare: real pages, issue 22, round 121). A legal
    form or a group's word added ("Mercedes-Benz Group AG") names the subject still, and so does a shorter
    name ("CEO of Huntington Ingalls" for Huntington Ingalls Industries), a compound adjective before the
    name ("the Russia-based Kontinental Hockey League" for the KHL, whose words the page spells out) and a
    word cut short ("the New York Fed")."""
    tokens = [t for t in _clean_org(org).split() if not _COMPOUND_ADJECTIVE.search(t)]
    words = [w for t in tokens for w in fold(t).replace("-", " ").split() if w not in FUNCTION_WORDS]
    lacks = subject - set(words)
    # a word cut from one of the subject's is the subject's still: "the New York Fed" for the Federal Reserve
    # Bank of New York
    adds = {w for w in set(words) - subject - _NAME_TAILS if not any(s.startswith(w) for s in subject)}
    return bool(lacks) and bool(adds)


# the words a company's name may end with and still be the same company's: its legal form, its group
_NAME_TAILS = frozenset(w.lower() for w in LEGAL_WORDS) | {
    "group",
    "holdings",
    "holding",
    "company",
    "incorporated",
}


# a body's regional branch, written after its name with a dash: "Airports Council International – North
# America" (spaces bounded: matched at a name's end, and a pattern is never quadratic on a page of spaces)
_BRANCH = re.compile(rf"[ \t]{{0,2}}[–—-][ \t]{{0,2}}({_CAP}(?:[ \t]{{1,2}}{_CAP}){{0,2}})")


def _word_before(text: str, at: int) -> str:
    """The folded word right before ``at`` when only spaces separate them ("supplier Rockwell"), else ""."""
    window = text[max(0, at - 30) : at]
    if not window or not window[-1].isspace():
        return ""
    words = window.split()
    return fold(words[-1]) if words else ""


def _org_cue(text: str, at: int) -> bool:
    """Whether the word right before ``at`` says an organisation follows ("at Rockwell Collins"); "of" after
    a post's event and "from" after a handover are a person's ("the appointment of Meg O'Neill", "the
    resignation of Murray Auchincloss", "will take over from Philip Jansen")."""
    word = _word_before(text, at)
    if word not in _ORG_CUE_WORDS:
        return False
    if word in ("of", "from"):
        window = text[max(0, at - 40) : at].split()
        before = fold(window[-2]) if len(window) >= 2 else ""
        # "will take over from Philip Jansen", "took the reins from": a post passes from a person
        return before not in (_PERSON_EVENTS if word == "of" else _HANDED_OVER)
    return True


_HANDED_OVER = frozenset({"over", "reins", "baton", "helm"})
_PERSON_EVENTS = frozenset(
    (*_DEPARTURES, *_ARRIVALS, "firing", "death", "arrival", "succession", "nomination")
)


def _capitalised_before(text: str, at: int) -> str:
    """The run of capitalised words right before ``at`` ("Lumina Bank's CEO" -> "Lumina Bank"), read word by
    word from the end of a bounded window (a regular expression anchored at a window's end is quadratic on
    hostile text)."""
    window = text[max(0, at - 60) : at]
    if not window or not window[-1].isspace() or window.rstrip().endswith(","):
        return ""  # "Debra Crew, chief executive, said": a name set beside its role, no organisation
    if "\n" in window[len(window.rstrip()) :]:
        return ""  # "English, French, German" / "President": a box's previous value, not the post's body
    run: list[str] = []
    for word in reversed(window.split()):
        word = word.removesuffix("'s").removesuffix("’s")
        if not word[:1].isupper() or len(run) >= 5:
            break
        run.append(word)
    # "New CEO Steve Angel", "Former Chairman": a word of time opening a sentence names no organisation
    while run and run[-1].lower() in _TIME_ADJECTIVES:
        run.pop()
    return " ".join(reversed(run))


_TIME_ADJECTIVES = frozenset(
    {"new", "former", "incoming", "outgoing", "interim", "acting", "current", "next"}
)
# the time adjectives no name begins with ("New" may: "New Colt Holding")
_STANDING_WORDS = _TIME_ADJECTIVES - {"new", "current", "next"}


def _words_between(text: str, start: int, end: int) -> int:
    """Words from ``start`` to ``end`` within one clause; 1,000 across a stop. An honorific's full stop ends
    no clause ("The current Secretary-General is Mr. Arsenio Dominguez"), nor does a line break after a word
    no sentence ends with: pages that mirror an encyclopaedia set each link on a line of its own ("The current
    commissioner is" / "Adam Silver")."""
    if end < start:
        return 1_000
    # an aside in brackets is no part of the clause: "Joshua Schulman (born 1972 in Los Angeles, California)
    # has been the Chief Executive Officer", "Director General of the World Health Organization (WHO) Tedros"
    gap = _ASIDE.sub(" ", text[start:end])
    if any(c in gap for c in _STOPS):
        gap = _HONORIFIC_STOP.sub(" ", gap)
        gap = _BROKEN_LINE.sub(lambda m: m[0] if m[1].lower() not in FUNCTION_WORDS else f"{m[1]} ", gap)
        if any(c in gap for c in _STOPS):
            return 1_000
    # "has served as the current chief justice": a word that says the post is held now ties the name to it
    # no less, so it adds no distance (real pages, issue 22); looked for in C first, as most gaps hold none
    words = gap.split()
    # "has been serving as the company's chief executive": the verb of holding a post now ties the name to it
    # as "is" does, so its words add no distance (round 166)
    serving = _SERVING.search(gap)
    held = len(serving[0].split()) if serving is not None else 0
    if _NOW_HINT.search(gap) is None:
        return len(words) - held
    return sum(word.lower() not in _NOW_WORDS for word in words) - held


# holding a post now, in the present or the present perfect; "served as" alone tells of the past
_SERVING = re.compile(
    r"(?i)\b(?=[his])(?:(?:has|have)\s{1,3}been\s{1,3}serving|(?:has|have)\s{1,3}served|is\s{1,3}serving|serves)"
    r"\s{1,3}as\b"
)
_NOW_WORDS = frozenset({"current", "currently", "present", "presently", "sitting", "incumbent"})
_NOW_HINT = re.compile("(?i)current|present|sitting|incumbent")


_STOPS = ".;:!?\n"
_ASIDE = re.compile(r"\([^()\n]{0,60}\)")

_BROKEN_LINE = re.compile(r"\b(\w+)[^\S\n]*\n\s*")
_HONORIFIC_STOP = re.compile(rf"(?<![^\s(])(?:{'|'.join(sorted(HONORIFICS))})\.(?=\s|$)")


def _last_clause(before: str) -> str:
    """The words before a name back to the sentence's start, so a cue in the previous sentence is not read.
    An honorific's full stop ends no sentence: "written by former NHC Director Dr. Bob Sheets" is one clause
    (real pages, issue 22: the cue "former" was cut off by "Dr."). A quotation that closes before the name is
    someone's words, not the name's apposition: in '"... many friends and former colleagues," Creel added'
    the cue is the speaker's colleagues' (real pages, set EZ: today's chief executive read as past)."""
    stops = _HONORIFIC_STOP.sub(lambda m: m[0][:-1] + " ", before)  # the same length: offsets hold
    quoted = max((m.end() - 1 for m in _QUOTE_CLOSED.finditer(before)), default=-1)
    cut = max(stops.rfind(". "), before.rfind("\n"), before.rfind("; "), quoted)
    return before[cut + 1 :] if cut >= 0 else before


# a quotation's close: its last punctuation inside the quote mark ('colleagues," Creel added')
_QUOTE_CLOSED = re.compile(r"[,.!?][\"”]")
