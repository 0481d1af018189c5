"""What a figure's value means: its precision, when two figures agree, its unit as compared, its display
(pure).

:mod:`webquorum.text.figures` reads figures out of running text; this module holds the rules the
comparison, ``verify`` and the brief page apply to them once read, so those rules have one home
whatever reads the figures.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal
from typing import Literal

from webquorum.text.measures import CASED_UNITS, PERSON_CLASSES, TEMPERATURE_ZEROS, UNITS, count_class

FigureKind = Literal["money", "percent", "count", "measure", "year", "date"]

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}
_WIDE = Context(prec=60)


@dataclass(frozen=True)
class Figure:
    """One figure as written: value in base units (dollars, percent points, metres, watts, days since year 1
    for dates)."""

    kind: FigureKind
    value: float
    # ISO currency code, "%" or "pp", a count's or a measure's unit as written, "" for years and dates
    unit: str
    step: float  # size of the last written digit in base units: "$81.6 billion" -> 1e8, "85%" -> 1
    text: str
    start: int
    end: int
    modifiers: frozenset[str] = (
        frozenset()
    )  # words written with a count's noun: "2,500 direct jobs" -> {"direct"}
    approximate: bool = False  # hedged as written: "about", "nearly", "some", "casi", "unos"
    rounding: float = 0.0  # the step the value was rounded to (see precision); 0 until computed
    # a bound as written: "+" for "more than $7 billion", "at least 61", "over 40"; "-" for "up to 300"
    bound: str = ""

    def __post_init__(self) -> None:
        if not self.rounding:
            object.__setattr__(self, "rounding", _rounding(self.kind, self.text, self.step))


def figures_agree(a: Figure, b: Figure) -> bool:
    """Same kind and unit, and the finer value rounds to the coarser one (``85.23%`` and ``85%``).

    Rounding is half-up at the coarser figure's precision, so ``$81.62B`` is ``$81.6 billion`` and
    ``4,296,000`` is ``4.3 million``, but ``4.5%`` is not ``4%`` (it would round to 5%): a different
    value is not a rounding. Nor is a rounding to one significant digit that moves the value by more
    than 2% (``5%`` against ``5.25%``). Units convert first (``145 km`` is ``90 miles``, ``1.2 GW`` is ``1,200
    MW``).
    """
    return a.kind == b.kind and unit_key(a) == unit_key(b) and values_agree(a, b)


def of_one_magnitude(a: Figure, b: Figure) -> bool:
    """Whether two figures of one unit are within ten times each other (True for two units): a page stating
    the same quantity of the same thing differs from the others by a revision (a count updated, a measure
    corrected, last year's price), not by an order of magnitude. A figure ten times away measures something
    else ("7.2 million passengers" in a month against a year's 83.9 million; "1,200 kilometres" from north to
    south against a depth of 1,025 m), so it is no dissent (issue 22: a false disagreement costs more)."""
    if unit_key(a) != unit_key(b):
        return True
    low, high = sorted((abs(a.value), abs(b.value)))
    return low > 0 and high < 10 * low


def values_agree(a: Figure, b: Figure) -> bool:
    """:func:`figures_agree` for two figures already known to share kind and unit (the hot path)."""
    pa, pb = precision(a), precision(b)
    coarse, fine = (a, b) if pa >= pb else (b, a)
    step = pa if pa >= pb else pb
    eps = 1e-9 * (1.0 + abs(a.value) + abs(b.value))
    if abs(pa - pb) <= eps:
        return abs(a.value - b.value) <= eps
    low, high = coarse.value - step / 2, coarse.value + step / 2
    if coarse.value < 0:  # half away from zero on the negative side
        rounds = low - eps < fine.value <= high + eps
    else:
        rounds = low - eps <= fine.value < high - eps
    if not rounds:
        return False
    # A rounding keeps two significant digits, says it is one ("nearly 2 million"), or changes the
    # value by 2% at most: "5%" is not "5.25%" (a rate is quoted exactly), "$1bn" is "$1.02B".
    significant = math.floor(math.log10(abs(coarse.value) / step) + 1e-9) + 1 if coarse.value else 0
    if significant >= 2 or coarse.approximate:
        return True
    return abs(fine.value - coarse.value) <= 0.02 * abs(fine.value) + eps


def bound_admits(bound: Figure, other: Figure) -> bool:
    """Whether a figure written as a bound admits another of its kind and unit: "more than $7 billion"
    admits "$7.5 billion", "up to 300" admits 250. Not a rounding, so not :func:`figures_agree`: a bound
    agrees with values far from it, and one that led a group of values would take them all in."""
    if not bound.bound or bound.kind != other.kind or unit_key(bound) != unit_key(other):
        return False
    if other.bound and other.bound != bound.bound:
        return False  # "over 10" and "up to 20" say nothing of one another
    return other.value >= bound.value if bound.bound == "+" else other.value <= bound.value


def precision(f: Figure) -> float:
    """The step a figure's value was rounded to: its last written digit, or its trailing zeros.

    ``40,000 fans`` is written in thousands (at most two significant digits are taken as written),
    so 40,250 rounds to it; ``260 metres`` in tens (a measure's one trailing zero counts, a count's from
    three on); percentages, years and dates are exact as written.
    """
    return f.rounding


def _rounding(kind: str, text: str, step: float) -> float:
    number = _WRITTEN_NUMBER.search(text)
    # a decimal's trailing zero is written precision ("2.50 m"), and a scale word already says the rounding
    # ("$81.6 billion", "4.3 million" have no zero to read)
    if kind not in ("money", "count", "measure") or number is None or "." in number[0]:
        return step
    digits = number[0].replace(",", "")
    zeros = len(digits) - len(digits.rstrip("0"))
    # a measure's trailing zero is a rounding, a count's only from three on: heights and lengths are
    # measured and written to the tens ("260 metres" beside "261 meters" for one dam), while "120 stores" is
    # as often an exact count (round 163: over the real pages of sets CW to EQ, 2 fewer false disagreements,
    # one more right answer, nothing lost). The zeros are read in the unit as written, whatever its size in
    # base units: "160km" is written in tens of kilometres as "260 metres" is in tens of metres (round 171:
    # the rule had read only units of one base step, so "The 160km line" conflicted with "159 km")
    if zeros < (1 if kind == "measure" else 3):
        return step
    return step * 10.0 ** min(zeros, len(digits) - 2)


# a figure's number as written, its thousands separators aside: "160" of "160km", "1,500" of "1,500 feet"
_WRITTEN_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def unit_key(f: Figure) -> str:
    """The unit as compared: a measure's dimension, a count's class ("flats" ~ "apartments"; any group of
    persons is "people")."""
    if f.kind == "measure":
        return UNITS[unit_name(f.unit)][0]
    if f.kind == "count":
        counted = count_class(f.unit)
        return "people" if counted in PERSON_CLASSES else counted
    return f.unit


def unit_name(unit: str) -> str:
    return CASED_UNITS.get(unit) or " ".join(unit.lower().split())


def format_figure(f: Figure) -> str:
    """Canonical display at the figure's own precision: "$81.6 billion", "85%", "2026", "2026-04-26"."""
    if f.kind == "year":
        return str(round(f.value))
    if f.kind == "date":
        day = date.fromordinal(round(f.value))
        return day.isoformat()[:7] if f.step >= 28 else day.isoformat()  # a month: "1888-09"
    if f.kind == "percent":
        return _plain(f.value, f.step, as_written=True) + ("%" if f.unit == "%" else " percentage points")
    if f.kind == "count" and f.value and not 1e-4 <= abs(f.value) < 1e15:
        return _scientific(f)
    scale_name, scale = "", 1.0
    for name, size in (("trillion", 1e12), ("billion", 1e9), ("million", 1e6)):
        if abs(f.value) >= size:
            scale_name, scale = name, size
            break
    if f.kind == "measure" and f.unit == "h:m:s":
        return _clock(f.value, f.step)
    if f.kind == "measure":
        factor = UNITS[unit_name(f.unit)][1]
        if zero := TEMPERATURE_ZEROS.get(unit_name(f.unit)):
            return f"{_plain(f.value / factor + zero, f.step / factor)}{f.unit}"
        if unit_key(f) == "temperature":
            return f"{_plain(f.value, f.step, as_written=True)}{f.unit}"
        size = 1e6 if abs(f.value / factor) >= 1e6 else 1.0
        number = _plain(f.value / factor / size, f.step / factor / size, as_written=size == 1.0)
        return f"{number} million {f.unit}" if size > 1 else f"{number} {f.unit}"
    number = _plain(f.value / scale, f.step / scale, as_written=scale == 1.0) + (
        f" {scale_name}" if scale_name else ""
    )
    if f.kind == "count":
        return f"{number} {f.unit}".rstrip()
    symbol = _SYMBOLS.get(f.unit)
    if symbol:
        return f"{symbol}{number}"
    # a currency code before ("CHF 3 billion"); a currency known only by its word after ("32 riyals")
    return f"{f.unit} {number}" if len(f.unit) == 3 else f"{number} {f.unit.lower()}"


def _scientific(f: Figure) -> str:
    """A constant or a very large or small count as the sciences write it, at its precision: "6.02214076 ×
    10^23", not "602,214,076,000 trillion"."""
    exponent = math.floor(math.log10(abs(f.value)))
    mantissa = _plain(f.value / 10**exponent, f.step / 10**exponent if f.step else 1.0)
    return f"{mantissa} × 10^{exponent}" + (f" {f.unit}" if f.unit else "")


def _clock(seconds: float, step: float) -> str:
    """A duration as a clock, at its precision: "2:00:35", "3:43.13"; under a minute, "9.58 seconds"."""
    if seconds < 60:
        return f"{_plain(seconds, step, as_written=True)} seconds"
    whole = math.floor(seconds + 1e-9)
    fraction = _plain(seconds - whole, step, as_written=True)[1:] if step < 1 else ""  # ".13" of "0.13"
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    head = f"{hours}:{minutes:02d}" if hours else f"{minutes}"
    return f"{head}:{secs:02d}{fraction}"


def _plain(x: float, step: float, *, as_written: bool = False) -> str:
    """``x`` to the decimals of ``step``. ``as_written``: the number is shown in the scale and unit the page
    wrote it in, so its trailing zeros are the page's precision ("46.40 seconds", "£1.80"); a number moved
    to another scale drops them ("81,620 million dollars" is "$81.62 billion", not "$81.620 billion")."""
    decimals = max(0, -math.floor(math.log10(step) + 1e-6)) if step > 0 else 0
    quantised = Decimal(repr(x)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP, context=_WIDE)
    out = f"{quantised:,f}"
    return out.rstrip("0").rstrip(".") if "." in out and not as_written else out
