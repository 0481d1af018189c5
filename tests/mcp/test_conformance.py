"""The official MCP conformance suite against both HTTP doors, with a checked-in list of expected failures.

``@modelcontextprotocol/conformance`` needs Node 22 (it imports ``fs.globSync``); where the machine
has an older node, the ``node@22`` npm package supplies one into the same cache. The suite runs
its active server scenarios against ``webquorum mcp --http`` and ``webquorum serve``'s ``/mcp``,
with ``conformance-expected.yaml`` as its baseline: a scenario failing or warning that is not
listed, or one listed that now passes, fails the test. Without npm or its registry the test skips
and says why.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from tests.sim.mcp import free_port, research_web, spawn_http
from tests.sim.node import cache_dir, npm_installed
from tests.sim.serve import spawn_serve
from tests.sim.web import SimWeb

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
EXPECTED = HERE / "conformance-expected.yaml"
PACKAGES = ("@modelcontextprotocol/conformance@0.1.16", "node@22")
RUN_TIMEOUT_S = 240


def suite() -> tuple[Path, Path]:
    """(node 22 binary, the suite's entry script), installed once into the cache; skips when impossible."""
    target = npm_installed(cache_dir().parent / "conformance", PACKAGES, "the MCP conformance suite")
    node = target / "node_modules" / ".bin" / "node"
    entry = target / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
    return node, entry


@pytest.fixture(scope="module")
def doors(web: SimWeb, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    tmp = tmp_path_factory.mktemp("conformance")
    config = tmp / "webquorum.yaml"
    config.write_text(yaml.safe_dump(research_web(web)), encoding="utf-8")
    port = free_port()
    mcp = spawn_http(config, port, tmp)
    serve, serve_port, _ = spawn_serve(config, tmp)
    try:
        yield {
            "mcp --http": f"http://127.0.0.1:{port}/mcp",
            "serve /mcp": f"http://127.0.0.1:{serve_port}/mcp",
        }
    finally:
        for proc in (mcp, serve):
            proc.terminate()
            proc.wait(10)


def test_the_expected_list_names_real_scenarios_with_reasons() -> None:
    listed = yaml.safe_load(EXPECTED.read_text(encoding="utf-8"))["server"]
    assert len(listed) == len(set(listed))
    text = EXPECTED.read_text(encoding="utf-8")
    assert text.count("\n  # ") >= 3  # each group of entries says why


@pytest.mark.parametrize("door", ["mcp --http", "serve /mcp"])
def test_conformance_suite_meets_the_checked_in_baseline(
    doors: dict[str, str], door: str, tmp_path: Path
) -> None:
    node, entry = suite()
    done = subprocess.run(
        [
            str(node),
            str(entry),
            "server",
            "--url",
            doors[door],
            "--suite",
            "all",
            "--expected-failures",
            str(EXPECTED),
            "-o",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )
    summary = done.stdout[done.stdout.find("=== SUMMARY ===") :]
    assert done.returncode == 0, (
        f"{door}: conformance baseline not met\n{summary[-3000:]}\n{done.stderr[-1000:]}"
    )
    assert "server-initialize: 1 passed, 0 failed" in summary and "tools-list: 1 passed" in summary
