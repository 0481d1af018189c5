"""The ``fetch`` command's options end to end: ``--offset``/``--budget`` windows, ``--expected-hash``,
``--no-cache`` and ``--reader``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from tests.sim.readers import SERVICE, STORY, STORY_MD, jina_read, service_config
from tests.sim.sites import SITE
from tests.sim.web import Reply, SimWeb
from webquorum.cli import app


def test_fetch_command_options_offset_hash_reader_and_no_cache(simweb: SimWeb, tmp_path: Path) -> None:
    simweb.route("/lighthouse", Reply(body=STORY), host=SITE)
    simweb.route(
        "/",
        Reply(body=jina_read("Lighthouse", STORY_MD), content_type="application/json"),
        host=SERVICE,
        method="POST",
    )
    cfg = service_config(simweb, "jina")
    cfg["cache"] = {"enabled": True, "path": str(tmp_path / "c.sqlite")}
    config = tmp_path / "webquorum.yaml"
    config.write_text(yaml.safe_dump(cfg), encoding="utf-8")
    url = simweb.url("/lighthouse", host=SITE)

    def run(*args: str) -> Any:
        return CliRunner().invoke(app, ["fetch", url, "--config", str(config), *args])

    whole = run("--json", "--budget", "100000")
    assert whole.exit_code == 0, whole.stderr
    text = json.loads(whole.stdout)["text"]
    digest = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    window = json.loads(run("--json", "--offset", "10", "--budget", "25").stdout)
    assert (window["text"], window["offset"], window["content_hash"]) == (text[10:35], 10, digest)
    assert len(simweb.requests_to("/lighthouse")) == 1  # the second read came from the cache
    same = run("--json", "--expected-hash", digest)
    assert same.exit_code == 0 and json.loads(same.stdout)["text"] == text
    changed = run("--json", "--expected-hash", "sha256:" + "0" * 64)
    error = json.loads(changed.stdout)  # --json: the error object, and no text at all, no stale coordinates
    assert changed.exit_code == 1 and error["code"] == "WEB_FETCH_CONTENT_CHANGED" and "text" not in error
    assert changed.stderr.startswith("error WEB_FETCH_CONTENT_CHANGED: ") and url in changed.stderr
    requests_before = len(simweb.requests_to("/lighthouse"))
    assert run("--json", "--no-cache").exit_code == 0
    assert len(simweb.requests_to("/lighthouse")) == requests_before + 1
    via_jina = run("--json", "--reader", "jina")
    assert via_jina.exit_code == 0, via_jina.stderr
    assert json.loads(via_jina.stdout)["reader"] == "jina" and len(simweb.requests_to("/", host=SERVICE)) == 1
