"""A draft answer checked against the texts it rests on: each figure, date, name and URL backed or not (pure).

Small models round, paraphrase and invent figures. This module lists what a draft states that a rule
can check, and for each item says whether a source backs it, with the brief's own rules so the two
never disagree about what "the same value" or "another value for the same quantity" means:

- **backed**: a source states the same value, within rounding and after unit conversion
  (:func:`~webquorum.text.readings.figures_agree`: "$81.6bn" is backed by "$81.62 billion"); a name
  is backed when a source names that person or thing (:func:`~webquorum.text.roles.same_person`, or
  the draft's words inside a longer name a source gives); a bare number without a unit is backed
  only by the same digits;
- **contradicted**: no source states the value, and a source gives another value for the same
  quantity under positive identity (:func:`webquorum.analysis.verdicts.conflict`, verify's rule), or
  names another holder of the same role of the same named organisation;
- **not_in_sources**: neither.

Each URL the draft cites is ``backed`` when it is one of the sources (or a source's text contains
it), else ``not_in_sources``: the invented citation. Weak names (a single capitalised word that may
only open a sentence) are not checked, and number words ("two") are not read: known limits, so the
check can miss an error there but never flags a word that is not a name.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

from webquorum.analysis.verdicts import conflict
from webquorum.errors import BadUrlError
from webquorum.text.figure_claims import FigureClaimReader
from webquorum.text.names import NameMention, name_key, name_mentions
from webquorum.text.readings import Figure, figures_agree
from webquorum.text.roles import RoleClaim, read_roles, same_person
from webquorum.text.sentences import sentence_spans
from webquorum.urls import normalize_url

Status = Literal["backed", "contradicted", "not_in_sources"]
Kind = Literal["figure", "date", "name"]

PASSAGE_CHARS = 300  # a passage is the source sentence around the value, at most this long
_URL = re.compile(r"https?://[^\s<>\"'()\[\]{}]+", re.IGNORECASE)
_URL_TAIL = ".,;:!?"
_ANY_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?!\w)")
_BARE_NUMBER = re.compile(
    r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.,])\d+(?:\.\d+)?(?![\w%])"
)


@dataclass(frozen=True)
class SourceText:
    """One text the draft may rest on: a page, a brief source or a collect excerpt.

    ``offset`` is where ``text`` starts in the document ``content_hash`` pins (a collect excerpt's
    ``start``), so a passage's offsets are the document's and a ``web_fetch`` with that hash returns it.
    """

    url: str
    text: str
    offset: int = 0
    content_hash: str | None = None


@dataclass(frozen=True)
class Finding:
    kind: Kind
    text: str  # as written in the draft
    status: Status
    source_url: str | None = None
    passage: str | None = None  # the literal source text, exactly document[start:end]
    start: int | None = None
    end: int | None = None
    content_hash: str | None = None
    other: str | None = None  # the source's value when contradicted


@dataclass(frozen=True)
class UrlFinding:
    url: str
    status: Literal["backed", "not_in_sources"]


def cited_urls(draft: str) -> list[tuple[int, int, str]]:
    """Every http(s) URL in the draft as (start, end, url), trailing punctuation left out."""
    found = []
    for m in _URL.finditer(draft):
        url = m[0].rstrip(_URL_TAIL)
        found.append((m.start(), m.start() + len(url), url))
    return found


def _url_key(url: str) -> str:
    try:
        return normalize_url(url)
    except BadUrlError:
        return url.lower()


def check_urls(draft: str, sources: Sequence[SourceText], known: Collection[str]) -> list[UrlFinding]:
    """Each distinct cited URL: backed when it is a source's (any spelling of it) or a source's text holds
    it."""
    keys = {_url_key(u) for u in known} | {_url_key(s.url) for s in sources}
    out: dict[str, UrlFinding] = {}
    for _, _, url in cited_urls(draft):
        if url in out:
            continue
        held = _url_key(url) in keys or any(url in s.text for s in sources)
        out[url] = UrlFinding(url, "backed" if held else "not_in_sources")
    return list(out.values())


def audit(draft: str, sources: Sequence[SourceText]) -> list[Finding]:
    """Each figure, date and name of ``draft`` in reading order, with its status against ``sources``."""
    masked = _mask_urls(draft)
    indexes = [_Index(s) for s in sources]
    draft_reader = FigureClaimReader(masked)
    findings: list[tuple[int, Finding]] = []
    covered: list[tuple[int, int]] = []
    for figure in draft_reader.figures:
        covered.append((figure.start, figure.end))
        findings.append((figure.start, _check_figure(figure, draft_reader, indexes)))
    for m in _BARE_NUMBER.finditer(masked):
        if not any(a <= m.start() < b or a < m.end() <= b for a, b in covered):
            findings.append((m.start(), _check_number(m[0], indexes)))
    findings.extend(_check_names(masked, indexes))
    return [f for _, f in sorted(findings, key=lambda p: p[0])]


def _mask_urls(draft: str) -> str:
    """The draft with its URLs blanked (same length): digits in a URL are not figures, its words not names."""
    for start, end, _ in cited_urls(draft):
        draft = draft[:start] + " " * (end - start) + draft[end:]
    return draft


def _kind(figure: Figure) -> Kind:
    return "date" if figure.kind in ("date", "year") else "figure"


def _check_figure(figure: Figure, draft: FigureClaimReader, indexes: Sequence[_Index]) -> Finding:
    for index in indexes:
        match = next((g for g in index.reader.figures if figures_agree(figure, g)), None)
        if match is not None:
            return _found(_kind(figure), figure.text, "backed", index.source, match.start, match.end)
    claimed = draft.claim(figure)
    for index in indexes:
        reader = index.reader
        pair = conflict([claimed], [reader.claim(g) for g in reader.figures if g.kind == figure.kind])
        if pair is not None:
            other = pair[1].figure
            return _found(
                _kind(figure), figure.text, "contradicted", index.source, other.start, other.end, other.text
            )
    return Finding(_kind(figure), figure.text, "not_in_sources")


def _check_number(number: str, indexes: Sequence[_Index]) -> Finding:
    """A number with no unit a rule can read: only the same digits back it ("3559" is "3,559"), and nothing
    can contradict it."""
    digits = number.replace(",", "")
    for index in indexes:
        at = index.numbers.get(digits)
        if at is not None:
            return _found("figure", number, "backed", index.source, *at)
    return Finding("figure", number, "not_in_sources")


class _Index:
    """What the checks look up in one source, built once and only when asked: its figures and claims,
    its numbers by digits, its names by word, its words by pairs. A draft of 20,000 characters against
    a megabyte of sources would otherwise scan every source once per item."""

    def __init__(self, source: SourceText) -> None:
        self.source = source

    @cached_property
    def reader(self) -> FigureClaimReader:
        return FigureClaimReader(
            self.source.text
        )  # its own, not the shared reader_for cache: the check runs in a thread

    @cached_property
    def numbers(self) -> dict[str, tuple[int, int]]:
        out: dict[str, tuple[int, int]] = {}
        for m in _ANY_NUMBER.finditer(self.source.text):
            written = m[0].rstrip(",.")
            out.setdefault(written.replace(",", ""), (m.start(), m.start() + len(written)))
        return out

    @cached_property
    def names(self) -> dict[str, list[NameMention]]:
        out: dict[str, list[NameMention]] = {}
        for mention in name_mentions(self.source.text):
            for word in set(mention.key.split()):
                out.setdefault(word, []).append(mention)
        return out

    def naming(self, key: str) -> NameMention | None:
        """The first mention naming ``key``: one holding its first word (a longer name) or its last (same
        person)."""
        words = key.split()
        candidates = sorted(
            {*self.names.get(words[0], []), *self.names.get(words[-1], [])}, key=lambda m: m.offset
        )
        return next((m for m in candidates if _names_one(key, m.key)), None)

    @cached_property
    def roles(self) -> list[RoleClaim]:
        return read_roles(self.source.text)

    @cached_property
    def words(self) -> list[tuple[int, int, str]]:
        return [(m.start(), m.end(), m[0].lower()) for m in _WORD.finditer(self.source.text)]

    @cached_property
    def pairs(self) -> dict[tuple[str, ...], list[int]]:
        out: dict[tuple[str, ...], list[int]] = {}
        words = [w for _, _, w in self.words]
        for i in range(len(words) - FRAME + 1):
            out.setdefault(tuple(words[i : i + FRAME]), []).append(i)
        return out

    def slots(self, frame: tuple[list[str], list[str]]) -> list[tuple[int, int]]:
        """Spans between the frame's words: "was a [Republican] member of" for "was a Democratic member
        of"."""
        before, after = frame
        words = self.words
        found = []
        for i in self.pairs.get(tuple(before), []):
            for j in range(i + FRAME + 1, min(len(words) - FRAME + 1, i + FRAME + 1 + _MAX_SLOT)):
                if [w for _, _, w in words[j : j + FRAME]] == after:
                    found.append((words[i + FRAME][0], words[j - 1][1]))
                    break
        return found


