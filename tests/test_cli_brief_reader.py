"""``brief --reader`` is checked before anything is spent, as ``fetch --reader`` is: a usage error, exit 2.

Before, an unknown reader (or a reader service without its key) made every source "snippet only"
and the brief exited 0. Real subprocesses against the simulated web; both start together.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.sim.providers import provider_config, serve
from tests.sim.web import SimWeb
from webquorum import Client
from webquorum.errors import BadRequestError, CredentialMissingError

REPO = Path(__file__).resolve().parent.parent


def test_brief_with_an_unknown_or_keyless_reader_exits_2_before_searching(
    simweb: SimWeb, tmp_path: Path
) -> None:
    serve(simweb, "searxng")
    config = tmp_path / "webquorum.yaml"
    config.write_text(yaml.safe_dump(provider_config(simweb, ["searxng"])), encoding="utf-8")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("WEBQUORUM_CONFIG", "JINA_API_KEY", "FIRECRAWL_API_KEY")
    }
    env.update(PYTHONPATH=str(REPO / "src"), NO_COLOR="1")
    procs = {
        reader: subprocess.Popen(
            [
                sys.executable,
                "-m",
                "webquorum",
                "brief",
                "harbour ferry",
                "--reader",
                reader,
                "--config",
                str(config),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tmp_path,
        )
        for reader in ("nosuch", "firecrawl")
    }
    runs = {reader: proc.communicate(timeout=60) for reader, proc in procs.items()}
    assert procs["nosuch"].returncode == 2, runs["nosuch"]
    assert "unknown reader 'nosuch'" in runs["nosuch"][1] and "http" in runs["nosuch"][1]
    assert procs["firecrawl"].returncode == 2, runs["firecrawl"]
    assert "FIRECRAWL_API_KEY" in runs["firecrawl"][1]
    assert simweb.requests == []  # refused before the search was asked


@pytest.mark.parametrize(
    ("reader", "error"), [("nosuch", BadRequestError), ("firecrawl", CredentialMissingError)]
)
async def test_the_api_refuses_the_reader_before_searching(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch, reader: str, error: type[Exception]
) -> None:
    monkeypatch.delenv("FIRECRAWL_API_KEY", raising=False)
    serve(simweb, "searxng")
    async with Client(provider_config(simweb, ["searxng"])) as wq:
        with pytest.raises(error):
            await wq.brief("harbour ferry", reader=reader)
    assert simweb.requests == []
