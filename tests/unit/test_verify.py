"""Which offline answers may carry ✅, 📖 or must carry ⚠ (core/rag/verify.py)."""
from __future__ import annotations

from core.rag.strips import Strip
from core.rag.verify import evidence, probability, reads_across_languages, vouches
from tests.support.chunks import course_chunks

# Evidence of a reply that repeats the question's words and is close to it in meaning.
STRONG = {"top": 1.0, "second": 0.9, "lexical": 0.5, "lead_lexical": 0.5, "lead_semantic": 1.0,
          "lead_total": 0.9, "cross": 0.0, "qwords": 6.0, "answer_cover": 0.6, "strips": 3.0,
          "lead_rank": 0.0, "other_language": 0.0, "unknown": 0.0, "missing": 2.4,
          "ids_missing": 0.0}
# An English page for an Arabic question (suite-ar-139 of the fit half: which file sources
# ~/.bashrc): no shared word but the path, the same closeness in meaning.
ACROSS = STRONG | {"lexical": 0.111, "lead_lexical": 0.111, "lead_semantic": 1.0,
                   "lead_total": 0.576, "qwords": 9.0, "answer_cover": 0.111, "strips": 4.0,
                   "lead_rank": 2.0, "cross": 1.0, "other_language": 1.0, "missing": 8.0}


def test_a_reply_that_repeats_the_question_and_means_it_is_vouched_for():
    assert vouches(STRONG)
    assert not vouches(STRONG | {"lead_semantic": 0.2, "lead_total": 0.3, "top": 0.3})


def test_a_question_word_the_course_never_uses_weighs_against_the_check_mark():
    assert probability(STRONG | {"unknown": 1.0}) < probability(STRONG)


def test_an_other_language_reply_close_in_meaning_reads_as_course_text():
    assert reads_across_languages(ACROSS)
    far = ACROSS | {"lead_semantic": 0.3, "lead_total": 0.3, "top": 0.5}
    assert probability(far) < probability(ACROSS) and not reads_across_languages(far)


def test_only_a_reply_in_the_other_language_is_read_across_languages():
    same_language_miss = ACROSS | {"cross": 0.0, "other_language": 0.0}
    assert not reads_across_languages(same_language_miss)


def test_the_question_words_an_answer_lacks_are_counted_and_weigh_against_the_mark():
    sentence = "Set ttimeoutlen to 100 to make Esc take effect more quickly."
    signals = evidence("esc takes like a second to kick in, what is the setting", sentence,
                       [Strip(sentence, 0, 0, 0.6, lexical=0.3, semantic=0.6)],
                       course_chunks(sentence), top_score=0.9)
    assert signals["missing"] == signals["qwords"] * (1 - signals["answer_cover"]) > 0
    assert probability(STRONG | {"missing": 4.0}) < probability(STRONG)


def test_the_code_names_an_answer_lacks_are_counted_and_weigh_against_the_mark():
    """A fit-half question: "--suppress-all" answered with --suppressions=<filename>, ✅."""
    sentence = "--suppressions=<filename> — Specifies an extra file of errors to suppress."
    question = "what does valgrind's --suppress-all option do"
    signals = evidence(question, sentence, [Strip(sentence, 0, 0, 0.6, lexical=0.3)],
                       course_chunks(sentence), top_score=0.9)
    assert signals["ids_missing"] == 1.0
    answered = "--suppress-all — Suppresses every error."
    assert evidence(question, answered, [Strip(answered, 0, 0, 0.6, lexical=0.3)],
                    course_chunks(answered), top_score=0.9)["ids_missing"] == 0.0
    assert probability(STRONG | {"ids_missing": 1.0}) < probability(STRONG)
