"""A reply says each thing once: sentences two sections repeat, an example's two spellings, and
a listing's windows picked in a row shown as the one block they are."""
from __future__ import annotations

from core.rag.extractive import compose, relevant_strips
from core.rag.repeats import distinct, repeats
from core.rag.strips import Strip
from tests.support.chunks import course_chunks

DETACHED = ("By default, the parent process will wait for the detached child process to exit. "
            "To prevent the parent process from waiting for a given subprocess to exit, use the "
            "subprocess.unref() method.")
UNREF = ("Child processes may continue running after the parent exits. By default, the parent "
         "will wait for the detached child process to exit. To prevent the parent process from "
         "waiting for a given subprocess to exit, use the subprocess.unref() method.")


async def test_a_sentence_two_sections_repeat_is_shown_once():
    reply = compose(await relevant_strips("How do I let the parent exit without waiting for a "
                                          "detached child?", course_chunks(DETACHED, UNREF),
                                          None, 4))
    assert reply.count("use the subprocess.unref() method") == 1
    assert reply.count("wait for the detached child process to exit") == 1


def test_near_repeats_are_told_from_sentences_that_differ_where_it_matters():
    a = Strip("By default, the parent process will wait for the child to exit.", 0, 0, 0.9)
    assert repeats(a, Strip("By default, the parent will wait for the child to exit.", 1, 0, 0.8))
    assert not repeats(Strip("-k keeps input files.", 0, 0, 0.9),
                       Strip("-f keeps input files.", 0, 1, 0.8))  # too short to judge
    assert not repeats(a, Strip("By default, the parent process will not wait for the child "
                                "to exit unless it is detached.", 1, 0, 0.8))


def test_an_example_s_other_spelling_is_dropped_but_another_example_stays():
    body = ("const ls = spawn('ls', ['-lh', '/usr']);\nls.stdout.on('data', (data) => {\n"
            "  console.log(`stdout: ${data}`);\n});\nls.stderr.on('data', (data) => {\n"
            "  console.error(`stderr: ${data}`);\n});\nls.on('close', (code) => {\n"
            "  console.log(`exited with code ${code}`);")
    cjs = Strip("const { spawn } = require('node:child_process');\n" + body, 0, 1, 0.9,
                block=True)
    esm = Strip("import { spawn } from 'node:child_process';\n" + body, 0, 2, 0.8, block=True)
    other = Strip("const { spawn } = require('node:child_process');\nconst ls = spawn('ls');\n"
                  "ls.on('exit', report);\nls.on('error', fail);", 1, 1, 0.7, block=True)
    assert distinct([cjs, esm, other]) == [cjs, other]
    assert distinct([esm, cjs]) == [cjs]  # the better-scored one stays, wherever it stands


async def test_windows_of_one_listing_picked_in_a_row_are_one_block():
    fields = "\n".join(f"Field{n}: value {n} of the package record" for n in range(24))
    text = ("The package record lists every field.\n\n" + fields)
    reply = compose(await relevant_strips("Which value do Field6 and Field7 of the package "
                                          "record hold?", course_chunks(text), None, 4))
    # two windows (Field0-6, Field7-13), shown as the lines in a row they are
    assert "Field6: value 6 of the package record\nField7: value 7" in reply
