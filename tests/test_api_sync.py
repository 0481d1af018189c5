"""The sync helpers work where notebooks run them (inside an event loop), and raised errors say what to do."""

from __future__ import annotations

import asyncio
import inspect
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import webquorum
from tests.sim.providers import provider_config, serve
from tests.sim.web import SimWeb
from webquorum import errors


@pytest.fixture(scope="module")
def config() -> Iterator[dict[str, Any]]:
    sim = SimWeb().start()
    serve(sim, "mojeek")
    try:
        yield provider_config(sim, ["mojeek"])
    finally:
        sim.stop()


def test_sync_search_outside_a_loop(config: dict[str, Any]) -> None:
    assert webquorum.search("kestrel", config=config).results


def test_sync_search_inside_a_running_loop_runs_on_a_worker_thread(config: dict[str, Any]) -> None:
    async def notebook_cell() -> tuple[int, str]:
        caller = threading.current_thread().name
        response = webquorum.search("kestrel", config=config)  # what a Jupyter cell does
        return len(response.results), caller

    count, caller = asyncio.run(notebook_cell())
    assert count > 0 and caller == threading.current_thread().name


def test_raised_errors_carry_a_hint() -> None:
    with pytest.raises(errors.BadUrlError) as caught:
        webquorum.fetch("ftp://example.org/file.txt", config={"providers": ["wikipedia"]})
    assert caught.value.hint_text.startswith("pass an absolute http(s) URL")
    with pytest.raises(errors.ConfigError) as bad_config:
        webquorum.Client({"web": {"max_results": 0}})
    assert bad_config.value.hint_text


def test_every_error_class_has_a_hint() -> None:
    classes = [
        c for _, c in inspect.getmembers(errors, inspect.isclass) if issubclass(c, errors.WebQuorumError)
    ]
    for cls in classes:
        if cls in (errors.WebQuorumError, errors.RequestRefusedError):
            continue  # the base has no cause to speak of; a refusal builds its hint from what is missing
        assert cls.hint, f"{cls.__name__} has no hint"
    refusal = errors.RequestRefusedError("web_evidence_brief_incomplete", "no entity", missing=["entities"])
    assert refusal.hint_text == "add: entities"
