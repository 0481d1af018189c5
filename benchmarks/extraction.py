"""Main-text extraction benchmark: our reader against trafilatura's bare extraction, in one run.

Reads ../shared/extraction-benchmark beside the repo (88 news/blog pages with a hand-made article
body each) and scores both extractors with the benchmark's own metric: F1 over 4-token shingles,
precision and recall averaged over pages, F1 the harmonic mean of those two means. "ours" is
``extract_document`` (trimming on); "trafilatura" is ``bare_extraction(html, url=url,
include_comments=False).text``, the setting the benchmark's reference row uses. Time is CPU
seconds in this process, so pages/s is per core.

    .venv/bin/python benchmarks/extraction.py [--limit N]
"""

from __future__ import annotations

import argparse
import gzip
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
    args = parser.parse_args(argv)
    if not (BENCHMARK / "ground-truth.json").is_file():
        print(f"extraction benchmark not found at {BENCHMARK} (expected ../shared/extraction-benchmark "
              "beside the repo)", file=sys.stderr)
        return 2
    cases = load_cases(limit=args.limit)
    mine, theirs = compare(cases)
    print(f"{len(cases)} pages, metric: F1 over 4-token shingles (P and R averaged over pages)")
    print(f"{'extractor':<12} {'F1':>7} {'P':>7} {'R':>7} {'pages/s/core':>13} {'ms/page':>8}")
    for s in (mine, theirs):
        print(f"{s.name:<12} {s.f1:7.4f} {s.precision:7.4f} {s.recall:7.4f} {s.pages_per_second:13.1f} "
              f"{1000 * s.seconds / s.pages:8.1f}")
    print(f"time ratio ours/trafilatura: {mine.seconds / theirs.seconds:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
