"""No test asserts wall-clock time (issue 26).

A bound that matters is tested by what happens at it: the call is cut and the server saw the
connection close, the worker is gone, the code is returned, an answer arrives while a held reply is
still blocked. A limit such as ``elapsed < 1.5`` fails on a loaded machine and says nothing about
the behaviour; speed goals live in ``benchmarks/``. A generous cap that only stops a hang
(``asyncio.timeout(30)``, ``@bounded(30)``, ``proc.wait(60)``) is not an assertion and is fine.

This scans every ``assert`` statement under tests/ (by tokens, so strings and comments do not
count) for a comparison that involves a clock reading or a variable named for a duration.
"""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

TESTS = Path(__file__).resolve().parent
DURATION_NAMES = frozenset({"elapsed", "took", "duration", "wall", "per_call", "gap", "gaps"})
CLOCK_CALLS = frozenset(
    {"monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns", "process_time", "time"}
)
COMPARISONS = frozenset({"<", ">", "<=", ">="})


def _assert_statements(source: str) -> list[tuple[int, list[tokenize.TokenInfo]]]:
    """Each ``assert`` statement's first line and its tokens, up to the end of its logical line."""
    found: list[tuple[int, list[tokenize.TokenInfo]]] = []
    current: list[tokenize.TokenInfo] | None = None
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if current is None:
            if tok.type == tokenize.NAME and tok.string == "assert":
                current = [tok]
        elif tok.type == tokenize.NEWLINE:
            found.append((current[0].start[0], current))
            current = None
        else:
            current.append(tok)
    return found


def _times_something(tokens: list[tokenize.TokenInfo]) -> bool:
    code = [t for t in tokens if t.type in (tokenize.NAME, tokenize.OP)]
    compares = any(t.type == tokenize.OP and t.string in COMPARISONS for t in code)
    duration = any(t.type == tokenize.NAME and t.string in DURATION_NAMES for t in code)
    clock = any(
        a.string == "." and b.string in CLOCK_CALLS and c.string == "("  # time.monotonic(), loop.time(), ...
        for a, b, c in zip(code, code[1:], code[2:], strict=False)
    )
    return compares and (duration or clock)


def clock_asserts(path: Path, root: Path) -> list[str]:
    """``file:line: text`` (the file relative to ``root``) of each assert in ``path`` that times something."""
    source = path.read_text(encoding="utf-8")
    return [
        f"{path.relative_to(root)}:{line}: {source.splitlines()[line - 1].strip()}"
        for line, tokens in _assert_statements(source)
        if _times_something(tokens)
    ]


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "assert elapsed < 1.5\n"
        "assert code == 0 and took < 10.0, text\n"
        "assert time.monotonic() - started < 2.0\n"
        "assert (\n    loop.time()\n    - started\n) < 0.5\n"
        "assert 0.06 <= gap and time.perf_counter() > start\n"
        "assert 'took < 2' in message  # a string: not a clock\n"
        "assert retry_after <= 60.2\n"
        "assert len(hangups) > 0\n",
        encoding="utf-8",
    )
    lines = [hit.split(":")[1] for hit in clock_asserts(sample, tmp_path)]
    assert lines == ["1", "2", "3", "4", "8"]


def test_no_test_asserts_wall_clock_time() -> None:
    hits = [hit for path in sorted(TESTS.rglob("*.py")) for hit in clock_asserts(path, TESTS.parent)]
    assert not hits, "tests asserting elapsed time (test the behaviour at the bound instead):\n" + "\n".join(
        hits
    )
