"""The request and the answer of ``check_answer``: a draft checked against the sources it rests on.

The request refuses unknown fields and bounds every input (the draft, the sources given, the URLs
to read), so a misspelt option is an error naming it and no input can make the check unbounded.
The answer lists each figure, date and name of the draft with its status and, when a source
decides it, the literal passage (offsets into that source's text, the hash pinning it); ``urls``
lists each cited URL. ``report`` is the short text a small model reads: one line per item a source
does not back, with the fix, and one summary line.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from webquorum.types.core import Frozen

MAX_ANSWER_CHARS = 20_000
MAX_URLS = 10
MAX_SOURCE_CHARS = 300_000  # of each source's text, as collect reads passages from
MAX_SOURCES = 50

CheckStatus = Literal["backed", "contradicted", "not_in_sources"]


class CheckRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    answer: str = Field(min_length=1, max_length=MAX_ANSWER_CHARS, description="The draft answer to check.")
    brief: dict[str, Any] | None = Field(default=None, description="A web_search result (the brief's JSON).")
    collect: dict[str, Any] | None = Field(default=None, description="A research_collect result.")
    urls: list[str] = Field(
        default=[], max_length=MAX_URLS, description="Source URLs to read (only these are read)."
    )

    @field_validator("urls")
    @classmethod
    def _urls(cls, value: list[str]) -> list[str]:
        return list(dict.fromkeys(u.strip() for u in value if u.strip()))

    @model_validator(mode="after")
    def _some_source(self) -> CheckRequest:
        if self.brief is None and self.collect is None and not self.urls:
            raise ValueError(
                "give the sources the answer rests on: brief (a brief's JSON), collect (collect's JSON) or urls"
            )
        return self


class CheckedItem(Frozen):
    kind: Literal["figure", "date", "name"]
    text: str  # as the draft writes it
    status: CheckStatus
    source_url: str | None  # the source that backs or contradicts it
    passage: str | None  # exactly that source's text[start:end]
    start: int | None  # code points into the source's text (a collect source: its whole document)
    end: int | None
    content_hash: str | None  # the hash of the text the offsets index
    other: str | None = None  # the source's value, when contradicted


class CheckedUrl(Frozen):
    url: str
    status: Literal["backed", "not_in_sources"]


class UnreadUrl(Frozen):
    url: str
    code: str
    message: str


class CheckResult(Frozen):
    items: list[CheckedItem]
    urls: list[CheckedUrl]
    sources: int  # how many source texts the draft was checked against
    unread: list[UnreadUrl]  # URLs asked for that could not be read (the check ran without them)
    report: str  # one line per item no source backs, with the fix; then a summary
