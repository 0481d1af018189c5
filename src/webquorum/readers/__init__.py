"""Page readers: the local ``http`` reader and reader services (jina, firecrawl, exa, tavily).

A reader service module has ``SPEC``, a pure ``build_request(url, ctx)`` and a pure
``parse_response(resp, url) -> Document``; the runtime sends it through the choke point
and trims its markdown to the first real sentence like any other page.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Protocol

from ..providers.base import HttpRequest, HttpResponse, ProviderSpec, RequestContext
from ..types import Document

SERVICE_MODULES = {"jina": "jina_reader", "firecrawl": "firecrawl_reader", "exa": "exa_reader", "tavily": "tavily_reader"}


class ReaderModule(Protocol):
    SPEC: ProviderSpec

    def build_request(self, url: str, ctx: RequestContext) -> HttpRequest: ...

    def parse_response(self, resp: HttpResponse, url: str) -> Document: ...


@cache
def reader_module(reader_id: str) -> ReaderModule:
    module: ReaderModule = importlib.import_module(f"{__name__}.{SERVICE_MODULES[reader_id]}")
    return module


__all__ = ["SERVICE_MODULES", "ReaderModule", "reader_module"]
