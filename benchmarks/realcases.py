"""Real passages through the brief (issue 22): RAMDocs served as pages, read back from the Brief's JSON.

The material is ``../shared/ramdocs-dev/ramdocs-dev.jsonl`` (250 questions, each with real web passages
labelled ``correct``, ``noise`` or ``misinfo`` and the question's gold and wrong answers). Nothing of it
is copied into the repository; without it the benchmark says so and exits 0.

**The split, fixed before anything was tuned and never to be changed:** the question on 0-based line
index ``i`` of ``ramdocs-dev.jsonl`` is in ``tune`` when ``i % 2 == 0`` and in ``report`` otherwise
(125 questions each). Rules may be adjusted while looking at ``tune`` cases only; ``report`` is scored
as a whole, and its cases are shown one by one only when ``--show-report-cases`` is given.

How a question is served (:func:`build_web`): every document becomes an HTML page on a site of its
own (``site<k>-<6 hex of the question>.com``, distinct registrable domains), whose ``<title>`` is the
passage's first eight words (the material has no titles; a title made of the question would tell the
comparison what every page is about, noise included) and whose ``<article><p>`` is the passage; a SearXNG
instance on the same simulated web answers the question with all of its documents as results in file
order (snippet: the passage's first 30 words). ``webquorum.Client(config).brief(question, sources=6)``
is then run in-process, as a user's program would, and scored from ``Brief.model_dump()`` only
(:func:`score_case`).

The measures (per case, aggregated by :class:`Tally`):

- **answer recall**: the brief's answer carries a gold value. The answer is the Brief's ``answer``
  field (``value``; null when the brief cannot say) when the Brief has one, else ``agreed[0]``; the
  table says which was used. An answer with ``rivals`` (an even split: the brief chooses none) is
  right only when the value and every rival are gold (entities of one name told apart). Matching
  (:func:`matches`), chosen by the gold answer's type:
  numbers by value with rounding tolerance (each side's step is its last stated digit, trailing
  zeros of an integer included, times its scale word; two values match when the finer one rounds
  half-up to the coarser one, so ``4.5%`` is not ``4%``: ``3,559 people`` = ``3559``, ``$81.6
  billion`` = ``81.62 billion``, ``3,600`` = ``3,559``; the unit noun is not compared; a gold
  duration, a clock or hours, minutes and seconds in words, is one time in seconds: ``4:03.84`` is
  not ``4:02.50``); a bare year exactly (a date in that year counts); a full date by every part the
  gold states (``February 8, 1900`` = ``8 February 1900`` = ``1900-02-08``; ``February 1900`` asks
  month and year); names and everything else case- and accent-folded, by token containment (the
  gold's tokens all in the answer, or the answer's in the gold's when the answer does not match a
  wrong answer as well: "Louisiana" is neither Cloutierville
  nor New Orleans).
- **disagreement recall**: over cases where a misinformation document was read (its site is in
  ``sources`` with ``snippet_only`` false) and its own answer does not match gold, the share where a
  read misinformation site is named in ``disagreed``. Misinformation pages dropped as "syndicated
  copies" are counted apart (they are edited copies of a correct page: issue 22 says such a copy is
  not syndicated).
- **disagreement precision**: named dissenting sites that are misinformation documents, over all
  named dissenting sites (each site once per case).
- **false disagreements**: named dissenting sites whose document is ``correct`` or ``noise``.

Answer types, by the first gold answer (:func:`answer_type`): ``number`` (starts with a number,
after an optional currency sign or "about": counts, money, measures), ``year`` (a bare year),
``date`` (a month name with a year or a day, or an ISO date), ``name`` (everything else).
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import math
import os
import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SRC = Path(
    os.environ.get("REALCASES_SRC") or REPO / "src"
)  # the tree measured: this one, or another revision's src
for entry in (str(REPO), str(SRC)):
    if entry in sys.path:
        sys.path.remove(entry)
    sys.path.insert(0, entry)

from tests.sim.providers import provider_config, serve  # noqa: E402
from tests.sim.web import Reply, Request, SimWeb  # noqa: E402

from webquorum import Client  # noqa: E402

MATERIAL = REPO.parent / "shared" / "ramdocs-dev" / "ramdocs-dev.jsonl"
SPLITS = ("tune", "report", "fresh")  # fresh: a set labelled after the rules (realpages --fresh)
TYPES = ("number", "year", "date", "name")
SOURCES = 6
SNIPPET_WORDS = 30


# -- the material ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Doc:
    text: str
    label: str  # correct | noise | misinfo
    answer: str


@dataclass(frozen=True)
class Case:
    index: int  # 0-based line of ramdocs-dev.jsonl
    question: str
    docs: tuple[Doc, ...]
    gold: tuple[str, ...]
    wrong: tuple[str, ...]

    @property
    def split(self) -> str:
        return split_of(self.index)

    @property
    def tag(self) -> str:
        return hashlib.sha1(f"{self.index}:{self.question}".encode()).hexdigest()[:6]

    def host(self, k: int) -> str:
        return f"site{k + 1}-{self.tag}.com"

    @property
    def kind(self) -> str:
        return answer_type(self.gold[0]) if self.gold else "name"

    def page(self, k: int) -> tuple[str, str, str]:
        """Where document ``k`` is served and what it looks like: (host, path, HTML). Its site in the
        Brief is ``host(k)``; a set of real pages (``realpages.py``) serves them at their own hosts."""
        return self.host(k), "/page", page_html(self.title(k), self.docs[k].text)

    def title(self, k: int) -> str:
        """The passage's opening words, as a page's heading opens it: never words of the question."""
        return " ".join(self.docs[k].text.split()[:TITLE_WORDS])


TITLE_WORDS = 8


def split_of(index: int) -> str:
    """The split, written down before tuning: even 0-based lines tune, odd lines report."""
    return "tune" if index % 2 == 0 else "report"


def load_cases(path: Path = MATERIAL, *, split: str = "both", limit: int | None = None) -> list[Case]:
    cases: list[Case] = []
    with path.open(encoding="utf-8") as lines:
        for i, line in enumerate(lines):
            if split != "both" and split_of(i) != split:
                continue
            row = json.loads(line)
            docs = tuple(Doc(d["text"], d["type"], d.get("answer") or "") for d in row["documents"])
            cases.append(
                Case(
                    i,
                    row["question"],
                    docs,
                    tuple(row.get("gold_answers") or ()),
                    tuple(row.get("wrong_answers") or ()),
                )
            )
            if limit is not None and len(cases) >= limit:
                break
    return cases


# -- the simulated web -------------------------------------------------------------------------------
_ASKING = re.compile(
    r"^(?:(?:what|who|whom|whose|when|where|which|how|many|much|is|are|was|were|did|does|do|has|have|had|"
    r"in|the|a|an|name|of)\b\s*)+",
    re.I,
)


def subject_of(question: str) -> str:
    """The question without its asking words: "What is the population of Broken Bow?" -> "population of Broken
    Bow"."""
    core = _ASKING.sub("", question.strip().rstrip("?").strip())
    return (core or question.strip().rstrip("?")).strip()


