"""The egress gate: no outbound query may carry contacts, URLs, SQL, credentials or data rows.

A query that would leak is dropped and audited (redacted), never repaired: a repaired query is
one the caller never wrote, and the audit must show what was refused, not a rewrite.
"""

from __future__ import annotations

import re

from webquorum.text.lexicon import EMAIL_PATTERN, PHONE_PATTERN

_EGRESS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("email", re.compile(EMAIL_PATTERN)),
    (
        "url",
        re.compile(
            r"(?i)\b(?:https?|ftp)://\S+|\bwww\.\S+|\b[a-z0-9-]{2,}\.(?:com|net|org|io|mx|co|gov|edu|info|biz|es|us|uk|de)\b\S*"
        ),
    ),
    ("phone", re.compile(PHONE_PATTERN)),
    (
        "sql",
        re.compile(
            r"(?i)\b(?:select\s+\S.*\s+from|insert\s+into|update\s+\w+\s+set|delete\s+from|drop\s+table|union\s+select)\b|;\s*--"
        ),
    ),
    (
        "credential",
        re.compile(
            r"(?i)\b(?:api[_-]?key|token|password|passwd|secret)\b\s*[:=]\s*\S{4,}|\bbearer\s+\S{10,}|\bsk-[A-Za-z0-9_-]{12,}|\b[A-Fa-f0-9]{32,}\b"
        ),
    ),
    ("data rows", re.compile(r"[\r\n\t]|(?:[^|]*\|){2,}|(?:[^,]*,){4,}")),
)


def forbidden_egress(text: str) -> str | None:
    """What a query would leak (``"email"``, ``"url"``, ``"phone"``, ``"sql"``, ``"credential"``, ``"data
    rows"``)."""
    for kind, pattern in _EGRESS:
        if pattern.search(text):
            return kind
    return None


def redact_query(text: str) -> str:
    """A query as the audit may show it: whatever the gate matched replaced by its kind."""
    for kind, pattern in _EGRESS[:5]:
        text = pattern.sub(f"[{kind}]", text)
    return " ".join(text.split())[:300]
