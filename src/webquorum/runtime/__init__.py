"""The runtime below the pipelines: the parts one client shares, and the guarded call to an upstream.

- :mod:`.wiring`: :class:`Runtime`, built from the config (HTTP client, store, breakers, rate
  limiter, document cache; the extraction workers started);
- :mod:`.credentials`: who can run, with which key, base URL and model, read when asked;
- :mod:`.calls`: the guarded adapter call (retries around breaker, rate limit, choke point, parse),
  a provider search and a reader-service read through it.
"""

from __future__ import annotations

from webquorum.runtime.calls import AttemptHook
from webquorum.runtime.credentials import ProviderRow, require_available
from webquorum.runtime.wiring import Runtime

__all__ = ["AttemptHook", "ProviderRow", "Runtime", "require_available"]
