"""A reading of a match (its modality, frame, gate, ...) and the verdict a rule of each kind gives it.

``decide.read`` fills a ``Reading``; ``verdict`` says whether a match so read is a conflict for a rule of
its kind (harm, duty, state), with or without a command to run. ``WINDOW`` and ``LOCAL`` bound how far
the reading looks around a match.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def verdict(kind: str, r: Reading, severity: str, command: bool, code_unit: bool) -> bool:
    """Is a match so read a conflict, for a rule of this kind?"""
    if r.question or r.condition or r.mention:
        return False
    if r.frame in ("mention", "example", "reference"):
        return False
    if command:
        if code_unit:
            if r.frame == "prohibit":
                return False
            if r.frame != "run" and severity != "severe":
                return False
        elif not r.run and r.frame != "run":
            return False
    if kind == "harm":
        if r.frame == "prohibit" or r.gated:
            return False
        return r.modality in (INSTRUCT, PERMIT) or r.dismissed
    if kind == "duty":
        if r.gated or r.redirected or r.restricted:
            return False
        if r.frame == "prohibit" and r.modality == PROHIBIT:
            return False  # "## Forbidden\n- ❌ not updating TASKS.md": the denial is what the list forbids
        return r.modality in (PROHIBIT, NONEED)
    if kind == "state":
        # (under "Do not:" or "## Never", a declaration is one of the things listed as forbidden)
        return not r.negated and r.modality != NONEED and r.frame != "prohibit"
    return False
