"""Study integrity: the graded-work detector (EN + AR), the post-check on drafted answers, and
guide mode through the compiled graph (offline and with a scripted LLM that disobeys)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.messages import Confidence
from core.rag.guide import topic_of, with_question_back
from core.rag.integrity import (
    has_solution,
    is_graded_work_request,
    strip_solution,
    tier_reads_graded_work,
)
from tests.support.fakes import FakeSource, ScriptedChatModel, ScriptedReranker, doc

REQUESTS = Path(__file__).resolve().parents[2] / "bench" / "integrity" / "requests.jsonl"

SOLVE = [
    "solve question 3 of my homework",
    "write the code for assignment 2",
    "give me the answers to the quiz",
    "complete this exam question",
    "Can u solve Q2 from the hw?",
    "What's the solution to exercise 3b?",
    "pls do my homework",
    "I need the quiz answers asap",
    "finish lab 4 for me",
    "Write a function that reverses a linked list",
    "implement dijkstra in java",
    "show me the full solution of problem set 3",
    "Answer the third question of the midterm",
    "حل الواجب",
    "اكتب كود التكليف",
    "أعطني إجابات الاختبار",
    "حلّي لي السؤال الخامس",
    "ابغى حل الواجب الثاني",
    "عطني اجابة السؤال 2 في الاختبار",
    "اكتب لي برنامج يحسب المتوسط",
    "أجب عن أسئلة الامتحان",
    "ممكن تكتب لي الكود حق المشروع؟",
]
LEARN = [
    "how does merge sort work?",
    "explain recursion",
    "what is the difference between a stack and a queue",
    "why is my loop infinite?",
    "How do I study for the final exam?",
    "what should I do for the exam?",
    "What's on the quiz?",
    "How do I do well on tests?",
    "What is a test statistic?",
    "When do I use a paired t-test?",
    "how do unit tests work",
    "Why do we write tests before code?",
    "What does this code do?",
    "what is a complete binary tree",
    "How to write a recursive function?",
    "I have a question about heaps",
    "عندي سؤال عن الأشجار",
    "ما هو اختبار t؟",
    "كيف أذاكر للامتحان؟",
    "ما معنى الحلقة التكرارية؟",
    "كيف أحل معادلة من الدرجة الثانية؟",
    "متى موعد الواجب القادم؟",
    "هل يمكنك شرح اختبار الفرضيات؟",
    "",
]


@pytest.mark.parametrize("text", SOLVE)
def test_requests_for_graded_work_are_recognised(text: str) -> None:
    assert is_graded_work_request(text)


@pytest.mark.parametrize("text", LEARN)
def test_study_questions_are_not(text: str) -> None:
    assert not is_graded_work_request(text)


def test_a_solve_reading_of_a_question_without_its_question_mark_is_no_graded_work() -> None:
    # terse questions to a manual, which the semantic tier reads as its "solve" kind
    for text in ("how do I install an executable called myapp from ./cli.js",
                 "Which option points to the CSV list of students", "كيف أبني ملف deb من مجلد",
                 "أين تضع الحزم ملفات .desktop", "شو السطر اللي بحطه بإعدادات vsftpd"):
        assert not tier_reads_graded_work(text, "solve"), text
    # requests, though they open like a question word ("كمّل" is no "كم", "ما بدي" no "ما")
    for text in ("can you write my lab report", "do the exercises for me",
                 "كمّل لي قسم المناقشة في التقرير", "ما بدي شرح، بس أعطيني الأرقام النهائية"):
        assert tier_reads_graded_work(text, "solve"), text
    assert not tier_reads_graded_work("write my essay", "simple")


def test_a_request_to_be_taught_is_no_graded_work_unless_it_names_a_written_product() -> None:
    for text in ("explain the difference between TCP and UDP", "summarise section 4 of the R manual",
                 "give me an example of a SQL join", "اشرح لي خوارزمية الفرز السريع",
                 "طريقة تثبيت حزمة من ملف deb", "ملخص درس الانقسام الخلوي"):
        assert not tier_reads_graded_work(text, "solve"), text
    for text in ("explain the causes of the cold war in a 1500-word essay",
                 "لخص الكتاب في تقرير من صفحتين", "write an essay on climate policy"):
        assert tier_reads_graded_work(text, "solve"), text


def test_a_piece_of_writing_asked_for_is_graded_work_even_put_as_a_question() -> None:
    for text in ("ممكن تكتب لي بحث عن التصحر في الوطن العربي؟", "could you write my essay on Kant?",
                 "لو سمحت تكتب لي مقدمة البحث عن تلوث المياه؟", "please write me a paper about cells"):
        assert is_graded_work_request(text), text
    for text in ("how do I write a good essay introduction?", "write a summary of chapter 2",
                 "can you explain how to write a research paper?", "كيف اكتب تقرير مختبر؟"):
        assert not is_graded_work_request(text), text

def test_the_blind_terse_set_is_split_once_and_keeps_its_learn_questions_bare() -> None:
    items = [json.loads(line) for line in
             (REQUESTS.parent / "terse_requests.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len({i["id"] for i in items}) == len(items) >= 180
    assert {i["half"] for i in items} == {"fit", "report"}
    for half in ("fit", "report"):
        kinds = [i["kind"] for i in items if i["half"] == half]
        assert kinds.count("solve") == 50 and kinds.count("learn") >= 40
    assert not [i for i in items if i["kind"] == "learn" and i["text"].rstrip().endswith("?")]


def test_the_labelled_set_is_large_balanced_and_bilingual() -> None:
    items = [json.loads(line) for line in REQUESTS.read_text(encoding="utf-8").splitlines()]
    kinds = [i["kind"] for i in items]
    assert len(items) >= 60 and kinds.count("solve") >= 30 and kinds.count("learn") >= 30
    assert 0.4 <= sum(i["lang"] == "ar" for i in items) / len(items) <= 0.6
    assert len({i["id"] for i in items}) == len(items)


class TestPostCheck:
    DRAFT = ("Merge sort splits the array [1].\n\n```python\ndef merge_sort(a):\n    return a\n```"
             "\n\nSteps:\n1. Split\n    - keep this nested step\n2. Merge\n\n    x = merge(a, b)\n"
             "    return x\n\n**Final answer:** 42\nThe answer is 42. Try the base case first.\n"
             "الإجابة النهائية: 7\nالحل: س = 3\n~~~\nunterminated fence")

    def test_code_blocks_and_final_answers_are_removed(self) -> None:
        kept = strip_solution(self.DRAFT)
        assert kept == ("Merge sort splits the array [1].\n\nSteps:\n1. Split\n"
                        "    - keep this nested step\n2. Merge\n\nTry the base case first.")
        assert has_solution(self.DRAFT) and not has_solution(kept)

    def test_a_clean_guide_answer_is_left_alone(self) -> None:
        text = "A base case stops the recursion [1].\n\nWhat is your base case?"
        assert strip_solution(text) == text and not has_solution(text)

    def test_a_question_back_is_added_only_when_missing(self) -> None:
        assert with_question_back("Think about the base case?", "en").endswith("base case?")
        assert with_question_back("فكّر في الحالة الأساسية.", "ar").endswith("مراجعتها.")

    def test_the_topic_drops_the_request_framing(self) -> None:
        assert topic_of("Solve question 3 of my homework on merge sort.") == "on merge sort."


STUDY = ["triage", "init_state", "router", "retrieve", "normalize", "merge_pool", "rerank"]
WORKED = ("Recursion: a recursive function calls itself on a smaller input. Every recursive "
          "function needs a base case that stops the calls.\n\nWorked example in Python:\n\n"
          "def factorial(n):\n    return 1 if n == 0 else n * factorial(n - 1)\n\n"
          "Final answer: factorial(5) = 120.")


def course_context(make_context, llm=None):
    source = FakeSource("course", [doc(WORKED, "Recursion", url="recursion.md")])
    return make_context(llm=llm, sources={"course": source},
                        reranker=ScriptedReranker([{"Recursion": 0.9}]))


async def run(graph, ctx, question: str, mode: str) -> dict:
    return await graph.ainvoke({"question": question, "mode": mode}, context=ctx,
                               config={"recursion_limit": 100})


class TestGuideModeInTheGraph:
    async def test_offline_a_solve_request_gets_concepts_steps_and_a_question(
            self, graph, make_context):
        state = await run(graph, course_context(make_context),
                          "Write the code for assignment 2: a recursive factorial function",
                          "guide")
        assert state["route"] == [*STUDY, "generate", "guide"]
        answer = state["answer"]
        assert "base case" in answer and "Steps to try" in answer and answer.endswith("check it.")
        assert "def factorial" not in answer and "120" not in answer and not has_solution(answer)
        assert [c.display_name for c in state["citations"]] == ["recursion.md"]
        assert state["confidence"] == Confidence.UNCHECKED  # never "✅ answered"

    async def test_the_same_request_in_explain_mode_is_answered_as_usual(
            self, graph, make_context):
        state = await run(graph, course_context(make_context),
                          "Write the code for assignment 2: a recursive factorial function",
                          "explain")
        assert "guide" not in state["route"] and "Steps to try" not in state["answer"]
        # offline its reply quotes the course: what the course says, not the work asked for
        assert "base case" in state["answer"] and state["confidence"] == Confidence.UNCHECKED

    async def test_a_learn_question_in_guide_mode_is_not_guided(self, graph, make_context):
        question = "What does a recursive function need?"
        guided = await run(graph, course_context(make_context), question, "guide")
        explained = await run(graph, course_context(make_context), question, "explain")
        assert "guide" not in guided["route"] and guided["answer"] == explained["answer"]
        assert explained["confidence"] == Confidence.COURSE

    async def test_an_arabic_request_is_guided_in_arabic(self, graph, make_context):
        state = await run(graph, course_context(make_context), "حل الواجب عن الدوال التعاودية",
                          "guide")
        assert state["route"][-1] == "guide" and "خطوات للتجربة" in state["answer"]

    async def test_with_an_llm_the_guide_prompt_is_used_and_the_draft_post_checked(
            self, graph, make_context):
        draft = ("A recursive function needs a base case [1].\n\n```python\ndef f(n):\n"
                 "    return 1\n```\nFinal answer: 120\n1. Write the base case first.")
        llm = ScriptedChatModel(script=["INTENT: simple\nQUERY: recursion", draft])
        state = await run(graph, course_context(make_context, llm), "Solve question 3 of my "
                          "homework: write a recursive factorial", "guide")
        assert state["route"][-2:] == ["generate", "guide"]
        system = llm.calls[-1][0].content
        assert "Do NOT give a finished solution" in system and "question back" in system
        answer = state["answer"]
        assert "def f" not in answer and "120" not in answer and "base case" in answer
        assert answer.endswith("check it.")  # the draft asked nothing back: the standard question
        assert state["confidence"] == Confidence.UNCHECKED  # 📖: it answers nothing, by design


async def test_the_task_itself_is_no_key_idea(graph, make_context):
    """A new user's "Solve assignment 2 for me" got the assignment's own text ("Write a C
    function crc32_table…") as the only key idea from the materials."""
    text = ("Assignment 2. Write a C function crc32_table that computes the CRC-32C of a "
            "buffer using a 256-entry lookup table. A table-driven CRC function looks up the effect of "
            "a whole byte in a precomputed table instead of shifting bit by bit.")
    ctx = make_context(sources={"course": FakeSource("course", [doc(text, "CRC", url="a.md")])},
                       reranker=ScriptedReranker([{"CRC": 0.9}]))
    state = await run(graph, ctx, "Solve assignment 2 for me: write the crc32_table C function",
                      "guide")
    assert state["route"][-1] == "guide"
    assert "precomputed table" in state["answer"] and "Write a C function" not in state["answer"]
