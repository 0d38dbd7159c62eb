"""The gates are pure functions of state and config; boundaries exactly as seed 000 states."""
from __future__ import annotations

import pytest

from core.config import ConfigError, RagConfig
from core.rag.routing import evaluator_gate, retry_check_gate, score_gate, triage_gate

CFG = RagConfig()


@pytest.mark.parametrize(("intent", "target"), [("chitchat", "reply_chitchat"), ("unsafe", "reply_refusal"),
                                                ("simple", "init_state"), ("complex", "init_state")])
def test_triage_gate(intent, target):
    assert triage_gate({"intent": intent}) == target


@pytest.mark.parametrize(("top", "target"), [(0.36, "generate"), (0.35, "retry_check"), (0.0, "retry_check")])
def test_score_gate_simple_uses_strict_simple_threshold(top, target):
    assert score_gate({"intent": "simple", "top_score": top}, CFG) == target


@pytest.mark.parametrize(("top", "target"), [(0.8, "generate"), (0.95, "generate"), (0.79, "evaluator"),
                                             (0.21, "evaluator"), (0.2, "retry_check"), (0.0, "retry_check")])
def test_score_gate_complex_bands(top, target):
    assert score_gate({"intent": "complex", "top_score": top}, CFG) == target


@pytest.mark.parametrize(("verdict", "target"), [("correct", "generate"), ("ambiguous", "retry_check"),
                                                 ("incorrect", "retry_check"), ("", "retry_check")])
def test_evaluator_gate(verdict, target):
    assert evaluator_gate({"verdict": verdict}) == target


@pytest.mark.parametrize(("retries", "target"), [(1, "router"), (2, "router"), (3, "fallback")])
def test_retry_check_gate_bounded_by_max_retries(retries, target):
    assert retry_check_gate({"retries": retries}, CFG) == target


def test_config_rejects_inverted_band():
    with pytest.raises(ConfigError, match="LOW_THRESHOLD"):
        RagConfig(low_threshold=0.9, high_threshold=0.8)
