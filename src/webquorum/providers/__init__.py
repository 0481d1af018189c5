"""Search backends, one module each; :func:`provider_module` loads one by id.

Every module has the same shape (see :mod:`webquorum.providers.base`): ``SPEC``, a pure
``build_request`` and a pure ``parse_response``.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Protocol

from ..config import PROVIDER_IDS
from ..types import RawResult, SearchQuery
from .base import HttpRequest, HttpResponse, ProviderSpec, RequestContext


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
