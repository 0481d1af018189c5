"""The MCP server: the tools, their argument models and their rendering, over :class:`webquorum.Client`.

Other shells import this package entry only (import-linter forbids reaching into its modules):
``webquorum serve`` mounts :func:`http_app` on ``/mcp`` and validates its doors with the tools'
argument models; the CLI runs :func:`serve`. The HTTP plumbing (guard, socket, runner, gate,
size bound) is :mod:`webquorum.hosting`'s.
"""

from __future__ import annotations

from webquorum.mcp.server import build_server, http_app, serve
from webquorum.mcp.tools import WebFetchArgs, WebSearchArgs

__all__ = ["WebFetchArgs", "WebSearchArgs", "build_server", "http_app", "serve"]