def page_html(title: str, passage: str) -> str:
    t, p = html.escape(title), html.escape(passage)
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{t}</title></head>'
        f"<body><article><p>{p}</p></article></body></html>"
    )


def query_key(query: str) -> str:
    return " ".join(query.split()).casefold()


def build_web(web: SimWeb, cases: Sequence[Case], *, read_deadline_s: float = 15.0) -> dict[str, Any]:
    """Route every case's pages and one SearXNG instance on ``web``; return a config for them."""
    results: dict[str, list[dict[str, str]]] = {}
    hosts: list[str] = []
    for case in cases:
        found = []
        for k, doc in enumerate(case.docs):
            host, path, body = case.page(k)
            hosts.append(host)
            web.route(path, Reply(body=body), host=host)
            snippet = " ".join(doc.text.split()[:SNIPPET_WORDS])
            found.append({"url": web.url(path, host=host), "title": case.title(k), "content": snippet})
        results[query_key(case.question)] = found

    def searx(req: Request) -> Reply:
        body = {"results": results.get(query_key(req.query.get("q", "")), [])}
        return Reply(body=json.dumps(body), content_type="application/json")

    serve(web, "searxng", searx)
    config = provider_config(web, ["searxng"], web={"search_provider": "searxng"})
    config["network"]["resolve"].update({h: "127.0.0.1" for h in hosts})
    config["network"]["allow_hosts"] = sorted(set(hosts))
    config["brief"] = {"read_deadline_s": read_deadline_s}
    return config


