"""A reply's text as the student reads it: sentences run together, fragments, titles and
blocks on lines of their own, Markdown's inline marks dropped."""
from __future__ import annotations

from core.rag.extractive import compose
from core.rag.strips import Strip


def test_bullet_fragments_are_not_run_together_but_sentences_are():
    strips = [Strip("Profiles live in /etc/apparmor.d/", 0, 0, 0.9),
              Strip("aa-unconfined lists unconfined programs", 0, 1, 0.8),
              Strip("Complain mode logs violations.", 0, 2, 0.7),
              Strip("Enforce mode blocks them.", 0, 3, 0.6)]
    assert compose(strips) == ("Profiles live in /etc/apparmor.d/\naa-unconfined lists unconfined "
                               "programs\nComplain mode logs violations. Enforce mode blocks them.")


def test_a_sidebar_title_is_never_glued_to_the_sentence_before_it():
    strips = [Strip("Sticky directories are allowed.", 0, 0, 0.9),
              Strip("SECURITY setgid directory and sticky bit", 0, 1, 0.8),
              Strip("The setgid bit applies to directories.", 0, 2, 0.7)]
    assert compose(strips) == ("Sticky directories are allowed.\nSECURITY setgid directory and "
                               "sticky bit\nThe setgid bit applies to directories.")


def test_markdown_inline_marks_are_not_shown_but_code_spans_and_globs_stay():
    text = ("The *most* important fields are `name` and `version`; see [bin](#bin). Files "
            "listed there _cannot_ be excluded, but *.md files and `[\"*\"]` can.")
    assert compose([Strip(text, 0, 0, 1.0)]) == (
        "The most important fields are `name` and `version`; see bin. Files listed there "
        "cannot be excluded, but *.md files and `[\"*\"]` can.")
    dunder = "It is written out using __NOGLOBS__ as the pattern, before __init__ runs."
    assert compose([Strip(dunder, 0, 0, 1.0)]) == dunder  # names to type, not bold


def test_a_code_block_that_opens_the_answer_keeps_its_first_line_s_indentation():
    block = "    for x in xs:\n        print(x)"
    answer = compose([Strip(block, 0, 0, 0.9, block=True), Strip("It prints each item.", 0, 1, 0.8)])
    assert answer == block + "\n\nIt prints each item."
