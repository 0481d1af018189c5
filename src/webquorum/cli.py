"""The command line: parse, call :class:`webquorum.Client`, render. No logic of its own.

Exit codes: 0 the work ran (also when some providers failed or sources had gaps), 1 the work
failed, 2 bad usage or config, 130 interrupted. Progress and logs go to stderr so ``--json``
stays clean; with ``--json`` a failure is a JSON error object on stdout too.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from webquorum import as_text as text
from webquorum.as_text import one_line, printable, safe_url
from webquorum.errors import AbortedError, BadRequestError, RequestRefusedError, WebQuorumError

if TYPE_CHECKING:
    from webquorum.api import Client

T = TypeVar("T")
# Start-up: `--version`, `--help`, completion and a usage error import only typer and the error
# tree; rich, the config models, the HTTP stack and the readers load inside the commands that use
# them (benchmarks/startup.py measures it).


class _Flagless:
    """Help without a ``<bool>`` or ``<int>`` type beside flags (``--json``, ``--help``, ``-v``): they take no value."""

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if (getattr(param, "is_flag", False) or getattr(param, "count", False)) and param.metavar is None:
                param.metavar = ""
        return params


class _Command(_Flagless, typer.core.TyperCommand):
    pass


class _Group(_Flagless, typer.core.TyperGroup):
    pass


app = typer.Typer(
    cls=_Group,
    pretty_exceptions_show_locals=False,  # locals could hold keys
    rich_markup_mode=None,  # plain help: rendering it with rich costs ~0.2 s at every --help and usage error
    no_args_is_help=True,
    help="Multi-source web research in one call: search, read, compare, cite.",
    context_settings={"help_option_names": ["-h", "--help"]},
)
command = app.command


class _LazyConsole:
    """A rich Console made on first print: rich costs ~0.1 s to import, which --help need not pay."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return getattr(self._console, name)


# emoji=False: page text such as ":warning:" must print literally, not as a rich emoji code.
out = _LazyConsole(soft_wrap=True, highlight=False, emoji=False)
err = _LazyConsole(stderr=True, highlight=False, soft_wrap=True, emoji=False)


def _verbosity(count: int) -> int:
    if count <= 0 and "WEBQUORUM_LOG" not in os.environ:
        return count  # nothing asked for: skip importing the logging setup (and the config models)
    from webquorum.logs import configure_logging

    try:
        configure_logging(count)
    except WebQuorumError as exc:  # a bad $WEBQUORUM_LOG
        raise fail(exc) from None
    return count


ConfigOpt = typer.Option(None, "--config", help="YAML config file (default: $WEBQUORUM_CONFIG, ./webquorum.yaml, ~/.config/webquorum/config.yaml)")
JsonOpt = typer.Option(False, "--json", help="Print JSON instead of text (a failure too, as a JSON error object).")
VerboseOpt = typer.Option(
    0, "--verbose", "-v", count=True, callback=_verbosity, show_default=False,
    help="Log each upstream call to stderr; -vv for debug detail (keys masked). Or set WEBQUORUM_LOG=info|debug.",
)
ProviderOpt = typer.Option(None, "--provider", "-p", help="A provider or combo id (see `webquorum providers`); default: web.search_provider.")
ReaderOpt = typer.Option(None, "--reader", help="Page reader: http (default, local), jina, firecrawl, exa or tavily.")
LanguageOpt = typer.Option(None, "--language", help="Results in this language, e.g. en or de-CH.")
TimeRangeOpt = typer.Option(None, "--time-range", help="Only results from the last day, week, month or year.")
SiteOpt = typer.Option([], "--site", help="Only results on this site or its subdomains, e.g. bbc.co.uk; @name for a config site set (repeatable).")
ExcludeSiteOpt = typer.Option([], "--exclude-site", help="Never results on this site or its subdomains; @name for a set (repeatable).")


def _scope_line(scope: Any) -> str:
    """The scope of a text answer in one line, so a reader sees that results were filtered and how many."""
    parts = [f"sites: {', '.join(scope.sites)}"] if scope.sites else []
    parts += [f"excluded: {', '.join(scope.exclude_sites)}"] if scope.exclude_sites else []
    return f"scope: {'; '.join(parts)}; {scope.dropped} results outside it dropped"


