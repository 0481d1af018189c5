"""Shared fixtures: the simulated web, the ../shared material (skipped when absent), quiet retries."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.sim.web import SimWeb

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


PROXY_VARIABLES = ("HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "http_proxy", "no_proxy")


@pytest.fixture(autouse=True)
def no_proxy_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """A developer's own HTTPS_PROXY must not send the loopback tests through it; proxy tests set their
    own."""
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def shared_dir() -> Path:
    """../shared beside the repo root; tests that read it skip cleanly when it is absent."""
    if not SHARED.is_dir():
        pytest.skip("../shared is absent")
    return SHARED


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture
def simweb() -> Iterator[SimWeb]:
    with SimWeb() as web:
        yield web


@pytest.fixture(scope="module")
def web() -> Iterator[SimWeb]:
    """One simulated web for a whole module, for the servers a module starts once and points at it."""
    with SimWeb() as sim:
        yield sim
