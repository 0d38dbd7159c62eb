"""Every study turn as a record (what was asked, how it went, what was cited, how it was voted),
the port that keeps them, and what is derived from them for students and instructors.

User ids never reach the store: they are keyed hashes (HMAC-SHA256 with the deployment's key),
so votes can be changed and erased per user (`/forget`) without the store naming anyone.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.sentences import split_sentences
from core.text import keywords

VOTE_REASONS = ("wrong", "not_in_materials", "gave_solution", "wrong_language")
QUOTE_CHARS = 600  # the passage shown under "Sources": the matching sentences and their neighbours




def quote(passage: str, answer: str, limit: int = QUOTE_CHARS) -> str:
    """The part of a cited passage the answer used: its best-matching sentences in order, with
    "…" where text was left out, within `limit` characters."""
    sentences = split_sentences(passage)
    if len(passage) <= limit or not sentences:
        return passage.strip()[:limit]
    wanted = set(keywords(answer))
    scores = [len(wanted & set(keywords(s))) for s in sentences]
    best = max(range(len(sentences)), key=lambda i: (scores[i], -i))
    keep = {best}
    for i in sorted(range(len(sentences)), key=lambda i: (-scores[i], abs(i - best))):
        if sum(len(sentences[j]) + 1 for j in keep | {i}) > limit:
            continue
        if scores[i] or abs(i - best) == 1:
            keep.add(i)
    out, last = [], -1
    for i in sorted(keep):
        if last >= 0 and i != last + 1:
            out.append("…")
        out.append(sentences[i].strip())
        last = i
    prefix = "… " if min(keep) > 0 else ""
    suffix = " …" if max(keep) < len(sentences) - 1 else ""
    return prefix + " ".join(out) + suffix


def cited_quotes(citations: Sequence[dict[str, Any]], passages: dict[str, str],
                 answer: str) -> tuple[dict[str, Any], ...]:
    """Citation dicts with the quoted passage (`passages` by chunk id) added as "quote"."""
    return tuple(c | {"quote": quote(passages.get(str(c.get("chunk_id")), ""), answer)}
                 for c in citations)
