"""Names from outside (document names, user ids) are one clean line (issue 22): no controls,
newlines or direction overrides, a length cap; and numbers typed by people are ASCII digits."""
from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.course.uploads import display_name
from core.ingest.loaders import load_bytes
from core.text import DISPLAY_NAME_CHARS, clean_input, clean_label, whole_number

RLO = "\u202e"
INVISIBLE = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"


@pytest.mark.parametrize(("raw", "clean"), [
    (f"lecture{RLO}gnp.md", "lecturegnp.md"),
    ("week 1\nnotes.md", "week 1 notes.md"),
    ("a\r\n\tb\x00c\x1bd\x7fe\x85f\u2028g.md", "a b c d e f g.md"),
    (f"{INVISIBLE}notes{INVISIBLE}.pdf", "notes.pdf"),
    ("  spaced   out  ", "spaced out"),
    ("ملاحظات المحاضرة.md", "ملاحظات المحاضرة.md"),  # right-to-left letters are not overrides
    ("half \ud800 surrogate", "half surrogate"),
])
def test_clean_label(raw: str, clean: str) -> None:
    assert clean_label(raw, 100) == clean


def test_clean_label_caps_the_length() -> None:
    assert clean_label("x" * 500_000, 64) == "x" * 64
    assert clean_label("ab " + "c" * 10, 3) == "ab"


@given(st.text())
def test_clean_labels_hold_no_control_or_override(text: str) -> None:
    label = clean_label(text, 100)
    assert len(label) <= 100 and label == label.strip()
    assert not any(c in label for c in INVISIBLE) and "\n" not in label
    assert not {unicodedata.category(c) for c in label} & {"Cc", "Cf", "Cs", "Zl", "Zp"}
    label.encode("utf-8")  # storable


def test_upload_names_are_cleaned_and_capped() -> None:
    assert display_name(f"../../etc/lecture{RLO}gnp.md") == "lecturegnp.md"
    assert display_name("C:\\Users\\x\\two\nlines.pdf") == "two lines.pdf"
    assert display_name(RLO) == "upload"
    assert len(display_name("n" * 300 + ".md")) == DISPLAY_NAME_CHARS


def test_ingested_documents_get_the_clean_name() -> None:
    doc = load_bytes(b"# Heaps\n\nA heap keeps its smallest key at the root of the tree.\n",
                     f"week1/lecture{RLO}gnp.md", "CS101")
    assert doc.display_name == "week1/lecturegnp.md"
    assert RLO not in doc.title


@pytest.mark.parametrize(("text", "value"), [
    ("30", 30), (" 7 ", 7), ("1", 1), ("365", 365), ("²", None), ("٣", None), ("-3", None),
    ("0", None), ("366", None), ("3.0", None), ("", None), ("9" * 5000, None), ("+5", None),
])
def test_whole_number_takes_ascii_digits_in_range(text: str, value: int | None) -> None:
    assert whole_number(text, 1, 365) == value


def test_user_input_loses_lone_surrogates() -> None:
    assert clean_input("what is \ud800 merge sort?\udfff") == "what is merge sort?"
