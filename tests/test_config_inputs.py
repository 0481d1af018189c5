"""Every config input, file or dict, valid or not, ends in a Config or a ConfigError naming key, value and
fix.

The named cases come from a first run gone wrong (issue 16); the hypothesis properties generate
documents and dicts of the config's own shape (keys read off the models, values of every YAML
type) and require that nothing else ever escapes: no pydantic error, no decode error, no crash
later when a valid config builds its runtime.
"""

from __future__ import annotations

import asyncio
import math
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

import webquorum
from webquorum.config import Config, load_config
from webquorum.errors import ConfigError


def config_error(source: Any, **kwargs: Any) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        load_config(source, **kwargs)
    assert caught.value.code in ("WEB_CONFIG_INVALID", "WEB_BAD_REQUEST")
    assert caught.value.hint_text or ";" in caught.value.message  # a fix, in the hint or the message
    return caught.value


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"providers": []}, "providers: [] registers no search backend"),
        (
            {"network": {"allow_hosts": ["10.0.0.0/33"]}},
            "network.allow_hosts[0]: '10.0.0.0/33' is not a valid IP address or CIDR",
        ),
        (
            {"network": {"allow_hosts": ["http://intranet.local"]}},
            "'http://intranet.local' is a URL; list the bare host name",
        ),
        ({"network": {"allow_hosts": ["ok.local", ""]}}, "network.allow_hosts[1]: '' must be a host name"),
        ({"network": {"retries": True}}, "network.retries: true is not allowed: must be a whole number"),
        ({"cache": {"enabled": 1}}, "cache.enabled: 1 is not allowed: must be true or false"),
        ({"network": {"timeout_s": float("nan")}}, "network.timeout_s: nan is not allowed"),
        (
            {"overrides": {"brave": {"api_key_env": ""}}},
            "overrides.brave.api_key_env: the value is not allowed: must be an environment variable name",
        ),
        ({"network": {"user_agent": "a\nX-Evil: 1"}}, "network.user_agent"),
        (
            {"mcp": {"allowed_origins": ["app.example.org"]}},
            "mcp.allowed_origins[0]: 'app.example.org' must be an origin",
        ),
        ({"cache": {"path": ""}}, "cache.path: '' is not allowed"),
        ({"web": "fast"}, "web: 'fast' is not allowed: must be a mapping"),
    ],
)
def test_each_mistake_names_key_value_and_fix(data: dict[str, Any], expected: str) -> None:
    error = config_error(data)
    assert error.code == "WEB_CONFIG_INVALID"
    assert expected in error.message, error.message
    assert error.message.startswith("config: ")  # the API's argument, not a CLI flag


def test_a_file_that_is_not_a_config_says_what_it_is(tmp_path: Path) -> None:
    latin = tmp_path / "latin1.yaml"
    latin.write_bytes("web:\n  search_provider: caf\xe9\n".encode("latin-1"))
    assert "not UTF-8 text (byte 0xe9 at offset 27); save the file as UTF-8" in config_error(latin).message
    assert "is a directory, not a config file" in config_error(tmp_path).message
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * 1_000_001)
    assert "larger than 1,000,000 bytes" in config_error(big).message
    loop = tmp_path / "alias.yaml"
    loop.write_text("providers: &a [*a]\n", encoding="utf-8")
    config_error(loop)


def test_messages_speak_of_the_callers_argument(tmp_path: Path) -> None:
    assert (
        config_error("nope.yaml").message
        == "config: 'nope.yaml' does not exist; pass the path of a YAML file"
    )
    assert config_error("nope.yaml", argument="--config").message.startswith("--config: 'nope.yaml'")
    assert "expected a file path, a dict or a Config, not int" in config_error(3).message
    with pytest.raises(ConfigError, match="config: providers: \\[\\]"):
        webquorum.Client({"providers": []})


def test_a_cache_path_that_cannot_exist_is_the_keys_error() -> None:
    async def read() -> None:
        async with webquorum.Client({"cache": {"path": "/proc/nope/x.db"}, "network": {"retries": 0}}) as wq:
            await wq.fetch("http://127.0.0.1:9/page")

    with pytest.raises(ConfigError) as caught:
        asyncio.run(read())
    assert caught.value.message.startswith("cache.path: '/proc/nope/x.db' cannot be opened")
    assert "write to" in caught.value.hint_text


# -- properties -------------------------------------------------------------------------------
def _shape(model: type[BaseModel]) -> dict[str, Any]:
    """The config's key tree read off the models: nested models become dicts of their own keys."""
    tree: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        inner = [
            a
            for a in (field.annotation, *get_args(field.annotation))
            if isinstance(a, type) and issubclass(a, BaseModel)
        ]
        tree[name] = _shape(inner[0]) if inner else None
    return tree


SHAPE = _shape(Config)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.sampled_from(
        [
            "",
            "auto",
            "brave",
            "wikipedia",
            "http",
            "memory://",
            "sqlite://",
            "redis://",
            "10.0.0.0/8",
            "10.0.0.0/33",
            "http://x",
            "https://searx.example.org",
            "20/minute",
            "consensus",
            "*",
            "::1",
        ]
    ),
)


def _value(shape: Any) -> st.SearchStrategy[Any]:
    anything = st.recursive(
        SCALARS,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
        max_leaves=6,
    )
    if isinstance(shape, dict):
        return st.one_of(_config_dict(shape), anything)
    return anything


def _config_dict(shape: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    keys = st.sampled_from(sorted(shape)) | st.text(max_size=6)
    return st.dictionaries(keys, st.just(None), max_size=4).flatmap(
        lambda picked: st.fixed_dictionaries({k: _value(shape.get(k)) for k in picked})
    )


def _settle(source: Any) -> Config | None:
    """Exactly one of two endings: a Config, or a ConfigError whose message starts with the source."""
    try:
        return load_config(source)
    except ConfigError as exc:
        assert exc.code in ("WEB_CONFIG_INVALID", "WEB_BAD_REQUEST")
        assert exc.message.split(":")[0] and exc.message.strip()
        return None


def _runs(config: Config) -> None:
    """A config that validated must build its runtime and name its default combo without a crash."""
    combo = config.combo("auto")
    assert combo is not None and combo.members
    for provider in config.registered:
        config.credential(provider, None)
    assert all(not math.isnan(v) for v in (config.network.timeout_s, config.cache.ttl_s))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_config_dict(SHAPE))
def test_any_dict_of_the_configs_shape_settles(data: dict[str, Any]) -> None:
    config = _settle(data)
    if config is not None:
        _runs(config)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.one_of(
        _config_dict(SHAPE).map(lambda d: yaml.safe_dump(d, allow_unicode=True).encode()),
        st.text(max_size=200).map(str.encode),
        st.binary(max_size=200),
    )
)
def test_any_yaml_document_settles(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(raw)
    config = _settle(path)
    if config is not None:
        _runs(config)


def test_a_valid_config_builds_a_runtime() -> None:
    async def build() -> None:
        async with webquorum.Client({"providers": ["wikipedia"], "cache": {"enabled": False}}) as wq:
            assert wq.config.combo("auto") is not None

    asyncio.run(build())
