"""``python -m webquorum fetch`` in real subprocesses against the simulated web.

Three runs (a page, a challenge page, a bad URL) start together once per module: a subprocess
costs about two seconds of imports, so every assertion shares them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from tests.sim.sites import SITE, page_bytes, site_config
from tests.sim.web import Reply, SimWeb

REPO = Path(__file__).resolve().parent.parent
PAGE_KEYS = {
    "url",
    "final_url",
    "title",
    "published",
    "language",
    "content_type",
    "source_type",
    "reader",
    "text",
    "offset",
    "total_chars",
    "content_hash",
    "truncated",
    "warnings",
}


Run = subprocess.CompletedProcess[str]


@dataclass(frozen=True)
class Runs:
    urls: dict[str, str]
    results: dict[str, Run]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Runs]:
    with SimWeb() as web:
        web.route("/regio/ferry", Reply(body=page_bytes("site-nav-first.html")), host=SITE)
        web.route("/challenge", Reply(status=503, body=page_bytes("site-challenge.html")), host=SITE)
        config = tmp_path_factory.mktemp("cli") / "webquorum.yaml"
        config.write_text(yaml.safe_dump(site_config(web)), encoding="utf-8")
        urls = {
            "page": web.url("/regio/ferry", host=SITE),
            "blocked": web.url("/challenge", host=SITE),
            "bad": f"ftp://{SITE}/pub/report.txt",
        }
        env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "NO_COLOR": "1"}
        env.pop("WEBQUORUM_CONFIG", None)
        started = {
            name: subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "webquorum",
                    "fetch",
                    url,
                    "--config",
                    str(config),
                    "--json",
                    "--budget",
                    "120",
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
                cwd=tmp_path_factory.getbasetemp(),
            )
            for name, url in urls.items()
        }
        done: dict[str, Run] = {}
        for name, proc in started.items():
            try:
                out, err = proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                out, err = proc.communicate()
            done[name] = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
        yield Runs(urls, done)


def test_fetch_prints_the_page_as_json(runs: Runs) -> None:
    run = runs.results["page"]
    assert run.returncode == 0, run.stderr
    page = json.loads(run.stdout)
    assert set(page) == PAGE_KEYS
    assert "\n\nThe island ferry will sail every ninety minutes" in page["text"]  # headline kept above it
    assert len(page["text"]) == 120 and page["truncated"] is True and page["offset"] == 0
    assert (
        page["total_chars"] > 120
        and page["content_hash"].startswith("sha256:")
        and len(page["content_hash"]) == 71
    )
    assert (page["reader"], page["source_type"], page["language"]) == ("http", "html", "nl")


def test_a_blocked_page_exits_1_naming_the_code(runs: Runs) -> None:
    run = runs.results["blocked"]
    assert (
        run.returncode == 1 and json.loads(run.stdout)["code"] == "WEB_FETCH_BLOCKED"
    )  # --json: the error as JSON too
    assert run.stderr.startswith("error WEB_FETCH_BLOCKED: ")
    assert "Traceback" not in run.stderr


def test_a_bad_url_exits_2(runs: Runs) -> None:
    run = runs.results["bad"]
    error = json.loads(run.stdout)
    assert (
        run.returncode == 2
        and error["code"] == "WEB_FETCH_BAD_URL"
        and error["hint"].startswith("pass an absolute http(s) URL")
    )
    assert run.stderr.startswith("error WEB_FETCH_BAD_URL: ") and "Traceback" not in run.stderr


def test_the_error_is_one_line(runs: Runs) -> None:
    first = runs.results["blocked"].stderr.splitlines()[0]
    assert first.startswith("error WEB_FETCH_BLOCKED: ") and runs.urls["blocked"] in first
