"""Approved findings: a reviewer's approval, as the oath check sees it afterwards.

Approving a refused text records each of its findings (the rule and the quoted
text) for its target. From then on the same finding there is not a conflict: the
approved text may stay while the document is edited around it. Any other finding
is: an approval never makes a document sticky, and never excuses new text.

Pure: plain data in, plain data out.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from instructions.oaths import Finding, OathResult

#: ``(rule id, snippet key)``: what identifies a finding across edits of its text.
FindingKey = tuple[str, str]


def snippet_key(snippet: str) -> str:
    """The quoted text, whitespace collapsed and case folded, hashed (a fixed-size key)."""
    return hashlib.sha256(" ".join(snippet.split()).casefold().encode("utf-8")).hexdigest()


def finding_key(finding: Finding) -> FindingKey:
    return finding.rule_id, snippet_key(finding.snippet)


def without_approved(result: OathResult, approved: Iterable[FindingKey]) -> OathResult:
    """``result`` without the findings a reviewer approved; ``pass`` when none is left."""
    approved = frozenset(approved)
    if not approved or result.status == "pass":
        return result
    left = tuple(f for f in result.findings if finding_key(f) not in approved)
    return OathResult("fail", left) if left else OathResult("pass")
