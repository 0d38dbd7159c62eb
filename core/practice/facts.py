"""Definition and fact sentences of a passage, and the term each one is about.

A quiz item must be answerable from one sentence of the course, so only sentences that state
something about a named thing are kept: "Quicksort is a divide-and-conquer sorting algorithm…",
"الترتيب السريع (Quicksort) خوارزمية…", "التعقيد الزمني هو مقياس…", "read.csv reads a file…".
The term's kind (a name written as code, or words) decides which other terms may stand beside
it as wrong options.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.rag.injection import looks_like_injection
from core.sentences import split_sentences
from core.text import STOPWORDS, detect_language, keywords, normalize

MIN_CHARS, MAX_CHARS = 40, 280  # a question must fit Telegram's 300 with its prompt
MAX_TERM_WORDS = 5
MIN_BODY_WORDS = 4  # what is said about the term must be specific enough to single it out
CODE = "code"  # a name written as code in English text: read.csv, dbConnect
WORDS = "words"  # a term in words: "merge sort", "التمثيل الضوئي"
PATH = "path"  # a file or folder named in an Arabic sentence: /etc/hostname
NAME = "name"  # a command or package named in an Arabic sentence: udev, hostname
PACKAGE = "package"  # a package named as such: "package foreign"
ARGUMENT = "argument"  # a function's argument named as such: "argument sep"
MIN_NAMED_WORDS = 5
MIN_ARGUMENT_WORDS = 6
# a name runs through its hyphens: "the command apt-file" names apt-file, not apt
_EN_CUED = re.compile(r"\b(functions?|packages?|commands?|arguments?)\s+"
                      r"`?([A-Za-z][\w.-]*[\w])(?:\(\))?`?", re.IGNORECASE)
_EN_CUED_AFTER = re.compile(r"\b[Tt]he\s+`?([A-Za-z][\w.-]*[\w])(?:\(\))?`?\s+(package|function)\b")
_URL = re.compile(r"\(?https?://\S+")
_AR_NAME = re.compile(r"(?<![\w/.-])(?:/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)*|[a-z][a-z0-9_.-]*"
                      r"[a-z0-9])(?![\w/-])")
_ARABIC_WORD = re.compile(r"[\u0600-\u06FF]{2,}")
_NOT_NAMES = frozenset("the and or of to in is are for with on by not www http https com org "
                       "html etc".split())
_POINTS_BACK = re.compile(r"\b(?:such|these|those|latter|former|above|aforementioned|opposite)\b"
                          r"|(?<![\w])(?:هذا|هذه|ذلك|تلك|هؤلاء|هذين|هاتين)(?![\w])", re.IGNORECASE)
_AR_LEADS = ("وبنفس", "بنفس", "كذلك", "لذلك", "وهذا", "وهذه", "ولهذا", "لهذا", "ومع ذلك", "لكن",
             "ولكن", "وبالتالي", "هنا", "وهنا", "أما", "وأما", "في كلا", "وفي كلا", "في كلتا",
             "وفي كلتا")
_CUES = frozenset(normalize(w) for w in """الأمر أمر الامر امر البرنامج برنامج الحزمة حزمة
    الملف ملف المجلد مجلد الخيار الأداة أداة الخدمة خدمة الوحدة""".split())
_ENGLISH_AFTER_CUE = frozenset("""may can call calls provide provides available exist exists
    already currently using used such like also which that allow allows give gives return
    returns take takes make makes need needs work works will would should must have has here
    there written read write see primary main generic auxiliary recommended following same new
    basic simple useful convenient standard default corresponding related similar special
    underlying internal wrapper hide line lines prompt output name names interface history
    shell mode syntax current wrong given original whole entire actual real appropriate
    relevant specified summary body pointer shown known seen done taken made found written
    appear appears explanation""".split())  # "the command line option", "the
# current function", "function-by-function summary": no command "line", no function "current"
# Sentences that lean on the one before ("Nobody has taken over, so…", "Its maintainer…") are
# not questions on their own.
_LEADS = ("However", "But", "And", "So", "Also", "Thus", "Hence", "This", "These", "It ", "Its ",
          "Nobody", "Their ", "They ", "Such ", "The latter", "The former", "He ", "She ",
          "Here ", "Then ", "Therefore", "Otherwise", "Instead", "In this", "In that",
          "In both", "In either", "In each")  # "In both cases, the bridge-utils package…"

# A name written as code: read.csv, dbConnect, /etc/hostname, udev, write.table(), R_HOME
_CODE = r"(?:/[\w.-]+(?:/[\w.-]+)*|[A-Za-z][\w]*(?:[._][\w]+)+(?:\(\))?|[a-z]+[A-Z]\w*(?:\(\))?)"
_EN_DEFINE = re.compile(
    r"^(?:(?:A|An|The)\s+)?(?P<term>[^,;:()\[\]\"“”]{2,60}?)\s+(?:is|are)\s+"
    r"(?P<body>(?:a|an|the|one|defined as|used|a kind of|a type of)\b.+)$")
_EN_REFERS = re.compile(r"^(?:(?:A|An|The)\s+)?(?P<term>[^,;:()]{2,60}?)\s+"
                        r"(?:refers to|means|stands for|denotes)\s+(?P<body>.+)$")
_EN_CODE = re.compile(rf"^(?:The\s+(?:function|package|command|file|option|argument)\s+)?`?"
                      rf"(?P<term>{_CODE})`?\s+(?P<body>[a-z].+)$")
_AR_DEFINE = re.compile(r"^(?P<term>[^،,؛:()«»\"]{2,50}?)\s+(?:هو|هي|هما|هم|عبارة عن)\s+"
                        r"(?P<body>.+)$")
_AR_GLOSSED = re.compile(r"^(?P<term>[\u0600-\u06FF][\u0600-\u06FF\s]{1,40}?\s*"
                         r"\([A-Za-z][A-Za-z0-9 .\-]{1,40}\))\s+(?P<body>.+)$")
_NOT_TERM_START = frozenset("""it this that these those there here which what each every such
    beware note remaining second third first last next previous following above below see
    one its they we you he she all most some many any both either neither another other such
    in on at for by with from when while if as after before during because so however thus
    hence then also slightly very quite rather fairly""".split()) | STOPWORDS  # "less": a command
_AR_NOT_TERM = frozenset("""هذا هذه ذلك تلك هو هي هناك التي الذي إن إذا لكن كما ثم وهذا وهذه
    لذلك عندما حيث ما وكما مما بما لهذا لهذه الأكثر الأقل الأول الثاني الثالث الأخير أحد بعض
    كل أي غير يثير فقط أيضا أيضاً""".split())
_AR_BODY_START = frozenset("أن إن ما في من على لا لم لن عن إلى الحال".split())
# Arabic heads that name no thing of their own (as _REFERS_BACK): "الفكرة هي التأكد أن…" asked
# "_____ هي التأكد…" with "the idea" as its answer; superlatives and "the only" describe
# ("أبسط نموذج هو…", "البارامتر الإجباري الوحيد هو…") rather than name
_AR_REFERS_BACK = frozenset(normalize(w) for w in """الفكرة الهدف الغاية المشكلة الحل الفرق
    السبب النتيجة الطريقة الميزة العيب الخطوة الفائدة الخيار القيمة الناتج المثال الجواب الإجابة
    المعامل البارامتر الخطأ الأساس المبدأ""".split())
_AR_DESCRIBING = frozenset(normalize(w) for w in """أبسط أفضل أهم أكثر أكبر أصغر أسهل أصعب أقل
    أسرع أبطأ أول آخر الوحيد الوحيدة""".split())
_EN_BODY_IDIOM = re.compile(r"^used\s+to\s+\w+ing\b|^used\s+(?:in|by|for|with)\b")
_EN_PREFIX = re.compile(r"^(?:The\s+)?(?:function|package|command|argument|option)\s+",
                        re.IGNORECASE)
# One-word terms that name no thing of their own: "The argument is the writable address that
# was returned" speaks of the argument the sentence before named ("_____ is…" / "Argument")
_REFERS_BACK = frozenset("""argument arguments result results value values output input return
    function file command option process program method object name example answer problem
    solution error default call parameter variable""".split())
_INNER_STOP = frozenset("and or uses use has have makes make gives needs takes".split())
_VERBISH = re.compile(r"\b(?:is|are|was|were|can|will|has|have|does|do)\b")


@dataclass(frozen=True, slots=True)
class Fact:
    """One sentence saying something about `term` (which it starts with or defines)."""

    term: str
    sentence: str
    body: str  # what the sentence says about the term (for "What is X?" options)
    kind: str  # CODE | WORDS | PATH | NAME | PACKAGE
    language: str
    defines: bool = True  # False: the sentence only names the term ("What is X?" is not asked)


def facts_in(text: str) -> list[Fact]:
    """The fact sentences of a passage, in order (at most one per sentence)."""
    out: list[Fact] = []
    for sentence in split_sentences(text):
        if not MIN_CHARS <= len(sentence) <= MAX_CHARS or "\n" in sentence:
            continue
        # a question is no fact (a staff answer's "How do I read a Parquet file with arrow?")
        if looks_like_injection(sentence) or sentence.rstrip()[-1:] not in ".!":
            continue
        fact = _fact(sentence)
        if fact is not None:
            out.append(fact)
    return out


def _fact(sentence: str) -> Fact | None:
    language = detect_language(sentence)
    if sentence.count("(") != sentence.count(")") or sentence.endswith(("e.g.", "i.e.")):
        return None
    if _POINTS_BACK.search(sentence):  # "such files", "these systems", "هذا السلوك"
        return None
    if language == "ar":
        if sentence.startswith(_AR_LEADS):
            return None
        for pattern in (_AR_GLOSSED, _AR_DEFINE):
            match = pattern.match(sentence)
            if match and _arabic_term_ok(match.group("term")) and \
                    match.group("body").split()[0] not in _AR_BODY_START:
                return _made(match.group("term").strip(), sentence, match.group("body"), language)
        return _named(sentence)
    if sentence.startswith(_LEADS):
        return None
    return _english(sentence) or _english_named(sentence)


def _english_named(sentence: str) -> Fact | None:
    """An English sentence naming one function or package as such ("…with the function
    scan.", "Package foreign can read…", "the reshape function"): the name is the term, its cue
    word its kind. Links are read past ("package yaml (https://…package=yaml)")."""
    bare = _URL.sub(" ", sentence)
    found = {(m.group(2).rstrip("."), m.group(1).lower().rstrip("s"))
             for m in _EN_CUED.finditer(bare)}
    found |= {(m.group(1).rstrip("."), m.group(2).lower()) for m in _EN_CUED_AFTER.finditer(bare)}
    found = {(name, cue) for name, cue in found if len(name) >= 2 and name.lower() != cue
             and name.lower() not in _NOT_NAMES and not _wordlike(name)}
    if len(found) != 1:
        return None
    name, cue = found.pop()
    if len(re.findall(r"(?<![\w.])" + re.escape(name) + r"(?![\w])", bare)) != 1:
        return None
    kind = PACKAGE if cue == "package" else ARGUMENT if cue == "argument" else CODE
    if kind == ARGUMENT and len(keywords(_without(bare, name))) < MIN_ARGUMENT_WORDS:
        return None  # "…have a logical argument X": many arguments would fit
    return Fact(name, sentence, _without(bare, name), kind, "en", defines=False)


def _without(text: str, name: str) -> str:
    """The sentence less the name (what it says about it), the name cut out as a whole word."""
    return " ".join(re.sub(r"(?<![\w.])" + re.escape(name) + r"(?![\w])", " ", text).split())


def _named(sentence: str) -> Fact | None:
    """An Arabic sentence about one command, file or package it names in Latin letters right
    after saying what it is ("يعرض الأمر pwd…", "الملف /etc/hosts"): the name is the term.
    Latin words without such a cue are mostly glosses or untranslated prose, never terms."""
    if "{" in sentence or "}" in sentence:
        return None
    bare = re.sub(r"\([^)]*\)", " ", sentence)
    names = {n for n in (m.group().rstrip(".") for m in _AR_NAME.finditer(bare)) if n}
    cued = [n for n in names if _cued(bare, n)]
    if len(cued) != 1 or len(_ARABIC_WORD.findall(bare)) < MIN_NAMED_WORDS:
        return None  # other Latin words may stay: named in the passage, they are never options
    name = cued[0]
    if name.lower() in _NOT_NAMES or len(name) < 2:
        return None
    kind = PATH if name.startswith("/") else NAME
    return Fact(name, sentence, _without(bare, name), kind, "ar", defines=False)


def named_in(sentence: str) -> list[str]:
    """The cued Latin names of an Arabic sentence (what `_named` would take as a term)."""
    bare = re.sub(r"\([^)]*\)", " ", sentence)
    names = {m.group().rstrip(".") for m in _AR_NAME.finditer(bare)}
    return [n for n in names if n and _cued(bare, n)]


def _cued(text: str, name: str) -> bool:
    for match in re.finditer(r"(\S+)\s+" + re.escape(name) + r"(?![\w/-])", text):
        if normalize(match.group(1)) in _CUES:
            return True
    return False


def _wordlike(name: str) -> bool:
    """An English word after the cue ("packages described", "functions may"), not a name."""
    if re.search(r"[._\d]|[a-z][A-Z]|[A-Z]{2}", name):  # read.csv, dbConnect, RODBC
        return False
    lower = name.lower()
    return (lower in STOPWORDS or lower in _ENGLISH_AFTER_CUE or name[0].isupper()
            or lower.endswith(("ed", "ing", "ly", "es"))
            or (lower.endswith("s") and len(lower) > 4 and lower.isalpha()))


def _english(sentence: str) -> Fact | None:
    language = "en"
    match = _EN_CODE.match(sentence)
    if match and match.group("body").split()[0] not in ("and", "or", "nor"):
        return _made(match.group("term"), sentence, match.group("body"), language, CODE)
    for pattern in (_EN_DEFINE, _EN_REFERS):
        match = pattern.match(sentence)
        if match and _english_term_ok(match.group("term")) and \
                not _EN_BODY_IDIOM.match(match.group("body")):
            term = match.group("term").strip()
            if _EN_PREFIX.match(term):  # "Function read.fortran is ..." asks about the name
                term = _EN_PREFIX.sub("", term)
                if not re.fullmatch(_CODE, term):
                    return None
            return _made(term, sentence, match.group("body"), language)
    return None


def _made(term: str, sentence: str, body: str, language: str, kind: str | None = None
          ) -> Fact | None:
    body = body.strip().rstrip(".!?؟").strip()
    if len(body.split()) < MIN_BODY_WORDS:
        return None
    kind = kind or (CODE if re.fullmatch(_CODE, term) else WORDS)
    return Fact(term, sentence, body, kind, language)


def _english_term_ok(term: str) -> bool:
    words = term.split()
    # a number ("The 19182 is the process ID") or a quoted word ("'tid' is …") is no term
    if not term[:1].isalnum() or not term[-1:].isalnum() or not any(c.isalpha() for c in term):
        return False
    if not 1 <= len(words) <= MAX_TERM_WORDS or words[0].lower() in _NOT_TERM_START:
        return False
    if len(words) == 1 and words[0].lower() in _REFERS_BACK:
        return False
    if _VERBISH.search(term) or (any(c.isdigit() for c in term) and len(words) > 1):
        return False
    if any(w.lower() in _INNER_STOP for w in words[1:]) or words[-1].lower() in STOPWORDS:
        return False
    return any(len(w) >= 3 for w in words) and not term.endswith(("'s", "s'"))


def _arabic_term_ok(term: str) -> bool:
    words = term.split()
    glossed = "(" in term
    if not 1 <= len(words) <= (MAX_TERM_WORDS if glossed else 3):
        return False
    if any(w in _AR_NOT_TERM for w in words) or words[0].startswith("وال"):
        return False
    if (len(words) == 1 and normalize(term) in _AR_REFERS_BACK) or \
            any(normalize(w) in _AR_DESCRIBING for w in words):
        return False
    if words[0][0] in "يت" and not words[0].startswith("ال"):  # a verb: يحدث، تتكون، يُفضَّل
        return False
    return detect_language(term) == "ar" and len(normalize(term)) >= 4
