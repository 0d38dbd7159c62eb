"""Offline answers across languages: an Arabic question answered from English notes is chosen
by meaning, and a question's own language leads whenever the notes in it answer."""
from __future__ import annotations

from core.rag.extractive import relevant_strips
from tests.support.chunks import course_chunks as _chunks
from tests.support.fake_embedder import SetCosinesEmbedder as _Cosines


async def test_a_sentence_in_the_other_language_is_scored_on_its_own_cosine_band():
    # e5 puts an Arabic question closer to any Arabic sentence than to the English one that
    # answers it (XQuAD: answer 0.788 across languages vs 0.804 for a non-answer within one)
    english = "Functions readBin and writeBin read and write binary data on connections."
    arabic = "تنتقل الرزم عبر الشبكة بين جهازين."
    chunks = _chunks(arabic, english)
    strips = await relevant_strips("ما الدالة التي تقرأ من اتصال ثنائي؟", chunks,
                                   _Cosines({english: 0.80, arabic: 0.82}), 1)
    assert [s.text for s in strips] == [english]


async def test_a_second_encoder_settles_what_e5_reads_wrong_across_languages():
    # Arabic question, English material: e5 ranks the wrong sentence first by a little; the
    # second encoder (USE multilingual in the app) sees the answer clearly and is averaged in.
    answer = "Functions readBin and writeBin read and write binary data on connections."
    other = "Text files are read line by line with readLines on a connection."
    chunks = _chunks(other, answer)
    question = "ما الدالة التي تقرأ البيانات الثنائية؟"
    e5 = _Cosines({answer: 0.78, other: 0.80})
    alone = await relevant_strips(question, chunks, e5, 1)
    assert [s.text for s in alone] == [other]
    both = await relevant_strips(question, chunks, e5, 1,
                                 _Cosines({answer: 0.45, other: 0.15}))
    assert [s.text for s in both] == [answer]


async def test_across_languages_the_best_sentence_is_shown_though_no_word_can_match():
    # Within one language a sentence sharing no question word needs a high cosine to be shown;
    # an English sentence never shares an Arabic question's words, so there the ranking decides
    # (XQuAD ar->en replies containing the answer: 57.7% with the same rule, 75.3% without).
    answer = "The file /etc/hostname holds the machine's name."
    other = "Network interfaces are configured in /etc/network/interfaces."
    chunks = _chunks(other, answer)
    strips = await relevant_strips("أين يُخزَّن اسم الجهاز؟", chunks,
                                   _Cosines({answer: 0.76, other: 0.70}), 1)
    assert [s.text for s in strips] == [answer]


async def test_the_question_s_language_comes_first_whatever_the_ranking():
    arabic = "الترتيب السريع (Quicksort) خوارزمية تقسم المصفوفة حول عنصر يسمى المحور (pivot)."
    english = "Quicksort is a sorting algorithm that partitions the array around a pivot."
    chunks = _chunks(arabic, english, title="Quicksort")  # the Arabic passage ranked first
    strips = await relevant_strips("What is quicksort?", chunks, None, 4)
    # the English notes answer it: the Arabic passage ranked first is not added
    assert [s.text for s in strips] == [english]
    arabic_first = await relevant_strips("ما هو الترتيب السريع Quicksort؟", chunks[::-1], None, 4)
    assert arabic_first[0].text == arabic


def test_a_passage_in_the_other_language_is_a_paragraph_of_its_own():
    from core.rag.extractive import compose
    from core.rag.strips import Strip
    english = Strip("Quicksort partitions the array around a pivot.", 0, 0, 1.0)
    arabic = Strip("الترتيب السريع يقسم المصفوفة حول عنصر يسمى المحور.", 1, 0, 0.5)
    assert compose([english, arabic]) == f"{english.text}\n\n{arabic.text}"


