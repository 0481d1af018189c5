"""One ASGI app over one :class:`webquorum.Client`: the brief page, the SearXNG API, brief/fetch JSON, MCP.

Every door shares the client (HTTP pools, breakers, rate limits, cache) and one concurrency
gate (``mcp.max_concurrent`` calls at once, each within ``mcp.call_deadline_s``; past the cap a
busy answer, not a queue). :class:`~webquorum.hosting.access.AccessGuard` applies the MCP
endpoint's Host and Origin rules to every route, and takes the token in the forms browsers and
SearXNG clients can send. Routes:

==================  ==============================================================
``/``               the brief page; ``?q=`` streams it (SearXNG clients pointed at the
                    root with ``format=`` are redirected to ``/search``, as SearXNG does)
``/search``         SearXNG-compatible (GET or POST form), see :mod:`~webquorum.serve.searxng`
``/brief``          ``webquorum brief --json``'s JSON
``/fetch``          ``web_fetch``'s JSON (same arguments, bounds and ``cut``)
``/mcp``            the streamable HTTP MCP endpoint
``/healthz``        the process is up
``/readyz``         stores reachable and at least one provider ready
==================  ==============================================================
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from webquorum.api import Client
from webquorum.config import mcp_token
from webquorum.errors import (
    AbortedError,
    BadRequestError,
    FetchError,
    ProviderError,
    ServerBusyError,
    WebQuorumError,
)
from webquorum.hosting.access import AccessGuard
from webquorum.hosting.binding import require_token
from webquorum.hosting.bounds import bound
from webquorum.hosting.gate import Gate
from webquorum.mcp import WebFetchArgs, WebSearchArgs, build_server, http_app
from webquorum.serve import page, searxng
from webquorum.types.invalid import problems

log = logging.getLogger("webquorum.serve")
AccessLog = Callable[[dict[str, Any]], None]
FETCH_MAX_CHARS = 40_000  # web_fetch's bound on one result
CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
    "base-uri 'none'; frame-ancestors 'none'"
)
STYLESHEET = resources.files("webquorum.serve").joinpath("page.css").read_text(encoding="utf-8")
INTERNAL = {
    "code": "WEB_ERROR",
    "message": "internal error in the server; see its log",
    "hint": "retry once; report it if it repeats",
}
PAGE_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def error_json(exc: WebQuorumError) -> JSONResponse:
    headers = {"Retry-After": "1"} if isinstance(exc, ServerBusyError) else None
    return JSONResponse(exc.to_dict(), status_code=exc.http_status, headers=headers)


def invalid_args(exc: ValidationError) -> BadRequestError:
    return BadRequestError(problems(exc, limit=1)[0])


def form_of(request: Request, body: dict[str, str] | None = None) -> dict[str, str]:
    """Query parameters, with a POSTed form's fields first (SearXNG merges them the same way)."""
    merged = dict(request.query_params)
    merged.pop("token", None)
    if body:
        merged.update(body)
    return merged


