"""The real-pages harness (benchmarks/realpages.py): its fixed split, its labels, real hosts as sites, and
one hand-made question (text written here, not real pages) briefed on the simulated web and scored."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]


def load(name: str) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    sys.path.insert(0, str(REPO / "benchmarks"))
    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their annotations through sys.modules
    spec.loader.exec_module(module)
    return module


load("realcases")
rp = load("realpages")

PAGES = [
    (
        "https://www.harbour-news.test/towers/2024/signal-mast",
        "Signal mast of Port Avel reaches 212 metres\n"
        "Engineers fitted a new aerial on Tuesday, and the Port Avel signal mast now stands 212 metres tall. "
        "The aerial alone weighs 300 kilograms.",
        "current",
        "212 metres",
    ),
    (
        "https://avel-guide.test/sights",
        "Sights of Port Avel\nThe Port Avel signal mast, finished in 1961, is 206 metres tall and can be "
        "seen from every quay of the old harbour.",
        "older",
        "206 metres",
    ),
    (
        "https://blog.coastal-engineering.test/masts",
        "Coastal masts\nSince the new aerial went up, the Port Avel signal mast is 212 metres tall, six "
        "metres more than the 1961 design.",
        "current",
        "212 metres",
    ),
]


def write(folder: Path, case_id: str) -> None:
    row = {
        "id": case_id,
        "question": "How tall is the Port Avel signal mast?",
        "kind": "number",
        "gold": ["212 metres"],
        "wrong": ["206 metres"],
        "pages": [
            {"url": u, "text": t, "label": label, "value": v, "date": None, "why": ""}
            for u, t, label, v in PAGES
        ],
    }
    (folder / "cases.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")


def test_the_split_is_fixed_by_the_ids_hash() -> None:
    # sha1("a")[0] = 0x86 (even), sha1("b")[0] = 0xe9 (odd): written down before any tuning
    assert rp.split_of_id("a") == "tune"
    assert rp.split_of_id("b") == "report"


def test_pages_are_served_at_their_own_hosts_with_a_short_first_line_as_title(tmp_path: Path) -> None:
    write(tmp_path, "a")
    (case,) = rp.load_cases(tmp_path)
    assert case.split == "tune"
    assert [case.host(k) for k in range(3)] == [
        "harbour-news.test",
        "avel-guide.test",
        "coastal-engineering.test",
    ]
    host, path, body = case.page(0)
    # under the page's real path, as the web serves it (a date in the address is read there too)
    assert host == "www.harbour-news.test" and path.endswith("/0/towers/2024/signal-mast")
    assert "<title>Signal mast of Port Avel reaches 212 metres</title>" in body
    assert "published_time" not in body  # the store recorded no date for it
    assert [d.label for d in case.docs] == ["correct", "misinfo", "correct"]
    assert rp.load_cases(tmp_path, split="report") == []


def test_the_stores_date_before_a_page_is_its_metadata_not_its_text(tmp_path: Path) -> None:
    write(tmp_path, "a")
    row = json.loads((tmp_path / "cases.jsonl").read_text(encoding="utf-8"))
    row["pages"][1]["text"] = " date 2019-05-02 " + row["pages"][1]["text"]
    (tmp_path / "cases.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    (case,) = rp.load_cases(tmp_path)
    _, _, body = case.page(1)
    assert '<meta property="article:published_time" content="2019-05-02">' in body
    assert "date 2019" not in body.split("</head>")[1] and case.docs[1].text.startswith("Sights of Port Avel")


def test_a_page_at_an_ip_literal_is_served_and_scored_under_one_name(tmp_path: Path) -> None:
    """Only names resolve to the loopback web: a literal would be dialled as written, the page unread."""
    write(tmp_path, "a")
    row = json.loads((tmp_path / "cases.jsonl").read_text(encoding="utf-8"))
    row["pages"][1]["url"] = "http://45.11.3.231/sights"
    (tmp_path / "cases.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    (case,) = rp.load_cases(tmp_path)
    host, _, _ = case.page(1)
    assert host == "ip-45-11-3-231.example" and case.host(1) == "ip-45-11-3-231.example"


def test_a_fresh_folder_is_one_untouched_set_whatever_the_ids_hash(tmp_path: Path) -> None:
    write(tmp_path, "b")  # a report id
    (case,) = rp.load_cases(tmp_path, split="tune", fresh=True)
    assert case.split == "fresh"


def test_a_page_without_a_short_first_line_is_titled_by_its_url_never_by_the_question(tmp_path: Path) -> None:
    write(tmp_path, "a")
    (case,) = rp.load_cases(tmp_path)
    long_first = dataclasses.replace(case, docs=(dataclasses.replace(case.docs[0], text="word " * 60),))
    assert long_first.title(0) == "signal mast"  # https://www.harbour-news.test/towers/2024/signal-mast


def test_a_question_over_three_sites_is_briefed_and_scored(tmp_path: Path) -> None:
    write(tmp_path, "a")
    cases = rp.load_cases(tmp_path)
    verdicts, briefs = sys.modules["realcases"].measure(cases)
    brief, verdict = briefs[0], verdicts[0]
    assert sorted(s["site"] for s in brief["sources"]) == sorted(cases[0].host(k) for k in range(3))
    assert verdict.answer_right, brief.get("answer")
    assert verdict.misinfo_read == ["avel-guide.test"]
    lines = rp.extra(verdicts, briefs)
    assert lines[2].startswith("| tune | 0 | 0 |"), "a question with an older page is not an agreeing one"


def test_an_older_page_counts_as_named_with_its_value_only_when_the_brief_shows_that_value(
    tmp_path: Path,
) -> None:
    """The last columns of :func:`extra`: an older page the brief names counts with its own value only when
    the value shown is the one the page states (a misread named is no disagreement found; session ag)."""
    write(tmp_path, "a")
    cases = rp.load_cases(tmp_path)
    verdicts, briefs = sys.modules["realcases"].measure(cases)
    assert verdicts[0].named == ["avel-guide.test"], briefs[0].get("disagreed")
    row = next(line for line in rp.extra(verdicts, briefs) if line.startswith(f"| {cases[0].split} |"))
    assert row.endswith("| 1 | 1 |")
    relabelled = dataclasses.replace(
        cases[0],
        docs=[cases[0].docs[0], dataclasses.replace(cases[0].docs[1], answer="205 metres"), cases[0].docs[2]],
    )
    verdicts = [sys.modules["realcases"].score_case(relabelled, briefs[0])]
    row = next(line for line in rp.extra(verdicts, briefs) if line.startswith(f"| {cases[0].split} |"))
    assert row.endswith("| 1 | 0 |")


def test_each_labelled_page_s_value_is_read_from_the_page_alone(tmp_path: Path) -> None:
    write(tmp_path, "a")
    lines = rp.page_reading(rp.load_cases(tmp_path))
    # both current pages read 212 metres; the older page reads its own 206 metres
    assert lines[2:] == [
        "| figure | current | 1.00 (2/2) | 0 | 0 |",
        "| figure | older or wrong | 1.00 (1/1) | 0 | 0 |",
    ]


def test_a_lower_case_question_is_read_page_by_page_as_the_brief_cases_it(tmp_path: Path) -> None:
    """The brief reads a question typed in lower case with the capitals its pages give it (round 60), and so
    learns its subject: the page-by-page measure must read it the same way, or a role question asks no body
    and reads another body's holder."""
    text = (
        "Museum news\nOrland Gallery director Alan Brook opened the spring show on Friday. "
        "Avel Museum director Dana Whitfield said the new wing opens in May."
    )
    row = {
        "id": "a",
        "question": "who is the director of the avel museum",
        "kind": "name",
        "gold": ["Dana Whitfield"],
        "wrong": [],
        "pages": [
            {
                "url": "https://www.avel-news.test/museum",
                "text": text,
                "label": "current",
                "value": "Dana Whitfield",
            },
            {
                "url": "https://www.avel-guide.test/museum",
                "text": text,
                "label": "current",
                "value": "Dana Whitfield",
            },
        ],
    }
    (tmp_path / "cases.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    lines = rp.page_reading(rp.load_cases(tmp_path))
    assert lines[2:] == ["| role | current | 1.00 (2/2) | 0 | 0 |"]


def test_a_page_behind_a_login_wall_is_read_as_stating_nothing(tmp_path: Path) -> None:
    """The brief's reader refuses a wall (readers/walls.py); the page-by-page measure counts it as none read
    rather than stopping at it."""
    write(tmp_path, "a")
    row = json.loads((tmp_path / "cases.jsonl").read_text(encoding="utf-8"))
    row["pages"].append(
        {
            "url": "https://members.avel-times.test/masts/signal-mast-record",
            "text": "Signal mast record\nYou must be logged in to read this article.",
            "label": "current",
            "value": "212 metres",
            "date": None,
            "why": "",
        }
    )
    (tmp_path / "cases.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    lines = rp.page_reading(rp.load_cases(tmp_path))
    assert lines[2] == "| figure | current | 0.67 (2/3) | 0 | 1 |"
