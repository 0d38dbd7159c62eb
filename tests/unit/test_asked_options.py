"""An option question keeps to the passages naming its option (core/rag/strips.py)."""
from __future__ import annotations

from core.messages import Confidence
from core.rag.strips import Strip, on_asked_options
from tests.support.fakes import FakeSource, ScriptedReranker, doc

OPTIONS = [Strip("bc takes the following options from the command line:", 0, 0, 0.55),
           Strip("-w, --warn — Give warnings for extensions to POSIX bc.", 0, 3, 0.64)]
READLINE = [Strip("GNU bc can be compiled (via a configure option) to use the GNU readline "
                  "input editor library.", 2, 0, 0.5)]
ENVIRONMENT = [Strip("POSIXLY_CORRECT — This is the same as the -s option.", 3, 1, 0.57)]


def test_passages_not_naming_the_asked_option_are_left_out():
    """A new user's -w answer went on with bc's readline section ("…a configure option…")."""
    kept = on_asked_options("What does the -w option of bc do?", OPTIONS + READLINE)
    assert kept == OPTIONS


def test_every_passage_naming_an_asked_option_is_kept_whole():
    strips = OPTIONS + READLINE + ENVIRONMENT
    assert on_asked_options("what does bc -s do", strips) == ENVIRONMENT
    assert on_asked_options("What do -w and -s do?", strips) == OPTIONS + ENVIRONMENT


def test_nothing_is_left_out_when_no_passage_names_the_option_or_none_is_asked():
    strips = OPTIONS + READLINE
    assert on_asked_options("What does the -x option of bc do?", strips) == strips
    assert on_asked_options("How do I compile bc with readline?", strips) == strips


NINJA_TOOLS = ("If used like ninja -t targets rule name it prints the list of targets using the "
               "given rule to be built. If used like ninja -t targets all it prints all the "
               "targets available without indentation.")


def ninja_context(make_context):
    source = FakeSource("course", [doc(NINJA_TOOLS, "Extra tools", url="ninja.html")])
    return make_context(sources={"course": source},
                        reranker=ScriptedReranker([{"Extra tools": 0.9}]))


async def test_a_reply_naming_none_of_the_asked_options_is_not_vouched_for(graph, make_context):
    # an unanswerable question got ✅ over another option's text
    asked = await graph.ainvoke({"question": "What does ninja -d explain print?"},
                                context=ninja_context(make_context))
    assert "-t targets" in asked["answer"] and asked["confidence"] is Confidence.UNCHECKED
    named = await graph.ainvoke({"question": "What does ninja -t targets all print?"},
                                context=ninja_context(make_context))
    assert named["confidence"] is Confidence.COURSE
