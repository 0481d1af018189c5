"""Who owns a company, a brand or a team, as pages state it.

"Who owns Subway" is answered by a body or a person in an ownership relation to the subject, and real pages
state that relation in a small set of constructions: "Subway is owned by Roark Capital", "a subsidiary of
WH Group", "its parent company, Aurelius", "acquired by Berkshire Hathaway in 1998", "Comcast-owned Sky",
"Loblaw, which owns Shoppers Drug Mart", "Suns owner Mat Ishbia". Read by the nearest name on the cue's
open side, these give the owner; any other name in a sentence about the subject (its city, its country, its
product) does not (issue 22: on the real pages of sets CW to DB, "who owns" questions had been answered
"Virginia", "London", "Europe" and "Twinkies"). A sentence that gives the owner as past ("was owned by",
"formerly a unit of", "former owner") names an older owner, never the answer.

Written by hand: the constructions are English phrasing over capitalised runs, which no parsing library
available here reads without a model.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass

from webquorum.text.alternation import alternation
from webquorum.text.fold import fold
from webquorum.text.lexicon import FUNCTION_WORDS
from webquorum.text.names import NameMention, demonym, name_key, name_mentions
from webquorum.text.sentences import sentence_spans

# the relation stems of a question for an owner: "who owns X", "X owner", "X parent company"
OWNER_RELATIONS = frozenset({"own", "owner", "parent"})

# a purchase, which dates the owner it makes: "acquired by", "sold to", "Berkshire Hathaway acquired"
_PURCHASE_WORDS = frozenset(
    {"acquired", "bought", "purchased", "taken", "took", "sold", "sell", "sells", "selling"}
    | {"acquisition", "purchase", "takeover"}
)
# The words that open an ownership cue, scanned as one trie (:func:`webquorum.text.alternation.alternation`:
# ``re`` skips in C to a possible first letter); each is then tried against its tails, anchored.
_CUE_WORD = re.compile(
    alternation(
        [
            *("owned", "owns", "owner", "owners", "ownership", "parent", "part", "subsidiary", "division"),
            *("unit", "brand", "arm", "affiliate", "portfolio"),
            *_PURCHASE_WORDS,
        ],
        ignore_case=True,
        word_start=True,
        space=r"[ \t]{1,2}+",
    )
    + r"(?![\w-])"
)
# what follows a cue word when the owner is named after it: "owned by", "a subsidiary of", "parent company:",
# "owner is", "acquired by", "sold the brand to"; tried at the cue word, never to scan
_AFTER_TAIL = re.compile(
    r"(?i)(?:"
    r"owned[ \t]{1,2}+(?:(?:and[ \t]{1,2}+operated|jointly|wholly|entirely|solely|partly|privately)[ \t]{1,2}+)?by"
    r"|(?:subsidiary|division|unit|brand|arm|affiliate|portfolio(?:[ \t]{1,2}+company)?|part|ownership)[ \t]{1,2}+of"
    r"|(?:acquisition|purchase|takeover)[ \t]{1,2}+by"
    r"|parent(?:[ \t]{1,2}+(?:company|group|firm))?(?:[ \t]{1,2}+is|[ \t]{1,2}+was|,|:)"
    r"|owners?(?:[ \t]{1,2}+is|[ \t]{1,2}+are|[ \t]{1,2}+was|,|:)?+"
    r"|(?:acquired|bought|purchased|taken(?:[ \t]{1,2}+over)?)[ \t]{1,2}+by"
    r"|(?:sold|sell|sells|selling)(?:[ \t]{1,2}+[\w’'-]{1,40}+){0,5}?[ \t]{1,2}+to"
    r")(?![\w-])"
)
# what follows a cue word when the owner stands before it and the subject after: "-owned", "which owns",
# "parent company of", "owner of", "acquired", "took over", "'s acquisition of"
_BEFORE_TAIL = re.compile(
    r"(?i)(?:owned|owns|acquired|bought|purchased|took[ \t]{1,2}+over"
    r"|(?:parent(?:[ \t]{1,2}+company)?|owners?|acquisition|purchase|takeover)[ \t]{1,2}+of)(?![\w-])"
)
# the words of a before-cue's opening, between the owner and the cue word: "Loblaw, which also owns"
# "Penske Media Corporation is the current owner of", "X was the original owner of" (past)
_BEFORE_OPENING = frozenset(
    {
        "which",
        "who",
        "also",
        "now",
        "the",
        "its",
        "is",
        "are",
        "current",
        "sole",
        "majority",
        "new",
        "principal",
    }
)
_BEFORE_OPENING_PAST = frozenset({"was", "were", "former", "previous", "original"})
# the word before "part of" that makes it ownership: "is now part of"
_PART_AFTER = frozenset({"is", "are", "now", "became", "become", "becomes", "remains"})
# what gives an owner as past: "was owned by", "formerly a subsidiary of", "former owner", "until 2019"
_PAST = re.compile(
    alternation(
        [
            *("was", "were", "had been", "previously", "formerly", "once", "former", "original"),
            *("originally", "until", "used to"),
        ],
        ignore_case=True,
        word_start=True,
        space=r"[ \t]{1,2}+",
    )
    + r"(?!\w)"
)
# the words the page may put between a cue and the owner's name: "owned by private equity firm Roark Capital"
_BETWEEN = re.compile(r"[ \t]{0,2}+(?:[a-z][\w’'&-]{0,40}+,?+[ \t]{1,2}+){0,5}+")
_DETERMINERS = frozenset({"the", "a", "an", "its", "their"})
_GAP_BEFORE = 40  # characters: "Berkshire Hathaway acquired NetJets": the subject close after the cue
# a sentence about the subject that does not name it: "It", "The company", or the kind of thing owned that a
# page calls its subject by after naming it once ("The franchise is jointly owned by", round 165)
_ANAPHORA = re.compile(
    r"(?i)^(?:it|the[ \t]{1,2}+(?:company|brand|firm|team|club|chain|business|group|franchise|stadium|arena|"
    r"newspaper|paper|magazine|label|building|tower|bridge|tunnel|island|castle|estate|hotel|resort|airport|"
    r"railway|venue|property|station|track|raceway|circuit))\b"
)
# an infobox's label line: "Parent | Lenovo", "Owner: Sycamore Partners", "ParentGoogle (2012–2014)"
_OWNER_LABEL = re.compile(
    r"(?m)^[ \t]{0,4}+(?:[-•*][ \t]{1,2}+)?(?:Parent(?:[ \t]company)?|Owners?)[ \t]{0,4}+[|:]?[ \t]{0,4}+\n?(?=[A-Z])"
)
# an entry's years: "Google (2011–2014)", "Lenovo (2014–present)"; the name is what stands before them
_YEARS = re.compile(
    r"\((?:[A-Z][a-z]{2,8}+[ \t]{1,2}+)?(?:19|20)\d\d[ \t]{0,2}+(?:[–-]|to)[ \t]{0,2}+"
    r"(?:[A-Z][a-z]{2,8}+[ \t]{1,2}+)?(?P<to>(?:19|20)\d\d|present)\)"
)
# a plain entry is a name: capitalised words and their joining words ("Owner: Sycamore Partners"), never a
# sentence ("Owners Global Infrastructure Partners has announced the sale")
_PLAIN = re.compile(r"[A-Z][\w&.'’-]{0,30}+(?:[ \t]{1,2}+(?:[A-Z&][\w&.'’-]{0,30}+|of|and|de|du|the)){0,6}+")
_ENTRY_LINES = 3
_POSSESSIVE = re.compile(r"['’]s(?=[ \t])")
_INITIALS = re.compile(r"(?:[A-Z]\.){1,3}+[ \t]?+$")
# an end year after the owner: ", until 1974", " founder until 1974"
_UNTIL = re.compile(
    r"(?i)[ \t,]{0,3}+(?:[a-z]{1,20}+[ \t]{1,2}+)?until[ \t]{1,2}+(?:[a-z]{1,10}+[ \t]{1,2}+){0,2}(?:19|20)\d\d"
)
# the words between a passive's subject and its verb: "CBS Records was later acquired by"
_AUXILIARIES = frozenset(
    {"is", "was", "were", "are", "has", "had", "have", "been", "being", "be", "later", "subsequently", "then"}
    | {"itself", "also", "now", "currently", "eventually", "finally", "wholly", "majority", "fully"}
)
_ELISION = re.compile(r"(?<![\w])[LlDd]['’]$")
_NUMBERED = re.compile(r"[ \t]{1,2}+\d")
_FIRM_TAIL = re.compile(
    r"(?:,[ \t]{1,2}+[A-Z][\w'’.-]{0,30}+){1,3}+[ \t]{1,2}+&[ \t]{1,2}+[A-Z][\w'’.-]{0,30}+"
)
_NOUN_NEXT = re.compile(r"[ \t]{1,2}+[a-z]")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_WORDS = re.compile(r"[\w’'-]+")
_FOLDED_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class OwnerMention:
    surface: str  # "Roark Capital Group"
    start: int
    end: int
    past: bool  # the page gives it as a former owner
    present: bool  # stated as now ("is owned by", "a subsidiary of"), not as a dated purchase
    year: int  # the latest year its sentence states, 0 when none: of two purchases, the later stands


def owners(text: str, subject: frozenset[str]) -> list[OwnerMention]:
    """Each owner ``text`` gives its subject (the folded words of its name), the one that stands now first:
    present statements before dated purchases, a later purchase before an earlier, the page's order last."""
    names = _Names(name_mentions(text))
    found: list[OwnerMention] = []
    for start, end in sentence_spans(text):
        sentence = text[start:end]
        if sentence.rstrip().endswith("?"):
            continue  # "Who are the Bucks' owners, and is Aaron Rodgers one of them?" asks; it states nothing
        if subject and not _names(sentence, subject) and not _ANAPHORA.match(sentence):
            continue
        years = [int(y) for y in _YEAR.findall(sentence)]
        for cue in _CUE_WORD.finditer(text, start, end):
            owner = _after_cue(text, names, cue, start, end, subject)
            if owner is None:
                owner = _before_cue(text, names, cue, start, end, subject)
            if owner is not None and not _a_firm_anaphor(owner[0].surface):
                mention, past, present = owner
                found.append(_mention(text, mention, past, present, years))
    found.extend(_labelled(text, subject))
    order = {id(m): i for i, m in enumerate(found)}
    return sorted(found, key=lambda m: (m.past, not m.present, 0 if m.present else -m.year, order[id(m)]))


