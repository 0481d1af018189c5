"""The workers' pipe as the event loop drives it: bodies and replies longer than the socket's buffer go
whole each way, and the CPU count a worker reports is the one /proc shows for it."""

from __future__ import annotations

import os
import zlib

import pytest
from tests.sim.hostile import worker_echo
from tests.sim.sites import bounded

from webquorum.errors import ExtractionFailedError
from webquorum.readers.sandbox import run_bounded
from webquorum.readers.sandbox.priority import cpu_ticks

MB = 1024 * 1024


def test_cpu_ticks_counts_what_proc_shows_for_this_process() -> None:
    """The start of a document's CPU count comes from the worker's own ``cpu_ticks``, where it came from
    /proc before: the two must be one clock, or a worker could be demoted late."""
    before = cpu_ticks()
    with open(f"/proc/{os.getpid()}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    after = cpu_ticks()
    assert before <= int(fields[11]) + int(fields[12]) <= after


@bounded(60)
async def test_a_body_longer_than_the_pipe_goes_to_the_worker_whole() -> None:
    body = os.urandom(8 * MB)  # far past a socket's buffer: the loop writes it as the worker reads
    crc = await run_bounded(zlib.crc32, body, source="big", deadline_s=30, memory_bytes=256 * MB)
    assert crc == zlib.crc32(body)


@bounded(60)
async def test_a_reply_longer_than_the_pipe_comes_back_whole() -> None:
    text = "x" * (3 * MB) + "end"
    assert await run_bounded(worker_echo, text, source="big", deadline_s=30, memory_bytes=256 * MB) == text


@bounded(60)
async def test_a_worker_reused_for_many_documents_answers_each_in_turn() -> None:
    """The reply read for one document is that document's, never a late one of the document before."""
    for i in range(20):
        assert await run_bounded(
            worker_echo, f"doc {i}", source="s", deadline_s=20, memory_bytes=256 * MB
        ) == (f"doc {i}")


@bounded(60)
async def test_a_reply_longer_than_the_workers_memory_allowance_is_not_read() -> None:
    """An honest worker cannot send more than it may hold; one that says it will is broken, and its
    document fails by name instead of the parent reading (or allocating) what it announced."""
    with pytest.raises(ExtractionFailedError, match="larger than its memory allowance"):
        await run_bounded(bytes, 6 * MB, source="liar", deadline_s=30, memory_bytes=5 * MB)
    assert await run_bounded(worker_echo, "next", source="s", deadline_s=20, memory_bytes=256 * MB) == "next"
