"""Warnings about our own plumbing (a store or cache that failed) carried back to the caller.

A cache fault must not fail a read, but it must not be silent either: the component that
noticed it calls :func:`report` once per outage, and the pipeline that started the call
collects what was reported while it ran (:func:`collecting`) into the result's ``warnings``.
A context variable, not a parameter, because the fault is noticed several layers below the
pipeline, in tasks the pipeline started; child tasks copy the context and so share the list.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ParamSpec, TypeVar

from pydantic import BaseModel

P = ParamSpec("P")
R = TypeVar("R", bound=BaseModel)

log = logging.getLogger("webquorum.store")

_MAX_PER_CALL = 8
_current: ContextVar[list[str] | None] = ContextVar("webquorum_notices", default=None)


def report(message: str) -> None:
    """Log ``message`` and add it to the collecting call's warnings (if one is collecting)."""
    log.warning("%s", message)
    sink = _current.get()
    if sink is not None and message not in sink and len(sink) < _MAX_PER_CALL:
        sink.append(message)


@contextmanager
def collecting() -> Iterator[list[str]]:
    """Collect what :func:`report` receives inside the block; nested blocks share the outer list."""
    outer = _current.get()
    if outer is not None:
        yield outer
        return
    sink: list[str] = []
    token = _current.set(sink)
    try:
        yield sink
    finally:
        _current.reset(token)


def reported(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Decorate a pipeline whose result has a ``warnings`` field: what was reported lands there."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with collecting() as warned:
            result = await fn(*args, **kwargs)
        if warned and hasattr(result, "warnings"):
            result = result.model_copy(update={"warnings": list(warned)})
        return result

    return wrapper
