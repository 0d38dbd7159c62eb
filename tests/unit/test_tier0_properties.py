"""Tier-0 fast paths agree with the plain definitions they shortcut (any text: Arabic, RTL and
zero-width marks, controls, emoji). The fast versions skip work; these keep them honest."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from core.rag.rules import _looks_gibberish
from core.text import (
    _WORD,
    LANGUAGE_SAMPLE_CHARS,
    clean_input,
    detect_language,
    normalize,
    split_words,
)

_PIECES = st.sampled_from(["a", "bcdf", "xkcd", "ma", " ", "  ", "\t", "\n", "\x00", "\x0b", "\x7f",
                           "\u200b", "\u200f", "\u202e", "\ufeff", "\u00ad", "\u0640", "\u064e",
                           "\u0651", "ب", "مرحبا", "؟", "?", "'", "-", "1", "Ⅻ", "ﻻ", "é", "😀"])
TEXT = st.one_of(st.text(), st.lists(_PIECES, max_size=30).map("".join))
_ARABIC = re.compile(r"[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]")


def _gibberish_by_definition(text: str) -> bool:
    """The rule as first written: no letters, or mostly-Latin words mostly unpronounceable."""
    if not re.search(r"[A-Za-z\u0600-\u06FF]", text):
        return True
    if not re.search(r"\b[bcdfghjklmnpqrstvwxz]{4,}\b|[bcdfghjklmnpqrstvwxz]{5,}", text):
        return False
    words = re.findall(r"[a-z]+", text)
    if not words or len(words) < len(text.split()) / 2:
        return False
    bad = sum(1 for w in words if len(w) >= 4 and (
        not re.search(r"[aeiouy]", w) or re.search(r"[bcdfghjklmnpqrstvwxz]{5,}", w)))
    return bad / len(words) > 0.5


@settings(max_examples=300)
@given(TEXT)
def test_split_words_is_the_word_regex(text):
    assert split_words(text) == _WORD.findall(text)  # the fast paths agree with the definition


@settings(max_examples=300)
@given(TEXT)
def test_detect_language_counts_letters_in_the_sample(text):
    sample = text[:LANGUAGE_SAMPLE_CHARS]
    arabic, latin = len(_ARABIC.findall(sample)), len(re.findall(r"[A-Za-z]", sample))
    assert detect_language(text) == ("ar" if arabic and arabic >= latin else "en")


@settings(max_examples=300)
@given(TEXT)
def test_clean_input_leaves_no_controls_or_blank_runs(text):
    cleaned = clean_input(text)
    assert not re.search(r"[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\t\u200B-\u200F\u202A-\u202E\u2066-\u2069"
                         r"\uFEFF\u00AD]|  ", cleaned)
    assert cleaned == cleaned.strip()


@settings(max_examples=300)
@given(TEXT)
def test_normalize_is_single_spaced_and_ascii_is_lowercase(text):
    norm = normalize(text)
    assert norm == " ".join(norm.split())
    if text.isascii():
        assert norm == " ".join(text.lower().split())


@settings(max_examples=300)
@given(TEXT)
def test_gibberish_shortcuts_agree_with_the_definition(text):
    norm = normalize(text)
    assert _looks_gibberish(norm) == _gibberish_by_definition(norm)
