"""Plain-text and Markdown notes, plus the byte-level checks every loader shares.

Students' notes arrive in whatever encoding their editor used (windows-1256 Arabic, latin-1,
UTF-16 from Notepad), so decoding tries the unambiguous signals first (BOM, strict UTF-8) and
only then guesses. `looks_like` names what a mislabelled file really is, so every loader can say
"it looks like a PDF" instead of showing a parser's traceback.
"""
from __future__ import annotations

import codecs
import io
import re
import unicodedata

from core.ingest.document import Extracted, LoadError, Span
from core.ingest.text_layout import text_spans
from core.ingest.vim_help import is_vim_help, vim_help_spans

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
         (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))
_MAGIC = ((b"%PDF-", "a PDF"), (b"\xd0\xcf\x11\xe0", "an old Office file (.doc/.ppt/.xls)"),
          (b"\x89PNG", "an image"), (b"\xff\xd8\xff", "an image"), (b"GIF8", "an image"),
          (b"\x1f\x8b", "a gzip archive"), (b"Rar!", "a RAR archive"),
          (b"7z\xbc\xaf", "a 7-Zip archive"), (b"{\\rtf", "an RTF document"))
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_STRUCTURAL = re.compile(r"^(\s*([-*+]\s|\d+[.)]\s|>|\|)|\s{2,}\S|\t)")
_LEGACY = ("cp1252", "cp1256", "iso8859_6", "cp1250", "cp1251", "cp1253", "cp1254", "cp1255",
           "cp1257", "cp1258", "iso8859_15", "koi8_r", "cp874", "gb18030", "big5", "shift_jis",
           "euc_kr")
_EDGES = re.compile(r"^[\W\d_]+|[\W\d_]+$")  # punctuation and digits around a word
_INNER = "’‘·‐‑–—\u00ad"  # marks that do occur inside real words
_LATIN = {"cp1252", "cp1250", "cp1254", "cp1257", "cp1258", "iso8859_15"}
_WHATWG = {"iso-8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252", "ascii": "cp1252",
           "us-ascii": "cp1252", "iso8859-1": "cp1252", "utf-16": "utf-8", "utf-32": "utf-8"}


def looks_like(data: bytes) -> str | None:
    """What the bytes show they are ("a PDF", "a Word .docx file"...), when they show it."""
    head = data[:1024]
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    if b"%PDF-" in head and b"%%EOF" in data[-2048:]:  # a PDF with bytes before its header
        return "a PDF"
    if head.startswith(b"PK\x03\x04"):
        return _zip_kind(data)
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if text.startswith((b"<!doctype html", b"<html")) or b"<html" in text[:512]:
        return "an HTML page"
    if b"\x00" not in head:
        try:
            codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
            return "a text file"
        except UnicodeDecodeError:
            pass
    return None


