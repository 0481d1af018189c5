"""The MCP server: a thin shell that parses a tool call, calls :class:`webquorum.Client`, renders.

``webquorum mcp`` serves stdio (desktop clients); ``webquorum mcp --http`` serves streamable
HTTP on ``/mcp``, bound to loopback unless told otherwise. Built on the official ``mcp`` SDK.

Why the tools are registered by hand rather than with ``@server.tool()``: the SDK nests a
model parameter under its name and leaves the top-level arguments object open, so unknown
arguments would be silently ignored. Here each tool publishes its argument model's own schema
(``additionalProperties: false``) and the raw arguments are validated with that same model,
so a misspelt argument is an error the model can read and fix.

Every outcome is a tool result, never a protocol failure: success carries structured content
(under the declared output schema) plus text for clients that read only text; failure carries
``is_error``, a ``CODE: message`` line and a one-line hint. One client serves the process, so
breakers, rate limits and the cache are shared by every session.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, ValidationError
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from webquorum.api import Client, ConfigLike
from webquorum.config import mcp_token
from webquorum.errors import (
    AbortedError,
    BadRequestError,
    BriefRefusedError,
    ConfigError,
    ServerBusyError,
    WebQuorumError,
)
from webquorum.mcp.tools import ToolSpec, bound, tool_specs

log = logging.getLogger("webquorum.mcp")
TOKEN_ENV = "WEBQUORUM_MCP_TOKEN"
LOOPBACK_ORIGINS = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]
LOOPBACK_HOSTS = ["127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost", "[::1]"]
INSTRUCTIONS = (
    "Web research tools. Start with web_search for a question (one compared brief); web_fetch reads a page "
    "you already have; web_links lists a page's links; research_collect gathers quotable passages. "
    "Cite the URLs you use; say where sources disagree."
)
HINTS = {  # one line for codes whose error carries no hint of its own
    "WEB_BAD_REQUEST": "fix the argument named above and call again; the tool's input schema lists every argument",
    "WEB_ABORTED": "the call ran past mcp.call_deadline_s; ask for less (fewer sources, a smaller budget) or retry",
    "WEB_FETCH": "try another URL from the search results",
    "WEB_PROVIDER": "retry later, or name another provider or combo",
    "WEB_CONFIG": "fix the server's config file and restart it",
}


class _RawArguments(ArgModelBase):
    """Hands the call's arguments through untouched, so the tool's own model can judge them."""

    model_config = ConfigDict(extra="allow")

    def model_dump_one_level(self) -> dict[str, Any]:
        return {"arguments": dict(self.model_extra or {})}


# -- rendering ---------------------------------------------------------------------------------
def error_result(exc: WebQuorumError) -> CallToolResult:
    if isinstance(exc, BriefRefusedError):
        data: dict[str, Any] = exc.to_dict()
        hint = "; ".join(
            part for part in (
                f"add: {', '.join(exc.missing)}" if exc.missing else "",
                f"suggested correction: {json.dumps(exc.suggested_correction, ensure_ascii=False)}" if exc.suggested_correction else "",
            ) if part
        ) or HINTS["WEB_BAD_REQUEST"]
    else:
        data = exc.to_dict()
        hint = exc.hint_text or next((h for prefix, h in HINTS.items() if exc.code.startswith(prefix)), "")
    data["hint"] = " ".join(hint.split())
    text = f"{exc.code}: {' '.join(exc.message.split())}\nhint: {data['hint']}"
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data, is_error=True)


def _invalid(exc: ValidationError, model: type[BaseModel]) -> BadRequestError:
    parts = []
    errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")  # misspellings first
    for err in errors[:3]:
        where = ".".join(str(p) for p in err["loc"]) or "arguments"
        if err["type"] == "extra_forbidden":
            parts.append(f"{where}: unknown argument; this tool takes {', '.join(model.model_fields)}")
        else:
            parts.append(f"{where}: {str(err['msg']).removeprefix('Value error, ')}")
    return BadRequestError("; ".join(parts))


def container_fields(model: type[BaseModel]) -> frozenset[str]:
    """The arguments whose schema is a list or an object, computed once per tool."""
    props = model.model_json_schema().get("properties", {})
    return frozenset(k for k, v in props.items() if '"array"' in json.dumps(v) or '"object"' in json.dumps(v))


def _pre_parse(arguments: dict[str, Any], containers: frozenset[str]) -> dict[str, Any]:
    """Some clients send a list or object argument as a JSON string; accept that form too."""
    out = dict(arguments)
    for key in containers & arguments.keys():
        value = arguments[key]
        if isinstance(value, str) and value.lstrip()[:1] in ("[", "{"):
            with contextlib.suppress(ValueError):
                out[key] = json.loads(value)
    return out


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


ERROR_KEYS = {"error", "hint", "why", "missing", "suggested_correction"}


def returned_error(data: dict[str, Any]) -> WebQuorumError | None:
    """collect answers a bad request with ``{error, hint}``; verify/discover may refuse with ``{error, why, ...}``."""
    if "error" not in data or set(data) - ERROR_KEYS:
        return None
    if "why" in data:
        return BriefRefusedError(
            str(data["error"]), str(data["why"]), missing=list(data.get("missing") or []),
            suggested_correction=dict(data.get("suggested_correction") or {}),
        )
    return BadRequestError(str(data["error"]), hint=str(data.get("hint") or "") or None)


def render(spec: ToolSpec, value: Any) -> CallToolResult:
    """Structured content under the tool's bound, plus its text rendering under the same bound."""
    data: dict[str, Any] = value.model_dump(mode="json") if isinstance(value, BaseModel) else dict(value)
    failure = returned_error(data)
    if failure is not None:
        return error_result(failure)
    bound(data, spec.max_chars)  # adds ``cut``; the JSON text below carries it as a field already
    text = TEXT.get(spec.name, as_json)(data)
    if spec.name in TEXT and spec.name != "web_search" and data["cut"]:  # the brief is never clipped
        text += "\n[cut to fit: " + "; ".join(data["cut"]) + "]"
    if len(text) > spec.max_chars:
        text = text[: spec.max_chars - 60] + f"\n[text cut at {spec.max_chars - 60} characters]"
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


