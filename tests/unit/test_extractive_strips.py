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


def test_bullet_fragments_are_not_run_together_but_sentences_are():
    from core.rag.extractive import Strip, compose

    strips = [Strip("Profiles live in /etc/apparmor.d/", 0, 0, 0.9),
              Strip("aa-unconfined lists unconfined programs", 0, 1, 0.8),
              Strip("Complain mode logs violations.", 0, 2, 0.7),
              Strip("Enforce mode blocks them.", 0, 3, 0.6)]
    assert compose(strips) == ("Profiles live in /etc/apparmor.d/\naa-unconfined lists unconfined "
                               "programs\nComplain mode logs violations. Enforce mode blocks them.")
