"""Scoring the comparison on the case files (tune, heldout, heldout2 .toml): recall and precision by rule.

An expected agreed value is found when an agreed item held by two or more sites reads as the same
figure (:func:`webquorum.text.readings.figures_agree`) or the same person or name; an expected
disagreement is found when the reported one names the same site and value. A reported
disagreement is correct when it is expected. Used by tests/analysis/test_compare_cases.py and
benchmarks/compare.py.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.analysis.texts import SourceText

from webquorum.analysis.compare import Comparison, compare_sources
from webquorum.text.figures import extract_figures
from webquorum.text.names import name_key
from webquorum.text.readings import figures_agree
from webquorum.text.roles import same_person

CASES = Path(__file__).resolve().parent
SPLITS = ("tune", "heldout", "heldout2")


def load(split: str) -> list[dict[str, Any]]:
    with open(CASES / f"{split}.toml", "rb") as f:
        cases: list[dict[str, Any]] = tomllib.load(f)["case"]
    return cases


def site(n: int) -> str:
    return f"s{n}.example"


def sources_of(case: dict[str, Any]) -> list[SourceText]:
    return [
        SourceText(site(i), f"https://{site(i)}/{case['id']}", text)
        for i, text in enumerate(case["sources"], 1)
    ]


def run(case: dict[str, Any]) -> Comparison:
    return compare_sources(sources_of(case), query=case["query"])


def same_value(expected: str, reported: str) -> bool:
    a, b = extract_figures(expected), extract_figures(reported)
    if a and b:
        return figures_agree(a[0], b[0])
    ka, kb = name_key(expected), name_key(reported)
    return bool(ka) and (ka == kb or same_person(ka, kb))


@dataclass
class Score:
    agreed_expected: int = 0
    agreed_found: int = 0
    disagreed_expected: int = 0
    disagreed_found: int = 0
    disagreed_reported: int = 0
    disagreed_correct: int = 0
    false_on_different: int = 0  # disagreements reported where sources only state different quantities
    misses: list[str] = field(default_factory=list)

    @property
    def agreement_recall(self) -> float:
        return self.agreed_found / self.agreed_expected if self.agreed_expected else 1.0

    @property
    def disagreement_recall(self) -> float:
        return self.disagreed_found / self.disagreed_expected if self.disagreed_expected else 1.0

    @property
    def disagreement_precision(self) -> float:
        return self.disagreed_correct / self.disagreed_reported if self.disagreed_reported else 1.0


def check(case: dict[str, Any], comparison: Comparison) -> tuple[list[str], list[str], list[str]]:
    """(agreed values missed, disagreements missed, disagreements reported wrongly) for one case."""
    agreed = [a.value for a in comparison.agreed if a.count >= 2]
    if comparison.answer is not None and comparison.answer.count >= 2 and not comparison.answer.split:
        agreed.append(
            comparison.answer.value
        )  # the answer leads the brief, apart from the other agreed items
    missed = [v for v in case["agreed"] if not any(same_value(v, a) for a in agreed)]
    expected = [(site(d["site"]), d["value"]) for d in case["disagreed"]]
    reported = [(d.site, d.value) for d in comparison.disagreed]
    lost = [f"{s} {v}" for s, v in expected if not any(s == rs and same_value(v, rv) for rs, rv in reported)]
    wrong = [f"{s} {v}" for s, v in reported if not any(s == es and same_value(ev, v) for es, ev in expected)]
    return missed, lost, wrong


def score(cases: list[dict[str, Any]]) -> Score:
    out = Score()
    for case in cases:
        missed, lost, wrong = check(case, run(case))
        out.agreed_expected += len(case["agreed"])
        out.agreed_found += len(case["agreed"]) - len(missed)
        out.disagreed_expected += len(case["disagreed"])
        out.disagreed_found += len(case["disagreed"]) - len(lost)
        reported = len(case["disagreed"]) - len(lost) + len(wrong)
        out.disagreed_reported += reported
        out.disagreed_correct += reported - len(wrong)
        if case["category"] == "different":
            out.false_on_different += len(wrong)
        for kind, values in (
            ("agreed missed", missed),
            ("disagreement missed", lost),
            ("wrong disagreement", wrong),
        ):
            out.misses.extend(f"{case['id']}: {kind}: {v}" for v in values)
    return out
