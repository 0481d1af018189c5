"""Turn a fetched body into a :class:`~webquorum.types.Document`: pure, bytes in, text out.

Dispatch is by sniffed bytes first, then by media type: ``%PDF-`` goes to :mod:`.pdf` whatever
the header says; HTML/XHTML goes through trafilatura on the page less its hidden text, one lxml
tree per page, parsed without the page's scripts and style sheets (:mod:`.lean`, :mod:`.choose`,
:mod:`.hidden`, :mod:`.cascade`); embedded posts it dropped between two kept
paragraphs are put
back (:mod:`.embeds`) and promotion blocks dropped (:mod:`.promo`). The page's whole main text is
returned: the first-real-sentence trim (:mod:`.trim`) is the brief's, not the page's, so headings,
lists and tables stay (issue 23). JSON is pretty-printed; plain text is kept as is (markdown and
reader-service text, which carry the site's menus, are trimmed). Images, archives and
``octet-stream`` are refused, as are bytes that are not text whatever their label.

The page's visible text (selectolax, with script/style/nav/header/footer/aside/form removed) is
only computed when it can matter: trafilatura's fast text is short (:mod:`.choose`), a wall
phrase occurs, or the page has embeds.

Before any parser sees a page, it is cut at its 100,000th tag and refused if its elements nest
over 1,000 deep (:mod:`.bounds`): the markup, not the bytes, sets what the trees cost.

Title, date, language and links come from one selectolax parse (meta tags, JSON-LD, ``<time>``,
``<html lang>``): trafilatura's own metadata pass costs about as much as its extraction.
Challenge and login walls (:mod:`.walls`) are recognised once the main text is known: an article
with a captcha widget on its comment form is read, not refused.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from urllib.parse import urljoin, urlsplit

from lxml.html import HtmlElement
from selectolax.lexbor import LexborHTMLParser, LexborNode

from webquorum.errors import BlockedError, EmptyError, UnsupportedContentError
from webquorum.net.decode import decode_body
from webquorum.readers.bounds import cap_tags, check_depth
from webquorum.readers.choose import MAIN_TEXT_RULES, MainTextRules, article_text, parse_html
from webquorum.readers.embeds import Embed, find_embeds, has_embeds, splice_embeds
from webquorum.readers.lean import lean_html
from webquorum.readers.pdf import read_pdf
from webquorum.readers.promo import drop_promo_blocks
from webquorum.readers.trim import trim_to_first_sentence
from webquorum.readers.visible import LazyVisible, normalise_whitespace
from webquorum.readers.walls import block_reason, detect_block_page
from webquorum.types import Document, SourceType

__all__ = [
    "MAX_LINKS",
    "MainTextRules",
    "decode_text",
    "detect_block_page",
    "encoded_block_reason",
    "extract_document",
    "extract_encoded",
    "finish_service_text",
    "html_text",
]

MAX_LINKS = 300
_HTML_TYPES = {"text/html", "application/xhtml+xml", "application/xml", "text/xml"}
_JSON_TYPES = {"application/json", "text/json", "application/ld+json"}
_TRIMMED_TEXT_TYPES = {"text/markdown", "text/x-markdown"}
_BINARY_MAGIC = (
    b"\x89PNG",
    b"\xff\xd8\xff",
    b"GIF8",
    b"PK\x03\x04",
    b"\x1f\x8b",
    b"RIFF",
    b"BM",
    b"\x00\x00\x01\x00",
)
_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.I)
_ISO_DATE = re.compile(r"((?:19|20)\d\d)[-/.](\d\d)[-/.](\d\d)")
_DATE_META = (
    "article:published_time",
    "datePublished",
    "pubdate",
    "publishdate",
    "date",
    "dc.date",
    "dc.date.issued",
    "dcterms.created",
    "og:published_time",
    "sailthru.date",
)


def _media_type(content_type: str | None) -> str | None:
    if not content_type:
        return None
    return content_type.split(";", 1)[0].strip().lower() or None


def _charset_label(label: str | None) -> str | None:
    """A Python codec for an HTTP/HTML charset label; latin-1 labels mean cp1252, as browsers read them."""
    if not label:
        return None
    try:
        name = codecs.lookup(label.strip().strip("\"'")).name
    except LookupError:
        return None
    return "cp1252" if name in {"latin-1", "iso8859-1", "ascii"} else name


# Control bytes that text does not carry (tab, line feed, form feed, carriage return and escape aside).
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 27))


def _looks_binary(body: bytes) -> bool:
    head = body[:4096]
    if head.startswith(_BINARY_MAGIC) or b"\x00" in head:
        return True
    controls = len(head) - len(head.translate(None, _CONTROL_BYTES))  # counted in C, not byte by byte
    return controls > len(head) * 0.05


_SINGLE_BYTE = re.compile(r"^(iso-?8859|latin|cp125|windows-125|ascii|us-ascii)", re.I)


def decode_text(body: bytes, content_type: str | None) -> str:
    """Decode a body: BOM, then the header charset, then ``<meta charset>``, then utf-8, then cp1252.

    Each declared charset must decode strictly, so a wrong declaration falls through cleanly to
    the next source. Bytes that are not text (NULs, many control bytes, image/archive magic)
    raise :class:`UnsupportedContentError`.
    """
    for bom, bom_codec in _BOMS:
        if body.startswith(bom):
            return body[len(bom) :].decode(bom_codec, errors="replace")
    header = re.search(r"charset\s*=\s*[\"']?([^\s;\"']+)", content_type or "", re.I)
    declared = _charset_label(header[1] if header else None)
    if declared and declared.startswith(("utf-16", "utf-32")):  # NULs are expected here, not binary
        try:
            return body.decode(declared)
        except UnicodeDecodeError:
            declared = None
    if _looks_binary(body):
        raise UnsupportedContentError("the body is binary data, not text")
    meta = _META_CHARSET.search(body[:4096])
    meta_label = _charset_label(meta[1].decode("ascii") if meta else None)
    if _SINGLE_BYTE.match(declared or meta_label or "") and not body.isascii():
        # A single-byte label decodes any bytes, so it never fails over. Multi-byte UTF-8
        # sequences almost never occur in real Latin-1/cp1252 text: valid UTF-8 wins.
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError:
            pass
    candidates = [declared, meta_label, "utf-8"]
    for codec in candidates:
        if codec:
            try:
                return body.decode(codec)
            except (UnicodeDecodeError, LookupError):
                continue
    return body.decode("cp1252", errors="replace")


def _paragraphs(text: str) -> str:
    """Blank lines between trafilatura's blocks, except within a list or a table."""
    out: list[str] = []
    for line in normalise_whitespace(text).split("\n"):
        if not line:
            continue
        grouped = out and line[:2] in {"- ", "| "} and out[-1].lstrip("\n")[:2] == line[:2]
        out.append(("\n" if grouped else "\n\n") + line if out else line)
    return "".join(out)


