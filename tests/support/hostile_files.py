"""Hostile files built during the test run: Office zip bombs (a gigabyte inflated from a few MB),
zips whose directory lies, PDFs with too many pages. Nothing big is ever written out: a bomb's
part is one compressed block repeated, so building a 1 GB document.xml takes well under a second.
"""
from __future__ import annotations

import io
import struct
import zipfile
import zlib
from dataclasses import dataclass

BLOCK_BYTES = 1 << 20  # the uncompressed size of one repeated block
DOCX_PARAGRAPH = b"<w:p><w:r><w:t>" + b"0" * 1000 + b"</w:t></w:r></w:p>"  # zeros, as text


@dataclass(frozen=True, slots=True)
class Part:
    """One zip entry as raw deflate data, with the sizes and CRC its directory will state."""

    name: str
    deflated: bytes
    crc: int
    size: int  # uncompressed size as stated in the directory


def zip_of(parts: list[Part]) -> bytes:
    """A zip written by hand (zipfile cannot write precompressed data): local headers, data,
    central directory; zip64 is not needed below 4 GB."""
    out, central = io.BytesIO(), io.BytesIO()
    for part in parts:
        name = part.name.encode()
        offset = out.tell()
        out.write(struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 20, 0, 8, 0, 0x21, part.crc,
                              len(part.deflated), part.size, len(name), 0))
        out.write(name + part.deflated)
        central.write(struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, 0, 8, 0, 0x21,
                                  part.crc, len(part.deflated), part.size, len(name), 0, 0, 0,
                                  0, 0, offset))
        central.write(name)
    start = out.tell()
    out.write(central.getvalue())
    out.write(struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, len(parts), len(parts),
                          len(central.getvalue()), start, 0))
    return out.getvalue()


def deflated(data: bytes) -> Part:
    """A small part compressed the ordinary way (name filled in by the caller)."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return Part("", packer.compress(data) + packer.flush(), zlib.crc32(data), len(data))


def repeated(head: bytes, filler: bytes, tail: bytes, size: int) -> Part:
    """head + filler repeated up to about `size` bytes + tail, deflated by compressing one
    block once and repeating its bytes (a full flush makes deflate blocks concatenable)."""
    block = filler * max(1, BLOCK_BYTES // len(filler))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    start = packer.compress(head) + packer.flush(zlib.Z_FULL_FLUSH)
    body = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    end = packer.compress(tail) + packer.flush()
    count = max(1, (size - len(head) - len(tail)) // len(block))
    crc = zlib.crc32(head)
    for _ in range(count):
        crc = zlib.crc32(block, crc)
    crc = zlib.crc32(tail, crc)
    return Part("", start + body * count + end, crc, len(head) + count * len(block) + len(tail))


def bomb(template: bytes, part_name: str, size: int, filler: bytes | None = None,
         extra_parts: int = 0, stated_size: int | None = None) -> bytes:
    """`template` (a real .docx or .pptx) with `part_name` swollen to about `size` bytes of
    valid XML: paragraphs of zeros inside a .docx body, else comments after the declaration.
    `extra_parts` adds tiny parts; `stated_size` makes the directory lie about the big part."""
    source = zipfile.ZipFile(io.BytesIO(template))
    parts: list[Part] = []
    for info in source.infolist():
        data = source.read(info)
        if info.filename != part_name:
            parts.append(_named(deflated(data), info.filename))
            continue
        if filler is None and b"<w:body>" in data:
            head, _, tail = data.partition(b"<w:body>")
            swollen = repeated(head + b"<w:body>", DOCX_PARAGRAPH, tail, size)
        else:
            declaration, _, rest = data.partition(b"?>")
            swollen = repeated(declaration + b"?>", filler or b"<!-- 0000000000 -->", rest, size)
        if stated_size is not None:
            swollen = Part(part_name, swollen.deflated, swollen.crc, stated_size)
        parts.append(_named(swollen, part_name))
    parts += [_named(deflated(b"<x/>"), f"customXml/extra{i}.xml") for i in range(extra_parts)]
    return zip_of(parts)


def _named(part: Part, name: str) -> Part:
    return Part(name, part.deflated, part.crc, part.size)


def blank_pdf(pages: int) -> bytes:
    """A PDF of `pages` empty pages (PDFium writes it in milliseconds)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument.new()
    try:
        for _ in range(pages):
            document.new_page(200, 200).close()
        out = io.BytesIO()
        document.save(out)
        return out.getvalue()
    finally:
        document.close()


def cut_by_slicing(piece: str, limit: int) -> list[str]:
    """The cutter before issue 22 (quadratic): the reference the linear one must match, and
    the chunking benchmark's baseline."""
    out = []
    while len(piece) > limit:
        cut = piece.rfind(" ", 0, limit)
        cut = cut if cut > limit // 2 else limit
        out.append(piece[:cut].strip())
        piece = piece[cut:].strip()
    if piece.strip():
        out.append(piece)
    return out
