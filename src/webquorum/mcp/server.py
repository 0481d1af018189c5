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
import logging
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import ValidationError
from starlette.types import ASGIApp

from webquorum.api import Client, ConfigLike, Progress
from webquorum.config import mcp_token
from webquorum.errors import ConfigError, WebQuorumError
from webquorum.hosting.access import AccessGuard
from webquorum.hosting.binding import TOKEN_ENV, listen, require_token
from webquorum.hosting.gate import GATES, Gate
from webquorum.hosting.runner import graceful_server, serve_on, uvicorn_config
from webquorum.mcp.args import RawArguments, container_fields, explain_invalid, pre_parse
from webquorum.mcp.check_tool import call_check, check_spec
from webquorum.mcp.events import RETRY_MS, BoundedEventStore
from webquorum.mcp.progress import progress_pump
from webquorum.mcp.protocol import KnownNames, add_prompts, drop_resources
from webquorum.mcp.render import error_result, render
from webquorum.mcp.schemas import input_schema, output_schema
from webquorum.mcp.tools import ToolSpec, tool_specs
from webquorum.resilience.backends import shares_across_machines
from webquorum.resilience.store import shown

log = logging.getLogger("webquorum.mcp")
INSTRUCTIONS = (
    "Web research tools. Start with web_search for a question (one compared brief); web_fetch reads a page "
    "you already have; web_links lists a page's links; research_collect gathers quotable passages. "
    "Cite the URLs you use; say where sources disagree."
)
# -- the server --------------------------------------------------------------------------------
Call = Callable[[Client, Any, Progress], Awaitable[Any]]
# These pipelines own a strict contract: they validate the raw arguments with the same model the
# schema comes from and answer a bad brief with their own refusal code and a suggested correction.
OWN_CONTRACT = {"research_collect", "search_web_evidence", "discover_web_market_signals"}
CALLS: dict[str, Call] = {
    # The argument models' field names are the API's keyword names, so the small profile's
    # narrower models call the same way.
    "web_search": lambda wq, a, progress: wq.brief(**a.model_dump(), progress=progress),
    "web_fetch": lambda wq, a, progress: wq.fetch(**a.model_dump()),
    "web_links": lambda wq, a, progress: wq.links(**a.model_dump()),
    "research_collect": lambda wq, a, progress: wq.collect(a, progress=progress),
    "search_web_evidence": lambda wq, a, progress: wq.verify(a, progress=progress),
    "discover_web_market_signals": lambda wq, a, progress: wq.discover(a, progress=progress),
    "web_search_results": lambda wq, a, progress: wq.search(**a.model_dump()),
}

CALLS["check_answer"] = call_check


def make_tool(spec: ToolSpec, wq: Client, gate: Gate) -> Tool:
    containers = container_fields(spec.args)

    async def call(arguments: dict[str, Any], ctx: Context[Any, Any]) -> CallToolResult:
        try:
            raw = pre_parse(arguments, containers)
            try:
                args = raw if spec.name in OWN_CONTRACT else spec.args.model_validate(raw)
            except ValidationError as exc:
                raise explain_invalid(exc, spec.args) from None
            async with progress_pump(ctx.report_progress) as progress:
                value = await gate.run(CALLS[spec.name](wq, args, progress))
            return render(spec, value)
        except WebQuorumError as exc:
            return error_result(exc)
        except Exception:  # a bug: the traceback stays in the server's log, the caller gets a stable code
            log.exception("tool %s failed unexpectedly", spec.name)
            return error_result(
                WebQuorumError(
                    "internal error in the server; see its log", hint="retry once; report it if it repeats"
                )
            )

    return Tool(
        fn=call,
        name=spec.name,
        title=spec.title,
        description=spec.description,
        parameters=input_schema(spec.args.model_json_schema()),
        fn_metadata=FuncMetadata(
            arg_model=RawArguments,
            output_model=spec.output if spec.publish_output else None,
            output_schema=output_schema(spec.output.model_json_schema()) if spec.publish_output else None,
        ),
        is_async=True,
        context_kwarg="ctx",
        annotations=ToolAnnotations(read_only_hint=True, open_world_hint=True),
    )


def build_server(wq: Client, *, gate: Gate | None = None) -> MCPServer[Any]:
    """The MCP server over one shared client; ``mcp.Client(build_server(wq))`` talks to it in-process.

    ``gate`` lets another shell (``webquorum serve``) count MCP calls and its own under one cap.
    """
    settings = wq.config.mcp
    if gate is None:
        gate = Gate(
            settings.max_concurrent,
            settings.call_deadline_s,
            queue_wait_s=settings.queue_wait_s,
            max_queued=settings.max_queued,
        )
    GATES.append(gate)
    specs = tool_specs(enable_discovery=settings.enable_discovery, profile=settings.profile)
    if settings.enable_check:  # off by default: see mcp/check_tool.py
        specs.append(check_spec())
    from webquorum import __version__

    server: MCPServer[Any] = MCPServer(
        "webquorum",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
        tools=[make_tool(spec, wq, gate) for spec in specs],
        middleware=[KnownNames([spec.name for spec in specs])],
    )
    add_prompts(server)
    drop_resources(server)
    quiet_dependencies()  # the SDK has just put a handler on the root logger (serve's process too)
    return server


