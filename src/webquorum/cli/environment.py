"""The environment variable a shell sets to ask for completions: read at start-up before click loads
(``cli/__init__``) and written into the completion scripts (``cli/completion``), so it lives in neither."""

from __future__ import annotations

# typer's name for it, so completions installed by earlier releases keep working
COMPLETE_VAR = "_WEBQUORUM_COMPLETE"