async def test_an_english_question_the_english_notes_answer_gets_no_arabic_passage():
    chunks = _chunks("Quicksort partitions the array around a pivot element.",
                     "الترتيب السريع Quicksort يقسم المصفوفة حول عنصر يسمى المحور pivot.",
                     title="Quicksort")
    strips = await relevant_strips("What does quicksort partition around?", chunks, None, 3)
    assert [s.chunk for s in strips] == [0]


async def test_an_arabic_passage_adds_to_english_notes_that_only_touch_the_question():
    arabic = "الترتيب السريع (Quicksort) يقسم المصفوفة حول عنصر يسمى المحور (pivot) ثم يرتب الجزأين."
    english = "Sorting is covered in week three, after recursion."
    chunks = _chunks(arabic, english, title="Quicksort")
    strips = await relevant_strips("How does quicksort partition the array around a pivot?",
                                   chunks, None, 4)
    assert [s.text for s in strips] == [english, arabic]  # English first, Arabic adds the answer


async def test_an_english_passage_the_verifier_vouches_for_is_checked_for_an_arabic_question():
    # Chosen by meaning alone (one question word per sentence: not `supported`), so before it
    # was 📖 at best; now ✅ when the verifier vouches, 📖 below that, ⚠ far from the question.
    import dataclasses

    from core.config import RagConfig
    from core.messages import Confidence
    from core.rag.nodes.generate import extractive_answer
    from core.rag.state import RagContext
    from tests.support.fakes import ScriptedReranker

    name = "The file /etc/hostname holds the machine's name."
    change = "The hostnamectl command changes the name while the machine runs."
    question = "ما الملف /etc/hostname والأمر hostnamectl اللذان يحفظان ويغيران اسم الجهاز الأساسي؟"
    marks = []
    for cosine in (0.95, 0.80, 0.70):
        chunks = [dataclasses.replace(_chunks(f"{name} {change}")[0], score=0.99)]
        ctx = RagContext(config=RagConfig(), sources={}, reranker=ScriptedReranker([]),
                         embedder=_Cosines({name: cosine, change: cosine - 0.02}))
        state = await extractive_answer(question, {"context": chunks, "top_score": 0.99,
                                                   "language": "ar"}, ctx)
        assert state["evidence"]["cross"] == 1.0 and state["evidence"]["lexical"] < 0.2
        assert state["quoted_language"] == "en"  # the ✅ mark says the material is English
        marks.append(state["confidence"])
    assert marks == [Confidence.COURSE, Confidence.UNCHECKED, Confidence.LOW]


def test_a_command_line_on_an_arabic_page_is_not_english_material():
    from core.rag.extractive import quoted_language
    from core.rag.strips import Strip

    page = _chunks("لإعادة ضبط حزمة استخدم الأمر التالي:\ndpkg-reconfigure package\nثم أجب عن الأسئلة.")
    command = [Strip("dpkg-reconfigure package", 0, 0, 1.0)]
    assert quoted_language(command, page, "ar") is None
    english = _chunks("Use dpkg-reconfigure to configure a package again.")
    assert quoted_language(command, english, "ar") == "en"
    both = [*command, Strip("ثم أجب عن الأسئلة.", 1, 0, 0.5)]
    assert quoted_language(both, english + page, "ar") is None  # Arabic material too
    assert quoted_language(command, english, "en") is None


async def test_an_arabic_framed_question_naming_an_english_tool_is_told_the_material_is_english():
    # "ما هو Memcheck؟" has more Latin letters than Arabic ones; its reply is Arabic
    # (reply_language), so the mark says the quoted notes are English
    from core.config import RagConfig
    from core.rag.nodes.generate import extractive_answer
    from core.rag.state import RagContext
    from tests.support.fakes import ScriptedReranker

    notes = "Memcheck is a memory error detector for C and C++ programs."
    ctx = RagContext(config=RagConfig(), sources={}, reranker=ScriptedReranker([]))
    state = await extractive_answer("ما هو Memcheck؟", {"context": _chunks(notes),
                                                         "top_score": 0.9, "language": "ar"}, ctx)
    assert notes in state["answer"] and state["quoted_language"] == "en"
