"""PDF text through pypdfium2 (https://pypdfium2.readthedocs.io/), with the work per document capped.

PDFium is not thread-safe, so every call into it holds ``_PDF_LOCK``. The reader runs each
document in its own child process (:mod:`webquorum.readers.sandbox`), so the lock never makes one
document wait for another there; it only guards in-process callers. pypdfium2 returns ``\\r\\n``
line ends, which are normalised to ``\\n``; pages are separated by a blank line. The title and
creation date come from the document's metadata. PDFs are not trimmed to the first sentence: their
lines are layout lines, not paragraphs, so a sentence usually spans several of them.

Why caps on operators and objects, not only on bytes: a PDF's cost is set by its content
streams, which compress about 150 to 1. Loading a page builds one object per text-showing
operator (about 310 bytes each) and its text page about 260 bytes more: a 56 KB PDF of 500,000
``Tj`` operators took 3.3 GB, and the child's memory allowance was the only bound. Now:

- :data:`MAX_TEXT_OPERATORS`: before PDFium sees the file, its compressed streams are inflated
  (at most :data:`MAX_SCANNED_BYTES` of them, decoded) and their ``Tj``/``TJ`` operators counted;
  past the cap the PDF is :class:`~webquorum.errors.TooLargeError`, in milliseconds. A long book
  shows a few hundred thousand; the scan is an estimate (an operator's letters inside a string
  count too) and stops, without a verdict, at its byte cap.
- :data:`MAX_PAGE_OBJECTS`: a page that loads with more objects than this is not made into a
  text page (the costlier half); if no page had readable text for that reason, the PDF is
  ``TooLargeError`` naming the page and its count.
- :data:`MAX_PAGES` pages are read, and text past :data:`MAX_CHARS` is not collected (the
  character count is read first, so the text of an over-long page is never built whole).
"""

from __future__ import annotations

import re
import threading
import zlib
from dataclasses import dataclass

from webquorum.errors import TooLargeError, UnsupportedContentError

__all__ = [
    "MAX_CHARS",
    "MAX_PAGES",
    "MAX_PAGE_OBJECTS",
    "MAX_SCANNED_BYTES",
    "MAX_TEXT_OPERATORS",
    "PdfText",
    "read_pdf",
    "text_operators",
]

MAX_PAGES = 300
MAX_CHARS = 5_000_000  # characters of text kept; pages after the one that crosses it are not read
MAX_TEXT_OPERATORS = 1_000_000  # Tj/TJ in the whole file: a 300-page book shows a few hundred thousand
MAX_PAGE_OBJECTS = 100_000  # objects on one loaded page; a dense page of per-glyph runs has a few thousand
MAX_SCANNED_BYTES = 64 * 1024 * 1024  # decoded stream bytes the operator count inflates at most
_SCAN_IN = 64 * 1024  # compressed bytes fed to the inflater at a time
_SCAN_OUT = 1024 * 1024  # decoded bytes it may return at a time
_MAX_STREAMS = 20_000  # stream keywords looked at; a 300-page PDF has a few thousand streams
_PDF_LOCK = threading.Lock()
_PDF_DATE = re.compile(r"^(?:D:)?(\d{4})(\d{2})(\d{2})")


@dataclass(frozen=True)
class PdfText:
    text: str
    title: str | None
    published: str | None


