"""API reference entries, as texinfo manuals print them: a signature marked with its category
("void sha256_digest (struct sha256 ctx *ctx, ...) [Function]"), then its description. Neither
half answers alone: "Creates the DER encoding for the NAME structure" does not say which
function does, and a new user asking "What does nettle's sha256_digest do?" got the signature
without "Performs final processing and extracts the message digest", ✅."""
from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from core.rag.strips import Candidate, Strip, indexed

# the category a texinfo manual sets beside each entry ("int asn1_der_coding (...) [Function]")
ENTRY_MARK = re.compile(r"\[(?:Function|Macro|Variable|Constant|Data [Tt]ype|Type|Command|"
                        r"Special Form|User Option|Method|Instance Variable|Context struct|"
                        r"Constant Struct)\]")
# "element: pointer to an ASN1 element": a parameter's line between a signature and what the
# function does
_PARAMETER = re.compile(r"^\w+:\s")
DESCRIPTION_REACH = 4  # candidates after a signature searched for its description's first


def complete_entries(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                     total: np.ndarray, shares: list[float],
                     named: list[frozenset[str]] | None = None) -> None:
    """The signature above a picked sentence of its description, the description's first
    sentence under a picked signature, and no category mark shown ("[Function]" lands
    mid-line where the PDF wraps the signature, "[Constant Struct]" after each item of a list).
    A signature shown as a block keeps its share of the question's words (`shares`), as does
    a block holding a code-like name the question asks about (`named`, per candidate: an HTML
    manual's "XML_ParserReset(XML_Parser p, …)" above its description): naming the function
    asked about, the reply was not chosen by meaning alone (extractive.supported; "What does
    XML_ParserReset do?" got its whole entry under ⚠)."""
    index = indexed(candidates)
    for strip in [s for s in picked.values() if not s.block and not ENTRY_MARK.search(s.text)]:
        position = strip.position - 1
        while (i := index.get((strip.chunk, position))) is not None:
            if ENTRY_MARK.search(text := candidates[i].text):
                # with its description's first sentence when the line holds it
                head = (Strip(signature(text), strip.chunk, position, strip.score, block=True)
                        if _head_alone(text) else Strip(text, strip.chunk, position, strip.score))
                picked.setdefault((strip.chunk, position), head)
                break
            position -= 1
    # the candidate's text: a head added above a later sentence shows only its signature; a
    # block declaring the function asked about is one too ("XML_SetDefaultHandler(XML_Parser
    # p, …)", then its typedef, then "Sets a handler for any characters…"), not one using it
    heads = [(key, s) for key, s in picked.items() if key in index and _is_head(
        candidates[index[key]].text, s.block, named[index[key]] if named is not None else None)]
    for key, strip in heads:
        start = index[key]
        for i in range(start + 1, min(start + 1 + DESCRIPTION_REACH, len(candidates))):
            c = candidates[i]
            if c.chunk != strip.chunk:
                break
            # not another signature of the same group ("aes256_set_encrypt_key" /
            # "aes256_set_decrypt_key" / "Initialize the cipher, …, respectively.")
            if not (c.block or ENTRY_MARK.search(c.text) or _PARAMETER.match(c.text)):
                picked.setdefault((c.chunk, c.position),
                                  Strip(c.text, c.chunk, c.position, float(total[i])))
                break
    for key, strip in list(picked.items()):
        i = index.get(key)  # None: an example carried over from the next passage
        if strip.block and i is not None and ENTRY_MARK.search(candidates[i].text):
            picked[key] = replace(strip, text=signature(strip.text), lexical=shares[i])
        elif strip.block and i is not None and named is not None and named[i]:
            picked[key] = replace(strip, lexical=shares[i])
        elif ENTRY_MARK.search(strip.text):
            picked[key] = replace(strip, text=unmarked(strip.text))


def _is_head(text: str, block: bool, names: frozenset[str] | None) -> bool:
    """An entry's head without its description: a marked signature alone, or a block declaring
    one of the asked `names` as a function (the name before its parameters)."""
    return _head_alone(text) or (block and names is not None and any(
        re.search(rf"(?<![\w.]){re.escape(name)}\s*\(", text, re.IGNORECASE)
        for name in names))


def _head_alone(text: str) -> bool:
    """An entry's signature without its description, perhaps with a parameter's line
    ("SHA224_DIGEST_SIZE [Constant] The size of a SHA224 digest" has its own)."""
    if not ENTRY_MARK.search(text):
        return False
    rest = " ".join(unmarked(text).split())[len(signature(text)):].strip()
    return not rest or _PARAMETER.match(rest) is not None


def signature(entry: str) -> str:
    """An entry's first line as its declaration: the category marks out and the description
    the line ran into cut off after the closing bracket: "int asn1_der_coding (asn1 node const
    element, ..., int * len)"."""
    flat = " ".join(ENTRY_MARK.sub(" ", entry).split())
    depth = 0
    for k in range(flat.find("("), len(flat)) if "(" in flat else ():
        depth += (flat[k] == "(") - (flat[k] == ")")
        if depth == 0:
            return flat[:k + 1]
    marker = ENTRY_MARK.search(entry)  # a variable's entry, or a declaration the PDF cut
    return " ".join(entry[:marker.start()].split()) if marker else flat


def unmarked(text: str) -> str:
    """A sentence without its category marks: one where the PDF wrapped a signature ("uint8 t
    [Function] *digest)") is left out, one ending a head ends its line, so a list of entries
    ("struct nettle_hash nettle_md2 [Constant Struct] struct nettle_hash nettle_md4 …") reads
    one entry a line."""
    out: list[str] = []
    depth = 0  # brackets open before the mark: inside a wrapped signature
    for piece in re.split(f"({ENTRY_MARK.pattern})", text):
        if ENTRY_MARK.fullmatch(piece):
            out.append(" " if depth > 0 else "\n")
        else:
            out.append(piece)
            depth += piece.count("(") - piece.count(")")
    lines = (" ".join(line.split()) for line in "".join(out).split("\n"))
    return "\n".join(line for line in lines if line)
