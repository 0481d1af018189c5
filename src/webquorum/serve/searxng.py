"""The SearXNG door: SearXNG's search parameters in, SearXNG's JSON out (pure: no I/O).

Chat front ends (Open WebUI, LibreChat, Perplexica) and LangChain's ``SearxSearchWrapper`` speak
SearXNG's ``/search?q=…&format=json``. Parameters are read and checked as SearXNG's own
``searx/webadapter.py`` does, and bad ones are answered as its ``searx/webapp.py`` answers them:
status 400 and ``{"error": "Invalid value … for parameter …"}`` (with our fix appended), 400
``No query`` for a missing ``q``. A fan-out in which every engine failed is, as in SearXNG, a
200 with no results and the failures in ``unresponsive_engines``.

- ``pageno``: pages of ``web.max_results`` results over one fused list of at most 50.
- ``language``: ``all``/``auto``/empty mean none; otherwise passed to every provider.
- ``time_range``: ``day``/``week``/``month``/``year``, empty for none.
- ``safesearch``: 0, 1 or 2, passed to the providers that take one (SearXNG, Brave).
- ``q``: ``site:x`` and ``-site:x`` words (as SearXNG users write them, ``OR`` between them) are
  taken out of the words and become the call's site scope, so every provider gets the scope in
  its own form (operators again where that is its form) and the results are held to it; the echoed
  ``query`` keeps them, and the JSON gains ``scope`` with the dropped count (docs/sites.md).
- ``engines``: a comma list. When every name is one of our provider or combo ids it is honoured
  (one name, or the configured combo with exactly those members); a list naming engines we do
  not run (LibreChat always sends ``google,bing,duckduckgo``) was written for a real SearXNG
  and gets the configured default, so the fan-out is not narrowed by accident.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, get_args
from urllib.parse import urlsplit

from webquorum.errors import BadRequestError, WebQuorumError
from webquorum.scope import parse_site, split_site_operators
from webquorum.types import ProviderFailure, SearchResponse, TimeRange

FORMATS = ("json", "html")
NOT_SERVED = (
    "csv",
    "rss",
)  # SearXNG formats this server does not render: 403, as an instance that disabled them
TIME_RANGES: tuple[str, ...] = get_args(TimeRange)  # SearXNG has the same four
MAX_FUSED = 50
_LANGUAGE = re.compile(
    r"^([a-z]{2,3}|all|auto)(-[A-Za-z0-9]{2,8})?$"
)  # SearXNG's VALID_LANGUAGE_CODE, widened to case
# The words SearXNG's webutils.get_translated_errors shows for an engine's failure, by our code.
REASONS = {
    "WEB_PROVIDER_TIMEOUT": "timeout",
    "WEB_PROVIDER_RATE_LIMITED": "too many requests",
    "WEB_PROVIDER_CIRCUIT_OPEN": "suspended",
    "WEB_PROVIDER_CREDENTIAL_MISSING": "access denied",
    "WEB_PROVIDER_CONFIGURED_UNAVAILABLE": "access denied",
    "WEB_PROVIDER_BAD_RESPONSE": "HTTP error",
    "WEB_PROVIDER_UNREACHABLE": "network error",
}


class SearxError(Exception):
    """A request SearXNG would refuse; ``status`` and ``message`` make its ``{"error": …}`` reply."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def invalid(name: str, value: str, fix: str) -> SearxError:
    return SearxError(f'Invalid value "{value}" for parameter {name}: {fix}')


@dataclass(frozen=True)
class SearxQuery:
    query: str
    format: str
    pageno: int
    page_size: int
    language: str | None
    time_range: str | None
    safesearch: int | None
    provider: str | None
    words: str = ""  # ``query`` without its site: operators: what the providers are asked
    sites: tuple[str, ...] = ()
    exclude_sites: tuple[str, ...] = ()

    @property
    def max_results(self) -> int:
        return min(MAX_FUSED, self.pageno * self.page_size)


def output_format(form: Mapping[str, str]) -> str:
    """SearXNG's rule: an unknown format is html; one it knows but this server does not serve is refused."""
    fmt = form.get("format", "html")
    if fmt in NOT_SERVED:
        raise SearxError(f"format {fmt} is not served here; use format=json (or html)", status=403)
    return fmt if fmt in FORMATS else "html"


Engines = Mapping[str, frozenset[str]]  # provider or combo id -> the providers it runs


