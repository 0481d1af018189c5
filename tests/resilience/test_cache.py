"""DocumentCache: hits, expiry on the injected clock, persistence across reopening, exact JSON round trip."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.resilience.conftest import FakeClock
from webquorum.resilience.cache import DocumentCache, default_cache_path
from webquorum.types import Document


def make_document(url: str = "https://example.org/a") -> Document:
    return Document(
        url=url,
        final_url=url + "?ref=1",
        title="Ünïcode “title”",
        published="2025-02-03",
        language="en",
        content_type="text/html",
        source_type="html",
        reader="local",
        text="Paragraph one.\n\nParagraph two with 3.5 % and 12,000 items.",
        links=[("next page", "https://example.org/b"), ("home", "https://example.org/")],
    )


async def test_a_put_document_comes_back_equal(clock: FakeClock) -> None:
    cache = DocumentCache(None, ttl_s=60, clock=clock)
    doc = make_document()
    assert await cache.get("https://example.org/a") is None
    await cache.put("https://example.org/a", doc)
    got = await cache.get("https://example.org/a")
    assert got == doc and got is not doc
    assert got is not None and got.links == doc.links
    assert await cache.get("https://example.org/other") is None
    await cache.aclose()


async def test_entries_expire_after_ttl(clock: FakeClock) -> None:
    cache = DocumentCache(None, ttl_s=60, clock=clock)
    await cache.put("k", make_document())
    clock.advance(59.9)
    assert await cache.get("k") is not None
    clock.advance(0.1)
    assert await cache.get("k") is None
    await cache.aclose()


async def test_a_newer_put_replaces_and_restarts_the_ttl(clock: FakeClock) -> None:
    cache = DocumentCache(None, ttl_s=10, clock=clock)
    await cache.put("k", make_document("https://example.org/old"))
    clock.advance(8)
    await cache.put("k", make_document("https://example.org/new"))
    clock.advance(8)
    got = await cache.get("k")
    assert got is not None and got.url == "https://example.org/new"
    await cache.aclose()


async def test_the_file_survives_reopening(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "sub" / "documents.sqlite"
    first = DocumentCache(path, ttl_s=3600, clock=clock)
    await first.put("k", make_document())
    await first.aclose()
    second = DocumentCache(path, ttl_s=3600, clock=clock)
    assert await second.get("k") == make_document()
    await second.aclose()


async def test_only_documents_can_be_stored(clock: FakeClock) -> None:
    cache = DocumentCache(None, clock=clock)
    with pytest.raises(TypeError):
        await cache.put("k", RuntimeError("fetch failed"))  # type: ignore[arg-type]
    assert await cache.get("k") is None
    await cache.aclose()


async def test_a_row_that_no_longer_validates_reads_as_a_miss(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "documents.sqlite"
    cache = DocumentCache(path, clock=clock)
    await cache.put("k", make_document())
    await cache.aclose()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE documents SET doc = ?", ('{"url": "x", "unknown_field": 1}',))
    conn.close()
    reopened = DocumentCache(path, clock=clock)
    assert await reopened.get("k") is None
    await reopened.aclose()


def test_default_path_is_in_the_user_cache_dir() -> None:
    path = default_cache_path()
    assert path.name == "documents.sqlite" and path.parent.name == "webquorum"
