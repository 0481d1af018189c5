"""Streamable HTTP streams carry SSE ids and a retry field, and a dropped stream resumes (issue 25).

Raw HTTP against a real ``webquorum mcp --http`` process, as the conformance suite's
server-sse-polling scenario does: a POST answered as an SSE stream opens with a priming event
(an id and ``retry``), every event has an id, and a GET with ``Last-Event-ID`` set to the priming
id replays the result the client missed.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest
import yaml
from tests.sim.mcp import free_port, research_web, spawn_http
from tests.sim.web import SimWeb

from webquorum.mcp.events import RETRY_MS

HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
VERSION = "2025-11-25"  # the first version whose clients parse a priming event


def events(body: str) -> list[dict[str, str]]:
    out = []
    for block in body.replace("\r\n", "\n").strip().split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            key, _, value = line.partition(":")
            fields[key] = value.lstrip(" ")
        out.append(fields)
    return out


@pytest.fixture(scope="module")
def server(web: SimWeb, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    config = tmp_path_factory.mktemp("resume") / "webquorum.yaml"
    config.write_text(yaml.safe_dump(research_web(web)), encoding="utf-8")
    port = free_port()
    proc = spawn_http(config, port, tmp_path_factory.mktemp("resume-log"))
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(10)


def test_sse_events_carry_ids_and_retry_and_a_dropped_stream_resumes(server: str) -> None:
    with httpx2.Client(timeout=30) as http:
        init = http.post(
            server,
            headers=HEADERS,
            json={
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": VERSION,
                    "capabilities": {},
                    "clientInfo": {"name": "t", "version": "0"},
                },
            },
        )
        assert init.status_code == 200
        session = {
            **HEADERS,
            "mcp-session-id": init.headers["mcp-session-id"],
            "mcp-protocol-version": VERSION,
        }
        http.post(server, headers=session, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
        listed = http.post(server, headers=session, json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        assert listed.headers["content-type"].startswith("text/event-stream")
        stream = events(listed.text)
        priming, *rest = stream
        assert priming["id"] and priming["retry"] == str(RETRY_MS) and priming.get("data", "") == ""
        assert rest and all(e.get("id") for e in rest)
        answer = next(e for e in rest if '"id":2' in e.get("data", "").replace(" ", ""))
        # the client "lost" the stream after the priming event: resume from it
        replayed: list[str] = []
        resume = {**session, "Accept": "text/event-stream", "last-event-id": priming["id"]}
        with http.stream(
            "GET", server, headers=resume, timeout=httpx2.Timeout(10)
        ) as resumed:  # stays open: read what it replays
            assert resumed.status_code == 200
            for line in resumed.iter_lines():
                replayed.append(line)
                if line.startswith("data:") and '"id":2' in line.replace(" ", ""):
                    break
        [replay] = [e for e in events("\n".join(replayed)) if e.get("data")]
        assert replay["id"] == answer["id"] and replay["data"] == answer["data"]
