"""Plain-text notes: underlined headings become sections, hard-wrapped prose reads as prose
(core/ingest/text_layout.py through read_text)."""
from __future__ import annotations

from core.ingest.plaintext import read_text
from core.rag.blocks import read_paragraph

ASCIIDOC = b"""git-subtree(1)
==============

NAME
----
git-subtree - Merge subtrees together and split repository into subtrees

DESCRIPTION
-----------
Subtrees allow subprojects to be included within a subdirectory
of the main project, optionally including the subproject's
entire history.

COMMANDS
--------
add <local-commit>::
add <repository> <remote-ref>::
\tCreate the <prefix> subtree by importing its contents
\tfrom the given <local-commit> or <repository> and <remote-ref>.
+
You can omit the '--squash' flag, but doing so will increase the number
of commits that are included in your local repository.

-q::
--quiet::
\tSuppress unnecessary output messages on stderr.

EXAMPLE 1. 'add' command
------------------------
Let's assume that you have a local repository that you would like
to add an external vendor library to:

\t$ git subtree add --prefix=git-subtree --squash \\
\t\tgit://example.org/git-subtree.git master
"""


def test_underlined_headings_are_sections_and_the_first_is_the_title() -> None:
    ex = read_text(ASCIIDOC, markdown=False)
    assert ex.title == "git-subtree(1)"
    assert [s.section for s in ex.spans] == ["NAME", "DESCRIPTION", "COMMANDS",
                                             "EXAMPLE 1. 'add' command"]
    assert not any("----" in s.text or "====" in s.text for s in ex.spans)


def test_hard_wrapped_prose_is_one_line_and_reads_as_sentences() -> None:
    # kept as three lines it was an example block, never quoted as an answer on its own
    ex = read_text(ASCIIDOC, markdown=False)
    description = ex.spans[1].text
    assert description == ("Subtrees allow subprojects to be included within a subdirectory "
                           "of the main project, optionally including the subproject's "
                           "entire history.")
    assert read_paragraph(description)[0] is False
    # a definition list's entry reads as a sentence naming what it describes ("which flag
    # keeps the output quiet?"); "+" joins the entry's next paragraph on
    assert ex.spans[2].text.split("\n\n") == [
        "add <local-commit>, add <repository> <remote-ref>: Create the <prefix> subtree by "
        "importing its contents from the given <local-commit> or <repository> and <remote-ref>.",
        "You can omit the '--squash' flag, but doing so will increase the number of commits "
        "that are included in your local repository.",
        "-q, --quiet: Suppress unnecessary output messages on stderr."]


def test_code_console_lists_and_short_lines_keep_their_breaks() -> None:
    ex = read_text(ASCIIDOC, markdown=False)
    session = ex.spans[3].text.split("\n\n")[1]
    assert session == ("\t$ git subtree add --prefix=git-subtree --squash \\\n"
                       "\t\tgit://example.org/git-subtree.git master")
    listed = read_text(b"Steps to follow before the exam starts:\n\n"
                       b"- revise the lecture notes of weeks one to five\n"
                       b"- solve the two sample papers on the course page\n", markdown=False)
    assert "\n- solve" in listed.spans[0].text
    short = read_text(b"Name: Ada\nRoom: 4.12\n", markdown=False)
    assert short.spans[0].text == "Name: Ada\nRoom: 4.12"


def test_a_rule_under_a_paragraph_or_a_table_header_is_no_heading() -> None:
    ex = read_text(b"Results of the lab session follow here\n"
                   b"---------------------------------------------------------------\n\n"
                   b"Name    Score\n-----   -----\nAda     9\n", markdown=False)
    assert [s.section for s in ex.spans] == [""]
    separated = read_text(b"Intro line\nsecond line\n----------\n", markdown=False)
    assert [s.section for s in separated.spans] == [""]


def test_a_word_man_hyphenated_at_a_line_end_is_one_word_again() -> None:
    page = ("DESCRIPTION\n"
            "       GNU tar saves many files together into a single tape or disk ar\u2010\n"
            "       chive, and can restore individual files from the archive; it allo\u2010\n"
            "       cates memory for the blocks it reads, and its options are well-\n"
            "       known to most users of Unix-like systems.\n")
    [span] = read_text(page.encode(), markdown=False).spans
    assert "single tape or disk archive, and" in span.text and "it allocates memory" in span.text
    assert "well- known" in span.text  # an ASCII hyphen may be the word's own


def test_a_man_page_printed_by_man_has_its_sections() -> None:
    page = ("TAR(1)                    GNU TAR Manual                    TAR(1)\n\n"
            "NAME\n       tar - an archiving utility\n\n"
            "EXIT STATUS\n       Tar exit code indicates whether it was able to successfully "
            "perform\n       the requested operation, and if not, what kind of error occurred.\n")
    spans = read_text(page.encode(), markdown=False).spans
    assert [s.section for s in spans] == ["", "NAME", "EXIT STATUS"]
    assert spans[2].text.startswith("Tar exit code indicates")
