"""Exa search: highlights make the snippet, capped text rides inline, dates are ISO start dates."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.payloads import SINCE, TODAY, fixture, response

from webquorum.errors import ProviderError
from webquorum.providers import exa
from webquorum.types import SearchQuery, TimeRange
from webquorum.wire import RequestContext


def test_max_results_matches_the_docs() -> None:
    assert exa.SPEC.max_results == 100


def test_asks_for_highlights_and_capped_text() -> None:
    body = exa.build_request(SearchQuery("solar storage"), RequestContext()).json_body
    assert body["contents"]["highlights"] is True
    assert body["contents"]["text"] == {"maxCharacters": 8000}


@pytest.mark.parametrize(("time_range", "since"), SINCE)
def test_time_range_is_a_start_published_date(time_range: TimeRange, since: str) -> None:
    req = exa.build_request(SearchQuery("q", time_range=time_range), RequestContext(options=TODAY))
    assert req.json_body["startPublishedDate"] == f"{since}T00:00:00.000Z"


def test_snippet_built_from_highlights_and_text_kept_inline() -> None:
    results = exa.parse_response(response(fixture("exa-ok.json")))
    first = results[0]
    assert first.snippet == (
        "The James Webb Space Telescope detected a clear CO2 feature at 4.3 microns. … "
        "This is the first unambiguous detection of carbon dioxide in an exoplanet atmosphere."
    )
    assert first.content and first.content.startswith("Carbon dioxide in the atmosphere of WASP-39b.")
    assert first.published == "2023-02-08"
    assert first.extra == {"author": "JWST Transiting Exoplanet Community ERS Team"}
    assert (
        results[2].snippet == "Reports the NIRSpec PRISM detection of CO2 in WASP-39b."
    )  # empty highlights: summary
    assert results[2].published is None
    assert results[3].title == "Webb exoplanet results"


def test_caps_inline_text_at_8000() -> None:
    body = {
        "results": [{"url": "https://a.test/", "title": "A", "text": "word " * 5000, "highlights": ["h"]}]
    }
    (only,) = exa.parse_response(response(body))
    assert only.content is not None and len(only.content) == 8000


@pytest.mark.shared
def test_shared_snippet_comes_from_highlights(shared_dir: Path) -> None:
    (first,) = exa.parse_response(response((shared_dir / "payloads" / "exa-3.json").read_bytes()))
    assert first.snippet == "Such requirements have limited their adoption..."
    assert first.published == "2023-11-16"


@pytest.mark.shared
def test_shared_error_shape(shared_dir: Path) -> None:
    body = (shared_dir / "payloads" / "exa-errors-1.json").read_bytes()
    with pytest.raises(ProviderError) as info:
        exa.parse_response(response(body, status=400))
    assert "<human-readable message>" in info.value.message
