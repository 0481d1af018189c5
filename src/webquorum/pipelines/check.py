"""check_answer: a draft answer checked against the sources it rests on, before the model answers.

The sources come from what the caller already holds (a brief's JSON, collect's JSON) or from URLs
it names; only those URLs are read (through the fetch pipeline: cache, guard, reader), never a
page the caller did not ask for. The rules are the brief's (:mod:`webquorum.analysis.audit`), so a
value the brief calls agreed is never flagged here, and "contradicted" needs the brief's positive
identity. Deterministic: the same draft and sources give the same result.

Bounds: the draft (:data:`~webquorum.types.check.MAX_ANSWER_CHARS`), the sources (at most
:data:`~webquorum.types.check.MAX_SOURCES` texts, each cut at
:data:`~webquorum.types.check.MAX_SOURCE_CHARS`, :data:`MAX_TOTAL_CHARS` in all), the URLs
(:data:`~webquorum.types.check.MAX_URLS`, read in parallel under one fetch deadline) and the report
(:data:`MAX_REPORT_LINES` lines).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from webquorum.analysis.audit import Finding, SourceText, UrlFinding, audit, check_urls
from webquorum.errors import BadRequestError, WebQuorumError
from webquorum.pipelines.fetch import content_hash, content_hash_off_loop, read_document
from webquorum.runtime import Runtime
from webquorum.types.check import (
    MAX_ANSWER_CHARS,
    MAX_SOURCE_CHARS,
    MAX_SOURCES,
    MAX_URLS,
    CheckedItem,
    CheckedUrl,
    CheckRequest,
    CheckResult,
    UnreadUrl,
)
from webquorum.types.invalid import problems

MAX_TOTAL_CHARS = 1_000_000  # of source text checked in one call: about a second of claim reading
MAX_REPORT_LINES = 20


async def check_answer(rt: Runtime, request: CheckRequest | Mapping[str, Any]) -> CheckResult:
    req = _validated(request)
    sources = [*_brief_sources(req.brief), *_collect_sources(req.collect)]
    known = [s.url for s in sources] + _collect_final_urls(req.collect)
    read, failed = await _read_urls(rt, req.urls)
    sources += read
    known += req.urls
    if not sources:
        if failed:  # nothing to check against: the check itself failed (exit 1), with the read's own error
            raise failed[0][1]
        raise BadRequestError(
            "the sources given hold no text (brief.sources and collect.sources are empty)",
            hint="pass the brief or collect result the answer was written from, or urls",
        )
    sources = _bounded(sources)
    findings = await asyncio.to_thread(audit, req.answer, sources)
    cited = check_urls(req.answer, sources, known)
    unread = [u for u, _ in failed]
    items = [_item(f) for f in findings]
    urls = [CheckedUrl(url=u.url, status=u.status) for u in cited]
    return CheckResult(
        items=items,
        urls=urls,
        sources=len(sources),
        unread=unread,
        report=report(findings, cited, sources, unread),
    )


def _validated(request: CheckRequest | Mapping[str, Any]) -> CheckRequest:
    if isinstance(request, CheckRequest):
        return request
    try:
        return CheckRequest.model_validate(dict(request))
    except ValidationError as exc:
        raise BadRequestError(
            problems(exc, whole="request", limit=1)[0],
            hint=f"answer is 1-{MAX_ANSWER_CHARS:,} characters, urls at most {MAX_URLS}; give at least "
            "one of brief, collect or urls, and no other field",
        ) from None


def _field(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise BadRequestError(
            f"{where}.{key} is {type(value).__name__}, not {kind.__name__}",
            hint="pass the JSON the command printed with --json (or the tool's result), unchanged",
        )
    return value


def _objects(data: Mapping[str, Any], key: str, where: str) -> list[tuple[str, Mapping[str, Any]]]:
    """``data[key]`` as a list of objects, each with where it is ("brief.sources[2]"), or the field named."""
    out = []
    for i, item in enumerate(_field(data, key, list, where)):
        if not isinstance(item, Mapping):
            raise BadRequestError(
                f"{where}.{key}[{i}] is not an object",
                hint="pass the --json output (or the tool's result) unchanged",
            )
        out.append((f"{where}.{key}[{i}]", item))
    return out


def _brief_sources(brief: Mapping[str, Any] | None) -> list[SourceText]:
    """A brief's source texts; offsets index that text, and the hash pins it (the page itself may hold
    more)."""
    if brief is None:
        return []
    out = []
    for where, source in _objects(brief, "sources", "brief"):
        text = _field(source, "text", str, where)[:MAX_SOURCE_CHARS]
        out.append(SourceText(_field(source, "url", str, where), text, 0, content_hash(text)))
    return out


def _collect_sources(collect: Mapping[str, Any] | None) -> list[SourceText]:
    """Each excerpt of a collect result: its offsets are the document's, so passages keep collect's hashes."""
    if collect is None:
        return []
    out = []
    for where, source in _objects(collect, "sources", "collect"):
        url = _field(source, "url", str, where)
        digest = source.get("content_hash") if isinstance(source.get("content_hash"), str) else None
        for at, excerpt in _objects(source, "excerpts", where):
            start = _field(excerpt, "start", int, at)
            out.append(SourceText(url, _field(excerpt, "text", str, at)[:MAX_SOURCE_CHARS], start, digest))
    return out


def _collect_final_urls(collect: Mapping[str, Any] | None) -> list[str]:
    if collect is None:
        return []
    return [
        s["final_url"]
        for s in collect.get("sources", [])
        if isinstance(s, Mapping) and isinstance(s.get("final_url"), str)
    ]


async def _read_urls(
    rt: Runtime, urls: Sequence[str]
) -> tuple[list[SourceText], list[tuple[UnreadUrl, WebQuorumError]]]:
    """The pages asked for, in parallel, each under the fetch deadline; a page that fails is named, not
    fatal."""
    deadline = rt.config.network.fetch_deadline_s

    async def one(url: str) -> SourceText | tuple[UnreadUrl, WebQuorumError]:
        try:
            doc = await read_document(rt, url, deadline_s=deadline)
        except WebQuorumError as exc:
            return UnreadUrl(url=url, code=exc.code, message=" ".join(exc.message.split())[:200]), exc
        return SourceText(url, doc.text[:MAX_SOURCE_CHARS], 0, await content_hash_off_loop(doc.text))

    done = await asyncio.gather(*(one(u) for u in urls))
    return [d for d in done if isinstance(d, SourceText)], [d for d in done if not isinstance(d, SourceText)]


def _bounded(sources: list[SourceText]) -> list[SourceText]:
    out, total = [], 0
    for source in sources[:MAX_SOURCES]:
        if total >= MAX_TOTAL_CHARS:
            break
        text = source.text[: MAX_TOTAL_CHARS - total]
        total += len(text)
        out.append(
            source
            if text == source.text
            else SourceText(source.url, text, source.offset, source.content_hash)
        )
    return out


def _item(f: Finding) -> CheckedItem:
    return CheckedItem(
        kind=f.kind,
        text=f.text,
        status=f.status,
        source_url=f.source_url,
        passage=f.passage,
        start=f.start,
        end=f.end,
        content_hash=f.content_hash,
        other=f.other,
    )


_FIX = {
    "figure": "remove it or write the value a source gives",
    "date": "remove it or write the date a source gives",
    "name": "remove the name or use the one the sources give",
}


def report(
    findings: Sequence[Finding],
    urls: Sequence[UrlFinding],
    sources: Sequence[SourceText],
    unread: Sequence[UnreadUrl],
) -> str:
    """One line per unsupported item with its fix, then one summary line: short, for a small model's loop."""
    lines = []
    for f in findings:
        if f.status == "contradicted":
            lines.append(
                f'contradicted: "{f.text}": {f.source_url} gives "{f.other}"; fix: write "{f.other}" or drop it'
            )
        elif f.status == "not_in_sources":
            lines.append(f'in no source: "{f.text}"; fix: {_FIX[f.kind]}')
    cited = ", ".join(list(dict.fromkeys(s.url for s in sources))[:4])  # a collect source is several excerpts
    for u in urls:
        if u.status == "not_in_sources":
            lines.append(f"URL in no source: {u.url}; fix: cite one of {cited}")
    lines += [f"could not read {u.url} ({u.code}); it was not checked against" for u in unread]
    if len(lines) > MAX_REPORT_LINES:
        lines = [
            *lines[: MAX_REPORT_LINES - 1],
            f"... and {len(lines) - MAX_REPORT_LINES + 1} more (see items)",
        ]
    backed = sum(f.status == "backed" for f in findings)
    bad_urls = sum(u.status != "backed" for u in urls)
    summary = (
        f"{backed} of {len(findings)} items backed by {len(sources)} source texts; "
        f"{bad_urls} of {len(urls)} cited URLs in no source"
    )
    if backed == len(findings) and not bad_urls:
        summary += ": the answer is backed; send it"
    return "\n".join([*lines, summary])
