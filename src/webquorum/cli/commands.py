"""The commands: parse, call :class:`webquorum.Client`, render. No logic of their own."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

import click

from webquorum import as_text as text
from webquorum.as_text import one_line, printable, safe_url
from webquorum.cli.options import Argument, Command, Group, option
from webquorum.cli.output import dump, err, fail, interrupted, out, print_json, progress, run
from webquorum.errors import BadRequestError, WebQuorumError
from webquorum.ranges import MAX_BRIEF_SOURCES, MAX_RESULTS


def _verbosity(ctx: click.Context, param: click.Parameter, count: int) -> int:
    if count <= 0 and "WEBQUORUM_LOG" not in os.environ:
        return count  # nothing asked for: skip importing the logging setup (and the config models)
    if ctx.resilient_parsing:  # TAB completion parses the line without running it
        return count
    from webquorum.logs import configure_logging

    try:
        configure_logging(count)
    except WebQuorumError as exc:  # a bad $WEBQUORUM_LOG
        raise fail(exc) from None
    return count


def _version(ctx: click.Context, param: click.Parameter, show: bool) -> None:
    if show and not ctx.resilient_parsing:
        from webquorum import __version__

        sys.stdout.write(f"webquorum {__version__}\n")
        ctx.exit(0)


def _completion(ctx: click.Context, param: click.Parameter, wanted: bool) -> None:
    if wanted and not ctx.resilient_parsing:
        from webquorum.cli.completion import install, show

        ctx.exit((install if param.name == "install_completion" else show)())


def config_option() -> click.Option:
    return option(
        "config",
        "--config",
        help="YAML config file (default: $WEBQUORUM_CONFIG, ./webquorum.yaml, ~/.config/webquorum/config.yaml)",
    )


def json_option() -> click.Option:
    return option(
        "as_json",
        "--json",
        flag=True,
        help="Print JSON instead of text (a failure too, as a JSON error object).",
    )


def verbose_option() -> click.Option:
    return click.Option(
        ["verbose", "--verbose", "-v"],
        count=True,
        callback=_verbosity,
        show_default=False,
        help="Log each upstream call to stderr; -vv for debug detail (keys masked). Or set WEBQUORUM_LOG=info|debug.",
    )


def common() -> list[click.Option]:
    """``--config``, ``--json`` and ``-v``, last on every command that calls the API."""
    return [config_option(), json_option(), verbose_option()]


def provider_option() -> click.Option:
    return option(
        "provider",
        "--provider",
        "-p",
        help="A provider or combo id (see `webquorum providers`); default: web.search_provider.",
    )


def reader_option() -> click.Option:
    return option(
        "reader", "--reader", help="Page reader: http (default, local), jina, firecrawl, exa or tavily."
    )


def language_option() -> click.Option:
    return option("language", "--language", help="Results in this language, e.g. en or de-CH.")


def time_range_option() -> click.Option:
    return option("time_range", "--time-range", help="Only results from the last day, week, month or year.")


def site_options() -> list[click.Option]:
    return [
        option(
            "site",
            "--site",
            multiple=True,
            help="Only results on this site or its subdomains, e.g. bbc.co.uk; @name for a config site set (repeatable).",
        ),
        option(
            "exclude_site",
            "--exclude-site",
            multiple=True,
            help="Never results on this site or its subdomains; @name for a set (repeatable).",
        ),
    ]


app = Group(
    name="webquorum",
    help="Multi-source web research in one call: search, read, compare, cite.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"], "show_default": True},
    params=[
        option(
            "version",
            "--version",
            flag=True,
            callback=_version,
            is_eager=True,
            expose_value=False,
            help="Print the version and exit.",
        ),
        verbose_option(),
        option(
            "install_completion",
            "--install-completion",
            flag=True,
            callback=_completion,
            expose_value=False,
            help="Install completion for the current shell.",
        ),
        option(
            "show_completion",
            "--show-completion",
            flag=True,
            callback=_completion,
            expose_value=False,
            help="Show completion for the current shell, to copy it or customize the installation.",
        ),
    ],
    callback=lambda verbose: None,
)


def command(
    *params: click.Parameter | list[click.Option],
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Add the decorated function to ``app`` as a command of its name, its docstring the help."""

    def add(function: Callable[..., None]) -> Callable[..., None]:
        def call(**values: Any) -> None:  # repeatable options arrive as tuples; the API takes lists
            function(**{k: list(v) if isinstance(v, tuple) else v for k, v in values.items()})

        flat = [p for item in params for p in (item if isinstance(item, list) else [item])]
        app.add_command(Command(function.__name__, callback=call, params=flat, help=function.__doc__))
        return function

    return add


