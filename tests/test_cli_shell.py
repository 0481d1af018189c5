"""What people expect of a command line: a version, completion, help on every option, logs on
request with keys masked, a JSON error with ``--json``, and the MCP server stopping on Ctrl-C
(exit 130) or refusing a port in use before it prints a banner.

Interrupts are real: the server runs under a pseudo-terminal, as a person starts it, and gets
SIGINT the way a terminal sends Ctrl-C (to its process group).
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
import yaml
from click.testing import CliRunner

import webquorum
from tests.sim.mcp import free_port, research_web
from tests.sim.providers import provider_config, serve
from tests.sim.web import Reply, SimWeb
from webquorum.cli import app

REPO = Path(__file__).resolve().parent.parent
KEY = "key-mojeek-0123456789"


def run(
    *args: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "webquorum", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
        env={**os.environ, **(env or {})},
        check=False,
    )


def test_version_matches_the_package() -> None:
    done = run("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"webquorum {webquorum.__version__}"


def test_shell_completion_is_offered() -> None:
    outcome = CliRunner().invoke(app, ["--help"])
    assert "--install-completion" in outcome.stdout and "--show-completion" in outcome.stdout


def test_bash_completion_installs_and_completes(tmp_path: Path) -> None:
    """Under bash (found as the parent process), install writes the script and a source line once; the script
    completes."""
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }

    def under_bash(
        script: str,
    ) -> subprocess.CompletedProcess[str]:  # `exit $?` keeps bash from exec-ing the last command
        return subprocess.run(
            ["bash", "-c", f"{script}; exit $?"],
            capture_output=True,
            text=True,
            env=env,
            cwd=REPO,
            timeout=60,
            check=False,
        )

    shown = under_bash("webquorum --show-completion")
    assert shown.returncode == 0 and "complete -o default -F _webquorum_completion webquorum" in shown.stdout
    for _ in range(2):
        installed = under_bash("webquorum --install-completion")
        assert installed.returncode == 0 and installed.stdout.startswith("bash completion installed in "), (
            installed.stderr
        )
    script = tmp_path / ".bash_completions" / "webquorum.sh"
    assert script.read_text() == shown.stdout
    assert (tmp_path / ".bashrc").read_text().count(f"source '{script}'") == 1
    tab = under_bash(
        f"source '{script}'; COMP_WORDS=(webquorum fetch --bu); COMP_CWORD=2; _webquorum_completion webquorum; echo ${{COMPREPLY[@]}}"
    )
    assert tab.stdout.split() == ["--budget"], tab.stderr
    words = under_bash(
        f"source '{script}'; COMP_WORDS=(webquorum ''); COMP_CWORD=1; _webquorum_completion webquorum; echo ${{COMPREPLY[@]}}"
    )
    assert {"search", "brief", "fetch", "mcp"} <= set(words.stdout.split())


def _commands() -> Iterator[tuple[str, Any]]:
    yield "webquorum", app
    ctx = click.Context(app)
    for name in app.list_commands(ctx):
        yield name, app.get_command(ctx, name)


def test_every_option_has_help_and_no_flag_shows_a_type() -> None:
    for name, cmd in _commands():
        for param in cmd.params:
            if param.param_type_name == "option":
                assert (param.help or "").strip(), f"{name} {param.opts[0]} has no help text"
        help_text = CliRunner().invoke(app, ([] if name == "webquorum" else [name]) + ["--help"]).stdout
        assert "<bool>" not in help_text, name


@pytest.fixture(scope="module")
def web() -> Iterator[SimWeb]:
    sim = SimWeb().start()
    serve(sim, "mojeek")  # its key travels in the query string: the case masking must catch
    try:
        yield sim
    finally:
        sim.stop()


@pytest.fixture(scope="module")
def config_file(web: SimWeb, tmp_path_factory: pytest.TempPathFactory) -> Path:
    config = provider_config(web, ["mojeek"])
    config["overrides"]["mojeek"] = {
        "base_url": config["overrides"]["mojeek"]["base_url"],
        "api_key_env": "WQ_TEST_MOJEEK_KEY",
    }
    path = tmp_path_factory.mktemp("shell") / "webquorum.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


def test_verbose_logs_each_call_on_stderr_with_keys_masked(config_file: Path) -> None:
    env = {"WQ_TEST_MOJEEK_KEY": KEY}
    quiet = run("search", "kestrel", "--config", str(config_file), "--json", env=env)
    assert quiet.returncode == 0 and quiet.stderr == ""  # no logs unless asked
    loud = run("search", "kestrel", "--config", str(config_file), "--json", "-vv", env=env)
    assert loud.returncode == 0, loud.stderr
    assert re.search(r"INFO webquorum\.calls: mojeek GET: ok in \d", loud.stderr), loud.stderr
    assert "DEBUG webquorum.calls: mojeek http://mojeek.test" in loud.stderr
    assert KEY not in loud.stderr and "***" in loud.stderr
    assert json.loads(loud.stdout)["results"]  # logs never reach stdout
    by_env = run(
        "-v", "search", "kestrel", "--config", str(config_file), env={**env, "WEBQUORUM_LOG": "info"}
    )
    assert "webquorum.calls: mojeek GET: ok" in by_env.stderr and KEY not in by_env.stderr + by_env.stdout


def test_a_bad_log_level_is_a_config_error() -> None:
    done = run("providers", env={"WEBQUORUM_LOG": "loud"})
    assert done.returncode == 2 and done.stderr.startswith("error WEB_CONFIG_INVALID: WEBQUORUM_LOG: 'loud'")


def test_json_failure_is_a_json_error_object(config_file: Path) -> None:
    done = run("search", "kestrel", "--config", str(config_file), "--json", "--provider", "brave")
    error = json.loads(done.stdout)
    assert done.returncode == 2 and error["code"] == "WEB_BAD_REQUEST" and error["hint"]
    assert done.stderr.startswith("error WEB_BAD_REQUEST: ")


def test_search_takes_time_range_and_language(config_file: Path) -> None:
    done = run(
        "search",
        "kestrel",
        "--config",
        str(config_file),
        "--json",
        "--time-range",
        "week",
        "--language",
        "de",
        env={"WQ_TEST_MOJEEK_KEY": KEY},
    )
    assert done.returncode == 0, done.stderr
    bad = run(
        "search",
        "kestrel",
        "--config",
        str(config_file),
        "--time-range",
        "decade",
        env={"WQ_TEST_MOJEEK_KEY": KEY},
    )
    assert bad.returncode == 2 and "decade" in bad.stderr


# -- the MCP server under a terminal -----------------------------------------------------------
def interrupt_under_a_terminal(args: list[str], ready: str, cwd: Path) -> tuple[int | str, str]:
    """Start ``webquorum`` on a pseudo-terminal, wait for ``ready`` on its stderr, send Ctrl-C's SIGINT."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "webquorum", *args],
        stdin=slave,
        stdout=subprocess.DEVNULL,
        stderr=slave,
        cwd=cwd,
        start_new_session=True,
    )
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 60
    try:
        while ready.encode() not in seen and time.monotonic() < deadline and proc.poll() is None:
            try:
                seen += os.read(master, 4096)
            except OSError:
                break
        assert ready.encode() in seen, seen.decode(errors="replace")
        time.sleep(0.5)  # past the banner, into the serving loop
        os.killpg(proc.pid, signal.SIGINT)
        try:
            code: int | str = proc.wait(
                60
            )  # a cap for a server that ignores Ctrl-C, generous for a loaded machine
        except subprocess.TimeoutExpired:
            code = "still running 60 s after Ctrl-C"
        os.set_blocking(master, False)
        with contextlib.suppress(OSError):
            seen += os.read(master, 4096)
        return code, seen.decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
        os.close(master)


