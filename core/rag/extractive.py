"""Offline answers: the question-relevant sentences ("knowledge strips", as in the CRAG paper) of
the top chunks, recomposed into a short answer where every sentence keeps its source.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.ports import Embedder
from core.rag.blocks import read_paragraph
from core.rag.injection import has_foreign_url, looks_like_injection
from core.rag.state import Chunk
from core.text import detect_language, keyword_forms, normalize

E5_FLOOR, E5_SPAN = 0.75, 0.2  # e5 cosines live in ~0.75-0.95: rescale to ~0-1
# An Arabic question against an English sentence (or the reverse) scores lower and closer
# together: on 300 parallel XQuAD questions the answer / other sentences averaged 0.788 / 0.752
# across languages, 0.863 / 0.804 within one. This band maps the first pair onto the second, so
# the English page that answers an Arabic question is not outranked by any Arabic sentence.
E5_CROSS_FLOOR, E5_CROSS_SPAN = 0.719, 0.123
# Across languages e5 alone often ranks the wrong sentence first, so a second encoder (USE
# multilingual, core/llm/use_embedder.py) is averaged in with an equal share, its cosines put on
# e5's cross band the same way (XQuAD answer / other sentences: 0.265 / 0.123). Arabic XQuAD
# questions over their English paragraphs (587): answer sentence ranked first 62.2% by e5,
# 69.5% by both. Within one language it gained too little to keep (+1 point top sentence).
USE_FLOOR, USE_SPAN = 0.049, 0.437
USE_CROSS_SHARE = 0.5
# A sentence sharing no question word is shown only this close in meaning (band units, ~the
# answer sentence's mean). Across languages no word can be shared: the ranking alone decides.
MEANING_MIN, CROSS_MEANING_MIN = 0.5, 0.0
MAX_STRIPS_PER_CHUNK = 12
TITLE_WEIGHT = 0.6
MIN_SUPPORT = 0.2  # see supported()
EXAMPLE_MIN = 0.5  # see _add_examples()
_CLOSING = set(".!?؟:;…)\"'”»")
_BACK_REFERENCES = frozenset("""this these that those it its they their such thus hence
    therefore then here also هذا هذه ذلك تلك هؤلاء وهذا وهذه وذلك لذلك لهذا هو هي هم""".split())


@dataclass(frozen=True, slots=True)
class Strip:
    """One sentence (or example block) of one context chunk with its relevance to the question."""

    text: str
    chunk: int  # index into the chunks given
    position: int  # sentence index inside the chunk
    score: float
    block: bool = False  # an example / code block, shown with its own line breaks
    lexical: float = 0.0  # share of the question's keywords the sentence itself contains
    semantic: float = 0.0  # closeness in meaning to the question on its band, 0-1


@dataclass(frozen=True, slots=True)
class _Candidate:
    chunk: int
    position: int
    text: str
    block: bool
    paragraph: int


def _candidates(chunks: Sequence[Chunk]) -> list[_Candidate]:
    """Sentences of every chunk's context, and its example blocks kept whole (untrusted text:
    instructions to the assistant and foreign links are never quoted)."""
    out: list[_Candidate] = []
    for ci, chunk in enumerate(chunks):
        position = 0
        for pn, paragraph in enumerate(p for p in re.split(r"\n[ \t]*\n", chunk.context)
                                       if p.strip()):
            block, pieces = read_paragraph(paragraph)
            for piece in pieces:
                if position >= MAX_STRIPS_PER_CHUNK * 2:
                    break
                if looks_like_injection(piece) or has_foreign_url(piece, chunk.url_or_path):
                    continue
                out.append(_Candidate(ci, position, piece, block, pn))
                position += 1
    return out


async def relevant_strips(question: str, chunks: Sequence[Chunk], embedder: Embedder | None,
                          limit: int, second: Embedder | None = None) -> list[Strip]:
    """Best `limit` sentences for the question, in reading order (chunk rank, then position).

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
    words = [_matched(forms, f) for f in spelled]
    in_title = [_matched(forms, keyword_forms(chunk.title)) for chunk in chunks]
    titled = [w | in_title[c.chunk] for w, c in zip(words, candidates, strict=True)]
    weight = _rarity(q_words, words)
    # A section title names what its sentences only imply ("Breadth-first search (BFS)" above
    # "Breadth-first search explores..."), so title words count, at a discount.
    lexical = np.array([max(_share(q_words, w, weight), TITLE_WEIGHT * _share(q_words, t, weight))
                        for w, t in zip(words, titled, strict=True)])
    # unweighted, on the single light stem MIN_SUPPORT was calibrated with: what `supported`
    # judges (the spelling variants above rank sentences; they would pass more of them)
    plain = [_share(q_words, set(f)) for f in spelled]
    lang = detect_language(question)
    cross = np.array([detect_language(c.text) != lang for c in candidates])
    semantic = await _semantic(question, [c.text for c in candidates], cross, embedder, second)
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
        if c.block or (lexical[i] == 0 and semantic[i] < alone[i]):
            continue  # an example is shown with the sentence that introduces it, not alone
        key = normalize(c.text)
        if key not in seen:
            seen.add(key)
            picked[(c.chunk, c.position)] = Strip(c.text, c.chunk, c.position, float(total[i]),
                                                  lexical=plain[int(i)],
                                                  semantic=float(semantic[i]))
    if picked:
        related = (lexical > 0) | (semantic >= alone)
        own = np.array([_share(q_words, w, weight) for w in words])
        _add_follow_ups(picked, candidates, total, related)
        _add_examples(picked, candidates, total, own)
    # The question's own language first: a passage in another language adds to it, after it.
    other = [detect_language(chunk.text) != lang for chunk in chunks]
    return sorted(picked.values(), key=lambda s: (other[s.chunk], s.chunk, s.position))