def http_app(server: MCPServer[Any], wq: Client, host: str, *, stateless: bool = False) -> ASGIApp:
    """The streamable HTTP app on ``/mcp``, behind :class:`~webquorum.hosting.access.AccessGuard` (Host,
    Origin, bearer token): that guard is the one check, so the SDK's looser prefix-matching one is off.

    ``stateless`` (several workers) keeps no session between requests, so any worker can answer
    any request; a single worker keeps sessions, at most ``mcp.max_sessions``, each closed after
    ``mcp.session_idle_s`` without a request.
    """
    settings = wq.config.mcp
    token = mcp_token(settings)
    require_token("mcp", host, token)
    # The SDK still checks Content-Type; its Host/Origin prefix match would be a second answer.
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    app = server.streamable_http_app(
        host=host,
        transport_security=security,
        stateless_http=stateless,
        event_store=None if stateless else BoundedEventStore(),  # SSE ids, so a dropped stream resumes
        retry_interval=RETRY_MS,
        max_sessions=settings.max_sessions,
        session_idle_timeout=settings.session_idle_s,
    )
    try:
        return AccessGuard(app, host=host, token=token, allowed_origins=settings.allowed_origins)
    except ValueError as exc:
        raise ConfigError(f"mcp: {exc} (mcp.auth_token, ${TOKEN_ENV}, mcp.allowed_origins)") from None


STDIO_READY = "webquorum MCP server on stdio: an MCP client starts this and speaks on stdin; Ctrl-C stops it"


def quiet_dependencies() -> None:
    """Let only warnings through the root logger's handlers, unless webquorum's own logs were asked for
    (``-v``).

    Some dependencies set their logger to DEBUG at import (bm25s does), and a record passes a
    handler on the root logger whatever the root's own level is; without this a stdio server,
    whose stderr the MCP host shows the user, prints index-building chatter on every collect.
    """
    if logging.getLogger("webquorum").getEffectiveLevel() < logging.WARNING:
        return
    for handler in logging.getLogger().handlers:
        handler.setLevel(max(handler.level, logging.WARNING))


def _stop_stdio_at_once(signum: int, frame: object) -> None:
    """Ctrl-C on stdio: the SDK reads stdin in a worker thread no signal can stop, so leave without waiting
    for it."""
    os.write(2, b"error WEB_ABORTED: interrupted\n")
    os._exit(130)


def serve(
    *,
    config: ConfigLike = None,
    http: bool = False,
    host: str = "127.0.0.1",
    port: int = 8765,
    workers: int = 1,
) -> None:
    """Run until interrupted: stdio by default, streamable HTTP on ``http://host:port/mcp`` with ``http``.

    Ctrl-C raises :class:`KeyboardInterrupt` out of here once the HTTP server has shut down
    (the CLI turns it into exit 130); on stdio it ends the process at once with status 130.
    SIGTERM (a supervisor's stop) shuts down gracefully and returns normally (exit 0).
    ``workers`` > 1 runs that many server processes on one port (uvicorn's supervisor), stateless,
    sharing breakers, limits and the cache through ``store.url``/``cache.url`` on Redis; on SIGTERM
    each worker stops the same graceful way and exits 0, and ``SystemExit(1)`` says one did not.
    """
    if workers > 1:
        serve_fleet(config, host, port, workers)
        return
    wq = Client(config)
    server = build_server(wq)
    app = http_app(server, wq, host) if http else None  # refuse a bad bind before anything starts
    sock = listen(host, port) if http else None

    async def main() -> None:
        if app is None or sock is None:
            try:
                await server.run_stdio_async()
            finally:
                await wq.aclose()
            return
        print(f"webquorum MCP server on http://{host}:{port}/mcp", file=sys.stderr, flush=True)
        await serve_on(graceful_server(mcp_uvicorn_config(app, wq, host, port)), sock, close=wq.aclose)

    if app is None:
        signal.signal(signal.SIGINT, _stop_stdio_at_once)
        if sys.stdin.isatty():  # someone started it by hand: say what it is waiting for
            print(STDIO_READY, file=sys.stderr, flush=True)
    asyncio.run(main())


# -- the fleet: several workers, one port, state in Redis -------------------------------------------
FLEET_ENV = "WEBQUORUM_MCP_FLEET"  # host of the fleet's bind, passed to each worker's app factory


def mcp_uvicorn_config(app: Any, wq: Client, host: str, port: int, **extra: Any) -> Any:
    """uvicorn's settings for the MCP server: ``mcp.shutdown_grace_s`` for calls in flight, 2 s more to
    close."""
    return uvicorn_config(
        app, shutdown_s=int(wq.config.mcp.shutdown_grace_s) + 2, host=host, port=port, **extra
    )


