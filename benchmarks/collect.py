"""research_collect benchmark: 10 sources of 50-200 KB on a loopback web, and passage selection per MB.

Pages are generated at run time (seeded, nothing committed) and served by ``tests.sim.web`` on ten
host names, each reply held back by ``--delay`` seconds plus a little per host to stand in for the
network. Two figures:

1. Wall time of one ``collect`` over the ten URLs, divided by the slowest single ``fetch`` of the
   same pages (measured one by one, cache off). Reads run at once, so the ratio is near 1 plus the
   extraction and passage selection that cannot overlap.
2. Passage selection (windows, tokenize + stem, index, score 3 variants, pick) in ms per MB of
   extracted text, beside rank_bm25's BM25Okapi (lower-case split, no stemming) on the same
   windows, plus how often both put the same window first.

    PYTHONPATH=. .venv/bin/python benchmarks/collect.py [--delay 0.2] [--repeat 5]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))

from tests.sim.web import Reply, SimWeb  # noqa: E402

from webquorum import Client  # noqa: E402
from webquorum.analysis.passages import passage_windows, select_passages  # noqa: E402
from webquorum.pipelines.fetch import read_document  # noqa: E402
from webquorum.types.collect import CollectResult  # noqa: E402

HOSTS = [f"bench-{i}.test" for i in range(10)]
QUERIES = ["harbour tariff increase", "lantern museum funding", "tariff on imported engines"]
SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "ter",
    "san",
    "vo",
    "ril",
    "den",
    "pa",
    "gu",
    "shi",
    "nor",
    "ble",
    "tan",
    "qui",
]


def vocabulary(rng: random.Random, size: int = 3000) -> list[str]:
    return ["".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))) for _ in range(size)]


def make_page(rng: random.Random, words: list[str], target_bytes: int, n: int) -> bytes:
    """An article of about ``target_bytes``; one paragraph in twelve carries the query words."""
    paras: list[str] = []
    size = 0
    while size < target_bytes:
        sentences = []
        for _ in range(rng.randint(3, 6)):
            body = " ".join(rng.choice(words) for _ in range(rng.randint(8, 20)))
            sentences.append(body.capitalize() + ".")
        if rng.random() < 1 / 12:
            sentences.insert(
                1, f"The {rng.choice(['harbour tariff', 'lantern museum', 'imported engines'])} rose again."
            )
        para = f"<p>{' '.join(sentences)}</p>"
        paras.append(para)
        size += len(para)
    return f"<html><head><title>Page {n}</title></head><body><article><h1>Page {n}</h1>{''.join(paras)}</article></body></html>".encode()


def config(web: SimWeb) -> dict[str, Any]:
    return {
        "providers": ["searxng"],
        "overrides": {"searxng": {"base_url": web.base_url}},
        "network": {
            "allow_hosts": HOSTS,
            "resolve": {h: "127.0.0.1" for h in HOSTS},
            "retry_waits": False,
            "fetch_deadline_s": 30.0,
            "max_body_bytes": 5_000_000,
        },
        "cache": {"enabled": False},
        "collect": {"max_sources_cap": 10},
    }


async def measure_fetches(web: SimWeb, urls: list[str]) -> tuple[float, list[str]]:
    slowest = 0.0
    texts = []
    async with Client(config(web), use_cache=False) as wq:
        await wq.fetch(urls[0])  # warm imports (trafilatura) outside the timings
        for url in urls:
            start = time.perf_counter()
            doc = await read_document(wq.runtime, url, use_cache=False)  # what fetch does, whole text kept
            slowest = max(slowest, time.perf_counter() - start)
            texts.append(doc.text)
    return slowest, texts


async def measure_collect(web: SimWeb, urls: list[str], repeat: int) -> tuple[float, CollectResult]:
    walls = []
    result = None
    async with Client(config(web), use_cache=False) as wq:
        for _ in range(repeat):
            start = time.perf_counter()
            out = await wq.collect(urls=urls, topic=" ".join(QUERIES), max_sources=10)
            walls.append(time.perf_counter() - start)
            assert isinstance(out, CollectResult), out
            result = out
    assert result is not None
    return statistics.median(walls), result


def bench_selection(texts: list[str], repeat: int) -> dict[str, float]:
    megabytes = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    ours, theirs, same_top = [], [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        selections = select_passages(texts, QUERIES, max_chars=600, per_doc=3, scan_chars=300_000)
        ours.append(time.perf_counter() - start)
    try:
        from rank_bm25 import BM25Okapi
    except ImportError:
        return {"mb": megabytes, "bm25s_ms_per_mb": statistics.median(ours) * 1000 / megabytes}
    for _ in range(repeat):
        start = time.perf_counter()
        windows = [passage_windows(t[:300_000], 600) for t in texts]
        flat = [t[s:e].lower().split() for t, spans in zip(texts, windows, strict=True) for s, e in spans]
        model = BM25Okapi(flat)
        scores = [model.get_scores(q.lower().split()) for q in QUERIES]
        best = [max(s[i] for s in scores) for i in range(len(flat))]
        theirs.append(time.perf_counter() - start)
    at = 0
    for spans, selection in zip(windows, selections, strict=True):
        local = best[at : at + len(spans)]
        top = spans[max(range(len(spans)), key=local.__getitem__)] if spans else None
        same_top += bool(selection.chosen) and top == (selection.chosen[0].start, selection.chosen[0].end)
        at += len(spans)
    return {
        "mb": megabytes,
        "windows": float(sum(len(w) for w in windows)),
        "bm25s_ms_per_mb": statistics.median(ours) * 1000 / megabytes,
        "rank_bm25_ms_per_mb": statistics.median(theirs) * 1000 / megabytes,
        "same_top": float(same_top),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--delay", type=float, default=0.2, help="seconds each page is held back (plus 10 ms per host)"
    )
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(20261105)
    words = vocabulary(rng)
    web = SimWeb().start()
    try:
        urls, sizes = [], []
        for i, host in enumerate(HOSTS):
            body = make_page(rng, words, rng.randint(50_000, 200_000), i)
            sizes.append(len(body))
            web.route("/article", Reply(body=body, delay_s=args.delay + 0.01 * i), host=host)
            urls.append(web.url("/article", host=host))
        slowest, texts = asyncio.run(measure_fetches(web, urls))
        wall, result = asyncio.run(measure_collect(web, urls, args.repeat))
    finally:
        web.stop()
    sel = bench_selection(texts, args.repeat)
    excerpts = sum(len(s.excerpts) for s in result.sources)
    print(
        f"pages: {len(urls)}, HTML {min(sizes) // 1000}-{max(sizes) // 1000} KB, extracted text {sel['mb']:.2f} MB"
    )
    print(
        f"collect wall (median of {args.repeat}): {wall:.3f} s; slowest single fetch: {slowest:.3f} s; "
        f"ratio {wall / slowest:.2f}"
    )
    print(
        f"collect output: {len(result.sources)} sources, {excerpts} excerpts, {len(result.gaps)} gaps "
        f"({', '.join(sorted({g.type for g in result.gaps})) or 'none'})"
    )
    print(f"passage selection, bm25s + PyStemmer: {sel['bm25s_ms_per_mb']:.0f} ms per MB")
    if "rank_bm25_ms_per_mb" in sel:
        print(
            f"rank_bm25 BM25Okapi on the same {sel['windows']:.0f} windows (no stemming): "
            f"{sel['rank_bm25_ms_per_mb']:.0f} ms per MB; same top window in {sel['same_top']:.0f} of {len(texts)} pages"
        )


if __name__ == "__main__":
    main()
