"""Figure claims: a value together with what it measures, so two pages can be compared on one quantity.

A figure alone cannot be disputed: "$44.1 billion" on one page and "$81.6 billion" on another
disagree only when both measure the same thing. A :class:`FigureClaim` carries what a rule can read of
that thing, from the figure's own clause (a sentence cut at "; ", ", while", ", and", ", compared
with"...):

- **head**: the quantity's name as a concept of :mod:`webquorum.text.measures` ("Q1 sales", "revenue
  for the first quarter" and "ingresos" are all *revenue*; "produced" is *production*), else the
  stem of the nearest content word;
- **modifiers**: the words that narrow it ("data center revenue", "net profit", "2,500 direct jobs"),
  **material** ("tonnes *of copper*") and **scope** ("metro area", "national");
- **subject**: the names in the clause ("NVIDIA", "AMD");
- **period**: quarter or half and its number, full year, month, calendar or fiscal year;
- **prior**: an earlier value ("from $12.50", "386,000 a year earlier"), and **change** for a
  percentage that measures a change ("rose 5%") rather than a level ("rose to 5%").

:func:`same_quantity` is the one rule for "these two figures measure one thing": nothing about them
may conflict. Missing information is compatible (a page that names no period may mean any), but
conflicting heads, modifiers, subjects, periods or tenses are not, and money, percentages and dates
need a head on both sides (a bare "$5 billion" says nothing about what it is).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from webquorum.text.alternation import alternation
from webquorum.text.figures import extract_figures, language_of
from webquorum.text.fold import fold
from webquorum.text.lexicon import CALENDAR_WORDS, FUNCTION_WORDS, HONORIFICS, LETTER, MONTHS
from webquorum.text.measures import (
    CHANGE_WORDS,
    EVENTS,
    FLOWS,
    HALF_WORDS,
    LABELS,
    LINK_WORDS,
    NEUTRAL,
    PRIOR_AFTER,
    PRIOR_BEFORE,
    QUARTER_WORDS,
    SCOPES,
    VERBS,
    concept_of,
    word_key,
)
from webquorum.text.readings import Figure, unit_key
from webquorum.text.sentences import sentence_spans, starts_sentence

_TOKEN = re.compile(rf"[{LETTER}0-9]+(?:['’][{LETTER}]+)?(?:[-.][{LETTER}0-9]+)*|[,;:()]")
_CAPITALISED = re.compile(rf"(?<![{LETTER}])[A-ZÀ-ÖØ-Þ][{LETTER}]+")
_CLAUSE_BREAK = re.compile(
    r";|,\s++(?:while|whereas|but|and|of which|compared (?:with|to)|up from|down from|versus|vs\.?|with|against|"
    r"mientras(?: que)?|pero|y|frente a|comparado con|con|de los cuales|de las cuales)\b|\s(?=[wm])(?:while|whereas|mientras que)\s",
    re.IGNORECASE,
)
_QUARTER_CODE = re.compile(
    r"(?i)^(?:q([1-4])|([1-4])q|([1-4])t|h([12])|([12])h|fy\s?(\d{2,4})|([1-4])t\d\d)$"
)
_PERIOD_Q = frozenset({"quarter", "quarterly", "trimestre", "trimestral", "trimestrales", "quarters"})
_PERIOD_H = frozenset({"half", "semester", "semestre", "semestral", "half-year"})
_PERIOD_Y = frozenset(
    {
        "annual",
        "annually",
        "yearly",
        "full-year",
        "anual",
        "anuales",
        "twelve-month",
        "ttm",
        "trailing",
        "12-month",
    }
)
_PERIOD_M = frozenset({"monthly", "mensual", "mensuales"})
_PERIOD_WORDS = (
    _PERIOD_Q
    | _PERIOD_H
    | _PERIOD_Y
    | _PERIOD_M
    | frozenset(
        {
            "year",
            "years",
            "month",
            "months",
            "three",
            "six",
            "nine",
            "twelve",
            "fiscal",
            "period",
            "periodo",
            "año",
            "ano",
            "meses",
            "tres",
            "seis",
            "ejercicio",
            "full",
            "first",
            "second",
            "third",
            "fourth",
            "primer",
            "primero",
            "segundo",
            "tercer",
            "tercero",
            "cuarto",
            "ended",
            "ending",
            "to",
        }
    )
)
_CHANGE_AFTER = frozenset(
    {
        "increase",
        "rise",
        "jump",
        "gain",
        "drop",
        "decline",
        "fall",
        "growth",
        "more",
        "less",
        "higher",
        "lower",
        "aumento",
        "alza",
        "caída",
        "caida",
        "más",
        "mas",
        "menos",
    }
)
_PRIOR_AFTER = re.compile(alternation(PRIOR_AFTER))  # a trie: re skips to where a phrase can start
_PRIOR_END = re.compile(alternation(PRIOR_BEFORE, not_after=r"\S") + "$")  # a whole last word or phrase
_NOT_MODIFIERS = frozenset(
    {
        "says",
        "say",
        "expects",
        "expect",
        "announces",
        "posts",
        "shows",
        "reports",
        "sees",
        "plans",
        "hopes",
        "estimates",
        "its",
        "their",
        "dijo",
        "dice",
        "espera",
        "anunció",
    }
)
_PREPOSITIONS = frozenset({"on", "of", "for", "from", "de", "del", "sobre", "para"})
_BEFORE, _AFTER = 14, 8  # tokens either side of a figure that can name what it measures
_SPEAKERS = frozenset(
    {"said", "says", "according", "told", "dijo", "según", "segun", "afirmó", "informó", "explained"}
)
_SKIP_BEFORE = frozenset(
    {"by", "un", "una", "a", "about", "some", "nearly", "almost", "around", "en", "de", "del"}
)


@dataclass(frozen=True)
class Period:
    granularity: str | None = None  # "Q" quarter, "H" half, "Y" year, "M" month
    index: int | None = None  # which quarter or half
    year: int | None = None
    fiscal: int | None = None  # fiscal year, compared only with another fiscal year
    month: int | None = None

    def describe(self) -> str:
        parts = []
        if self.index and self.granularity in ("Q", "H"):
            parts.append(f"{self.granularity}{self.index}")
        elif self.granularity == "Y" and not (self.year or self.fiscal):
            parts.append("full year")
        elif self.granularity == "Q":
            parts.append("quarter")
        if self.fiscal:
            parts.append(f"fiscal {self.fiscal}")
        elif self.year:
            parts.append(str(self.year))
        return " ".join(parts)


@dataclass(frozen=True)
class FigureClaim:
    figure: Figure
    head: str | None
    modifiers: frozenset[str]
    material: frozenset[str]
    scope: frozenset[str]
    subject: frozenset[str]
    period: Period
    prior: bool
    change: bool
    words: str  # the quantity in words: "data center revenue, Q1 2026"


def read_figure_claims(
    text: str, figures: list[Figure] | None = None, lang: str | None = None
) -> list[FigureClaim]:
    """Every figure of ``text`` as a claim, in reading order (see the module docstring)."""
    reader = FigureClaimReader(text, figures, lang)
    return [reader.claim(f) for f in reader.figures]


class FigureClaimReader:
    """The claims of one text, read a sentence at a time when first asked for.

    A comparison needs the claim behind a figure only when another site gives the same value or
    could dispute it; most figures of a page are neither, so reading all of them up front is the
    larger part of the comparison's cost. A sentence is tokenised once, its claims read one by one.
    """

    def __init__(self, text: str, figures: list[Figure] | None = None, lang: str | None = None) -> None:
        self.text = text
        self._lang = lang or language_of(text)  # once: the figures and the claims both read by it
        self.figures = extract_figures(text, decimal_comma=self._lang == "es") if figures is None else figures
        self._spans: list[tuple[int, int]] | None = None
        self._names: frozenset[str] = frozenset()
        self._read: dict[int, FigureClaim] = {}
        self._sentences: dict[int, _Sentence] = {}

    def claim(self, figure: Figure) -> FigureClaim:
        if figure.start not in self._read:
            self._read_sentence(figure)
        return self._read[figure.start]

    def _read_sentence(self, figure: Figure) -> None:
        text = self.text
        if self._spans is None:
            self._spans = sentence_spans(text)
            self._names = frozenset(
                m[0] for m in _CAPITALISED.finditer(text) if not starts_sentence(text, m.start())
            )
        i = bisect_left(self._spans, (figure.start + 1, 0)) - 1
        start, end = (
            self._spans[i] if i >= 0 and self._spans[i][1] > figure.start else (figure.start, figure.end)
        )
        sentence = self._sentences.get(start)
        if sentence is None:
            inside = [f for f in self.figures if start <= f.start < end]
            sentence = self._sentences[start] = _sentence(
                text, start, max(end, figure.end), inside, self._names
            )
        index = next((k for k, f in enumerate(sentence.figures) if f.start == figure.start), None)
        if index is None:  # a figure no sentence span holds (it straddles one): read on its own
            sentence, index = _sentence(text, figure.start, figure.end, [figure], self._names), 0
        self._read[figure.start] = _claim_at(text, sentence, index, self._lang, self._names)


@lru_cache(maxsize=64)
def reader_for(text: str) -> FigureClaimReader:
    """One reader per text for the length of a comparison: the answer layer and the claim comparison read
    the same four pages, and a page's figures and claims are the dearer half of comparing them."""
    return FigureClaimReader(text)


