"""Figures in running text: money, percentages, counts with units, years and dates (English and Spanish).

Two sites that print ``$81.62B`` and ``81,620 million dollars`` state one reading, and only a rule
that normalises both can say so. A :class:`Figure` keeps its literal span, its value in base units,
the ``step`` of its last written digit (its precision) and the words naming what it measures, so
``compare`` and ``verify`` can tell "agrees", "disagrees" and "not the same quantity" apart.

Reading rules a caller should know:

- ``1,234.5`` and ``1.234,5`` are unambiguous. One separator followed by 1, 2 or 4+ digits is a
  decimal point (``81,6`` = 81.6); ``81,620`` is thousands; ``1.234`` is thousands only in text
  that reads as Spanish.
- ``billion``/``bn``/``B`` and Spanish ``mil millones``/``millardo`` are 10^9; Spanish ``billón``
  is 10^12. ``mdd`` is millions of dollars, ``mdp`` millions of pesos.
- ``$`` is US dollars and ``pesos`` Mexican pesos (a Mexican page's ``$`` is misread: known limit).
- A number with no currency, ``%``, date shape, year shape or plural unit noun after it is not a
  figure: it is left uncompared rather than compared wrongly.
- ``context`` is the quantity phrase (``"data center revenue"`` -> {data, center, revenue}), not a
  bag of nearby words; ``subject`` holds the names in it (``NVIDIA revenue`` -> {nvidia}).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal
from functools import lru_cache
from typing import Literal

FigureKind = Literal["money", "percent", "count", "year", "date"]


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


_L = "A-Za-zÀ-ÖØ-öø-ÿ"
_LOWER = "a-zß-öø-ÿ"

MONTHS: dict[str, int] = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
    "agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
}  # fmt: skip
CALENDAR_WORDS = frozenset(MONTHS) | _words(
    "monday tuesday wednesday thursday friday saturday sunday "
    "lunes martes miércoles miercoles jueves viernes sábado sabado domingo"
)
FUNCTION_WORDS = _words(
    "the a an and or but of in on at to for from by with as into its it this that these those their his her "
    "our your be been being was were is are has have had will would can could may might than then so not no "
    "over under after before per each which who what when where while also just only both all more most less such there "
    "here via if because since until el la los las un una unos unas y o de del al en por para con sin sobre "
    "entre que se su sus es son fue fueron ha han como más mas menos lo le les este esta estos estas ese esa "
    "según segun hasta desde e ni"
)
# Words that sit between a quantity's name and its figure ("revenue rose to $X") and are skipped over.
_LINK_WORDS = _words(
    "of in was were is are at to reached reaching totaled totalled totaling hit rose fell grew increased "
    "decreased jumped climbed dropped declined amounted stood came alone about around nearly almost "
    "approximately roughly some over under than more less by posted reported recorded generated had has have earned booked up down "
    "de del fue fueron es son alcanzó alcanzaron sumó sumaron llegó a en por cerca casi aproximadamente "
    "alrededor registró reportó obtuvo generó tuvo tiene tienen cuenta con unos unas"
) | frozenset(":=(–—-")
_NEUTRAL_WORDS = _words("total overall record reported totale")  # normalised forms
_YEAR_PRECEDERS = _words("in en of de since desde by for until hasta fiscal year año early late mid")

_SCALES: dict[str, int] = {
    "thousand": 3, "mil": 3, "k": 3, "million": 6, "millions": 6, "millón": 6, "millon": 6,
    "millones": 6, "mn": 6, "mln": 6, "m": 6, "billion": 9, "billions": 9, "bn": 9, "b": 9,
    "millardo": 9, "millardos": 9, "mil millones": 9, "miles de millones": 9, "trillion": 12,
    "trillions": 12, "tn": 12, "t": 12, "billón": 12, "billon": 12, "billones": 12,
}  # fmt: skip
_CURRENCIES: dict[str, str] = {
    "us$": "USD", "u.s.$": "USD", "$": "USD", "mx$": "MXN", "c$": "CAD", "a$": "AUD", "r$": "BRL",
    "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "dollar": "USD", "dollars": "USD",
    "dólares": "USD", "dolares": "USD", "euro": "EUR", "euros": "EUR", "pesos": "MXN",
    "pound": "GBP", "pounds": "GBP", "libras": "GBP", "yen": "JPY", "yenes": "JPY",
}  # fmt: skip
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}
_PACKED = {"mdd": (6, "USD"), "mmdd": (9, "USD"), "mdp": (6, "MXN"), "mmdp": (9, "MXN")}

_NUM = r"(?<!\d)(?=\d)(?P<num>\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?!\d)"
_SCALE = (
    rf"(?:\s*(?P<scale>(?i:mil\s+millones|miles\s+de\s+millones|millardos?|thousand|millions?|mill[oó]n(?:es)?"
    rf"|billions?|bill[oó]n(?:es)?|trillions?|mil|bn|mn|mln|tn))(?![{_L}])|(?P<abbr>[kKmMbBtT])(?![{_L}\d]))"
)
_CODE = r"USD|EUR|MXN|GBP|JPY|CAD|BRL"
_SUFFIX = (
    rf"\s*(?:(?:de\s+)?(?P<cur>(?i:d[oó]lares|dollars?|euros?|pesos|pounds?|libras|yen(?:es)?))(?:\s+(?i:mexicanos|estadounidenses|esterlinas))?"
    rf"(?![{_L}])|(?P<code>{_CODE})(?![{_L}])|(?P<sym>€|£))"
)
_MONEY_PREFIX = re.compile(
    rf"(?=[$€£¥₹A-Z])(?P<pre>US\$|U\.S\.\s?\$|MX\$|C\$|A\$|R\$|\$|€|£|¥|₹|(?:{_CODE})\s?)\s?{_NUM}{_SCALE}?(?:{_SUFFIX})?"
)
_MONEY_SUFFIX = re.compile(rf"{_NUM}(?:{_SCALE}?{_SUFFIX}|\s*(?P<packed>(?i:mmdd|mdd|mmdp|mdp))(?![{_L}]))")
_PERCENT = re.compile(
    rf"{_NUM}\s?(?:(?P<pp>(?i:percentage\s+points?|puntos?\s+porcentuales|pp|p\.\s?p\.))(?![{_L}])"
    rf"|(?P<pct>%|(?i:percent|per\s+cent|por\s+ciento|pct)(?![{_L}])))"
)
_COUNT = re.compile(
    rf"{_NUM}(?:\s+(?P<scale>(?i:mil\s+millones|millardos?|thousand|millions?|mill[oó]n(?:es)?|billions?|mil))(?:\s+de)?)?"
    rf"\s+(?P<unit>[{_LOWER}]{{3,}}(?:-[{_LOWER}]+)*)(?![{_L}])"
)
_YEAR = re.compile(r"(?=[12])(?P<num>1[89]\d\d|20\d\d)(?!\w|%|[.,/-]\d|\s?%)")
_MON_EN = "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec"
_MON_ES = "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre"
_DATES = (  # (pattern, characters that may not come right before a match besides letters and digits)
    re.compile(r"(?=\d)(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?![\d-])"),
    re.compile(rf"(?P<mon>{_MON_EN})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>\d{{4}})\b"),
    re.compile(
        rf"(?=\d)(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{_MON_EN})\.?,?\s+(?P<y>\d{{4}})\b"
    ),
    re.compile(rf"(?=\d)(?P<d>\d{{1,2}})\s+de\s+(?P<mon>(?i:{_MON_ES}))\s+(?:de|del)\s+(?P<y>\d{{4}})\b"),
    re.compile(r"(?=\d)(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<y>\d{4})(?![\d/])"),
)
_TOKEN = re.compile(rf"[{_L}]+(?:[-'’][{_L}]+)*|\d[\d.,]*|\S")
_CAPITALISED = re.compile(rf"[A-ZÀ-ÖØ-Þ][{_L}]*")
_SPANISH_HINT = _words("de del los las el la que y en por con para según")
_ENGLISH_HINT = _words("the of and in to with for that was is on")


@dataclass(frozen=True)
class Figure:
    """One figure as written: value in base units (dollars, percent points, days since year 1 for dates)."""

    kind: FigureKind
    value: float
    unit: str  # ISO currency code, "%" or "pp", a count's unit noun as written, "" for years and dates
    step: float  # size of the last written digit in base units: "$81.6 billion" -> 1e8, "85%" -> 1
    text: str
    start: int
    end: int
    context: frozenset[str] = frozenset()  # normalised words of the quantity phrase
    subject: frozenset[str] = frozenset()  # names in that phrase: "NVIDIA revenue" -> {"nvidia"}


def extract_figures(text: str, *, decimal_comma: bool | None = None) -> list[Figure]:
    """Every figure in ``text`` in reading order; ``decimal_comma=None`` guesses from the language."""
    if decimal_comma is None:
        sample = text[:2000].lower().split()
        decimal_comma = sum(w in _SPANISH_HINT for w in sample) > sum(w in _ENGLISH_HINT for w in sample)
    taken = bytearray(len(text))
    raw: list[_Raw] = []
    for item in (*_dates(text, decimal_comma), *_money(text, decimal_comma), *_percents(text, decimal_comma),
                 *_counts(text, decimal_comma), *_years(text)):  # fmt: skip
        start, end = item[4], item[5]
        if any(taken[start:end]) or item[1].adjusted() > 17:  # 10^18 and up: an identifier, not an amount
            continue
        taken[start:end] = b"\x01" * (end - start)
        raw.append(item)
    names = _name_words(text)
    out = []
    for kind, value, unit, step, start, end in sorted(raw, key=lambda r: r[4]):
        context, subject = _quantity_phrase(text, start, end, kind, names)
        out.append(
            Figure(kind, float(value), unit, float(step), text[start:end], start, end, context, subject)
        )
    return out


def figures_agree(a: Figure, b: Figure) -> bool:
    """Same kind and unit, and equal at the precision of the coarser one (``85.23%`` and ``85%``)."""
    if a.kind != b.kind or unit_key(a) != unit_key(b):
        return False
    tolerance = max(a.step, b.step) / 2
    return abs(a.value - b.value) <= tolerance + 1e-9 * max(1.0, abs(a.value), abs(b.value))


def same_quantity(a: Figure, b: Figure) -> bool:
    """Whether two figures measure one thing, so different values would contradict each other.

    Strict on purpose: the quantity phrases must match word for word after dropping neutral words
    ("total", "record"), so ``data center revenue`` is not ``revenue``. Names count only when both
    sides have them (``AMD revenue`` is not ``NVIDIA revenue``, ``revenue`` may be either). A figure
    whose phrase is unknown measures nothing comparable, except counts, whose unit names the thing.
    """
    if a.kind != b.kind or unit_key(a) != unit_key(b):
        return False
    if a.subject and b.subject and not a.subject & b.subject:
        return False
    if a.context != b.context:
        return False
    return bool(a.context) or a.kind == "count"


def unit_key(f: Figure) -> str:
    """The unit as compared: count nouns lose accents and a plural ``s`` ("empleados" ~ "empleado")."""
    return normalise_word(f.unit) if f.kind == "count" else f.unit


def format_figure(f: Figure) -> str:
    """Canonical display at the figure's own precision: "$81.6 billion", "85%", "2026", "2026-04-26"."""
    if f.kind == "year":
        return str(round(f.value))
    if f.kind == "date":
        return date.fromordinal(round(f.value)).isoformat()
    if f.kind == "percent":
        return _plain(f.value, f.step) + ("%" if f.unit == "%" else " percentage points")
    scale_name, scale = "", 1.0
    for name, size in (("trillion", 1e12), ("billion", 1e9), ("million", 1e6)):
        if abs(f.value) >= size:
            scale_name, scale = name, size
            break
    number = _plain(f.value / scale, f.step / scale) + (f" {scale_name}" if scale_name else "")
    if f.kind == "count":
        return f"{number} {f.unit}"
    symbol = _SYMBOLS.get(f.unit)
    return f"{symbol}{number}" if symbol else f"{f.unit} {number}"


