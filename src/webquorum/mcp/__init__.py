"""The MCP server: a thin shell over :class:`webquorum.Client` (server, tools, rendering, bounds, auth)."""
