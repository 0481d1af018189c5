"""Figures in running text: money, percentages, counts with units, years and dates (English and Spanish).

Two sites that print ``$81.62B`` and ``81,620 million dollars`` state one reading, and only a rule
that normalises both can say so. A :class:`~webquorum.text.readings.Figure` keeps its literal span,
its value in base units, the ``step`` of its last written digit (its precision) and the words naming
what it measures, so ``compare`` and ``verify`` can tell "agrees", "disagrees" and "not the same
quantity" apart; when two figures agree is decided in :mod:`webquorum.text.readings`.

Reading rules a caller should know:

- ``1,234.5`` and ``1.234,5`` are unambiguous. One separator followed by 1, 2 or 4+ digits is a
  decimal point (``81,6`` = 81.6); ``81,620`` is thousands; ``1.234`` is thousands only in text
  that reads as Spanish, or in a count of whole things with no scale word (``42.000 employees``);
  after a lone ``0`` it is always a decimal point (``0,100`` = 0.1).
  An apostrophe, straight or curly, before exactly three digits groups thousands as Swiss pages
  write them (``4'634 m``); before one or two digits it is feet and inches or a quote, not a number.
- ``billion``/``bn``/``B`` and Spanish ``mil millones``/``millardo`` are 10^9; Spanish ``billón``
  is 10^12. ``mdd`` is millions of dollars, ``mdp`` millions of pesos.
- ``$`` is US dollars and ``pesos`` Mexican pesos (a Mexican page's ``$`` is misread: known limit).
- A number with no currency, ``%``, date shape, year shape or plural unit noun after it is not a
  figure: it is left uncompared rather than compared wrongly.
- Physical units (``145 km``, ``90 miles``, ``1.2 GW``, ``58 km²``, ``445 hectares``) are *measures*
  in one base unit per dimension, so a conversion agrees when it is exact within rounding.
- What a figure measures is read by :mod:`webquorum.text.figure_claims`, not here.

Hand-written on purpose, measured against the libraries on real passages (the tune half of
RAMDocs, hand-labelled; ``benchmarks/compare_libraries.py`` has the figures): dateparser finds 0.90
of the dates but 0.61 of its outputs are right, at 13-29 ms a passage (ours: 0.94 and 1.00 at 0.2 ms);
quantulum3 finds more quantities (0.70 against 0.42) but is 50-90x slower, past the comparison's
10 ms budget, so our unit table grows instead; pint agrees with our conversions and serves as a test
oracle only; text2num reads number words well on word spans alone (run over a page it rewrites
"$81.6 billion" as "$81.6 1000000000"), and number-parser turns ordinals into cardinals, so English
number words before a count noun ("sixty-three moons", "seven Ballon d'Or titles") are found here and
only their span is converted by text2num (0.96 of the labelled number words, every output right).
price-parser reads one price per string. text2num is the only one that is a dependency.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache, partial
from typing import NamedTuple

from text_to_num import text2num

from webquorum.text.alternation import alternation, expand
from webquorum.text.fold import fold_word
from webquorum.text.lexicon import (
    CALENDAR_WORDS,
    DIGIT,
    FUNCTION_WORDS,
    LETTER,
    LOWER,
    MONTHS,
    MONTHS_EN_PATTERN,
    MONTHS_ES_PATTERN,
    MONTHS_OTHER,
    RACE_NOUNS,
    SPACE,
    WORD,
)
from webquorum.text.measures import (
    CASED_UNITS,
    COUNT_PHRASES,
    INVARIANT_COUNTS,
    LINK_WORDS,
    TEMPERATURE_ZEROS,
    UNITS,
)
from webquorum.text.readings import Figure, FigureKind, unit_name


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


_L = LETTER
_LOWER = LOWER

_YEAR_PRECEDERS = _words("in en of de since desde by for until hasta fiscal year año early late mid")

_SCALES: dict[str, int] = {
    "thousand": 3,
    "mil": 3,
    "k": 3,
    "million": 6,
    "millions": 6,
    "millón": 6,
    "millon": 6,
    "millones": 6,
    "mn": 6,
    "mln": 6,
    "m": 6,
    "billion": 9,
    "billions": 9,
    "bn": 9,
    "b": 9,
    "millardo": 9,
    "millardos": 9,
    "mil millones": 9,
    "miles de millones": 9,
    # India's and South Asia's scale words: "18,000 crore rupees", "5 lakh people"
    "lakh": 5,
    "lakhs": 5,
    "crore": 7,
    "crores": 7,
    "trillion": 12,
    "trillions": 12,
    "tn": 12,
    "t": 12,
    "billón": 12,
    "billon": 12,
    "billones": 12,
}
_CURRENCIES: dict[str, str] = {
    "us$": "USD",
    "u.s.$": "USD",
    "$": "USD",
    "mx$": "MXN",
    "c$": "CAD",
    "a$": "AUD",
    "r$": "BRL",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "₹": "INR",
    "dollar": "USD",
    "dollars": "USD",
    "dólares": "USD",
    "dolares": "USD",
    "euro": "EUR",
    "euros": "EUR",
    "pesos": "MXN",
    "pound": "GBP",
    "pounds": "GBP",
    "libras": "GBP",
    "yen": "JPY",
    "yenes": "JPY",
    # the other currencies deals and budgets are written in: read as money, so that a bare "3 billion"
    # before them never takes a neighbour's dollars (:func:`_inherited`); rupees are India's, as the pages
    # that write "crore" are; a word with no single country ("francs", "kroner") stays its own unit, never
    # compared with another
    "swiss franc": "CHF",
    "swiss francs": "CHF",
    "yuan": "CNY",
    "renminbi": "CNY",
    "rand": "ZAR",
    "rupee": "INR",
    "rupees": "INR",
}
_PACKED = {"mdd": (6, "USD"), "mmdd": (9, "USD"), "mdp": (6, "MXN"), "mmdp": (9, "MXN")}

# A digit first, then the lookbehinds: a pattern that opens with a character set lets the regex
# engine skip in C to the next digit, where a leading assertion makes it try every position (4x the
# scan time). A pattern that scans for numbers then refuses, right after that digit, a start glued
# to a letter, a digit, "_" or one of its own characters on the left (inside "1,5", after "x"), and
# looks ahead past the digits, separators and spaces for the one character its words must open
# with: on a megabyte of "1 1 1 …" every start fails there, before the number's grammar is tried.
# Giving back a digit of the second branch cannot help "(?!\d)": possessive.
_SEPARATED = rf"[{DIGIT},.\u00a0\u202f'’]*+[{SPACE}]*+"


def _num(glued: str | None = None, then: str = "") -> str:
    """A number; ``glued``: the class body of characters besides word characters that may not stand
    before it (None: only a digit may not, for a number after its prefix: "EUR1,000"); ``then``: a
    pattern for the character its words must open with."""
    left = rf"(?<![{DIGIT}][{DIGIT}])" if glued is None else rf"(?<![{WORD}{glued}][{DIGIT}])"
    ahead = rf"(?={_SEPARATED}{then})" if then else ""
    if (
        glued is not None
    ):  # three digits after a digit and a no-break space are that number's thousands: "1 000"
        ahead += r"(?!(?<=\d[\u00a0\u202f]\d)\d\d(?!\d))"  # one assertion: a failure later never retries it
    return (
        rf"(?P<num>[{DIGIT}]{left}{ahead}(?:\d{{0,2}}(?:[,.\u00a0\u202f'’]\d{{3}})+(?:[.,]\d+)?|\d*+(?:[.,]\d++)?))"
        r"(?!\d)"
    )


_NUM = _num()
# Word lists matched case-insensitively, written as small regular expressions (a space stands for
# any run of whitespace) and compiled as tries (text/alternation.py): "(?i:a|b|…)" made re try each
# word after every number, a microsecond a number on a page of "1 k 1 k …". What follows the
# spaces before a word is a letter or a sign, never a space: those spaces are possessive.
_SCALE_WORDS = "lakhs?|crores?|mil millones|miles de millones|millardos?|thousand|millions?|mill[oó]n(?:es)?|billions?|bill[oó]n(?:es)?|trillions?|mil|bn|mn|mln|tn"
_SCALE_WORDS_COUNT = (
    "lakhs?|crores?|mil millones|millardos?|thousand|millions?|mill[oó]n(?:es)?|billions?|mil"
)
_SCALE_WORDS_BARE = "lakhs?|crores?|mil millones|thousand|millions?|mill[oó]n(?:es)?|billions?|bn|mn"
_SCALE_WORDS_UNIT = "lakhs?|crores?|thousand|millions?|mill[oó]n(?:es)?|billions?|mil"
_CURRENCY_WORDS = (
    "d[oó]lares|dollars?|euros?|pesos|pounds?|libras|yen(?:es)?|(?:swiss )?francs?|yuan|renminbi|rupees?|rand|"
    "kronor|kroner|krona|krone|riyals?|dirhams?|ringgits?|liras?|rubles?|roubles?|zlotys?"
)
_CURRENCY_ORIGINS = "mexicanos|estadounidenses|esterlinas"
_PACKED_WORDS = "mmdd|mdd|mmdp|mdp"
_POINTS_WORDS = "percentage points?|puntos? porcentuales|pp"
_PERCENT_WORDS = "percent|per cent|por ciento|pct"


def _ci(words: str) -> str:
    return alternation(expand(words), ignore_case=True, space=r"\s+")


_SCALE = rf"(?:(?:-|[{SPACE}]*+)(?P<scale>{_ci(_SCALE_WORDS)})(?![{_L}])|(?P<abbr>[kKmMbBtT])(?![{_L}\d]))"
_CODE = r"USD|EUR|MXN|GBP|JPY|CAD|BRL|CHF|CNY|HKD|SGD|INR|KRW|SEK|NOK|DKK|ZAR|AED|SAR|RUB|AUD|NZD"
_CODE_SPACED = "|".join(
    rf"{code}[{SPACE}]?" for code in _CODE.split("|")
)  # each branch opens with a letter: see _NUM
_SUFFIX = (
    rf"[{SPACE}]*+(?:(?:de[{SPACE}]++)?(?P<cur>{_ci(_CURRENCY_WORDS)})(?:\s+{_ci(_CURRENCY_ORIGINS)})?"
    rf"(?![{_L}])|(?P<code>{_CODE})(?![{_L}])|(?P<sym>€|£))"
)
# A space or a digit follows a currency prefix: one test of the printable ASCII characters that
# are neither refuses the rest ("$$$$") before the Unicode classes are consulted. No two prefixes
# fit at one place with the same continuation, so the choice is atomic: a failure is not retried.
_MONEY_PREFIX = re.compile(
    rf"(?P<pre>(?>\$|€|£|¥|₹|US\$|U\.S\.\s?\$|MX\$|C\$|A\$|R\$|{_CODE_SPACED}))(?![!-/:-~])[{SPACE}]?{_NUM}{_SCALE}?(?:{_SUFFIX})?"
)
_MONEY_SUFFIX = re.compile(
    rf"{_num('.,', f'[{_L}€£]')}(?:{_SCALE}?{_SUFFIX}|[{SPACE}]*+(?P<packed>{_ci(_PACKED_WORDS)})(?![{_L}]))"
)
_PERCENT = re.compile(
    rf"{_num('.,', '[%pP]')}\s?(?:(?P<pp>{_ci(_POINTS_WORDS)}|(?i:p\.\s?p\.))(?![{_L}])"
    rf"|(?P<pct>%|{_ci(_PERCENT_WORDS)}(?![{_L}])))"
)
_YEAR = re.compile(r"(?P<num>(?:1[89]|20)\d\d)(?!\w|%|[.,/-]\d|\s?%)")
# A year before 1800 ("founded in 1088", "since 1694", "AD 1209"): a number of that size is as often a count
# or an amount, so it is a year only after a word that introduces a year (:data:`_OLD_YEAR_CUES`) and not
# before a plural noun ("in 1694 cases"; a function word ending in "s" is none: "founded in 1701 as the
# Collegiate School", "in 1650 was", round 80) (its lookbehind is _scan's own refusal, written in so a run of
# digits fails at once)
_OLD_YEAR = re.compile(r"(?P<num>1(?<![\w$€£.,/:-]1)[0-7]\d\d)(?!\w|%|[.,/-]\d|\s?%)")
_OLD_YEAR_CUES = frozenset(
    {
        *("in", "since", "ad", "a.d.", "c.", "ca.", "circa", "year", "from", "until", "by", "around"),
        # an event's verb right before the year: "(died 1566)", "founded 1088", "b. 1412"
        *("born", "died", "b.", "d.", "founded", "established", "built", "completed", "opened", "crowned"),
    }
)
_MON_EN = MONTHS_EN_PATTERN
_MON_ES = MONTHS_ES_PATTERN
# a day's month in Spanish or another language: the longest first, so "marzo" is not read as "mar"
_MONTH_OF = {**MONTHS, **MONTHS_OTHER}
_DAY_MONTHS = sorted({*_MON_ES.split("|"), *MONTHS_OTHER}, key=len, reverse=True)
_MON_DAY = "|".join(_DAY_MONTHS)
_DATES = (  # (pattern, characters that may not come right before a match besides letters and digits)
    re.compile(r"(?P<y>\d(?<!\d\d)\d\d\d)-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?![\d-])"),
    # "September 4, 1998", "September 4,1998", "July 1st of 2003"
    re.compile(
        rf"(?P<mon>{_MON_EN})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:,\s*|\s+(?:of\s+)?)(?P<y>\d{{4}})\b"
    ),
    re.compile(
        rf"(?P<d>\d(?<!\d\d)\d?)(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{_MON_EN})\.?,?\s+(?P<y>\d{{4}})\b"
    ),
    # "3 de agosto de 1778", and the other languages' days: "19. Juli 1900", "1er avril 1976", "1º aprile
    # 1976", "3 de outubro de 1953", "3 agosto del 1778"
    re.compile(
        rf"(?P<d>\d(?<!\d\d)\d?)(?:\.\s{{0,2}}|(?:er|º|°)?\s{{1,2}})(?:de\s{{1,2}})?(?P<mon>(?i:{_MON_DAY}))"
        r"\s{1,2}(?:(?:de|del)\s{1,2})?(?P<y>\d{4})\b"
    ),
    re.compile(r"(?P<a>\d(?<!\d\d)\d?)/(?P<b>\d{1,2})/(?P<y>\d{4})(?![\d/])"),
    # A month and a year, no day: "September 1888" is a month, not the bare year 1888 (its step is the month);
    # "July of 2005" too
    re.compile(rf"(?P<mon>{_MON_EN})\.?,?\s+(?:of\s+)?(?P<y>\d{{4}})\b(?!\s*[-–/]\s*\d)"),
)
# A unit is one or two words checked against measures.UNITS in code: one regex alternation of
# every unit after every number cost more than all the other figure patterns together.
_MEASURE = re.compile(
    rf"{_num('.,$€£', f'-?[{_L}]')}(?:\s+(?P<scale>{_ci(_SCALE_WORDS_UNIT)})(?![{_L}])(?:\s+de)?)?[\s-]?"
    rf"(?P<unit>[{_L}]{{1,12}}[²2]?(?:/[hs])?)(?![{_L}\d²/])(?:\s(?P<second>[{_LOWER}]{{2,12}})(?![{_L}]))?"
)
# A temperature's unit: "°C", "° F", "ºC" (the ordinal sign stands for the degree sign on many pages),
# "degrees Celsius", "degrees F"; and a "C" or "F" glued to a digit ("40.3C", "104.5F") as British news
# writes them, but only on a page that speaks of temperature (a letter after a number is as often a grade).
# Found by its unit, which opens with one class re skips to; the number before it is read in code
# (:func:`_number_before`): a pattern opening with the number tried every digit of a page.
_TEMPERATURE = re.compile(
    r"[°º˚CFdD](?:(?<=[°º˚])[ \u00a0]?(?P<scale>[CF])|(?<=\d(?P<glued>[CF]))|"
    r"(?<=[dD])egrees?\s{1,3}(?P<word>[Cc]elsius|[Ff]ahrenheit|[Cc]entigrade|C|F))(?![A-Za-z])"
)
_TEMPERATURE_WORDS = ("temperature", "°", "º", "celsius", "fahrenheit", "heatwave", "degrees")
_MINUS_WORDS = ("minus", "negative")
_COUNT_HEAD = re.compile(
    rf"{_num('.,', f'[{_L}]')}(?:\s+(?P<scale>{_ci(_SCALE_WORDS_COUNT)})(?:\s+de)?)?"
    rf"(?=\s+[{_LOWER}A-Z])"
)
_NEXT_WORD = re.compile(rf"\s+([{_LOWER}]{{2,}}(?:-[{_LOWER}]+)*)(?![{_L}])")
# a name between a number and its count noun: "28 Grammy awards", "300 Starbucks stores", "110 million EOS
# system cameras"
_NAME_MODIFIER = re.compile(rf"[ \t]{{1,2}}+([A-Z][{_L}'’&-]*)(?![{_L}\d])")
# A bare number after a noun that names a count ("a population of 412,000", "plantilla de 3.000").
_HEADS = ("population", "poblaci", "attendance", "asistencia", "workforce", "plantilla", "headcount")
_HEADED = re.compile(
    rf"(?P<head>{_ci('population|poblaci[oó]n|attendance|asistencia|workforce|plantilla|headcount')})"
    rf"(?:(?:\s+[{_L}]+){{0,2}}?\s+(?i:of|is|was|stands at|stood at|reached|totals|totalled|de|es|fue|era|alcanz[oó])"
    # a label: "Population: 4,411", "Population (2020) | 4,411"; or nothing:
    rf"|(?:\s+\(\d{{4}}\))?\s*[:|])?"
    # "with the population about 50,000", a table's "Population 7,899 (2010)"
    rf"\s+(?i:about\s+|some\s+|around\s+|nearly\s+|almost\s+|more\s+than\s+|over\s+|unos\s+|m[aá]s\s+de\s+|cerca\s+de\s+|casi\s+)?"
    rf"{_NUM}(?:\s+(?P<scale>{_ci(_SCALE_WORDS_UNIT)}))?(?![{_L}\d%])"
    # "the population 65 years and over" is an age
    r"(?!\s+(?i:years?|and\s+(?:over|older)|or\s+older|to\s+\d))"
)
# an infobox's label line for a workforce: "Number of employees | c. 32,400 (2023)", "Number of employees"
# with the figure on the next line, "Employees: 18,100"; a label opens its line, so prose ("employees of
# 2,500 firms") never matches
_STAFF_LABEL = re.compile(
    rf"(?m)^(?:Number of employees|Employees)(?:[ \t]+\(\d{{4}}\))?[ \t]*(?:[:|][ \t]*+|\n[ \t]*+)"
    rf"(?:(?:c\.|ca\.|circa|approx\.|approximately|about|over|more than)[ \t]*+)?{_NUM}"
    rf"(?:[ \t]+(?P<scale>{_ci(_SCALE_WORDS_UNIT)}))?(?![{_L}\d%])"
)
# the hedges that bound a figure on one side: "more than $7 billion" agrees with "$7.5 billion"
_BOUNDS = {
    **dict.fromkeys(("more than", "over", "at least", "in excess of", "upwards of", "más de", "mas de"), "+"),
    **dict.fromkeys(("up to", "at most", "less than", "fewer than", "hasta"), "-"),
}
_HEDGES = (
    "about",
    "around",
    "nearly",
    "almost",
    "roughly",
    "approximately",
    "some",
    "close to",
    "an estimated",
    "cerca de",
    "casi",
    "unos",
    "unas",
    "alrededor de",
    "aproximadamente",
    *_BOUNDS,
)
# Searched in the lower-cased 24 characters before a figure, as a trie (text/alternation.py).
_HEDGE = re.compile(rf"({alternation(_HEDGES)})\s+(?:us)?[$€£]?\s?$")
# A scaled number with no unit of its own takes the unit of its neighbour: "up from 2.7 million".
_BARE_SCALED = re.compile(rf"{_num('.,$€£', '[mMtTbB]')}\s+(?P<scale>{_ci(_SCALE_WORDS_BARE)})(?![{_L}])")
# Substrings one of which every match of a pattern holds (lower-cased): where a text holds none, the
# pattern is not run. A test checks each list against the pattern's matches.
_MONTHS_EN_LOWER = tuple(
    sorted({month[:3].lower() for month in _MON_EN.split("|")})
)  # every English month name opens so
# "6.022 140 76 × 10^23", "6.02214076×10²³", "1.380649 × 10−23", "6.626 070 15 × 10^{-34}" (TeX),
# "1.380662 10^-23", "1.380649e-23": a constant or a very large or small quantity in scientific notation. The
# mantissa has decimals ("2e5" is a router, "3 x 10" a room; and a run of digits fails at once); they may be
# grouped by threes with (thin) spaces, as the SI writes them, and carry an uncertainty in parentheses ("6.022
# 141 99(47)"). A superscript exponent that lost its raising in a page's text ("6.02214076×1023") is read
# after three decimals or more, a precision only a constant has.
_THIN = "\u00a0\u2009\u202f"
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SCIENTIFIC = re.compile(  # the lookbehind is _scan's own refusal (a digit-run start, not after "." or ","),
    # written into the pattern so a scan fails at once inside "1,1,1,…" instead of trying each digit
    rf"(?<![\d.,])(?P<num>\d[.,]\d{{1,3}}(?:(?:[ {_THIN}]|\\ )?\d{{1,3}}){{0,5}})(?=[ {_THIN}(×·⋅*xX\\1eE])(?:\(\d{{1,3}}\))?"
    rf"(?:[ {_THIN}]?(?:(?P<times>[×·⋅*xX]|\\times|\\cdot)[ {_THIN}]?)?10"
    rf"(?:(?:\^|\*\*|E)\{{?\(?(?P<exp>[-−–+]?\d{{1,3}})\}}?\)?|(?P<sup>⁻?[{_SUPERSCRIPTS}]{{1,3}})"
    rf"|(?P<bare>[-−–]?\d{{1,2}}))(?!\d)"
    rf"|[eE](?P<exp4>[-+]?\d{{1,3}})(?![\d.,]))"
)


NEEDS: dict[re.Pattern[str], tuple[str, ...]] = {
    _TEMPERATURE: ("°", "º", "˚", "degree", "temperature"),
    _SCIENTIFIC: ("10", "e"),
    _MONEY_PREFIX: ("$", "€", "£", "¥", "₹", *(code.lower() for code in _CODE.split("|"))),
    _MONEY_SUFFIX: (
        "dólar",
        "dolar",
        "dollar",
        "euro",
        "peso",
        "pound",
        "libra",
        "yen",
        "franc",
        "yuan",
        "renminbi",
        "rupee",
        "rand",
        "kron",
        "riyal",
        "dirham",
        "ringgit",
        "lira",
        "ruble",
        "rouble",
        "zlot",
        "€",
        "£",
        "mdd",
        "mdp",
        *(code.lower() for code in _CODE.split("|")),
    ),
    _PERCENT: ("%", "percent", "cent", "ciento", "pct", "pp", "p.", "punto"),
    _BARE_SCALED: ("thousand", "mil", "billion", "bn", "mn", "lakh", "crore"),
    _DATES[0]: ("-",),
    _DATES[1]: _MONTHS_EN_LOWER,
    _DATES[2]: _MONTHS_EN_LOWER,
    _DATES[3]: tuple(_DAY_MONTHS),
    _DATES[4]: ("/",),
    _DATES[5]: _MONTHS_EN_LOWER,
}
# Patterns that open with "\d(?<!\d\d)" (or, for years, with a digit that no match of ours keeps
# when another digit precedes it): they can only match where a run of digits starts.
# A duration written as a clock: "2:00:35" (h:mm:ss) or "3:43.13" (m:ss and a fraction); a time of day has
# no seconds or says so ("12:24 AM", "13:00 UTC", "at 10:30:00"), and a song's "3:41" is left alone
_CLOCK = re.compile(r"(\d{1,2}):([0-5]\d)(?::([0-5]\d))?(?:\.(\d{1,3}))?(?![\d:]|\.\d)")
_CLOCK_TIME_OF_DAY = re.compile(r"\s?(?:[AaPp]\.?[Mm]\b|UTC|GMT|CET|EST|PST|hrs\b|local\b|o'clock)")
_AT_WORDS = frozenset({"at", "by", "from", "until", "till"})  # "at 10:30:00": a time of day

_DIGIT_LED = frozenset(
    {
        _SCIENTIFIC,
        _CLOCK,
        _MONEY_SUFFIX,
        _PERCENT,
        _MEASURE,
        _COUNT_HEAD,
        _BARE_SCALED,
        _YEAR,
        _OLD_YEAR,
        _DATES[0],
        _DATES[2],
        _DATES[3],
        _DATES[4],
    }
)
_DIGITS = re.compile(r"\d+")
_SPANISH_HINT = _words("de del los las el la que y en por con para según")
_ENGLISH_HINT = _words("the of and in to with for that was is on")


@dataclass
class _Page:
    """One text being read: what every figure reader needs, computed once."""

    text: str
    lowered: str  # for the substring tests before a scan (NEEDS, _HEADS), never for offsets
    decimal_comma: bool
    taken: bytearray  # characters an earlier figure holds
    starts: list[int]  # where each run of digits starts: where a digit-led pattern can match


def extract_figures(text: str, *, decimal_comma: bool | None = None) -> list[Figure]:
    """Every figure in ``text`` in reading order; ``decimal_comma=None`` guesses from the language."""
    if decimal_comma is None:
        decimal_comma = language_of(text) == "es"
    taken = bytearray(len(text))
    read_as = unglued(text)
    page = _Page(read_as, read_as.lower(), decimal_comma, taken, [m.start() for m in _DIGITS.finditer(text)])
    raw: list[_Raw] = []
    mods: dict[tuple[int, int], frozenset[str]] = {}
    readers = (
        _scientific,
        _dates,
        _clocks,
        _money,
        _percents,
        _temperatures,
        _measures,
        partial(_counts, mods=mods),
        partial(_worded_counts, mods=mods),
        _headed,
        _years,
    )
    for (
        read
    ) in readers:  # in this order: an earlier kind keeps the span ("$81.6 billion" is money, not a count)
        for item in read(page):
            start, end = item.start, item.end
            if any(taken[start:end]) or (item.value.adjusted() > 17 and read is not _scientific):
                # 10^18 and up written out: an identifier, not an amount
                continue
            taken[start:end] = b"\x01" * (end - start)
            raw.append(item)
    raw.sort(key=lambda r: r.start)
    raw = _joined_durations(text, raw)
    raw.extend(_inherited(page, raw))
    out = [
        Figure(
            kind,
            float(value),
            unit,
            float(step),
            text[start:end],
            start,
            end,
            mods.get((start, end), frozenset()) if kind == "count" else frozenset(),
            hedge is not None,
            bound=_BOUNDS.get(" ".join(hedge[1].split()), "") if hedge is not None else "",
        )
        for kind, value, unit, step, start, end in raw
        for hedge in [_HEDGE.search(text[max(0, start - 24) : start].lower())]
    ]
    return sorted(out, key=lambda f: f.start)


# An infobox's label as a page flattened to text writes it at a line's start: "Deaths", "Total capacity"
INFOBOX_LABEL = r"[A-Z][a-z]{2,24}(?:[ ][A-Za-z][a-z]{1,14}){0,3}"
# ... and runs it into its value: "Deaths167", "Total capacity4,888 MW", "Height330 m"
_GLUED_LABEL = re.compile(rf"(?m)^{INFOBOX_LABEL}(?=\d)")


@lru_cache(maxsize=32)
def unglued(text: str) -> str:
    """The text the figure readers scan: a line-opening label glued to its number gets a space for its last
    letter, so the number is read ("Deaths167" is read as "Death 167"). The same length, so every offset
    holds; a figure's words are still read from the page as written."""
    if not _GLUED_LABEL.search(text):
        return text
    return _GLUED_LABEL.sub(lambda m: m[0][:-1] + " ", text)


