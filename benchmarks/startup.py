"""Start-up benchmark: how long the CLI takes to answer before it does any work, against Python's own start.

Agents that shell out pay the start on every call, and an MCP host waits for it at every start, so
``--version``, ``--help``, a TAB completion and a usage error are timed as a user runs them (the
installed ``webquorum`` script, a fresh process each time), beside ``python -c pass`` in the same
loop so machine load falls on both alike. Each figure is the median of ``--runs`` rounds; the ratio
is that median over Python's. Then ``webquorum mcp`` over stdio: wall time from spawning it to the
answer to ``initialize`` (goal: within 1 s on an idle machine), and to the answer to ``tools/list``,
and that list's size for the default and the small-model profile.

Every case runs once untimed first, with ``PYTHONDONTWRITEBYTECODE`` unset (in the children only),
so the timed runs read compiled bytecode as any installed program does (pip compiles it at install;
without it each start compiles click and the package again, which times the compiler, not the CLI).

    PYTHONPATH=. .venv/bin/python benchmarks/startup.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SCRIPT = str(BIN / "webquorum")
ENV = {
    k: v
    for k, v in os.environ.items()
    if k not in ("WEBQUORUM_CONFIG", "WEBQUORUM_LOG", "PYTHONDONTWRITEBYTECODE")
}
COMPLETE = {**ENV, "_WEBQUORUM_COMPLETE": "complete_bash", "COMP_WORDS": "webquorum fe", "COMP_CWORD": "1"}
CASES: dict[str, tuple[list[str], dict[str, str], int]] = {  # argv, environment, expected exit code
    "python -c pass": ([sys.executable, "-c", "pass"], ENV, 0),
    "webquorum --version": ([SCRIPT, "--version"], ENV, 0),
    "webquorum --help": ([SCRIPT, "--help"], ENV, 0),
    "webquorum fetch --help": ([SCRIPT, "fetch", "--help"], ENV, 0),
    "completion (TAB after 'fe')": ([SCRIPT], COMPLETE, 0),
    "usage error (--budget 0 --json)": (
        [SCRIPT, "fetch", "http://a.test/", "--budget", "0", "--json"],
        ENV,
        2,
    ),
}
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "startup-bench", "version": "0"},
    },
}


def timed(argv: list[str], env: dict[str, str], expected: int) -> float:
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, cwd=REPO, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != expected:
        raise SystemExit(
            f"{argv}: exit {done.returncode}, expected {expected}: {done.stderr.decode()[-400:]}"
        )
    return elapsed


def mcp_initialize(*flags: str) -> tuple[float, float, int]:
    """Seconds from spawning ``webquorum mcp`` to its initialize answer and to its tools/list answer; the
    list's size.

    The size is the ``tools`` array as JSON with Python's default separators (the figure the README
    and tests/mcp/test_protocol.py use; the wire's compact form is a few percent smaller).
    """
    started = time.perf_counter()
    proc = subprocess.Popen(
        [SCRIPT, "mcp", *flags],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=REPO,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(json.dumps(INIT).encode() + b"\n")
        proc.stdin.flush()
        json.loads(proc.stdout.readline())
        initialized = time.perf_counter() - started
        proc.stdin.write(
            b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'
        )
        proc.stdin.flush()
        listed = json.loads(proc.stdout.readline())
        assert listed["id"] == 2 and listed["result"]["tools"], listed
        return initialized, time.perf_counter() - started, len(json.dumps(listed["result"]["tools"]))
    finally:
        proc.kill()
        proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds; each runs every case once, side by side")
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in CASES}
    inits: list[float] = []
    lists: list[float] = []
    for argv, env, expected in CASES.values():  # untimed: writes the bytecode caches
        timed(argv, env, expected)
    mcp_initialize()
    for _ in range(args.runs):
        for name, (argv, env, expected) in CASES.items():
            times[name].append(timed(argv, env, expected))
        first, second, _ = mcp_initialize()
        inits.append(first)
        lists.append(second)
    base = statistics.median(times["python -c pass"])
    print(
        f"median of {args.runs} rounds (each case once per round, side by side); load average {os.getloadavg()[0]:.2f}"
    )
    for name, values in times.items():
        median = statistics.median(values)
        print(f"  {name:34} {median * 1000:7.0f} ms   {median / base:5.1f}x python")
    print(
        f"  {'mcp stdio: initialize answered':34} {statistics.median(inits) * 1000:7.0f} ms   (worst {max(inits) * 1000:.0f} ms)"
    )
    print(f"  {'mcp stdio: tools/list answered':34} {statistics.median(lists) * 1000:7.0f} ms")
    for label, flags in (("default", ()), ("--small", ("--small",))):
        tools = mcp_initialize(*flags)[2]
        print(f"  tools/list, {label + ' profile:':17} {tools:6,} characters (about {tools // 4:,} tokens)")


if __name__ == "__main__":
    main()
