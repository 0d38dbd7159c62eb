"""Quiz items' raw material and rules, without a store: fact sentences (en + ar), the wrong
options' guards, the Leitner schedule and `/quiz [topic] [n]` parsing."""
from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import numpy as np

from core.ports.practice import Card, ItemSource
from core.practice import leitner
from core.practice.catalog import Passage
from core.practice.distractors import distinct, mentions, pick, same_thing
from core.practice.facts import CODE, NAME, PATH, WORDS, Fact, facts_in
from core.practice.practice import parse_args
from core.practice.questions import BLANK, as_option, build, cloze_text, singles_out


def test_definition_sentences_give_their_term_in_both_languages():
    facts = facts_in("Quicksort is a divide-and-conquer sorting algorithm that partitions the "
                     "array. This is a sentence about nothing in particular at all.\n\n"
                     "الترتيب السريع (Quicksort) خوارزمية تعتمد أيضًا على أسلوب فرّق تسُد في "
                     "الترتيب. التعقيد الزمني هو مقياس لنموّ عدد العمليات التي تنفّذها الخوارزمية.")
    assert [(f.term, f.kind, f.language) for f in facts] == [
        ("Quicksort", WORDS, "en"), ("الترتيب السريع (Quicksort)", WORDS, "ar"),
        ("التعقيد الزمني", WORDS, "ar")]


def test_names_of_code_commands_and_files_are_terms():
    facts = facts_in("The function readLines is more convenient if you want whole lines read. "
                     "Files can be read and written with the function read.dta in most cases.\n\n"
                     "يعرض الأمر pwd الموقع الحالي في نظام الملفات بمجرد فتح جلسة جديدة. "
                     "تتحقق التطبيقات من الملف /etc/hosts قبل استشارة خدمة الأسماء في الشبكة.")
    assert [(f.term, f.kind) for f in facts] == [
        ("readLines", CODE), ("read.dta", CODE), ("pwd", NAME), ("/etc/hosts", PATH)]
    # a name runs through its hyphens: never "the command _____ -file search pattern"
    hyphened = facts_in("After the database has been updated, the command apt-file search "
                        "pattern will list all packages which contain the pattern.")
    assert [f.term for f in hyphened] == ["apt-file"]


def test_what_is_not_a_term_is_left_out():
    assert facts_in("It is a good idea to read the manual before you start the work.") == []
    assert facts_in("Many volunteers have contributed to the packages described here.") == []
    assert facts_in("يحدث التمثيل الضوئي على مرحلتين مترابطتين هما التفاعلات الضوئية ودورة "
                    "كالفن.") == []
    # an Arabic sentence whose Latin word is a gloss, not a named command
    assert facts_in("يؤدي ذلك إلى تحسين زمن الوصول (latency) بشكل كبير في الشبكات الحديثة.") == []
    # Valgrind's manual: a compound after "command", a process number, a quoted word
    assert facts_in("The set of heuristics can be given using a <set> similarly to the command "
                    "line option --leak-check-heuristics.") == []
    assert facts_in("The stack traces given by Memcheck seem to have the wrong function name "
                    "in them.") == []
    assert facts_in("The 19182 is the process ID; it's usually unimportant.") == []
    assert facts_in("'tid' is a thread number as printed by the scheduler output.") == []
    # a degree word opens a description, not a term ("_____ is a plain-text search…")
    assert facts_in("A slightly more successful searching pattern is a plain-text search in "
                    "package names, but it remains very limited.") == []
    # Arabic heads that name nothing ("the idea"), superlatives and "the only" describe
    assert facts_in("الفكرة هي التأكد أن المرشّح يفهم العقد الاجتماعي ومبادئ البرمجيات الحرة.") == []
    assert facts_in("أبسط نموذج هو النموذج الجسري؛ وفيه تعمل جميع البطاقات كما لو كانت "
                    "موصولة.") == []
    assert facts_in("البارامتر الإجباري الوحيد هو اسم النطاق الجديد؛ الخيارات الأخرى هامة.") == []
    assert facts_in("In both cases, the bridge-utils package will be required.") == []
    assert facts_in("وفي كلا الحالتين، يتحدد الترتيب من خلال الخيار lxc.start.order في ملف "
                    "الإعداد.") == []
    assert [f.term for f in facts_in("الحوسبة الظاهرية هي إحدى أهم تطورات الحوسبة في السنوات "
                                      "الأخيرة.")] == ["الحوسبة الظاهرية"]


def test_the_cloze_blanks_every_spelling_of_the_term():
    fact = facts_in("الترتيب السريع (Quicksort) خوارزمية تعتمد على أسلوب فرّق تسُد وعلى "
                    "اختيار المحور في Quicksort.")[0]
    cloze = cloze_text(fact)
    assert cloze is not None and BLANK in cloze
    assert "Quicksort" not in cloze and "الترتيب السريع" not in cloze


def test_a_question_is_no_fact_and_a_link_never_holds_the_blank():
    # a staff answer's question, asked back as a cloze, told students nothing
    assert facts_in("How do I read a Parquet file into R with the arrow package?") == []
    assert facts_in("ما الأمر pwd الذي يعرض الموقع الحالي في نظام الملفات عادةً؟") == []
    linked = facts_in("Package yaml (https://CRAN.R-project.org/package=yaml ) reads and "
                      "writes configuration files from R code.")
    assert [f.term for f in linked] == ["yaml"]
    cloze = cloze_text(linked[0])
    assert cloze is not None and "https" not in cloze and cloze.count(BLANK) == 1
    bare = facts_in("The function readLines is described at https://r-project.org/readLines "
                    "for reference.")
    assert all(cloze_text(f) is None for f in bare)


