"""Retry transient failures only, on tenacity, without ever sleeping past the caller's deadline.

What is retried: a :class:`~webquorum.errors.WebQuorumError` whose ``transient`` flag is set
(connect errors, 502/503/504) or a 429 whose Retry-After is known and at most ``max_wait_s``.
Everything else (4xx, bad responses, our own bugs, cancellation) propagates at once, unchanged.

How long to wait: exactly the server's Retry-After when it gave one; otherwise jittered
exponential backoff (``multiplier``, since tenacity deprecated ``initial=``), capped at
``max_wait_s``. A Retry-After longer than ``max_wait_s`` is not worth waiting for inside one
call, so that error is raised at once. Before each sleep the wait is checked against the
deadline; if it would cross it, the last error is raised immediately.

Tests turn the sleeps off with :func:`set_testing`, also a context manager (stamina's idea), rather
than patching ``asyncio.sleep``; every decision above is still made, only the sleep is skipped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import TypeVar

from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, wait_exponential_jitter

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


async def _sleep(seconds: float) -> None:
    if not _testing:
        await asyncio.sleep(seconds)


async def _no_sleep(seconds: float) -> None:
    return None


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
    where :func:`set_testing` switches them off for the whole process.
    """
    loop = asyncio.get_running_loop()
    backoff = wait_exponential_jitter(
        multiplier=_BACKOFF_MULTIPLIER_S, max=max_wait_s, jitter=_BACKOFF_JITTER_S
    )

    def wait(state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        if isinstance(exc, WebQuorumError) and exc.retry_after is not None:
            return min(max(exc.retry_after, 0.0), max_wait_s)
        return backoff(state)  # already capped at max_wait_s

    def stop(state: RetryCallState) -> bool:  # runs after wait(), so upcoming_sleep is known
        if state.attempt_number >= attempts:
            return True
        return deadline is not None and loop.time() + state.upcoming_sleep > deadline

    def before(state: RetryCallState) -> None:
        if on_attempt is not None:
            on_attempt(state.attempt_number)

    retrying = AsyncRetrying(
        stop=stop,
        wait=wait,
        retry=retry_if_exception(lambda exc: is_retryable(exc, max_wait_s)),
        before=before,
        sleep=_sleep if sleeps else _no_sleep,
        reraise=True,
    )
    return await retrying(fn)
