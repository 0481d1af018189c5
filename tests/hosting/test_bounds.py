"""The size bound every MCP result and ``serve``'s ``/fetch`` answer are kept under (pure): what is cut, and
that it says so."""

from __future__ import annotations

from typing import Any

from webquorum.hosting.bounds import MIN_CLIP, bound, fit, json_size


def test_fit_clips_long_text_evenly_and_keeps_urls_whole() -> None:
    url = "https://example.test/" + "a" * 400
    data: dict[str, Any] = {
        "sources": [
            {"url": url, "text": "word " * 4000},
            {"url": url, "text": "short"},
            {"url": url, "text": "x" * 9000},
        ]
    }
    cut = fit(data, 6000)
    assert json_size(data) <= 6000
    assert all(s["url"] == url for s in data["sources"]) and data["sources"][1]["text"] == "short"
    assert len(data["sources"][0]["text"]) == len(data["sources"][2]["text"]) >= MIN_CLIP
    assert cut == [
        f"sources[*].text: 2 clipped to at most {len(data['sources'][0]['text'])} characters (longest was 20000)"
    ]
    one = {"title": "t" * 900, "sources": [{"url": url, "text": "short"}]}
    assert fit(one, 800) == [f"title: clipped from 900 to {len(one['title'])} characters"]


def test_bound_counts_its_own_cut_list_and_never_clips_the_brief() -> None:
    brief = "Agreed across sources: 1,240 metres in 2/3. " * 90  # about 4,000 characters
    sources = [
        {"url": f"https://s{i}.test/", "title": f"Page {i} " * 30, "text": "w" * 3000} for i in range(6)
    ]
    data: dict[str, Any] = {
        "brief": brief,
        "sources": sources,
        "dropped": [{"url": f"https://d{i}.test/" + "x" * 300} for i in range(40)],
    }
    cut = bound(data, 12_000)
    assert json_size(data) <= 12_000 and data["cut"] == cut and cut  # the cut list fits inside the bound too
    assert data["brief"] == brief
    assert any(c.startswith("sources[*].text: 6 clipped") for c in cut) or any(
        c.startswith("dropped: kept") for c in cut
    )
    small: dict[str, Any] = {"brief": "b", "sources": []}
    assert bound(small, 12_000) == [] and small["cut"] == []


def test_fit_drops_list_items_when_clipping_is_not_enough() -> None:
    data: dict[str, Any] = {"links": [{"url": f"https://example.test/{i}", "text": "t"} for i in range(500)]}
    cut = fit(data, 5000)
    assert json_size(data) <= 5000
    assert cut == [f"links: kept {len(data['links'])} of 500 items"]
    assert data["links"][0]["url"] == "https://example.test/0"
    assert fit(data, 5000) == []  # already inside the bound: nothing more is cut