@lru_cache(maxsize=8192)
def normalise_word(word: str) -> str:
    """Lower case, no accents, no plural ``s``: the form quantity phrases and units are matched in."""
    folded = unicodedata.normalize("NFKD", word.lower())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    if len(folded) > 3 and folded.endswith("s") and not folded.endswith("ss"):
        folded = folded[:-1]
    return folded


# Abbreviations whose full stop ends no sentence: "Mr. Huang" names Huang mid-sentence.
HONORIFICS = _words("Mr Mrs Ms Dr Prof Sr Sra Srta Dra Lic Ing Sen Rep Gov")
_HONORIFIC_END = re.compile(rf"(?<![{_L}])(?:{'|'.join(sorted(HONORIFICS))})$")


def starts_sentence(text: str, pos: int) -> bool:
    """Whether ``pos`` opens a sentence, heading or list item (so its capital says nothing)."""
    i = pos - 1
    while i >= 0 and (text[i].isspace() or text[i] in "\"'“‘«¿¡(*•#-–—"):
        if text[i] == "\n":
            return True
        i -= 1
    if i > 0 and text[i] == "." and _HONORIFIC_END.search(text, max(0, i - 5), i):
        return False
    return i < 0 or text[i] in ".!?:…|"


def _scan(pattern: re.Pattern[str], text: str, not_after: str) -> Iterator[re.Match[str]]:
    """``finditer`` minus matches glued to a letter, digit or one of ``not_after`` on their left.

    Checked here rather than by a leading lookbehind, which would stop the regex engine from
    skipping straight to the next digit or symbol: the difference is most of the scan time.
    """
    for m in pattern.finditer(text):
        before = text[m.start() - 1] if m.start() else " "
        if not (before.isalnum() or before == "_" or before in not_after):
            yield m


