"""The official TypeScript MCP clients, installed once from npm into a cache directory.

Desktop clients (Claude Desktop, Cursor, VS Code) and the MCP Inspector are built on the
TypeScript SDK, which validates results against each tool's output schema where the Python SDK
does not; so the MCP tests drive the server with those clients too. The packages are pinned and
installed into ``$WEBQUORUM_NODE_CACHE`` (default ``.cache/ts-clients`` in the repository, which
git ignores); without node or npm, or when npm cannot reach its registry, the tests that need
them skip and say why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent
# The Inspector (its CLI is the official way to poke a server) and the 1.x SDK client that
# shipped desktop clients embed; both reject structured content that breaks the output schema.
PACKAGES = ("@modelcontextprotocol/inspector@2.12.0", "@modelcontextprotocol/sdk@1.32.2")
INSTALL_TIMEOUT_S = 300


def cache_dir() -> Path:
    return Path(os.environ.get("WEBQUORUM_NODE_CACHE") or REPO / ".cache" / "ts-clients")


def npm_installed(target: Path, packages: tuple[str, ...], what: str) -> Path:
    """``target`` with ``packages`` installed by npm once (a stamp records which); skips the test, saying
    why, when npm is missing, cannot reach its registry, or takes too long."""
    if shutil.which("npm") is None:
        pytest.skip(f"npm is not installed: {what} needs it")
    stamp = target / "installed.json"
    if stamp.is_file() and json.loads(stamp.read_text(encoding="utf-8")) == list(packages):
        return target
    target.mkdir(parents=True, exist_ok=True)
    (target / "package.json").write_text(
        f'{{"name": "webquorum-{target.name}", "private": true}}\n', encoding="utf-8"
    )
    try:
        done = subprocess.run(
            [
                "npm",
                "install",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                "--prefix",
                str(target),
                *packages,
            ],
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.skip(
            f"npm install of {', '.join(packages)} took over {INSTALL_TIMEOUT_S}s (no registry access?)"
        )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        pytest.skip(f"npm could not install {what} ({last})")
    stamp.write_text(json.dumps(list(packages)), encoding="utf-8")
    return target


def ts_clients() -> Path:
    """The directory whose ``node_modules`` holds :data:`PACKAGES`; skips the test when it cannot exist."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the TypeScript MCP client tests need node and npm")
    return npm_installed(cache_dir(), PACKAGES, "the TypeScript MCP clients")


def inspector(target: Path) -> Path:
    return target / "node_modules" / ".bin" / "mcp-inspector"
