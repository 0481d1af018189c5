"""Retry transient failures only, without ever sleeping past the caller's deadline.

What is retried: a :class:`~webquorum.errors.WebQuorumError` whose ``transient`` flag is set
(connect errors, 502/503/504) or a 429 whose Retry-After is known and at most ``max_wait_s``.
Everything else (4xx, bad responses, our own bugs, cancellation) propagates at once, unchanged.

How long to wait: exactly the server's Retry-After when it gave one; otherwise jittered
exponential backoff (half a second doubled per attempt, plus up to half a second), capped at
``max_wait_s``. A Retry-After longer than ``max_wait_s`` is not worth waiting for inside one
call, so that error is raised at once. Before each sleep the wait is checked against the
deadline; if it would cross it, the last error is raised immediately.

A plain loop, not tenacity: every page read and provider call comes through here, and building
tenacity's retrying object and its callbacks cost more per call than the loop does in all.

Tests turn the sleeps off with :func:`set_testing`, also a context manager (stamina's idea), rather
than patching ``asyncio.sleep``; every decision above is still made, only the sleep is skipped.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import TypeVar

from webquorum.errors import RateLimitedError, WebQuorumError

T = TypeVar("T")

_BACKOFF_MULTIPLIER_S = 0.5
_BACKOFF_JITTER_S = 0.5
_testing = False


class _RestoreTesting:
    def __init__(self, before: bool) -> None:
        self._before = before

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc_info: object) -> None:
        global _testing
        _testing = self._before


def set_testing(on: bool) -> AbstractContextManager[None]:
    """Turn retry sleeps off (True) or on (False) now; ``with set_testing(True):`` restores on exit.

    One name for both uses, as in stamina; a separate ``testing()`` helper would be collected by pytest.
    """
    global _testing
    before, _testing = _testing, on
    return _RestoreTesting(before)


def is_testing() -> bool:
    return _testing


def is_retryable(exc: BaseException, max_wait_s: float) -> bool:
    """Transient errors, unless the server asked for a longer pause than ``max_wait_s``."""
    if not isinstance(exc, WebQuorumError):
        return False
    if exc.retry_after is not None:
        return (exc.transient or isinstance(exc, RateLimitedError)) and exc.retry_after <= max_wait_s
    return exc.transient


async def call_with_retry(
    fn: Callable[[], Awaitable[T]],
    *,
    attempts: int = 3,
    max_wait_s: float = 4.0,
    deadline: float | None = None,
    on_attempt: Callable[[int], None] | None = None,
    sleeps: bool = True,
) -> T:
    """Await ``fn()`` up to ``attempts`` times; ``deadline`` is a ``loop.time()`` instant or None.

    ``on_attempt(n)`` runs before attempt ``n`` (1-based), so callers can count requests.
    ``sleeps=False`` skips the waits for this call only (config ``network.retry_waits: false``),
    where :func:`set_testing` switches them off for the whole process. The last error is raised
    as it was (its traceback kept) once it is not retryable, attempts run out, or the wait before
    the next attempt would end past ``deadline``.
    """
    attempt = 1
    while True:
        if on_attempt is not None:
            on_attempt(attempt)
        try:
            return await fn()
        except WebQuorumError as exc:
            if attempt >= attempts or not is_retryable(exc, max_wait_s):
                raise
            wait = wait_before_retry(exc, attempt, max_wait_s)
            if deadline is not None and asyncio.get_running_loop().time() + wait > deadline:
                raise
        if sleeps and not _testing:
            await asyncio.sleep(wait)
        attempt += 1


def wait_before_retry(exc: WebQuorumError, attempt: int, max_wait_s: float) -> float:
    """The server's Retry-After when it gave one, else jittered exponential backoff; never past
    ``max_wait_s``."""
    if exc.retry_after is not None:
        return min(max(exc.retry_after, 0.0), max_wait_s)
    backoff = _BACKOFF_MULTIPLIER_S * 2.0 ** min(attempt - 1, 64) + random.uniform(0, _BACKOFF_JITTER_S)
    return max(0.0, min(backoff, max_wait_s))
