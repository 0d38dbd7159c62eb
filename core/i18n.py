"""Which language a user gets, and the Catalog every user-facing text table is built on.

The texts themselves live in core/texts/ (one module per area). A third language is one more
column in each table: a key it lacks falls back to English, and tests/unit/test_texts.py lists
what is missing.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from core.text import LANGUAGE_SAMPLE_CHARS, detect_language

_WORD_RUN = re.compile(r"[A-Za-z]+|[\u0621-\u064A]+")
_ARABIC_LETTER = re.compile(r"[\u0621-\u064A]")
_ARABIC_WORD = re.compile(r"[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]{2,}")
ARABIC_FRAME_WORDS = 2  # Arabic words opening a mostly-Latin message that make it Arabic
LANGUAGES = ("en", "ar")
DEFAULT_LANGUAGE = "en"


def supported(code: str | None) -> str:
    """A platform locale ("ar", "ar-SA", "en_GB") as a language we have texts in, else English."""
    primary = (code or "").replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else DEFAULT_LANGUAGE


def pick_language(text: str, hint: str | None = None) -> str:
    """The language to answer `text` in: the text's own (reply_language); the platform's hint
    when it is empty."""
    return reply_language(text) if text.strip() else supported(hint)


class Catalog:
    """One area's texts: {language: {key: template}}; English is complete, others may lag."""

    def __init__(self, tables: Mapping[str, Mapping[str, str]]) -> None:
        self.tables = tables
        self.english = tables[DEFAULT_LANGUAGE]

    def __call__(self, key: str, language: str = DEFAULT_LANGUAGE, **values: object) -> str:
        """The text for `key` in `language` (English when untranslated), filled in."""
        template = self.tables.get(language, self.english).get(key) or self.english[key]
        return template.format(**values)

    def __contains__(self, key: object) -> bool:
        return key in self.english

    def keys(self) -> frozenset[str]:
        return frozenset(self.english)

    def missing(self, language: str) -> frozenset[str]:
        """Keys with no text in `language` (they are shown in English)."""
        return self.keys() - frozenset(self.tables.get(language, {}))


def reply_language(text: str) -> str:
    """The language to reply to a message in: its detect_language, except that a message Arabic
    words open, with at least ARABIC_FRAME_WORDS of them, is Arabic however long the English
    names in it ("كيف أضبط WireGuard؟", "ما الفرق بين read.csv و read.csv2؟"). Only what
    the reply says around the answer follows it (labels, marks, canned texts); which passages
    answer stays detect_language's (read as Arabic there too, on the fit halves it gave more ✅
    but also one more wrong ✅ and one unanswerable ✅: not taken)."""
    found = detect_language(text)
    if found == "ar":
        return found
    sample = text[:LANGUAGE_SAMPLE_CHARS]
    opening = _WORD_RUN.search(sample)
    framed = opening is not None and _ARABIC_LETTER.match(opening.group()) is not None
    words = len(_ARABIC_WORD.findall(sample))
    return "ar" if framed and words >= ARABIC_FRAME_WORDS else found