# -- the server --------------------------------------------------------------------------------
Call = Callable[[Client, Any], Awaitable[Any]]
# These pipelines own a strict contract: they validate the raw arguments with the same model the
# schema comes from and answer a bad brief with their own refusal code and a suggested correction.
OWN_CONTRACT = {"research_collect", "search_web_evidence", "discover_web_market_signals"}
CALLS: dict[str, Call] = {
    "web_search": lambda wq, a: wq.brief(a.query, provider=a.provider, sources=a.sources),
    "web_fetch": lambda wq, a: wq.fetch(a.url, offset=a.offset, budget=a.budget, expected_content_hash=a.expected_content_hash),
    "web_links": lambda wq, a: wq.links(a.url, limit=a.limit, same_site_only=a.same_site_only),
    "research_collect": lambda wq, a: wq.collect(**a),
    "search_web_evidence": lambda wq, a: wq.verify(**a),
    "discover_web_market_signals": lambda wq, a: wq.discover(**a),
    "web_search_results": lambda wq, a: wq.search(
        a.query, provider=a.provider, max_results=a.max_results, language=a.language, time_range=a.time_range
    ),
}


class Gate:
    """At most ``limit`` tool calls at once (past it: a busy error, not a queue) and one deadline each."""

    def __init__(self, limit: int, deadline_s: float) -> None:
        self.limit = limit
        self.deadline_s = deadline_s
        self.active = 0  # one event loop serves every call, so a plain counter is exact

    async def run(self, work: Awaitable[Any]) -> Any:
        if self.active >= self.limit:
            if asyncio.iscoroutine(work):
                work.close()
            raise ServerBusyError(f"{self.active} tool calls are already running (mcp.max_concurrent is {self.limit})")
        self.active += 1
        try:
            async with asyncio.timeout(self.deadline_s):
                return await work
        except TimeoutError:
            raise AbortedError(f"the call did not finish within mcp.call_deadline_s ({self.deadline_s:g}s)") from None
        finally:
            self.active -= 1


