"""How a paragraph of course text is read for an answer: as sentences, or as an example block
shown whole with its line breaks (code, a console session, table rows), which is quoted only
with the sentence that leads into it.
"""
from __future__ import annotations

import re

from core.sentences import sentence_pieces, split_sentences

MAX_BLOCK_CHARS = 600  # longer blocks are not shown whole
WINDOW_CHARS = MAX_BLOCK_CHARS // 2  # the part of a long listing shown at once
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s")
# what prose lines rarely hold; a C preprocessor line ("#define MYSQL_DLNAME "libmysql.dll"",
# "#include <libtasn1.h>") has none of the other marks and was quoted as a sentence
_CODE = re.compile(r"<-|->|::|[(){}\[\]=$]|^\s*[>$#] "
                   r"|^\s*#\s*(?:define|include|ifn?def|if|elif|else|endif|undef|pragma)\b")
# "$ dpkg -L ...", "# apt install ...", "$ ./easyrsa gen-req ...", "# /usr/sbin/update-grub"
_CONSOLE = re.compile(r"\s*[$#] (?:\.?/)?[a-z][\w.+/-]*(?:\s|$)")
# Markdown's inline marks, which a student should not read as text: a link shows its words,
# emphasis its words. Only around words and outside code spans: "x*y", "*.txt", snake_case stay.
_LINK = re.compile(r"\[([^\]\n]+)\]\((?:[^()\s]+)\)")
_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,2})(?=\w)([^*\n]+?)(?<=\w)\1(?![\w*])"
                       r"|(?<![\w_])(_{1,2})(?=\w)([^_\n]+?)(?<=\w)\3(?![\w_])")
_CODE_SPAN = re.compile(r"(`[^`\n]*`)")
# a one-line example indented by a tab (four spaces in a passage), as a Vim help file's are
# ("\tmap Q gq"): prose paragraphs start at the margin in every format read
_INDENTED = re.compile(rf"\n*(?:\t| {{4}})[^\n]{{1,{MAX_BLOCK_CHARS // 3}}}\n*")
# a sentence's end, perhaps inside a bracket or quote: Ninja's "%e — Elapsed time in seconds.
# (Available since Ninja 1.2.)", read as code (a bracket, few long words), was never picked
_SENTENCE_END = re.compile(r"[.!?؟][)\]\"'”’»]*$")
_NUMBER = re.compile(r"[-+]?\d[\d.,]*%?")
ROW_TOKENS_MIN = 6  # a shorter run of numbers is a sentence's fragment, not a table's rows
_ELISION = re.compile(r"\s*(?:⋮|…|\.\.\.|\[…\]|\[\.\.\.\])\s*")
# "Figure 13.3. The Xfce desktop", "Figure 2-13: text in different fonts", "شكل 4.1. شاشة الإقلاع"
_CAPTION = re.compile(r"\s*(?:Figure|Fig\.|الشكل|شكل)\s+\d+(?:[.\-–]\d+)*[.:]\s+[^\n]+\s*")
# a citation key opening an entry: "[Bla93] Richard Black.", "[GGO+10] Vinodh Gopal", "[12] A."
_REFERENCE = re.compile(r"\s*\[(?:[A-Z][A-Za-z]{1,6}\+?\d{2}[a-z]?|\d{1,3})\]\s+[A-Z]")
_YEAR = re.compile(r"\b(?:1[89]|20)\d{2}\b")
CAPTION_CHARS = 100  # longer captions explain (Biber's "Figure 1: Overview of … One …")


def is_caption(paragraph: str) -> bool:
    """A picture's title, which a reply that cannot show the picture should not quote."""
    return len(paragraph.strip()) <= CAPTION_CHARS and _CAPTION.fullmatch(paragraph) is not None


def is_reference(paragraph: str) -> bool:
    """A bibliography entry ("[Hil79] John R. Hill. A table driven approach to cyclic
    redundancy check calculations. … 1979."): read as sentences, its title answered "What is a
    cyclic redundancy check?" ahead of the paper's definition. A numbered key ("[12] A. Author")
    counts only with a year: R prints its output as "[1] 3 5"."""
    return bool(_REFERENCE.match(paragraph)) and bool(_YEAR.search(paragraph))


