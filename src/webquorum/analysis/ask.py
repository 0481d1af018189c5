"""What a question asks, read by rule: the kind of answer, its subject and its relation words (pure).

The brief answers a question (:mod:`webquorum.analysis.answer`), so it first reads what is asked:
a **figure** (a quantity word, a count class, "how many"), a **date** ("when", "what year", "birth
date"), a **name** ("who", "which operator", "what political party"), else *other* (categories
such as "what sport": answered, never disputed); its **subject** (quoted titles, capitalised words:
"Broken Bow") and its **relation** words ("population", "born", "directed"), kept as stems with a
few event synonyms (born = birth, founded = established = opened). English only: the questions of
the real material are English; a Spanish query falls back to the item comparison.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from webquorum.text.figure_claims import reader_for
from webquorum.text.fold import fold
from webquorum.text.lexicon import FUNCTION_WORDS, RACE_NOUNS, WORK_BODY_AFTER, WORK_BODY_BEFORE, WORK_NOUNS
from webquorum.text.measures import (
    COUNT_CLASSES,
    PERSON_CLASSES,
    ROLES,
    SCOPES,
    UNITS,
    concept_of,
    count_class,
    stem,
)
from webquorum.text.roles import ROLE_FORMS, TITLE_WORDS
from webquorum.text.sentences import starts_sentence

AskKind = Literal["figure", "date", "name", "other"]

WORD = re.compile(r"[^\W_]+(?:['’][^\W\d_]+)?")
_QUOTED = re.compile(r"[\"“”«»]([^\"“”«»]{1,80})[\"“”«»]")
# a name's word starts with a capital or a digit, or is a brand's camel case: "easyJet", "eBay", "iRobot"
_NAME_START = r"(?:[A-Z0-9]|[a-z]{1,5}[A-Z])"
_CAP_RUN = re.compile(
    rf"(?<![\w])({_NAME_START}[\w'’.-]*(?:\s+(?:of|de|the|and|&)?\s*{_NAME_START}[\w'’.-]*)*)"
)
_DATE_WORDS = (
    "when",
    "what year",
    "which year",
    "what date",
    "birth date",
    "date of",
    "in what year",
    "year of",
    "founding date",
    "release date",
)
_FIGURE_WORDS = (
    "number of",
    "how many",
    "how much",
    "how long",
    "how tall",
    "how high",
    "how big",
    "how far",
    "how old",
    "how large",
    "how deep",
    "how heavy",
    "how fast",
)
# Nouns of named places and bodies, by which a name may be called ("the Koltsevaya line", "the Labour
# Party"): a name that carries the asked one answers "which line", "what party" before a name nearby. The
# second set are those the name itself takes as its last word, shown with it.
BODY_NOUNS = frozenset(
    [
        "company",
        "team",
        "club",
        "band",
        "label",
        "network",
        "country",
        "city",
        "state",
        "province",
        "region",
        "county",
        "district",
        "party",
        "university",
        "line",
        "river",
        "capital",
    ]
)
NAMED_WITH_NOUN = frozenset({"line", "party", "river", "county", "district", "university", "club", "team"})
# Nouns a named thing answers: "which private railway operator", "what political party", "who is the artist"
NAME_NOUNS = BODY_NOUNS | frozenset(
    [
        "artist",
        "author",
        "director",
        "directors",
        "creator",
        "founder",
        "founders",
        "composer",
        "writer",
        "producer",
        "operator",
        "owner",
        "singer",
        "player",
        "person",
        "architect",
        "designer",
        "developer",
        "publisher",
        "manufacturer",
        "mayor",
        "governor",
        "president",
        "ceo",
        "chairman",
        "coach",
        "leader",
        "manager",
        "captain",
        "editor",
        "host",
        "inventor",
        "engineer",
    ]
)
ASK_WORDS = frozenset(
    {
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "how",
        "is",
        "was",
        "are",
        "were",
        "does",
        "did",
        "do",
        "the",
        "a",
        "an",
        "of",
        "name",
        "named",
        "called",
        "type",
        "kind",
        "many",
        "much",
        "year",
        "date",
        "primary",
        "main",
        "known",
        "associated",
    }
)
# Event relations written two ways: "born"/"birth", "established"/"founded"; a word stands for each group it
# is in.
_SYNONYMS = (
    # a life's two days, with the other languages' words a page dates a life by ("muore il 7 luglio 1970"):
    # those only keep a day from answering another event (round 79, :func:`names_a_life`)
    (
        "born",
        "birth",
        "birthday",
        "nacio",
        "nacimiento",
        *("nee", "nato", "nata", "geboren", "nascido", "nascida"),
    ),
    (
        *("died", "death", "die", "dies", "murio"),
        *("mort", "morte", "decede", "decedee", "muore", "morto", "morta", "gestorben", "starb"),
        *("morreu", "faleceu", "overleden", "stierf"),
    ),
    (
        "established",
        "founded",
        "formed",
        "created",
        "founding",
        "establishment",
        "incorporated",
        "opened",
        "open",
        "fundado",
        # the other languages' words for it, as real pages write them (round 82): a word matches whole, as
        # every word of a group does
        *("fundada", "fundou", "fundo", "fondata", "fondato", "fondee", "fonde", "gegrundet", "gegruendet"),
        *("opgericht", "inaugurato", "inaugurata", "inaugure", "inauguree", "inaugurada", "inaugurado"),
        *("eroffnet", "eroeffnet", "geopend"),
    ),
    ("built", "constructed", "construction", "completed", "erected", "build"),
    ("released", "published", "issued", "release", "premiered", "debuted", "debut", "aired", "launched"),
    ("began", "begin", "started", "start", "commenced", "premiered", "first"),
    ("closed", "close", "closure", "shut", "ended", "end"),
    ("discovered", "discovery", "discover", "detected", "detection", "observed", "identified", "spotted"),
    ("directed", "director", "direction", "directors"),
    ("written", "wrote", "writer", "author", "authored"),
    ("composer", "composed", "composition", "compose"),
    ("population", "inhabitants", "residents", "people", "populated"),
    ("height", "tall", "high", "elevation", "altitude"),
    ("length", "long"),
    # an infobox's abbreviations and a superlative's adjective: "Max. depth | 310 metres", "at the deepest
    # point 310 m"
    ("depth", "deep", "deepest"),
    ("maximum", "max"),
    ("average", "avg", "mean"),
    ("operated", "operator", "operates", "run"),
    ("artist", "band", "singer", "by", "recorded"),
    # a takeover's price, asked "how much did X pay for Y", written with whichever verb the page uses:
    # "spend $43 billion to buy", "acquire ... for $43 billion", "a $43 billion purchase"
    (
        "pay",
        "paid",
        "pays",
        "paying",
        "buy",
        "buys",
        "bought",
        "buying",
        "acquire",
        "acquires",
        "acquired",
        "acquiring",
        "acquisition",
        "purchase",
        "purchased",
        "purchasing",
        "spend",
        "spends",
        "spent",
        "takeover",
    ),
)
# A question's verb a page writes in another form only: "when did ABBA form" is asked of a band "formed in
# 1972" (a page's "form" is as often the noun, "an application form", so the question's word alone maps)
_ASKED_AS = {"form": "formed"}
# the relation keys of a life's two days: a lifespan's question, and the days that date a person, not a thing
LIFE_EVENTS = frozenset({"=born", "=died"})
_GROUPS: dict[str, frozenset[str]] = {}
for _group in _SYNONYMS:  # a word may stand in two groups: "opened" is founded and began
    for _word in _group:
        _GROUPS[_word] = _GROUPS.get(_word, frozenset()) | {f"={_group[0]}"}


@dataclass(frozen=True)
class Ask:
    kind: AskKind
    subject: frozenset[str]  # folded words of what the question is about: {"broken", "bow"}
    relation: frozenset[str]  # stems of what it asks of it: {"popul"}
    unit: str = ""  # the count class or dimension wanted ("people", "length"), when the question names one
    scope: frozenset[str] = frozenset()  # a scope the question names ("metro", "national")
    # quantity concepts it names ("revenue"): a figure must measure one
    concepts: frozenset[str] = frozenset()
    phrases: tuple[str, ...] = ()  # the subject as written, folded: ("don't drink the water",)
    # the stem of the noun asked for: "format" in "the broadcast format of", "medium" in "which type of"
    noun: str = ""
    # "who is the CEO of Intel": the role whose holder now is asked (a concept of text.measures.ROLES)
    role: str = ""
    counted: bool = False  # "how many" with no measure named: a count answers, never a length or a sum
    # under a "how many", the relation's keys the question writes only after the counted phrase: the
    # subject's kind ("zoo" in "how many animals does the Saint Louis zoo have"), which the thing asked is not
    subject_kind: frozenset[str] = frozenset()
    # "how many Grammys has Beyonce won", "how many copies have been sold": a running total, which never falls
    total: bool = False
    # the question's own counts and measures, (kind, value in base units): "the men's 5000 metres world
    # record" names the event by its distance, and a page's "5,000 metres" is that, never the answer
    stated: frozenset[tuple[str, float]] = frozenset()
    # "what year was X founded" asks for a year; "when was X founded" for the day, when a page gives it
    year_asked: bool = False


_YEAR_ASKED = re.compile(r"\b(?:what|which)\s+year\b")


def _spaced(query: str) -> str:
    """The query's folded words, spaced and with a space at each end, as the role and kind rules read it."""
    return " " + " ".join(WORD.findall(fold(query))) + " "