def fleet_app() -> ASGIApp:
    """The app one fleet worker serves (``uvicorn --factory webquorum.mcp.server:fleet_app``).

    Reads the config the usual way ($WEBQUORUM_CONFIG, ./webquorum.yaml, ...); stateless, so any
    worker answers any request.
    """
    host = os.environ.get(FLEET_ENV, "127.0.0.1")
    wq = Client(None)
    check_fleet_store(wq)
    app = http_app(build_server(wq), wq, host, stateless=True)
    _close_gates_on_signals(asyncio.get_running_loop(), wq.config.mcp.shutdown_grace_s)
    return app


def _close_gates_on_signals(loop: asyncio.AbstractEventLoop, grace_s: float) -> None:
    """Chain onto uvicorn's SIGTERM/SIGINT handlers (installed before the factory runs) in a worker."""
    for sig in (signal.SIGTERM, signal.SIGINT):
        previous = signal.getsignal(sig)

        def handler(signum: int, frame: Any, previous: Any = previous) -> None:
            loop.call_soon_threadsafe(_close_gates, grace_s)
            if callable(previous):
                previous(signum, frame)
                if signum == signal.SIGTERM:
                    _not_reraised(previous, signum)

        signal.signal(sig, handler)


def _not_reraised(handle_exit: Any, signum: int) -> None:
    """Keep a worker from dying of the SIGTERM it has just shut down for (exit -15 instead of 0).

    uvicorn's Server re-raises every signal it caught once it has stopped; ``handle_exit`` is that
    worker's ``Server.handle_exit``. As :mod:`webquorum.hosting.runner` does for one process, SIGTERM is
    dropped
    from what it will re-raise: a supervisor's stop is the intended end, so the worker exits 0.
    """
    captured = getattr(getattr(handle_exit, "__self__", None), "_captured_signals", None)
    if isinstance(captured, list):
        captured[:] = [s for s in captured if s != signum]


_CLOSING: set[asyncio.Task[None]] = set()


def _close_gates(grace_s: float) -> None:
    for gate in GATES:
        task = asyncio.ensure_future(gate.close(grace_s))
        _CLOSING.add(task)
        task.add_done_callback(_CLOSING.discard)


def check_fleet_store(wq: Client) -> None:
    if not shares_across_machines(wq.config.store.url):
        raise ConfigError(
            f"mcp --workers needs store.url on Redis (it is {shown(wq.config.store.url)!r}): per-process breakers "
            "and rate limits would let every worker spend the whole budget",
            hint="set store.url: redis://127.0.0.1:6379/0 (and cache.url the same, to share pages)",
        )


def serve_fleet(config: ConfigLike, host: str, port: int, workers: int) -> None:
    """The supervisor: ``workers`` processes on one socket; on SIGTERM each stops gracefully and exits 0."""
    if config is not None and not isinstance(config, str | os.PathLike):
        raise ConfigError("mcp --workers reads its config from a file: pass --config PATH")
    wq = Client(config)
    check_fleet_store(wq)
    http_app(build_server(wq), wq, host, stateless=True)  # refuse a bad bind before any worker starts
    GATES.clear()
    if config is not None:
        os.environ["WEBQUORUM_CONFIG"] = os.fspath(config)
    os.environ[FLEET_ENV] = host
    settings = mcp_uvicorn_config(
        "webquorum.mcp.server:fleet_app", wq, host, port, factory=True, workers=workers
    )
    print(
        f"webquorum MCP server on http://{host}:{port}/mcp ({workers} workers)", file=sys.stderr, flush=True
    )
    supervisor = _supervisor_class()(settings, sockets=[settings.bind_socket()])
    supervisor.run()
    codes = [worker.exitcode for worker in supervisor.processes]
    shown = ", ".join(str(code) for code in codes)
    print(
        f"webquorum MCP server: {len(codes)} workers stopped, exit codes {shown}", file=sys.stderr, flush=True
    )
    if supervisor.interrupted:
        raise KeyboardInterrupt
    if any(code != 0 for code in codes):
        raise SystemExit(1)


STOP_SLACK_S = 5.0  # past uvicorn's graceful timeout: lifespan shutdown and interpreter exit


def _supervisor_class() -> Any:
    from uvicorn.supervisors import Multiprocess

    class Supervisor(Multiprocess):
        """uvicorn's supervisor with a bounded stop and a memory of Ctrl-C.

        A worker gets ``timeout_graceful_shutdown`` (``mcp.shutdown_grace_s`` + 2 s) plus
        :data:`STOP_SLACK_S` to exit after SIGTERM; one still running then is killed, so the
        supervisor never waits without bound. SIGINT is remembered so the CLI exits 130.
        """

        interrupted = False

        def handle_int(self) -> None:
            self.interrupted = True
            super().handle_int()

        def join_all(self) -> None:
            until = time.monotonic() + float(self.config.timeout_graceful_shutdown or 0) + STOP_SLACK_S
            for worker in self.processes:
                worker.process.join(max(0.0, until - time.monotonic()))
                if worker.process.is_alive():
                    log.warning("MCP worker %s did not stop in time: killed", worker.pid)
                    worker.kill()
                    worker.process.join(STOP_SLACK_S)

    return Supervisor
