"""Play websites on the simulated web for the page reader's tests.

Sites are host names (``news-a.test`` ...) pinned to 127.0.0.1 through ``network.resolve`` and
opened through ``network.allow_hosts``, exactly as an operator would open an intranet host, so
the address guard stays on for everything else. Retries are off unless a test turns them on.
"""

from __future__ import annotations

import asyncio
import functools
import zlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from fpdf import FPDF

from tests.sim.web import SimWeb

PAGES = Path(__file__).resolve().parent.parent / "fixtures" / "pages"
SITE = "news-a.test"
OTHER_SITE = "news-b.test"
SITES = (SITE, OTHER_SITE, "www.news-a.test")

P = ParamSpec("P")
T = TypeVar("T")


def site_config(web: SimWeb, *, cache_path: Path | None = None, **network: Any) -> dict[str, Any]:
    """A config whose SITES resolve to ``web`` and are allowed; everything else stays guarded."""
    net: dict[str, Any] = {
        "resolve": {host: "127.0.0.1" for host in SITES},
        "allow_hosts": list(SITES),
        "retries": 0,
        "fetch_deadline_s": 3.0,
    }
    net.update(network)
    cache = {"enabled": True, "path": str(cache_path)} if cache_path is not None else {"enabled": False}
    return {"network": net, "cache": cache}


def allow_target(config: dict[str, Any], *hosts: str) -> dict[str, Any]:
    """Let reader services be handed pages on ``hosts``: they get only URLs the guard would read itself.

    The names are pinned to loopback and listed in ``allow_hosts``, standing in for public pages
    (no test resolves a real name).
    """
    for host in hosts:
        config["network"]["resolve"][host] = "127.0.0.1"
        config["network"]["allow_hosts"] = [*config["network"].get("allow_hosts", []), host]
    return config


def article(title: str, *paragraphs: str) -> str:
    """A minimal well-formed article page (extractors need a real document, not a fragment)."""
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    return f'<!DOCTYPE html><html lang="en"><head><title>{title}</title></head><body><article><h1>{title}</h1>{body}</article></body></html>'


def page_bytes(name: str) -> bytes:
    return (PAGES / name).read_bytes()


def pdf_bytes(title: str, paragraphs: list[str]) -> bytes:
    """A small text-layer PDF, generated at test time (nothing binary is committed)."""
    pdf = FPDF()
    pdf.set_title(title)
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    for paragraph in paragraphs:
        pdf.multi_cell(0, 8, paragraph)
        pdf.ln(4)
    return bytes(pdf.output())


def gzip_bomb(megabytes: int) -> bytes:
    """``megabytes`` MB of zeros gzipped (about 1000:1), built without holding the plain bytes."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = bytes(1_000_000)
    return b"".join(packer.compress(block) for _ in range(megabytes)) + packer.flush()


def bounded(seconds: float) -> Callable[[Callable[P, Awaitable[T]]], Callable[P, Awaitable[T]]]:
    """Fail an async test that runs past ``seconds`` instead of hanging the suite (no pytest-timeout here)."""

    def wrap(fn: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
        @functools.wraps(fn)
        async def run(*args: P.args, **kwargs: P.kwargs) -> T:
            async with asyncio.timeout(seconds):
                return await fn(*args, **kwargs)

        return run

    return wrap
