"""A reading of a match (its modality, frame, gate, ...) and the verdict a rule of each kind gives it.

``decide.read`` fills a ``Reading``; ``verdict`` says whether a match so read is a conflict for a rule of
its kind (harm, duty, state), with or without a command to run. ``WINDOW`` and ``LOCAL`` bound how far
the reading looks around a match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

#: How far (in view characters) the clause analysis looks either side of a match.
WINDOW = 240
#: How close a local denial ("not", "without") must be to the action to govern it.
LOCAL = 24

INSTRUCT, PERMIT, PROHIBIT, NONEED, DESCRIBE = "instruct", "permit", "prohibit", "noneed", "describe"


@dataclass(slots=True)
class Reading:
    """How a unit frames one match (for tests and ``--show`` in the evaluation)."""

    modality: str = INSTRUCT
    negated: bool = False
    gated: bool = False
    mention: bool = False
    question: bool = False
    condition: bool = False
    frame: str = ""
    authority: bool = False
    run: bool = False
    #: Where the denial that negates a duty starts (the finding quotes it with the duty).
    cue_at: int | None = None
    #: "Don't worry about X": for a harm, a permission; for a duty, a dismissal.
    dismissed: bool = False
    #: "Don't write notes in the code; put them in docs/notes/ instead": a duty moved, not refused.
    redirected: bool = False
    restricted: bool = False


class Case(NamedTuple):
    """What a verdict knows of the rule and the match besides the reading."""

    severity: str
    #: A command rule, and whether the command is on a line of a code block (not a comment).
    command: bool
    code_unit: bool


#: Readings that are no conflict, whatever the rule's kind: the first that holds refuses.
NO_CONFLICT = (
    ("a question", lambda r, case: r.question),
    ("a condition", lambda r, case: r.condition),
    ("a mention", lambda r, case: r.mention),
    ("a mention, example or reference frame", lambda r, case: r.frame in ("mention", "example", "reference")),
    (
        "a command in code under a prohibition",
        lambda r, case: case.command and case.code_unit and r.frame == "prohibit",
    ),
    # (a "severe" command needs only a code block nobody framed as an example or a prohibition)
    (
        "a command in code nobody said to run",
        lambda r, case: case.command and case.code_unit and r.frame != "run" and case.severity != "severe",
    ),
    (
        "a command in prose nobody said to run",
        lambda r, case: case.command and not case.code_unit and not r.run and r.frame != "run",
    ),
)

#: Per rule kind: the readings that are no conflict for it (the first that holds refuses), then whether
#: the reading is a conflict. A *harm* is one when instructed or permitted, a *duty* when forbidden or
#: declared unnecessary, a *state* unless denied.
KIND_VERDICTS = {
    "harm": (
        (
            ("under a prohibition", lambda r: r.frame == "prohibit"),
            ("behind a gate", lambda r: r.gated),
        ),
        lambda r: r.modality in (INSTRUCT, PERMIT) or r.dismissed,
    ),
    "duty": (
        (
            ("behind a gate", lambda r: r.gated),
            ("moved elsewhere", lambda r: r.redirected),
            ("only a manner forbidden", lambda r: r.restricted),
            # "## Forbidden\n- ❌ not updating TASKS.md": the denial is what the list forbids
            ("a denial listed under a prohibition", lambda r: r.frame == "prohibit" and r.modality == PROHIBIT),
        ),
        lambda r: r.modality in (PROHIBIT, NONEED),
    ),
    # (under "Do not:" or "## Never", a declaration is one of the things listed as forbidden)
    "state": ((), lambda r: not r.negated and r.modality != NONEED and r.frame != "prohibit"),
}


def verdict(kind: str, r: Reading, severity: str, command: bool, code_unit: bool) -> bool:
    """Is a match so read a conflict, for a rule of this kind (``NO_CONFLICT``, then ``KIND_VERDICTS``)?"""
    case = Case(severity, command, code_unit)
    if any(test(r, case) for _, test in NO_CONFLICT):
        return False
    if kind not in KIND_VERDICTS:
        return False
    refusals, conflict = KIND_VERDICTS[kind]
    if any(test(r) for _, test in refusals):
        return False
    return conflict(r)