async def run_briefs(
    cases: Sequence[Case], config: dict[str, Any], *, parallel: int = 3
) -> list[dict[str, Any]]:
    """One Client for all questions; each brief's ``model_dump()`` (or ``{"error": ...}``), in case order."""
    async with Client(config) as wq:
        gate = asyncio.Semaphore(parallel)

        async def one(case: Case) -> dict[str, Any]:
            async with gate:
                try:
                    brief = await wq.brief(case.question, sources=SOURCES)
                except Exception as exc:  # a failed brief is a scored miss, not a stopped benchmark
                    return {"error": f"{type(exc).__name__}: {exc}"}
                return brief.model_dump(mode="json")

        return list(await asyncio.gather(*(one(c) for c in cases)))


# -- matching values ---------------------------------------------------------------------------------
_MONTHS = {
    name: n
    for n, names in enumerate(
        [
            ("january", "jan", "enero"),
            ("february", "feb", "febrero"),
            ("march", "mar", "marzo"),
            ("april", "apr", "abril"),
            ("may", "mayo"),
            ("june", "jun", "junio"),
            ("july", "jul", "julio"),
            ("august", "aug", "agosto"),
            ("september", "sep", "sept", "septiembre", "setiembre"),
            ("october", "oct", "octubre"),
            ("november", "nov", "noviembre"),
            ("december", "dec", "diciembre"),
        ],
        1,
    )
    for name in names
}
_MONTH = r"(?P<{g}>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<{g}>[0-3]?\d)(?:st|nd|rd|th)?"
_DATES = [
    re.compile(r"\b(?P<y>\d{4})-(?P<mn>\d{1,2})-(?P<d>\d{1,2})\b"),
    re.compile(
        r"\b"
        + _MONTH.format(g="m")
        + r"\s+"
        + _DAY.format(g="d")
        + r"(?:\s*,\s*|\s+(?:of\s+)?)(?P<y>\d{4})\b",
        re.I,
    ),
    re.compile(
        r"\b"
        + _DAY.format(g="d")
        + r"\s+(?:of\s+|de\s+)?"
        + _MONTH.format(g="m")
        + r"\s*,?\s+(?:de\s+|of\s+)?(?P<y>\d{4})\b",
        re.I,
    ),
    re.compile(r"\b" + _MONTH.format(g="m") + r"\s*,?\s+(?:de\s+|of\s+)?(?P<y>\d{4})\b", re.I),
    re.compile(r"\b" + _MONTH.format(g="m") + r"\s+" + _DAY.format(g="d") + r"\b(?!\s*,?\s*\d)", re.I),
]
_ISO_MONTH = re.compile(
    r"\b(?P<y>\d{4})-(?P<mn>0[1-9]|1[0-2])\b(?!-)"
)  # in answers only: a gold "1810-11" is a range
_YEAR = re.compile(r"^(?:c\.\s*|circa\s+|in\s+)?(?P<y>\d{3,4})(?:\s*(?:AD|CE))?$", re.I)
_SCALES = {
    "thousand": 3,
    "k": 3,
    "mil": 3,
    "million": 6,
    "millions": 6,
    "millones": 6,
    "millón": 6,
    "mn": 6,
    "m": 6,
    "billion": 9,
    "billions": 9,
    "bn": 9,
    "b": 9,
    "mil millones": 9,
    "trillion": 12,
    "tn": 12,
}
_NUMBER = re.compile(
    r"(?<![\w.,])(?P<n>\d{1,3}(?:[,.\u202f ]\d{3})+(?!\d)(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
    r"(?:\s*(?P<s>mil millones|" + "|".join(sorted(_SCALES, key=len, reverse=True)) + r")\b)?",
    re.I,
)
_LEAD_NUMBER = re.compile(
    r"^\s*(?:about|around|approximately|over|nearly|roughly|some|c\.|~)?\s*[$€£¥]?\s*\d", re.I
)
_STOP = frozenset(
    ["the", "a", "an", "of", "and", "de", "la", "el", "los", "las", "del", "y", "in", "on", "at"]
)