def _check_names(draft: str, indexes: Sequence[_Index]) -> list[tuple[int, Finding]]:
    mentions: dict[str, tuple[NameMention, int]] = {}
    for mention in name_mentions(draft):
        stop = _end_of(draft, mention)
        if mention.weak or mention.key.replace(" ", "").isdigit() or draft[stop : stop + 1] == ":":
            continue  # a weak capital, a number, or a label ("Source:", "Answer:")
        mentions.setdefault(mention.key, (mention, stop))
    draft_roles = {r.start: r for r in read_roles(draft)} if mentions else {}
    out = []
    for key, (mention, stop) in mentions.items():
        frame = _frame(draft, mention.offset, stop)
        finding = _check_name(
            key, draft[mention.offset : stop], frame, draft_roles.get(mention.offset), indexes
        )
        out.append((mention.offset, finding))
    return out


def _end_of(text: str, mention: NameMention) -> int:
    """Where a mention ends in ``text``: its surface drops "'s" and joins words by one space, so walk its
    words."""
    at = mention.offset
    for word in mention.surface.split():
        found = text.find(word, at)
        if found < 0 or found - at > 3 + len(word):
            break
        at = found + len(word)
    return at


def _names_one(draft_key: str, source_key: str) -> bool:
    """One name: the same person ("Peña" is "María José Peña"), or the draft's words inside a longer name."""
    if same_person(draft_key, source_key):
        return True
    words, within = draft_key.split(), source_key.split()
    n = len(words)
    return any(within[i : i + n] == words for i in range(len(within) - n + 1))


