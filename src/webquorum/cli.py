"""The command line: parse, call :class:`webquorum.Client`, render. No logic of its own.

Exit codes: 0 the work ran (also when some providers failed or sources had gaps), 1 the work
failed, 2 bad usage or config, 130 interrupted. Progress goes to stderr so ``--json`` stays clean.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from webquorum.api import Client
from webquorum.errors import RequestRefusedError, WebQuorumError
from webquorum.types.research import run_failed

T = TypeVar("T")
app = typer.Typer(
    add_completion=False,
    pretty_exceptions_show_locals=False,  # locals could hold keys
    no_args_is_help=True,
    help="Multi-source web research in one call: search, read, compare, cite.",
    context_settings={"help_option_names": ["-h", "--help"]},
)
# emoji=False: page text such as ":warning:" must print literally, not as a rich emoji code.
out = Console(soft_wrap=True, highlight=False, emoji=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)

ConfigOpt = typer.Option(None, "--config", help="YAML config file (default: $WEBQUORUM_CONFIG, ./webquorum.yaml, ~/.config/webquorum/config.yaml)")
JsonOpt = typer.Option(False, "--json", help="Print JSON instead of text.")


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _dump(value: Any) -> Any:
    return value.model_dump(mode="json") if hasattr(value, "model_dump") else value


@contextmanager
def _progress(enabled: bool) -> Iterator[Callable[[str], None] | None]:
    """A live status line on stderr (rich) while long work runs; nothing when piped or --json."""
    if not enabled or not err.is_terminal:
        yield None
        return
    with err.status("working…") as status:
        yield lambda message: status.update(message)


def _run(
    config: str | None, work: Callable[[Client], Awaitable[T]], *, use_cache: bool = True, refusal_as_json: bool = True
) -> T:
    """Run one API call; every error becomes a one-line message and its exit code.

    A refused verify/discover request prints its refusal JSON (the contract a script reads); a
    refused collect request prints it with ``--json`` and as ``error:``/``hint:`` lines otherwise.
    """

    async def main() -> T:
        async with Client(config, use_cache=use_cache) as wq:
            result = await work(wq)
        for warning in getattr(result, "warnings", None) or []:  # a failed cache or store, once each
            err.print(f"warning {warning}", markup=False)
        return result

    try:
        return asyncio.run(main())
    except RequestRefusedError as exc:
        if refusal_as_json or exc.why is not None:
            _print_json(exc.to_dict())
        else:
            err.print(f"error: {exc.error}\nhint: {exc.hint_text}", markup=False)
        raise typer.Exit(exc.exit_code) from None
    except WebQuorumError as exc:
        err.print(f"error {exc.code}: {exc.message}", markup=False)
        if exc.hint_text:
            err.print(f"hint: {exc.hint_text}", markup=False)
        raise typer.Exit(exc.exit_code) from None
    except KeyboardInterrupt:
        err.print("error WEB_ABORTED: interrupted", markup=False)
        raise typer.Exit(130) from None


@app.command()
def search(
    query: str = typer.Argument(..., help="What to search for."),
    provider: str | None = typer.Option(None, "--provider", "-p", help="Provider or combo id (see `webquorum providers`)."),
    max_results: int | None = typer.Option(None, "--max-results", "-n", min=1, max=50),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Fan a query out to the configured providers and print the fused results."""
    resp = _run(config, lambda wq: wq.search(query, provider=provider, max_results=max_results))
    if as_json:
        _print_json(resp.model_dump(mode="json"))
    else:
        # Titles, snippets and the query are untrusted text: Text cells, never rich markup ("[/b]" would crash).
        table = Table(title=Text(f"{resp.provider}: {resp.query}"), show_lines=False, expand=False)
        table.add_column("#", justify="right")
        # A URL is the one thing a reader copies: never cut it with "…" (rich's default at 80 columns when piped).
        widest = min(300, max((len(r.url) for r in resp.results), default=10))
        table.add_column("title / url", overflow="fold", min_width=widest)
        table.add_column("ranks")
        for i, r in enumerate(resp.results, 1):
            ranks = " ".join(f"{p}:{n}" for p, n in r.ranks.items())
            cell = Text.assemble((r.title or r.site, "bold"), f"\n{r.url}\n{r.snippet[:160]}")
            table.add_row(str(i), cell, Text(ranks))
        out.print(table)
        for f in resp.failures:
            err.print(f"provider {f.provider} failed: {f.code} {f.message}", markup=False)
    raise typer.Exit(0)


@app.command()
def providers(config: str | None = ConfigOpt, as_json: bool = JsonOpt) -> None:
    """List configured providers and combos: credential present or not (never the key), modality."""
    rows = _run(config, lambda wq: wq.providers())
    if as_json:
        _print_json(rows)
        return
    table = Table(title="providers")
    for col in ("id", "kind", "ready", "needs", "modality"):
        table.add_column(col)
    for row in rows:
        table.add_row(row["id"], row["kind"], "yes" if row["ready"] else "no", row["needs"] or "", row["modality"])
    out.print(table)