def _a_firm_anaphor(surface: str) -> bool:
    """Whether an owner is only a word a page refers back to a firm with ("The Group acquired a majority
    stake", "the Company owns"): no owner's name, since the name was given before (round 175, real pages of
    set EZ: "Group" had answered who owns a football club)."""
    words = surface.lower().split()
    if words[:1] == ["the"]:
        words = words[1:]
    return len(words) == 1 and words[0] in _FIRM_ANAPHORA


_FIRM_ANAPHORA = frozenset({"group", "company", "firm", "corporation", "conglomerate", "consortium"})


class _Names:
    """A page's names in order, found from an offset by bisection (a long page has thousands)."""

    def __init__(self, mentions: list[NameMention]) -> None:
        self.mentions = mentions
        self.offsets = [m.offset for m in mentions]

    def from_(self, at: int) -> Iterator[NameMention]:
        for i in range(bisect_left(self.offsets, at), len(self.mentions)):
            yield self.mentions[i]

    def before(self, at: int) -> Iterator[NameMention]:
        """The names that open before ``at``, nearest first."""
        for i in range(bisect_left(self.offsets, at) - 1, -1, -1):
            yield self.mentions[i]


def _after_cue(
    text: str, names: _Names, cue: re.Match[str], start: int, end: int, subject: frozenset[str]
) -> tuple[NameMention, bool, bool] | None:
    """The owner named after a cue ("owned by X", "a subsidiary of X", "sold to X"), whether the page gives
    it as past, and whether as now rather than as a dated purchase."""
    word = cue[0].lower()
    after = _AFTER_TAIL.match(text, cue.start(), end)
    if after is None or not _opens_after(text, start, cue.start(), word):
        return None
    titled = word in ("owner", "owners") and after.end() == cue.end()
    owner = _first_after(text, names, after.end(), end, subject, titled=titled)
    if owner is None or _another_owned(text, names, start, cue.start(), subject):
        return None  # "CBS Records was acquired by Sony": another name is the one owned
    if not _subject_before(text, start, after.end(), subject, text[start:end]):
        return None
    bought = word in _PURCHASE_WORDS
    # "was acquired by" tells the purchase that made the owner; "was owned by" an owner of the past
    past = any(
        not (bought and m[0].lower() in ("was", "were"))
        for m in _PAST.finditer(text, max(start, cue.start() - 30), cue.start())
    )
    # "under the ownership of its founder, Ferruccio Lamborghini, until 1974"
    past = past or _UNTIL.match(text, owner.offset + len(owner.surface), end) is not None
    return owner, past, not past and not bought