def same_quantity(a: FigureClaim, b: FigureClaim) -> bool:
    """Whether two claims measure one thing, so that different values contradict each other."""
    fa, fb = a.figure, b.figure
    if fa.kind != fb.kind or fa.kind == "year" or unit_key(fa) != unit_key(fb):
        return False
    if a.prior != b.prior or a.change != b.change or a.scope != b.scope:
        return False
    if a.head and b.head:
        if a.head != b.head:
            return False
    elif fa.kind not in ("count", "measure") or (a.head or b.head) in FLOWS:
        return False
    if a.modifiers - (b.modifiers | b.material) or b.modifiers - (a.modifiers | a.material):
        return False
    if a.material and b.material and not a.material & b.material:
        return False
    if a.subject and b.subject and not a.subject & b.subject:
        return False
    return periods_compatible(a.period, b.period)


def same_measured_thing(a: FigureClaim, b: FigureClaim) -> bool:
    """Positive identity: the same quantity, named on both sides, for a named subject, with periods stated
    alike.

    Named: both clauses name the quantity (a count's own noun names it: "36,000 employees"); the
    subject is named on at least one side and never differs (:func:`same_quantity`); a period is
    stated on both sides or on neither.

    :func:`same_quantity` lets missing information pass (a page that names no period may mean any),
    which is right for joining two mentions into one agreed reading and wrong for calling two pages
    in conflict: on real pages most "disagreements" it allowed paired unrelated quantities (a lock's
    width and a canal's length, a twelve-month total and a quarter). A dissent needs this stricter rule.
    """
    if not same_quantity(a, b) or a.modifiers != b.modifiers:
        return False
    named = bool(a.head and b.head) or (
        a.figure.kind == "count" and not (a.head or b.head)
    )  # "36,000 employees"
    if not named or not (a.subject or b.subject):
        return False
    return _states_period(a.period) == _states_period(b.period)