def _names_a_work(words: list[str]) -> bool:
    """Whether the question's words name a work ("the film", "the opera Carmen"), whose director made it,
    not a body named after a kind of work (lexicon.WORK_BODY_AFTER, WORK_BODY_BEFORE: "the London Book
    Fair", "the Vienna State Opera"), whose director holds a post (round 169)."""
    for i, w in enumerate(words):
        if w not in WORK_NOUNS:
            continue
        if (i > 0 and words[i - 1] in WORK_BODY_BEFORE) or any(x in WORK_BODY_AFTER for x in words[i + 1 :]):
            continue
        return True
    return False


def read_ask(query: str) -> Ask | None:
    """What ``query`` asks for, or None when it asks nothing a rule can answer (no relation word)."""
    low = _spaced(query)
    role = _asked_role(low)
    # a work's director made it: "who is the director of "The Girl on the Train"" asks its maker
    if role == "director" and (_QUOTED.search(query) or _names_a_work(low.split())):
        role = ""
    if role:
        return _role_ask(query, low, role)
    quoted = [m[1] for m in _QUOTED.finditer(query)]
    body = query
    for q in quoted:
        body = body.replace(q, " ")
    caps = [m[1] for m in _CAP_RUN.finditer(body) if m.start() > 0 or not _starts_question(m[1])]
    counted_caps = _counted_caps(body, caps)
    caps = [c for c in caps if c not in counted_caps]
    subject_words = [*(w for q in quoted for w in WORD.findall(fold(q))), *_cap_words(caps)]
    subject = frozenset(w for w in subject_words if w not in FUNCTION_WORDS and w not in ASK_WORDS)
    words = [
        w
        for w in low.split()
        if w not in FUNCTION_WORDS
        and w not in ASK_WORDS
        and w not in subject
        and _unpossessed(w) not in subject
    ]
    if (counted_word := _counted_word(query)) and counted_word not in words:
        # "how many islands make up the Faroe Islands", "how many states are in the United States": the noun
        # counted is asked though the subject's name holds it
        words.insert(0, counted_word)
    relation = frozenset(key for w in words for key in _relation_keys(_ASKED_AS.get(w, w)))
    counted_noun = _counted_noun(low, words)
    unit = (
        _unit_of(counted_noun)
        if counted_noun is not None
        else next(
            (
                c
                for w in _measure_words(low, words)
                if (c := _unit_of(w, counting=_COUNTING.search(low) is not None))
            ),
            "",
        )
    )
    if not unit and _asks_race_record(low):
        unit = "time"
    if not unit:
        unit = _measure_counted(low)
    kind: AskKind
    head = low.split()
    which = _which_noun(head)
    keyword_date = _keyword_date(query, head)
    if (
        any(f" {p} " in low for p in _DATE_WORDS)
        or ((" born " in low or " date " in low) and "where" not in low)
        or keyword_date
    ):
        kind = "date"
    elif any(f" {p} " in low for p in _FIGURE_WORDS):
        kind = "figure"
    elif (
        low.lstrip().startswith(("who ", "whom ", "whose ", "where "))
        or any(
            w in NAME_NOUNS and any(x in ("which", "what", "whose") for x in head[max(0, i - 3) : i])
            for i, w in enumerate(head)
        )
        or which
    ):
        kind = "name"  # "which private railway operator", "what political party": a named thing
    elif _asks_record_holder(head):
        # "what is the best-selling album of all time", "which bridge has the longest main span"
        kind = "name"
    elif unit or any(concept_of(w, "en") for w in words):
        kind = "figure"
    elif any(w in NAME_NOUNS for w in head):
        kind = "name"
    elif _phrase_head(head) in _QUANTITY_NOUNS or _asks_a_record(head):
        kind = "figure"  # "what is the men's 100 metres world record time": a quantity, not a category
    else:
        kind = "other"
    if not relation:
        return None
    scope = frozenset(SCOPES[w] for w in low.split() if w in SCOPES)
    # "the men's 100m freestyle long course world record": "long" names the pool, not the length asked
    concepts = frozenset(concept for w in _measure_words(low, words) if (concept := concept_of(w, "en")))
    phrases = tuple(
        " ".join(WORD.findall(fold(p)) if p in quoted else _cap_words([p]))
        for p in quoted + caps
        if WORD.findall(fold(p))
    )
    counted = (" how many " in low or " number of " in low or counted_noun is not None) and unit not in (
        _MEASURED
    )
    return Ask(
        kind,
        subject,
        relation,
        unit,
        scope,
        concepts,
        phrases,
        which or _head_noun(head, set(words)),
        counted=counted,
        subject_kind=_subject_kind(low, words) if counted else frozenset(),
        total=counted and _RUNNING_TOTAL.search(low) is not None,
        year_asked=kind == "date"
        and (_YEAR_ASKED.search(low) is not None or (keyword_date and "year" in head)),
        stated=frozenset(
            (f.kind, f.value) for f in reader_for(query).figures if f.kind in ("count", "measure")
        ),
    )


