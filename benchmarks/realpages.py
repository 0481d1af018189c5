"""Real pages on real sites through the brief (issue 22's second set): labelled by reading, then run.

RAMDocs (``realcases.py``) is edited copies of encyclopedia passages. This set is what a user meets:
several real public pages on different sites answering one question, some of them outdated or wrong,
most stating other figures of the same subject beside the answer. The material is not in the
repository (the pages' text may not be copied into it): it is ``../realpages/*.jsonl`` beside the
checkout, or the folder ``WEBQUORUM_REALPAGES`` names; without it the benchmark says so and exits 0.

**How it was made.** Questions were chosen and pages found in stored copies of public web pages (the
page text as stored, whole and unedited, beginning at the page's start). Each page was labelled by
reading, by someone who did not run the tool on it, before any run: ``current`` (states the answer
true now), ``older`` (a value that was the answer earlier), ``wrong`` (a value that never was),
``silent`` (about the subject, no answer; often other figures of it) or ``offtopic``; with the value
it gives and its own date when it states one. One line per question::

    {"id", "question", "kind", "gold": [...], "wrong": [...],
     "pages": [{"url", "text", "label", "value", "date", "why"}, ...]}

**The split, written down before any tuning and never to be changed:** a question is in ``tune`` when
the first byte of ``sha1(id)`` is even, else in ``report``. Rules may be adjusted while looking at
``tune`` cases; ``report`` is scored as a whole (``--show-report-cases`` lists it case by case).
A folder labelled after the rules were written (``--fresh``, e.g. ``WEBQUORUM_REALPAGES=../realpages-fresh``)
is one untouched set, ``fresh``: scored as a whole, never split, never shown case by case.

**Serving.** Each page is served at its own host (so its site in the Brief is the real registrable
domain) under a path of its own that ends in the page's real path (a date in the address, "/2018/04/10/",
is read as on the web); the stored copy's leading "date 2025-05" is the page's date as the store
recorded it, served as the page's ``article:published_time`` and not as text; its first line, when it
is a short line, is the page's ``<title>`` and ``<h1>``, every other line a paragraph. A page with no
short first line is titled by its URL's last path segment ("did-eiffel-tower-just-grow-6-metres" as
words), never by the question: the comparison reads a title as naming what the page is about. A
SearXNG instance answers the question with every page in file order (snippet: its first 30 words),
then ``Client.brief(question, sources=6)`` runs in-process.

**Scoring** is ``realcases.score_case``: ``current`` and ``silent`` pages count as correct (naming one
as a dissent is a false disagreement), ``older`` and ``wrong`` as misinformation, ``offtopic`` as
noise. Two measures are added that RAMDocs cannot give:

- **false on agreeing cases**: named dissents in questions where no read page states another value
  than the gold (the sources only state different quantities: the issue's "not one" goal);
- **older typed**: of the read ``older`` pages named as dissents, those the Brief types ``older``.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import ipaddress
import json
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import realcases
from realcases import Case, Doc, Verdict

from webquorum.analysis.answer import answer_statements
from webquorum.analysis.ask import cased_like_pages, read_ask
from webquorum.analysis.compare import COMPARED_CHARS
from webquorum.errors import FetchError
from webquorum.readers.extract import extract_document
from webquorum.readers.trim import trim_to_first_sentence
from webquorum.types import Document
from webquorum.urls import site_of

MATERIAL = Path(os.environ.get("WEBQUORUM_REALPAGES") or realcases.REPO.parent / "realpages")
LABELS = {
    "current": "correct",
    "silent": "correct",
    "older": "misinfo",
    "wrong": "misinfo",
    "offtopic": "noise",
}
TITLE_CHARS = 150
ASKED = {"figure": "number"}  # a labeller's word for the kind, as realcases.TYPES names it
# the store's record of a page's date, written before its text: " date 2025-05 QIANXINAN, CHINA - ..."
STORED_DATE = re.compile(r"\s*date (\d{4}(?:-\d\d){0,2}) ")


def split_of_id(case_id: str) -> str:
    """The split, written down before tuning: the first byte of sha1(id) even is tune, odd is report."""
    return "tune" if hashlib.sha1(case_id.encode()).digest()[0] % 2 == 0 else "report"


@dataclass(frozen=True)
class PageCase(Case):
    """A question over real pages: served at the pages' own hosts, its split fixed by its id."""

    id: str = ""
    urls: tuple[str, ...] = ()
    page_labels: tuple[str, ...] = ()
    dates: tuple[str | None, ...] = ()  # each page's date as the store recorded it, else None
    asked: str = ""  # the kind the labeller gave: "274" is a count of moons, not a year
    fresh: bool = False  # labelled after the rules: one untouched set, never split

    @property
    def kind(self) -> str:
        return self.asked or super().kind

    @property
    def split(self) -> str:
        return "fresh" if self.fresh else split_of_id(self.id)

    def host(self, k: int) -> str:
        return site_of(self._served_host(k))

    def page(self, k: int) -> tuple[str, str, str]:
        real = urlsplit(self.urls[k]).path.rstrip("/")
        html_text = page_html(self.docs[k].text, self.title(k), self.dates[k] if self.dates else None)
        return self._served_host(k), f"/{self.tag}/{k}{real}", html_text

    def _served_host(self, k: int) -> str:
        """The page's own host; an address written as an IP literal is served under a name instead, since only
        names are resolved to the loopback web (a literal would be dialled as written: no page, or a wait)."""
        host = urlsplit(self.urls[k]).hostname or f"page{k}.example"
        try:
            ipaddress.ip_address(host)
        except ValueError:
            return host
        return "ip-" + re.sub(r"[^0-9a-z]", "-", host) + ".example"

    def title(self, k: int) -> str:
        first = self.docs[k].text.strip().split("\n", 1)[0].strip()
        if 0 < len(first) <= TITLE_CHARS:
            return first
        slug = [part for part in urlsplit(self.urls[k]).path.split("/") if part]
        return " ".join(re.findall(r"[^\W_]+", slug[-1].rsplit(".", 1)[0])) if slug else self.host(k)


