"""The README's error table and errors.py name the same codes: none undocumented, none invented."""

from __future__ import annotations

import inspect
import re

from tests.conftest import REPO
from webquorum import errors


def error_codes() -> set[str]:
    """Every stable code a class in the error tree carries (the refusal codes of verify/discover are
    per-request values documented in their own section, not class codes)."""
    return {
        cls.code
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, errors.WebQuorumError) and isinstance(cls.__dict__.get("code", cls.code), str)
    }


def table_codes() -> set[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    first_cells = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    return {code for cell in first_cells for code in re.findall(r"`(WEB_[A-Z_]+)`", cell)}


def test_every_code_in_errors_py_is_in_the_readme_table_and_back() -> None:
    codes, table = error_codes(), table_codes()
    assert {"WEB_FETCH_ERROR", "WEB_PROVIDER_UNREACHABLE", "WEB_PROVIDER_ERROR"} <= codes
    assert codes - table == set(), "codes missing from the README's error table"
    assert table - codes == set(), "the README's error table names codes errors.py does not have"
