"""The words of market events, in English and Spanish: what discovery looks for, and what undoes an event.

Discovery finds organisations behind events (a plant opening, an expansion, a tender, hiring); a
passage names one when :data:`EVENT` matches its folded text, and reports its undoing ("cancelled",
"desmiente", "postponed") when :data:`DENIAL` does. Stems, so one entry covers a verb's forms
("constru" for construye, construction, constructing). :data:`PLACE` reads the place a passage
states after a preposition ("en Apodaca, Nuevo León", "near Austin").
"""

from __future__ import annotations

import re

EVENT = re.compile(
    r"\b(?:plant|factor|fabric|facilit|expan|amplia|tender|licitac|hiring|hires|contratac|contratar|emple|jobs?\b|"
    r"vacant|constru|build|invest|invers|invert|opening|apertur|abrir|abrira|inaugur|warehouse|naves?\b|bodega|"
    r"almacen|distribution|relocat|reubic|nearshor|acqui|adquisic|groundbreak|ensambl|assembl)"
)
DENIAL = re.compile(
    r"\b(?:cancel|suspen|desmient|denie|deny|denied|niega|nego|pospon|postpon|halt|scrap|descart|abandon)"
)
_CAP = r"[A-ZÀ-ÖØ-Þ][\wÀ-ÿ'’-]+"
PLACE = re.compile(
    rf"\b(?:in|en|at|near|cerca de)\s+((?:{_CAP})(?:\s+(?:de\s+|del\s+)?{_CAP})*(?:,\s*{_CAP}(?:\s+{_CAP})*)?)"
)
