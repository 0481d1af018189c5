"""Hidden text is not content (issue 24): pages served on loopback and read through the real client."""

from __future__ import annotations

import pytest
from lxml.html import document_fromstring
from tests.sim.sites import SITE, bounded, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.readers.hidden import drop_hidden, hides

ARTICLE = [
    "The county library will open on Sundays from April, the council announced after a vote on Tuesday.",
    "Opening hours on Sundays will run from ten to four, and the reading rooms will be staffed by volunteers.",
    "The change costs 40,000 euros a year, which the council will pay from its culture budget until 2028.",
    "Residents had asked for weekend hours for years, the head librarian said at the meeting in the town hall.",
]
HIDDEN = {
    "inline display:none": '<p style="display: none">The library will close for good next month, says a hidden line.</p>',
    "hidden attribute": "<p hidden>Secret keyword stuffing about cheap flights and casino bonuses appears here.</p>",
    "aria-hidden": '<div aria-hidden="true"><p>Duplicate of the headline for a carousel that screen readers skip.</p></div>',
    "noscript": "<noscript><p>Please enable scripts to see the interactive map of all branches in the county.</p></noscript>",
    "template": "<template><p>Template text for a comment that has not been written yet by anyone at all.</p></template>",
    "zero font": '<p style="font-size:0px">Invisible zero-size text claims the budget is 90,000 euros instead.</p>',
    "same colour": '<p style="color:#fff;background-color:#fff">White on white text says the vote failed on Tuesday.</p>',
    "visibility": '<p style="visibility:hidden">Hidden by visibility: the opening was postponed until 2030.</p>',
    "style rule": '<p class="ghost">A spam trap line hidden by a class rule in the page style sheet.</p>',
    "id rule": '<p id="trap">Another trap line hidden by an id rule in the style sheet of the page.</p>',
}
SHOWN = {
    "media only": '<p class="wide-only">Visible on wide screens: the branch in the old mill opens too.</p>',
    "mobile first": '<p class="desktop">Shown on desktops by a media rule: the mobile library bus keeps its route.</p>',
    "until-found": '<p hidden="until-found">Found by search in the page: the archive room stays closed on Sundays.</p>',
}
STYLE = (
    "<style>/* comment {display:none} */ .ghost, #trap { display:none !important }"
    "@media (max-width: 600px) { .wide-only { display: none } }"
    ".desktop{display:none} @media (min-width: 900px) { .desktop { display: block } }</style>"
)


def page() -> str:
    paragraphs = [
        f"<p>{ARTICLE[0]}</p>",
        *HIDDEN.values(),
        f"<p>{ARTICLE[1]}</p>",
        f"<p>{ARTICLE[2]}</p>",
        *SHOWN.values(),
        f"<p>{ARTICLE[3]}</p>",
    ]
    return (
        f"<html><head><title>Sunday hours</title>{STYLE}</head><body><article><h1>Sunday hours</h1>"
        f"{''.join(paragraphs)}</article></body></html>"
    )


def plain(html: str) -> str:
    return " ".join(document_fromstring(html).text_content().split())


@bounded(10)
async def test_hidden_text_never_reaches_the_page_text(simweb: SimWeb) -> None:
    simweb.route("/library", Reply(body=page().encode(), content_type="text/html; charset=utf-8"), host=SITE)
    async with Client(site_config(simweb)) as wq:
        text = (await wq.fetch(simweb.url("/library", host=SITE))).text
    for sentence in ARTICLE:
        assert sentence in text
    for kind, html in HIDDEN.items():
        assert plain(html) not in text, kind
    for kind, html in SHOWN.items():
        assert plain(html) in text, kind


def test_a_hidden_block_holding_most_of_the_page_is_the_page_shown_by_a_script() -> None:
    html = (
        "<html><body><p>Loading the story.</p><div id='story' style='display:none'>"
        + "".join(f"<p>{sentence}</p>" for sentence in ARTICLE)
        + "</div><noscript>Enable scripts.</noscript><template><p>Unused card.</p></template></body></html>"
    )
    tree = document_fromstring(html)
    assert drop_hidden(tree) == 1  # only the template goes
    assert ARTICLE[2] in tree.text_content() and "Enable scripts" in tree.text_content()


@pytest.mark.parametrize(
    ("block", "hidden"),
    [
        ("display:none", True),
        ("DISPLAY : NONE !important", True),
        ("visibility: collapse", True),
        ("font-size: 0", True),
        ("font-size:0.0em", True),
        ("font-size: 0.8em", False),
        ("color: red; background: red", True),
        ("color: red; background-color: blue", False),
        ("display: block; color: #333", False),
        ("opacity: 0", False),
        ("", False),
    ],
)
def test_which_declarations_hide_text(block: str, hidden: bool) -> None:
    assert hides(block) is hidden


def test_a_hostile_style_sheet_is_read_in_bounded_time() -> None:
    sheet = "a{" * 50_000 + ".x{display:none}" + "}" * 50_000 + "{" * 100_000
    html = f"<html><head><style>{sheet}</style></head><body><p class='x'>kept or not</p><p>{ARTICLE[0]}</p></body></html>"
    tree = document_fromstring(html)
    drop_hidden(tree)  # returns; nested rules are never top-level, so nothing is hidden
    assert ARTICLE[0] in tree.text_content()


def test_nested_hidden_blocks_are_dropped_once_at_their_outermost() -> None:
    depth, siblings = 200, 20  # libxml2 flattens HTML nested past 255 levels
    nested = "<div style='display:none'>" * depth + "deep" + "</div>" * depth  # 80 hidden characters in all
    html = f"<html><body><p>{' '.join(ARTICLE)}</p>{nested * siblings}<p>{ARTICLE[1]}</p></body></html>"
    tree = document_fromstring(html)
    assert drop_hidden(tree) == siblings
    assert "deep" not in tree.text_content() and ARTICLE[1] in tree.text_content()


def test_a_sheet_hiding_thousands_of_classes_is_matched_up_to_its_bound() -> None:
    from webquorum.readers.hidden import _MAX_SELECTORS, _sheet_selectors

    sheet = "".join(f".c{n}{{display:none}}" for n in range(5000))
    tree = document_fromstring(
        f"<html><head><style>{sheet}</style></head><body><p class='c1'>x</p></body></html>"
    )
    tests = _sheet_selectors(tree)
    assert len(tests) == _MAX_SELECTORS and "' c0 '" in tests[0]
