"""Extraction slots: how many documents extract at once, with room kept for ordinary pages.

Why not a plain semaphore: eight hostile pages used to take all eight slots, each for its whole
deadline, and a normal fetch queued behind them for 13.5 s. A document is *heavy* once its worker
has used :data:`~webquorum.readers.sandbox.priority.DEMOTE_AFTER_S` of CPU on it (an article takes a few
milliseconds; the sandbox demotes such a worker to the lowest priority). While every running
document is heavy, :data:`RESERVED` more may start, so an ordinary page never waits behind
hostile ones: it runs beside them at a higher priority. If it turns heavy too, the next one waits
for a slot like any other. So at most ``size + RESERVED`` workers ever run, and never more than
``size`` unless all of them are heavy.

Runs on the event loop only (no locks): slots are taken and given back by coroutines, and a
document is marked heavy from a loop callback.
"""

from __future__ import annotations

import asyncio
import collections

__all__ = ["RESERVED", "Slots"]

RESERVED = 1


class Slots:
    def __init__(self, size: int, reserved: int = RESERVED) -> None:
        self.size = size
        self.reserved = reserved
        self.running = 0
        self.heavy = 0
        self._waiting: collections.deque[asyncio.Future[None]] = collections.deque()

    def _open(self) -> bool:
        if self.running < self.size:
            return True
        return self.heavy == self.running and self.running < self.size + self.reserved

    async def acquire(self) -> None:
        """Wait for a slot (first come, first served); cancelled, the caller holds none."""
        if not self._waiting and self._open():
            self.running += 1
            return
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(granted)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():  # the slot came as the wait was cancelled
                self.release(heavy=False)
            else:
                granted.cancel()
            raise

    def mark_heavy(self) -> None:
        """One running document turned heavy: a reserved slot may open."""
        self.heavy += 1
        self._wake()

    def release(self, *, heavy: bool) -> None:
        self.running -= 1
        if heavy:
            self.heavy -= 1
        self._wake()

    def _wake(self) -> None:
        while self._waiting and self._open():
            granted = self._waiting.popleft()
            if granted.done():  # its waiter was cancelled
                continue
            self.running += 1
            granted.set_result(None)