def _states_period(p: Period) -> bool:
    return any(x is not None for x in (p.granularity, p.index, p.year, p.fiscal, p.month))


def periods_compatible(a: Period, b: Period) -> bool:
    """No slot that both name differs: a page that names no quarter may mean any."""
    pairs = (
        (a.granularity, b.granularity),
        (a.index, b.index),
        (a.year, b.year),
        (a.fiscal, b.fiscal),
        (a.month, b.month),
    )
    return all(x is None or y is None or x == y for x, y in pairs)


# -- reading one sentence --------------------------------------------------------------------------
class _Tok(NamedTuple):
    start: int
    end: int
    word: str
    name: bool  # a capitalised word read as (part of) a name


@dataclass
class _Sentence:
    """One sentence tokenised once; its figures' claims are read from it one at a time."""

    start: int
    end: int
    figures: list[Figure]
    tokens: list[_Tok]
    starts: list[int]
    breaks: list[int]
    periods: dict[tuple[int, int], Period]


def _sentence(text: str, start: int, end: int, figures: list[Figure], names: frozenset[str]) -> _Sentence:
    taken = bytearray(end - start)
    for f in figures:
        taken[f.start - start : f.end - start] = b"\x01" * (f.end - f.start)
    tokens: list[_Tok] = []
    for m in _TOKEN.finditer(text, start, end):
        if taken[m.start() - start]:
            continue  # a figure's own words ("billion", "dollars") say nothing about what it measures
        word = m[0]
        tokens.append(
            _Tok(m.start(), m.end(), word, word[:1].isupper() and _is_name(text, m.start(), word, names))
        )
    breaks = [m.start() for m in _CLAUSE_BREAK.finditer(text, start, end)]
    return _Sentence(start, end, figures, tokens, [t.start for t in tokens], breaks, {})


