"""A claim checked against passages: supports, contradicts, and the verdict by weight of origins.

``verify`` and ``discover`` decide with the rule the brief uses
(:func:`webquorum.text.figure_claims.same_measured_thing`),
so a page that the brief would call a disagreement is the page verification calls a contradiction:

- a passage *contradicts* a claimed figure when it names another value for the same quantity and
  not the claimed one (naming both is not contradicting);
- a passage *supports* it when it names every claimed figure;
- the verdict weighs independent origins (:func:`weigh`): *supported* when origins back the claim
  and fewer contradict it (the dissent is listed), *contradicted* when more origins give another
  value, *unverified* otherwise. One outlier never outweighs three agreeing origins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from webquorum.text.figure_claims import FigureClaim, read_figure_claims, same_measured_thing
from webquorum.text.figures import extract_figures
from webquorum.text.readings import Figure, figures_agree

Verdict = Literal["supported", "contradicted", "unverified"]


def conflict(
    claimed: Sequence[FigureClaim], passage: str | Sequence[FigureClaim]
) -> tuple[FigureClaim, FigureClaim] | None:
    """The first (claimed, passage) pair where the passage names another value for the same quantity."""
    found = read_figure_claims(passage) if isinstance(passage, str) else list(passage)
    for c in claimed:
        if any(figures_agree(c.figure, f.figure) for f in found):
            continue
        for f in found:
            if same_measured_thing(
                c, f
            ):  # positive identity, as the brief's dissents: a 12-month total never contradicts a quarter
                return c, f
    return None


def names_all(claimed: Sequence[Figure], passage: str | Sequence[Figure]) -> bool:
    """Whether the passage names every claimed figure (at the coarser precision, in any unit)."""
    found = extract_figures(passage) if isinstance(passage, str) else list(passage)
    return all(any(figures_agree(c, f) for f in found) for c in claimed)


def weigh(supporting: int, contradicting: int) -> Verdict:
    """The verdict from counts of independent origins on each side."""
    if contradicting > supporting:
        return "contradicted"
    if supporting and contradicting < supporting:
        return "supported"
    return "unverified"
