"""Main-text extraction benchmark: our reader, trafilatura and readability on varied pages, in one run.

Sets (read from ``../shared`` beside the repo; nothing is copied into the repository):

- ``news``: ``extraction-benchmark/`` (88 news pages, hand-made article bodies);
- ``dragnet``: ``extraction-dev/dragnet/`` (461 blog and news pages of 2012, people's article text);
- ``trafeval``: ``extraction-dev/trafilatura-eval/`` (330 pages, mostly German, strings that must and must
  not appear).

Metrics: ``news`` and ``dragnet`` use the scrapinghub metric (4-token shingles of ``\\w+`` tokens, per-page
multiset precision and recall, averaged over pages, F1 the harmonic mean of the two means); ``trafeval``
uses trafilatura's own evaluation (each ``with`` string found, whitespace-normalised, is a true positive,
each missing one a false negative; each ``without`` string found a false positive; P/R/F over all strings).

**The split, fixed before any tuning (written down here first):** within each set, a page belongs to the
*tune* half when ``int(sha256(page_id).hexdigest(), 16) % 2 == 0`` and to the *report* half otherwise.
Rules are chosen by looking at the tune half only; the figures that count are the report half's.
``--half tune`` prints the tune half instead (for development).

Extractors, each run over the same pages in one process (time is CPU seconds in this process):

- ``ours``: ``extract_document`` (the whole main text ``fetch`` and ``collect`` return);
- ``traf-fast``: trafilatura as the reader called it before issue 23 (``fast=True``, tables, no comments);
- ``trafilatura``: trafilatura's default (``bare_extraction(html, url=url, include_comments=False)``, with
  its fallback extractors), the library as most people call it;
- ``readability``: readability-lxml's ``Document(html).summary()`` turned into text by html-text.

Beside the F1 table it counts, on the report half, the *claim-bearing lines* of our text (a line with a
digit and at least one word of letters besides it) that the brief's first-sentence trim drops, with the
trim as it was (every line above the first real sentence) and as it is now (claim lines kept).

    PYTHONPATH=. .venv/bin/python benchmarks/extraction.py [--limit N] [--half report|tune] [--sets
    news,dragnet]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
BENCHMARK = SHARED / "extraction-benchmark"
DEV = SHARED / "extraction-dev"
SETS = ("news", "dragnet", "trafeval")
_TOKEN = re.compile(r"\w+")

Extractor = Callable[[bytes, str], str]


@dataclass(frozen=True)
class Case:
    page_id: str
    url: str
    html: bytes
    truth: str  # the article text ("" on trafeval)
    with_: tuple[str, ...] = ()  # trafeval: strings that must appear
    without: tuple[str, ...] = ()  # trafeval: strings that must not appear


@dataclass
class Score:
    """Totals of one extractor on one set: shingle P/R summed over pages, snippet counts, CPU time."""

    name: str
    pages: int = 0
    precision_sum: float = 0.0
    recall_sum: float = 0.0
    tp: int = 0
    fn: int = 0
    fp: int = 0
    seconds: float = 0.0
    texts: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        if self.tp + self.fn + self.fp:
            return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0
        return self.precision_sum / self.pages if self.pages else 0.0

    @property
    def recall(self) -> float:
        if self.tp + self.fn + self.fp:
            return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0
        return self.recall_sum / self.pages if self.pages else 0.0

    @property
    def f1(self) -> float:
        total = self.precision + self.recall
        return 2 * self.precision * self.recall / total if total else 0.0

    @property
    def ms_per_page(self) -> float:
        return 1000 * self.seconds / self.pages if self.pages else 0.0


def in_report_half(page_id: str) -> bool:
    """The split written down in the docstring: odd sha256 of the page id is the report half."""
    return int(hashlib.sha256(page_id.encode()).hexdigest(), 16) % 2 == 1


def load_news(root: Path = BENCHMARK) -> list[Case]:
    truth = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
    return [
        Case(
            page_id,
            entry["url"],
            gzip.decompress((root / "html" / f"{page_id}.html.gz").read_bytes()),
            entry["articleBody"],
        )
        for page_id, entry in sorted(truth.items())
    ]


def load_dev(dataset: str, root: Path = DEV) -> list[Case]:
    folder = root / dataset
    cases = []
    for meta_path in sorted(folder.glob("*.json")):
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        html = meta_path.with_suffix(".html").read_bytes()
        cases.append(
            Case(
                meta["id"],
                meta.get("url") or "",
                html,
                meta.get("articleBody", ""),
                tuple(meta.get("with", ())),
                tuple(meta.get("without", ())),
            )
        )
    return cases


def load_set(name: str) -> list[Case]:
    return load_news() if name == "news" else load_dev("dragnet" if name == "dragnet" else "trafilatura-eval")


def shingles(text: str) -> Counter[tuple[str, ...]]:
    tokens = _TOKEN.findall(text)
    if len(tokens) < 4:
        return Counter([tuple(tokens)]) if tokens else Counter()
    return Counter(tuple(tokens[i : i + 4]) for i in range(len(tokens) - 3))


def page_precision_recall(predicted: str, truth: str) -> tuple[float, float]:
    pred, true = shingles(predicted), shingles(truth)
    tp = sum((pred & true).values())
    fp = sum(pred.values()) - tp
    fn = sum(true.values()) - tp
    if fp == 0 and fn == 0:
        return 1.0, 1.0
    if tp == 0:
        return 0.0, 0.0
    return tp / (tp + fp), tp / (tp + fn)


def snippet_counts(predicted: str, with_: Iterable[str], without: Iterable[str]) -> tuple[int, int, int]:
    """trafilatura-eval's counts for one page: (true positives, false negatives, false positives)."""
    flat = " ".join(predicted.split())
    found = [" ".join(s.split()) in flat for s in with_]
    leaked = [" ".join(s.split()) in flat for s in without]
    return sum(found), len(found) - sum(found), sum(leaked)