def parse(form: Mapping[str, str], *, page_size: int, engines: Engines) -> SearxQuery:
    fmt = output_format(form)
    query = " ".join(form.get("q", "").split())
    if not query:
        raise SearxError("No query: pass the words to search for as q")
    words, sites, exclude_sites = split_site_operators(query)
    if not words:
        raise SearxError("No query: q holds only site: operators; add the words to search for")
    for site in (*sites, *exclude_sites):
        if not site.startswith("@"):  # a named set is resolved, and refused if unknown, by the search
            try:
                parse_site(site, "q")
            except BadRequestError as exc:
                raise invalid("q", f"site:{site}", exc.message.removeprefix("q: ")) from None
    pageno_text = form.get("pageno", "1")
    if not pageno_text.isdigit() or int(pageno_text) < 1:
        raise invalid("pageno", pageno_text, "use a page number from 1")
    language = form.get("language", "")
    if language and not _LANGUAGE.match(language):
        raise invalid("language", language, "use a code such as en, de-CH or all")
    time_range = form.get("time_range", "")
    time_range = "" if time_range == "None" else time_range
    if time_range and time_range not in TIME_RANGES:
        raise invalid("time_range", time_range, f"use one of {', '.join(TIME_RANGES)}, or leave it empty")
    safesearch_text = form.get("safesearch")
    if (
        safesearch_text is not None
        and safesearch_text != ""
        and (not safesearch_text.isdigit() or int(safesearch_text) > 2)
    ):
        raise invalid("safesearch", safesearch_text, "use 0 (off), 1 (moderate) or 2 (strict)")
    return SearxQuery(
        query=query,
        format=fmt,
        pageno=int(pageno_text),
        page_size=page_size,
        language=None if language in ("", "all", "auto") else language,
        time_range=time_range or None,
        safesearch=int(safesearch_text) if safesearch_text else None,
        provider=engines_to_provider(form.get("engines", ""), engines),
        words=words,
        sites=tuple(sites),
        exclude_sites=tuple(exclude_sites),
    )


def engines_to_provider(listed: str, engines: Engines) -> str | None:
    """A provider or combo id for SearXNG's ``engines`` list, or None for the configured default."""
    names = [name.strip().lower() for name in listed.split(",") if name.strip()]
    if not names or any(name not in engines for name in names):
        return None
    if len(names) == 1:
        return names[0]
    wanted = frozenset(names)
    same = [eid for eid, members in engines.items() if len(members) > 1 and members == wanted]
    return next((eid for eid in same if eid != "auto"), same[0] if same else None)  # a configured combo first


def reason(failure: ProviderFailure) -> str:
    word = REASONS.get(failure.code, "HTTP error" if failure.status else "unexpected crash")
    return f"{word} ({failure.code})"


def unresponsive(failures: list[ProviderFailure]) -> list[list[str]]:
    return [[f.provider, reason(f)] for f in failures]


def parsed_url(url: str) -> list[str]:
    parts = urlsplit(url)
    return [parts.scheme, parts.netloc, parts.path, "", parts.query, parts.fragment]


def answer(q: SearxQuery, response: SearchResponse) -> dict[str, Any]:
    """SearXNG's ``get_json_response`` shape for one page of our fused list."""
    start = (q.pageno - 1) * q.page_size
    page = response.results[start : start + q.page_size]
    results = []
    for result in page:
        engines = list(result.ranks)
        results.append(
            {
                "url": result.url,
                "title": result.title,
                "content": result.snippet,
                "engine": engines[0] if engines else response.provider,
                "engines": engines,
                "positions": [result.ranks[e] for e in engines],
                "score": result.score,
                "category": "general",
                "publishedDate": result.published,
                "parsed_url": parsed_url(result.url),
                "template": "default.html",
                "thumbnail": "",
                "img_src": "",
                "priority": "",
            }
        )
    data: dict[str, Any] = {
        "query": q.query,
        "number_of_results": len(response.results),
        "results": results,
        "answers": [],
        "corrections": [],
        "infoboxes": [],
        "suggestions": [],
        "unresponsive_engines": unresponsive(response.failures),
    }
    if (
        response.scope is not None
    ):  # not SearXNG's: clients ignore it, a scoped caller can see what was dropped
        data["scope"] = response.scope.model_dump(mode="json")
    return data


def failed(q: SearxQuery, provider: str, exc: WebQuorumError) -> dict[str, Any]:
    """Every engine failed: SearXNG still answers 200, with no results and each engine's failure listed
    (every member of a combo, from the error's ``causes``; else the one provider that was asked)."""
    causes = exc.causes or ((exc.provider or provider, exc),)
    failures = [
        ProviderFailure(provider=m, code=e.code, message=e.message, status=e.status) for m, e in causes
    ]
    data = answer(q, SearchResponse(query=q.query, provider=provider, results=[]))
    data["unresponsive_engines"] = unresponsive(failures)
    return data


# -- /config: the instance description SearXNG clients read -----------------------------------------
def config_answer(rows: list[dict[str, Any]], *, version: str, safe_search: int = 0) -> dict[str, Any]:
    """SearXNG's ``GET /config`` shape: the engines (our search providers and combos) and categories.

    Clients such as mcp-searxng read it for "instance info" and fail on a 404. Every engine is in
    the one category webquorum serves, ``general``; ``enabled`` says whether it is ready (a key
    set, a base URL known), so a client can tell which ``engines=`` values will answer. Readers
    are not engines (they read pages, they do not search) and are left out. Engines carry no
    ``safesearch`` flag: the level is passed to the providers that take one, which the provider
    modules know and this door does not.
    """
    engines = [
        {
            "name": row["id"],
            "shortcut": row["id"],
            "categories": ["general"],
            "enabled": bool(row["ready"]),
            "paging": True,
            "language_support": True,
            "time_range_support": True,
        }
        for row in rows
        if row.get("modality") in ("search", "search+read")
    ]
    return {
        "categories": ["general"],
        "engines": engines,
        "plugins": [],
        "instance_name": "webquorum",
        "locales": {},
        "default_locale": "",
        "autocomplete": "",
        "safe_search": safe_search,
        "default_theme": "simple",
        "version": version,
        "brand": {},
        "limiter": {"enabled": False},
        "doi_resolvers": [],
        "default_doi_resolver": "",
    }
