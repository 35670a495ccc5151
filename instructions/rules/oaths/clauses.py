"""Clause boundaries around a match: where the clause before it starts and the one after it ends.

The clause before a match is cut at clause breaks (``; ``, ``, but ``, ``: ``, a sentence end, ...),
except where a break is an abbreviation, a key and its value, or a command's argument; the words after
it end at a break or at a coordinated second action.
"""

from __future__ import annotations

import re

from instructions.rules.oaths.automata import re2_compile

_CLAUSE_BREAKS = re2_compile(
    r"(?:; |, but |, yet |, then |, and then |, and |, or |, just |, simply |, instead |, otherwise |, so |, rather |"
    r" — | – | -- | - |: |\. |\? |! |，但|，然后|、然后|；| but instead | but |, though |, however |, although |"
    # a colon right after a CJK label ("避免等待人工输入：运行 ..."; full-width marks are folded to ASCII)
    r"[^\x00-\x7f]:)",
    "clause breaks",
)


_QUOTE_START = re2_compile('["“«「『]', "quote start")
_COMMA = re2_compile(r"[,，、،]", "comma")
_SENTENCE_END_PUNCT = frozenset("?？؟")


_ABBREVIATION_END = ("e.g", "i.e", "etc", "vs", "cf", "incl", "approx", "z.b", "p.ej", "ex", "bzw", "usw")


def _clause_start(pre: str) -> int:
    last = 0
    for m in _CLAUSE_BREAKS.finditer(pre):
        if pre.startswith(". ", m.start()) and pre[max(0, m.start() - 6) : m.start()].lower().endswith(
            _ABBREVIATION_END
        ):
            continue  # "(e.g. `git reset --hard`)": an abbreviation, not the end of a sentence
        if pre.startswith(": ", m.start()) and _KEY_VALUE.match(pre, m.end()):
            continue  # "mark it as `passes: true` without ...": a key and its value, not a lead-in
        if pre.startswith(". ", m.start()) and pre[m.start() - 1 : m.start()] == " ":
            continue  # "git restore . or ...": a lone "." is a command's argument (a sentence does not end " .")
        if pre.startswith(" -- ", m.start()) and _PATH_ARGUMENT.match(pre, m.end()):
            continue  # "git checkout -- ., git restore .": the end of a command's options, not a dash in prose
        last = m.end()
    return last


#: A path or "." after a command's "--" (the view has no backticks to tell a command from prose).
_PATH_ARGUMENT = re.compile(r"[\w~-]*[./][\w./~*-]*(?:[\s,;]|$)")
#: A value after a key's colon ("passes: true", "retries: 3").
_KEY_VALUE = re.compile(r"(?:true|false|null|none|yes|no|on|off|\d+)\b", re.IGNORECASE)


#: After an action, a coordinated second action starts a new clause: a denial there is not about the first.
_POST_BREAKS = re2_compile(
    r"(?:, | and | e | y | und | et | en | i | ve | и | или | oder | ou | o | or | als | "
    r"并且|而且|并|和|، | و|그리고 |そして|、)",
    "post breaks",
)


def _first_break(post: str) -> int:
    m = _CLAUSE_BREAKS.search(post)
    end = m.start() if m else len(post)
    c = _POST_BREAKS.search(post[:end])
    return c.start() if c else end
