"""A first run without a network, in a real subprocess: every keyless engine named, a network/proxy hint, exit
1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

from tests.conftest import REPO
from tests.sim.web import SimWeb
from webquorum.providers import PROVIDER_IDS, provider_module

KEYLESS = [
    p
    for p in PROVIDER_IDS
    if not provider_module(p).SPEC.key_required and not provider_module(p).SPEC.needs_base_url
]


def test_offline_brief_names_every_engine_and_hints_at_the_network(tmp_path: Path) -> None:
    closed = SimWeb().start()
    port = closed.port
    closed.stop()
    overrides = {pid: {"base_url": f"http://{pid.replace('_', '-')}.invalid"} for pid in KEYLESS[::2]}
    overrides.update({pid: {"base_url": f"http://127.0.0.1:{port}"} for pid in KEYLESS[1::2]})
    config = {
        "providers": KEYLESS,
        "overrides": overrides,
        "network": {"retries": 0},
        "cache": {"enabled": False},
    }
    path = tmp_path / "offline.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")} | {
        "PYTHONPATH": str(REPO / "src")
    }
    run = subprocess.run(
        [sys.executable, "-m", "webquorum", "brief", "population of lyon", "--config", str(path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr
    assert "WEB_PROVIDER_UNREACHABLE" in run.stderr
    for pid in KEYLESS:
        assert f"{pid} unreachable" in run.stderr
    assert "HTTPS_PROXY" in run.stderr and "network" in run.stderr
