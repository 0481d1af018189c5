"""call_with_retry: what is retried, how long it waits, and that it never sleeps past a deadline.

No test reads a clock to judge a wait: a wait the code should not take is an hour long under a generous cap,
and the length of a planned wait shows in what a deadline lets through (the testing switch skips the sleep
but not that decision)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from webquorum.errors import (
    BadResponseError,
    FetchError,
    HttpStatusError,
    ProviderTimeoutError,
    RateLimitedError,
    WebQuorumError,
)
from webquorum.resilience.retry import (
    call_with_retry,
    is_retryable,
    is_testing,
    set_testing,
    wait_before_retry,
)


class Upstream:
    """Raises the scripted errors in order, then answers "ok"; records when each call happened (loop time)."""

    def __init__(self, *failures: BaseException) -> None:
        self.failures = list(failures)
        self.calls: list[float] = []

    async def __call__(self) -> str:
        self.calls.append(asyncio.get_running_loop().time())
        if self.failures:
            raise self.failures.pop(0)
        return "ok"


@pytest.fixture
def no_sleep() -> Iterator[None]:
    with set_testing(True):
        yield


def connect_error() -> FetchError:
    return FetchError("connect refused", transient=True)


def bad_gateway() -> HttpStatusError:
    return HttpStatusError("502 from upstream", status=502, transient=True)


async def test_transient_errors_are_retried_and_every_attempt_is_counted(no_sleep: None) -> None:
    upstream = Upstream(connect_error(), bad_gateway())
    seen: list[int] = []
    assert await call_with_retry(upstream, attempts=3, on_attempt=seen.append) == "ok"
    assert seen == [1, 2, 3]
    assert len(upstream.calls) == 3


async def test_the_last_error_is_raised_when_attempts_run_out(no_sleep: None) -> None:
    last = ProviderTimeoutError("timed out", provider="brave", transient=True)
    upstream = Upstream(connect_error(), bad_gateway(), last, connect_error())
    with pytest.raises(ProviderTimeoutError) as info:
        await call_with_retry(upstream, attempts=3)
    assert info.value is last
    assert len(upstream.calls) == 3


@pytest.mark.parametrize(
    "error",
    [
        BadResponseError("not JSON", provider="brave"),
        HttpStatusError("404", status=404),
        RateLimitedError("429 without Retry-After", provider="brave", status=429),
        ValueError("a bug of ours"),
    ],
)
async def test_non_transient_errors_propagate_at_once_unchanged(no_sleep: None, error: Exception) -> None:
    upstream = Upstream(error)
    seen: list[int] = []
    with pytest.raises(type(error)) as info:
        await call_with_retry(upstream, attempts=5, on_attempt=seen.append)
    assert info.value is error
    assert seen == [1]


async def test_cancellation_is_not_retried() -> None:
    upstream = Upstream(asyncio.CancelledError())
    with pytest.raises(asyncio.CancelledError):
        await call_with_retry(upstream, attempts=3)
    assert len(upstream.calls) == 1


async def test_retry_after_is_slept_before_the_next_attempt() -> None:
    """With sleeps on, a Retry-After of an hour is a real wait: the call stays pending after the first
    attempt."""
    upstream = Upstream(RateLimitedError("429", provider="brave", status=429, retry_after=3600.0))
    call = asyncio.create_task(call_with_retry(upstream, attempts=2, max_wait_s=7200.0))
    for _ in range(20):  # let the loop run the attempt and start the wait
        await asyncio.sleep(0)
    assert len(upstream.calls) == 1 and not call.done()
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call


@pytest.mark.parametrize(("retry_after", "retried"), [(20.0, True), (40.0, False)])
async def test_the_planned_wait_is_the_retry_after_exactly(
    no_sleep: None, retry_after: float, retried: bool
) -> None:
    """Against a deadline 30 s away, a 20 s Retry-After fits and a 40 s one does not: the wait weighed is the
    server's value (a backoff of about a second would fit both)."""
    deadline = asyncio.get_running_loop().time() + 30.0
    upstream = Upstream(RateLimitedError("429", provider="brave", status=429, retry_after=retry_after))
    if retried:
        assert await call_with_retry(upstream, attempts=2, max_wait_s=60.0, deadline=deadline) == "ok"
    else:
        with pytest.raises(RateLimitedError):
            await call_with_retry(upstream, attempts=2, max_wait_s=60.0, deadline=deadline)
    assert len(upstream.calls) == (2 if retried else 1)


