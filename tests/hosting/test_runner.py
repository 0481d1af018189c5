"""The one graceful runner: both HTTP shells, real processes, stop on SIGTERM with exit 0 and on Ctrl-C with
130.

SIGTERM is a supervisor's intended stop (exit 0, not death by signal); SIGINT is a person's Ctrl-C
(exit 130). Before the runner had one home, ``serve`` died of its SIGTERM (-15) while ``mcp --http``
exited 0.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest
import yaml
from tests.conftest import REPO
from tests.sim.mcp import free_port
from tests.sim.serve import serve_web, wait_for_port
from tests.sim.web import SimWeb

COMMANDS = {"serve": ["serve"], "mcp --http": ["mcp", "--http"]}


def start(command: list[str], config: Path, tmp: Path) -> tuple[subprocess.Popen[bytes], Path]:
    port = free_port()
    log = tmp / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "webquorum", *command, "--port", str(port), "--config", str(config)],
            stdout=out,
            stderr=out,
            stdin=subprocess.DEVNULL,
            cwd=REPO,
        )
    wait_for_port(port, proc, log)
    answered(port)  # the socket listens before uvicorn runs; an answer means its signal handlers are in place
    return proc, log


def answered(port: int) -> None:
    for _ in range(300):
        try:
            httpx2.get(f"http://127.0.0.1:{port}/healthz", timeout=5)
            return
        except httpx2.TransportError:
            time.sleep(0.1)
    raise AssertionError("the server never answered")


@pytest.mark.parametrize("shell", COMMANDS)
@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, 0), (signal.SIGINT, 130)])
def test_a_stop_signal_ends_the_server_with_its_exit_code(
    shell: str, sig: signal.Signals, code: int, web: SimWeb, tmp_path: Path
) -> None:
    config = tmp_path / "webquorum.yaml"
    config.write_text(yaml.safe_dump(serve_web(web)), encoding="utf-8")
    proc, log = start(COMMANDS[shell], config, tmp_path)
    try:
        proc.send_signal(sig)
        returned = proc.wait(60)  # a bound on a hung stop, not a speed goal
    finally:
        if proc.poll() is None:
            proc.kill()
    out = log.read_text()
    assert returned == code, out
    assert "Traceback" not in out
