"""The brief page as HTML (pure): the search box, streamed status lines, one card per source.

No script at all: the page is one streamed HTML response that the browser renders as it
arrives, so the status lines ("searching", "read 2 of 4", "comparing") appear while the brief is
built, then the agreement lines and the cards. Every piece of page text, title and URL is
untrusted and goes through :func:`html.escape`; links are only ever http(s). The stylesheet is
a file in this package (``page.css``), served by the app itself: no CDN, no build step.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode, urlsplit

from webquorum.serve.marks import Value, value_marks
from webquorum.types import Brief, BriefSource

# Why a card is "snippet only", in words, by the failed read's code.
SNIPPET_REASONS = {
    "WEB_FETCH_HTTP_ERROR": "the site answered with an error",
    "WEB_FETCH_BLOCKED": "the site blocks automated readers",
    "WEB_FETCH_TIMEOUT": "the page was not read in time",
    "WEB_FETCH_TOO_LARGE": "the page is too large to read",
    "WEB_FETCH_UNSUPPORTED_CONTENT": "the page is not text, HTML or PDF",
    "WEB_FETCH_EMPTY": "no readable text on the page",
    "WEB_FETCH_FORBIDDEN_ADDRESS": "the address is not allowed",
    "WEB_FETCH_BAD_URL": "the URL is not valid",
    "WEB_FETCH_REDIRECT_LOOP": "the page redirects in a loop",
}


# What went wrong, as a sentence a person reads, by code; the code itself stays in the raw JSON.
ERROR_SENTENCES = {
    "WEB_BAD_REQUEST": "The question could not be asked that way.",
    "WEB_ABORTED": "The brief took too long and was stopped.",
    "WEB_MCP_BUSY": "The server is busy with other questions right now.",
    "WEB_NO_PROVIDER": "No search provider is set up to answer.",
    "WEB_PROVIDER_TIMEOUT": "The search providers did not answer in time.",
    "WEB_PROVIDER_RATE_LIMITED": "The search providers asked us to slow down.",
    "WEB_PROVIDER_CREDENTIAL_MISSING": "A search provider needs a key that is not set.",
}
# Table rules and cells (markdown pipes) and newsletter or subscription lines: layout and
# boilerplate a reader kept, which a card should not show as prose.
_TABLE_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?")
_PIPES = re.compile(r"(?:\s*\|\s*)+")  # a row's closing pipe and the next row's opening one: one separator
_BOILERPLATE = re.compile(
    r"[^.!?\n|]*\b(?:newsletter|subscribe|subscription|sign up for|unsubscribe|inbox every)\b[^.!?\n|]*[.!?]?",
    re.I,
)


def card_text(text: str) -> str:
    """A source's text as a card shows it: no table pipes or rules, no newsletter lines, one paragraph."""
    text = _BOILERPLATE.sub(" ", _TABLE_RULE.sub(" ", text))
    text = _PIPES.sub(" · ", text)
    return " ".join(text.split()).strip(" ·")


def esc(text: str | None) -> str:
    return html.escape(text or "", quote=True)


def safe_href(url: str) -> str | None:
    return url if url.lower().startswith(("http://", "https://")) else None


def head(title: str, query: str = "") -> str:
    """Everything up to the open ``<main>``: sent at once, so the search box shows before any work."""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        f'<title>{esc(title)}</title><link rel="stylesheet" href="/assets/page.css"></head><body>'
        '<header><a class="home" href="/">webquorum</a>'
        '<form class="ask" method="get" action="/" role="search">'
        f'<input type="search" name="q" value="{esc(query)}" placeholder="Ask a question" '
        'aria-label="Question" maxlength="2000" required autofocus>'
        '<button type="submit">Brief</button></form></header><main>'
    )


def tail() -> str:
    return "</main></body></html>"


def intro() -> str:
    return (
        '<p class="intro">Ask a question: up to four independent sites are searched and read in '
        "parallel, and compared by rule: the figures and names they agree on are highlighted, and a "
        "site that disagrees is marked.</p>"
    )


def status_open() -> str:
    return '<section class="status" aria-live="polite"><h2>Progress</h2><ol>'


def status_line(message: str) -> str:
    return f"<li>{esc(message)}</li>"


def status_close() -> str:
    return "</ol></section>"


