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
