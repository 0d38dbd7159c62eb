"""The second offline encoder loads from its wheel and matches sentences across languages."""
from __future__ import annotations

import numpy as np
import pytest

from core.llm.use_embedder import UseEmbedder

PAIRS = [  # Arabic sentence, its English translation
    ("تقرأ الدالة read.csv ملفات القيم المفصولة بفواصل.",
     "The function read.csv reads comma-separated value files."),
    ("يحدد الملف /etc/hostname اسم الجهاز.", "The file /etc/hostname sets the machine's name."),
    ("يغلي الماء عند مئة درجة مئوية.", "Water boils at one hundred degrees Celsius."),
    ("القلب يضخ الدم في الجسم.", "The heart pumps blood through the body."),
]


@pytest.fixture(scope="module")
def use() -> UseEmbedder:
    return UseEmbedder()


async def test_each_arabic_sentence_is_closest_to_its_own_translation(use):
    arabic = await use.embed_queries([a for a, _ in PAIRS])
    english = await use.embed_passages([e for _, e in PAIRS])
    assert arabic.shape == english.shape == (len(PAIRS), use.dim)
    np.testing.assert_allclose(np.linalg.norm(english, axis=1), 1.0, atol=1e-5)
    assert list((arabic @ english.T).argmax(axis=1)) == list(range(len(PAIRS)))


async def test_no_text_and_blank_text(use):
    assert (await use.embed_passages([])).shape == (0, use.dim)
    blank = await use.embed_passages(["   "])
    assert np.isfinite(blank).all() and blank.shape == (1, use.dim)