def language_of(text: str) -> str:
    """ "es" when ``text`` reads as Spanish (more of its common words are Spanish ones), else "en"."""
    sample = text[:2000].lower().split()
    return "es" if sum(w in _SPANISH_HINT for w in sample) > sum(w in _ENGLISH_HINT for w in sample) else "en"


def _scan(pattern: re.Pattern[str], page: _Page, not_after: str | None = None) -> Iterator[re.Match[str]]:
    """``finditer`` minus matches that start inside a figure an earlier kind has taken (they could
    not be kept) and, given ``not_after``, minus those glued to a letter, digit or one of its
    characters on their left (a pattern built on :func:`_num` with ``glued`` refuses those itself).

    Checked here rather than by a leading lookbehind, which would stop the regex engine from
    skipping straight to the next digit or symbol: the difference is most of the scan time. A
    pattern whose :data:`NEEDS` the text does not hold is not run at all, and a digit-led one is
    tried only where a run of digits starts (found once for every pattern): the same matches as
    ``finditer``, for a tenth of the scanning on a page with few numbers.
    """
    text, taken = page.text, page.taken
    needs = NEEDS.get(pattern)
    if needs and not any(need in page.lowered for need in needs):
        return
    for m in _anchored(pattern, page) if pattern in _DIGIT_LED else pattern.finditer(text):
        at = m.start()
        if taken[at]:
            continue
        before = text[at - 1] if at else " "
        if not_after is None or not (before.isalnum() or before == "_" or before in not_after):
            yield m


