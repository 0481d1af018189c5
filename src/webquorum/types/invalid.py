"""One reading of a validation error: where the problem is, what is wrong, and the value shown safely.

The config loader, the request contracts of verify, discover, collect and check, the MCP tools and the
HTTP routes all turn pydantic's errors into the one line a person or an agent reads; each adds its own
fix, but the field path, the reason and the way a value is quoted are read here, once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

SHOWN_CHARS = 80  # a value quoted back in an error is cut here: an error line is no place for a payload


def field_path(error: Mapping[str, Any], whole: str = "arguments") -> str:
    """``web.providers[0].id``: the error's location, list positions in brackets; ``whole`` when it has
    none."""
    path = "".join(
        f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.get("loc", ()) if p != "__root__"
    )
    return path.lstrip(".") or whole


def reason(error: Mapping[str, Any]) -> str:
    """What is wrong, without pydantic's "Value error, " prefix on the project's own validators' messages."""
    return str(error.get("msg", "invalid")).removeprefix("Value error, ")


def is_unknown_field(error: Mapping[str, Any]) -> bool:
    return error.get("type") == "extra_forbidden"


def shown_value(value: Any, limit: int = SHOWN_CHARS) -> str:
    """A value as the caller would write it (``true``, ``null``, ``'abc'``, "a list of 12"), cut at
    ``limit``."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list) and len(value) > 3:
        return f"a list of {len(value)}"
    text = (
        "true" if value is True else "false" if value is False else "null" if value is None else repr(value)
    )
    return text if len(text) <= limit else text[: limit - 3] + "..."


def problems(
    exc: ValidationError, *, whole: str = "arguments", unknown: str | None = None, limit: int = 5
) -> list[str]:
    """``field: reason`` per problem, at most ``limit``; with ``unknown`` (what to say of a misspelt field),
    misspellings come first, as they explain the rest."""
    errors: Sequence[Mapping[str, Any]] = exc.errors()
    if unknown is not None:
        errors = sorted(errors, key=lambda e: not is_unknown_field(e))
    return [
        f"{field_path(e, whole)}: {unknown if unknown is not None and is_unknown_field(e) else reason(e)}"
        for e in errors[:limit]
    ]
