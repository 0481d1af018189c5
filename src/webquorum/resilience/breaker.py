"""A per-upstream, per-credential circuit breaker: stop calling a provider that keeps failing, probe it later.

Our own, not a library: pybreaker's async support is Tornado-only and its decorator never counts
failures of ``async def`` functions; aiobreaker works but was last released in 2021 and both keep
shared state through the *sync* Redis client, which would block the event loop (see
dependencies.md section 7).

With a Redis store the state is shared: one hash per (profile, upstream, credential) that every
worker and CLI process reads and writes through one Lua script (:meth:`RedisStore.breaker`), so a
fleet sends ``fail_max`` failing requests in total, not per process. Each process still fails
fast locally: once it has seen the circuit open it refuses without a round trip until the open
period ends. If the store itself fails, the breaker carries on with its local state (a breaker
is protection, not permission) and the fault is reported once. Memory and SQLite stores keep
breakers per process.

State machine (local and shared alike): *closed* admits every call; after the first fault it
admits only as many calls as could still be failures before ``fail_max`` (counted failures plus
counted calls in flight), so concurrent callers cannot pile past the limit; ``fail_max`` faults
open it for ``reset_after_s``; then *half-open* lets one probe through (a lease, so a probe
whose process died frees the slot); the probe's fault reopens it, its success closes it.

One answer opens the circuit at once: a keyless engine's bot challenge (:class:`ChallengeError`).
The engine is blocking this client, and asking again only prolongs the block, so the circuit stays
open for the challenge's cooldown (its ``retry_after``) and ``auto`` is answered by the other engines:
one block costs one engine, not the default. The block is on this client (its address), not on one
capability, so the cooldown is shared by every profile's breaker for that engine.

What counts as a fault: timeouts, 5xx, connect errors, malformed responses, and a call
cancelled (a caller's deadline, a quorum's cut) after ``abort_fault_after_s`` in flight. A 4xx
or a 429 means the upstream answered (the request or our pace was wrong), and local refusals
(missing key, bad URL, private address, page too large or empty, our own rate limit, a store
fault) never reached it. ``profile`` keeps capabilities apart: a slow model endpoint never
opens the search breaker.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Literal

from webquorum import errors
from webquorum.resilience import notices
from webquorum.resilience.store import RedisStore

State = Literal["closed", "open", "half-open"]
Outcome = Literal["ok", "fault", "release", "challenge"]

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
ABORT_FAULT_AFTER_S = 1.0


def is_upstream_fault(exc: BaseException) -> bool:
    """True for errors that should count towards opening the circuit."""
    if not isinstance(exc, errors.ProviderError | errors.FetchError) or isinstance(exc, _NOT_UPSTREAM_FAULTS):
        return False
    return not (exc.status is not None and 400 <= exc.status <= 499)


def credential_tag(secret: str | None) -> str:
    """A short, stable, one-way name for a credential: budgets and breakers are kept per key.

    Never the key itself, nor anything that can be turned back into it: 12 hex digits of a
    domain-separated SHA-256 (48 bits of a high-entropy key).
    """
    if not secret:
        return "-"
    return hashlib.sha256(b"webquorum-credential\0" + secret.encode()).hexdigest()[:12]


def classify(exc: BaseException | None, elapsed_s: float, abort_fault_after_s: float) -> Outcome:
    """How one guarded call ended, for the breaker."""
    if exc is None:
        return "ok"
    if isinstance(exc, errors.ChallengeError):
        return "challenge"
    if is_upstream_fault(exc):
        return "fault"
    if isinstance(exc, asyncio.CancelledError):
        return "fault" if elapsed_s >= abort_fault_after_s else "release"
    if isinstance(exc, errors.StoreUnavailableError | errors.CircuitOpenError):
        return "release"
    if isinstance(exc, errors.RateLimitedError) and exc.status is None:
        return "release"  # our own limiter refused: the request was never sent
    if isinstance(exc, errors.WebQuorumError):
        return "ok"  # the upstream answered, even if not the way we wanted
    return "release"  # our bug: says nothing about the upstream


@dataclass
class _Ticket:
    probe: bool = False
    counted: bool = False
    shared: bool = False


class Breaker:
    """Opens after ``fail_max`` upstream faults in a row; after ``reset_after_s`` lets one probe through."""

    def __init__(
        self,
        name: str,
        fail_max: int = 5,
        reset_after_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        *,
        shared: RedisStore | None = None,
        key: str | None = None,
        abort_fault_after_s: float = ABORT_FAULT_AFTER_S,
        cooldowns: dict[str, float] | None = None,
    ) -> None:
        self.name = name
        self.fail_max = fail_max
        self.reset_after_s = reset_after_s
        self.abort_fault_after_s = abort_fault_after_s
        self._clock = clock
        self._shared = shared
        self._key = key or name
        self._failures = 0
        self._opened_at: float | None = None
        self._probing = False
        self._inflight = 0
        self._store_down_reported = False
        self._open_for = reset_after_s
        self._challenged = False
        self._challenge_s = reset_after_s
        self._cooldowns = (
            cooldowns if cooldowns is not None else {}
        )  # engine -> end of its challenge cooldown

    def _cooling_for(self) -> float:
        """Seconds left of a challenge cooldown set by any profile's breaker for this engine (0: none)."""
        return max(0.0, self._cooldowns.get(self.name, 0.0) - self._clock())

    @property
    def state(self) -> State:
        """This process's view: exact for a local breaker, the last seen state for a shared one."""
        if self._cooling_for() > 0:
            return "open"
        if self._opened_at is None:
            return "closed"
        return "half-open" if self._clock() - self._opened_at >= self._open_for else "open"

    @asynccontextmanager
    async def guard(self, deadline: float | None = None) -> AsyncIterator[None]:
        """Run the body if the circuit allows it; raise CircuitOpenError(provider=name) if not.

        ``deadline`` (a ``loop.time()`` instant) bounds the shared store's round trips.
        """
        ticket = await self._admit(deadline)
        started = self._clock()
        try:
            yield
        except BaseException as exc:
            if isinstance(exc, errors.ChallengeError):
                self._challenge_s = exc.retry_after or self.reset_after_s
            await self._settle(
                ticket, classify(exc, self._clock() - started, self.abort_fault_after_s), deadline
            )
            raise
        else:
            await self._settle(ticket, "ok", deadline)

    # -- admission -------------------------------------------------------------------------------
    async def _admit(self, deadline: float | None) -> _Ticket:
        if self._shared is not None and self.state != "open":  # open: refuse locally, no round trip
            try:
                state, seconds, failures = await self._step(self._shared, "admit", _Ticket(), deadline)
            except errors.StoreUnavailableError as exc:
                self._store_fault(exc)
            else:
                self._store_down_reported = False
                return self._shared_ticket(state, seconds, failures)
        return self._local_ticket()

    def _shared_ticket(self, state: str, seconds: float, failures: int) -> _Ticket:
        if state in ("open", "challenged", "probing", "suspect"):
            if state in ("open", "challenged"):  # mirror it so this process fails fast until the period ends
                self._open(seconds, challenged=state == "challenged")
                self._failures = failures
            raise self._refusal(state, seconds, failures)
        self._opened_at = None
        return _Ticket(probe=state == "probe", counted=state == "counted", shared=True)

    def _local_ticket(self) -> _Ticket:
        state = self.state
        if state == "open" or (state == "half-open" and self._probing):
            raise self._refusal("open" if state == "open" else "probing", self._wait(), self._failures)
        if state == "half-open":
            self._probing = True
            return _Ticket(probe=True)
        if self._failures > 0:
            if self._failures + self._inflight >= self.fail_max:
                raise self._refusal("suspect", 1.0, self._failures)
            self._inflight += 1
            return _Ticket(counted=True)
        return _Ticket()

    # -- outcome ---------------------------------------------------------------------------------
    async def _settle(self, ticket: _Ticket, outcome: Outcome, deadline: float | None) -> None:
        if outcome == "challenge":
            self._settle_local(ticket, outcome)  # the cooldown is this client's, kept in this process
        if ticket.shared and self._shared is not None:
            # The outcome is written even when the caller is cancelled meanwhile (shield):
            # an aborted call is exactly what the other workers need to hear about.
            if outcome == "challenge":  # every worker is told to leave the engine alone for the cooldown
                step = self._step(self._shared, "challenge", ticket, None, self._challenge_s)
            else:
                step = self._step(self._shared, outcome, ticket, None)
            try:
                state, seconds, failures = await asyncio.shield(step)
            except errors.StoreUnavailableError as exc:
                self._store_fault(exc)
                self._settle_local(_Ticket(), outcome)
                return
            self._failures = failures
            if state == "open":
                self._open(seconds)
            elif outcome != "challenge":
                self._opened_at, self._open_for, self._challenged = None, self.reset_after_s, False
            return
        if outcome != "challenge":
            self._settle_local(ticket, outcome)

    def _settle_local(self, ticket: _Ticket, outcome: Outcome) -> None:
        if ticket.counted and self._inflight > 0:
            self._inflight -= 1
        if ticket.probe:
            self._probing = False
        if outcome == "challenge":
            self._open(self._challenge_s, challenged=True)
        elif outcome == "fault":
            self._failures += 1
            if ticket.probe or (self._failures >= self.fail_max and self.state != "open"):
                self._open(self.reset_after_s)
        elif outcome == "ok":
            self._failures = 0
            self._opened_at = None
            self._open_for = self.reset_after_s
            self._challenged = False

    def _open(self, seconds: float, *, challenged: bool = False) -> None:
        self._opened_at = self._clock()
        self._open_for = seconds
        self._challenged = challenged
        self._inflight = 0
        if challenged:
            self._cooldowns[self.name] = self._clock() + seconds

    # -- helpers ---------------------------------------------------------------------------------
    async def _step(
        self, store: RedisStore, op: str, ticket: _Ticket, deadline: float | None, open_s: float | None = None
    ) -> tuple[str, float, int]:
        return await store.breaker(
            self._key,
            op,
            fail_max=self.fail_max,
            reset_s=self.reset_after_s if open_s is None else open_s,
            lease_s=self.reset_after_s,
            counted=ticket.counted,
            probe=ticket.probe,
            deadline=deadline,
        )

    def _wait(self) -> float:
        own = 0.0 if self._opened_at is None else max(0.0, self._opened_at + self._open_for - self._clock())
        return max(own, self._cooling_for())

    def _refusal(self, state: str, retry_after: float, failures: int) -> errors.CircuitOpenError:
        if state == "open" and (self._challenged or self._cooling_for() > 0):
            state = "challenged"
        why = {
            "challenged": "cooling down after it served a bot challenge",
            "open": f"circuit open after {failures} consecutive failures",
            "probing": "circuit half-open and its one probe call is in flight",
            "suspect": f"{failures} recent failures and enough calls in flight to open the circuit",
        }[state]
        return errors.CircuitOpenError(
            f"{self.name}: {why}; call skipped", provider=self.name, retry_after=max(0.0, retry_after)
        )

    def _store_fault(self, exc: errors.StoreUnavailableError) -> None:
        if not self._store_down_reported:
            self._store_down_reported = True
            notices.report(f"{exc.code}: breaker for {self.name} runs on local state: {exc.message}")


