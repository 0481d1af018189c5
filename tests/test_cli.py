"""The command line in real subprocesses (``python -m webquorum ...``) against simulated webs.

Every run is declared up front and started together once per module (a few at a time, so read
deadlines are not eaten by CPU contention); the tests only read the finished runs. click's own
usage errors never reach the network and run in-process through ``CliRunner``, which calls the
same ``main`` in standalone mode and so sees the same exit codes.

Two secrets travel with every run: a literal ``api_key`` in each config file and a key in the
environment. No run may print either, on stdout or stderr, whatever it did.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from tests.sim.providers import host_of, ok_reply, provider_config, serve
from tests.sim.research import default_pick, start_market
from tests.sim.sites import SITE, site_config
from tests.sim.web import Reply, Request, SimWeb
from webquorum.cli import app

REPO = Path(__file__).resolve().parent.parent
LITERAL_KEY = "wq-literal-brave-7f3a9c21e5d4"
ENV_KEY = "wq-env-tavily-4b8d2e6f10a2"
SECRETS = (LITERAL_KEY, ENV_KEY)
SEARCH_KEYS = {"query", "provider", "results", "failures", "skipped", "truncated", "warnings", "scope"}
RESULT_KEYS = {"url", "title", "snippet", "content", "published", "site", "score", "ranks"}
BRIEF_KEYS = {
    "query",
    "searched_at",
    "provider",
    "reader",
    "sources",
    "agreed",
    "disagreed",
    "reads_spent",
    "failures",
    "brief",
}
REFUSAL_KEYS = {"error", "why", "missing", "suggested_correction"}
TRICKY_TITLE = "Closing [/b] tags and [pdf] prefixes :warning: stay literal"
CLAIM = "Acero Norte will create 1,200 jobs at its Apodaca plant"
LONG_PATH = (
    "/2026/11/30/databases/postgres-vacuum-full-takes-an-access-exclusive-lock-on-the-whole-table.html?ref=wq"
)
REFUSED_CLAIM = "Acero Norte opened a plant on the moon"

Run = subprocess.CompletedProcess[str]


# -- the simulated webs ----------------------------------------------------------------------------
def search_web(web: SimWeb) -> dict[str, Any]:
    """A combo with one provider failing (and echoing its key), one keyless skip, two answering."""
    echo = {"message": f"upstream exploded while checking token {LITERAL_KEY}"}
    serve(web, "brave", Reply(status=500, body=json.dumps(echo), content_type="application/json"))
    serve(web, "serper", Reply(status=500, body=b'{"message": "down"}', content_type="application/json"))
    serve(web, "tavily", ok_reply("tavily"))
    results = [
        {
            "url": web.url("/doc/vacuum", host="docs-a.test"),
            "title": TRICKY_TITLE,
            "content": "VACUUM FULL takes a lock.",
        },
        {
            "url": web.url("/wiki/vacuum-full-exclusive-lock", host="docs-b.test"),
            "title": "Vacuum",
            "content": "[/] not markup",
        },
        {
            "url": web.url(LONG_PATH, host="docs-c.test"),
            "title": "A long address",
            "content": "Long URLs print whole.",
        },
    ]
    serve(web, "searxng", Reply(body=json.dumps({"results": results}), content_type="application/json"))
    config = provider_config(
        web,
        ["brave", "serper", "tavily", "searxng", "kagi"],
        combos=[
            {"id": "mix", "members": ["brave", "tavily", "searxng", "kagi"]},
            {"id": "dead", "members": ["brave", "serper"]},
        ],
        web={"search_provider": "mix"},
    )
    config["overrides"]["brave"]["api_key"] = LITERAL_KEY
    config["overrides"]["tavily"] = {
        "base_url": config["overrides"]["tavily"]["base_url"]
    }  # key from TAVILY_API_KEY
    config["overrides"]["kagi"] = {
        "base_url": config["overrides"]["kagi"]["base_url"],
        "api_key_env": "WQ_TEST_ABSENT_KEY",
    }
    return config


BRIEF_PAGES = {  # three independent reports agree; one carries an old figure
    "ledger.test": "The Northport Harbour Authority reported turnover of $12.4 billion for the year, its board said on Tuesday. ",
    "harbour-board.test": "Annual accounts published by the Northport Harbour Authority show turnover of $12.4 billion. ",
    "wire.test": "Northport Harbour Authority turnover reached $12.4 billion as container traffic kept growing. ",
    "stale.test": "An older filing put the Northport Harbour Authority's turnover at $9.9 billion for the year. ",
}
BRIEF_HOSTS = list(BRIEF_PAGES)


def brief_web(web: SimWeb) -> dict[str, Any]:
    """Four sites on a port authority's turnover, answering a SearXNG instance for "northport ..." queries."""
    for host, para in BRIEF_PAGES.items():
        html = (
            f"<html><head><title>Northport at {host}</title></head><body><nav><a href='/'>Home</a></nav><main><article>"
            f"<h1>Northport turnover</h1><p>{para * 3}</p></article></main></body></html>"
        )
        web.route("/story", Reply(body=html), host=host)

    def searx(req: Request) -> Reply:
        hosts = BRIEF_HOSTS if req.query.get("q", "").startswith("northport") else []
        body = [
            {"url": web.url("/story", host=h), "title": f"Northport at {h}", "content": f"Snippet from {h}."}
            for h in hosts
        ]
        return Reply(body=json.dumps({"results": body}), content_type="application/json")

    serve(web, "searxng", searx)
    config = provider_config(web, ["searxng"], web={"search_provider": "searxng"})
    config["network"]["resolve"].update({h: "127.0.0.1" for h in BRIEF_HOSTS})
    config["network"]["allow_hosts"] = BRIEF_HOSTS
    config["brief"] = {"read_deadline_s": 10}
    return config


