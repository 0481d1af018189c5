"""Faults in the stores, end to end: each ends within its deadline with the right code and no traceback.

Redis killed and restarted mid-run, Redis frozen (SIGSTOP), a locked, corrupt or full cache
file, and Ctrl-C while the cache is stuck. A failed rate-limit store is WEB_STORE_UNAVAILABLE
(exit 1), never WEB_CONFIG_INVALID; a failed document cache never fails a read at all.
"""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.resilience.conftest import RedisServer
from tests.sim.providers import provider_config, serve
from tests.sim.sites import SITE, article, bounded, site_config
from tests.sim.web import Reply, SimWeb, eventually
from webquorum import Client
from webquorum.errors import StoreUnavailableError

REPO = Path(__file__).resolve().parents[2]
PAGE_PATH = "/regio/ferry"


def searxng_config(web: SimWeb, store_url: str, **store: Any) -> dict[str, Any]:
    serve(web, "searxng")
    return provider_config(
        web, ["searxng"], override_searxng={"rate_limit": "100/minute"}, store={"url": store_url, **store}
    )


def serve_page(web: SimWeb) -> str:
    body = article("Ferry times", "The island ferry will sail every ninety minutes from the first of May.")
    web.route(PAGE_PATH, Reply(body=body), host=SITE)
    return web.url(PAGE_PATH, host=SITE)


def page_reads(web: SimWeb) -> int:
    return len(web.requests_to(PAGE_PATH, host=SITE))


# --- Redis as the rate-limit and breaker store ---------------------------------------------------


@pytest.mark.redis
@bounded(20)
async def test_redis_killed_then_restarted_mid_run(simweb: SimWeb, redis_server: RedisServer) -> None:
    async with Client(searxng_config(simweb, redis_server.url)) as wq:
        assert (await wq.search("ferry", provider="searxng")).results
        redis_server.kill()
        with pytest.raises(StoreUnavailableError) as info:
            await wq.search("ferry", provider="searxng")
        assert info.value.code == "WEB_STORE_UNAVAILABLE" and info.value.exit_code == 1
        assert "store.on_unavailable" in info.value.hint_text
        redis_server.start()  # the same port again
        await asyncio.sleep(1.1)  # the store's fail-fast cooldown
        assert (await wq.search("ferry", provider="searxng")).results
        assert wq.runtime.breakers.get("searxng").state == "closed"  # store faults never count against it


@pytest.mark.redis
@bounded(20)
async def test_a_dead_redis_can_fall_back_to_local_limits_with_a_warning(
    simweb: SimWeb, redis_server: RedisServer
) -> None:
    redis_server.kill()
    async with Client(searxng_config(simweb, redis_server.url, on_unavailable="local")) as wq:
        first = await wq.search("ferry", provider="searxng")
        second = await wq.search("ferry", provider="searxng")
    assert first.results and second.results
    assert any(w.startswith("WEB_STORE_UNAVAILABLE: rate limits fall back") for w in first.warnings)
    assert not any("rate limits" in w for w in second.warnings)  # reported once per outage


@pytest.mark.redis
@bounded(20)
async def test_a_frozen_redis_costs_the_store_timeout_not_redis_pys_default(
    simweb: SimWeb, redis_server: RedisServer
) -> None:
    async with Client(searxng_config(simweb, redis_server.url, timeout_s=0.3)) as wq:
        assert (await wq.search("ferry", provider="searxng")).results
        redis_server.freeze()
        try:  # redis-py's default waits forever on a frozen server: past the test's 20 s bound
            with pytest.raises(StoreUnavailableError):
                await wq.search("ferry", provider="searxng")
        finally:
            redis_server.thaw()


@pytest.mark.redis
@bounded(20)
async def test_a_frozen_redis_cache_reads_from_the_network(simweb: SimWeb, redis_server: RedisServer) -> None:
    url = serve_page(simweb)
    config = {
        **site_config(simweb),
        "cache": {"enabled": True, "url": redis_server.url},
        "store": {"timeout_s": 0.3},
    }
    async with Client(config) as wq:
        await wq.fetch(url)
        assert page_reads(simweb) == 1
        assert (await wq.fetch(url)).warnings == []  # a hit, from Redis
        assert page_reads(simweb) == 1
        redis_server.freeze()
        try:  # read from the network after the 0.3 s store timeout, not stuck on the frozen cache
            page = await wq.fetch(url)
        finally:
            redis_server.thaw()
    assert "The island ferry" in page.text and page_reads(simweb) == 2
    assert len(page.warnings) == 1 and "document cache (redis) read failed" in page.warnings[0]


# --- a SQLite cache file that is locked, corrupt or full -------------------------------------------


