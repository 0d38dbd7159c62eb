"""RagConfig: every tunable constant of the Corrective-RAG graph, validated once.

Only bot/settings.py reads the environment; the core receives this frozen object.
"""
from __future__ import annotations

from dataclasses import dataclass

from core.errors import StudyBuddyError


class ConfigError(StudyBuddyError, ValueError):
    """A setting has a value the engine cannot work with; names the setting."""


@dataclass(frozen=True, slots=True)
class RagConfig:
    """Gate thresholds, pool sizes and limits used by the graph's nodes and gates."""

    high_threshold: float = 0.8
    low_threshold: float = 0.2
    simple_threshold: float = 0.35
    keep_threshold: float = 0.5
    max_retries: int = 2
    top_k: int = 5
    retrieve_multiplier: int = 3
    final_context_n: int = 8
    pool_max: int = 50
    carry_max: int = 4
    triage_timeout_s: float = 15.0
    max_subqueries: int = 3
    source_timeout_s: float = 8.0
    pin_course_n: int = 2
    max_answer_sentences: int = 4

    def __post_init__(self) -> None:
        for name in ("high_threshold", "low_threshold", "simple_threshold", "keep_threshold"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ConfigError(f"{name.upper()} must be between 0 and 1, got {value}")
        if self.low_threshold >= self.high_threshold:
            raise ConfigError(
                f"LOW_THRESHOLD ({self.low_threshold}) must be below HIGH_THRESHOLD "
                f"({self.high_threshold})"
            )
        positive = ("top_k", "retrieve_multiplier", "final_context_n", "pool_max",
                    "max_subqueries", "max_answer_sentences")
        for name in positive:
            if getattr(self, name) < 1:
                raise ConfigError(f"{name.upper()} must be at least 1, got {getattr(self, name)}")
        for name in ("max_retries", "carry_max", "pin_course_n"):
            if getattr(self, name) < 0:
                raise ConfigError(f"{name.upper()} must not be negative, got {getattr(self, name)}")
        for name in ("triage_timeout_s", "source_timeout_s"):
            if getattr(self, name) <= 0:
                raise ConfigError(f"{name.upper()} must be positive, got {getattr(self, name)}")
        if self.carry_max > self.pool_max:
            raise ConfigError("CARRY_MAX must not exceed POOL_MAX")

    @property
    def retrieve_k(self) -> int:
        """How many hits to ask each source for."""
        return self.top_k * self.retrieve_multiplier
