"""Undo ``Content-Encoding`` ourselves, so a hostile body is one bounded fetch error.

Why not the HTTP library's decoders: they inflate a whole network chunk at once (a 64 KB chunk of
a deflate bomb becomes about 64 MB before any cap can look at it), they accept any number of
stacked codings, a truncated stream passes as a short page, and a corrupt one raises an exception
outside the transport tree (a traceback in the CLI). Here every layer inflates at most what the
body cap still allows (``max_length``), at most :data:`MAX_CODINGS` layers are accepted, and
corrupt, truncated or unknown codings raise :class:`~webquorum.errors.BadContentError`.

We only ever advertise ``gzip, deflate`` (:data:`ACCEPT_ENCODING`), the codings zlib decodes.

Where it runs: provider API bodies are inflated as they arrive (:class:`BodyDecoder`, in the
serving process: an operator-configured endpoint). A page's body is read still encoded, its
codings checked up front (:func:`check_codings`, no inflating), and inflated by
:func:`decode_body` inside the extraction child together with the parse, so a gzip bomb burns the
child's CPU, never the event loop's. The same layer-by-layer cap and the same errors apply.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from webquorum.errors import BadContentError, TooLargeError

__all__ = ["ACCEPT_ENCODING", "MAX_CODINGS", "BodyDecoder", "check_codings", "codings_of", "decode_body"]

ACCEPT_ENCODING = "gzip, deflate"
MAX_CODINGS = 2  # real servers send one; two covers a proxy re-compressing; six is an attack
_GZIP_WBITS = 16 + zlib.MAX_WBITS
_ZLIB_WBITS = zlib.MAX_WBITS


def codings_of(header: str | None) -> list[str]:
    """The codings of a ``Content-Encoding`` value, in the order they were applied, ``identity`` dropped."""
    return [
        c.strip().lower() for c in (header or "").split(",") if c.strip() and c.strip().lower() != "identity"
    ]


class _Layer:
    """One inflating layer: gzip (members may be concatenated) or deflate (zlib-wrapped or raw)."""

    def __init__(self, coding: str) -> None:
        if coding in ("gzip", "x-gzip"):
            self._wbits = _GZIP_WBITS
        elif coding == "deflate":
            self._wbits = _ZLIB_WBITS
        else:
            raise BadContentError(
                f"unsupported Content-Encoding {coding!r} (only gzip and deflate are accepted)"
            )
        self.coding = coding
        self._obj = zlib.decompressobj(self._wbits)
        self._started = False
        self._pending = b""

    def feed(self, data: bytes, room: int) -> bytes:
        """Inflate ``data`` into at most ``room + 1`` bytes (one past the room says "over the cap")."""
        out: list[bytes] = []
        produced = 0
        data = self._pending + data
        self._pending = b""
        while data and produced <= room:
            if self._obj.eof:  # a concatenated gzip member
                data = self._obj.unused_data + data if self._obj.unused_data else data
                if not data.strip(b"\x00"):
                    return b"".join(out)
                self._obj = zlib.decompressobj(self._wbits)
            try:
                chunk = self._obj.decompress(data, room + 1 - produced)
            except zlib.error as exc:
                if self._wbits == _ZLIB_WBITS and not self._started:  # servers send raw deflate too
                    self._wbits = -zlib.MAX_WBITS
                    self._obj = zlib.decompressobj(self._wbits)
                    continue
                raise BadContentError(f"corrupt {self.coding} body: {exc}") from None
            self._started = True
            out.append(chunk)
            produced += len(chunk)
            data = self._obj.unconsumed_tail
            if self._obj.eof:
                data = self._obj.unused_data + data
        self._pending = data
        return b"".join(out)

    def finish(self) -> None:
        if self._pending and not self._obj.eof:
            return  # the cap stopped us first; the caller reports that
        if not self._obj.eof:
            raise BadContentError(f"truncated {self.coding} body (the stream ended before its end marker)")


def check_codings(header: str | None, url: str) -> list[str]:
    """The codings of a ``Content-Encoding`` header, or :class:`BadContentError` (naming ``url``) if they
    cannot be undone here."""
    codings = codings_of(header)
    with _naming(url):
        if len(codings) > MAX_CODINGS:
            raise BadContentError(
                f"{len(codings)} stacked Content-Encoding layers ({', '.join(codings)}); at most {MAX_CODINGS} are accepted"
            )
        for coding in codings:
            if coding not in ("gzip", "x-gzip", "deflate"):
                raise BadContentError(
                    f"unsupported Content-Encoding {coding!r} (only gzip and deflate are accepted)"
                )
    return codings


@contextmanager
def _naming(url: str) -> Iterator[None]:
    """A :class:`BadContentError` raised inside, again with ``url`` in its message and on the error."""
    try:
        yield
    except BadContentError as exc:
        raise BadContentError(f"{url}: {exc.message}", url=url) from None


_PIECE = 64 * 1024  # what the network hands over at a time: the decoder sees a stored body the same way


def decode_body(raw: bytes, header: str | None, limit: int, url: str) -> bytes:
    """A body read still encoded, decoded under the same cap and errors as :class:`BodyDecoder` (URL
    named)."""
    if not codings_of(header):
        return raw
    decoder = BodyDecoder(header, limit, url)
    chunks = [decoder.feed(raw[i : i + _PIECE]) for i in range(0, len(raw), _PIECE)]
    decoder.finish()
    return b"".join(chunks)


class BodyDecoder:
    """Feed raw chunks, get decoded bytes; the total decoded size never passes ``limit``.

    Its errors name ``url``: :class:`TooLargeError` past the cap, :class:`BadContentError` for a
    coding it cannot undo or a damaged body.
    """

    def __init__(self, header: str | None, limit: int, url: str) -> None:
        codings = check_codings(header, url)
        # Applied in order, so undone in reverse.
        self._layers = [_Layer(c) for c in reversed(codings)]
        self._limit = limit
        self._total = 0
        self._url = url

    def _too_large(self) -> TooLargeError:
        return TooLargeError(
            f"{self._url} is over the {self._limit}-byte limit after decompression", url=self._url
        )

    def feed(self, chunk: bytes) -> bytes:
        data = chunk
        with _naming(self._url):
            for layer in self._layers:
                data = layer.feed(data, self._limit - self._total)
                if len(data) > self._limit - self._total:
                    raise self._too_large()
        self._total += len(data)
        if self._total > self._limit:
            raise self._too_large()
        return data

    def finish(self) -> None:
        with _naming(self._url):
            for layer in self._layers:
                layer.finish()
