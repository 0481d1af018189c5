"""What several sources agree and disagree on, decided by rule: names and figures only (pure, no I/O).

A model spending its budget grading four extracts has none left for the answer, so the comparison
is code. Names (people, organisations, places, products; see :mod:`webquorum.text.names`) and figures
(see :mod:`webquorum.text.figures`) are all a rule can honestly compare, so they are all the brief
claims to have compared.

- An item is *agreed* when at least two distinct sites name it. Names match ignoring case, accents
  and legal forms ("NVIDIA" = "Nvidia Corp."); figures match at the coarser precision
  (``$81.62B`` = ``$81.6 billion`` = ``81,620 million dollars``), wherever they appear.
- A *disagreement* needs more: a site that names none of the agreed readings, but names another
  value for the same quantity (:func:`webquorum.text.figures.same_quantity`: same kind, unit and
  quantity phrase, so data-center revenue is not revenue), against a reading more sites hold than
  its own. Naming both values is not disagreeing; a reading nobody else gives is reported as
  nothing; a 2-2 split shows as two agreed readings and no disagreement line.
- Which items are kept does not depend on source order (ties are broken by content); the kept ones
  are shown by count, then first appearance.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from webquorum.text.figures import (
    Figure,
    extract_figures,
    figures_agree,
    format_figure,
    same_quantity,
    unit_key,
)
from webquorum.text.names import extract_names as extract_names  # re-exported: callers import it from here
from webquorum.text.names import name_key as name_key
from webquorum.text.names import name_mentions

ItemKind = Literal["name", "figure"]

_YEAR_TEXT = re.compile(r"\d{4}")


@dataclass(frozen=True)
class SourceText:
    site: str
    url: str
    text: str


@dataclass(frozen=True)
class Agreed:
    kind: ItemKind
    value: str  # names bare (the renderer quotes them), figures formatted: "$81.6 billion"
    count: int
    of: int


@dataclass(frozen=True)
class Disagreed:
    kind: ItemKind
    site: str
    url: str
    value: str
    others_value: str
    others_count: int


@dataclass(frozen=True)
class Comparison:
    agreed: list[Agreed]
    disagreed: list[Disagreed]


@dataclass(frozen=True)
class _Mention:
    site: str
    url: str
    order: tuple[int, int]  # (source index, offset): first appearance
    figure: Figure


@dataclass(frozen=True)
class _Item:
    kind: ItemKind
    value: str
    sites: frozenset[str]
    mentions: int
    first: tuple[int, int]


def compare_sources(
    sources: Sequence[SourceText],
    *,
    max_chars_per_source: int = 3000,
    max_agreed: int = 6,
    max_disagreed: int = 3,
) -> Comparison:
    """Agreed names and figures (two or more sites) and disagreements, per the module docstring."""
    site_index: dict[str, int] = {}
    names: dict[str, list[tuple[str, str, tuple[int, int], bool]]] = {}
    groups: dict[tuple[str, str], list[_Mention]] = {}
    for index, source in enumerate(sources):
        site = source.site or source.url
        site_index.setdefault(site, len(site_index))
        text = source.text[:max_chars_per_source]
        for name in name_mentions(text):
            names.setdefault(name.key, []).append((site, name.surface, (index, name.offset), name.weak))
        for figure in extract_figures(text):
            mention = _Mention(site, source.url, (index, figure.start), figure)
            groups.setdefault((figure.kind, unit_key(figure)), []).append(mention)
    of = len(site_index)
    if of < 2:
        return Comparison([], [])
    items = [item for mentions in names.values() if (item := _name_item(mentions)) is not None]
    dissents: list[tuple[int, tuple[int, int], Disagreed]] = []
    for group in groups.values():
        clusters = _clusters(group)
        for cluster in clusters:
            sites = frozenset(m.site for m in cluster.members)
            items.append(_Item("figure", _display(cluster.members), sites, cluster.mentions, cluster.first))
        dissents.extend(_dissents(group, clusters))
    agreed = [Agreed(it.kind, it.value, len(it.sites), of) for it in _select(items, max_agreed)]
    dissents.sort(key=lambda d: (-d[0], d[1]))
    return Comparison(agreed, [d for _, _, d in dissents[:max_disagreed]])


def render_agreement(comparison: Comparison) -> list[str]:
    """The brief's lines: 'Agreed across sources: "NVIDIA" in 4/4; $81.6 billion in 3/4' and disagreements."""
    if comparison.agreed:
        shown = [
            f'"{a.value}"' if a.kind == "name" or _YEAR_TEXT.fullmatch(a.value) else a.value
            for a in comparison.agreed
        ]
        parts = [f"{value} in {a.count}/{a.of}" for value, a in zip(shown, comparison.agreed, strict=True)]
        lines = ["Agreed across sources: " + "; ".join(parts)]
    else:
        lines = ["Agreed across sources: nothing that a rule can compare"]
    for d in comparison.disagreed:
        others = "1 other says" if d.others_count == 1 else f"{d.others_count} others say"
        lines.append(f"Disagreement: {d.site} says {d.value} where {others} {d.others_value}")
    return lines