# a "how many" whose verb, in the present perfect, adds up over time: "has Beyonce won", "have the Celtics
# won", "has Minecraft sold", "have been sold", "has she presented"
_RUNNING_TOTAL = re.compile(
    r" how many (?:\w+ ){1,8}?(?:has|have)(?: \w+){0,6}? (?:been )?"
    r"(?:won|sold|scored|received|earned|collected|hosted|presented|released|recorded|played|appeared|shipped) "
)


# the past participles of a dated event: typed after a name as keywords ("accor founded", "hilton founded
# year", "eiffel tower built"), they ask when it happened, as "when was X founded" does
_DATED_EVENTS = frozenset(
    {
        *("founded", "established", "incorporated", "formed", "opened", "built", "constructed", "completed"),
        *("launched", "released", "premiered", "debuted", "born", "died", "discovered", "closed"),
    }
)


def _keyword_date(query: str, head: list[str]) -> bool:
    """Whether ``query``, typed as keywords, asks the date of the event its participle names ("accor founded",
    "hilton founded year"); not after a question word, nor "accor founded by", which asks who."""
    if is_question(query) or _QUESTION_WORDS.intersection(head) or "who" in head:
        return False
    return any(w in _DATED_EVENTS and head[i + 1 : i + 2] != ["by"] for i, w in enumerate(head[1:], 1))


def _asks_race_record(low: str) -> bool:
    """A race's record is a time: "the women's 400m hurdles world record", "the men's marathon world record
    time" ("46.40 seconds", "2:00:35"), never the race's distance or the margin it was won by."""
    tokens = low.split()
    return "record" in tokens and any(t in RACE_NOUNS or _RACE_DISTANCE.fullmatch(t) for t in tokens)