@dataclass(frozen=True)
class Number:
    value: float
    step: float


@dataclass(frozen=True)
class Day:
    year: int
    month: int | None = None
    day: int | None = None


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def tokens(text: str) -> list[str]:
    return [t for t in re.findall(r"[a-z0-9]+", fold(text)) if t not in _STOP]


def answer_type(gold: str) -> str:
    text = gold.strip()
    if _YEAR.match(text):
        return "year"
    if dates_in(text):
        return "date"
    if _LEAD_NUMBER.match(text):
        return "number"
    return "name"


def numbers_in(text: str) -> list[Number]:
    """Every number in ``text`` with its scale word and the step it was stated to."""
    found: list[Number] = []
    for m in _NUMBER.finditer(text):
        digits = m.group("n")
        groups = re.split(r"[,.\u202f ]", digits)
        if (
            len(groups) > 1
            and all(len(g) == 3 for g in groups[1:])
            and not (len(groups) == 2 and digits[len(groups[0])] == ".")
        ):
            whole, frac = "".join(groups), ""  # thousands separators ("3,559"; "126.014.024")
        elif len(groups) > 1:
            whole, frac = (
                "".join(groups[:-1]),
                groups[-1],
            )  # the last separator is a decimal mark ("81.62", "81,6")
        else:
            whole, frac = digits, ""
        scale = 10.0 ** _SCALES.get((m.group("s") or "").casefold(), 0)
        value = float(f"{whole}.{frac}" if frac else whole) * scale
        if frac:
            step = 10.0 ** -len(frac) * scale
        else:
            zeros = len(whole) - len(whole.rstrip("0")) if whole.strip("0") else 0
            step = 10.0**zeros * scale
        found.append(Number(value, step))
    return found


def dates_in(text: str, *, iso_month: bool = False) -> list[Day]:
    found: list[Day] = []
    taken: list[tuple[int, int]] = []
    for pattern in [*_DATES, _ISO_MONTH] if iso_month else _DATES:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            parts = m.groupdict()
            month = (
                int(parts["mn"])
                if parts.get("mn")
                else _MONTHS.get(fold(parts["m"]).rstrip("."))
                if parts.get("m")
                else None
            )
            day = int(parts["d"]) if parts.get("d") else None
            year = int(parts["y"]) if parts.get("y") else 0
            found.append(Day(year, month, day))
    return found


def _numbers_match(answer: str, gold: str) -> bool:
    wanted = duration_in(gold)
    if wanted is not None:  # "2:00:35" is one time, not the numbers 2, 0 and 35
        got = duration_in(answer)
        return got is not None and _rounds_to(got, wanted)
    want = numbers_in(gold)
    if not want:
        return False
    return any(_rounds_to(a, want[0]) for a in numbers_in(answer))


_CLOCK = re.compile(r"(?<![\d:.])(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.(\d+))?(?![\d:])")
_TIME_PART = re.compile(r"(?i)(\d+(?:\.\d+)?)\s*(hours?|hrs?|minutes?|mins?|seconds?|secs?|s)\b")
_TIME_UNIT = {"h": 3600.0, "m": 60.0, "s": 1.0}


