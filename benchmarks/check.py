"""check_answer on real text (issue 28, part 2): does it catch the errors a small model plants in a draft?

**Split, fixed before any tuning.** ``../shared/ramdocs-dev/ramdocs-dev.jsonl`` (real questions with real
passages labelled correct, noise or misinformation; skipped, exit 0, when absent), by line position
``i`` from 0: lines with ``i % 4 == 1`` are the development half (looked at while writing the rules),
lines with ``i % 4 == 3`` the report half (run only to print the figure; never looked at case by case).
The other lines are left to the comparison benchmark.

**Cases.** For each question, the sources are its ``correct`` passages, each given to
``Client.check_answer`` as a source of a brief's JSON on its own URL (``https://doc<j>.q<i>.test/``).
The drafts are written by program from the gold answer and the passages, never by hand:

- *faithful*: the sentence of a correct passage that holds the gold answer (cut to 400 characters
  around it), then ``Source: <that passage's URL>.``. Questions whose gold answer no correct passage
  holds literally are skipped (counted);
- *changed figure*: the faithful draft with the gold's number changed (a year by one, a day of the
  month by one, another number in its leading digit: "3,559" to "4,559");
- *wrong unit*: the gold's unit swapped for another of the same kind or scale ("metres" to "feet",
  "million" to "billion", "people" to "households", "$" to "£"), when the gold has one;
- *swapped name* / *swapped value*: the gold replaced by the question's first wrong answer (a real
  misinformation value) that is not the gold; "name" when the gold has no digit;
- *invented URL*: the faithful draft citing a URL no source has (alternately a made-up path on the
  source's own host and a made-up site).

Each comes in two forms: *quoted* (the source's own sentence, as a model that copies) and *short*
("The answer is <value>. Source: <URL>.", the value alone in words no source has).

**Scores.** A planted error is caught when an item covering the planted span (or the invented URL)
is ``contradicted`` or ``not_in_sources``. Recall per error type and in all; precision = flags on a
planted error / all flags raised on every draft (a flag on anything but the planted error, in a
faithful or a planted draft, is a false flag); the faithful drafts with any flag; the CPU per check;
and the worst case the bounds allow, on real text.

    PYTHONPATH=. .venv/bin/python benchmarks/check.py [--split dev|report|both] [--show N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from webquorum import Client
from webquorum.text.names import name_key
from webquorum.text.sentences import sentence_spans

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "ramdocs-dev" / "ramdocs-dev.jsonl"
SPLITS = {"dev": 1, "report": 3}
KINDS = tuple(
    f"{k}{form}"
    for form in ("", ", short")
    for k in ("changed figure", "wrong unit", "swapped name", "swapped value", "invented URL")
)
UNIT_SWAPS = {
    "metres": "feet",
    "meters": "feet",
    "feet": "metres",
    "ft": "m",
    "m": "ft",
    "km": "miles",
    "kilometres": "miles",
    "kilometers": "miles",
    "miles": "km",
    "million": "billion",
    "billion": "million",
    "thousand": "million",
    "people": "households",
    "inhabitants": "households",
    "residents": "households",
    "acres": "hectares",
    "hectares": "acres",
    "kg": "lb",
    "pounds": "kg",
    "%": " km",
    "percent": "km",
    "years": "months",
    "seats": "votes",
}
_UNIT = re.compile(
    r"(?<![\w])(" + "|".join(re.escape(u) for u in sorted(UNIT_SWAPS, key=len, reverse=True)) + r")(?![\w])"
)
CURRENCY_SWAPS = {"$": "£", "€": "$", "£": "$"}
_CURRENCY = re.compile(r"[$€£]")
_NUMBER = re.compile(r"\d+(?:[,.]\d+)*")


@dataclass
class Draft:
    kind: str  # "faithful" or one of KINDS
    text: str
    planted: tuple[int, int] | None = None  # the planted span in text
    url: str | None = None  # the invented URL


@dataclass
class Case:
    line: int
    question: str
    sources: list[dict[str, str]]
    drafts: list[Draft] = field(default_factory=list)


def load(split: str) -> tuple[list[Case], int]:
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    cases, skipped = [], 0
    for i, row in enumerate(rows):
        if i % 4 != SPLITS[split]:
            continue
        passages = [d["text"] for d in row["documents"] if d["type"] == "correct"]
        sources = [{"url": f"https://doc{j}.q{i}.test/", "text": t} for j, t in enumerate(passages)]
        case = Case(i, row["question"], sources)
        case.drafts = drafts(i, row, sources)
        if case.drafts:
            cases.append(case)
        else:
            skipped += 1
    return cases, skipped


def drafts(i: int, row: dict, sources: list[dict[str, str]]) -> list[Draft]:  # type: ignore[type-arg]
    for gold in row["gold_answers"]:
        for source in sources:
            at = source["text"].lower().find(gold.lower())
            if at < 0 or not gold.strip():
                continue
            lo, hi = next(
                ((a, b) for a, b in sentence_spans(source["text"]) if a <= at < b), (at, at + len(gold))
            )
            lo, hi = max(lo, at - 200), min(max(hi, at + len(gold)), at + len(gold) + 200)
            text = source["text"]
            while lo < at and lo > 0 and text[lo - 1].isalnum():  # whole words only
                lo += 1
            while hi > at + len(gold) and hi < len(text) and text[hi].isalnum():
                hi -= 1
            sentence = " ".join(source["text"][lo:hi].split()).rstrip(" .") + "."  # a draft's sentence ends
            g = sentence.lower().find(" ".join(gold.lower().split()))
            if g < 0:
                continue
            g1 = g + len(" ".join(gold.split()))
            quoted = planted(i, sentence, g, g1, gold, row["wrong_answers"], source["url"])
            short = f"The answer is {sentence[g:g1]}."  # the value alone, in no frame a source has
            return quoted + [
                Draft(f"{d.kind}, short", d.text, d.planted, d.url)
                for d in planted(i, short, 14, 14 + g1 - g, gold, row["wrong_answers"], source["url"])
            ]
    return []


def planted(i: int, sentence: str, g0: int, g1: int, gold: str, wrong: list[str], url: str) -> list[Draft]:
    tail = f" Source: {url}."
    out = [Draft("faithful", sentence + tail)]
    value = sentence[g0:g1]

    def swap(new: str, kind: str) -> None:
        text = sentence[:g0] + new + sentence[g1:]
        out.append(Draft(kind, text + tail, (g0, g0 + len(new))))

    number = _NUMBER.search(value)
    if number:
        digits = number[0]
        if re.fullmatch(r"1[5-9]\d\d|20\d\d", digits):
            changed = digits[:-1] + str((int(digits[-1]) + 1) % 10)
        elif len(digits) <= 2:  # a day of the month stays a valid day
            changed = str(int(digits) + 1 if int(digits) < 28 else int(digits) - 1)
        else:
            first = int(digits[0])
            changed = str(first + 1 if first < 9 else 8) + digits[1:]
        swap(value[: number.start()] + changed + value[number.end() :], "changed figure")
        currency = _CURRENCY.search(value, 0, number.start() + 1)
        if currency is not None:
            swap(
                value[: currency.start()] + CURRENCY_SWAPS[currency[0]] + value[currency.end() :],
                "wrong unit",
            )
        unit = (
            None
            if currency
            else _UNIT.search(value, number.end())
            or _UNIT.search(sentence, g0 + number.end(), min(len(sentence), g1 + 20))
        )
        if unit is not None and not currency:
            if unit.string is value:
                swap(value[: unit.start()] + UNIT_SWAPS[unit[0]] + value[unit.end() :], "wrong unit")
            else:  # the unit written just after the gold value in the sentence
                text = sentence[: unit.start()] + UNIT_SWAPS[unit[0]] + sentence[unit.end() :]
                out.append(Draft("wrong unit", text + tail, (g0, unit.start() + len(UNIT_SWAPS[unit[0]]))))
    other = next((w for w in wrong if w.strip() and name_key(w) != name_key(gold)), None)
    if other is not None:
        swap(other, "swapped value" if any(c.isdigit() for c in gold) else "swapped name")
    invented = f"{url}archive/{i}-report" if i % 8 < 4 else f"https://www.reference-{i}.example/answers/{i}"
    out.append(Draft("invented URL", f"{sentence} Source: {url}, {invented}.", url=invented))
    return out


@dataclass
class Score:
    caught: Counter[str] = field(default_factory=Counter)
    planted: Counter[str] = field(default_factory=Counter)
    flags: int = 0
    false_flags: int = 0
    faithful: int = 0
    faithful_flagged: int = 0
    examples: list[str] = field(default_factory=list)
    cpu_ms: list[float] = field(
        default_factory=list
    )  # process time per check (this process's threads included)


def overlaps(draft: str, text: str, span: tuple[int, int]) -> bool:
    start = draft.find(text)
    while start >= 0:
        if start < span[1] and start + len(text) > span[0]:
            return True
        start = draft.find(text, start + 1)
    return False


async def run(cases: list[Case]) -> Score:
    score = Score()
    async with Client({"cache": {"enabled": False}}) as wq:
        for case in cases:
            brief = {"sources": case.sources}
            for draft in case.drafts:
                began = time.process_time()
                result = await wq.check_answer(answer=draft.text, brief=brief)
                score.cpu_ms.append((time.process_time() - began) * 1000)
                flagged = [i for i in result.items if i.status != "backed"]
                bad_urls = [u for u in result.urls if u.status != "backed"]
                hit = False
                false = []
                for item in flagged:
                    if draft.planted is not None and overlaps(draft.text, item.text, draft.planted):
                        hit = True
                    else:
                        false.append(f"{item.status} {item.text!r}")
                for u in bad_urls:
                    if u.url == draft.url:
                        hit = True
                    else:
                        false.append(f"url {u.url}")
                score.flags += len(flagged) + len(bad_urls)
                score.false_flags += len(false)
                if draft.kind.startswith("faithful"):
                    score.faithful += 1
                    score.faithful_flagged += bool(false)
                else:
                    score.planted[draft.kind] += 1
                    score.caught[draft.kind] += hit
                    if not hit:
                        score.examples.append(f"missed {draft.kind} (line {case.line}): {draft.text[:160]!r}")
                if false:
                    score.examples.append(
                        f"false flag in {draft.kind} (line {case.line}): {'; '.join(false)[:160]}"
                    )
    return score


def table(split: str, cases: list[Case], skipped: int, s: Score) -> str:
    caught = sum(s.caught.values())
    planted = sum(s.planted.values())
    precision = (s.flags - s.false_flags) / s.flags if s.flags else 1.0
    rows = [
        f"| {split} | {len(cases)} questions ({skipped} skipped: gold in no correct passage) |",
        "|---|---|",
    ]
    for kind in KINDS:
        if s.planted[kind]:
            rows.append(
                f"| {kind} | recall **{s.caught[kind] / s.planted[kind]:.2f}** ({s.caught[kind]}/{s.planted[kind]}) |"
            )
    rows.append(
        f"| all planted errors | recall **{caught / planted:.2f}** ({caught}/{planted}), precision **{precision:.2f}** ({s.flags - s.false_flags}/{s.flags} flags) |"
    )
    rows.append(
        f"| faithful drafts | **{s.faithful_flagged}** of {s.faithful} with a false flag ({s.false_flags} false flags on all drafts) |"
    )
    cpu = sorted(s.cpu_ms)
    rows.append(
        f"| CPU per check | median **{statistics.median(cpu):.0f} ms**, p90 {cpu[int(0.9 * (len(cpu) - 1))]:.0f} ms "
        f"({sum(len(c.sources) for c in cases) / len(cases):.1f} passages a question) |"
    )
    return "\n".join(rows)


def worst_case() -> str:
    """The bounds' worst case: a 20,000-character draft (the largest taken) of real text against 800,000
    characters of real sources (near the 1,000,000 one check reads), CPU of the pure check."""
    from webquorum.analysis.audit import SourceText, audit

    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    texts = [d["text"] for row in rows for d in row["documents"]]
    whole = " ".join(texts)[:800_000]
    sources = [SourceText(f"https://s{k}.test/", whole[k * 200_000 : (k + 1) * 200_000]) for k in range(4)]
    draft = " ".join(reversed(texts))[:20_000]
    began = time.process_time()
    items = audit(draft, sources)
    return f"| worst case | {len(items)} items of a 20,000-character draft against 800,000 characters: **{time.process_time() - began:.2f} s** CPU |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--split", choices=["dev", "report", "both"], default="both")
    parser.add_argument(
        "--show", type=int, default=0, help="print this many misses and false flags (dev split only)"
    )
    args = parser.parse_args()
    if not DATA.exists():
        print(f"skipped: {DATA} is absent")
        return 0
    for split in ("dev", "report") if args.split == "both" else (args.split,):
        cases, skipped = load(split)
        score = asyncio.run(run(cases))
        print(table(split, cases, skipped, score))
        if split == "dev":
            for line in score.examples[: args.show]:
                print("  " + line)
    print(worst_case())
    return 0


if __name__ == "__main__":
    sys.exit(main())