def _anchored(pattern: re.Pattern[str], page: _Page) -> Iterator[re.Match[str]]:
    """``pattern.finditer`` for a pattern that can only match where a run of digits starts."""
    end = 0
    for at in page.starts:
        if at >= end and (m := pattern.match(page.text, at)):
            yield m
            end = m.end()


def _parse_number(s: str, decimal_comma: bool) -> tuple[Decimal, Decimal]:
    """(value, step) of a written number; separators are read per the module docstring."""
    s = s.replace("\u00a0", "").replace("\u202f", "").replace("'", "").replace("’", "")
    decimal_sep = ""
    if "," in s and "." in s:
        decimal_sep = "," if s.rfind(",") > s.rfind(".") else "."
    elif "," in s or "." in s:
        sep = "," if "," in s else "."
        parts = s.split(sep)
        if len(parts) == 2 and (len(parts[1]) != 3 or (sep == "." and not decimal_comma) or parts[0] == "0"):
            decimal_sep = sep
        elif len(parts) > 2 and len(parts[-1]) != 3:
            # thousands are groups of three: a shorter last group is the fraction, its separator mistyped
            # as the thousands' ("3,106,75 carats" is 3,106.75)
            decimal_sep = sep
    whole, frac = s.rsplit(decimal_sep, 1) if decimal_sep else (s, "")
    whole = whole.replace(",", "").replace(".", "")
    return Decimal(f"{whole}.{frac}" if frac else whole), Decimal(1).scaleb(-len(frac))


