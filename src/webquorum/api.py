"""The Python facade every shell calls: search, fetch, links, brief, collect, verify, discover.

``async with webquorum.Client(config) as wq: await wq.search("...")``. One client owns one
:class:`~webquorum.pipelines.runtime.Runtime` (HTTP pools, breakers, limits, cache), so every call
made through it shares them. The sync helpers at the bottom run one call on a fresh client;
they are the only sync code in the package.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from webquorum.config import Config, load_config
from webquorum.pipelines import fetch as fetch_pipeline
from webquorum.pipelines import search as search_pipeline
from webquorum.pipelines.runtime import AttemptHook, Runtime
from webquorum.types import Brief, LinksResult, Page, SearchResponse

if TYPE_CHECKING:  # the modules themselves load on first use, so `import webquorum` stays light
    from webquorum.types.collect import CollectError, CollectResult
    from webquorum.types.research import DiscoverResult, VerifyResult

T = TypeVar("T")
ConfigLike = Config | str | Path | dict[str, Any] | None
Progress = Callable[[str], None]


class Client:
    """An async client; one per application. Every call through it shares HTTP pools, breakers, limits and cache."""

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
        on_attempt: AttemptHook | None = None,
    ) -> SearchResponse:
        """Fan one query out to a provider or combo and fuse the lists (see README: Fusion)."""
        return await search_pipeline.search(
            self.runtime,
            query,
            provider=provider,
            max_results=max_results,
            language=language,
            time_range=time_range,
            on_attempt=on_attempt,
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
    ) -> Brief:
        from webquorum.pipelines.brief import brief

        return await brief(self.runtime, query, provider=provider, reader=reader, sources=sources, progress=progress)

    async def collect(self, **request: Any) -> CollectResult | CollectError:
        from webquorum.pipelines.collect import collect

        return await collect(self.runtime, request)

    async def verify(self, **request: Any) -> VerifyResult:
        from webquorum.pipelines.verify import verify

        return await verify(self.runtime, request)

    async def discover(self, **request: Any) -> DiscoverResult:
        from webquorum.pipelines.discover import discover

        return await discover(self.runtime, request)


def _run(config: ConfigLike, call: Callable[[Client], Coroutine[Any, Any, T]]) -> T:
    async def main() -> T:
        async with Client(config) as wq:
            return await call(wq)

    return asyncio.run(main())


def search(query: str, *, config: ConfigLike = None, **kwargs: Any) -> SearchResponse:
    """Synchronous one-shot search on a fresh client."""
    return _run(config, lambda wq: wq.search(query, **kwargs))


def fetch(url: str, *, config: ConfigLike = None, **kwargs: Any) -> Page:
    return _run(config, lambda wq: wq.fetch(url, **kwargs))


def brief(query: str, *, config: ConfigLike = None, **kwargs: Any) -> Brief:
    return _run(config, lambda wq: wq.brief(query, **kwargs))