def add(total: Score, case: Case, predicted: str) -> None:
    total.pages += 1
    total.texts.append(predicted)
    if case.with_ or case.without:
        tp, fn, fp = snippet_counts(predicted, case.with_, case.without)
        total.tp, total.fn, total.fp = total.tp + tp, total.fn + fn, total.fp + fp
    else:
        p, r = page_precision_recall(predicted, case.truth)
        total.precision_sum += p
        total.recall_sum += r


def score(name: str, extractor: Extractor, cases: Iterable[Case]) -> Score:
    total = Score(name)
    for case in cases:
        start = time.process_time()
        try:
            predicted = extractor(case.html, case.url)
        except Exception:  # a failed prediction counts as empty text, as the benchmark says
            predicted = ""
        total.seconds += time.process_time() - start
        add(total, case, predicted)
    return total


def ours(html: bytes, url: str) -> str:
    from webquorum.readers.extract import extract_document

    doc = extract_document(
        html,
        content_type="text/html",
        url=url or "https://example.org/",
        final_url=url or "https://example.org/",
    )
    return str(doc.text)


def _html(html: bytes) -> str:
    from webquorum.readers.extract import decode_text

    return decode_text(html, "text/html")


def trafilatura_fast(html: bytes, url: str) -> str:
    import trafilatura

    doc = trafilatura.bare_extraction(
        _html(html),
        url=url or None,
        fast=True,
        include_comments=False,
        include_tables=True,
        with_metadata=False,
    )
    return (doc.text or "") if isinstance(doc, trafilatura.settings.Document) else ""


def trafilatura_bare(html: bytes, url: str) -> str:
    import trafilatura

    doc = trafilatura.bare_extraction(_html(html), url=url or None, include_comments=False)
    return (doc.text or "") if isinstance(doc, trafilatura.settings.Document) else ""


def readability_text(html: bytes, url: str) -> str:
    import html_text
    from readability import Document

    return str(html_text.extract_text(Document(_html(html), url=url or None).summary(html_partial=True)))


EXTRACTORS: dict[str, Extractor] = {
    "ours": ours,
    "traf-fast": trafilatura_fast,
    "trafilatura": trafilatura_bare,
    "readability": readability_text,
}
_CLAIM_LINE = re.compile(r"(?=.*\d)(?=.*[^\W\d_]{2})")


def claim_lines_dropped(text: str, keep_claims: bool) -> tuple[int, int]:
    """(claim-bearing lines in ``text``, how many of them the brief's trim drops): a digit and a 2-letter
    word."""
    from webquorum.readers.trim import trim_to_first_sentence

    lines = [line for line in text.splitlines() if _CLAIM_LINE.match(line)]
    kept = Counter(trim_to_first_sentence(text, keep_claims=keep_claims).splitlines())
    dropped = 0
    for line in lines:
        if kept[line] > 0:
            kept[line] -= 1
        else:
            dropped += 1
    return len(lines), dropped