async def test_retry_after_longer_than_max_wait_is_raised_without_sleeping() -> None:
    error = RateLimitedError("429", provider="brave", status=429, retry_after=3600.0, transient=True)
    upstream = Upstream(error)
    with pytest.raises(RateLimitedError) as info:
        async with asyncio.timeout(30):  # a cap: a wait of max_wait_s (600 s) would run into it
            await call_with_retry(upstream, attempts=3, max_wait_s=600.0)
    assert info.value is error
    assert len(upstream.calls) == 1


async def test_a_wait_that_would_cross_the_deadline_raises_at_once() -> None:
    deadline = asyncio.get_running_loop().time() + 30.0
    last = HttpStatusError("503", status=503, retry_after=300.0, transient=True)
    upstream = Upstream(last)
    with pytest.raises(HttpStatusError) as info:
        async with asyncio.timeout(20):  # a cap: sleeping through the deadline would take 300 s
            await call_with_retry(upstream, attempts=3, max_wait_s=600.0, deadline=deadline)
    assert info.value is last
    assert len(upstream.calls) == 1


async def test_waits_that_fit_before_the_deadline_are_taken() -> None:
    deadline = asyncio.get_running_loop().time() + 60.0
    upstream = Upstream(
        HttpStatusError("503", status=503, retry_after=0.02, transient=True),
        HttpStatusError("503", status=503, retry_after=0.02, transient=True),
    )
    assert await call_with_retry(upstream, attempts=3, deadline=deadline) == "ok"
    assert len(upstream.calls) == 3


async def test_backoff_without_retry_after_is_capped_by_max_wait(no_sleep: None) -> None:
    """Nine backoffs against a deadline 30 s away: capped at 0.03 s they all fit; uncapped, the eighth
    (half a second doubled seven times, 64 s) would not, and the call would end in the last error."""
    deadline = asyncio.get_running_loop().time() + 30.0
    upstream = Upstream(*(connect_error() for _ in range(9)))
    assert await call_with_retry(upstream, attempts=10, max_wait_s=0.03, deadline=deadline) == "ok"
    assert len(upstream.calls) == 10


async def test_the_testing_switch_skips_sleeps_but_not_decisions() -> None:
    with set_testing(True):
        assert is_testing()
        upstream = Upstream(
            *(HttpStatusError("503", status=503, retry_after=3600.0, transient=True) for _ in range(2))
        )
        async with asyncio.timeout(30):  # a cap: two hour-long sleeps would run into it
            assert await call_with_retry(upstream, attempts=3, max_wait_s=7200.0) == "ok"
        # A Retry-After past max_wait_s is still refused while sleeps are off.
        refused = Upstream(RateLimitedError("429", status=429, retry_after=9.0))
        with pytest.raises(RateLimitedError):
            await call_with_retry(refused, attempts=3, max_wait_s=4.0)
        assert len(refused.calls) == 1
    assert not is_testing()  # restored on leaving the block
    set_testing(True)
    assert is_testing()
    set_testing(False)
    assert not is_testing()


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (FetchError("connect", transient=True), True),
        (HttpStatusError("504", status=504, transient=True), True),
        (RateLimitedError("429", retry_after=4.0), True),
        (RateLimitedError("429", retry_after=4.5), False),
        (RateLimitedError("429"), False),
        (HttpStatusError("503", status=503, retry_after=60.0, transient=True), False),
        (WebQuorumError("generic"), False),
        (KeyError("x"), False),
    ],
)
def test_is_retryable(error: BaseException, expected: bool) -> None:
    assert is_retryable(error, max_wait_s=4.0) is expected


@pytest.mark.parametrize("attempt", [1, 2, 3, 6, 200])
def test_backoff_doubles_per_attempt_with_half_a_second_of_jitter_under_the_cap(attempt: int) -> None:
    error = FetchError("connect", transient=True)
    low = 0.5 * 2.0 ** min(attempt - 1, 64)
    for _ in range(50):
        assert low <= wait_before_retry(error, attempt, max_wait_s=1e30) <= low + 0.5
        assert wait_before_retry(error, attempt, max_wait_s=4.0) <= 4.0
    assert wait_before_retry(RateLimitedError("429", retry_after=-3.0), attempt, max_wait_s=4.0) == 0.0