def collect_web(web: SimWeb) -> tuple[dict[str, Any], str, str]:
    paras = "".join(
        f"<p>Paragraph {i} says the harbour tariff rises in week {i + 3}, the port office told traders at the quay. "
        f"Residents asked questions and the answers went on the notice board outside the office.</p>"
        for i in range(6)
    )
    web.route(
        "/a",
        Reply(
            body=f"<html><head><title>Tariff report</title></head><body><article><h1>Tariff report</h1>{paras}</article></body></html>"
        ),
        host="site-a.test",
    )
    web.route("/search", Reply(body=b'{"results": []}', content_type="application/json"))
    hosts = ["site-a.test", "site-b.test"]
    config = {
        "providers": ["searxng"],
        "overrides": {"searxng": {"base_url": web.base_url}},
        "web": {"search_provider": "searxng"},
        "network": {
            "allow_hosts": hosts,
            "resolve": {h: "127.0.0.1" for h in hosts},
            "retries": 0,
            "retry_waits": False,
        },
        "cache": {"enabled": False},
    }
    return config, web.url("/a", host="site-a.test"), web.url("/missing", host="site-b.test")


HUB = """<!DOCTYPE html><html lang="en"><head><title>Annual review</title></head><body><main><h1>Annual review</h1>
<p>The annual review is published as separate chapters so that each one can be read and cited on its own.</p>
<ul><li><a href="ch/1.html">Chapter 1: Status :warning: board</a></li><li><a href="ch/2.html">Chapter [/b] two</a></li>
<li><a href="https://regulator.example/filings/9">Regulator filing</a></li></ul></main></body></html>"""


def links_web(web: SimWeb) -> tuple[dict[str, Any], str]:
    web.route("/review/index.html", Reply(body=HUB), host=SITE)
    return site_config(web), web.url("/review/index.html", host=SITE)


def with_secret(config: dict[str, Any]) -> dict[str, Any]:
    """Every config carries the literal key, whether or not its run uses brave."""
    overrides = {**config.get("overrides", {})}
    overrides["brave"] = {**overrides.get("brave", {}), "api_key": LITERAL_KEY}
    return {**config, "overrides": overrides}


# -- running -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class World:
    runs: dict[str, Run]
    urls: dict[str, str]
    search_web: SimWeb
    market_queries: list[str]


def child_env() -> dict[str, str]:
    """The caller's environment minus anything that could select a config, a key or a model."""
    drop = re.compile(r"(_API_KEY|_TOKEN)$|^(WEBQUORUM_|SEARCH_.*_MODEL$|COLUMNS$|LINES$|FORCE_COLOR$)")
    env = {k: v for k, v in os.environ.items() if not drop.search(k)}
    return {**env, "PYTHONPATH": str(REPO / "src"), "NO_COLOR": "1", "TAVILY_API_KEY": ENV_KEY}