def contradiction(claim: str, passage: str) -> tuple[Figure, Figure] | None:
    """The first (claimed, passage) figure pair where ``passage`` names another value for the same quantity."""
    return figure_conflict(extract_figures(claim), passage)


def figure_conflict(claimed: Sequence[Figure], passage: str) -> tuple[Figure, Figure] | None:
    """:func:`contradiction` for a claim's figures already read (``verify`` checks one claim against many passages).

    The rule ``verify`` calls *contradicted*: a passage that also names the claimed value is not
    contradicting it, and a figure for a different quantity (data-center vs total revenue) is ignored.
    """
    found = extract_figures(passage)
    for c in claimed:
        if any(figures_agree(c, f) for f in found):
            continue
        for f in found:
            if same_quantity(c, f):
                return c, f
    return None


def _name_item(mentions: list[tuple[str, str, tuple[int, int], bool]]) -> _Item | None:
    """A name two sites give, a weak mention counting only when some other site names it for sure."""
    strong = {site for site, _, _, weak in mentions if not weak}
    kept = [m for m in mentions if not m[3] or strong - {m[0]}]
    sites = frozenset(site for site, _, _, _ in kept)
    if len(sites) < 2:
        return None
    surfaces = Counter(surface for _, surface, _, weak in kept if not weak)
    display = min(surfaces, key=lambda s: (-surfaces[s], len(s), s))
    return _Item("name", display, sites, len(kept), min(order for _, _, order, _ in kept))


@dataclass(frozen=True)
class _Cluster:
    members: list[_Mention]  # one per site, pairwise agreeing
    mentions: int  # every mention the member sites make of this reading
    first: tuple[int, int]


def _clusters(group: list[_Mention]) -> list[_Cluster]:
    """Readings held by two or more sites: greedy, largest first, members pairwise agreeing, one per site."""
    same: dict[tuple[str, float, float], list[_Mention]] = {}  # one site repeating one reading is one mention
    for m in sorted(group, key=lambda m: (m.site, m.figure.value, m.figure.step, m.order)):
        same.setdefault((m.site, m.figure.value, m.figure.step), []).append(m)
    mentions = [ms[0] for ms in same.values()]
    counts = [len(ms) for ms in same.values()]
    firsts = [ms[0].order for ms in same.values()]
    # Each anchor's cluster is computed once and again only when a mention near it is taken.
    neighbours = _neighbours(mentions)
    anchors = sorted(range(len(mentions)), key=lambda i: (mentions[i].figure.value, mentions[i].figure.step))
    alive = set(range(len(mentions)))
    cached: dict[int, list[int]] = {}
    clusters: list[_Cluster] = []
    while True:
        best: list[int] = []
        for i in anchors:
            if i in alive:
                if i not in cached:
                    cached[i] = _grow(i, [j for j in neighbours[i] if j in alive], mentions)
                if len(cached[i]) > len(best):
                    best = cached[i]
        if len(best) < 2:
            return clusters
        members = [mentions[b] for b in best]
        sites = {m.site for m in members}
        taken = {j for b in best for j in neighbours[b] if j in alive and mentions[j].site in sites}
        clusters.append(_Cluster(members, sum(counts[j] for j in taken), min(firsts[j] for j in taken)))
        alive -= taken
        for j in taken:
            for i in neighbours[j]:
                cached.pop(i, None)


