"""Running one API call for a command and saying how it went: stdout for the answer, stderr for
progress, logs and errors; with ``--json`` a failure is one JSON error object on stdout too.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from webquorum.errors import AbortedError, RequestRefusedError, WebQuorumError

if TYPE_CHECKING:
    from webquorum.api import Client

T = TypeVar("T")


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


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def dump(value: Any) -> Any:
    return value.model_dump(mode="json") if hasattr(value, "model_dump") else value


@contextmanager
def progress(enabled: bool) -> Iterator[Callable[[str], None] | None]:
    """A live status line on stderr (rich) while long work runs; nothing when piped or --json."""
    if not enabled or not err.is_terminal:
        yield None
        return
    with err.status("working…") as status:
        yield lambda message: status.update(message)


def fail(exc: WebQuorumError, *, as_json: bool = False) -> click.exceptions.Exit:
    """Say what went wrong (``error CODE: message`` and ``hint:`` on stderr; JSON on stdout with --json)."""
    if as_json:
        print_json(WebQuorumError.to_dict(exc))
    err.print(f"error {exc.code}: {exc.message}", markup=False)
    if exc.hint_text:
        err.print(f"hint: {exc.hint_text}", markup=False)
    return click.exceptions.Exit(exc.exit_code)


def interrupted() -> click.exceptions.Exit:
    return fail(AbortedError("interrupted", hint="run the command again when you are ready"))


def run(
    config: str | None,
    work: Callable[[Client], Awaitable[T]],
    *,
    use_cache: bool = True,
    as_json: bool = False,
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
            print_json({"code": exc.code, **exc.to_dict()})
        err.print(
            f"error {exc.code}: {exc.error if exc.why is None else exc.why}\nhint: {exc.hint_text}",
            markup=False,
        )
        raise click.exceptions.Exit(exc.exit_code) from None
    except WebQuorumError as exc:
        raise fail(exc, as_json=as_json) from None
    except KeyboardInterrupt:
        raise interrupted() from None
