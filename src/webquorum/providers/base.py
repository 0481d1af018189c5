"""The shape every search provider module has, and the parsing steps they share.

A provider module exports::

    SPEC: ProviderSpec
    def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest     # pure
    def parse_response(resp: HttpResponse) -> list[RawResult]                     # pure, raises ProviderError

``build_request`` reads no environment: the runtime resolves the key, base URL and
options into a :class:`RequestContext`. ``parse_response`` is handed every answer,
errors included, so each provider classifies its own error shapes (Tavily's 432,
Serper's bare 429...); :func:`raise_for_status` does the common part.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta
from email.utils import parsedate_to_datetime
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from webquorum.errors import BadResponseError, ProviderError, RateLimitedError, redact
from webquorum.types import SearchQuery, TimeRange
from webquorum.wire import HttpResponse, ProviderSpec, RequestContext


def endpoint_url(spec: ProviderSpec, ctx: RequestContext, path: str | None = None) -> str:
    """The documented endpoint, with scheme and host replaced by ``ctx.base_url`` when given.

    A base URL with a path prefix (``https://gw.example/proxy``) keeps that prefix in front
    of the documented path, so gateways that mount providers under a prefix work.
    """
    documented = urlsplit(spec.endpoint)
    doc_path = path if path is not None else documented.path
    if not ctx.base_url:
        return urlunsplit((documented.scheme, documented.netloc, doc_path, "", ""))
    base = urlsplit(ctx.base_url.rstrip("/"))
    return urlunsplit((base.scheme, base.netloc, base.path + doc_path, "", ""))


def key_secrets(ctx: RequestContext) -> tuple[str, ...]:
    """The key as ``HttpRequest.secrets``, so redaction masks it wherever the request is logged."""
    return (ctx.api_key,) if ctx.api_key else ()


def key_auth(
    ctx: RequestContext, header: str, prefix: str = "", base: Mapping[str, str] | None = None
) -> tuple[dict[str, str], tuple[str, ...]]:
    """Headers and secrets for a key sent in ``header`` as ``prefix + key``, after the fixed ``base`` headers.

    No key, no header: the builders stay pure and usable keyless (Jina Reader) or in tests;
    a missing required key is the runtime's error, raised before any request is built.
    """
    headers = dict(base or {})
    if ctx.api_key:
        headers[header] = prefix + ctx.api_key
    return headers, key_secrets(ctx)


def bearer(
    ctx: RequestContext, base: Mapping[str, str] | None = None
) -> tuple[dict[str, str], tuple[str, ...]]:
    """:func:`key_auth` for the common ``Authorization: Bearer <key>``."""
    return key_auth(ctx, "Authorization", "Bearer ", base)


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds or HTTP-date); None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
        return max(0.0, (when - datetime.now(UTC)).total_seconds())
    except (TypeError, ValueError, IndexError):
        return None


def provider_message(body: bytes, limit: int = 300) -> str:
    """The provider's own error message from a JSON or text body, keys masked, then shortened.

    Masked first: a cut through an echoed key leaves a piece too short, or too word-like, to be
    recognised as one afterwards (``sk-test-S``).
    """
    text = body[:4000].decode("utf-8", "replace").strip()
    try:
        data = json.loads(text)
    except ValueError:
        found = None
    else:
        found = _find_message(data)
    return redact(" ".join((found or text).split()))[:limit]


def _find_message(data: Any) -> str | None:
    if isinstance(data, str):
        return data
    if isinstance(data, dict):
        for key in ("message", "error", "detail", "details", "msg", "error_message", "description", "title"):
            if key in data:
                found = _find_message(data[key])
                if found:
                    return found
    if isinstance(data, list) and data:
        return _find_message(data[0])
    return None


def raise_for_status(provider: str, resp: HttpResponse, *, quota_statuses: tuple[int, ...] = ()) -> None:
    """Raise the error tree's class for a non-2xx answer: 429 and ``quota_statuses`` are rate limits."""
    if 200 <= resp.status < 300:
        return
    message = provider_message(resp.body)
    if resp.status == 429 or resp.status in quota_statuses:
        raise RateLimitedError(
            f"{provider} rate limited (HTTP {resp.status}): {message}",
            provider=provider,
            status=resp.status,
            retry_after=parse_retry_after(resp.header("retry-after")),
        )
    raise ProviderError(
        f"{provider} HTTP {resp.status}: {message}",
        provider=provider,
        status=resp.status,
        transient=resp.status in (502, 503, 504),
    )


def load_json(provider: str, resp: HttpResponse) -> Any:
    """Decode a JSON body, or raise WEB_PROVIDER_BAD_RESPONSE (challenge pages and truncated JSON land
    here)."""
    head = resp.body[:200].lstrip().lower()
    if head.startswith((b"<!doctype", b"<html", b"<")):
        raise BadResponseError(
            f"{provider} answered with an HTML page where JSON was expected (a challenge or error page)",
            provider=provider,
            status=resp.status,
        )
    try:
        return json.loads(resp.body)
    except ValueError as exc:
        raise BadResponseError(f"{provider} returned malformed JSON: {exc}", provider=provider) from exc
    except RecursionError:  # hostile nesting: a bad answer, never a crash
        raise BadResponseError(
            f"{provider} returned JSON nested too deeply to read", provider=provider
        ) from None


def json_list(provider: str, data: Any, *path: str) -> list[dict[str, Any]]:
    """Walk ``path`` into ``data`` and return the list of objects there; a missing list is empty.

    A value of the wrong type is a bad response, not an empty result.
    """
    node = data
    for key in path:
        if not isinstance(node, dict):
            raise BadResponseError(f"{provider} response is not an object at {key!r}", provider=provider)
        node = node.get(key)
        if node is None:
            return []
    if not isinstance(node, list):
        raise BadResponseError(f"{provider} response field {'.'.join(path)} is not a list", provider=provider)
    return [item for item in node if isinstance(item, dict)]


def json_object(provider: str, resp: HttpResponse) -> dict[str, Any]:
    """The JSON object of a successful answer; a list or bare value there is a bad response."""
    raise_for_status(provider, resp)
    data = load_json(provider, resp)
    if not isinstance(data, dict):
        raise BadResponseError(f"{provider} response is not an object", provider=provider)
    return data


def result_list(
    provider: str, resp: HttpResponse, *path: str, quota_statuses: tuple[int, ...] = ()
) -> list[dict[str, Any]]:
    """The result objects at ``path`` of a successful JSON answer.

    :func:`raise_for_status`, :func:`load_json` and :func:`json_list` in one step, for the
    providers whose whole answer is that one list.
    """
    raise_for_status(provider, resp, quota_statuses=quota_statuses)
    return json_list(provider, load_json(provider, resp), *path)


_TAG = re.compile(r"<[^>]{0,400}>")


def strip_markup(value: Any) -> str:
    """Plain text from a snippet carrying ``<strong>``/``<span class=searchmatch>`` tags and entities."""
    text = text_of(value)
    if not text:
        return ""
    return " ".join(html.unescape(_TAG.sub("", text)).split())


def text_of(value: Any) -> str:
    """A string field, stripped; non-strings become empty."""
    return value.strip() if isinstance(value, str) else ""


def one_line(value: Any) -> str:
    """A string field with every run of whitespace (newlines too) folded to one space; non-strings become
    empty."""
    return " ".join(value.split()) if isinstance(value, str) else ""


CONTENT_CAP = 8000


def cap_content(value: Any) -> str | None:
    """Inline page text kept on a result, capped at 8,000 characters; empty becomes None."""
    text = text_of(value)
    return text[:CONTENT_CAP] if text else None


def date_only(value: Any) -> str | None:
    """An ISO date (YYYY-MM-DD) from the start of an ISO timestamp, else None."""
    text = text_of(value)
    if len(text) >= 10 and text[4] == "-" and text[7] == "-" and text[:4].isdigit():
        return text[:10]
    return None


TIME_RANGE_DAYS = {"day": 1, "week": 7, "month": 31, "year": 366}


def since_date(time_range: TimeRange, ctx: RequestContext) -> str:
    """The first day (YYYY-MM-DD) inside ``time_range``, for APIs that take a start date.

    "Today" is ``ctx.options["today"]`` (YYYY-MM-DD) when given, so builders stay deterministic
    in tests; otherwise the UTC clock.
    """
    today = ctx.options.get("today")
    start = date.fromisoformat(today) if today else datetime.now(UTC).date()
    return (start - timedelta(days=TIME_RANGE_DAYS[time_range])).isoformat()


def is_http_url(url: str) -> bool:
    """Only absolute http(s) links become results: relative, ``//host`` or ``javascript:`` hrefs do not,
    nor a URL holding a newline, another control character, a line separator, a bidi or format mark,
    or any other character ``str.isprintable`` refuses (a space other than the ASCII one).

    Those are never part of a real address (browsers and ``urlsplit`` silently drop tabs and line
    ends), so one inside a provider's URL is an injection: a forged line in a log, a terminal or a
    model's prompt, or a link that reads as one address and leads to another.
    """
    return url.startswith(("http://", "https://")) and url.isprintable()


def primary_language(code: str) -> str:
    """The primary subtag, lower case (``en-GB`` -> ``en``), for APIs that take a bare language."""
    return code.split("-")[0].lower()


def with_site_operators(query: SearchQuery) -> str:
    """The query text with its site scope as ``site:`` operators, for engines whose only filter is the query.

    ``site:a`` alone, ``(site:a OR site:b)`` for several, ``-site:c`` for each exclusion: the
    syntax Google, Bing, Brave, DuckDuckGo, Kagi and Mojeek document. The search pipeline checks
    every result afterwards anyway, so an engine that ignores an operator only costs results.
    """
    parts = [query.query]
    if len(query.sites) == 1:
        parts.append(f"site:{query.sites[0]}")
    elif query.sites:
        parts.append("(" + " OR ".join(f"site:{site}" for site in query.sites) + ")")
    parts.extend(f"-site:{site}" for site in query.exclude_sites)
    return " ".join(parts)
