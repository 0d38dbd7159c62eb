"""Content words the whole course never uses: looked up in the course's vocabulary, they take
the ✅ away from course passages (outside sources may still answer). Latin-script words only."""
from __future__ import annotations

import pytest

from core.config import RagConfig
from core.messages import Confidence
from core.ports import Document
from core.rag.coverage import absent_from_course, course_words, lookup_terms
from core.rag.defined_terms import subject_phrase, term_missing
from core.rag.state import RagContext
from core.sources.course import CourseSource
from tests.support.fakes import FakeSource, ScriptedReranker, VocabularySource, doc

HASHING = ("Linear probing tends to create long runs of occupied slots, a problem called primary "
           "clustering. Double hashing reduces clustering.")
TREES = "Heap sort uses a binary max-heap, a complete binary tree stored in an array."


def course(docs: list[Document], known: set[str], **kw) -> VocabularySource:
    return VocabularySource("course", docs, known=known, **kw)


@pytest.mark.parametrize(("question", "words"), [
    ("How do I solve the knapsack problem with dynamic programming?",
     ["solve", "knapsack", "problem", "dynamic", "programming"]),
    ("Explain the rotations in a red-black tree", ["rotations", "red-black", "tree"]),
    ("What kind of example is the main reason it works?", []),  # how it is asked, not what
    ("Why isn't Temüjin's army big?", ["temüjin", "army"]),  # accents kept, clitics dropped
    ("How do I read a UTF-8 file with read.csv in R?", ["read", "utf-8", "file", "read.csv"]),
    ("ما الدالة المختصرة في R لقراءة ملف CSV؟", []),  # Arabic: not checked
    ("the 20x20 Hilbert matrix of 2008-12-04T00:23", ["hilbert", "matrix"]),  # no "x20", "t00"
    # how students chat around a question: never looked up
    ("quick question: what is merge sort?", ["merge"]),
    ("hey, quick q: whats the time complexity of quicksort? pls help",
     ["time", "complexity", "quicksort"]),
    # a long message is looked up by the sentences that ask
    ("ok so im kinda panicking bc the exam is on thursday. so my question is basically: what "
     "is the worst case of quicksort? thanks so much!!", ["worst", "case", "quicksort"]),
    # the errand around it: the course need not mention homework or a deadline
    ("my professor said to ask: what is the pivot in quicksort, the deadline is tonight",
     ["pivot", "quicksort"]),
    ("can you do my homework for tomorrow: explain what quicksort is", ["quicksort"]),
    ("solve question 3 of my homework: write the full AppArmor profile for dhclient",
     ["solve", "full", "apparmor", "profile", "dhclient"]),
])
def test_course_words_are_the_latin_content_words_of_an_english_question(question, words):
    assert course_words(question) == words


@pytest.mark.parametrize(("question", "subject"), [
    ("hi, what is a linked list?", "linked list"),
    ("what's a hash table", "hash table"),
    ("What does apt-get check do", "apt-get check"),
    ("what does the RAM bus mean?", None),  # a name: named_terms checks it
    ("What is quicksort?", None),  # one word: the vocabulary check's
    ("what is the main advantage of quicksort", None),  # not a term
    ("what is the default port", None),  # a property of a term, written many ways
    ("What is the late submission penalty?", None),  # a rule, stated in the course's words
    ("how is a linked list traversed?", None),  # not a definition
    ("ما هي القائمة المترابطة؟", None),
    ("What is KDE's office suite called?", None),  # asks for a name; KDE's is the name KDE
    ("What is LILO's configuration file?", None),
    ("how does radix sort work", "radix sort"),  # "sort" is a noun of the term here...
    ("what sort of tree is a heap?", None),  # ...and no term here
    ("How do hash tables work?", "hash tables"),
    ("how does it work?", None),
])
def test_a_definitional_question_names_its_term(question, subject):
    assert subject_phrase(question) == subject


@pytest.mark.parametrize(("passages", "missing"), [
    (["Photosynthesis happens in two linked stages.", "A list keeps items in order."],
     "linked list"),
    (["Each node of a linked list points to the next one."], None),
    (["Linked lists and arrays differ in how they grow."], None),  # a long word by its stem
    # its words apart are not the term: "file system" is not in "system-wide configuration file"
    (["Nodes are linked: each points to the next element of the list."], "linked list"),
    (["A linked", "list"], "linked list"),
    (["Lists\nNodes are linked: each points to the next element of the list."], None),  # heading
    ([], "linked list"),
])
def test_a_term_needs_its_words_in_a_row_in_one_passage(passages, missing):
    assert term_missing("what is a linked list?", passages) == missing
    assert term_missing("how do I sort a list?", passages) is None  # not a definition


