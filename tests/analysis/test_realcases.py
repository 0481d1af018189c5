"""The issue 22 harness (benchmarks/realcases.py): its value matching, its scoring of briefs, and a run
through the real brief on the simulated web (hand-made cases, and three RAMDocs questions when
../shared is present)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]


def load_harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("realcases", REPO / "benchmarks" / "realcases.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their annotations through sys.modules
    spec.loader.exec_module(module)
    return module


rc = load_harness()


# -- matching values ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("answer", "gold"),
    [
        ("3559", "3,559 people"),
        ("3,559 people", "3,559 people"),
        ("$81.62 billion", "$81.6 billion"),
        ("81.6 billion", "$81.62 billion"),
        ("about 3,600 residents", "3,559"),
        ("4.3 million", "4,296,000"),
        ("117,088", "117,088"),
        ("81,6 mil millones", "$81.6 billion"),
        ("299.792458 million m/s", "299,792,458 metres per second"),  # decimals are not thousands
        ("1856", "1856"),
        ("1856-03-01", "1856"),
        ("It was founded in 1856.", "1856"),
        ("1900-02-08", "February 8, 1900"),
        ("8 February 1900", "February 8, 1900"),
        ("Feb. 8, 1900", "February 8, 1900"),
        ("September 4, 1998", "4 September 1998"),
        ("July 1st of 2003", "1 July 2003"),
        ("1998-09", "September 1998"),
        ("March 1885", "March 1885"),
        ("Mahesh Bhatt", "Mahesh Bhatt"),
        ("mahesh bhatt", "Mahesh Bhatt"),
        ("Bhatt", "Mahesh Bhatt"),
        ("Peña Nieto", "Enrique Peña Nieto"),
        ("Enrique Pena Nieto", "Enrique Peña Nieto"),
        ("Needtobreathe (band)", "Needtobreathe"),
        ("board game", "Board game"),
        ("2:00:35", "2 hours 0 minutes 35 seconds"),  # a duration is one value
        ("4:02.5", "4 minutes 2.50 seconds"),
        ("9.58 seconds", "9.58 s"),
    ],
)
def test_the_same_value_matches(answer: str, gold: str) -> None:
    assert rc.matches(answer, gold)


@pytest.mark.parametrize(
    ("answer", "gold"),
    [
        ("10,000 people", "3,559 people"),
        ("3,500", "3,559"),  # 3,559 rounds to 3,600 at 3,500's step
        ("4.5%", "4%"),
        ("$81.5 billion", "$81.62 billion"),
        ("1855", "1856"),
        ("18560", "1856"),
        ("1,856", "1856"),
        ("1900-02-09", "February 8, 1900"),
        ("February 1900", "February 8, 1900"),
        ("1900", "February 8, 1900"),
        ("1905-07-15", "February 8, 1900"),
        ("Raj Kapoor", "Mahesh Bhatt"),
        ("The Beatles", "Blitzen Trapper"),
        ("", "Mahesh Bhatt"),
        ("The", "The Beatles"),
        ("Rev", "Rev. Prof. Dr Jerry Pillay"),  # a style alone names nobody
        ("Dr. Prof.", "Rev. Prof. Dr Jerry Pillay"),
        ("4:03.84", "4:02.50"),  # not the numbers 4 and 2.5: another time
        ("12:37.35", "12:35.36"),
        ("35 seconds", "2:00:35"),
    ],
)
def test_another_value_does_not_match(answer: str, gold: str) -> None:
    assert not rc.matches(answer, gold)


def test_a_part_of_the_gold_shared_with_a_wrong_answer_is_no_match() -> None:
    gold, wrong = "Cloutierville, Louisiana", ["New Orleans, Louisiana"]
    assert not rc.matches("Louisiana", gold, wrong)
    assert rc.matches("Cloutierville", gold, wrong)
    assert rc.matches("Louisiana", gold)  # with no wrong answer to tell apart, containment is enough


@pytest.mark.parametrize(
    ("gold", "kind"),
    [
        ("3,559 people", "number"),
        ("About 50,000", "number"),
        ("$81.6 billion", "number"),
        ("117,088", "number"),
        ("1856", "year"),
        ("February 8, 1900", "date"),
        ("2 July 1829", "date"),
        ("September 1998", "date"),
        ("Mahesh Bhatt", "name"),
        ("Route 66", "name"),
        ("academy", "name"),
        ("1810-11", "number"),
    ],
)
def test_answer_types(gold: str, kind: str) -> None:
    assert rc.answer_type(gold) == kind


def test_numbers_carry_their_step() -> None:
    assert rc.numbers_in("3,600 people") == [rc.Number(3600.0, 100.0)]
    assert rc.numbers_in("$81.62 billion") == [rc.Number(81.62e9, pytest.approx(0.01e9))]
    assert rc.numbers_in("126.014.024 habitantes")[0].value == 126014024


# -- the split ---------------------------------------------------------------------------------------
def test_the_split_is_by_line_parity(tmp_path: Path) -> None:
    rows = [
        {
            "question": f"Q{i}?",
            "documents": [{"text": "t", "type": "correct", "answer": "a"}],
            "gold_answers": ["a"],
            "wrong_answers": [],
        }
        for i in range(5)
    ]
    path = tmp_path / "m.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    assert [c.index for c in rc.load_cases(path, split="tune")] == [0, 2, 4]
    assert [c.index for c in rc.load_cases(path, split="report")] == [1, 3]
    assert [c.index for c in rc.load_cases(path, limit=2)] == [0, 1]
    assert rc.subject_of("What is the population of Broken Bow?") == "population of Broken Bow"


# -- scoring hand-made briefs ------------------------------------------------------------------------
def case_of(
    *docs: tuple[str, str], gold: str = "3,559 people", wrong: str = "10,000 people", index: int = 0
) -> Any:
    return rc.Case(
        index,
        "What is the population of Broken Bow?",
        tuple(rc.Doc("passage", label, answer) for label, answer in docs),
        (gold,),
        (wrong,),
    )


def source(case: Any, k: int, *, snippet_only: bool = False) -> dict[str, Any]:
    host = case.host(k)
    return {"site": host, "url": f"http://{host}:8000/page", "text": "...", "snippet_only": snippet_only}


def dissent(case: Any, k: int, value: str = "10,000") -> dict[str, Any]:
    host = case.host(k)
    return {
        "kind": "figure",
        "site": host,
        "url": f"http://{host}:8000/page",
        "value": value,
        "others_value": "3,559",
        "others_count": 2,
    }


def test_a_brief_that_names_the_misinformation_site_scores_everything() -> None:
    case = case_of(
        ("correct", "3,559 people"),
        ("correct", "3,559 people"),
        ("misinfo", "10,000 people"),
        ("noise", "unknown"),
    )
    brief = {
        "sources": [source(case, k) for k in range(4)],
        "agreed": [{"kind": "figure", "value": "3,559 people"}],
        "disagreed": [dissent(case, 2)],
        "dropped": [],
    }
    v = rc.score_case(case, brief)
    assert (v.answer_from, v.answer, v.answer_right) == ("agreed[0]", "3,559 people", True)
    assert (
        v.misinfo_read == [case.host(2)]
        and v.disagreement_due
        and v.disagreement_found
        and v.false_named == []
    )


def test_the_answer_field_wins_over_agreed_and_may_be_null() -> None:
    case = case_of(("correct", "3,559 people"), ("correct", "3,559 people"))
    agreed = [{"kind": "figure", "value": "3,559 people"}]
    field = {"value": "10,000 people", "count": 1, "of": 2, "sites": []}
    base = {"sources": [source(case, 0), source(case, 1)], "agreed": agreed, "disagreed": [], "dropped": []}
    assert rc.score_case(case, {**base, "answer": field}).answer_right is False
    v = rc.score_case(case, {**base, "answer": None})
    assert (v.answer_from, v.answer, v.answer_right, v.gold_agreed) == ("answer", None, False, True)


def test_an_even_split_is_right_only_when_every_value_in_it_is_gold() -> None:
    case = case_of(("correct", "3,559 people"), ("misinfo", "10,000 people"))
    case = rc.Case(0, case.question, case.docs, ("3,559 people", "3,506 people"), ("10,000 people",))
    base = {"sources": [source(case, 0), source(case, 1)], "agreed": [], "disagreed": [], "dropped": []}
    split = {"value": "3,559 people", "count": 1, "of": 2, "sites": [], "rivals": ["10,000 people"]}
    assert rc.score_case(case, {**base, "answer": split}).answer_right is False, "the brief chose nothing"
    told_apart = {**split, "rivals": ["3,506 people"]}
    assert rc.score_case(case, {**base, "answer": told_apart}).answer_right is True


def test_a_split_that_shows_the_misinformation_value_surfaces_the_conflict() -> None:
    case = case_of(("correct", "3,559 people"), ("misinfo", "10,000 people"))
    base = {"sources": [source(case, 0), source(case, 1)], "agreed": [], "disagreed": [], "dropped": []}
    split = {"value": "3,559 people", "count": 1, "of": 2, "sites": [], "rivals": ["10,000 people"]}
    v = rc.score_case(case, {**base, "answer": split})
    assert v.surfaced and not v.disagreement_found, "shown as contested, no site named"
    settled = {"value": "10,000 people", "count": 1, "of": 2, "sites": [], "rivals": []}
    assert not rc.score_case(case, {**base, "answer": settled}).surfaced, (
        "the wrong value as the answer is no conflict shown"
    )


def test_false_disagreements_unread_misinformation_and_copies() -> None:
    case = case_of(
        ("correct", "3,559 people"),
        ("misinfo", "10,000 people"),
        ("misinfo", "10,000 people"),
        ("noise", "unknown"),
        ("misinfo", "3,559 people"),
    )
    brief = {
        "sources": [source(case, 0), source(case, 1, snippet_only=True), source(case, 3), source(case, 4)],
        "agreed": [],
        "disagreed": [dissent(case, 0), dissent(case, 0, "3,500"), dissent(case, 3)],
        "dropped": [{"url": f"http://{case.host(2)}:8000/page", "reason": "syndicated copy"}],
    }
    v = rc.score_case(case, brief)
    assert v.answer is None and not v.answer_right
    assert v.misinfo_read == [], (
        "a snippet is not a read, and a 'misinformation' page giving gold is not wrong"
    )
    assert not v.disagreement_due
    assert v.misinfo_dropped == [case.host(2)]
    assert v.named == [case.host(0), case.host(3)], "a site is counted once per case"
    assert v.false_named == [case.host(0), case.host(3)]
    tally = rc.Tally()
    tally.add(v)
    assert (
        tally.named,
        tally.named_misinfo,
        tally.false_correct,
        tally.false_noise,
        tally.dropped_misinfo,
    ) == (2, 0, 1, 1, 1)


def test_a_failed_brief_is_a_scored_miss() -> None:
    case = case_of(("correct", "3,559 people"))
    v = rc.score_case(case, {"error": "WebQuorumError: boom"})
    assert v.error and not v.answer_right and not v.disagreement_due
    assert "briefs that failed" in rc.table([v])


# -- through the brief -------------------------------------------------------------------------------
CLEAR = (  # three sites agree on a figure, a fourth states another one for the same thing
    (
        "correct",
        "3,559 people",
        "As of the census of 2010, there were 3,559 people, 1,575 households and 909 families residing in the city of Broken Bow. The town is the county seat.",
    ),
    (
        "correct",
        "3,559 people",
        "Broken Bow had a population of 3,559 people at the 2010 census, according to the Census Bureau, which also counted the households there.",
    ),
    (
        "correct",
        "3,559 people",
        "The 2010 census counted 3,559 people in Broken Bow, the seat of Custer County, in central Nebraska near the geographic centre of the state.",
    ),
    (
        "misinfo",
        "10,000 people",
        "At the census of 2010 Broken Bow was home to 10,000 people, the largest town of Custer County in the sandhills of central Nebraska.",
    ),
)


def test_a_hand_made_case_through_the_brief_is_served_read_and_scored() -> None:
    case = rc.Case(
        0,
        "What is the population of Broken Bow?",
        tuple(rc.Doc(text, label, answer) for label, answer, text in CLEAR),
        ("3,559 people",),
        ("10,000 people",),
    )
    verdicts, briefs = rc.measure([case])
    brief = briefs[0]
    assert [s["site"] for s in brief["sources"]] == [case.host(k) for k in range(4)], (
        "every page served and read, in file order"
    )
    assert all(not s["snippet_only"] for s in brief["sources"])
    # a page's title is its passage's opening, never the question's words
    assert [s["title"] for s in brief["sources"]] == [" ".join(text.split()[:8]) for _, _, text in CLEAR]
    v = verdicts[0]
    assert v.answer_right and v.disagreement_due and v.disagreement_found and v.false_named == []
    assert "| **tune** | 1 | 1.00 (1/1) | 1.00 (1/1) | 1.00 (1/1) | 0 (0 correct, 0 noise) | 0 |" in rc.table(
        verdicts
    )


def test_the_command_line_gives_the_same_json() -> None:
    case = rc.Case(
        0,
        "What is the population of Broken Bow?",
        tuple(rc.Doc(text, label, answer) for label, answer, text in CLEAR),
        ("3,559 people",),
        ("10,000 people",),
    )
    assert rc.cli_smoke([case]) == []


@pytest.mark.shared
def test_three_ramdocs_questions_end_to_end(shared_dir: Path) -> None:
    path = shared_dir / "ramdocs-dev" / "ramdocs-dev.jsonl"
    if not path.is_file():
        pytest.skip("ramdocs-dev is absent")
    cases = rc.load_cases(path, split="tune", limit=3)
    verdicts, briefs = rc.measure(cases)
    assert [v.case.index for v in verdicts] == [0, 2, 4]
    for case, brief in zip(cases, briefs, strict=True):
        assert "error" not in brief, brief
        folded = [" ".join(d.text.split()) for d in case.docs]
        for s in brief["sources"]:
            k = int(s["site"].split("-")[0].removeprefix("site")) - 1
            assert s["site"] == case.host(k)
            if not s["snippet_only"]:  # what the brief read is the passage served on that site
                assert " ".join(s["text"].split())[:60] in folded[k]
    lines = rc.table(verdicts).splitlines()
    assert lines[2].startswith("| **tune** | 3 |") and "answer read from:" in lines[-1]
    written = list(rc.details(verdicts, briefs))
    assert sum(line.startswith("VERDICT") for line in written) == 3