class _Raw(NamedTuple):
    """A figure as a reader finds it, before the readers' overlaps are settled."""

    kind: FigureKind
    value: Decimal
    unit: str
    step: Decimal
    start: int
    end: int


def _whole_count(m: re.Match[str], decimal_comma: bool) -> tuple[Decimal, Decimal]:
    """(value, step) of a count of whole things (people, employees, stores): a dot before exactly three
    digits groups thousands there, as European pages written in English print them ("Infineon has 42.000
    employees", real page, issue 22), since no one counts 42.0 employees; with a scale word it stays a decimal
    point ("1.500 million people")."""
    head, *groups = m["num"].split(".")
    grouped = (
        not m["scale"]
        and bool(groups)
        and 1 <= len(head) <= 3
        and head.isdigit()
        and all(len(g) == 3 and g.isdigit() for g in groups)
    )
    return _scaled(m, decimal_comma or grouped)


def _scaled(m: re.Match[str], decimal_comma: bool, exponent: int = 0) -> tuple[Decimal, Decimal]:
    value, step = _parse_number(m["num"], decimal_comma)
    scale_word = m.groupdict().get("scale") or m.groupdict().get("abbr") or ""
    exponent += _SCALES.get(" ".join(scale_word.lower().split()), 0)
    return value.scaleb(exponent), step.scaleb(exponent)


