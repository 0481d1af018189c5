"""Drop the junk lines an extractor leaves above an article: start at the first real sentence.

Extractors (ours and reader services such as Jina or Firecrawl) often keep what sits above the
article: skip links, language pickers, breadcrumbs, cookie notices, share bars, bylines, the
headline and menus rendered as markdown links. Agents read from the top, so those lines cost
tokens and push the article out of the first window.

The rule is line-local, so it is predictable and idempotent: a line is a *real sentence* when,
with markdown links and list markers removed, it has enough words, is not mostly links, is not a
known boilerplate notice, and ends like a sentence (or contains a sentence boundary followed by
more text). Everything above the first such line goes, except markdown headings immediately above
it (the article's title) and lines that carry a claim (:func:`carries_claim`: a figure with its
subject, such as "152 feet 2 inches: height of the statue" in a fact list, a table row or a list
item): the comparison reads figures, and a claim is never chrome. A text with no sentence at all (a
price grid, a table of figures) is returned unchanged, because there is nothing safe to start from.

This trim is for the brief's excerpt, not for the page: ``fetch`` and ``collect`` return the whole
main text (issue 23), so a page's headings, lists and tables stay where the article has them.
"""

from __future__ import annotations

import re

from webquorum.text.alternation import alternation, expand
from webquorum.text.lexicon import FUNCTION_WORDS
from webquorum.text.measures import ROLE_WORDS, ROLES

__all__ = ["carries_claim", "first_sentence_start", "is_real_sentence", "trim_to_first_sentence"]

# Linear time on hostile text: the link text cannot contain another "[" and the target holds at
# most one level of parentheses, so no start position rescans the rest of a line of brackets.
_MD_TARGET = r"\((?:[^()]|\([^()]*\))*\)"
_MD_IMAGE = re.compile(r"!\[[^\[\]]*\]" + _MD_TARGET)
_MD_LINK = re.compile(r"\[([^\[\]]*)\]" + _MD_TARGET)
_URL = re.compile(r"\b(?:https?://|www\.)\S+")
_BULLET = re.compile(r"^\s*(?:[-*+•>]|\d{1,3}[.)])\s+")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_END = re.compile(r"[.!?…。！？][\"'”’»)\]*_]*$")
_INNER_BOUNDARY = re.compile(r"[a-z\u00e0-\u00ff)\"”’][.!?]\s+[\"“'‘(]?[A-Z\u00c0-\u00dd]")
_SEPARATORS = re.compile(r"\s[|·•»›/>]\s")
# Notices that read like sentences but are never article text (a small regex, expanded to its
# phrases and compiled as a trie: text/alternation.py; matched case-insensitively after a word boundary).
_BOILERPLATE_PHRASES = (
    r"(?:(?:we|site|website|this site) uses? cookies|use of cookies|accept (?:all )?cookies|"
    r"cookie (?:policy|settings|preferences|consent)|skip to (?:main |the )?(?:content|navigation|main)|"
    r"jump to (?:main |the )?(?:content|navigation)|enable javascript|javascript is (?:disabled|required)|"
    r"(?:sign|log) ?in to (?:your account|continue|comment)|subscribe to our|sign up for (?:our|the) newsletter|"
    r"all rights reserved|you are here:|share (?:this|on) (?:article|story|page|post|facebook|twitter)|"
    r"(?:your|this) browser (?:is not|does not|doesn't) support|update your browser)"
)
_BOILERPLATE = re.compile(alternation(expand(_BOILERPLATE_PHRASES), ignore_case=True, word_start=True))
_MIN_WORDS = 5
_MIN_UNPUNCTUATED_WORDS = 20  # a paragraph this long is prose even when its full stop is missing
_MAX_WRAPPED_LINES = 4
_MIN_CJK_CHARS = 12
_MAX_KEPT_HEADINGS = 2
_DIGIT = re.compile(r"\d")
# Words that name a date, a time or a counter of the page's furniture, not a subject: "14 March 2026",
# "12:11 AM", "5 min read", "2 hours ago", "12 comments", "Photo 3 of 12" are chrome, not claims.
_CHROME_WORDS = frozenset(
    re.findall(
        r"\w+",
        """
    january february march april may june july august september october november december jan feb mar apr
    jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday mon tue wed thu
    fri sat sun am pm gmt utc est edt pst pdt cet cest bst updated posted published ago min mins minute
    minutes hr hrs hour hours read comment comments share shares likes views photo photos image images page
    slide""",
    )
)


def _plain(line: str) -> str:
    """The line as a reader would read it: markdown images, link targets, URLs and bullets removed."""
    text = _MD_IMAGE.sub(" ", line)
    text = _MD_LINK.sub(r"\1", text)
    text = _URL.sub(" ", text)
    return _BULLET.sub("", text).strip(" \t#*_`")


def _link_share(line: str) -> float:
    """How much of the line's visible text sits inside markdown links (menus are nearly all links)."""
    visible = len(_plain(line)) or 1
    linked = sum(len(m.group(1)) for m in _MD_LINK.finditer(_MD_IMAGE.sub(" ", line)))
    return linked / visible


def is_real_sentence(line: str) -> bool:
    """True when ``line`` reads as article prose rather than a label, menu, notice or heading."""
    if _HEADING.match(line):
        return False
    text = _plain(line)
    if not text or _link_share(line) > 0.6 or _BOILERPLATE.search(text):
        return False
    if len(_SEPARATORS.findall(text)) >= 2:  # "Home / News / World", "Share · Tweet · Mail"
        return False
    if len(_CJK.findall(text)) >= _MIN_CJK_CHARS:
        return bool(_END.search(text)) or "。" in text
    words = _WORD.findall(text)
    if len(words) < _MIN_WORDS or not any(w[0].islower() for w in words):
        return False
    if _END.search(text) or len(words) >= _MIN_UNPUNCTUATED_WORDS:
        return True
    return len(words) >= 12 and bool(_INNER_BOUNDARY.search(text))


