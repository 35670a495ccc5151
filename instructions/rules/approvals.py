"""Approved findings: a reviewer's approval, as the oath check sees it afterwards.

Approving a refused text records each of its findings for its target, keyed by the
rule and the *unit* the finding stands in (its sentence, list item, table cell or
line, as the oath check segments the text; whitespace collapsed and case folded).
From then on the same finding in the same sentence there is not a conflict: the
approved sentence may stay while the document is edited around it, or moves within
it. A new sentence is a new finding, even one that shares the approved phrase
("ignore all previous instructions" approved in one sentence excuses nothing
elsewhere): an approval never makes a document sticky, and never excuses new text.

Pure: plain data in, plain data out.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
from collections.abc import Iterable

from instructions.rules.oaths import CHECK_DID_NOT_FINISH, Finding, OathResult, RuleSet, check_text
from instructions.rules.oaths.segment import segment

#: ``(rule id, unit key)``: what identifies an approved finding across edits of its text.
FindingKey = tuple[str, str]


def text_key(text: str) -> str:
    """``text`` with whitespace collapsed and case folded, hashed (a fixed-size key)."""
    return hashlib.sha256(" ".join(text.split()).casefold().encode("utf-8")).hexdigest()


@functools.lru_cache(maxsize=64)
def _unit_spans(body: str) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    units, _ = segment(body)
    spans = tuple(sorted((u.start, u.end) for u in units if u.end > u.start))
    return tuple(a for a, _ in spans), spans


def unit_text(body: str, finding: Finding) -> str:
    """The unit of ``body`` the finding stands in: the segment holding its start (to
    its end, if the finding runs past it), or else the whole lines it spans (a finding
    in a decoded payload or a comment)."""
    if finding.rule_id == CHECK_DID_NOT_FINISH:
        return body  # a check that did not finish vouches for no sentence: its approval is the whole text's
    starts, spans = _unit_spans(body)
    k = bisect.bisect_right(starts, finding.start) - 1
    if k >= 0 and spans[k][0] <= finding.start < spans[k][1]:
        return body[spans[k][0] : max(spans[k][1], finding.end)]
    first = body.rfind("\n", 0, finding.start) + 1
    last = body.find("\n", finding.end)
    return body[first : len(body) if last < 0 else last]


def finding_key(finding: Finding, body: str) -> FindingKey:
    return finding.rule_id, text_key(unit_text(body, finding))


def without_approved(
    result: OathResult, approved: Iterable[FindingKey], body: str, rules: RuleSet, *, budget: float | None = None
) -> OathResult:
    """``result`` (the check of ``body`` under ``rules``) without the findings reviewers
    approved in their sentences; ``pass`` when none is left.

    The check reports each rule's first conflict only, so an approved sentence would
    hide a later, new sentence that breaks the same rule. When a finding is set aside,
    the text is checked once more with every approved sentence blanked out (offsets
    kept), and what that finds is new."""
    approved = frozenset(approved)
    if not approved or result.status == "pass":
        return result
    left = [f for f in result.findings if finding_key(f, body) not in approved]
    if len(left) < len(result.findings):
        units = {unit for _, unit in approved}
        _, spans = _unit_spans(body)
        blanked = list(body)
        for a, b in spans:
            if text_key(body[a:b]) in units:
                blanked[a:b] = ("\n" if ch == "\n" else " " for ch in body[a:b])
        seen = {(f.rule_id, f.start) for f in left}
        again = check_text("".join(blanked), rules, budget, target="approved sentences set aside")
        new = [f for f in again.findings if (f.rule_id, f.start) not in seen and finding_key(f, body) not in approved]
        left = sorted(left + new, key=_order)
    return OathResult("fail", tuple(left)) if left else OathResult("pass")


def _order(finding: Finding) -> tuple[int, str]:
    return finding.start, finding.rule_id


def verdict(
    body: str, rules: RuleSet, approved: Iterable[FindingKey] = (), *, budget: float | None = None, target: str = ""
) -> OathResult:
    """The oath check of ``body`` for a target whose ``approved`` findings reviewers
    approved: what every write, merge and recheck goes by. ``budget`` and ``target``:
    as for ``check_text`` (a write's check has a deadline; a check that does not finish
    holds the text)."""
    return without_approved(check_text(body, rules, budget, target=target), approved, body, rules, budget=budget)