def page_html(text: str, title: str, published: str | None = None) -> str:
    """A stored page's text as a plain article: a short first line is its title and heading; its date, when
    the store recorded one, in the meta tag publishers use."""
    lines = [line.strip() for line in text.strip().split("\n") if line.strip()]
    if lines and lines[0] == title:
        lines = lines[1:]
    body = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
    t = html.escape(title)
    dated = f'<meta property="article:published_time" content="{published}">' if published else ""
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{t}</title>{dated}</head>'
        f"<body><article><h1>{t}</h1>{body}</article></body></html>"
    )


def load_cases(folder: Path = MATERIAL, *, split: str = "both", fresh: bool = False) -> list[PageCase]:
    cases: list[PageCase] = []
    asked: set[str] = set()
    index = 0
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if realcases.query_key(row["question"]) in asked:
                continue  # one question is one search: a second labelling of it is not another case
            asked.add(realcases.query_key(row["question"]))
            pages = row["pages"]
            stored = [STORED_DATE.match(p["text"]) for p in pages]
            case = PageCase(
                index,
                row["question"],
                tuple(
                    Doc(p["text"][m.end() :] if m else p["text"], LABELS[p["label"]], p.get("value") or "")
                    for p, m in zip(pages, stored, strict=True)
                ),
                tuple(row["gold"]),
                tuple(row.get("wrong") or ()),
                id=row["id"],
                urls=tuple(p["url"] for p in pages),
                page_labels=tuple(p["label"] for p in pages),
                dates=tuple(m[1] if m else None for m in stored),
                asked=ASKED.get(row.get("kind") or "", row.get("kind") or ""),
                fresh=fresh,
            )
            index += 1
            if fresh or split in ("both", case.split):
                cases.append(case)
    return cases


def extra(verdicts: Sequence[Verdict], briefs: Sequence[dict[str, Any]]) -> list[str]:
    """The measures RAMDocs cannot give, per split; and how many of the older or wrong pages named were named
    with the value they state. A page is scored as named whatever value the brief gives it, so a misread
    ("Former Damon Runyon Sponsor" read as a chief) on an older page counted as a found disagreement (real
    pages, session ag): the last column counts only the dissents that show the page's own value."""
    lines = [
        "\n| split | agreeing cases (no read page states another value) | false disagreements in them | "
        "older pages named | of them typed `older` | older or wrong pages named | of them with their own value |",
        "|---|---|---|---|---|---|---|",
    ]
    for split in realcases.SPLITS:
        agreeing = false = older_named = typed = misinfo_named = with_value = 0
        for v, b in zip(verdicts, briefs, strict=True):
            case = v.case
            if case.split != split or not isinstance(case, PageCase):
                continue
            if not v.misinfo_read:
                agreeing += 1
                false += len(v.false_named)
            types = {d.get("site"): d.get("type") for d in b.get("disagreed", [])}
            # the first value the brief gives each site (a later item of the same site is another quantity)
            values = {d.get("site"): str(d.get("value", "")) for d in reversed(b.get("disagreed", []))}
            for site, k in v.read.items():
                if case.page_labels[k] == "older" and site in v.named:
                    older_named += 1
                    typed += types.get(site) == "older"
                if case.docs[k].label == "misinfo" and site in v.named:
                    misinfo_named += 1
                    with_value += realcases.matches_any(values.get(site, ""), [case.docs[k].answer])
        lines.append(
            f"| {split} | {agreeing} | {false} | {older_named} | {typed} | {misinfo_named} | {with_value} |"
        )
    return lines


