"""Kagi Search API: Kagi's premium results. Paid only: there is no free tier or trial for the API.

Docs: https://help.kagi.com/kagi/api/search-legacy.html (v0) and
https://help.kagi.com/kagi/api/api-portal.html (v1 quick start). Needs a key (``KAGI_API_KEY``)
sent as ``Authorization: Bot <token>``; API billing is separate from a Kagi subscription and
prepaid. Price: $12 per 1,000 searches on the current portal page, $25 per 1,000 on the legacy v0
page; ``price_usd`` takes the worse, 0.025.

Choice: **v0** ``GET https://kagi.com/api/v0/search?q=…&limit=N``. It is the contract every
published client uses and the only one with documented example responses
(``{meta, data: [{t: 0, url, title, snippet, published}, {t: 1, list: [related…]}]}``; only
``t == 0`` items are results). v1 is documented by a one-line curl (``GET /api/v1/search?q=``,
``Bot`` auth) and a generated SDK whose models disagree on method (GET vs POST body) and auth
(``Bearer`` vs ``Bot``), with no example payload. Setting ``options["version"] = "v1"`` sends the
same GET to ``/api/v1/search``; the parser reads both shapes (v1: ``data.search[]`` with
``time``). Unresolved: whether v1 honours ``limit`` as a query parameter.

No time-range or language filter exists in v0 (v1 has ``filters.after``/``region`` only in the
POST body), so both are ignored. ``max_results`` = 20 is our choice: ``limit`` has no documented
cap in v0 and the price is per query. Snippets and titles carry ``<b>``, ``&#39;``, ``&nbsp;``
and go through ``strip_markup``.

Errors: v0 puts ``error: [{code, msg}]`` next to ``meta``; v1 ``error: [{code, url, message,
location}]`` with ``data: []``. An error list with no results raises even under HTTP 200.
"""

from __future__ import annotations

from typing import Any

from webquorum.errors import ProviderError
from webquorum.providers.base import (
    date_only,
    endpoint_url,
    json_list,
    key_auth,
    load_json,
    provider_message,
    raise_for_status,
    strip_markup,
    text_of,
    with_site_operators,
)
from webquorum.types import RawResult, SearchQuery
from webquorum.wire import HttpRequest, HttpResponse, ProviderSpec, RequestContext

SPEC = ProviderSpec(
    id="kagi",
    name="Kagi",
    endpoint="https://kagi.com/api/v0/search",
    key_env="KAGI_API_KEY",
    docs="https://help.kagi.com/kagi/api/search-legacy.html",
    max_results=20,
    price_usd=0.025,
)

_V1_PATH = "/api/v1/search"


def build_request(query: SearchQuery, ctx: RequestContext) -> HttpRequest:
    path = _V1_PATH if ctx.options.get("version") == "v1" else None
    params = {"q": with_site_operators(query), "limit": str(min(query.max_results, SPEC.max_results))}
    headers, secrets = key_auth(ctx, "Authorization", "Bot ", {"Accept": "application/json"})
    return HttpRequest(
        method="GET", url=endpoint_url(SPEC, ctx, path), headers=headers, params=params, secrets=secrets
    )


def parse_response(resp: HttpResponse) -> list[RawResult]:
    raise_for_status(SPEC.id, resp)
    data = load_json(SPEC.id, resp)
    if not isinstance(data, dict):
        raise ProviderError("kagi response is not a JSON object", provider=SPEC.id, status=resp.status)
    if isinstance(data.get("data"), dict):  # v1
        items = json_list(SPEC.id, data, "data", "search")
    else:  # v0: one list mixing results (t=0) and related searches (t=1)
        items = [item for item in json_list(SPEC.id, data, "data") if item.get("t", 0) == 0]
    if not items and data.get("error"):
        raise ProviderError(
            f"kagi error: {provider_message(resp.body)}", provider=SPEC.id, status=resp.status
        )
    out = []
    for item in items:
        url = text_of(item.get("url"))
        if url:
            out.append(
                RawResult(
                    url=url,
                    title=strip_markup(item.get("title")),
                    snippet=strip_markup(item.get("snippet")),
                    published=date_only(item.get("published") or item.get("time")),
                    extra=_extra(item),
                )
            )
    return out


def _extra(item: dict[str, Any]) -> dict[str, str]:
    rank = item.get("rank")
    return {"rank": str(rank)} if isinstance(rank, int) and not isinstance(rank, bool) else {}
