"""The merge: four scopes in, one ``MergedInstructions`` out.

A pure function of plain data: no database, no disk. Order is global (the credo),
user, workspace, session, so the credo always comes first and the session scope
last. Each present section is ``# [scope]`` + newline + body, sections joined by a
blank line. A paragraph already seen in an earlier section is dropped from the
later one (compared with whitespace collapsed); the credo is never altered.

A body that fails the oath check stays in the merged text, visible, and is listed
in ``conflicts``: the credo is still first and still in force.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from instructions.foundation.contract import (
    MERGE_ORDER,
    Conflict,
    InstructionEntry,
    MergedInstructions,
    OathCheck,
    Scope,
    count_lines,
    section_header,
)
from instructions.rules.approvals import FindingKey, verdict
from instructions.rules.oaths import OathResult, RuleSet


@dataclass(frozen=True)
class ScopeSource:
    """One scope's body as the merge sees it."""

    scope: str
    path: str
    body: str
    #: Last change, epoch milliseconds.
    modified_at: int
    #: Findings reviewers approved for this scope (``approvals``): not conflicts here.
    approved: frozenset[FindingKey] = frozenset()


@dataclass(frozen=True)
class SessionWindow:
    """The state of the session whose scope is offered to the merge."""

    started_at: int  # epoch milliseconds
    active: bool


_PARAGRAPH_BREAK = re.compile(r"(\r?\n[ \t\r]*\r?\n\s*)")


def paragraph_key(paragraph: str) -> str:
    """What two paragraphs are compared by: their words, whitespace collapsed."""
    return " ".join(paragraph.split())


@lru_cache(maxsize=256)
def split_paragraphs(body: str) -> tuple[tuple[str, str, str], ...]:
    """``(separator before, paragraph, key)`` for each paragraph of ``body``.

    Cached: the same bodies are merged on every request, and splitting a
    50,000-character body is most of the merge's cost.
    """
    parts = _PARAGRAPH_BREAK.split(body)
    separators = ["", *parts[1::2]]
    return tuple((sep, par, paragraph_key(par)) for sep, par in zip(separators, parts[0::2], strict=True))


def paragraph_keys(body: str) -> set[str]:
    return {key for _, _, key in split_paragraphs(body) if key}


def drop_seen_paragraphs(body: str, seen: set[str]) -> str:
    """``body`` without the paragraphs whose key is in ``seen``; adds its own keys to ``seen``.

    Separators between kept paragraphs are kept as written.
    """
    kept: list[str] = []
    own: set[str] = set()
    for separator, paragraph, key in split_paragraphs(body):
        if not key or key in seen:
            continue
        if kept:
            kept.append(separator)
        kept.append(paragraph)
        own.add(key)
    seen |= own
    return "".join(kept)


def session_is_usable(source: ScopeSource, window: SessionWindow | None) -> bool:
    """An ended session contributes nothing; a scope older than its session is stale."""
    if window is None or not window.active:
        return False
    return source.modified_at >= window.started_at


def oath_status(
    body: str, rules: RuleSet, *, approved: frozenset[FindingKey] = frozenset()
) -> tuple[OathCheck, OathResult | None]:
    """The ``oath_check`` of a stored body: ``unknown`` when empty, else what the check
    says once the findings reviewers approved are set aside (with that result)."""
    if not body:
        return "unknown", None
    result = verdict(body, rules, approved)
    return result.status, result


def make_entry(source: ScopeSource, rules: RuleSet) -> tuple[InstructionEntry, Conflict | None]:
    if source.scope == Scope.GLOBAL:
        status, result = "pass", None  # the credo is the oath; it cannot conflict with itself
    else:
        status, result = oath_status(source.body, rules, approved=source.approved)
    finding = result.first if result else None
    entry: InstructionEntry = {
        "scope": source.scope,
        "path": source.path,
        "body": source.body,
        "lines": count_lines(source.body),
        "modified_at": source.modified_at,
        "oath_check": status,
        "oath_conflict": finding.snippet if finding else None,
    }
    conflict: Conflict | None = None
    if finding is not None:
        conflict = {
            "scope": source.scope,
            "path": source.path,
            "snippet": finding.snippet,
            "conflicting_oath": finding.oath,
        }
    return entry, conflict


def merge_instructions(
    *,
    sources: list[ScopeSource],
    rules: RuleSet,
    session: SessionWindow | None = None,
) -> MergedInstructions:
    """Merge the given scope sources (any order, at most one per scope)."""
    by_scope = {s.scope: s for s in sources}
    if len(by_scope) != len(sources):
        raise ValueError("at most one source per scope")
    entries: list[InstructionEntry] = []
    conflicts: list[Conflict] = []
    sections: list[str] = []
    seen: set[str] = set()
    for scope in MERGE_ORDER:
        source = by_scope.get(scope)
        if source is None or not source.body.strip():
            continue
        if scope == Scope.SESSION and not session_is_usable(source, session):
            continue
        entry, conflict = make_entry(source, rules)
        entries.append(entry)
        if conflict:
            conflicts.append(conflict)
        if scope == Scope.GLOBAL:
            text = source.body  # never altered
            seen |= paragraph_keys(text)
        else:
            text = drop_seen_paragraphs(source.body, seen)
        if text.strip():
            sections.append(f"{section_header(scope)}\n{text}")
    return {"merged": "\n\n".join(sections), "entries": entries, "conflicts": conflicts}
