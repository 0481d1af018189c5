"""Rows 4 and 5 of issue 12: a hostile page costs its own call at most its deadline, never another
call's, and never the process. Extraction runs in a child process (readers/sandbox.py)."""

from __future__ import annotations

import asyncio
import os
import time

import pytest
from tests.sim.hostile import (
    many_links,
    nested_brackets,
    pdf_operators,
    worker_abort,
    worker_allocate,
    worker_echo,
    worker_sleep,
    worker_spin,
)
from tests.sim.sites import SITE, bounded, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import ExtractionFailedError, FetchError
from webquorum.readers.extract import MAX_LINKS
from webquorum.readers.sandbox import run_bounded

MB = 1024 * 1024


@bounded(30)
async def test_a_crash_in_the_extractor_is_one_error_and_the_process_lives() -> None:
    with pytest.raises(ExtractionFailedError) as caught:
        await run_bounded(worker_abort, source="http://x.test/crash", deadline_s=10, memory_bytes=256 * MB)
    assert "crashed" in caught.value.message and caught.value.code == "WEB_FETCH_EXTRACTION_FAILED"
    assert await run_bounded(worker_echo, "alive", source="s", deadline_s=10, memory_bytes=256 * MB) == "alive"


@bounded(30)
async def test_a_spinning_extractor_is_stopped_at_its_deadline() -> None:
    await run_bounded(worker_echo, "warm", source="s", deadline_s=20, memory_bytes=256 * MB)
    started = time.monotonic()
    with pytest.raises(ExtractionFailedError):
        await run_bounded(worker_spin, 30.0, source="http://x.test/spin", deadline_s=1.0, memory_bytes=256 * MB)
    assert time.monotonic() - started < 3.0


@bounded(30)
async def test_an_extractor_past_its_memory_allowance_fails_alone() -> None:
    with pytest.raises(ExtractionFailedError) as caught:
        await run_bounded(worker_allocate, 2048, source="http://x.test/big", deadline_s=10, memory_bytes=128 * MB)
    assert "memory" in caught.value.message
    assert await run_bounded(worker_allocate, 16, source="s", deadline_s=10, memory_bytes=128 * MB) == f"allocated {16 * MB}"


@bounded(30)
async def test_no_lock_is_held_across_documents() -> None:
    """A slow document does not hold up a fast one (the old global PDF lock did)."""
    await run_bounded(worker_echo, "warm", source="s", deadline_s=20, memory_bytes=256 * MB)
    slow = asyncio.create_task(run_bounded(worker_sleep, 4.0, source="slow", deadline_s=10, memory_bytes=256 * MB))
    await asyncio.sleep(0.2)
    started = time.monotonic()
    assert await run_bounded(worker_echo, "fast", source="fast", deadline_s=10, memory_bytes=256 * MB) == "fast"
    assert time.monotonic() - started < 2.0 and not slow.done()
    assert await slow == "slept"


@bounded(60)
async def test_hostile_pages_end_within_the_deadline_and_a_normal_read_still_works(simweb: SimWeb) -> None:
    simweb.route("/brackets", Reply(body=nested_brackets(1_000_000), content_type="text/markdown"), host=SITE)
    simweb.route("/pdf", Reply(body=pdf_operators(7_000_000), content_type="application/pdf"), host=SITE)
    simweb.route("/ok", Reply(body="<html><body><p>The island ferry resumed its winter timetable on Monday.</p></body></html>"), host=SITE)
    config = site_config(simweb, fetch_deadline_s=8.0, max_body_bytes=2_000_000)
    async with Client(config) as wq:
        await wq.fetch(simweb.url("/ok", host=SITE))  # warm
        started = time.monotonic()
        outcomes = await asyncio.gather(
            wq.fetch(simweb.url("/brackets", host=SITE)), wq.fetch(simweb.url("/pdf", host=SITE)),
            return_exceptions=True,
        )
        assert time.monotonic() - started < 8.0 + 3.0
        for outcome in outcomes:
            assert not isinstance(outcome, BaseException) or isinstance(outcome, FetchError), outcome
        assert (await wq.fetch(simweb.url("/ok", host=SITE))).text.startswith("The island ferry")
    assert os.getpid()  # still here


@bounded(30)
async def test_links_are_capped_before_they_are_materialised(simweb: SimWeb) -> None:
    simweb.route("/links", Reply(body=many_links(600_000)), host=SITE)
    async with Client(site_config(simweb, max_body_bytes=2_000_000, fetch_deadline_s=30.0)) as wq:
        listed = await wq.links(simweb.url("/links", host=SITE), limit=300)
    assert listed.total <= MAX_LINKS and len(listed.links) <= MAX_LINKS
