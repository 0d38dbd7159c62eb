"""Course chunks as the reranker hands them to the extractive answer, for its tests."""
from __future__ import annotations

from core.rag.state import Chunk


def course_chunks(*texts: str, title: str = "", path: str = "a.md",
                  step: float = 0.0) -> list[Chunk]:
    """One course chunk per text, in the order given, scored 0.9 and `step` less for each next
    one (a ranking), each chunk's context its own text."""
    return [Chunk(id=str(i), text=t, context=t, title=title, url_or_path=path,
                  source_type="course", score=0.9 - step * i) for i, t in enumerate(texts)]