def _plain(x: float, step: float) -> str:
    decimals = max(0, -math.floor(math.log10(step) + 1e-6)) if step > 0 else 0
    quantised = Decimal(repr(x)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP, context=_WIDE)
    out = f"{quantised:,f}"
    return out.rstrip("0").rstrip(".") if "." in out else out


def _parse_number(s: str, decimal_comma: bool) -> tuple[Decimal, Decimal]:
    """(value, step) of a written number; separators are read per the module docstring."""
    s = s.replace("\u00a0", "").replace("\u202f", "")
    decimal_sep = ""
    if "," in s and "." in s:
        decimal_sep = "," if s.rfind(",") > s.rfind(".") else "."
    elif "," in s or "." in s:
        sep = "," if "," in s else "."
        parts = s.split(sep)
        if len(parts) == 2 and (len(parts[1]) != 3 or (sep == "." and not decimal_comma)):
            decimal_sep = sep
    whole, frac = s.rsplit(decimal_sep, 1) if decimal_sep else (s, "")
    whole = whole.replace(",", "").replace(".", "")
    return Decimal(f"{whole}.{frac}" if frac else whole), Decimal(1).scaleb(-len(frac))


_WIDE = Context(prec=60)
_Raw = tuple[FigureKind, Decimal, str, Decimal, int, int]


