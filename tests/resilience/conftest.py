"""Fixtures for the resilience tests: a hand-driven clock, a real redis-server when one is installed,
and the `store` fixture that runs one suite against every Store backend."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from webquorum.resilience.backends import open_store
from webquorum.resilience.store import RedisStore, Store


class FakeClock:
    """A clock tests move by hand: ``clock()`` reads it, ``clock.advance(s)`` moves it."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisServer:
    """A throwaway redis-server on a loopback port that tests can kill, restart, freeze and thaw."""

    def __init__(self, binary: str, workdir: Path, port: int | None = None) -> None:
        self.binary = binary
        self.workdir = workdir
        self.port = port or _free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"redis-server did not start on port {self.port}")
            time.sleep(0.02)

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=10)
            self.proc = None

    def freeze(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGCONT)

    def stop(self) -> None:
        if self.proc is not None:
            self.thaw()
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


def redis_binary() -> str:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not on PATH (CI installs it)")
    return binary


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A throwaway redis-server shared by the session; skips when the binary is not installed."""
    server = RedisServer(redis_binary(), tmp_path_factory.mktemp("redis")).start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server of this test's own, for fault tests that kill or freeze it."""
    server = RedisServer(redis_binary(), tmp_path).start()
    try:
        yield server
    finally:
        server.stop()


BACKENDS = ["memory", "sqlite", "fakeredis", pytest.param("redis", marks=pytest.mark.redis)]


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path, clock: FakeClock) -> AsyncIterator[Store]:
    """Every backend, driven by the same FakeClock so window arithmetic is exact."""
    backend: Store
    if request.param == "memory":
        backend = open_store("memory://", clock=clock)
    elif request.param == "sqlite":
        backend = open_store(f"sqlite:///{tmp_path / 'limits.sqlite'}", clock=clock)
    elif request.param == "fakeredis":
        import fakeredis.aioredis

        backend = RedisStore(fakeredis.aioredis.FakeRedis(), clock=clock)
    else:
        import redis.asyncio

        url = request.getfixturevalue("redis_url")
        admin = redis.asyncio.Redis.from_url(url)
        await admin.flushdb()  # each test starts from an empty database on the session's server
        await admin.aclose()
        backend = open_store(url, clock=clock)
    yield backend
    await backend.aclose()