def _scientific(page: _Page) -> list[_Raw]:
    """Figures in scientific notation (:data:`_SCIENTIFIC`), as counts with no unit: pages write a constant's
    unit every way ("J s", "J·sec", "joule-seconds", "\\mathrm{J \\cdot s}"), and its mantissa and exponent
    already say which quantity it is. A mantissa is one digit and its decimals by convention, so a comma in it
    is a decimal comma ("6,022 141 99 · 10^23")."""
    out: list[_Raw] = []
    for m in _scan(_SCIENTIFIC, page, not_after=".,"):
        digits = m["num"].replace(",", ".").replace("\\", "")
        for space in " " + _THIN:
            digits = digits.replace(space, "")
        decimals = len(digits.partition(".")[2])
        if m["bare"] is not None and not (
            m["times"] and (decimals >= 3 or (m["bare"][0] in "-−–" and m["times"] not in "xX"))
        ):
            continue  # "3 x 10" is a size; "× 10−23" and a flattened "×1023" after a constant's decimals are not
        exponent_text = m["exp"] or m["sup"] or m["bare"] or m["exp4"] or ""
        try:
            exponent = int(_plain_digits(exponent_text))
            value, step = Decimal(digits), Decimal(1).scaleb(-decimals)
        except (ValueError, ArithmeticError):
            continue
        out.append(_Raw("count", value.scaleb(exponent), "", step.scaleb(exponent), m.start(), m.end()))
    return out


def _plain_digits(exponent: str) -> str:
    """An exponent as ASCII: "⁻²³" and "−23" are "-23"."""
    table = str.maketrans({**{c: str(i) for i, c in enumerate(_SUPERSCRIPTS)}, "⁻": "-", "−": "-", "–": "-"})
    return exponent.translate(table)