def _zip_kind(data: bytes) -> str:
    """Office files are ZIPs; the part names say which (byte search when the ZIP is cut short)."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = "\n".join(archive.namelist())
    except Exception:  # damaged ZIPs raise many kinds; this is only a sniff
        names = data[:65536].decode("latin-1")
    for part, kind in (("word/document", "a Word .docx file"),
                       ("ppt/presentation", "a PowerPoint .pptx file"),
                       ("xl/workbook", "an Excel .xlsx file"),
                       ("content.xml", "an OpenDocument file")):
        if part in names:
            return kind
    return "a ZIP archive"


def decode_text(data: bytes, declared: str | None = None) -> str:
    """Bytes to str: BOM, then the declared charset, then strict UTF-8, then detection.

    Raises LoadError("not a text file (...)") for binary content.
    """
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return _checked(data[len(bom):].decode(codec, errors="replace"))
    kind = looks_like(data)
    if kind and kind not in ("an HTML page", "a text file"):
        raise LoadError(f"not a text file (it looks like {kind})")
    if b"\x00" in data[:8192]:
        return _checked(_utf16_without_bom(data))
    label = _codec(declared)
    if label and label not in ("utf-8", "utf_8"):
        return _checked(data.decode(label, errors="replace"))
    try:
        return _checked(data.decode("utf-8"))
    except UnicodeDecodeError:
        pass
    return _checked(_detect(data))


def _detect(data: bytes) -> str:
    """Legacy single-byte text: charset-normalizer proposes code pages in its order, and the
    reading whose words stay in one script wins. Its ranking alone misreads short or mixed
    Arabic/English notes (windows-1256 read as Latin accents) and ranks Baltic or Central
    European pages above windows-1252 for French, so windows-1252 wins a tie among Latin pages
    and windows-1256 any other tie.
    """
    from charset_normalizer import from_bytes

    proposed = [n for m in from_bytes(data, cp_isolation=list(_LEGACY))
                for n in (m.encoding, *m.could_be_from_charset) if n in _LEGACY]
    scores: dict[str, float] = {}
    for codec in dict.fromkeys([*proposed, "cp1252", "cp1256"]):
        try:
            scores[codec] = _implausible(data[:200_000].decode(codec))
        except UnicodeDecodeError:
            if codec in proposed:  # charset-normalizer allows a multi-byte tail cut short
                scores[codec] = _implausible(data[:200_000].decode(codec, errors="replace"))
    if not scores:
        raise LoadError("not a text file (binary content)")
    low = min(scores.values())
    tied = [codec for codec, score in scores.items() if score == low]
    if tied[0] in _LATIN and "cp1252" in tied:
        return data.decode("cp1252", errors="replace")
    codec = "cp1256" if "cp1256" in tied else tied[0]  # Arabic is this project's other language
    return data.decode(codec, errors="replace")


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "?").split(" ")[0]
    return "CJK" if name in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "FULLWIDTH",
                             "HALFWIDTH", "IDEOGRAPHIC") else name


def _implausible(text: str) -> float:
    """Share of non-ASCII words that a wrong code page would produce: scripts mixed in one word
    ("fب", "Ø³Ù"), symbols inside a word ("Za¿ó³æ"), Latin words made only of accented
    letters ("ÇáÈæÇÈÉ": Arabic read as windows-1252), stray combining marks."""
    odd = total = 0
    for token in text.split():
        word = _EDGES.sub("", token)
        high = [ch for ch in word if ord(ch) > 127]
        if not high:
            continue
        total += 1
        letters = [ch for ch in high if ch.isalpha() or unicodedata.category(ch)[0] == "M"]
        scripts = {_script(ch) for ch in letters}
        ascii_letters = any(ch.isascii() and ch.isalpha() for ch in word)
        symbols = any(unicodedata.category(ch)[0] in "PSN" and unicodedata.category(ch) != "Nd"
                      and ch not in _INNER and _script(ch) != "CJK" for ch in high)
        mixed = len(scripts) > 1 or (ascii_letters and scripts - {"LATIN"})
        accented = scripts == {"LATIN"} and len(letters) >= 3 and len(letters) == len(word)
        odd += bool(mixed or symbols or accented or "COMBINING" in scripts)
    return round(odd / total, 2) if total else 0.0


def _codec(label: str | None) -> str | None:
    """A declared charset label as a Python codec name, or None when unknown."""
    if not label:
        return None
    label = _WHATWG.get(label.strip().lower(), label.strip().lower())
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def _utf16_without_bom(data: bytes) -> str:
    """NUL bytes are fine only as the high halves of UTF-16 code units (Notepad without BOM)."""
    sample = data[:8192]
    odd = sum(1 for i in range(1, len(sample), 2) if sample[i] == 0)
    even = sum(1 for i in range(0, len(sample), 2) if sample[i] == 0)
    codec = "utf-16-le" if odd and not even else ("utf-16-be" if even and not odd else None)
    if codec is None:
        raise LoadError("not a text file (binary content)")
    try:
        return data[: len(data) // 2 * 2].decode(codec)
    except UnicodeDecodeError:
        raise LoadError("not a text file (binary content)") from None


def _checked(text: str) -> str:
    """Reject decoded text that is mostly control or replacement characters (binary junk)."""
    sample = text[:20000]
    bad = sum(1 for ch in sample if ch == "\ufffd" or (
        unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") and ch not in "\t\n\r\f\v\x1b"))
    if sample and bad / len(sample) > 0.02:
        raise LoadError("not a text file (binary content)")
    return text


def read_text(data: bytes, markdown: bool) -> Extracted:
    """A .md file as one span per ATX heading section; a .txt file as one per underlined
    heading section (text_layout), a Vim help file's markup read first (vim_help)."""
    text = decode_text(data)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n\n").replace("\v", "\n")
    lines = [line.rstrip() for line in text.split("\n")]
    if markdown:
        lines, stated = _front_matter(lines)
        spans, title = _markdown_spans(lines)
        title = title or stated
    elif is_vim_help(lines):
        spans, title = vim_help_spans(lines)
    else:
        spans, title = text_spans(lines)
    if not spans:
        raise LoadError("the file has no text")
    return Extracted(spans=spans, title=title)