def _version(show: bool) -> None:
    if show:
        from webquorum import __version__

        out.print(f"webquorum {__version__}", markup=False)
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
    verbose: int = VerboseOpt,
) -> None:
    """Multi-source web research in one call: search, read, compare, cite."""


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


def fail(exc: WebQuorumError, *, as_json: bool = False) -> typer.Exit:
    """Say what went wrong (``error CODE: message`` and ``hint:`` on stderr; JSON on stdout with --json)."""
    if as_json:
        _print_json(WebQuorumError.to_dict(exc))
    err.print(f"error {exc.code}: {exc.message}", markup=False)
    if exc.hint_text:
        err.print(f"hint: {exc.hint_text}", markup=False)
    return typer.Exit(exc.exit_code)


def interrupted() -> typer.Exit:
    return fail(AbortedError("interrupted", hint="run the command again when you are ready"))


def _run(
    config: str | None, work: Callable[[Client], Awaitable[T]], *, use_cache: bool = True, as_json: bool = False,
    refusal_as_json: bool = True,
) -> T:
    """Run one API call; every error becomes a one-line message and its exit code.

    A refused verify/discover request prints its refusal JSON (the contract a script reads); a
    refused collect request prints it with ``--json`` and as ``error:``/``hint:`` lines otherwise.
    """

    from webquorum.api import Client
    from webquorum.config import load_config

    async def main() -> T:
        async with Client(load_config(config, argument="--config"), use_cache=use_cache) as wq:
            result = await work(wq)
        for warning in getattr(result, "warnings", None) or []:  # a failed cache or store, once each
            err.print(f"warning {warning}", markup=False)
        return result

    import asyncio

    try:
        return asyncio.run(main())
    except RequestRefusedError as exc:
        # One contract: with --json one object with a code on stdout; without, stdout stays empty.
        if as_json:
            _print_json({"code": exc.code, **exc.to_dict()})
        err.print(f"error {exc.code}: {exc.error if exc.why is None else exc.why}\nhint: {exc.hint_text}", markup=False)
        raise typer.Exit(exc.exit_code) from None
    except WebQuorumError as exc:
        raise fail(exc, as_json=as_json) from None
    except KeyboardInterrupt:
        raise interrupted() from None


def _failures_line(failures: list[Any]) -> str:
    """One line naming every provider that failed, so the text output never hides a failure."""
    return "providers that failed: " + "; ".join(f"{f.provider} ({f.code}: {' '.join(f.message.split())[:120]})" for f in failures)


@command(cls=_Command)
def search(
    query: str = typer.Argument(..., help="What to search for."),
    provider: str | None = ProviderOpt,
    max_results: int | None = typer.Option(None, "--max-results", "-n", min=1, max=50, help="At most this many results (default: web.max_results, 10)."),
    language: str | None = LanguageOpt,
    time_range: str | None = TimeRangeOpt,
    site: list[str] = SiteOpt,
    exclude_site: list[str] = ExcludeSiteOpt,
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
    verbose: int = VerboseOpt,
) -> None:
    """Fan a query out to the configured providers and print the fused results."""
    from rich.table import Table
    from rich.text import Text

    resp = _run(
        config, lambda wq: wq.search(query, provider=provider, max_results=max_results, language=language, time_range=time_range,
                                     sites=site, exclude_sites=exclude_site),
        as_json=as_json,
    )
    if as_json:
        _print_json(resp.model_dump(mode="json"))
    else:
        # Titles, snippets and the query are untrusted text: Text cells, never rich markup ("[/b]" would crash).
        table = Table(title=Text(f"{resp.provider}: {one_line(resp.query)}"), show_lines=False, expand=False)
        table.add_column("#", justify="right")
        # A URL is the one thing a reader copies: never cut it with "…" (rich's default at 80 columns when piped).
        widest = min(300, max((len(safe_url(r.url)) for r in resp.results), default=10))
        table.add_column("title / url", overflow="fold", min_width=widest)
        table.add_column("ranks")
        for i, r in enumerate(resp.results, 1):
            ranks = " ".join(f"{p}:{n}" for p, n in r.ranks.items())
            cell = Text.assemble((one_line(r.title) or r.site, "bold"), f"\n{safe_url(r.url)}\n{one_line(r.snippet)[:160]}")
            table.add_row(str(i), cell, Text(ranks))
        out.print(table if resp.results else f'Nothing found for "{one_line(resp.query)}" via {resp.provider}.')
        if resp.scope:
            out.print(_scope_line(resp.scope), markup=False)
        if resp.failures:
            out.print(_failures_line(resp.failures), markup=False)
    raise typer.Exit(0)