_META_KEYS = ("property", "name", "itemprop")
MetaTags = dict[tuple[str, str], "str | None"]


def _meta_tags(tree: LexborHTMLParser) -> MetaTags:
    """``(attribute, value) -> content`` of the first ``<meta>`` carrying each, read in one pass of the
    page's meta tags (a CSS query per name and attribute walked the whole tree thirty-odd times)."""
    tags: MetaTags = {}
    for node in tree.css("meta"):
        attributes = node.attributes
        for key in _META_KEYS:
            value = attributes.get(key)
            if value is not None:
                tags.setdefault((key, value), attributes.get("content"))
    return tags


def _meta(tags: MetaTags, *names: str) -> str | None:
    for name in names:
        for key in _META_KEYS:
            value = tags.get((key, name))
            if value and value.strip():
                return value.strip()
    return None


def _canonical(tree: LexborHTMLParser, tags: MetaTags, final_url: str) -> str | None:
    """The page's own idea of its URL: ``<link rel=canonical>``, else ``og:url``; absolute, http(s) only."""
    node = tree.css_first('link[rel="canonical"]')
    href = (node.attributes.get("href") if node is not None else None) or _meta(tags, "og:url")
    if not href or not href.strip():
        return None
    absolute = urljoin(final_url, href.strip())
    return absolute if urlsplit(absolute).scheme in ("http", "https") else None


def _published(tree: LexborHTMLParser, tags: MetaTags, final_url: str) -> str | None:
    """The publication date as YYYY-MM-DD: meta tags, JSON-LD, ``<time datetime>``, then the URL path."""
    sources = [_meta(tags, *_DATE_META)]
    sources += [
        m[1]
        for m in re.finditer(
            r'"datePublished"\s*:\s*"([^"]+)"',
            " ".join(n.text() for n in tree.css('script[type="application/ld+json"]')),
        )
    ][:1]
    time_node = tree.css_first("time[datetime]")
    sources.append(time_node.attributes.get("datetime") if time_node is not None else None)
    sources.append(urlsplit(final_url).path)
    for source in sources:
        found = _ISO_DATE.search(source or "")
        if found and 1 <= int(found[2]) <= 12 and 1 <= int(found[3]) <= 31:
            return f"{found[1]}-{found[2]}-{found[3]}"
    return None


