"""The sentence that defines what a question asks about: "What does the variable N stand for?"
is answered by "N is the number of proposed responses", a sentence sharing one letter with the
question while its neighbours repeat "variable" and "formula" (the AMC manual's scoring page)."""
from __future__ import annotations

import re

from core.text import options

# "what is a X", "what are X", "what does X do / mean / stand for [in Y]", X running to the
# question's end
DEFINITION = re.compile(r"\bwhat(?:['’]s|\s+is|\s+are|\s+was|\s+were)\s+(?:an?\s+|the\s+)?"
                        r"(?P<subject>[^?.!,;:]+?)\s*[?.!]*\s*$", re.IGNORECASE)
DOES = re.compile(r"\bwhat\s+does\s+(?:an?\s+|the\s+)?(?P<subject>[^?.!,;:]+?)\s+"
                  r"(?:do|mean|stand\s+for)(?:\s+in\s+[^?.!,;:]+)?\s*[?.!]*\s*$", re.IGNORECASE)
# "ما هو X" / "ما هي X" / "ما معنى X" / "ماذا يعني X" / "ما المقصود بـ X": a new user's "ما هو Xen؟"
# got sentences around Xen (✅) where "Xen هو حل محاكاة…" defines it
AR_DEFINITION = re.compile(r"(?<!\w)(?:ما\s+(?:هو|هي|هم|معنى|المقصود\s+بـ?)"
                           r"|ماذا\s+(?:يعني|تعني))\s+(?P<subject>[^?؟.!,،;:]+?)\s*[?؟.!]*\s*$")
# what the question calls the term before naming it: "the variable N", "the option -k"
_KIND = re.compile(r"^(?:(?:the|an?)\s+)?(?:variable|option|parameter|field|command|function|"
                   r"flag|directive|setting|keyword|term|word|acronym|abbreviation)\s+",
                   re.IGNORECASE)
_VERB = r"(?:is|are|was|means|stands\s+for|refers\s+to|denotes|هو|هي|هم|يعني|تعني|عبارة\s+عن)\b"
# what a sentence ending in its term says before it ("… will be called D-normalized."), unless
# it opens with a pointer to the sentence before ("This is called…")
_NAMED_AS = r"(?:is|are|will\s+be|be)\s+(?:called|named|termed|referred\s+to\s+as|known\s+as)"
_POINTER = r"(?:this|that|these|those|it|they)"
MAX_TERM_WORDS = 4
_QUOTES = "\"'“”‘’`"


def asked_term(question: str) -> str | None:
    """The term of a "what is X" / "what does X mean | stand for | do" question, or of its
    Arabic forms (AR_DEFINITION)."""
    match = DEFINITION.search(question) or DOES.search(question) or AR_DEFINITION.search(question)
    if match is None:
        return None
    term = _KIND.sub("", match.group("subject").strip()).strip(_QUOTES)
    return term if term and len(term.split()) <= MAX_TERM_WORDS else None


def defining(term: str) -> re.Pattern[str]:
    """A sentence opening with the term (quoted or not) and a defining verb, a colon or the
    " — " a definition list's item is joined with ("N is …", "• apt-listchanges: shows …",
    '"Definitely lost" — This covers…'), or ending by naming it ("Polynomials of degree less
    than D … will be called D-normalized." defines "D-normalized polynomial"; not "This is
    called…", which needs the sentence before); a short term ("N", "mz") must match its case."""
    flags = 0 if len(term) <= 3 else re.IGNORECASE
    opening = (rf"^[\W_]{{0,3}}(?:(?:the|an?)\s+)?{re.escape(term)}"
               rf"[\"'”’]?(?:\s*\([^)]{{0,40}}\))?(?:\s+{_VERB}|\s*:(?!:)|\s+—\s)")
    ending = rf"^(?!{_POINTER}\b)\S.*?\s{_NAMED_AS}\s+{_named(re.escape(term))}"
    *qualifier, noun = term.split()
    if qualifier:
        ending += (rf"|^(?:the\s+)?{re.escape(noun)}(?:e?s)?\b.*?\s{_NAMED_AS}\s+"
                   + _named(re.escape(" ".join(qualifier))))
    return re.compile(f"{opening}|{ending}", flags)


def _named(term: str) -> str:
    """The term as a sentence's last words, quoted or not."""
    return rf"[\"'“‘]?(?:(?:the|an?)\s+)?{term}[\"'”’]?\s*[.!]?\s*$"


# "ما الذي يفعله الخيار -j"، "ماذا تفعل…"، "ما وظيفة الخيار -n": what an option does, in Arabic
_AR_DOES = re.compile(r"(?:ماذا|ما\s+الذي)\s+(?:يفعل|تفعل)|ما\s+(?:وظيفة|عمل|فائدة)\s")
# one option of an option list's head, its argument perhaps: "-o file", "--output=file"
OPTION_HEAD = r"--?[A-Za-z0-9][\w-]*(?:[= ][\w<>\[\]|.…-]+)?"


def option_entry(option: str) -> re.Pattern[str]:
    """A manual's entry for a command-line option: the options it lists (the asked one among
    them, as written: -v is not -V) and the " — " or ':' its description follows: "-a,
    --append — Append the resource use information…", "-o file, --output=file — Write…"."""
    return re.compile(rf"^[\W_]{{0,3}}(?:{OPTION_HEAD},\s*)*{re.escape(option)}(?![\w-])"
                      rf"(?:[= ][\w<>\[\]|.…-]+)?(?:,\s*{OPTION_HEAD})*\s*(?:—|:(?!:))")


def definition_of(question: str) -> re.Pattern[str] | None:
    """The pattern of a sentence defining what the question asks about: for "what does X do",
    "what is X" or their Arabic forms naming one option, that option's entry (a new user's
    "What does the -a option of time do?" got the synopsis and --help's line, not "-a,
    --append — Append…"; not "which commit is given to --onto in the example?", which the
    example answers), else the term of a "what is X" (`asked_term`, `defining`); None when it
    asks neither."""
    term = asked_term(question)
    named = options(question)
    if len(named) == 1 and (term is not None or _AR_DOES.search(question)):
        return option_entry(named[0])
    return None if term is None else defining(term)
