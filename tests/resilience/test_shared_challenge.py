"""A keyless engine's bot challenge, seen by the whole fleet: with ``store.url`` on Redis the cooldown
it opens is read by every other Client and CLI process sharing that Redis, which then leave the
engine alone (no request reaches it) until the cooldown ends. Without Redis it lasts one process.

Real pieces only: a redis-server started by the tests (skipped without one), the engines'
challenge pages served by a loopback SimWeb, the CLI as a subprocess.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.sim.providers import endpoint_path, host_of, provider_config, serve
from tests.sim.web import Reply, SimWeb
from webquorum import Client
from webquorum.errors import CHALLENGE_COOLDOWN_S, ChallengeError, CircuitOpenError

REPO = Path(__file__).resolve().parents[2]
PAGES = REPO / "tests" / "fixtures" / "providers"
CHALLENGES = {
    "duckduckgo": Reply(
        status=202, body=(PAGES / "duckduckgo-challenge.html").read_bytes()
    ),  # its anomaly page
    "bing": Reply(
        body=b'<html><body><form action="/turing/captcha/challenge"></form><ol id="b_results"></ol></body></html>'
    ),
    "brave_web": Reply(body=(PAGES / "brave_web-challenge.html").read_bytes()),  # recorded
    "mojeek_web": Reply(body=(PAGES / "mojeek_web-challenge.html").read_bytes()),  # recorded
}


def asked(web: SimWeb, engine: str) -> int:
    return len(web.requests_to(endpoint_path(engine), host=host_of(engine)))


async def _flushed(url: str) -> str:
    import redis.asyncio  # the redis extra: only the Redis tests need it

    admin = redis.asyncio.Redis.from_url(url)
    await admin.flushdb()
    await admin.aclose()
    return url


def _config(web: SimWeb, store_url: str) -> dict[str, Any]:
    return provider_config(web, list(CHALLENGES), store={"url": store_url})


async def _challenged(web: SimWeb, engine: str, config: dict[str, Any]) -> None:
    """One process meets the challenge: the engine is asked once and answers with its block page."""
    serve(web, engine, CHALLENGES[engine])
    async with Client(config) as first:
        with pytest.raises(ChallengeError):
            await first.search("lyon", provider=engine)
    assert asked(web, engine) == 1


@pytest.mark.redis
@pytest.mark.parametrize("engine", list(CHALLENGES))
async def test_a_challenge_cools_the_engine_down_for_another_client_on_the_same_redis(
    simweb: SimWeb, redis_url: str, engine: str
) -> None:
    config = _config(simweb, await _flushed(redis_url))
    await _challenged(simweb, engine, config)
    async with Client(config) as second:  # another worker: its own breakers, the same Redis
        with pytest.raises(CircuitOpenError) as info:
            await second.search("lyon", provider=engine)
        assert "bot challenge" in info.value.message
        assert (
            info.value.retry_after is not None
            and CHALLENGE_COOLDOWN_S - 10 < info.value.retry_after <= CHALLENGE_COOLDOWN_S
        )
        # in a combo it sits out while the others answer
        serve(simweb, "wikipedia")
        mixed = provider_config(simweb, [engine, "wikipedia"], store={"url": redis_url})
        async with Client(mixed) as third:
            resp = await third.search("lyon")
        failure = next(f for f in resp.failures if f.provider == engine)
        assert failure.code == CircuitOpenError.code and "bot challenge" in failure.message
        assert resp.results
    assert asked(simweb, engine) == 1, "no other process asked the blocked engine again"


@pytest.mark.redis
def test_a_cli_process_on_the_same_redis_leaves_the_engine_alone(
    simweb: SimWeb, redis_url: str, tmp_path: Path
) -> None:
    config = _config(simweb, asyncio.run(_flushed(redis_url)))
    asyncio.run(_challenged(simweb, "duckduckgo", config))
    path = tmp_path / "webquorum.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "webquorum",
            "search",
            "lyon",
            "--provider",
            "duckduckgo",
            "--json",
            "--config",
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert proc.returncode == 1, proc.stderr
    assert (
        "WEB_PROVIDER_CIRCUIT_OPEN" in proc.stdout + proc.stderr
        and "bot challenge" in proc.stdout + proc.stderr
    )
    assert "Traceback" not in proc.stderr
    assert asked(simweb, "duckduckgo") == 1


@pytest.mark.parametrize("store", ["memory", "sqlite"])
async def test_without_redis_the_cooldown_lasts_one_process(
    simweb: SimWeb, tmp_path: Path, store: str
) -> None:
    """docs/configuration.md's promise: without Redis a new process asks a challenged engine again."""
    url = "memory://" if store == "memory" else f"sqlite:///{tmp_path / 'limits.sqlite'}"
    config = _config(simweb, url)
    await _challenged(simweb, "bing", config)
    async with Client(config) as second:
        with pytest.raises(ChallengeError):
            await second.search("lyon", provider="bing")
    assert asked(simweb, "bing") == 2


def test_the_challenge_pages_are_the_engines_own() -> None:
    """Each reply above is one its engine's parser reads as a challenge (so the tests cannot pass
    vacuously)."""
    from webquorum.providers import provider_module
    from webquorum.wire import HttpResponse

    for engine, reply in CHALLENGES.items():
        body = reply.body.encode() if isinstance(reply.body, str) else reply.body
        with pytest.raises(ChallengeError):
            provider_module(engine).parse_response(HttpResponse(status=reply.status, headers={}, body=body))
