"""--site and --exclude-site on search, brief and collect: the scope reaches the result JSON, a
named set is written @name, and a bad site is a usage error (exit 2) naming the value and the fix."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from tests.pipelines.test_brief import build_web
from tests.sim.web import SimWeb
from webquorum.cli import app

HOSTS = ["investor.nvidia.test", "reuters.test", "nvidianews.nvidia.test", "cnbc.test"]


def config_path(simweb: SimWeb, tmp_path: Path) -> str:
    config = build_web(simweb, {"nvidia": HOSTS})
    config["site_sets"] = {"wires": ["reuters.test", "cnbc.test"]}
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return str(path)


def test_search_site_and_exclude_site_scope_the_json_and_count_the_drops(
    simweb: SimWeb, tmp_path: Path
) -> None:
    config = config_path(simweb, tmp_path)
    run = CliRunner().invoke(
        app,
        [
            "search",
            "nvidia revenue",
            "--site",
            "nvidia.test",
            "--site",
            "reuters.test",
            "--exclude-site",
            "nvidianews.nvidia.test",
            "--json",
            "--config",
            config,
        ],
    )
    assert run.exit_code == 0, run.output
    data = json.loads(run.stdout)
    assert [r["site"] for r in data["results"]] == ["nvidia.test", "reuters.test"]
    assert data["scope"] == {
        "sites": ["nvidia.test", "reuters.test"],
        "exclude_sites": ["nvidianews.nvidia.test"],
        "dropped": 2,
        "note": None,
    }
    text = CliRunner().invoke(app, ["search", "nvidia revenue", "--site", "@wires", "--config", config])
    assert (
        text.exit_code == 0
        and "scope: sites: reuters.test, cnbc.test; 2 results outside it dropped" in text.stdout
    )


def test_brief_and_collect_take_the_same_options(simweb: SimWeb, tmp_path: Path) -> None:
    config = config_path(simweb, tmp_path)
    brief = CliRunner().invoke(
        app, ["brief", "nvidia revenue", "--site", "nvidia.test", "--json", "--config", config]
    )
    assert brief.exit_code == 0, brief.output
    data = json.loads(brief.stdout)
    assert {s["site"] for s in data["sources"]} == {"nvidia.test"} and "fewer than two" in data["scope"][
        "note"
    ]
    collect = CliRunner().invoke(
        app, ["collect", "-q", "nvidia revenue", "--exclude-site", "@wires", "--json", "--config", config]
    )
    assert collect.exit_code == 0, collect.output
    out = json.loads(collect.stdout)
    assert out["scope"]["dropped"] == 2 and all("nvidia.test" in s["final_url"] for s in out["sources"])


def test_a_bad_site_exits_2_naming_the_value_and_the_fix(simweb: SimWeb, tmp_path: Path) -> None:
    config = config_path(simweb, tmp_path)
    for args, words in (
        (["--site", "co.uk"], "sites: 'co.uk' is a public suffix"),
        (["--exclude-site", "@nope"], "exclude_sites: no site set named '@nope'; defined: @wires"),
    ):
        run = CliRunner().invoke(app, ["search", "nvidia revenue", *args, "--json", "--config", config])
        assert run.exit_code == 2, run.output
        error = json.loads(run.stdout)
        assert error["code"] == "WEB_BAD_REQUEST" and words in error["message"]
    assert not simweb.requests
