"""What the HTTP shells (``webquorum serve`` and ``webquorum mcp --http``) share, below both of them.

- :mod:`~webquorum.hosting.access`: the one Host/Origin/token guard in front of every route,
- :mod:`~webquorum.hosting.binding`: the listening socket and "off loopback needs a token",
- :mod:`~webquorum.hosting.runner` and :mod:`~webquorum.hosting.headers`: the graceful uvicorn
  runner and its deadline on request headers,
- :mod:`~webquorum.hosting.gate`: one concurrency cap and call deadline for every door,
- :mod:`~webquorum.hosting.bounds`: the size bound a result is kept under, with what was cut.

No shell imports another shell's modules (import-linter says so); what two shells need lives here.
"""
