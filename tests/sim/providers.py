"""Play search providers on the simulated web: each provider gets its own host name, served
at its documented path, so one loopback server can stand in for all of them at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.sim.web import Handler, Reply, SimWeb
from webquorum.config import PROVIDER_IDS
from webquorum.providers import provider_module

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "providers"


def host_of(provider_id: str) -> str:
    return f"{provider_id}.test"


def endpoint_path(provider_id: str) -> str:
    return urlsplit(provider_module(provider_id).SPEC.endpoint).path or "/"


def ok_fixture(provider_id: str) -> Path:
    for ext in ("json", "html"):
        path = FIXTURES / f"{provider_id}-ok.{ext}"
        if path.exists():
            return path
    raise FileNotFoundError(f"no tests/fixtures/providers/{provider_id}-ok.json|html")


def ok_reply(provider_id: str) -> Reply:
    path = ok_fixture(provider_id)
    kind = "application/json" if path.suffix == ".json" else "text/html; charset=utf-8"
    return Reply(body=path.read_bytes(), content_type=kind)


def serve(sim: SimWeb, provider_id: str, reply: Handler | None = None) -> None:
    sim.route(endpoint_path(provider_id), reply or ok_reply(provider_id), host=host_of(provider_id))


def provider_config(sim: SimWeb, providers: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    """A config whose providers all point at ``sim``, each with a literal test key."""
    ids = providers or list(PROVIDER_IDS)
    overrides: dict[str, Any] = {}
    for pid in ids:
        entry: dict[str, Any] = {
            "base_url": f"http://{host_of(pid)}:{sim.port}",
            "api_key": f"key-{pid}-0123456789",
        }
        entry.update(extra.pop(f"override_{pid}", {}))
        overrides[pid] = entry
    config: dict[str, Any] = {
        "providers": ids,
        "overrides": overrides,
        "network": {
            "resolve": {host_of(pid): "127.0.0.1" for pid in ids},
            "retry_waits": False,
            "retries": 0,
        },
        "cache": {"enabled": False},
    }
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(config.get(key), dict):
            config[key] = {**config[key], **value}
        else:
            config[key] = value
    return config
