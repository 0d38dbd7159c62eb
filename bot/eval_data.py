"""Evaluation data readers: BEIR (corpus.jsonl[.gz], queries.jsonl, qrels.tsv) and SQuAD JSON.

Work on files anywhere on disk. Corpus documents become ONE stored chunk each (see
`doc_chunks`): BM25 indexes the full title + text, the vector is e5 over "title. text" clipped to
DOC_EMBED_CHARS, so evaluation ranks documents (as BEIR qrels judge) at one embedding per doc.
"""
from __future__ import annotations

import gzip
import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from core.ports import StoredChunk
from core.rerank.local import clip_passage
from core.text import content_id, detect_language

DOC_EMBED_CHARS = 1000  # = the local reranker's clip: long passages cost e5 time, tails add little


@dataclass(frozen=True, slots=True)
class Doc:
    id: str
    title: str
    text: str


def _open_text(path: Path) -> TextIO:
    return gzip.open(path, "rt", encoding="utf-8") if str(path).endswith(".gz") else \
        open(path, encoding="utf-8")


def _jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with _open_text(path) as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def load_corpus(path: Path) -> list[Doc]:
    return [Doc(str(d["_id"]), str(d.get("title") or ""), str(d.get("text") or ""))
            for d in _jsonl(path)]


def load_queries(path: Path) -> dict[str, str]:
    return {str(q["_id"]): str(q["text"]) for q in _jsonl(path)}


def load_qrels(path: Path) -> dict[str, dict[str, int]]:
    """query id -> {doc id: grade}; a header line and non-positive grades are skipped."""
    qrels: dict[str, dict[str, int]] = defaultdict(dict)
    with _open_text(path) as fh:
        for line in fh:
            parts = line.split()
            if len(parts) < 3 or not parts[-1].lstrip("-").isdigit():
                continue
            qid, did, grade = parts[0], parts[-2], int(parts[-1])
            if grade > 0:
                qrels[qid][did] = grade
    return dict(qrels)


def subset(corpus: list[Doc], qrels: dict[str, dict[str, int]], limit: int | None) -> list[Doc]:
    """All judged-relevant docs first, then the rest in file order, up to `limit` (None = all).

    Deterministic, so a subset is always a prefix of a larger one and shares its cached vectors.
    Recall on a subset is optimistic (fewer distractors); it is labelled as such in reports.
    """
    if limit is None or limit >= len(corpus):
        return corpus
    relevant = {d for judged in qrels.values() for d in judged}
    first = [d for d in corpus if d.id in relevant]
    rest = [d for d in corpus if d.id not in relevant]
    return (first + rest)[:max(limit, len(first))]


def embed_text(doc: Doc) -> str:
    head = f"{doc.title}. {doc.text}" if doc.title else doc.text
    return clip_passage(head.strip(), DOC_EMBED_CHARS)


def doc_chunks(docs: list[Doc], course: str = "bench") -> list[StoredChunk]:
    """One StoredChunk per document (unique id even when two docs share a text)."""
    chunks = []
    for d in docs:
        cid = content_id(f"{d.id}\n{d.title}\n{d.text}")
        chunks.append(StoredChunk(id=cid, text=d.text or d.title, parent_id=cid,
                                  parent_text=d.text or d.title, title=d.title, url_or_path=d.id,
                                  course=course, doc_type="bench", lang=detect_language(d.text)))
    return chunks


@dataclass(frozen=True, slots=True)
class SquadSet:
    """Paragraphs (id = article/paragraph index) and questions with their paragraph and answers."""

    paragraphs: list[Doc]
    questions: dict[str, tuple[str, str, list[str]]]  # qid -> (question, paragraph id, answers)


def load_squad(path: Path) -> SquadSet:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    paragraphs: list[Doc] = []
    questions: dict[str, tuple[str, str, list[str]]] = {}
    for a, article in enumerate(data["data"]):
        for p, para in enumerate(article["paragraphs"]):
            pid = f"{a}-{p}"
            paragraphs.append(Doc(pid, str(article.get("title") or "").replace("_", " "),
                                  para["context"].strip()))
            for qa in para["qas"]:
                answers = [ans["text"] for ans in qa.get("answers", [])]
                questions[str(qa["id"])] = (qa["question"].strip(), pid, answers)
    return SquadSet(paragraphs, questions)
