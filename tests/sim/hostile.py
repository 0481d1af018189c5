"""Hostile inputs and misbehaving extractor stand-ins for the security suite and benchmarks/hostile.py.

The ``worker_*`` functions run inside the extraction sandbox's child process (they are pickled by
name, so they live in an importable module): they crash, spin or allocate like a hostile page
would make a parser do.
"""

from __future__ import annotations

import os
import time
import zlib


def worker_abort() -> str:
    os.abort()  # what PDFium does on an allocation it cannot satisfy (exit 134)


def worker_spin(seconds: float, pid_path: str | None = None) -> str:
    """Use a CPU for ``seconds``; first write this worker's pid to ``pid_path``, if given."""
    if pid_path is not None:
        with open(pid_path, "w") as out:
            out.write(str(os.getpid()))
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        n += 1
    return "spun"


def worker_priority(cpu_s: float, until_nice: int) -> tuple[int, int]:
    """Spin until this worker has used ``cpu_s`` of CPU, then on until its nice value is ``until_nice``
    (at most 5 s of CPU more); (pid, nice) at the end. CPU time, not wall time: on a loaded machine
    a nice-10 worker may get a small share of a CPU."""
    start = time.process_time()
    while time.process_time() - start < cpu_s or (
        os.getpriority(os.PRIO_PROCESS, 0) != until_nice and time.process_time() - start < cpu_s + 5.0
    ):
        pass
    return os.getpid(), os.getpriority(os.PRIO_PROCESS, 0)


def worker_busy_then_sleep(cpu_s: float, sleep_s: float) -> str:
    """Use ``cpu_s`` of CPU (enough to be demoted as heavy), then hold the worker without using more."""
    start = time.process_time()
    while time.process_time() - start < cpu_s:
        pass
    time.sleep(sleep_s)
    return "held"


def worker_allocate(megabytes: int) -> str:
    block = bytearray(megabytes * 1024 * 1024)
    return f"allocated {len(block)}"


def worker_wait_for(path: str, cap_s: float) -> str:
    """Hold this worker until ``path`` exists (the test creates it), at most ``cap_s``: "released" or
    "cap"."""
    end = time.monotonic() + cap_s
    while not os.path.exists(path):
        if time.monotonic() > end:
            return "cap"
        time.sleep(0.02)
    return "released"


def worker_echo(value: str) -> str:
    return value


def corrupt_gzip(text: str) -> bytes:
    """A gzip body whose deflate data is damaged halfway (the CRC can never match)."""
    packed = bytearray(_gzip(text.encode()))
    middle = len(packed) // 2
    packed[middle : middle + 8] = b"\xff" * 8
    return bytes(packed)


def truncated_gzip(text: str) -> bytes:
    return _gzip(text.encode())[:-12]


def layered_gzip(text: str, layers: int) -> bytes:
    data = text.encode()
    for _ in range(layers):
        data = _gzip(data)
    return data


def _gzip(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    return packer.compress(data) + packer.flush()


def nested_brackets(size: int) -> str:
    """Markdown that made the trimmer backtrack: a long line of link openers."""
    return "# Title\n\n" + "[![" * (size // 3) + "\n"


def many_links(size: int) -> str:
    anchor = '<a href="/p/{i}">l{i}</a>'
    parts, total, i = [], 0, 0
    while total < size:
        part = anchor.format(i=i)
        parts.append(part)
        total += len(part)
        i += 1
    return "<html><body><p>Links follow here for the reader to list.</p>" + "".join(parts) + "</body></html>"


def many_options(size: int) -> str:
    """A form whose one ``<select>`` holds ``size // 9`` unclosed options (891 KB: 99,000), after a short
    article."""
    article = "<article><h1>Ferry times</h1><p>The harbour ferry sails at nine every morning and returns at six.</p></article>"
    return (
        f"<html><body>{article}<form><select>" + "<option>1" * (size // 9) + "</select></form></body></html>"
    )


def deep_nesting(size: int) -> str:
    depth = size // 11
    return "<html><body>" + "<div><span>" * depth + "x" + "</span></div>" * depth + "</body></html>"


def pdf_operators(size: int) -> bytes:
    """A PDF whose one page draws ``size`` bytes' worth of tiny text operators (compressed)."""
    return pdf_pages([[tiny_text_runs(size // 14)]])


def tiny_text_runs(count: int) -> bytes:
    """Content-stream operators that show ``count`` one-letter text runs (14 bytes each)."""
    return b"BT /F1 1 Tf " + b"(a) Tj 0 1 Td " * count + b"ET"


def pdf_pages(pages: list[list[bytes]]) -> bytes:
    """A PDF of these pages, each drawn by its list of content streams (each deflated), in Helvetica."""
    font = 3 + sum(1 + len(streams) for streams in pages)
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    kids = []
    for streams in pages:
        page = len(objects) + 1
        kids.append(b"%d 0 R" % page)
        refs = b" ".join(b"%d 0 R" % (page + 1 + i) for i in range(len(streams)))
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [%s] "
            b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (refs, font)
        )
        for ops in streams:
            packed = zlib.compress(ops, 9)
            objects.append(
                b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream"
            )
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), len(pages))
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def worker_fill(step_mb: int) -> int:
    """Touch memory ``step_mb`` at a time until an allocation fails; the peak resident size (VmHWM, bytes)."""
    held = []
    try:
        while True:
            held.append(b"\x01" * (step_mb * 1024 * 1024))  # written, so resident (not lazily zero-mapped)
    except MemoryError:
        held.clear()
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM in /proc/self/status")


def worker_pid() -> int:
    return os.getpid()


def worker_fail_with_pid(path: str, memory: bool) -> int:
    """Write this worker's pid to ``path``, then fail as a page would (memory: as a broken extractor)."""
    from webquorum.errors import EmptyError

    with open(path, "w") as out:
        out.write(str(os.getpid()))
    if memory:
        raise MemoryError
    raise EmptyError("nothing here")
