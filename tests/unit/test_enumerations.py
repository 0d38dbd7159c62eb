"""A question asking for a list gets the whole list its passage announces, each item a line."""
from __future__ import annotations

import pytest

from core.rag.enumerations import MAX_ITEMS, asks_for_list, list_item
from core.rag.extractive import compose, relevant_strips
from tests.support.chunks import course_chunks

MATH = ("If bc is invoked with the -l option, a math library is preloaded. "
        "The math library defines the following functions:\n\n"
        "s (x) — The sine of x, x is in radians.\n\n"
        "c (x) — The cosine of x, x is in radians.\n\n"
        "a (x) — The arctangent of x, arctangent returns radians.\n\n"
        "l (x) — The natural logarithm of x.\n\n"
        "e (x) — The exponential function of raising e to the value x.\n\n"
        "j (n, x) — The Bessel function of integer order n of x.\n\n"
        "A standard math library is available by command line option.")


@pytest.mark.parametrize("question", [
    "What functions does the bc math library define?", "Which options are accepted?",
    "What are the two stages of photosynthesis?", "List the math functions", "اذكر دوال المكتبة"])
def test_questions_asking_for_a_list(question):
    assert asks_for_list(question)


@pytest.mark.parametrize("question", [
    "What does bc -s do?", "What is the sine function in bc?", "How do I load the math library?",
    "What is a list?"])
def test_questions_asking_for_one_fact(question):
    assert not asks_for_list(question)


async def test_a_list_question_gets_every_item_each_on_its_own_line():
    strips = await relevant_strips("What functions does the bc math library define?",
                                   course_chunks(MATH), None, 4)
    text = compose(strips)
    for name in ("s (x)", "c (x)", "a (x)", "l (x)", "e (x)", "j (n, x)"):
        assert f"\n{name} — " in text, name
    # the prose after the list is not an item, and it is not glued to the last one
    assert "integer order n of x.\nA standard" in text or "A standard" not in text


async def test_a_question_for_one_fact_does_not_get_the_whole_list():
    strips = await relevant_strips("What does the bc function c (x) compute?",
                                   course_chunks(MATH), None, 2)
    assert "Bessel" not in compose(strips)


OPTIONS = ("bc takes the following options from the command line:\n\n"
           "-h, --help — Print the usage and exit.\n\n"
           "-l, --mathlib — Define the standard math library.\n\n"
           "-w, --warn — Give warnings for extensions to POSIX bc.\n\n"
           "-s, --standard — Process exactly the POSIX bc language.")


async def test_an_item_question_gets_its_item_under_the_announcement_not_the_first_item():
    text = compose(await relevant_strips("What does the -w option of bc do?",
                                         course_chunks(OPTIONS), None, 3))
    assert "-w, --warn — Give warnings" in text
    assert "--help" not in text


async def test_a_list_stops_at_the_cap_and_at_the_first_paragraph_of_another_shape():
    items = "\n\n".join(f"f{i} (x) — Function number {i}." for i in range(MAX_ITEMS + 5))
    text = f"The library defines the following functions:\n\n{items}"
    strips = await relevant_strips("What functions does the library define?",
                                   course_chunks(text), None, 2)
    assert sum(list_item(s.text) for s in strips) <= MAX_ITEMS + 1


def test_list_items_by_shape():
    assert list_item("-w, --warn — Give warnings for extensions to POSIX bc.")
    assert list_item("- apt-listchanges shows changes")
    assert list_item("2) Exact matching on tags.")
    assert not list_item("The math functions will calculate their results to the scale set.")


async def test_a_sentence_counting_its_items_brings_that_many_for_any_question():
    """A new user's "Why is byte-by-byte CRC computation slow?" got the first of the paper's
    "two reasons": a why-question asks for no list, so only the first item came."""
    text = ("Computing CRC byte by byte is rather slow and takes 6 - 8 CPU cycles per byte. "
            "There are two reasons why it is slow:\n\n"
            "1. Reading data 8 bits at a time is not the most efficient data access method.\n\n"
            "2. Modern CPUs have multiple ALUs. However, byte-by-byte CRC has only one data "
            "flow.\n\n"
            "3. This third line is the next topic and no reason.")
    reply = compose(await relevant_strips("Why is byte-by-byte CRC computation slow?",
                                          course_chunks(text), None, 2))
    assert "Reading data 8 bits" in reply and "multiple ALUs" in reply
    assert "third line" not in reply