def write(directory: Path, name: str, config: dict[str, Any]) -> str:
    path = directory / name
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    tmp = tmp_path_factory.mktemp("cli")
    with ExitStack() as stack:
        webs = [stack.enter_context(SimWeb()) for _ in range(5)]
        s_cfg = write(tmp, "search.yaml", search_web(webs[0]))
        b_cfg = write(tmp, "brief.yaml", with_secret(brief_web(webs[1])))
        collect_config, good, missing = collect_web(webs[2])
        c_cfg = write(tmp, "collect.yaml", with_secret(collect_config))
        market, market_config = start_market(webs[3])
        market.pick = lambda q: (
            [("steel-journal.test", "/acero-norte-jobs"), ("business-wire-mx.test", "/acero-norte")]
            if "1,200 jobs" in q
            else default_pick(q)
        )
        m_cfg = write(tmp, "market.yaml", with_secret(market_config))
        links_config, hub = links_web(webs[4])
        l_cfg = write(tmp, "links.yaml", with_secret(links_config))
        bad = {"overrides": {"brave": {"api_key": LITERAL_KEY, "timeout_s": -1}}, "cache": {"enabld": True}}
        x_cfg = write(tmp, "bad.yaml", bad)
        serve(webs[0], "exa")  # $0.097 a call: over the default $0.05 ceiling
        e_cfg = write(
            tmp,
            "ceiling.yaml",
            with_secret(provider_config(webs[0], ["exa"], web={"search_provider": "exa"})),
        )
        o_cfg = write(
            tmp,
            "offline.yaml",
            with_secret(provider_config(webs[0], ["serper"], web={"search_provider": "serper"})),
        )
        verify_args = ["verify", "--entity", "Acero Norte", "--claim", CLAIM, "--config", m_cfg]
        discover_args = [
            "discover",
            "--objective",
            "¿Quién construye plantas en Nuevo León?",
            "--signal",
            "nueva planta",
            "--geo",
            "Nuevo León",
            "--target",
            "6",
            "--config",
            m_cfg,
        ]
        commands: dict[str, list[str]] = {
            "help": ["--help"],
            "bare": [],
            "search_json": ["search", "postgres vacuum", "--json", "--config", s_cfg],
            "search_text": ["search", "postgres vacuum", "--config", s_cfg],
            "search_dead": ["search", "postgres vacuum", "--provider", "dead", "--config", s_cfg],
            "search_unknown": [
                "search",
                "postgres vacuum",
                "--provider",
                "altavista",
                "--json",
                "--config",
                s_cfg,
            ],
            "search_bad_option": ["search", "postgres vacuum", "--frobnicate", "--config", s_cfg],
            "bad_config": ["search", "postgres vacuum", "--config", x_cfg],
            "no_config": ["providers", "--config", str(tmp / "absent.yaml")],
            "providers_json": ["providers", "--json", "--config", s_cfg],
            "providers_text": ["providers", "--config", s_cfg],
            "brief_json": ["brief", "northport turnover", "--json", "--config", b_cfg],
            "brief_text": ["brief", "northport turnover", "--config", b_cfg],
            "collect_json": [
                "collect",
                "--url",
                good,
                "--url",
                missing,
                "--topic",
                "harbour tariff",
                "--json",
                "--config",
                c_cfg,
            ],
            "collect_text": [
                "collect",
                "--url",
                good,
                "--url",
                missing,
                "--topic",
                "harbour tariff",
                "--config",
                c_cfg,
            ],
            "collect_bad_json": [
                "collect",
                "--query",
                "x",
                "--time-range",
                "decade",
                "--json",
                "--config",
                c_cfg,
            ],
            "collect_bad_text": ["collect", "--topic", "only a topic", "--config", c_cfg],
            "verify_json": [*verify_args, "--json"],
            "verify_text": verify_args,
            "verify_refused": [
                "verify",
                "--entity",
                "Acero Norte",
                "--claim",
                REFUSED_CLAIM,
                "--max-results",
                "0",
                "--json",
                "--config",
                m_cfg,
            ],
            "verify_refused_text": [
                "verify",
                "--entity",
                "Acero Norte",
                "--claim",
                REFUSED_CLAIM,
                "--max-results",
                "0",
                "--config",
                m_cfg,
            ],
            "discover_json": [*discover_args, "--json"],
            "discover_text": discover_args,
            "discover_refused": [
                "discover",
                "--objective",
                "proveedores",
                "--signal",
                "acero estructural",
                "--json",
                "--config",
                m_cfg,
            ],
            "discover_refused_text": [
                "discover",
                "--objective",
                "proveedores",
                "--signal",
                "acero estructural",
                "--config",
                m_cfg,
            ],
            "verify_over_ceiling": [
                "verify",
                "--entity",
                "Acero Norte",
                "--claim",
                CLAIM,
                "--json",
                "--config",
                e_cfg,
            ],
            "discover_offline": [
                "discover",
                "--objective",
                "plantas",
                "--signal",
                "nueva planta",
                "--config",
                o_cfg,
            ],
            "links_json": ["links", hub, "--json", "--config", l_cfg],
            "links_same_site": ["links", hub, "--same-site", "--json", "--config", l_cfg],
            "links_text": ["links", hub, "--config", l_cfg],
        }
        env = child_env()

        def run(args: list[str]) -> Run:
            cmd = [sys.executable, "-m", "webquorum", *args]
            return subprocess.run(
                cmd, capture_output=True, text=True, env=env, cwd=tmp, timeout=60, check=False
            )

        with ThreadPoolExecutor(max_workers=4) as pool:
            runs = dict(zip(commands, pool.map(run, commands.values()), strict=True))
        urls = {
            "good": good,
            "missing": missing,
            "hub": hub,
            "steel": webs[3].url("/acero-norte-jobs", host="steel-journal.test"),
        }
        yield World(runs, urls, webs[0], market.queries)