def _page_date(page: str | HtmlElement, final_url: str) -> str | None:
    """htmldate's publication date, for pages whose metadata states none (about half the varied pages).

    Without its extensive search it reads dated markup (``<abbr>``, bylines, date classes) and date
    expressions there; measured on the 549 news and Dragnet pages: a date on 513 where the metadata
    gave 228; where both answered they agree on 218 (the other 10 are a day apart: time zones); of
    the 273 Dragnet pages (crawled in 2012) dated only this way, 253 are dated 2012 and none later.
    About 1.5 ms a page, paid only where the metadata said nothing. Handed the page's lxml tree
    before hidden text goes, it copies that tree instead of parsing the page again.
    """
    from htmldate import find_date  # lazily, like trafilatura (which depends on it)

    try:
        found = find_date(page, url=final_url, extensive_search=False, original_date=True)
    except Exception:  # a date is a nicety: a page htmldate cannot read still has its text
        return None
    return found if isinstance(found, str) else None


def _title(tree: LexborHTMLParser, tags: MetaTags) -> str | None:
    title = _meta(tags, "og:title", "twitter:title")
    if title is None:
        node = tree.css_first("title") or tree.css_first("h1")
        title = node.text(strip=True) if node is not None else None
    return " ".join(title.split()) if title else None


# A rooted path that urljoin returns unchanged after the origin: no dot segment, no ";" (params), no
# empty "?" and none of the characters urlsplit strips or splits on. Anything else goes to urljoin.
_PLAIN_ROOTED = re.compile(
    r"(?:/(?![./])[^/\x00-\x20\x7f;?#]*)+(?:\?[^\x00-\x20\x7f#]+)?(?:#[^\x00-\x20\x7f]*)?"
)


def _origin(base: str) -> str | None:
    """``scheme://host`` of an http(s) base, as urljoin would put it before a rooted path; else None."""
    try:
        parts = urlsplit(base)
    except ValueError:
        return None
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") and parts.netloc else None


def _links(tree: LexborHTMLParser, base: str, tags: int | None = None) -> list[tuple[str, str]]:
    """The page's links, ``(text, absolute URL)``, first of each URL, at most :data:`MAX_LINKS`.

    ``tags``: at least the page's count of ``<``, when known.
    """
    base_node = tree.css_first("base[href]")
    if base_node is not None:
        base = urljoin(base, base_node.attributes.get("href") or "")
    origin = _origin(base)
    seen_hrefs: set[str] = set()
    seen: set[str] = set()
    links: list[tuple[str, str]] = []
    for node in _anchors(tree, tags):
        href = (node.attributes.get("href") or "").strip()
        if href in seen_hrefs or href.startswith(("#", "javascript:", "mailto:", "tel:", "data:")):
            continue
        seen_hrefs.add(href)
        try:  # urljoin is the slow part on link-heavy pages; absolute and plain rooted links skip it
            if href.startswith(("https://", "http://")):
                absolute = href
            elif origin and _PLAIN_ROOTED.fullmatch(href):
                absolute = origin + href
            else:
                absolute = urljoin(base, href)
        except ValueError:
            continue
        absolute = absolute.split("#", 1)[0]
        if absolute in seen or not absolute.startswith(("https://", "http://")):
            continue
        seen.add(absolute)
        links.append((" ".join(node.text().split())[:200], absolute))
        if len(links) >= MAX_LINKS:
            break
    return links


_MAX_ANCHORS_SCANNED = (
    20 * MAX_LINKS
)  # duplicates and fragments included; a page of a million links stops here


def _anchors(tree: LexborHTMLParser, tags: int | None = None) -> Iterator[LexborNode]:
    """``<a href>`` nodes in document order, produced lazily and at most ``_MAX_ANCHORS_SCANNED`` of them.

    ``tree.tags("a")`` builds a Python object for every ``<a>`` of the page first, so it is used only on a
    page with too few tags (``tags``, at least its count of ``<``) to hold more than that: there it is the
    same list, found in C (0.07 ms on a news page, where walking every node is 0.23). Not
    ``css("a[href]")``: it also matches an SVG link's ``xlink:href``.
    """
    if tree.root is None:
        return
    if tags is not None and tags <= _MAX_ANCHORS_SCANNED:
        yield from (node for node in tree.tags("a") if "href" in node.attributes)
        return
    scanned = 0
    for node in tree.root.traverse():
        if node.tag == "a" and "href" in node.attributes:
            yield node
            scanned += 1
            if scanned >= _MAX_ANCHORS_SCANNED:
                return


