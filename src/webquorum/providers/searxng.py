"""SearXNG: a self-hosted metasearch engine, queried through its JSON output.

Docs: https://docs.searxng.org/dev/search_api.html. Keyless, free, and there is no public default:
the instance address must be configured (``overrides.searxng.base_url``); ``build_request``
raises ``ConfigError`` without it. ``base_url`` replaces scheme and host and keeps ``/search``,
so ``http://localhost:8888`` asks ``http://localhost:8888/search``.

Request: ``GET /search?q=…&format=json&pageno=1`` with ``time_range`` ``day``/``week``/``month``/
``year`` (same names as ours), ``language`` (passed as given, e.g. ``en`` or ``de-CH``) and
``safesearch`` ``0``/``1``/``2`` (our scale is SearXNG's).
SearXNG has no result-count parameter: one page holds whatever its engines return (often 10-30),
so ``max_results`` = 20 is nominal and the caller trims.

Response: ``{query, results[], answers[], infoboxes[], suggestions[], unresponsive_engines[]}``;
a result is ``{url, title, content, publishedDate|null, engines[], score, template, ...}`` with
``content`` a plain-text snippet. Results without a URL (key-value templates) are skipped; the
other lists, ``unresponsive_engines`` included, are not reported. ``number_of_results`` was
removed in 2026 and is not read.

Errors: 400 ``{"error": "No query"}`` / ``{"error": "Invalid value … for parameter …"}``; 403 with
an HTML page when ``json`` is missing from the instance's ``search.formats`` (named in the
message); 429 from the instance's limiter. Public instances often block bots: run your own.
"""

from __future__ import annotations

from webquorum.errors import ConfigError, ProviderError
from webquorum.providers.base import (
    date_only,
    endpoint_url,
    one_line,
    result_list,
    text_of,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="searxng",
    name="SearXNG",
    endpoint="http://localhost:8888/search",
    key_env=None,
    docs="https://docs.searxng.org/dev/search_api.html",
    key_required=False,
    needs_base_url=True,
    max_results=20,
    price_usd=0.0,
)


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    if not ctx.base_url:
        raise ConfigError(
            "searxng needs the address of an instance: set overrides.searxng.base_url",
            provider=SPEC.id,
            hint="e.g. overrides.searxng.base_url: http://localhost:8888 (json must be in search.formats)",
        )
    params = {"q": with_site_operators(query), "format": "json", "pageno": "1"}
    if query.time_range:
        params["time_range"] = query.time_range
    if query.language:
        params["language"] = query.language
    if query.safesearch is not None:
        params["safesearch"] = str(query.safesearch)
    return HttpRequest(
        method="GET", url=endpoint_url(SPEC, ctx), headers={"Accept": "application/json"}, params=params
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    if resp.status == 403 and resp.body.lstrip()[:1] == b"<":
        raise ProviderError(
            "searxng instance refused format=json (HTTP 403): add json to search.formats in its settings.yml",
            provider=SPEC.id,
            status=403,
        )
    out = []
    for item in result_list(SPEC.id, resp, "results"):
        url = text_of(item.get("url"))
        if url:
            out.append(
                RawResult(
                    url=url,
                    title=text_of(item.get("title")),
                    snippet=one_line(item.get("content")),
                    published=date_only(item.get("publishedDate")),
                    extra=_extra(item),
                )
            )
    return out


def _extra(item: dict[str, object]) -> dict[str, str]:
    engines = item.get("engines")
    if isinstance(engines, list) and engines:
        return {"engines": ",".join(str(engine) for engine in engines)}
    return {}