@command(cls=_Command)
def providers(config: str | None = ConfigOpt, as_json: bool = JsonOpt, verbose: int = VerboseOpt) -> None:
    """List providers, combos and page readers: ready or not, what each needs (never a key), modality."""
    rows = _run(config, lambda wq: wq.providers(), as_json=as_json)
    if as_json:
        _print_json(rows)
        return
    # Plain columns, the long one last: a table would cut ids and variable names at 80 columns.
    cells = [(r["id"], r["kind"], "yes" if r["ready"] else "no", r["modality"], r["needs"] or "") for r in rows]
    header = ("id", "kind", "ready", "modality", "needs")
    widths = [max(len(c[i]) for c in [header, *cells]) for i in range(4)]
    for cell in [header, *cells]:
        out.print("  ".join(v.ljust(w) for v, w in zip(cell[:4], widths, strict=True)) + "  " + cell[4], markup=False)


def _content_hash(given: str | None) -> str | None:
    """``--expected-hash`` as fetch prints it (``sha256:`` + 64 hex digits); the bare digits are accepted too."""
    if given is None:
        return None
    digits = given.strip().lower().removeprefix("sha256:")
    if len(digits) != 64 or any(c not in "0123456789abcdef" for c in digits):
        raise typer.BadParameter(
            f"{given!r} is not a content hash; give the content_hash an earlier fetch printed (sha256: and 64 hex digits)",
            param_hint="'--expected-hash'",
        )
    return f"sha256:{digits}"


@command(cls=_Command)
def fetch(
    url: str = typer.Argument(..., help="The http(s) URL of the page."),
    offset: int = typer.Option(0, "--offset", min=0, help="Start of the window, in characters of the page's text."),
    budget: int = typer.Option(8000, "--budget", min=1, max=100_000, help="Characters to print from --offset."),
    expected_hash: str | None = typer.Option(None, "--expected-hash", help="Fail with WEB_FETCH_CONTENT_CHANGED if the page changed."),
    reader: str | None = ReaderOpt,
    no_cache: bool = typer.Option(False, "--no-cache", help="Fetch the page again even if the document cache holds it."),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
    verbose: int = VerboseOpt,
) -> None:
    """Read one page from its first real sentence; print a window of its text."""
    expected_hash = _content_hash(expected_hash)
    page = _run(
        config,
        lambda wq: wq.fetch(url, offset=offset, budget=budget, expected_content_hash=expected_hash, reader=reader),
        use_cache=not no_cache, as_json=as_json,
    )
    if as_json:
        _print_json(page.model_dump(mode="json"))
        return
    out.print(f"{one_line(page.title) or safe_url(page.final_url)}\n{safe_url(page.final_url)}", markup=False)
    out.print(f"[{page.source_type} via {page.reader}; chars {page.offset}-{page.offset + len(page.text)} of {page.total_chars}; {page.content_hash}]\n", markup=False)
    out.print(printable(page.text), markup=False)
    if page.truncated:
        out.print(f"\n… more: --offset {page.offset + len(page.text)}", markup=False)


@command(cls=_Command)
def links(
    url: str = typer.Argument(..., help="The http(s) URL of the page."),
    limit: int = typer.Option(100, "--limit", min=1, max=300, help="At most this many links."),
    same_site: bool = typer.Option(False, "--same-site", help="Only links on the page's own site."),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
    verbose: int = VerboseOpt,
) -> None:
    """List a page's links (text, absolute URL, same-site flag) to pick a chapter before fetching it."""
    result = _run(config, lambda wq: wq.links(url, limit=limit, same_site_only=same_site), as_json=as_json)
    data = _dump(result)
    if as_json:
        _print_json(data)
        return
    for link in data["links"]:
        mark = "" if link["same_site"] else "  (other site)"
        out.print(f"{one_line(link['text']) or '(no text)'}\n  {safe_url(link['url'])}{mark}", markup=False)


