"""The concurrency gate: at most ``mcp.max_concurrent`` calls at once, one deadline each.

One gate counts every door of a process (``/mcp`` tool calls and ``serve``'s page, ``/search``,
``/brief`` and ``/fetch``), so the cap is the process's, whichever shell is in front.

A burst slightly over the cap should not bounce: a call that finds every slot taken waits in a
short queue (at most ``queue_wait_s``, at most ``max_queued`` waiters) and only then gets
``WEB_MCP_BUSY`` with a ``retry_after``. A full queue answers busy at once, so waiters cannot
pile up without bound. On shutdown (:meth:`Gate.close`) new calls are refused and the calls
still running after the grace period end as ``WEB_ABORTED``, so every client gets an answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from webquorum.errors import AbortedError, ServerBusyError

GATES: list[Gate] = []  # every gate this process serves through, closed on a graceful shutdown


class Gate:
    """At most ``limit`` tool calls at once, a bounded wait for a slot, and one deadline each."""

    def __init__(
        self, limit: int, deadline_s: float, *, queue_wait_s: float = 0.0, max_queued: int = 0
    ) -> None:
        self.limit = limit
        self.deadline_s = deadline_s
        self.queue_wait_s = queue_wait_s
        self.max_queued = max_queued
        self.active = 0  # one event loop serves every call, so plain counters are exact
        self.queued = 0
        self._freed: asyncio.Condition | None = None
        self._running: set[asyncio.Task[Any]] = set()
        self._closing = False

    async def run(self, work: Awaitable[Any]) -> Any:
        try:
            await self._enter()
        except BaseException:
            if asyncio.iscoroutine(work):
                work.close()
            raise
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        try:
            async with asyncio.timeout(self.deadline_s):
                return await work
        except TimeoutError:
            raise AbortedError(
                f"the call did not finish within mcp.call_deadline_s ({self.deadline_s:g}s)"
            ) from None
        except asyncio.CancelledError:
            if self._closing and task is not None and task.cancelling() <= 1:
                task.uncancel()
                raise AbortedError(
                    "the server is shutting down; the call was stopped", hint="retry on another worker"
                ) from None
            raise
        finally:
            if task is not None:
                self._running.discard(task)
            self.active -= 1
            if self._freed is not None:
                async with self._freed:
                    self._freed.notify()

    async def _enter(self) -> None:
        if self._closing:
            raise AbortedError("the server is shutting down", hint="retry on another worker")
        if self.active < self.limit:
            self.active += 1
            return
        if self.queued >= self.max_queued or self.queue_wait_s <= 0:
            raise self._busy()
        if self._freed is None:
            self._freed = asyncio.Condition()
        self.queued += 1
        try:
            async with asyncio.timeout(self.queue_wait_s), self._freed:
                await self._freed.wait_for(lambda: self.active < self.limit or self._closing)
        except TimeoutError:
            raise self._busy() from None
        finally:
            self.queued -= 1
        if self._closing:
            raise AbortedError("the server is shutting down", hint="retry on another worker")
        self.active += 1

    def _busy(self) -> ServerBusyError:
        retry_after = max(1.0, self.queue_wait_s)
        return ServerBusyError(
            f"{self.active} tool calls are already running (mcp.max_concurrent is {self.limit}) "
            f"and {self.queued} are waiting",
            retry_after=retry_after,
            hint=f"retry in {retry_after:g}s",
        )

    async def close(self, grace_s: float) -> None:
        """Refuse new calls; give running ones ``grace_s``, then stop them with WEB_ABORTED."""
        self._closing = True
        if self._freed is not None:
            async with self._freed:
                self._freed.notify_all()
        loop = asyncio.get_running_loop()
        until = loop.time() + grace_s
        while self._running and loop.time() < until:
            await asyncio.sleep(0.05)
        for task in list(self._running):
            task.cancel()
