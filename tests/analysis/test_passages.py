"""Passage windows and BM25 selection: offsets are exact slices, bounds hold, the planted passage wins."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from webquorum.analysis.passages import passage_windows, select_passages, sentence_spans, stemmer_for

WORDS = ["alpha", "beta", "gamma", "delta", "river", "bridge", "tariff", "harbour", "engine", "lantern"]
text_strategy = st.lists(
    st.one_of(
        st.sampled_from(WORDS),
        st.sampled_from([". ", "! ", "? ", "\n", "\n\n", "  ", "。", " ", ", "]),
        st.text(alphabet="abcdéfß€ü ", min_size=0, max_size=30),
    ),
    max_size=200,
).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(text=text_strategy, max_chars=st.integers(min_value=20, max_value=400))
def test_windows_are_stripped_bounded_ordered_and_cover_every_word(text: str, max_chars: int) -> None:
    windows = passage_windows(text, max_chars)
    covered = [False] * len(text)
    for start, end in windows:
        piece = text[start:end]
        assert 0 < len(piece) <= max_chars
        assert piece == piece.strip()
        for i in range(start, end):
            covered[i] = True
    assert [w[0] for w in windows] == sorted({w[0] for w in windows})  # strictly increasing starts
    missed = [text[i] for i in range(len(text)) if not covered[i] and not text[i].isspace()]
    assert missed == []


def test_windows_follow_sentences_and_overlap() -> None:
    sentences = [
        f"Sentence number {i} talks about the {WORDS[i % len(WORDS)]} for a while." for i in range(30)
    ]
    text = " ".join(sentences)
    windows = passage_windows(text, 200)
    assert len(windows) > 3
    for start, end in windows:
        assert text[start:end].startswith("Sentence number")
        assert text[start:end].endswith(".")
    overlapping = sum(1 for a, b in itertools.pairwise(windows) if b[0] < a[1])
    assert overlapping >= len(windows) // 2


def test_a_sentence_longer_than_the_window_is_split_at_spaces() -> None:
    text = " ".join(["word"] * 400) + "."
    spans = sentence_spans(text, 100)
    assert len(spans) > 10
    assert all(e - s <= 100 for s, e in spans)
    assert all(text[s:e].replace(" ", "").replace(".", "").replace("word", "") == "" for s, e in spans)


def _corpus(planted: str, filler_count: int = 40) -> str:
    filler = [
        f"The {WORDS[i % 6]} committee met again on day {i} and discussed the agenda in detail."
        for i in range(filler_count)
    ]
    filler.insert(filler_count // 2, planted)
    return "\n".join(filler)


def test_the_planted_passage_ranks_first_and_is_an_exact_slice() -> None:
    planted = "The lantern tariff on imported harbour engines rose to 14 percent in March."
    text = _corpus(planted)
    [selection] = select_passages(
        [text], ["lantern tariff harbour"], max_chars=300, per_doc=3, scan_chars=300_000
    )
    best = selection.chosen[0]
    assert planted in text[best.start : best.end]
    assert best.score > 0 and best.matched == 0
    assert [p.score for p in selection.chosen] == sorted((p.score for p in selection.chosen), reverse=True)


def test_stemming_matches_inflected_forms() -> None:
    text = _corpus("Engineers were running the bridges overnight.")
    [english] = select_passages(
        [text], ["runs bridge"], max_chars=200, per_doc=1, scan_chars=300_000, language="en"
    )
    assert "running the bridges" in text[english.chosen[0].start : english.chosen[0].end]
    assert english.chosen[0].score > 0


def test_each_variant_and_topic_is_named_by_what_matched() -> None:
    text = _corpus("Zebra crossings were repainted.") + "\nQuokka sightings doubled on the island."
    [sel] = select_passages(
        [text], ["zebra crossing", "quokka sightings"], max_chars=120, per_doc=3, scan_chars=300_000
    )
    matched = {p.matched for p in sel.chosen if p.score > 0}
    assert {0, 1} <= matched


def test_chosen_passages_never_overlap_and_respect_caps() -> None:
    text = _corpus("tariff " * 5 + "end.", filler_count=200)
    [sel] = select_passages([text], ["committee agenda"], max_chars=250, per_doc=3, scan_chars=5_000)
    assert len(sel.chosen) == 3
    assert sel.left_out  # more matched than the cap allowed: the caller names them
    everything = sel.chosen + sel.left_out
    for i, a in enumerate(everything):
        assert a.end <= 5_000
        for b in everything[i + 1 :]:
            assert a.end <= b.start or b.end <= a.start


def test_nothing_matches_gives_one_opening_passage_scored_zero() -> None:
    text = _corpus("Plain sentence.")
    [sel] = select_passages([text], ["xylophone"], max_chars=200, per_doc=3, scan_chars=300_000)
    assert len(sel.chosen) == 1
    assert sel.chosen[0].start == 0 and sel.chosen[0].score == 0.0 and sel.chosen[0].matched is None


def test_no_ranking_texts_gives_the_opening_passages() -> None:
    text = _corpus("Plain sentence.")
    [sel] = select_passages([text], [], max_chars=200, per_doc=3, scan_chars=300_000)
    assert len(sel.chosen) == 3 and sel.chosen[0].start == 0
    assert all(p.matched is None for p in sel.chosen)


def test_an_empty_document_and_unknown_query_words_do_not_score() -> None:
    sels = select_passages(
        ["", "   ", "Real words about tariffs here."], ["zzz qqq"], max_chars=100, per_doc=2, scan_chars=1000
    )
    assert sels[0].chosen == [] and sels[1].chosen == []
    assert sels[2].chosen[0].score == 0.0


def test_stemmer_for_language_tags() -> None:
    assert stemmer_for("de-CH") == ("german", "de")
    assert stemmer_for(None) == ("english", "en")
    assert stemmer_for("pl")[0] == "polish" and stemmer_for("pl")[1] is None
    assert stemmer_for("xx") == (None, None)


def test_the_query_language_picks_the_stemmer() -> None:
    """German folds Gebühren/Brücken onto Gebühr/Brücke; English stemming leaves them apart."""
    filler = [f"Der Stadtrat hat am Tag {i} über den Haushalt beraten." for i in range(30)]
    filler.insert(15, "Die Gebühren für die Brücken stiegen im März.")
    text = "\n".join(filler)
    [german], [english] = (
        select_passages(
            [text], ["Gebühr Brücke"], max_chars=200, per_doc=1, scan_chars=300_000, language=lang
        )
        for lang in ("de", "en")
    )
    assert "Gebühren für die Brücken" in text[german.chosen[0].start : german.chosen[0].end]
    assert german.chosen[0].score > 0 and english.chosen[0].score == 0.0