def _claim_at(text: str, s: _Sentence, i: int, lang: str, names: frozenset[str]) -> FigureClaim:
    f = s.figures[i]
    lo = max((b for b in s.breaks if b <= f.start), default=s.start)
    hi = min((b for b in s.breaks if b >= f.end), default=s.end)
    nxt = s.figures[i + 1].start if i + 1 < len(s.figures) else hi
    starts, tokens = s.starts, s.tokens
    at = bisect_left(starts, f.start)
    before = tokens[max(bisect_left(starts, lo), at - _BEFORE) : at]
    first = bisect_left(starts, f.end)
    after = tokens[first : min(bisect_left(starts, min(nxt, hi)), first + _AFTER)]
    if (lo, hi) not in s.periods:
        words = [t.word.lower() for t in tokens[bisect_left(starts, lo) : bisect_left(starts, hi)]]
        s.periods[(lo, hi)] = _period(text, words, s.figures, lo, hi)
    return _claim(text, f, before, after, s.periods[(lo, hi)], lang, names)


def _claim(
    text: str,
    f: Figure,
    before: list[_Tok],
    after: list[_Tok],
    period: Period,
    lang: str,
    names: frozenset[str],
) -> FigureClaim:
    lower_before = [t.word.lower() for t in before]
    lower_after = [t.word.lower() for t in after]
    head, head_at, head_side = _head(before, after, lang, f.kind)
    modifiers: set[str] = set()
    surfaces: list[str] = []
    material: set[str] = set()
    if head_side == "before":
        i = head_at - 1
        verb = before[head_at].word.lower() in VERBS
        while not verb and i >= 0 and len(surfaces) < 2:
            word = before[i].word
            if before[i].name:
                break
            if starts_sentence(text, before[i].start):
                word = word.lower()
            if not _modifier(word, head, lang):
                break
            modifiers.update(word_key(p, lang) for p in word.lower().split("-") if len(p) > 1)
            surfaces.insert(0, word)
            i -= 1
        rest = before[head_at + 1 :]
        if lang == "es" and rest and _modifier(rest[0].word, head, lang) and rest[0].word[:1].islower():
            modifiers.add(word_key(rest[0].word, lang))  # "ingresos netos"
        material |= _material(rest, head, lang)
    material |= _material(after, head, lang)
    modifiers |= {SCOPES.get(m, m) for m in f.modifiers}
    scope = {SCOPES[w] for w in (*lower_before, *lower_after) if w in SCOPES}
    modifiers -= scope
    change = _change(lower_before, lower_after)
    prior = not change and _prior(lower_before, lower_after)
    subject = frozenset(fold(t.word.removesuffix("'s").removesuffix("’s")) for t in _owners(before, after))
    label = ""
    if head:
        source = before if head_side == "before" else after
        surface = source[head_at].word.lower() if head_at >= 0 else head
        label = LABELS.get(head, head) if concept_of(surface, lang) else surface
    if f.kind == "count":
        label = f"{f.unit}, {label}" if label and label != f.unit else f.unit
    words = " ".join([*surfaces, label]).strip()
    described = period.describe()
    if described:
        words = f"{words}, {described}" if words else described
    return FigureClaim(
        f,
        head,
        frozenset(modifiers - {head}),
        frozenset(material - modifiers),
        frozenset(scope),
        subject,
        period,
        prior,
        change,
        words,
    )


