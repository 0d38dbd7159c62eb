"""How one sentence leans on its neighbours: refers back to the one before ("This…", "In these
cases", "يقع هذا الحقل"), names one of the things listed before it ("The second is…"), goes on
from an example ("gives y all but…"), or stands beside it as an item of the same list. The
extractive answer uses these to bring a picked sentence's neighbours with it."""
from __future__ import annotations

import re

_BACK_REFERENCES = frozenset("""this these that those it its they their such thus hence
    therefore then here also هذا هذه ذلك تلك هؤلاء وهذا وهذه وذلك لذلك لهذا هو هي هم
    وقد ولم ولا ولكن لكن وكان وكانت وهو وهي وهم وفي ومن وبالتالي ولذا كما ثم بل فقد فإن""".split())
# "In this case", "يقع هذا الحقل" (Arabic puts the verb first: "lies this field"): a thing the
# sentence before named; not "In this chapter", which points at the document, nor "ArabicFont:
# This is the font…", a definition
_DEMONSTRATIVES = frozenset("هذا هذه ذلك تلك هؤلاء".split())
_DEMONSTRATIVES_AFTER = frozenset("this these those such".split())
_PREPOSITIONS = frozenset("in for with on at by from under after before during of to".split())
# a demonstrative subject after an opening clause: "If the questions are shuffled, this allows…"
_CLAUSE_THEN_BACK = re.compile(r"^[^,،.]{2,60}[,،]\s+(?:this|these|such|هذا|هذه)\b", re.IGNORECASE)
_DOCUMENT_PARTS = frozenset("""chapter section book manual document tutorial page guide
    الفصل القسم الكتاب الدليل الصفحة""".split())
# an example of what the sentence before said: "For example, P ⊆ NP ⊆ PP ⊆ PSPACE..."
_EXAMPLE_OF = re.compile(r"(?:for (?:example|instance)|على سبيل المثال|فمثلا|مثلا)\b",
                         re.IGNORECASE)
# a purpose that is the sentence before's: "To do that, you can use the APT configuration parameter
# Acquire::PDiffs", "For this purpose…", "للقيام بذلك"
_PURPOSE_BACK = re.compile(r"(?:(?:in order )?to (?:do|achieve|accomplish|avoid|fix|enable|change)"
                           r" (?:this|that|so|it)|for (?:this|that) (?:purpose|reason)|"
                           r"(?:و?ل|و?لل)(?:قيام|فعل|تحقيق|عمل) (?:بذلك|ذلك|هذا|به))\b",
                           re.IGNORECASE)
# "The second is the form used by spreadsheets": one of the things listed just before, which may
# be an example block ("Three useful forms are" + three commands)
ORDINAL_BACK = re.compile(
    r"(?:the (?:first|second|third|fourth|last) (?:is|are|one|form|of these|of them)|"
    r"the (?:former|latter)|(?:both of )?the above)\b|"
    r"ال(?:أول|ثاني|ثالث|أخير)[ةى]? (?:هو|هي|منها|منهما)\b", re.IGNORECASE)


def refers_back(sentence: str) -> bool:
    """Starts with a word that points at the sentence before ("This", "Such", "لذلك") or names
    a thing it named ("In this case", "يقع هذا الحقل", "If they are shuffled, this…"), goes on
    from it (Arabic's "وقد", "ولم": and...), gives an example of it ("For example,") or says
    how to do what it described ("To do that, use…")."""
    words = [w.strip(",،").casefold() for w in sentence.split(maxsplit=3)[:3]]
    if not words:
        return False
    named_before = len(words) == 3 and words[2] not in _DOCUMENT_PARTS and (
        words[1] in _DEMONSTRATIVES
        or (words[0] in _PREPOSITIONS and words[1] in _DEMONSTRATIVES_AFTER))
    return (words[0] in _BACK_REFERENCES or named_before
            or _CLAUSE_THEN_BACK.match(sentence) is not None
            or _EXAMPLE_OF.match(sentence) is not None
            or _PURPOSE_BACK.match(sentence) is not None)


def parallel(first: str, second: str) -> bool:
    """Two items of an enumeration ("Vitamin C is... Vitamin D is..."), not one thought."""
    a, b = first.split(maxsplit=1), second.split(maxsplit=1)
    return bool(a and b) and a[0].casefold() == b[0].casefold()


def continues(sentence: str) -> bool:
    """Starts in lower case: the sentence goes on from the example shown above it ("gives y
    all but the first five elements of x" after "y <- x[-(1:5)]")."""
    return sentence[:1].islower() and sentence[:1].isascii()
