"""Recorded provider payloads, handed straight to the pure parsers (no server in between).

The builders and parsers of ``webquorum.providers`` and ``webquorum.readers.services`` are
pure, so their tests need only the ``HttpResponse`` a parser is given: :func:`response` makes
one from a body, :func:`fixture` reads our own recordings in tests/fixtures/providers/, and
:func:`shared_payload` reads one from ../shared/payloads, skipping the test when it is absent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.sim.providers import FIXTURES
from webquorum.wire import HttpResponse


def response(
    body: Any, status: int = 200, headers: Mapping[str, str] | None = None, url: str = ""
) -> HttpResponse:
    """An answer as the choke point hands it over: bytes as they are, text encoded, anything else as JSON.

    Header names are lower-cased, as the choke point delivers them.
    """
    raw = (
        body
        if isinstance(body, bytes)
        else body.encode()
        if isinstance(body, str)
        else json.dumps(body).encode()
    )
    return HttpResponse(
        status=status, headers={k.lower(): v for k, v in (headers or {}).items()}, body=raw, url=url
    )


def fixture(name: str) -> bytes:
    """One of our recordings in tests/fixtures/providers/ (search and reader services alike)."""
    return (FIXTURES / name).read_bytes()


def fixture_json(name: str) -> Any:
    return json.loads(fixture(name))


def shared_payload(shared_dir: Path, name: str) -> bytes:
    """A payload from ../shared/payloads; the test skips when that file is absent."""
    path = shared_dir / "payloads" / name
    if not path.is_file():
        pytest.skip(f"{name} is absent")
    return path.read_bytes()


KEY = "sk-test-0123456789abcdef"  # a literal test key: redaction and placement tests look for it
TODAY = {"today": "2025-03-10"}  # the builders' clock option, so a time range gives a fixed start date
SINCE = [("day", "2025-03-09"), ("week", "2025-03-03"), ("month", "2025-02-07"), ("year", "2024-03-09")]
