"""Masking a provider's answer: probing the whole answer once decides exactly as masking every field."""

from __future__ import annotations

import dataclasses
from urllib.parse import quote

from hypothesis import given
from hypothesis import strategies as st

from webquorum.runtime.calls import _masked, _masked_all
from webquorum.types import RawResult

KEY = "bk-Zq81Lm2Pw8RcYd4Nx"
# pieces a field is built from: the key in the forms an upstream echoes it in, pieces of it, final sigmas and
# NULs at the joins, and plain words
PIECES = st.sampled_from(
    [KEY, KEY.upper(), quote(KEY), KEY[:9], KEY[5:], "Σ", "ΑΣ", "\x00", "İ", " ", "news", "bk-", "Zq81"]
)
TEXT = st.lists(PIECES, max_size=6).map("".join)
RESULTS = st.lists(
    st.builds(
        RawResult,
        url=TEXT.map(lambda t: f"https://example.org/{t}"),
        title=TEXT,
        snippet=TEXT,
        content=st.none() | TEXT,
    ),
    max_size=5,
)


@given(RESULTS, st.sampled_from([(KEY,), (KEY, "Zq81Lm2P"), ("with\x00nul-Zq81Lm2Pw8",), ()]))
def test_the_whole_answer_is_masked_as_field_by_field_masking_masks_it(
    results: list[RawResult], secrets: tuple[str, ...]
) -> None:
    each = [_masked(r, secrets) for r in results]
    assert [dataclasses.astuple(r) for r in _masked_all(results, secrets)] == [
        dataclasses.astuple(r) for r in each
    ]