_RACE_DISTANCE = re.compile(r"\d+(?:m|km|metres|meters)")


def _which_noun(tokens: list[str]) -> str:
    """The stem of the noun right after "which" ("which stadium is the venue", "in which state"), "" when a
    verb or a function word follows it ("which is the oldest zoo") or the noun is a quantity ("which
    year": a date, asked as such before).

    "Which <noun>" asks for one of the things the noun names, so the answer is a name, and the noun is
    what it is, whatever relation words follow ("which man holds the record": man, not holds)."""
    at = next((i for i, t in enumerate(tokens[:3]) if t == "which"), -1)
    if at < 0 or at + 1 >= len(tokens):
        return ""
    noun = tokens[at + 1]
    if noun in FUNCTION_WORDS or noun in ASK_WORDS or noun in _VERBS_AFTER_WHICH or _a_quantity(noun):
        return ""
    return stem(noun, "en")


# "which" followed by a verb asks about the question's own noun phrase ("which is", "which has")
_VERBS_AFTER_WHICH = frozenset({"do", "does", "did", "had", "wins", "won", "holds", "held", "became", "made"})


# Nouns of a quantity: a question asking "what is the <noun>" of them wants a figure, never a definition ("the
# value of the Planck constant" is a number, not what the constant is)
_QUANTITY_NOUNS = frozenset(
    stem(w, "en")
    for w in [
        *("time", "speed", "distance", "score", "price", "cost", "rate", "temperature", "value", "number"),
        # what is paid or allowed, in money: "the annual ISA allowance", "the toll", "the licence fee"
        *("allowance", "fee", "toll", "fare", "wage", "salary", "pension", "tax", "limit"),
    ]
)


# "-est" words that are no superlative of a record
_NOT_SUPERLATIVE = frozenset(
    {"interest", "forest", "west", "request", "protest", "harvest", "contest", "test", "nest", "latest"}
)  # "the latest estimate" asks for the newest figure, not a record holder


def _asks_record_holder(tokens: list[str]) -> bool:
    """Whether the question asks which thing holds a record: "what is the best-selling album of all time",
    "what is the most-viewed video", "which bridge has the longest main span". A superlative ("longest",
    "most", "best", "highest-grossing") before the asked noun, after "what is the" or "which <noun>", asks
    for a named thing, unless that noun is itself a quantity ("what is the highest temperature ever
    recorded", "the longest distance"). Found on real questions (set D's tune half): every such question
    was read as a figure or a category, and its answer was a phrase of the question."""
    if not tokens or tokens[0] not in ("what", "which"):
        return False
    # the superlative opens the asked phrase: "what is the (world's) longest ...", "which bridge has the
    # longest"; later in the question it qualifies something else ("the height by the latest survey")
    reach = len(tokens) if tokens[0] == "which" else 6
    superlative = next((i for i, t in enumerate(tokens[:reach]) if _superlative(t.split("-")[0])), -1)
    if superlative < 0:
        return False
    if tokens[0] == "which" and len(tokens) > 1:
        return not _a_quantity(tokens[1])
    # the noun phrase the superlative opens, up to the first function word ("air temperature ever recorded
    # on Earth": temperature; "scheduled non-stop flight route by distance": route)
    run: list[str] = []
    for t in tokens[superlative + 1 :]:
        if t in FUNCTION_WORDS or t in ASK_WORDS or t == "ever":
            break
        run.append(t)
    return bool(run) and not _a_quantity(run[-1])


def _asks_a_record(tokens: list[str]) -> bool:
    """ "What is the current men's marathon world record", "what is the record for the most stage wins": the
    record asked is a value (a time, a distance, a count); who holds it is asked with "who" or "which", or
    as the record's holder."""
    return tokens[:2] in (["what", "is"], ["what", "s"]) and any(
        t == "record" and (i + 1 == len(tokens) or not tokens[i + 1].startswith(("holder", "label")))
        for i, t in enumerate(tokens)
    )


def _superlative(word: str) -> bool:
    return word in ("most", "best", "least", "worst") or (
        word.endswith("est") and len(word) > 4 and word not in _NOT_SUPERLATIVE
    )


def _a_quantity(word: str) -> bool:
    """Whether a noun names a quantity (a figure answers it): "time", "height", "population", "revenue"."""
    return stem(word, "en") in _QUANTITY_NOUNS or bool(_unit_of(word)) or concept_of(word, "en") is not None


def _phrase_head(tokens: list[str]) -> str:
    """The stem of the asked noun phrase's last word: "what is the men's world record time" -> "time", "the
    speed of light" -> "speed"."""
    body = [t for t in tokens if t not in ASK_WORDS or t in ("of",)]
    # the phrase ends where a preposition opens what it is of, where or for ("the ISA allowance in the UK")
    cut = next((i for i, t in enumerate(body) if t in _PHRASE_ENDS or t in ("of", "per")), len(body))
    phrase = body[:cut]
    return stem(phrase[-1], "en") if phrase else ""


