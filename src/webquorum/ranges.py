"""The ranges a caller's counts must fall in, one home for each (issue 26: each was written four times).

Read by the config, the pipelines that enforce them, the MCP tools' schemas and the CLI's options, so a
change here changes every door at once. Plain integers, importable before anything heavy (the CLI's
``--help`` reads them).
"""

from __future__ import annotations

MAX_RESULTS = 50  # results one search returns: the length of the fused list, and SearXNG's pages over it
MAX_BRIEF_SOURCES = 6  # sites a brief reads: more would not fit the brief's 4,000 characters