@app.command()
def fetch(
    url: str = typer.Argument(...),
    offset: int = typer.Option(0, "--offset", min=0),
    budget: int = typer.Option(8000, "--budget", min=1, max=100_000),
    expected_hash: str | None = typer.Option(None, "--expected-hash", help="Fail with WEB_FETCH_CONTENT_CHANGED if the page changed."),
    reader: str | None = typer.Option(None, "--reader", help="http (default), jina, firecrawl, exa, tavily"),
    no_cache: bool = typer.Option(False, "--no-cache"),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Read one page from its first real sentence; print a window of its text."""
    page = _run(
        config,
        lambda wq: wq.fetch(url, offset=offset, budget=budget, expected_content_hash=expected_hash, reader=reader),
        use_cache=not no_cache,
    )
    if as_json:
        _print_json(page.model_dump(mode="json"))
        return
    out.print(f"{page.title or page.final_url}\n{page.final_url}", markup=False)
    out.print(f"[{page.source_type} via {page.reader}; chars {page.offset}-{page.offset + len(page.text)} of {page.total_chars}; {page.content_hash}]\n", markup=False)
    out.print(page.text, markup=False)
    if page.truncated:
        out.print(f"\n… more: --offset {page.offset + len(page.text)}", markup=False)


@app.command()
def links(
    url: str = typer.Argument(...),
    limit: int = typer.Option(100, "--limit", min=1, max=300),
    same_site: bool = typer.Option(False, "--same-site", help="Only links on the page's own site."),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
) -> None:
    """List a page's links (text, absolute URL, same-site flag) to pick a chapter before fetching it."""
    result = _run(config, lambda wq: wq.links(url, limit=limit, same_site_only=same_site))
    data = _dump(result)
    if as_json:
        _print_json(data)
        return
    for link in data["links"]:
        mark = "" if link["same_site"] else "  (other site)"
        out.print(f"{link['text'] or '(no text)'}\n  {link['url']}{mark}", markup=False)


@app.command()
def brief(
    query: str = typer.Argument(..., help="The question."),
    provider: str | None = typer.Option(None, "--provider", "-p"),
    reader: str | None = typer.Option(None, "--reader"),
    sources: int | None = typer.Option(None, "--sources", min=1, max=6, help="Sites to read, 1-6 (default: brief.sources, 4)."),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Search, read up to N independent sites in parallel, and say where they agree and disagree."""
    with _progress(not as_json) as progress:
        result = _run(config, lambda wq: wq.brief(query, provider=provider, reader=reader, sources=sources, progress=progress))
    if as_json:
        _print_json(_dump(result))
    else:
        out.print(result.brief, markup=False)


@app.command()
def collect(
    query: list[str] = typer.Option([], "--query", "-q", help="A search variant (repeatable, at most 10)."),
    url: list[str] = typer.Option([], "--url", "-u", help="A source URL to read first (repeatable)."),
    topic: str | None = typer.Option(None, "--topic"),
    language: str | None = typer.Option(None, "--language"),
    time_range: str | None = typer.Option(None, "--time-range", help="day, week, month or year"),
    max_sources: int | None = typer.Option(None, "--max-sources"),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Gather literal, citable passages from several sources, with offsets, hashes and gaps."""
    request: dict[str, Any] = {"urls": url, "queries": query}
    for key, value in (("topic", topic), ("language", language), ("time_range", time_range), ("max_sources", max_sources)):
        if value is not None:
            request[key] = value
    with _progress(not as_json) as progress:
        result = _run(config, lambda wq: wq.collect(request, progress=progress), refusal_as_json=as_json)
    data = _dump(result)
    if as_json:
        _print_json(data)
        return
    for source in data["sources"]:
        out.print(f"[{source['source_id']}] {source['title'] or ''}\n  {source['final_url']} ({source['source_type']})", markup=False)
        for ex in source["excerpts"]:
            out.print(f"  @{ex['start']}-{ex['end']} (score {ex['score']:.2f}, {ex['matched']}): {ex['text']}", markup=False)
    for gap in data["gaps"]:
        out.print(f"gap {gap['type']}: {gap['detail']} {gap.get('url') or gap.get('query') or ''}", markup=False)


@app.command()
def verify(
    entity: list[str] = typer.Option(..., "--entity", "-e", help="A named entity (repeatable)."),
    claim: list[str] = typer.Option(..., "--claim", "-c", help="A claim to check (repeatable)."),
    objective: str | None = typer.Option(None, "--objective"),
    freshness_days: int | None = typer.Option(None, "--freshness-days"),
    max_results: int = typer.Option(5, "--max-results"),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Check claims about named entities against independent sources: supported, contradicted, unverified."""
    request = {
        "objective": objective or f"Verify claims about {', '.join(entity)}",
        "entities": entity, "claims_to_verify": claim, "freshness_days": freshness_days, "max_results": max_results,
    }
    data = _dump(_run(config, lambda wq: wq.verify(request)))
    if as_json:
        _print_json(data)
    else:
        for c in data["claims"]:
            out.print(f"{c['verdict']:>12}  {c['claim']}  {' '.join(c['evidence_ids'])}", markup=False)
        for e in data["evidence"]:
            out.print(f"  [{e['id']}] {e['domain']}: {e['text'][:200]}\n      {e['url']}", markup=False)
        out.print(f"run {data['run_id']}: {_budget(data['budget'])}", markup=False)
    _exit_if_the_run_failed(data)


def _exit_if_the_run_failed(data: dict[str, Any]) -> None:
    """Exit 1 when the run stopped on the money ceiling or on providers before any search succeeded."""
    if not run_failed(data["stop_reason"], data["budget"]["calls_spent"]):
        return
    stops = [a["detail"] for a in data["audit"] if a["kind"] == "stop"]
    err.print(f"error: the run did no work: {stops[-1] if stops else data['stop_reason']}", markup=False)
    raise typer.Exit(1)


def _budget(budget: dict[str, Any]) -> str:
    """``calls_spent=1 calls_left=1 usd_spent=0.0`` rather than a Python dict repr."""
    return " ".join(f"{key}={value}" for key, value in budget.items())


@app.command()
def discover(
    objective: str = typer.Option(..., "--objective"),
    signal: list[str] = typer.Option(..., "--signal", help="A market event (repeatable, 1-4)."),
    geo: list[str] = typer.Option([], "--geo", help="A geography (repeatable, 0-3)."),
    exclude: list[str] = typer.Option([], "--exclude"),
    freshness_days: int | None = typer.Option(None, "--freshness-days"),
    target: int = typer.Option(5, "--target"),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Find organisations behind a market signal (a new plant, an expansion, a tender). Never exhaustive."""
    request: dict[str, Any] = {
        "objective": objective, "signals": signal, "geographies": geo, "exclusions": exclude, "target_results": target,
    }
    if freshness_days is not None:
        request["freshness_days"] = freshness_days
    data = _dump(_run(config, lambda wq: wq.discover(request)))
    if as_json:
        _print_json(data)
    else:
        for c in data["candidates"]:
            out.print(f"{c['status']:>12}  {c['name']} ({c['geography'] or '?'}; {c['domain'] or 'no domain'})  {' '.join(c['evidence_ids'])}", markup=False)
        out.print(f"exhaustive: false; run {data['run_id']}: {_budget(data['budget'])}", markup=False)
    _exit_if_the_run_failed(data)


@app.command()
def mcp(
    http: bool = typer.Option(False, "--http", help="Serve streamable HTTP instead of stdio."),
    host: str = typer.Option("127.0.0.1", "--host"),
    port: int = typer.Option(8765, "--port", min=1, max=65535),
    workers: int = typer.Option(1, "--workers", min=1, max=64, help="HTTP server processes on one port (needs store.url on Redis)."),
    config: str | None = ConfigOpt,
) -> None:
    """Run the MCP server (stdio by default, for desktop clients)."""
    from webquorum.mcp.server import (
        serve,  # imported here: the SDK costs ~0.7 s that other commands need not pay
    )

    try:
        if workers > 1 and not http:
            raise typer.BadParameter("--workers needs --http (stdio has one client)")
        serve(config=config, http=http, host=host, port=port, workers=workers)
    except WebQuorumError as exc:
        err.print(f"error {exc.code}: {exc.message}", markup=False)
        if exc.hint_text:
            err.print(f"hint: {exc.hint_text}", markup=False)
        raise typer.Exit(exc.exit_code) from None


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind; anything but loopback needs mcp.auth_token."),
    port: int = typer.Option(8765, "--port", min=1, max=65535),
    json_logs: bool = typer.Option(False, "--json-logs", help="Access log as JSON lines on stderr."),
    config: str | None = ConfigOpt,
) -> None:
    """Serve the brief page, a SearXNG-compatible /search, /brief and /fetch JSON, and MCP on /mcp."""
    from webquorum.serve import serve as run_server  # the server stack loads only for this command

    try:
        run_server(config=config, host=host, port=port, json_logs=json_logs)
    except WebQuorumError as exc:
        err.print(f"error {exc.code}: {exc.message}", markup=False)
        if exc.hint_text:
            err.print(f"hint: {exc.hint_text}", markup=False)
        raise typer.Exit(exc.exit_code) from None
    except KeyboardInterrupt:
        err.print("webquorum serve: stopped", markup=False)
        raise typer.Exit(130) from None


def main() -> None:
    app()