def _head(before: list[_Tok], after: list[_Tok], lang: str, kind: str) -> tuple[str | None, int, str]:
    """The nearest concept word in the clause (before the figure, or just after it), else a stem."""
    best: tuple[int, str, int, str] | None = None
    wanted = EVENTS if kind == "date" else None
    for distance, i in enumerate(range(len(before) - 1, -1, -1)):
        concept = _concept(before[i].word, lang)
        if concept and (wanted is None or concept in wanted):
            best = (distance, concept, i, "before")
            governing = _governing(before, i, lang, wanted)
            if governing is not None:
                best = (distance, _concept(before[governing].word, lang) or concept, governing, "before")
            break
    for distance, tok in enumerate(after[:5]):
        if tok.word in ",;:()":
            break
        concept = _concept(tok.word, lang)
        if concept and (wanted is None or concept in wanted):
            if best is None or distance < best[0]:
                best = (distance, concept, distance, "after")
            break
    if best is not None:
        return best[1], best[2], best[3]
    if kind in ("count", "measure"):
        return None, -1, ""
    for i in range(len(before) - 1, max(-1, len(before) - 4), -1):
        word = before[i].word
        low = word.lower()
        plain = (
            low not in FUNCTION_WORDS
            and low not in LINK_WORDS
            and low not in NEUTRAL
            and low not in _PERIOD_WORDS
        )
        if (
            word[:1].islower()
            and plain
            and not any(c.isdigit() for c in word)
            and concept_of(low, lang) is None
        ):
            return word_key(low, lang), i, "before"
    return None, -1, ""


def _governing(before: list[_Tok], i: int, lang: str, wanted: frozenset[str] | None) -> int | None:
    """The head a prepositional phrase hangs from: "tariff" in "the tariff on steel imports"."""
    j = i - 1
    while j >= 0 and before[j].word[:1].islower() and before[j].word.lower() not in FUNCTION_WORDS:
        j -= 1  # the phrase's own modifiers ("steel")
    if j < 1 or before[j].word.lower() not in _PREPOSITIONS:
        return None
    for k in range(j - 1, max(-1, j - 4), -1):
        word = before[k].word.lower()
        if word in ("the", "its", "their", "a", "el", "la", "los", "las", "su", "sus"):
            continue
        concept = _concept(before[k].word, lang)
        return k if concept and (wanted is None or concept in wanted) else None
    return None


@lru_cache(maxsize=16384)
def _concept(word: str, lang: str) -> str | None:
    if not word[:1].isalpha() or word.lower() in FUNCTION_WORDS:
        return None
    return concept_of(word.removesuffix("'s").removesuffix("’s"), lang)


@lru_cache(maxsize=16384)
def _modifier(word: str, head: str | None, lang: str) -> bool:
    """A word that can narrow a quantity's name: a lower-case noun or adjective, not a verb or a period."""
    low = word.lower()
    if (
        not word[:1].isalpha()
        or not word[:1].islower()
        or "'" in word
        or "’" in word
        or _QUARTER_CODE.match(low)
    ):
        return False
    if all(part in _PERIOD_WORDS or _QUARTER_CODE.match(part) for part in low.split("-")):
        return False  # "first-quarter", "full-year": the period, read elsewhere
    if (
        low in _SPEAKERS
        or low in _NOT_MODIFIERS
        or (low.endswith("ed") and len(low) > 4)
        or low.endswith("ó")
    ):
        return False  # a past-tense verb ends the noun phrase: "said revenue" is not a kind of revenue
    if low in FUNCTION_WORDS or low in LINK_WORDS or low in NEUTRAL or low in _PERIOD_WORDS or low in SCOPES:
        return False
    return low not in CHANGE_WORDS and _concept(word, lang) in (None, head) and word_key(low, lang) != head


def _material(tokens: list[_Tok], head: str | None, lang: str) -> set[str]:
    """ "of copper", "de petróleo" right after the figure or the head."""
    if len(tokens) < 2 or tokens[0].word.lower() not in ("of", "de", "del"):
        return set()
    out = set()
    for tok in tokens[1:4]:
        low = tok.word.lower()
        if low in ("the", "el", "la", "los", "las"):
            continue
        if not tok.word[:1].islower() or low in FUNCTION_WORDS or low in LINK_WORDS or low in _PERIOD_WORDS:
            break
        if low not in NEUTRAL and _concept(tok.word, lang) in (None, head):
            out.add(word_key(low, lang))
    return out