def ok(run: Run) -> Run:
    assert run.returncode == 0, (
        f"exit {run.returncode}\nstdout: {run.stdout[-2000:]}\nstderr: {run.stderr[-2000:]}"
    )
    assert "Traceback" not in run.stderr
    return run


def failed(run: Run, code: int) -> Run:
    assert run.returncode == code, (
        f"exit {run.returncode}\nstdout: {run.stdout[-2000:]}\nstderr: {run.stderr[-2000:]}"
    )
    assert "Traceback" not in run.stderr + run.stdout
    return run


# -- everywhere ------------------------------------------------------------------------------------
def test_no_run_prints_a_key(world: World) -> None:
    for name, run in world.runs.items():
        for secret in SECRETS:
            assert secret not in run.stdout and secret not in run.stderr, f"{name} printed a key"


def test_the_keys_were_really_in_play(world: World) -> None:
    """Without this the test above could pass because no key was ever loaded."""
    tavily = world.search_web.requests_to("/search", host=host_of("tavily"))
    assert tavily and ENV_KEY in tavily[0].headers.get("authorization", "")
    brave = world.search_web.requests_to("/res/v1/web/search", host=host_of("brave"))
    assert brave and brave[0].headers.get("x-subscription-token") == LITERAL_KEY


def test_help_lists_every_command(world: World) -> None:
    run = ok(world.runs["help"])
    for command in ("search", "providers", "fetch", "links", "brief", "collect", "verify", "discover", "mcp"):
        assert re.search(rf"^\W*{command}\s", run.stdout, re.M), command


def test_python_dash_m_without_a_command_prints_usage_and_exits_2(world: World) -> None:
    run = failed(world.runs["bare"], 2)
    assert "Usage:" in run.stdout and "search" in run.stdout


# -- search ----------------------------------------------------------------------------------------
def test_search_json_has_exactly_the_documented_keys(world: World) -> None:
    data = json.loads(ok(world.runs["search_json"]).stdout)
    assert set(data) == SEARCH_KEYS
    assert data["results"] and all(set(r) == RESULT_KEYS for r in data["results"])
    assert (data["query"], data["provider"]) == ("postgres vacuum", "mix")
    assert {p for r in data["results"] for p in r["ranks"]} == {"tavily", "searxng"}


def test_search_exits_0_when_some_providers_failed_and_says_which(world: World) -> None:
    data = json.loads(ok(world.runs["search_json"]).stdout)
    assert [(f["provider"], f["status"]) for f in data["failures"]] == [("brave", 500)]
    assert data["skipped"] == ["kagi"]
    lines = ok(world.runs["search_text"]).stdout.rstrip().splitlines()
    assert lines[-1].startswith(
        "providers that failed: brave (WEB_PROVIDER_ERROR: brave HTTP 500"
    )  # one line, under the table