def _head_noun(tokens: list[str], related: set[str]) -> str:
    """The stem of the noun the question asks for: the last of the first run of relation words ("the broadcast
    format of": format; "the genre of the film": genre), or what follows "type of" / "kind of"."""
    for i, token in enumerate(tokens):
        if token in ("type", "kind", "sort") and i + 2 < len(tokens) and tokens[i + 1] == "of":
            return stem(tokens[i + 2], "en")
    for i, token in enumerate(tokens):
        if token in related and token not in _GROUPS:
            while i + 1 < len(tokens) and tokens[i + 1] in related and tokens[i + 1] not in _GROUPS:
                i += 1
            return stem(tokens[i], "en")
    return ""


def _starts_question(run: str) -> bool:
    return fold(run.split()[0]) in ASK_WORDS or fold(run.split()[0]) in FUNCTION_WORDS


def _relation_keys(word: str) -> frozenset[str]:
    """A word's synonym groups ("=born"), else its stem."""
    return _GROUPS.get(word) or frozenset({stem(word, "en")})


def about_question(words: str, relation: frozenset[str]) -> bool:
    """Whether a quantity, in words ("population, 2010", "opening date"), is what a question whose relation
    keys are ``relation`` (:attr:`Ask.relation`, or :func:`question_words`) asks about."""
    return any(word_relates(w, relation) for w in WORD.findall(fold(words)))


def question_words(query: str) -> frozenset[str]:
    """Every content word of a question, as relation keys: what it may ask about when :func:`read_ask` cannot
    tell which ("Who is the Director of the Pan American Health Organization": no role it knows)."""
    low = fold(query)
    return frozenset(
        key
        for w in WORD.findall(low)
        if w not in FUNCTION_WORDS and w not in ASK_WORDS
        for key in _relation_keys(w)
    )


def names_a_life(words: list[str], relation: frozenset[str]) -> bool:
    """Whether folded words name a birth or a death the relation keys ``relation`` do not ask of: "died" in
    a sentence asked of a founding. A day in it dates that life, not the thing asked of (round 79, real page:
    "Il 7 luglio 1970 muore ... l'editore Allen Lane", the founder of the publisher asked of). Other events
    are left alone: "Facebook was launched on February 4, 2004" answers when it was founded."""
    return any(_GROUPS.get(w, frozenset()) & LIFE_EVENTS - relation for w in words)


@lru_cache(maxsize=16384)
def word_relates(word: str, relation: frozenset[str]) -> bool:
    """:func:`_relates` for one folded word of a page (cached: a page repeats its words, a brief its
    question)."""
    return any(_relates(key, relation) for key in _relation_keys(word))


def _relates(key: str, relation: frozenset[str]) -> bool:
    """A word's key is a relation's: equal, or two stems sharing their first five letters ("employ",
    "employe")."""
    return key in relation or (len(key) >= 5 and any(len(r) >= 5 and r[:5] == key[:5] for r in relation))


def _counted_word(query: str) -> str:
    """The first word after "how many" that is neither a function word nor a question's word, folded, when
    written in lower case: a common noun counted ("how many main islands" -> "islands"); "" for none or a
    capitalised one ("how many EU countries": a name qualifying the count, which the subject holds)."""
    m = _HOW_MANY.search(query)
    if m is None:
        return ""
    for w in WORD.findall(query[m.end() :]):
        folded = fold(w)
        if folded in FUNCTION_WORDS or folded in ASK_WORDS:
            continue
        return folded if w.islower() else ""
    return ""


def _subject_kind(low: str, words: list[str]) -> frozenset[str]:
    """The relation keys of the words a "how many" question writes after its counted phrase (from the first
    word of content after "how many" to the next function word) and not in it, participles aside: "zoo" in
    "how many animals does the Saint Louis zoo have", "hall" in "how many seats does Suntory Hall have".
    Why: a page counts its subject's kind beside it ("named the #1 zoo", "actually two halls: the Main Hall
    with 2,000 seats"), and such a count carries a word of the question without counting the thing asked
    (issue 22, round 150: over the real pages of sets CW to ED, 5 more right answers, none lost)."""
    if " how many " not in low:
        return frozenset()
    after = low.split(" how many ", 1)[1].split()
    # the phrase opens at its first word of content ("how many main islands": "main" is a question's word)
    start = next(
        (i for i, w in enumerate(after) if w not in FUNCTION_WORDS and w not in ASK_WORDS), len(after)
    )
    end = next(
        (i for i in range(start, len(after)) if after[i] in FUNCTION_WORDS or after[i] in ASK_WORDS),
        len(after),
    )
    phrase = frozenset(key for w in after[start:end] for key in _relation_keys(_ASKED_AS.get(w, w)))
    # a participle there is the event counted ("how many F-35s have been delivered"), no kind (round 154)
    tail = frozenset(
        key
        for w in after[end:]
        if w in words and not w.endswith("ed")
        for key in _relation_keys(_ASKED_AS.get(w, w))
    )
    return tail - phrase


def _counted_noun(low: str, words: list[str]) -> str | None:
    """Under a "how many", the noun counted: it follows "how many" ("how many EU countries use the euro (euro
    area members)" counts countries; "area" there is part of a name, no dimension asked for). None when the
    question is no "how many" or counts units of a measure ("how many square kilometres", "how many miles"):
    then the question's words say the dimension."""
    if " how many " not in low:
        return _most_counted(low, words)
    after = low.split(" how many ", 1)[1].split()
    if any(w in UNITS or w == "square" for w in after[:2]):
        return None
    return next((w for w in after if w in words), None)