def _scope_line(scope: Any) -> str:
    """The scope of a text answer in one line, so a reader sees that results were filtered and how many."""
    parts = [f"sites: {', '.join(scope.sites)}"] if scope.sites else []
    parts += [f"excluded: {', '.join(scope.exclude_sites)}"] if scope.exclude_sites else []
    return f"scope: {'; '.join(parts)}; {scope.dropped} results outside it dropped"


def _failures_line(failures: list[Any]) -> str:
    """One line naming every provider that failed, so the text output never hides a failure."""
    return "providers that failed: " + "; ".join(
        f"{f.provider} ({f.code}: {' '.join(f.message.split())[:120]})" for f in failures
    )


@command(
    Argument("query", help="What to search for."),
    provider_option(),
    option(
        "max_results",
        "--max-results",
        "-n",
        low=1,
        high=MAX_RESULTS,
        help="At most this many results (default: web.max_results, 10).",
    ),
    language_option(),
    time_range_option(),
    site_options(),
    common(),
)
def search(
    query: str,
    provider: str | None,
    max_results: int | None,
    language: str | None,
    time_range: str | None,
    site: list[str],
    exclude_site: list[str],
    config: str | None,
    as_json: bool,
    verbose: int,
) -> None:
    """Fan a query out to the configured providers and print the fused results."""
    from rich.table import Table
    from rich.text import Text

    resp = run(
        config,
        lambda wq: wq.search(
            query,
            provider=provider,
            max_results=max_results,
            language=language,
            time_range=time_range,
            sites=site,
            exclude_sites=exclude_site,
        ),
        as_json=as_json,
    )
    if as_json:
        print_json(resp.model_dump(mode="json"))
    else:
        # Titles, snippets and the query are untrusted text: Text cells, never rich markup ("[/b]" would
        # crash).
        table = Table(title=Text(f"{resp.provider}: {one_line(resp.query)}"), show_lines=False, expand=False)
        table.add_column("#", justify="right")
        # A URL is the one thing a reader copies: never cut it with "…" (rich's default at 80 columns when
        # piped).
        widest = min(300, max((len(safe_url(r.url)) for r in resp.results), default=10))
        table.add_column("title / url", overflow="fold", min_width=widest)
        table.add_column("ranks")
        for i, r in enumerate(resp.results, 1):
            ranks = " ".join(f"{p}:{n}" for p, n in r.ranks.items())
            cell = Text.assemble(
                (one_line(r.title) or r.site, "bold"), f"\n{safe_url(r.url)}\n{one_line(r.snippet)[:160]}"
            )
            table.add_row(str(i), cell, Text(ranks))
        out.print(
            table if resp.results else f'Nothing found for "{one_line(resp.query)}" via {resp.provider}.'
        )
        if resp.scope:
            out.print(_scope_line(resp.scope), markup=False)
        if resp.failures:
            out.print(_failures_line(resp.failures), markup=False)


@command(common())
def providers(config: str | None, as_json: bool, verbose: int) -> None:
    """List providers, combos and page readers: ready or not, what each needs (never a key), modality."""
    rows = run(config, lambda wq: wq.providers(), as_json=as_json)
    if as_json:
        print_json(rows)
        return
    # Plain columns, the long one last: a table would cut ids and variable names at 80 columns.
    cells = [
        (r["id"], r["kind"], "yes" if r["ready"] else "no", r["modality"], r["needs"] or "") for r in rows
    ]
    header = ("id", "kind", "ready", "modality", "needs")
    widths = [max(len(c[i]) for c in [header, *cells]) for i in range(4)]
    for cell in [header, *cells]:
        out.print(
            "  ".join(v.ljust(w) for v, w in zip(cell[:4], widths, strict=True)) + "  " + cell[4],
            markup=False,
        )


def _content_hash(ctx: click.Context, param: click.Parameter, given: str | None) -> str | None:
    """``--expected-hash`` as fetch prints it (``sha256:`` + 64 hex digits); the bare digits are accepted
    too."""
    if given is None:
        return None
    digits = given.strip().lower().removeprefix("sha256:")
    if len(digits) != 64 or any(c not in "0123456789abcdef" for c in digits):
        raise click.BadParameter(
            f"{given!r} is not a content hash; give the content_hash an earlier fetch printed (sha256: and 64 hex digits)",
            param_hint="'--expected-hash'",
        )
    return f"sha256:{digits}"