@command(cls=_Command)
def brief(
    query: str = typer.Argument(..., help="The question."),
    provider: str | None = ProviderOpt,
    reader: str | None = ReaderOpt,
    sources: int | None = typer.Option(None, "--sources", min=1, max=6, help="Sites to read, 1-6 (default: brief.sources, 4)."),
    site: list[str] = SiteOpt,
    exclude_site: list[str] = ExcludeSiteOpt,
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
    verbose: int = VerboseOpt,
) -> None:
    """Search, read up to N independent sites in parallel, and say where they agree and disagree."""
    with _progress(not as_json) as progress:
        result = _run(
            config, lambda wq: wq.brief(query, provider=provider, reader=reader, sources=sources, progress=progress,
                                        sites=site, exclude_sites=exclude_site), as_json=as_json
        )
    if as_json:
        _print_json(_dump(result))
        return
    out.print(text.brief_text(_dump(result), fence=False), markup=False)
    if result.scope:
        out.print(_scope_line(result.scope), markup=False)
    if result.failures:
        out.print(_failures_line(result.failures), markup=False)


@command(cls=_Command)
def collect(
    query: list[str] = typer.Option([], "--query", "-q", help="A search variant (repeatable, at most 10)."),
    url: list[str] = typer.Option([], "--url", "-u", help="A source URL to read first (repeatable)."),
    topic: str | None = typer.Option(None, "--topic", help="What the passages are about, to rank them (default: the queries)."),
    language: str | None = LanguageOpt,
    time_range: str | None = TimeRangeOpt,
    max_sources: int | None = typer.Option(None, "--max-sources", help="Sources to read (default: collect.max_sources_default, 5)."),
    site: list[str] = SiteOpt,
    exclude_site: list[str] = ExcludeSiteOpt,
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
    verbose: int = VerboseOpt,
) -> None:
    """Gather literal, citable passages from several sources, with offsets, hashes and gaps."""
    request: dict[str, Any] = {"urls": url, "queries": query, "sites": [*site, *(f"-{s}" for s in exclude_site)]}
    for key, value in (("topic", topic), ("language", language), ("time_range", time_range), ("max_sources", max_sources)):
        if value is not None:
            request[key] = value
    with _progress(not as_json) as progress:
        result = _run(config, lambda wq: wq.collect(request, progress=progress), refusal_as_json=as_json, as_json=as_json)
    data = _dump(result)
    if as_json:
        _print_json(data)
        return
    out.print(text.collect_text(data, fence=False), markup=False)
    if result.scope:
        out.print(_scope_line(result.scope), markup=False)


@command(cls=_Command)
def verify(
    entity: list[str] = typer.Option(..., "--entity", "-e", help="A named entity (repeatable)."),
    claim: list[str] = typer.Option(..., "--claim", "-c", help="A claim to check (repeatable)."),
    objective: str | None = typer.Option(None, "--objective", help="Why you check (default: \"Verify claims about <entities>\")."),
    freshness_days: int | None = typer.Option(None, "--freshness-days", help="Only evidence published within this many days."),
    max_results: int = typer.Option(5, "--max-results", help="Search results to judge the claims on (1-20)."),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
    verbose: int = VerboseOpt,
) -> None:
    """Check claims about named entities against independent sources: supported, contradicted, unverified."""
    request = {
        "objective": objective or f"Verify claims about {', '.join(entity)}",
        "entities": entity, "claims_to_verify": claim, "freshness_days": freshness_days, "max_results": max_results,
    }
    data = _dump(_run(config, lambda wq: wq.verify(request), as_json=as_json))
    if as_json:
        _print_json(data)
    else:
        out.print(text.verify_text(data, fence=False), markup=False)
    _exit_if_the_run_failed(data)


