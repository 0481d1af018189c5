"""A per-upstream circuit breaker: stop calling a provider that keeps failing, probe it again later.

Our own, not a library: pybreaker's async support is Tornado-only and its decorator never counts
failures of ``async def`` functions; aiobreaker works but was last released in 2021 and both keep
shared state through the *sync* Redis client, which would block the event loop (see
dependencies.md section 7). Breaker state is per process on purpose; sharing it is not worth a
round trip per call.

Only faults that say the upstream is unwell count: timeouts, 5xx, connect errors, malformed
responses. A 4xx or a 429 means the upstream answered (the request or our pace was wrong), and
local refusals (missing key, bad URL, private address, page too large or empty) never reached it.

One answer opens the circuit at once: a keyless engine's bot challenge (:class:`ChallengeError`).
The engine is blocking this client, and asking again only prolongs the block, so the circuit stays
open for the challenge's cooldown (its ``retry_after``) and ``auto`` is answered by the other engines:
one block costs one engine, not the default. The block is on this client (its address), not on one
capability, so the cooldown is shared by every profile's breaker for that engine.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Literal

from webquorum import errors

State = Literal["closed", "open", "half-open"]

_NOT_UPSTREAM_FAULTS: tuple[type[errors.WebQuorumError], ...] = (
    errors.RateLimitedError,
    errors.CredentialMissingError,
    errors.ConfiguredUnavailableError,
    errors.CircuitOpenError,
    errors.BadUrlError,
    errors.ForbiddenAddressError,
    errors.BlockedError,
    errors.TooLargeError,
    errors.UnsupportedContentError,
    errors.EmptyError,
    errors.ContentChangedError,
)


def is_upstream_fault(exc: BaseException) -> bool:
    """True for errors that should count towards opening the circuit."""
    if not isinstance(exc, errors.ProviderError | errors.FetchError) or isinstance(exc, _NOT_UPSTREAM_FAULTS):
        return False
    return not (exc.status is not None and 400 <= exc.status <= 499)


class Breaker:
    """Opens after ``fail_max`` consecutive upstream faults; after ``reset_after_s`` lets one probe through."""

    def __init__(
        self,
        name: str,
        fail_max: int = 5,
        reset_after_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        cooldowns: dict[str, float] | None = None,
    ) -> None:
        self.name = name
        self.fail_max = fail_max
        self.reset_after_s = reset_after_s
        self._clock = clock
        self._failures = 0
        self._opened_at: float | None = None
        self._open_for = reset_after_s
        self._challenged = False
        self._probing = False
        self._cooldowns = cooldowns if cooldowns is not None else {}  # engine -> end of its challenge cooldown

    def _cooling_for(self) -> float:
        """Seconds left of a challenge cooldown set by any profile's breaker for this engine (0: none)."""
        return max(0.0, self._cooldowns.get(self.name, 0.0) - self._clock())

    @property
    def state(self) -> State:
        if self._cooling_for() > 0:
            return "open"
        if self._opened_at is None:
            return "closed"
        return "half-open" if self._clock() - self._opened_at >= self._open_for else "open"

    @asynccontextmanager
    async def guard(self) -> AsyncIterator[None]:
        """Run the body if the circuit allows it; raise CircuitOpenError(provider=name) if not."""
        state = self.state
        if state == "open" or (state == "half-open" and self._probing):
            raise self._refusal(state)
        probe = state == "half-open"
        if probe:
            self._probing = True
        try:
            yield
        except BaseException as exc:
            if isinstance(exc, errors.ChallengeError):
                self._open(exc.retry_after or self.reset_after_s, challenged=True)
            elif is_upstream_fault(exc):
                self._failures += 1
                if probe or self._failures >= self.fail_max:
                    self._open(self.reset_after_s)
            elif isinstance(exc, errors.WebQuorumError) and not isinstance(exc, errors.CircuitOpenError):
                self._close()  # the upstream answered, even if not the way we wanted
            raise
        else:
            self._close()
        finally:
            if probe:
                self._probing = False

    def _refusal(self, state: State) -> errors.CircuitOpenError:
        opened_at = self._opened_at if self._opened_at is not None else self._clock()
        own = max(0.0, opened_at + self._open_for - self._clock()) if self._opened_at is not None else 0.0
        cooling = self._cooling_for()
        if state == "open" and (self._challenged or cooling > 0):
            why = "cooling down after it served a bot challenge"
        elif state == "open":
            why = f"circuit open after {self._failures} consecutive failures"
        else:
            why = "circuit half-open and its one probe call is in flight"
        return errors.CircuitOpenError(
            f"{self.name}: {why}; call skipped",
            provider=self.name,
            retry_after=max(own, cooling),
        )

    def _open(self, seconds: float, *, challenged: bool = False) -> None:
        self._opened_at = self._clock()
        self._open_for = seconds
        self._challenged = challenged
        if challenged:
            self._cooldowns[self.name] = self._clock() + seconds

    def _close(self) -> None:
        self._failures = 0
        self._opened_at = None
        self._open_for = self.reset_after_s
        self._challenged = False


class BreakerRegistry:
    """One Breaker per (profile, upstream) for the life of the process.

    ``profile`` lets a long-running capability (a collect job, the MCP server) keep a breaker
    apart from quick calls, so its patience does not decide for theirs.
    """

    def __init__(
        self, fail_max: int = 5, reset_after_s: float = 30.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._settings = (fail_max, reset_after_s)
        self._clock = clock
        self._breakers: dict[tuple[str, str], Breaker] = {}
        self._cooldowns: dict[str, float] = {}  # challenge cooldowns, shared across profiles

    def get(self, name: str, profile: str = "default") -> Breaker:
        breaker = self._breakers.get((profile, name))
        if breaker is None:
            fail_max, reset_after_s = self._settings
            breaker = Breaker(name, fail_max, reset_after_s, self._clock, self._cooldowns)
            self._breakers[(profile, name)] = breaker
        return breaker
