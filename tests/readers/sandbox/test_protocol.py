"""The workers' pipe as the event loop drives it: bodies and replies longer than the socket's buffer go
whole each way, and the CPU count a worker reports is the one /proc shows for it."""

from __future__ import annotations

import asyncio
import os
import pickle
import socket
import struct
import zlib

import pytest
from tests.sim.hostile import worker_echo
from tests.sim.sites import bounded

from webquorum.errors import ExtractionFailedError
from webquorum.readers.sandbox import protocol, run_bounded
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


async def _received_from(*writes: bytes, max_bytes: int = MB) -> object:
    """What :func:`protocol.receive` makes of ``writes``, each sent on its own a moment after the last."""
    loop = asyncio.get_running_loop()
    parent, child = socket.socketpair()
    parent.setblocking(False)

    async def trickle() -> None:
        for data in writes:
            await asyncio.sleep(0.02)
            child.sendall(data)

    try:
        sending = asyncio.create_task(trickle())
        got = await protocol.receive(loop, parent, max_bytes)
        await sending
        return got
    finally:
        parent.close()
        child.close()


@bounded(30)
async def test_a_reply_whose_length_comes_in_pieces_is_read_whole() -> None:
    """The first read takes what has come; a length split across reads is completed, in both forms."""
    payload = pickle.dumps(("ok", "text"))
    short = struct.pack("!i", len(payload)) + payload
    assert await _received_from(short[:1], short[1:3], short[3:]) == ("ok", "text")
    long = struct.pack("!iQ", -1, len(payload)) + payload
    assert await _received_from(long[:6], long[6:]) == ("ok", "text")


@bounded(30)
async def test_bytes_past_the_one_reply_fail_the_worker() -> None:
    """A worker sends one reply per request: more is not a worker of ours, and it is not read as the next
    document's reply."""
    payload = pickle.dumps(("ok", 1))
    frame = struct.pack("!i", len(payload)) + payload
    failed = await _received_from(frame + frame)
    assert failed == (("failed", "sent more than one reply"), 0, None)
