"""The package's layers hold: no module imports a layer above its own, and every module is in a layer.

The contract is ``[tool.importlinter]`` in pyproject.toml; this test runs it, so a wrong-way import
fails the suite, not only a separate CI step.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "src" / "webquorum"


def test_imports_point_one_way(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("importlinter")
    from importlinter.cli import lint_imports

    code = lint_imports(config_filename=str(REPO / "pyproject.toml"), no_cache=True, no_logo=True)
    assert code == 0, capsys.readouterr().out


def test_no_provider_is_special_cased_by_name_outside_its_own_module() -> None:
    from webquorum.providers import PROVIDER_IDS

    own = {PACKAGE / "providers", PACKAGE / "readers" / "services"}
    for path in PACKAGE.rglob("*.py"):
        if any(folder in path.parents for folder in own):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value in PROVIDER_IDS:
                raise AssertionError(f"{path.relative_to(REPO)}:{node.lineno} names provider {node.value!r}")