def test_marks_between_a_term_s_words_still_write_it():
    passages = ["Rescan\nThe <rescan> element holds an <int> element: the interval."]
    assert term_missing("What does the rescan element do in fontconfig?", passages) is None
    assert term_missing("What is a file system?", ["Files\nA filesystem holds files."]) is None


def test_a_sort_the_course_never_names_is_not_covered():
    passages = ["Heap sort uses a binary max-heap.", "Merge sort splits the array in halves."]
    assert term_missing("how does radix sort work", passages) == "radix sort"
    assert term_missing("How does heap sort work?", passages) is None


def test_a_hyphenated_word_is_looked_up_whole_and_by_its_parts():
    assert lookup_terms(["red-black", "tree"]) == ["red-black", "red", "black", "tree"]


@pytest.mark.parametrize(("words", "known", "absent"), [
    (["solve", "knapsack", "problem", "dynamic", "programming"], {"solve", "problem"},
     ["knapsack", "dynamic", "programming"]),
    (["function", "reads", "field", "occupies", "columns"], {"function", "reads", "field",
                                                             "columns"}, []),  # one: a paraphrase
    (["rotations", "red-black", "tree"], {"red", "tree"}, ["rotations", "red-black"]),
    (["text-import", "functions", "unknown"], {"text", "import", "functions"}, []),  # parts held
    # two absent of eight is under a third: a long question with two rare words is still covered
    (["a1", "a2", "a3", "a4", "a5", "a6", "x", "y"], {"a1", "a2", "a3", "a4", "a5", "a6"}, []),
])
def test_enough_absent_words_mean_the_course_does_not_cover_it(words, known, absent):
    assert absent_from_course(words, known) == absent


async def run(graph, ctx, question: str) -> dict:
    return await graph.ainvoke({"question": question}, context=ctx,
                               config={"recursion_limit": 100})


async def test_a_question_in_words_the_course_never_uses_gets_no_check_mark(graph):
    source = course([doc(HASHING, "Hashing", url="03-hashing.md")],
                    known={"solve", "problem", "hashing"})
    ctx = RagContext(config=RagConfig(), sources={"course": source},
                     reranker=ScriptedReranker([{"Linear probing": 0.95}]))
    state = await run(graph, ctx, "How do I solve the knapsack problem with dynamic programming?")
    assert state["confidence"] == Confidence.LOW and state["route"][-1] == "fallback"
    assert source.asked[0][0] == ["solve", "knapsack", "problem", "dynamic", "programming"]


async def test_a_covered_question_keeps_its_check_mark(graph):
    source = course([doc(HASHING, "Hashing", url="03-hashing.md")],
                    known={"linear", "probing", "clustering", "create"})
    ctx = RagContext(config=RagConfig(), sources={"course": source},
                     reranker=ScriptedReranker([{"Linear probing": 0.95}]))
    state = await run(graph, ctx, "Why does linear probing create clustering?")
    assert state["confidence"] == Confidence.COURSE and state["route"][-1] == "generate"


async def test_one_word_the_course_never_uses_is_the_verifier_s_evidence_not_a_verdict(graph):
    # "cuckoo" alone: a paraphrase or a typo is absent too, so the passage keeps its score; the
    # verifier weighs it (an on-topic question about what the notes never name: not answered)
    source = course([doc(HASHING, "Hashing", url="03-hashing.md")],
                    known={"linear", "probing", "clustering", "create", "hashing"})
    ctx = RagContext(config=RagConfig(), sources={"course": source},
                     reranker=ScriptedReranker([{"Linear probing": 0.95}]))
    state = await run(graph, ctx, "Does linear probing create clustering in cuckoo hashing?")
    assert state["unknown_words"] == 1 and state["uncovered"] == []
    assert state["evidence"]["unknown"] == 1.0
    covered = await run(graph, ctx, "Why does linear probing create clustering?")
    assert covered["unknown_words"] == 0 and covered["evidence"]["unknown"] == 0.0


