"""Top gaps: the questions the bot answered with ⚠ or that students voted 👎, grouped by meaning
so an instructor sees "12 students asked about Dijkstra" instead of twelve separate lines; and,
grouped the same way, the 📖 answers nobody confirmed (`is_unconfirmed`), for staff to check.

Grouping is greedy and deterministic: questions are taken oldest first and each joins the most
similar existing group (cosine to the group's mean vector) when that similarity reaches the
threshold, else starts a group of its own, so every gap question lands in exactly one group.
Only questions naming the same options and code-like names share a group: "what does the -v
option of time do" and "… the -j option of ninja" read alike to the embedder, but a TA answers
them apart (a new user's report grouped the two Arabic ones as one gap).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

import numpy as np

from core.ports import PHOTO, Embedder, Outcome
from core.text import options

# multilingual-e5-small puts paraphrases of one question at 0.90-0.98 and different topics of one
# course at 0.75-0.86 (B-tree vs red-black tree 0.86): 0.88 keeps those apart.
GAP_SIMILARITY = 0.88
EMBED_BATCH = 64
# a name with a digit, underscore or dot in it: sha256_digest, read.csv, ext4
_CODE_NAME = re.compile(r"(?<![\w.])(?=[\w.]*[A-Za-z])(?=[\w.]*[\d_.])[A-Za-z0-9_.]*[A-Za-z0-9_]")


@dataclass(frozen=True, slots=True)
class GapQuestion:
    """One ⚠ or 👎 turn."""

    answer_id: str
    question: str
    language: str
    low_confidence: bool
    down_votes: int
    reasons: tuple[str, ...]
    missing: str
    created_at: datetime | None
    course: str = ""
    answer: str = ""  # what the bot replied (shown for 📖 answers, which staff check)
    sources: tuple[str, ...] = ()  # where the reply quoted from: "bc.html (Options)", "x.pdf p. 4"
    from_photo: bool = False  # read from a photo: "…في THC" may be OCR's reading of "bc؟"


@dataclass(frozen=True, slots=True)
class Gap:
    """Similar gap questions, oldest first."""

    questions: tuple[GapQuestion, ...]
    staff_answered: date | None = None  # the latest staff answer to one of them (gaps_answered)

    @property
    def count(self) -> int:
        return len(self.questions)

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(sorted({q.language for q in self.questions}))

    @property
    def low_confidence(self) -> int:
        return sum(q.low_confidence for q in self.questions)

    @property
    def down_votes(self) -> int:
        return sum(q.down_votes for q in self.questions)

    @property
    def reasons(self) -> tuple[tuple[str, int], ...]:
        counts = Counter(r for q in self.questions for r in q.reasons)
        return tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def distinct(self) -> tuple[tuple[str, int], ...]:
        """Each question once (see _normal) with how often it was asked, in order of asking."""
        return tuple((spelled, len(asked)) for spelled, asked in self._by_question().items())

    def replies(self) -> dict[str, GapQuestion]:
        """Each question (spelled as `distinct` does) -> its latest asking (the reply given)."""
        return {spelled: asked[-1] for spelled, asked in self._by_question().items()}

    def _by_question(self) -> dict[str, list[GapQuestion]]:
        """Each question, as first spelled -> its askings (oldest first), in order of asking."""
        first: dict[str, str] = {}
        asked: dict[str, list[GapQuestion]] = {}
        for q in self.questions:
            key = _normal(q.question)
            first.setdefault(key, q.question.strip())
            asked.setdefault(key, []).append(q)
        return {first[key]: askings for key, askings in asked.items()}


def is_gap(outcome: Outcome) -> bool:
    """A ⚠ answer, or one that someone voted 👎."""
    return outcome.confidence == "low" or any(v.value < 0 for v in outcome.votes)


def is_unconfirmed(outcome: Outcome) -> bool:
    """A 📖 answer that is not a gap: the course's text (or a staff answer to a similar
    question) that the check could not confirm answers the question. A student may have taken
    a wrong one as right; nobody votes on most answers. Guided replies to graded work are 📖 by
    design (they answer nothing) and are left out."""
    return (outcome.confidence == "unchecked" and "guide" not in outcome.route
            and not is_gap(outcome))


def gap_question(outcome: Outcome) -> GapQuestion:
    downs = [v for v in outcome.votes if v.value < 0]
    return GapQuestion(outcome.answer_id, outcome.question, outcome.language,
                       outcome.confidence == "low", len(downs),
                       tuple(v.reason for v in downs if v.reason), outcome.missing,
                       outcome.created_at, outcome.course or "", outcome.answer,
                       tuple(dict.fromkeys(source_label(c) for c in outcome.citations)),
                       PHOTO in outcome.route)


def document_name(cited: Mapping[str, object]) -> str:
    """The name a cited document is listed under."""
    return str(cited.get("display_name") or cited.get("url_or_path") or cited.get("title") or "?")


def source_label(cited: Mapping[str, object]) -> str:
    """A cited source as staff look it up: the document with its page or slide, else its
    section ("bc.html (Command Line Options)"), else its address."""
    name = document_name(cited)
    page, section = cited.get("page"), str(cited.get("section") or "")
    if page:
        return f"{name} {'slide' if cited.get('unit') == 'slide' else 'p.'} {page}"
    return f"{name} ({section})" if section else name


async def group_gaps(outcomes: Sequence[Outcome], embedder: Embedder,
                     similarity: float = GAP_SIMILARITY,
                     keep: Callable[[Outcome], bool] = is_gap) -> tuple[Gap, ...]:
    """The questions `keep` picks (gaps by default) grouped by meaning, largest group first
    (ties: the earliest first)."""
    oldest_first = sorted(outcomes, key=_asked_at)
    items = [gap_question(o) for o in oldest_first if keep(o)]
    if not items:
        return ()
    vectors = await _embed_distinct([q.question for q in items], embedder)
    groups = cluster(vectors, similarity, [names(q.question) for q in items])
    return tuple(Gap(tuple(items[i] for i in members)) for members in groups)


def names(question: str) -> frozenset[str]:
    """The options and code-like names a question asks about, case ignored but an option's."""
    return frozenset(options(question)) | {n.casefold() for n in _CODE_NAME.findall(question)}


