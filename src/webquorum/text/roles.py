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
from dataclasses import dataclass

from webquorum.text.alternation import alternation
from webquorum.text.fold import fold
from webquorum.text.lexicon import FUNCTION_WORDS, HONORIFICS, LETTER
from webquorum.text.measures import PAST_ROLE, ROLES
from webquorum.text.names import name_key

_FORMS = sorted(((form, role) for role, forms in ROLES.items() for form in forms), key=lambda p: -len(p[0]))
_ROLE_OF = {form: role for form, role in _FORMS}
_ROLE_ALTERNATION = "|".join(re.escape(f).replace(r"\ ", r"\s+") for f, _ in _FORMS)
_ROLE = rf"(?<![{LETTER}])(?P<role>(?i:{_ROLE_ALTERNATION}))(?![{LETTER}])\.?"
# The role words alone, as a case-folding trie (text/alternation.py): the same matches as _ROLE, 15x faster.
_ROLE_ONLY = re.compile(
    alternation([f for f, _ in _FORMS], ignore_case=True, not_after=LETTER, space=r"\s+")
    + rf"(?![{LETTER}])\.?"
)
_CAP = rf"[A-ZÀ-ÖØ-Þ][{LETTER}'’-]+"
_NAME = rf"{_CAP}(?:\s+(?:de\s+la\s+|de\s+|del\s+|van\s+|von\s+|da\s+)?{_CAP}){{0,3}}"
_ORG = rf"{_CAP}(?:\s+(?:de\s+la\s+|de\s+|del\s+|of\s+|&\s+)?{_CAP}){{0,4}}"
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
            role = _ROLE_OF.get(" ".join(m["role"].lower().split()), "")
            if not role:
                continue
            orgs = [g for g in (m.groupdict().get(k) for k in ("org0", "org", "org2")) if g]
            orgs = [o for o in (_clean_org(o) for o in orgs) if o]
            subject = frozenset(w for o in orgs for w in fold(o).split() if w not in FUNCTION_WORDS)
            words = f"{role} of {orgs[0]}" if orgs else role
            found[m.start("name")] = RoleClaim(role, subject, name_key(name), name, m.start("name"), words)
    return [found[k] for k in sorted(found)]


def same_person(a: str, b: str) -> bool:
    """Equal name keys, or one's words all in the other's with the same last word."""
    if a == b:
        return True
    wa, wb = a.split(), b.split()
    if not wa or not wb or wa[-1] != wb[-1]:
        return False
    return set(wa) <= set(wb) or set(wb) <= set(wa)


def _clean_name(name: str) -> str:
    words = name.split()
    while words and (
        words[0].lower() in FUNCTION_WORDS
        or words[0].rstrip(".") in HONORIFICS
        or words[0].lower() in _ROLE_OF
    ):
        words.pop(0)
    while words and words[-1].lower() in FUNCTION_WORDS:
        words.pop()
    return " ".join(w.removesuffix("'s").removesuffix("’s") for w in words)


def _clean_org(org: str) -> str:
    words = [w.removesuffix("'s").removesuffix("’s") for w in org.split()]
    while words and (words[0].lower() in FUNCTION_WORDS or words[0].lower() in _ROLE_OF):
        words.pop(0)
    return " ".join(words)
