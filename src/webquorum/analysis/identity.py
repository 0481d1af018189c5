"""Whether two pages speak of the same thing when they give its name: the subject's qualifier, its full
name, and the other names around it (pure).

Several towns, people and films share a name, and a page about one answers the question as well as
a page about another. Calling them a disagreement would be a false claim, so before a dissent is
named (:mod:`webquorum.analysis.answer`) each side's page is read for what tells them apart.
"""

from __future__ import annotations

import re
from functools import lru_cache

from webquorum.analysis.ask import Ask
from webquorum.text.fold import fold
from webquorum.text.lexicon import FUNCTION_WORDS, STYLES
from webquorum.text.measures import UNITS
from webquorum.text.names import NameMention, name_mentions

# ", Wyoming is a town" qualifies; ", Ricardo Salinas Ortiz, announced" is an appositive (closed by a comma),
# not.
_QUALIFIER = re.compile(r"\s*(?:,\s*([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2})(?!\s*,)|\(([^()]{2,40})\))")


def subject_qualifier(text: str, ask: Ask) -> str:
    """What a page adds right after the subject's name to say which one it means: "Lost Springs, Wyoming",
    "Don't Drink the Water (1994 film)". Empty when it adds nothing."""
    for phrase in sorted(ask.phrases, key=len, reverse=True):
        pattern = r"\W+".join(re.escape(w) for w in phrase.split())
        for m in re.finditer(rf"(?i)(?<![\w]){pattern}(?![\w])", text[:3000]):
            tail = _QUALIFIER.match(text, m.end())
            if tail:
                # "Tyro, Kansas. Tyro is": a sentence's end closes the qualifier ("St. Louis" does not)
                return fold(re.split(r"(?<=\w{4})\.\s", tail[1])[0] if tail[1] else tail[2]).strip()
    return ""


def other_qualifiers(a: str, b: str) -> bool:
    """Two qualifiers that tell two things apart: neither holds the other's words ("kansas" and "kansas tyro",
    where a title runs into the text, qualify one town; "kansas" and "north carolina" two)."""
    wa, wb = set(WORDS.findall(a)), set(WORDS.findall(b))
    return bool(wa and wb) and not (wa <= wb or wb <= wa)


WORDS = re.compile(r"\w+")


@lru_cache(maxsize=64)
def _mentions(text: str) -> tuple[NameMention, ...]:
    return tuple(name_mentions(text))


def subject_name(text: str, ask: Ask) -> frozenset[str]:
    """The words of the page's commonest full name for the subject: "meir porush" for the question's "Porush".

    Styles and ranks are no part of it ("Admiral Stopford" is found as "Vice-Admiral Sir Montagu Stopford",
    and read as "montagu stopford"): they say how someone is addressed, not which Stopford is meant.
    """
    core = ask.subject - STYLES or ask.subject
    counts: dict[frozenset[str], int] = {}
    for n in _mentions(text[:3000]):
        kept = [w for w in n.key.split() if w not in STYLES]
        words = frozenset(kept)
        # a name's last word is its head: "Meir Porush" names a Porush, "United Nations Charter" a charter
        if not n.weak and core <= words and kept and (not core or kept[-1] in core):
            counts[words] = counts.get(words, 0) + 1
    return max(counts, key=lambda w: (counts[w], len(w), sorted(w))) if counts else frozenset()


def another_of_the_name(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two full names for one subject where neither holds the other: "Meir Porush" and "Menachem Porush"."""
    return bool(a and b) and not (a <= b or b <= a)


def context_names(text: str, ask: Ask) -> frozenset[str]:
    """The page's sure names, less the subject's own words: what it says the subject is among."""
    return frozenset(
        n.key
        for n in _mentions(text[:3000])
        if not n.weak and n.key not in UNITS and not set(n.key.split()) - FUNCTION_WORDS <= ask.subject
    )
