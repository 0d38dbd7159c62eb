"""Metric functions and the answer normaliser used by `studybuddy eval` and `make bench`."""
from __future__ import annotations

import math

import pytest

from bench.stats import percentile
from bot.eval_metrics import contains_answer, ndcg_at_k, normalize_answer, recall_at_k


class TestNdcg:
    def test_perfect_ranking_is_one(self):
        assert ndcg_at_k(["a", "b", "x"], {"a": 1, "b": 1}) == pytest.approx(1.0)

    def test_single_relevant_at_rank_two(self):
        assert ndcg_at_k(["x", "a"], {"a": 1}) == pytest.approx(1 / math.log2(3))

    def test_graded_gains_use_ideal_order(self):
        got = ndcg_at_k(["b", "a"], {"a": 2, "b": 1})
        ideal = 2 + 1 / math.log2(3)
        assert got == pytest.approx((1 + 2 / math.log2(3)) / ideal)

    def test_cut_at_k_and_duplicates_count_once(self):
        assert ndcg_at_k(["x", "x", "a"], {"a": 1}, k=2) == pytest.approx(1 / math.log2(3))
        assert ndcg_at_k(["x", "y", "a"], {"a": 1}, k=2) == 0.0

    def test_no_relevant_is_zero(self):
        assert ndcg_at_k(["a"], {}) == 0.0


class TestRecall:
    def test_share_found_in_top_k(self):
        assert recall_at_k(["a", "x", "b"], {"a": 1, "b": 1, "c": 1}, 2) == pytest.approx(1 / 3)
        assert recall_at_k(["a", "x", "b"], {"a": 1, "b": 1, "c": 1}, 3) == pytest.approx(2 / 3)

    def test_empty(self):
        assert recall_at_k([], {"a": 1}, 5) == 0.0 and recall_at_k(["a"], {}, 5) == 0.0


class TestNormalizer:
    def test_case_and_punctuation(self):
        assert normalize_answer("  The Denver  Broncos!") == "the denver broncos"
        assert normalize_answer("$1.2 billion,") == "1 2 billion"

    def test_arabic_diacritics_and_tatweel(self):
        assert normalize_answer("مُحَمَّد") == "محمد"
        assert normalize_answer("العـــلم") == "العلم"
        assert normalize_answer("«القاهرة»؟") == "القاهرة"

    def test_containment_on_word_boundaries(self):
        assert contains_answer("It was won by the Denver Broncos.", ["Denver Broncos"])
        assert contains_answer("فازَ فريقُ دنفر برونكوز.", ["دنفر برونكوز"])
        assert not contains_answer("fourteen games", ["four"])
        assert not contains_answer("anything", [""])


def test_percentile_interpolates():
    assert percentile([1, 2, 3, 4], 50) == pytest.approx(2.5)
    assert percentile([5], 99) == 5 and percentile([], 50) == 0.0


def test_a_gold_number_is_found_whatever_its_thousands_separator():
    from bot.eval_docs import contains_gold

    # the AMC manual writes the same limit "4,095" on one page and "4 095" on another
    assert contains_gold("maximum number of tests = 2^12-1 = 4 095.", ["4,095"])
    assert contains_gold("limited to 4,095, and", ["4 095"])
    assert not contains_gold("x <- c(1, 100)", ["1100"])  # two numbers stay two
    assert not contains_gold("a ratio of 1,2345", ["12345"])  # not a thousands group
