"""Word lists as regular expressions the engine can scan fast (pure).

``a|b|c`` over a long word list costs Python's ``re`` one try of every word at every position.
Factored into a trie (``c(?:eo|hair(?:man|woman)?)``), each position costs one character test, and a
pattern that opens with a character class lets the engine skip in C to the next possible first
letter. ``regex``'s named lists and ``trieregex`` do the same, but one is a second regex engine and
the other a 40-line package that escapes differently and folds no case.

:func:`alternation` builds such a trie, also for lists matched case-insensitively or after a boundary
(``(?i)\\b(?:we use cookies|...)``), where ``re`` has no fast first-letter test at all: each
letter becomes its case class (every character ``re.IGNORECASE`` folds with it), the pattern opens
with one class of the possible first characters and then tests the second character before
checking, by a lookbehind, which first one it was. :func:`expand` turns a small regular
expression (literals, groups, ``|``, ``?``, ``[abc]``) into its phrases, so a list keeps its
readable form in its one home.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import TypeAlias

__all__ = ["after_first", "alternation", "expand"]

_Trie: TypeAlias = dict[str, "_Trie"]
_MAX_PHRASES = 5_000
# İ ı ſ ẞ, Kelvin and Ångström signs: folded by re, not upper/lower pairs
_FOLD_EXTRAS = "\u0130\u0131\u017f\u1e9e\u212a\u212b"


@cache
def _caseless(char: str) -> str:
    """Every character that ``re.IGNORECASE`` lets ``char`` match, as a class body."""
    candidates = {char, char.lower(), char.upper(), char.swapcase(), *_FOLD_EXTRAS}
    pattern = re.compile(re.escape(char), re.IGNORECASE)
    same = sorted(c for c in candidates if len(c) == 1 and pattern.fullmatch(c))
    return "".join(re.escape(c) for c in same)


def _fold_char(char: str, ignore_case: bool, space: str | None = None) -> str:
    if char == " " and space is not None:
        return space
    if ignore_case:
        folded = _caseless(char)
        if len(folded) > len(re.escape(char)):
            return f"[{folded}]"
    return re.escape(char)


def _class_body(atom: str) -> str:
    """What ``atom`` (one character's pattern) contributes inside a ``[...]`` class."""
    return atom[1:-1] if atom.startswith("[") and len(atom) > 2 else atom


def expand(pattern: str) -> list[str]:
    """Every string a small finite regular expression matches (literals, groups, ``|``, ``?``, ``[abc]``)."""
    return sorted(set(_expand(sre_parse.parse(pattern))))


def _expand(items: object) -> list[str]:
    out = [""]
    for op, av in items:  # type: ignore[attr-defined]
        name = str(op)
        if name == "LITERAL":
            options = [chr(av)]
        elif name == "SUBPATTERN":
            options = _expand(av[3])
        elif name == "BRANCH":
            options = [s for branch in av[1] for s in _expand(branch)]
        elif name == "MAX_REPEAT" and av[0] == 0 and av[1] == 1:
            options = ["", *_expand(av[2])]
        elif name == "IN" and all(str(o) == "LITERAL" for o, _ in av):
            options = [chr(v) for _, v in av]
        else:
            raise ValueError(f"expand() takes literals, groups, | and ? only, not {name}")
        out = [a + b for a in out for b in options]
        if len(out) > _MAX_PHRASES:
            raise ValueError(f"more than {_MAX_PHRASES} phrases")
    return out


def alternation(
    phrases: Iterable[str],
    *,
    ignore_case: bool = False,
    word_start: bool = False,
    not_after: str | None = None,
    not_preceded_by: Iterable[str] = (),
    space: str | None = None,
) -> str:
    """A pattern matching exactly ``phrases`` (``ignore_case`` as ``re.IGNORECASE`` would), longest first.

    ``word_start``: as ``\\b`` before the alternation (every phrase must then start with a word
    character). ``not_after``: a class body, as ``(?<![not_after])`` before the alternation;
    ``not_preceded_by``: literal strings, each as ``(?<!string)`` before the alternation;
    ``space``: what a space inside a phrase stands for (``r"\\s+"``: any run of whitespace). The
    result opens with a case-sensitive character class, so it is fast in any surrounding flags;
    put it first in a pattern to let ``re`` skip to candidate positions.
    """
    words = sorted({p.lower() if ignore_case else p for p in phrases})
    if not words or "" in words:
        raise ValueError("alternation() needs non-empty phrases")
    if space is not None and any(w.startswith(" ") or w.endswith(" ") for w in words):
        raise ValueError("a phrase may not start or end with a space when space= is given")
    trie = _trie(words)
    if word_start and not all(re.match(r"\w", w[0]) for w in words):
        raise ValueError("word_start needs every phrase to start with a word character")
    guard = r"(?<!\w(?s:.))" if word_start else f"(?<![{not_after}](?s:.))" if not_after else ""
    guard += "".join(
        f"(?<!{re.escape(before)}(?s:.))" for before in not_preceded_by
    )  # checked after the first character
    if not ignore_case and not guard:
        # Every branch opens with a literal: re skips on the first characters and drops a branch in
        # one test, where the class-and-lookbehind form below pays three tests at a position whose
        # first two characters both occur in phrases but never together ("aa" for "about", "casi").
        # With a guard the form below is faster: its second-character test rejects most positions
        # before any lookbehind runs.
        return f"(?-i:{_fold_body(trie, False, space)})"
    # One class consumes the first character (re skips to those positions in C); the branches
    # open with the second character's class (re tests those in C too) and only then check, with
    # a lookbehind, which first character it was.
    heads = "".join(sorted({_class_body(_fold_char(w[0], ignore_case)) for w in words}))
    return f"(?-i:[{heads}]{_after_first(trie, ignore_case, space, guard)})"  # the cheapest test first


def after_first(phrases: Iterable[str]) -> str:
    """What follows the first character of one of ``phrases`` (case-sensitive), for a pattern whose
    own class has just consumed that character: ``[A-Z](?!{after_first(["Inc", "Co"])})`` refuses
    "Inc" and "Co" where ``(?!Inc|Co)[A-Z]`` would, yet still opens with a class ``re`` skips on.
    """
    words = sorted(set(phrases))
    if not words or "" in words:
        raise ValueError("after_first() needs non-empty phrases")
    return f"(?-i:{_after_first(_trie(words), False, None, '')})"


def _trie(words: list[str]) -> _Trie:
    """The words as nested dicts by character; ``""`` marks where a word ends."""
    trie: _Trie = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return trie


def _after_first(trie: _Trie, ignore_case: bool, space: str | None, guard: str) -> str:
    by_second: dict[str, list[str]] = {}
    singles: list[str] = []
    for first, node in trie.items():
        key = _fold_char(first, ignore_case)
        for second, child in node.items():
            if second:
                by_second.setdefault(_fold_char(second, ignore_case, space), []).append(
                    f"(?<={key}(?s:.)){_fold_body(child, ignore_case, space)}"
                )
            else:
                singles.append(_class_body(key))
    branches = [f"{second}{_either(rests)}" for second, rests in by_second.items()]
    if singles:  # one-character phrases: one lookbehind for all of them, tried last (longest first)
        branches.append(f"(?<=[{''.join(singles)}])")
    seconds = "" if singles else "(?=[" + "".join(sorted(_class_body(k) for k in by_second)) + "])"
    return f"{seconds}{guard}{_either(branches)}"


def _either(rests: list[str]) -> str:
    if len(rests) == 1:
        return rests[0]
    return "(?:" + "|".join(rests) + ")"


def _fold_body(node: _Trie, ignore_case: bool, space: str | None = None) -> str:
    ends = "" in node
    alts = [
        _fold_char(char, ignore_case, space) + _fold_body(child, ignore_case, space)
        for char, child in node.items()
        if char
    ]
    if not alts:
        return ""
    if len(alts) == 1 and not ends:
        return alts[0]
    body = "(?:" + "|".join(alts) + ")"
    return body + "?" if ends else body