def test_search_text_is_a_table_with_every_url(world: World) -> None:
    data = json.loads(world.runs["search_json"].stdout)
    text = ok(world.runs["search_text"]).stdout
    assert text.lstrip().startswith("mix: postgres vacuum")
    for result in data["results"]:
        assert result["url"] in text, result["url"]
    assert any(len(r["url"]) > 100 for r in data["results"]), (
        "a URL longer than the 80-column default, printed whole"
    )
    assert TRICKY_TITLE in text, "titles are text, never rich markup or emoji codes"
    assert "searxng:1" in text


def test_every_provider_failing_exits_1_on_one_line(world: World) -> None:
    run = failed(world.runs["search_dead"], 1)
    assert run.stdout == "" and re.match(r"error WEB_PROVIDER_\w+: ", run.stderr)


def test_unknown_provider_is_a_bad_request(world: World) -> None:
    run = failed(world.runs["search_unknown"], 2)
    assert run.stderr.startswith("error WEB_BAD_REQUEST: ") and "altavista" in run.stderr
    assert json.loads(run.stdout)["code"] == "WEB_BAD_REQUEST"  # with --json, a JSON error object on stdout


def test_unknown_option_exits_2(world: World) -> None:
    run = failed(world.runs["search_bad_option"], 2)
    assert "--frobnicate" in run.stderr and run.stdout == ""


def test_bad_config_names_each_key_path_and_exits_2(world: World) -> None:
    run = failed(world.runs["bad_config"], 2)
    assert run.stderr.startswith("error WEB_CONFIG_INVALID: ")
    assert "overrides.brave.timeout_s" in run.stderr and "cache.enabld" in run.stderr
    missing = failed(world.runs["no_config"], 2)
    assert missing.stderr.startswith("error WEB_CONFIG_INVALID: --config") and "absent.yaml" in missing.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["search"], "Missing argument"),
        (["brief", "q", "--sources", "9"], "--sources"),
        (["brief", "q", "--sources", "0"], "--sources"),
        (["search", "q", "--max-results", "51"], "--max-results"),
        (["verify", "--claim", "x"], "--entity"),
        (["discover", "--signal", "nueva planta"], "--objective"),
        (["links"], "Missing argument"),
        (["providers", "--json", "extra"], "extra"),
    ],
)
def test_usage_errors_exit_2(args: list[str], needle: str) -> None:
    outcome = CliRunner().invoke(app, args)
    assert outcome.exit_code == 2, outcome.output
    assert needle in outcome.stderr and outcome.stdout == ""


# -- providers -------------------------------------------------------------------------------------
def test_providers_json_reports_credential_presence(world: World) -> None:
    rows = {row["id"]: row for row in json.loads(ok(world.runs["providers_json"]).stdout)}
    assert list(rows)[:5] == ["brave", "serper", "tavily", "searxng", "kagi"]
    assert {"auto", "mix", "dead"} <= set(rows)
    assert rows["brave"]["credential_present"] is True and rows["brave"]["ready"] is True  # literal api_key
    assert rows["tavily"]["credential_present"] is True and rows["tavily"]["ready"] is True  # $TAVILY_API_KEY
    assert rows["kagi"]["credential_present"] is False and rows["kagi"]["ready"] is False
    assert rows["kagi"]["needs"] == "WQ_TEST_ABSENT_KEY"
    assert rows["mix"]["ready_members"] == ["brave", "tavily", "searxng"]


def test_providers_text_is_a_table(world: World) -> None:
    text = ok(world.runs["providers_text"]).stdout
    rows = {line.split()[0]: line.split() for line in text.splitlines()}
    assert rows["kagi"][2] == "no" and rows["kagi"][-1] == "WQ_TEST_ABSENT_KEY"
    assert re.search(r"\bmix\b.*\byes\b", text)
    assert rows["http"][1:4] == ["reader", "yes", "read"] and "jina" in rows  # readers are listed too
    assert max(len(line) for line in text.splitlines()) <= 80


