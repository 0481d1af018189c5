"""Reading a page: the local ``http`` reader and reader services (jina, firecrawl, exa, tavily).

- :mod:`.local`: the local reader (guarded GET, status triage, extraction in the sandbox);
- :mod:`.remote`: a page read by a reader service, its HTTP call the runtime's guarded call;
- :mod:`.sandbox`: every extraction runs in a pooled child process under a deadline and CPU and
  memory limits;
- :mod:`.extract` and the modules it uses (choose, hidden, walls, trim, bounds, embeds, pdf): the
  text of one body, run inside the sandbox.

A reader service module (in :mod:`webquorum.readers.services`, named by the same id as the
provider it belongs to) has ``SPEC``, a pure ``build_request(url, ctx)`` and a pure
``parse_response(resp, url) -> Document``; :mod:`.remote` sends it through the choke point and
trims its markdown to the first real sentence like any other page. The id lists are read off
the modules present.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Protocol

from webquorum.readers import services
from webquorum.types import Document
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

LOCAL_READER = "http"
SERVICE_IDS: tuple[str, ...] = tuple(
    sorted(m.name for m in pkgutil.iter_modules(services.__path__) if m.name != "base")
)
READER_IDS: tuple[str, ...] = (LOCAL_READER, *SERVICE_IDS)


class ReaderModule(Protocol):
    SPEC: ProviderSpec

    def build_request(self, url: str, ctx: RequestContext) -> HttpRequest: ...

    def parse_response(self, resp: HttpResponse, url: str) -> Document: ...


@cache
def reader_module(reader_id: str) -> ReaderModule:
    if reader_id not in SERVICE_IDS:
        raise KeyError(reader_id)
    module: ReaderModule = importlib.import_module(f"{services.__name__}.{reader_id}")
    return module


__all__ = ["LOCAL_READER", "READER_IDS", "SERVICE_IDS", "ReaderModule", "reader_module"]