def _money(page: _Page) -> list[_Raw]:
    out: list[_Raw] = []
    decimal_comma = page.decimal_comma
    for m in _scan(_MONEY_PREFIX, page, "$"):
        pre = re.sub(r"\s", "", m["pre"]).lower()
        suffix = (m["cur"] or m["code"] or m["sym"] or "").lower()
        currency = (
            _CURRENCIES.get(suffix, suffix.upper())
            if suffix and pre == "$"
            else _CURRENCIES.get(pre, pre.upper())
        )
        value, step = _scaled(m, decimal_comma)
        out.append(_Raw("money", value, currency, step, m.start(), m.end()))
    for m in _scan(_MONEY_SUFFIX, page):
        exponent, currency = _PACKED.get((m["packed"] or "").lower(), (0, ""))
        if not currency:
            suffix = (m["cur"] or m["code"] or m["sym"] or "").lower()
            currency = _CURRENCIES.get(suffix, suffix.upper())
        value, step = _scaled(m, decimal_comma, exponent)
        out.append(_Raw("money", value, currency, step, m.start(), m.end()))
    return out


def _percents(page: _Page) -> list[_Raw]:
    out: list[_Raw] = []
    decimal_comma = page.decimal_comma
    for m in _scan(_PERCENT, page):
        value, step = _parse_number(m["num"], decimal_comma)
        out.append(_Raw("percent", value, "pp" if m["pp"] else "%", step, m.start(), m.end()))
    return out


_PER_AREA = re.compile(  # "(people) per square mile", "/km²": a density
    r"(?:\s{1,8}(?:people|persons|inhabitants|residents|habitantes|personas))?"  # spaces bounded: no
    r"\s{0,8}(?:per|/|a|an|por)\s{0,8}(?:square|sq\.?|km|kilom|mi\b|mile|hect|acre|m²|km²)",  # long backtrack
    re.IGNORECASE,
)
_YEAR_DETERMINERS = frozenset(
    {"the", "its", "their", "his", "her", "this", "that", "el", "la", "los", "las", "su"}
)


def _counts(page: _Page, mods: dict[tuple[int, int], frozenset[str]]) -> list[_Raw]:
    """Counts: a number, at most two modifiers, then a count noun (plural -s, invariant, or a listed
    phrase)."""
    out: list[_Raw] = []
    text, decimal_comma = page.text, page.decimal_comma
    for m in _scan(_COUNT_HEAD, page):
        words, found = _noun_after(text, m.end())
        if found is None:
            continue
        index, unit_end = found
        unit = " ".join(text[words[index].start(1) : unit_end].split())
        value, step = _whole_count(m, decimal_comma)
        before = text[max(0, m.start() - 12) : m.start()].split()
        if _YEAR.fullmatch(m["num"]) and not m["scale"] and before and before[-1].lower() in _YEAR_PRECEDERS:
            continue
        if (
            _YEAR.fullmatch(m["num"])
            and not m["scale"]
            and before
            and before[-1].lower() in _YEAR_DETERMINERS
        ):
            continue  # "the 2020 census", "its 2019 season": a year naming an event, not a count of 2,020
        if _PER_AREA.match(text, unit_end):
            continue  # "1,008.4 people per square mile" is a density, never a population
        modifiers = {fold_word(w[1]) for w in words[:index]}
        after = _NEXT_WORD.match(text, unit_end)
        if (
            decimal_comma
            and after
            and after[1].endswith(("os", "as", "es"))
            and after[1] not in FUNCTION_WORDS
        ):
            modifiers.add(fold_word(after[1]))  # Spanish adjectives follow: "empleos directos"
        mods[(m.start(), unit_end)] = frozenset(modifiers)
        out.append(_Raw("count", value, unit, step, m.start(), unit_end))
    return out


# English number words, two or more ("one" is as often a pronoun: "no one", "one of them"), joined by
# hyphens, spaces or "and": "sixty-three", "two hundred and five", "seven"
_UNITS_WORDS = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
]
_NUMBER_WORD = alternation([*_UNITS_WORDS, "one", "hundred", "thousand"], ignore_case=True, not_after=_L)
_WORDED = re.compile(
    rf"{alternation(_UNITS_WORDS, ignore_case=True, not_after=_L)}(?![{_L}])"
    # a comma may follow "thousand" inside one number, as numbers written out are punctuated ("sixty-seven
    # thousand, one hundred and forty-four"); anywhere else it parts a list ("seven, eight and nine")
    rf"(?:(?:-|(?:(?<=thousand),|(?<=Thousand),|(?<=THOUSAND),)?[ \t]+(?:and[ \t]+)?){_NUMBER_WORD}(?![{_L}]))*"
)


_SPANS_OF_TIME = frozenset(
    [
        "seconds",
        "minutes",
        "hours",
        "days",
        "weeks",
        "months",
        "quarters",
        "years",
        "decades",
        "centuries",
        "times",
    ]
)


_WORDED_SCALE = re.compile(r"(million|billion|trillion)(?![\w])", re.IGNORECASE)


def _worded_counts(page: _Page, mods: dict[tuple[int, int], frozenset[str]]) -> list[_Raw]:
    """Counts written in English words before a count noun ("sixty-three moons", "seven titles"), the span
    converted by text2num (a library that reads number words well, but rewrites any page it is run over)."""
    if page.decimal_comma:
        return []  # Spanish pages: number words stay unread (text2num's Spanish is not measured here)
    out: list[_Raw] = []
    text = page.text
    for m in _WORDED.finditer(text):
        # "three million years old", "two billion users": a scale word after the number words multiplies them
        ahead = text[m.end() : m.end() + 4]
        gap = len(ahead) - len(ahead.lstrip(" \t"))
        scaled = _WORDED_SCALE.match(text, m.end() + gap) if gap else None
        end = scaled.end() if scaled else m.end()
        words, found = _noun_after(text, end)
        if found is None:
            continue
        try:
            value = text2num(" ".join(m[0].replace(",", " ").lower().split()), "en")
        except ValueError:
            continue
        index, unit_end = found
        unit = " ".join(text[words[index].start(1) : unit_end].split())
        if unit.lower() in _SPANS_OF_TIME and not scaled:
            continue  # "the twelve months to March", "three years ago": a period, read by figure_claims
        mods[(m.start(), unit_end)] = frozenset(fold_word(w[1]) for w in words[:index])
        exponent = _SCALES[scaled[1].lower()] if scaled else 0
        out.append(
            _Raw(
                "count",
                Decimal(value) * Decimal(10) ** exponent,
                unit,
                Decimal(10) ** exponent,
                m.start(),
                unit_end,
            )
        )
    return out


