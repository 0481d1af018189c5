"""Where an HTTP shell listens: one socket rule and one token rule for ``serve`` and ``mcp --http``."""

from __future__ import annotations

import socket

import pytest

from webquorum.errors import BadRequestError, ConfigError
from webquorum.hosting.binding import display_url, is_loopback, listen, require_token


def test_a_port_in_use_is_a_usage_error_naming_it() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(BadRequestError) as caught:
            listen("127.0.0.1", port)
    assert (
        caught.value.message
        == f"--port {port}: 127.0.0.1:{port} is already in use (another server is listening there)"
    )
    assert caught.value.exit_code == 2 and "another --port" in caught.value.hint_text


def test_an_address_of_another_machine_is_a_usage_error() -> None:
    with pytest.raises(BadRequestError, match="--host"):
        listen("192.0.2.7", 0)  # TEST-NET-1: never this machine's
    with pytest.raises(BadRequestError, match="not an address of this machine"):
        listen("no such host.invalid", 0)


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "[::1]"])
def test_listens_on_loopback_without_blocking(host: str) -> None:
    try:
        sock = listen(host, 0)
    except BadRequestError:
        if ":" in host:
            pytest.skip("no IPv6 loopback here")
        raise
    with sock:
        assert not sock.getblocking() and sock.getsockname()[1] > 0
        with socket.create_connection((host.strip("[]"), sock.getsockname()[1]), timeout=5):
            pass


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.9.10", True),
        ("localhost", True),
        ("LOCALHOST", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("", False),
        ("192.0.2.7", False),
        ("localhost.evil.test", False),
        ("example.org", False),
    ],
)
def test_loopback_is_only_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize("command", ["serve", "mcp"])
def test_off_loopback_needs_a_token_in_the_same_words_for_both_shells(command: str) -> None:
    require_token(command, "127.0.0.1", None)
    require_token(command, "0.0.0.0", "a-token")
    with pytest.raises(ConfigError) as caught:
        require_token(command, "0.0.0.0", None)
    assert caught.value.message == (
        f"{command} --host 0.0.0.0 is reachable from other machines and needs an auth token: "
        "set mcp.auth_token or export WEBQUORUM_MCP_TOKEN (or bind to 127.0.0.1)"
    )


@pytest.mark.parametrize(
    ("host", "shown"),
    [
        ("127.0.0.1", "http://127.0.0.1:8765/"),
        ("0.0.0.0", "http://127.0.0.1:8765/"),
        ("::", "http://[::1]:8765/"),
        ("::1", "http://[::1]:8765/"),
        ("[::1]", "http://[::1]:8765/"),
        ("192.0.2.7", "http://192.0.2.7:8765/"),
    ],
)
def test_the_url_to_open(host: str, shown: str) -> None:
    assert display_url(host, 8765) == shown
