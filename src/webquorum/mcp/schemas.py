"""Published JSON schemas cut to what a client validates with and a model reads (pure).

Why: ``tools/list`` is read by the model on every turn, and a small local model has a 4-8k
context. Pydantic's generated schemas repeat a ``title`` on every property, spell an optional
field as ``anyOf [T, null]`` with ``default: null``, and carry output-side descriptions no model
acts on; together that was two thirds of the list. What a client needs to check a result (types,
``required``, enums, bounds, ``additionalProperties``) is kept, and shared definitions stay
under ``$defs`` and are referenced, never inlined.
"""

from __future__ import annotations

from typing import Any

# Keywords whose value is a map of names to schemas (so a property called "title" survives).
_SCHEMA_MAPS = ("properties", "$defs", "patternProperties")
_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMA_ONE = ("items", "additionalProperties", "not")


def input_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """An argument model's schema as published: property descriptions and real defaults kept, for the model.

    The model's own docstring (the top-level description) is for programmers and goes.
    """
    return {k: v for k, v in compact(schema, keep_descriptions=True).items() if k != "description"}


def output_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A result model's schema as published: types, required fields, enums; nothing a validator ignores."""
    return compact(schema, keep_descriptions=False)


def compact(schema: dict[str, Any], *, keep_descriptions: bool) -> dict[str, Any]:
    """A copy of ``schema`` without titles (and, for outputs, descriptions and defaults), optionals folded.

    ``keep_descriptions`` is on for input schemas: a model reads those to fill the arguments.
    Output schemas keep only what validation uses: ``additionalProperties: false`` goes too, since
    a result that gains a field in a later version should still validate in an older client.
    """
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" or (key in ("description", "default") and not keep_descriptions):
            continue
        if key == "default" and value in (None, []):
            continue  # an optional field's empty default says nothing a client acts on
        if key == "additionalProperties" and value is False and not keep_descriptions:
            continue
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {
                name: compact(sub, keep_descriptions=keep_descriptions) for name, sub in value.items()
            }
        elif key in _SCHEMA_LISTS and isinstance(value, list):
            out[key] = [compact(sub, keep_descriptions=keep_descriptions) for sub in value]
        elif key in _SCHEMA_ONE and isinstance(value, dict):
            out[key] = compact(value, keep_descriptions=keep_descriptions)
        else:
            out[key] = value
    return _fold_nullable(out)


def _fold_nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``anyOf: [{type: T, ...}, {type: null}]`` as ``{type: [T, null], ...}``: the same check, a third the
    size."""
    options = schema.get("anyOf")
    if not isinstance(options, list) or len(options) != 2 or {"type": "null"} not in options:
        return schema
    [other] = [o for o in options if o != {"type": "null"}]
    if not isinstance(other.get("type"), str) or "$ref" in other:
        return schema
    folded = {k: v for k, v in schema.items() if k != "anyOf"}
    folded.update(other)
    folded["type"] = [other["type"], "null"]
    if "enum" in other:  # an enum lists its values, so null must be one of them
        folded["enum"] = [*other["enum"], None]
    return folded
