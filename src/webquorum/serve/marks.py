"""Where each agreed value occurs in a source's text, so the page can highlight it (pure).

The brief says *what* the sources agree on ("1,240 metres in 2/3"), not where: a figure agrees
at the coarser precision (``$81.62B`` = ``$81.6 billion``) and a name ignoring case and legal
form, so a literal search for the agreed text would miss most occurrences. Each span is found
here by the same rules the comparison used (:mod:`webquorum.text.readings`,
:mod:`webquorum.text.names`), which is why this shell module reads the text layer directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from webquorum.text.figures import extract_figures
from webquorum.text.names import name_key, name_mentions
from webquorum.text.readings import Figure, figures_agree
from webquorum.types import AgreedItem


@dataclass(frozen=True)
class Mark:
    start: int
    end: int
    item: int  # index into the values looked for (the brief's ``agreed`` list, for agreed_marks)


@dataclass(frozen=True)
class Value:
    kind: Literal["name", "figure"]
    value: str


def _figure_of(value: str) -> Figure | None:
    found = extract_figures(value, decimal_comma=False)
    return found[0] if len(found) == 1 else None


def agreed_marks(text: str, agreed: Sequence[AgreedItem]) -> list[Mark]:
    """Non-overlapping spans of ``text`` that state an agreed item, in reading order."""
    return value_marks(text, [Value(a.kind, a.value) for a in agreed])


def value_marks(text: str, values: Sequence[Value]) -> list[Mark]:
    """Non-overlapping spans of ``text`` that state one of ``values`` (earlier values win ties), in reading
    order."""
    marks: list[Mark] = []
    figures = [(i, f) for i, a in enumerate(values) if a.kind == "figure" and (f := _figure_of(a.value))]
    if figures:
        for found in extract_figures(text):
            item = next((i for i, f in figures if figures_agree(f, found)), None)
            if item is not None:
                marks.append(Mark(found.start, found.end, item))
    names: dict[str, int] = {}
    for i, a in enumerate(values):
        if a.kind == "name":
            names.setdefault(name_key(a.value), i)
    if names:
        for mention in name_mentions(text):
            if mention.key in names:
                marks.append(Mark(mention.offset, mention.offset + len(mention.surface), names[mention.key]))
    marks.sort(key=lambda m: (m.start, -m.end))
    kept: list[Mark] = []
    for mark in marks:
        if not kept or mark.start >= kept[-1].end:
            kept.append(mark)
    return kept