def cluster(vectors: np.ndarray, similarity: float,
            keys: Sequence[frozenset[str]] | None = None) -> list[list[int]]:
    """Greedy centroid clustering of L2-normalised rows; indices per group, largest first. With
    `keys`, a row joins only a group whose first row has the same key."""
    groups: list[list[int]] = []
    sums: list[np.ndarray] = []
    for i, vector in enumerate(vectors):
        best, best_score = -1, similarity
        for g, total in enumerate(sums):
            if keys is not None and keys[groups[g][0]] != keys[i]:
                continue
            norm = float(np.linalg.norm(total))
            score = float(total @ vector) / norm if norm else 0.0
            if score >= best_score:
                best, best_score = g, score
                if score >= 0.9999:
                    break
        if best < 0:
            groups.append([i])
            sums.append(np.array(vector, dtype=np.float64))
        else:
            groups[best].append(i)
            sums[best] = sums[best] + vector
    order = sorted(range(len(groups)), key=lambda g: (-len(groups[g]), groups[g][0]))
    return [groups[g] for g in order]


async def _embed_distinct(texts: Sequence[str], embedder: Embedder) -> np.ndarray:
    """One row per text; each distinct text (case and spacing ignored) is embedded once."""
    keys = [_normal(t) for t in texts]
    unique = list(dict.fromkeys(keys))
    table = await embed_questions(unique, embedder)
    where = {key: i for i, key in enumerate(unique)}
    return table[[where[key] for key in keys]]


async def embed_questions(texts: Sequence[str], embedder: Embedder) -> np.ndarray:
    """One query vector per text, in order, EMBED_BATCH texts per call."""
    rows = [await embedder.embed_queries(list(texts[i:i + EMBED_BATCH]))
            for i in range(0, len(texts), EMBED_BATCH)]
    return np.vstack(rows).astype(np.float64)


def _asked_at(outcome: Outcome) -> float:
    created = outcome.created_at
    if created is None:
        return 0.0
    return (created if created.tzinfo else created.replace(tzinfo=UTC)).timestamp()


def _normal(text: str) -> str:
    """Case, spacing and end punctuation ignored: "What is X?" and "what is x" are one question."""
    return " ".join(text.casefold().split()).rstrip("?؟.!。 ")
