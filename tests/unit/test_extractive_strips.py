"""Offline answers pick the sentences about what was asked, down to the letter that names it."""
from __future__ import annotations

from core.rag.extractive import relevant_strips
from core.rag.state import Chunk

VITAMINS = {
    "C": "Vitamin C is needed to make collagen for skin and blood vessels.",
    "D": "Vitamin D helps the gut absorb calcium for strong bones.",
    "K": "Vitamin K is needed for blood clotting after an injury.",
}


async def test_a_single_letter_decides_which_sentence_answers():
    text = " ".join(VITAMINS.values())
    chunk = Chunk(id="v", text=text, context=text, title="Vitamins", url_or_path="v.md",
                  source_type="course", score=0.9)
    for letter, sentence in VITAMINS.items():
        strips = await relevant_strips(f"What does vitamin {letter} do?", [chunk], None, 1)
        assert [s.text for s in strips] == [sentence], letter
