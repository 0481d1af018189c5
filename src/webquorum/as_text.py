"""Results as text a person or a small model reads: the CLI prints it, the MCP tools return it (pure).

Below both shells, so neither reaches into the other, and free of the MCP SDK, so a CLI command
that prints a brief does not load it.

Two rules hold for every rendering here:

- Page and provider text is written by strangers. :func:`printable` drops control characters and
  terminal escape sequences from it (an OSC 52 clipboard write, a title change, a screen clear or
  a hidden hyperlink would otherwise reach the terminal that prints it), and, for a model,
  :func:`fenced` wraps it in the same ``<untrusted_page_text>`` fence verify and discover use, so
  page text is quoted data and the tool's own lines are the only lines in the tool's voice.
- Each thing is said once: the text is a rendering, not the structured content again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from webquorum.pipelines.budgeted.fence import FENCE_TAG

# ESC-introduced sequences (CSI, OSC up to BEL or ST, DCS/SOS/PM/APC up to ST, two-character ones),
# then any control character left (C0 but tab and newline, DEL, C1), including 8-bit CSI/OSC.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_FENCE_MARK = re.compile(rf"<\s*/?\s*{FENCE_TAG}[^>]*>?", re.I)


def printable(text: str | None) -> str:
    """``text`` without escape sequences or control characters (tabs and newlines kept)."""
    if not text:
        return ""
    return _CONTROLS.sub("", _ESCAPES.sub("", text))


def one_line(text: str | None) -> str:
    return " ".join(printable(text).split())


def fenced(text: str, **attrs: str) -> str:
    """Page text as quoted data: inside the untrusted fence, with any fence marker in it defused."""
    body = _FENCE_MARK.sub("[removed fence marker]", printable(text))
    labels = "".join(f' {k}="{re.sub(r"[^A-Za-z0-9.:/_-]", "", v)}"' for k, v in attrs.items() if v)
    return f"<{FENCE_TAG}{labels}>{body}</{FENCE_TAG}>"


def safe_url(url: str) -> str:
    """A URL as printed: percent-encoded (spaces, quotes, non-ASCII), so a terminal or a model sees one
    token."""
    parts = urlsplit(printable(url).strip())
    try:
        host = (
            parts.netloc.encode("idna").decode("ascii")
            if parts.netloc and not parts.netloc.isascii()
            else parts.netloc
        )
    except UnicodeError:
        host = quote(parts.netloc, safe=":@[]")
    return urlunsplit(
        (
            parts.scheme,
            host,
            quote(parts.path, safe="/%:@!$&'()*+,;=~-._"),
            quote(parts.query, safe="=&%:@/?!$'()*+,;~-._"),
            quote(parts.fragment, safe="%:@/?!$&'()*+,;=~-._"),
        )
    )


def brief_text(d: dict[str, Any], *, fence: bool) -> str:
    """The brief as the pipeline wrote it, each source's page text line fenced (for a model) or cleaned."""
    urls = {s["url"] for s in d.get("sources", [])}
    sites = {s["url"]: s["site"] for s in d.get("sources", [])}
    lines = str(d["brief"]).split("\n")
    out: list[str] = []
    after: str | None = None  # the URL of the source whose text line may come next
    for line in lines:
        if after is not None and line.startswith("   ") and line.strip() != "(snippet only)":
            text = line[3:]
            out.append("   " + (fenced(text, site=sites[after]) if fence else printable(text)))
            after = None
            continue
        after = line.strip() if line.startswith("   ") and line.strip() in urls else None
        out.append(printable(line))
    return "\n".join(out)


def fetch_text(d: dict[str, Any], *, fence: bool) -> str:
    end = d["offset"] + len(d["text"])
    head = f"{one_line(d['title']) or d['final_url']}\n{safe_url(d['final_url'])}\n[{d['source_type']}; characters {d['offset']}-{end} of {d['total_chars']}; {d['content_hash']}]"
    more = (
        f"\n\n[more: call web_fetch with offset={end} and expected_content_hash={d['content_hash']}]"
        if d["truncated"]
        else ""
    )
    body = fenced(d["text"], url=d["final_url"]) if fence else printable(d["text"])
    return f"{head}\n\n{body}{more}"


def links_text(d: dict[str, Any]) -> str:
    lines = [f"Links on {safe_url(d['final_url'])}: {len(d['links'])} of {d['total']}"]
    lines += [
        f"- {one_line(link['text']) or '(no text)'}: {safe_url(link['url'])}{'' if link['same_site'] else ' (other site)'}"
        for link in d["links"]
    ]
    if d["truncated"]:
        lines.append("[more links exist: raise limit (300 at most) or set same_site_only]")
    return "\n".join(lines)