def _scaled(m: re.Match[str], decimal_comma: bool, exponent: int = 0) -> tuple[Decimal, Decimal]:
    value, step = _parse_number(m["num"], decimal_comma)
    scale_word = m.groupdict().get("scale") or m.groupdict().get("abbr") or ""
    exponent += _SCALES.get(" ".join(scale_word.lower().split()), 0)
    return value.scaleb(exponent), step.scaleb(exponent)


def _money(text: str, decimal_comma: bool) -> list[_Raw]:
    out: list[_Raw] = []
    for m in _scan(_MONEY_PREFIX, text, "$"):
        pre = re.sub(r"\s", "", m["pre"]).lower()
        suffix = (m["cur"] or m["code"] or m["sym"] or "").lower()
        currency = (
            _CURRENCIES.get(suffix, suffix.upper())
            if suffix and pre == "$"
            else _CURRENCIES.get(pre, pre.upper())
        )
        value, step = _scaled(m, decimal_comma)
        out.append(("money", value, currency, step, m.start(), m.end()))
    for m in _scan(_MONEY_SUFFIX, text, ".,"):
        exponent, currency = _PACKED.get((m["packed"] or "").lower(), (0, ""))
        if not currency:
            suffix = (m["cur"] or m["code"] or m["sym"] or "").lower()
            currency = _CURRENCIES.get(suffix, suffix.upper())
        value, step = _scaled(m, decimal_comma, exponent)
        out.append(("money", value, currency, step, m.start(), m.end()))
    return out


def _percents(text: str, decimal_comma: bool) -> list[_Raw]:
    out: list[_Raw] = []
    for m in _scan(_PERCENT, text, ".,"):
        value, step = _parse_number(m["num"], decimal_comma)
        out.append(("percent", value, "pp" if m["pp"] else "%", step, m.start(), m.end()))
    return out