def joined_elisions(paragraphs: list[str]) -> list[str]:
    """Paragraphs with each example a PDF split around an elision line ("<sortingtemplate>" /
    "⋮" / "<sortexclusion type="report">year</sortexclusion>" / "⋮" / "</sortingtemplate>")
    made one again, up to MAX_BLOCK_CHARS: read apart, the student was shown its first line."""
    out: list[str] = []
    for paragraph in paragraphs:
        if (len(out) >= 2 and _ELISION.fullmatch(out[-1]) and _example(out[-2])
                and _example(paragraph)):
            joined = "\n".join([out[-2].strip("\n"), out[-1].strip(), paragraph.strip("\n")])
            if len(joined) <= MAX_BLOCK_CHARS:
                out[-2:] = [joined]
                continue
        out.append(paragraph)
    return out


def _example(paragraph: str) -> bool:
    """Read as an example block, and no elision line itself."""
    return not _ELISION.fullmatch(paragraph) and read_paragraph(paragraph)[0]


def read_paragraph(paragraph: str) -> tuple[bool, list[str]]:
    """(is it an example block, its pieces): a block is one piece, prose its sentences; a
    console session too long to show whole is its commands."""
    if is_block(paragraph):
        return True, [paragraph.strip("\n")]
    if len(paragraph) > MAX_BLOCK_CHARS and _session(paragraph):
        return True, [_commands(paragraph)]
    pieces = split_sentences(paragraph)
    if pieces and paragraph.rstrip().endswith(":") and not pieces[-1].endswith(":"):
        # "...ordered by glob weight. For example:" is too short for a sentence, but it still
        # says the example under it belongs to the sentence before
        tail = " ".join(sentence_pieces(paragraph)[-1].split())
        if len(tail.split()) < 3:
            pieces[-1] += " " + tail
    if ((not pieces and len(paragraph) <= MAX_BLOCK_CHARS) or _code_line(paragraph)
            or _INDENTED.fullmatch(paragraph) or _number_rows(paragraph)):
        return True, [paragraph.strip()]  # a one-line example: code
    return False, pieces


def is_block(paragraph: str) -> bool:
    """A paragraph that keeps its line breaks (code, an example, table rows) but is no list."""
    lines = [line for line in paragraph.strip().splitlines() if line.strip()]
    if len(lines) < 2 or len(paragraph) > MAX_BLOCK_CHARS:
        return False
    listed = sum(bool(_LIST_ITEM.match(line)) for line in lines)
    return listed * 2 < len(lines)


def is_table(block: str) -> bool:
    """Rows of a table as ingestion writes them (cells joined by " · ": Word, slides, HTML):
    content, picked as a sentence is ("What are the grading weights?" over a syllabus's table
    was ⚠: a block holds no question words), not an example that comes with one."""
    lines = [line for line in block.strip().splitlines() if line.strip()]
    return len(lines) >= 2 and all(" · " in line for line in lines)


def listing_windows(paragraph: str) -> list[str]:
    """A file or listing too long to show whole (a .dsc file's fields, a Nagios definition, a
    sample fstab: no list, no console session, most lines ending no sentence) as runs of whole
    lines of at most WINDOW_CHARS; [] for any other paragraph. Read as sentences, its lines ran
    into one another and a field ("Standards-Version: 4.5.1") lost the lines around it."""
    lines = [line for line in paragraph.splitlines() if line.strip()]
    listed = sum(bool(_LIST_ITEM.match(line)) for line in lines)
    ended = sum(ends_sentence(line) for line in lines)
    if (len(paragraph) <= MAX_BLOCK_CHARS or len(lines) < 4 or listed * 2 >= len(lines)
            or ended * 2 >= len(lines) or _session(paragraph)):
        return []
    windows: list[str] = []
    current: list[str] = []
    for line in paragraph.strip("\n").splitlines():
        if current and len("\n".join([*current, line])) > WINDOW_CHARS:
            windows.append("\n".join(current))
            current = []
        current.append(_clip(line))
    if current:
        windows.append("\n".join(current))
    return [w for w in windows if w.strip()]


