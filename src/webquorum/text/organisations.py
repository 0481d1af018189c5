"""Organisation names in running text, and the conservative rule for when two sightings are one.

Extraction is a pattern, not a model, so it is repeatable and never invents a name: a run of
capitalised words counts as an organisation only when it carries a legal form (``S.A. de C.V.``,
``S. de R.L.``, ``Inc.``, ``GmbH``...) or an organisational title, either leading in Spanish
(``Grupo``, ``Constructora``, ``Industrias``...) or trailing in English (``Group``, ``Industrial``,
``Steel``...). People and places without such a word are not organisations here, which is the
point: discovery must not turn a person into a lead.

Dedupe never guesses. Two sightings merge only when they share a *verified* domain (the site's
label spells the organisation's name) or the same normalised name and the same stated
geography. "ABC Industrial" in Monterrey and in Puebla stay two; "Grupo Brisas" and "Grupo
Hotelero Brisas" stay two, because the title words are part of the name.

Person and contact vocabulary is detected here too (:func:`people_vocabulary`), since it is the
other half of telling an organisation from a person.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from webquorum.text.alternation import after_first, alternation, expand
from webquorum.text.fold import fold
from webquorum.text.lexicon import (
    EMAIL_PATTERN,
    HONORIFICS,
    LEGAL_AFTER_NAME,
    LEGAL_FORMS,
    LEGAL_WORDS,
    LETTER,
    PHONE_PATTERN,
    UPPER,
)
from webquorum.types.research import MergeRule

_UP, _L = UPPER, LETTER
# A capitalised word that is no legal word ("Inc", "Corp") and no initial ("J."). Its capital is
# consumed first and the rest is tested after it (text/alternation.after_first): a pattern that
# opens with the test instead makes re try every position of the text. Nothing after a word can
# match what it gave back (a letter, a digit, a space), so every repeat is possessive.
_NOT_LEGAL = rf"(?!{after_first(LEGAL_WORDS)}(?![\w&])|(?<=[A-Z])\.)"
_CAP_REST = rf"{_NOT_LEGAL}[{_L}]*+(?:[-'’][{_L}]++)*+[0-9]*+"
_CAP = rf"[{_UP}]{_CAP_REST}"
_LEGAL = LEGAL_FORMS
_RUN = re.compile(
    rf"(?P<run>[{_UP}](?<![{_L}\d](?s:.)){_CAP_REST}(?:[ \u00a0]++(?:(?:de|del|de la|de los|&)[ \u00a0]++)?{_CAP})*+)"
    rf"(?P<legal>,?[ \u00a0]+(?:{_LEGAL})(?![{_L}]))?"
)
_LEGAL_TAIL = re.compile(rf"{LEGAL_AFTER_NAME}\s*$")
PREFIX_TITLES = frozenset(
    [
        "grupo",
        "corporacion",
        "corporativo",
        "industrias",
        "constructora",
        "compania",
        "inmobiliaria",
        "desarrolladora",
        "fundidora",
        "siderurgica",
        "aceros",
        "laboratorios",
        "productos",
        "servicios",
        "transportes",
        "banco",
        "farmaceutica",
        "fabrica",
        "consorcio",
        "manufacturas",
        "automotriz",
        "operadora",
        "comercializadora",
    ]
)
SUFFIX_TITLES = frozenset(
    [
        "group",
        "industries",
        "industrial",
        "holdings",
        "holding",
        "manufacturing",
        "motors",
        "steel",
        "technologies",
        "systems",
        "solutions",
        "logistics",
        "foods",
        "energy",
        "construction",
        "company",
        "corporation",
        "partners",
        "labs",
        "automotive",
        "aerospace",
        "electronics",
        "metals",
        "chemicals",
        "pharma",
        "bank",
        "brewing",
        "mining",
    ]
)
_OPENERS = frozenset(
    [
        "the",
        "a",
        "an",
        "el",
        "la",
        "los",
        "las",
        "un",
        "una",
        "yesterday",
        "today",
        "ayer",
        "hoy",
        "also",
        "however",
        "meanwhile",
        "according",
        "segun",
        "además",
        "ademas",
        "and",
        "y",
        "but",
        "pero",
        "in",
        "en",
        "at",
        "on",
        "this",
        "este",
        "esta",
    ]
)
_CONNECTORS = frozenset({"de", "del", "la", "los", "&"})
_NOT_KEY = re.compile(r"[^\w&]+")

# Matched case-insensitively as whole words; a small regex expanded to its phrases and compiled as a
# trie (text/alternation.py), so a megabyte of hostile text does not try every word at every position.
_PEOPLE_PHRASES = (
    r"(?:decision[- ]makers?|tomador(?:es)? de decisi[oó]n(?:es)?|contacts?|contactos?|e-?mails?|"
    r"correos?(?: electr[oó]nicos?)?|tel[eé]fonos?|phones?(?: numbers?)?|celulares?|linkedin|whatsapp|"
    r"ceos?|cfos?|ctos?|coos?|directors?|directoras?|directores|gerentes?|managers?|founders?|fundador(?:es|as?)?|"
    r"owners?|due[nñ]os?|people|personas?|persons?|buyer|comprador(?:a)?|jefes? de compras|executives?|ejecutivos?)"
)  # plural trade roles ("steel buyers", "compradores", like "suppliers" and "distributors") are organisations
_PEOPLE_WORDS = re.compile(
    alternation(expand(_PEOPLE_PHRASES), ignore_case=True, not_after=r"\w") + r"(?![\w])"
)
_EMAIL = re.compile(EMAIL_PATTERN)
_PHONE = re.compile(PHONE_PATTERN)
_HONORIFIC = re.compile(rf"(?<![{_L}])(?:{'|'.join(sorted(HONORIFICS))})\.?\s+[{_UP}]")
_GIVEN_NAMES = (
    "Juan|José|Jose|Carlos|Luis|Miguel|Jorge|Pedro|Francisco|Antonio|Javier|Alejandro|Fernando|Ricardo|Roberto|"
    "Eduardo|Sergio|Manuel|Alberto|Raúl|Raul|María|Maria|Ana|Laura|Carmen|Sofía|Sofia|Lucía|Lucia|Gabriela|"
    "Patricia|Rosa|Elena|Guadalupe|Verónica|Veronica|John|James|Michael|David|Robert|William|Mary|Jennifer|Linda|"
    "Sarah|Susan|Elon|Mark|Jeff|Bill|Tim|Peter|Paul|Thomas|Daniel|Richard|Emily|Jessica|Karen|Nancy"
)
_PERSON_NAME = re.compile(  # a given name not after a letter nor in a place name ("San Pedro Garza")
    alternation(
        _GIVEN_NAMES.split("|"),
        not_after=_L,
        not_preceded_by=("San ", "Santa ", "Santo ", "Ciudad ", "Villa "),
    )
    + rf"\s+[{_UP}][{_L}]+"
)


@dataclass(frozen=True)
class OrgMention:
    name: str  # as written, legal form included
    key: str  # normalised, legal form dropped (see org_key)
    start: int
    end: int


def org_key(name: str) -> str:
    """The normalised name: legal form, case, accents and punctuation dropped; title words kept."""
    return " ".join(_NOT_KEY.sub(" ", fold(_LEGAL_TAIL.sub("", name))).split())


def flat(text: str) -> str:
    """Folded words between single spaces, padded: whole-word search by substring."""
    return " " + " ".join(_NOT_KEY.sub(" ", fold(text)).split()) + " "


def mentions_name(passage: str, name: str) -> bool:
    """Whether ``passage`` names the organisation ``name`` (legal form, case and accents aside)."""
    key = org_key(name)
    return bool(key) and f" {key} " in flat(passage)


def bare_name(name: str) -> str:
    """The name without its legal form: what a search query should quote."""
    return _LEGAL_TAIL.sub("", name).strip() or name


def place_key(place: str | None) -> str | None:
    """A stated geography compared by its first part: "Monterrey, Nuevo León" -> "monterrey"."""
    if not place:
        return None
    return " ".join(_NOT_KEY.sub(" ", fold(place.split(",")[0])).split()) or None


def extract_organisations(text: str) -> list[OrgMention]:
    """Every organisation mention in reading order (legal form or title word required)."""
    out: list[OrgMention] = []
    for m in _RUN.finditer(text):
        words = [(w.start() + m.start("run"), w.group()) for w in re.finditer(r"\S+", m["run"])]
        while words and fold(words[0][1]) in _OPENERS:
            words.pop(0)
        folded = [fold(w) for _, w in words]
        first_title = next((i for i, w in enumerate(folded) if w in PREFIX_TITLES), None)
        if first_title is not None and first_title < len(words) - 1:
            words = words[first_title:]
        elif not m["legal"] and not (len(words) >= 2 and folded[-1] in SUFFIX_TITLES):
            continue
        while words and words[-1][1] in _CONNECTORS:
            words.pop()
        if not words or (len(words) == 1 and not m["legal"]):
            continue
        start = words[0][0]
        end = m.end("legal") if m["legal"] else words[-1][0] + len(words[-1][1])
        name = " ".join(text[start:end].split())
        out.append(OrgMention(name, org_key(name), start, end))
    return out


def find_known(text: str, known: list[str]) -> list[OrgMention]:
    """Mentions of names already extracted elsewhere, written without their legal form or title.

    "Acero Norte" in one article is the organisation another article called "Acero Norte, S.A. de
    C.V.": the name was established by pattern there, so a literal, case-sensitive, whole-word
    occurrence here counts. Nothing is inferred from a name no pattern ever established.
    """
    out: list[OrgMention] = []
    for name in dict.fromkeys(bare_name(k) for k in known):
        for m in re.finditer(rf"(?<![{_L}\d]){re.escape(name)}(?![{_L}\d])", text):
            out.append(OrgMention(name, org_key(name), m.start(), m.end()))
    return sorted(out, key=lambda m: m.start)


def domain_label_matches(domain: str | None, name: str) -> bool:
    """Whether a site's label spells the organisation's name: aceronorte.com.mx for "Acero Norte S.A."."""
    if not domain:
        return False
    label = fold(domain.split(".")[0]).replace("-", "")
    key = org_key(name)
    squeezed = key.replace(" ", "").replace("&", "")
    without_titles = "".join(w for w in key.split() if w not in PREFIX_TITLES and w not in SUFFIX_TITLES)
    return len(label) >= 3 and label in (squeezed, without_titles)


def people_vocabulary(text: str) -> str | None:
    """The first person or contact term in ``text`` (an address or number, a role, a contact channel, a name),
    else None."""
    found = min(filter(None, (_EMAIL.search(text), _PHONE.search(text))), key=re.Match.start, default=None)
    for pattern in (
        _PEOPLE_WORDS,
        _HONORIFIC,
        _PERSON_NAME,
    ):  # the first contact, else the first of each in turn
        if found:
            break
        found = pattern.search(text)
    return found.group().strip() if found else None


@dataclass
class Sighting:
    """One organisation as one document named it; dedupe folds sightings into candidates."""

    name: str
    geography: str | None
    domain: str | None  # set only when verified by domain_label_matches
    evidence_ids: list[str]
    origins: set[str]
    order: int
    names: list[str] = field(default_factory=list)
    merge_rule: MergeRule | None = None
    in_scope: bool = False  # its page mentions a geography the brief asked about


def dedupe(sightings: list[Sighting]) -> list[Sighting]:
    """Merge sightings that share a verified domain, or a normalised name and a stated geography.

    Never fuzzy and never by name alone: without a stated geography on both sides, two
    sightings of one name stay two. Merged candidates keep every evidence id, every spelling
    and the rule that merged them; the earliest sighting's spelling leads.
    """
    merged: list[Sighting] = []
    for s in sorted(sightings, key=lambda s: s.order):
        target: Sighting | None = None
        rule: MergeRule | None = None
        for c in merged:
            if s.domain and c.domain and s.domain == c.domain:
                target, rule = c, "same_verified_domain"
                break
            same_place = place_key(s.geography) is not None and place_key(s.geography) == place_key(
                c.geography
            )
            if same_place and org_key(s.name) == org_key(c.name):
                target, rule = c, "same_name_and_geography"
                break
        if target is None:
            names = [s.name, *(n for n in s.names if n != s.name)]
            merged.append(
                Sighting(
                    s.name,
                    s.geography,
                    s.domain,
                    list(s.evidence_ids),
                    set(s.origins),
                    s.order,
                    names,
                    None,
                    s.in_scope,
                )
            )
            continue
        target.evidence_ids.extend(e for e in s.evidence_ids if e not in target.evidence_ids)
        target.origins |= s.origins
        target.names.extend(n for n in [s.name, *s.names] if n not in target.names)
        target.domain = target.domain or s.domain
        target.geography = target.geography or s.geography
        target.merge_rule = target.merge_rule or rule
        target.in_scope = target.in_scope or s.in_scope
    return merged
