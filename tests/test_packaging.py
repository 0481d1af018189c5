"""What a package index and a new user see: a license file, project links, classifiers, and one URL
everywhere."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from webquorum.net.http import USER_AGENT

REPO = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_license_file_matches_the_declared_license() -> None:
    assert PROJECT["license"] == "MIT"
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_metadata_has_links_classifiers_and_keywords() -> None:
    assert {"Homepage", "Repository", "Issues"} <= set(PROJECT["urls"])
    assert PROJECT["keywords"] and any(c.startswith("Topic ::") for c in PROJECT["classifiers"])
    assert "Programming Language :: Python :: 3.11" in PROJECT["classifiers"]  # requires-python's floor


def test_the_user_agent_names_the_repository_in_the_metadata() -> None:
    url = re.search(r"\+(https?://[^)\s]+)", USER_AGENT)
    assert url is not None and url.group(1) == PROJECT["urls"]["Repository"]


def test_the_brief_command_installs_the_package_alone() -> None:
    script = (REPO / "run").read_text(encoding="utf-8")
    assert "need=main spec=." in script and "spec='.[dev]'" in script  # dev tools only for ./run test
    assert "[dev,redis]" not in script
