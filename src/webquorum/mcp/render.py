"""Tool results as a client sees them: structured content under the tool's bound plus a text rendering.

Every outcome is a tool result, never a protocol failure: success carries structured content
(under the declared output schema) plus text for clients that read only text; failure carries
``is_error`` and text only, a ``CODE: message`` line and a one-line hint (see :func:`error_result`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel

from webquorum.errors import WebQuorumError
from webquorum.mcp.bounds import bound
from webquorum.mcp.tools import ToolSpec

# Hints in the server's terms, for codes whose error class speaks of the command line; an
# error raised with a hint of its own (an instance hint, not the class's) keeps that one.
SERVER_HINTS = {
    "WEB_BAD_REQUEST": "fix the argument named above and call again; the tool's input schema lists every argument",
    "WEB_ABORTED": "the call ran past mcp.call_deadline_s; ask for less (fewer sources, a smaller budget) or retry",
    "WEB_CONFIG_INVALID": "fix the server's config file and restart it",
    "WEB_FETCH_BLOCKED": "the site refused an automated reader; try another URL from the search results",
    "WEB_FETCH_EMPTY": "the page has no readable text (it may need JavaScript); try another URL from the search results",
}


def hint_for(exc: WebQuorumError) -> str:
    own = exc.hint_text if exc.hint_text != type(exc).hint else ""
    return " ".join((own or SERVER_HINTS.get(exc.code) or exc.hint_text or SERVER_HINTS["WEB_BAD_REQUEST"]).split())


ERROR_META = "webquorum/error"  # where an error result carries its fields for programs


def error_result(exc: WebQuorumError) -> CallToolResult:
    """An error as text only: ``CODE: message`` and ``hint: ...``, with no structured content.

    TypeScript clients (the SDK inside Claude Desktop, Cursor, VS Code, the Inspector) check
    structured content against the tool's output schema even on an error result, and raise
    instead of showing it; a result with no structured content is never checked, so every
    client shows the agent the error and its hint. Programs that want the fields (``code``,
    ``retry_after``, ``provider``...) find them under ``_meta["webquorum/error"]``, which no client
    validates.
    """
    hint = hint_for(exc)
    text = f"{exc.code}: {' '.join(exc.message.split())}\nhint: {hint}"
    fields = {**WebQuorumError.to_dict(exc), "hint": hint}
    meta: dict[str, Any] = {"_meta": {ERROR_META: fields}}  # the field's wire name (its alias)
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True, **meta)


def _lines_fetch(d: dict[str, Any]) -> str:
    end = d["offset"] + len(d["text"])
    head = f"{d['title'] or d['final_url']}\n{d['final_url']}\n[{d['source_type']}; characters {d['offset']}-{end} of {d['total_chars']}; {d['content_hash']}]"
    more = f"\n\n[more: call web_fetch with offset={end} and expected_content_hash={d['content_hash']}]" if d["truncated"] else ""
    return f"{head}\n\n{d['text']}{more}"


def _lines_links(d: dict[str, Any]) -> str:
    lines = [f"Links on {d['final_url']}: {len(d['links'])} of {d['total']}"]
    lines += [f"- {link['text'] or '(no text)'}: {link['url']}{'' if link['same_site'] else ' (other site)'}" for link in d["links"]]
    if d["truncated"]:
        lines.append("[more links exist: raise limit (300 at most) or set same_site_only]")
    return "\n".join(lines)


def _lines_results(d: dict[str, Any]) -> str:
    lines = [f'{len(d["results"])} results for "{d["query"]}" via {d["provider"]}']
    for i, r in enumerate(d["results"], 1):
        lines += [f"{i}. {r['title'] or r['site']}", f"   {r['url']}", f"   {r['snippet']}"]
    lines += [f"provider {f['provider']} failed: {f['code']} {f['message']}" for f in d["failures"]]
    return "\n".join(lines)


def as_json(d: dict[str, Any]) -> str:
    return json.dumps(d, ensure_ascii=False)


TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "web_search": lambda d: str(d["brief"]),  # exactly the brief
    "web_fetch": _lines_fetch,
    "web_links": _lines_links,
    "web_search_results": _lines_results,
}


def render(spec: ToolSpec, value: Any) -> CallToolResult:
    """Structured content under the tool's bound, plus its text rendering under the same bound."""
    data: dict[str, Any] = value.model_dump(mode="json") if isinstance(value, BaseModel) else dict(value)
    bound(data, spec.max_chars)  # adds ``cut``; the JSON text below carries it as a field already
    text = TEXT.get(spec.name, as_json)(data)
    if spec.name in TEXT and spec.name != "web_search" and data["cut"]:  # the brief is never clipped
        text += "\n[cut to fit: " + "; ".join(data["cut"]) + "]"
    if len(text) > spec.max_chars:
        text = text[: spec.max_chars - 60] + f"\n[text cut at {spec.max_chars - 60} characters]"
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)
