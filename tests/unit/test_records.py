"""A record's fields in one paragraph: a later field is shown under the field naming whose it is."""
from __future__ import annotations

from core.rag.extractive import compose, relevant_strips
from core.rag.records import is_field
from tests.support.chunks import course_chunks

SYLLABUS = ("Instructor: Dr. Leila Haddad. Office: Room B214, Engineering Building. Office hours: "
            "Tuesdays and Thursdays, 14:00–15:30.\n\nTeaching assistant: Omar Khalil "
            "(omar.khalil@example.edu). Lab sessions are held on Wednesdays from 10:00 to 12:00 "
            "in Lab C3.")


async def test_a_later_field_comes_under_the_field_naming_its_record():
    reply = compose(await relevant_strips("When are the teaching assistant's office hours?",
                                          course_chunks(SYLLABUS), None, 2))
    assert "Office hours: Tuesdays" in reply
    # the hours are read as the instructor's, not as the assistant's named after them
    assert reply.index("Instructor: Dr. Leila Haddad.") < reply.index("Office hours:")


async def test_prose_is_no_record():
    text = ("Run the tests before you submit. Note: late work loses 10% per day.\n\n"
            "Grading is on the course page.")
    reply = compose(await relevant_strips("how much does late work lose", course_chunks(text),
                                          None, 1))
    assert reply == "Note: late work loses 10% per day."


def test_a_field_is_a_short_labelled_sentence():
    assert is_field("Office hours: Tuesdays and Thursdays, 14:00–15:30.")
    assert is_field("المدرس: د. ليلى حداد.")
    assert not is_field("There are three types of build dependencies: explicit, implicit and "
                        "order-only, which differ in how the output is rebuilt when they change "
                        "and in what the rule sees.")
    assert not is_field("See also the four tools below: first, second.")
