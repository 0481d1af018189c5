"""PDF text through pypdfium2 (https://pypdfium2.readthedocs.io/).

PDFium is not thread-safe, so every call into it holds ``_PDF_LOCK``. The reader runs each
document in its own child process (:mod:`webquorum.readers.sandbox`), so the lock never makes one
document wait for another there; it only guards in-process callers. A hostile PDF (millions of
text operators, an abort inside PDFium) costs that child its memory allowance or its life. pypdfium2 returns ``\\r\\n`` line ends, which are normalised to ``\\n``; pages are
separated by a blank line. The title and creation date come from the document's metadata. PDFs
are not trimmed to the first sentence: their lines are layout lines, not paragraphs, so a sentence
usually spans several of them. Pages past ``MAX_PAGES`` are skipped, and text past ``MAX_CHARS``
is not collected, to bound the work per document.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from webquorum.errors import UnsupportedContentError

__all__ = ["MAX_CHARS", "MAX_PAGES", "PdfText", "read_pdf"]

MAX_PAGES = 300
MAX_CHARS = 5_000_000  # characters of text kept; pages after the one that crosses it are not read
_PDF_LOCK = threading.Lock()
_PDF_DATE = re.compile(r"^(?:D:)?(\d{4})(\d{2})(\d{2})")


@dataclass(frozen=True)
class PdfText:
    text: str
    title: str | None
    published: str | None


def read_pdf(body: bytes, url: str) -> PdfText:
    """Extract the text and metadata of a PDF; a damaged or encrypted file is unsupported content."""
    import pypdfium2 as pdfium  # lazily: only PDF reads pay for loading PDFium

    pages: list[str] = []
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
                textpage = page.get_textpage()
                try:
                    pages.append(textpage.get_text_range()[: MAX_CHARS - kept])
                    kept += len(pages[-1])
                finally:
                    textpage.close()
                    page.close()
        finally:
            document.close()
    text = "\n\n".join(p.replace("\r\n", "\n").replace("\r", "\n").strip() for p in pages)
    title = (metadata.get("Title") or "").strip() or None
    date = _PDF_DATE.match(metadata.get("CreationDate") or "")
    published = f"{date[1]}-{date[2]}-{date[3]}" if date else None
    return PdfText(text=text, title=title, published=published)