def _noun_after(text: str, pos: int) -> tuple[list[re.Match[str]], tuple[int, int] | None]:
    """The lower-case words (up to three) after a number at ``pos``, and where its count noun is in them."""
    names: list[re.Match[str]] = []
    while len(names) < 2 and (n := _NAME_MODIFIER.match(text, pos)):
        names.append(n)
        pos = n.end()
    words: list[re.Match[str]] = []
    while len(words) < 3 and (w := _NEXT_WORD.match(text, pos)):
        words.append(w)
        pos = w.end()
    found = _count_noun(text, words)
    if names and found is not None:
        found = (found[0] + len(names), found[1])  # the names modify the noun, as a lower-case word would
    return [*names, *words], found


def _count_noun(text: str, words: list[re.Match[str]]) -> tuple[int, int] | None:
    """(index, end) of the count noun among the words after a number, or None when there is none."""
    for i, w in enumerate(words):
        word = w[1]
        if word in FUNCTION_WORDS or word in LINK_WORDS or word in CALENDAR_WORDS or word in _CURRENCIES:
            return None
        if fold_word(word) in _SCALES or word.startswith(("percent", "porcentual")):
            return None
        for phrase in COUNT_PHRASES:
            if text.startswith(phrase, w.start(1)):
                return i, w.start(1) + len(phrase)
        if word in INVARIANT_COUNTS or (len(word) > 2 and word.endswith("s") and not word.endswith("ss")):
            return i, w.end(1)
    return None


_PER_HOUR = re.compile(r"\s+(?:per|an|a)\s+hour\b")
_PER_HOUR_UNITS = {"miles": "mph", "mile": "mph", "km": "km/h", "kilometres": "km/h", "kilometers": "km/h"}
_PER_SECOND = re.compile(r"\s*(?:\s(?:per|a)\s+second\b|/s\b)")
_PER_SECOND_UNITS = {
    "metres": "m/s",
    "meters": "m/s",
    "metre": "m/s",
    "meter": "m/s",
    "m": "m/s",
    "km": "km/s",
    "kilometres": "km/s",
    "kilometers": "km/s",
    "miles": "mi/s",
    "mile": "mi/s",
}
_METRE_WORDS = frozenset(
    {"high", "tall", "long", "wide", "deep", "above", "below", "from", "to", "or", "across", "thick"}
)


def _clocks(page: _Page) -> list[_Raw]:
    """Durations written as a clock (:data:`_CLOCK`), in seconds, at the precision written."""
    out: list[_Raw] = []
    text = page.text
    for m in _scan(_CLOCK, page, not_after=":.,"):
        if not (m[3] or m[4]) or _CLOCK_TIME_OF_DAY.match(text, m.end()):
            continue
        before = text[max(0, m.start() - 8) : m.start()]
        if before[-1:].isspace() and before.split()[-1:] and before.split()[-1].lower() in _AT_WORDS:
            continue
        first, second, third, fraction = int(m[1]), int(m[2]), m[3], m[4] or ""
        whole = first * 3600 + second * 60 + int(third) if third else first * 60 + second
        step = Decimal(1).scaleb(-len(fraction))
        out.append(
            _Raw("measure", Decimal(whole) + Decimal(f"0.{fraction or 0}"), "h:m:s", step, m.start(), m.end())
        )
    return out


_DURATION_GAP = re.compile(r"\s*,?\s*(?:and\s+)?")


def _joined_durations(text: str, raw: list[_Raw]) -> list[_Raw]:
    """Hours, minutes and seconds written one after another ("2 hours, 3 minutes and 02 seconds") are one
    duration, shown as a clock: apart they would be three figures, none of them the time."""
    out: list[_Raw] = []
    finest: list[float] = []  # per kept figure, the seconds in its last unit of time (0: not a duration)
    for item in raw:
        factor = _time_factor(item) if item.kind == "measure" else 0.0
        if (
            out
            and 0 < factor < finest[-1]
            and out[-1].kind == "measure"
            and _DURATION_GAP.fullmatch(text, out[-1].end, item.start)
        ):
            last = out[-1]
            out[-1] = _Raw("measure", last.value + item.value, "h:m:s", item.step, last.start, item.end)
            finest[-1] = factor
        else:
            out.append(item)
            finest.append(factor)
    return out


def _time_factor(item: _Raw) -> float:
    """Seconds in one unit of the figure's time ("hours": 3,600); 0 for another dimension or a clock-written
    duration, which nothing joins onto."""
    dimension, factor = UNITS.get(unit_name(item.unit), ("", 0.0))
    return factor if dimension == "time" and item.unit != "h:m:s" else 0.0


def _measures(page: _Page) -> list[_Raw]:
    out: list[_Raw] = []
    decimal_comma = page.decimal_comma
    for m in _scan(_MEASURE, page):
        unit, end = m["unit"], m.end("unit")
        per_hour = _PER_HOUR.match(page.text, end)
        per_second = _PER_SECOND.match(page.text, end)
        if per_hour and unit.lower() in _PER_HOUR_UNITS:
            unit, end = _PER_HOUR_UNITS[unit.lower()], per_hour.end()  # "70 miles per hour" is "70 mph"
        elif per_second and unit.lower() in _PER_SECOND_UNITS:
            unit, end = _PER_SECOND_UNITS[unit.lower()], per_second.end()  # a speed, not a length
        elif m["second"] and f"{unit.lower()} {m['second']}" in UNITS:
            unit, end = f"{unit} {m['second']}", m.end("second")
        elif unit == "m":
            if m["second"] is not None and m["second"] not in _METRE_WORDS:
                # "20m people", "5m in sales": millions, not metres ("8,848.86m", "3,776 m high" are)
                continue
        elif unit not in CASED_UNITS and (unit.lower() not in UNITS or unit.lower() in CASED_UNITS.values()):
            continue
        if m["second"] in RACE_NOUNS and UNITS[unit_name(unit)][0] == "length":
            page.taken[m.start() : end] = b"\x01" * (end - m.start())  # a race's name: no count either
            continue
        value, step = _scaled(m, decimal_comma)
        factor = Decimal(repr(UNITS[unit_name(unit)][1]))
        out.append(_Raw("measure", value * factor, unit, step * factor, m.start(), end))
    return out


def _temperatures(page: _Page) -> list[_Raw]:
    """Temperatures (:data:`_TEMPERATURE`) in degrees Celsius, a Fahrenheit reading shifted and scaled
    (104.5 °F is 40.3 °C), so the two scales compare as one quantity; shown as written. A minus sign glued
    to the number, or "minus" before it, makes it negative; a dash after a number is a range ("20-25 °C")."""
    out: list[_Raw] = []
    text = page.text
    spoken = any(word in page.lowered for word in _TEMPERATURE_WORDS)
    for m in _TEMPERATURE.finditer(text):
        if m["glued"] and not spoken:
            continue
        number = _number_before(text, m.start(), glued=bool(m["glued"]))
        if number is None or page.taken[number[0]]:
            continue
        start, written = number
        fahrenheit = (m["scale"] or m["word"] or m["glued"] or "").lower() in ("f", "fahrenheit")
        unit = "°F" if fahrenheit else "°C"
        value, step = _parse_number(written, page.decimal_comma)
        sign = text[start - 1] if start else ""
        if sign and sign in "-−–" and (start < 2 or not text[start - 2].isalnum()):
            value, start = -value, start - 1
        elif (word := _minus_word(text[max(0, start - 12) : start])) is not None:
            value, start = -value, start - len(word)
        factor = Decimal(repr(UNITS[unit.lower()][1]))
        zero = Decimal(repr(TEMPERATURE_ZEROS.get(unit.lower(), 0.0)))
        out.append(_Raw("measure", (value - zero) * factor, unit, step * factor, start, m.end()))
    return out