def ablations() -> dict[str, object]:
    """Our reader with each of its rules switched off in turn (walls aside: ``html_text``)."""
    from webquorum.readers.choose import MAIN_TEXT_RULES

    return {f"ours -{name}": MAIN_TEXT_RULES._replace(**{name: False}) for name in MAIN_TEXT_RULES._fields}


def run_set(
    name: str, cases: list[Case], extractors: dict[str, Extractor], rules: dict[str, object]
) -> list[Score]:
    """Every extractor on every page, interleaved page by page (the first to touch a page pays for cold
    caches, so the order rotates) so that load hits them alike."""
    from webquorum.readers.extract import html_text

    totals = {key: Score(key) for key in [*extractors, *rules]}
    order = list(extractors.items())
    for n, case in enumerate(cases):
        for key, extractor in order[n % len(order) :] + order[: n % len(order)]:  # each goes first in turn
            start = time.process_time()
            try:
                predicted = extractor(case.html, case.url)
            except Exception:  # a failed prediction counts as empty text, as the benchmark says
                predicted = ""
            totals[key].seconds += time.process_time() - start
            add(totals[key], case, predicted)
        for key, variant in rules.items():
            start = time.process_time()
            predicted = html_text(_html(case.html), case.url or "https://example.org/", variant)  # type: ignore[arg-type]
            totals[key].seconds += time.process_time() - start
            add(totals[key], case, predicted)
    return list(totals.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--limit", type=int, default=None, help="score only the first N pages of each set's half"
    )
    parser.add_argument(
        "--half", choices=("report", "tune"), default="report", help="which half (default: report)"
    )
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: news, dragnet, trafeval")
    parser.add_argument("--no-ablation", action="store_true", help="skip re-scoring ours with each rule off")
    args = parser.parse_args(argv)
    names = [n for n in args.sets.split(",") if n]
    unknown = [n for n in names if n not in SETS]
    if unknown:
        print(f"--sets: unknown set {unknown[0]!r}; use some of {', '.join(SETS)}", file=sys.stderr)
        return 2
    if not (BENCHMARK / "ground-truth.json").is_file() or not (DEV / "index.json").is_file():
        print(
            f"extraction sets not found under {SHARED} (expected ../shared beside the repo)", file=sys.stderr
        )
        return 2
    from webquorum.readers.choose import warm_fallback

    warm_fallback()  # as the extraction workers' fork server does (readers/sandbox/preload.py)
    for extractor in EXTRACTORS.values():  # one-time costs (imports, stop-word lists) before the clock runs
        extractor(b"<html><body><p>Warm up.</p></body></html>", "https://example.org/")
    rules = {} if args.no_ablation else ablations()
    claims = Counter[str]()
    print(
        f"{args.half} half; F1/P/R: shingles (news, dragnet), snippets (trafeval); ms/page: CPU in this process"
    )
    for name in names:
        cases = [c for c in load_set(name) if in_report_half(c.page_id) == (args.half == "report")][
            : args.limit
        ]
        scores = run_set(name, cases, EXTRACTORS, rules)
        print(f"\n{name} ({len(cases)} pages)")
        print(f"  {'extractor':<16} {'F1':>7} {'P':>7} {'R':>7} {'ms/page':>8}")
        for s in scores:
            print(f"  {s.name:<16} {s.f1:7.4f} {s.precision:7.4f} {s.recall:7.4f} {s.ms_per_page:8.1f}")
        mine, theirs = scores[0], next(s for s in scores if s.name == "trafilatura")
        best = max((s for s in scores if s.name in ("trafilatura", "readability")), key=lambda s: s.f1)
        print(
            f"  ours - best library ({best.name}): {mine.f1 - best.f1:+.4f} F1; "
            f"time ours/trafilatura {mine.seconds / theirs.seconds:.2f}x"
        )
        for text in mine.texts:
            total, before = claim_lines_dropped(text, keep_claims=False)
            _, after = claim_lines_dropped(text, keep_claims=True)
            claims.update(lines=total, before=before, after=after)
    print(
        f"\nclaim-bearing lines (a digit and a word) in our text: {claims['lines']}; dropped by the brief's trim: "
        f"{claims['before']} with the old trim, {claims['after']} now"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