def _before_cue(
    text: str, names: _Names, cue: re.Match[str], start: int, end: int, subject: frozenset[str]
) -> tuple[NameMention, bool, bool] | None:
    """The owner named before a cue with the subject after it ("Comcast-owned Sky", "Loblaw, which owns
    Shoppers Drug Mart", "Berkshire Hathaway acquired NetJets"), as :func:`_after_cue` gives it."""
    word = cue[0].lower()
    before = _BEFORE_TAIL.match(text, cue.start(), end)
    opening = _opening_start(text, start, cue.start(), word) if before is not None else None
    if before is None or opening is None:
        return None
    at, said_past = opening
    owner = _last_before(text, names, start, at, subject)
    if owner is None or not _subject_after(text, before.end(), end, subject):
        return None
    past = said_past or _PAST.search(text, max(start, owner.offset - 20), owner.offset) is not None
    return owner, past, not past and word not in _PURCHASE_WORDS


def _labelled(text: str, subject: frozenset[str]) -> list[OwnerMention]:
    """The owners an infobox's "Parent" or "Owner" line gives ("Parent | Google (2011–2014) Lenovo
    (2014–present)", "Owner: Sycamore Partners"): an entry whose years have closed is a former owner, and so
    is an entry without years listed before a dated one."""
    found: list[OwnerMention] = []
    for label in _OWNER_LABEL.finditer(text):
        at = label.end()
        stop = _line_end(text, at)
        # entries on the lines after: "ParentGoogle (2012–2014)\nLenovo (2014–present)", or a name and its
        # years on two lines ("Universal Music Group\n(2012–present)")
        for _ in range(_ENTRY_LINES):
            if stop >= len(text):
                break
            following = _line_end(text, stop + 1)
            if _YEARS.search(text, stop + 1, following):
                stop = following
                continue
            after = _line_end(text, following + 1)
            if following < len(text) and _YEARS.match(text, following + 1, after):
                stop = after
                continue
            break
        entries: list[tuple[str, int, bool]] = []
        named_from = at
        for years in _YEARS.finditer(text, at, stop):
            names = _entry_lines(text, named_from, years.start())
            entries += [(name, offset, True) for name, offset in names[:-1]]
            if names:
                entries.append((*names[-1], years["to"] != "present"))
            named_from = years.end()
        on_next_line = "\n" in text[label.start() : at]
        if not entries and not on_next_line and (plain := _PLAIN.match(text, at, stop)):
            entries = [(plain[0].rstrip(" \t"), at, False)]
        for name, start, past in entries:
            if not name[:1].isupper() or _is_subject(name, subject):
                continue
            found.append(OwnerMention(name, start, start + len(name), past, not past, 0))
    return found


