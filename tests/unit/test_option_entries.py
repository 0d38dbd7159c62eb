"""A question naming an option is answered from that option's entry, not from the sentences of
its neighbours' entries, which read as if about the option asked (core/rag/strips.py)."""
from __future__ import annotations

from collections import defaultdict

from core.rag.extractive import compose, relevant_strips
from tests.support.chunks import course_chunks
from tests.support.fake_embedder import SetCosinesEmbedder

OPTIONS = ("-d --decompress — Force decompression. bzip2, bunzip2 and bzcat are really the "
           "same program. This flag overrides that mechanism, and forces bzip2 to decompress."
           "\n\n--repetitive-best [default: off] — Legacy flag, ignored.\n\n"
           "-f --force — Force overwrite of output files. Normally, bzip2 will not "
           "overwrite existing output files.\n\n"
           "bzip2 normally declines to decompress files which lack the magic header bytes.\n\n"
           "-k --keep — Keep (don't delete) input files during compression or decompression.")


async def test_another_option_s_sentences_are_not_shown_without_its_head():
    """A new user's "What does the -k option of bzip2 do?" opened with -d's "This flag
    overrides that mechanism, and forces bzip2 to decompress.", as if -k forced it."""
    close = defaultdict(lambda: 0.80, {
        "This flag overrides that mechanism, and forces bzip2 to decompress.": 0.90,
        "Normally, bzip2 will not overwrite existing output files.": 0.88,
        "bzip2 normally declines to decompress files which lack the magic header bytes.": 0.88})
    reply = compose(await relevant_strips("What does the -k option of bzip2 do?",
                                          course_chunks(OPTIONS), SetCosinesEmbedder(close), 4))
    assert "Keep (don't delete) input files" in reply
    assert "This flag overrides" not in reply and "Normally, bzip2 will not" not in reply
    assert "declines to decompress" not in reply  # -f's, in the paragraph under its entry


async def test_a_sentence_naming_its_own_option_is_never_dropped():
    """An entry's head the head pattern cannot read ("--repetitive-best [default: off] — …")
    names its option all the same: it was dropped as the sentence after -k's entry."""
    close = defaultdict(lambda: 0.80, {"--repetitive-best [default: off] — Legacy flag, "
                                       "ignored.": 0.95})
    reply = compose(await relevant_strips("What does the -k option of bzip2 do?",
                                          course_chunks(OPTIONS), SetCosinesEmbedder(close), 4))
    assert "--repetitive-best [default: off]" in reply


async def test_a_head_naming_its_own_option_stays_with_its_sentences():
    reply = compose(await relevant_strips("With -k, how do I force bzip2 to decompress?",
                                          course_chunks(OPTIONS), None, 4))
    assert "-d --decompress — Force decompression." in reply


SMALL = ("-s --small — Reduce memory usage, for compression, decompression and testing. Files "
         "are decompressed and tested using a modified algorithm which only requires 2.5 bytes "
         "per block byte. This means any file can be decompressed in 2300k of memory, albeit at "
         "about half the normal speed.\n\nDuring compression, -s selects a block size of 200k, "
         "which limits memory use to around the same figure.\n\nIn short, if your machine is low "
         "on memory (8 megabytes or less), use -s for everything. See MEMORY MANAGEMENT below.")


async def test_the_asked_option_s_entry_is_shown_whole():
    """"How much memory does the -s option need?" got -s's head and the sentences around the
    figure, not the one with it."""
    close = defaultdict(lambda: 0.80, {
        "This means any file can be decompressed in 2300k of memory, albeit at about half the "
        "normal speed.": 0.70})
    reply = compose(await relevant_strips("How much memory does the -s option need?",
                                          course_chunks(SMALL), SetCosinesEmbedder(close), 3))
    assert reply.startswith("-s --small — Reduce memory usage") and "2300k of memory" in reply
    # not for a question naming no option, nor another option's entry
    other = compose(await relevant_strips("How much memory does the -k option need?",
                                          course_chunks(SMALL), SetCosinesEmbedder(close), 3))
    assert "2300k" not in other
