"""The words of market events, in English and Spanish: what discovery looks for, and what undoes an event.

Discovery finds organisations behind events (a plant opening, an expansion, a tender, hiring); a
passage names one when :data:`EVENT` matches its folded text, and reports its undoing ("cancelled",
"desmiente", "postponed") when :data:`DENIAL` does. Stems, so one entry covers a verb's forms
("constru" for construye, construction, constructing), matched at a word's start; "job" and "nave"
only as whole words ("jobs", "naves industriales", never "jobless" or "navegador"). The stems are
built into tries (:func:`webquorum.text.alternation.alternation`): a plain ``\\b(?:plant|...)`` tries
every stem at every word start, 2.5x slower on hostile text. :data:`PLACE` reads the place a passage
states after a preposition ("en Apodaca, Nuevo León", "near Austin").
"""

from __future__ import annotations

import re

from webquorum.text.alternation import alternation

EVENT_STEMS = [
    "plant",
    "factor",
    "fabric",
    "facilit",
    "expan",
    "amplia",
    "tender",
    "licitac",
    "hiring",
    "hires",
    "contratac",
    "contratar",
    "emple",
    "vacant",
    "constru",
    "build",
    "invest",
    "invers",
    "invert",
    "opening",
    "apertur",
    "abrir",
    "abrira",
    "inaugur",
    "warehouse",
    "bodega",
    "almacen",
    "distribution",
    "relocat",
    "reubic",
    "nearshor",
    "acqui",
    "adquisic",
    "groundbreak",
    "ensambl",
    "assembl",
]
EVENT_WORDS = ("job", "jobs", "nave", "naves")  # whole words only
DENIAL_STEMS = [
    "cancel",
    "suspen",
    "desmient",
    "denie",
    "deny",
    "denied",
    "niega",
    "nego",
    "pospon",
    "postpon",
    "halt",
    "scrap",
    "descart",
    "abandon",
]

# The whole words go into the stems' trie and are closed after it ("job" then an optional "s" and a word's
# end), so the one pattern opens with a class re can skip on: a second branch opening with ``\b`` made re
# try both at every position, 1.7x the cost on a megabyte of letters.
_WHOLE = sorted({word.removesuffix("s") for word in EVENT_WORDS})
_OPEN_WHOLE = "|".join(rf"(?<={word})s?\b" for word in _WHOLE)
_NOT_WHOLE = "".join(f"(?<!{word})" for word in _WHOLE)
EVENT = re.compile(
    f"(?:{alternation([*EVENT_STEMS, *_WHOLE], word_start=True)})(?:{_OPEN_WHOLE}|{_NOT_WHOLE})"
)
DENIAL = re.compile(alternation(DENIAL_STEMS, word_start=True))
_CAP = r"[A-ZÀ-ÖØ-Þ][\wÀ-ÿ'’-]+"
PLACE = re.compile(
    rf"\b(?:in|en|at|near|cerca de)\s+((?:{_CAP})(?:\s+(?:de\s+|del\s+)?{_CAP})*(?:,\s*{_CAP}(?:\s+{_CAP})*)?)"
)
