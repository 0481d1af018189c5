"""The README stays a page a newcomer reads, and every relative link in it and in docs/ leads somewhere.

The reference lives in docs/ (issue 26, move 5); a README that grows back past a screenful or two,
or a link left pointing at a section that moved, is caught here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REPO

README = REPO / "README.md"
PAGES = sorted((REPO / "docs").glob("*.md"))
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def relative_links(page: Path) -> list[str]:
    """Markdown link targets that are not web addresses or in-page anchors (code blocks left out)."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return [t for t in LINK.findall(text) if not re.match(r"[a-z][a-z0-9+.-]*:|#", t)]


def anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    headings = re.findall(r"^#{1,6} (.+)$", text, re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("page", [README, *PAGES], ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page: Path) -> None:
    for target in relative_links(page):
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve()
        assert linked.exists(), f"{page.name} links to {target}, which does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in anchors(linked), f"{page.name} links to {target}: no such heading"


def test_the_readme_stays_short_with_short_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 260, f"README.md is {len(lines)} lines; move reference material to docs/"
    long = [n for n, line in enumerate(lines, 1) if len(line) > 200]
    assert long == [], f"README.md lines over 200 characters: {long}"


def test_the_readme_gives_the_test_command_ci_runs() -> None:
    """`.ci/run` runs "the README's test command"; the README writes it exactly as CI runs it."""
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in ci.splitlines() if line.startswith("./run test")]
    assert commands == ["./run test -q"]
    readme_lines = [line.split("#", 1)[0].strip() for line in README.read_text(encoding="utf-8").splitlines()]
    assert commands[0] in readme_lines, "the README's test command is not the one .ci/run runs"


def test_every_docs_page_is_linked_from_the_readme() -> None:
    linked = {Path(t.partition("#")[0]).name for t in relative_links(README)}
    assert {p.name for p in PAGES} - linked == set(), "docs pages the README does not link to"
