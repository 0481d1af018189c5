"""The concurrency gate: at most ``mcp.max_concurrent`` tool calls at once, one deadline each."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from webquorum.errors import AbortedError, ServerBusyError


class Gate:
    """At most ``limit`` tool calls at once (past it: a busy error, not a queue) and one deadline each."""

    def __init__(self, limit: int, deadline_s: float) -> None:
        self.limit = limit
        self.deadline_s = deadline_s
        self.active = 0  # one event loop serves every call, so a plain counter is exact

    async def run(self, work: Awaitable[Any]) -> Any:
        if self.active >= self.limit:
            if asyncio.iscoroutine(work):
                work.close()
            raise ServerBusyError(f"{self.active} tool calls are already running (mcp.max_concurrent is {self.limit})")
        self.active += 1
        try:
            async with asyncio.timeout(self.deadline_s):
                return await work
        except TimeoutError:
            raise AbortedError(f"the call did not finish within mcp.call_deadline_s ({self.deadline_s:g}s)") from None
        finally:
            self.active -= 1
