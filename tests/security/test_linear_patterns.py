"""Row 4 of issue 12: every regular expression in readers/ and text/ runs in linear time.

Each pattern (module-level compiled ones, found by import, and literal patterns passed to ``re.*``,
found in the source) meets 1 MB of each adversarial shape: runs of one character, alternations of
two, an opener followed by a long tail. It must get through all of its matches in under 100 ms of
CPU. A 20 KB dry run first turns a quadratic pattern into a quick failure instead of a long hang.

100 ms is the budget on this project's reference machine (2 vCPUs, shared). A neighbour's load
there slows every ``re`` scan alike, by up to 2x within seconds, so a pattern over the budget is
timed again, in turns with a calibration scan of known cost, and the budget scaled by how much
slower the calibration ran than on the quiet reference machine (never below 100 ms, at most 3x:
a quadratic pattern is minutes, not a factor). Every pattern is held to the same budget; none is
listed as an exception.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import time
from pathlib import Path

import pytest

import webquorum.readers
import webquorum.text

ROOT = Path(webquorum.readers.__file__).resolve().parent.parent
PACKAGES = (webquorum.readers, webquorum.text)
_RE_FUNCS = {"compile", "search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split"}
MB = 1_000_000
LIMIT_S = 0.100
# Two tests at each of 500,000 candidates, the cost of a scan re cannot skip; its CPU time on the
# quiet reference machine, where LIMIT_S was set.
CALIBRATION = re.compile(r"\d(?<!\d\d)x")
CALIBRATION_TEXT = "1 " * 500_000
CALIBRATION_QUIET_S = 0.030
MAX_SLOWDOWN = 3.0
# Only ever used anchored (``pattern.match(text, pos)``), never to scan: timed that way.
ANCHORED = {
    "webquorum.text.figures._NEXT_WORD",
    "webquorum.text.figures._PER_HOUR",
    "webquorum.text.figures._PER_AREA",
    "webquorum.text.figures._PER_SECOND",
    "webquorum.text.figures._CLOCK_TIME_OF_DAY",
    "webquorum.text.roles._ROLE_OF_ORG",
    "webquorum.text.roles._DESCRIBED_ORG",
    "webquorum.text.roles._AS_ROLE",
    "webquorum.text.roles._SUCCEEDS_AS",
    "webquorum.text.roles._STATED_AS_HOLDER",
    "webquorum.text.owners._AFTER_TAIL",
    "webquorum.text.owners._BEFORE_TAIL",
    "webquorum.text.owners._UNTIL",
}


def _patterns() -> dict[str, re.Pattern[str] | re.Pattern[bytes]]:
    found: dict[str, re.Pattern[str] | re.Pattern[bytes]] = {}
    for package in PACKAGES:
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if isinstance(value, re.Pattern):
                    found.setdefault(f"{info.name}.{name}", value)
    known = {p.pattern for p in found.values()}
    for package in ("readers", "text"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in _RE_FUNCS
                    and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "re"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str | bytes)
                    and node.args[0].value not in known
                ):
                    known.add(node.args[0].value)
                    found[f"{path.relative_to(ROOT)}:{node.lineno}"] = re.compile(node.args[0].value)
    return found


PATTERNS = _patterns()
_SINGLES = "[](<!\"'#*-_.,: \t\n$aA1é"
_PAIRS = [
    "[a",
    "![",
    "](",
    "a ",
    "A ",
    "1,",
    "1.",
    "a.",
    "<a",
    "a-",
    "a\n",
    "Aa",
    "1 ",
    "a1",
    "A.",
    "a@",
    "+1",
]
_TAILS = ["[", "![", "<", "(", "<meta ", "a@", "+", "http://"]


def shapes(n: int) -> list[str]:
    out = [c * n for c in _SINGLES]
    out += [pair * (n // len(pair)) for pair in _PAIRS]
    out += [opener + "a" * n for opener in _TAILS]
    return out


MAX_MATCHES = 10_000  # the shapes are uniform: past this many matches, the rest costs the same again


def _cpu(pattern: re.Pattern[str] | re.Pattern[bytes], text: str, *, anchored: bool = False) -> float:
    """CPU seconds to walk the matches (the failing start positions between them are what backtracks).

    This thread's CPU alone: threads that earlier tests leave in the process (loopback servers, pools)
    spend CPU too, and the process's total once put a pattern 3% over its budget in CI.
    """
    subject: str | bytes = text.encode("utf-8") if isinstance(pattern.pattern, bytes) else text
    started = time.thread_time()
    if anchored:
        pattern.match(subject)  # type: ignore[arg-type]
        return time.thread_time() - started
    for count, _ in enumerate(pattern.finditer(subject)):  # type: ignore[arg-type]
        if count >= MAX_MATCHES:
            break
    return time.thread_time() - started


def test_the_anchored_list_names_real_patterns() -> None:
    assert set(PATTERNS) >= ANCHORED


def test_the_patterns_are_found() -> None:
    """The collection above really sees the trimmer's, the extractor's and the figure parser's patterns."""
    names = " ".join(PATTERNS)
    assert "readers.trim._MD_LINK" in names and "text.figures._MONEY_SUFFIX" in names
    assert any(key.startswith("readers/extract.py:") for key in PATTERNS)
    assert len(PATTERNS) >= 40


def _spent_and_budget(
    pattern: re.Pattern[str] | re.Pattern[bytes], text: str, anchored: bool
) -> tuple[float, float]:
    """CPU seconds the pattern takes on ``text`` and its budget on this machine now."""
    spent = _cpu(pattern, text, anchored=anchored)
    if spent <= LIMIT_S:
        return spent, LIMIT_S
    runs, calibrations = [spent], []
    for _ in range(3):  # in turns, so a burst of load slows both
        calibrations.append(_cpu(CALIBRATION, CALIBRATION_TEXT))
        runs.append(_cpu(pattern, text, anchored=anchored))
    slowdown = min(MAX_SLOWDOWN, max(1.0, min(calibrations) / CALIBRATION_QUIET_S))
    return min(runs), LIMIT_S * slowdown


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_each_pattern_is_linear_on_a_megabyte_of_hostile_text(name: str) -> None:
    pattern = PATTERNS[name]
    anchored = name in ANCHORED
    slow = []
    for small, big in zip(shapes(20_000), shapes(MB), strict=True):
        if _cpu(pattern, small, anchored=anchored) > LIMIT_S:
            slow.append(f"{small[:8]!r}… (20 KB already over {LIMIT_S * 1000:.0f} ms)")
            continue
        spent, budget = _spent_and_budget(pattern, big, anchored)
        if spent > budget:
            slow.append(f"{big[:8]!r}… {spent * 1000:.0f} ms (budget now {budget * 1000:.0f} ms)")
    assert not slow, f"{name} ({pattern.pattern!r:.80}) is not linear on: {'; '.join(slow)}"


def test_the_calibration_measures_the_machine() -> None:
    """The calibration scan costs what its budget assumes: not a no-op a change to re could skip."""
    assert len(list(CALIBRATION.finditer(CALIBRATION_TEXT))) == 0
    assert min(_cpu(CALIBRATION, CALIBRATION_TEXT) for _ in range(3)) > CALIBRATION_QUIET_S / 20
