"""Word lists as regular expressions the engine can scan fast (pure).

``a|b|c`` over a long word list costs Python's ``re`` one try of every word at every position.
Factored into a trie (``c(?:eo|hair(?:man|woman)?)``), each position costs one character test, and a
pattern that opens with a literal character lets the engine skip in C to the next possible first
letter. ``regex``'s named lists and ``trieregex`` do the same, but one is a second regex engine and
the other a 40-line package that escapes differently; this is the 30 lines we need.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeAlias

_Trie: TypeAlias = dict[str, "_Trie"]


def trie_pattern(words: Iterable[str], *, space: str = r"\s+") -> str:
    """A regex body matching exactly ``words`` (case as given), longest match first at each branch.

    A space inside a word matches ``space`` (``r"\\s+"``: "chief  executive" across a line break).
    An empty word list gives a pattern that never matches.
    """
    trie: _Trie = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _body(trie, space) if trie else "(?!)"


def _body(node: _Trie, space: str) -> str:
    ends = "" in node
    branches = [_char(c, space) + _body(child, space) for c, child in sorted(node.items()) if c]
    if not branches:
        return ""
    inner = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if ends:
        return f"(?:{inner})?" if len(branches) > 1 or not _single_atom(inner) else f"{inner}?"
    return inner


def _char(char: str, space: str) -> str:
    return space if char == " " else re.escape(char)


def _single_atom(pattern: str) -> bool:
    return len(pattern) == 1 or (len(pattern) == 2 and pattern[0] == "\\")