def _clip(line: str) -> str:
    """A line longer than a window ends at its last whole word, marked as cut: a character
    cut mid-word read as a misspelling ("Description: … configu")."""
    if len(line) <= WINDOW_CHARS:
        return line
    head = line[:WINDOW_CHARS - 3].rsplit(" ", 1)[0].rstrip()
    return head + " […]"


def ends_sentence(line: str) -> bool:
    """Whether a line ends a sentence, also inside a bracket or quote ("(Available since
    Ninja 1.2.)", 'called "the index."')."""
    return bool(_SENTENCE_END.search(line.rstrip()))


def _number_rows(paragraph: str) -> bool:
    """A table's rows as a PDF's text layer runs them together ("CRC-32 2.523 1.293,7 1.96
    CRC-64 3.283 …"): no sentence end, mostly numbers. Read as a sentence it was never shown
    with the caption above it ("Table 2: CRC performance, X86 platform …"), which answered
    alone under ✅."""
    text = paragraph.strip()
    if not text or ends_sentence(text) or len(text) > MAX_BLOCK_CHARS:
        return False
    tokens = text.split()
    numbers = sum(bool(_NUMBER.fullmatch(t)) for t in tokens)
    return len(tokens) >= ROW_TOKENS_MIN and numbers * 2 >= len(tokens)


def _code_line(paragraph: str) -> bool:
    """One line of code shown on its own ("myfun <- removeSource(myfun)"): no sentence end,
    and the brackets, arrows or prompts that prose lines rarely hold."""
    line = paragraph.strip()
    if "\n" in line or len(line) > MAX_BLOCK_CHARS // 3 or ends_sentence(line):
        return False
    if _CONSOLE.match(line):
        return True
    tokens = line.split()
    words = sum(t.isalpha() and len(t) > 2 for t in tokens)  # "Worst case O(n²)" is prose
    return bool(_CODE.search(line)) and not _LIST_ITEM.match(line) and words * 2 < len(tokens)


def _session(paragraph: str) -> bool:
    """A console session: it starts with a command, or it is lines of output (no sentence ends)
    with a user's commands among them: a long session the chunker cut starts in the middle of
    one command's output ("Confirm request details: yes" ... "$ ./easyrsa gen-dh"). Lines
    starting "# " there are a configuration file's comments as often as root's commands."""
    if _CONSOLE.match(paragraph):
        return True
    lines = [line for line in paragraph.splitlines() if line.strip()]
    ended = sum(ends_sentence(line) for line in lines)
    return (len(lines) >= 4 and ended * 2 < len(lines)
            and any(_CONSOLE.match(line) and line.lstrip()[0] == "$" for line in lines))


def _commands(session: str) -> str:
    """A console session as its command lines: its output (package listings, rule dumps) is
    never read as answer sentences; "[…]" marks what was left out."""
    lines: list[str] = []
    for line in session.strip().splitlines():
        if _CONSOLE.match(line):
            lines.append(line.strip())
        elif lines and lines[-1] != "[…]":
            lines.append("[…]")
    return "\n".join(lines)[:MAX_BLOCK_CHARS]


def plain_inline(sentence: str) -> str:
    """A prose sentence without Markdown's inline marks: "[directories.bin](#directoriesbin)"
    reads "directories.bin", "*most*" and "_cannot_" read "most" and "cannot"; code spans and
    dunder names are left as they are, backticks included (they mark what to type)."""
    if "[" not in sentence and "*" not in sentence and "_" not in sentence:
        return sentence
    pieces = _CODE_SPAN.split(sentence)  # odd indexes: code spans
    for n in range(0, len(pieces), 2):
        text = _LINK.sub(r"\1", pieces[n])
        pieces[n] = _EMPHASIS.sub(_unmarked, text)
    return "".join(pieces)


def _unmarked(match: re.Match[str]) -> str:
    """The emphasised text without its marks; a dunder name (`__init__`, `__NOGLOBS__`: one
    word between double underscores) is a name to type, not bold."""
    if match.group(3) == "__" and " " not in match.group(4):
        return match.group(0)
    return match.group(2) or match.group(4)
