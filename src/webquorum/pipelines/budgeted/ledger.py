"""Independence and evidence for a run: one origin per publisher, excerpts under ids the library mints.

Results copy identifying fields (id, URL, domain, date) from the ledger only, so neither a page
nor a model can author them.
"""

from __future__ import annotations

import hashlib

from webquorum.pipelines.budgeted.fence import sanitize_excerpt
from webquorum.text.fold import opening_key
from webquorum.types import Document
from webquorum.types.research import Evidence
from webquorum.urls import site_of

HEADLINE_WORDS = 4  # a headline this long is specific enough to mark a syndicated copy


class OriginIndex:
    """One publisher is one origin; the same headline or opening on several hosts is one origin."""

    def __init__(self) -> None:
        self._by_text: dict[str, str] = {}

    def by_headline(self, title: str | None, site: str) -> str | None:
        """The origin that already printed this headline on another site, if any (checked before reading)."""
        key = opening_key(title or "", HEADLINE_WORDS)
        known = self._by_text.get(key) if key else None
        return known if known != site else None

    def origin(self, url: str, title: str | None, text: str) -> str:
        site = site_of(url)
        keys = [k for k in (opening_key(title or "", HEADLINE_WORDS), opening_key(text)) if k]
        for key in keys:
            if key in self._by_text:
                return self._by_text[key]
        for key in keys:
            self._by_text[key] = site
        return site


class Ledger:
    """Excerpts under ids the library minted; the only source of ids, URLs and dates in a result."""

    def __init__(self, run_id: str) -> None:
        self._run_id = run_id
        self._entries: dict[str, Evidence] = {}

    def mint(self, doc: Document, start: int, end: int, origin: str) -> Evidence:
        digest = hashlib.sha256(f"{self._run_id}{doc.final_url}{start}".encode()).hexdigest()[:8]
        evidence_id = f"ev_{digest}"
        if evidence_id not in self._entries:
            self._entries[evidence_id] = Evidence(
                id=evidence_id,
                domain=site_of(doc.final_url),
                url=doc.final_url,
                title=sanitize_excerpt(doc.title) if doc.title else None,
                published=doc.published,
                origin=origin,
                text=sanitize_excerpt(doc.text[start:end]),
                start=start,
                end=end,
            )
        return self._entries[evidence_id]

    def get(self, evidence_id: str) -> Evidence | None:
        return self._entries.get(evidence_id)

    def issued(self, evidence_id: str) -> bool:
        return evidence_id in self._entries
