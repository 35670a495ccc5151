"""A match being judged, and the guard that may refuse it.

``Candidate`` holds what every guard reads: the document, the rule, the view and the unit the match
was found in (``vt[lo:hi]`` is the unit's ``text``), and the spans of the match (``m0:m1``) and of its
head (``h0:h1``), in view offsets. Its placement in code and quotations is filled in once the guards
on the match itself have let it through (``judge``).

A ``Guard`` is one named row of a table: a test of a candidate, true when it refuses the match, and
what the refusal means (``outcome``: this match only, or every match of the rule in the unit). A
``UnitGate`` is the same for the rule's checks that read the whole unit, once per unit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from instructions.rules.oaths.document import Document
from instructions.rules.oaths.model import CompiledRule
from instructions.rules.oaths.segment import Unit
from instructions.rules.oaths.views import View

#: A guard's outcome when the refusal holds for the whole unit (an ``unless`` or a missing requirement):
#: no other match of the rule in that unit need be judged.
UNIT_REFUSED = (-1, -1)


class Candidate:
    """One match of a rule, in the view and unit it was found in."""

    __slots__ = (
        "code_line",
        "code_unit",
        "command",
        "comment_line",
        "decoded",
        "doc",
        "h0",
        "h1",
        "head_in_code",
        "hi",
        "how",
        "in_code",
        "in_quote",
        "line",
        "lo",
        "m0",
        "m1",
        "match",
        "rule",
        "runs_out",
        "scope",
        "text",
        "unit",
        "view",
        "vt",
    )

    def __init__(
        self,
        doc: Document,
        rule: CompiledRule,
        view: View,
        lo: int,
        hi: int,
        unit: Unit,
        how: str,
        match: Any,
        span: tuple[int, int],
        head: tuple[int, int],
    ) -> None:
        self.doc, self.rule, self.view, self.unit, self.how, self.match = doc, rule, view, unit, how, match
        #: The unit's span in the view, and its text as the view reads it.
        self.lo, self.hi = lo, hi
        self.vt = view.text
        self.text = view.text[lo:hi]
        self.m0, self.m1 = span
        self.h0, self.h1 = head
        #: A command rule (``form: command``), and a reading of a decoded or hidden payload.
        self.command = rule.form == "command"
        self.decoded = how in ("decoded", "hidden")
        #: Where a requirement is read for this match (its clause, or the text before it), once asked for.
        self.scope: str | None = None
        # Placement in code (``code_lines.place_in_code``, then ``code_unit``: a command on a line of code, not
        # a comment) and in quotations (``judge.place_in_quotes``).
        self.code_line = self.comment_line = self.code_unit = False
        self.line = ""
        self.in_quote = self.in_code = self.head_in_code = self.runs_out = False


class Guard(NamedTuple):
    """A named reason to refuse a match: ``test(candidate)`` is true when it applies."""

    #: The reason a trace shows (``scripts/eval_oaths.py --why``).
    why: str
    test: Callable[[Candidate], object]
    #: None: this match is refused; ``UNIT_REFUSED``: every match of the rule in this unit is.
    outcome: tuple[int, int] | None = None
    #: The test's result is the match of the words that refused it, shown after ``why``.
    detail: bool = False


class UnitGate(NamedTuple):
    """A named reason why no match of a rule in a unit can be a conflict: ``test(doc, rule, text, unit, how)``
    (``text``: the unit as its view reads it; ``how``: which view) is true when it applies."""

    why: str
    test: Callable[[Document, CompiledRule, str, Unit, str], object]
    #: The test's result is the match of the words that refused it, shown after ``why``.
    detail: bool = False
