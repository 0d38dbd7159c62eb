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


async def test_a_sentence_that_continues_a_picked_one_comes_with_it():
    # The matching sentence names the topic; the next one ("These packages...") holds the answer.
    debconf = ("Many packages are configured during installation through the Debconf tool. "
               "These packages can be reconfigured by running dpkg-reconfigure.")
    ucf = "The ucf program keeps manual changes to configuration files of a package."
    chunks = [Chunk(id=str(i), text=t, context=t, title="Administration", url_or_path="a.md",
                    source_type="course", score=0.9) for i, t in enumerate((ucf, debconf))]
    strips = await relevant_strips("How do I reconfigure a package set up by Debconf?", chunks,
                                   None, 2)
    assert "These packages can be reconfigured by running dpkg-reconfigure." in [
        s.text for s in strips]
