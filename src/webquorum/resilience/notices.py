"""Warnings about our own plumbing (a store or cache that failed) carried back to the caller.

A cache fault must not fail a read, but it must not be silent either: the component that
noticed it calls :func:`report` once per outage, and the pipeline that started the call
collects what was reported while it ran (:func:`collecting`) into the result's ``warnings``.
A context variable, not a parameter, because the fault is noticed several layers below the
pipeline, in tasks the pipeline started; child tasks copy the context and so share the list.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

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
