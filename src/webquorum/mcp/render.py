"""Tool results as a client sees them: structured content under the tool's bound plus a text rendering.

Every outcome is a tool result, never a protocol failure: success carries structured content
(under the declared output schema) plus text for clients that read only text; failure carries
``is_error`` and text only, a ``CODE: message`` line and a one-line hint (see :func:`error_result`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel

from webquorum import as_text as text
from webquorum.errors import WebQuorumError
from webquorum.hosting.bounds import bound
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
    return " ".join(
        (own or SERVER_HINTS.get(exc.code) or exc.hint_text or SERVER_HINTS["WEB_BAD_REQUEST"]).split()
    )


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


TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "web_search": lambda d: text.brief_text(d, fence=True),  # the brief, its page text fenced
    "web_fetch": lambda d: text.fetch_text(d, fence=True),
    "web_links": text.links_text,
    "web_search_results": text.results_text,
    "research_collect": lambda d: text.collect_text(d, fence=True),
    "search_web_evidence": lambda d: text.verify_text(d, fence=True),
    "discover_web_market_signals": lambda d: text.discover_text(d, fence=True),
    "check_answer": lambda d: text.printable(d["report"]),  # the lines to fix, then the summary
}


def render(spec: ToolSpec, value: Any) -> CallToolResult:
    """Structured content under the tool's bound, plus its readable rendering (never the JSON again)."""
    data: dict[str, Any] = value.model_dump(mode="json") if isinstance(value, BaseModel) else dict(value)
    bound(data, spec.max_chars)  # adds ``cut``; the JSON text below carries it as a field already
    shown = TEXT[spec.name](data)
    if spec.name != "web_search" and data["cut"]:  # the brief is never clipped
        shown += "\n[cut to fit: " + "; ".join(data["cut"]) + "]"
    if len(shown) > spec.max_chars:
        shown = shown[: spec.max_chars - 60] + f"\n[text cut at {spec.max_chars - 60} characters]"
    return CallToolResult(content=[TextContent(type="text", text=shown)], structured_content=data)