def make_tool(spec: ToolSpec, wq: Client, gate: Gate) -> Tool:
    containers = container_fields(spec.args)

    async def call(arguments: dict[str, Any]) -> CallToolResult:
        try:
            raw = _pre_parse(arguments, containers)
            try:
                args = raw if spec.name in OWN_CONTRACT else spec.args.model_validate(raw)
            except ValidationError as exc:
                raise _invalid(exc, spec.args) from None
            return render(spec, await gate.run(CALLS[spec.name](wq, args)))
        except WebQuorumError as exc:
            return error_result(exc)
        except Exception:  # a bug: the traceback stays in the server's log, the caller gets a stable code
            log.exception("tool %s failed unexpectedly", spec.name)
            return error_result(WebQuorumError("internal error in the server; see its log", hint="retry once; report it if it repeats"))

    return Tool(
        fn=call,
        name=spec.name,
        title=spec.title,
        description=spec.description,
        parameters=spec.args.model_json_schema(),
        fn_metadata=FuncMetadata(arg_model=_RawArguments, output_model=spec.output),
        is_async=True,
        context_kwarg=None,
        annotations=ToolAnnotations(title=spec.title, read_only_hint=True, open_world_hint=True),
    )


def build_server(wq: Client) -> MCPServer[Any]:
    """The MCP server over one shared client; ``mcp.Client(build_server(wq))`` talks to it in-process."""
    settings = wq.config.mcp
    gate = Gate(settings.max_concurrent, settings.call_deadline_s)
    specs = tool_specs(enable_discovery=settings.enable_discovery)
    from webquorum import __version__

    return MCPServer(
        "webquorum", instructions=INSTRUCTIONS, version=__version__, log_level="WARNING",
        tools=[make_tool(spec, wq, gate) for spec in specs],
    )


# -- HTTP safety -------------------------------------------------------------------------------
def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class BearerGuard:
    """Refuse requests without the bearer token (constant-time compare) or from a foreign Origin."""

    def __init__(self, app: ASGIApp, token: str | None, origins: list[str]) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode() if token else None
        self.origins = origins

    def _origin_ok(self, origin: str | None) -> bool:
        return not origin or any(
            origin == allowed or (allowed.endswith(":*") and origin.startswith(allowed[:-1])) for allowed in self.origins
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = Headers(scope=scope)
            if not self._origin_ok(headers.get("origin")):
                await JSONResponse({"error": "origin not allowed"}, status_code=403)(scope, receive, send)
                return
            given = headers.get("authorization", "").encode()
            if self.expected is not None and not hmac.compare_digest(given, self.expected):
                challenge = {"WWW-Authenticate": 'Bearer realm="webquorum"'}
                await JSONResponse({"error": "missing or wrong bearer token"}, status_code=401, headers=challenge)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def http_app(server: MCPServer[Any], wq: Client, host: str) -> ASGIApp:
    """The streamable HTTP app on ``/mcp``, wrapped in the token and Origin checks."""
    settings = wq.config.mcp
    token = mcp_token(settings)
    if not is_loopback(host) and not token:
        raise ConfigError(
            f"mcp --host {host} is reachable from other machines and needs an auth token: "
            f"set mcp.auth_token or export {TOKEN_ENV} (or bind to 127.0.0.1)"
        )
    origins = [*LOOPBACK_ORIGINS, *settings.allowed_origins]
    wildcard = host in ("0.0.0.0", "::", "")
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=not wildcard,  # a wildcard bind has no one Host to check; Origin still is
        allowed_hosts=[*LOOPBACK_HOSTS, host, f"{host}:*"],
        allowed_origins=origins,
    )
    app = server.streamable_http_app(host=host, transport_security=security)
    return BearerGuard(app, token, origins)


def serve(*, config: ConfigLike = None, http: bool = False, host: str = "127.0.0.1", port: int = 8765) -> None:
    """Run until interrupted: stdio by default, streamable HTTP on ``http://host:port/mcp`` with ``http``."""
    wq = Client(config)
    server = build_server(wq)
    app = http_app(server, wq, host) if http else None  # refuse a bad bind before anything starts

    async def main() -> None:
        try:
            if app is None:
                await server.run_stdio_async()
            else:
                import uvicorn

                print(f"webquorum MCP server on http://{host}:{port}/mcp", file=sys.stderr, flush=True)
                await uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).serve()
        finally:
            await wq.aclose()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
