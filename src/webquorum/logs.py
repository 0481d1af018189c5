"""Logs on stderr for people watching a run: ``-v`` (info), ``-vv`` (debug) or ``$WEBQUORUM_LOG``.

Off by default, so output stays as documented. Every record passes through :func:`redact`
and the values of key-like environment variables are masked, so a URL carrying a key or an
upstream echoing one never reaches the terminal in the clear.
"""

from __future__ import annotations

import logging
import os
import sys

from webquorum.config import log_level_setting
from webquorum.errors import redact

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_KEY_NAMES = ("KEY", "TOKEN", "SECRET", "PASSWORD")


class MaskSecrets(logging.Filter):
    """Rewrite each record's text with keys masked; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        secrets = tuple(
            v for k, v in os.environ.items() if any(n in k.upper() for n in _KEY_NAMES) and len(v) >= 8
        )
        record.msg = redact(record.getMessage(), secrets)
        record.args = None
        return True


def configure_logging(verbosity: int = 0) -> None:
    """Send webquorum's logs to stderr at the level asked for; once per process (a second call adjusts the
    level)."""
    setting = log_level_setting()
    if verbosity <= 0 and setting is None:
        return
    level = (
        logging.DEBUG
        if verbosity >= 2
        else logging.INFO
        if verbosity == 1
        else getattr(logging, str(setting).upper())
    )
    logger = logging.getLogger("webquorum")
    logger.setLevel(level)
    if not any(isinstance(h, _Handler) for h in logger.handlers):
        handler = _Handler(sys.stderr)
        handler.setFormatter(logging.Formatter(FORMAT))
        handler.addFilter(MaskSecrets())
        logger.addHandler(handler)


class _Handler(logging.StreamHandler):  # type: ignore[type-arg]
    """The stderr handler this module installs (told apart from any the application adds)."""