class Doors:
    """The route handlers over one client and one gate."""

    def __init__(self, wq: Client, gate: Gate, stopping: asyncio.Event) -> None:
        self.wq = wq
        self.gate = gate
        self.stopping = stopping

    async def call(self, work: Awaitable[Any]) -> Any:
        """The work under the gate, ended early (WEB_ABORTED) when the server starts to stop."""
        task = asyncio.ensure_future(self.gate.run(work))
        stop = asyncio.ensure_future(self.stopping.wait())
        try:
            await asyncio.wait({task, stop}, return_when=asyncio.FIRST_COMPLETED)
            if task.done():
                return task.result()
            raise AbortedError("the server is stopping; retry once it is back")
        finally:
            for pending in (task, stop):
                pending.cancel()
            await asyncio.gather(task, stop, return_exceptions=True)

    # -- the page --------------------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        form = form_of(request)
        if (
            form.get("q") and "format" in form
        ):  # a SearXNG client pointed at the root (LangChain's searx_host)
            return RedirectResponse(f"/search?{request.url.query}", status_code=308)
        query = " ".join(form.get("q", "").split())
        if not query:
            return HTMLResponse(page.whole("webquorum", "", [page.intro()]), headers=PAGE_HEADERS)
        try:
            args = WebSearchArgs.model_validate({"query": query, **self._brief_options(form)})
        except ValidationError as exc:
            body = page.error_box(invalid_args(exc).to_dict())
            return HTMLResponse(page.whole("webquorum", query, [body]), status_code=400, headers=PAGE_HEADERS)
        return StreamingResponse(
            self._stream_brief(args), media_type="text/html; charset=utf-8", headers=PAGE_HEADERS
        )

    @staticmethod
    def _brief_options(form: dict[str, str]) -> dict[str, Any]:
        options: dict[str, Any] = {}
        if form.get("provider"):
            options["provider"] = form["provider"]
        if form.get("sources"):
            options["sources"] = form["sources"]
        return options

    async def _stream_brief(self, args: WebSearchArgs) -> AsyncIterator[str]:
        """Head and search box at once, a status line per progress message, then the brief."""
        yield page.head(f"{args.query} · webquorum", args.query)
        yield page.status_open()
        lines: asyncio.Queue[str] = asyncio.Queue()
        work = self.wq.brief(
            args.query, provider=args.provider, sources=args.sources, progress=lines.put_nowait
        )
        task = asyncio.ensure_future(self.call(work))
        try:
            while not task.done():
                getter = asyncio.ensure_future(lines.get())
                await asyncio.wait({task, getter}, return_when=asyncio.FIRST_COMPLETED)
                if getter.done():
                    yield page.status_line(getter.result())
                else:
                    getter.cancel()
            while not lines.empty():
                yield page.status_line(lines.get_nowait())
            yield page.status_close()
            try:
                brief = task.result()
            except WebQuorumError as exc:
                yield page.error_box(exc.to_dict())
            except Exception:  # a bug: the traceback stays in the server's log, the page gets a stable code
                log.exception("the brief page failed unexpectedly")
                yield page.error_box(INTERNAL)
            else:
                yield await asyncio.to_thread(page.brief_html, brief)
        finally:
            if not task.done():  # the browser went away: stop the work it asked for
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        yield page.tail()

    async def asset(self, request: Request) -> Response:
        return Response(
            STYLESHEET, media_type="text/css; charset=utf-8", headers={"Cache-Control": "max-age=3600"}
        )

    # -- the SearXNG door ------------------------------------------------------------------------
    async def search(self, request: Request) -> Response:
        body = {k: str(v) for k, v in (await request.form()).items()} if request.method == "POST" else None
        form = form_of(request, body)
        engines = {
            str(row["id"]): frozenset(row.get("members") or [row["id"]]) for row in await self.wq.providers()
        }
        try:
            q = searxng.parse(form, page_size=self.wq.config.web.max_results, engines=engines)
        except searxng.SearxError as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        try:
            response = await self.call(
                self.wq.search(
                    q.words or q.query,
                    provider=q.provider,
                    max_results=q.max_results,
                    language=q.language,
                    time_range=q.time_range,
                    safesearch=q.safesearch,
                    sites=list(q.sites),
                    exclude_sites=list(q.exclude_sites),
                )
            )
            data = searxng.answer(q, response)
        except (ProviderError, FetchError) as exc:  # every engine failed: SearXNG's 200 with no results
            data = searxng.failed(q, q.provider or self.wq.config.web.search_provider, exc)
        except (ServerBusyError, AbortedError) as exc:
            status = 429 if isinstance(exc, ServerBusyError) else 504
            return JSONResponse({"error": exc.message}, status_code=status, headers={"Retry-After": "1"})
        except WebQuorumError as exc:
            return JSONResponse({"error": f"{exc.code}: {exc.message}"}, status_code=exc.http_status)
        if q.format == "html":
            html = page.whole(f"{q.query} · webquorum", q.query, [page.results_html(q.query, data)])
            return HTMLResponse(html, headers=PAGE_HEADERS)
        return JSONResponse(data)

    # -- JSON for scripts ------------------------------------------------------------------------
    async def brief(self, request: Request) -> Response:
        form = form_of(request)
        try:
            args = WebSearchArgs.model_validate({"query": form.get("q", ""), **self._brief_options(form)})
            result = await self.call(self.wq.brief(args.query, provider=args.provider, sources=args.sources))
        except ValidationError as exc:
            return error_json(invalid_args(exc))
        except WebQuorumError as exc:
            return error_json(exc)
        return JSONResponse(result.model_dump(mode="json"))

    async def fetch(self, request: Request) -> Response:
        form = form_of(request)
        raw: dict[str, Any] = {"url": form.get("url", "")}
        for key in ("offset", "budget", "expected_content_hash"):
            if form.get(key):
                raw[key] = form[key]
        try:
            args = WebFetchArgs.model_validate(raw)
            result = await self.call(
                self.wq.fetch(
                    args.url,
                    offset=args.offset,
                    budget=args.budget,
                    expected_content_hash=args.expected_content_hash,
                )
            )
        except ValidationError as exc:
            return error_json(invalid_args(exc))
        except WebQuorumError as exc:
            return error_json(exc)
        data = result.model_dump(mode="json")
        bound(data, FETCH_MAX_CHARS)
        return JSONResponse(data)

    # -- health ----------------------------------------------------------------------------------
    async def searx_config(self, request: Request) -> Response:
        from webquorum import __version__

        return JSONResponse(searxng.config_answer(await self.wq.providers(), version=__version__))

    async def healthz(self, request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def readyz(self, request: Request) -> Response:
        """Ready: the rate-limit store and the cache answer, and at least one provider can run."""
        rt = self.wq.runtime
        checks: dict[str, Any] = {}
        try:
            async with asyncio.timeout(2.0):
                await rt.store.acquire("webquorum:readyz", 1_000_000_000, 1.0)
            checks["store"] = "ok"
        except Exception as exc:  # any failure of the store is "not ready", with its class named
            checks["store"] = f"unreachable: {type(exc).__name__}"
        if rt.cache is not None:
            try:
                async with asyncio.timeout(2.0):
                    await rt.cache.get("webquorum:readyz")
                checks["cache"] = "ok"
            except Exception as exc:  # as above
                checks["cache"] = f"unreachable: {type(exc).__name__}"
        ready = [row["id"] for row in await self.wq.providers() if row["kind"] == "provider" and row["ready"]]
        checks["providers_ready"] = ready
        ok = bool(ready) and all(v == "ok" for k, v in checks.items() if k in ("store", "cache"))
        return JSONResponse(
            {"status": "ready" if ok else "not ready", **checks}, status_code=200 if ok else 503
        )


class AccessLogger:
    """One line per request (method, path, status, milliseconds); never the query string or headers."""

    def __init__(self, app: ASGIApp, write: AccessLog) -> None:
        self.app = app
        self.write = write

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def record(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, record)
        finally:
            client = scope.get("client") or ("", 0)
            self.write(
                {
                    "method": scope["method"],
                    "path": scope["path"],
                    "status": status,
                    "ms": round((time.perf_counter() - started) * 1000, 1),
                    "client": client[0],
                }
            )


def build_app(
    wq: Client,
    *,
    host: str = "127.0.0.1",
    access_log: AccessLog | None = None,
    stopping: asyncio.Event | None = None,
) -> ASGIApp:
    """The whole server over ``wq``; raises ConfigError for a non-loopback bind without a token.

    Setting ``stopping`` ends every call in progress with WEB_ABORTED, so open pages and
    requests finish with a clear answer instead of being cut when the server shuts down.
    """
    settings = wq.config.mcp
    token = mcp_token(settings)
    require_token("serve", host, token)
    gate = Gate(settings.max_concurrent, settings.call_deadline_s)  # one gate for MCP and every other door
    server = build_server(wq, gate=gate)
    mcp_app = http_app(server, wq, host)
    doors = Doors(wq, gate, stopping or asyncio.Event())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            async with server.session_manager.run():
                yield
        finally:
            await wq.aclose()

    async def internal(request: Request, exc: Exception) -> Response:
        log.exception("%s %s failed unexpectedly", request.method, request.url.path, exc_info=exc)
        body = (
            {"error": "search error"} if request.url.path == "/search" else INTERNAL
        )  # SearXNG's own 500 body
        return JSONResponse(body, status_code=500)

    app = Starlette(
        exception_handlers={Exception: internal},
        routes=[
            Route("/", doors.index, methods=["GET"]),
            Route("/search", doors.search, methods=["GET", "POST"]),
            Route("/brief", doors.brief, methods=["GET"]),
            Route("/fetch", doors.fetch, methods=["GET"]),
            Route("/config", doors.searx_config, methods=["GET"]),  # SearXNG's instance description
            Route("/healthz", doors.healthz, methods=["GET"]),
            Route("/readyz", doors.readyz, methods=["GET"]),
            Route("/assets/page.css", doors.asset, methods=["GET"]),
            Route("/mcp", mcp_app),
        ],
        lifespan=lifespan,
    )
    guarded: ASGIApp = AccessGuard(
        app, host=host, token=token, allowed_origins=settings.allowed_origins, url_token=True
    )
    return AccessLogger(guarded, access_log) if access_log is not None else guarded


def text_line(entry: dict[str, Any]) -> str:
    return f"{entry['method']} {entry['path']} {entry['status']} {entry['ms']}ms"


def json_line(entry: dict[str, Any]) -> str:
    return json.dumps({"ts": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **entry})