def main_text(extracted: str, embeds: list[Embed], rules: MainTextRules = MAIN_TEXT_RULES) -> str:
    """The article text from trafilatura's blocks and the page's embedded posts, promotion blocks dropped."""
    text = _paragraphs(extracted)
    if rules.embeds and embeds:
        text = splice_embeds(text, embeds)
    if rules.promo:
        text = drop_promo_blocks(text)
    return text.strip()


def html_text(html: str, final_url: str, rules: MainTextRules = MAIN_TEXT_RULES) -> str:
    """The main text of an HTML page, walls aside: what ``extract_document`` returns as ``text``
    (benchmarks)."""
    tree = LexborHTMLParser(html)
    visible = LazyVisible(tree.body, len(html))
    embeds = _embeds(tree, visible)
    return main_text(article_text(html, final_url, lambda: len(visible()), rules), embeds, rules)


def _embeds(tree: LexborHTMLParser, visible: LazyVisible) -> list[Embed]:
    if tree.body is None or not has_embeds(tree.body):
        return []
    visible()  # merges inline tags into their paragraphs, so embed neighbours read as trafilatura prints them
    return find_embeds(tree.body)


def _lean_page_date(html: str, lean: str, page: HtmlElement | None, final_url: str) -> str | None:
    """:func:`_page_date` of the lean tree, else of the whole page when scripts were taken out of it.

    htmldate also searches the serialised markup, scripts included, for timestamps: on 2 of the 879
    benchmark pages only a script held the date. The whole page is parsed again only on the pages
    that htmldate cannot date without it (75 of the 879).
    """
    found = _page_date(html if page is None else page, final_url)
    if found is None and lean is not html and page is not None:
        whole = parse_html(html)
        found = _page_date(html if whole is None else whole, final_url)
    return found


def _lean(html: str, tree: LexborHTMLParser) -> tuple[str, str | None]:
    """The page for lxml without its scripts and style elements, and their style sheets' text
    (:mod:`.lean`); the page as it is (and None) when the scan and lexbor's tree disagree on how many
    there are or on their text's length."""
    lean = lean_html(html)
    if lean.html is html:
        return html, None
    scripts, styles = tree.tags("script"), tree.tags("style")
    if (
        len(scripts) != lean.scripts
        or len(styles) != lean.styles
        or sum(len(node.text()) for node in scripts + styles) != lean.chars
    ):
        return html, None
    return lean.html, lean.sheet


def _extract_html(html: str, url: str, final_url: str, reader: str, media: str) -> Document:
    # Before any tree is built: tags and depth set the parsers' cost (bounds.py); "<" counted once for both.
    opened = html.count("<")
    html = cap_tags(html, opened)
    check_depth(html, url, opened)
    # Encoded once, for lexbor and the wall check: the bytes selectolax would make of the str (which
    # decode_text never leaves with a lone surrogate, the one character its encoding would drop).
    encoded = html.encode("utf-8", "surrogatepass")
    tree = LexborHTMLParser(encoded)
    lean, sheet = _lean(html, tree)
    # The one lxml tree: htmldate copies it, then hidden text goes and trafilatura reads it.
    page = parse_html(lean)
    html_node = tree.css_first("html")
    lang = html_node.attributes.get("lang") if html_node is not None else None
    tags = _meta_tags(tree)
    meta = {
        "title": _title(tree, tags),
        "published": _published(tree, tags, final_url) or _lean_page_date(html, lean, page, final_url),
        "canonical_url": _canonical(tree, tags, final_url),
        "language": (lang or _meta(tags, "og:locale") or "").replace("_", "-").split("-")[0].lower() or None,
    }
    links = _links(tree, final_url, opened)
    visible = LazyVisible(tree.body, len(html))
    embeds = _embeds(tree, visible)
    text = main_text(article_text(page, final_url, lambda: len(visible()), MAIN_TEXT_RULES, sheet), embeds)
    blocked = block_reason(html, None, visible, title=meta["title"], article=text, encoded=encoded)
    if blocked:
        raise BlockedError(f"{blocked} at {final_url}", url=url)
    if not text:
        raise EmptyError(f"no readable text in the page at {final_url}", url=url)
    return Document(
        url=url,
        final_url=final_url,
        content_type=media,
        source_type="html",
        reader=reader,
        text=text,
        links=links,
        **meta,
    )


