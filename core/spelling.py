"""English forms a student types that a manual spells otherwise: irregular pasts ("who wrote
git subtree" / "Written by…") and British spellings over an American manual ("colour" / "color").
Used by core.text.keyword_forms to match a question against sentences."""
from __future__ import annotations

import re

# the past forms no suffix rule reaches: "who wrote git subtree" / "Written by Avery Pennarun".
# Not those that are other words too ("left", "found", "bound", "saw", "lead", "bit", "lay").
IRREGULAR_PAST = {past: base for base, forms in (
    ("write", "wrote written"), ("rewrite", "rewrote rewritten"), ("begin", "began begun"),
    ("overwrite", "overwrote overwritten"), ("build", "built"), ("choose", "chose chosen"),
    ("get", "got gotten"), ("give", "gave given"), ("go", "went gone"), ("hide", "hid hidden"),
    ("hold", "held"), ("keep", "kept"), ("know", "knew known"), ("lose", "lost"),
    ("make", "made"), ("mean", "meant"), ("run", "ran"), ("see", "seen"), ("send", "sent"),
    ("show", "shown"), ("speak", "spoke spoken"), ("spend", "spent"), ("take", "took taken"),
    ("tell", "told"), ("think", "thought"), ("throw", "threw thrown"), ("bring", "brought"),
    ("understand", "understood"), ("buy", "bought"), ("catch", "caught"), ("draw", "drew drawn"),
    ("drive", "drove driven"), ("fall", "fallen"), ("fly", "flew flown"), ("fight", "fought"),
    ("forget", "forgot forgotten"), ("freeze", "froze frozen"), ("grow", "grew grown"),
    ("sell", "sold"), ("shake", "shook shaken"), ("steal", "stole stolen"), ("stick", "stuck"),
    ("strike", "struck"), ("teach", "taught"), ("tear", "tore torn"), ("wake", "woke woken"),
    ("wear", "wore worn"), ("withdraw", "withdrew withdrawn"), ("undo", "undid undone"),
    ("break", "broke broken"), ("seek", "sought"), ("feed", "fed"), ("hang", "hung"),
    ("sleep", "slept"), ("spin", "spun"), ("forbid", "forbade forbidden"), ("deal", "dealt"),
) for past in forms.split()}


# a British spelling a student types over an American manual: "colour" / "colored",
# "customised" / "customize", "centre" / "center"
_BRITISH = ((re.compile(r"(?<=\w\w)our$"), "or"), (re.compile(r"(?<=\w\w\w)is$"), "iz"),
            (re.compile(r"(?<=\w\w\w)tr$"), "ter"))  # on stems: "customis(ed)", "centr(e)"


def american(stem: str) -> str:
    """A British stem's American spelling ("colour" -> "color"); other stems unchanged."""
    for pattern, spelling in _BRITISH:
        stem = pattern.sub(spelling, stem)
    return stem
