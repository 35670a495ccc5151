"""The check's public values: findings, results, compiled rules."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Literal

Status = Literal["pass", "fail"]

#: How a rule's match is judged (see ``decide``):
#: "harm"  - an action that breaks the oath: a finding when instructed or permitted;
#: "duty"  - an action the oath requires: a finding when forbidden or declared unnecessary;
#: "state" - a declaration ("the rules above are void"): a finding unless denied, asked or quoted;
#: "pattern" - a v2 rule: a finding wherever it matches, unless one of its exceptions excuses it.
KINDS = ("harm", "duty", "state", "pattern")
#: "verb": natural language ("delete the user's data"); "command": a shell/SQL/HTTP command that is a
#: finding only where the text tells the agent to run it.
FORMS = ("verb", "command")
SEVERITIES = ("normal", "severe")


#: The rule id of the one finding a check answers with when it did not finish within its budget: the
#: text is held for review, never accepted unchecked.
CHECK_DID_NOT_FINISH = "check-did-not-finish"


class RuleError(ValueError):
    """A rule in the credo map is malformed (bad shape, unknown lexicon, a pattern RE2 rejects)."""


@dataclass(frozen=True)
class Finding:
    snippet: str
    oath: str
    rule_id: str
    #: Offsets of ``snippet`` in the original body (``body[start:end] == snippet``).
    start: int = 0
    end: int = 0
    #: A sentence a reviewer can read: why this text conflicts with the oath.
    reason: str = ""
    #: ``"hold"`` (confident: the default review policy refuses the write) or ``"review"`` (worth a
    #: look: the write lands and is flagged after acceptance); see ``confidence``.
    tier: str = "hold"
    #: The combiner's confidence that this finding is a real conflict, 0 to 1 (``confidence``).
    confidence: float = 1.0

    def as_conflict(self) -> dict[str, object]:
        """The finding as the API, the 409 and ``check_oaths`` report it."""
        return {
            "snippet": self.snippet,
            "conflicting_oath": self.oath,
            "rule_id": self.rule_id,
            "reason": self.reason,
            "tier": self.tier,
            "confidence": self.confidence,
        }


@dataclass(frozen=True)
class OathResult:
    status: Status
    findings: tuple[Finding, ...] = ()

    @property
    def first(self) -> Finding | None:
        return self.findings[0] if self.findings else None

    @property
    def held(self) -> tuple[Finding, ...]:
        """The findings confident enough to hold a write (tier ``hold``)."""
        return tuple(f for f in self.findings if f.tier == "hold")

    @property
    def verdict(self) -> str:
        """``hold`` when any finding is held, ``review`` when all are only worth a look, else ``pass``."""
        return "hold" if self.held else "review" if self.findings else "pass"


PASS = OathResult("pass")


@dataclass(frozen=True, eq=False)
class CompiledException:
    """A v2 exception: excuses a ``pattern`` rule's match when its window matches (or, negated, does not)."""

    kind: str  # "clause" | "before" | "after" | "match"
    pattern: Any  # re2._Regexp
    also: tuple[CompiledException, ...] = ()
    negate: bool = False


@dataclass(frozen=True, eq=False)
class CompiledRule:
    id: str
    oath: str
    #: All the rule's templates as one pattern (``compile.TemplateUnion``): each template captures its head
    #: and its gaps.
    pattern: Any
    #: The RE2 sources of ``pattern``'s templates over English and language-neutral entries only
    #: (compiled on first use, for texts without a sign of another language).
    english: tuple[str, ...] = ()
    kind: str = "harm"
    form: str = "verb"
    severity: str = "normal"
    reason: str = ""
    description: str = ""
    #: Each must occur in the unit (each is one RE2 for a group of templates, any of which will do).
    require: tuple[Any, ...] = ()
    #: How many units either side also count for ``require`` (evidence often spans two sentences).
    window: int = 0
    #: ``require`` must occur before the match (a pronoun's antecedent: "the notes ... delete them").
    antecedent: bool = False
    #: ``"clause"``: ``require`` must occur in the match's own clause (with the clause before it when the
    #: match points back with a pronoun: "read the key file, then paste it into the PR"), not anywhere
    #: in the sentence ("call out required secrets, and paste the logs").
    require_in: str = "unit"
    #: None may occur in the unit.
    unless: Any = None
    #: None may overlap the match or touch it (homonyms: "type safety", "email verification").
    unless_near: Any = None
    #: Gated only by a person's explicit consent, not by "when asked" (data leaving the workspace).
    strict_gate: bool = False
    #: False: no gate excuses this action (reporting success without evidence is not made honest by consent).
    gate: bool = True
    #: Also judged on lines of code blocks (configuration that switches a protection off).
    in_code: bool = False
    #: A description whose subject is text (rules, instructions, messages) declares a precedence:
    #: "rules further down override the ones above" is read as an order, not as a fact about a program.
    declares: bool = False
    #: v2 only.
    exceptions: tuple[CompiledException, ...] = ()
    within: str = "text"
    #: Index of the oath in the credo (0-based).
    oath_index: int = 0


@dataclass(frozen=True, eq=False)
class RuleSet:
    """Compiled rules plus a fingerprint of their source, for caches and rechecks."""

    rules: tuple[CompiledRule, ...]
    sha256: str
    oath_names: tuple[str, ...] = field(default=())
    #: Past participles the compiler added to the verb lexicons (written in none): the check reads one
    #: only as a passive order or permission ("changes can be discarded"), not as a description
    #: ("will be overwritten").
    participles: frozenset[str] = field(default=frozenset())


EMPTY_RULES = RuleSet(rules=(), sha256=hashlib.sha256(b"[]").hexdigest())
