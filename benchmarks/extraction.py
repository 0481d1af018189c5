"""Main-text extraction benchmark: our reader against trafilatura's bare extraction, in one run.

Reads ../shared/extraction-benchmark beside the repo (88 news/blog pages with a hand-made article
body each) and scores both extractors with the benchmark's own metric: F1 over 4-token shingles,
precision and recall averaged over pages, F1 the harmonic mean of those two means. "ours" is
``extract_document`` (trimming on); "trafilatura" is ``bare_extraction(html, url=url,
include_comments=False).text``, the setting the benchmark's reference row uses. Time is CPU
seconds in this process, so pages/s is per core.

Beside the whole-set figure it prints a 2-fold cross-validated one: the pages are split in two
fixed halves (sorted by a hash of the page id, alternating); on each half the rule set
(:class:`webquorum.readers.extract.MainTextRules`: embeds, promo blocks, trimming, safety-net
share) that scores best on the *other* half is scored, so each half's figure comes from rules
chosen without it. Both halves and their mean are printed.

    .venv/bin/python benchmarks/extraction.py [--limit N] [--root DIR]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import itertools
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCHMARK = REPO.parent / "shared" / "extraction-benchmark"
_TOKEN = re.compile(r"\w+")

Extractor = Callable[[bytes, str], str]


@dataclass(frozen=True)
class Case:
    page_id: str
    url: str
    html: bytes
    truth: str


@dataclass(frozen=True)
class Score:
    name: str
    precision: float
    recall: float
    seconds: float
    pages: int

    @property
    def f1(self) -> float:
        total = self.precision + self.recall
        return 2 * self.precision * self.recall / total if total else 0.0

    @property
    def pages_per_second(self) -> float:
        return self.pages / self.seconds if self.seconds else float("inf")


def load_cases(root: Path = BENCHMARK, limit: int | None = None) -> list[Case]:
    truth = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
    cases = [
        Case(page_id, entry["url"], gzip.decompress((root / "html" / f"{page_id}.html.gz").read_bytes()),
             entry["articleBody"])
        for page_id, entry in sorted(truth.items())
    ]
    return cases[:limit] if limit else cases


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


def score(name: str, extractor: Extractor, cases: Iterable[Case]) -> Score:
    precisions: list[float] = []
    recalls: list[float] = []
    seconds = 0.0
    for case in cases:
        start = time.process_time()
        try:
            predicted = extractor(case.html, case.url)
        except Exception:  # a failed prediction counts as empty text, as the benchmark says
            predicted = ""
        seconds += time.process_time() - start
        p, r = page_precision_recall(predicted, case.truth)
        precisions.append(p)
        recalls.append(r)
    n = len(precisions)
    return Score(name, sum(precisions) / n, sum(recalls) / n, seconds, n)


def ours(html: bytes, url: str) -> str:
    from webquorum.readers.extract import extract_document

    doc = extract_document(html, content_type="text/html; charset=utf-8", url=url, final_url=url)
    return str(doc.text)


def trafilatura_bare(html: bytes, url: str) -> str:
    import trafilatura

    doc = trafilatura.bare_extraction(html.decode("utf-8", errors="replace"), url=url, include_comments=False)
    return (doc.text or "") if isinstance(doc, trafilatura.settings.Document) else ""


@dataclass(frozen=True)
class Pieces:
    """What the rules work on, computed once per page: trafilatura's text, the visible text, the embeds."""

    raw: str
    visible: str
    embeds: list  # list[Embed]


def pieces(case: Case) -> Pieces:
    from selectolax.lexbor import LexborHTMLParser

    from webquorum.readers.embeds import find_embeds
    from webquorum.readers.extract import _visible_text, trafilatura_text

    html = case.html.decode("utf-8", errors="replace")
    body = LexborHTMLParser(html).body
    visible = _visible_text(body) if body is not None else ""
    embeds = find_embeds(body) if body is not None else []
    return Pieces(trafilatura_text(html, case.url), visible, embeds)


def halves(cases: list[Case]) -> tuple[list[int], list[int]]:
    order = sorted(range(len(cases)), key=lambda i: hashlib.sha256(cases[i].page_id.encode()).hexdigest())
    return sorted(order[0::2]), sorted(order[1::2])


