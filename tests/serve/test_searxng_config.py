"""SearXNG's ``GET /config`` on the serve door (issue 25): clients read it for instance info and fail on a
404."""

from __future__ import annotations

import httpx2
from tests.serve.conftest import Served


def test_config_lists_engines_and_categories_as_searxng_does(served: Served) -> None:
    answer = httpx2.get(f"{served.base}/config", timeout=10)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/json")
    data = answer.json()
    assert data["categories"] == ["general"] and data["instance_name"] == "webquorum" and data["version"]
    engines = {e["name"]: e for e in data["engines"]}
    assert engines, data
    for engine in engines.values():
        assert set(engine) >= {
            "name",
            "shortcut",
            "categories",
            "enabled",
            "paging",
            "language_support",
            "time_range_support",
        }
        assert engine["categories"] == ["general"]
    assert "auto" in engines  # combos are engines a client may name in engines=
    assert not {"http", "jina"} & set(engines)  # page readers do not search
    ready = [name for name, e in engines.items() if e["enabled"]]
    assert ready, "the configured providers answer"
    named = httpx2.get(
        f"{served.base}/search", params={"q": "kestrel", "format": "json", "engines": ready[0]}, timeout=30
    )
    assert named.status_code == 200  # an engine /config lists as enabled is one /search takes