def duration_in(text: str) -> Number | None:
    """A duration in seconds, at the step it was written to: a clock ("2:00:35", "4:02.50", "3:43.13":
    hours:minutes:seconds, or minutes:seconds with a fraction or when no hours fit), or hours, minutes and
    seconds in words ("4 minutes 2.50 seconds", "43.03 seconds"); None when the text states none."""
    m = _CLOCK.search(text)
    if m is not None and (m[3] or m[4]):
        fraction = m[4] or ""
        whole = int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3]) if m[3] else int(m[1]) * 60 + int(m[2])
        value = whole + (float(f"0.{fraction}") if fraction else 0.0)
        return Number(value, 10.0 ** -len(fraction))
    parts = _TIME_PART.findall(text)
    if not parts:
        return None
    total, step = 0.0, 1.0
    for number, unit in parts:
        factor = _TIME_UNIT[unit.lower()[0]]
        total += float(number) * factor
        decimals = len(number.split(".", 1)[1]) if "." in number else 0
        step = min(step, factor * 10.0**-decimals) if decimals else min(step, factor)
    return Number(total, step)


def _rounds_to(a: Number, b: Number) -> bool:
    """The finer value, rounded half-up to the coarser one's step, is the coarser value."""
    fine, coarse = (a, b) if a.step <= b.step else (b, a)
    if abs(fine.value - coarse.value) <= coarse.step * 1e-9:
        return True
    rounded = math.floor(fine.value / coarse.step + 0.5 + 1e-9) * coarse.step
    return abs(rounded - coarse.value) <= coarse.step * 1e-6


def _years_in(text: str) -> set[int]:
    return {int(y) for y in re.findall(r"(?<![\d,.])(\d{3,4})(?![\d,])", text)}


def _dates_match(answer: str, gold: str) -> bool:
    want = dates_in(gold)
    if not want:
        return False
    g = want[0]
    for a in dates_in(answer, iso_month=True):
        if (g.year and a.year != g.year) or (g.month and a.month != g.month) or (g.day and a.day != g.day):
            continue
        return True
    return False


def _names_match(answer: str, gold: str, wrong: Iterable[str] = ()) -> bool:
    a, g = set(tokens(answer)), set(tokens(gold))
    if not a or not g:
        return False
    if g <= a:
        return True
    if a <= g:
        # a part of the gold names it only with a word of the name: "Rev" is in "Rev. Prof. Dr Jerry Pillay"
        # but names nobody (session ag: a bare honorific answered a question and was scored right)
        if a <= _STYLES:
            return False
        return not any(set(tokens(w)) and a <= set(tokens(w)) for w in wrong)
    return False


# the styles and titles written before a name, which a gold spelling may carry: no part of the name. The
# scorer's own list, not lexicon.HONORIFICS: a measure must not move when the rules it judges change theirs
_STYLES = frozenset(
    {"mr", "mrs", "ms", "dr", "prof", "sir", "dame", "lord", "lady", "rev", "revd", "fr", "father", "pastor"}
    | {"rabbi", "imam", "bishop", "archbishop", "cardinal", "pope", "saint", "st", "hon", "jr", "sr"}
)


def matches(answer: str, gold: str, wrong: Iterable[str] = ()) -> bool:
    """Does ``answer`` carry the value ``gold``? The rule depends on the gold's type (module docstring)."""
    kind = answer_type(gold)
    if kind == "year":
        m = _YEAR.match(gold.strip())
        return m is not None and int(m.group("y")) in _years_in(answer)
    if kind == "date":
        return _dates_match(answer, gold)
    if kind == "number":
        return _numbers_match(answer, gold)
    return _names_match(answer, gold, wrong)


def matches_any(answer: str, golds: Iterable[str], wrong: Iterable[str] = ()) -> bool:
    wrong = list(wrong)
    return any(matches(answer, g, wrong) for g in golds)