class BreakerRegistry:
    """One Breaker per (profile, upstream, credential) for the life of the process.

    ``profile`` lets a long-running capability (a collect job, the MCP server, the model
    endpoint) keep a breaker apart from quick calls, so its patience does not decide for theirs.
    ``shared`` (a Redis store) makes every breaker's state fleet-wide.
    """

    def __init__(
        self,
        fail_max: int = 5,
        reset_after_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        *,
        shared: RedisStore | None = None,
        abort_fault_after_s: float = ABORT_FAULT_AFTER_S,
    ) -> None:
        self._settings = (fail_max, reset_after_s)
        self._clock = clock
        self._shared = shared
        self._abort_fault_after_s = abort_fault_after_s
        self._breakers: dict[tuple[str, str, str], Breaker] = {}
        self._cooldowns: dict[str, float] = {}  # challenge cooldowns, shared across profiles

    def get(self, name: str, profile: str = "default", credential: str | None = None) -> Breaker:
        """``credential`` is the key in use (hashed here, never stored): two keys, two breakers."""
        tag = credential_tag(credential)
        breaker = self._breakers.get((profile, name, tag))
        if breaker is None:
            fail_max, reset_after_s = self._settings
            breaker = Breaker(
                name,
                fail_max,
                reset_after_s,
                self._clock,
                shared=self._shared,
                key=f"{profile}:{name}:{tag}",
                abort_fault_after_s=self._abort_fault_after_s,
                cooldowns=self._cooldowns,
            )
            self._breakers[(profile, name, tag)] = breaker
        return breaker