def extract_document(
    body: bytes, *, content_type: str | None, url: str, final_url: str, reader: str = "http"
) -> Document:
    """Extract the main text and metadata of one fetched body.

    Raises :class:`EmptyError` (nothing readable), :class:`UnsupportedContentError` (images,
    archives, binary data under any label) and :class:`BlockedError` (challenge/login walls);
    every message names the URL.
    """
    media = _media_type(content_type)
    if not body.strip():
        raise EmptyError(f"empty body from {final_url}", url=url)
    if body.lstrip()[:5] == b"%PDF-" or media == "application/pdf":
        pdf = read_pdf(body, final_url)
        if not pdf.text.strip():
            raise EmptyError(f"no text layer in the PDF at {final_url} (scanned images?)", url=url)
        return Document(
            url=url,
            final_url=final_url,
            title=pdf.title,
            published=pdf.published,
            content_type="application/pdf",
            source_type="pdf",
            reader=reader,
            text=pdf.text,
        )
    textual = (
        media is None
        or media.startswith("text/")
        or media in _JSON_TYPES
        or media in _HTML_TYPES
        or media.endswith(("+json", "+xml"))
    )
    if not textual:
        raise UnsupportedContentError(f"unsupported content type {media} at {final_url}", url=url)
    try:
        text = decode_text(body, content_type)
    except UnsupportedContentError as exc:
        raise UnsupportedContentError(f"{exc.message} at {final_url} (labelled {media})", url=url) from exc
    kind = _kind(media, text)
    if kind == "html":
        return _extract_html(text, url, final_url, reader, media or "text/html")
    blocked = detect_block_page(text)
    if blocked:
        raise BlockedError(f"{blocked} at {final_url}", url=url)
    if kind == "json":
        try:
            text = json.dumps(json.loads(text), indent=2, ensure_ascii=False)
        except RecursionError:
            raise UnsupportedContentError(f"JSON nested too deeply to read at {final_url}", url=url) from None
    elif media in _TRIMMED_TEXT_TYPES or reader != "http":
        text = trim_to_first_sentence(normalise_whitespace(text, keep_indent=True))
    else:
        text = normalise_whitespace(text, keep_indent=True)
    if not text.strip():
        raise EmptyError(f"no readable text at {final_url}", url=url)
    return Document(
        url=url,
        final_url=final_url,
        content_type=media or "text/plain",
        source_type=kind,
        reader=reader,
        text=text,
    )


def extract_encoded(
    body: bytes,
    *,
    content_encoding: str | None,
    max_bytes: int,
    content_type: str | None,
    url: str,
    final_url: str,
) -> Document:
    """:func:`extract_document` of a body still under its ``Content-Encoding``, inflated first (capped).

    The page reader runs this in the extraction child, so a gzip bomb inflates there, not in the
    serving process: an over-cap body is ``TooLargeError``, a damaged one ``BadContentError``.
    """
    decoded = decode_body(body, content_encoding, max_bytes, url)
    return extract_document(decoded, content_type=content_type, url=url, final_url=final_url)


def encoded_block_reason(
    body: bytes, *, content_encoding: str | None, max_bytes: int, url: str, status: int
) -> str | None:
    """:func:`detect_block_page` of an encoded error body (a 503 challenge page), inflated first (capped)."""
    return detect_block_page(
        decode_body(body, content_encoding, max_bytes, url).decode("utf-8", "replace"), status
    )


def _kind(media: str | None, text: str) -> SourceType:
    """html, json or text: the media type when it is specific, else what the text looks like."""
    head = text.lstrip()[:1024].lower()
    if media in _HTML_TYPES or (
        media in (None, "text/plain") and head.startswith(("<!doctype html", "<html"))
    ):
        return "html"
    if media in _JSON_TYPES or (media is not None and media.endswith("+json")) or head[:1] in ("{", "["):
        try:
            json.loads(text)
        except ValueError:
            return "text"
        except RecursionError:  # hostile nesting: refused as content, never a crash
            raise UnsupportedContentError("JSON nested too deeply to read") from None
        return "json"
    if media is None and re.search(r"<(?:body|p|div|head)\b", head):
        return "html"
    return "text"


def finish_service_text(text: str, title: str | None) -> tuple[str | None, str]:
    """A reader service's markdown: why it is a wall (else None), and the text from its first real sentence.

    Services render whatever the site served, walls included, and call it success.
    """
    blocked = detect_block_page(text, title=title)
    return blocked, "" if blocked else trim_to_first_sentence(text)