def _most_counted(low: str, words: list[str]) -> str | None:
    """ "The record for the most Tour de France stage wins by a single rider" counts wins: the last asked
    word of the phrase "the most" opens, up to its first preposition. None when no such record is asked."""
    if _RECORD_FOR_MOST not in low:
        return None
    phrase: list[str] = []
    for w in low.split(_RECORD_FOR_MOST, 1)[1].split():
        if w in _PHRASE_ENDS:
            break
        phrase.append(w)
    return next((w for w in reversed(phrase) if w in words), None)


# the prepositions that end a counted phrase ("stage wins by a single rider"); "de", "of" may be in a name
_PHRASE_ENDS = frozenset(
    {"by", "in", "at", "during", "since", "ever", "for", "with", "from", "on", "to", "among"}
)


_RECORD_FOR_MOST = " record for the most "
_COUNTING = re.compile(rf" (?:how many|number of|{_RECORD_FOR_MOST.strip()}) ")
_DIMENSION_ADJECTIVES = frozenset({"tall", "high", "long", "wide", "deep", "old"})


def _measure_words(low: str, words: list[str]) -> list[str]:
    """The words that may name the asked dimension: a dimension's adjective only after "how" ("how long is
    the tunnel"); elsewhere it qualifies another noun ("the long course 400 m medley", "the high jump").
    Nor the two words after "for": whom a figure is for ("the hourly rate for workers aged 21", "the wage
    for tipped employees") is no count the question asks."""
    asked = {w for w in _DIMENSION_ADJECTIVES if f" how {w} " in low}
    tokens = low.split()
    beneficiaries = {t for i, t in enumerate(tokens) if "for" in tokens[max(0, i - 2) : i]}
    return [w for w in words if (w not in _DIMENSION_ADJECTIVES or w in asked) and w not in beneficiaries]


def _unit_of(word: str, *, counting: bool = True) -> str:
    """The count class or dimension a question word names: "population" -> "people", "height" -> "length".
    A count class only when the question counts (``counting``) or the word is a plural noun ("Brevik Group
    employees"): a singular word of a class is an adjective ("the men's 400 metres individual medley")."""
    if word in ("population", "inhabitants", "residents", "people"):
        return "people"
    if word in (
        "height",
        "tall",
        "high",
        "length",
        "long",
        "elevation",
        "altitude",
        "distance",
        "wide",
        "width",
        "depth",
        "deep",
        # a span, a mirror's or a dish's diameter: lengths too ("the main span of the Great Belt Bridge")
        *("diameter", "radius", "span", "wingspan", "circumference", "thickness", "breadth"),
    ):
        return "length"
    if word in ("area", "size"):
        return "area"
    if word in ("speed", "velocity"):
        return "speed"
    if word == "old":
        return "year"  # "how old are the fossils": an age, "300,000 years"
    if word in ("temperature", "temperatures"):
        return "temperature"
    if word in ("age", "aged"):
        return "year"  # "the median age was 45.7 years", "aged 65": an age is counted in years
    counted = count_class(word)
    plural = (word.endswith("s") and not word.endswith("ss")) or word in ("staff", "personnel", "crew")
    if counted not in COUNT_CLASSES or not (counting or plural):
        return ""
    return "people" if counted in PERSON_CLASSES else counted  # as readings.unit_key compares counts


# dimensions a measure answers, never a count: "how many acres" asks an area, "how old" a number of years
_MEASURED = frozenset({d for d, _ in UNITS.values()} | {"year"})
_HOW_MANY_UNIT = re.compile(r" how many (?P<kind>square |cubic )?(?P<unit>[^\W\d_]+) ")


def _measure_counted(low: str) -> str:
    """The dimension a "how many" asks when its noun is a unit of measure ("how many acres is the Bronx Zoo"
    is an area; "how many square miles" too): a measure in that unit answers it, not a count. "" for none."""
    m = _HOW_MANY_UNIT.search(low)
    if m is None:
        return ""
    if m["kind"]:
        return "area" if m["kind"] == "square " else "volume"
    for written in (m["unit"], f"{m['unit']}s"):
        if written in UNITS and UNITS[written][0] not in ("time", "charge"):
            return UNITS[written][0]
    return ""


def ask_in_words(query: str, ask: Ask) -> str:
    """A short label for what was asked: the query's relation words and subject, as the user wrote them."""
    keep = [w for w in WORD.findall(query) if fold(w) not in ASK_WORDS and fold(w) not in FUNCTION_WORDS]
    return " ".join(keep)[:80]


# "who was the first president", "the founding CEO", "in 2019": a holder of the past, which the holder rule
# (the person a page gives the role to now) does not answer
_NOT_NOW = frozenset({"first", "second", "third", "last", "founding", "former", "previous", "was", "were"})


_SUCCESSOR = re.compile(r"^\s*who\s+(?:succeeded|replaced|will\s+succeed|will\s+replace)\s")


