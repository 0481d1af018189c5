"""The fork server's start: the last module of its preload list (:data:`.forkserver.PRELOAD`).

multiprocessing's fork server can only import modules, never call a function, so this import is
its entry point, as ``__main__`` is a program's. It acts only while the fork server's ``main`` is
importing it: imported anywhere else (a test, a tool walking the package), it changes nothing.
"""

from __future__ import annotations

import sys
from multiprocessing import forkserver

from webquorum.readers.sandbox.preload import prepare_fork_server


def imported_by_the_fork_server() -> bool:
    """Whether multiprocessing's fork server ``main`` is on the stack, importing its preload list."""
    frame = sys._getframe()
    while frame is not None:
        if frame.f_code is forkserver.main.__code__:
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return False


if imported_by_the_fork_server():
    prepare_fork_server()
