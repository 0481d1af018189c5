"""The quick paths of the command line load no heavy library (issue 25).

An agent pays the CLI's start on every call, and ``--help``, a TAB completion and a usage error
must answer in a few times Python's own start (benchmarks/startup.py times it). Time is not
asserted here; what makes it is: each path runs in a fresh interpreter, through the same
``main`` the installed script calls, and reports the modules it imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Runs webquorum's main() with the given arguments, then writes what sys.modules holds to a file.
DRIVER = """
import json, sys
args, report = json.loads(sys.argv[1]), sys.argv[2]
sys.argv = ["webquorum", *args]
from webquorum.cli import main
try:
    main()
    code = 0
except SystemExit as stop:
    code = stop.code if isinstance(stop.code, int) else 1
with open(report, "w") as f:
    json.dump({"code": code, "modules": sorted(sys.modules)}, f)
"""

# What a quick path must never load: the model layer, rich, the HTTP and server stacks, the
# readers and their parsers, the MCP SDK, YAML, asyncio, typer, and the package's own heavy layers.
HEAVY = {
    "pydantic",
    "pydantic_core",
    "rich",
    "trafilatura",
    "bm25s",
    "pypdfium2",
    "selectolax",
    "lxml",
    "uvicorn",
    "starlette",
    "httpx2",
    "httpcore2",
    "anyio",
    "mcp",
    "yaml",
    "asyncio",
    "typer",
    "shellingham",
}
HEAVY_OWN = (
    "webquorum.api",
    "webquorum.config",
    "webquorum.logs",
    "webquorum.net",
    "webquorum.readers",
    "webquorum.providers",
    "webquorum.resilience",
    "webquorum.analysis",
    "webquorum.types",
    "webquorum.mcp.server",
    "webquorum.serve",
)
COMPLETE = {"_WEBQUORUM_COMPLETE": "complete_bash", "COMP_WORDS": "webquorum fe", "COMP_CWORD": "1"}


def modules_loaded(
    tmp_path: Path, args: list[str], env: dict[str, str] | None = None
) -> tuple[int, str, set[str]]:
    report = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, json.dumps(args), str(report)],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={
            **{k: v for k, v in os.environ.items() if k not in ("WEBQUORUM_LOG", "WEBQUORUM_CONFIG")},
            **(env or {}),
        },
        timeout=60,
        check=False,
    )
    data = json.loads(report.read_text())
    return data["code"], done.stdout, set(data["modules"])


def heavy_in(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY or m.startswith(HEAVY_OWN))


@pytest.mark.parametrize(
    ("args", "env", "code", "expect"),
    [
        (["--help"], None, 0, "Usage: webquorum [OPTIONS] COMMAND"),
        (["brief", "--help"], None, 0, "Usage: webquorum brief [OPTIONS] {query}"),
        (["fetch", "--help"], None, 0, "--budget <int range>"),
        ([], None, 2, "Commands:"),
        (["fetch", "http://a.test/", "--budget", "0", "--json"], None, 2, '"code": "WEB_BAD_REQUEST"'),
        (["search"], None, 2, ""),
        (["nosuch", "--json"], None, 2, '"code": "WEB_BAD_REQUEST"'),
        ([], COMPLETE, 0, "fetch"),
    ],
    ids=[
        "help",
        "brief help",
        "fetch help",
        "bare",
        "usage error",
        "missing argument",
        "unknown command",
        "completion",
    ],
)
def test_quick_paths_load_no_heavy_module(
    tmp_path: Path, args: list[str], env: dict[str, str] | None, code: int, expect: str
) -> None:
    exit_code, stdout, modules = modules_loaded(tmp_path, args, env)
    assert exit_code == code and expect in stdout
    assert heavy_in(modules) == [], " ".join(args)
    assert ("webquorum.cli.completion" in modules) == bool(env)  # the shell formats load for completion alone


def test_version_loads_not_even_click(tmp_path: Path) -> None:
    exit_code, stdout, modules = modules_loaded(tmp_path, ["--version"])
    assert exit_code == 0 and stdout.startswith("webquorum ")
    assert "click" not in modules and heavy_in(modules) == []