@command(
    Argument("url", help="The http(s) URL of the page."),
    option(
        "offset", "--offset", default=0, low=0, help="Start of the window, in characters of the page's text."
    ),
    option(
        "budget", "--budget", default=8000, low=1, high=100_000, help="Characters to print from --offset."
    ),
    option(
        "expected_hash",
        "--expected-hash",
        callback=_content_hash,
        help="Fail with WEB_FETCH_CONTENT_CHANGED if the page changed.",
    ),
    reader_option(),
    option(
        "no_cache", "--no-cache", flag=True, help="Fetch the page again even if the document cache holds it."
    ),
    common(),
)
def fetch(
    url: str,
    offset: int,
    budget: int,
    expected_hash: str | None,
    reader: str | None,
    no_cache: bool,
    config: str | None,
    as_json: bool,
    verbose: int,
) -> None:
    """Read one page from its first real sentence; print a window of its text."""
    page = run(
        config,
        lambda wq: wq.fetch(
            url, offset=offset, budget=budget, expected_content_hash=expected_hash, reader=reader
        ),
        use_cache=not no_cache,
        as_json=as_json,
    )
    if as_json:
        print_json(page.model_dump(mode="json"))
        return
    out.print(f"{one_line(page.title) or safe_url(page.final_url)}\n{safe_url(page.final_url)}", markup=False)
    out.print(
        f"[{page.source_type} via {page.reader}; chars {page.offset}-{page.offset + len(page.text)} of {page.total_chars}; {page.content_hash}]\n",
        markup=False,
    )
    out.print(printable(page.text), markup=False)
    if page.truncated:
        out.print(f"\n… more: --offset {page.offset + len(page.text)}", markup=False)


@command(
    Argument("url", help="The http(s) URL of the page."),
    option("limit", "--limit", default=100, low=1, high=300, help="At most this many links."),
    option("same_site", "--same-site", flag=True, help="Only links on the page's own site."),
    common(),
)
def links(url: str, limit: int, same_site: bool, config: str | None, as_json: bool, verbose: int) -> None:
    """List a page's links (text, absolute URL, same-site flag) to pick a chapter before fetching it."""
    result = run(config, lambda wq: wq.links(url, limit=limit, same_site_only=same_site), as_json=as_json)
    data = dump(result)
    if as_json:
        print_json(data)
        return
    for link in data["links"]:
        mark = "" if link["same_site"] else "  (other site)"
        out.print(f"{one_line(link['text']) or '(no text)'}\n  {safe_url(link['url'])}{mark}", markup=False)


@command(
    Argument("query", help="The question."),
    provider_option(),
    reader_option(),
    option(
        "sources",
        "--sources",
        low=1,
        high=MAX_BRIEF_SOURCES,
        help=f"Sites to read, 1-{MAX_BRIEF_SOURCES} (default: brief.sources, 4).",
    ),
    site_options(),
    common(),
)
def brief(
    query: str,
    provider: str | None,
    reader: str | None,
    sources: int | None,
    site: list[str],
    exclude_site: list[str],
    config: str | None,
    as_json: bool,
    verbose: int,
) -> None:
    """Search, read up to N independent sites in parallel, and say where they agree and disagree."""
    with progress(not as_json) as on_progress:
        result = run(
            config,
            lambda wq: wq.brief(
                query,
                provider=provider,
                reader=reader,
                sources=sources,
                progress=on_progress,
                sites=site,
                exclude_sites=exclude_site,
            ),
            as_json=as_json,
        )
    if as_json:
        print_json(dump(result))
        return
    out.print(text.brief_text(dump(result), fence=False), markup=False)
    if result.scope:
        out.print(_scope_line(result.scope), markup=False)
    if result.failures:
        out.print(_failures_line(result.failures), markup=False)