# -- scoring a brief ---------------------------------------------------------------------------------
@dataclass
class Verdict:
    case: Case
    answer_from: str  # "answer" (the Brief's field) or "agreed[0]" (fallback) or "none"
    answer: str | None
    answer_right: bool
    read: dict[str, int]  # site -> document index, for sources read in full
    misinfo_read: list[str]  # read misinformation sites whose answer is not gold
    misinfo_dropped: list[str]  # misinformation sites dropped as syndicated copies
    named: list[str]  # dissenting sites, once each
    named_labels: dict[str, str]
    gold_agreed: bool = False  # a diagnostic: some agreed item (not only the first) carries a gold value
    split: bool = False  # the answer names rivals: an even split, no value chosen
    error: str | None = None
    # the brief shows a read misinformation page's value: named as a dissent, or a split's rival
    surfaced: bool = False

    @property
    def disagreement_due(self) -> bool:
        return bool(self.misinfo_read)

    @property
    def disagreement_found(self) -> bool:
        return any(site in self.named for site in self.misinfo_read)

    @property
    def false_named(self) -> list[str]:
        return [s for s in self.named if self.named_labels.get(s) != "misinfo"]


def brief_answer(brief: dict[str, Any]) -> tuple[str, str | None, list[str]]:
    """What the brief answers, as a user's program would read it: the ``answer`` field (its value and
    its ``rivals``, values as many sites state), else ``agreed[0]``."""
    if "answer" in brief:
        answer = brief["answer"]
        if not isinstance(answer, dict) or answer.get("value") is None:
            return "answer", None, []
        return "answer", str(answer["value"]), [str(r) for r in answer.get("rivals") or []]
    agreed = brief.get("agreed") or []
    return "agreed[0]", (str(agreed[0]["value"]) if agreed else None), []


def answer_is_right(case: Case, value: str | None, rivals: Sequence[str]) -> bool:
    """The value carries a gold answer; an even split (rivals) is right only when every value in it is
    gold (several entities of one name, told apart), since the brief then chooses none."""
    return value is not None and all(matches_any(v, case.gold, case.wrong) for v in [value, *rivals])


def score_case(case: Case, brief: dict[str, Any]) -> Verdict:
    sites = {case.host(k): k for k in range(len(case.docs))}
    if "error" in brief and "sources" not in brief:
        return Verdict(case, "none", None, False, {}, [], [], [], {}, error=str(brief["error"]))
    source, answer, rivals = brief_answer(brief)
    right = answer_is_right(case, answer, rivals)
    read = {
        s["site"]: sites[s["site"]]
        for s in brief.get("sources", [])
        if not s.get("snippet_only") and s["site"] in sites
    }

    def wrong_value(k: int) -> bool:
        doc = case.docs[k]
        return doc.label == "misinfo" and not matches_any(doc.answer, case.gold)

    misinfo_read = [s for s, k in read.items() if wrong_value(k)]
    by_url = {s["url"]: s["site"] for s in brief.get("sources", [])}
    dropped_sites = [_site_of_url(d["url"], sites) for d in brief.get("dropped", [])]
    misinfo_dropped = [s for s in dropped_sites if s is not None and wrong_value(sites[s])]
    named: list[str] = []
    for item in brief.get("disagreed", []):
        site = item.get("site") or by_url.get(item.get("url", ""), "")
        if site not in named:
            named.append(site)
    labels = {s: case.docs[sites[s]].label if s in sites else "unknown" for s in named}
    anywhere = any(matches_any(str(a["value"]), case.gold, case.wrong) for a in brief.get("agreed", []))
    wrong_read = [case.docs[read[s]].answer for s in misinfo_read]
    shown = (
        [v for v in [answer, *rivals] if v is not None] if rivals else []
    )  # a split shows each value as contested
    surfaced = any(s in named for s in misinfo_read) or any(
        matches_any(v, wrong_read) for v in shown if wrong_read
    )
    return Verdict(
        case,
        source,
        answer,
        right,
        read,
        misinfo_read,
        misinfo_dropped,
        named,
        labels,
        anywhere,
        bool(rivals),
        surfaced=surfaced,
    )


def _site_of_url(url: str, sites: dict[str, int]) -> str | None:
    host = re.sub(r"^[a-z]+://", "", url).split("/", 1)[0].split(":", 1)[0]
    return host if host in sites else None


