"""What several sources agree and disagree on, decided by rule: the question's answer first, then names and
figures.

A model spending its budget grading four extracts has none left for the answer, so the comparison
is code. It runs in two layers:

1. **The answer** (:mod:`webquorum.analysis.answer`): what the question asks, each source's statement
   that answers it, the value most sites state, and the sites that state another value while naming
   that one nowhere. Both sides answer the question, which is the identity a dissent needs; each
   dissent is typed, a *conflict* or an *older figure* (an earlier value others update, or a page
   dated a year or more before the others).
2. **Other agreed items**: names (:mod:`webquorum.text.names`) and figures read as claims
   (:mod:`webquorum.text.figure_claims`) that two or more sites give, capped, shown after the answer and
   never in its place. Figures match when the finer value rounds to the coarser one (``$81.62B`` =
   ``$81.6 billion``; ``145 km`` = ``90 miles``). Joining two mentions into one agreed reading may
   rest on compatible-because-unstated context; a *disagreement* among them needs positive
   identity (:func:`webquorum.text.figure_claims.same_measured_thing`: the same quantity, subject and period
   stated on both sides) or, for roles, the same role of the same named organisation. Naming both
   values is not disagreeing; one outlier never outweighs the majority; a 1-1 split names no one.

Which items are kept does not depend on source order (ties are broken by content); the kept ones
are shown by count, then first appearance.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Protocol

from webquorum.analysis.answer import Answer, answer_of, answer_statements, written_after_all
from webquorum.analysis.ask import (
    WORD,
    Ask,
    about_question,
    ask_in_words,
    cased_like_pages,
    is_question,
    question_words,
    read_ask,
    word_relates,
)
from webquorum.analysis.query import Question, read_question
from webquorum.analysis.verdicts import conflict
from webquorum.text.figure_claims import (
    FigureClaim,
    FigureClaimReader,
    read_figure_claims,
    reader_for,
    same_measured_thing,
)
from webquorum.text.figures import extract_figures
from webquorum.text.fold import fold
from webquorum.text.names import extract_names as extract_names  # re-exported: callers import it from here
from webquorum.text.names import name_key as name_key
from webquorum.text.names import name_mentions
from webquorum.text.readings import (
    Figure,
    figures_agree,
    format_figure,
    of_one_magnitude,
    precision,
    unit_key,
    values_agree,
)
from webquorum.text.roles import RoleClaim, called_past, may_hold_role, read_roles, same_person
from webquorum.types import AgreedItem, DisagreedItem

ItemKind = Literal["name", "figure"]

_DESCRIBED = 2  # members of an agreed reading whose claims name its quantity


class ComparedText(Protocol):
    """What the comparison reads of a source: a brief's :class:`~webquorum.types.BriefSource` is one."""

    @property
    def site(self) -> str: ...
    @property
    def url(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def published(
        self,
    ) -> str | None: ...  # the page's own date (ISO), when it states one: dates an older figure
    @property
    def title(self) -> str: ...  # the page's title: names what the page is about when its text does not


@dataclass(frozen=True)
class Comparison:
    agreed: list[AgreedItem]
    disagreed: list[DisagreedItem]
    answer: Answer | None = None  # the value that answers the question asked, when sources state one


@dataclass(frozen=True)
class _Mention:
    site: str
    url: str
    order: tuple[int, int]  # (source index, offset): first appearance
    figure: Figure
    reader: FigureClaimReader

    @property
    def claim(self) -> FigureClaim:
        return self.reader.claim(self.figure)


@dataclass(frozen=True)
class _Item:
    kind: ItemKind
    value: str
    sites: frozenset[str]
    mentions: int
    first: tuple[int, int]
    quantity: str = ""
    heads: frozenset[str] = frozenset()
    key: str = ""
    undescribed: _Cluster | None = None  # a figure whose quantity is read only if it is shown


class _NameMention(NamedTuple):
    site: str
    surface: str
    order: tuple[int, int]  # (source index, offset)
    weak: bool  # a one-word or sentence-initial reading: counts only beside a sure one


class _RoleMention(NamedTuple):
    site: str
    url: str
    claim: RoleClaim


class _Dissent(NamedTuple):
    weight: int  # how many sites the other side has: the larger majority's dissent is shown first
    first: tuple[int, int]
    item: DisagreedItem


@dataclass
class _Names:
    mentions: dict[str, list[_NameMention]] = field(default_factory=dict)
    roles: list[_RoleMention] = field(default_factory=list)


def _fits(item: _Item, kind: str) -> bool:
    """Whether an agreed item is of the kind the question asks for: a name for "who", a date or a year for
    "when", a figure other than a date for "how many"; nothing for a category question."""
    if item.kind == "name":
        return kind == "name"
    is_date = bool(_DATE_SHAPE.fullmatch(item.value))
    return (kind == "date" and is_date) or (kind == "figure" and not is_date)


def _sides_with_answer(item: DisagreedItem, answer: Answer, ask: Ask) -> bool:
    """Whether a claim dissent may stand beside the answer. On the question's own quantity it must side with
    the answer: one that upholds another value second-guesses it (on real pages: another station's opening
    date, another person's birth). Never of a page about another thing of the name, nor of a page whose own
    answer is the answer: "The Celtics have won 18 NBA championships ... won three of four championships to
    cap the '50s" contradicts nothing (issue 22)."""
    if item.site in answer.elsewhere or item.site in answer.sites:
        return False
    if not about_question(item.quantity, ask.relation):
        return True
    own, theirs = extract_figures(item.value), extract_figures(item.others_value)
    if len(own) == 1 and len(theirs) == 1 and not of_one_magnitude(own[0], theirs[0]):
        return False  # "5 municipalities" against "98 municipalities": another count than the one asked
    return item.others_value == answer.value and not answer.split


def _other_unit(item: _Item, ask: Ask) -> bool:
    """An agreed figure of another unit than the one the question names: "16,284,235 private dwellings" in
    two pages answers no "what was Canada's population"; nor a count of another noun a "how many" that names
    no class ("in 31 states" for "how many measles cases were confirmed in the United States")."""
    if item.kind != "figure":
        return False
    if ask.unit:
        return item.key != ask.unit
    nouns = [w for w in WORD.findall(fold(item.value)) if not w.isdigit()]
    return ask.counted and bool(nouns) and not any(word_relates(w, ask.relation) for w in nouns)


_DATE_SHAPE = re.compile(r"\d{4}(?:-\d{2}){0,2}")  # how format_figure shows a year, a month or a day
# of each source's text, what a comparison reads (the brief's, and the real-pages benchmark's in its likeness)
COMPARED_CHARS = 3000


def compare_sources(
    sources: Sequence[ComparedText],
    *,
    query: str | None = None,
    max_chars_per_source: int = COMPARED_CHARS,
    max_agreed: int = 6,
    max_disagreed: int = 3,
) -> Comparison:
    """Agreed names and figures (two or more sites) and disagreements, per the module docstring."""
    site_index: dict[str, int] = {}
    names = _Names()
    groups: dict[tuple[str, str], list[_Mention]] = {}
    compared: list[str] = []  # each source's compared part
    for index, source in enumerate(sources):
        site = source.site or source.url
        site_index.setdefault(site, len(site_index))
        text = source.text[:max_chars_per_source]
        compared.append(text)
        for name in name_mentions(text):
            names.mentions.setdefault(name.key, []).append(
                _NameMention(site, name.surface, (index, name.offset), name.weak)
            )
        names.roles.extend(_RoleMention(site, source.url, r) for r in read_roles(text))
        reader = reader_for(text)
        for figure in reader.figures:
            mention = _Mention(site, source.url, (index, figure.start), figure, reader)
            groups.setdefault((figure.kind, unit_key(figure)), []).append(mention)
    of = len(site_index)
    # a question typed in lower case is read with the capitals the pages give its words (its subject)
    ask = read_ask(cased_like_pages(query, compared)) if query else None
    answer = _question_answer(sources, compared, ask, query or "", of) if ask else None
    if of < 2:
        return Comparison([], [], answer)
    canonical = _canonical_names(names.mentions)
    topics = _topics(names)
    items = _name_items(names, canonical)
    # each site's first source, whose year a role dissent reads only where it has one to weigh
    pages: dict[str, tuple[str, str | None]] = {}
    for source, text in zip(sources, compared, strict=True):
        pages.setdefault(source.site or source.url, (text, source.published))
    dissents = _role_dissents(names, canonical, pages)
    for (kind, _), group in groups.items():
        clusters = _clusters(group)
        for cluster in clusters:
            items.append(_figure_item(cluster, described=query is not None))
        if kind != "year":  # a bare year is never a disputed figure
            found = _dissents(group, clusters, topics)
            if (
                len({d.item.value for d in found}) <= 1
            ):  # a scatter of other values is ambiguity, not a dissent
                dissents.extend(found)
    question = read_question(query) if query else None
    fallback = _answer(items, question) if question else None
    if fallback is not None and fallback.undescribed is not None:
        fallback = _figure_item(fallback.undescribed, described=True)
    if (
        fallback is not None
        and ask is not None
        and (
            not _fits(fallback, ask.kind)
            or _other_unit(fallback, ask)
            or (ask.role and fallback.kind == "name" and not may_hold_role(fallback.value, ask.subject))
        )
    ):
        # "the genre of the film": an agreed count of films answers nothing asked; "Tasmania" on every page is
        # no Premier of Tasmania
        fallback = None
    # names the pages share are mentions, not statements: an answer decided over pages stating another value
    # stands (news of a new chief names the one who goes on every page), and so does one whose own page calls
    # the shared name past or leaving (round 142)
    if fallback is not None and (
        answer is None
        or (
            answer.count < 2 <= len(fallback.sites)
            and not answer.dissents
            and not answer.written_later
            and not _called_past_by_answer(answer, fallback.value, pages, ask)
        )
    ):
        answer = Answer(
            "name" if fallback.kind == "name" else "figure",
            fallback.value,
            tuple(sorted(fallback.sites, key=site_index.__getitem__)),
            of,
            fallback.quantity,
        )
    earlier = {format_figure(p) for st in answer.statements for p in st.prior} if answer else set()
    # the answer is said once, and the value it replaced ("from 324 to 330 m") is not an agreed fact of today
    others = [it for it in items if answer is None or not (_same_item(it, answer) or it.value in earlier)]
    chosen = [
        _figure_item(it.undescribed, described=True) if it.undescribed else it
        for it in _select(others, max_agreed)
    ]
    agreed = [
        AgreedItem(kind=it.kind, value=it.value, count=len(it.sites), of=of, quantity=it.quantity)
        for it in chosen
    ]
    dissents.sort(key=lambda d: (-d.weight, d.first))
    if ask is not None and answer is not None:
        dissents = [d for d in dissents if _sides_with_answer(d.item, answer, ask)]
    if ask is not None and (is_question(query or "") or bool(ask.role)):
        # A question asks one thing, so only a dissent on it is said (issue 22: the answer, its count, and who
        # says otherwise). On real pages a side quantity's dissent under a question was a definition apart
        # (160 floors against 163, habitable and structural, asked for the height) or another thing's figure
        # (Jupiter's 95 moons against Saturn's 146). A keyword query ("Sorrel Steel steel output") asks for
        # the topic: every dissent with positive identity stays; unless it names a post ("lvmh ceo"), which
        # asks for its holder as "who is" does (round 157: "49 years against 30 years" under "lvmh ceo")
        dissents = [d for d in dissents if about_question(d.item.quantity, ask.relation)]
    elif is_question(query or ""):
        # a question no rule reads still asks one thing, named by its words: a dissent on a quantity it does
        # not name is a side fact's ("2023-02-02 against 2022-09 (date)" under "who is the director of X")
        asked = question_words(query or "")
        dissents = [d for d in dissents if about_question(d.item.quantity, asked)]
    disagreed = _answer_dissents(answer) if answer else []
    for _, _, d in dissents[: max(0, max_disagreed - len(disagreed))]:
        if (d.site, d.value) not in {(x.site, x.value) for x in disagreed}:
            disagreed.append(d)
    return Comparison(agreed, disagreed, answer)


def _called_past_by_answer(
    answer: Answer, name: str, pages: dict[str, tuple[str, str | None]], ask: Ask | None
) -> bool:
    """Whether a page giving the answer calls ``name`` past or leaving ("Mr Lundgren ... will leave early next
    year and will be succeeded by Kenton Jarvis"). That page knows both people and says which came after, so
    the name the other pages share is the predecessor, not an answer to put back (issue 22, round 142: over
    the real pages of sets CW to DX the shared name had replaced the answer of such a page in 25 questions;
    keeping the page's answer made 8 of them right, 1 false disagreement fewer, and none wrong that was
    right)."""
    if ask is None:
        return False
    key = name_key(name)
    return any(
        called_past(pages[site][0], key, ask.subject, ask.role) for site in answer.sites if site in pages
    )


def _question_answer(
    sources: Sequence[ComparedText], compared: Sequence[str], ask: Ask, query: str, of: int
) -> Answer | None:
    """The answer layer (:mod:`webquorum.analysis.answer`) over the compared part of each source:
    ``compared``, as :func:`compare_sources` cut it once."""
    statements = []
    texts: dict[str, str] = {}
    dates: dict[str, str | None] = {}
    for source, text in zip(sources, compared, strict=True):
        site = source.site or source.url
        if site in texts:
            continue  # one statement per site: the first source of a site speaks for it
        texts[site], dates[site] = text, source.published
        found = answer_statements(site, source.url, text, ask, title=source.title, published=source.published)
        if found is not None:
            statements.append(found)
    return answer_of(ask, statements, texts, dates, of, ask_in_words(query, ask))


def _same_item(item: _Item, answer: Answer) -> bool:
    """The agreed item that repeats the answer (shown once, as the answer): the same words, name or figure
    ("112 metre" beside the answer "112 m")."""
    if item.value == answer.value:
        return True
    if item.kind == "name":
        return name_key(item.value) == name_key(answer.value)
    shown = next((s.figure for s in answer.statements if s.site in answer.sites and s.figure), None)
    read = extract_figures(item.value)
    return shown is not None and len(read) == 1 and figures_agree(read[0], shown)


def _answer_dissents(answer: Answer) -> list[DisagreedItem]:
    kind: ItemKind = "name" if answer.kind == "name" else "figure"
    return [
        DisagreedItem(
            kind=kind,
            site=d.statement.site,
            url=d.statement.url,
            value=d.statement.value,
            others_value=against[0],
            others_count=against[1],
            quantity=d.note or answer.words,
            type=d.type,
        )
        for d in answer.dissents
        for against in [d.against or (answer.value, answer.count)]
    ]


def contradiction(claim: str, passage: str) -> tuple[FigureClaim, FigureClaim] | None:
    """The first (claimed, passage) claim pair where ``passage`` names another value for the same quantity."""
    return conflict(read_figure_claims(claim), passage)


# -- names and roles -------------------------------------------------------------------------------
def _canonical_names(mentions: dict[str, list[_NameMention]]) -> dict[str, str]:
    """Each name key -> the one key it is merged into ("pena" -> "maria jose pena" when that is the only
    fit)."""
    keys = sorted(mentions, key=lambda k: (-len(k.split()), k))
    by_last: dict[str, list[str]] = {}
    for key in keys:
        by_last.setdefault(key.rsplit(" ", 1)[-1], []).append(key)
    out: dict[str, str] = {}
    for key in keys:
        size = len(key.split())
        longer = [k for k in by_last[key.rsplit(" ", 1)[-1]] if len(k.split()) > size and same_person(key, k)]
        roots = {out.get(k, k) for k in longer}
        out[key] = roots.pop() if len(roots) == 1 else key
    return out


def _name_items(names: _Names, canonical: dict[str, str]) -> list[_Item]:
    merged: dict[str, list[_NameMention]] = {}
    for key, mentions in names.mentions.items():
        merged.setdefault(canonical[key], []).extend(mentions)
    role_of: dict[str, str] = {}
    for _, _, r in names.roles:
        role_of.setdefault(canonical.get(r.person, r.person), r.words)
    items = []
    for key, mentions in merged.items():
        item = _name_item(key, mentions, role_of.get(key, ""))
        if item is not None:
            items.append(item)
    return items


def _name_item(key: str, mentions: list[_NameMention], role: str) -> _Item | None:
    """A name two sites give, a weak mention counting only when some other site names it for sure."""
    strong = {site for site, _, _, weak in mentions if not weak}
    kept = [m for m in mentions if not m.weak or strong - {m.site}]
    sites = frozenset(site for site, _, _, _ in kept)
    if len(sites) < 2:
        return None
    full = [surface for _, surface, _, weak in kept if not weak and name_key(surface) == key]
    surfaces = Counter(full or [surface for _, surface, _, weak in kept if not weak])
    display = min(surfaces, key=lambda s: (-surfaces[s], len(s), s))
    return _Item("name", display, sites, len(kept), min(order for _, _, order, _ in kept), role, key=key)


def _role_dissents(
    names: _Names, canonical: dict[str, str], pages: dict[str, tuple[str, str | None]]
) -> list[_Dissent]:
    """Another person named for a role most sites give to someone else (and who is not named there), unless
    that site was written in a later year than every site giving the role to the majority's holder
    (answer.latest_year): it may name today's holder, whom the older pages never saw (round 141)."""
    named: dict[str, set[str]] = {}
    for key, mentions in names.mentions.items():
        for site, _, _, _ in mentions:
            named.setdefault(site, set()).add(canonical[key])
    by_role: dict[str, list[_RoleMention]] = {}
    for site, url, r in names.roles:
        by_role.setdefault(r.role, []).append(_RoleMention(site, url, r))
    out: list[_Dissent] = []
    for claims in by_role.values():
        holders: dict[str, set[str]] = {}
        for site, _, r in claims:
            holders.setdefault(canonical.get(r.person, r.person), set()).add(site)
        top = sorted(holders, key=lambda p: (-len(holders[p]), p))
        if not top or len(holders[top[0]]) < 2:
            continue
        person = top[0]
        backing = [r for site, _, r in claims if canonical.get(r.person, r.person) == person]
        surface = Counter(r.surface for r in backing if name_key(r.surface) == person) or Counter(
            r.surface for r in backing
        )
        shown = min(surface, key=lambda s: (-surface[s], s))
        reported: set[str] = set()
        for site, url, r in sorted(claims, key=lambda c: (c.site, c.claim.start)):
            other = canonical.get(r.person, r.person)
            if (
                site in holders[person]
                or site in reported
                or same_person(other, person)
                or person in named.get(site, set())
            ):
                continue
            if not any(r.subject and b.subject and r.subject & b.subject for b in backing):
                continue  # positive identity: the same role of the same named organisation or place
            if site in pages and written_after_all(
                pages[site], [pages.get(b, ("", None)) for b in holders[person]]
            ):
                continue
            if len(holders.get(other, ())) < len(holders[person]):
                reported.add(site)
                out.append(
                    _Dissent(
                        len(holders[person]),
                        (0, r.start),
                        DisagreedItem(
                            kind="name",
                            site=site,
                            url=url,
                            value=r.surface,
                            others_value=shown,
                            others_count=len(holders[person]),
                            quantity=backing[0].words,
                        ),
                    )
                )
    return out


# -- figures -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Cluster:
    members: list[_Mention]  # one per site, each agreeing with the anchor (the finest reading)
    mentions: int  # every mention the member sites make of this reading
    first: tuple[int, int]


def _clusters(group: list[_Mention]) -> list[_Cluster]:
    """Readings held by two or more sites: greedy, largest first, one mention per site agreeing with the
    anchor."""
    same: dict[tuple[str, float, float], list[_Mention]] = {}  # one site repeating one reading is one mention
    for m in sorted(group, key=lambda m: (m.site, m.figure.value, m.figure.step, m.order)):
        same.setdefault((m.site, m.figure.value, m.figure.step), []).append(m)
    mentions = [ms[0] for ms in same.values()]
    counts = [len(ms) for ms in same.values()]
    firsts = [ms[0].order for ms in same.values()]
    neighbours = _neighbours(mentions)
    anchors = sorted(
        range(len(mentions)), key=lambda i: (precision(mentions[i].figure), mentions[i].figure.value)
    )
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
        taken = {
            j for b in best[:1] for j in neighbours[b] if j in alive and mentions[j].site in sites
        } | set(best)
        clusters.append(_Cluster(members, sum(counts[j] for j in taken), min(firsts[j] for j in taken)))
        alive -= taken
        for j in taken:
            for i in neighbours[j]:
                cached.pop(i, None)


def _neighbours(mentions: list[_Mention]) -> list[list[int]]:
    """For each mention, the indices of those it agrees with: a sorted sweep, not all pairs."""
    by_value = sorted(range(len(mentions)), key=lambda i: mentions[i].figure.value)
    reach = max((precision(m.figure) for m in mentions), default=0.0)  # no agreeing pair is further apart
    out: list[list[int]] = [[] for _ in mentions]
    for k, i in enumerate(by_value):
        a = mentions[i].figure
        for j in by_value[k:]:
            b = mentions[j].figure
            if b.value - a.value > reach + 1e-9 * (1.0 + abs(a.value) + abs(b.value)):
                break
            if values_agree(a, b):
                out[i].append(j)
                if j != i:
                    out[j].append(i)
    return [sorted(n) for n in out]


def _grow(anchor: int, near: list[int], mentions: list[_Mention]) -> list[int]:
    """The cluster around one anchor: per site the mention closest to it (the anchor's own site: the
    anchor)."""
    centre = mentions[anchor].figure

    def closeness(i: int) -> tuple[float, float, float, str]:
        f = mentions[i].figure
        return abs(f.value - centre.value), -f.step, f.value, mentions[i].site

    per_site: dict[str, int] = {mentions[anchor].site: anchor}
    finest = precision(centre)
    for i in sorted(near, key=closeness):
        if precision(mentions[i].figure) >= finest:  # the anchor is the finest reading; the rest round it
            per_site.setdefault(mentions[i].site, i)
    return sorted(per_site.values(), key=closeness)


def _figure_item(cluster: _Cluster, *, described: bool) -> _Item:
    """A reading, shown at the precision of its coarsest source ($81.62B and $81.6 billion -> $81.6 billion).

    ``described`` reads what it measures from its sites' claims: needed only for the items shown and
    to find the answer, and reading a claim is the dearer half of the comparison.
    """
    coarsest = _coarsest(cluster)
    quantity, heads = "", frozenset[str]()
    if described and coarsest.figure.kind != "year":
        # What the reading measures, from its first sites in reading order (they name it alike or not at all).
        claims = [m.claim for m in sorted(cluster.members, key=lambda m: m.order)[:_DESCRIBED]]
        words = Counter(c.words for c in claims if c.words and c.head)
        quantity = min(words, key=lambda w: (-words[w], -len(w), w)) if words else ""
        heads = frozenset(c.head for c in claims if c.head)
    sites = frozenset(m.site for m in cluster.members)
    return _Item(
        "figure",
        format_figure(coarsest.figure),
        sites,
        cluster.mentions,
        cluster.first,
        quantity,
        heads,
        unit_key(coarsest.figure),
        cluster if not described else None,
    )


def _coarsest(cluster: _Cluster) -> _Mention:
    return min(cluster.members, key=lambda m: (-precision(m.figure), m.figure.value))


def _topics(names: _Names) -> dict[str, frozenset[str]]:
    """The words of every name each site gives: whose figures a page may mean when a clause names no owner."""
    out: dict[str, set[str]] = {}
    for key, mentions in names.mentions.items():
        for site, _, _, _ in mentions:
            out.setdefault(site, set()).update(key.split())
    return {site: frozenset(words) for site, words in out.items()}


def _same_subject(a: _Mention, b: _Mention, topics: dict[str, frozenset[str]]) -> bool:
    """Both sides state whose figure it is, in the clause or else on the page, and they overlap."""
    return bool(
        (a.claim.subject or topics.get(a.site, frozenset()))
        & (b.claim.subject or topics.get(b.site, frozenset()))
    )


def _dissents(
    group: list[_Mention], clusters: list[_Cluster], topics: dict[str, frozenset[str]]
) -> list[_Dissent]:
    out = []
    for cluster in clusters:
        members = cluster.members
        sites = {m.site for m in members}
        for site in sorted({m.site for m in group} - sites):
            own = sorted((m for m in group if m.site == site), key=lambda m: m.order)
            if any(values_agree(m.figure, x.figure) for m in own for x in members):
                continue  # naming both readings is not disagreeing
            for m in own:
                like = [
                    x
                    for x in members
                    if same_measured_thing(m.claim, x.claim) and _same_subject(m, x, topics)
                ]
                if not like:
                    continue
                support = len({o.site for o in group if values_agree(o.figure, m.figure)})
                if support < len(members):
                    value = format_figure(m.figure)
                    shown = format_figure(_coarsest(cluster).figure)
                    quantity = like[0].claim.words or m.claim.words
                    out.append(
                        _Dissent(
                            len(members),
                            m.order,
                            DisagreedItem(
                                kind="figure",
                                site=site,
                                url=m.url,
                                value=value,
                                others_value=shown,
                                others_count=len(members),
                                quantity=quantity,
                            ),
                        )
                    )
                break
    return out


# -- choosing what to show -----------------------------------------------------------------------
def _answer(items: list[_Item], question: Question) -> _Item | None:
    """The agreed item that answers the question: its role, or its quantity (and period), most sites first."""
    scored = []
    for it in items:
        score = 0
        if it.kind == "name" and question.roles and it.quantity.split(" of ")[0] in question.roles:
            score = 3
        elif it.kind == "figure" and (it.heads & question.concepts or it.key in question.counts):
            score = 2
        if score:
            scored.append((-score, -len(it.sites), it.first, it.value, it))
    return min(scored)[-1] if scored else None


def _select(items: list[_Item], limit: int, keep: _Item | None = None) -> list[_Item]:
    """The ``limit`` strongest items, up to half the slots kept for each kind when both kinds have some."""
    ranked = sorted(items, key=lambda it: (it is not keep, -len(it.sites), -it.mentions, it.kind, it.value))
    counts = Counter(it.kind for it in items)
    half = limit // 2
    caps: dict[ItemKind, int] = {
        "name": limit - min(counts["figure"], half),
        "figure": limit - min(counts["name"], half),
    }
    chosen: list[_Item] = []
    used: Counter[ItemKind] = Counter()
    for it in ranked:
        if len(chosen) < limit and (used[it.kind] < caps[it.kind] or it is keep):
            chosen.append(it)
            used[it.kind] += 1
    return sorted(chosen, key=lambda it: (-len(it.sites), it.first))


__all__ = [
    "ComparedText",
    "Comparison",
    "compare_sources",
    "contradiction",
    "extract_figures",
    "extract_names",
    "name_key",
]
