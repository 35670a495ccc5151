"""Check a body against compiled rules: the pass over a body, the first conflict per rule.

1. ``document``: ``segment`` splits the body into units with their structural context, and
   ``Document`` builds the base view (every unit normalised, units separated by a line break, which
   no rule's gap crosses).
2. ``alt_view``: one view of alternative readings, built only for units that show a sign of
   obfuscation: leetspeak, letter-spaced or split words, ROT13 or reversed text (detected by their stop
   words), Cyrillic and Greek in their own letters, encoded and hidden payloads (``payloads``: base64,
   hex, Unicode tag characters...) decoded into units of their own that quote the encoded original, and
   a question answered by a bare denial read as its action denied.
3. Here: every rule's English-only pattern runs over the base view, its every-language pattern over the
   units that may be in another language and over the alternative readings (``TemplateUnion``: one
   automaton without capture groups finds the matches, the matching template alone reads their groups).
4. Each match is judged in its unit (``judge``); the first conflict per rule is a finding
   (``findings``).

Each step is a linear pass; a decision looks only at a bounded window around its match. A check may be
given a budget of CPU time (``budget``): its loops read the clock, and a check that spends its budget
stops and answers with one finding (``CHECK_DID_NOT_FINISH``) that holds the text for review. Results
are remembered per (body, rules) (``check_text``).
"""

from __future__ import annotations

import bisect
import logging
import sys
from functools import lru_cache
from typing import Any

from instructions.rules.oaths.alt_view import build_alt
from instructions.rules.oaths.automata import TemplateUnion
from instructions.rules.oaths.budget import Deadline, OutOfTime, TooManyCandidates, max_candidates
from instructions.rules.oaths.candidate import UNIT_REFUSED
from instructions.rules.oaths.document import Document
from instructions.rules.oaths.findings import check_result, did_not_finish, pattern_rule_span, rule_finding
from instructions.rules.oaths.judge import judge_match
from instructions.rules.oaths.matching import matches_in
from instructions.rules.oaths.model import PASS, CompiledRule, Finding, OathResult, RuleSet
from instructions.rules.oaths.results import ResultCache
from instructions.rules.oaths.segment import Unit, in_spans
from instructions.rules.oaths.views import View


@lru_cache(maxsize=1024)
def _english_pattern(sources: tuple[str, ...]) -> Any:
    """A rule's English-only pattern, compiled on first use."""
    return TemplateUnion(list(sources), "english pattern")


def check_document(body: str, rules: RuleSet, deadline: Deadline | None = None) -> OathResult:
    return _check(Document(body, rules.participles, deadline, allowance=max_candidates(len(body))), rules)


def candidate_count(body: str, rules: RuleSet) -> int:
    """The candidate phrases a check of ``body`` reads, read to the end whatever its allowance
    (``budget.max_candidates``): what ``scripts/oath_candidates.py`` reports for real files."""
    doc = Document(body, rules.participles, allowance=sys.maxsize)
    _check(doc, rules)
    return doc.candidates


def _check(doc: Document, rules: RuleSet) -> OathResult:
    body = doc.body
    if not doc.units:
        return PASS
    view, alts, alt_starts = build_alt(doc)

    def in_base(pos: int) -> tuple[int, int, Unit, str] | None:
        unit = doc.unit_at(pos + 1 if doc.base.text[pos] == "\n" else pos)
        return None if unit is None else (unit.vstart, unit.vend, unit, "base")

    def in_alt(pos: int) -> tuple[int, int, Unit, str] | None:
        k = bisect.bisect_right(alt_starts, pos + 1 if view.text[pos] == "\n" else pos) - 1
        if k < 0:
            return None
        alt = alts[k]
        return alt.vstart, alt.vend, alt.source, alt.how

    # The English patterns over the whole text, every language's over the units that may be in
    # another language (a unit wrongly read as foreign only costs time).
    foreign, foreign_units, foreign_starts = doc.foreign()

    def in_foreign(pos: int) -> tuple[int, int, Unit, str] | None:
        k = bisect.bisect_right(foreign_starts, pos + 1 if foreign.text[pos] == "\n" else pos) - 1
        if k < 0:
            return None
        unit = foreign_units[k]
        return unit.vstart, unit.vend, unit.source, "base"

    found: list[tuple[int, Finding]] = []
    for index, rule in enumerate(rules.rules):
        doc.tick()
        best: tuple[int, int] | None = None
        if rule.kind == "pattern":
            best = pattern_rule_span(doc, rule)
        else:
            pattern = _english_pattern(rule.english) if rule.english else rule.pattern
            span = _first_conflict(doc, rule, doc.base, in_base, pattern=pattern)
            if span is not None:
                best = doc.base.original_span(*span)
            if foreign_units and pattern is not rule.pattern:
                span = _first_conflict(doc, rule, foreign, in_foreign, before=best[0] if best else None)
                if span is not None:
                    best = foreign.original_span(*span)
            if alts:
                span = _first_conflict(doc, rule, view, in_alt, before=best[0] if best else None)
                if span is not None:
                    best = view.original_span(*span)
        if best is not None:
            found.append((index, rule_finding(body, rule, best)))
    return check_result(found)