def _front_matter(lines: list[str]) -> tuple[list[str], str | None]:
    """YAML front matter (Jekyll, Obsidian) is metadata, not notes: drop it, keep its title."""
    if not lines or lines[0] != "---":
        return lines, None
    for end in range(1, min(len(lines), 60)):
        if lines[end] in ("---", "..."):
            title = next((x.split(":", 1)[1].strip().strip("\"'") for x in lines[1:end]
                          if x.lower().startswith("title:")), None)
            return lines[end + 1:], title or None
    return lines, None


def _markdown_spans(lines: list[str]) -> tuple[list[Span], str | None]:
    """Split at ATX headings (never inside a fenced block); heading lines leave the text."""
    spans: list[Span] = []
    title: str | None = None
    section: str = ""
    body: list[str] = []
    fence: str | None = None
    for line in lines:
        opener = _FENCE.match(line)
        if fence is not None:
            if _closes(line, fence):
                fence = None
            body.append(line)
            continue
        if opener:
            fence = opener.group(1)
            body.append(line)
            continue
        heading = _ATX.match(line)
        if heading and (heading.group(2) or "").strip():
            _close(spans, section, body)
            section, body = heading.group(2).strip(), []
            if title is None and len(heading.group(1)) == 1:
                title = section
            continue
        body.append(line)
    _close(spans, section, body)
    return spans, title


def _closes(line: str, fence: str) -> bool:
    """A closing fence: the opener's character, at least as many, nothing else on the line."""
    closer = _FENCE.match(line)
    return closer is not None and closer.group(1)[0] == fence[0] \
        and len(closer.group(1)) >= len(fence) and not line.strip().lstrip(fence[0])


def _close(spans: list[Span], section: str, body: list[str]) -> None:
    text = "\n\n".join(_paragraphs(body))
    if text:
        spans.append(Span(text, section=section))


def _paragraphs(lines: list[str]) -> list[str]:
    """Blank-line separated paragraphs; a fenced block becomes one paragraph without its fences
    or blank lines; Markdown prose soft-wrapped over lines is joined into one line."""
    paras: list[str] = []
    current: list[str] = []
    code: list[str] | None = None
    fence = ""

    def flush() -> None:
        if current:
            prose = not any(_STRUCTURAL.match(x) or "|" in x for x in current)
            paras.append(" ".join(x.strip() for x in current) if prose else "\n".join(current))
            current.clear()

    for line in lines:
        opener = _FENCE.match(line)
        if code is not None:
            if _closes(line, fence):
                if code:
                    paras.append("\n".join(code))
                code = None
            elif line.strip():
                code.append(line)
        elif opener:
            flush()
            code, fence = [], opener.group(1)
        elif line.strip():
            current.append(line)
        else:
            flush()
    flush()
    if code:
        paras.append("\n".join(code))
    return paras