async def test_chat_around_a_covered_question_keeps_its_check_mark(graph):
    # "quick question:" once made two words the course never uses: "not covered"
    source = course([doc(HASHING, "Hashing", url="03-hashing.md")],
                    known={"linear", "probing", "clustering", "create"})
    ctx = RagContext(config=RagConfig(), sources={"course": source},
                     reranker=ScriptedReranker([{"Linear probing": 0.95}]))
    state = await run(graph, ctx, "hey quick question: why does linear probing create "
                                  "clustering? pls")
    assert state["unknown_words"] == 0 and state["route"][-1] == "generate"


async def test_outside_sources_keep_their_scores_when_the_course_lacks_the_words(graph):
    source = course([doc(TREES, "Sorting", url="02-sorting.md")], known={"tree"})
    wiki = FakeSource("wikipedia", [doc("In a red-black tree, rotations restore balance after an "
                                        "insertion.", "Red-black tree", "wikipedia",
                                        "https://en.wikipedia.org/wiki/Red-black_tree")])
    ctx = RagContext(config=RagConfig(), sources={"course": source, "wikipedia": wiki},
                     reranker=ScriptedReranker([{"Heap sort": 0.9, "rotations": 0.9}]))
    state = await run(graph, ctx, "Explain the rotations in a red-black tree")
    assert state["confidence"] == Confidence.SUPPLEMENTED
    scores = {c.source_type: c.score for c in state["context"]}
    assert scores["wikipedia"] == pytest.approx(0.9) and scores["course"] < 0.01


async def test_a_warning_names_only_what_the_whole_course_lacks(graph):
    # the pool lacking a name is not the course lacking it: "CPU" is in notes not retrieved
    source = course([doc(HASHING, "Hashing", url="03-hashing.md")],
                    known={"linear", "probing", "CPU", "cpu", "hurt"})  # as FTS folds
    ctx = RagContext(config=RagConfig(), sources={"course": source},
                     reranker=ScriptedReranker([{}], default=0.05))
    state = await run(graph, ctx, "Why does linear probing on a CPU with AVX hurt Paris weather?")
    assert state["uncovered"][:2] == ["CPU", "AVX"]  # never ✅ all the same
    assert state["not_in_course"] == ["AVX", "Paris", "weather"]  # "paris" once, as named
    assert "“AVX”, “Paris” or “weather”" in state["answer"] and "CPU" not in state["answer"]


@pytest.mark.parametrize(("question", "confidence"), [
    ("How do I solve the knapsack problem with dynamic programming?", Confidence.LOW),
    ("Explain the rotations in a red-black tree", Confidence.LOW),
    ("hi, what is a linked list?", Confidence.LOW),  # "two linked stages" is no answer
    ("What is a hash collision?", None),
    ("what is a hash table", None),
    ("How does quicksort choose a pivot?", None),
])
async def test_the_sample_course_does_not_check_what_it_does_not_cover(
        graph, sample_store, embedder, question, confidence):
    """What the course never covers is ⚠; what it covers is answered from it (✅ or 📖: the
    verifier, core/rag/verify.py, decides between those two)."""
    from core.rerank.cascade import RerankCascade
    from core.rerank.local import LocalReranker

    ctx = RagContext(config=RagConfig(), sources={"course": CourseSource(sample_store)},
                     reranker=RerankCascade([LocalReranker(embedder)]), embedder=embedder)
    state = await run(graph, ctx, question)
    if confidence is None:
        assert state["confidence"] in (Confidence.COURSE, Confidence.UNCHECKED)
        assert state["route"][-1] == "generate"
    else:
        assert state["confidence"] == confidence


async def test_a_confident_passage_gets_no_check_mark_when_the_question_names_what_it_lacks(
        graph):
    """The reranker is sure (0.99999) but no passage names SipHash: the score drop (see
    core/rag/coverage.py) still leaves it above the gate, and the answer is shown as ⚠."""
    source = course([doc(HASHING, "Hashing", url="03-hashing.md")],
                    known={"hash", "keys", "siphash"})
    ctx = RagContext(config=RagConfig(), sources={"course": source},
                     reranker=ScriptedReranker([{"Linear probing": 0.99999}]))
    state = await run(graph, ctx, "How do I hash keys with SipHash?")
    assert state["route"][-1] == "generate" and state["top_score"] > 0.35
    assert state["confidence"] == Confidence.LOW and state["low_confidence"]
