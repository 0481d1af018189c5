"""parse_rate and RateLimiter: config strings, waiting when the wait fits, refusing when it would not."""

from __future__ import annotations

import asyncio

import pytest

from tests.resilience.conftest import FakeClock
from webquorum.errors import ConfigError, RateLimitedError
from webquorum.resilience.ratelimit import Rate, RateLimiter, parse_rate
from webquorum.resilience.store import MemoryStore


@pytest.mark.parametrize(
    ("text", "limit", "window_s"),
    [
        ("20/minute", 20, 60.0),
        ("5/second", 5, 1.0),
        ("100/hour", 100, 3600.0),
        ("1000/day", 1000, 86400.0),
        ("20/min", 20, 60.0),
        ("10 per minute", 10, 60.0),
        (" 3 / s ", 3, 1.0),
        ("30 per 5 minutes", 30, 300.0),
        ("2/HOURS", 2, 3600.0),
    ],
)
def test_parse_rate_accepts_the_documented_forms(text: str, limit: int, window_s: float) -> None:
    rate = parse_rate(text)
    assert (rate.limit, rate.window_s) == (limit, window_s)
    assert str(rate) == text.strip()


@pytest.mark.parametrize(
    "text", ["", "20", "minute", "20/fortnight", "0/minute", "-1/minute", "20/0 minutes", "x/min"]
)
def test_parse_rate_rejects_with_the_value_and_the_format(text: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_rate(text)
    message = str(info.value)
    assert repr(text) in message and "<count>/<unit>" in message


def test_rates_compare_by_meaning_not_spelling() -> None:
    assert parse_rate("20/min") == parse_rate("20 per minute") == Rate(20, 60.0)


async def test_a_wait_past_the_deadline_raises_at_once() -> None:
    """A 60 s wait against a deadline 30 s away: refused at once, not after sleeping to the deadline (the
    cap)."""
    limiter = RateLimiter(MemoryStore())
    rate = parse_rate("2/minute")
    loop = asyncio.get_running_loop()
    await limiter.acquire("brave", rate, deadline=loop.time() + 30)
    await limiter.acquire("brave", rate, deadline=loop.time() + 30)
    with pytest.raises(RateLimitedError) as info:
        async with asyncio.timeout(20):
            await limiter.acquire("brave", rate, deadline=loop.time() + 30)
    assert info.value.provider == "brave"
    assert info.value.retry_after == pytest.approx(60.0, abs=0.5)
    assert "2/minute" in str(info.value)


async def test_waits_for_a_slot_when_the_wait_fits(clock: FakeClock) -> None:
    """The third call's wait fits before its deadline: it waits (pending, no error) while the store's clock
    keeps the window full, and takes the slot once that clock moves past the window."""
    limiter = RateLimiter(MemoryStore(clock=clock))
    rate = Rate(limit=2, window_s=0.15)
    loop = asyncio.get_running_loop()
    for _ in range(2):
        await limiter.acquire("jina", rate, deadline=loop.time() + 30)
    third = asyncio.create_task(limiter.acquire("jina", rate, deadline=loop.time() + 30))
    await asyncio.sleep(0.5)  # past the window in loop time: only the store's clock keeps it full
    assert not third.done()
    clock.advance(limiter.spacing_s(rate))
    await asyncio.wait_for(third, timeout=10)


async def test_without_a_deadline_it_waits(clock: FakeClock) -> None:
    store = MemoryStore(clock=clock)
    limiter = RateLimiter(store)
    rate = Rate(limit=1, window_s=0.05)
    await limiter.acquire("k", rate, None)
    # The fake clock never moves by itself; move it when the limiter sleeps so the slot frees.
    loop = asyncio.get_running_loop()
    loop.call_later(0.01, clock.advance, limiter.spacing_s(rate))
    await asyncio.wait_for(limiter.acquire("k", rate, None), timeout=10)
    assert await store.acquire("k", 1, 0.05) > 0  # the waiting call took the freed slot


async def test_every_acquire_takes_a_slot() -> None:
    store = MemoryStore()
    limiter = RateLimiter(store)
    for _ in range(3):
        await limiter.acquire("k", Rate(3, 60.0), None)
    assert await store.acquire("k", 3, 60.0) > 0