async def _semantic(question: str, sentences: list[str], cross: np.ndarray,
                    embedder: Embedder | None, second: Embedder | None) -> np.ndarray:
    """How close each sentence is in meaning to the question, 0-1: e5's cosine on its band;
    a sentence in the other language on the cross-language band, averaged with the second
    encoder's reading when there is one."""
    if embedder is None:
        return np.zeros(len(sentences))
    texts = [" ".join(s.split()) for s in sentences]
    cosine = await _cosines(embedder, question, texts)
    band = np.where(cross, (cosine - E5_CROSS_FLOOR) / E5_CROSS_SPAN, (cosine - E5_FLOOR) / E5_SPAN)
    if second is not None and cross.any():
        other = np.zeros(len(texts))
        crossing = [t for t, c in zip(texts, cross, strict=True) if c]
        other[cross] = (await _cosines(second, question, crossing) - USE_FLOOR) / USE_SPAN
        band = np.where(cross, (1 - USE_CROSS_SHARE) * band + USE_CROSS_SHARE * other, band)
    return np.clip(band, 0.0, 1.0)


async def _cosines(embedder: Embedder, question: str, texts: list[str]) -> np.ndarray:
    q = await embedder.embed_queries([question])
    return np.asarray(await embedder.embed_passages(texts) @ q[0])


def _add_follow_ups(picked: dict[tuple[int, int], Strip], candidates: list[_Candidate],
                    total: np.ndarray, related: np.ndarray) -> None:
    """The sentence after the best strip when it shares a word with the question or is close
    to it in meaning (else it is the next topic), and the example a picked sentence leads into
    (directly, or through a short introduction such as "Three useful forms are")."""
    index = {(c.chunk, c.position): i for i, c in enumerate(candidates)}

    def add(i: int) -> None:
        c = candidates[i]
        picked.setdefault((c.chunk, c.position),
                          Strip(c.text, c.chunk, c.position, float(total[i]), block=c.block))

    for strip in list(picked.values()):
        before = index.get((strip.chunk, strip.position - 1))
        if before is not None and _refers_back(strip.text) and not candidates[before].block:
            add(before)  # "This is the only way to end repeat loops" needs the sentence it means
        after = index.get((strip.chunk, strip.position + 1))
        if (after is not None and _refers_back(candidates[after].text)
                and _same_paragraph(candidates, index[(strip.chunk, strip.position)], after)):
            add(after)  # "...configured through Debconf. These packages can be reconfigured by..."
    top = max(picked.values(), key=lambda s: s.score)
    after = index.get((top.chunk, top.position + 1))
    if after is not None:
        c = candidates[after]
        if (_same_paragraph(candidates, index[(top.chunk, top.position)], after)
                and not _parallel(top.text, c.text) and related[after]):
            add(after)
    for strip in [s for s in picked.values() if not s.block]:
        before = index.get((strip.chunk, strip.position - 1))
        if before is not None and candidates[before].block and _continues(strip.text):
            add(before)  # 'exportPattern("^[^\\.]")' / "exports all variables that do not..."
        nxt = index.get((strip.chunk, strip.position + 1))
        if nxt is None:
            continue
        if _runs_into_example(strip.text) and candidates[nxt].block:
            add(nxt)
            continue
        then = index.get((strip.chunk, strip.position + 2))
        if (then is not None and candidates[then].block and not candidates[nxt].block
                and _runs_into_example(candidates[nxt].text)):
            add(nxt)
            add(then)


