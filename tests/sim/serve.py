"""The simulated web behind ``webquorum serve``'s tests and benchmark, and the server process itself.

Four sites answer a question about the Kestrel Bridge (the MCP sim's three, see
:mod:`tests.sim.mcp`, plus ``harbour-blog.test``, which refuses to be read, so its card is
"snippet only"): two agree on its length, one disagrees, one is a snippet. The searches go to a
combo ``fanout`` of SearXNG (answers) and Brave (fails with a 503), so the SearXNG door has an
unresponsive engine to report. ``latency_s`` delays every search answer and page; a query
naming "stall" gets a search answer held until the test sets ``stall`` (or the web stops), for the
shutdown tests.
:func:`spawn_serve` starts a real ``webquorum serve`` process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.sim.mcp import LENGTHS, SITES, article, free_port
from tests.sim.providers import endpoint_path, host_of, ok_reply, provider_config
from tests.sim.web import Reply, Request, SimWeb

REPO = Path(__file__).resolve().parent.parent.parent
BLOCKED = "harbour-blog.test"
ALL_SITES = (*SITES, BLOCKED)
QUESTION = "How long is the Kestrel Bridge?"
AGREED = "1,240 metres"
DISSENTER = "city-guide.test"


def results(port: int) -> list[dict[str, Any]]:
    found = [
        {
            "url": f"http://{site}:{port}/kestrel",
            "title": f"Kestrel Bridge facts ({site})",
            "content": f"The Kestrel Bridge is {LENGTHS[site]} metres long.",
            "engines": ["sim"],
            "publishedDate": "2026-03-01T00:00:00",
        }
        for site in SITES
    ]
    found.append(
        {
            "url": f"http://{BLOCKED}:{port}/kestrel",
            "title": "Harbour blog: the Kestrel Bridge",
            "content": "A blog post about walking across the Kestrel Bridge at dawn.",
            "engines": ["sim"],
        }
    )
    return found


def serve_web(
    web: SimWeb,
    *,
    latency_s: float = 0.0,
    stall: threading.Event | None = None,
    brave_ok: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """Route the four sites and two providers on ``web``; the config dict pointing webquorum at them.

    ``brave_ok`` makes Brave answer (its recorded payload) instead of failing, for the benchmark.
    """
    port = web.port
    held = stall or threading.Event()

    def search(req: Request) -> Reply:
        body = json.dumps({"query": req.query.get("q", ""), "results": results(port)})
        if "stall" in req.query.get("q", ""):
            return Reply(body=body, content_type="application/json", hold=held)
        return Reply(body=body, content_type="application/json", delay_s=latency_s)

    web.route("/search", search, host=host_of("searxng"))
    brave = ok_reply("brave") if brave_ok else Reply(status=503, body=b"{}", content_type="application/json")
    brave.delay_s = latency_s
    web.route(endpoint_path("brave"), brave, host=host_of("brave"))
    for site in SITES:
        web.route("/kestrel", Reply(body=article(site), delay_s=latency_s), host=site)
    web.route(
        "/kestrel",
        Reply(status=403, body=b"<html><body>Forbidden</body></html>", delay_s=latency_s),
        host=BLOCKED,
    )
    return serve_config(web, **extra)


def serve_config(web: SimWeb, **extra: Any) -> dict[str, Any]:
    """The config for :func:`serve_web`'s routes on ``web`` (only its port is read)."""
    config = provider_config(web, ["searxng", "brave"], **extra)
    config["combos"] = [{"id": "fanout", "members": ["searxng", "brave"], "merge": "rrf"}]
    config["web"] = {**config.get("web", {}), "search_provider": "fanout"}
    config["network"] = {
        **config["network"],
        "allow_hosts": list(ALL_SITES),
        "resolve": {**config["network"]["resolve"], **dict.fromkeys(ALL_SITES, "127.0.0.1")},
    }
    return config


def wait_for_port(port: int, proc: subprocess.Popen[bytes], log: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"webquorum serve did not start: {log.read_text()}")


def spawn_serve(
    config: Path,
    tmp: Path,
    *,
    port: int | None = None,
    args: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> tuple[subprocess.Popen[bytes], int, Path]:
    """A real ``webquorum serve`` process on loopback, once its port accepts connections: (process, port,
    log)."""
    port = port or free_port()
    log = tmp / f"serve-{port}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "webquorum", "serve", "--port", str(port), "--config", str(config), *args],
            stdout=out,
            stderr=out,
            stdin=subprocess.DEVNULL,
            cwd=REPO,
            env={**os.environ, **(env or {})},
        )
    wait_for_port(port, proc, log)
    return proc, port, log


@contextlib.contextmanager
def uvicorn_in_thread(config: Any) -> Iterator[int]:
    """A real uvicorn server for ``config`` (a ``uvicorn.Config``) in a thread, on a fresh loopback port: the
    port."""
    import uvicorn

    from webquorum.hosting.binding import listen

    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