def _entry_lines(text: str, start: int, stop: int) -> list[tuple[str, int]]:
    """The names between two entries' years, a line each, with their offsets."""
    out = []
    at = start
    for line in text[start:stop].split("\n"):
        name = line.strip(" \t|,;")
        if name:
            out.append((name, at + line.index(name)))
        at += len(line) + 1
    return out


def _line_end(text: str, at: int) -> int:
    stop = text.find("\n", at)
    return len(text) if stop < 0 else stop


def _mention(text: str, owner: NameMention, past: bool, present: bool, years: list[int]) -> OwnerMention:
    # "co-owner Marc Lasry's Austin bid" is one run of capitals: the owner ends at the possessive
    # ("Doctor's Associates, Inc." and "McDonald's Corporation" keep theirs: no noun follows them)
    surface = owner.surface
    possessive = _POSSESSIVE.search(text, owner.offset, owner.offset + len(surface) + 2)
    if possessive and _NOUN_NEXT.match(text, owner.offset + len(surface) + 2):
        surface = text[owner.offset : possessive.start()]
    return OwnerMention(
        surface, owner.offset, owner.offset + len(surface), past, present, max(years, default=0)
    )


def _folded_words(part: str) -> set[str]:
    return set(_FOLDED_WORD.findall(fold(part)))


