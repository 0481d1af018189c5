"""Progress notifications: the pipelines' status messages, sent to a client that gave a progress token.

The pipelines report progress through a plain callback (``progress("read 2 of 4: site")``), the
same one that drives the CLI's status line. A callback cannot await, so messages go into a queue
and one task sends them in order; the call's result waits until every queued message is sent,
because a progress notification that arrives after its response refers to a finished request.
Without a token the SDK's ``report_progress`` sends nothing, so the pump costs a queue and a task.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

Report = Callable[[float, float | None, str | None], Awaitable[None]]
FLUSH_S = 2.0  # at most this long, after the work, to hand queued messages to a slow client


class ProgressPump:
    """A sync ``progress(message)`` callback whose messages become ordered progress notifications."""

    def __init__(self, report: Report) -> None:
        self._report = report
        self._queue: asyncio.Queue[tuple[int, str] | None] = asyncio.Queue()
        self.sent = 0
        self._count = 0

    def __call__(self, message: str) -> None:
        self._count += 1  # progress must increase with every notification
        self._queue.put_nowait((self._count, message))

    async def _pump(self) -> None:
        while (item := await self._queue.get()) is not None:
            step, message = item
            with contextlib.suppress(Exception):  # a client gone away must not fail the call
                await self._report(step, None, message)
                self.sent += 1


@contextlib.asynccontextmanager
async def progress_pump(report: Report) -> AsyncIterator[ProgressPump]:
    pump = ProgressPump(report)
    task = asyncio.create_task(pump._pump())
    try:
        yield pump
    finally:
        pump._queue.put_nowait(None)
        try:
            await asyncio.wait_for(task, FLUSH_S)
        except (TimeoutError, asyncio.CancelledError):
            task.cancel()
