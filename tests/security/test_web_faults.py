"""Rows 3, 6 and 10 of issue 12: the shared cache under the address policy, decoding faults as
fetch errors, and reader services handed public URLs only. All on loopback servers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from tests.sim.hostile import corrupt_gzip, layered_gzip, truncated_gzip
from tests.sim.providers import provider_config, serve
from tests.sim.sites import SITE, allow_target, article, bounded, site_config
from tests.sim.web import Reply, Request, SimWeb

from webquorum import Client
from webquorum.cli import app
from webquorum.errors import BadContentError, ForbiddenAddressError

PAGE = article("Ferry", "The island ferry resumed its winter timetable on Monday after the storm repairs.")
INTRANET = "intranet.test"


# -- row 3: the document cache is under the same address policy as the network
# ------------------------------------


def intranet_config(web: SimWeb, cache: Path, *, allowed: bool) -> dict[str, Any]:
    config = site_config(web, cache_path=cache)
    config["network"]["resolve"][INTRANET] = "127.0.0.1"
    if allowed:
        config["network"]["allow_hosts"] = [*config["network"]["allow_hosts"], INTRANET]
    return config


@bounded(20)
async def test_a_page_cached_by_a_permissive_process_is_not_served_to_a_strict_one(
    simweb: SimWeb, tmp_path: Path
) -> None:
    simweb.route("/wiki", Reply(body=PAGE), host=INTRANET)
    cache = tmp_path / "shared.sqlite"
    url = simweb.url("/wiki", host=INTRANET)
    async with Client(intranet_config(simweb, cache, allowed=True)) as permissive:
        assert "The island ferry" in (await permissive.fetch(url)).text
    async with Client(intranet_config(simweb, cache, allowed=False)) as strict:
        for spelling in (url, url.replace(INTRANET, INTRANET.upper()), url + "?utm_source=x", url + "/"):
            with pytest.raises(ForbiddenAddressError):
                await strict.fetch(spelling)
    assert len(simweb.requests_to("/wiki")) == 1, "the strict process never reached the page either"


@bounded(20)
async def test_a_literal_address_cached_under_allow_private_is_refused_in_any_spelling(
    simweb: SimWeb, tmp_path: Path
) -> None:
    simweb.route("/status", Reply(body=PAGE))
    cache = tmp_path / "shared.sqlite"
    open_config = site_config(simweb, cache_path=cache, allow_private_addresses=True)
    async with Client(open_config) as permissive:
        await permissive.fetch(f"http://127.0.0.1:{simweb.port}/status")
    async with Client(site_config(simweb, cache_path=cache)) as strict:
        for host in ("127.0.0.1", "2130706433", "0x7f.0.0.1", "127.1", "[::ffff:127.0.0.1]"):
            with pytest.raises(ForbiddenAddressError):
                await strict.fetch(f"http://{host}:{simweb.port}/status")


@bounded(20)
async def test_a_public_page_is_still_served_from_the_cache(simweb: SimWeb, tmp_path: Path) -> None:
    """The check does not empty the cache: an allowed page is read once and served again."""
    simweb.route("/story", Reply(body=PAGE), host=SITE)
    async with Client(site_config(simweb, cache_path=tmp_path / "c.sqlite")) as wq:
        first = await wq.fetch(simweb.url("/story", host=SITE))
        again = await wq.fetch(simweb.url("/story", host=SITE))
    assert first.text == again.text and len(simweb.requests_to("/story")) == 1


# -- row 6: decoding faults are fetch errors
# ------------------------------------------------------------------------

TEXT = (
    "<html><body><p>"
    + "The harbour bridge reopened to traffic on Saturday morning. " * 40
    + "</p></body></html>"
)
BODIES = {
    "corrupt": (corrupt_gzip(TEXT), "gzip"),
    "truncated": (truncated_gzip(TEXT), "gzip"),
    "six layers": (layered_gzip(TEXT, 6), "gzip, gzip, gzip, gzip, gzip, gzip"),
    "unknown coding": (TEXT.encode(), "br"),
    "lying coding": (TEXT.encode(), "deflate"),
}


@pytest.mark.parametrize("fault", list(BODIES))
@bounded(10)
async def test_a_bad_content_encoding_is_a_fetch_error(simweb: SimWeb, fault: str) -> None:
    body, coding = BODIES[fault]
    simweb.route("/bad", Reply(body=body, headers={"Content-Encoding": coding}), host=SITE)
    async with Client(site_config(simweb)) as wq:
        with pytest.raises(BadContentError) as caught:
            await wq.fetch(simweb.url("/bad", host=SITE))
    assert caught.value.code == "WEB_FETCH_BAD_CONTENT" and SITE in caught.value.message


@bounded(10)
async def test_two_real_layers_still_read(simweb: SimWeb) -> None:
    simweb.route(
        "/two", Reply(body=layered_gzip(TEXT, 2), headers={"Content-Encoding": "gzip, gzip"}), host=SITE
    )
    async with Client(site_config(simweb)) as wq:
        assert "The harbour bridge" in (await wq.fetch(simweb.url("/two", host=SITE))).text


def test_the_cli_exits_1_with_one_line_and_no_traceback(simweb: SimWeb, tmp_path: Path) -> None:
    simweb.route("/bad", Reply(body=corrupt_gzip(TEXT), headers={"Content-Encoding": "gzip"}), host=SITE)
    config = tmp_path / "c.yaml"
    config.write_text(json.dumps(site_config(simweb)), encoding="utf-8")
    result = CliRunner().invoke(app, ["fetch", simweb.url("/bad", host=SITE), "--config", str(config)])
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exit_code == 1, output
    assert "WEB_FETCH_BAD_CONTENT" in output and "Traceback" not in output
    assert not isinstance(result.exception, BaseException) or isinstance(result.exception, SystemExit)


@bounded(20)
async def test_one_corrupt_source_costs_one_source_not_the_brief(simweb: SimWeb) -> None:
    hosts = ["good-a.test", "broken.test", "good-b.test"]
    for host in hosts:
        text = article(
            f"Bridge at {host}",
            f"The harbour bridge reopened on Saturday, {host} reported after eleven weeks of repairs.",
        )
        reply = (
            Reply(body=corrupt_gzip(text), headers={"Content-Encoding": "gzip"})
            if host == "broken.test"
            else Reply(body=text)
        )
        simweb.route("/story", reply, host=host)

    def searx(req: Request) -> Reply:
        results = [
            {"url": simweb.url("/story", host=h), "title": f"Bridge {h}", "content": f"Snippet from {h}."}
            for h in hosts
        ]
        return Reply(body=json.dumps({"results": results}), content_type="application/json")

    serve(simweb, "searxng", searx)
    config = provider_config(simweb, ["searxng"], web={"search_provider": "searxng"})
    config["network"]["resolve"].update({h: "127.0.0.1" for h in hosts})
    config["network"]["allow_hosts"] = hosts
    async with Client(config) as wq:
        out = await wq.brief("harbour bridge")
    by_site = {s.site: s for s in out.sources}
    assert by_site["broken.test"].snippet_only and by_site["broken.test"].error == "WEB_FETCH_BAD_CONTENT"
    assert not by_site["good-a.test"].snippet_only and not by_site["good-b.test"].snippet_only


# -- row 10: reader services get public URLs only
# -------------------------------------------------------------------

JINA = "r.jina.test"


def jina_config(web: SimWeb, **network: Any) -> dict[str, Any]:
    config = site_config(web, **network)
    config["network"]["resolve"][JINA] = "127.0.0.1"
    config["overrides"] = {"jina": {"base_url": f"http://{JINA}:{web.port}"}}
    return config


JINA_OK = json.dumps(
    {"code": 200, "data": {"title": "T", "url": "u", "content": "The page text is a full sentence here."}}
)


@pytest.mark.parametrize(
    "url",
    [
        "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        "http://[fd00:ec2::254]/latest/meta-data/",
        "http://168.63.129.16/machine?comp=goalstate",
        "http://metadata.internal.test/computeMetadata/v1/",  # pinned to a private address below
        "http://unresolvable.invalid/",  # cannot be checked, so not handed over
        "http://2852039166/latest/meta-data/",  # 169.254.169.254 as one decimal number
    ],
)
@bounded(10)
async def test_an_internal_url_is_never_handed_to_a_reader_service(simweb: SimWeb, url: str) -> None:
    simweb.route("/", Reply(body=JINA_OK, content_type="application/json"), host=JINA)
    config = jina_config(simweb)
    config["network"]["resolve"]["metadata.internal.test"] = "10.0.0.7"
    async with Client(config) as wq:
        with pytest.raises(ForbiddenAddressError) as caught:
            await wq.fetch(url, reader="jina")
    assert simweb.requests == [], "the URL left the machine"
    assert "jina" in caught.value.message


@bounded(10)
async def test_allow_private_addresses_lets_the_operator_hand_anything_over(simweb: SimWeb) -> None:
    simweb.route("/", Reply(body=JINA_OK, content_type="application/json"), host=JINA)
    async with Client(jina_config(simweb, allow_private_addresses=True)) as wq:
        page = await wq.fetch("http://intranet.corp.test/wiki", reader="jina")
    assert page.reader == "jina" and len(simweb.requests) == 1


@bounded(10)
async def test_a_public_url_is_handed_over(simweb: SimWeb) -> None:
    simweb.route("/", Reply(body=JINA_OK, content_type="application/json"), host=JINA)
    async with Client(allow_target(jina_config(simweb), "public-news.test")) as wq:
        assert (await wq.fetch("https://public-news.test/a", reader="jina")).reader == "jina"
    assert json.loads(simweb.requests[0].body) == {"url": "https://public-news.test/a"}
