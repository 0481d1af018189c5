"""The brief page in a real browser: Debian's headless Chromium, driven by Playwright, against the simulated
web.

A person opens ``/``, types the question and presses Enter; the page must then show what the
brief found: four cards with their sites as pills, the agreed length highlighted where each card
states it, the dissenting site marked, the unreadable site labelled "snippet only". Skips cleanly
where Chromium or Playwright cannot be installed (``.ci/run`` installs Debian's ``chromium``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from tests.serve.conftest import Served
from tests.sim.serve import AGREED, BLOCKED, DISSENTER, QUESTION, serve_web, spawn_serve
from tests.sim.web import SimWeb

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev extra)")
    if not Path(CHROMIUM).exists():
        pytest.skip("no Chromium: apt-get install -y chromium")
    with sync_api.sync_playwright() as pw:
        try:
            chromium = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        except Exception as exc:  # a Chromium that cannot start here is a skip, not a failure
            pytest.skip(f"Chromium does not start: {exc}")
        try:
            yield chromium
        finally:
            chromium.close()


def ask(
    browser: Any, base: str, *, width: int = 1280, height: int = 900, scheme: str = "light"
) -> tuple[Any, list[str]]:
    """A fresh page that opens ``/``, types the question and submits it, as a person would."""
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda req: requested.append(req.url))
    page.goto(base + "/")
    page.fill("input[name=q]", QUESTION)
    page.press("input[name=q]", "Enter")
    page.wait_for_selector("article.card", timeout=30_000)
    page.wait_for_load_state("load")
    return page, requested


def test_the_page_shows_four_cards_agreement_dissent_and_snippet(
    browser: Any, served: Served, tmp_path: Path
) -> None:
    page, requested = ask(browser, served.base)
    cards = page.locator("article.card")
    assert cards.count() == 4
    pills = [p.strip() for p in page.locator("article.card .pill").all_inner_texts()]
    assert pills == ["harbour-news.test", "civil-eng.test", DISSENTER, BLOCKED]
    for site in (
        "harbour-news.test",
        "civil-eng.test",
    ):  # the agreed length, highlighted where each card says it
        marks = page.locator(f"article.card[data-site='{site}'] mark.agreed").all_inner_texts()
        assert marks.count(AGREED) == 2
    dissenter = page.locator(f"article.card[data-site='{DISSENTER}']")
    assert "dissenting" in (dissenter.get_attribute("class") or "")
    assert "Disagrees: says 1,310 metres" in dissenter.locator(".dissent-mark").inner_text()
    assert AGREED not in dissenter.locator("mark.agreed").all_inner_texts()
    assert dissenter.locator("mark.dissent").all_inner_texts() == [
        "1,310 metres",
        "1,310 metres",
    ]  # what it says instead
    assert page.locator("mark.dissent").count() == 2  # on its card only
    assert page.locator(".dissent-line .pill.dissent").inner_text() == DISSENTER
    blocked = page.locator(f"article.card[data-site='{BLOCKED}']")
    assert blocked.locator(".snippet-only").inner_text() == "snippet only: the site blocks automated readers"
    assert page.locator("article.card .snippet-only").count() == 1
    assert AGREED in page.locator(".agreed-line mark.agreed").all_inner_texts()
    assert page.locator("input[name=q]").input_value() == QUESTION
    status = page.locator(".status li").all_text_contents()  # folded away once the brief is there
    assert status[0].startswith("searching") and status[-1] == "comparing sources"
    assert not page.locator(".status ol").is_visible()
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.status h2'), '::after').content")
        == '": done"'
    )
    assert not any(line.startswith("read") and line.endswith(BLOCKED) for line in status), (
        status
    )  # never listed as read
    assert any(line.startswith(f"could not read {BLOCKED}") for line in status), status
    heading = page.locator(".brief > h2").inner_text()
    assert heading.endswith(": 3 read, 1 snippet only") and heading.startswith(
        "4 sources for"
    )  # counts agree with the cards
    assert "WEB_" not in page.locator("main").inner_text()  # errors and labels are words, not codes
    assert page.locator("a[href^='/brief?q=']").count() == 1  # the raw JSON links
    assert (
        page.locator(f"article.card[data-site='{DISSENTER}'] a.url")
        .get_attribute("href", timeout=1000)
        .startswith("http://city-guide.test:")
    )
    assert all(url.startswith(served.base) for url in requested), requested  # no CDN, nothing external
    shot = tmp_path / "brief-page.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    page.context.close()


def test_dark_scheme_and_phone_width(browser: Any, served: Served, tmp_path: Path) -> None:
    light, _ = ask(browser, served.base)
    dark, _ = ask(browser, served.base, width=390, height=844, scheme="dark")
    background = "getComputedStyle(document.body).backgroundColor"
    assert light.evaluate(background) != dark.evaluate(background)
    assert dark.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scrolling
    boxes = [dark.locator("article.card").nth(i).bounding_box() for i in range(4)]
    assert all(box is not None and box["width"] <= 390 for box in boxes)
    assert len({round(box["x"]) for box in boxes if box}) == 1  # one column on a phone
    dark.screenshot(path=str(tmp_path / "brief-page-phone-dark.png"), full_page=True)
    for page in (light, dark):  # the search button's text against its background: WCAG AA (4.5:1)
        colours = page.evaluate(
            "(() => { const b = getComputedStyle(document.querySelector('.ask button')); return [b.color, b.backgroundColor]; })()"
        )
        assert contrast(*colours) >= 4.5, colours
    light.context.close()
    dark.context.close()


def contrast(fg: str, bg: str) -> float:
    """WCAG 2 contrast ratio of two ``rgb(r, g, b)`` colours."""

    def luminance(colour: str) -> float:
        channels = [int(c) / 255 for c in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3]]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture(scope="module")
def slow(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A web where every answer takes 0.8 s, so the status lines have time to show before the cards."""
    sim = SimWeb().start()
    path = tmp_path_factory.mktemp("slow") / "webquorum.yaml"
    path.write_text(yaml.safe_dump(serve_web(sim, latency_s=0.8)), encoding="utf-8")
    proc, port, log = spawn_serve(path, tmp_path_factory.mktemp("slow-run"))
    try:
        yield Served(f"http://127.0.0.1:{port}", port, log, sim)
    finally:
        proc.terminate()
        proc.wait(15)
        sim.stop()


def test_status_lines_stream_before_the_cards(browser: Any, slow: Served) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(slow.base + "/")
    page.fill("input[name=q]", QUESTION)
    page.press("input[name=q]", "Enter", no_wait_after=True)
    page.wait_for_selector(".status li", timeout=20_000)
    assert page.locator("article.card").count() == 0  # the brief is still being built
    assert page.locator(".status li").first.inner_text().startswith("searching")
    page.wait_for_selector("article.card", timeout=30_000)
    assert page.locator("article.card").count() == 4
    context.close()