def _number_before(text: str, at: int, *, glued: bool) -> tuple[int, str] | None:
    """The number that ends right before ``at`` (one space between allowed unless ``glued``): its start and
    its text, when it stands alone (no letter glued to its left). Read backwards in code, within 24
    characters."""
    end = at
    if not glued and end and text[end - 1] in " \u00a0" and end >= 2 and text[end - 2].isdigit():
        end -= 1
    start = end
    while start > max(0, end - 24) and (text[start - 1].isdigit() or text[start - 1] in ".,"):
        start -= 1
    while start < end and not text[start].isdigit():
        start += 1  # "(40.3" or ", 40.3": a separator opens no number
    if start == end or not text[end - 1].isdigit():
        return None
    if start and (text[start - 1].isalpha() or text[start - 1] == "_"):
        return None
    return start, text[start:end]


def _minus_word(before: str) -> str | None:
    """ "minus " or "negative " ending ``before`` as a whole word, with its spaces: a string test, where a
    regular expression anchored at the end would be tried at every position of a page."""
    stripped = before.rstrip()
    if stripped == before:
        return None
    for word in _MINUS_WORDS:
        head = stripped[: -len(word)]
        if stripped.lower().endswith(word) and not (head[-1:].isalnum() or head[-1:] == "_"):
            return before[len(head) :]
    return None


def _headed(page: _Page) -> list[_Raw]:
    out: list[_Raw] = []
    text, decimal_comma = page.text, page.decimal_comma
    if "employees" in page.lowered:
        for m in _STAFF_LABEL.finditer(text):
            if _YEAR.fullmatch(m["num"]) and not m["scale"]:
                continue  # "Employees: 2023 annual report"
            value, step = _whole_count(m, decimal_comma)
            end = m.end("scale") if m["scale"] else m.end("num")
            out.append(_Raw("count", value, "employees", step, m.start("num"), end))
    if not any(head in page.lowered for head in _HEADS):  # a substring test is 50x cheaper than the scan
        return out
    for m in _HEADED.finditer(text):
        if _YEAR.fullmatch(m["num"]) and not m["scale"]:
            continue
        if "densi" in m[0].lower() or _PER_AREA.match(text, m.end()):
            continue  # "population density was 1,008.4 (people) per square mile": a density, not a population
        value, step = _whole_count(m, decimal_comma)
        end = m.end("scale") if m["scale"] else m.end("num")
        head = fold_word(m["head"])
        unit = "employees" if head in ("workforce", "plantilla", "headcount") else "people"
        out.append(_Raw("count", value, unit, step, m.start("num"), end))
    return out


def _inherited(page: _Page, raw: list[_Raw]) -> list[_Raw]:
    """Scaled numbers with no unit, given the kind and unit of the nearest figure in their sentence."""
    out: list[_Raw] = []
    text, decimal_comma, taken = page.text, page.decimal_comma, page.taken
    for m in _scan(_BARE_SCALED, page):
        if any(taken[m.start() : m.end()]):
            continue
        best: _Raw | None = None
        for r in raw:
            if r.kind not in ("money", "count", "measure"):
                continue
            lo, hi = (r.end, m.start()) if r.end <= m.start() else (m.end(), r.start)
            if hi - lo > 150 or any(c in text[lo:hi] for c in ".;!?\n"):
                continue
            if best is None or abs(r.start - m.start()) < abs(best.start - m.start()):
                best = r
        if best is not None and best.kind != "measure" and not _converted(text, m.end(), best):
            value, step = _scaled(m, decimal_comma)
            out.append(_Raw(best.kind, value, best.unit, step, m.start(), m.end()))
    return out


def _converted(text: str, end: int, neighbour: _Raw) -> bool:
    """Whether the neighbour is the bare figure's conversion, in brackets right after it: "3 billion
    ($3.23 billion)" gives the amount in dollars because the page's own is in another currency."""
    return neighbour.start > end and text[end : neighbour.start].strip() == "("


def _years(page: _Page) -> list[_Raw]:
    found = [
        _Raw("year", Decimal(m["num"]), "", Decimal(1), m.start(), m.end())
        for m in _scan(_YEAR, page, "$€£.,/:-")
    ]
    for m in _scan(_OLD_YEAR, page, "$€£.,/:-"):
        before = page.text[max(0, m.start() - 12) : m.start()].split()
        after = _NEXT_WORD.match(page.text, m.end())
        if after is not None and after[1].endswith("s") and after[1] not in FUNCTION_WORDS:
            continue  # "in 1694 cases": a count of a plural noun
        if before and before[-1].lower().lstrip("([") in _OLD_YEAR_CUES:
            found.append(_Raw("year", Decimal(m["num"]), "", Decimal(1), m.start(), m.end()))
    return found


def _dates(page: _Page) -> list[_Raw]:
    out: list[_Raw] = []
    decimal_comma = page.decimal_comma
    for pattern, not_after in zip(_DATES, ("-", "", "", "", "/", ""), strict=True):
        for m in _scan(pattern, page, not_after):
            groups = m.groupdict()
            if "d" not in groups and "a" not in groups:  # a month: its middle, rounded to the month
                year, month = int(m["y"]), _MONTH_OF[m["mon"].lower()]
                if not 1000 <= year <= 2999:
                    continue
                first = date(year, month, 1).toordinal()
                days = (date(year + month // 12, month % 12 + 1, 1).toordinal()) - first
                out.append(
                    _Raw(
                        "date", Decimal(first) + Decimal(days - 1) / 2, "", Decimal(days), m.start(), m.end()
                    )
                )
                continue
            if "a" in groups:  # d/m/y or m/d/y: an impossible month settles it, else the language does
                a, b = int(m["a"]), int(m["b"])
                day, month = (a, b) if a > 12 or (decimal_comma and b <= 12) else (b, a)
            else:
                day = int(m["d"])
                month = int(m["m"]) if "m" in groups else _MONTH_OF[m["mon"].lower()]
            try:
                when = date(int(m["y"]), month, day)
            except ValueError:
                continue
            out.append(_Raw("date", Decimal(when.toordinal()), "", Decimal(1), m.start(), m.end()))
    return out