@command(
    option("query", "--query", "-q", multiple=True, help="A search variant (repeatable, at most 10)."),
    option("url", "--url", "-u", multiple=True, help="A source URL to read first (repeatable)."),
    option("topic", "--topic", help="What the passages are about, to rank them (default: the queries)."),
    language_option(),
    time_range_option(),
    option(
        "max_sources",
        "--max-sources",
        kind=int,
        help="Sources to read (default: collect.max_sources_default, 5).",
    ),
    site_options(),
    common(),
)
def collect(
    query: list[str],
    url: list[str],
    topic: str | None,
    language: str | None,
    time_range: str | None,
    max_sources: int | None,
    site: list[str],
    exclude_site: list[str],
    config: str | None,
    as_json: bool,
    verbose: int,
) -> None:
    """Gather literal, citable passages from several sources, with offsets, hashes and gaps."""
    request: dict[str, Any] = {
        "urls": url,
        "queries": query,
        "sites": [*site, *(f"-{s}" for s in exclude_site)],
    }
    for key, value in (
        ("topic", topic),
        ("language", language),
        ("time_range", time_range),
        ("max_sources", max_sources),
    ):
        if value is not None:
            request[key] = value
    with progress(not as_json) as on_progress:
        result = run(
            config,
            lambda wq: wq.collect(request, progress=on_progress),
            refusal_as_json=as_json,
            as_json=as_json,
        )
    data = dump(result)
    if as_json:
        print_json(data)
        return
    out.print(text.collect_text(data, fence=False), markup=False)
    if result.scope:
        out.print(_scope_line(result.scope), markup=False)


def _freshness_option() -> click.Option:
    return option(
        "freshness_days", "--freshness-days", kind=int, help="Only evidence published within this many days."
    )


@command(
    option("entity", "--entity", "-e", multiple=True, required=True, help="A named entity (repeatable)."),
    option("claim", "--claim", "-c", multiple=True, required=True, help="A claim to check (repeatable)."),
    option("objective", "--objective", help='Why you check (default: "Verify claims about <entities>").'),
    _freshness_option(),
    option(
        "max_results",
        "--max-results",
        kind=int,
        default=5,
        help="Search results to judge the claims on (1-20).",
    ),
    common(),
)
def verify(
    entity: list[str],
    claim: list[str],
    objective: str | None,
    freshness_days: int | None,
    max_results: int,
    config: str | None,
    as_json: bool,
    verbose: int,
) -> None:
    """Check claims about named entities against independent sources: supported, contradicted, unverified."""
    request = {
        "objective": objective or f"Verify claims about {', '.join(entity)}",
        "entities": entity,
        "claims_to_verify": claim,
        "freshness_days": freshness_days,
        "max_results": max_results,
    }
    data = dump(run(config, lambda wq: wq.verify(request), as_json=as_json))
    if as_json:
        print_json(data)
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
    raise click.exceptions.Exit(1)


@command(
    option("objective", "--objective", required=True, help="What you are looking for, in plain words."),
    option("signal", "--signal", multiple=True, required=True, help="A market event (repeatable, 1-4)."),
    option("geo", "--geo", multiple=True, help="A geography (repeatable, 0-3)."),
    option("exclude", "--exclude", multiple=True, help="An organisation to leave out (repeatable)."),
    _freshness_option(),
    option("target", "--target", kind=int, default=5, help="Candidates to aim for (1-10)."),
    common(),
)
def discover(
    objective: str,
    signal: list[str],
    geo: list[str],
    exclude: list[str],
    freshness_days: int | None,
    target: int,
    config: str | None,
    as_json: bool,
    verbose: int,
) -> None:
    """Find organisations behind a market signal (a new plant, an expansion, a tender). Never exhaustive."""
    request: dict[str, Any] = {
        "objective": objective,
        "signals": signal,
        "geographies": geo,
        "exclusions": exclude,
        "target_results": target,
    }
    if freshness_days is not None:
        request["freshness_days"] = freshness_days
    data = dump(run(config, lambda wq: wq.discover(request), as_json=as_json))
    if as_json:
        print_json(data)
    else:
        out.print(text.discover_text(data, fence=False), markup=False)
    _exit_if_the_run_failed(data)


MAX_JSON_FILE_BYTES = 20_000_000  # a brief or collect result is far smaller; anything larger is not one


def _json_file(path: str | None, option: str) -> dict[str, Any] | None:
    """A result file given to ``check``, bounded and parsed; a bad one is a usage error naming the option and
    file."""
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_JSON_FILE_BYTES + 1)
    except OSError as exc:
        raise fail(
            BadRequestError(
                f"{option} {path}: {exc.strerror}",
                hint=f"give {option} the file the command's --json output was saved to",
            )
        ) from None
    if len(raw) > MAX_JSON_FILE_BYTES:
        raise fail(
            BadRequestError(
                f"{option} {path} is over {MAX_JSON_FILE_BYTES:,} bytes",
                hint="pass the brief or collect --json output, not a page",
            )
        )
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise fail(
            BadRequestError(
                f"{option} {path} is not JSON ({exc})",
                hint=f"save `webquorum {option[2:]} ... --json` to the file and pass that",
            )
        ) from None
    if not isinstance(data, dict):
        raise fail(
            BadRequestError(
                f"{option} {path} holds a JSON {type(data).__name__}, not an object",
                hint="pass the --json output unchanged",
            )
        )
    return data


