"""Extracted documents kept in one SQLite file, so reading a page twice costs one fetch.

Why not only an HTTP cache (hishel): the expensive step is extraction, not the transfer, and many
pages say ``no-store`` or nothing at all. This cache stores the finished
:class:`~webquorum.types.Document` as JSON under the caller's key (the normalized URL) for
``ttl_s`` seconds. Only documents can be put, so a failure is never cached: the next call tries
again. A row that no longer validates (the Document shape changed between versions) reads as a miss.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import platformdirs
from pydantic import ValidationError

from webquorum.resilience.sqlite import SqliteFile
from webquorum.types import Document

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (key TEXT PRIMARY KEY, stored_at REAL NOT NULL, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS documents_stored_at ON documents (stored_at);
"""


def default_cache_path() -> Path:
    """``<user cache dir>/webquorum/documents.sqlite``, e.g. ~/.cache/webquorum/documents.sqlite on Linux."""
    return Path(platformdirs.user_cache_dir("webquorum")) / "documents.sqlite"


class DocumentCache:
    """``path=None`` keeps the cache in memory for this process only."""

    def __init__(
        self, path: Path | None, ttl_s: float = 3600.0, clock: Callable[[], float] = time.time
    ) -> None:
        self._db = SqliteFile(path, _SCHEMA, setting="cache.path")
        self.ttl_s = ttl_s
        self._clock = clock

    async def get(self, key: str) -> Document | None:
        """The document stored under ``key``, or None when absent, expired or unreadable."""

        def work(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT stored_at, doc FROM documents WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            if self._clock() - row[0] >= self.ttl_s:
                conn.execute("DELETE FROM documents WHERE key = ?", (key,))
                return None
            return str(row[1])

        raw = await self._db.transaction(work)
        if raw is None:
            return None
        try:
            return Document.model_validate_json(raw)
        except ValidationError:
            return None

    async def put(self, key: str, doc: Document) -> None:
        if not isinstance(doc, Document):
            raise TypeError(f"DocumentCache stores Document values only, not {type(doc).__name__}")
        raw = doc.model_dump_json()

        def work(conn: sqlite3.Connection) -> None:
            now = self._clock()
            # Expired rows of keys nobody asks for again would otherwise stay forever.
            conn.execute("DELETE FROM documents WHERE stored_at <= ?", (now - self.ttl_s,))
            conn.execute(
                "INSERT OR REPLACE INTO documents (key, stored_at, doc) VALUES (?, ?, ?)", (key, now, raw)
            )

        await self._db.transaction(work)

    async def aclose(self) -> None:
        await self._db.aclose()
