"""Per-provider rate limits written as config strings ("20/minute") and enforced over a Store.

Why our own and not pyrate-limiter: its SQLite bucket under-grants across processes unless it
blocks, it needs ``filelock<4``, and it starts a background thread; a sliding-window log over
:class:`~webquorum.resilience.store.Store` is a few lines per backend and shares one test suite.

A caller that has a deadline never hangs here: when the wait for a slot would pass the deadline,
:meth:`RateLimiter.acquire` raises :class:`~webquorum.errors.RateLimitedError` at once, carrying
the wait as ``retry_after``. Every call takes one slot, retries included, because the upstream
counts every request it receives.

Two fleet rules. The upstream counts a request when it *arrives*, and transit times differ, so
a slot stamped at grant time can let two requests land inside one upstream window. So each slot
is restamped when its request is answered (:meth:`RateLimiter.settle`; the answer comes after
the arrival), and grants are spaced by ``window + margin_s`` (at most a tenth of the window)
for requests still in flight. And when the store fails, ``on_unavailable`` decides: ``fail``
(the default) raises StoreUnavailableError, because per-process limits in a fleet of N
workers would let N times the budget through and get the key throttled or billed;
``local`` carries on with a per-process limiter and reports that once per outage.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import uuid
from dataclasses import dataclass, field
from typing import Literal

from webquorum.errors import ConfigError, RateLimitedError, StoreUnavailableError
from webquorum.resilience import notices
from webquorum.resilience.store import MemoryStore, Store

OnUnavailable = Literal["fail", "local"]
DEFAULT_MARGIN_S = 0.1

_UNIT_SECONDS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0}
_UNIT_ALIASES = {
    "s": "second",
    "sec": "second",
    "second": "second",
    "m": "minute",
    "min": "minute",
    "minute": "minute",
    "h": "hour",
    "hr": "hour",
    "hour": "hour",
    "d": "day",
    "day": "day",
}
_RATE = re.compile(r"^\s*(\d+)\s*(?:/|\s+per\s+)\s*(\d+\s*)?([a-z]+?)s?\s*$", re.IGNORECASE)
RATE_FORMAT = (
    "<count>/<unit> or '<count> per [<n>] <unit>', unit one of second, minute, hour, day (e.g. 20/minute)"
)

# Sleep this much past the computed wait so float rounding does not wake us a hair early.
_WAKE_MARGIN_S = 0.001


@dataclass(frozen=True)
class Rate:
    """``limit`` requests per ``window_s`` seconds."""

    limit: int
    window_s: float
    text: str = field(default="", compare=False)  # as written in config, for messages

    def __str__(self) -> str:
        return self.text or f"{self.limit}/{self.window_s:g}s"


def parse_rate(text: str) -> Rate:
    """Parse "20/minute", "5/second", "100/hour", "1000/day", "20/min", "10 per minute", "30 per 5
    minutes"."""
    match = _RATE.match(text)
    unit = _UNIT_ALIASES.get(match.group(3).lower()) if match else None
    count = int(match.group(1)) if match else 0
    periods = int(match.group(2) or 1) if match else 0
    if unit is None or count < 1 or periods < 1:
        raise ConfigError(
            f"rate_limit value {text!r} is not a rate; expected {RATE_FORMAT}",
            hint="for example rate_limit: 20/minute",
        )
    return Rate(limit=count, window_s=periods * _UNIT_SECONDS[unit], text=text.strip())


@dataclass(frozen=True)
class Slot:
    """One granted request: settle it when the upstream has answered (or the request was abandoned)."""

    key: str
    member: str
    local: bool = False  # granted by the per-process fallback, not the shared store


class RateLimiter:
    """Takes slots from ``store``; one limiter per process is enough, the store does the sharing."""

    def __init__(
        self, store: Store, *, margin_s: float = DEFAULT_MARGIN_S, on_unavailable: OnUnavailable = "fail"
    ) -> None:
        self._store = store
        self.margin_s = margin_s
        self.on_unavailable = on_unavailable
        self._local: MemoryStore | None = None
        self._down_reported = False
        self._prefix = uuid.uuid4().hex[:12]
        self._members = itertools.count()

    def spacing_s(self, rate: Rate) -> float:
        """The window grants are spaced by: the rate's window plus the transit margin."""
        return rate.window_s + min(self.margin_s, rate.window_s / 10)

    async def acquire(
        self, key: str, rate: Rate, deadline: float | None = None, *, label: str | None = None
    ) -> Slot:
        """Wait for a slot of ``rate`` under ``key``; ``deadline`` is a ``loop.time()`` instant.

        Raises RateLimitedError(provider=label or key, retry_after=<wait>) instead of sleeping past
        ``deadline``; StoreUnavailableError when the store fails and ``on_unavailable`` is ``fail``.
        """
        loop = asyncio.get_running_loop()
        name = label or key
        window = self.spacing_s(rate)
        member = f"{self._prefix}:{next(self._members)}"
        while True:
            wait, local = await self._take(key, rate.limit, window, deadline, member)
            if wait <= 0:
                return Slot(key, member, local)
            if deadline is not None and loop.time() + wait > deadline:
                raise RateLimitedError(
                    f"{name}: rate limit {rate} needs a {wait:.2f}s wait, past the request's deadline",
                    provider=name,
                    retry_after=wait,
                    hint=f"raise the rate_limit for {name} or allow a longer timeout",
                )
            await asyncio.sleep(wait + _WAKE_MARGIN_S)

    async def settle(self, slot: Slot) -> None:
        """Restamp ``slot`` now that its request was answered; a store fault here is not the caller's."""
        store = self._local if slot.local else self._store
        if store is None:
            return
        # On a store fault the grant stamp stands, and the margin with it; the next acquire reports it.
        with contextlib.suppress(StoreUnavailableError):
            await store.settle(slot.key, slot.member)

    async def _take(
        self, key: str, limit: int, window_s: float, deadline: float | None, member: str
    ) -> tuple[float, bool]:
        try:
            wait = await self._store.acquire(key, limit, window_s, deadline, member=member)
        except StoreUnavailableError as exc:
            if self.on_unavailable == "fail":
                raise
            if not self._down_reported:
                self._down_reported = True
                notices.report(f"{exc.code}: rate limits fall back to this process only: {exc.message}")
            if self._local is None:
                self._local = MemoryStore()
            return await self._local.acquire(key, limit, window_s, member=member), True
        self._down_reported = False
        return wait, False