# -- tallies -----------------------------------------------------------------------------------------
@dataclass
class Tally:
    cases: int = 0
    right: int = 0
    anywhere: int = 0
    splits: int = 0
    due: int = 0
    found: int = 0
    surfaced: int = 0
    named: int = 0
    named_misinfo: int = 0
    false_correct: int = 0
    false_noise: int = 0
    dropped_misinfo: int = 0
    errors: int = 0
    sources: set[str] = field(default_factory=set)

    def add(self, v: Verdict) -> None:
        self.cases += 1
        self.right += v.answer_right
        self.anywhere += v.gold_agreed
        self.splits += v.split
        self.due += v.disagreement_due
        self.found += v.disagreement_due and v.disagreement_found
        self.surfaced += v.disagreement_due and v.surfaced
        self.named += len(v.named)
        self.named_misinfo += sum(1 for s in v.named if v.named_labels.get(s) == "misinfo")
        self.false_correct += sum(1 for s in v.named if v.named_labels.get(s) == "correct")
        self.false_noise += sum(1 for s in v.named if v.named_labels.get(s) == "noise")
        self.dropped_misinfo += bool(v.misinfo_dropped)
        self.errors += v.error is not None
        self.sources.add(v.answer_from)

    @staticmethod
    def ratio(a: int, b: int) -> str:
        return f"{a / b:.2f} ({a}/{b})" if b else f"-    ({a}/{b})"

    def row(self, label: str) -> str:
        false = self.false_correct + self.false_noise
        return (
            f"| {label} | {self.cases} | {self.ratio(self.right, self.cases)} | {self.ratio(self.found, self.due)} | "
            f"{self.ratio(self.named_misinfo, self.named)} | {false} ({self.false_correct} correct, {self.false_noise} noise) | "
            f"{self.dropped_misinfo} | {self.ratio(self.anywhere, self.cases)} | {self.splits} | "
            f"{self.ratio(self.surfaced, self.due)} |"
        )


