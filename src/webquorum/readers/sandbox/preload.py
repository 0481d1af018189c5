"""One small page of each kind, read once before a worker takes a document: the extractors' first-use costs.

Why: every extraction worker is forked from the fork server, and a worker's first document used
to pay for the extractors' lazy state (submodules imported on first use, patterns compiled on
first match, parser and cleaner objects built on first call): a normal article took 28 ms in a
fresh worker against 5.5 ms in a used one. A hostile page's worker is retired, so the spare that
replaces it was always fresh, and the next normal call paid that cost. Built once in the fork
server (:func:`prepare_fork_server`), before any fork, the state is inherited by every worker
(copy-on-write); each worker runs :func:`warm` once more before its first document.

Nothing happens at import: the fork server calls :func:`prepare_fork_server` from its entry
(:mod:`.server_start`), a worker calls :func:`warm` when it starts. The samples are fixed, small
and local; a failure here only leaves the workers cold.
"""

from __future__ import annotations

import contextlib
import os

from webquorum.readers.choose import warm_fallback
from webquorum.readers.extract import extract_document
from webquorum.readers.sandbox.priority import WORKER_NICE

__all__ = ["prepare_fork_server", "warm"]

_ARTICLE = (
    "<!doctype html><html lang='en'><head><title>Harbour works</title>"
    "<meta property='article:published_time' content='2024-03-05'></head><body><nav><a href='/'>Home</a></nav>"
    "<article><h1>Harbour works</h1><p>"
    + "The harbour board approved the new breakwater on Monday, after two years of surveys. "
    * 12
    + "</p><p>Work starts in May and should take 14 months, the board said.</p></article>"
    "<footer>Contact us</footer></body></html>"
)
_SAMPLES = (
    (_ARTICLE.encode(), "text/html; charset=utf-8"),
    (
        b"# Harbour works\n\nThe board approved the breakwater on Monday. Work starts in May.\n",
        "text/markdown",
    ),
    (b"The board approved the breakwater on Monday. Work starts in May.\n", "text/plain"),
    (b'{"title": "Harbour works", "items": [1, 2, 3]}', "application/json"),
)


def warm() -> None:
    """Extract each sample once (in the fork server, and again in each new worker)."""
    for body, content_type in _SAMPLES:
        with contextlib.suppress(Exception):
            extract_document(
                body, content_type=content_type, url="http://sample.test/", final_url="http://sample.test/"
            )
    with contextlib.suppress(Exception):
        warm_fallback()  # trafilatura's fallback (a retried page) builds a 160 ms stop-word list on first use


def prepare_fork_server() -> None:
    """Lower the fork server to the workers' priority, then :func:`warm` it.

    The fork server runs at :data:`~webquorum.readers.sandbox.priority.WORKER_NICE`, below the
    serving process: starting a spare worker (the fork, the child's start, its own warm-up) is
    background work and must not take the CPU from a call being served.
    """
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, WORKER_NICE)
    warm()
