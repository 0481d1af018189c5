"""Pure text rules: one lexicon, one sentence splitter, one fold; figures, names and organisations read from
them."""
