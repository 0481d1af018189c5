"""One simulated web and one real ``webquorum serve`` process per module (see tests/sim/serve.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from tests.sim.serve import serve_web, spawn_serve, uvicorn_in_thread
from tests.sim.web import SimWeb


@dataclass
class Served:
    base: str
    port: int
    log: Path
    web: SimWeb


@pytest.fixture(scope="module")
def config_file(web: SimWeb, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve") / "webquorum.yaml"
    path.write_text(yaml.safe_dump(serve_web(web)), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def served(web: SimWeb, config_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    proc, port, log = spawn_serve(config_file, tmp_path_factory.mktemp("serve-run"))
    try:
        yield Served(f"http://127.0.0.1:{port}", port, log, web)
    finally:
        proc.terminate()
        proc.wait(15)


@contextlib.contextmanager
def running(config: dict[str, Any], *, host: str = "127.0.0.1") -> Iterator[str]:
    """The app over a fresh client under a real uvicorn in a thread, on a loopback port: its base URL."""
    import uvicorn

    from webquorum import Client
    from webquorum.serve.app import build_app

    settings = uvicorn.Config(build_app(Client(config), host=host), log_level="warning", lifespan="on")
    with uvicorn_in_thread(settings) as port:
        yield f"http://127.0.0.1:{port}"