def raw_links(query: str) -> str:
    q = urlencode({"q": query})
    return (
        '<nav class="raw">Raw JSON: '
        f'<a href="/brief?{esc(q)}">brief</a> · <a href="/search?{esc(q)}&amp;format=json">search results</a> '
        f'· <a href="/search?{esc(q)}&amp;format=html">result list</a></nav>'
    )


def error_box(data: dict[str, Any]) -> str:
    """An error as sentences: what happened, the detail, what to do; the code stays in the raw JSON."""
    code = str(data.get("code", ""))
    sentence = ERROR_SENTENCES.get(code) or (
        "The search engines did not answer."
        if code.startswith("WEB_PROVIDER")
        else "The brief could not be made."
    )
    hint = f'<p class="hint">{esc(_sentence(str(data.get("hint") or "")))}</p>' if data.get("hint") else ""
    return (
        f'<section class="error" role="alert" data-code="{esc(code)}"><h2>{esc(sentence)}</h2>'
        f"<p>{esc(_sentence(str(data.get('message') or data.get('error') or '')))}</p>{hint}</section>"
    )


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text[:1].upper() + text[1:] + ("" if not text or text.endswith((".", "!", "?")) else ".")


def failure_sentence(provider: str, code: str, status: int | None) -> str:
    from webquorum.serve.searxng import REASONS  # one home for a provider failure in words

    why = REASONS.get(code, "HTTP error" if status else "no answer")
    return f"{provider} did not answer: {why}{f' (HTTP {status})' if status else ''}."


def shown_values(brief: Brief) -> list[Value]:
    """What the page highlights as agreed: the answer first (unless the sources split), then the other
    items."""
    values = []
    if brief.answer is not None and not brief.answer.rivals and brief.answer.kind != "other":
        values.append(Value("name" if brief.answer.kind == "name" else "figure", brief.answer.value))
    return values + [Value(a.kind, a.value) for a in brief.agreed]


def marked_text(text: str, brief: Brief, site: str = "") -> str:
    """The source's text with every agreed value in ``<mark class=agreed>`` and, on the dissenting
    site's card, the value it gives instead in ``<mark class=dissent>``; escaped everywhere else."""
    values = shown_values(brief)
    agreed = len(values)
    values += [Value(d.kind, d.value) for d in brief.disagreed if d.site == site]
    out: list[str] = []
    at = 0
    for mark in value_marks(text, values):
        out.append(esc(text[at : mark.start]))
        if mark.item < agreed:
            out.append(
                f'<mark class="agreed" data-item="{mark.item}">{esc(text[mark.start : mark.end])}</mark>'
            )
        else:
            out.append(f'<mark class="dissent">{esc(text[mark.start : mark.end])}</mark>')
        at = mark.end
    out.append(esc(text[at:]))
    return "".join(out)


def others_say(count: int) -> str:
    return "1 other says" if count == 1 else f"{count} others say"


def agreement(brief: Brief) -> str:
    """The answer first (or the split), then the other agreed items, then each disagreement, typed."""
    lines = []
    answer = brief.answer
    offset = 0
    if answer is not None:
        label = f"Answer ({esc(answer.quantity)}):" if answer.quantity else "Answer:"
        if answer.rivals:
            split = " against ".join(esc(v) for v in [answer.value, *answer.rivals])
            lines.append(f'<p class="answer-line"><strong>{label}</strong> sources split: {split}</p>')
        elif answer.kind == "other":
            lines.append(
                f'<p class="answer-line"><strong>{label}</strong> {esc(answer.value)} in {answer.count}/{answer.of}</p>'
            )
        else:
            offset = 1
            lines.append(
                f'<p class="agreed-line answer-line"><strong>{label}</strong> <mark class="agreed" data-item="0">'
                f"{esc(answer.value)}</mark> in {answer.count}/{answer.of}</p>"
            )
    if brief.agreed:
        parts = [
            f'<mark class="agreed" data-item="{i + offset}">{esc(a.value)}</mark> in {a.count}/{a.of}'
            for i, a in enumerate(brief.agreed)
        ]
        title = "Also agreed:" if answer is not None else "Agreed across sources:"
        lines.append(f'<p class="agreed-line"><strong>{title}</strong> ' + "; ".join(parts) + "</p>")
    elif answer is None:
        lines.append(
            '<p class="agreed-line"><strong>Agreed across sources:</strong> nothing that a rule can compare</p>'
        )
    for d in brief.disagreed:
        title = "Older figure:" if d.type == "older" else "Disagreement:"
        lines.append(
            f'<p class="dissent-line"><strong>{title}</strong> <span class="pill dissent">{esc(d.site)}</span> '
            f"says {esc(d.value)} where {others_say(d.others_count)} {esc(d.others_value)}</p>"
        )
    return '<section class="agreement">' + "".join(lines) + "</section>"