# -- brief -----------------------------------------------------------------------------------------
def test_brief_json_has_the_issue_keys(world: World) -> None:
    data = json.loads(ok(world.runs["brief_json"]).stdout)
    assert set(data) >= BRIEF_KEYS
    assert data["query"] == "northport turnover" and data["provider"] == "searxng"
    assert [s["site"] for s in data["sources"]] == BRIEF_HOSTS
    assert data["reads_spent"] == {"http": 4} and data["failures"] == []
    assert [(d["site"], d["value"]) for d in data["disagreed"]] == [("stale.test", "$9.9 billion")]
    answer = data["answer"]  # the question's answer leads, apart from the other agreed items (issue 22)
    assert (answer["value"], answer["count"], answer["of"], answer["rivals"]) == ("$12.4 billion", 3, 4, [])


def test_brief_text_is_the_json_brief(world: World) -> None:
    data = json.loads(world.runs["brief_json"].stdout)
    text = ok(world.runs["brief_text"]).stdout
    day = re.match(r"Searched (\S+) for", text)
    assert day, text[:200]
    assert (
        text == data["brief"].replace(data["searched_at"], day.group(1), 1) + "\n"
    )  # runs may straddle midnight
    assert "Disagreement: stale.test says $9.9 billion" in text


# -- collect ---------------------------------------------------------------------------------------
def test_collect_json_keeps_sources_and_names_gaps(world: World) -> None:
    data = json.loads(ok(world.runs["collect_json"]).stdout)
    assert [s["url"] for s in data["sources"]] == [world.urls["good"]]
    assert data["sources"][0]["excerpts"] and "harbour tariff" in data["sources"][0]["excerpts"][0]["text"]
    assert [(g["type"], g["url"]) for g in data["gaps"]] == [("fetch_failed", world.urls["missing"])]


def test_collect_text_lists_sources_excerpts_and_gaps(world: World) -> None:
    data = json.loads(world.runs["collect_json"].stdout)
    text = ok(world.runs["collect_text"]).stdout
    source = data["sources"][0]
    assert f"[{source['source_id']}] Tariff report" in text and source["final_url"] in text
    ex = source["excerpts"][0]
    assert f"characters {ex['start']}-{ex['end']}: " in text
    assert "- fetch_failed: " in text and world.urls["missing"] in text
    assert "score" not in text and "None" not in text and "{" not in text  # a reading, not fields


def test_a_collect_request_that_cannot_run_exits_2(world: World) -> None:
    run = failed(world.runs["collect_bad_json"], 2)
    data = json.loads(run.stdout)
    assert {"code", "error", "hint"} <= set(data) and "day, week, month or year" in data["error"] + data[
        "hint"
    ]
    assert data["code"] == "WEB_BAD_REQUEST"  # collect's errors carry codes like every other command's
    text = failed(world.runs["collect_bad_text"], 2)
    assert text.stdout == "" and text.stderr.startswith("error WEB_BAD_REQUEST: ") and "hint: " in text.stderr


# -- verify and discover ---------------------------------------------------------------------------
def test_verify_json_supports_the_claim_with_cited_evidence(world: World) -> None:
    data = json.loads(ok(world.runs["verify_json"]).stdout)
    claim = data["claims"][0]
    assert (claim["claim"], claim["verdict"]) == (CLAIM, "supported")
    cited = {e["id"]: e for e in data["evidence"]}
    assert {cited[i]["domain"] for i in claim["evidence_ids"]} == {
        "steel-journal.test",
        "business-wire-mx.test",
    }
    assert world.urls["steel"] in {e["url"] for e in data["evidence"]}


def test_verify_text_shows_verdicts_evidence_and_budget(world: World) -> None:
    data = json.loads(world.runs["verify_json"].stdout)
    lines = ok(world.runs["verify_text"]).stdout.splitlines()
    assert f"SUPPORTED: {CLAIM}" in lines
    reason = data["claims"][0]["reason"]
    assert f"  why: {reason}" in lines  # each verdict's reason, then the passages that decided it
    cited = {e["id"]: e for e in data["evidence"]}
    for i in data["claims"][0]["evidence_ids"]:
        assert any(
            line.startswith(f"  - {cited[i]['domain']}: ") and cited[i]["url"] in line for line in lines
        )
    assert re.fullmatch(r"Run run_\w+: 1 search\(es\) spent, stopped: done\.", lines[-1])


