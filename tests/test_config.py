"""Config loading: search order, validation messages naming key, value and what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from webquorum.config import AUTO, PROVIDER_IDS, config_path, load_config, parse_config
from webquorum.errors import ConfigError


def test_defaults_without_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WEBQUORUM_CONFIG", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    config = load_config(None)
    assert config.web.search_provider == AUTO and config.registered == PROVIDER_IDS
    assert config.network.allow_private_addresses is False and config.web.fetch_provider == "http"


def test_search_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    home_cfg = tmp_path / ".config" / "webquorum" / "config.yaml"
    home_cfg.parent.mkdir(parents=True)
    home_cfg.write_text("web: {max_results: 3}\n")
    monkeypatch.delenv("WEBQUORUM_CONFIG", raising=False)
    assert load_config(None).web.max_results == 3
    (tmp_path / "webquorum.yaml").write_text("web: {max_results: 4}\n")
    assert load_config(None).web.max_results == 4
    env_cfg = tmp_path / "env.yaml"
    env_cfg.write_text("web: {max_results: 5}\n")
    monkeypatch.setenv("WEBQUORUM_CONFIG", str(env_cfg))
    assert load_config(None).web.max_results == 5
    explicit = tmp_path / "explicit.yaml"
    explicit.write_text("web: {max_results: 6}\n")
    assert load_config(str(explicit)).web.max_results == 6
    assert config_path(str(explicit)) == explicit


def test_the_issue_example_validates() -> None:
    config = parse_config(
        {
            "providers": ["brave", "tavily", "searxng"],
            "overrides": {
                "searxng": {"base_url": "https://searx.example.org"},
                "brave": {"api_key_env": "MY_BRAVE_KEY"},
                "tavily": {"api_key": "tvly-secret"},
            },
            "combos": [
                {"id": "consensus", "members": ["brave", "tavily", "searxng"], "merge": "consensus"},
                {
                    "id": "cheap",
                    "members": ["duckduckgo", "wikipedia"],
                    "merge": "append",
                    "concurrent": False,
                    "stop_after_results": 8,
                },
            ],
            "web": {"search_provider": "consensus", "max_results": 10},
            "network": {"timeout_s": 10, "allow_private_addresses": False},
        }
    )
    assert (
        config.combo("cheap") is not None and config.credential("tavily", "TAVILY_API_KEY") == "tvly-secret"
    )
    assert "tvly-secret" not in repr(config) and "tvly-secret" not in config.model_dump_json()


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"web": {"max_results": 0}}, "web.max_results: 0 is not allowed"),
        ({"network": {"timeoutt": 3}}, "network.timeoutt: unknown key"),
        ({"providers": ["altavista"]}, "providers[0]: unknown provider 'altavista'"),
        (
            {"overrides": {"brave": {"rate_limit": "lots"}}},
            "overrides.brave.rate_limit: 'lots' is not allowed: must look like \"20/minute\"",
        ),
        ({"overrides": {"searxng": {"base_url": "searx.local"}}}, "overrides.searxng.base_url"),
        (
            {"web": {"search_provider": "nope"}},
            "web.search_provider: 'nope' is neither a provider nor a combo",
        ),
        (
            {"web": {"fetch_provider": "curl"}},
            "web.fetch_provider: 'curl'; allowed: http, exa, firecrawl, jina, tavily",
        ),
        ({"combos": [{"id": "c", "members": []}]}, "combos[0].members"),
        ("just a string", "top level must be a mapping"),
    ],
)
def test_errors_name_path_value_and_allowed(data: object, expected: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    assert expected in info.value.message


def test_missing_explicit_file_and_bad_yaml(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(str(tmp_path / "nope.yaml"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("web: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(str(bad))


def test_keys_are_read_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    config = parse_config({})
    monkeypatch.delenv("BRAVE_API_KEY", raising=False)
    assert config.credential("brave", "BRAVE_API_KEY") is None
    monkeypatch.setenv("BRAVE_API_KEY", "late")
    assert config.credential("brave", "BRAVE_API_KEY") == "late"


@pytest.mark.parametrize(
    "data",
    [
        {"overrides": {"brave": {"api_key": 123456789012}}},
        {"overrides": {"brave": {"api_key": ["s3cr3t-list-key"]}}},
        {"mcp": {"auth_token": 987654321098}},
    ],
)
def test_a_mistyped_secret_is_never_echoed(data: dict[str, object]) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    for secret in ("123456789012", "s3cr3t-list-key", "987654321098"):
        assert secret not in info.value.message
    assert "api_key" in info.value.message or "auth_token" in info.value.message


@pytest.mark.parametrize(
    "data",
    [
        {"providers": ["altavista"]},
        {"combos": [{"id": "c", "members": ["brave", "bingo"]}]},
        {"combos": [{"id": "c", "members": ["brave"], "merge": "best"}]},
        {"web": {"search_provider": "nope"}},
        {"overrides": {"altavista": {}}},
    ],
)
def test_unknown_names_are_bad_requests(data: dict[str, object]) -> None:
    from webquorum.errors import BadRequestError

    with pytest.raises(BadRequestError) as info:
        parse_config(data)
    assert info.value.code == "WEB_BAD_REQUEST" and info.value.exit_code == 2
    assert isinstance(info.value, ConfigError)


def test_other_config_mistakes_stay_config_invalid() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config({"web": {"max_results": 0}})
    assert info.value.code == "WEB_CONFIG_INVALID"
