"""Fetch limits that span capabilities: one rate-limit budget for a provider's searches and reads, and
the fetch deadline, whose timeout error names the URL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.sim.readers import SERVICE, STORY, TARGET, service_config
from tests.sim.sites import SITE, bounded, site_config
from tests.sim.web import Reply, Request, SimWeb

from webquorum import Client
from webquorum.errors import FetchTimeoutError, RateLimitedError


@bounded(30)
async def test_a_providers_searches_and_reads_spend_one_rate_limit_budget(
    simweb: SimWeb, fixtures_dir: Path
) -> None:
    search_body = (fixtures_dir / "providers" / "jina-ok.json").read_bytes()
    read_body = (fixtures_dir / "providers" / "jina-read-ok.json").read_bytes()

    def serve(req: Request) -> Reply:
        return Reply(
            body=search_body if "q" in json.loads(req.body) else read_body, content_type="application/json"
        )

    simweb.route("/", serve, host=SERVICE, method="POST")
    cfg = service_config(simweb, "jina", api_key="jina-test", rate_limit="2/minute")
    async with Client(cfg) as wq:
        found = await wq.search("zstd compression", provider="jina")
        assert found.results
        assert (await wq.fetch(TARGET, reader="jina")).reader == "jina"
        # refused at once: waiting for a slot would take most of a minute, past the test's 30 s bound
        with pytest.raises(RateLimitedError) as read_refused:
            await wq.fetch(TARGET, reader="jina", use_cache=False)
        with pytest.raises(RateLimitedError):
            await wq.search("zstd levels", provider="jina")
    assert read_refused.value.code == "WEB_PROVIDER_RATE_LIMITED" and read_refused.value.provider == "jina"
    assert len(simweb.requests) == 2


@bounded(5)
async def test_a_timeout_names_the_url(simweb: SimWeb) -> None:
    simweb.route("/slow", Reply(body=STORY.encode(), drip_s=1.0), host=SITE)
    url = simweb.url("/slow", host=SITE)
    async with Client(site_config(simweb, fetch_deadline_s=0.8)) as wq:
        with pytest.raises(FetchTimeoutError) as caught:
            await wq.fetch(url)
    assert (
        caught.value.code == "WEB_FETCH_TIMEOUT" and caught.value.url == url and url in caught.value.message
    )
