"""What the comparison tests build and expect, in the short positional form the cases read best in.

``SourceText`` is any source the comparison reads (:class:`webquorum.analysis.compare.ComparedText`);
``Agreed`` and ``Disagreed`` equal the brief's :class:`~webquorum.types.AgreedItem` and
:class:`~webquorum.types.DisagreedItem` on what a reader is told (the values, counts and type), not on how
the quantity is worded, which has tests of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from webquorum.types import AgreedItem, DisagreedItem


@dataclass(frozen=True)
class SourceText:
    site: str
    url: str
    text: str
    published: str | None = None
    title: str = ""


@dataclass(frozen=True, eq=False)
class Agreed:
    kind: str
    value: str
    count: int
    of: int

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AgreedItem | Agreed):
            return (other.kind, other.value, other.count, other.of) == (
                self.kind,
                self.value,
                self.count,
                self.of,
            )
        return NotImplemented

    __hash__ = object.__hash__


@dataclass(frozen=True, eq=False)
class Disagreed:
    kind: str
    site: str
    url: str
    value: str
    others_value: str
    others_count: int
    type: str = "conflict"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DisagreedItem | Disagreed):
            mine = (
                self.kind,
                self.site,
                self.url,
                self.value,
                self.others_value,
                self.others_count,
                self.type,
            )
            return (
                other.kind,
                other.site,
                other.url,
                other.value,
                other.others_value,
                other.others_count,
                other.type,
            ) == mine
        return NotImplemented

    __hash__ = object.__hash__
