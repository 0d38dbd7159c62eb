"""Offline answers: the question-relevant sentences ("knowledge strips", as in the CRAG paper) of
the top chunks, recomposed into a short answer where every sentence keeps its source.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from core.ports import Embedder
from core.rag.blocks import (
    is_caption,
    is_reference,
    is_table,
    joined_elisions,
    listing_windows,
    plain_inline,
    read_paragraph,
)
from core.rag.companions import (
    add_announced_blocks,
    add_example,
    add_examples,
    add_follow_ups,
    drop_bare_titles,
    fill_gaps,
    with_titles,
)
from core.rag.coverage import identifiers_in
from core.rag.defaults import add_default
from core.rag.definitions import definition_of
from core.rag.entries import complete_entries
from core.rag.enumerations import add_list_items, list_item
from core.rag.explanations import add_description, add_explanations
from core.rag.injection import has_foreign_url, looks_like_injection, without_foreign_links
from core.rag.meaning import closeness
from core.rag.overlap import matched, rarity, share
from core.rag.records import add_record_heads
from core.rag.repeats import distinct, joined_windows
from core.rag.rows import add_asked_rows
from core.rag.state import Chunk
from core.rag.strips import Candidate, Strip, add_asked_entries, off_other_entries
from core.sentences import introduces
from core.text import detect_language, keyword_forms, normalize

# A sentence sharing no question word is shown only this close in meaning (band units, ~the
# answer sentence's mean). Across languages no word can be shared: the ranking alone decides.
MEANING_MIN, CROSS_MEANING_MIN = 0.5, 0.0
MAX_STRIPS_PER_CHUNK = 12
TITLE_WEIGHT = 0.6
MIN_SUPPORT = 0.2  # see supported()
# see focused(): on the fit halves of six question sets, replies 9% shorter, 554 gold answers
# of 597 where 556 were (a rule written before: at most 3 fewer, at least 5% shorter)
PADDING_SHARE = 0.1
KEEP_SHARE = 0.7  # see focused(): a sentence scored at least this share of the best is shown
_CLOSING = set(".!?؟:;…)\"'”»")


def _candidates(chunks: Sequence[Chunk]) -> list[Candidate]:
    """Sentences of every chunk's context, and its example blocks kept whole (untrusted text:
    instructions to the assistant and foreign links are never quoted: a sentence with one is
    left out, an example block loses the lines that hold one)."""
    out: list[Candidate] = []
    for ci, chunk in enumerate(chunks):
        position = 0
        paragraphs = [p for p in re.split(r"\n[ \t]*\n", chunk.context) if p.strip()]
        for pn, paragraph in enumerate(joined_elisions(paragraphs)):
            if is_caption(paragraph) or is_reference(paragraph):
                continue
            windows = listing_windows(paragraph)
            block, pieces = (True, windows) if windows else read_paragraph(paragraph)
            for piece in pieces:
                if position >= MAX_STRIPS_PER_CHUNK * 2:
                    break
                if block:  # a help text's "home page: <https://...>" line, not the whole block
                    piece = without_foreign_links(piece, chunk.url_or_path)
                elif has_foreign_url(piece, chunk.url_or_path):
                    continue
                if not piece or looks_like_injection(piece):
                    continue
                listed = bool(windows) or (block and is_table(piece))  # picked alone
                out.append(Candidate(ci, position, piece, block, pn, listing=listed))
                position += 1
    return out


async def relevant_strips(question: str, chunks: Sequence[Chunk], embedder: Embedder | None,
                          limit: int, second: Embedder | None = None) -> list[Strip]:
    """Best `limit` sentences for the question, in reading order: the best sentence's passage
    first, then the others by rank; in a passage, by position.

    The best sentence brings the one after it (the answer often follows the sentence that
    matches the question: "...trailing empty fields omitted. To read such files set fill =
    TRUE."), and a sentence that runs into an example ("...done by something like") brings
    the example."""
    candidates = _candidates(chunks)
    if not candidates:
        return []
    forms = keyword_forms(question)
    q_words = set(forms)
    spelled = [keyword_forms(c.text) for c in candidates]  # keys: each sentence's `keywords`
    words = [matched(forms, f) for f in spelled]
    in_title = [matched(forms, keyword_forms(chunk.title)) for chunk in chunks]
    titled = [w | in_title[c.chunk] for w, c in zip(words, candidates, strict=True)]
    weight = rarity(q_words, words)
    # A section title names what its sentences only imply ("Breadth-first search (BFS)" above
    # "Breadth-first search explores..."), so title words count, at a discount.
    lexical = np.array([max(share(q_words, w, weight), TITLE_WEIGHT * share(q_words, t, weight))
                        for w, t in zip(words, titled, strict=True)])
    # A sentence that leads into an example ("...in the Falcot Corp case, the contents are as
    # follows:") matches the question as well as the example does: in a manual the answer is
    # often only in the example, which is never picked alone.
    for i in range(len(candidates) - 1):
        c, nxt = candidates[i], candidates[i + 1]
        if not c.block and nxt.block and nxt.chunk == c.chunk and introduces(c.text):
            lexical[i] = max(lexical[i], lexical[i + 1])
    # the sentence defining the term asked about ("N is the number of proposed responses")
    # matches as if it had all the question's words, however few of them it repeats
    opens = definition_of(question)
    if opens is not None:
        for i, c in enumerate(candidates):
            if not c.block and opens.match(c.text):
                lexical[i] = 1.0
    # unweighted, on the single light stem MIN_SUPPORT was calibrated with: what `supported`
    # judges (the spelling variants above rank sentences; they would pass more of them)
    plain = [share(q_words, set(f)) for f in spelled]
    lang = detect_language(question)
    cross = np.array([detect_language(c.text) != lang for c in candidates])
    semantic = await closeness(question, [c.text for c in candidates], cross, embedder, second)
    alone = np.where(cross, CROSS_MEANING_MIN, MEANING_MIN)
    weights = np.array([(chunks[c.chunk].score or 0.0) for c in candidates])
    total = 0.45 * lexical + 0.45 * semantic + 0.10 * weights
    prose = [t for t, c in zip(total, candidates, strict=True) if not c.block]
    best = float(max(prose, default=total.max()))  # blocks are not picked alone: see below
    picked: dict[tuple[int, int], Strip] = {}
    seen: set[str] = set()
    for i in np.argsort(-total, kind="stable"):
        c = candidates[int(i)]
        if total[i] < 0.5 * best or len(picked) >= limit:
            break
        if (c.block and not c.listing) or (lexical[i] == 0 and semantic[i] < alone[i]):
            continue  # an example comes with the sentence introducing it (or see below)
        key = " ".join(re.findall(r"\w+", normalize(c.text)))  # "block-sorting" / "block sorting"
        if key not in seen:
            seen.add(key)
            picked[(c.chunk, c.position)] = Strip(c.text, c.chunk, c.position, float(total[i]),
                                                  block=c.block, lexical=plain[int(i)],
                                                  semantic=float(semantic[i]))
    if picked:
        top = int(np.argmax(total))  # an example that matches best of all is shown, titled
        if candidates[top].block and lexical[top] > 0 and total[top] > best:
            add_example(picked, candidates, total, top)
            add_description(picked, candidates, total, top)
        related = (lexical > 0) | (semantic >= alone)
        own = np.array([share(q_words, w, weight) for w in with_titles(candidates, words)])
        add_follow_ups(picked, candidates, total, related)
        add_list_items(picked, candidates, total, question)
        add_default(picked, candidates, total, question, words, chunks)
        named = identifiers_in(question, [c.text for c in candidates])
        add_examples(picked, candidates, total, own, named)
        add_announced_blocks(picked, candidates, total)
        add_record_heads(picked, candidates)
        add_asked_rows(picked, candidates, total, question, words)
        add_explanations(picked, candidates, total)
        fill_gaps(picked, candidates, total)
        complete_entries(picked, candidates, total, plain, named)
        drop_bare_titles(picked)
        add_asked_entries(picked, candidates, question)
        off_other_entries(picked, candidates, question)
        joined_windows(picked, candidates)
    # The question's own language first: a passage in another language adds to it, after it.
    # An English question gets no Arabic add-on when its best sentence is English or its English
    # sentences share enough of its words to be checked (the same answer again, in a language
    # its asker may not read: "What is quicksort?" over a bilingual course). Arabic courses
    # quote English all the time (commands, untranslated paragraphs), and that English often
    # holds the answer (fit half: dropping it for Arabic questions too lost one Arabic answer
    # and gained none); when it holds the best sentence it leads, the lower-scored Arabic ones
    # (notes on another topic sharing a word) adding to it.
    other = [detect_language(chunk.text) != lang for chunk in chunks]
    strips = distinct(list(picked.values()))
    native = [s for s in strips if not other[s.chunk]]
    best_is_other = bool(strips) and other[max(strips, key=lambda s: s.score).chunk]
    if lang == "en" and native and (supported(native) or not best_is_other):
        strips = native
    first_other = lang != "en" and best_is_other
    # The passage holding the best sentence before the others (in rank order): the reply opens
    # with its answer, not with a better-ranked passage's sentences around the topic.
    lead = max(strips, key=lambda s: s.score).chunk if strips else -1
    # unless a sentence defines what a "what is X" question asks about: "Expat is a library,
    # written in C, for parsing XML documents." came last, after download and linking advice
    defining = [s for s in strips if opens is not None and not s.block and opens.match(s.text)]
    if defining:
        lead = max(defining, key=lambda s: s.score).chunk
    return sorted(strips, key=lambda s: (other[s.chunk] != first_other, s.chunk != lead,
                                         s.chunk, s.position))


def focused(strips: Sequence[Strip], chunks: Sequence[Chunk], language: str
            ) -> tuple[list[Strip], list[Strip]]:
    """(judged, shown): the strips without those of passages the reranker put far below the
    best strip's ("…the ss -anptu command will show the list of active or pending TCP sessions…"
    from a page on migrating a server, under "QoS parameters are set through the tc command":
    it pads the reply), and what the reply shows: those and a course sentence scored nearly as
    well as the best ("Adding other users is a simple matter of inserting them in the
    /etc/nagios4/hdigest.users file", its passage at 0.03 under one at 0.94), which the mark
    is judged without: there reranker and sentence disagree. Nothing is cut when the best
    strip's passage is in another language than the question: across languages the reranker
    is too unsure (XQuAD's Arabic questions over English paragraphs: 80.2% of replies held the
    answer with the cut, 83.7% without)."""
    if not strips:
        return [], []
    best = chunks[max(strips, key=lambda s: s.score).chunk]
    if detect_language(best.text) != language:
        return list(strips), list(strips)
    cut = PADDING_SHARE * (best.score or 0.0)
    close = KEEP_SHARE * max(s.score for s in strips)
    judged = [s for s in strips if (chunks[s.chunk].score or 0.0) >= cut]
    shown = [s for s in strips if s in judged
             or (s.score >= close and chunks[s.chunk].source_type == "course")]
    # an example comes with the sentence leading into it ("…read it in by something like" /
    # 'read.table("file.dat", header = TRUE, row.names = 1)'), however it scored alone
    kept = {(s.chunk, s.position) for s in shown}
    return judged, [s for s in strips if s in shown
                    or (s.block and (s.chunk, s.position - 1) in kept)]


def quoted_language(strips: Sequence[Strip], chunks: Sequence[Chunk], language: str
                    ) -> str | None:
    """The language the reply quotes when every strip's passage is in another one than the
    question's (an Arabic question answered from English notes), else None. By passage, not by
    sentence: a command line on an Arabic page is no English material."""
    found = {detect_language(chunks[s.chunk].text) for s in strips}
    return found.pop() if len(found) == 1 and language not in found else None


def supported(strips: Sequence[Strip]) -> bool:
    """Whether some picked sentence shares enough of the question's own words to be checked
    against it. Below that (typically an Arabic question over English material) the sentences
    were chosen by meaning alone, which the offline embedder gets wrong too often for a ✅
    (across languages the verifier may still vouch for it: generate)."""
    return max((s.lexical for s in strips), default=0.0) >= MIN_SUPPORT  # examples hold 0


def compose(strips: Sequence[Strip]) -> str:
    """Strips as answer text: sentences run together, example blocks on lines of their own,
    and a fragment without a closing mark (a slide bullet, a list item, a sidebar title) is a
    line of its own, so two bullets never read as one garbled sentence and a title is never
    glued to the sentence before it; a passage in the other language starts a paragraph, and
    Markdown's inline marks are not shown."""
    parts: list[str] = []
    language: str | None = None
    for strip in strips:
        text = strip.text if strip.block else plain_inline(strip.text)
        spoken = None if strip.block else detect_language(text)
        switched = None not in (spoken, language) and spoken != language
        language = spoken or language
        if strip.block:
            gap = "" if parts and parts[-1].endswith("\n\n") else "\n\n"  # one blank line
            parts.append(gap + text + "\n\n")
        elif not parts or parts[-1].endswith("\n"):
            parts.append(text)
        elif switched:  # the other language's passage is a paragraph of its own
            parts.append("\n\n" + text)
        else:
            closed = parts[-1].rstrip()[-1:] in _CLOSING - {":"} and text.rstrip()[-1:] in _CLOSING
            # a title, fragment, announced or list item: a line of its own
            joiner = " " if closed and not (list_item(text) or list_item(parts[-1].strip())) \
                else "\n"
            parts.append(joiner + text)
    return "".join(parts).lstrip("\n").rstrip()  # a leading code block keeps its indentation