def results_text(d: dict[str, Any]) -> str:
    if not d["results"]:
        lines = [f'Nothing found for "{one_line(d["query"])}" via {d["provider"]}.']
    else:
        lines = [f'{len(d["results"])} results for "{one_line(d["query"])}" via {d["provider"]}']
    for i, r in enumerate(d["results"], 1):
        lines += [
            f"{i}. {one_line(r['title']) or r['site']}",
            f"   {safe_url(r['url'])}",
            f"   {one_line(r['snippet'])}",
        ]
    lines += [f"provider {f['provider']} failed: {f['code']} {one_line(f['message'])}" for f in d["failures"]]
    return "\n".join(lines)


def _site(url: str) -> str:
    return urlsplit(url).hostname or url


def collect_text(d: dict[str, Any], *, fence: bool) -> str:
    """Sources with their passages, each passage once, then the gaps: no JSON, no scores, no empty titles."""
    sources = d["sources"]
    lines = [
        f"{len(sources)} source{'s' if len(sources) != 1 else ''} for: {'; '.join(one_line(q) for q in d['query_variants']) or 'the given URLs'}"
    ]
    if not sources:
        lines.append(
            "Nothing was found to quote." if not d["gaps"] else "No source could be read; see the gaps below."
        )
    seen: set[str] = set()
    for s in sources:
        site = _site(s["final_url"])
        lines += [
            "",
            f"[{s['source_id']}] {one_line(s['title']) or site} ({site}, {s['source_type']})",
            f"  {safe_url(s['final_url'])}",
        ]
        for ex in s["excerpts"]:
            key = " ".join(ex["text"].split()).casefold()
            if not key or key in seen:
                continue
            seen.add(key)
            where = f"characters {ex['start']}-{ex['end']}"
            text = fenced(one_line(ex["text"]), site=site) if fence else one_line(ex["text"])
            lines.append(f"  {where}: {text}")
    if d["gaps"]:
        lines += ["", "Gaps (what could not be searched or read):"]
        lines += [
            f"- {g['type']}: {one_line(g['detail'])}{' ' + safe_url(g['url']) if g.get('url') else ''}"
            for g in d["gaps"]
        ]
    return "\n".join(lines)


def _passages(ids: Iterable[str], evidence: dict[str, dict[str, Any]], fence: bool) -> list[str]:
    out = []
    for i in ids:
        e = evidence.get(i)
        if e is None:
            continue
        text = fenced(one_line(e["text"]), site=e["domain"]) if fence else f'"{one_line(e["text"])}"'
        out.append(f"  - {e['domain']}: {text} {safe_url(e['url'])}")
    return out


def verify_text(d: dict[str, Any], *, fence: bool) -> str:
    """Each claim's verdict, its reason and the passages that decided it."""
    evidence = {e["id"]: e for e in d["evidence"]}
    lines = [f"Checked {len(d['claims'])} claim(s): {one_line(d['objective'])}"]
    for c in d["claims"]:
        lines += ["", f"{c['verdict'].upper()}: {one_line(c['claim'])}", f"  why: {one_line(c['reason'])}"]
        lines += _passages(c["evidence_ids"], evidence, fence)
    lines += [
        "",
        f"Run {d['run_id']}: {d['budget']['calls_spent']} search(es) spent, stopped: {d['stop_reason']}.",
    ]
    return "\n".join(lines)


def discover_text(d: dict[str, Any], *, fence: bool) -> str:
    """Each candidate organisation with its status and passages; never exhaustive, and said so."""
    evidence = {e["id"]: e for e in d["evidence"]}
    found = d["candidates"]
    lines = [
        f"{len(found)} organisation(s) for: {one_line(d['objective'])}"
        if found
        else f"No organisation found for: {one_line(d['objective'])}"
    ]
    for c in found:
        where = "; ".join(x for x in (one_line(c["geography"]), c["domain"]) if x)
        lines += ["", f"{c['status']}: {one_line(c['name'])}{f' ({where})' if where else ''}"]
        lines += _passages(c["evidence_ids"], evidence, fence)
    lines += [
        "",
        one_line(d["note"]),
        f"Run {d['run_id']}: {d['budget']['calls_spent']} search(es) spent, stopped: {d['stop_reason']}.",
    ]
    return "\n".join(lines)