def _counts(text: str, decimal_comma: bool) -> list[_Raw]:
    out: list[_Raw] = []
    for m in _scan(_COUNT, text, ".,"):
        unit = m["unit"]
        if unit in FUNCTION_WORDS or unit in _LINK_WORDS or unit in CALENDAR_WORDS or unit in _CURRENCIES:
            continue
        if normalise_word(unit) in _SCALES or unit.startswith(("percent", "porcentual")):
            continue
        value, step = _scaled(m, decimal_comma)
        if not unit.endswith("s") and value != 1:  # a plural noun is the cheap sign of a counted unit
            continue
        before = text[max(0, m.start() - 12) : m.start()].split()
        if _YEAR.fullmatch(m["num"]) and not m["scale"] and before and before[-1].lower() in _YEAR_PRECEDERS:
            continue
        out.append(("count", value, unit, step, m.start(), m.end()))
    return out


def _years(text: str) -> list[_Raw]:
    return [
        ("year", Decimal(m["num"]), "", Decimal(1), m.start(), m.end())
        for m in _scan(_YEAR, text, "$€£.,/:-")
    ]


def _dates(text: str, decimal_comma: bool) -> list[_Raw]:
    out: list[_Raw] = []
    for pattern, not_after in zip(_DATES, ("-", "", "", "", "/"), strict=True):
        for m in _scan(pattern, text, not_after):
            groups = m.groupdict()
            if "a" in groups:  # d/m/y or m/d/y: an impossible month settles it, else the language does
                a, b = int(m["a"]), int(m["b"])
                day, month = (a, b) if a > 12 or (decimal_comma and b <= 12) else (b, a)
            else:
                day = int(m["d"])
                month = int(m["m"]) if "m" in groups else MONTHS[m["mon"].lower()]
            try:
                when = date(int(m["y"]), month, day)
            except ValueError:
                continue
            out.append(("date", Decimal(when.toordinal()), "", Decimal(1), m.start(), m.end()))
    return out


def _name_words(text: str) -> frozenset[str]:
    """Capitalised words seen mid-sentence somewhere in ``text``: names, even when one opens a sentence."""
    return frozenset(m[0] for m in _scan(_CAPITALISED, text, "") if not starts_sentence(text, m.start()))


def _quantity_phrase(
    text: str, start: int, end: int, kind: FigureKind, names: frozenset[str]
) -> tuple[frozenset[str], frozenset[str]]:
    """The words naming what a figure measures: "$X in revenue" after it, else "data center revenue of $X"."""
    context: set[str] = set()
    subject: set[str] = set()
    if kind in ("money", "percent"):
        after = list(_TOKEN.finditer(text, end, min(len(text), end + 80)))
        first = 1 if after and after[0][0].lower() in ("in", "en", "of", "de") else 0
        for m in after[first : first + 3]:
            word = m[0]
            if not word[0].islower() or word in FUNCTION_WORDS or word in _LINK_WORDS:
                break
            context.update(normalise_word(part) for part in word.split("-"))
        if context:
            return frozenset(context - _NEUTRAL_WORDS), frozenset()
    before = list(_TOKEN.finditer(text, max(0, start - 120), start))[::-1]
    i = 0
    while i < len(before) and i < 4 and before[i][0].lower() in _LINK_WORDS:
        i += 1
    taken = 0
    while i < len(before) and taken < 4:
        m = before[i]
        word = m[0]
        lower = word.lower()
        if not word[0].isalpha():
            break
        if (
            lower in ("of", "de", "del")
            and context | subject
            and i + 1 < len(before)
            and before[i + 1][0][0].isalpha()
        ):
            i += 1  # "ingresos de NVIDIA", "revenue of the data center segment" read as one phrase
            continue
        if lower in FUNCTION_WORDS or lower in _LINK_WORDS:
            break
        possessive = lower.endswith(("'s", "’s"))
        base = word[:-2] if possessive else word
        if word[0].isupper() and ((base.isupper() and len(base) > 1) or base in names or possessive
                                  or not starts_sentence(text, m.start())):  # fmt: skip
            subject.add(normalise_word(base))
        elif not possessive:  # "the company's revenue": a generic owner says nothing about the quantity
            context.update(normalise_word(part) for part in base.split("-"))
        taken += 1
        i += 1
    return frozenset(context - _NEUTRAL_WORDS), frozenset(subject)