def test_no_riddles_no_back_references_and_code_keeps_its_case():
    # libffi's manual: "abi" three times made "_____ is the _____ to use; … on the _____."
    [abi] = facts_in("abi is the ABI to use; this is needed because in some cases the layout "
                     "depends on the ABI.")
    assert cloze_text(abi) is None
    # "the argument" is the one the sentence before named: "_____ is…", answer "Argument"
    assert facts_in("The argument is the writable address that was returned by the call.") == []
    [avalues] = facts_in("avalues is a vector of void * pointers that point to the memory "
                         "locations holding the argument values.")
    assert as_option(avalues.term, avalues) == "avalues"  # not "Avalues"
    [merge] = facts_in("Merge sort is a divide-and-conquer sorting algorithm with a merge step.")
    assert as_option(merge.term, merge) == "Merge sort"


def test_a_cloze_says_enough_to_single_out_its_blank():
    # "_____ does not use a callback" was true of two of its options (Node's fs and url pages)
    [negative] = facts_in("fs.existsSync() does not use a callback and returns a boolean value.")
    assert not singles_out(negative)
    [thin] = facts_in("The read.DIF function can also read from the clipboard.")
    assert not singles_out(thin)  # one claim word besides the term ("clipboard"; "read" is it)
    [full] = facts_in("The setImmediate() function schedules the immediate execution of the "
                      "callback after I/O events callbacks.")
    assert singles_out(full)


def test_a_function_is_blanked_with_its_parentheses_and_no_option_stands_out_by_them():
    [fact] = facts_in("The setImmediate() function schedules the immediate execution of the "
                      "callback after I/O events callbacks.")
    cloze = cloze_text(fact)
    assert cloze is not None and cloze.startswith(f"{BLANK} function schedules")  # not "_ ()"
    others = [facts_in(s)[0] for s in (
        "The fs.existsSync() function returns true when the path exists on the disk.",
        "The queueMicrotask() function queues a microtask to invoke the callback given.")]
    passage = Passage(fact.sentence, ItemSource("timers.html", "Timers"), "d1", (fact,))
    item = build(fact, others, passage, "NODE", random.Random(1))
    assert item is not None and "()" not in "".join(item.options)
    assert item.right == "setImmediate"


def test_a_wrong_option_worn_by_earlier_items_gives_way_while_others_fit():
    def fact(term: str, body: str) -> Fact:
        return Fact(term, f"{term} {body}", body, WORDS, "en")
    right = fact("Quicksort", "is a sorting method picking a pivot element.")
    pool = [right, fact("Heap sort", "builds a heap of the keys first."),
            fact("Merge sort", "merges two sorted halves of the keys."),
            fact("Bubble sort", "swaps adjacent keys that are out of order."),
            fact("Radix sort", "sorts keys digit by digit without comparing them.")]
    near = {"Quicksort": 1.0, "Heap sort": 0.9, "Merge sort": 0.8, "Bubble sort": 0.7,
            "Radix sort": 0.6}
    vectors = {t: np.array([v, (1 - v * v) ** 0.5]) for t, v in near.items()}
    first = [f.term for f in pick(right, pool, vectors, [], "", 2)]
    assert first == ["Heap sort", "Merge sort"]
    worn = {"Heap sort": 2, "Merge sort": 1}
    assert [f.term for f in pick(right, pool, vectors, [], "", 2, worn)] == ["Merge sort",
                                                                             "Bubble sort"]


def test_wrong_options_never_spell_the_right_one():
    assert same_thing("Merge sort", "merge sort")
    assert same_thing("sort", "Merge sort")  # inside it
    assert same_thing("الترتيب السريع (Quicksort)", "Quicksort")  # its gloss
    assert not same_thing("Merge sort", "Heap sort")
    assert mentions("Heap sort sorts in place.", "heap sort")
    assert not distinct(["Quicksort", "quicksort ", "Heap sort"])


def test_leitner_boxes_and_due_order():
    now = datetime(2026, 1, 1, tzinfo=UTC)
    card = leitner.answered(None, user_hash="u", item_id="a", course="C", right=True, now=now)
    assert (card.box, card.due_at) == (2, now + timedelta(days=1))
    for days in (3, 7, 14, 14):
        card = leitner.answered(card, user_hash="u", item_id="a", course="C", right=True,
                                now=now)
        assert card.due_at == now + timedelta(days=days)
    wrong = leitner.answered(card, user_hash="u", item_id="a", course="C", right=False, now=now)
    assert (wrong.box, wrong.due_at, wrong.right, wrong.wrong) == (1, now, 5, 1)
    old = Card("u", "b", "C", 3, now - timedelta(days=2), last_right=True)
    missed = Card("u", "c", "C", 1, now, last_right=False)
    later = Card("u", "d", "C", 2, now + timedelta(days=1), last_right=True)
    assert [c.item_id for c in leitner.due([old, later, missed], now, 5)] == ["c", "b"]


def test_quiz_arguments():
    assert parse_args("") == ("", 5)
    assert parse_args("merge sort 3") == ("merge sort", 3)
    assert parse_args("التمثيل الضوئي") == ("التمثيل الضوئي", 5)
    assert parse_args("7") == ("", 7)
    assert parse_args("top 100") == ("top 100", 5)  # beyond the most: part of the topic
