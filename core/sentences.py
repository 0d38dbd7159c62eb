"""Where sentences end in course text (English + Arabic), and which sentence leads into what
follows it. A name's initials and abbreviations do not end a sentence; a Markdown bullet or
heading starts one."""
from __future__ import annotations

import re

_SENTENCE = re.compile(r"(?<=[.!?؟])\s+(?=[^\s])|\n{2,}|\n(?=[-*#>\d])")
# A full stop that ends no sentence: an initial before a name ("Nicholas E. Golovin", "T. T.
# Tsui"), a Latin abbreviation ("e.g. the"), a title ("Dr. Smith"), a number's label ("Fig. 3"),
# or a dotted abbreviation the sentence goes on after ("the U.S. city").
_INITIAL = re.compile(r"[A-Z]\.")
_ARABIC_INITIAL = re.compile(r"[\u0621-\u064A]\.")
_NEVER_ENDS = frozenset({"e.g.", "i.e.", "cf.", "vs.", "mr.", "mrs.", "ms.", "dr.", "prof.", "st.",
                         "jr.", "sr.", "approx."})
_NUMBERED = frozenset({"no.", "fig.", "vol.", "p.", "pp.", "eq.", "sec.", "ch."})  # "Fig. 3"
_DOTTED = re.compile(r"(?:[A-Za-z]\.){2,}")
_LAST_WORDS = 60  # characters before a full stop that hold the two words _no_end reads
# an API reference's default, too short for a sentence of its own, ends the one before it
_STATES_DEFAULT = re.compile(r"defaults?\s*:\s*\S", re.IGNORECASE)  # "Default: 1000."
# a Markdown bullet, heading or quote marker: only when a space follows ("-rw-r--r--" stays)
_MARKUP = re.compile(r"^(?:(?:[-*+>•]|#{1,6})[ \t]+)+")


def split_sentences(text: str) -> list[str]:
    """Sentences ("knowledge strips") of a passage; Markdown headings and bullets stay separate.
    A name's initials and abbreviations do not end a sentence, so "Nicholas E. Golovin" is not
    cut in two and the reply never ends on "...his assistant Nicholas E."."""
    out: list[str] = []
    for part in (_MARKUP.sub("", p.strip()) for p in sentence_pieces(text)):
        piece = " ".join(part.split())
        if len(piece.split()) >= 3:
            out.append(piece)
        elif out and _STATES_DEFAULT.match(piece):  # "…key counting limitations. Default: 1000."
            out[-1] += " " + piece
    return out


def sentence_pieces(text: str) -> list[str]:
    """`text` cut at its sentence ends, each piece as it stands (chunking cuts prose with it)."""
    pieces, start = [], 0
    for cut in _SENTENCE.finditer(text):
        at, end = cut.span()
        if "\n" not in cut.group() and _no_end(text[max(start, at - _LAST_WORDS):at],
                                               text[end:end + 1]):
            continue
        pieces.append(text[start:at])
        start = end
    pieces.append(text[start:])
    return pieces


def _no_end(before: str, after: str) -> bool:
    """The full stop ending `before` (the _LAST_WORDS characters before it) belongs to an
    abbreviation, or to an initial after a capitalised word ("Nicholas E.") with a capitalised
    word after it."""
    words = before.split()[-2:]
    if not words:
        return False
    word = words[-1]
    if word.lower() in _NEVER_ENDS or (word.lower() in _NUMBERED and after.isdigit()):
        return True
    if len(words) == 2 and _INITIAL.fullmatch(word) and words[0][:1].isupper():
        return after.isupper()
    if _ARABIC_INITIAL.fullmatch(word):  # "ر. ك. باتشوري": Arabic has no capitals to tell
        return after.isalpha()
    return bool(_DOTTED.fullmatch(word)) and after.islower()


_ANNOUNCES = re.compile(r"\b(?:following|below|as follows)\b|التالي|الآتي|كما يلي", re.IGNORECASE)


def asks(sentence: str) -> bool:
    """A sentence or message that is itself a question (ends with "?" or "؟"): a manual's FAQ
    line quoted alone answers nothing, and a student asking one is not ordering work done."""
    return sentence.rstrip().endswith(("?", "؟"))


def introduces(sentence: str) -> bool:
    """A sentence that leads into what follows it (an example, a list, a command): it ends with
    ':' or with no closing mark ("...by something like"), or announces it ("The following
    example shows...", "يُبيّن المثال التالي...")."""
    end = sentence.rstrip()[-1:]
    return end == ":" or end not in ".!?؟)\"'”»" or _ANNOUNCES.search(sentence) is not None
