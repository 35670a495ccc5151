"""Findings assembly: the span a finding quotes, pattern rules' findings, and a check that did not finish.

A finding quotes the original text of its match, trimmed of white space; the findings of a check are
one per rule, in text order. A version-2 ``pattern`` rule is a finding wherever its pattern matches,
unless one of its exceptions excuses it. A check that spent its budget answers one finding that holds
the whole text for review (``did_not_finish``).
"""

from __future__ import annotations

from typing import Any

from instructions.rules.oaths.document import Document
from instructions.rules.oaths.model import CHECK_DID_NOT_FINISH, PASS, CompiledRule, Finding, OathResult, RuleSet
from instructions.rules.oaths.verdicts import WINDOW

_TRIM = " \t\n\r"


def _trim(body: str, start: int, end: int) -> tuple[int, int]:
    """Trim white space, and a boundary character a non-ASCII word's match consumed, off the snippet."""
    while start < end and body[start] in _TRIM:
        start += 1
    while end > start and body[end - 1] in _TRIM:
        end -= 1
    if end - start > 1 and not body[start].isalnum() and not body[start + 1].isascii() and body[start + 1].isalpha():
        start += 1
    if end - start > 1 and not body[end - 1].isalnum() and not body[end - 2].isascii() and body[end - 2].isalpha():
        end -= 1
    while start < end and body[start] in _TRIM:
        start += 1
    while end > start and body[end - 1] in _TRIM:
        end -= 1
    return start, end


def _legacy_excepted(rule: CompiledRule, text: str, start: int, end: int) -> bool:
    """v2 exceptions over the unit holding a ``pattern`` rule's match (``text`` is that unit)."""
    windows = {
        "before": (max(0, start - WINDOW), start),
        "after": (end, min(len(text), end + WINDOW)),
        "match": (start, end),
        "clause": (max(0, start - WINDOW), min(len(text), end + WINDOW)),
    }

    def holds(exc: Any) -> bool:
        lo, hi = windows[exc.kind]
        return (exc.pattern.search(text[lo:hi]) is not None) != exc.negate

    return any(holds(exc) and all(holds(part) for part in exc.also) for exc in rule.exceptions)


def pattern_rule_span(doc: Document, rule: CompiledRule) -> tuple[int, int] | None:
    for m in rule.pattern.finditer(doc.base.text):
        doc.candidate()
        start, end = m.span()
        if end <= start:
            continue
        unit = doc.unit_at(start)
        if unit is None:
            unit = doc.unit_at(end - 1)
        if unit is None:
            continue
        if rule.within == "html-comment" and unit.kind != "comment":
            continue
        lo = unit.vstart
        if rule.exceptions and _legacy_excepted(rule, doc.base.text[lo : max(unit.vend, end)], start - lo, end - lo):
            continue
        return doc.base.original_span(start, end)
    return None


#: The longest snippet of a check that did not finish (a prefix of the body).
UNFINISHED_SNIPPET = 200


def did_not_finish(body: str, rules: RuleSet, reason: str) -> OathResult:
    """The result of a check that spent a budget: one finding that holds the whole text for review."""
    oath = rules.oath_names[0] if rules.oath_names else rules.rules[0].oath
    end = min(len(body), UNFINISHED_SNIPPET)
    if end < len(body):
        cut = body.rfind(" ", UNFINISHED_SNIPPET // 2, end)  # (a whole word when there is one to cut after)
        end = cut if cut > 0 else end
    return OathResult("fail", (Finding(body[:end], oath, CHECK_DID_NOT_FINISH, 0, end, reason),))


def rule_finding(body: str, rule: CompiledRule, span: tuple[int, int]) -> Finding:
    """The finding of ``rule`` whose match came from ``body[span[0]:span[1]]``: that span, trimmed."""
    start, end = _trim(body, *span)
    if end <= start:
        start, end = span
    return Finding(body[start:end], rule.oath, rule.id, start, end, rule.reason)


def check_result(found: list[tuple[int, Finding]]) -> OathResult:
    """The result of a check from its findings (each with its rule's index): in text order, then in the
    rules' order; a pass when there are none."""
    if not found:
        return PASS
    found.sort(key=lambda item: (item[1].start, item[0]))
    return OathResult("fail", tuple(f for _, f in found))
