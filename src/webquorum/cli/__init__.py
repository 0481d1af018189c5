"""The command line: parse, call :class:`webquorum.Client`, render. No logic of its own.

Exit codes: 0 the work ran (also when some providers failed or sources had gaps), 1 the work
failed, 2 bad usage or config, 130 interrupted. Progress and logs go to stderr so ``--json``
stays clean; with ``--json`` a failure is a JSON error object on stdout too.

Start-up: ``--version`` alone imports nothing; ``--help``, completion and a usage error import
only click, the error tree and the text helpers; rich, the config models, the HTTP stack and the
readers load inside the commands that use them (benchmarks/startup.py measures it,
tests/test_cli_startup.py guards it).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from webquorum.cli.environment import COMPLETE_VAR

__all__ = ["app", "main"]


def __getattr__(name: str) -> Any:
    """``app``, the click command tree, built on first use so ``--version`` need not load click."""
    if name != "app":
        raise AttributeError(f"module 'webquorum.cli' has no attribute {name!r}")
    from webquorum.cli.commands import app

    return app


def main() -> None:
    """Run the CLI; a usage error (click's own included) follows the same contract as every failure.

    Exit 2 with ``error WEB_BAD_REQUEST: ...`` on stderr, and with ``--json`` one JSON object with a
    ``code`` on stdout. A TAB completion (``$_WEBQUORUM_COMPLETE`` set by the shell's script) answers
    before the command line is parsed.
    """
    args = sys.argv[1:]
    if args == ["--version"]:  # the most frequent probe of a tool, answered before click loads
        from webquorum import __version__

        sys.stdout.write(f"webquorum {__version__}\n")
        return

    import click

    from webquorum.cli.commands import app
    from webquorum.cli.output import print_json
    from webquorum.errors import BadRequestError

    instruction = os.environ.get(COMPLETE_VAR)
    if instruction:
        from webquorum.cli.completion import answer

        sys.exit(answer(app, instruction))
    if not args:  # bare `webquorum`: the help, as asked for, then exit 2
        with click.Context(app, info_name="webquorum", **app.context_settings) as ctx:
            sys.stdout.write(ctx.get_help() + "\n")
        sys.exit(2)
    try:
        code = app.main(args=args, prog_name="webquorum", standalone_mode=False)
    except click.ClickException as exc:
        usage = BadRequestError(
            " ".join(exc.format_message().split()),
            hint="see `webquorum --help` or `webquorum COMMAND --help`",
        )
        if "--json" in args:
            print_json(usage.to_dict())
        if (
            isinstance(exc, click.UsageError) and exc.ctx is not None
        ):  # it knows its command: show its usage line
            sys.stderr.write(exc.ctx.get_usage() + "\n")
        sys.stderr.write(f"error {usage.code}: {usage.message}\nhint: {usage.hint_text}\n")
        sys.exit(usage.exit_code)
    except click.Abort:
        sys.stderr.write("error WEB_ABORTED: interrupted\n")
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
