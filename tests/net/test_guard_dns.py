"""The address guard on the real DNS path: a name resolving to loopback is refused, and a rebinding
answer cannot slip past the check (one lookup per connection, the socket goes to the checked address)."""

from __future__ import annotations

import socket
from typing import Any

import anyio
import pytest
from tests.sim.readers import STORY
from tests.sim.sites import bounded
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import ForbiddenAddressError


@bounded(10)
async def test_a_name_resolving_to_loopback_through_real_dns_is_refused(simweb: SimWeb) -> None:
    simweb.route("/", Reply(body=STORY))
    async with Client({"network": {"retries": 0}, "cache": {"enabled": False}}) as wq:  # no pins at all
        with pytest.raises(ForbiddenAddressError) as caught:
            await wq.fetch(f"http://localhost:{simweb.port}/")
    assert caught.value.code == "WEB_FETCH_FORBIDDEN_ADDRESS" and "localhost" in caught.value.message
    assert simweb.requests == []


@bounded(10)
async def test_a_rebinding_answer_cannot_slip_past_the_check(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The DNS says 127.0.0.1 (opened by allow_hosts) once, then 10.0.0.7: one lookup per connection,
    and the socket goes to the checked answer, so the second answer is never used behind the guard's back."""
    answers = ["127.0.0.1", "10.0.0.7"]
    asked: list[str] = []

    async def rebinding_dns(host: str, port: int, **kwargs: Any) -> list[tuple[Any, ...]]:
        asked.append(host)
        ip = answers[min(len(asked), 2) - 1]
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, port))]

    monkeypatch.setattr(anyio, "getaddrinfo", rebinding_dns)
    simweb.route("/", Reply(body=STORY), host="rebind.test")
    cfg = {"network": {"retries": 0, "allow_hosts": ["127.0.0.1/32"]}, "cache": {"enabled": False}}
    url = f"http://rebind.test:{simweb.port}/"
    async with Client(cfg) as wq:
        page = await wq.fetch(url)
    assert "The old lighthouse" in page.text and asked == ["rebind.test"]
    async with Client(cfg) as wq:  # a new connection asks again and gets the private answer
        with pytest.raises(ForbiddenAddressError) as caught:
            await wq.fetch(url)
    assert "10.0.0.7" in caught.value.message and url in caught.value.message
    assert len(simweb.requests) == 1