def test_discover_json_is_never_exhaustive(world: World) -> None:
    data = json.loads(ok(world.runs["discover_json"]).stdout)
    assert data["exhaustive"] is False
    names = {(c["name"], c["status"]) for c in data["candidates"]}
    assert ("Acero Norte, S.A. de C.V.", "verified") in names
    ids = {e["id"] for e in data["evidence"]}
    assert all(i in ids for c in data["candidates"] for i in c["evidence_ids"])


def test_discover_text_lists_candidates(world: World) -> None:
    data = json.loads(world.runs["discover_json"].stdout)
    text = ok(world.runs["discover_text"]).stdout
    assert re.search(r"^verified: Acero Norte, S\.A\. de C\.V\. \(Apodaca, Nuevo León\)$", text, re.M)
    assert "ev_" not in text  # evidence as site + passage, not bare ids
    first = {e["id"]: e for e in data["evidence"]}[data["candidates"][0]["evidence_ids"][0]]
    assert f'  - {first["domain"]}: "' in text and first["url"] in text
    assert "never exhaustive" in text and re.fullmatch(
        r"Run run_\w+: \d+ search\(es\) spent, stopped: \w+\.", text.splitlines()[-1]
    )


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("verify_refused", "web_evidence_brief_invalid"),
        ("discover_refused", "web_discovery_signal_not_an_event"),
    ],
)
def test_a_refused_brief_exits_2_with_the_refusal_on_stdout_only_with_json(
    world: World, name: str, code: str
) -> None:
    run = failed(world.runs[name], 2)
    refusal = json.loads(run.stdout)  # with --json: one object, with a code like every other failure
    assert (
        set(refusal) == {"code", *REFUSAL_KEYS}
        and refusal["error"] == refusal["code"] == code
        and refusal["why"]
    )
    assert isinstance(refusal["missing"], list) and isinstance(refusal["suggested_correction"], dict)
    text = failed(world.runs[f"{name}_text"], 2)  # without --json, nothing on stdout
    assert text.stdout == "" and text.stderr.startswith(f"error {code}: ") and "\nhint: " in text.stderr


def test_refusals_spend_nothing(world: World) -> None:
    """The market's engine runs in this process, so it can say which runs reached it."""
    assert world.market_queries, "the accepted runs did search"
    assert not any(REFUSED_CLAIM in q or "acero estructural" in q for q in world.market_queries)


# -- links -----------------------------------------------------------------------------------------
def test_links_json_lists_absolute_links(world: World) -> None:
    data = json.loads(ok(world.runs["links_json"]).stdout)
    base = world.urls["hub"].rsplit("/", 1)[0]
    got = [(link["text"], link["url"], link["same_site"]) for link in data["links"]]
    assert got == [
        ("Chapter 1: Status :warning: board", f"{base}/ch/1.html", True),
        ("Chapter [/b] two", f"{base}/ch/2.html", True),
        ("Regulator filing", "https://regulator.example/filings/9", False),
    ]
    own = json.loads(ok(world.runs["links_same_site"]).stdout)
    assert [link["url"] for link in own["links"]] == [f"{base}/ch/1.html", f"{base}/ch/2.html"]


def test_links_text_prints_each_link_literally(world: World) -> None:
    text = ok(world.runs["links_text"]).stdout
    assert "Chapter 1: Status :warning: board\n" in text, "no emoji substitution"
    assert "Chapter [/b] two\n" in text
    assert "https://regulator.example/filings/9  (other site)" in text


# -- verify and discover that did no work exit 1 -----------------------------------------------------
def test_verify_over_the_money_ceiling_exits_1_naming_the_setting_to_raise(world: World) -> None:
    run = failed(world.runs["verify_over_ceiling"], 1)
    data = json.loads(run.stdout)
    assert data["stop_reason"] == "budget_exhausted" and data["budget"]["calls_spent"] == 0
    assert "raise budget.max_usd_per_call to at least 0.097" in run.stderr
    assert run.stderr.startswith("error: the run did no work: budget_exhausted")


def test_discover_with_every_provider_failing_exits_1(world: World) -> None:
    run = failed(world.runs["discover_offline"], 1)
    assert run.stdout.startswith("No organisation found for: ") and "never exhaustive" in run.stdout
    assert run.stderr.startswith("error: the run did no work: provider_failed")