def _exit_if_the_run_failed(data: dict[str, Any]) -> None:
    """Exit 1 when the run stopped on the money ceiling or on providers before any search succeeded."""
    from webquorum.types.research import run_failed

    if not run_failed(data["stop_reason"], data["budget"]["calls_spent"]):
        return
    stops = [a["detail"] for a in data["audit"] if a["kind"] == "stop"]
    err.print(f"error: the run did no work: {stops[-1] if stops else data['stop_reason']}", markup=False)
    raise typer.Exit(1)


@command(cls=_Command)
def discover(
    objective: str = typer.Option(..., "--objective", help="What you are looking for, in plain words."),
    signal: list[str] = typer.Option(..., "--signal", help="A market event (repeatable, 1-4)."),
    geo: list[str] = typer.Option([], "--geo", help="A geography (repeatable, 0-3)."),
    exclude: list[str] = typer.Option([], "--exclude", help="An organisation to leave out (repeatable)."),
    freshness_days: int | None = typer.Option(None, "--freshness-days", help="Only evidence published within this many days."),
    target: int = typer.Option(5, "--target", help="Candidates to aim for (1-10)."),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
    verbose: int = VerboseOpt,
) -> None:
    """Find organisations behind a market signal (a new plant, an expansion, a tender). Never exhaustive."""
    request: dict[str, Any] = {
        "objective": objective, "signals": signal, "geographies": geo, "exclusions": exclude, "target_results": target,
    }
    if freshness_days is not None:
        request["freshness_days"] = freshness_days
    data = _dump(_run(config, lambda wq: wq.discover(request), as_json=as_json))
    if as_json:
        _print_json(data)
    else:
        out.print(text.discover_text(data, fence=False), markup=False)
    _exit_if_the_run_failed(data)


MAX_JSON_FILE_BYTES = 20_000_000  # a brief or collect result is far smaller; anything larger is not one


def _json_file(path: str | None, option: str) -> dict[str, Any] | None:
    """A result file given to ``check``, bounded and parsed; a bad one is a usage error naming the option and file."""
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_JSON_FILE_BYTES + 1)
    except OSError as exc:
        raise fail(BadRequestError(f"{option} {path}: {exc.strerror}", hint=f"give {option} the file the command's --json output was saved to")) from None
    if len(raw) > MAX_JSON_FILE_BYTES:
        raise fail(BadRequestError(f"{option} {path} is over {MAX_JSON_FILE_BYTES:,} bytes", hint="pass the brief or collect --json output, not a page"))
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise fail(BadRequestError(f"{option} {path} is not JSON ({exc})", hint=f"save `webquorum {option[2:]} ... --json` to the file and pass that")) from None
    if not isinstance(data, dict):
        raise fail(BadRequestError(f"{option} {path} holds a JSON {type(data).__name__}, not an object", hint="pass the --json output unchanged"))
    return data


@command(cls=_Command)
def check(
    answer: str = typer.Option(..., "--answer", "-a", help="The draft answer, or - to read it from stdin."),
    brief_file: str | None = typer.Option(None, "--brief", help="A file holding `webquorum brief ... --json` output."),
    collect_file: str | None = typer.Option(None, "--collect", help="A file holding `webquorum collect ... --json` output."),
    url: list[str] = typer.Option([], "--url", "-u", help="A source URL to read (repeatable, at most 10); only these are read."),
    config: str | None = ConfigOpt,
    as_json: bool = JsonOpt,
    verbose: int = VerboseOpt,
) -> None:
    """Check a draft answer against its sources: each figure, date, name and URL backed, contradicted or in no source."""
    if answer == "-":
        answer = sys.stdin.read(MAX_JSON_FILE_BYTES)
    request: dict[str, Any] = {"answer": answer, "urls": url}
    for key, value in (("brief", _json_file(brief_file, "--brief")), ("collect", _json_file(collect_file, "--collect"))):
        if value is not None:
            request[key] = value
    result = _run(config, lambda wq: wq.check_answer(request), as_json=as_json)
    if as_json:
        _print_json(_dump(result))
    else:
        out.print(printable(result.report), markup=False)


