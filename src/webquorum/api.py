"""The Python facade every shell calls: search, fetch, links, brief, collect, verify, discover, check_answer.

``async with webquorum.Client(config) as wq: await wq.search("...")``. One client owns one
:class:`~webquorum.runtime.Runtime` (HTTP pools, breakers, limits, cache), so every call
made through it shares them. The sync helpers at the bottom run one call on a fresh client;
they are the only sync code in the package.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from pydantic import BaseModel

from webquorum.config import Config, load_config
from webquorum.pipelines import fetch as fetch_pipeline
from webquorum.pipelines import search as search_pipeline
from webquorum.runtime import AttemptHook, ProviderRow, Runtime
from webquorum.types import Brief, LinksResult, Page, SearchResponse, TimeRange
from webquorum.types.check import CheckRequest, CheckResult
from webquorum.types.collect import CollectRequest, CollectResult
from webquorum.types.research import DiscoverRequest, DiscoverResult, VerifyRequest, VerifyResult

T = TypeVar("T")
ConfigLike = Config | str | Path | dict[str, Any] | None
Progress = Callable[[str], None]


class Client:
    """An async client; one per application. Every call through it shares HTTP pools, breakers, limits and
    cache."""

    def __init__(self, config: ConfigLike = None, *, use_cache: bool = True) -> None:
        self.config = load_config(config)
        self._use_cache = use_cache
        self._runtime: Runtime | None = None

    @property
    def runtime(self) -> Runtime:
        if self._runtime is None:
            self._runtime = Runtime(self.config, use_cache=self._use_cache)
        return self._runtime

    async def __aenter__(self) -> Client:
        _ = self.runtime
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._runtime is not None:
            await self._runtime.aclose()
            self._runtime = None

    # -- capabilities ----------------------------------------------------------------------------
    async def search(
        self,
        query: str,
        *,
        provider: str | None = None,
        max_results: int | None = None,
        language: str | None = None,
        time_range: str | None = None,
        safesearch: int | None = None,
        on_attempt: AttemptHook | None = None,
        sites: list[str] | None = None,
        exclude_sites: list[str] | None = None,
    ) -> SearchResponse:
        """Fan one query out to a provider or combo and fuse the lists (docs/search.md: merge strategies).

        ``safesearch`` (0 off, 1 moderate, 2 strict) goes to the providers that take one
        (SearXNG, Brave); the others have no such filter and ignore it. ``sites`` and
        ``exclude_sites`` (domains, hosts or ``@set`` names from ``site_sets``) limit the results:
        nothing outside them is returned, and ``scope.dropped`` counts what was (docs/sites.md).
        """
        return await search_pipeline.search(
            self.runtime,
            query,
            provider=provider,
            max_results=max_results,
            language=language,
            time_range=time_range,
            safesearch=safesearch,
            on_attempt=on_attempt,
            sites=sites,
            exclude_sites=exclude_sites,
        )

    async def fetch(
        self,
        url: str,
        offset: int = 0,
        budget: int = 8000,
        expected_content_hash: str | None = None,
        *,
        reader: str | None = None,
        use_cache: bool = True,
    ) -> Page:
        """A window of a page's main text, from its first real sentence; offsets in code points."""
        return await fetch_pipeline.fetch(
            self.runtime,
            url,
            offset=offset,
            budget=budget,
            expected_content_hash=expected_content_hash,
            reader=reader,
            use_cache=use_cache and self._use_cache,
        )

    async def links(self, url: str, *, limit: int = 100, same_site_only: bool = False) -> LinksResult:
        from webquorum.pipelines.links import links

        return await links(self.runtime, url, limit=limit, same_site_only=same_site_only)

    async def brief(
        self,
        query: str,
        *,
        provider: str | None = None,
        reader: str | None = None,
        sources: int | None = None,
        progress: Progress | None = None,
        sites: list[str] | None = None,
        exclude_sites: list[str] | None = None,
    ) -> Brief:
        from webquorum.pipelines.brief import brief

        fetch_pipeline.check_reader(
            self.runtime, reader
        )  # a bad reader is a usage error, not a brief of snippets
        return await brief(
            self.runtime,
            query,
            provider=provider,
            reader=reader,
            sources=sources,
            progress=progress,
            sites=sites,
            exclude_sites=exclude_sites,
        )

    async def collect(
        self,
        request: CollectRequest | Mapping[str, Any] | None = None,
        *,
        urls: list[str] | None = None,
        queries: list[str] | None = None,
        topic: str | None = None,
        language: str | None = None,
        time_range: TimeRange | None = None,
        max_sources: int | None = None,
        progress: Progress | None = None,
        sites: list[str] | None = None,
        exclude_sites: list[str] | None = None,
    ) -> CollectResult:
        """Literal passages from several sources; a bad request raises :class:`RequestRefusedError`.

        Pass the fields as keyword arguments, or a whole ``request`` (the model, or a mapping an
        MCP client sent, which is validated field by field with the same messages).
        """
        from webquorum.pipelines.collect import collect

        fields = _request_fields(
            request,
            urls=urls,
            queries=queries,
            topic=topic,
            language=language,
            time_range=time_range,
            max_sources=max_sources,
            sites=_with_exclusions(sites, exclude_sites),
        )
        return await collect(self.runtime, {**fields, "progress": progress} if progress else fields)

    async def verify(
        self,
        request: VerifyRequest | Mapping[str, Any] | None = None,
        *,
        objective: str | None = None,
        entities: list[str] | None = None,
        claims_to_verify: list[str] | None = None,
        freshness_days: int | None = None,
        max_results: int | None = None,
        progress: Progress | None = None,
    ) -> VerifyResult:
        """Check claims about named entities; a request that cannot be answered raises
        :class:`RequestRefusedError`."""
        from webquorum.pipelines.verify import verify

        fields = _request_fields(
            request,
            objective=objective,
            entities=entities,
            claims_to_verify=claims_to_verify,
            freshness_days=freshness_days,
            max_results=max_results,
        )
        return await verify(self.runtime, fields, progress=progress)

    async def discover(
        self,
        request: DiscoverRequest | Mapping[str, Any] | None = None,
        *,
        objective: str | None = None,
        signals: list[str] | None = None,
        geographies: list[str] | None = None,
        freshness_days: int | None = None,
        exclusions: list[str] | None = None,
        target_results: int | None = None,
        progress: Progress | None = None,
    ) -> DiscoverResult:
        """Organisations behind a market signal; a request too broad to answer raises
        :class:`RequestRefusedError`."""
        from webquorum.pipelines.discover import discover

        fields = _request_fields(
            request,
            objective=objective,
            signals=signals,
            geographies=geographies,
            freshness_days=freshness_days,
            exclusions=exclusions,
            target_results=target_results,
        )
        return await discover(self.runtime, fields, progress=progress)

    async def check_answer(
        self,
        request: CheckRequest | Mapping[str, Any] | None = None,
        *,
        answer: str | None = None,
        brief: Mapping[str, Any] | None = None,
        collect: Mapping[str, Any] | None = None,
        urls: list[str] | None = None,
    ) -> CheckResult:
        """Check a draft answer against the sources it rests on (a brief's or collect's JSON, or URLs,
        the only pages read): each figure, date, name and cited URL backed, contradicted or in no source."""
        from webquorum.pipelines.check import check_answer

        fields = _request_fields(request, answer=answer, brief=brief, collect=collect, urls=urls)
        return await check_answer(self.runtime, fields)

    async def providers(self) -> list[ProviderRow]:
        """Every registered provider and combo: ready or not, what it needs (never a key's value), its
        modality."""
        return self.runtime.provider_rows()


