"""Breaker: opens on upstream faults only, lets a single probe through when half-open, and
resets on the injected clock's time."""

from __future__ import annotations

import asyncio

import pytest

from tests.resilience.conftest import FakeClock
from webquorum import errors
from webquorum.resilience.breaker import Breaker, BreakerRegistry, is_upstream_fault


async def call(breaker: Breaker, outcome: BaseException | None = None) -> str:
    """One guarded call that raises ``outcome`` (if given) from inside the guard."""
    async with breaker.guard():
        if outcome is not None:
            raise outcome
        return "ok"


def server_error() -> errors.HttpStatusError:
    return errors.HttpStatusError("503", status=503, transient=True)


async def fail(breaker: Breaker, outcome: BaseException, times: int) -> None:
    for _ in range(times):
        with pytest.raises(type(outcome)):
            await call(breaker, outcome)


async def test_opens_after_fail_max_consecutive_faults(clock: FakeClock) -> None:
    breaker = Breaker("brave", fail_max=3, reset_after_s=30.0, clock=clock)
    await fail(breaker, server_error(), 2)
    assert breaker.state == "closed"
    await fail(breaker, errors.ProviderTimeoutError("timeout"), 1)
    assert breaker.state == "open"
    with pytest.raises(errors.CircuitOpenError) as info:
        await call(breaker)
    assert info.value.provider == "brave"
    assert info.value.retry_after == pytest.approx(30.0)


async def test_a_success_resets_the_count(clock: FakeClock) -> None:
    breaker = Breaker("brave", fail_max=3, clock=clock)
    await fail(breaker, server_error(), 2)
    assert await call(breaker) == "ok"
    await fail(breaker, server_error(), 2)
    assert breaker.state == "closed"


@pytest.mark.parametrize(
    "error",
    [
        errors.RateLimitedError("429", status=429, retry_after=5.0),
        errors.HttpStatusError("404", status=404),
        errors.ProviderError("401 bad key", status=401),
        errors.CredentialMissingError("BRAVE_API_KEY is not set"),
        errors.ForbiddenAddressError("10.0.0.1 is private"),
        ValueError("our bug"),
    ],
)
async def test_client_errors_and_local_refusals_never_open_it(clock: FakeClock, error: Exception) -> None:
    breaker = Breaker("brave", fail_max=2, clock=clock)
    await fail(breaker, error, 10)
    assert breaker.state == "closed"
    assert not is_upstream_fault(error)


@pytest.mark.parametrize(
    "error",
    [
        errors.FetchError("connect refused", transient=True),
        errors.HttpStatusError("500", status=500),
        errors.BadResponseError("not JSON"),
        errors.FetchTimeoutError("read timeout"),
    ],
)
def test_upstream_faults_count(error: Exception) -> None:
    assert is_upstream_fault(error)


async def test_half_open_lets_exactly_one_probe_through(clock: FakeClock) -> None:
    breaker = Breaker("brave", fail_max=1, reset_after_s=10.0, clock=clock)
    await fail(breaker, server_error(), 1)
    clock.advance(9.9)
    assert breaker.state == "open"
    clock.advance(0.1)
    assert breaker.state == "half-open"

    release = asyncio.Event()

    async def slow_probe() -> str:
        async with breaker.guard():
            await release.wait()
            return "probed"

    probe = asyncio.create_task(slow_probe())
    await asyncio.sleep(0)  # let the probe enter the guard
    with pytest.raises(errors.CircuitOpenError, match="probe"):
        await call(breaker)
    release.set()
    assert await probe == "probed"
    assert breaker.state == "closed"
    assert await call(breaker) == "ok"


async def test_a_failed_probe_reopens_for_another_full_period(clock: FakeClock) -> None:
    breaker = Breaker("brave", fail_max=3, reset_after_s=10.0, clock=clock)
    await fail(breaker, server_error(), 3)
    clock.advance(10.0)
    await fail(breaker, server_error(), 1)  # the probe fails: one fault is enough to reopen
    assert breaker.state == "open"
    clock.advance(9.0)
    assert breaker.state == "open"
    clock.advance(1.0)
    assert breaker.state == "half-open"


async def test_a_cancelled_probe_frees_the_probe_slot(clock: FakeClock) -> None:
    breaker = Breaker("brave", fail_max=1, reset_after_s=5.0, clock=clock)
    await fail(breaker, server_error(), 1)
    clock.advance(5.0)
    await fail(breaker, asyncio.CancelledError(), 1)
    assert breaker.state == "half-open"
    assert await call(breaker) == "ok"
    assert breaker.state == "closed"


def test_registry_keeps_one_breaker_per_upstream_and_profile(clock: FakeClock) -> None:
    registry = BreakerRegistry(fail_max=2, reset_after_s=7.0, clock=clock)
    brave = registry.get("brave")
    assert registry.get("brave") is brave
    assert registry.get("brave", profile="collect") is not brave
    assert registry.get("tavily") is not brave
    assert (brave.name, brave.fail_max, brave.reset_after_s) == ("brave", 2, 7.0)


async def test_a_challenge_opens_the_circuit_at_once_for_its_cooldown(clock: FakeClock) -> None:
    breaker = Breaker("duckduckgo", fail_max=5, reset_after_s=30.0, clock=clock)
    await fail(breaker, errors.ChallengeError("anomaly page", provider="duckduckgo", retry_after=300.0), 1)
    assert breaker.state == "open"
    clock.advance(299)
    with pytest.raises(errors.CircuitOpenError) as info:
        await call(breaker)
    assert "bot challenge" in info.value.message and info.value.retry_after == pytest.approx(1.0)
    clock.advance(1)
    assert breaker.state == "half-open"
    assert await call(breaker) == "ok"  # the probe answers: closed again, on the ordinary settings
    assert breaker.state == "closed"
    await fail(breaker, server_error(), 4)
    assert breaker.state == "closed"


async def test_a_challenge_on_the_probe_reopens_for_another_cooldown(clock: FakeClock) -> None:
    breaker = Breaker("bing", clock=clock)
    challenge = errors.ChallengeError("captcha", provider="bing")  # default cooldown
    await fail(breaker, challenge, 1)
    clock.advance(errors.CHALLENGE_COOLDOWN_S)
    await fail(breaker, challenge, 1)
    assert breaker.state == "open"
    clock.advance(errors.CHALLENGE_COOLDOWN_S - 1)
    assert breaker.state == "open"


async def test_an_ordinary_rate_limit_does_not_open_the_circuit(clock: FakeClock) -> None:
    breaker = Breaker("brave", fail_max=1, clock=clock)
    await fail(breaker, errors.RateLimitedError("429", provider="brave", status=429, retry_after=1.0), 3)
    assert breaker.state == "closed"


async def test_a_challenge_cools_the_engine_down_for_every_profile(clock: FakeClock) -> None:
    registry = BreakerRegistry(clock=clock)
    await fail(
        registry.get("duckduckgo"),
        errors.ChallengeError("anomaly", provider="duckduckgo", retry_after=60.0),
        1,
    )
    collect = registry.get("duckduckgo", profile="collect")
    assert collect.state == "open"
    with pytest.raises(errors.CircuitOpenError) as info:
        await call(collect)
    assert "bot challenge" in info.value.message and info.value.retry_after == pytest.approx(60.0)
    assert registry.get("bing", profile="collect").state == "closed"  # per engine
    clock.advance(60)
    assert await call(collect) == "ok"