HEADER = (
    "| split | cases | answer recall | disagreement recall | disagreement precision | false disagreements | "
    "misinfo dropped as a copy | gold among agreed (diagnostic) | answers split | conflict surfaced (named or split) |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def table(verdicts: Sequence[Verdict]) -> str:
    lines = [HEADER]
    used: set[str] = set()
    for split in SPLITS:
        mine = [v for v in verdicts if v.case.split == split]
        if not mine:
            continue
        total = Tally()
        kinds = {k: Tally() for k in TYPES}
        for v in mine:
            total.add(v)
            kinds[v.case.kind].add(v)
        used |= total.sources
        lines.append(total.row(f"**{split}**"))
        lines.extend(t.row(f"{split}: {k}") for k, t in kinds.items() if t.cases)
        if total.errors:
            lines.append(f"| {split}: briefs that failed | {total.errors} | | | | | | | | |")
    lines.append(f"\nanswer read from: {', '.join(sorted(used - {'none'})) or 'nothing'}")
    return "\n".join(lines)


def details(verdicts: Sequence[Verdict], briefs: Sequence[dict[str, Any]]) -> Iterator[str]:
    """Every case in full, for reading misses: the documents read, the brief's lines and the verdicts."""
    for v, b in zip(verdicts, briefs, strict=True):
        c = v.case
        yield f"## [{c.split} #{c.index}] {c.question}  ({c.kind})"
        yield f"gold: {list(c.gold)}   wrong: {list(c.wrong)}"
        if v.error:
            yield f"ERROR: {v.error}\n"
            continue
        for s in b.get("sources", []):
            k = {c.host(i): i for i in range(len(c.docs))}.get(s["site"])
            doc = c.docs[k] if k is not None else None
            label = f"{doc.label} ({doc.answer})" if doc else "?"
            when = f" published {s['published']}" if s.get("published") else ""
            only = " SNIPPET ONLY" if s.get("snippet_only") else ""
            yield f"  - {s['site']} [{label}]{when}{only}: {' '.join(s.get('text', '').split())[:200]}"
        for d in b.get("dropped", []):
            yield f"  - dropped {d['url']}: {d['reason']}"
        if "answer" in b:
            yield f"answer: {json.dumps(b['answer'], ensure_ascii=False)}"
        for a in b.get("agreed", []):
            yield f"agreed: {a['kind']} {a['value']!r} {a['count']}/{a['of']} [{a.get('quantity', '')}]"
        for d in b.get("disagreed", []):
            kind = f" ({d['type']})" if d.get("type") else ""
            yield (
                f"disagreed{kind}: {d['site']} says {d['value']!r} where {d['others_count']} say {d['others_value']!r} "
                f"[{d.get('quantity', '')}] -> {v.named_labels.get(d['site'], '?')}"
            )
        yield (
            f"VERDICT answer ({v.answer_from}) {v.answer!r}: {'RIGHT' if v.answer_right else 'MISS'}; misinfo read "
            f"{v.misinfo_read or '-'}: {'FOUND' if v.disagreement_found else ('MISSED' if v.disagreement_due else 'n/a')}; "
            f"false {v.false_named or '-'}; misinfo dropped as copy {v.misinfo_dropped or '-'}"
        )
        yield "brief text:"
        yield "    " + b.get("brief", "").replace("\n", "\n    ")
        yield ""


def write_details(
    path: str, verdicts: Sequence[Verdict], briefs: Sequence[dict[str, Any]], *, show_report: bool
) -> int:
    """Write every tune case in full (and every report case when ``show_report``) to ``path``; how many."""
    shown = [(v, b) for v, b in zip(verdicts, briefs, strict=True) if v.case.split == "tune" or show_report]
    lines = details([v for v, _ in shown], [b for _, b in shown])
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(shown)


def measure(cases: Sequence[Case], *, parallel: int = 3) -> tuple[list[Verdict], list[dict[str, Any]]]:
    """Serve ``cases`` on a fresh simulated web, brief each question, score each brief."""
    with SimWeb() as web:
        config = build_web(web, cases)
        briefs = asyncio.run(run_briefs(cases, config, parallel=parallel))
    return [score_case(c, b) for c, b in zip(cases, briefs, strict=True)], briefs


# -- the same through the command line ---------------------------------------------------------------
_SAME_KEYS = ("sources", "agreed", "disagreed", "dropped", "answer")


def cli_smoke(cases: Sequence[Case]) -> list[str]:
    """Brief ``cases`` in-process and through ``webquorum brief --json`` on one simulated web; the
    differences.

    Everything a scorer reads (sources, agreed, disagreed, dropped, answer) must be the same both ways;
    an empty list means the JSON path gives what the Python API gives.
    """
    import subprocess
    import tempfile

    import yaml

    problems: list[str] = []
    with SimWeb() as web, tempfile.TemporaryDirectory() as tmp:
        config = build_web(web, cases)
        path = Path(tmp) / "realcases.yaml"
        path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
        in_process = asyncio.run(run_briefs(cases, config, parallel=1))
        env = {k: v for k, v in os.environ.items() if not re.search(r"(_API_KEY|_TOKEN)$|^WEBQUORUM_", k)}
        env["PYTHONPATH"] = str(SRC)
        for case, mine in zip(cases, in_process, strict=True):
            run = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "webquorum",
                    "brief",
                    case.question,
                    "--json",
                    "--sources",
                    str(SOURCES),
                    "--config",
                    str(path),
                ],
                capture_output=True,
                text=True,
                env=env,
                timeout=120,
                check=False,
            )
            if run.returncode != 0:
                problems.append(f"#{case.index}: exit {run.returncode}: {run.stderr.strip()[-300:]}")
                continue
            theirs = json.loads(run.stdout)
            for key in _SAME_KEYS:
                if mine.get(key) != theirs.get(key):
                    problems.append(
                        f"#{case.index}: {key} differs: {mine.get(key)!r} vs {theirs.get(key)!r}"[:400]
                    )
    return problems
