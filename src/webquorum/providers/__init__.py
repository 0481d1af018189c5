"""Search backends, one module each; the id list is the modules present.

Every module has the same shape (see :mod:`webquorum.providers.base`): ``SPEC``, a pure
``build_request`` and a pure ``parse_response``. Adding a provider is adding a module here:
:data:`PROVIDER_IDS` is read off the package's files, so no other list needs an edit.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Protocol

from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

_NOT_ADAPTERS = frozenset({"base"})
PROVIDER_IDS: tuple[str, ...] = tuple(
    sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name not in _NOT_ADAPTERS)
)


class ProviderModule(Protocol):
    SPEC: ProviderSpec

    def build_request(self, query: SearchQuery, ctx: RequestContext) -> HttpRequest: ...

    def parse_response(self, resp: HttpResponse) -> list[RawResult]: ...


@cache
def provider_module(provider_id: str) -> ProviderModule:
    if provider_id not in PROVIDER_IDS:
        raise KeyError(provider_id)
    module: ProviderModule = importlib.import_module(f"{__name__}.{provider_id}")
    return module


__all__ = ["PROVIDER_IDS", "ProviderModule", "provider_module"]
