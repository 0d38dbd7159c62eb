"""Tier 0.5 of triage: what the rules cannot name, the message's meaning often can.

The question's query vector (the same one retrieval asks for next, so a memoising embedder
computes it once) goes through the shipped IntentModel. The tier speaks only when one intent's
summed probability clears its threshold; otherwise the LLM decides, or offline the study path
takes the message (refusing a real question costs more than answering a stray remark).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.ports import Embedder
from core.rag.intent_model import IntentModel, IntentScores


@dataclass(frozen=True, slots=True)
class SemanticVerdict:
    """intent chitchat | unsafe | study; kind as in the training labels (thanks, politics,
    simple, complex, solve, ...); probability = the intent's summed probability."""

    intent: str
    kind: str
    probability: float


def decide(scores: IntentScores, thresholds: dict[str, float]) -> SemanticVerdict | None:
    """The confident verdict, or None when the tier should stay silent."""
    intent, probability = scores.best_intent()
    if probability < thresholds.get(intent, 1.01):
        return None
    return SemanticVerdict(intent, scores.best_kind(intent), probability)


def read(model: IntentModel, vector: np.ndarray) -> SemanticVerdict | None:
    """The model's verdict on one query vector: confident, and supported by nearby examples."""
    verdict = decide(model.scores(vector)[0], model.thresholds)
    if verdict is None or not model.supported(vector, verdict.intent):
        return None
    return verdict


class SemanticTriage:
    """The model plus the embedder it was trained with."""

    def __init__(self, model: IntentModel, embedder: Embedder) -> None:
        if model.embedder != embedder.name:
            raise ValueError(f"the intent model was trained on {model.embedder} vectors, "
                             f"not {embedder.name}")
        self.model = model
        self.embedder = embedder

    async def classify(self, question: str) -> SemanticVerdict | None:
        vector = await self.embedder.embed_queries([question])
        return read(self.model, vector[0])