@command(cls=_Command)
def mcp(
    http: bool = typer.Option(False, "--http", help="Serve streamable HTTP on /mcp instead of stdio."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind with --http; other than loopback needs a token."),
    port: int = typer.Option(8765, "--port", min=1, max=65535, help="Port to bind with --http."),
    workers: int = typer.Option(1, "--workers", min=1, max=64, help="HTTP server processes on one port (needs store.url on Redis)."),
    small: bool = typer.Option(False, "--small", help="Small-model profile: only web_search and web_fetch, short descriptions (mcp.profile: small)."),
    config: str | None = ConfigOpt,
    verbose: int = VerboseOpt,
) -> None:
    """Run the MCP server (stdio by default, for desktop clients); Ctrl-C stops it."""
    from webquorum.config import load_config
    from webquorum.mcp import serve  # imported here: the SDK costs ~0.7 s that other commands need not pay

    try:
        if workers > 1 and not http:
            raise typer.BadParameter("--workers needs --http (stdio has one client)")
        if workers > 1 and small:
            raise typer.BadParameter("--small with --workers: each worker reads the config file, so set mcp.profile: small there")
        loaded = load_config(config, argument="--config")  # a bad config is refused before anything starts
        if small:
            loaded = loaded.model_copy(update={"mcp": loaded.mcp.model_copy(update={"profile": "small"})})
        # Fleet workers each read the config file themselves, so they get its path, not the parsed copy.
        serve(config=config if workers > 1 else loaded, http=http, host=host, port=port, workers=workers)
    except WebQuorumError as exc:
        raise fail(exc) from None
    except KeyboardInterrupt:
        raise interrupted() from None


@command(cls=_Command)
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind; anything but loopback needs mcp.auth_token."),
    port: int = typer.Option(8765, "--port", min=1, max=65535, help="Port to bind."),
    json_logs: bool = typer.Option(False, "--json-logs", help="Access log as JSON lines on stderr."),
    config: str | None = ConfigOpt,
    verbose: int = VerboseOpt,
) -> None:
    """Serve the brief page, a SearXNG-compatible /search, /brief and /fetch JSON, and MCP on /mcp."""
    from webquorum.config import load_config
    from webquorum.serve import serve as run_server  # the server stack loads only for this command

    try:
        run_server(config=load_config(config, argument="--config"), host=host, port=port, json_logs=json_logs)
    except WebQuorumError as exc:
        raise fail(exc) from None
    except KeyboardInterrupt:
        err.print("webquorum serve: stopped", markup=False)
        raise typer.Exit(130) from None


def main() -> None:
    """Run the CLI; a usage error (typer's own included) follows the same contract as every failure.

    Exit 2 with ``error WEB_BAD_REQUEST: ...`` on stderr, and with ``--json`` one JSON object with a
    ``code`` on stdout. ``--version`` alone answers before typer builds the command tree.
    """
    # typer vendors click from 0.22 on; its usage errors share BadParameter's bases either way
    click_error: type[Exception] = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
    args = sys.argv[1:]
    if args == ["--version"]:
        from webquorum import __version__

        sys.stdout.write(f"webquorum {__version__}\n")
        return
    try:
        code = typer.main.get_command(app).main(args=args, prog_name="webquorum", standalone_mode=False)
    except click_error as failure:
        exc: Any = failure
        if type(exc).__name__ == "NoArgsIsHelpError":  # bare `webquorum`: the help, as asked for, then exit 2
            sys.stdout.write(exc.ctx.get_help() + "\n")
            sys.exit(2)
        usage = BadRequestError(" ".join(exc.format_message().split()), hint="see `webquorum --help` or `webquorum COMMAND --help`")
        if "--json" in args:
            _print_json(usage.to_dict())
        if getattr(exc, "ctx", None) is not None:  # a usage error knows its command: show its usage line
            sys.stderr.write(exc.ctx.get_usage() + "\n")
        sys.stderr.write(f"error {usage.code}: {usage.message}\nhint: {usage.hint_text}\n")
        sys.exit(usage.exit_code)
    except typer.Abort:
        sys.stderr.write("error WEB_ABORTED: interrupted\n")
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