#: After a refused match, the rest of its unit is searched again from the next character (a later
#: template's match may overlap it: "your memory feature ... and forget what you learned"), at most
#: this many times per unit, so the check stays linear.
RESCANS = 3


def _first_conflict(
    doc: Document, rule: CompiledRule, view: View, locate: Any, before: int | None = None, pattern: Any = None
) -> tuple[int, int] | None:
    """The view span of ``rule``'s first conflicting match in ``view`` (before original offset ``before``)."""
    pattern = rule.pattern if pattern is None else pattern
    data = doc.ascii_bytes(view, shadow=pattern is not rule.pattern)
    pos = 0
    while pos is not None:
        found, pos = _scan(doc, rule, view, locate, before, pattern, data, pos)
        if found is not None:
            return found
    return None


def _scan(
    doc: Document, rule: CompiledRule, view: View, locate: Any, before: int | None, pattern: Any, data: Any, pos: int
) -> tuple[tuple[int, int] | None, int | None]:
    """(the first conflict found scanning from ``pos``, or None; where to scan again, or None when done).

    A match that runs past the end of its unit (a pattern's white space may cross the line break
    between units) is not judged; the unit is searched on its own and the scan goes on from the next."""
    text = view.text
    rescans: dict[int, int] = {}
    skip_until = -1
    for m in pattern.finditer(text, data, pos):
        if m.end() <= m.start() or m.start() < skip_until:
            continue
        doc.candidate()
        if before is not None and view.starts[m.start()] >= before:
            continue
        where = locate(m.start())
        if where is None:
            continue
        lo, hi, unit, how = where
        if m.end() > hi:
            inner = next(matches_in(pattern, text, m.start(), hi), None)
            if inner is not None:
                doc.candidate()
                span = judge_match(doc, rule, view, lo, hi, unit, how, inner)
                if span is not None and span is not UNIT_REFUSED:
                    return span, None
            return None, hi
        span = judge_match(doc, rule, view, lo, hi, unit, how, m)
        if span is UNIT_REFUSED:
            skip_until = hi
            continue
        if span is not None:
            return span, None
        # Retry inside the unit from just after this match's start (bounded per unit).
        pos = m.start() + 1
        while rescans.get(lo, 0) < RESCANS and pos < m.end():
            rescans[lo] = rescans.get(lo, 0) + 1
            again = next(matches_in(pattern, text, pos, hi), None)
            if again is None or again.start() >= m.end():
                break
            doc.candidate()
            span = judge_match(doc, rule, view, lo, hi, unit, how, again)
            if span is UNIT_REFUSED:
                break
            if span is not None:
                return span, None
            pos = again.start() + 1
    return None, None


logger = logging.getLogger(__name__)


def check_text_uncached(body: str, rules: RuleSet, budget: float | None = None, *, target: str = "") -> OathResult:
    """``check_text`` without the cache (benchmarks, and callers checking huge one-off texts).

    Two budgets bound it (``budget`` module): the candidate phrases a text of its length may hold
    (always), and ``budget`` seconds of this thread's CPU time (None: no limit). A check that spends
    either stops and answers ``did_not_finish``: never a pass. ``target``: what the text is for (a
    scope, "dry run"), named in the warning logged then."""
    if not rules.rules or not body:
        return PASS
    try:
        return check_document(body, rules, None if budget is None else Deadline(budget))
    except TooManyCandidates:
        allowed = max_candidates(len(body))
        logger.warning(
            "The oath check of a body of %d characters (%s) found more than %d candidate phrases; held for review.",
            len(body),
            target or "target not given",
            allowed,
        )
        reason = (
            f"The oath check did not finish: the text holds more than {allowed} phrases to read, more than a "
            f"text of {len(body)} characters may; it is held for review."
        )
        return did_not_finish(body, rules, reason)
    except OutOfTime:
        logger.warning(
            "The oath check of a body of %d characters (%s) did not finish within its budget of %g s; held for review.",
            len(body),
            target or "target not given",
            budget,
        )
        reason = f"The oath check did not finish within its budget of {budget:g} s; the text is held for review."
        return did_not_finish(body, rules, reason)


#: Results of the latest checks, per (body, rules): a page's live check and its save check the same text.
CACHE_SIZE = 512
_results = ResultCache(CACHE_SIZE)


def check_text(body: str, rules: RuleSet, budget: float | None = None, *, target: str = "") -> OathResult:
    """Check ``body`` against ``rules``: one finding per rule that conflicts, in text order.

    ``budget`` and ``target``: as for ``check_text_uncached``; a check that did not finish is not
    remembered (the next call checks again)."""
    key = (body, rules)
    cached = _results.get(key)
    if cached is not None:
        return cached
    return _results.put(key, check_text_uncached(body, rules, budget, target=target))


def clear_cache() -> None:
    """Forget every remembered result."""
    _results.clear()


__all__ = [
    "Document",
    "candidate_count",
    "check_text",
    "check_text_uncached",
    "clear_cache",
    "did_not_finish",
    "in_spans",
]