def _is_subject(surface: str, subject: frozenset[str]) -> bool:
    """Whether a name is made of the subject's words only: the subject itself, never its owner."""
    words = _folded_words(surface)
    return bool(words) and words <= subject


def _first_after(
    text: str,
    names: _Names,
    at: int,
    end: int,
    subject: frozenset[str],
    *,
    titled: bool = False,
) -> NameMention | None:
    """The name a cue opens on: the first after ``at`` with only lower-case words (and a nationality)
    between, never the subject's own name; right after it where the cue is a title (``titled``: "owner")."""
    for m in names.from_(at):
        if m.offset < at or m.offset >= end:
            continue
        gap = text[at : m.offset]
        if initials := _INITIALS.search(
            gap
        ):  # "jelly conglomerate J.M. Smucker": the initials are the name's
            gap = gap[: initials.start()]
            surface = initials[0] + text[m.offset : m.offset + len(m.surface)]
            m = NameMention(name_key(surface), surface, at + initials.start(), m.weak)
        if _nationality(text, m):
            at = m.offset + len(m.surface)
            continue
        if _ELISION.search(gap):  # "L’Oréal": a French article elided into the name
            gap = gap[:-2]
            m = NameMention(m.key, text[m.offset - 2 : m.offset] + m.surface, m.offset - 2, m.weak)
        if titled and gap.strip(" \t"):
            return None  # "Suns owner Mat Ishbia" names him; "the new owners described LCY as" does not
        if _BETWEEN.fullmatch(gap) is None and gap.strip(" \t,:") not in ("", "the", "The"):
            return None
        if any(w in FUNCTION_WORDS and w not in _DETERMINERS for w in _folded_words(gap)):
            return (
                None  # "a new owner is found to replace the embattled Donald Sterling": a clause, not a title
            )
        stop = m.offset + len(m.surface)
        if _NUMBERED.match(text, stop):
            return None  # "part of the FTSE 100 Index": a name run into a number names an index, not an owner
        if firm := _FIRM_TAIL.match(text, stop):  # "Clayton, Dubilier & Rice": one firm's name
            surface = text[m.offset : firm.end()]
            m = NameMention(name_key(surface), surface, m.offset, m.weak)
        return None if _is_subject(m.surface, subject) else m
    return None


def _another_owned(text: str, names: _Names, start: int, at: int, subject: frozenset[str]) -> bool:
    """Whether a name other than the subject's stands right before an after-cue, with only auxiliaries
    between ("CBS Records was acquired by Sony", "... and later became"): the cue says who owns that name."""
    for m in names.before(at):
        stop = m.offset + len(m.surface)
        if stop > at:
            continue
        if m.offset < start:
            return False
        between = [w.lower() for w in _WORDS.findall(text, stop, at)]
        # a finite passive ("CBS Records was acquired by"), not a participle after a list ("in Mexico and
        # Honduras owned by Wyndham", which is the chain's)
        if not between or not all(w in _AUXILIARIES for w in between) or "," in text[stop:at]:
            return False
        return not _names(m.surface, subject) and not _is_subject(m.surface, subject)
    return False


def _nationality(text: str, m: NameMention) -> bool:
    """A nationality before a noun ("Chinese technology company Lenovo"), not a name before "and" or "of"
    ("Shogakukan and two other companies")."""
    stop = m.offset + len(m.surface)
    following = re.match(r"[ \t]{1,2}+(\w+)", text[stop : stop + 30])
    return (
        demonym(m.surface, text[stop : stop + 2])
        and following is not None
        and fold(following[1]) not in FUNCTION_WORDS
    )


