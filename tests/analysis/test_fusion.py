"""Fusion: each strategy's order and score, merged fields, the cap, snippet blending, properties."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webquorum.analysis.fusion import RRF_K, SNIPPET_SEPARATOR, blend_snippets, fuse
from webquorum.errors import BadRequestError
from webquorum.types import MergeStrategy, RawResult, Result
from webquorum.types.core import MERGE_STRATEGIES
from webquorum.urls import normalize_url

Lists = list[tuple[str, Sequence[RawResult]]]


def hits(*paths: str) -> list[RawResult]:
    return [RawResult(url=f"https://example.com/{p}", title=p.upper()) for p in paths]


def keys(results: list[Result]) -> list[str]:
    return [r.url.removeprefix("https://example.com/") for r in results]


LISTS: Lists = [("alpha", hits("a", "b", "c")), ("beta", hits("c", "d", "a")), ("gamma", hits("e", "c"))]


def test_rrf_scores_are_reciprocal_rank_sums_and_ranks_are_recorded() -> None:
    results, truncated = fuse(LISTS, "rrf", query="q", max_results=10)
    assert keys(results) == ["c", "a", "e", "b", "d"]
    by_key = {k: r for k, r in zip(keys(results), results, strict=True)}
    assert by_key["c"].ranks == {"alpha": 3, "beta": 1, "gamma": 2}
    assert by_key["c"].score == round(1 / (RRF_K + 3) + 1 / (RRF_K + 1) + 1 / (RRF_K + 2), 6)
    assert by_key["a"].score == round(1 / (RRF_K + 1) + 1 / (RRF_K + 3), 6)
    assert truncated is False


def test_consensus_puts_agreement_first_then_mean_rank() -> None:
    results, _ = fuse(LISTS, "consensus", query="q", max_results=10)
    # c: 3 providers; a: 2; then singles by rank: e (1), b and d (2 each; alpha's priority beats beta's)
    assert keys(results) == ["c", "a", "e", "b", "d"]
    scores = [r.score for r in results]
    assert scores == sorted(scores, reverse=True)
    assert math.floor(results[0].score) == 3 and math.floor(results[1].score) == 2
    assert results[0].score == round(3 + 1 / (1 + 2), 6)


def test_round_robin_takes_each_providers_next_page_in_priority_order() -> None:
    results, _ = fuse(LISTS, "round-robin", query="q", max_results=10)
    assert keys(results) == ["a", "c", "e", "b", "d"]  # a, c, e; then b, d (c taken); then nothing new
    assert [r.score for r in results] == [round(1 / n, 6) for n in range(1, 6)]


def test_append_keeps_priority_order_and_adds_only_new_pages() -> None:
    results, _ = fuse(LISTS, "append", query="q", max_results=10)
    assert keys(results) == ["a", "b", "c", "d", "e"]


def test_random_is_stable_per_query_and_varies_across_queries() -> None:
    many: Lists = [("alpha", hits(*"abcdefgh")), ("beta", hits(*"hgfedcba"))]
    first, _ = fuse(many, "random", query="solar panels", max_results=10)
    again, _ = fuse(many, "random", query="solar panels", max_results=10)
    assert keys(first) == keys(again)
    orders = {tuple(keys(fuse(many, "random", query=f"query {n}", max_results=10)[0])) for n in range(6)}
    assert len(orders) > 1


def test_random_order_does_not_depend_on_the_process_hash_seed() -> None:
    script = (
        "import json; from webquorum.analysis.fusion import fuse; from webquorum.types import RawResult\n"
        "lists=[('a',[RawResult(url=f'https://example.com/{c}') for c in 'abcdefghij'])]\n"
        "print(json.dumps([r.url for r in fuse(lists,'random',query='replay me',max_results=10)[0]]))"
    )
    src = str(Path(__file__).resolve().parent.parent.parent / "src")
    outputs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": src}
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    in_process, _ = fuse(
        [("a", [RawResult(url=f"https://example.com/{c}") for c in "abcdefghij"])],
        "random",
        query="replay me",
        max_results=10,
    )
    assert json.loads(outputs.pop()) == [r.url for r in in_process]


def test_one_page_from_many_providers_merges_its_fields() -> None:
    lists: Lists = [
        (
            "alpha",
            [
                RawResult(
                    url="http://m.example.com/story/?utm_source=feed",
                    title="",
                    snippet="Short one.",
                    published="2024-03-02T08:00:00+00:00",
                )
            ],
        ),
        (
            "beta",
            [
                RawResult(url="https://other.org/x"),
                RawResult(
                    url="https://www.example.com/story#comments",
                    title="Beta title",
                    snippet="A much longer snippet about the story.",
                    content="short",
                    published="2024-03-01",
                ),
            ],
        ),
        (
            "gamma",
            [
                RawResult(
                    url="https://example.com/story",
                    title="Gamma title",
                    content="the longest content",
                    snippet="A much longer snippet about the story!",
                    published="not a date",
                )
            ],
        ),
    ]
    results, _ = fuse(lists, "consensus", query="q", max_results=10)
    page = results[0]
    assert page.url == "https://example.com/story"
    # alpha ranks best but has no title; gamma (rank 1) beats beta (rank 2)
    assert page.title == "Gamma title"
    assert page.content == "the longest content"
    # equal-length near-duplicates: the better-ranked provider's (gamma, rank 1) is kept
    assert page.snippet == f"A much longer snippet about the story!{SNIPPET_SEPARATOR}Short one."
    assert page.published == "2024-03-01"
    assert page.site == "example.com"
    assert page.ranks == {"alpha": 1, "beta": 2, "gamma": 1}


def test_unparsable_urls_are_dropped_and_keep_their_list_position() -> None:
    lists: Lists = [
        (
            "alpha",
            [
                RawResult(url="mailto:x@example.com"),
                RawResult(url="not a url"),
                RawResult(url="https://example.com/ok"),
            ],
        )
    ]
    results, truncated = fuse(lists, "rrf", query="q", max_results=10)
    assert [r.url for r in results] == ["https://example.com/ok"]
    assert results[0].ranks == {"alpha": 3}
    assert truncated is False


def test_a_provider_listing_a_page_twice_keeps_its_first_rank() -> None:
    lists: Lists = [
        ("alpha", [RawResult(url="https://example.com/a"), RawResult(url="https://www.example.com/a/")])
    ]
    results, _ = fuse(lists, "rrf", query="q", max_results=10)
    assert len(results) == 1 and results[0].ranks == {"alpha": 1}


def test_cap_sets_truncated_only_when_something_was_cut() -> None:
    results, truncated = fuse(LISTS, "consensus", query="q", max_results=2)
    assert keys(results) == ["c", "a"] and truncated is True
    results, truncated = fuse(LISTS, "consensus", query="q", max_results=5)
    assert len(results) == 5 and truncated is False
    assert fuse([], "rrf", query="q", max_results=5) == ([], False)


def test_bad_arguments_raise_bad_request() -> None:
    with pytest.raises(BadRequestError):
        fuse(LISTS, cast(MergeStrategy, "best"), query="q", max_results=5)
    with pytest.raises(BadRequestError):
        fuse(LISTS, "rrf", query="q", max_results=-1)


# --- blend_snippets ----------------------------------------------------------------------------


def test_blend_drops_contained_and_near_identical_snippets_longest_first() -> None:
    blended = blend_snippets(
        [
            "Solar output rose.",
            "In 2024, solar output rose 30% across the region, the agency said.",
            "solar output ROSE 30% across the region, the agency said",  # contained once folded
            "In 2024 solar output rose 30 percent across the region, the agency said.",  # near-identical
            "Wind was flat.",
            "   ",
        ],
        600,
    )
    assert blended == SNIPPET_SEPARATOR.join(
        ["In 2024 solar output rose 30 percent across the region, the agency said.", "Wind was flat."]
    )
    assert blended.count("solar") == 1


def test_blend_respects_the_budget_and_skips_what_does_not_fit() -> None:
    snippets = ["x" * 50, "y" * 30, "z" * 10]
    assert blend_snippets(snippets, 63) == "x" * 50 + SNIPPET_SEPARATOR + "z" * 10
    assert blend_snippets(snippets, 0) == ""
    clipped = blend_snippets(["word " * 40], 50)
    assert len(clipped) <= 50 and clipped.endswith("…") and not clipped.endswith(" …")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=80), max_size=6), st.integers(min_value=0, max_value=300))
def test_blend_never_exceeds_its_budget(snippets: list[str], budget: int) -> None:
    assert len(blend_snippets(snippets, budget)) <= budget


# --- properties ---------------------------------------------------------------------------------

_paths = st.sampled_from([f"p{n}" for n in range(12)])
_spellings = st.sampled_from(
    ["https://example.com/{}", "http://www.example.com/{}/", "https://m.example.com/{}?utm_source=z"]
)
_provider_lists = st.lists(
    st.lists(st.builds(lambda s, p: RawResult(url=s.format(p), title=p), _spellings, _paths), max_size=8),
    min_size=1,
    max_size=5,
).map(lambda ls: [(f"prov{i}", hits_) for i, hits_ in enumerate(ls)])


def _signature(results: list[Result]) -> list[tuple[str, float, dict[str, int]]]:
    return [(normalize_url(r.url), r.score, r.ranks) for r in results]


@settings(max_examples=150, deadline=None)
@given(_provider_lists, st.randoms(use_true_random=False))
def test_rrf_does_not_depend_on_the_order_lists_are_given_in(lists: Lists, rnd: object) -> None:
    shuffled = list(lists)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    original, _ = fuse(lists, "rrf", query="q", max_results=100)
    permuted, _ = fuse(shuffled, "rrf", query="q", max_results=100)
    assert _signature(original) == _signature(permuted)


@settings(max_examples=150, deadline=None)
@given(_provider_lists, st.sampled_from(MERGE_STRATEGIES), st.integers(min_value=0, max_value=12))
def test_the_cap_never_drops_a_higher_scored_result_for_a_lower_one(
    lists: Lists, name: str, cap: int
) -> None:
    strategy = cast(MergeStrategy, name)
    everything, _ = fuse(lists, strategy, query="q", max_results=1000)
    capped, truncated = fuse(lists, strategy, query="q", max_results=cap)
    assert _signature(capped) == _signature(everything)[:cap]
    assert truncated == (len(everything) > cap)
    kept = {normalize_url(r.url) for r in capped}
    dropped = [r.score for r in everything if normalize_url(r.url) not in kept]
    assert all(r.score >= max(dropped, default=-1.0) for r in capped)
    scores = [r.score for r in everything]
    assert scores == sorted(scores, reverse=True)


@settings(max_examples=100, deadline=None)
@given(_provider_lists, st.text(max_size=30))
def test_random_is_seed_stable_per_query(lists: Lists, query: str) -> None:
    first, _ = fuse(lists, "random", query=query, max_results=100)
    second, _ = fuse(list(reversed(lists)), "random", query=query, max_results=100)
    assert [normalize_url(r.url) for r in first] == [normalize_url(r.url) for r in second]
