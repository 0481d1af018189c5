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
    spec = importlib.util.spec_from_file_location(
        "extraction_benchmark", REPO / "benchmarks" / "extraction.py"
    )
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
def test_our_f1_is_not_below_trafilaturas_on_a_slice_of_the_report_half(shared_dir: Path) -> None:
    bench = load_benchmark()
    cases = [
        c for c in bench.load_news(shared_dir / "extraction-benchmark") if bench.in_report_half(c.page_id)
    ][:PAGES]
    ours = bench.score("ours", bench.ours, cases)
    theirs = bench.score("trafilatura", bench.trafilatura_bare, cases)
    assert ours.pages == theirs.pages == PAGES
    assert ours.f1 >= theirs.f1 - MARGIN, (ours.f1, theirs.f1)
    assert ours.recall >= theirs.recall - MARGIN, "the reader cut article text"


def test_trafilatura_eval_metric_counts_strings_as_trafilatura_does() -> None:
    bench = load_benchmark()
    text = "Weltweit finanzieren   Banken und\nInvestoren. Cookies & Tracking"
    tp, fn, fp = bench.snippet_counts(
        text, ["Banken und Investoren", "JPMorgan"], ["Cookies & Tracking", "Abo"]
    )
    assert (tp, fn, fp) == (1, 1, 1)
    total = bench.Score("x")
    case = bench.Case("p", "", b"", "", ("Banken und Investoren", "JPMorgan"), ("Cookies & Tracking",))
    bench.add(total, case, text)
    assert (total.precision, total.recall) == (0.5, 0.5)


def test_the_split_is_fixed_by_the_page_id_and_near_half() -> None:
    bench = load_benchmark()
    ids = [f"page-{n}" for n in range(400)]
    report = [i for i in ids if bench.in_report_half(i)]
    assert 160 < len(report) < 240
    assert report == [i for i in reversed(ids) if bench.in_report_half(i)][::-1]  # order does not matter
    assert bench.in_report_half("dragnet-100") is bench.in_report_half("dragnet-100")


def test_claim_lines_dropped_by_the_old_trim_are_counted_and_kept_now() -> None:
    bench = load_benchmark()
    text = (
        "Menu\n152 feet 2 inches: height of the statue\nShare on Facebook\n\n"
        "The statue was dedicated in 1886 after years of fundraising on both sides of the ocean."
    )
    assert bench.claim_lines_dropped(text, keep_claims=False) == (2, 1)
    assert bench.claim_lines_dropped(text, keep_claims=True) == (2, 0)


def test_each_rule_can_be_switched_off_alone() -> None:
    from webquorum.readers.choose import MAIN_TEXT_RULES

    variants = load_benchmark().ablations()
    assert len(variants) == len(MAIN_TEXT_RULES._fields)
    assert all(sum(not on for on in rules) == 1 for rules in variants.values())