def _with_exclusions(sites: list[str] | None, exclude_sites: list[str] | None) -> list[str] | None:
    """One ``sites`` list for a request model, excluded sites written ``-x.org`` (see
    :func:`webquorum.scope.site_scope`)."""
    if not sites and not exclude_sites:
        return None
    return [*(sites or []), *(f"-{site}" for site in exclude_sites or [])]


def _request_fields(request: BaseModel | Mapping[str, Any] | None, **given: Any) -> dict[str, Any]:
    """One request mapping from a model, a raw mapping and keyword arguments (keywords win; None is unset)."""
    if isinstance(request, BaseModel):
        fields: dict[str, Any] = request.model_dump(exclude_unset=True)
    else:
        fields = dict(request or {})
    fields.update({k: v for k, v in given.items() if v is not None})
    return fields


def _run(config: ConfigLike, call: Callable[[Client], Coroutine[Any, Any, T]]) -> T:
    """Run one call on a fresh client; inside a running event loop (Jupyter), on a worker thread's own loop.

    ``asyncio.run`` refuses to nest, so a sync helper called from async code would fail; the
    worker thread gives the call a loop of its own while the caller waits. Async code that can
    ``await`` should use :class:`Client` instead, which does not block its loop.
    """

    async def main() -> T:
        async with Client(config) as wq:
            return await call(wq)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(main())
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="webquorum-sync") as worker:
        return worker.submit(asyncio.run, main()).result()


def search(query: str, *, config: ConfigLike = None, **kwargs: Any) -> SearchResponse:
    """Synchronous one-shot search on a fresh client."""
    return _run(config, lambda wq: wq.search(query, **kwargs))


def fetch(url: str, *, config: ConfigLike = None, **kwargs: Any) -> Page:
    return _run(config, lambda wq: wq.fetch(url, **kwargs))


def brief(query: str, *, config: ConfigLike = None, **kwargs: Any) -> Brief:
    return _run(config, lambda wq: wq.brief(query, **kwargs))