def card(source: BriefSource, brief: Brief) -> str:
    dissents = [d for d in brief.disagreed if d.site == source.site]
    classes = "card dissenting" if dissents else "card"
    mark = "".join(
        f'<p class="dissent-mark" role="note">Disagrees: says {esc(d.value)} where '
        f"{others_say(d.others_count)} {esc(d.others_value)}</p>"
        for d in dissents
    )
    href = safe_href(source.url)
    link = (
        f'<a class="url" href="{esc(href)}" rel="noopener noreferrer nofollow">{esc(source.url)}</a>'
        if href
        else f'<span class="url">{esc(source.url)}</span>'
    )
    body = f'<p class="text">{marked_text(card_text(source.text), brief, source.site)}</p>'
    if source.snippet_only:
        why = SNIPPET_REASONS.get(source.error or "", "the page could not be read")
        body += f'<p class="snippet-only" data-code="{esc(source.error or "WEB_FETCH_EMPTY")}">snippet only: {esc(why)}</p>'
    return (
        f'<article class="{classes}" data-site="{esc(source.site)}"><div class="meta">'
        f'<span class="n">{source.n}</span><span class="pill">{esc(source.site)}</span></div>'
        f"<h3>{esc(source.title or source.site)}</h3>{link}{mark}{body}</article>"
    )


def counts(brief: Brief) -> str:
    """The heading's count, in agreement with the cards: how many pages were read, how many are snippets."""
    read = sum(not s.snippet_only for s in brief.sources)
    snippets = len(brief.sources) - read
    noun = "source" if len(brief.sources) == 1 else "sources"
    parts = [f"{read} read"] + ([f"{snippets} snippet only"] if snippets else [])
    return f"{len(brief.sources)} {noun} for “{esc(brief.query)}”: {', '.join(parts)}"


def brief_html(brief: Brief) -> str:
    if brief.sources:
        notes = ""
    elif brief.failures:
        notes = '<p class="note">No provider answered, so nothing was searched; try again shortly or another provider.</p>'
    else:
        notes = '<p class="note">Nothing was found for this question; try other words.</p>'
    failures = "".join(
        f"<li>{esc(failure_sentence(f.provider, f.code, f.status))}</li>" for f in brief.failures
    )
    failed = (
        f'<section class="failures"><h2>Providers that failed</h2><ul>{failures}</ul></section>'
        if failures
        else ""
    )
    cards = "".join(card(s, brief) for s in brief.sources)
    return (
        f'<section class="brief"><h2>{counts(brief)}</h2>'
        f'{agreement(brief)}<div class="cards">{cards}</div>{notes}{failed}{raw_links(brief.query)}</section>'
    )


def results_html(query: str, data: dict[str, Any]) -> str:
    """SearXNG's ``format=html``: the fused result list, each with its site as a pill."""
    items = []
    for r in data["results"]:
        href = safe_href(r["url"])
        title = esc(r["title"] or r["url"])
        heading = f'<a href="{esc(href)}" rel="noopener noreferrer nofollow">{title}</a>' if href else title
        site = urlsplit(r["url"]).hostname or ""
        engines = ", ".join(f"{esc(e)} #{p}" for e, p in zip(r["engines"], r["positions"], strict=True))
        items.append(
            f'<li class="result"><span class="pill">{esc(site)}</span><h3>{heading}</h3>'
            f'<span class="url">{esc(r["url"])}</span><p>{esc(r["content"])}</p>'
            f'<p class="engines">{engines}</p></li>'
        )
    down = "".join(f"<li>{esc(name)}: {esc(why)}</li>" for name, why in data["unresponsive_engines"])
    failed = (
        f'<section class="failures"><h2>Unresponsive engines</h2><ul>{down}</ul></section>' if down else ""
    )
    return (
        f'<section class="results"><h2>{len(data["results"])} results for “{esc(query)}”</h2>'
        f"<ol>{''.join(items)}</ol>{failed}{raw_links(query)}</section>"
    )


def whole(title: str, query: str, parts: Sequence[str]) -> str:
    return head(title, query) + "".join(parts) + tail()