def rule_grid() -> list:
    from webquorum.readers.extract import MAIN_TEXT_RULES, MainTextRules

    grid = [MainTextRules(e, p, t, v) for e, p, t, v in itertools.product((True, False), (True, False),
                                                                          (True, False), (0.05, 0.2))]
    return [MAIN_TEXT_RULES] + [r for r in grid if r != MAIN_TEXT_RULES]  # ties go to the shipped rules


def cross_validate(cases: list[Case]) -> tuple[list[tuple[object, Score]], Score]:
    """Per half: the rules chosen on the other half and their score here; plus the shipped rules on all pages."""
    from webquorum.readers.extract import MAIN_TEXT_RULES, main_text

    parts = [pieces(case) for case in cases]

    def on(rules: object, ids: list[int]) -> Score:
        ps, rs = [], []
        for i in ids:
            text = main_text(parts[i].raw, parts[i].visible, parts[i].embeds, rules)  # type: ignore[arg-type]
            p, r = page_precision_recall(text, cases[i].truth)
            ps.append(p)
            rs.append(r)
        return Score(str(rules), sum(ps) / len(ps), sum(rs) / len(rs), 0.0, len(ids))

    grid = rule_grid()
    first, second = halves(cases)
    results = []
    for test, train in ((first, second), (second, first)):
        chosen = max(grid, key=lambda rules: on(rules, train).f1)  # first of equals wins: the shipped rules
        results.append((chosen, on(chosen, test)))
    return results, on(MAIN_TEXT_RULES, list(range(len(cases))))


def compare(cases: list[Case]) -> tuple[Score, Score]:
    """Score both extractors, interleaved over three rounds (fastest kept) so warm-up and noise hit both alike."""
    ours(b"<html><body><p>Warm up the imports once.</p></body></html>", "https://example.org/")
    rounds = [(score("ours", ours, cases), score("trafilatura", trafilatura_bare, cases)) for _ in range(3)]
    best_ours = min((r[0] for r in rounds), key=lambda s: s.seconds)
    best_traf = min((r[1] for r in rounds), key=lambda s: s.seconds)
    return best_ours, best_traf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="score only the first N pages")
    parser.add_argument("--root", type=Path, default=BENCHMARK, help="the benchmark folder (default: %(default)s)")
    args = parser.parse_args(argv)
    if not (args.root / "ground-truth.json").is_file():
        print(f"extraction benchmark not found at {args.root} (expected ../shared/extraction-benchmark "
              "beside the repo, or pass --root)", file=sys.stderr)
        return 2
    cases = load_cases(args.root, limit=args.limit)
    mine, theirs = compare(cases)
    print(f"{len(cases)} pages, metric: F1 over 4-token shingles (P and R averaged over pages)")
    print(f"{'extractor':<12} {'F1':>7} {'P':>7} {'R':>7} {'pages/s/core':>13} {'ms/page':>8}")
    for s in (mine, theirs):
        print(f"{s.name:<12} {s.f1:7.4f} {s.precision:7.4f} {s.recall:7.4f} {s.pages_per_second:13.1f} "
              f"{1000 * s.seconds / s.pages:8.1f}")
    print(f"time ratio ours/trafilatura: {mine.seconds / theirs.seconds:.2f}x")
    folds, whole = cross_validate(cases)
    print("2-fold cross-validation (rules chosen on the other half, scored on this one):")
    for n, (rules, got) in enumerate(folds, 1):
        print(f"  half {n} ({got.pages} pages): F1 {got.f1:.4f}  P {got.precision:.4f}  R {got.recall:.4f}  rules {rules}")
    mean_f1 = sum(got.f1 for _, got in folds) / len(folds)
    mean_p = sum(got.precision for _, got in folds) / len(folds)
    mean_r = sum(got.recall for _, got in folds) / len(folds)
    print(f"  mean: F1 {mean_f1:.4f}  P {mean_p:.4f}  R {mean_r:.4f}   whole set, shipped rules: F1 {whole.f1:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