_WORD = re.compile(r"\w+")
FRAME = 2  # words on each side of a name that make "the same statement"
_MAX_SLOT = 6  # words another name may take in that slot


def _frame(draft: str, start: int, end: int) -> tuple[list[str], list[str]] | None:
    """The words either side of a name in the draft, when it has :data:`FRAME` on both sides."""
    before = [m[0].lower() for m in _WORD.finditer(draft[max(0, start - 80) : start])][-FRAME:]
    after = [m[0].lower() for m in _WORD.finditer(draft[end : end + 80])][:FRAME]
    return (before, after) if len(before) == FRAME and len(after) == FRAME else None


def _check_name(
    key: str,
    text: str,
    frame: tuple[list[str], list[str]] | None,
    role: RoleClaim | None,
    indexes: Sequence[_Index],
) -> Finding:
    hits = [index.naming(key) for index in indexes]
    if frame is not None:  # the same statement in a source, with this name or another in its place
        other: tuple[SourceText, int, int] | None = None
        for index, hit in zip(indexes, hits, strict=True):
            for lo, hi in index.slots(frame):
                slot = index.source.text[lo:hi]
                if _names_one(key, name_key(slot)) or _names_one(name_key(slot), key):
                    return _found("name", text, "backed", index.source, lo, hi)
                if (
                    other is None and hit is None and slot[:1].isupper()
                ):  # a source naming both does not contradict
                    other = (index.source, lo, hi)
        if other is not None:
            source, lo, hi = other
            return _found("name", text, "contradicted", source, lo, hi, source.text[lo:hi])
    for index, hit in zip(indexes, hits, strict=True):
        if hit is not None:
            return _found("name", text, "backed", index.source, hit.offset, _end_of(index.source.text, hit))
    if role is not None and role.subject:
        for index in indexes:
            for claim in index.roles:
                if (
                    claim.role == role.role
                    and claim.subject == role.subject
                    and not same_person(role.person, claim.person)
                ):
                    end = claim.start + len(claim.surface)
                    return _found("name", text, "contradicted", index.source, claim.start, end, claim.surface)
    return Finding("name", text, "not_in_sources")


def _found(
    kind: Kind, text: str, status: Status, source: SourceText, start: int, end: int, other: str | None = None
) -> Finding:
    """A finding with its passage: the source sentence around ``start:end``, cut to :data:`PASSAGE_CHARS`
    around the value."""
    lo, hi = _sentence_around(source.text, start, end)
    if hi - lo > PASSAGE_CHARS:  # centre the value in a window of the sentence; a longer value is shown whole
        room = max(0, PASSAGE_CHARS - (end - start))
        lo = min(start, max(lo, min(start - room // 2, hi - PASSAGE_CHARS)))
        hi = min(hi, max(end, lo + PASSAGE_CHARS))
    passage = source.text[lo:hi]
    return Finding(
        kind,
        text,
        status,
        source.url,
        passage,
        source.offset + lo,
        source.offset + hi,
        source.content_hash,
        other,
    )


@lru_cache(maxsize=64)
def _spans(text: str) -> list[tuple[int, int]]:
    return sentence_spans(text)


def _sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    spans = _spans(text)
    i = bisect_right(spans, (start, len(text) + 1)) - 1
    if i >= 0 and spans[i][0] <= start < spans[i][1]:
        return spans[i][0], max(spans[i][1], end)
    for lo, hi in spans:
        if lo <= start < hi:
            return lo, max(hi, end)
    return start, end