def text_operators(body: bytes) -> tuple[int, int]:
    """How many ``Tj``/``TJ`` operators the file holds (raw and in its deflated streams), and the most in one
    stream.

    Stops once the total passes :data:`MAX_TEXT_OPERATORS` or one stream passes
    :data:`MAX_PAGE_OBJECTS`. Every ``stream`` keyword followed by a zlib header starts a
    candidate: its data is inflated, 64 KB in and at most 1 MB out at a time (an image's or object
    stream's data too: only content streams hold these operators, and the rest costs only the
    inflating). At most :data:`MAX_SCANNED_BYTES` are inflated and :data:`_MAX_STREAMS` keywords
    looked at in all; what lies past them is not counted.
    """
    total = body.count(b"Tj") + body.count(
        b"TJ"
    )  # uncompressed content (and, rarely, a chance pair in binary data)
    most, view, scanned, streams, at = 0, memoryview(body), 0, 0, 0
    while total <= MAX_TEXT_OPERATORS and most <= MAX_PAGE_OBJECTS and scanned < MAX_SCANNED_BYTES:
        at = body.find(b"stream", at) + 6
        streams += 1
        if at < 6 or streams > _MAX_STREAMS:
            break
        start = at + (2 if body[at : at + 2] == b"\r\n" else 1 if body[at : at + 1] in (b"\n", b"\r") else 0)
        if body[at - 9 : at - 6] == b"end" or not _zlib_header(body[start : start + 2]):
            continue
        inflater, tail, count = zlib.decompressobj(), b"", 0
        try:
            for offset in range(start, len(body), _SCAN_IN):
                piece = view[offset : offset + _SCAN_IN]
                pending: bytes | memoryview = piece
                while (
                    pending and not inflater.eof and count <= MAX_PAGE_OBJECTS and scanned < MAX_SCANNED_BYTES
                ):
                    chunk = inflater.decompress(pending, _SCAN_OUT)
                    pending = inflater.unconsumed_tail
                    scanned += len(chunk)
                    window = tail + chunk[:1]  # an operator split across two pieces is counted once
                    count += (
                        chunk.count(b"Tj") + chunk.count(b"TJ") + window.count(b"Tj") + window.count(b"TJ")
                    )
                    tail = chunk[-1:]
                if inflater.eof:  # the scan goes on after this stream's end
                    at = offset + len(piece) - len(inflater.unused_data)
                    break
                if count > MAX_PAGE_OBJECTS or scanned >= MAX_SCANNED_BYTES:
                    break
        except zlib.error:
            pass  # not deflate data after all, or damaged: PDFium will say
        total += count
        most = max(most, count)
    return total, most


def _zlib_header(pair: bytes) -> bool:
    """RFC 1950: compression method 8 (deflate), and the two bytes a multiple of 31."""
    return len(pair) == 2 and pair[0] & 0x0F == 8 and (pair[0] << 8 | pair[1]) % 31 == 0


def read_pdf(body: bytes, url: str) -> PdfText:
    """Extract the text and metadata of a PDF; a damaged or encrypted file is unsupported content."""
    import pypdfium2 as pdfium  # lazily: only PDF reads pay for loading PDFium
    import pypdfium2.raw as pdfium_c

    total, most = text_operators(body)
    if total > MAX_TEXT_OPERATORS or most > MAX_PAGE_OBJECTS:
        where, limit = (
            ("one content stream", MAX_PAGE_OBJECTS)
            if most > MAX_PAGE_OBJECTS
            else ("the file", MAX_TEXT_OPERATORS)
        )
        raise TooLargeError(
            f"PDF at {url}: {where} shows more than {limit:,} text operators, more than this reader reads "
            "(tiny text runs by the million cost PDFium gigabytes): open it with another tool",
            url=url,
        )
    pages: list[str] = []
    crowded: tuple[int, int] | None = None  # the first page left unread for its object count
    with _PDF_LOCK:
        try:
            document = pdfium.PdfDocument(body)
        except pdfium.PdfiumError as exc:
            raise UnsupportedContentError(f"cannot read PDF at {url}: {exc}", url=url) from exc
        try:
            metadata = document.get_metadata_dict(skip_empty=True)
            kept = 0
            for index in range(min(len(document), MAX_PAGES)):
                if kept >= MAX_CHARS:
                    break
                page = document[index]
                try:
                    objects = pdfium_c.FPDFPage_CountObjects(page.raw)
                    if objects > MAX_PAGE_OBJECTS:
                        crowded = crowded or (index + 1, objects)
                        continue
                    textpage = page.get_textpage()
                    try:
                        chars = min(textpage.count_chars(), MAX_CHARS - kept)
                        pages.append(textpage.get_text_range(0, chars))
                        kept += len(pages[-1])
                    finally:
                        textpage.close()
                finally:
                    page.close()
        finally:
            document.close()
    text = "\n\n".join(p.replace("\r\n", "\n").replace("\r", "\n").strip() for p in pages)
    if crowded and not text.strip():
        raise TooLargeError(
            f"PDF at {url}: page {crowded[0]} draws {crowded[1]:,} objects, over the {MAX_PAGE_OBJECTS:,} per page "
            "this reader reads, and no other page has text: open it with another tool",
            url=url,
        )
    title = (metadata.get("Title") or "").strip() or None
    date = _PDF_DATE.match(metadata.get("CreationDate") or "")
    published = f"{date[1]}-{date[2]}-{date[3]}" if date else None
    return PdfText(text=text, title=title, published=published)
