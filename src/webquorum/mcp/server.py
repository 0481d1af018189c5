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
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import ValidationError
from starlette.types import ASGIApp

from webquorum.api import Client, ConfigLike
from webquorum.config import mcp_token
from webquorum.errors import ConfigError, WebQuorumError
from webquorum.mcp.args import RawArguments, container_fields, explain_invalid, pre_parse
from webquorum.mcp.auth import LOOPBACK_HOSTS, LOOPBACK_ORIGINS, TOKEN_ENV, BearerGuard, is_loopback
from webquorum.mcp.gate import Gate
from webquorum.mcp.render import error_result, render
from webquorum.mcp.tools import ToolSpec, tool_specs

log = logging.getLogger("webquorum.mcp")
INSTRUCTIONS = (
    "Web research tools. Start with web_search for a question (one compared brief); web_fetch reads a page "
    "you already have; web_links lists a page's links; research_collect gathers quotable passages. "
    "Cite the URLs you use; say where sources disagree."
)
# -- the server --------------------------------------------------------------------------------
Call = Callable[[Client, Any], Awaitable[Any]]
# These pipelines own a strict contract: they validate the raw arguments with the same model the
# schema comes from and answer a bad brief with their own refusal code and a suggested correction.
OWN_CONTRACT = {"research_collect", "search_web_evidence", "discover_web_market_signals"}
CALLS: dict[str, Call] = {
    "web_search": lambda wq, a: wq.brief(a.query, provider=a.provider, sources=a.sources),
    "web_fetch": lambda wq, a: wq.fetch(a.url, offset=a.offset, budget=a.budget, expected_content_hash=a.expected_content_hash),
    "web_links": lambda wq, a: wq.links(a.url, limit=a.limit, same_site_only=a.same_site_only),
    "research_collect": lambda wq, a: wq.collect(a),
    "search_web_evidence": lambda wq, a: wq.verify(a),
    "discover_web_market_signals": lambda wq, a: wq.discover(a),
    "web_search_results": lambda wq, a: wq.search(
        a.query, provider=a.provider, max_results=a.max_results, language=a.language, time_range=a.time_range
    ),
}


def make_tool(spec: ToolSpec, wq: Client, gate: Gate) -> Tool:
    containers = container_fields(spec.args)

    async def call(arguments: dict[str, Any]) -> CallToolResult:
        try:
            raw = pre_parse(arguments, containers)
            try:
                args = raw if spec.name in OWN_CONTRACT else spec.args.model_validate(raw)
            except ValidationError as exc:
                raise explain_invalid(exc, spec.args) from None
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
        fn_metadata=FuncMetadata(arg_model=RawArguments, output_model=spec.output),
        is_async=True,
        context_kwarg=None,
        annotations=ToolAnnotations(title=spec.title, read_only_hint=True, open_world_hint=True),
    )


def build_server(wq: Client, *, gate: Gate | None = None) -> MCPServer[Any]:
    """The MCP server over one shared client; ``mcp.Client(build_server(wq))`` talks to it in-process.

    ``gate`` lets another shell (``webquorum serve``) count MCP calls and its own under one cap.
    """
    settings = wq.config.mcp
    gate = gate or Gate(settings.max_concurrent, settings.call_deadline_s)
    specs = tool_specs(enable_discovery=settings.enable_discovery)
    from webquorum import __version__

    return MCPServer(
        "webquorum", instructions=INSTRUCTIONS, version=__version__, log_level="WARNING",
        tools=[make_tool(spec, wq, gate) for spec in specs],
    )


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
    hosts = None if wildcard else [*LOOPBACK_HOSTS, _bracketed(host), f"{_bracketed(host)}:*"]
    try:
        return BearerGuard(app, token, origins, hosts)
    except ValueError as exc:
        raise ConfigError(f"mcp: {exc} (mcp.auth_token, ${TOKEN_ENV}, mcp.allowed_origins)") from None


def _bracketed(host: str) -> str:
    """An IPv6 bind address as a Host header spells it."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


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