@command(
    option("answer", "--answer", "-a", required=True, help="The draft answer, or - to read it from stdin."),
    option("brief_file", "--brief", help="A file holding `webquorum brief ... --json` output."),
    option("collect_file", "--collect", help="A file holding `webquorum collect ... --json` output."),
    option(
        "url",
        "--url",
        "-u",
        multiple=True,
        help="A source URL to read (repeatable, at most 10); only these are read.",
    ),
    common(),
)
def check(
    answer: str,
    brief_file: str | None,
    collect_file: str | None,
    url: list[str],
    config: str | None,
    as_json: bool,
    verbose: int,
) -> None:
    """Check a draft answer against its sources: each figure, date, name and URL backed, contradicted or in no
    source."""
    if answer == "-":
        answer = sys.stdin.read(MAX_JSON_FILE_BYTES)
    request: dict[str, Any] = {"answer": answer, "urls": url}
    for key, value in (
        ("brief", _json_file(brief_file, "--brief")),
        ("collect", _json_file(collect_file, "--collect")),
    ):
        if value is not None:
            request[key] = value
    result = run(config, lambda wq: wq.check_answer(request), as_json=as_json)
    if as_json:
        print_json(dump(result))
    else:
        out.print(printable(result.report), markup=False)


def _port_option(help: str) -> click.Option:
    return option("port", "--port", default=8765, low=1, high=65535, help=help)


@command(
    option("http", "--http", flag=True, help="Serve streamable HTTP on /mcp instead of stdio."),
    option(
        "host",
        "--host",
        default="127.0.0.1",
        help="Address to bind with --http; other than loopback needs a token.",
    ),
    _port_option("Port to bind with --http."),
    option(
        "workers",
        "--workers",
        default=1,
        low=1,
        high=64,
        help="HTTP server processes on one port (needs store.url on Redis).",
    ),
    option(
        "small",
        "--small",
        flag=True,
        help="Small-model profile: only web_search and web_fetch, short descriptions (mcp.profile: small).",
    ),
    config_option(),
    verbose_option(),
)
def mcp(
    http: bool, host: str, port: int, workers: int, small: bool, config: str | None, verbose: int
) -> None:
    """Run the MCP server (stdio by default, for desktop clients); Ctrl-C stops it."""
    from webquorum.config import load_config
    from webquorum.mcp import serve  # imported here: the SDK costs ~0.7 s that other commands need not pay

    try:
        if workers > 1 and not http:
            raise click.BadParameter("--workers needs --http (stdio has one client)")
        if workers > 1 and small:
            raise click.BadParameter(
                "--small with --workers: each worker reads the config file, so set mcp.profile: small there"
            )
        loaded = load_config(config, argument="--config")  # a bad config is refused before anything starts
        if small:
            loaded = loaded.model_copy(update={"mcp": loaded.mcp.model_copy(update={"profile": "small"})})
        # Fleet workers each read the config file themselves, so they get its path, not the parsed copy.
        serve(config=config if workers > 1 else loaded, http=http, host=host, port=port, workers=workers)
    except WebQuorumError as exc:
        raise fail(exc) from None
    except KeyboardInterrupt:
        raise interrupted() from None


@command(
    option(
        "host",
        "--host",
        default="127.0.0.1",
        help="Address to bind; anything but loopback needs mcp.auth_token.",
    ),
    _port_option("Port to bind."),
    option("json_logs", "--json-logs", flag=True, help="Access log as JSON lines on stderr."),
    config_option(),
    verbose_option(),
)
def serve(host: str, port: int, json_logs: bool, config: str | None, verbose: int) -> None:
    """Serve the brief page, a SearXNG-compatible /search, /brief and /fetch JSON, and MCP on /mcp."""
    from webquorum.config import load_config
    from webquorum.serve import serve as run_server  # the server stack loads only for this command

    try:
        run_server(config=load_config(config, argument="--config"), host=host, port=port, json_logs=json_logs)
    except WebQuorumError as exc:
        raise fail(exc) from None
    except KeyboardInterrupt:
        err.print("webquorum serve: stopped", markup=False)
        raise click.exceptions.Exit(130) from None
