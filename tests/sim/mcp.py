"""A small simulated web for the MCP server's tests and load benchmark.

One SearXNG instance answers with three independent sites about one bridge; two agree on its
length and one disagrees, so a brief has a consensus and a dissenter. A query naming "records"
gets the three sites' ``/long`` pages instead: far larger than any tool result may be, with
hundreds of links, for the size bounds; one naming "flood" gets fifty results with long titles,
snippets and URLs, more than one raw result list may hold.
``latency_s`` delays every answer (search and pages alike) to model a slow web. A query naming
"plant" finds an organisation's new plant, for discovery. :func:`spawn_http` starts the real
HTTP server process for the tests and the load benchmark.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.sim.providers import host_of, provider_config
from tests.sim.web import Reply, Request, SimWeb

REPO = Path(__file__).resolve().parent.parent.parent

SITES = ("harbour-news.test", "civil-eng.test", "city-guide.test")
LENGTHS = {"harbour-news.test": "1,240", "civil-eng.test": "1,240", "city-guide.test": "1,310"}


def article(site: str) -> str:
    length = LENGTHS[site]
    paras = [
        f"The Kestrel Bridge spans the Vell estuary and is {length} metres long from abutment to abutment.",
        "It opened to traffic in 1998 after six years of construction by the Norland Works consortium.",
        f"Engineers at Norland Works designed the main span; the deck carries four lanes over {length} metres.",
        "Maintenance closures happen every spring, when the cables are inspected by rope-access crews.",
    ]
    body = "".join(f"<p>{p} Reported by {site}.</p>" for p in paras)
    return f"<html><head><title>Kestrel Bridge facts ({site})</title></head><body><article><h1>Kestrel Bridge</h1>{body}</article></body></html>"


def long_page(port: int, site: str) -> str:
    paras = f"<p>These harbour records were transcribed and published by {site} for its readers.</p>"
    paras += "".join(
        f"<p>Chapter {i}: the harbour authority recorded {i * 37} ship movements past the Kestrel Bridge "
        f"that season, and the tide tables for section {i} were revised twice.</p>"
        for i in range(1, 1200)
    )
    links = "".join(
        f'<li><a href="/chapter-{i}">Chapter {i} of the harbour records</a></li>' for i in range(1, 400)
    )
    links += f'<li><a href="http://{SITES[2]}:{port}/elsewhere">A page on another site</a></li>'
    return f"<html><head><title>Harbour records</title></head><body><nav><ul>{links}</ul></nav><article>{paras}</article></body></html>"


PLANT = (
    "<html><head><title>Norland Works opens Vell plant</title></head><body><article><h1>New plant in Vell</h1>"
    "<p>Norland Works Ltd opened a new steel plant in Vell in March, the company said, adding 300 jobs.</p>"
    "<p>The Norland Works plant will supply cable for bridge repairs across the estuary region.</p>"
    "</article></body></html>"
)


def flood_results(port: int) -> list[dict[str, Any]]:
    """Fifty results with long titles, snippets and URLs: far more than one tool result may hold."""
    return [
        {
            "url": f"http://{SITES[i % 3]}:{port}/flood/{i}/" + "section-" * 100,
            "engines": ["sim"],
            "title": f"Harbour flood report {i}: " + "tide gauge readings " * 40,
            "content": f"Flood report {i} lists " + "water levels by the Kestrel Bridge " * 80,
        }
        for i in range(50)
    ]


def searxng_answer(port: int, query: str) -> bytes:
    if "flood" in query:
        return json.dumps({"query": query, "results": flood_results(port)}).encode()
    path = "/long" if "records" in query else "/plant" if "plant" in query else "/kestrel"
    results = [
        {
            "url": f"http://{site}:{port}{path}",
            "title": f"Kestrel Bridge facts ({site})",
            "content": f"The Kestrel Bridge is {LENGTHS[site]} metres long.",
            "engines": ["sim"],
        }
        for site in SITES
    ]
    return json.dumps({"query": "kestrel bridge", "results": results}).encode()


def research_web(web: SimWeb, *, latency_s: float = 0.0, **extra: Any) -> dict[str, Any]:
    """Route the sites on ``web`` and return a config dict pointing webquorum at them."""
    port = web.port

    def search(req: Request) -> Reply:
        answer = searxng_answer(port, req.query.get("q", ""))
        return Reply(body=answer, content_type="application/json", delay_s=latency_s)

    web.route("/search", search, host=host_of("searxng"))
    for site in SITES:
        web.route("/kestrel", Reply(body=article(site), delay_s=latency_s), host=site)
        web.route("/long", Reply(body=long_page(port, site), delay_s=latency_s), host=site)
        web.route(
            "/plant", Reply(body=PLANT.replace("Vell in", f"Vell ({site}) in"), delay_s=latency_s), host=site
        )
    web.route("/missing", Reply(status=404, body=b"<html><body>gone</body></html>"), host=SITES[0])
    hosts = list(SITES)
    config = provider_config(web, ["searxng"], **extra)
    config["web"] = {**config.get("web", {}), "search_provider": "searxng"}
    config["network"] = {
        **config["network"],
        "allow_hosts": hosts,
        "resolve": {**config["network"]["resolve"], **dict.fromkeys(hosts, "127.0.0.1")},
    }
    return config


def page_url(web: SimWeb, path: str = "/kestrel", site: str = SITES[0]) -> str:
    return web.url(path, host=site)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def spawn_http(
    config: Path, port: int, tmp: Path, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """A real ``webquorum mcp --http`` process on loopback, returned once its port accepts connections."""
    with (tmp / f"server-{port}.log").open("wb") as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "webquorum",
                "mcp",
                "--http",
                "--port",
                str(port),
                "--config",
                str(config),
            ],
            stdout=log,
            stderr=log,
            cwd=REPO,
            env={**os.environ, **(env or {})},
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"the HTTP server did not start: {(tmp / f'server-{port}.log').read_text()}")
