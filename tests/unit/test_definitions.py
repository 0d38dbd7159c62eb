"""The sentence defining the term a question asks about is found though it repeats few of its
words (fresh4's fit half: "what does the variable N stand for" over the AMC scoring page)."""
from __future__ import annotations

import pytest

from core.rag.definitions import asked_term, defining, definition_of, option_entry
from core.rag.extractive import compose, relevant_strips
from core.rag.state import Chunk
from tests.support.chunks import course_chunks


@pytest.mark.parametrize(("question", "term"), [
    ("in a scoring formula what does the variable N stand for", "N"),
    ("What is a linked list?", "linked list"),
    ("what does apt-get check do", "apt-get check"),
    ("How do I install R?", None),
    ("ما هو Xen؟", "Xen"),  # Arabic forms
    ("مرحبا، ما هي الحوسبة الظاهرية؟", "الحوسبة الظاهرية"),
    ("ماذا يعني dom0", "dom0"),
    ("ما هو الأمر الذي يحمّل ملفات تعريف AppArmor إلى النواة؟", None),  # no term: a question
    ("عندما هو يعمل", None),
    ("what is the difference between the two ways of installing a package on a system", None),
    # what it means somewhere, the term in quotes (fresh9's fit half)
    ('what does "definitely lost" mean in a leak report', "definitely lost"),
    ("What does “FC_LANG” mean?", "FC_LANG"),
])
def test_the_term_asked_about(question, term):
    assert asked_term(question) == term


def test_a_short_term_is_matched_in_its_own_case_and_only_as_the_sentence_s_subject():
    opens = defining("N")
    assert opens.match("N is the number of proposed responses.")
    assert opens.match("• N: the number of proposed responses")
    assert not opens.match("NB is the number of correct responses.")
    assert not opens.match("n is the number of questions kept.")
    assert not opens.match("Note that N is fixed.")
    assert defining("linked list").match("A linked list is a sequence of nodes.")
    assert defining("Xen").match("Xen هو حل محاكاة شبه ظاهرية.")
    assert not defining("Xen").match("Xensource هو اسم الشركة.")
    # a definition list item kept as one line: '"Definitely lost" — This covers…' (QT, DT)
    assert defining("definitely lost").match('"Definitely lost" — This covers cases 3 and 4.')
    assert defining("-w").match("-w, --warn — Give warnings") is None  # the comma: no join
    assert defining("--warn").match("--warn — Give warnings for extensions to POSIX bc.")
    assert not defining("lost").match("lost—found")
    assert defining("الحوسبة الظاهرية").match("الحوسبة الظاهرية (virtualization) هي إحدى أهم "
                                             "تطورات الحوسبة.")


async def test_the_defining_sentence_is_picked_over_sentences_repeating_more_question_words():
    text = ("Gives a particular value to the variable named XXX, available in a formula. "
            "You must declare the variable XXX inside the scoring formula. "
            "The variable XXX has to be defined in the scoring. "
            "N is the number of proposed responses, without counting the added one.")
    chunk = Chunk(id="c1", text=text, context=text, title="Scoring strategy",
                  url_or_path="amc.pdf", source_type="course", score=0.9)
    strips = await relevant_strips("in a scoring formula what does the variable N stand for",
                                   [chunk], None, 2)
    assert any(s.text.startswith("N is the number") for s in strips)


async def test_the_passage_defining_the_asked_term_is_ranked_into_the_context():
    """"ما هو Xen؟" over a Xen section: four passages using Xen outranked the one defining it."""
    from langgraph.runtime import Runtime

    from core.config import RagConfig
    from core.rag.nodes.rerank import rerank
    from core.rag.state import RagContext
    from tests.support.fakes import ScriptedReranker

    using = [Chunk(id=f"u{i}", text=f"Xen has network model number {i}.", context="",
                   title="Xen", url_or_path="v.html", source_type="course") for i in range(5)]
    defining_chunk = Chunk(id="d", text="Xen هو حل محاكاة شبه ظاهرية. يقدم Xen طبقة عزل.",
                           context="", title="Xen", url_or_path="v.html", source_type="course")
    runtime = Runtime(context=RagContext(
        config=RagConfig(final_context_n=4), sources={},
        reranker=ScriptedReranker([{"number 0": 0.95, "number 1": 0.9, "number 2": 0.9,
                                    "number 3": 0.5, "number 4": 0.4, "محاكاة": 0.3}])))
    state = {"question": "ما هو Xen؟", "pool": [*using, defining_chunk]}
    ranked = await rerank(state, runtime)
    assert [c.id for c in ranked["context"]] == ["u0", "u1", "u2", "d"]  # over u3 (0.5)
    plain = await rerank(state | {"question": "كيف أشغل Xen؟"}, runtime)
    assert "d" not in [c.id for c in plain["context"]]  # no term asked: no lift


def test_an_option_s_entry_is_its_definition_whatever_its_list_holds():
    assert option_entry("-a").match("-a, --append — Append the resource use information.")
    assert option_entry("--output").match("-o file, --output=file — Write the statistics.")
    assert option_entry("-j").match("-j N: run N jobs in parallel")
    assert not option_entry("-v").match("-V, --version — Print the version number.")
    assert not option_entry("-j").match("ninja -C build -j 20 changes into the directory.")
    assert definition_of("ما الذي يفعله الخيار -j في ninja؟") is not None  # any language
    assert definition_of("What is the difference between -a and -o?") is None
    assert definition_of("ما وظيفة الخيار -n في الأمر netstat؟") is not None
    # asked of an example, not of what the option does (fresh7's fit half): no entry wins
    assert definition_of("In the gitweb example, which commit is given to --onto?") is None


async def test_the_asked_option_s_entry_is_picked_over_lines_repeating_the_question_s_words():
    """A new user's "What does the -a option of time do?" got the synopsis and --help's line."""
    text = ("time [option…] command [arg…]\n\n"
            "Options to time must appear on the command line before command.\n\n"
            "-o file, --output=file — Write the resource use statistics to file.\n\n"
            "-a, --append — Append the resource use information to the output file.\n\n"
            "--help — Print a summary of the command line options to time and exit.")
    reply = compose(await relevant_strips("What does the -a option of time do?",
                                          course_chunks(text), None, 1))
    assert reply.startswith("-a, --append — Append")


async def test_the_defining_sentence_leads_the_reply(embedder):
    """A new user's "What is Expat?" got download and linking advice first, the definition
    last, from a passage the reranker put lower."""
    chunks = course_chunks(
        "The Expat distribution comes as a compressed (with GNU gzip) tar file. You may "
        "download the latest version of the Expat XML parser library from Source Forge.",
        "Expat is a library, written in C, for parsing XML documents.", step=0.8)
    reply = compose(await relevant_strips("What is Expat?", chunks, embedder, 3))
    assert reply.startswith("Expat is a library, written in C")


def test_a_sentence_ending_in_the_term_it_names_defines_it():
    """A new user's "What is a D-normalized polynomial?" got the definition last, after two
    sentences merely using the term: the paper writes "Polynomials of degree less than D …
    will be called D-normalized."."""
    opens = definition_of("What is a D-normalized polynomial?")
    assert opens is not None
    assert opens.match("Polynomials of degree less than D whose coefficients are recorded using "
                       "exactly D bits will be called D-normalized.")
    assert not opens.match("Multiplication of two D-normalized polynomials is done bit by bit.")
    collision = defining("hash collision")
    assert collision.match("Two keys mapping to one slot is called a hash collision.")
    assert not collision.match("This is called a hash collision.")  # the sentence before says
    assert not collision.match("It is called a hash collision in most books, but not here.")
