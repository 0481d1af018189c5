"""CPU per comparison, for benchmarks/compare.py: the timing loop, and a child that times a tree.

    PYTHONPATH=<a tree's src> python benchmarks/comparetimer.py RUNS < {"label": [[text, ...], ...]}

prints the best time in ms of each comparison, as JSON in the same shape. compare.py runs it once
for this tree and once for an older one (0.1's layout, ``webquorum.compare``, is imported too), in
turns; this module imports nothing of the tree until it runs as that child, so it serves both.
"""

from __future__ import annotations

import contextlib
import gc
import json
import sys
import time
from collections.abc import Callable


def best_ms(fn: Callable[[], object], runs: int) -> float:
    """Best process time of ``runs`` calls, garbage collection off (as timeit does): the least disturbed
    run."""
    fn()
    gc.collect()
    gc.disable()
    try:
        best = float("inf")
        for _ in range(runs):
            started = time.process_time()
            fn()
            best = min(best, time.process_time() - started)
    finally:
        gc.enable()
    return best * 1000


def main() -> None:
    try:
        from webquorum.analysis.compare import compare_sources
    except ImportError:  # 0.1's layout
        from webquorum.compare import compare_sources  # type: ignore[no-redef]
    try:
        from webquorum.analysis.compare import SourceText  # type: ignore[attr-defined]  # before issue 26
    except ImportError:  # since: any object with site, url, text, published (and title, issue 22)
        from dataclasses import dataclass

        @dataclass(frozen=True)
        class SourceText:  # type: ignore[no-redef]
            site: str
            url: str
            text: str
            published: str | None = None
            title: str = ""

    inputs: dict[str, list[list[str]]] = json.loads(sys.stdin.read())
    runs = int(sys.argv[1])
    caches: list[Callable[[], None]] = []
    for module, name in (
        ("webquorum.text.figure_claims", "reader_for"),
        ("webquorum.text.claims", "reader_for"),
        ("webquorum.text.figures", "unglued"),
        ("webquorum.analysis.answer", "_mentions"),
        ("webquorum.analysis.answer", "_folded"),
        ("webquorum.analysis.answer", "_folded_words"),
        ("webquorum.analysis.identity", "_mentions"),
        ("webquorum.analysis.audit", "_spans"),
        ("webquorum.text.roles", "_person_names"),
    ):
        # per-text caches (issue 22): cleared before each call, so every run reads its pages anew
        with contextlib.suppress(ImportError, AttributeError):
            caches.append(getattr(__import__(module, fromlist=[name]), name).cache_clear)

    def best(texts: list[str], query: str | None) -> float:
        sources = [SourceText(f"p{i}.test", f"https://p{i}.test/", t) for i, t in enumerate(texts)]

        def call() -> object:
            for clear in caches:
                clear()
            if query is None:
                return compare_sources(sources)
            try:
                return compare_sources(sources, query=query)
            except TypeError:  # 0.1 took no question
                return compare_sources(sources)

        return best_ms(call, runs)

    out = {}
    for label, groups in inputs.items():
        query = (
            label.split(" :: ", 1)[1] if " :: " in label else None
        )  # "real articles :: the question asked"
        out[label] = [best(g, query) for g in groups]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
