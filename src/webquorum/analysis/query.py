"""What a question asks for, read by rule: the quantity concepts, count nouns, dimensions and roles in it.

"NVIDIA second quarter revenue" asks for *revenue*; "who is the mayor of Westbury" for the holder
of *mayor*; "Corran pipeline length" for a *length*. The brief leads its agreement line with the
agreed item that answers this, so the reader sees the answer before the other agreed names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from webquorum.text.fold import fold
from webquorum.text.lexicon import FUNCTION_WORDS
from webquorum.text.measures import ROLES, concept_of, count_class

_WORD = re.compile(r"[^\W\d_]+")
_DIMENSIONS = {
    "area": "area",
    "superficie": "area",
    "size": "area",
    "length": "length",
    "long": "length",
    "longitud": "length",
    "distance": "length",
    "distancia": "length",
    "capacity": "power",
    "capacidad": "power",
    "weight": "mass",
    "peso": "mass",
    "payload": "mass",
    "volume": "volume",
}


@dataclass(frozen=True)
class Question:
    concepts: frozenset[str]  # quantity concepts: {"revenue"}
    counts: frozenset[str]  # count classes and dimensions: {"jobs"}, {"length"}
    roles: frozenset[str]  # roles: {"mayor"}


def read_question(query: str) -> Question:
    """The concepts, count classes, dimensions and roles named in ``query`` (English or Spanish)."""
    folded = " " + " ".join(_WORD.findall(fold(query))) + " "
    words = [w for w in folded.split() if w not in FUNCTION_WORDS]
    concepts = {c for w in words for lang in ("en", "es") if (c := concept_of(w, lang))}
    counts = {count_class(w) for w in words} | {_DIMENSIONS[w] for w in words if w in _DIMENSIONS}
    counts = {"people" if c in ("visitors", "staff", "passengers") else c for c in counts}
    roles = {role for role, forms in ROLES.items() if any(f" {fold(f)} " in folded for f in forms)}
    return Question(frozenset(concepts), frozenset(counts), frozenset(roles))