def _period(text: str, words: list[str], figures: list[Figure], lo: int, hi: int) -> Period:
    granularity: str | None = None
    index: int | None = None
    fiscal: int | None = None
    month: int | None = None
    for i, w in enumerate(words):
        code = _QUARTER_CODE.match(w)
        if code:
            q = code[1] or code[2] or code[3] or code[7]
            h = code[4] or code[5]
            if q:
                granularity, index = "Q", int(q)
            elif h:
                granularity, index = "H", int(h)
            elif code[6]:
                fiscal = _full_year(code[6])
            continue
        base = w.split("-")[0] if "-" in w else w
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if base in QUARTER_WORDS and (nxt in ("quarter", "trimestre") or w.endswith("-quarter")):
            granularity, index = "Q", QUARTER_WORDS[base]
        elif base in HALF_WORDS and (nxt in ("half", "semestre") or w.endswith("-half")):
            granularity, index = "H", HALF_WORDS[base]
        elif w in _PERIOD_Q or (w == "months" and i and words[i - 1] in ("three", "tres")):
            granularity = granularity or "Q"
        elif w in _PERIOD_H:
            granularity = granularity or "H"
        elif (
            w in _PERIOD_Y
            or (w == "year" and i and words[i - 1] in ("full", "the", "fiscal"))
            or (w == "months" and i and words[i - 1] in ("twelve", "12"))
        ):
            granularity = granularity or "Y"
        elif w in _PERIOD_M:
            granularity = granularity or "M"
        elif (
            w in MONTHS
            and w not in ("may", "mar")
            and len(w) > 3
            and i
            and words[i - 1] in ("in", "en", "of", "de")
        ):
            month = MONTHS[w]
    year: int | None = None
    for f in figures:
        if f.kind == "year" and lo <= f.start < hi:
            pre = text[max(lo, f.start - 12) : f.start].lower()
            if re.search(r"(?:fiscal|fy|ejercicio)\s*(?:year\s*)?$", pre):
                fiscal = fiscal or int(f.value)
            elif year is None:
                year = int(f.value)
    if (year or fiscal) and granularity is None and month is None:
        granularity = "Y"  # "in 2025" with no quarter, half or month named: the year as a whole
    return Period(granularity, index, year, fiscal, month)


def _full_year(digits: str) -> int:
    return int(digits) if len(digits) == 4 else 2000 + int(digits)


def _prior(before: list[str], after: list[str]) -> bool:
    near = " ".join(w for w in before[-3:] if w not in _SKIP_BEFORE or w == "from")
    if _PRIOR_END.search(near):
        return True
    return bool(_PRIOR_AFTER.search(" ".join(after[:7]))) or "last year's" in before[-4:]


def _change(before: list[str], after: list[str]) -> bool:
    i = len(before) - 1
    while i >= 0 and before[i] in _SKIP_BEFORE:
        i -= 1
    if i >= 0 and before[i] in CHANGE_WORDS:
        return True
    return bool(after) and after[0] in _CHANGE_AFTER


def _owners(before: list[_Tok], after: list[_Tok]) -> list[_Tok]:
    """The names that own the quantity: those before the figure, and "at/of X" after it, not a speaker.

    "Apple reported revenue of $94.9 billion, Mr. Cook said": Apple, not Cook. A name after an
    honorific or a reporting word ("said", "according to") is who speaks, not whose figure it is.
    """
    out = []
    for i, t in enumerate(before):
        prev = before[i - 1].word if i else ""
        if (
            t.name
            and t.word not in HONORIFICS
            and prev.rstrip(".") not in HONORIFICS
            and prev.lower() not in _SPEAKERS
        ):
            out.append(t)
    owner = False
    for t in after:
        low = t.word.lower()
        if low in _SPEAKERS or t.word in ",;":
            break
        if low in ("at", "of", "for", "de", "del", "en"):
            owner = True
        elif t.name and owner:
            out.append(t)
    return out


def _is_name(text: str, start: int, word: str, names: frozenset[str]) -> bool:
    word = word.removesuffix("'s").removesuffix("’s")
    if not word[:1].isupper() or not word.replace("-", "").isalpha() or word.lower() in FUNCTION_WORDS:
        return False
    if word.lower() in CALENDAR_WORDS or word.lower() in _PERIOD_WORDS:
        return False
    if word.isupper() and len(word) > 1:
        return True
    return word in names or not starts_sentence(text, start)