def _read_page(case: PageCase, k: int) -> tuple[str, str, str, Document] | None:
    """Page ``k`` as the brief's reader hands it over: (host, URL, main text from its first real sentence,
    the document); None for a wall or an empty page, where the brief's reader reads nothing either."""
    host, path, body = case.page(k)
    url = f"http://{host}{path}"
    try:
        page = extract_document(
            body.encode(), content_type="text/html; charset=utf-8", url=url, final_url=url
        )
    except FetchError:
        return None
    return host, url, trim_to_first_sentence(page.text), page


def page_reading(cases: Sequence[PageCase]) -> list[str]:
    """Issue 22's finest measure, page by page: for each labelled page stating a value (``current``,
    ``older`` or ``wrong``), whether the answer layer reads that value from the page alone, as the brief's
    reader hands it over (the main text ``extract_document`` keeps, from its first real sentence). Tallied
    per question kind, a role's holder apart, and per label: read right, another value read, none read.

    Why a measure of its own: a brief's answer and its dissents stand on these readings, and a question
    hides them (four pages agreeing may be two read right and two not read at all). A rule that reads more
    pages right is where a round starts, never its proof: the proof is a new set's briefs."""
    tally: dict[tuple[str, str], list[int]] = {}
    for case in cases:
        pages = [_read_page(case, k) for k in range(len(case.docs))]
        # the question as the brief reads it: typed in lower case, cased as its pages write its words
        compared = [text[:COMPARED_CHARS] for _, _, text, _ in filter(None, pages)]
        ask = read_ask(cased_like_pages(case.question, compared))
        kind = "none asked" if ask is None else ("role" if ask.role else ask.kind)
        for k, doc in enumerate(case.docs):
            label = case.page_labels[k]
            if label not in ("current", "older", "wrong") or not doc.answer:
                continue
            found = None
            if ask is not None and (read := pages[k]) is not None:
                host, url, text, page = read
                found = answer_statements(
                    host, url, text, ask, title=page.title or "", published=page.published
                )
            row = tally.setdefault((kind, "current" if label == "current" else "older or wrong"), [0, 0, 0])
            row[
                0
                if found is not None and realcases.matches_any(found.value, [doc.answer])
                else (1 if found else 2)
            ] += 1
    lines = [
        "| question kind | pages labelled | read right | another value read | none read |",
        "|---|---|---|---|---|",
    ]
    for (kind, label), (right, other, none) in sorted(tally.items()):
        total = right + other + none
        lines.append(f"| {kind} | {label} | {realcases.Tally.ratio(right, total)} | {other} | {none} |")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--split", choices=["tune", "report", "both"], default="tune")
    parser.add_argument("--details", help="write every shown case in full to this file")
    parser.add_argument("--show-report-cases", action="store_true")
    parser.add_argument(
        "--fresh", action="store_true", help="the folder is one untouched set, labelled after the rules"
    )
    parser.add_argument(
        "--reading", action="store_true", help="only the page-by-page reading (no briefs): page_reading"
    )
    args = parser.parse_args()
    if not MATERIAL.is_dir() or not any(MATERIAL.glob("*.jsonl")):
        print(f"skipped: no labelled pages in {MATERIAL} (set WEBQUORUM_REALPAGES)")
        return 0
    cases = load_cases(split=args.split, fresh=args.fresh)
    pages = sum(len(c.docs) for c in cases)
    print(f"## Real pages on real sites ({MATERIAL.name}): {len(cases)} questions, {pages} pages\n")
    if args.reading:
        print("\n".join(page_reading(cases)))
        return 0
    verdicts, briefs = realcases.measure(cases)
    print(realcases.table(verdicts))
    print("\n".join(extra(verdicts, briefs)))
    if args.details:
        realcases.write_details(args.details, verdicts, briefs, show_report=args.show_report_cases)
    return 0


if __name__ == "__main__":
    sys.exit(main())
