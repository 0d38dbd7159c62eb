"""Parents are what an offline answer quotes: a page break must not cut a sentence in two."""
from __future__ import annotations

from core.ingest.chunking import chunk_spans
from core.ingest.document import Span


def _parent_paragraphs(spans: list[Span]) -> list[str]:
    parents = dict.fromkeys(d.parent_text for d in chunk_spans(spans, scope="d"))
    return [p for parent in parents for p in parent.split("\n\n")]


def test_a_sentence_a_page_break_cut_is_one_paragraph_on_the_page_it_starts_on():
    spans = [Span("The title should not end in a period. Do", 4, "Title"),
             Span("not repeat the package name: it is often used prefixed by it.", 5, "Title")]
    drafts = chunk_spans(spans, scope="d")
    assert _parent_paragraphs(spans) == [
        "The title should not end in a period. Do not repeat the package name: it is often "
        "used prefixed by it."]
    assert {d.page for d in drafts} == {4}
    number = [Span("Small files grow, since it has an overhead in the region of", 6, "About"),
              Span("50 bytes. Random data is coded at about 8.05 bits per byte.", 7, "About")]
    assert _parent_paragraphs(number) == [
        "Small files grow, since it has an overhead in the region of 50 bytes. Random data is "
        "coded at about 8.05 bits per byte."]


def test_a_closed_sentence_a_command_or_a_new_section_is_not_run_on():
    closed = [Span("The title should not end in a period.", 4, "Title"),
              Span("not all fields are required, though.", 5, "Title")]
    command = [Span("To see what is installed, run", 4, "Tools"),
               Span("dpkg -l", 5, "Tools")]
    same_page = [Span("A heading without a stop", 4, "Tools"),
                 Span("lower-case text on the same page.", 4, "Tools")]
    other_section = [Span("The title should not end in a period. Do", 4, "Title"),
                     Span("not repeat the package name.", 5, "Description")]
    heading = [Span("The options are listed in", 4, "Tools"),
               Span("2.4 OPTIONS of the manual. Read them.", 5, "Tools")]
    for spans in (closed, command, same_page, other_section, heading):
        assert _parent_paragraphs(spans) == [s.text for s in spans]


def test_the_page_s_footnotes_do_not_keep_a_cut_sentence_apart():
    spans = [Span("Names may hold letters and periods16 and must start with a letter. They are "
                  "a\n\n16 More precisely, they can hold the English alphanumeric characters.",
                  22, "Names"),
             Span("package's name for more information.", 23, "Names")]
    assert _parent_paragraphs(spans) == [
        "Names may hold letters and periods16 and must start with a letter. They are a "
        "package's name for more information.",
        "16 More precisely, they can hold the English alphanumeric characters."]


def test_a_parent_never_starts_in_the_middle_of_a_thought():
    prose = " ".join(["R CMD check runs many tests on a package."] * 26)  # ~1,100 characters
    setting = '_R_CHECK_CODETOOLS_PROFILE_="suppressLocalUnused=FALSE"'
    spans = [Span(f"{prose}\n\n{setting}\n\nwhich reports unused local assignments. It can also "
                  "uncover errors, such as assigning in the wrong scope.", 52, "Checking")]
    parents = list(dict.fromkeys(d.parent_text for d in chunk_spans(spans, scope="d")))
    assert len(parents) == 2
    assert parents[1].startswith(f"{setting}\n\nwhich reports unused local assignments.")


def test_an_example_starts_its_parent_with_the_sentence_that_introduces_it():
    prose = " ".join(["The lm function fits linear models to data frames."] * 22)  # ~1,120
    intro = "A typical application is seen at the start of the lm function:"
    code = "mf <- cl <- match.call()\nmf$singular.ok <- mf$model <- NULL"
    spans = [Span(f"{prose} {intro}\n\n{code}", 40, "match.call")]
    parents = list(dict.fromkeys(d.parent_text for d in chunk_spans(spans, scope="d")))
    assert len(parents) == 2
    assert parents[0].endswith(intro)
    assert parents[1] == f"{intro}\n\n{code}"


def test_a_paragraph_that_explains_the_example_above_it_starts_its_parent_with_it():
    prose = " ".join(["Vim waits for the rest of an escape sequence."] * 25)  # ~1,150 characters
    setting = "set ttimeout\nset ttimeoutlen=100"
    why = "This makes typing Esc take effect more quickly. Normally Vim waits a second."
    unrelated = "Vim can also show line numbers in the left margin of the window."
    for after, repeated in ((why, True), (unrelated, False)):
        spans = [Span(f"{prose}\n\n{setting}\n\n{after}", 12, "Options")]
        parents = list(dict.fromkeys(d.parent_text for d in chunk_spans(spans, scope="d")))
        assert len(parents) == 2
        assert parents[1].startswith(f"{setting}\n\n{after}") is repeated


def test_an_option_on_a_line_of_its_own_opens_the_paragraph_that_explains_it():
    """Manuals print options and constants as a term line over its description; a question
    about "-k" must find "-k --keep" and what it does in one paragraph."""
    spans = [Span("-k --keep\n\nKeep (don't delete) input files during compression.\n\n"
                  "BZ_MEM_ERROR\n\nReturned when a request to allocate memory failed.\n\n"
                  "-s --small\n\nexample:\n  bzip2 -s big.tar", 7, "OPTIONS"),
             Span("Examples\n\nRun it twice.", 8, "OPTIONS")]
    assert _parent_paragraphs(spans) == [
        "-k --keep — Keep (don't delete) input files during compression.",
        "BZ_MEM_ERROR — Returned when a request to allocate memory failed.",
        "-s --small", "example:\n  bzip2 -s big.tar",  # no prose sentence follows it
        "Examples", "Run it twice."]  # a heading word is no option


def test_a_list_item_led_by_its_quoted_term_keeps_the_term_with_what_follows():
    """Valgrind's leak kinds are '- "Definitely lost". This covers case 3…': as two sentences,
    the term and what it means were picked apart."""
    spans = [Span('Memcheck has four leak kinds.\n\n- "Still reachable". This covers cases 1 '
                  'and 2.\n- “Definitely lost”.  This means that no pointer to the block can be '
                  'found.\n- «Quoted too long to be a term at all in a list». Stays.\n\n'
                  '"Hello". She said it twice: prose, not a list.', 3, "Leaks")]
    assert _parent_paragraphs(spans) == [
        "Memcheck has four leak kinds.",
        '- "Still reachable" — This covers cases 1 and 2.\n'
        "- “Definitely lost” — This means that no pointer to the block can be found.\n"
        "- «Quoted too long to be a term at all in a list». Stays.",
        '"Hello". She said it twice: prose, not a list.']
