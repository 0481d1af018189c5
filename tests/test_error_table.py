"""docs/errors.md's table and errors.py name the same codes, exit codes, HTTP statuses and hints."""

from __future__ import annotations

import inspect
import re

from tests.conftest import REPO
from webquorum import errors

ERRORS_PAGE = REPO / "docs" / "errors.md"


def error_classes() -> dict[str, list[type[errors.WebQuorumError]]]:
    """Every stable code a class in the error tree carries, with the classes that carry it (the refusal
    codes of verify/discover are per-request values documented below the table, not class codes)."""
    by_code: dict[str, list[type[errors.WebQuorumError]]] = {}
    for _, cls in inspect.getmembers(errors, inspect.isclass):
        if issubclass(cls, errors.WebQuorumError) and isinstance(cls.__dict__.get("code", cls.code), str):
            by_code.setdefault(cls.code, []).append(cls)
    return by_code


def table_rows() -> dict[str, list[str]]:
    """The table's rows by code: [exit, HTTP, meaning, fix, explained in]."""
    page = ERRORS_PAGE.read_text(encoding="utf-8")
    section = page.split("\n## The table\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in section.splitlines():
        if line.startswith("| `"):
            cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
            code = re.fullmatch(r"`(WEB_[A-Z_]+)`", cells[0])
            assert code, f"a row of docs/errors.md does not start with one code: {line[:80]}"
            assert code.group(1) not in rows, f"{code.group(1)} has two rows in docs/errors.md"
            rows[code.group(1)] = cells[1:]
    return rows


def test_every_code_in_errors_py_is_in_the_table_and_back() -> None:
    codes, table = set(error_classes()), set(table_rows())
    assert {"WEB_FETCH_ERROR", "WEB_PROVIDER_UNREACHABLE", "WEB_PROVIDER_ERROR"} <= codes
    assert codes - table == set(), "codes missing from docs/errors.md's table"
    assert table - codes == set(), "docs/errors.md's table names codes errors.py does not have"


def test_each_row_gives_the_exit_code_http_status_and_hint_of_its_classes() -> None:
    rows = table_rows()
    for code, classes in error_classes().items():
        exit_code, http_status, _meaning, fix, _page = rows[code]
        assert {str(cls.exit_code) for cls in classes} == {exit_code}, f"{code}: exit code"
        assert {str(cls.http_status) for cls in classes} == {http_status}, f"{code}: HTTP status"
        # The first class named by the code is the one raised by default (a subclass sharing the
        # code, such as ChallengeError, may speak more precisely).
        base = min(classes, key=lambda cls: len(cls.__mro__))
        assert fix == base.hint, f"{code}: the fix column is not {base.__name__}.hint"