def _add_examples(picked: dict[tuple[int, int], Strip], candidates: list[_Candidate],
                  total: np.ndarray, own: np.ndarray) -> None:
    """The example block right before or after the best sentence when the block itself has a
    question word (a manual's "how do I" is answered by the command next to the sentence that
    matches: "...add “-” to the names of the packages you wish to remove." then
    "apt install package1 package2-"), and the block that repeats the question's words best when
    it repeats more of them than any picked sentence does."""
    index = {(c.chunk, c.position): i for i, c in enumerate(candidates)}
    top = max(picked.values(), key=lambda s: s.score)
    for step in (-1, 1):
        i = index.get((top.chunk, top.position + step))
        if i is not None and candidates[i].block and own[i] > 0:
            c = candidates[i]
            picked.setdefault((c.chunk, c.position),
                              Strip(c.text, c.chunk, c.position, float(total[i]), block=True))
    chunks = {s.chunk for s in picked.values()}
    said = max((own[index[(s.chunk, s.position)]] for s in picked.values() if not s.block),
               default=0.0)
    blocks = [i for i, c in enumerate(candidates) if c.block and c.chunk in chunks]
    if not blocks or any(s.block for s in picked.values()):
        return
    best = max(blocks, key=lambda i: (own[i], total[i]))
    if own[best] >= EXAMPLE_MIN and own[best] > said:
        c = candidates[best]
        picked.setdefault((c.chunk, c.position),
                          Strip(c.text, c.chunk, c.position, float(total[best]), block=True))


def _same_paragraph(candidates: list[_Candidate], i: int, j: int) -> bool:
    """Two sentences of one paragraph (an example block is never one)."""
    a, b = candidates[i], candidates[j]
    return not (a.block or b.block) and (a.chunk, a.paragraph) == (b.chunk, b.paragraph)


def _refers_back(sentence: str) -> bool:
    """Starts with a word that points at the sentence before ("This", "Such", "لذلك")."""
    first = sentence.split(maxsplit=1)[0].strip(",،").casefold() if sentence.strip() else ""
    return first in _BACK_REFERENCES


def _parallel(first: str, second: str) -> bool:
    """Two items of an enumeration ("Vitamin C is... Vitamin D is..."), not one thought."""
    a, b = first.split(maxsplit=1), second.split(maxsplit=1)
    return bool(a and b) and a[0].casefold() == b[0].casefold()


def _continues(sentence: str) -> bool:
    """Starts in lower case: the sentence goes on from the example shown above it ("gives y
    all but the first five elements of x" after "y <- x[-(1:5)]")."""
    return sentence[:1].islower() and sentence[:1].isascii()


def _runs_into_example(sentence: str) -> bool:
    """A sentence that introduces what follows: ends with ':' or with no closing mark."""
    end = sentence.rstrip()[-1:]
    return end == ":" or end not in ".!?؟)\"'”»"


def supported(strips: Sequence[Strip]) -> bool:
    """Whether some picked sentence shares enough of the question's own words to be checked
    against it. Below that (typically an Arabic question over English material) the sentences
    were chosen by meaning alone, which the offline embedder gets wrong too often for a ✅."""
    return max((s.lexical for s in strips if not s.block), default=0.0) >= MIN_SUPPORT


def compose(strips: Sequence[Strip]) -> str:
    """Strips as answer text: sentences run together, example blocks on lines of their own,
    and a fragment without a closing mark (a slide bullet, a list item, a sidebar title) is a
    line of its own, so two bullets never read as one garbled sentence and a title is never
    glued to the sentence before it."""
    parts: list[str] = []
    for strip in strips:
        if strip.block:
            parts.append("\n\n" + strip.text + "\n\n")
        elif not parts or parts[-1].endswith("\n"):
            parts.append(strip.text)
        else:
            closed = parts[-1].rstrip()[-1:] in _CLOSING and strip.text.rstrip()[-1:] in _CLOSING
            joiner = " " if closed else "\n"  # a title or fragment never runs into a sentence
            parts.append(joiner + strip.text)
    return "".join(parts).strip()


def _matched(forms: dict[str, frozenset[str]], text_forms: dict[str, frozenset[str]]
             ) -> set[str]:
    """The question's words (keys of `forms`) that a text (its `keyword_forms`) has in some
    spelling."""
    present: set[str] = set().union(*text_forms.values())
    return {word for word, spellings in forms.items() if not spellings.isdisjoint(present)}


def _rarity(q_words: set[str], sentences: list[set[str]]) -> dict[str, float]:
    """Inverse sentence frequency of each question word among the candidates: in a passage
    about UDP and TCP every sentence says "UDP", so the word that singles out the answer
    ("الميزة", the advantage) must count for more."""
    n = len(sentences)
    return {w: math.log(1 + n / (0.5 + sum(w in s for s in sentences))) for w in q_words}


def _share(q_words: set[str], words: set[str], weight: dict[str, float] | None = None) -> float:
    """Share of the question's words (rarity-weighted when `weight` is given) the text has."""
    if not q_words:
        return 0.0
    if weight is None:
        return len(q_words & words) / len(q_words)
    return sum(weight[w] for w in q_words & words) / sum(weight.values())


def matched_share(question: str, text: str) -> float:
    """Share of the question's keywords that `text` has in some spelling."""
    forms = keyword_forms(question)
    return len(_matched(forms, keyword_forms(text))) / len(forms) if forms else 0.0