def _asked_role(low: str) -> str:
    """The role whose current holder ``low`` (a folded, spaced question) asks for: "who is the CEO of X",
    "name the current head coach of Y"; "" for "when did X become CEO" or "who was the first president"."""
    head = low.split()
    if not head:
        return ""
    keywords = head[0] not in ("who", "whom", "whose", "name") and "who" not in head[:3]
    if keywords and (_QUESTION_WORDS.intersection(head) or any(_superlative(w) for w in head)):
        return ""  # "when did X become CEO", "what is the CEO's salary", "highest paid CEO": no holder asked
    # "who succeeded Herbert Diess as CEO ... in 2022" asks for the holder after the one it names (whom the
    # subject's words keep out of the answer), whatever year it adds
    successor = _SUCCESSOR.search(low) is not None
    if any(w in _NOT_NOW for w in head) or (re.search(r"\b\d{4}\b", low) and not successor):
        return ""
    # the post asked comes first, what it is of after it: "who is the ceo of papa john's" asks a chief
    # executive, though "papa" (a pope) is the longer form; at one place the longest ("prime minister")
    found = [
        (at, -len(form), form, role)
        for form, role in ROLE_FORMS
        if (at := low.find(f" {form} ")) >= 0 and not low[:at].endswith((" vice", " deputy", " assistant"))
    ]
    if not found:
        return ""
    at, _, form, role = min(found)
    end = at + 1 + len(form)  # ``at`` is the space before the form
    if keywords and not _keyword_role(head, low[: at + 1].split(), low[end:].split()):
        return ""
    return role


# a query typed as keywords asks a post's holder as a question does when the post ends it or opens it
# ("whats" and a lone "s" are "what's" typed without its apostrophe or split at it: "what s the ceo of x")
_QUESTION_WORDS = frozenset({"what", "which", "when", "where", "why", "how", "whats", "s"})
_BEFORE_POST = frozenset({"the", "current", "present", "new", "today", "now"})
_AFTER_POST = frozenset({"of", "at", "for", "in"})


def _keyword_role(head: list[str], before: list[str], after: list[str]) -> bool:
    """Whether a query with no question word asks the holder of the post it names: "nvidia ceo", "uk prime
    minister", "ceo of nvidia", "current president of fide"; not "nvidia ceo salary" or "ceo pay ratio",
    where the post qualifies what is asked. ``before`` and ``after``: the words either side of the post."""
    if any(stem(w, "en") in _QUANTITY_NOUNS for w in head):
        return False
    if not after:
        return bool(before)  # the post closes the query: "nvidia ceo"
    return after[0] in _AFTER_POST and all(w in _BEFORE_POST for w in before)  # "current ceo of nvidia"


def _role_ask(query: str, low: str, role: str) -> Ask:
    """A question for a role's holder: its subject is the organisation or place, less the role's own words
    ("CEO" is capitalised but names no one)."""
    forms = {w for f in ROLES[role] for w in f.split()}
    caps = [m[1] for m in _CAP_RUN.finditer(query) if m.start() > 0 or not _starts_question(m[1])]
    subject = frozenset(
        w for w in _cap_words(caps) if w not in FUNCTION_WORDS and w not in ASK_WORDS and w not in forms
    )
    phrases = tuple(p for part in caps if (p := _strip_function_words(part, forms)))
    relation = frozenset(stem(w, "en") for w in forms)
    return Ask("name", subject, relation, phrases=phrases, role=role)


_HOW_MANY = re.compile(r"(?i)\bhow\s+many\s+")
_COUNTED_ENDS = re.compile(r"(?i)\b(?:do|does|did|has|have|had|is|are|was|were|will|can|could|in|on|at|of)\b")


def _counted_caps(body: str, caps: list[str]) -> set[str]:
    """The capitalised runs that name what a "how many" counts ("how many Academy Awards (Best Actress) did
    Katharine Hepburn win": Academy Awards, Best Actress), when a capitalised run is left after them to be the
    subject: they are what is asked, as "titles" is in "how many Grand Slam singles titles". Where nothing
    else is capitalised ("how many EU countries use the euro") the run stays the subject."""
    m = _HOW_MANY.search(body)
    if m is None:
        return set()
    stop = _COUNTED_ENDS.search(body, m.end())
    phrase = body[m.end() : stop.start() if stop else len(body)]
    counted = {c for c in caps if c in phrase}
    return counted if counted and len(counted) < len(caps) else set()


def _unpossessed(word: str) -> str:
    """A folded word less its possessive: "earth's" -> "earth" (pages write "Earth", "the Earth")."""
    return word[:-2] if len(word) > 3 and word.endswith(("'s", "’s")) else word


def _cap_words(caps: list[str]) -> list[str]:
    """The folded words of the question's capitalised runs, possessives dropped: "Canada's" is Canada."""
    return [_unpossessed(w) for part in caps for w in WORD.findall(fold(part))]


def _strip_function_words(part: str, drop: set[str]) -> str:
    """A capitalised run as subject words: "CEO of Boeing" -> "boeing"."""
    words = [w for w in _cap_words([part]) if w not in drop]
    while words and words[0] in FUNCTION_WORDS:
        words.pop(0)
    while words and words[-1] in FUNCTION_WORDS:
        words.pop()
    return " ".join(words)


_QUESTION_OPENERS = frozenset(
    [
        "who",
        "whom",
        "whose",
        "what",
        "which",
        "when",
        "where",
        "why",
        "how",
        "is",
        "are",
        "was",
        "were",
        "does",
        "do",
        "did",
        "has",
        "have",
        "can",
        "name",
        "list",
    ]
)


def is_question(query: str) -> bool:
    """Whether ``query`` is written as a question ("How tall is ...?", "who is the CEO of X"), which asks one
    thing, rather than keywords ("Sorrel Steel steel output"), which ask for a topic."""
    words = WORD.findall(fold(query))
    return query.rstrip().endswith("?") or bool(words and words[0] in _QUESTION_OPENERS)