def carries_claim(line: str) -> bool:
    """True when ``line`` holds a figure with its subject (a digit and a word that is not a date word), or
    is a post holder's label (:func:`holder_label`).

    Menus (mostly links, or two separators outside a table row) and boilerplate notices do not count,
    nor do datelines and counters ("14 March 2026", "Updated 12:11 AM", "5 min read", "12 comments").
    """
    text = _plain(line)
    if not _DIGIT.search(text):
        return holder_label(text)
    if _link_share(line) > 0.6 or _BOILERPLATE.search(text):
        return False
    if not line.lstrip().startswith("|") and len(_SEPARATORS.findall(text)) >= 2:
        return False
    return any(
        len(w) > 1 and w.lower() not in _CHROME_WORDS and w.lower() not in FUNCTION_WORDS
        for w in _WORD.findall(text)
    )


# A holder's label, the whole line: a full name, a comma and a post's title, maybe a comma and the body
# ("Mark Demetree, CEO" under an infobox's "Key people"; "Andrew Flanagan, chief executive, NSPCC"), or a
# title and a full name ("Director General Peter Limbourg", "Chief Executive: Jon Pell"). Headlines that hold
# a title and a name among other words ("Standard Chartered names Bill Winters as new chief executive") are
# no label. The titles are every spelling of every role (text/measures.py).
_LABEL_TITLE = alternation(
    [form for forms in ROLES.values() for form in forms], ignore_case=True, space=r"[ -]"
)
_LABEL_NAME = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ'’.-]{1,20}(?: [A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ'’.-]{0,20}){1,3}"
_HOLDER_LABEL = re.compile(  # \A: matched whole on one short line, never searched through a page
    rf"\A(?:{_LABEL_NAME}),[ \t]{{0,2}}(?:the[ \t])?(?:{_LABEL_TITLE})(?:,[ \t]{{0,2}}[A-Z][\w&'’. -]{{1,60}})?\.?"
    rf"|\A(?:{_LABEL_TITLE})[ \t]{{0,2}}[:–-]?[ \t]{{0,2}}(?:{_LABEL_NAME})"
)
_MAX_LABEL_CHARS = 100


def holder_label(text: str) -> bool:
    """Whether a line, whole, labels a post's holder (:data:`_HOLDER_LABEL`): an infobox's "Key people" line
    sits above an article's first sentence, and was cut with the menus (round 131, real pages: the one line
    naming Morton Salt's chief executive). A title alone, a name alone or a headline is no label."""
    line = text.strip()
    if len(line) > _MAX_LABEL_CHARS or _HOLDER_LABEL.fullmatch(line) is None:
        return False
    words = [w.lower().strip(":.–-") for w in line.split(",")[0].split()]
    return sum(1 for w in words if w not in ROLE_WORDS) >= 2


def _continues(previous: str, line: str) -> bool:
    """Whether ``line`` carries on ``previous`` mid-sentence: a title followed by a byline does not."""
    last_word = previous.rsplit(None, 1)[-1].lower() if previous.split() else ""
    return previous.endswith((",", ";", "-", "–")) or line[:1].islower() or last_word in FUNCTION_WORDS


def _starts_wrapped_sentence(lines: list[str], first: int) -> bool:
    """True when ``lines[first]`` opens a sentence hard-wrapped over the next few lines (``<br>`` prose)."""
    joined = lines[first].strip()
    if len(_WORD.findall(_plain(joined))) < _MIN_WORDS:
        return False
    for line in lines[first + 1 : first + 1 + 2 * _MAX_WRAPPED_LINES]:
        line = line.strip()
        if not line:
            continue
        if _HEADING.match(line) or _END.search(joined) or not _continues(joined, line):
            break
        joined = f"{joined} {line}"
    return joined != lines[first].strip() and is_real_sentence(joined)


def trim_to_first_sentence(text: str, *, keep_claims: bool = True) -> str:
    """Return ``text`` from its first real sentence (keeping the markdown headings right above it).

    Lines above it that carry a claim are kept too, in order (``keep_claims=False`` drops them, as
    the trim did before issue 22; the benchmark counts the difference). Without them the result is
    a suffix of ``text`` that starts at a line start; either way trimming it again changes
    nothing. With no real sentence anywhere, ``text`` comes back unchanged.
    """
    lines = text.splitlines(keepends=True)
    offsets: list[int] = []
    position = 0
    for line in lines:
        offsets.append(position)
        position += len(line)
    first = next(
        (i for i, line in enumerate(lines) if is_real_sentence(line) or _starts_wrapped_sentence(lines, i)),
        None,
    )
    if first is None:
        return text
    start = first
    kept = 0
    for i in range(first - 1, -1, -1):
        if not lines[i].strip():
            continue
        if _HEADING.match(lines[i]) and kept < _MAX_KEPT_HEADINGS:
            start = i
            kept += 1
            continue
        break
    claims = [line for line in lines[:start] if keep_claims and carries_claim(line)]
    return "".join(claims) + text[offsets[start] :]


def first_sentence_start(text: str) -> int:
    """The offset in ``text`` where its first real sentence (with the headings right above it) starts.

    For callers that keep offsets into the whole text (discover's evidence) but read from where a
    brief would start; 0 when ``text`` has no real sentence.
    """
    return len(text) - len(trim_to_first_sentence(text, keep_claims=False))
