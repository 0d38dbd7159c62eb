"""Names a question asks about, and whether the retrieved passages mention them at all."""
from __future__ import annotations

import pytest

from core.rag.coverage import named_terms, uncovered_terms


def test_names_are_the_words_a_reader_takes_for_names():
    assert named_terms("How do I read a Parquet file with read.csv or JSON in R?") == [
        "Parquet", "read.csv", "JSON", "R"]
    assert named_terms("What does the workspace hold?") == []  # ordinary words, first word
    assert named_terms("كيف أفعّل جدار الحماية ufw على دبيان؟") == ["ufw"]  # Latin in Arabic


@pytest.mark.parametrize(("question", "passage"), [
    ("How do I join Wi-Fi?", "Connect to wifi networks with nmcli."),
    ("Can I write utf8 here?", "Use the UTF-8 encoding."),
    ("Which Panther defender held?", "The Panthers defence held."),
    ("Where do Southern Californian towns sprawl?", "Towns in Southern California sprawl."),
    ("Do Macs speak Bonjour on the LAN?", "A Mac announces itself on the local area network "
                                          "with Bonjour."),
    ("Is DBI-based access faster?", "DBI packages are based on one interface."),
])
def test_a_name_written_differently_is_still_covered(question, passage):
    assert uncovered_terms(question, [passage]) == []


@pytest.mark.parametrize(("question", "passage", "missing"), [
    ("How do I read a Parquet file in R?", "R reads CSV files with read.csv.", ["Parquet"]),
    ("كيف أفعّل جدار الحماية ufw على دبيان؟", "the stuff with the firewall", ["ufw"]),
    ("How do I run a Docker container?", "A docking station charges laptops.", ["Docker"]),
])
def test_a_name_no_passage_mentions_is_uncovered(question, passage, missing):
    assert uncovered_terms(question, [passage]) == missing


@pytest.mark.parametrize("question", [
    "time2str format string for an ISO 8601 timestamp like 2008-12-04T00:23:45Z",
    "How many digits has the denominator of the determinant of the 20x20 Hilbert matrix?",
    "What integer value does 0x10L create?",
])
def test_a_piece_inside_a_token_is_no_name(question):
    # "T00" of "04T00", "x20" of "20x20": a name is found as a whole word, so these could
    # never be found and the passage quoting the very same token read as not covering it.
    passage = ("s = '2008-12-04T00:23:45Z' is a timestamp in the ISO format (time2str); "
               "the 20 × 20 Hilbert matrix; 0x10L is hexadecimal")
    assert uncovered_terms(question, [passage]) == []
    assert not {"T00", "Z", "x20", "x10L"} & set(named_terms(question))
