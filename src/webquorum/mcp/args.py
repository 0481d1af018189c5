"""Argument checks for MCP tool calls: raw arguments through untouched, judged by the tool's own model.

Why not the SDK's own parsing: it nests a model parameter under its name and leaves the top-level
arguments object open, so unknown arguments would be silently ignored. Here the raw arguments are
validated with the same model the published schema comes from (``additionalProperties: false``),
so a misspelt argument is an error the model can read and fix.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase
from pydantic import BaseModel, ConfigDict, ValidationError

from webquorum.errors import BadRequestError
from webquorum.types.invalid import problems


class RawArguments(ArgModelBase):
    """Hands the call's arguments through untouched, so the tool's own model can judge them."""

    model_config = ConfigDict(extra="allow")

    def model_dump_one_level(self) -> dict[str, Any]:
        return {"arguments": dict(self.model_extra or {})}


def explain_invalid(exc: ValidationError, model: type[BaseModel]) -> BadRequestError:
    unknown = f"unknown argument; this tool takes {', '.join(model.model_fields)}"
    return BadRequestError("; ".join(problems(exc, unknown=unknown, limit=3)))


def container_fields(model: type[BaseModel]) -> frozenset[str]:
    """The arguments whose schema is a list or an object, computed once per tool."""
    props = model.model_json_schema().get("properties", {})
    return frozenset(k for k, v in props.items() if '"array"' in json.dumps(v) or '"object"' in json.dumps(v))


def pre_parse(arguments: dict[str, Any], containers: frozenset[str]) -> dict[str, Any]:
    """Some clients send a list or object argument as a JSON string; accept that form too."""
    out = dict(arguments)
    for key in containers & arguments.keys():
        value = arguments[key]
        if isinstance(value, str) and value.lstrip()[:1] in ("[", "{"):
            with contextlib.suppress(ValueError):
                out[key] = json.loads(value)
    return out
