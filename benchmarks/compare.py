"""Comparison benchmark (issue 11): accuracy on the case sets and CPU per comparison, in one run.

Prints, for each split of tests/analysis/compare_cases (tune: the rules were adjusted on it;
heldout, heldout2: written before the tuning they measure):

- agreement recall: expected agreed values found agreed by two or more sites;
- disagreement recall and precision: expected (site, value) disagreements found, and reported
  disagreements that were expected;
- false disagreements on cases whose sources only state different quantities.

Then CPU per comparison of 4 sources x 3,000 characters (process time, best of N: the machine is
shared, and the best run is the one least disturbed by other processes) on two inputs: dense case
prose (every sentence a figure) and real article text (../shared/extraction-benchmark, when
present), each beside the 0.1 comparison (``--baseline``, default 52e5fd0) timed in the same run,
so the ratio holds on any machine; then the parts; and the libraries the issue names, measured on
the figures of the case set (only when installed):

- price-parser reads one price from a string: its value against ours for every money figure;
- text2num turns number words into digits: how many case figures are written in words, and its cost;
- dateparser parses one date string: agreement with ours on every date, and its cost per date.

    PYTHONPATH=. .venv/bin/python benchmarks/compare.py [--runs 30] [--splits tune,heldout,heldout2]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

from comparetimer import best_ms
from tests.analysis.compare_cases.scoring import SPLITS, load, score

from webquorum.text.claims import read_claims
from webquorum.text.figures import extract_figures
from webquorum.text.names import name_mentions
from webquorum.text.roles import read_roles

ALL_SPLITS = SPLITS
REPO = Path(__file__).resolve().parent.parent
TIMER = Path(__file__).resolve().parent / "comparetimer.py"
BASELINE = "52e5fd0"  # 0.1, the last commit before the claim model: the "today about 12 ms"


def pages() -> list[str]:
    """Four 3,000-character pages of case prose (every sentence states a figure: a dense, hard input)."""
    text = " ".join(s for split in ALL_SPLITS for case in load(split) for s in case["sources"])
    return [text[k * 3000 : (k + 1) * 3000] for k in range(4)]


def articles() -> list[list[str]]:
    """Real article text, 3,000 characters each, four to a comparison: the extraction benchmark's
    hand-made article bodies (../shared, read at run time; none when it is absent)."""
    truth = REPO.parent / "shared" / "extraction-benchmark" / "ground-truth.json"
    if not truth.is_file():
        return []
    bodies = [v["articleBody"][:3000] for v in json.loads(truth.read_text()).values() if len(v.get("articleBody") or "") >= 3000]
    return [bodies[k : k + 4] for k in range(0, len(bodies) - 3, 4)]


def accuracy(splits: list[str]) -> None:
    print(f"{'split':9s} {'cases':>5s} {'agree R':>8s} {'disagree R':>11s} {'disagree P':>11s} {'false on diff':>13s}")
    for split in splits:
        cases = load(split)
        s = score(cases)
        print(
            f"{split:9s} {len(cases):5d} {s.agreement_recall:8.3f} {s.disagreement_recall:11.3f} "
            f"{s.disagreement_precision:11.3f} {s.false_on_different:13d}"
            f"   ({s.agreed_found}/{s.agreed_expected}, {s.disagreed_found}/{s.disagreed_expected}, "
            f"{s.disagreed_correct}/{s.disagreed_reported})"
        )
        for miss in s.misses:
            print(f"          {miss}")


def speed(runs: int, baseline: str) -> None:
    inputs = {"case prose (dense)": [pages()], "real articles": articles()}
    inputs = {label: groups for label, groups in inputs.items() if groups}
    ours, old = _timed(inputs, runs, baseline)
    print(f"\nCPU per comparison of 4 x 3,000 characters (best of {runs} in rounds alternating with {baseline or 'nothing'}; "
          f"median over an input's comparisons)")  # fmt: skip
    for label, groups in inputs.items():
        line = f"  {label}, {len(groups)} comparison(s): {statistics.median(ours[label]):.1f} ms (worst {max(ours[label]):.1f} ms)"
        if old:
            ratios = [a / b for a, b in zip(ours[label], old[label], strict=True)]
            line += (f"; {baseline}: {statistics.median(old[label]):.1f} ms; ratio {statistics.median(ratios):.2f} "
                     f"(worst {max(ratios):.2f})")  # fmt: skip
        print(line)
    if "real articles" not in inputs:
        print("  real articles: skipped (../shared/extraction-benchmark not found)")
    texts = pages()
    figures = best_ms(lambda: [extract_figures(t) for t in texts], runs)
    claims = best_ms(lambda: [read_claims(t) for t in texts], runs)
    names = best_ms(lambda: [name_mentions(t) for t in texts], runs)
    roles = best_ms(lambda: [read_roles(t) for t in texts], runs)
    print(f"  parts on the dense prose, each alone: figures {figures:.1f} ms, every claim on top of them {claims - figures:.1f} ms "
          f"(the comparison reads only the claims it needs), names {names:.1f} ms, roles {roles:.1f} ms")  # fmt: skip


_ROUNDS = 5


def _timed(inputs: dict[str, list[list[str]]], runs: int, rev: str) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Each comparison timed by this tree and by the code at ``rev``, in child processes that take
    turns for a few rounds; the best of all rounds counts for each side.

    On a shared machine the load changes by the second, so two sides timed one after the other
    see different machines; taking turns gives both the same ones. A ratio measured so carries
    over between machines where milliseconds do not.
    """
    with tempfile.TemporaryDirectory() as tmp:
        paths = {"ours": str(REPO / "src")}
        if rev:
            archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "src"], capture_output=True, check=False)
            if archive.returncode == 0:
                subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
                paths["old"] = f"{tmp}/src"
            else:
                print(f"(baseline {rev} is not in this clone: no ratio)")
        best: dict[str, dict[str, list[float]]] = {}
        per_round = max(1, runs // _ROUNDS)
        for _ in range(_ROUNDS):
            for side, path in paths.items():
                done = subprocess.run([sys.executable, str(TIMER), str(per_round)], input=json.dumps(inputs), text=True,
                                      capture_output=True, check=True, env={**os.environ, "PYTHONPATH": path})  # fmt: skip
                got: dict[str, list[float]] = json.loads(done.stdout)
                if side not in best:
                    best[side] = got
                else:
                    best[side] = {k: [min(a, b) for a, b in zip(best[side][k], v, strict=True)] for k, v in got.items()}
    return best["ours"], best.get("old", {})


def libraries(runs: int) -> None:
    figures = [(f, case) for split in ALL_SPLITS for case in load(split) for s in case["sources"] for f in extract_figures(s)]
    print("\nLibraries on the case-set figures (kept only where they win):")
    if importlib.util.find_spec("price_parser"):
        from price_parser import Price

        money = [f for f, _ in figures if f.kind == "money"]
        right = 0
        for f in money:
            p = Price.fromstring(f.text)
            right += p.amount is not None and abs(float(p.amount) - f.value) <= f.step
        print(f"  price-parser: right value for {right}/{len(money)} money figures (ours: {len(money)}/{len(money)} by the "
              f"case expectations); it reads no scale words ('billion', 'mil millones') and no Spanish separators")  # fmt: skip
    else:
        print("  price-parser: not installed")
    if importlib.util.find_spec("text_to_num"):
        from text_to_num import alpha2digit

        texts = pages()
        cost = best_ms(lambda: [alpha2digit(t, "en") for t in texts], runs)
        sources = [s for split in ALL_SPLITS for case in load(split) for s in case["sources"]]
        changed = sum(1 for s in sources if [f.value for f in extract_figures(alpha2digit(s, "en"))] != [f.value for f in extract_figures(s)])
        print(f"  text2num: run before our reader, it changes the figures read from {changed}/{len(sources)} case sources "
              f"(it rewrites '$81.6 billion' as '$81.6 1000000000'); {cost:.1f} ms per 4 x 3,000 characters")  # fmt: skip
    else:
        print("  text2num: not installed")
    if importlib.util.find_spec("dateparser"):
        import dateparser

        dates = [f for f, _ in figures if f.kind == "date"]
        same = 0
        for f in dates:
            parsed = dateparser.parse(f.text, languages=["en", "es"])
            same += parsed is not None and parsed.date() == date.fromordinal(round(f.value))
        per = best_ms(lambda: [dateparser.parse(f.text, languages=["en", "es"]) for f in dates], max(3, runs // 10))
        ours = best_ms(lambda: [extract_figures(f.text) for f in dates], runs)
        print(f"  dateparser: same day as ours for {same}/{len(dates)} dates; {per / max(1, len(dates)):.2f} ms per date "
              f"against {ours / max(1, len(dates)):.3f} ms for our reader (and it finds no date in running text by itself)")
    else:
        print("  dateparser: not installed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--splits", default=",".join(ALL_SPLITS))
    parser.add_argument("--baseline", default=BASELINE, help="a git revision to time the same comparisons with ('' for none)")
    args = parser.parse_args()
    accuracy(args.splits.split(","))
    speed(args.runs, args.baseline)
    libraries(args.runs)


if __name__ == "__main__":
    main()