def cased_like_pages(query: str, texts: Sequence[str]) -> str:
    """``query`` with each word capitalised as the pages write it, when it was typed all in lower case.

    Users type "who is the manager of the los angeles dodgers"; the rules read a question's subject from
    its capitals (module docstring), so a lower-case question has none, and every word of it counts as the
    relation: "4 Lok Sabha" then answers "how many seats are in the lok sabha", and a page's commonest name
    stands in for the subject. The pages being compared know the casing: a word they capitalise in the
    middle of a sentence nearly every time they write it is a name ("Lok Sabha", "LAPD", "McGill"); a
    common word ("seats", "tall", "founded") is in lower case there. A sentence's first word, capitalised
    by grammar, is no evidence either way. A role's words are left as typed: pages capitalise a title
    before a name ("Manager Dave Roberts") but it names no one (:func:`_role_ask`).
    """
    if query != query.lower():
        return query  # typed with capitals: the user's own casing is trusted
    words = {
        m[0]
        for m in _TYPED_WORD.finditer(query)
        if m[0] not in FUNCTION_WORDS
        and m[0] not in ASK_WORDS
        and m[0] not in TITLE_WORDS
        and not m[0].isdigit()
    }
    if not words:
        return query
    pattern = re.compile(
        r"(?<![\w'’-])("
        + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
        + r")(?![\w'’-])",
        re.IGNORECASE,
    )
    lower: dict[str, int] = {}
    capital: dict[str, dict[str, int]] = {}
    for text in texts:
        for m in pattern.finditer(text):
            if starts_sentence(text, m.start()):
                continue
            word, surface = m[1].lower(), m[1]
            if surface.islower():
                lower[word] = lower.get(word, 0) + 1
            else:
                forms = capital.setdefault(word, {})
                forms[surface] = forms.get(surface, 0) + 1
    cased = {}
    for word, forms in capital.items():
        n = sum(forms.values())
        if n >= _CASED_AT_LEAST and n >= _CASED_SHARE * (n + lower.get(word, 0)):
            cased[word] = _commonest(forms)
    if _asked_role(_spaced(query)):
        cased.update(_cased_phrases(query, words, texts, cased))
    return _TYPED_WORD.sub(lambda m: cased.get(m[0], m[0]), query)


def _cased_phrases(
    query: str, words: set[str], texts: Sequence[str], cased: dict[str, str]
) -> dict[str, str]:
    """Words of the query the pages write capitalised together, as one name ("The Boston Symphony
    Orchestra (BSO) is an American symphony orchestra"): a run of two or more of the query's words, in its
    order, that the pages write in capitals at least twice and more often than in lower case. One word
    alone is the common noun the name contains as often as the name ("the orchestra"), so counted alone it
    is left in lower case though the name is written in full (round 91/98, real pages, issue 22)."""
    found: dict[str, str] = {}
    for run in _query_runs(query, words):
        for size in range(min(len(run), _PHRASE_WORDS), 1, -1):
            for at in range(len(run) - size + 1):
                part = run[at : at + size]
                if part[0] in _NAME_JOINERS or all(w in cased or w in found for w in part if w in words):
                    continue
                for w, forms in _written_as_name(part, words, texts).items():
                    found.setdefault(w, _commonest(forms))
    return found


def _query_runs(query: str, words: set[str]) -> list[list[str]]:
    """The query's runs of casable words, joined by "of", "de", "and", "for", "the" or "&"."""
    runs: list[list[str]] = [[]]
    for w in (m[0] for m in _TYPED_WORD.finditer(query)):
        if w in words or (w in _NAME_JOINERS and runs[-1]):
            runs[-1].append(w)
        else:
            runs.append([])
    for run in runs:
        while run and run[-1] in _NAME_JOINERS:
            run.pop()
    return runs


def _written_as_name(part: list[str], words: set[str], texts: Sequence[str]) -> dict[str, dict[str, int]]:
    """How the pages capitalise ``part``'s words where they write all of them capitalised together, at least
    :data:`_CASED_AT_LEAST` times and more often than all in lower case; empty otherwise."""
    pattern = re.compile(
        r"(?<![\w'’-])" + r"\s{1,3}".join(re.escape(w) for w in part) + r"(?![\w'’-])", re.IGNORECASE
    )
    up = low = 0
    surfaces: dict[str, dict[str, int]] = {}
    for text in texts:
        for m in pattern.finditer(text):
            said = list(zip(m[0].split(), part, strict=False))
            if all(s[:1].isupper() for s, w in said if w in words):
                up += 1
                for s, w in said:
                    if w in words:
                        surfaces.setdefault(w, {}).setdefault(s, 0)
                        surfaces[w][s] += 1
            elif m[0].islower():
                low += 1
    return surfaces if up >= _CASED_AT_LEAST and up > low else {}


def _commonest(forms: dict[str, int]) -> str:
    """The way the pages write a word most often, ties to the later in code-point order ("Lok" over "LOK")."""
    return max(forms, key=lambda f: (forms[f], f))


_PHRASE_WORDS = 6  # the longest run of a query's words read as one name
_NAME_JOINERS = frozenset({"of", "de", "and", "for", "the", "&"})


_TYPED_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_CASED_AT_LEAST = 2  # one capitalised mention may be a heading's title case
_CASED_SHARE = 0.75