@bounded(20)
async def test_a_locked_cache_file_neither_stalls_nor_fails_the_read(simweb: SimWeb, tmp_path: Path) -> None:
    url = serve_page(simweb)
    path = tmp_path / "documents.sqlite"
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute(
        "CREATE TABLE IF NOT EXISTS documents (key TEXT PRIMARY KEY, stored_at REAL NOT NULL, doc TEXT NOT NULL)"
    )
    locker.execute("BEGIN EXCLUSIVE")  # a rollback-journal file locked for reading and writing
    try:
        async with Client(
            site_config(simweb, cache_path=path)
        ) as wq:  # the lock outlasts the test's 20 s bound
            first = await wq.fetch(url)
            second = await wq.fetch(url)
    finally:
        locker.rollback()
        locker.close()
    assert "The island ferry" in first.text and second.text == first.text
    assert len(first.warnings) == 1 and "WEB_STORE_UNAVAILABLE" in first.warnings[0]
    assert second.warnings == []  # reported once; the cache is skipped meanwhile
    assert page_reads(simweb) == 2


@bounded(20)
async def test_a_write_locked_cache_still_serves_its_hits(simweb: SimWeb, tmp_path: Path) -> None:
    """Reads take no write lock: another process writing (WAL) does not turn hits into misses."""
    url = serve_page(simweb)
    path = tmp_path / "documents.sqlite"
    config = site_config(simweb, cache_path=path)
    async with Client(config) as wq:
        await wq.fetch(url)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    try:
        async with Client(config) as wq:
            page = await wq.fetch(url)
    finally:
        writer.rollback()
        writer.close()
    assert page.warnings == [] and page_reads(simweb) == 1


@bounded(20)
async def test_a_corrupt_cache_file_is_moved_aside_and_recreated(simweb: SimWeb, tmp_path: Path) -> None:
    url = serve_page(simweb)
    path = tmp_path / "documents.sqlite"
    path.write_bytes(b"this is not a database, it is a text file that got here somehow\n" * 100)
    async with Client(site_config(simweb, cache_path=path)) as wq:
        first = await wq.fetch(url)
        second = await wq.fetch(url)
    assert "The island ferry" in first.text and second.text == first.text
    assert len(first.warnings) == 1 and "moved aside" in first.warnings[0]
    assert [p.name.split(".corrupt-")[0] for p in tmp_path.glob("documents.sqlite.corrupt-*")] == [
        "documents.sqlite"
    ]
    assert second.warnings == [] and page_reads(simweb) == 1  # recreated, then a hit


def _cli(args: list[str], config: dict[str, Any], cwd: Path, **popen: Any) -> subprocess.Popen[str]:
    path = cwd / "webquorum.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "NO_COLOR": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("WEBQUORUM_CONFIG", None)
    return subprocess.Popen(
        [sys.executable, "-m", "webquorum", *args, "--config", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd,
        **popen,
    )


def _small_files() -> None:
    """In the child: files may not grow past 4 KiB (a full disk), and that is an error, not a signal."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_a_full_disk_under_the_cache_still_reads_the_page(simweb: SimWeb, tmp_path: Path) -> None:
    url = serve_page(simweb)
    path = tmp_path / "documents.sqlite"
    setup = sqlite3.connect(path)
    setup.executescript(
        "CREATE TABLE documents (key TEXT PRIMARY KEY, stored_at REAL NOT NULL, doc TEXT NOT NULL);"
        "CREATE INDEX documents_stored_at ON documents (stored_at); PRAGMA journal_mode=WAL;"
    )
    setup.close()
    proc = _cli(
        ["fetch", url, "--json"], site_config(simweb, cache_path=path), tmp_path, preexec_fn=_small_files
    )
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "\\n\\nThe island ferry" in out  # the page's whole main text: its headline, then the story
    assert "warning WEB_STORE_UNAVAILABLE: document cache" in err and "Traceback" not in err


def test_ctrl_c_during_a_stuck_cache_exits_130_at_once(simweb: SimWeb, tmp_path: Path) -> None:
    url = serve_page(simweb)
    path = tmp_path / "documents.sqlite"
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute(
        "CREATE TABLE IF NOT EXISTS documents (key TEXT PRIMARY KEY, stored_at REAL NOT NULL, doc TEXT NOT NULL)"
    )
    locker.execute("BEGIN EXCLUSIVE")
    try:
        config = {**site_config(simweb, cache_path=path, fetch_deadline_s=30), "store": {"timeout_s": 10}}
        proc = _cli(["fetch", url], config, tmp_path)
        assert eventually(lambda: _has_open(proc.pid, path) or proc.poll() is not None)
        assert proc.poll() is None  # waiting up to 10 s on the locked file
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        locker.rollback()
        locker.close()
    assert proc.returncode == 130, err
    assert "WEB_ABORTED" in err and "Traceback" not in err
    assert page_reads(simweb) == 0  # it was stuck in the cache, not reading


def _has_open(pid: int, path: Path) -> bool:
    """Whether process ``pid`` has ``path`` open (read from /proc): it has reached the cache."""
    try:
        return any(os.readlink(link) == str(path) for link in Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False