def test_stdio_server_says_one_line_on_a_terminal_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    code, stderr = interrupt_under_a_terminal(["mcp"], "webquorum MCP server on stdio", tmp_path)
    assert code == 130, stderr
    lines = [line for line in stderr.replace("\r", "").splitlines() if line]
    assert lines[0].startswith("webquorum MCP server on stdio") and "Ctrl-C" in lines[0]
    assert lines[1:] == ["error WEB_ABORTED: interrupted"]


def test_http_server_exits_130_on_ctrl_c(tmp_path: Path) -> None:
    port = free_port()
    code, stderr = interrupt_under_a_terminal(["mcp", "--http", "--port", str(port)], "/mcp", tmp_path)
    assert code == 130, stderr
    assert "error WEB_ABORTED: interrupted" in stderr and "Traceback" not in stderr


def test_a_port_in_use_is_a_clean_error_before_any_banner() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("mcp", "--http", "--port", str(port))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"error WEB_BAD_REQUEST: --port {port}: 127.0.0.1:{port} is already in use (another server is listening there)",
        "hint: stop the other server, or pick another --port",
    ]


def test_the_brief_text_names_failed_providers_in_one_line(tmp_path: Path) -> None:
    sim = SimWeb().start()
    try:
        config = research_web(sim)
        serve(
            sim,
            "brave",
            Reply(status=500, body=b'{"error": "upstream exploded"}', content_type="application/json"),
        )
        config["providers"] = ["searxng", "brave"]
        config["overrides"]["brave"] = {
            "base_url": f"http://brave.test:{sim.port}",
            "api_key": "key-brave-0123456789",
        }
        config["network"]["resolve"]["brave.test"] = "127.0.0.1"
        config["combos"] = [{"id": "both", "members": ["searxng", "brave"]}]
        config["web"]["search_provider"] = "both"
        path = tmp_path / "webquorum.yaml"
        path.write_text(yaml.safe_dump(config), encoding="utf-8")
        done = run("brief", "how long is the kestrel bridge", "--config", str(path))
    finally:
        sim.stop()
    assert done.returncode == 0, done.stderr
    last = done.stdout.rstrip().splitlines()[-1]
    assert last.startswith("providers that failed: brave (WEB_PROVIDER_ERROR: ") and "\n" not in last
    assert "Answer (long kestrel bridge): " in done.stdout  # the answer leads (issue 22)


def test_an_empty_entity_is_refused_before_anything_is_spent(tmp_path: Path) -> None:
    path = tmp_path / "webquorum.yaml"
    path.write_text("providers: [wikipedia]\n", encoding="utf-8")
    outcome = CliRunner().invoke(
        app, ["verify", "-e", "", "-c", "it opened in 1998", "--json", "--config", str(path)]
    )
    assert outcome.exit_code == 2
    refusal = json.loads(outcome.stdout)
    assert refusal["error"] == "web_evidence_brief_invalid" and "entities" in refusal["why"]
