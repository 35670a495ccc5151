"""Clause boundaries around a match: where the clause before it starts and the one after it ends.

The clause before a match is cut at clause breaks (``; ``, ``, but ``, ``: ``, a sentence end, ...),
except where a break is an abbreviation, a key and its value, or a command's argument; the words after
it end at a break or at a coordinated second action. ``Clause`` holds the words around one match as
``decide.read`` reads them, step by step.
"""

from __future__ import annotations

import re

from instructions.rules.oaths.automata import re2_compile
from instructions.rules.oaths.cue_set import CueSet
from instructions.rules.oaths.segment import Unit
from instructions.rules.oaths.verdicts import Reading

_CLAUSE_BREAKS = re2_compile(
    r"(?:; |, but |, yet |, then |, and then |, and |, or |, just |, simply |, instead |, otherwise |, so |, rather |"
    r" — | – | -- | - |: |\. |\? |! |，但|，然后|、然后|；| but instead | but |, though |, however |, although |"
    # a colon right after a CJK label ("避免等待人工输入：运行 ..."; full-width marks are folded to ASCII)
    r"[^\x00-\x7f]:)",
    "clause breaks",
)


QUOTE_START = re2_compile('["“«「『]', "quote start")
COMMA = re2_compile(r"[,，、،]", "comma")
SENTENCE_END_PUNCT = frozenset("?？؟")


_ABBREVIATION_END = ("e.g", "i.e", "etc", "vs", "cf", "incl", "approx", "z.b", "p.ej", "ex", "bzw", "usw")


#: Clause breaks that do not end the clause before a match: the first that holds skips the break.
NOT_A_BREAK = (
    # "(e.g. `git reset --hard`)"
    (
        "an abbreviation",
        lambda pre, m: (
            pre.startswith(". ", m.start())
            and pre[max(0, m.start() - 6) : m.start()].lower().endswith(_ABBREVIATION_END)
        ),
    ),
    # "mark it as `passes: true` without ..."
    ("a key and its value", lambda pre, m: pre.startswith(": ", m.start()) and _KEY_VALUE.match(pre, m.end())),
    # "git restore . or ...": a sentence does not end " ."
    (
        'a lone ".", a command\'s argument',
        lambda pre, m: pre.startswith(". ", m.start()) and pre[m.start() - 1 : m.start()] == " ",
    ),
    # "git checkout -- ., git restore .": not a dash in prose
    (
        "the end of a command's options",
        lambda pre, m: pre.startswith(" -- ", m.start()) and _PATH_ARGUMENT.match(pre, m.end()),
    ),
)


def clause_start(pre: str) -> int:
    """Where the clause that ends ``pre`` starts: after its last clause break (``NOT_A_BREAK`` aside)."""
    last = 0
    for m in _CLAUSE_BREAKS.finditer(pre):
        if not any(test(pre, m) for _, test in NOT_A_BREAK):
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


def first_break(post: str) -> int:
    m = _CLAUSE_BREAKS.search(post)
    end = m.start() if m else len(post)
    c = _POST_BREAKS.search(post[:end])
    return c.start() if c else end


class Clause:
    """The words around one match as ``decide.read`` reads them, and what the reading has found so far.

    The inputs (``text``: one unit's view; ``[m0, m1)`` the match, ``[h0, h1)`` its head), then, as the
    steps of ``decide.READ_STEPS`` fill them in: ``pre`` (the clause before the head, from ``pre_off``),
    ``lead_in`` (what comes before that clause in the window), ``condition`` (a leading condition cut
    off ``pre``), ``post`` (the words after the match up to the next break), the cue ``events`` of
    ``pre`` and their ``classes``, the count of denials that govern the action, and ``r``, the reading."""

    __slots__ = (
        "c",
        "classes",
        "colon_denial",
        "command",
        "condition",
        "context",
        "cue_at",
        "denied_at",
        "end",
        "events",
        "gaps",
        "gates",
        "h0",
        "h1",
        "in_code",
        "in_quote",
        "is_english",
        "last_denial",
        "last_word",
        "lead_gate",
        "lead_in",
        "lo",
        "m0",
        "m1",
        "negations",
        "original",
        "polite",
        "post",
        "post_full",
        "pre",
        "pre_full",
        "pre_off",
        "r",
        "reluct",
        "strict_gate",
        "subject",
        "text",
        "unit",
    )

    def __init__(
        self,
        text: str,
        h0: int,
        h1: int,
        m0: int,
        m1: int,
        *,
        unit: Unit,
        in_quote: bool,
        in_code: bool,
        command: bool,
        context: str,
        strict_gate: bool,
        gaps: str | None,
        original: str,
        c: CueSet,
        r: Reading,
        is_english: bool,
    ) -> None:
        self.text, self.h0, self.h1, self.m0, self.m1 = text, h0, h1, m0, m1
        self.unit, self.in_quote, self.in_code, self.command = unit, in_quote, in_code, command
        self.context, self.strict_gate, self.gaps, self.original = context, strict_gate, gaps, original
        self.c, self.r, self.is_english = c, r, is_english
        #: The window before the head (``pre_full``, from ``lo``) and after the match (``post_full``).
        self.lo = 0
        self.pre_full = self.post_full = ""
        self.pre_off = 0
        self.pre = self.lead_in = self.condition = self.post = self.lead_gate = ""
        #: A colon lead-in that forbids what follows (``frames.LEAD_IN_FRAMES``).
        self.colon_denial = False
        self.polite = False
        self.events: list[tuple[int, int, str]] = []
        #: ``len(pre)`` when its events were read.
        self.end = 0
        self.classes: set[str] = set()
        #: The denials that govern the action (an odd count denies it), the end of the last one and the
        #: start of the one that counted last, its word, and where the finding's quote of a denial starts.
        self.negations = 0
        self.last_denial: int | None = None
        self.last_word = ""
        self.denied_at = 0
        self.cue_at: int | None = None
        #: "don't hesitate to" near the action.
        self.reluct = False
        #: Where the gates in ``pre`` start.
        self.gates: list[int] = []
        #: A command that opens its unit as the subject of a verb that describes it.
        self.subject = False