def _last_before(
    text: str, names: _Names, start: int, at: int, subject: frozenset[str]
) -> NameMention | None:
    """The name that ends right before a cue ("Comcast-owned", "Loblaw, which owns"), not the subject's."""
    if text.startswith("-", at):  # "Comcast-owned Sky" is one run of capitals: the words before the hyphen
        words = list(_WORDS.finditer(text, max(start, at - 60), at))
        capitals: list[re.Match[str]] = []
        for w in reversed(words[-5:]):
            if not w[0][:1].isupper():
                break
            capitals.insert(0, w)
        if not capitals:
            return None
        surface = text[capitals[0].start() : at]
        if _is_subject(surface, subject):
            return None
        return NameMention(name_key(surface), surface, capitals[0].start(), False)
    for m in names.before(at):
        stop = m.offset + len(m.surface)
        if m.offset < start or stop > at:
            continue
        if text[stop:at].strip(" \t,") or _is_subject(m.surface, subject):
            return None
        return m
    return None


def _opens_after(text: str, start: int, at: int, word: str) -> bool:
    """Whether the cue word at ``at`` opens an after-cue: "part of" only after "is" or "now" ("is now part of
    Lenovo", not "part of the city"); "ownership of" only after "under the"."""
    before = [w.lower() for w in _WORDS.findall(text, max(start, at - 30), at)]
    if word == "part":
        return bool(before) and before[-1] in _PART_AFTER
    if word == "ownership":
        return before[-2:] == ["under", "the"]
    return True


def _opening_start(text: str, start: int, at: int, word: str) -> tuple[int, bool] | None:
    """Where a before-cue opens, and whether its words give the owner as past: the hyphen of
    "Comcast-owned", the comma of "Loblaw, which owns", the "is" of "Penske Media is the current owner of",
    the possessive of "Loblaw's acquisition of"; None where the cue word opens no before-cue ("owned" with no
    hyphen is an after-cue's, "acquisition" with no possessive names no buyer)."""
    if word == "owned":
        return (at - 1, False) if text.startswith("-", at - 1) else None
    if word in ("acquisition", "purchase", "takeover"):
        return (at - 3, False) if text[max(start, at - 3) : at - 1] in ("'s", "’s") else None
    pos, relative, past = at, False, False
    while True:
        stripped = text[start:pos].rstrip(" \t")
        comma = stripped.endswith(",")
        stripped = stripped.rstrip(", \t")
        tail = stripped.rsplit(None, 1)[-1].lower() if stripped else ""
        if tail in _BEFORE_OPENING or tail in _BEFORE_OPENING_PAST:
            relative = relative or tail in ("which", "who")
            past = past or tail in _BEFORE_OPENING_PAST
            pos = start + len(stripped) - len(tail)
            continue
        # "Loblaw, which owns" and "Aurelius, the parent company of" open on a name; in "Metropoulos & Co.,
        # which sold Chef Boyardee and Bumble Bee, also owns Pabst" the name before the comma owns nothing,
        # nor does "Unraveling" in a headline's "Unraveling Who Owns Forbes"
        if not stripped or (comma and not relative and word not in ("parent", "owner", "owners")):
            return None
        if relative and not comma:
            return None
        return start + len(stripped), past


def _subject_before(text: str, start: int, at: int, subject: frozenset[str], sentence: str) -> bool:
    """Whether the subject's name stands before a cue in its sentence, or the sentence opens on "It"."""
    if not subject or _ANAPHORA.match(sentence):
        return True
    return _names(text[start:at], subject)


def _subject_after(text: str, at: int, end: int, subject: frozenset[str]) -> bool:
    """Whether the subject's name follows a cue closely: "Comcast-owned Sky", "Loblaw, which owns Shoppers
    Drug Mart"."""
    return bool(subject) and _names(text[at : min(end, at + _GAP_BEFORE)], subject)


def _names(part: str, subject: frozenset[str]) -> bool:
    """Whether ``part`` names the subject: half its words or more ("the Celtics" for the Boston Celtics)."""
    shared = len(subject & _folded_words(part))
    return shared > 0 and 2 * shared >= len(subject)
