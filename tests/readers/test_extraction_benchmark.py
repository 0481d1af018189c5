"""Our reader against trafilatura on a slice of the shared extraction benchmark (skips when absent)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGES = 8
MARGIN = 0.02


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("extraction_benchmark", REPO / "benchmarks" / "extraction.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their annotations through sys.modules
    spec.loader.exec_module(module)
    return module


def test_metric_matches_the_benchmark_definition() -> None:
    bench = load_benchmark()
    assert bench.page_precision_recall("", "") == (1.0, 1.0)
    assert bench.page_precision_recall("one two three four", "one two three four") == (1.0, 1.0)
    assert bench.page_precision_recall("nothing shared here at all", "one two three four") == (0.0, 0.0)
    precision, recall = bench.page_precision_recall("a b c d e", "a b c d")  # 2 shingles predicted, 1 true
    assert (precision, recall) == (0.5, 1.0)


@pytest.mark.shared
def test_our_f1_is_not_below_trafilaturas_on_a_slice(shared_dir: Path) -> None:
    bench = load_benchmark()
    cases = bench.load_cases(shared_dir / "extraction-benchmark", limit=PAGES)
    ours = bench.score("ours", bench.ours, cases)
    theirs = bench.score("trafilatura", bench.trafilatura_bare, cases)
    assert ours.pages == theirs.pages == PAGES
    assert ours.f1 >= theirs.f1 - MARGIN, (ours, theirs)
    assert ours.recall >= theirs.recall - MARGIN, "trimming ate article text"


def test_the_two_halves_are_fixed_balanced_and_disjoint() -> None:
    bench = load_benchmark()
    cases = [bench.Case(f"page-{n}", "https://e.org/", b"", "") for n in range(11)]
    first, second = bench.halves(cases)
    assert not set(first) & set(second) and sorted(first + second) == list(range(11))
    assert abs(len(first) - len(second)) <= 1
    names = {cases[i].page_id for i in first}
    again, _ = bench.halves(list(reversed(cases)))
    assert {list(reversed(cases))[i].page_id for i in again} == names


def test_the_rule_grid_puts_the_shipped_rules_first_so_ties_keep_them() -> None:
    from webquorum.readers.extract import MAIN_TEXT_RULES

    grid = load_benchmark().rule_grid()
    assert grid[0] == MAIN_TEXT_RULES and len(set(grid)) == len(grid) == 16
