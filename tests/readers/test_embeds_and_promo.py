"""Embedded posts put back between article paragraphs; promotion blocks and copyright lines dropped."""

from __future__ import annotations

from webquorum.readers.extract import MainTextRules, extract_document
from webquorum.readers.promo import drop_promo_blocks

PROSE = [
    "The council voted on Tuesday to rebuild the old bridge over the river before the winter floods.",
    "Engineers said the new span would carry twice the traffic of the old one and cost less to keep up.",
    "Work starts in March, and the crossing will stay open to walkers for most of the building season.",
]


def page(middle: str, aside: str = "") -> bytes:
    body = (
        f"<article><h1>Bridge vote</h1><p>{PROSE[0]}</p>{middle}<p>{PROSE[1]}</p><p>{PROSE[2]}</p></article>"
        f"<aside>{aside}</aside>"
    )
    return f"<html><head><title>Bridge vote</title></head><body>{body}</body></html>".encode()


def read(html: bytes) -> str:
    return extract_document(
        html, content_type="text/html", url="https://e.org/a", final_url="https://e.org/a"
    ).text


TWEET = (
    '<div class="social-media-embed"><blockquote class="twitter-tweet"><p lang="en">Finally a bridge that '
    'will not shut every <a href="https://t.co/x">spring</a> flood</p>&mdash; River Watch (@riverwatch) '
    '<a href="https://x.com/riverwatch/status/1">March 3, 2026</a></blockquote></div>'
)


def test_an_embedded_post_between_paragraphs_is_put_back_in_place() -> None:
    text = read(page(TWEET))
    assert "Finally a bridge that will not shut every spring flood" in text
    assert "— River Watch (@riverwatch) March 3, 2026" in text
    assert text.index(PROSE[0]) < text.index("Finally a bridge") < text.index(PROSE[1])


def test_an_embedded_post_in_a_sidebar_stays_out() -> None:
    sidebar = '<blockquote class="twitter-tweet"><p>Our newsletter is out now, read it today</p></blockquote>'
    text = read(page("", aside=sidebar))
    assert "newsletter" not in text and PROSE[2] in text


def test_a_post_the_extractor_kept_is_not_doubled() -> None:
    kept = f'<blockquote><p>{PROSE[0]}</p></blockquote><blockquote class="instagram-media"><p>{PROSE[0]}</p></blockquote>'
    text = read(page(kept))
    assert text.count("The council voted on Tuesday") <= 2


def test_embeds_can_be_switched_off_for_the_benchmark() -> None:
    from webquorum.readers.embeds import Embed
    from webquorum.readers.extract import main_text

    embed = Embed(PROSE[0], "A quoted post", PROSE[1])
    raw = "\n".join(PROSE)
    assert "A quoted post" in main_text(raw, [embed])
    assert "A quoted post" not in main_text(raw, [embed], MainTextRules(embeds=False))


def test_a_promotion_block_goes_up_to_the_next_prose_line() -> None:
    text = "\n\n".join(
        [
            PROSE[0],
            "You may also like...",
            "Council closes two libraries",
            "Floods: what next",
            PROSE[1],
            "Related stories",
            "Mayor resigns",
        ]
    )
    assert drop_promo_blocks(text) == "\n\n".join([PROSE[0], PROSE[1]])


def test_promotion_words_inside_a_sentence_stay() -> None:
    text = "Related stories suggest the vote was close, and most read it as a warning to the mayor."
    assert drop_promo_blocks(text) == text


def test_a_copyright_line_goes_but_a_sentence_about_copyright_stays() -> None:
    text = "\n\n".join([PROSE[0], "Copyright © 2026 Example News Ltd. All rights reserved"])
    assert drop_promo_blocks(text) == PROSE[0]
    sentence = "Copyright law was changed in 2019 after a long campaign by authors, publishers and many of the libraries in the region."
    assert drop_promo_blocks(sentence) == sentence