def _neighbours(mentions: list[_Mention]) -> list[list[int]]:
    """For each mention, the indices of those it agrees with: a sorted sweep, not all pairs."""
    by_value = sorted(range(len(mentions)), key=lambda i: mentions[i].figure.value)
    reach = max((m.figure.step for m in mentions), default=0.0)  # no agreeing pair is further apart than this
    out: list[list[int]] = [[] for _ in mentions]
    for k, i in enumerate(by_value):
        a = mentions[i].figure
        for j in by_value[k:]:
            b = mentions[j].figure
            if b.value - a.value > reach + 1e-9 * (1.0 + abs(a.value) + abs(b.value)):
                break
            if _close(a, b):
                out[i].append(j)
                if j != i:
                    out[j].append(i)
    return [sorted(n) for n in out]


def _close(a: Figure, b: Figure) -> bool:
    """:func:`figures_agree` for two figures already known to share kind and unit (the hot path)."""
    tolerance = (a.step if a.step > b.step else b.step) / 2 + 1e-9 * (1.0 + abs(a.value) + abs(b.value))
    return -tolerance <= a.value - b.value <= tolerance


def _grow(anchor: int, near: list[int], mentions: list[_Mention]) -> list[int]:
    """The cluster around one anchor: per site the mention closest to it, kept while all agree pairwise."""
    centre = mentions[anchor].figure

    def closeness(i: int) -> tuple[float, float, float, str]:
        f = mentions[i].figure
        return abs(f.value - centre.value), -f.step, f.value, mentions[i].site

    per_site: dict[str, int] = {}
    for i in sorted(near, key=closeness):
        per_site.setdefault(mentions[i].site, i)
    members: list[int] = []
    for candidate in sorted(per_site.values(), key=closeness):
        if all(_close(mentions[candidate].figure, mentions[x].figure) for x in members):
            members.append(candidate)
    return members


def _display(members: list[_Mention]) -> str:
    """A reading is shown at the precision of its coarsest source: $81.62B and $81.6 billion -> $81.6 billion."""
    coarsest = min(members, key=lambda m: (-m.figure.step, m.figure.value))
    return format_figure(coarsest.figure)


def _dissents(
    group: list[_Mention], clusters: list[_Cluster]
) -> list[tuple[int, tuple[int, int], Disagreed]]:
    out = []
    for cluster in clusters:
        members = cluster.members
        sites = {m.site for m in members}
        for site in sorted({m.site for m in group} - sites):
            own = sorted((m for m in group if m.site == site), key=lambda m: m.order)
            if any(_close(m.figure, x.figure) for m in own for x in members):
                continue  # naming both readings is not disagreeing
            for m in own:
                if not any(same_quantity(m.figure, x.figure) for x in members):
                    continue
                support = len({o.site for o in group if _close(o.figure, m.figure)})
                if support < len(members):
                    value = format_figure(m.figure)
                    disagreed = Disagreed("figure", site, m.url, value, _display(members), len(members))
                    out.append((len(members), m.order, disagreed))
                break
    return out


def _select(items: list[_Item], limit: int) -> list[_Item]:
    """The ``limit`` strongest items, up to half the slots kept for each kind when both kinds have some."""
    ranked = sorted(items, key=lambda it: (-len(it.sites), -it.mentions, it.kind, it.value))
    counts = Counter(it.kind for it in items)
    half = limit // 2
    caps: dict[ItemKind, int] = {
        "name": limit - min(counts["figure"], half),
        "figure": limit - min(counts["name"], half),
    }
    chosen: list[_Item] = []
    used: Counter[ItemKind] = Counter()
    for it in ranked:
        if len(chosen) < limit and used[it.kind] < caps[it.kind]:
            chosen.append(it)
            used[it.kind] += 1
    return sorted(chosen, key=lambda it: (-len(it.sites), it.first))
