"""Main-text extraction benchmark: our reader, trafilatura and readability on varied pages, in one run.

Sets (read from ``../shared`` beside the repo; nothing is copied into the repository):

- ``news``: ``extraction-benchmark/`` (88 news pages, hand-made article bodies);
- ``dragnet``: ``extraction-dev/dragnet/`` (461 blog and news pages of 2012, people's article text);
- ``trafeval``: ``extraction-dev/trafilatura-eval/`` (330 pages, mostly German, strings that must and must
  not appear).

Metrics: ``news`` and ``dragnet`` use the scrapinghub metric (4-token shingles of ``\\w+`` tokens, per-page
multiset precision and recall, averaged over pages, F1 the harmonic mean of the two means); ``trafeval``
uses trafilatura's own evaluation (each ``with`` string found, whitespace-normalised, is a true positive,
each missing one a false negative; each ``without`` string found a false positive; P/R/F over all strings).

**The split, fixed before any tuning (written down here first):** within each set, a page belongs to the
*tune* half when ``int(sha256(page_id).hexdigest(), 16) % 2 == 0`` and to the *report* half otherwise.
Rules are chosen by looking at the tune half only; the figures that count are the report half's.
``--half tune`` prints the tune half instead (for development).

Extractors, each run over the same pages in one process (time is CPU seconds in this process):

- ``ours``: ``extract_document`` (the whole main text ``fetch`` and ``collect`` return);
- ``traf-fast``: trafilatura as the reader called it before issue 23 (``fast=True``, tables, no comments);
- ``trafilatura``: trafilatura's default (``bare_extraction(html, url=url, include_comments=False)``, with
  its fallback extractors), the library as most people call it;
- ``readability``: readability-lxml's ``Document(html).summary()`` turned into text by html-text.

Beside the F1 table it counts, on the report half, the *claim-bearing lines* of our text (a line with a
digit and at least one word of letters besides it) that the brief's first-sentence trim drops, with the
trim as it was (every line above the first real sentence) and as it is now (claim lines kept).

    PYTHONPATH=. .venv/bin/python benchmarks/extraction.py [--limit N] [--half report|tune] [--sets news,dragnet]
"""
