"""Passage windows and BM25 selection for collect: pure, text in, offsets out.

A document is cut into sentence-aligned windows of at most ``max_chars`` code points that
overlap by about half, so a passage that straddles two windows is still whole in one of
them. Every window is a ``(start, end)`` pair with ``text[start:end]`` free of leading and
trailing whitespace, which is what lets a caller hand the offsets back to ``fetch``.

All windows of all documents go into one bm25s index (one vocabulary, so scores are
comparable across sources), stemmed with PyStemmer for the request's language. Each query
variant and the topic are scored separately; a window's score is its best, and ``matched``
names which one produced it. Per document, the best windows are taken greedily so that no
two chosen windows overlap.

bm25s quirks handled here: a window with no tokens is indexed as the empty token (id of
``""``), and a query with no known word maps to that same id, which would score the empty
windows; the empty id is removed from queries, and a query left with nothing scores zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import bm25s
import numpy as np
import numpy.typing as npt
import Stemmer
from bm25s.tokenization import Tokenizer

from webquorum.text.sentences import sentence_spans as split_sentences

__all__ = ["Passage", "Selection", "passage_windows", "select_passages", "sentence_spans", "stemmer_for"]

_STEMMERS = {
    "ar": "arabic",
    "ca": "catalan",
    "cs": "czech",
    "da": "danish",
    "de": "german",
    "el": "greek",
    "en": "english",
    "es": "spanish",
    "et": "estonian",
    "eu": "basque",
    "fa": "persian",
    "fi": "finnish",
    "fr": "french",
    "ga": "irish",
    "hi": "hindi",
    "hu": "hungarian",
    "hy": "armenian",
    "id": "indonesian",
    "it": "italian",
    "lt": "lithuanian",
    "nb": "norwegian",
    "ne": "nepali",
    "nl": "dutch",
    "nn": "norwegian",
    "no": "norwegian",
    "pl": "polish",
    "pt": "portuguese",
    "ro": "romanian",
    "ru": "russian",
    "sr": "serbian",
    "sv": "swedish",
    "ta": "tamil",
    "tr": "turkish",
}
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
_STOPWORDS = frozenset({"en", "de", "nl", "fr", "es", "pt", "it", "ru", "sv", "no", "tr", "da"})


@dataclass(frozen=True)
class Passage:
    start: int
    end: int
    score: float
    matched: int | None  # index into the ranking texts; None when nothing matched


@dataclass
class Selection:
    """What one document yields: the chosen passages, best first, and the matching ones left out."""

    chosen: list[Passage] = field(default_factory=list)
    left_out: list[Passage] = field(
        default_factory=list
    )  # non-overlapping, score > 0, over the per-source cap


def stemmer_for(language: str | None) -> tuple[str | None, str | None]:
    """(PyStemmer algorithm, bm25s stopword code) for a language tag like ``de-CH``; English by default."""
    code = (language or "en").split("-")[0].split("_")[0].lower()
    if code not in _STEMMERS:
        return None, None  # an unknown language is better unstemmed than stemmed as English
    return _STEMMERS[code], (code if code in _STOPWORDS else None)


def sentence_spans(text: str, max_chars: int) -> list[tuple[int, int]]:
    """Sentences (:func:`webquorum.text.sentences.sentence_spans`); one longer than ``max_chars`` is split at
    whitespace (or hard)."""
    return [piece for span in split_sentences(text) for piece in _split_long(text, *span, max_chars)]


def _stripped(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _split_long(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    while end - start > max_chars:
        cut = text.rfind(" ", start + max_chars // 2, start + max_chars + 1)
        cut = cut if cut > start else start + max_chars
        piece = _stripped(text, start, cut)
        if piece[1] > piece[0]:
            out.append(piece)
        start = _stripped(text, cut, end)[0]
    if end > start:
        out.append((start, end))
    return out


def passage_windows(text: str, max_chars: int) -> list[tuple[int, int]]:
    """Sentence-aligned windows of at most ``max_chars``; each next window starts near the middle of the
    last."""
    pieces = sentence_spans(text, max_chars)
    windows: list[tuple[int, int]] = []
    i = 0
    while i < len(pieces):
        start, end = pieces[i]
        j = i
        while j + 1 < len(pieces) and pieces[j + 1][1] - start <= max_chars:
            j += 1
            end = pieces[j][1]
        windows.append((start, end))
        if j + 1 >= len(pieces):
            break
        middle = start + (end - start) // 2
        i = next((k for k in range(i + 1, j + 1) if pieces[k][0] >= middle), j + 1)
    return windows


def _score(texts: list[str], ranking: Sequence[str], language: str | None) -> tuple[FloatArray, IntArray]:
    """Best score per window and the index of the ranking text that gave it."""
    best = np.zeros(len(texts))
    which = np.full(len(texts), -1, dtype=np.int64)
    if not texts or not ranking:
        return best, which
    algorithm, stopwords = stemmer_for(language)
    stem = Stemmer.Stemmer(algorithm).stemWord if algorithm else None
    tokenizer = Tokenizer(lower=True, stopwords=stopwords, stemmer=stem)
    corpus = tokenizer.tokenize(texts, update_vocab=True, return_as="ids", show_progress=False)
    empty = tokenizer.get_vocab_dict().get("")
    queries = []
    for text in ranking:
        ids = tokenizer.tokenize([text], update_vocab=False, return_as="ids", show_progress=False)[0]
        queries.append([i for i in ids if i != empty])
    retriever = bm25s.BM25()
    corpus, queries = _fold_unqueried(corpus, queries)
    retriever.index(corpus, show_progress=False)
    for n, ids in enumerate(queries):
        if not ids:
            continue
        scores = retriever.get_scores(ids)
        better = scores > best
        best = np.where(better, scores, best)
        which = np.where(better, n, which)
    return best, which


def _fold_unqueried(
    corpus: list[list[int]], queries: list[list[int]]
) -> tuple[list[list[int]], list[list[int]]]:
    """Renumber the query terms 0..k-1 and fold every other token into one stand-in, k.

    Window lengths and query-term counts stay the same, so the BM25 scores do too, but the index
    holds k+1 terms instead of the whole vocabulary (about half the selection time on a megabyte of
    text). bm25s sizes its vocabulary by the distinct ids it sees, so the ids must be dense.
    """
    compact = {term: n for n, term in enumerate(dict.fromkeys(i for q in queries for i in q))}
    stand_in = len(compact)
    folded = [[compact.get(i, stand_in) for i in ids] for ids in corpus]
    return folded, [[compact[i] for i in q] for q in queries]


def _non_overlapping(candidates: list[Passage]) -> list[Passage]:
    taken: list[Passage] = []
    for p in candidates:
        if all(p.end <= t.start or p.start >= t.end for t in taken):
            taken.append(p)
    return taken


def select_passages(
    texts: Sequence[str],
    ranking: Sequence[str],
    *,
    max_chars: int,
    per_doc: int,
    scan_chars: int,
    language: str | None = None,
) -> list[Selection]:
    """For each text, up to ``per_doc`` non-overlapping windows from its first ``scan_chars``, best first.

    With no ranking texts, or when nothing in a document matches, the opening windows are given
    instead with score 0 and ``matched`` None (all of them without ranking texts, one otherwise),
    so every readable source still shows what it is.
    """
    windows = [passage_windows(text[:scan_chars], max_chars) for text in texts]
    flat = [text[s:e] for text, spans in zip(texts, windows, strict=True) for s, e in spans]
    best, which = _score(flat, ranking, language)
    out: list[Selection] = []
    at = 0
    for spans in windows:
        scored = [
            Passage(s, e, float(best[at + k]), int(which[at + k]) if which[at + k] >= 0 else None)
            for k, (s, e) in enumerate(spans)
        ]
        at += len(spans)
        matching = _non_overlapping(
            sorted((p for p in scored if p.score > 0), key=lambda p: (-p.score, p.start))
        )
        if matching:
            out.append(Selection(chosen=matching[:per_doc], left_out=matching[per_doc:]))
        else:
            opening = _non_overlapping(scored)[: per_doc if not ranking else 1]
            out.append(Selection(chosen=[Passage(p.start, p.end, 0.0, None) for p in opening]))
    return out
